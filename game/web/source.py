"""Seat sources: what one play screen shows and where its moves go, for a local game and for a room alike.

The play screen (:mod:`game.web.screen`) draws whatever a seat source gives it, with the same presenters and
renderer, and asks it nothing about where it is:

- :class:`~game.web.local.LocalSource`: a :class:`~game.web.table.Table` on this device (bots, pass-and-play).
  A move is applied at once; the policies only a local table has are its own: the bots' pace, the save, the
  pass-and-play curtain, the hint and the clicks drawn ahead.
- :class:`RoomSource`: this peer's seat in a room. Its :class:`~game.net.Client` plays the sealed game itself
  from the room's log (its replica), so the seat's view, events and moves are those of that copy of the match. A
  move goes to the host as an effect (:class:`~game.web.effects.ToHost`); it is played when the log brings it
  back (or refused, in a message from the host).

Both offer the seat's view, its legal actions, the seats that may act, the names, whether the game is over, and
the event stream in two forms: for the log (nothing private in it) and as the seat saw it (for private looks).
:class:`SeatSource` is that one interface, with what a seat that has none of a local table's policies does.
No browser here: both are tested on CPython.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..bots.driver import main_actor
from ..core import Action, Event, IllegalAction
from .effects import Effect, ToHost
from .records import level_of
from .words import REFUSAL, bot_name, person_name

if TYPE_CHECKING:
    from ..net import Client
    from .hint import Hint
    from .predict import Prediction
    from .presenter import Presenter
    from .render import Rendered
    from .settings import Settings


@dataclass(frozen=True)
class Shown:
    """What the play screen shows now, as a seat source's own work reads it (a local table's bots and its clicks
    drawn ahead): handed over as a value, so that no source reaches into the screen."""

    presenter: Presenter
    table: Rendered | None  # the table on the page; None while it shows something else (the curtain)
    legal: list[Action]  # the choices drawn on it
    still: bool  # a look, a curtain or an interlude holds the game: bots wait
    menu: bool  # a menu or a question is open on the table
    memory: dict  # the seat's memory of looks (Presenter.looks): read, never changed
    notes: dict  # what the presenter noted for its questions (Presenter.follow): read, never changed
    settings: Settings


class SeatSource:
    """One seat's game as a play screen sees it. The defaults are a seat with none of a local table's policies."""

    table = None  # the local table, if the game is played on this device
    shared = False  # several people take turns at this screen, so the prompt names who is to play
    offers_hints = False  # a hint may be asked for (in a room it would help one player against the others)
    waits_for_looks = False  # the game waits while a look the player ends themselves is up

    @property
    def waiting(self) -> bool:
        """True while a move of this seat is on its way and its answer has not come: the table's choices are stale."""
        return False

    def people(self) -> list[int]:
        """The seats that people play at this screen."""
        return [] if self.viewer is None else [self.viewer]

    def curtain_seat(self) -> int | None:
        """The person who must take the device before the table may be shown, if another must."""
        return None

    def pass_to(self, seat: int) -> None:
        """Hand the screen to ``seat`` (after its player lifted the curtain)."""
        raise IllegalAction(REFUSAL)

    def save(self, due: bool = True) -> list[Effect]:
        """The save of what changed since the last one (``due``: now; else kept by the page if it is put away)."""
        return []

    def hint(self, presenter: Presenter, legal: list[Action]) -> Hint | None:
        """The move a hint suggests for the seat on screen, among ``legal``."""
        return None

    def drawing(self) -> list[Effect]:
        """The table is about to be redrawn: whatever was worked out for the table on the page is stale."""
        return []

    def settled(self, shown: Shown) -> list[Effect]:
        """The table and everything around it are drawn (``shown``): the source's own work may start."""
        return []

    def timer(self, name: str, shown: Shown) -> tuple[list[Effect], bool]:
        """The source's own timer ``name`` ran (``shown``: the screen as it is then): its effects, and whether the game
        moved on (a bot played), which the screen draws as news."""
        return [], False

    def predicted(self, key: str) -> Prediction | None:
        """The click ``key`` drawn ahead for the table on the page, if it was."""
        return None


class RoomSource(SeatSource):
    """This peer's seat in a room: the game as its client's replica plays it; moves go to the host as effects."""

    def __init__(self, client: Client):
        self.client = client
        # The game's state when this seat's move was sent: until the log moves past it, nothing is clickable, so a
        # double click sends one move.
        self._sent_at: tuple[int, int] | None = None
        self._last = None if client.replica is None else client.replica.match

    @property
    def _match(self):
        # The last game this peer's copy played: while the client makes its copy again (a new connection's start),
        # the screen may still draw before the room's news hides or shows a game.
        replica = self.client.replica
        if replica is not None and replica.match is not None:
            self._last = replica.match
        return self._last

    @property
    def game(self) -> str:
        """The game id, from the lobby."""
        return self.client.lobby["game"]

    @property
    def names(self) -> list[str]:
        """A name for every seat, from the lobby."""
        return seat_names(self.client.lobby)

    @property
    def viewer(self) -> int | None:
        """The seat this peer plays (``None``: it only watches)."""
        seat = self.client.seat
        return seat if seat is not None and seat < self._match.players else None

    @property
    def over(self) -> bool:
        """True once the game has a result."""
        return self._match.result() is not None

    @property
    def event_count(self) -> int:
        """How long the event stream is."""
        return self._match.event_count

    @property
    def waiting(self) -> bool:
        """True from sending a move until the log moves on or the host refuses it, and while the game waits for
        cards (another device's share of a card being turned up)."""
        sent = self._sent_at is not None and self._sent_at == self._heard()
        replica = self.client.replica
        return sent or replica is None or not replica.idle

    def _heard(self) -> tuple[int, int]:
        return self._match.step, len(self.client.errors)

    def view(self) -> dict:
        """The seat's view (a spectator's for a peer that only watches)."""
        return self._match.view(self.viewer)

    def legal_actions(self) -> list[Action]:
        """What the seat may play now, or nothing while a move is on its way."""
        if self.waiting or self.over or self.viewer is None:
            return []
        return self._match.legal_actions(self.viewer)

    def to_act(self) -> list[int]:
        """The seats that may act now."""
        return self._match.to_act()

    def main_actor(self) -> int | None:
        """The seat the game waits for: the only one acting, or whose turn it is among several (moves out of turn)."""
        return main_actor(self._match)

    def act(self, action: Action) -> list[Effect]:
        """The message that sends ``action`` to the host; ``IllegalAction`` if the seat may not play it now (nothing
        is sent)."""
        if action not in self.legal_actions():
            raise IllegalAction(REFUSAL)
        self._sent_at = self._heard()
        return [ToHost(self.client.act(action))]

    def public_events(self, since: int) -> list[Event]:
        """The events from ``since`` as a spectator saw them: the log never shows a private card."""
        return self._match.events(None, since=since)

    def seat_events(self, since: int, seat: int | None = None) -> list[Event]:
        """The seat's events from ``since``, its private looks included."""
        return self._match.events(self.viewer, since=since)

    def record_level(self) -> str | None:
        """A room's game counts in the records of whoever plays a seat in it."""
        return None if self.viewer is None else level_of([], 0, in_room=True)


def seat_names(lobby: dict) -> list[str]:
    """A name for every seat of a room's lobby: a player's own, "Player N", or a computer player's."""
    names = []
    bots = 0
    for seat in lobby["seats"]:
        if seat["kind"] == "bot":
            names.append(bot_name(bots, seat["level"] or ""))
            bots += 1
        else:
            names.append(seat["name"] or person_name(seat["seat"]))
    return names
