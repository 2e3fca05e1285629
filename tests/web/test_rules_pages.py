"""The rules pages in static/rules/: one per game, well-formed, deep-linkable, documenting every option, all local.

The pages are plain HTML read by players, so these tests check what the app and a phone rely on: the page for
each game id exists, it parses with balanced tags, the sections the app deep-links to have their ids, every
option a player can set is described (``data-option`` names it), and every link stays on the site.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from game.registry import ENTRIES, GAMES

REPO = Path(__file__).resolve().parents[2]
RULES = REPO / "static" / "rules"
STYLESHEET = "../css/rules.css"
BACK_TO_GAME = "../../index.html"
SECTIONS = ("goal", "setup", "turn", "scoring", "variants", "playing")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# Elements that would run code, pull in outside content or restyle the page behind rules.css's back.
FORBIDDEN = {"script", "style", "iframe", "object", "embed", "form", "base"}


class Page(HTMLParser):
    """One parsed page: its structure errors, tags, ids, links, option descriptions, link texts, title, its
    sections' headings and its table of contents."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.errors: list[str] = []
        self.tags: list[tuple[str, dict]] = []  # every start tag with its attributes, in order
        self.ids: dict[str, str] = {}  # id -> the tag that carries it
        self.links: list[str] = []  # every href and src, in order
        self.options: dict[str, str] = {}  # data-option name -> the text of its element
        self.anchors: list[tuple[str, str]] = []  # (href, link text) of every link, in order
        self.h1 = ""
        self.sections: list[tuple[str, str]] = []  # (id, text) of every <h2 id>, in order
        self.toc: list[tuple[str, str]] = []  # (href, link text) of every link in <nav class="toc">, in order
        self._open: list[str] = []
        self._toc_depth: int | None = None  # how many elements were open outside the table of contents, inside it
        self._captures: list[dict] = []  # elements whose text is wanted, still open: {"depth", "store", "parts"}
        self.feed(text)
        self.close()
        if self._open:
            self.errors.append(f"unclosed elements at the end: {self._open}")

    def handle_starttag(self, tag, attrs):
        attributes = {name: value or "" for name, value in attrs}
        self.tags.append((tag, attributes))
        if "id" in attributes:
            if attributes["id"] in self.ids:
                self.errors.append(f"the id {attributes['id']!r} is used twice")
            self.ids[attributes["id"]] = tag
        self.links += [attributes[name] for name in ("href", "src") if name in attributes]
        if tag in VOID:
            return
        if tag == "nav" and attributes.get("class") == "toc":
            self._toc_depth = len(self._open)
        self._open.append(tag)
        if "data-option" in attributes:
            name = attributes["data-option"]
            if name in self.options:
                self.errors.append(f"the option {name!r} is described twice")
            self.options[name] = ""
            self._capture(lambda text: self.options.__setitem__(name, text))
        if tag == "a" and "href" in attributes:
            self._capture(lambda text: self.anchors.append((attributes["href"], text)))
            if self._toc_depth is not None:
                self._capture(lambda text: self.toc.append((attributes["href"], text)))
        if tag == "h2" and "id" in attributes:
            self._capture(lambda text: self.sections.append((attributes["id"], text)))
        if tag == "h1":
            self._capture(lambda text: setattr(self, "h1", text))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self._open or self._open[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self._open[-1]}>" if self._open else f"</{tag}> closes nothing")
            return
        while self._captures and self._captures[-1]["depth"] == len(self._open):
            capture = self._captures.pop()
            capture["store"](" ".join("".join(capture["parts"]).split()))
        self._open.pop()
        if self._toc_depth == len(self._open):
            self._toc_depth = None

    def handle_data(self, data):
        for capture in self._captures:
            capture["parts"].append(data)

    def _capture(self, store) -> None:
        """Collect the text of the element just opened and hand it to ``store`` when it closes."""
        self._captures.append({"depth": len(self._open), "store": store, "parts": []})


def parse(path: Path) -> Page:
    """The page at ``path``, parsed."""
    return Page(path.read_text(encoding="utf-8"))


def link_problems(path: Path, site: Path = REPO) -> list[str]:
    """Every link of the page at ``path`` that leaves ``site``, or points at a file or an id that is not there."""
    text = path.read_text(encoding="utf-8")
    page = Page(text)
    problems = [f"an outside address in the text: {scheme}" for scheme in ("http:", "https:") if scheme in text.lower()]
    for link in page.links:
        parts = urlsplit(link)
        if parts.scheme or parts.netloc or link.startswith("/"):
            problems.append(f"{link!r} is not a relative link to a local file")
            continue
        target = (path.parent / parts.path).resolve() if parts.path else path
        if not target.is_relative_to(site) or not target.is_file():
            problems.append(f"{link!r} points at a file that does not exist")
        elif parts.fragment and parts.fragment not in parse(target).ids:
            problems.append(f"{link!r} points at an id that {target.name} does not have")
    return problems


GAME_PAGES = [REPO / game.rules_page for game in ENTRIES.values()]
ALL_PAGES = [*GAME_PAGES, RULES / "index.html"]


def test_there_is_a_page_for_every_game_and_an_index():
    """The rules folder holds exactly one page per game id, plus the index."""
    found = {path.name for path in RULES.glob("*.html")}
    assert found == {path.name for path in ALL_PAGES}


@pytest.mark.parametrize("path", ALL_PAGES, ids=lambda path: path.stem)
def test_page_is_well_formed_html(path):
    """The page parses with every element closed in order, no id twice, and the basics a phone needs."""
    page = parse(path)
    assert page.errors == []
    tags = [tag for tag, _ in page.tags]
    assert tags[:2] == ["html", "head"], "the page must start with <html> and <head>"
    assert ("html", {"lang": "en"}) in page.tags
    assert "title" in tags
    assert any(tag == "meta" and attrs.get("charset", "").lower() == "utf-8" for tag, attrs in page.tags)
    assert any(
        tag == "meta" and attrs.get("name") == "viewport" and "width=device-width" in attrs.get("content", "")
        for tag, attrs in page.tags
    )


@pytest.mark.parametrize("path", ALL_PAGES, ids=lambda path: path.stem)
def test_page_is_plain_html_styled_only_by_rules_css(path):
    """No scripts, inline styles or event handlers; the one stylesheet is ../css/rules.css."""
    page = parse(path)
    assert [tag for tag, _ in page.tags if tag in FORBIDDEN] == []
    attributes = {name for _, attrs in page.tags for name in attrs}
    assert "style" not in attributes
    assert [name for name in attributes if name.startswith("on")] == []
    links = [attrs for tag, attrs in page.tags if tag == "link"]
    assert links == [{"rel": "stylesheet", "href": STYLESHEET}]


@pytest.mark.parametrize("path", ALL_PAGES, ids=lambda path: path.stem)
def test_links_are_local_and_lead_somewhere(path):
    """Every href and src is a relative link to a file of the site (and an id in it, if it names one)."""
    assert link_problems(path) == []


@pytest.mark.parametrize("path", ALL_PAGES, ids=lambda path: path.stem)
def test_page_links_back_to_the_game(path):
    """A "Back to the game" link returns to the app."""
    assert (BACK_TO_GAME, "Back to the game") in parse(path).anchors


@pytest.mark.parametrize("game_id", list(GAMES))
def test_game_page_has_the_sections_the_app_links_to(game_id):
    """The page is titled with the game's name and has a heading with each section's id."""
    page = parse(REPO / ENTRIES[game_id].rules_page)
    assert page.h1 == GAMES[game_id].name
    assert {section: page.ids.get(section) for section in SECTIONS} == dict.fromkeys(SECTIONS, "h2")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_game_page_lists_its_sections_in_its_table_of_contents(game_id):
    """The table of contents links to every section the page heads with an ``<h2 id>``, in order, by its heading."""
    page = parse(REPO / ENTRIES[game_id].rules_page)
    assert page.toc == [(f"#{id}", heading) for id, heading in page.sections]
    assert len(page.toc) >= len(SECTIONS)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_game_page_describes_every_option_a_player_can_set(game_id):
    """``data-option`` names exactly the game's options less the test-only ones, and lists any fixed choices."""
    page = parse(REPO / ENTRIES[game_id].rules_page)
    test_only = ENTRIES[game_id].test_only_options
    options = {option.name: option for option in GAMES[game_id].options if option.name not in test_only}
    assert set(page.options) == set(options)
    for name, option in options.items():
        words = page.options[name].replace(",", " ").replace("(", " ").replace(")", " ").split()
        assert len(words) >= 8, f"the description of option {name!r} is too short to tell a player anything"
        # A choice may be several words ("first seat"): it must stand whole in the text.
        text = f" {' '.join(words)} "
        missing = [choice for choice in option.choices if f" {choice} " not in text]
        assert missing == [], f"the description of {name!r} does not list these choices: {missing}"


def test_index_links_every_game_page_by_name():
    """The index links to each game's page, with the game's name as the link text."""
    anchors = parse(RULES / "index.html").anchors
    for game in ENTRIES.values():
        assert (game.rules_page.removeprefix("static/rules/"), GAMES[game.id].name) in anchors


def test_stylesheet_is_self_contained_with_a_dark_mode():
    """rules.css loads nothing else and has a dark palette for prefers-color-scheme."""
    css = (REPO / "static" / "css" / "rules.css").read_text(encoding="utf-8")
    assert "@import" not in css
    assert "url(" not in css
    assert re.search(r"@media\s*\(\s*prefers-color-scheme\s*:\s*dark\s*\)", css)


def test_the_checks_catch_a_broken_page(tmp_path):
    """The parser and the link check report what they exist to catch, so a passing run means something."""
    assert Page("<main><p>unclosed</main>").errors
    assert Page('<p id="x"></p><p id="x"></p>').errors
    bad = tmp_path / "bad.html"
    bad.write_text(
        '<a href="https://example.org/">out</a><a href="missing.html">gone</a><a href="#nowhere">no id</a>',
        encoding="utf-8",
    )
    assert len(link_problems(bad, site=tmp_path)) == 4
    contents = Page('<nav class="toc"><a href="#a">A</a></nav><h2 id="a">A</h2><h2 id="b">B</h2><a href="#b">B</a>')
    assert contents.toc == [("#a", "A")] and contents.sections == [("a", "A"), ("b", "B")]
