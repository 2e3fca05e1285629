"""Rooms on the page: between the page's messages and the room controller (:mod:`game.web.roomscreen`). No browser.

The app (:mod:`game.web.app`) hands each room message here with what it knows of the page (its URL, this browser's
storage at boot, the player's name and pace), and carries out the effects each call returns, as it does a play
screen's. This module only reads the messages and calls the controller: the controller decides everything.

How a room's messages flow. The transport is JavaScript on the page's thread (static/js/net/transport.js: a
worker has no RTCPeerConnection), opened by the page's Python (game/web/page/transport.py) through
``window.faceDownNet`` (static/js/rooms.js), which loads the bundles only when a room opens:

- an ``OpenTransport`` effect (the app gives each transport it opens a number, ``gen``) makes the page open one;
  each of its events comes back as a ``net`` message with that number: ``open`` (this peer's id), ``join``,
  ``leave``, ``message`` (peer, text), ``path`` (peer, how it is reached), ``resume`` (the page came back from
  sleep, or online), ``relays`` (how many relays carry its messages, how many turned it away), ``error`` (a
  sentence), ``refused`` (a sentence: the link's network settings are wrong, so it did not open) and ``broke``
  (the network code failed). The app drops the events of a transport it has since closed;
- ``Send``, ``CloseTransport``: the page sends a text to a peer, or leaves;
- the room's timers run on the page like the screen's; when one runs, the page adds the transport's
  ``status()`` (for the connection limit).
"""

from __future__ import annotations

import time

from . import invite
from .config import GameConfig
from .effects import Download, Effect, HideGame, Open, Say
from .roomscreen import Page, RoomScreen, storage_key
from .source import RoomSource

# What a player reads when the room's network code itself fails (its own error goes to the console).
NETWORK_BROKE = "The room's network code could not start. Reload the page; if it happens again, try another browser."


def now_ms() -> int:
    """The wall clock in milliseconds: the time the room protocol's rate caps and grace periods run on."""
    return int(time.time() * 1000)


class Rooms:
    """The page's room, if any: its controller."""

    def __init__(self):
        self.control: RoomScreen | None = None

    # --- entering and leaving ------------------------------------------------------------------------------

    @property
    def entered(self) -> bool:
        """True while this page is in a room."""
        return self.control is not None

    def boot(self, fragment: str, search: str, storage: dict[str, str], page: Page) -> tuple[bool, list[Effect]]:
        """Enter the room the URL's ``fragment`` names (``search``: its query, with the network settings), if any:
        whether the page now belongs to a room, and the effects. A bad invitation is said, and enters none."""
        try:
            found = invite.parse_fragment(fragment)
            if found is None:
                return False, []
            kind = invite.transport_kind(search)
            keys = [storage_key(found.room, what) for what in ("host", "host-seat", "seat")]
            stored = {key: storage.get(key) for key in keys}
            self.control, effects = RoomScreen.enter(found, kind, page, stored, now_ms())
        except ValueError as error:
            return False, [Say(str(error))]
        return True, effects

    def create(self, chosen: GameConfig, search: str, page: Page) -> list[Effect]:
        """ "Create room": host ``chosen``; the invite link and QR code appear in the room panel."""
        try:
            kind = invite.transport_kind(search)
        except ValueError as error:
            return [Say(str(error))]
        effects = self.leave()
        try:
            self.control, created = RoomScreen.create(chosen, kind, page, now_ms())
        except ValueError as error:
            return [*effects, Say(str(error))]
        return [*effects, HideGame(), *created]

    def leave(self) -> list[Effect]:
        """Leave the room, if any: close the transport and forget it (the saves stay, to come back by the link)."""
        control, self.control = self.control, None
        return control.leave() if control is not None else []

    def seat(self) -> RoomSource:
        """This page's seat of the room's game, for the play screen."""
        return RoomSource(self.control.client)

    # --- the player's controls ----------------------------------------------------------------------------

    def renamed(self, name: str) -> list[Effect]:
        """Tell the host this player's name, after they changed it."""
        return self.control.renamed(name, now_ms()) if self.control is not None else []

    def on_command(self, command: str, seat: int | None, chosen: GameConfig | None) -> list[Effect]:
        """A room button (``data-command="room-..."``, with ``data-seat`` where a seat is meant), with the game the
        picker chose for ``room-configure``. ``room-create`` is the app's (:meth:`create`)."""
        if command == "room-leave":
            return [*self.leave(), Open("new-game", True)]
        if self.control is None:
            return []
        if command == "room-export":
            found = self.control.room_file()
            return [Download(*found)] if found is not None else []
        return self.control.command(command, seat, now_ms(), chosen)

    def again(self) -> list[Effect]:
        """ "Play again" after a room's game: the host goes back to the lobby with the same seats."""
        return self.control.command("room-again", None, now_ms()) if self.control is not None else []

    def imported(self, text: str) -> list[Effect]:
        """The text of the room file the host chose, to resume the room from; a file that is not this room's, or is
        damaged, is refused with a sentence."""
        if self.control is None:
            return []
        try:
            return self.control.imported(text, now_ms())
        except ValueError as error:
            return [Say(str(error))]

    def assign(self, seat: int, peer: str) -> list[Effect]:
        """The host chose whom to seat in ``seat``."""
        return self.control.assign(seat, peer, now_ms()) if self.control is not None and peer else []

    def player_says(self, text: str) -> list[Effect]:
        """One of this player's messages for the host (a move from the play screen)."""
        return self.control.player_says(text, now_ms()) if self.control is not None else []

    def debug_state(self) -> dict:
        """What this page knows of its room: for tests and the curious."""
        return self.control.debug_state() if self.control is not None else {"role": None}

    # --- the transport's news and the timers ----------------------------------------------------------------

    def on_net(self, event: str, args: list) -> list[Effect]:
        """An event of the room's transport (the app has checked that it is the one open)."""
        control = self.control
        if control is None:
            return []
        now = now_ms()
        if event == "open":
            return control.opened(args[0])
        if event == "join":
            return control.joined(args[0], now)
        if event == "leave":
            return control.left(args[0], now)
        if event == "message":
            return control.received(args[0], args[1], now)
        if event == "path":
            return control.reached(args[0], args[1], now)
        if event == "resume":
            return control.resumed(now)
        if event == "relays":
            return control.relays(args[0], args[1])
        if event == "error":  # the transport's own sentences for the player
            return [Say(args[0])]
        if event == "refused":  # the link's network settings are wrong: the transport did not open
            return control.refused(args[0])
        return [Say(NETWORK_BROKE)]  # "broke": the network code failed (its error is on the console)

    def timer(self, name: str, status: dict | None) -> list[Effect]:
        """The room's timer ``name`` ran (``status``: the transport's)."""
        return self.control.timer(name, now_ms(), status) if self.control is not None else []
