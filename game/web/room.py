"""Rooms on the page: between the page's messages and the room controller (:mod:`game.web.roomscreen`). No browser.

It runs beside :mod:`game.web.app` in the page's worker. It reads what the page sent (the URL's fragment, the
picker's fields, this browser's storage at boot), hands the room controller the player's commands, the timers
and the transport's news, and turns what the controller returns into the page's effects: texts and panels,
messages to send, storage, timers and the game on screen. The controller decides everything; nothing here
chooses what a room does.

How a room's messages flow. The transport is JavaScript on the page's thread (static/js/net/transport.js: a
worker has no RTCPeerConnection), opened by static/js/page.js through ``window.faceDownNet``
(static/js/rooms.js), which loads the bundles only when a room opens:

- an ``OpenTransport`` effect (with ``gen``, a number this page gives each transport it opens) makes page.js
  open one; each of its events comes back as a ``net`` message with that number: ``open`` (this peer's id),
  ``join``, ``leave``, ``message`` (peer, text), ``path`` (peer, how it is reached), ``resumed`` (the page came
  back from sleep, or online), ``relays`` (how many relays carry its messages, how many turned it away),
  ``error`` (a sentence), ``refused`` (a sentence: the link's network settings are wrong, so it did not open)
  and ``broke`` (the network code failed). Events of a transport this page has since closed are ignored;
- ``Send``, ``CloseTransport``: page.js sends a text to a peer, or leaves;
- the room's timers run on the page like the screen's; when one runs, page.js adds the transport's
  ``status()`` (for the connection limit).
"""

from __future__ import annotations

import json

from . import invite
from .bridge import Download, Mark, Open, RoomState, now_ms
from .roomscreen import (
    CloseTransport,
    Effect,
    GameNews,
    HideGame,
    OpenTransport,
    Page,
    Picker,
    RoomScreen,
    ShowGame,
    ShowInvite,
    StepShown,
    storage_key,
)
from .roomview import render_invite
from .screen import After, Cancel, Say
from .source import RoomSource

# What a player reads when the room's network code itself fails (its own error goes to the console).
NETWORK_BROKE = "The room's network code could not start. Reload the page; if it happens again, try another browser."


class Rooms:
    """The page's room, if any: its controller, the number of its transport and the game's seat source."""

    def __init__(self, app):
        self.app = app
        self.control: RoomScreen | None = None
        self.gen = 0  # the number of the transport opened last
        self.source: RoomSource | None = None

    # --- entering and leaving ------------------------------------------------------------------------------

    def boot(self) -> bool:
        """Enter the room the URL fragment names, if any; True if the page now belongs to a room."""
        if not self.app.has_rooms:
            return False  # the embed has no rooms
        location = self.app.location
        try:
            found = invite.parse_fragment(location.hash)
            if found is None:
                return False
            kind = invite.transport_kind(location.search)
            keys = [storage_key(found.room, what) for what in ("host", "host-seat", "seat")]
            stored = {key: self.app.storage.get(key) for key in keys}
            self.control, effects = RoomScreen.enter(found, kind, self._page(), stored, now_ms())
        except ValueError as error:
            self.app.say(str(error))
            return False
        self._carry_out(effects)
        return True

    def create(self, picker: dict) -> None:
        """ "Create room": host the game chosen in the picker; the invite link and QR code appear in the room panel."""
        try:
            chosen = self.app.picked_config(picker)
            kind = invite.transport_kind(self.app.location.search)
        except ValueError as error:
            self.app.say(str(error))
            return
        self.leave()
        if chosen.names:
            self.app.set_name(chosen.names[0])
        try:
            self.control, effects = RoomScreen.create(chosen, kind, self._page(), now_ms())
        except ValueError as error:
            self.app.say(str(error))
            return
        self.app.hide_game()
        self._carry_out(effects)

    def leave(self) -> None:
        """Leave the room, if any: close the transport and forget it (the saves stay, to come back by the link)."""
        if self.control is not None:
            self._carry_out(self.control.leave())
        self.control = None

    def _page(self) -> Page:
        location, current = self.app.location, self.app.settings
        return Page(location.origin + location.pathname, location.search, current.name, current.bot_delay_ms)

    # --- the player's controls ----------------------------------------------------------------------------

    def renamed(self) -> None:
        """Tell the host this player's name, after they changed it."""
        if self.control is not None:
            self._carry_out(self.control.renamed(self.app.settings.name, now_ms()))

    def on_command(self, command: str, seat: int | None, picker: dict | None) -> None:
        """A room button (``data-command="room-..."``, with ``data-seat`` where a seat is meant), with the picker's
        fields."""
        if command == "room-create":
            self.create(picker)
        elif command == "room-leave":
            self.leave()
            self.app.emit(Open("new-game", True))
        elif command == "room-export":
            found = self.control.room_file() if self.control is not None else None
            if found is not None:
                self.app.emit(Download(*found))
        elif self.control is not None:
            try:
                chosen = self.app.picked_config(picker) if command == "room-configure" else None
            except ValueError as error:
                self.app.say(str(error))
                return
            self._carry_out(self.control.command(command, seat, now_ms(), chosen))

    def again(self) -> None:
        """ "Play again" after a room's game: the host goes back to the lobby with the same seats."""
        if self.control is not None:
            self._carry_out(self.control.command("room-again", None, now_ms()))

    def on_name(self, name: str) -> None:
        """The player's name, typed in the room panel."""
        if self.control is None:
            return
        try:
            self.app.set_name(name)
        except ValueError as error:
            self.app.say(str(error))
            return
        self.renamed()

    def imported(self, text: str) -> None:
        """The text of the room file the host chose, to resume the room from."""
        if self.control is not None:
            self._carry_out(self.control.imported(text, now_ms()))

    def assign(self, seat: int, peer: str) -> None:
        """The host chose whom to seat in ``seat``."""
        if self.control is not None and peer:
            self._carry_out(self.control.assign(seat, peer, now_ms()))

    def state(self) -> RoomState:
        """What this page knows of its room (``window.faceDownRoom()``): for tests and the curious."""
        return RoomState(json.dumps(self.control.debug_state() if self.control is not None else {"role": None}))

    # --- the transport's news and the timers ----------------------------------------------------------------

    def on_net(self, gen: int, event: str, args: list) -> None:
        """An event of the transport numbered ``gen``; ignored once this page has opened another or left."""
        control = self.control
        if control is None or gen != self.gen:
            return
        now = now_ms()
        if event == "open":
            effects = control.opened(args[0])
        elif event == "join":
            effects = control.joined(args[0], now)
        elif event == "leave":
            effects = control.left(args[0], now)
        elif event == "message":
            effects = control.received(args[0], args[1], now)
        elif event == "path":
            effects = control.reached(args[0], args[1], now)
        elif event == "resumed":
            effects = control.resumed(now)
        elif event == "relays":
            effects = control.relays(args[0], args[1])
        elif event == "error":  # the transport's own sentences for the player
            effects = [Say(args[0])]
        elif event == "refused":  # the link's network settings are wrong: the transport did not open
            effects = control.refused(args[0])
        else:  # "broke": the network code failed (its error is on the console)
            effects = [Say(NETWORK_BROKE)]
        self._carry_out(effects)

    def timer(self, owner: RoomScreen, name: str, status: dict | None) -> None:
        """The room's timer ``name`` ran, for the controller ``owner`` (``status``: the transport's)."""
        if owner is self.control:
            self._carry_out(owner.timer(name, now_ms(), status))

    # --- carrying out the controller's effects --------------------------------------------------------------

    def _player_says(self, control: RoomScreen):
        """What the room's seat source calls with each message its player sends the host."""
        return lambda text: self._carry_out(control.player_says(text, now_ms()))

    def _carry_out(self, effects: list[Effect]) -> None:
        app, control = self.app, self.control
        for effect in effects:
            kind = type(effect)
            if kind is After:
                app.out += app.timers.start("room", effect.timer, control, effect.delay_ms, effect.after_paint)
            elif kind is Cancel:
                app.out += app.timers.cancel("room", effect.timer)
            elif kind is OpenTransport:
                self.gen += 1
                app.emit(effect)
                app.out[-1]["gen"] = self.gen
            elif kind is CloseTransport:
                app.out += app.timers.cancel_all("room")
                self.gen += 1  # no news of the transport closed
                app.emit(effect)
            elif kind is ShowInvite:
                app.out.append({"effect": "ShowInvite", "link": effect.link, "html": render_invite(effect.link, "")})
            elif kind is ShowGame:
                self.source = RoomSource(control.client, self._player_says(control))
                app.show(self.source, deal=effect.deal)
            elif kind is GameNews:
                if effect.answered and self.source is not None:
                    self.source.answered()
                app.room_update()
            elif kind is HideGame:
                self.source = None
                app.hide_game()
            elif kind is Picker:
                app.emit(Open("new-game", effect.open))
            elif kind is StepShown:
                app.emit(Mark("room-step", str(effect.step)))
            else:  # Write, Show, Say, Send, Store, ShowLobby, Fragment, Reload: the page carries them out as they are
                app.emit(effect)
