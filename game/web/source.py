"""Seat sources: what one screen shows and where its moves go, for a local game and for a room alike.

:mod:`game.web.app` draws whatever a seat source gives it with the same presenters and renderer:

- :class:`LocalSource`: a :class:`~game.web.table.Table` on this device (bots, pass-and-play). A move
  is applied at once.
- :class:`RoomSource`: this peer's seat in a room, as the host reported it to a :class:`~game.net.Client`.
  A move is sent to the host; its result (or a refusal) arrives later, in a message from the host.

Both offer the seat's view, its legal actions, the seats that may act, the names, whether the game is
over, and the event stream in two forms: for the log (nothing private in it) and as the seat saw it
(for private looks). ``table`` is the local table, or ``None`` in a room: the curtain, the bots and
the saved game belong to local tables only. No browser here: both are tested on CPython.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core import Action, Event, IllegalAction
from .table import Table
from .words import REFUSAL, bot_name, person_name

if TYPE_CHECKING:
    from ..net import Client


class LocalSource:
    """A game played on this device."""

    def __init__(self, table: Table):
        self.table = table

    @property
    def game(self) -> str:
        """The game id."""
        return self.table.config.game

    @property
    def names(self) -> list[str]:
        """A name for every seat."""
        return self.table.names

    @property
    def viewer(self) -> int:
        """The seat whose view is on screen."""
        return self.table.viewer

    @property
    def shared(self) -> bool:
        """True when several people take turns at this screen, so the prompt names who is to play."""
        return self.table.config.people > 1

    @property
    def over(self) -> bool:
        """True once the game has a result."""
        return self.table.over

    @property
    def event_count(self) -> int:
        """How long the event stream is."""
        return self.table.match.event_count

    def view(self) -> dict:
        """The view of the seat on screen."""
        return self.table.match.view(self.table.viewer)

    def legal_actions(self) -> list[Action]:
        """What the seat on screen may do now."""
        return self.table.legal_actions()

    def to_act(self) -> list[int]:
        """The seats that may act now."""
        return self.table.match.to_act()

    def main_actor(self) -> int | None:
        """The seat the game waits for."""
        return self.table.main_actor()

    def act(self, action: Action) -> None:
        """Play ``action`` now; an illegal one raises ``IllegalAction`` and changes nothing."""
        self.table.act(action)

    def public_events(self, since: int) -> list[Event]:
        """The events from index ``since`` as a spectator saw them: the log never shows a private card."""
        return self.table.match.events(None, since=since)

    def seat_events(self, since: int) -> list[Event]:
        """The events from index ``since`` as the seat on screen saw them (its private looks included)."""
        return self.table.match.events(self.table.viewer, since=since)


class RoomSource:
    """This peer's seat in a room: everything comes from what the host sent, moves go back through ``send``."""

    table = None
    shared = False  # in a room every player has their own screen

    def __init__(self, client: Client, send: Callable[[str], None]):
        self.client = client
        self._send = send
        # Between sending a move and the host's answer nothing is clickable, so a double click sends one move.
        self.waiting = False

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

    def act(self, action: Action) -> None:
        """Send ``action`` to the host; ``IllegalAction`` if the host's list does not offer it (nothing is sent)."""
        if action not in self.legal_actions():
            raise IllegalAction(REFUSAL)
        self.waiting = True
        self._send(self.client.act(action))

    def answered(self) -> None:
        """The host sent news (an update or a refusal): the seat may move again."""
        self.waiting = False

    def public_events(self, since: int) -> list[Event]:
        """The seat's events from ``since``: presenters describe only what every seat sees (tested), so the log
        written from them holds no private card."""
        return self.client.events[since:]

    def seat_events(self, since: int) -> list[Event]:
        """The seat's events from ``since``, its private looks included."""
        return self.client.events[since:]


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
