"""Seat sources: what one play screen shows and where its moves go, for a local game and for a room alike.

The play screen (:mod:`game.web.screen`) draws whatever a seat source gives it, with the same presenters and
renderer, and asks it nothing about where it is:

- :class:`~game.web.local.LocalSource`: a :class:`~game.web.table.Table` on this device (bots, pass-and-play).
  A move is applied at once; the policies only a local table has are its own: the bots' pace, the save, the
  pass-and-play curtain, the hint and the clicks drawn ahead.
- :class:`RoomSource`: this peer's seat in a room, as the host reported it to a :class:`~game.net.Client`.
  A move goes to the host as an effect (:class:`~game.web.effects.ToHost`); its result (or a refusal) arrives
  later, in a message from the host.

Both offer the seat's view, its legal actions, the seats that may act, the names, whether the game is over, and
the event stream in two forms: for the log (nothing private in it) and as the seat saw it (for private looks).
:class:`SeatSource` is that one interface, with what a seat that has none of a local table's policies does.
No browser here: both are tested on CPython.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

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
    """This peer's seat in a room: everything comes from what the host sent, moves go back as effects."""

    def __init__(self, client: Client):
        self.client = client
        # The host's last word on this seat when its move was sent: until another comes, nothing is clickable, so
        # a double click sends one move.
        self._sent_at: tuple[int, int] | None = None

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
        """The seat whose stream the host sends (``None``: this peer only watches)."""
        return self.client.view_seat

    @property
    def over(self) -> bool:
        """True once the host's view has a result."""
        return self.client.view.get("result") is not None

    @property
    def event_count(self) -> int:
        """How much of the seat's stream has arrived."""
        return len(self.client.events)

    @property
    def waiting(self) -> bool:
        """True from sending a move until the host sends news (an update or a refusal)."""
        return self._sent_at is not None and self._sent_at == self._heard()

    def _heard(self) -> tuple[int, int]:
        return self.client.step, len(self.client.errors)

    def view(self) -> dict:
        """The seat's view as the host last sent it."""
        return self.client.view

    def legal_actions(self) -> list[Action]:
        """The host's list of the seat's legal actions, or none while a move is on its way."""
        return [] if self.waiting or self.over else self.client.legal

    def to_act(self) -> list[int]:
        """The seats that may act now (every game's view lists them)."""
        return self.client.view.get("to_act", [])

    def main_actor(self) -> int | None:
        """The seat the game waits for: the only one acting, or whose turn it is among several (moves out of turn)."""
        acting = self.to_act()
        if len(acting) <= 1:
            return acting[0] if acting else None
        turn = self.client.view.get("turn")
        return turn if turn in acting else acting[0]

    def act(self, action: Action) -> list[Effect]:
        """The message that sends ``action`` to the host; ``IllegalAction`` if the host's list does not offer it
        (nothing is sent)."""
        if action not in self.legal_actions():
            raise IllegalAction(REFUSAL)
        self._sent_at = self._heard()
        return [ToHost(self.client.act(action))]

    def public_events(self, since: int) -> list[Event]:
        """The seat's events from ``since``: presenters describe only what every seat sees (tested), so the log
        written from them holds no private card."""
        return self.client.events[since:]

    def seat_events(self, since: int, seat: int | None = None) -> list[Event]:
        """The seat's events from ``since``, its private looks included (no other seat's reach this page)."""
        return self.client.events[since:]

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
