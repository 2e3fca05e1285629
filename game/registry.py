"""The table of games: each game id mapped to its rules.

The rules modules are imported on first use, so a page that plays one game loads one rules module
(importing all five costs a Pyodide boot about 40 ms). :class:`Registry` is the mechanism; the bots'
table (:data:`game.bots.BOTS`) uses it too.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .core import Rules


class Registry(Mapping[str, Any]):
    """A read-only mapping whose values live in their own modules, named ``"package.module:attribute"``.

    Keys, ``in`` and ``len`` import nothing; looking a value up imports its module once.
    """

    def __init__(self, places: dict[str, str]):
        self._places = places
        self._loaded: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        if key not in self._loaded:
            module, _, attribute = self._places[key].partition(":")  # KeyError for an unknown key
            self._loaded[key] = getattr(importlib.import_module(module), attribute)
        return self._loaded[key]

    def __contains__(self, key: object) -> bool:
        return key in self._places  # Mapping's own would look the value up, importing it

    def __iter__(self) -> Iterator[str]:
        return iter(self._places)

    def __len__(self) -> int:
        return len(self._places)


GAMES: Mapping[str, Rules] = Registry(
    {
        "concentration": "game.rules.concentration:RULES",
        "deluxe-memory": "game.rules.deluxe_memory:RULES",
        "cambio": "game.rules.cambio:RULES",
        "matches": "game.rules.matches:RULES",
        "paved-with-gold": "game.rules.paved_with_gold:RULES",
    }
)
