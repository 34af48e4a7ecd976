"""Report text to candidate events for a person to review.

Owns cleaning pasted text (:mod:`~geo.ingest.cleaning`), reading dates and relative dates
(:mod:`~geo.ingest.dates`, :mod:`~geo.ingest.leads` for a sentence before any date and
:mod:`~geo.ingest.ongoing` for one told in the present tense) and clock
times (:mod:`~geo.ingest.clock`), claimed numbers
(:mod:`~geo.ingest.quantities`), the claimant a sentence names (:mod:`~geo.ingest.claimants`) and who said a
figure of a sentence naming none (:mod:`~geo.ingest.speakers`), place mentions
(:mod:`~geo.ingest.mentions`) and the phrases a case lists for places a report does not name
(:mod:`~geo.ingest.references`), the trigger words that say what kind of event a sentence reports
(:mod:`~geo.ingest.triggers`, with :mod:`~geo.ingest.alternation` for their patterns and
:mod:`~geo.ingest.lexicon` for the words kept as data in ``lexicon.toml``,
:mod:`~geo.ingest.roles` for where a place stands to the sentence, :mod:`~geo.ingest.scene` for
what only sets the scene and :mod:`~geo.ingest.clauses` and :mod:`~geo.ingest.since` for events and
days told in a clause of their own), a sentence read once for all its places
(:mod:`~geo.ingest.reading`), places joined in one phrase (:mod:`~geo.ingest.coordination`), which
event a place is of given its role (:mod:`~geo.ingest.kinds`, :mod:`~geo.ingest.blasts` for the place
an attack hit), the part of a city a report means (:mod:`~geo.ingest.placing`), the
place a sentence naming none takes (:mod:`~geo.ingest.carrying`), the
departures a sentence implies (:mod:`~geo.ingest.implied`), the pipeline that joins them
(:mod:`~geo.ingest.report`), what it gives a person to review (:mod:`~geo.ingest.candidates`),
candidates of several reports merged into one per event (:mod:`~geo.ingest.merging`), and grading it
against curated or hand-written events (:mod:`~geo.ingest.grading`, ``python -m geo.scoring``; the folders it
reads, :mod:`~geo.ingest.report_sets`) and claims (:mod:`~geo.ingest.claimant_scoring`, ``python -m geo.scoring
--claims``). May import the shared domain, :mod:`geo.places` and :mod:`geo.data.schema` (and :mod:`geo.data` in
``scoring``, ``report_sets`` and ``claimant_scoring`` alone, to load a case); never the map or exports. The
pipeline's names are re-exported here: ``ingest.ingest_text(text, published, outlet, gazetteer)``; a dashboard request passes
``limit=ingest.REQUEST_MAX_CHARS``. Its cost is linear in the text's length.
"""

from geo.ingest.candidates import CandidateEvent, IngestedReport, events_frame
from geo.ingest.merging import MergedCandidate, by_source, merge_candidates, merged_frame
from geo.ingest.report import MAX_TEXT_CHARS, REQUEST_MAX_CHARS, ingest_text

__all__ = ["MAX_TEXT_CHARS", "REQUEST_MAX_CHARS", "CandidateEvent", "IngestedReport", "MergedCandidate", "by_source",
           "events_frame", "ingest_text", "merge_candidates", "merged_frame"]
