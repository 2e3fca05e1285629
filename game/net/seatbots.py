"""The bots a host drives: bot seats, and an absent player's seat once its grace period is over.

A bot sits on a seat as a person does: it is shown that seat's view and the events since it was last
asked, and answers with an action, or ``None`` for an optional move it lets pass (a move out of turn).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bots import Bot, new_bot
from ..match import Match
from .entropy import Entropy, token
from .lobby import BOT, PLAYER, Seat


@dataclass
class Driver:
    """A bot driving a seat, and how many of that seat's events it has been shown."""

    bot: Bot
    told: int = 0


class SeatBots:
    """The bots at a table; a player's stand-in is made when first needed and dismissed on their return."""

    def __init__(self, entropy: Entropy, grace_ms: int, absent_level: str | None):
        self._entropy = entropy
        self._grace_ms = grace_ms
        self._absent_level = absent_level
        self._drivers: dict[int, Driver] = {}
        self._declined: dict[int, int] = {}  # seat -> the state id at which its bot let its move pass

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
        return [
            seat
            for seat in match.to_act()
            if self.drives(seats[seat], now_ms) and self._declined.get(seat) != match.step
        ]

    def choose(self, match: Match, seat: int, place: Seat) -> dict | None:
        """Ask the bot at ``seat`` for its move (``None``: it lets the move pass, and is not asked again now)."""
        if seat not in self._drivers:
            level = place.level if place.kind == BOT else self._absent_level
            # Fresh randomness for the bot's seed: the match seed must stay secret until the end.
            self._drivers[seat] = Driver(new_bot(match.game, level, seed=token(self._entropy)))
        driver = self._drivers[seat]
        events = match.events(seat, since=driver.told)
        driver.told = match.event_count
        action = driver.bot.choose(match.view(seat), events)
        if action is None:
            self._declined[seat] = match.step
        return action

    def standing_in(self, seats: list[Seat]) -> set[int]:
        """The players' seats a bot is playing now."""
        return {seat for seat in self._drivers if seats[seat].kind == PLAYER}

    def dismiss(self, seat: int) -> None:
        """The seat's player is back: its stand-in steps aside (a new one starts afresh if needed again)."""
        self._drivers.pop(seat, None)

    def reset(self) -> None:
        """A new match: every bot starts afresh."""
        self._drivers.clear()
        self._declined.clear()
