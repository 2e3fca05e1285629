"""The parts of the site's pages written from the game registry, and the command that writes them.

    python -m game.web.pages --write      # after adding a game or changing its entry

Three kinds of text are generated, so that no list of the games is kept by hand:

- the game picker in ``index.html``, between its ``<!-- picker:start -->`` and ``<!-- picker:end -->``
  markers (:mod:`game.web.picker`: it must paint before Python has loaded, so it is static HTML);
- the rules pages' index, ``static/rules/index.html``, whole;
- each game's rules page around the game's own text: the head (title, the way back, the game's name as the
  heading) before its ``<!-- own text -->`` marker and the foot after its ``<!-- end of own text -->``.

A test fails while any of them differs from what this module generates (:func:`stale`).
"""

from __future__ import annotations

import sys
from html import escape
from pathlib import Path

from ..registry import ENTRIES, GAMES, Game
from .picker import picker_html

ROOT = Path(__file__).resolve().parents[2]
INDEX = ROOT / "index.html"
RULES_INDEX = ROOT / "static" / "rules" / "index.html"
PICKER_START, PICKER_END = "<!-- picker:start -->", "<!-- picker:end -->"
OWN_START, OWN_END = "<!-- own text -->", "<!-- end of own text -->"
BACK = '<a href="../../index.html">Back to the game</a>'


def page_head(title: str, heading: str, to_index: bool) -> str:
    """A rules page from its doctype to its heading; ``to_index``: it links back to the rules' index too."""
    index = '<li><a href="index.html">All the rules</a></li>\n' if to_index else ""
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        f'<title>{escape(title)} · Face Down</title>\n<link rel="stylesheet" href="../css/rules.css">\n'
        '</head>\n<body>\n<header>\n<nav aria-label="Back">\n<ul class="back">\n'
        f"<li>{BACK}</li>\n{index}</ul>\n</nav>\n<h1>{escape(heading)}</h1>\n"
    )


PAGE_FOOT = f"<p>{BACK}</p>\n</footer>\n</body>\n</html>\n"


def rules_page(game: Game, own: str) -> str:
    """The rules page of ``game``, around ``own``, the text that is the game's own."""
    name = GAMES[game.id].name
    return f"{page_head(f'{name}: how to play', name, True)}{OWN_START}{own}{OWN_END}\n{PAGE_FOOT}"


def player_counts(counts: tuple[int, ...]) -> str:
    """ "1 to 6", "2 or 3", "2, 3, 4 or 6": the player counts a game allows, in words."""
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    words = [str(count) for count in counts]
    return " or ".join([", ".join(words[:-1]), words[-1]]) if len(words) > 1 else words[0]


def rules_index() -> str:
    """The rules pages' index: every game's page by name, with its player counts and summary."""
    items = "".join(
        f'<li>\n<a href="{Path(game.rules_page).name}">{escape(GAMES[game.id].name)}</a>\n'
        f"<p>{player_counts(GAMES[game.id].player_counts)} players. {escape(game.summary)}</p>\n</li>\n"
        for game in ENTRIES.values()
    )
    return (
        f"{page_head('How to play', 'How to play', False)}"
        '<p class="lede">Memory games played with cards or coins turned face-down. Each page says exactly how\n'
        "the game is played on Face Down.</p>\n</header>\n\n"
        f'<main>\n<ul class="games">\n{items}</ul>\n</main>\n\n<footer>\n{PAGE_FOOT}'
    )


def between(text: str, start: str, end: str) -> str:
    """The part of ``text`` between the markers ``start`` and ``end``."""
    return text[text.index(start) + len(start) : text.index(end)]


def pages() -> dict[Path, str]:
    """Every file with generated parts, as it should read now."""
    index = INDEX.read_text()
    picker = f"{PICKER_START}\n{picker_html()}\n{PICKER_END}"
    written = {INDEX: index.replace(f"{PICKER_START}{between(index, PICKER_START, PICKER_END)}{PICKER_END}", picker)}
    written[RULES_INDEX] = rules_index()
    for game in ENTRIES.values():
        path = ROOT / game.rules_page
        written[path] = rules_page(game, between(path.read_text(), OWN_START, OWN_END))
    return written


def stale() -> list[str]:
    """The files (relative to the repo) whose generated parts differ from what the registry makes now."""
    return [str(path.relative_to(ROOT)) for path, text in pages().items() if path.read_text() != text]


def write() -> None:
    """Write every generated part anew."""
    for path, text in pages().items():
        path.write_text(text)


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m game.web.pages --write")
    write()
