"""A bot's memory: what it has seen, card by card, forgotten the way people forget.

Each remembered fact (a card at a position, a coin's face) is forgotten independently with the level's
probability every time a turn passes:

    easy 0.25 per turn · medium 0.14 per turn · hard 0.05 per turn · perfect never

Memory-game research usually takes 0.10 for medium and 0.03 for hard. Those left neighbouring levels too
close in head-to-head play (Perfect beat Hard 64–68% in Deluxe Memory and Paved with Gold over 1,000 games);
at 0.14 and 0.05 each level beats the one below at least 70% in both (bot play, 2026-11-26), and a Hard
player still forgets a card it saw twenty turns ago about two times in three.

Medium uses the per-turn probability rather than "the 7 most recent cards": with a fixed window a
bot never forgets a card it saw a moment ago and always forgets the eighth, which plays like a
machine; a steady small chance of losing any card, old or new, is what makes a person's memory
feel uneven.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator

LEVELS = ("easy", "medium", "hard", "perfect")
FORGET_PER_TURN = {"easy": 0.25, "medium": 0.14, "hard": 0.05, "perfect": 0.0}


class Memory:
    """Facts keyed by where they were seen (a position, a hand slot), each liable to be forgotten."""

    def __init__(self, level: str, rng: random.Random):
        if level not in FORGET_PER_TURN:
            raise ValueError(f"Unknown bot level {level!r}; the levels are: {', '.join(LEVELS)}.")
        self.level = level
        self.forget_rate = FORGET_PER_TURN[level]
        self._rng = rng
        self._facts: dict[Hashable, object] = {}

    def copy(self, rng: random.Random) -> Memory:
        """An independent copy of what is remembered now, forgetting at the same rate, drawing from ``rng``."""
        twin = Memory(self.level, rng)
        twin.forget_rate = self.forget_rate
        twin._facts = dict(self._facts)
        return twin

    def see(self, key: Hashable, value: object) -> None:
        """Remember ``value`` at ``key`` (replacing whatever was remembered there)."""
        self._facts[key] = value

    def forget(self, key: Hashable) -> None:
        """Drop what is remembered at ``key``: the card left, or the bot knows it moved."""
        self._facts.pop(key, None)

    def recall(self, key: Hashable) -> object | None:
        """The value remembered at ``key``, or ``None``."""
        return self._facts.get(key)

    def move(self, source: Hashable, target: Hashable) -> None:
        """A card moved from ``source`` to ``target`` (a public swap): the memory follows it."""
        value = self._facts.pop(source, None)
        self._facts.pop(target, None)
        if value is not None:
            self._facts[target] = value

    def swap(self, first: Hashable, second: Hashable) -> None:
        """Two positions traded their cards: the memory of each follows its card."""
        a, b = self._facts.pop(first, None), self._facts.pop(second, None)
        if a is not None:
            self._facts[second] = a
        if b is not None:
            self._facts[first] = b

    def items(self) -> Iterator[tuple[Hashable, object]]:
        """Everything remembered now, in the order it was first seen."""
        return iter(list(self._facts.items()))

    def __contains__(self, key: Hashable) -> bool:
        return key in self._facts

    def __len__(self) -> int:
        return len(self._facts)

    def tick(self) -> None:
        """A turn has passed: forget each fact with the level's probability."""
        if not self.forget_rate:
            return
        for key in list(self._facts):
            if self._rng.random() < self.forget_rate:
                del self._facts[key]
