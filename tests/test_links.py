"""Links echo little: a link's value shown back in a notice is a short, marked excerpt, and times parse strictly."""

from __future__ import annotations

import pytest

from geo.app import case_choice
from geo.cli import main
from geo.errors import ViewError
from geo.run.view import EXCERPT_CHARS, excerpt, from_params, parse_moment
from tests.conftest import DATA, ZONE

MESSAGE = "Your session expired; log in again at http://evil.invalid/login to keep your work. "
LONG = MESSAGE * (100_000 // len(MESSAGE) + 1)
LONG = LONG[:100_000]
NOTICE_CHARS = 400  # the longest notice: the parameter, what was expected (the case's own ids), the excerpt


def test_should_cut_a_long_value_to_a_marked_excerpt():
    assert excerpt(LONG) == repr(LONG[:40])[:-1] + "…' (100,000 characters)"
    assert excerpt("e014") == "'e014'"
    assert EXCERPT_CHARS == 40


@pytest.mark.parametrize("name", ["event", "start", "end", "types", "sources", "places"])
def test_should_echo_a_long_link_parameter_only_as_an_excerpt(shipped, name):
    view, notices = from_params({name: LONG}, shipped)
    assert len(notices) == 1 and len(notices[0]) < NOTICE_CHARS
    assert "(100,000 characters)" in notices[0] and "keep your work" not in notices[0]
    assert view == from_params({}, shipped)[0]


def test_should_echo_a_long_list_of_unknown_ids_only_as_an_excerpt(shipped):
    _, notices = from_params({"types": ",".join(["departure", "nowhere"] * 10_000)}, shipped)
    assert len(notices) == 1 and len(notices[0]) < 2 * NOTICE_CHARS and "…" in notices[0]


def test_should_echo_a_long_case_only_as_an_excerpt():
    chosen = case_choice.choose(DATA, {"case": LONG})
    assert chosen.id == "aleppo-2016-12" and len(chosen.notices[0]) < NOTICE_CHARS
    assert "(100,000 characters)" in chosen.notices[0]


@pytest.mark.parametrize("text", [
    "2016-12-15" + "0" * 100_000, "2016-12-150", "2016-12-15T14", "20161215", "2016-12-15T14:30:00.1234567",
    "٢٠١٦-١٢-١٥", "2016-12-15T14:30+02", "2016-12-15x", "2016-12-15T14:30Zulu", "+2016-12-15",
])
def test_should_refuse_a_time_with_anything_more_or_less_than_its_form(text):
    with pytest.raises(ViewError, match="expected an ISO date") as refused:
        parse_moment(text, "start", zone=ZONE)
    assert len(str(refused.value)) < NOTICE_CHARS


@pytest.mark.parametrize(("text", "utc"), [
    ("2016-12-15", "2016-12-14T22:00:00+00:00"),  # the local day, UTC+2
    (" 2016-12-15 ", "2016-12-14T22:00:00+00:00"),
    ("2016-12-15T14:30", "2016-12-15T12:30:00+00:00"),
    ("2016-12-15 14:30:05", "2016-12-15T12:30:05+00:00"),
    ("2016-12-15T14:30:05.25", "2016-12-15T12:30:05.250000+00:00"),
    ("2016-12-15T12:30Z", "2016-12-15T12:30:00+00:00"),
    ("2016-12-15T14:30+02:00", "2016-12-15T12:30:00+00:00"),
    ("2016-12-15T14:30+0200", "2016-12-15T12:30:00+00:00"),
])
def test_should_read_every_documented_form_of_a_time(text, utc):
    assert parse_moment(text, "start", zone=ZONE).isoformat() == utc


def test_should_refuse_a_start_with_trailing_digits_on_the_command_line(tmp_path, capsys):
    code = main(["export", "--format", "csv", "--start", "2016-12-15" + "0" * 100_000, "-o", str(tmp_path / "x.csv")])
    err = capsys.readouterr().err
    assert code == 2 and len(err) < NOTICE_CHARS and "(100,010 characters)" in err
    assert list(tmp_path.iterdir()) == []
