"""The one loop that plays bots: show each bot its seat's new events, ask for a move, let the caller play it.

A local table, a room's host, the arena, the terminal and the screenshots all drive their bots through a
:class:`BotDriver`, so a bot is always shown the same things in the same way, and paced by one rule:

    driver = BotDriver({1: new_bot(game, "hard", seed=1)})
    move = driver.next_move(match)                # the first bot that wants to act now, or None
    wait = driver.wait_ms(move, pace_ms=700)      # how long a person would see it think (the caller waits)
    play(match, move)                             # played if the match has not moved on meanwhile

A bot that lets an optional move pass (a Cambio snap it does not want) is not asked again until the match moves.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..core import Action, Event
from ..match import Match
from .base import Bot

# The pace a bot's own reaction time is measured against (the "normal" speed's wait between bot moves).
NORMAL_PACE_MS = 700


@dataclass(frozen=True)
class BotMove:
    """A move a bot has chosen; ``in_turn`` is False for a move out of turn (a racing action, such as a snap)."""

    seat: int
    action: Action
    in_turn: bool
    step: int  # the match's state id it was chosen at; it is stale once the match has moved on


def main_actor(match: Match) -> int | None:
    """The seat the game waits for: the only one that may act, or, among several, the one whose turn it is."""
    acting = match.to_act()
    if len(acting) <= 1:
        return acting[0] if acting else None
    turn = match.view(acting[0]).get("turn")
    return turn if turn in acting else acting[0]


def play(match: Match, move: BotMove) -> list[Event] | None:
    """Play ``move`` if the match is still where the bot chose it; its events for everyone, or ``None`` if stale."""
    if move.step != match.step:
        return None
    return match.act(move.seat, move.action)


class BotDriver:
    """The bots at one match's seats, and how much of its seat's event stream each has been shown."""

    def __init__(self, bots: dict[int, Bot] | None = None):
        self._bots: dict[int, Bot] = {}
        self._shown: dict[int, int] = {}
        self._passed: dict[int, int] = {}  # seat -> the state id at which its bot let its move pass
        for seat, bot in (bots or {}).items():
            self.seat(seat, bot)

    @property
    def seats(self) -> list[int]:
        """The seats a bot plays."""
        return sorted(self._bots)

    def seat(self, seat: int, bot: Bot) -> None:
        """Put ``bot`` at ``seat`` (in place of any there); it starts from the first event of the match."""
        self._bots[seat] = bot
        self._shown[seat] = 0
        self._passed.pop(seat, None)

    def unseat(self, seat: int) -> None:
        """Take the bot at ``seat`` away, if there is one."""
        self._bots.pop(seat, None)
        self._shown.pop(seat, None)
        self._passed.pop(seat, None)

    def bot(self, seat: int) -> Bot:
        """The bot at ``seat``."""
        return self._bots[seat]

    def waiting(self, match: Match, seats: Iterable[int] | None = None) -> list[int]:
        """The seats that may act now and whose bot has not let this state pass: the bots' own, in the order the
        match lists who may act, or of ``seats``, in their order (a caller that rotates who is asked first)."""
        acting = match.to_act()
        order = acting if seats is None else [seat for seat in seats if seat in acting]
        return [
            seat for seat in order if (seats is not None or seat in self._bots) and self._passed.get(seat) != match.step
        ]

    def next_move(self, match: Match, seats: Iterable[int] | None = None) -> BotMove | None:
        """The move of the first bot that wants to act now (asked in :meth:`waiting`'s order), or ``None``."""
        if match.result() is not None:
            return None
        main = main_actor(match)
        for seat in [seat for seat in self.waiting(match, seats) if seat in self._bots]:
            events = match.events(seat, since=self._shown[seat])
            self._shown[seat] = match.event_count
            action = self._bots[seat].choose(match.view(seat), events)
            if action is not None:
                return BotMove(seat, action, seat == main, match.step)
            self._passed[seat] = match.step
        return None

    def wait_ms(self, move: BotMove, pace_ms: int) -> int:
        """How long to wait before playing ``move`` at a pace of ``pace_ms`` between bot moves: a move out of turn
        takes the bot's own reaction time (scaled to the pace), where its game has one."""
        if move.in_turn:
            return pace_ms
        reaction = getattr(self._bots[move.seat], "reaction_delay_ms", None)
        return (reaction() if reaction else pace_ms) * pace_ms // NORMAL_PACE_MS
