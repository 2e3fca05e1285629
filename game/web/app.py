"""The page adapter: the only code that touches the page's DOM and timers for a game (with :mod:`game.web.room`
for rooms).

It binds the page's events and turns them into calls of the screen controller (:mod:`game.web.screen`),
then carries out the effects each call returns: the table's edits through static/js/redraw.js (the table's
one writer), texts, focus, timers, announcements and the save. Everything a player does arrives as a click
on ``[data-pos]`` (a table spot), ``[data-action]`` (a button for one legal action) or ``[data-command]``
(page commands: play again, lift the curtain...). Keyboard play needs nothing extra: spots are buttons, and
static/js/keys.js moves focus with the arrows.

What the screen draws comes from a *seat source* (:mod:`game.web.source`): a local :class:`Table`, or this
peer's seat in a room (:mod:`game.web.room` runs the room and hands the app its source with :meth:`App.show`,
and its news with :meth:`App.room_update`). The settings, the saved game, the picker and the URL are this
module's too.
"""

from __future__ import annotations

import json
import random
from html import escape
from typing import TYPE_CHECKING

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from . import art, config, records, settings
from .config import GameConfig
from .games import presenter_for
from .screen import (
    AddLog,
    After,
    Announce,
    Cancel,
    DrawTable,
    Effect,
    Focus,
    HintSeen,
    KeepRecords,
    Over,
    Predict,
    Save,
    Say,
    Screen,
    Show,
    Sound,
    Write,
)
from .source import LocalSource
from .table import Table
from .timer import Timer

if TYPE_CHECKING:
    from .room import Rooms
    from .source import RoomSource

SETTINGS_KEY = "face-down/settings"
MAX_ANNOUNCED = 30  # the live region's lines kept: removing old ones is not announced, and keeps it small
HINTS_KEY = "face-down/hints-seen"  # the games whose first-turn hint this browser has shown
RECORDS_KEY = "face-down/records"  # the player's records (game/web/records.py), never sent anywhere


class App:
    """The running page: the screen on show (one game at a time), its timers, the settings and the picker."""

    def __init__(self):
        self.settings = settings.Settings()
        self.screen: Screen | None = None
        self._rooms: Rooms | None = None
        self.timers: dict[str, Timer] = {}  # the screen's timers, by name (screen.After)
        self.root = document.documentElement
        self._effects = {
            DrawTable: self._draw_table,
            Predict: self._predict,
            Write: self._write,
            Show: self._show,
            AddLog: self._add_log,
            Announce: self._announce,
            Focus: self._focus,
            Over: self._over,
            Say: lambda effect: self.say(effect.text),
            After: self._after,
            Cancel: self._cancel,
            Save: self._save,
            HintSeen: self._hint_seen,
            Sound: lambda effect: window.faceDownSound.play(effect.cue),  # static/js/sound.js
            KeepRecords: lambda effect: window.localStorage.setItem(RECORDS_KEY, effect.text),
        }

    # --- start-up ---------------------------------------------------------------------------------

    def boot(self) -> None:
        """Bind the page, then start the game the URL, a save, the picker or the default asks for."""
        document.body.insertAdjacentHTML("afterbegin", art.SPRITE)
        self._bind()
        # The room's network settings (transport, relay, ice) are for room.py and the transport, not for a game.
        params = {key: value for key, value in query_params().items() if key not in config.ROOM_PARAMS}
        problems = self._load_settings(params)
        document.getElementById("loading").hidden = True
        window.faceDownRoom = create_proxy(lambda: self.rooms.debug_state())  # for tests and bug reports
        try:
            # A room's link (its fragment names the room): the room takes the page.
            if not (window.location.hash and self.rooms.boot()):
                self._start_first(params, problems)
            elif problems:
                self.say(" ".join(problems))
        finally:
            # The picker is usable even when the link was bad: the page is interactive either way.
            self.root.dataset.ready = "true"

    def _start_first(self, params: dict, problems: list[str]) -> None:
        """Start what the link, a save, the picker or the default asks for; ``problems``: what was wrong with the
        link's page settings, said together with whatever is wrong with its game settings."""
        game_params = {key: value for key, value in params.items() if key not in config.PAGE_PARAMS}
        if problems:
            self.say(" ".join(problems))
        saved = self._load_save()
        if game_params:
            try:
                wanted = config.from_params(params)
            except ValueError as error:
                wrong = f"This link's game settings are wrong: {error} Pick a game below instead."
                self.say(" ".join([*problems, wrong]))
                return
            if saved and saved.config.to_json() == wanted.to_json():
                self.resume(saved)
            else:
                self.new_table(wanted)
        elif self.root.getAttribute("data-start-requested") == "true":
            self.start_from_picker()
        elif saved:
            self.resume(saved)
        elif self.root.getAttribute("data-picked") == "true":
            self._picker_status("Ready: press Start.")
        else:
            self.new_table(GameConfig())

    def _bind(self) -> None:
        document.body.addEventListener("click", create_proxy(self.on_click))
        play_predicted = self._on_screen(lambda screen, key: screen.play_predicted(key))
        window.faceDownRedraw.onPredictedClick(create_proxy(play_predicted))
        window.faceDownRedraw.onTurn(create_proxy(self._on_screen(lambda screen, turned: screen.turn(turned))))
        # A move's save waits for the frame that shows it; a page put away or closed before then saves at once.
        save_now = create_proxy(self._on_screen(lambda screen, *_: screen.save_now()))
        window.addEventListener("pagehide", save_now)
        document.addEventListener("visibilitychange", save_now)
        document.getElementById("picker").addEventListener("submit", create_proxy(self.on_picker_submit))
        document.getElementById("settings-form").addEventListener("change", create_proxy(self.on_settings_change))

    # --- games ------------------------------------------------------------------------------------

    @property
    def rooms(self) -> Rooms:
        """The page's rooms, made on first use: a solo game's boot does not import the network code."""
        if self._rooms is None:
            from .room import Rooms

            self._rooms = Rooms(self)
        return self._rooms

    @property
    def table(self) -> Table | None:
        """The local table on screen; ``None`` in a room or before any game."""
        return None if self.screen is None else self.screen.table

    def new_table(self, game_config: GameConfig) -> None:
        """Deal a new game for ``game_config`` (a random seed unless it names one) and show it."""
        seed = game_config.seed if game_config.seed is not None else random.SystemRandom().randrange(10**9)
        if self._rooms is not None:
            self._rooms.leave()  # a local game ends this page's part in a room
        self.show(LocalSource(Table(game_config, seed)), deal=True)
        self._set_url(game_config)

    def resume(self, table: Table) -> None:
        """Show a table restored from the save, exactly where it was."""
        self.show(LocalSource(table), "Your game was restored where you left it.")

    def show(self, source: LocalSource | RoomSource, note: str = "", deal: bool = False) -> None:
        """Draw ``source`` from now on (a local table, or a room's seat), with ``note`` in the log; ``deal``: a
        new deal, whose looks show."""
        self.hide_game()
        presenter = presenter_for(source.game)
        hint = "" if source.game in self._hints_seen() else presenter.hint
        kept = records.load(window.localStorage.getItem(RECORDS_KEY))
        self.screen = Screen(source, presenter, self.settings, hint, kept)
        self.root.dataset.playing = "true"  # the page becomes the table: it fits the screen (static/css/app.css)
        document.getElementById("game").hidden = False
        # The game's own layout rules key on this (static/css/games/): an attribute that stays put while the
        # game is played, where a rule that looks at the table's children would be checked on every redraw.
        document.getElementById("table").dataset.game = source.game
        document.getElementById("new-game").open = False
        self._carry_out(self.screen.start(note, deal))

    def hide_game(self) -> None:
        """Take the game off the screen (another is coming, or a room went back to its lobby, or was left)."""
        if self.screen is not None:
            self._carry_out(self.screen.stop())
            self.screen = None
        self.root.removeAttribute("data-over")
        self.root.removeAttribute("data-result")
        self.root.removeAttribute("data-playing")
        document.getElementById("game").hidden = True

    def room_update(self) -> None:
        """The room's host sent news for the seat on screen."""
        self._carry_out(self.screen.news())

    def picked_config(self) -> GameConfig:
        """The game chosen in the picker; ``ValueError`` saying what is wrong with the choice."""
        return config.from_params(self._picker_params())

    def start_from_picker(self) -> None:
        """Start the game chosen in the picker, or say what is wrong with the choice."""
        try:
            game_config = self.picked_config()
        except ValueError as error:
            self._picker_status(str(error))
            return
        self._picker_status("")
        self.say("")
        self.new_table(game_config)

    def _picker_params(self) -> dict[str, str]:
        form = document.getElementById("picker")
        game = form.elements.namedItem("game").value
        params = {"game": game, "level": form.elements.namedItem("level").value}
        names = form.elements.namedItem("names").value.strip()
        if names:
            params["names"] = names
        for field in form.querySelectorAll(f'fieldset[data-game="{game}"] [name]'):
            params[field.name] = ("true" if field.checked else "false") if field.type == "checkbox" else field.value
        return params

    def say(self, text: str) -> None:
        """Show (or clear, with ``""``) the message line for errors and notices."""
        box = document.getElementById("message")
        if not text and box.hidden:
            return  # nothing to clear: writing it anyway would have the browser restyle it on every click
        box.textContent = text
        box.hidden = not text

    def _picker_status(self, text: str) -> None:
        document.querySelector("#picker .picker-status").textContent = text
        document.getElementById("new-game").open = True

    # --- the screen's effects ---------------------------------------------------------------------

    def _on_screen(self, call):
        """A page event handler that hands the screen on show to ``call`` and carries out what it returns."""

        def handle(*args):
            if self.screen is not None:
                self._carry_out(call(self.screen, *args))

        return handle

    def _carry_out(self, effects: list[Effect]) -> None:
        for effect in effects:
            self._effects[type(effect)](effect)

    def _draw_table(self, effect: DrawTable) -> None:
        window.faceDownRedraw.apply(document.getElementById("table"), effect.to_json())  # static/js/redraw.js

    def _predict(self, effect: Predict) -> None:
        window.faceDownRedraw.predictClick(effect.key, effect.edit.to_json())

    def _write(self, effect: Write) -> None:
        setattr(document.getElementById(effect.element), "innerHTML" if effect.html else "textContent", effect.text)

    def _show(self, effect: Show) -> None:
        document.getElementById(effect.element).hidden = not effect.shown

    def _add_log(self, effect: AddLog) -> None:
        listed = document.getElementById("log").firstElementChild
        listed.insertAdjacentHTML("afterbegin", effect.items)
        for _ in range(effect.dropped):
            listed.lastElementChild.remove()

    def _announce(self, effect: Announce) -> None:
        """Queue the lines in the live region, each its own node: a screen reader reads every one (a region whose
        text is replaced is read for its last version only)."""
        announcer = document.getElementById("announcer")
        announcer.insertAdjacentHTML("beforeend", "".join(f"<p>{escape(line)}</p>" for line in effect.lines))
        while announcer.childElementCount > MAX_ANNOUNCED:
            announcer.firstElementChild.remove()

    def _focus(self, effect: Focus) -> None:
        element = document.querySelector(effect.selector)
        if element:
            element.focus()

    def _over(self, effect: Over) -> None:
        if effect.result is None:
            self.root.removeAttribute("data-over")
            self.root.removeAttribute("data-result")
        else:
            # The embed's script reads the result from here to tell the parent page (static/js/embed.js).
            self.root.dataset.result = effect.result
            self.root.dataset.over = "true"

    def _after(self, effect: After) -> None:
        screen = self.screen
        timer = self.timers.setdefault(effect.timer, Timer())

        def run():
            if self.screen is screen:
                self._carry_out(screen.timer(effect.timer))

        timer.after(effect.delay_ms, run, effect.after_paint)

    def _cancel(self, effect: Cancel) -> None:
        if effect.timer in self.timers:
            self.timers[effect.timer].cancel()

    def _save(self, effect: Save) -> None:
        window.localStorage.setItem(self._save_key(), effect.text)

    def _hint_seen(self, effect: HintSeen) -> None:
        window.localStorage.setItem(HINTS_KEY, json.dumps(sorted({*self._hints_seen(), effect.game})))

    # --- events from the page ---------------------------------------------------------------------

    def on_click(self, event) -> None:
        """One handler for every click on the page (event delegation)."""
        target = event.target
        command = target.closest("[data-command]")
        if command and command.dataset.command.startswith("room-"):
            self.rooms.on_command(command)  # "Create room" and the room panel's buttons
            return
        if command:
            self.run_command(command.dataset.command)
            return
        if self.screen is None:
            return
        action = target.closest("#table [data-action]")
        if action:
            self._carry_out(self.screen.click_action(int(action.dataset.action)))
            return
        spot = target.closest("#table [data-pos]")
        if spot:
            self._carry_out(self.screen.click_spot(spot.dataset.pos))

    def run_command(self, command: str) -> None:
        """Page commands: play again, new game, lift the curtain, done looking."""
        if command == "again" and self.table is None:
            self.rooms.again()
        elif command == "again":
            game_config = GameConfig.from_json(self.table.config.to_json())
            game_config.seed = None
            self.new_table(game_config)
        elif command in ("new", "settings", "records"):  # the menu's entries: the panel opens over the table
            menu = document.getElementById("menu")  # the embed has none
            if menu:
                menu.open = False
            if command == "records":
                self._show_records(records.load(window.localStorage.getItem(RECORDS_KEY)))
            panel = document.getElementById("new-game" if command == "new" else command)
            panel.open = True
            panel.scrollIntoView()
            panel.querySelector("summary").focus()
        elif command == "lift-curtain" and self.screen is not None:
            self._carry_out(self.screen.lift_curtain())
        elif command == "done-looking" and self.screen is not None:
            self._carry_out(self.screen.done_looking())
        elif command == "close-menu" and self.screen is not None:
            self._carry_out(self.screen.close_menu())
        elif command == "clear-records":
            window.localStorage.removeItem(RECORDS_KEY)
            self._show_records(records.Records())
            if self.screen is not None:
                self.screen.records = records.Records()

    def _show_records(self, kept: records.Records) -> None:
        document.getElementById("records-list").innerHTML = records.render_records(kept)

    def on_picker_submit(self, event) -> None:
        """The picker's Start button."""
        event.preventDefault()
        self.start_from_picker()

    def on_settings_change(self, event) -> None:
        """Apply and keep the settings panel's choices."""
        form = document.getElementById("settings-form")
        params = {
            "look": form.elements.namedItem("look").value,
            "speed": form.elements.namedItem("speed").value,
            "suits": "four" if form.elements.namedItem("suits").checked else "two",
            "sound": form.elements.namedItem("sound").value,
            "name": form.elements.namedItem("name").value,
        }
        try:
            self.settings = settings.from_params(params, self.settings)
        except ValueError as error:
            self.say(str(error))
            return
        self._keep_settings()
        if self._rooms is not None:  # a solo game does not load the room code for this
            self._rooms.renamed()

    def set_name(self, name: str) -> None:
        """Keep ``name`` as the player's name (the room panel's field); ``ValueError`` if it is not one."""
        self.settings = settings.from_params({"name": name}, self.settings)
        self._keep_settings()

    def _keep_settings(self) -> None:
        window.localStorage.setItem(SETTINGS_KEY, json.dumps(self.settings.to_json()))
        self._apply_settings()
        if self.screen is not None:  # the look time and the bots' pace apply from the next move on
            self.screen.settings = self.settings

    # --- settings and storage ---------------------------------------------------------------------

    def _load_settings(self, params: dict) -> list[str]:
        """Apply the stored settings and the link's good ones; a sentence for each bad one in the link."""
        stored = window.localStorage.getItem(SETTINGS_KEY)
        try:
            base = settings.from_params(json.loads(stored)) if stored else settings.Settings()
        except ValueError:
            base = settings.Settings()  # stale preferences are not worth a message
        self.settings, problems = settings.read(params, base)
        self._apply_settings()
        return problems

    def _apply_settings(self) -> None:
        self.root.dataset.suits = self.settings.suits
        self.root.dataset.theme = self.settings.theme
        form = document.getElementById("settings-form")
        look = form.elements.namedItem("look")
        look.value = str(self.settings.look_ms // 1000) if self.settings.look_ms % 1000 == 0 else look.value
        form.elements.namedItem("speed").value = self.settings.speed
        form.elements.namedItem("suits").checked = self.settings.suits == "four"
        form.elements.namedItem("sound").value = self.settings.sound
        window.faceDownSound.configure(self.settings.sound)
        form.elements.namedItem("name").value = self.settings.name

    def _hints_seen(self) -> list[str]:
        try:
            seen = json.loads(window.localStorage.getItem(HINTS_KEY) or "[]")
        except ValueError:
            return []
        return seen if isinstance(seen, list) else []

    def _save_key(self) -> str:
        return f"face-down/{self.settings.save}/game"

    def _load_save(self) -> Table | None:
        text = window.localStorage.getItem(self._save_key())
        if not text:
            return None
        try:
            return Table.from_json(text)
        except ValueError as error:
            window.localStorage.removeItem(self._save_key())
            self.say(f"Your saved game could not be restored and was discarded: {error}")
            return None

    def _set_url(self, game_config: GameConfig) -> None:
        kept = config.PAGE_PARAMS | config.ROOM_PARAMS  # the page's settings stay, and so does its network
        page = {key: value for key, value in query_params().items() if key in kept}
        query = window.URLSearchParams.new(to_js({**config.to_params(game_config), **page})).toString()
        window.history.replaceState(None, "", f"{window.location.pathname}?{query}{window.location.hash}")


def query_params() -> dict[str, str]:
    """The page URL's query as a dict, blank values left out.

    The browser's URLSearchParams rather than urllib.parse, whose import costs a solo game's boot 70 ms.
    """
    pairs = window.URLSearchParams.new(window.location.search).entries()
    return {key: value for key, value in (pair.to_py() for pair in pairs) if value}


def start() -> None:
    """Create the app and boot it (called once by main.py)."""
    App().boot()
