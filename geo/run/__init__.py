"""What one run shows: the view a link or a command asks for (:mod:`~geo.run.view`: the window, filters, selected
event and "as known on" day) and the selection worked out once from it against the evidence
(:mod:`~geo.run.selection`), handed to the map, the playback, the details, the tabs and the exports.

Sits above :mod:`geo.data` (it reads the loaded evidence) and below the rooms that draw or write what it selects
(:mod:`geo.map`, :mod:`geo.export`, :mod:`geo.app`); imports geo's records, :mod:`geo.ledger` (the people moved a
selection shows), :mod:`geo.data` and :mod:`geo.places`.
"""
