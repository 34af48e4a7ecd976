"""The one way data text enters the map's page: :func:`safe`. Security-critical.

folium writes popup and tooltip HTML into JavaScript template literals, and branca
compiles each element's rendered script as a Jinja template a second time. So besides
HTML's ``<>&"'``, ``$``, backticks and backslashes (which would end or interpolate a
template literal) and braces (which would run ``{{ ... }}`` on the server) become
character references. ``tests/test_template_injection.py`` puts payloads in every text
column.
"""

from __future__ import annotations

import html

# Backquote, dollar and backslash would end or interpolate folium's JavaScript template literals.
# Braces: branca compiles each element's rendered script as a Jinja template once more, so a "{{ ... }}"
# or "{% ... %}" in data would be run on the server (template injection); as entities they are only text.
JS_TEMPLATE_ESCAPES = str.maketrans({"`": "&#96;", "$": "&#36;", "\\": "&#92;", "{": "&#123;", "}": "&#125;"})


def safe(text: object) -> str:
    """Text made safe for HTML inside folium's JavaScript template literals and branca's second Jinja pass."""
    return html.escape(str(text), quote=True).translate(JS_TEMPLATE_ESCAPES)
