"""Edit mode (geo/app/editing.py): on only where the server was started to edit."""

from __future__ import annotations

import pytest

from geo import cli
from geo.app.editing import editing_enabled


@pytest.mark.parametrize(("argv", "environ", "expected"), [
    ([], {}, False),
    (["--edit"], {}, True),
    (["--data", "cases", "--edit"], {}, True),
    ([], {"EVACMAP_EDIT": "1"}, True),
    ([], {"EVACMAP_EDIT": "yes"}, True),
    ([], {"EVACMAP_EDIT": "0"}, False),
    ([], {"EVACMAP_EDIT": ""}, False),
    (["--data", "--edit-me"], {}, False),
])
def test_should_edit_only_when_the_server_was_started_to(argv, environ, expected):
    assert editing_enabled(argv, environ) is expected


def test_should_accept_edit_beside_the_data_folder_on_the_dashboard_line(tmp_path):
    assert cli.dashboard_folder(["--edit", "--data", str(tmp_path)]) == tmp_path
