"""The bots a host drives: bot seats, and an absent player's seat once its grace period is over.

A bot sits on a seat as a person does: the host's :class:`~game.bots.driver.BotDriver` shows it that seat's
view and the events since it was last asked, and it answers with an action, or ``None`` for an optional move
it lets pass (a move out of turn). A stand-in for an absent player is made when first needed and dismissed
when the player is back.
"""

from __future__ import annotations

from ..bots import new_bot
from ..bots.driver import BotDriver, BotMove
from ..match import Match
from .entropy import Entropy, token
from .lobby import BOT, PLAYER, Seat


class SeatBots:
    """The bots at a table, made when first needed, and the one driver that asks them for moves."""

    def __init__(self, entropy: Entropy, grace_ms: int, absent_level: str | None):
        self._entropy = entropy
        self._grace_ms = grace_ms
        self._absent_level = absent_level
        self.driver = BotDriver()

    def drives(self, place: Seat, now_ms: int) -> bool:
        """True if a bot plays ``place`` at ``now_ms``: a bot's seat, or a player's gone for the grace period."""
        if place.kind == BOT:
            return True
        return (
            place.kind == PLAYER
            and place.peer is None
            and self._absent_level is not None
            and place.left_at is not None
            and now_ms - place.left_at >= self._grace_ms
        )

    def seats_to_act(self, match: Match, seats: list[Seat], now_ms: int) -> list[int]:
        """The seats that may act now and that a bot drives, less those whose bot let this state pass."""
        return self.driver.waiting(match, [seat for seat, place in enumerate(seats) if self.drives(place, now_ms)])

    def next_move(self, match: Match, seats: list[Seat], now_ms: int) -> BotMove | None:
        """The move of the first bot that wants to act now, its bot made first if it has none yet."""
        driven = self.seats_to_act(match, seats, now_ms)
        for seat in driven:
            if seat not in self.driver.seats:
                level = seats[seat].level if seats[seat].kind == BOT else self._absent_level
                # Fresh randomness for the bot's seed: the match seed must stay secret until the end.
                self.driver.seat(seat, new_bot(match.game, level, seed=token(self._entropy)))
        return self.driver.next_move(match, driven)

    def standing_in(self, seats: list[Seat]) -> set[int]:
        """The players' seats a bot is playing now."""
        return {seat for seat in self.driver.seats if seats[seat].kind == PLAYER}

    def dismiss(self, seat: int) -> None:
        """The seat's player is back: its stand-in steps aside (a new one starts afresh if needed again)."""
        self.driver.unseat(seat)

    def reset(self) -> None:
        """A new match: every bot starts afresh."""
        self.driver = BotDriver()
