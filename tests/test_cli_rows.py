"""`evacmap add-party`, `add-corridor`, `add-holding` and `new-case --party`, run in-process through main() on a new
case in tmp_path. Expected rows are written here by hand; what was written is read back with the csv module."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from geo.cli import main
from tests import csv_rows

EDITOR = "ana"
REPORT = "Buses left Stepanakert for Goris through Lachin on Sunday, officials said.\n"
SOURCE = "wire_20230924"  # add-source's id: the outlet and the day


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file under the folder and its bytes, to show that nothing was written."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def case(tmp_path, capsys, monkeypatch) -> Path:
    """A new case in Asia/Yerevan (UTC+4 all 2023) with one party, one source and three places placed by hand."""
    monkeypatch.setenv("EVACMAP_EDITOR", EDITOR)
    folder = tmp_path / "my-case"
    assert run(capsys, "new-case", folder, "--title", "A test exodus", "--timezone", "Asia/Yerevan",
               "--party", "armenia:Armenia:orange")[0] == 0
    (tmp_path / "r1.txt").write_text(REPORT, encoding="utf-8")
    assert run(capsys, "--data", folder, "add-source", tmp_path / "r1.txt", "--outlet", "Wire",
               "--published", "2023-09-24")[0] == 0
    for place, lat, lon in (("stepanakert", "39.8153", "46.7519"), ("lachin", "39.6383", "46.5461"),
                            ("goris", "39.5111", "46.3381")):
        code, _, err = run(capsys, "--data", folder, "add-place", place, "--name", place.title(), "--kind", "town",
                           "--precision-m", "3000", "--lat", lat, "--lon", lon, "--note", "the town's centre")
        assert code == 0, err
    return folder


def added(folder: Path, file: str) -> list[tuple[str, str, str, str]]:
    """The changes.csv lines of rows added to one file: (editor, row id, field, reason)."""
    return [(r["editor"], r["row_id"], r["field"], r["reason"]) for r in csv_rows.rows("changes.csv", folder)
            if r["file"] == file]


def valid(capsys, folder: Path) -> bool:
    code, out, err = run(capsys, "validate", folder)
    return code == 0 and out.startswith("ok: ") and err == ""


def test_should_start_a_case_with_its_parties_recorded_in_its_history(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("EVACMAP_EDITOR", EDITOR)
    folder = tmp_path / "two-sides"
    code, out, _ = run(capsys, "new-case", folder, "--title", "Two sides", "--timezone", "Asia/Yerevan",
                       "--party", "armenia:Armenia:orange", "--party", "nk:Karabakh: de facto authorities:red")
    assert code == 0 and "(2 parties)" in out
    assert (folder / "parties.csv").read_text(encoding="utf-8") == (
        "id,label,colour,note\narmenia,Armenia,orange,\nnk,Karabakh: de facto authorities,red,\n")
    assert added(folder, "parties.csv") == [(EDITOR, "armenia", "*", "case started with its parties"),
                                            (EDITOR, "nk", "*", "case started with its parties")]
    first = csv_rows.rows("changes.csv", folder)[0]
    assert first["old"] == "" and json.loads(first["new"]) == {"id": "armenia", "label": "Armenia",
                                                                "colour": "orange", "note": ""}
    assert valid(capsys, folder)


@pytest.mark.parametrize(("party", "said"), [
    ("armenia:Armenia", "--party: expected ID:LABEL:COLOUR (e.g. armenia:Armenia:orange), instead got 'armenia:Armenia'"),
    ("armenia:Armenia:teal", "--party 'armenia:Armenia:teal': colour: expected one of red, darkred,"),
    ("my side:Mine:red", "--party 'my side:Mine:red': id: expected an id of a-z, 0-9 and _, instead got 'my side'"),
])
def test_should_write_no_case_for_a_party_it_cannot_take(tmp_path, capsys, party, said):
    folder = tmp_path / "not-yet"
    code, out, err = run(capsys, "new-case", folder, "--title", "T", "--timezone", "Asia/Yerevan", "--party", party)
    assert (code, out) == (2, "") and said in err
    assert not folder.exists()


def test_should_refuse_the_same_party_twice_in_a_new_case(tmp_path, capsys):
    folder = tmp_path / "twice"
    code, _, err = run(capsys, "new-case", folder, "--title", "T", "--timezone", "Asia/Yerevan",
                       "--party", "armenia:Armenia:orange", "--party", "armenia:Armenia again:red")
    assert code == 2 and "--party 'armenia:Armenia again:red': id: duplicate id 'armenia'" in err
    assert not folder.exists()


def test_should_append_a_party_that_validates_with_its_history(case, capsys):
    code, out, err = run(capsys, "--data", case, "add-party", "nk", "--label", "Karabakh authorities",
                         "--colour", "red", "--note", "The de facto authorities")
    assert code == 0, err
    assert f"added to {case / 'parties.csv'}: nk" in out
    assert csv_rows.rows("parties.csv", case) == [
        {"id": "armenia", "label": "Armenia", "colour": "orange", "note": ""},
        {"id": "nk", "label": "Karabakh authorities", "colour": "red", "note": "The de facto authorities"}]
    assert added(case, "parties.csv")[-1] == (EDITOR, "nk", "*", "party added")
    assert valid(capsys, case)


def test_should_start_parties_csv_with_its_header_in_a_case_without_it(case, capsys):
    (case / "parties.csv").unlink()
    assert run(capsys, "--data", case, "package")[0] == 0  # the descriptor of a case without parties.csv
    described = json.loads((case / "datapackage.json").read_text(encoding="utf-8"))
    assert "parties.csv" not in [r["path"] for r in described["resources"]]
    code, _, err = run(capsys, "--data", case, "add-party", "armenia", "--label", "Armenia", "--colour", "orange",
                       "--reason", "the receiving government")
    assert code == 0, err
    assert (case / "parties.csv").read_text(encoding="utf-8") == "id,label,colour,note\narmenia,Armenia,orange,\n"
    described = json.loads((case / "datapackage.json").read_text(encoding="utf-8"))
    assert "parties.csv" in [r["path"] for r in described["resources"]]
    assert added(case, "parties.csv")[-1] == (EDITOR, "armenia", "*", "the receiving government")
    assert valid(capsys, case)


@pytest.mark.parametrize(("party", "said"), [
    (("armenia", "--label", "Armenia", "--colour", "red"),
     "parties.csv:2: id: 'armenia' is taken: this line holds it already; choose another id"),
    (("nk", "--label", "Karabakh", "--colour", "teal"),
     "parties.csv:3: colour: expected one of red, darkred, lightred, orange, beige, green, darkgreen, lightgreen, "
     "blue, darkblue, lightblue, purple, darkpurple, pink, cadetblue, white, gray, lightgray, black, instead got 'teal'"),
    (("nk authorities", "--label", "Karabakh", "--colour", "red"),
     "parties.csv:3: id: expected an id of a-z, 0-9 and _, instead got 'nk authorities'"),
    (("nk", "--label", " ", "--colour", "red"), "parties.csv:3: label: required value is empty"),
])
def test_should_write_nothing_for_a_party_it_cannot_take(case, capsys, party, said):
    before = files_of(case)
    code, out, err = run(capsys, "--data", case, "add-party", *party)
    assert (code, out) == (2, "")
    assert f"{case / said}" in err and f"evacmap add-party: 1 problem(s); nothing was written to {case}" in err
    assert files_of(case) == before


def test_should_write_nothing_into_a_folder_that_is_not_a_case(tmp_path, capsys):
    folder = tmp_path / "reports"
    folder.mkdir()
    (folder / "notes.txt").write_text("not a case\n", encoding="utf-8")
    code, out, err = run(capsys, "--data", folder, "add-party", "armenia", "--label", "Armenia", "--colour", "orange")
    assert (code, out) == (2, "")
    assert f"{folder / 'datapackage.json'}: missing file; a case folder needs a Data Package descriptor" in err
    assert files_of(folder) == {"notes.txt": b"not a case\n"}


def test_should_append_a_corridor_and_its_route_in_travel_order(case, capsys):
    code, out, err = run(capsys, "--data", case, "add-corridor", "lachin_corridor", "--name", "Lachin corridor",
                         "--from", "stepanakert", "--via", "lachin", "--to", "goris", "--start", "2023-09-24",
                         "--end", "2023-10-01", "--description", "The one road out", "--source", SOURCE)
    assert code == 0, err
    assert csv_rows.rows("corridors.csv", case) == [{
        "id": "lachin_corridor", "name": "Lachin corridor", "active_from": "2023-09-23T20:00:00+00:00",
        "active_until": "2023-10-01T20:00:00+00:00", "length_claims": "", "description": "The one road out",
        "sources": SOURCE}]
    assert [(r["corridor_id"], r["seq"], r["place_id"]) for r in csv_rows.rows("corridor_waypoints.csv", case)] == [
        ("lachin_corridor", "1", "stepanakert"), ("lachin_corridor", "2", "lachin"), ("lachin_corridor", "3", "goris")]
    assert added(case, "corridors.csv") == [(EDITOR, "lachin_corridor", "*", "corridor added")]
    assert [row_id for _, row_id, _, _ in added(case, "corridor_waypoints.csv")] == [
        "lachin_corridor|1", "lachin_corridor|2", "lachin_corridor|3"]
    assert valid(capsys, case)
    code, out, _ = run(capsys, "--data", case, "corridors")
    assert code == 0 and json.loads(out)["waypoints"] == ["stepanakert", "lachin", "goris"]


@pytest.mark.parametrize(("changed", "said"), [
    (("--to", "nowhere"), "corridor_waypoints.csv:3: place_id: 'nowhere' is not an id in gazetteer.csv"),
    (("--source", "reuters_20230925"), "corridors.csv:2: sources: 'reuters_20230925' is not an id in sources.csv"),
    (("--end", "2023-09-20"), "corridors.csv:2: active_until: active_until is before active_from"),
    (("--length-claim", "c001"), "corridors.csv:2: length_claims: 'c001' is not an id in claims.csv"),
])
def test_should_write_nothing_for_a_corridor_the_case_cannot_hold(case, capsys, changed, said):
    given = {"--name": "Road", "--from": "stepanakert", "--to": "goris", "--start": "2023-09-24", "--end": "2023-10-01",
             "--description": "The road", "--source": SOURCE}
    given.update(dict([changed]))
    before = files_of(case)
    code, out, err = run(capsys, "--data", case, "add-corridor", "road", *[x for pair in given.items() for x in pair])
    assert (code, out) == (2, "") and str(case / said) in err and "nothing was written" in err
    assert files_of(case) == before


def test_should_refuse_a_corridor_id_the_case_holds(case, capsys):
    route = ("--name", "Road", "--from", "stepanakert", "--to", "goris", "--start", "2023-09-24", "--end", "2023-10-01",
             "--description", "The road", "--source", SOURCE)
    assert run(capsys, "--data", case, "add-corridor", "road", *route)[0] == 0
    before = files_of(case)
    code, _, err = run(capsys, "--data", case, "add-corridor", "road", *route)
    assert code == 2 and f"{case / 'corridors.csv'}:2: id: 'road' is taken" in err
    assert files_of(case) == before


def test_should_say_which_option_holds_a_time_it_cannot_read(case, capsys):
    before = files_of(case)
    code, _, err = run(capsys, "--data", case, "add-corridor", "road", "--name", "Road", "--from", "stepanakert",
                       "--to", "goris", "--start", "24 September", "--end", "2023-10-01", "--description", "The road",
                       "--source", SOURCE)
    assert code == 2 and "evacmap add-corridor: --start: expected an ISO date (2016-12-15)" in err
    assert files_of(case) == before


def test_should_append_spans_of_holding_that_follow_one_another(case, capsys):
    assert run(capsys, "--data", case, "add-party", "nk", "--label", "Karabakh authorities", "--colour", "red")[0] == 0
    code, _, err = run(capsys, "--data", case, "add-holding", "stepanakert", "--party", "nk", "--until", "2023-09-20",
                       "--source", SOURCE, "--note", "held until the ceasefire")
    assert code == 0, err
    code, _, err = run(capsys, "--data", case, "add-holding", "stepanakert", "--party", "armenia",
                       "--from", "2023-09-21", "--source", SOURCE)
    assert code == 0, err
    assert csv_rows.rows("holdings.csv", case) == [
        {"place_id": "stepanakert", "side": "nk", "from": "", "until": "2023-09-20T20:00:00+00:00",
         "source_id": SOURCE, "note": "held until the ceasefire"},
        {"place_id": "stepanakert", "side": "armenia", "from": "2023-09-20T20:00:00+00:00", "until": "",
         "source_id": SOURCE, "note": ""}]
    assert added(case, "holdings.csv") == [(EDITOR, "stepanakert|nk|", "*", "holding added"),
                                           (EDITOR, "stepanakert|armenia|2023-09-20T20:00:00+00:00", "*",
                                            "holding added")]
    assert valid(capsys, case)


@pytest.mark.parametrize(("holding", "said"), [
    (("goris", "--party", "azerbaijan"), "holdings.csv:2: side: 'azerbaijan' is not an id in parties.csv"),
    (("khankendi", "--party", "armenia"), "holdings.csv:2: place_id: 'khankendi' is not an id in gazetteer.csv"),
    (("goris", "--party", "armenia", "--from", "2023-09-25", "--until", "2023-09-24"),
     "holdings.csv:2: until: until is not after from"),
])
def test_should_write_nothing_for_a_holding_the_case_cannot_hold(case, capsys, holding, said):
    before = files_of(case)
    code, out, err = run(capsys, "--data", case, "add-holding", *holding, "--source", SOURCE)
    assert (code, out) == (2, "") and str(case / said) in err
    assert files_of(case) == before


def test_should_refuse_a_span_that_overlaps_the_place_s_last(case, capsys):
    assert run(capsys, "--data", case, "add-holding", "goris", "--party", "armenia", "--source", SOURCE)[0] == 0
    before = files_of(case)
    code, _, err = run(capsys, "--data", case, "add-holding", "goris", "--party", "armenia", "--from", "2023-09-24",
                       "--source", SOURCE)
    assert code == 2 and f"{case / 'holdings.csv'}:3: from: overlaps an earlier span of 'goris'" in err
    assert files_of(case) == before


def with_claims(folder: Path) -> None:
    """An arrival at Goris and two claims of it, written into the case as a reviewer's accept would."""
    with (folder / "events.csv").open("a", encoding="utf-8", newline="") as f:
        f.write(f"e001,2023-09-23T20:00:00+00:00,2023-09-24T20:00:00+00:00,1,1,goris,arrival,,"
                f"Buses from Stepanakert reached Goris.,{SOURCE}\n")
    with (folder / "claims.csv").open("a", encoding="utf-8", newline="") as f:
        f.write(f"c001,e001,people_arrived,1050,,,about,people,officials,{SOURCE},\n"
                f"c002,e001,wounded,3,,,exact,people,officials,{SOURCE},\n")


def test_should_say_what_a_claim_of_people_moved_counts(case, capsys):
    with_claims(case)
    assert run(capsys, "--data", case, "add-corridor", "lachin_corridor", "--name", "Lachin corridor", "--from",
               "stepanakert", "--via", "lachin", "--to", "goris", "--start", "2023-09-24", "--end", "2023-09-30",
               "--description", "the road through Lachin", "--source", SOURCE)[0] == 0
    code, out, err = run(capsys, "--data", case, "add-movement", "c001", "--scope", "total", "--direction", "arrived",
                         "--place", "goris", "--corridor", "lachin_corridor", "--since", "2023-09-24",
                         "--note", "counted from the first buses")
    assert code == 0, err
    assert f"added to {case / 'movements.csv'}: c001" in out
    assert csv_rows.rows("movements.csv", case) == [
        {"claim_id": "c001", "scope": "total", "direction": "arrived", "place_id": "goris",
         "corridor_id": "lachin_corridor", "since": "2023-09-23T20:00:00+00:00", "note": "counted from the first buses",
         "counted_to": ""}]
    assert added(case, "movements.csv") == [(EDITOR, "c001", "*", "movement described")]
    assert valid(capsys, case)


@pytest.mark.parametrize(("movement", "said"), [
    (("c002", "--scope", "group", "--direction", "arrived", "--place", "goris"),
     "movements.csv:2: claim_id: claim 'c002' counts 'wounded', not people moved"),
    (("c001", "--scope", "group", "--direction", "arrived"),
     "movements.csv:2: place_id: people who arrived need the place's place_id"),
    (("c001", "--scope", "day", "--direction", "arrived", "--place", "goris", "--since", "2023-09-24"),
     "movements.csv:2: since: since belongs to a running total, instead the scope is 'day'"),
    (("c009", "--scope", "group", "--direction", "left", "--place", "goris"),
     "movements.csv:2: claim_id: 'c009' is not an id in claims.csv"),
])
def test_should_write_nothing_for_a_movement_the_case_cannot_hold(case, capsys, movement, said):
    with_claims(case)
    before = files_of(case)
    code, out, err = run(capsys, "--data", case, "add-movement", *movement)
    assert (code, out) == (2, "") and str(case / said) in err, err
    assert files_of(case) == before
