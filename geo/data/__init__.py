"""Data folders: their schema, reading and checking each file, the loaded evidence, uploads.

Owns the column schema of every data file (:mod:`~geo.data.schema`), reading one table
file (:mod:`~geo.data.tablefile`) and typing and checking its cells with located problems (:mod:`~geo.data.cells`,
with the fast CSV path :mod:`~geo.data.csvfast` and :mod:`~geo.data.parquet`; a file is opened only as a
regular file inside its folder, :mod:`~geo.data.readfile`), finding
the data folder and picking a case in it (:mod:`~geo.data.cases`), checking a case
folder's tables together: references between files, rules over rows, the gazetteer's
precision (:mod:`~geo.data.validation`), the loaded evidence base built from the checked
tables (:mod:`~geo.data.evidence`) and cut to what was known at the end of a day
(:mod:`~geo.data.asof`), and a user's uploaded
events file and its merge into the evidence (:mod:`~geo.data.uploads`,
:mod:`~geo.data.merge`), and the gazetteer row a person builds from an accepted online lookup
(:mod:`~geo.data.newplace`), rows added to a case's tables and one row of them mended or removed, each checked with
the whole case (:mod:`~geo.data.newrows`, :mod:`~geo.data.rowedit`), a case's history of changes to its rows
(:mod:`~geo.data.changes`) and its sources kept as archived copies with their hashes (:mod:`~geo.data.archive`);
those that write a case's files do so through :mod:`geo.export.atomic`, the one atomic writer, imported where they
write. Validates once, at the edge. May import the shared domain and :mod:`geo.places`; never the map, exports
(but for their atomic writer), ingest or the app.
"""
