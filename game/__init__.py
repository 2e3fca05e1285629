"""Face Down: the rules engine for five face-down memory card games.

    from game import GAMES, new_match, Match, IllegalAction
    game_id = next(iter(GAMES))  # GAMES maps every game id to its rules
    m = new_match(game_id, players=2, seed=42)
    m.act(m.to_act()[0], m.legal_actions(m.to_act()[0])[0])

Everything here is pure Python (3.11 and later) and runs the same on CPython and in Pyodide.
Only ``game.web`` touches the browser.
"""

from __future__ import annotations

from .core import IllegalAction, Option, Rules
from .match import Match, new_match
from .registry import GAMES

__all__ = ["GAMES", "IllegalAction", "Match", "Option", "Rules", "new_match"]
