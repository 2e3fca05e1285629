"""Concentration bot: the optimal strategy, played from a memory that may forget.

Solo, it plays the strategy Velleman & Warrington (2013) proved optimal: take a known pair; else turn
an unseen card; if its partner is remembered take the pair, else turn another unseen card. Its
expected number of turns is (3 − 2 ln 2)·n + 7/8 − 2 ln 2 for n pairs.

Against others it follows Zwick & Paterson (1993): with n pairs left and k cards known whose partners
are unseen, turning a new card gives the opponents information, so sometimes it is better to turn one
unseen card and then a known one (a "1-move"), or two known cards and learn nothing (a "0-move", a
pass). Rather than copy their tables, :func:`values` solves the same two-player game by dynamic
programming, and the bot picks the move with the best expected pair difference. Two passes in a row
would stall the game forever, so the bot never passes straight after an opponent's pass.

Below the Perfect level the same strategy runs on the bot's memory, which forgets (see memory.py):
a forgotten card counts as unseen, so forgetful bots turn cards they have seen before, as people do.
"""

from __future__ import annotations

import math
from functools import cache

from ..rules.concentration import partner
from .base import Bot


def optimal_turns(pairs: int) -> float:
    """Velleman & Warrington's expected solo turns for the optimal strategy with ``pairs`` pairs."""
    return (3 - 2 * math.log(2)) * pairs + 7 / 8 - 2 * math.log(2)


@cache
def values(pairs: int, known: int, after_pass: bool = False) -> float:
    """Expected (my pairs − opponent's pairs) from here for the player to move, both playing optimally.

    ``pairs`` are left on the board, ``known`` of their cards are known singles (partner unseen),
    ``after_pass``: the opponent has just passed, so passing again is not allowed.
    """
    if pairs == 0:
        return 0.0
    best = max(move_values(pairs, known).values())
    if known >= 2 and not after_pass:
        return max(best, -values(pairs, known, after_pass=True))
    return best


@cache
def move_values(pairs: int, known: int) -> dict[str, float]:
    """The expected value of a 1-move and of a 2-move (turning an unseen card first) in this state."""
    unseen = 2 * pairs - known
    hit = known / unseen  # the first card's partner is already known: take the pair, go again
    after_hit = 1 + values(pairs - 1, known - 1) if known else 0.0
    if known == pairs:  # every unseen card is the partner of a known one
        return {"two": after_hit}
    result = {"two": hit * after_hit + (1 - hit) * second_unseen_value(pairs, known)}
    if known >= 1:
        result["one"] = hit * after_hit + (1 - hit) * -values(pairs, known + 1)
    return result


@cache
def second_unseen_value(pairs: int, known: int) -> float:
    """Value of turning a second unseen card after the first turned out new (its partner unseen)."""
    left = 2 * pairs - known - 1  # unseen cards after the first
    lucky = 1 / left  # its partner: a pair, go again
    gift = known / left  # partner of a known card: the opponent takes that pair
    total = lucky * (1 + values(pairs - 1, known)) + gift * -(1 + values(pairs - 1, known))
    rest = left - 1 - known  # count of cards that make two new singles; the turn passes
    if rest > 0:
        total += rest / left * -values(pairs, known + 2)
    return total


class ConcentrationBot(Bot):
    """Remembers the cards it has seen turned, and plays the optimal move for what it remembers."""

    game = "concentration"
    solo = tuple(({"pairs": pairs}, optimal_turns(pairs)) for pairs in (8, 12, 26))

    def __init__(self, level: str, seed: int | str = 0):
        super().__init__(level, seed)
        self.passing = False  # this turn is a pass: two known cards
        self.opponent_passed = False  # the last turn was an opponent's pass
        self._turn_was_news = False

    def observe(self, event: dict, seat: int) -> None:
        """Remember every card turned up; forget taken ones; each turn ages the memory."""
        kind = event["type"]
        if kind == "flip":
            self._turn_was_news |= self.memory.recall(event["pos"]) is None
            self.memory.see(event["pos"], event["card"])
        elif kind in ("pair", "mismatch"):
            if kind == "pair":
                for pos in event["pos"]:
                    self.memory.forget(pos)
            # A miss that showed nothing new was a pass; answering a pass with a pass would stall.
            self.opponent_passed = kind == "mismatch" and event["seat"] != seat and not self._turn_was_news
            self._turn_was_news = False
            self.memory.tick()

    def decide(self, view: dict) -> dict:
        """Pick the next card to turn."""
        board = {pos for pos, cell in enumerate(view["cells"]) if cell is not None}
        known = {pos: card for pos, card in self.memory.items() if pos in board}
        pairs_left = len(board) // 2
        solo = len(view["pairs"]) == 1
        if not view["flipped"]:
            return _flip(self._first_card(known, board, pairs_left, solo))
        first = view["flipped"][0]
        mate = next(
            (pos for pos, card in known.items() if card == partner(view["cells"][first]) and pos != first), None
        )
        if mate is not None:
            return _flip(mate)
        known.pop(first, None)
        unseen = sorted(board - set(known) - {first})
        turn_known = self.passing or not unseen
        if not solo and not turn_known and known:
            # Turning a known card shows the opponent nothing new (a 1-move); see Zwick & Paterson.
            # The model counts known singles; a pair seen whole while others played is not one.
            singles = sum(1 for card in known.values() if partner(card) not in known.values())
            turn_known = -values(pairs_left, singles + 1) > second_unseen_value(pairs_left, singles)
        return _flip(self.rng.choice(sorted(known) if turn_known and known else unseen))

    def _first_card(self, known: dict, board: set, pairs_left: int, solo: bool) -> int:
        positions = {card: pos for pos, card in known.items()}
        for pos, card in known.items():
            if partner(card) in positions:
                self.passing = False
                return pos
        unseen = sorted(board - set(known))
        self.passing = not unseen or (
            not solo
            and len(known) >= 2
            and not self.opponent_passed
            and max(move_values(pairs_left, len(known)).values()) < 0
        )
        return self.rng.choice(sorted(known) if self.passing else unseen)


def _flip(pos: int) -> dict:
    return {"type": "flip", "pos": pos}
