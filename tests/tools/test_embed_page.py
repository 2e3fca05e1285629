"""embed.html is made from index.html: the page-only parts left out, the embed-only comments opened."""

from __future__ import annotations

import re

import pytest

from tools.embed_page import PAGE, embed_html

PAGE_HTML = PAGE.read_text()
EMBED_HTML = embed_html(PAGE_HTML)


def ids(html: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', html))


def test_the_embed_leaves_out_the_header_the_picker_and_the_room():
    for page_only in ('id="menu"', 'class="tagline"', 'name="game"', 'id="room"', 'rel="manifest"'):
        assert page_only in PAGE_HTML and page_only not in EMBED_HTML, page_only
    for marker in ("<!-- page-only", "<!-- /page-only", "<!-- embed-only"):
        assert marker in PAGE_HTML and marker not in EMBED_HTML


def test_the_embed_gets_its_own_mark_style_heading_and_the_pickers_stub():
    # The mark tells the page's Python it is the embed (game/web/page/embed.py: its own save slot, the parent's
    # messages).
    embed_only = ('name="face-down-embed"', 'href="./static/css/embed.css"', 'class="visually-hidden">Face')
    for text in embed_only:
        assert text in EMBED_HTML, text
        assert f"<{text}" not in PAGE_HTML  # in the page only inside a comment
    assert '<details id="new-game" hidden><form id="picker">' in EMBED_HTML
    marked, python = EMBED_HTML.index("face-down-embed"), EMBED_HTML.index('src="./game/web/page/main.py"')
    assert marked < python, "marked before Python"


def test_everything_else_is_the_pages_own():
    shared = ids(EMBED_HTML)
    assert {"game", "table", "players", "prompt", "settings-form", "curtain", "announcer", "loading"} <= shared
    assert shared <= ids(PAGE_HTML)
    game = re.search(r'<section id="game".*?</section>', PAGE_HTML, re.DOTALL).group()
    assert game in EMBED_HTML


def test_a_page_only_part_left_open_is_refused():
    with pytest.raises(ValueError, match="page-only"):
        embed_html(PAGE_HTML.replace("<!-- /page-only -->", "", 1))
