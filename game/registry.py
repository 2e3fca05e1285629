"""The table of games: each game id mapped to its rules."""

from __future__ import annotations

from .core import Rules
from .rules import cambio, concentration, deluxe_memory, matches, paved_with_gold

GAMES: dict[str, Rules] = {
    rules.id: rules
    for rules in (
        concentration.RULES,
        deluxe_memory.RULES,
        cambio.RULES,
        matches.RULES,
        paved_with_gold.RULES,
    )
}
