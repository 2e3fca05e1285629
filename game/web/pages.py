"""The parts of the site's pages written from the game registry, and the command that writes them.

    python -m game.web.pages --write      # after adding a game or changing its entry

Three kinds of text are generated, so that no list of the games, and no text every rules page shares, is kept
by hand:

- the game picker in ``index.html``, its ``picker`` block (:mod:`game.web.picker`: it must paint before
  Python has loaded, so it is static HTML);
- the rules pages' index, ``static/rules/index.html``, whole;
- each game's rules page around the game's own text: the head (title, the way back, the game's name as the
  heading) before its ``<!-- own text -->`` marker and the foot after its ``<!-- end of own text -->``; and,
  inside the own text, the blocks every rules page has (:func:`rules_blocks`): the table of contents, made
  from the page's own headings, the description of the first-player option, and the part of "Playing on
  Face Down" that holds for every game.

A block is the text between ``<!-- NAME:start -->`` and ``<!-- NAME:end -->``; a new page writes the markers
with nothing between them, and :func:`write` fills them in. A test fails while any generated text differs
from what this module generates (:func:`stale`).
"""

from __future__ import annotations

import re
import sys
from html import escape
from pathlib import Path

from ..core import FIRST_PLAYER, Rules
from ..registry import ENTRIES, GAMES, Game
from .picker import picker_html

ROOT = Path(__file__).resolve().parents[2]
INDEX = ROOT / "index.html"
RULES_INDEX = ROOT / "static" / "rules" / "index.html"
OWN_START, OWN_END = "<!-- own text -->", "<!-- end of own text -->"
BLOCK = re.compile(r"<!-- (\w+):start -->.*?<!-- \1:end -->", re.DOTALL)
SECTION_HEADING = re.compile(r'<h2 id="([^"]+)">(.*?)</h2>', re.DOTALL)
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


def block(name: str, content: str) -> str:
    """The block ``name`` holding ``content``, between its markers."""
    return f"<!-- {name}:start -->\n{content}\n<!-- {name}:end -->"


def fill(text: str, blocks: dict[str, str], where: str) -> str:
    """``text`` with each of its blocks holding the content ``blocks`` gives it.

    ``text`` must have each block of ``blocks`` once and no other: else a ``ValueError`` names ``where``.
    """
    found = [match.group(1) for match in BLOCK.finditer(text)]
    if sorted(found) != sorted(blocks):
        raise ValueError(
            f"{where} must have one block each of {', '.join(blocks)} (<!-- NAME:start --> then "
            f"<!-- NAME:end -->); it has: {', '.join(found) or 'none'}."
        )
    return BLOCK.sub(lambda match: block(match.group(1), blocks[match.group(1)]), text)


def contents(own: str) -> str:
    """A rules page's table of contents: a link to each of the sections ``own`` heads with an ``<h2 id>``."""
    items = "".join(f'<li><a href="#{id}">{heading}</a></li>\n' for id, heading in SECTION_HEADING.findall(own))
    return f'<nav class="toc" aria-label="On this page">\n<ol>\n{items}</ol>\n</nav>'


def first_player_option(rules: Rules) -> str:
    """The description of :data:`game.core.FIRST_PLAYER` for ``rules``' page, an item of its options' list."""
    random, first_seat = FIRST_PLAYER.choices
    alone = "Alone, you always play first. " if 1 in rules.player_counts else ""
    return (
        f'<div data-option="{FIRST_PLAYER.name}">\n<dt>First player</dt>\n'
        f"<dd><strong>{random}</strong> (the standard game): the app draws who plays first, and a replay of the same\n"
        f"game draws the same player. With <strong>{first_seat}</strong> the player in the first seat plays first.\n"
        f"{alone}Either way, play then passes to the left.</dd>\n</div>"
    )


ON_FACE_DOWN = """<li><strong>Pass-and-play:</strong> when several people share one device, a curtain covers
the table between turns. Hand the device to the player it names; the table shows again when they are ready.</li>
<li><strong>Computer players</strong> come in four levels. Easy, Medium and Hard forget what they have seen the
way people do (Easy most often, Hard rarely); Perfect never forgets. A computer player sees only what a person
in its seat would see: it never peeks at your cards.</li>
<li><strong>Hint:</strong> on your turn, "Hint" (beside the menu) marks the move Perfect would make knowing only
what you were shown, and says where you saw the card if you did. The log says you took it. Rooms have none.</li>"""
"""What "Playing on Face Down" says on every rules page, after what the game says there of its own."""


def rules_blocks(game: Game, own: str) -> dict[str, str]:
    """The blocks of ``game``'s rules page by name, made for ``own``, the page's own text."""
    rules = GAMES[game.id]
    blocks = {"contents": contents(own), "playing": ON_FACE_DOWN}
    if FIRST_PLAYER in rules.options:
        blocks["first_player"] = first_player_option(rules)
    return blocks


def rules_page(game: Game, own: str) -> str:
    """The rules page of ``game``, around ``own``, the text that is the game's own, with its blocks filled in."""
    name = GAMES[game.id].name
    own = fill(own, rules_blocks(game, own), game.rules_page)
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
    written = {INDEX: fill(INDEX.read_text(), {"picker": picker_html()}, INDEX.name), RULES_INDEX: rules_index()}
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
