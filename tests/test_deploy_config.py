"""The shipped Streamlit settings: a visitor never sees error details, and each setting is one the installed
Streamlit knows."""

from __future__ import annotations

import tomllib

from streamlit import config

from tests.conftest import ROOT

SETTINGS = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))


def test_should_show_a_visitor_no_error_details():
    assert SETTINGS["client"]["showErrorDetails"] == "none"
    assert "none" in config._config_options_template["client.showErrorDetails"].description


def test_should_set_only_options_the_installed_streamlit_knows():
    known = set(config._config_options_template)
    assert [f"{s}.{k}" for s, values in SETTINGS.items() for k in values if f"{s}.{k}" not in known] == []
