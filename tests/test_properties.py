"""Property tests: on arbitrary input, name folding, resolution, loaders, views and dates
raise nothing but their documented errors, and hold the invariants they promise.

Examples are random (Hypothesis keeps failures in .hypothesis/ and replays them first);
no deadline, since the machine running CI may be busy.
"""

from __future__ import annotations

import json
import re
import string

import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from geo.data import cells, tablefile, uploads
from geo.data.schema import EVENTS, LIST_SEPARATOR
from geo.errors import Problem
from geo.ingest import dates
from geo.places import names
from geo.places.gazetteer import SCORES, THRESHOLD
from geo.run.view import PARAMS, View, from_params
from tests.conftest import ZONE

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# text that exercises the folding rules: Latin with diacritics, Arabic, apostrophes, separators
NAMEISH = st.text(
    alphabet=st.sampled_from(list(string.ascii_letters + " -'’ʿʾ`.,()|_0123456789")
                             + list("éèêëàâäîïôöûüçñāīūḥṣṭẓḍ") + list("ابتثجحخدذرزسشصضطظعغفقكلمنهويىةأإآءئؤـًٌٍَُِّْ")),
    max_size=40,
)
ANY_TEXT = st.one_of(NAMEISH, st.text(max_size=60))


@FAST
@given(ANY_TEXT)
def test_should_fold_any_text_to_lowercase_ascii_words_and_keep_folded_text_folded(text):
    folded = names.ascii_words(text)
    assert re.fullmatch(r"([a-z0-9]+( [a-z0-9]+)*)?", folded)
    assert names.ascii_words(folded) == folded


@FAST
@given(ANY_TEXT)
def test_should_compute_every_key_of_any_text_without_raising(text):
    key = names.latin_key(text)
    assert re.fullmatch(r"[a-z0-9]*", key)
    assert all(re.fullmatch(r"[a-z0-9]*", v) for v in names.variants(text))
    assert names.skeleton(key).rstrip("~") == re.sub(r"[aeiouyw]", "", names.skeleton(key).rstrip("~"))
    assert names.is_arabic(names.arabic_key(text)) or names.arabic_key(text) == ""
    assert names.arabic_key(names.ascii_words(text)) == ""


@FAST
@given(NAMEISH)
def test_should_give_equal_keys_to_spellings_that_differ_only_in_case_and_spacing(text):
    assert names.latin_key(text) == names.latin_key("  " + text.upper() + " ")
    assert names.arabic_key(text) == names.arabic_key(" " + text + "  ")


@FAST
@given(ANY_TEXT)
def test_should_resolve_any_text_the_same_way_every_time_without_raising(gazetteer, text):
    first = gazetteer.resolve(text)
    assert gazetteer.resolve(text) == first
    assert 0.0 <= first.score <= 1.0
    assert all(s in gazetteer for s in first.suggestions)
    if first.resolved:
        assert first.matched_by in {*SCORES, "consonants", "fuzzy"}
        assert first.score >= THRESHOLD or first.matched_by in SCORES
        assert gazetteer.resolve(first.place.id).place == first.place
        assert gazetteer.resolve(f"  {text}\t").place == first.place
        assert not first.suggestions


@FAST
@given(st.one_of(st.none(), st.integers(), st.binary(), st.lists(st.text())))
def test_should_refuse_a_query_that_is_not_text_with_a_type_error(gazetteer, query):
    try:
        gazetteer.resolve(query)
    except TypeError as error:
        assert "query: expected a string" in str(error)
    else:
        raise AssertionError("resolve accepted a query that is not a string")


CELL = st.lists(st.sampled_from([*'ab1 ,;"\t\r\n|-:+.Ze\x00é\ufeff', "e001", "2016-12-15T10:30:00+00:00", "nan", "1e30"]),
                max_size=5).map("".join)
HEADERS = st.sampled_from([",".join(EVENTS.names), ";".join(EVENTS.names), ",".join(EVENTS.names[:-1]), "", "id"])


@st.composite
def csvish(draw) -> str:
    """Text shaped like an events CSV file: a real or broken header, then rows of tricky cells."""
    rows = draw(st.lists(st.lists(CELL, min_size=0, max_size=12), max_size=6))
    separator = draw(st.sampled_from([",", ",", ";", "\t"]))
    newline = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    body = newline.join(separator.join(row) for row in rows)
    return draw(st.sampled_from(["", "\ufeff"])) + draw(HEADERS) + newline + body


def assert_located(problems: list[Problem], text: str) -> None:
    lines = len(re.split(r"\r\n|\r|\n", text)) + 1
    for problem in problems:
        assert isinstance(problem, Problem) and problem.file == "x.csv"
        assert 0 <= problem.line <= lines and problem.message


@FAST
@given(st.one_of(csvish(), st.text(max_size=300)))
def test_should_read_any_text_as_rows_and_located_problems_never_raising(text):
    frame, problems = tablefile.parse_table(text, EVENTS, "x.csv")
    assert list(frame.columns) == [*EVENTS.names, "_line"]
    assert_located(problems, text)
    assert frame["_line"].is_monotonic_increasing
    if not problems:
        assert frame["start"].isna().sum() == 0
        assert frame["id"].is_unique


@FAST
@given(st.binary(max_size=300))
def test_should_decode_any_bytes_or_say_which_line_is_not_utf8(raw):
    text, problems = tablefile.decode_table(raw, "x.csv")
    if problems:
        assert text == "" and len(problems) == 1
        assert 1 <= problems[0].line <= raw.count(b"\n") + 1
    else:
        assert text == raw.decode("utf-8-sig")


JSON_VALUE = st.recursive(
    st.none() | st.booleans() | st.floats() | st.integers() | st.text(max_size=8) | st.sampled_from(EVENTS.names),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["type", "coordinates", *EVENTS.names]),
                                                                inner, max_size=5),
    max_leaves=15,
)


@st.composite
def geojsonish(draw) -> bytes:
    """A FeatureCollection whose features, properties and geometries are arbitrary JSON."""
    features = draw(st.lists(st.fixed_dictionaries({"type": st.just("Feature"), "properties": JSON_VALUE,
                                                    "geometry": JSON_VALUE}) | JSON_VALUE, max_size=3))
    indent = draw(st.sampled_from([None, 1]))
    return json.dumps({"type": "FeatureCollection", "features": features}, indent=indent).encode("utf-8")


@SLOW
@given(st.sampled_from(["e.csv", "e.geojson", "e.parquet"]),
       st.one_of(st.binary(max_size=300), csvish().map(str.encode), geojsonish()))
def test_should_read_any_upload_as_rows_and_problems_never_raising(shipped, filename, data):
    frame, problems = uploads.read_upload(filename, data, shipped)
    assert {*EVENTS.names, "_line"} <= set(frame.columns)
    assert all(isinstance(p, Problem) and p.file == filename and p.line >= 0 for p in problems)
    assert problems or not frame.empty


@FAST
@given(st.text(max_size=40))
def test_should_split_any_cell_into_stripped_items_without_the_separator(cell):
    items = cells.split_list(cell)
    assert all(item and item == item.strip() and LIST_SEPARATOR not in item for item in items)


PARAM_VALUE = st.one_of(
    st.none(), st.text(max_size=30), st.lists(st.text(max_size=20), max_size=3), st.integers(),
    st.sampled_from(["2016-12-15", "2016-12-15T14:00", "2016-12-15T14:00+02:00", "2016-02-30", "2016-12-15T25:00",
                     "0001-01-01", "9999-12-31", "departure,arrival", "reuters_20161215", "ramousah,,", "e001"]),
)


@FAST
@given(st.dictionaries(st.one_of(st.sampled_from(PARAMS), st.text(max_size=8)), PARAM_VALUE, max_size=7))
def test_should_build_a_view_from_any_query_parameters_with_notices_only(shipped, params):
    view, notices = from_params(params, shipped)
    assert isinstance(view, View)
    assert all(isinstance(n, str) and n for n in notices)
    shown = view.apply(shipped)
    assert isinstance(shown, pd.DataFrame) and len(shown) <= len(shipped.events)
    assert from_params(view.to_params(ZONE), shipped) == (view, [])


PUBLISHED = st.dates()  # the whole calendar: a phrase pointing outside it gives no date, never an error


@FAST
@given(st.one_of(st.text(max_size=80), st.from_regex(
    r"(on |last |the )?(Monday|Thursday|yesterday|today|last week|this month|in 2015|"
    r"Dec\. 15|15th of Dec|12/15/2016|31/02/2016|0030GMT|2\.30 ?am|noon|25:61)( |, |\.){0,2}", fullmatch=True)),
    PUBLISHED)
def test_should_find_dates_and_times_in_any_text_without_raising(text, published):
    for mention in dates.find_dates(text, published):
        assert 0 <= mention.start < mention.end <= len(text)
        assert mention.first <= mention.last and mention.precision in (dates.DAY, dates.WEEK, dates.MONTH)
    for mention in dates.find_times(text):
        assert 0 <= mention.start < mention.end <= len(text)
        assert 0 <= mention.hour < 24 and 0 <= mention.minute < 60
