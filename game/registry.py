"""The games: one entry per game, the one record of where its parts are and what every list of games needs.

An entry names its rules, its bot and its presenter (each ``"module:attribute"``), the one line that sums
it up, its stylesheet, its rules page and the options players never set. Everything that lists the games
reads them from here: the picker and its pictures, the rules pages' index and their shared head and foot
(:mod:`game.web.pages`), the stylesheets the site bundles (tools/build_site.py), the arena, the bots,
the presenters and the tests that run for every game. Adding a game is its own files plus one entry.

The parts are imported on first use, so a page that plays one game loads that game's modules only
(importing all five rules costs a Pyodide boot about 40 ms). :data:`GAMES` maps each id to its rules,
:data:`BOTS` to its bot class and :data:`PRESENTERS` to its presenter.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .bots.base import Bot
    from .core import Rules
    from .web.presenter import Presenter


@dataclass(frozen=True)
class Game:
    """One game's record. ``rules``, ``bot`` and ``presenter`` are places, ``"package.module:attribute"``."""

    id: str
    summary: str  # one line, for the picker and the rules pages' index
    rules: str
    bot: str
    presenter: str
    rules_page: str  # its page in static/rules/
    stylesheet: str = ""  # its table's own CSS, bundled into the site's stylesheet ("": none)
    test_only_options: tuple[str, ...] = ("deck",)  # options for tests and puzzles: no picker or rules page shows them


ENTRIES: dict[str, Game] = {
    game.id: game
    for game in (
        Game(
            "concentration",
            "Turn up two cards; keep pairs of the same rank and colour, and go again.",
            rules="game.rules.concentration:RULES",
            bot="game.bots.concentration:ConcentrationBot",
            presenter="game.web.games.concentration:PRESENTER",
            rules_page="static/rules/concentration.html",
            stylesheet="static/css/games/concentration.css",
        ),
        Game(
            "deluxe-memory",
            "Look at two cards; pairs by rank win, lose or move tokens, and mixed pairs fire the Mixed Chart.",
            rules="game.rules.deluxe_memory:RULES",
            bot="game.bots.deluxe_memory:DeluxeMemoryBot",
            presenter="game.web.games.deluxe_memory:PRESENTER",
            rules_page="static/rules/deluxe-memory.html",
            stylesheet="static/css/games/deluxe-memory.css",
        ),
        Game(
            "cambio",
            "Remember your face-down cards, swap in low ones, snap matches onto the graveyard, call Cambio.",
            rules="game.rules.cambio:RULES",
            bot="game.bots.cambio:CambioBot",
            presenter="game.web.games.cambio:PRESENTER",
            rules_page="static/rules/cambio.html",
            stylesheet="static/css/games/cambio.css",
        ),
        Game(
            "matches",
            "Flip coins from the middle; a coin that matches one of your tiles marks it. Mark them all to win.",
            rules="game.rules.matches:RULES",
            bot="game.bots.matches:MatchesBot",
            presenter="game.web.games.matches:PRESENTER",
            rules_page="static/rules/matches.html",
            stylesheet="static/css/games/matches.css",
            test_only_options=("deck", "coins"),
        ),
        Game(
            "paved-with-gold",
            "Pick up face-down cards in secret, then claim a combination and prove it by turning up the rest.",
            rules="game.rules.paved_with_gold:RULES",
            bot="game.bots.paved_with_gold:PavedWithGoldBot",
            presenter="game.web.games.paved_with_gold:PRESENTER",
            rules_page="static/rules/paved-with-gold.html",
            stylesheet="static/css/games/paved-with-gold.css",
        ),
    )
}
"""Every game by id, in the order players are shown them; the first is the game a page starts with no choice made."""


def default_game() -> str:
    """The id of the game a page starts when no game is chosen: the first entry."""
    return next(iter(ENTRIES))


def load(place: str) -> Any:
    """The object at ``place``, ``"package.module:attribute"``, importing its module if need be."""
    module, _, attribute = place.partition(":")
    return getattr(importlib.import_module(module), attribute)


class Parts(Mapping[str, Any]):
    """One part of every entry by game id (the rules, say), each imported when first looked up.

    Keys, ``in`` and ``len`` read the entries only and import nothing.
    """

    def __init__(self, part: str):
        self._part = part
        self._loaded: dict[str, Any] = {}  # by place

    def __getitem__(self, key: str) -> Any:
        place = getattr(ENTRIES[key], self._part)  # KeyError for an unknown game
        if place not in self._loaded:
            self._loaded[place] = load(place)
        return self._loaded[place]

    def __contains__(self, key: object) -> bool:
        return key in ENTRIES  # Mapping's own would look the value up, importing it

    def __iter__(self) -> Iterator[str]:
        return iter(ENTRIES)

    def __len__(self) -> int:
        return len(ENTRIES)


GAMES: Mapping[str, Rules] = Parts("rules")
BOTS: Mapping[str, type[Bot]] = Parts("bot")
PRESENTERS: Mapping[str, Presenter] = Parts("presenter")
