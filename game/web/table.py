"""A game at one device: the match, who sits where (people first, then bots), and whose eyes are on the screen.

This module knows no browser, so the whole table (bots taking turns, the pass-and-play curtain,
save and resume) is tested on CPython. :mod:`game.web.app` puts it on the page.

Pass-and-play: several people share the screen. The screen always shows one seat's view (the
``viewer``). When a different person must act next, the page first draws a curtain ("Pass to Ben"),
so nobody sees another player's private cards. Out of turn, only the person holding the device
may act; the others can't reach a shared screen at once anyway.
"""

from __future__ import annotations

import json

from ..bots import new_bot
from ..bots.driver import BotDriver, BotMove, main_actor, play
from ..core import Action, Event
from ..match import Match, new_match
from .config import GameConfig

SAVE_FORMAT = 1


class Table:
    """One match with its seats: people on the first seats, bots on the rest, and the seat on screen."""

    def __init__(self, config: GameConfig, seed: int | str, match: Match | None = None, viewer: int = 0):
        self.config = config
        self.seed = seed
        self.names = config.seat_names()
        self.match = match or new_match(config.game, config.players, config.options, seed)
        # A resumed table's bots start from the first event, so they re-read the game.
        self.bots = BotDriver(
            {
                seat: new_bot(config.game, config.level_of(seat - config.people), seed=f"{seed}/{seat}")
                for seat in range(config.people, config.players)
            }
        )
        self.viewer = viewer

    # --- whose turn -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once the match has a result."""
        return self.match.result() is not None

    def is_person(self, seat: int) -> bool:
        """True for a seat a person plays on this device."""
        return seat not in self.bots.seats

    def main_actor(self) -> int | None:
        """The seat the game is waiting for: the one whose turn it is, or the one that must answer now."""
        return main_actor(self.match)

    def person_to_act(self) -> int | None:
        """The person the game waits for, or ``None`` while bots play (or once it is over)."""
        seat = self.main_actor()
        return seat if seat is not None and self.is_person(seat) else None

    def needs_curtain(self) -> bool:
        """True when another person must take the device before the table may be shown."""
        seat = self.person_to_act()
        return self.config.people > 1 and seat is not None and seat != self.viewer

    def pass_to(self, seat: int) -> None:
        """Hand the screen to ``seat`` (after its player lifted the curtain)."""
        if not self.is_person(seat):
            raise ValueError(f"Seat {seat} is a computer player; the screen goes to people only.")
        self.viewer = seat

    # --- moves ------------------------------------------------------------------------------------

    def act(self, action: Action) -> list[Event]:
        """Play ``action`` for the seat on screen; an illegal one raises ``IllegalAction`` and changes nothing."""
        return self.match.act(self.viewer, action)

    def after(self, action: Action) -> tuple[Table, list[Event]]:
        """The table as it would be once the seat on screen played ``action``, with the events that seat would see.

        This table does not change. The copy's bots start afresh, as on a resumed table: it is for looking
        ahead (:mod:`game.web.predict`), not for playing on. An illegal ``action`` raises ``IllegalAction``.
        """
        ahead = Table(self.config, self.seed, match=self.match.copy(), viewer=self.viewer)
        return ahead, ahead.act(action)

    def legal_actions(self) -> list[Action]:
        """What the seat on screen may do now (out-of-turn moves included)."""
        if self.over:
            return []
        return self.match.legal_actions(self.viewer)

    def bot_move(self) -> BotMove | None:
        """The move of the first bot that wants to act now (in the order the match lists who may act), or ``None``."""
        return self.bots.next_move(self.match)

    def play_bot_move(self, move: BotMove) -> list[Event] | None:
        """Apply a bot's move if the match has not moved on since it was chosen; return the viewer's events."""
        since = self.match.event_count
        if play(self.match, move) is None:
            return None
        return self.match.events(self.viewer, since=since)

    # --- save and resume --------------------------------------------------------------------------

    def to_json(self) -> str:
        """The whole table as JSON text: the config, the seed, the match's action log and the seat on screen."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "config": self.config.to_json(),
                "seed": self.seed,
                "match": self.match.to_json(),
                "viewer": self.viewer,
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> Table:
        """Resume a table saved by :meth:`to_json`; anything damaged or from another version raises ``ValueError``."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError):
            raise ValueError("The saved game is damaged: it could not be read.") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ValueError("The saved game comes from another version of Face Down.")
        config = GameConfig.from_json(data.get("config"))
        match = Match.from_json(data.get("match"))
        if (match.game, match.players, match.seed) != (config.game, config.players, data.get("seed")):
            raise ValueError("The saved game does not match its own settings.")
        viewer = data.get("viewer")
        if not isinstance(viewer, int) or isinstance(viewer, bool) or not 0 <= viewer < config.people:
            raise ValueError("The saved game names a seat that no person plays.")
        return cls(config, data["seed"], match=match, viewer=viewer)
