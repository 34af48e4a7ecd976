"""Sources as evidence: adding a report's text to a case (its archived copy, hash, row and history), the checks
``evacmap validate`` keeps over them, and the shipped cases' hashes and addresses."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import shutil
from datetime import UTC, date, datetime

import pytest

from geo.data import archive, changes, evidence, validation
from geo.errors import DataFileError
from tests import csv_rows
from tests.conftest import DATA, ROOT, SHARED_REPORTS, require

TEXT = "Buses left the old town on Monday morning, a witness said.\n"
WHEN = datetime(2026, 12, 3, 11, 30, tzinfo=UTC)
OLD_HEADER = "id,file,outlet,published,language,kind,relays,scale,note"


def added(case, text=TEXT, **given):
    options = {"outlet": "Reuters", "published": date(2016, 12, 15), "captured": WHEN} | given
    return archive.add_source(case, text, **options)


def test_should_keep_the_copy_its_hash_and_its_row_in_the_case(data_copy, monkeypatch):
    monkeypatch.setenv("EVACMAP_EDITOR", "rana")
    source = added(data_copy, url="https://example.org/report", file="report.txt")
    digest = hashlib.sha256(TEXT.encode("utf-8")).hexdigest()
    # reuters_20161215 is a shipped id already, so the next free one is taken
    assert (source.id, source.archive, source.sha256) == ("reuters_20161215_2", "sources/reuters_20161215_2.txt", digest)
    assert (data_copy / "sources" / "reuters_20161215_2.txt").read_bytes() == TEXT.encode("utf-8")
    row = csv_rows.rows("sources.csv", data_copy)[-1]
    assert row == {"id": "reuters_20161215_2", "file": "report.txt", "outlet": "Reuters", "published": "2016-12-15",
                   "language": "en", "kind": "news article", "relays": "", "scale": "", "note": "",
                   "url": "https://example.org/report", "sha256": digest, "captured": "2026-12-03T11:30:00+00:00",
                   "archive": "sources/reuters_20161215_2.txt"}
    history = changes.history(data_copy, "sources.csv", "reuters_20161215_2")
    assert [(c.editor, c.field, c.old, json.loads(c.new)) for c in history] == [("rana", "*", "", row)]
    assert validation.validate(data_copy) == []
    assert evidence.load(data_copy).sources["reuters_20161215_2"].sha256 == digest


def test_should_append_the_row_after_the_old_bytes_as_they_are(data_copy):
    before = (data_copy / "sources.csv").read_bytes()
    added(data_copy)
    assert (data_copy / "sources.csv").read_bytes().startswith(before)


def test_should_choose_outlet_and_date_then_the_next_free_number():
    assert archive.free_id("The Daily Beast", date(2017, 4, 16), set()) == "the_daily_beast_20170416"
    assert archive.free_id("AP", date(2016, 12, 16), {"ap_20161216", "ap_20161216_2"}) == "ap_20161216_3"


def test_should_refuse_a_file_that_is_not_text_and_write_nothing(data_copy):
    before = (data_copy / "sources.csv").read_bytes()
    with pytest.raises(DataFileError, match=r"scan\.pdf:2: byte 0xe2 at offset 10 is not UTF-8"):
        added(data_copy, b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", file="scan.pdf")
    with pytest.raises(DataFileError, match=r"photo\.png:1: holds a NUL character"):
        added(data_copy, b"PNG\x00\x00\x00", file="photo.png")
    with pytest.raises(DataFileError, match=r"blank\.txt: is empty"):
        added(data_copy, " \n", file="blank.txt")
    assert (data_copy / "sources.csv").read_bytes() == before
    assert not (data_copy / "sources").exists() and not (data_copy / "changes.csv").exists()


def test_should_refuse_a_second_copy_of_the_same_text_naming_the_source_that_holds_it(data_copy):
    first = added(data_copy)
    rows = len(csv_rows.rows("sources.csv", data_copy))
    with pytest.raises(DataFileError, match=rf"again\.txt: the case holds this text already as source '{first.id}' "
                                            rf"\(sources\.csv:{rows + 1}\)"):
        added(data_copy, TEXT.encode("utf-8"), outlet="AP", published=date(2016, 12, 16), file="again.txt")
    assert len(csv_rows.rows("sources.csv", data_copy)) == rows
    assert sorted(p.name for p in (data_copy / "sources").iterdir()) == [f"{first.id}.txt"]


def test_should_refuse_a_shipped_text_the_case_records_the_hash_of(data_copy, shared_reports):
    row = csv_rows.rows("sources.csv", data_copy)[2]  # reuters_20161215, whose text is in ../shared/reports
    with pytest.raises(DataFileError, match=f"as source '{row['id']}'"):
        added(data_copy, (shared_reports / row["file"]).read_bytes())


@pytest.mark.parametrize(("given", "column"), [({"source_id": "gallery_20161215"}, "id"), ({"source_id": "Bad Id"}, "id"),
                                                ({"url": "www.example.org"}, "url")])
def test_should_refuse_a_taken_or_bad_id_or_address_and_write_nothing(data_copy, given, column):
    with pytest.raises(DataFileError) as error:
        added(data_copy, **given)
    assert [(p.file, p.column) for p in error.value.problems] == [("sources.csv", column)]
    assert "nothing was added" in str(error.value)
    assert not (data_copy / "sources").exists()


def test_should_add_to_an_older_case_whose_sources_lack_the_new_columns(data_copy):
    path = data_copy / "sources.csv"
    old = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=OLD_HEADER.split(","), extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    writer.writerows(old)
    path.write_text(out.getvalue(), encoding="utf-8")
    assert validation.validate(data_copy) == []  # an older case loads unchanged
    assert evidence.load(data_copy).sources["reuters_20161215"].sha256 == ""
    source = added(data_copy)
    rows = csv_rows.rows("sources.csv", data_copy)
    assert [r["id"] for r in rows] == [r["id"] for r in old] + [source.id]
    assert [r["note"] for r in rows[:-1]] == [r["note"] for r in old] and rows[0]["url"] == ""
    assert validation.validate(data_copy) == []


def _with_archive(case, row_index, **cells):
    path = case / "sources.csv"
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    rows[row_index].update(cells)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")
    return row_index + 2  # the header is line 1


def test_should_name_a_copy_whose_hash_changed(data_copy):
    source = added(data_copy)
    (data_copy / source.archive).write_text(TEXT + "An added line.\n", encoding="utf-8")
    problems = validation.validate(data_copy)
    line = len(csv_rows.rows("sources.csv", data_copy)) + 1
    assert [(p.file, p.line, p.column) for p in problems] == [("sources.csv", line, "sha256")]
    assert "the copy changed since it was archived" in problems[0].message
    assert str(problems[0]).startswith(f"sources.csv:{line}: sha256: 'sources/{source.id}.txt' has SHA-256 ")


@pytest.mark.parametrize("path", ["../outside.txt", "/etc/hostname", "sources/../../outside.txt"])
def test_should_refuse_an_archive_path_that_leaves_the_case_folder(data_copy, path):
    (data_copy.parent / "outside.txt").write_text(TEXT, encoding="utf-8")
    line = _with_archive(data_copy, 0, archive=path, sha256=hashlib.sha256(TEXT.encode()).hexdigest())
    problems = validation.validate(data_copy)
    assert [(p.file, p.line, p.column) for p in problems] == [("sources.csv", line, "archive")]
    assert "leaves the case folder" in problems[0].message


def test_should_name_a_missing_copy_a_copy_without_its_hash_and_a_malformed_hash(data_copy):
    lines = [_with_archive(data_copy, 0, archive="sources/gone.txt", sha256="0" * 64),
             _with_archive(data_copy, 1, archive="sources/kept.txt", sha256=""),
             _with_archive(data_copy, 2, sha256="ABC")]
    (data_copy / "sources").mkdir()
    (data_copy / "sources" / "kept.txt").write_text(TEXT, encoding="utf-8")
    problems = validation.validate(data_copy)
    assert [(p.line, p.column) for p in problems] == [(lines[0], "archive"), (lines[1], "sha256"), (lines[2], "sha256")]


KEPT_OUTSIDE = {"karabakh-2023-09": ROOT.parent / "texts-karabakh"}
"""Shipped cases whose texts are kept in a folder of their own beside the repository, not in the shared reports."""


@pytest.mark.shared
@pytest.mark.parametrize("case", sorted(p.parent for p in DATA.glob("*/sources.csv") if p.parent.name not in KEPT_OUTSIDE),
                         ids=lambda p: p.name)
def test_should_record_the_hash_of_every_shipped_text_in_the_shared_reports(case):
    require(SHARED_REPORTS.is_dir(), f"{SHARED_REPORTS} is absent: the real reports are not on this machine")
    for row in csv_rows.rows("sources.csv", case):
        text = SHARED_REPORTS / row["file"]
        expected = hashlib.sha256(text.read_bytes()).hexdigest() if text.is_file() else ""
        assert row["sha256"] == expected, row["id"]


@pytest.mark.parametrize("case", sorted(KEPT_OUTSIDE), ids=str)
def test_should_record_the_hash_address_and_capture_of_every_text_kept_outside_the_repository(case):
    for row in csv_rows.rows("sources.csv", DATA / case):
        assert row["archive"] == "" and row["url"].startswith(("http://", "https://")) and row["captured"], row["id"]
        assert len(row["sha256"]) == 64 and all(c in "0123456789abcdef" for c in row["sha256"]), row["id"]


@pytest.mark.parametrize("case", sorted(KEPT_OUTSIDE), ids=str)
def test_should_match_the_recorded_hashes_where_the_texts_kept_outside_are_at_hand(case):
    texts = KEPT_OUTSIDE[case]
    if not texts.is_dir():  # never in CI: these texts are in neither the repository nor ../shared
        pytest.skip(f"{texts} is absent: the texts of {case} are kept only where they were gathered")
    for row in csv_rows.rows("sources.csv", DATA / case):
        assert row["sha256"] == hashlib.sha256((texts / row["file"]).read_bytes()).hexdigest(), row["id"]


def test_should_keep_addresses_in_their_own_column_not_in_the_notes():
    for case in sorted(p.parent for p in DATA.glob("*/sources.csv")):
        for row in csv_rows.rows("sources.csv", case):
            assert "http" not in row["note"], (case.name, row["id"])
            assert row["url"] == "" or row["url"].startswith(("http://", "https://")), (case.name, row["id"])


def test_should_archive_exactly_the_bytes_given(tmp_path):
    case = tmp_path / "case"
    shutil.copytree(DATA / "aleppo-2016-12", case)
    data = "\ufeffNaïve café, Ḥalab\r\n".encode()
    source = added(case, data, outlet="Le Monde", language="fr")
    assert (case / source.archive).read_bytes() == data
    assert source.sha256 == hashlib.sha256(data).hexdigest()


def test_should_add_a_source_from_the_command_line_and_refuse_the_same_text_twice(data_copy, tmp_path, capsys):
    from geo.cli import main

    report = tmp_path / "wire.txt"
    report.write_text(TEXT, encoding="utf-8")
    argv = ["--data", str(data_copy), "add-source", str(report), "--outlet", "Wire Agency", "--published", "2016-12-16",
            "--url", "https://example.org/wire"]
    assert main(argv) == 0
    assert "added source wire_agency_20161216" in capsys.readouterr().out
    row = csv_rows.rows("sources.csv", data_copy)[-1]
    assert (row["id"], row["file"], row["url"], row["archive"]) == (
        "wire_agency_20161216", "wire.txt", "https://example.org/wire", "sources/wire_agency_20161216.txt")
    assert main(argv) == 2
    assert "already as source 'wire_agency_20161216'" in capsys.readouterr().err
    assert main([*argv[:4], "--outlet", "X", "--published", "16/12/2016"]) == 2
    assert "--published: expected YYYY-MM-DD, instead got '16/12/2016'" in capsys.readouterr().err


def test_should_refuse_a_binary_file_from_the_command_line_naming_it(data_copy, tmp_path, capsys):
    from geo.cli import main

    picture = tmp_path / "photo.jpg"
    picture.write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF")
    assert main(["--data", str(data_copy), "add-source", str(picture), "--outlet", "X", "--published", "2016-12-16"]) == 2
    assert "photo.jpg:1: byte 0xff at offset 0 is not UTF-8" in capsys.readouterr().err


def test_should_record_a_text_kept_outside_the_case_by_its_hash_and_write_no_copy(data_copy, tmp_path, capsys):
    from geo.cli import main

    report = tmp_path / "wire_outside.txt"
    report.write_text(TEXT, encoding="utf-8")
    argv = ["--data", str(data_copy), "add-source", str(report), "--outlet", "Wire Agency", "--published", "2016-12-16",
            "--outside"]
    assert main(argv) == 0
    assert "wire_outside.txt, kept outside the case" in capsys.readouterr().out
    row = csv_rows.rows("sources.csv", data_copy)[-1]
    assert (row["file"], row["sha256"], row["archive"]) == (
        "wire_outside.txt", hashlib.sha256(TEXT.encode("utf-8")).hexdigest(), "")
    assert not (data_copy / "sources").exists()
    assert validation.validate(data_copy) == []
    assert main(argv) == 2
    assert "already as source 'wire_agency_20161216'" in capsys.readouterr().err


def test_should_refuse_a_text_kept_outside_the_case_without_its_file_name(data_copy):
    with pytest.raises(DataFileError, match="needs its file name; nothing was added"):
        added(data_copy, keep_copy=False)
    assert not (data_copy / "sources").exists()


def test_should_refuse_a_pasted_text_no_utf8_can_hold_and_a_date_that_is_no_date(data_copy):
    with pytest.raises(DataFileError, match="cannot be UTF-8"):
        added(data_copy, "half a pair \ud800 of surrogates")
    with pytest.raises(ValueError, match="published: expected a date, instead got '2016-12-15'"):
        added(data_copy, published="2016-12-15")
    assert not (data_copy / "sources").exists()


def test_should_describe_the_new_source_and_the_history_in_the_package(data_copy):
    frictionless = pytest.importorskip("frictionless", reason="frictionless is a test dependency: pip install -e '.[test]'")
    source = added(data_copy, outlet="Wire Agency")
    described = json.loads((data_copy / "datapackage.json").read_text(encoding="utf-8"))
    assert described["sources"][-1] == {"title": "Wire Agency, 2016-12-15"}
    assert [r["path"] for r in described["resources"]][-1] == "changes.csv"
    report = frictionless.validate(str(data_copy / "datapackage.json"))
    assert [e.message for t in report.tasks for e in t.errors] + [e.message for e in report.errors] == []
    assert source.id in evidence.load(data_copy).sources
