"""Rooms on the page: the adapter between the page and the room controller (:mod:`game.web.roomscreen`).

It reads the page (the URL's fragment, the picker, this browser's storage), binds the room panel's controls
and the transport's listeners, and carries out what the controller returns: texts and panels, messages to
send, storage, timers (every wait through :class:`~game.web.timer.Timer`) and the game on screen. The
controller decides everything; nothing here chooses what a room does.

The transport is JavaScript (static/js/net/transport.js, bundled into static/vendor/net/). It is loaded only
when a room opens: static/js/rooms.js gives the page a tiny ``window.faceDownNet`` whose ``open`` and
``qrSvg`` import the bundles on first use, so a solo game never downloads them. Python awaits those
promises, and hands the transport listeners wrapped with ``create_proxy`` (they must outlive the call that
registers them).
"""

from __future__ import annotations

import asyncio
import json

from pyodide.ffi import JsException, create_once_callable, create_proxy, to_js
from pyscript import document, window

from . import invite
from .roomscreen import (
    CloseTransport,
    Effect,
    Fragment,
    GameNews,
    HideGame,
    OpenTransport,
    Page,
    Picker,
    Reload,
    RoomScreen,
    Send,
    ShowGame,
    ShowInvite,
    ShowLobby,
    StepShown,
    Store,
    storage_key,
)
from .roomview import render_invite
from .screen import After, Cancel, Say, Show, Write
from .source import RoomSource
from .timer import Timer

# What a player reads when the room's network code itself fails (its own error goes to the console).
NETWORK_BROKE = "The room's network code could not start. Reload the page; if it happens again, try another browser."


def now_ms() -> int:
    """The wall clock in milliseconds: the time the protocol's rate caps and grace periods run on."""
    return int(window.Date.now())


class Rooms:
    """The page's room, if any: its controller, its transport, the game's seat source and the timers."""

    def __init__(self, app):
        self.app = app
        self.control: RoomScreen | None = None
        self.transport = None
        self.source: RoomSource | None = None
        self.timers: dict[str, Timer] = {}
        self._listeners = {}  # the transport's listeners: kept alive while it may call them
        self._tasks = set()
        self._effects = {
            Write: self._write,
            Show: lambda effect: setattr(document.getElementById(effect.element), "hidden", not effect.shown),
            Say: lambda effect: self.app.say(effect.text),
            After: self._after,
            Cancel: self._cancel,
            Send: self._send,
            Store: self._store,
            OpenTransport: lambda effect: self._run(self._open(effect)),
            CloseTransport: self._close,
            ShowInvite: lambda effect: self._run(self._show_invite(effect.link)),
            ShowLobby: self._show_lobby,
            ShowGame: self._show_game,
            GameNews: self._game_news,
            HideGame: self._hide_game,
            Fragment: self._fragment,
            Picker: lambda effect: setattr(document.getElementById("new-game"), "open", effect.open),
            StepShown: lambda effect: setattr(document.documentElement.dataset, "roomStep", str(effect.step)),
            Reload: lambda effect: window.location.reload(),
        }
        document.body.addEventListener("change", create_proxy(self.on_change))

    # --- entering and leaving ------------------------------------------------------------------------------

    def boot(self) -> bool:
        """Enter the room the URL fragment names, if any; True if the page now belongs to a room."""
        if not document.getElementById("room"):  # JavaScript null is not None in Python
            return False  # the embed has no rooms
        try:
            found = invite.parse_fragment(window.location.hash)
            if found is None:
                return False
            kind = invite.transport_kind(window.location.search)
            keys = [storage_key(found.room, what) for what in ("host", "host-seat", "seat")]
            stored = {key: window.localStorage.getItem(key) for key in keys}
            self.control, effects = RoomScreen.enter(found, kind, self._page(), stored, now_ms())
        except ValueError as error:
            self.app.say(str(error))
            return False
        self._carry_out(effects)
        return True

    def create(self) -> None:
        """ "Create room": host the game chosen in the picker; the invite link and QR code appear in the room panel."""
        try:
            chosen = self.app.picked_config()
            kind = invite.transport_kind(window.location.search)
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
        location = window.location
        settings = self.app.settings
        return Page(location.origin + location.pathname, location.search, settings.name, settings.bot_delay_ms)

    # --- the player's controls ----------------------------------------------------------------------------

    def renamed(self) -> None:
        """Tell the host this player's name, after they changed it."""
        if self.control is not None:
            self._carry_out(self.control.renamed(self.app.settings.name, now_ms()))

    def on_command(self, element) -> None:
        """A room button (``data-command="room-..."``, with ``data-seat`` where a seat is meant)."""
        command = element.dataset.command
        seat_text = element.getAttribute("data-seat")
        if command == "room-create":
            self.create()
        elif command == "room-leave":
            self.leave()
            document.getElementById("new-game").open = True
        elif command == "room-copy":
            self._copy_link()
        elif command == "room-export":
            self._export()
        elif self.control is not None:
            try:
                chosen = self.app.picked_config() if command == "room-configure" else None
            except ValueError as error:
                self.app.say(str(error))
                return
            seat = int(seat_text) if seat_text else None
            self._carry_out(self.control.command(command, seat, now_ms(), chosen))

    def again(self) -> None:
        """ "Play again" after a room's game: the host goes back to the lobby with the same seats."""
        if self.control is not None:
            self._carry_out(self.control.command("room-again", None, now_ms()))

    def on_change(self, event) -> None:
        """The player's name, a room file to resume from, or the host's choice of whom to seat."""
        target = event.target
        if self.control is None or not target.closest("#room"):
            return
        if target.name == "room-name":
            try:
                self.app.set_name(target.value)
            except ValueError as error:
                self.app.say(str(error))
                return
            self.renamed()
        elif target.hasAttribute("data-room-import") and target.files.length:
            self._run(self._import(target.files.item(0)))
        elif target.hasAttribute("data-room-assign") and target.value:
            self._carry_out(self.control.assign(int(target.dataset.seat), target.value, now_ms()))

    def _export(self) -> None:
        """ "Save the room to a file": the host's save with the room's id and password, as a download."""
        found = self.control.room_file() if self.control is not None else None
        if found is None:
            return
        name, text = found
        options = to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
        link = document.createElement("a")
        link.href = window.URL.createObjectURL(window.Blob.new(to_js([text]), options))
        link.download = name
        link.click()
        window.setTimeout(create_once_callable(lambda *_: window.URL.revokeObjectURL(link.href)), 0)

    async def _import(self, file) -> None:
        control = self.control
        text = await file.text()
        if control is self.control:
            self._carry_out(control.imported(text, now_ms()))

    def _copy_link(self) -> None:
        field = document.getElementById("room-link")
        if not field:
            return
        field.select()
        # The clipboard may be missing (a page not served over https) or refused: the link is selected anyway.
        clipboard = getattr(window.navigator, "clipboard", None)
        if clipboard is not None:
            clipboard.writeText(field.value).catch(create_once_callable(lambda _: None))

    def debug_state(self) -> str:
        """What this page knows of its room, as JSON (``window.faceDownRoom()``): for tests and the curious."""
        return json.dumps(self.control.debug_state() if self.control is not None else {"role": None})

    # --- carrying out the controller's effects --------------------------------------------------------------

    def _carry_out(self, effects: list[Effect]) -> None:
        for effect in effects:
            self._effects[type(effect)](effect)

    def _write(self, effect: Write) -> None:
        setattr(document.getElementById(effect.element), "innerHTML" if effect.html else "textContent", effect.text)

    async def _open(self, effect: OpenTransport) -> None:
        control = self.control

        def listen(handle):
            """A transport listener: the controller's answer is carried out while this room is still the page's."""

            def listener(*args):
                if self.control is control:
                    self._carry_out(handle(*args))

            return create_proxy(listener)

        def opened(transport):
            self.transport = transport
            return control.opened(transport.selfId)

        self._listeners = {
            "open": listen(opened),
            "join": listen(control.joined),
            "leave": listen(lambda peer: control.left(peer, now_ms())),
            "message": listen(lambda peer, text: control.received(peer, text, now_ms())),
            "path": listen(control.reached),
            "error": listen(lambda text: [Say(text)]),  # the transport's own sentences for the player
        }
        listeners = to_js(self._listeners, dict_converter=window.Object.fromEntries)
        transport = await window.faceDownNet.open(effect.kind, effect.room, effect.key, listeners)
        if getattr(transport, "refused", None):
            if self.control is control:
                self._carry_out(control.refused(transport.refused))
        elif self.control is not control:  # the room was left while it opened
            transport.leave()

    async def _show_invite(self, link: str) -> None:
        qr = await window.faceDownNet.qrSvg(link)
        document.getElementById("room-invite").innerHTML = render_invite(link, qr)

    def _run(self, coroutine) -> None:
        """Run ``coroutine`` on the page's event loop; a failure is said in a sentence."""

        async def guarded():
            try:
                await coroutine
            except ValueError as error:  # ours: a sentence already
                self.app.say(str(error))
            except JsException as error:
                window.console.error(str(error))
                self.app.say(NETWORK_BROKE)

        task = asyncio.ensure_future(guarded())
        self._tasks.add(task)  # the loop keeps only a weak reference to a task
        task.add_done_callback(self._tasks.discard)

    def _after(self, effect: After) -> None:
        control = self.control
        timer = self.timers.setdefault(effect.timer, Timer())

        def run():
            if self.control is control:
                status = self.transport.status().to_py() if self.transport is not None else None
                self._carry_out(control.timer(effect.timer, now_ms(), status))

        timer.after(effect.delay_ms, run, effect.after_paint)

    def _cancel(self, effect: Cancel) -> None:
        timer = self.timers.pop(effect.timer, None)
        if timer is not None:
            timer.cancel()

    def _send(self, effect: Send) -> None:
        if self.transport is not None:
            self.transport.send(effect.peer, effect.text)

    def _store(self, effect: Store) -> None:
        if effect.text is None:
            window.localStorage.removeItem(effect.key)
        else:
            window.localStorage.setItem(effect.key, effect.text)

    def _close(self, effect: CloseTransport) -> None:
        for timer in self.timers.values():
            timer.cancel()
        self.timers.clear()
        if self.transport is not None:
            self.transport.leave()
        self.transport = None

    def _show_lobby(self, effect: ShowLobby) -> None:
        fold = document.querySelector("#room .room-fold")
        unfolded = bool(fold and fold.open)  # a player who opened the folded lobby keeps it open
        document.getElementById("room-lobby").innerHTML = effect.html
        fold = document.querySelector("#room .room-fold")
        if fold:
            fold.open = unfolded

    def _show_game(self, effect: ShowGame) -> None:
        control = self.control
        self.source = RoomSource(control.client, lambda text: self._carry_out(control.player_says(text, now_ms())))
        self.app.show(self.source, deal=effect.deal)

    def _game_news(self, effect: GameNews) -> None:
        if effect.answered and self.source is not None:
            self.source.answered()
        self.app.room_update()

    def _hide_game(self, effect: HideGame) -> None:
        self.source = None
        self.app.hide_game()

    def _fragment(self, effect: Fragment) -> None:
        path = window.location.pathname + window.location.search
        window.history.replaceState(None, "", path + effect.text)
