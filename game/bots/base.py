"""What every bot is: a seat's player that sees only that seat's view and events.

A bot never touches the match. It is handed the seat's current view and the events that seat saw
since the bot was last asked, updates its :class:`~game.bots.memory.Memory`, and answers with one
action from the seat's point of view (or ``None`` where acting is optional, like a move out of turn).
"""

from __future__ import annotations

import random

from .memory import Memory


class Bot:
    """Base class: keeps the seat, the level, a seeded RNG and the memory; games implement two hooks."""

    game = ""
    # What the arena (game/bots/arena.py) measures beyond each level against the level below: match-ups with
    # players that are no level (stronger, weaker, least win rate wanted; :meth:`rival` makes those players), and
    # solo boards (options, and the mean score the optimal strategy is known to reach on them).
    match_ups: tuple[tuple[str, str, float], ...] = ()
    solo: tuple[tuple[dict, float], ...] = ()

    @classmethod
    def rival(cls, name: str, seed: int | str) -> Bot | None:
        """The player called ``name`` that is no level (one of :attr:`match_ups`), or ``None`` if there is none."""
        return None

    def __init__(self, level: str, seed: int | str = 0):
        self.level = level
        self.rng = random.Random(f"bot/{self.game}/{level}/{seed}")
        self.memory = Memory(level, self.rng)

    def choose(self, view: dict, new_events: list[dict]) -> dict | None:
        """Take in the events since the last call, then pick an action for ``view["seat"]`` (or ``None``)."""
        for event in new_events:
            self.observe(event, view["seat"])
        if view["seat"] not in view["to_act"]:
            return None
        return self.decide(view)

    def observe(self, event: dict, seat: int) -> None:
        """Update memory from one event as ``seat`` saw it."""
        raise NotImplementedError

    def decide(self, view: dict) -> dict | None:
        """The action to take in ``view``; ``None`` only where acting is optional."""
        raise NotImplementedError
