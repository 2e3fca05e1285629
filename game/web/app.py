"""The page's Python side: what the page does with each thing that happens on it. No browser.

It runs in the engine's worker (:mod:`game.web.worker`), off the page's thread. The page's own Python
(game/web/page/) sends it what happens on the page as messages (:meth:`App.handle`): the page's boot, a click on a
spot (``[data-pos]``), an action button (``[data-action]``) or a command (``[data-command]``: play again, lift
the curtain...), the picker, the settings, a timer that ran, the page's finding that the table's grid fits bigger
cards turned a quarter (``turn``), and a room's transport news. It hands them to the play screen
(:mod:`game.web.screen`) or, for rooms, to the room controller (through :mod:`game.web.room`), and answers with
what the page must do. Every effect a controller returns, and the page's own, is carried out in one place,
:meth:`App.carry_out`: most go to the page as they are (:func:`game.web.effects.message`), which the page carries
out; the rest are numbered (timers, tables, transports), keyed (saves) or acted on here (the room's game shown or
hidden, a room seat's move handed to the room). The settings, the saved game, the records panel, the picker's
choice and the URL are this module's too.

What it knows of the page comes in the messages: the URL with every message, this browser's storage at boot
(the page's own writes all go through here, so it keeps a copy).

A click names the table it was made on (``version``: how many tables the page has drawn), and one made on a
table this side has redrawn since (a bot's move on its way to the page) is dropped: its spot or button may
mean another move now. A click the page drew ahead (``predicted``) is played only on the table it was drawn
ahead for; otherwise the table is drawn whole.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from . import art, config, records, settings
from .config import GameConfig
from .effects import (
    After,
    Attribute,
    Cancel,
    CloseTransport,
    DrawTable,
    Effect,
    Fields,
    GameNews,
    HideGame,
    HintSeen,
    Mark,
    Open,
    OpenTransport,
    PickerStatus,
    Predict,
    Query,
    Save,
    Say,
    Show,
    ShowGame,
    Sprite,
    Store,
    ToHost,
    Unsaved,
    Write,
    message,
)
from .games import presenter_for
from .local import LocalSource
from .screen import Screen
from .source import SeatSource
from .table import Table
from .timers import Timers

if TYPE_CHECKING:
    from .room import Rooms
    from .roomscreen import Page

SETTINGS_KEY = "face-down/settings"
HINTS_KEY = "face-down/hints-seen"  # the games whose first-turn hint this browser has shown


@dataclass
class Location:
    """The page's URL, as the last message gave it: ``params`` is its query, blank values left out."""

    origin: str = ""
    pathname: str = "/"
    search: str = ""
    hash: str = ""
    params: dict | None = None


class App:
    """The running page: the screen on show (one game at a time), the settings, the storage and the room."""

    def __init__(self, soon=None):
        self.settings = settings.Settings()
        self.screen: Screen | None = None
        self._rooms: Rooms | None = None
        self.location = Location()
        self.storage: dict[str, str] = {}  # this browser's storage as the page gave it at boot, with our writes
        self.has_rooms = True  # the embed has no room panel
        self.has_menu = True  # the page's menu, with the picker and the records (nor has the embed)
        self.timers = Timers(soon)  # soon: how work due at once runs in the worker (game.web.worker)
        self.drawn = 0  # how many tables the page has been sent: the version a click names
        self.transport = 0  # the number of the transport opened last (closing one moves it on): its news names it
        self._out: list[dict] = []  # the page's answer, gathered while a message is handled
        self._handlers = {
            "boot": self.boot,
            "spot": lambda message: self._on_table(message, lambda screen: screen.click_spot(message["pos"])),
            "action": lambda message: self._on_table(message, lambda screen: screen.click_action(message["index"])),
            "predicted": self.play_predicted,
            "command": self.on_command,
            "timer": self.on_timer,
            "picker": lambda message: self.start_from_picker(message["picker"]),
            "settings": lambda message: self.on_settings_change(message["settings"]),
            "hidden": lambda _: self._from_screen(self.screen.save_now()) if self.screen is not None else None,
            "room-name": lambda message: self.on_room_name(message["value"]),
            "room-import": lambda message: self._from_room(self.rooms.imported(message["text"])),
            "room-assign": lambda message: self._from_room(self.rooms.assign(message["seat"], message["value"])),
            "net": self.on_net,
            "turn": lambda message: self._on_table(message, lambda screen: screen.turn(message["turned"])),
        }

    # --- messages from the page -------------------------------------------------------------------------------

    def handle(self, text: str) -> str:
        """Handle one message from the page (JSON); the effects it must carry out, as JSON (a list, maybe empty:
        the page counts the answers to its messages)."""
        received = json.loads(text)
        if "location" in received:
            self.location = Location(**received["location"])
        self._out = []
        self._handlers[received["type"]](received)
        out, self._out = self._out, []
        return json.dumps(out)

    def debug_state(self) -> str:
        """What this page knows of its room, as JSON (``{"role": null}`` outside any): asked for by
        ``window.faceDownRoom()``, for tests and bug reports."""
        return json.dumps(self._rooms.debug_state() if self._rooms is not None else {"role": None})

    def emit(self, *effects: Effect) -> None:
        """Carry out the page's own effects, in order."""
        self.carry_out(list(effects), "page", self)

    # --- start-up ---------------------------------------------------------------------------------------------

    def boot(self, received: dict) -> None:
        """Start the page: the settings, then the game the URL, a save, the picker or the default asks for."""
        self.storage = dict(received["storage"])
        self.has_rooms = received["rooms"]
        self.has_menu = received["menu"]
        self.emit(Sprite(art.SPRITE))
        self._show_records()
        # The room's network settings (transport, relay, ice) are for room.py and the transport, not for a game.
        params = {key: value for key, value in self.query().items() if key not in config.ROOM_PARAMS}
        problems = self._load_settings(params)
        self.emit(Show("loading", False))
        try:
            # A room's link (its fragment names the room): the room takes the page (the embed has no rooms).
            entered = False
            if self.has_rooms and self.location.hash:
                entered, effects = self.rooms.boot(self.location.hash, self.location.search, self.storage, self._page())
                self._from_room(effects)
            if not entered:
                self._start_first(params, problems, received)
            elif problems:
                self.say(" ".join(problems))
        finally:
            # The picker is usable even when the link was bad: the page is interactive either way.
            self.emit(Mark("ready", "true"))

    def _start_first(self, params: dict, problems: list[str], received: dict) -> None:
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
        elif received.get("start_requested"):
            self.start_from_picker(received["picker"])
        elif saved:
            self.resume(saved)
        elif received.get("picked"):
            self._picker_status("Ready: press Start.")
        else:
            self.new_table(GameConfig())

    def query(self) -> dict[str, str]:
        """The page URL's query as a dict, blank values left out."""
        return {key: value for key, value in (self.location.params or {}).items() if value}

    # --- games ------------------------------------------------------------------------------------------------

    @property
    def rooms(self) -> Rooms:
        """The page's rooms, made on first use: a solo game's boot does not import the network code."""
        if self._rooms is None:
            from .room import Rooms

            self._rooms = Rooms()
        return self._rooms

    @property
    def table(self) -> Table | None:
        """The local table on screen; ``None`` in a room or before any game."""
        return None if self.screen is None else self.screen.source.table

    def new_table(self, game_config: GameConfig) -> None:
        """Deal a new game for ``game_config`` (a random seed unless it names one) and show it."""
        seed = game_config.seed if game_config.seed is not None else random.SystemRandom().randrange(10**9)
        if self._rooms is not None:
            self._from_room(self._rooms.leave())  # a local game ends this page's part in a room
        self.show(LocalSource(Table(game_config, seed)), deal=True)
        self._set_url(game_config)

    def resume(self, table: Table) -> None:
        """Show a table restored from the save, exactly where it was."""
        self.show(LocalSource(table), "Your game was restored where you left it.")

    def show(self, source: SeatSource, note: str = "", deal: bool = False) -> None:
        """Draw ``source`` from now on (a local table, or a room's seat), with ``note`` in the log; ``deal``: a
        new deal, whose looks show."""
        self.hide_game()
        presenter = presenter_for(source.game)
        hint = "" if source.game in self._hints_seen() else presenter.hint
        kept = records.load(self.storage.get(records.RECORDS_KEY))
        # The embed has no menu, no picker for a new game and no room in its header for the Hint button.
        self.screen = Screen(source, presenter, self.settings, hint, kept, new_game=self.has_menu, hints=self.has_menu)
        # The page becomes the table: it fits the screen (static/css/app.css). The game's own layout rules key on
        # the table's data-game (static/css/games/): an attribute that stays put while the game is played, where a
        # rule that looks at the table's children would be checked on every redraw.
        shown = Attribute("table", "data-game", source.game)
        self.emit(Mark("playing", "true"), Show("game", True), shown, Open("new-game", False))
        self._from_screen(self.screen.start(note, deal))

    def hide_game(self) -> None:
        """Take the game off the screen (another is coming, or a room went back to its lobby, or was left): what it
        has not saved is saved, and its timers stop."""
        if self.screen is not None:
            self._from_screen(self.screen.save_now())
            self._out += self.timers.cancel_all("screen")
            self.screen = None
        self.emit(Mark("over", None), Mark("result", None), Mark("playing", None), Show("game", False))

    def start_from_picker(self, picker: dict) -> None:
        """Start the game chosen in the picker, or say what is wrong with the choice."""
        try:
            game_config = config.from_params(picker)
        except ValueError as error:
            self._picker_status(str(error))
            return
        self._picker_status("")
        self.say("")
        self.new_table(game_config)

    def say(self, text: str) -> None:
        """Show (or clear, with ``""``) the message line for errors and notices."""
        self.emit(Say(text))

    def _picker_status(self, text: str) -> None:
        self.emit(PickerStatus(text))

    # --- the effects ------------------------------------------------------------------------------------------

    def carry_out(self, effects: list[Effect], channel: str, owner: object) -> None:
        """Carry out ``effects``, in order: the one place where the controllers' effects (``owner``'s, whose
        timers run on ``channel``: the screen's or the room's) and the page's own become the page's answer, or are
        acted on here."""
        for effect in effects:
            kind = type(effect)
            if kind is After:
                self._out += self.timers.start(channel, owner, effect)
            elif kind is Cancel:
                self._out += self.timers.cancel(channel, effect.timer)
            elif kind is DrawTable:
                self.drawn += 1
                self._out.append({**message(effect), "version": self.drawn})
            elif kind is Predict:  # drawn ahead on the table the page was sent last
                save = {"key": self._save_key(), "text": effect.save}
                self._out.append({**message(effect), "save": save, "version": self.drawn})
            elif kind is Save and effect.due:
                self.store(self._save_key(), effect.text)
            elif kind is Save:  # kept by the page if it is put away before the save falls due
                self._out.append(message(Unsaved(self._save_key(), effect.text)))
            elif kind is HintSeen:
                self.store(HINTS_KEY, json.dumps(sorted({*self._hints_seen(), effect.game})))
            elif kind is Store:
                self.store(effect.key, effect.text)
                if effect.key == records.RECORDS_KEY:  # a game was counted: the Records panel shows it
                    self._show_records()
            elif kind is OpenTransport:
                self.transport += 1
                self._out.append({**message(effect), "gen": self.transport})
            elif kind is CloseTransport:
                self._out += self.timers.cancel_all("room")
                self.transport += 1  # no news of the transport closed
                self._out.append(message(effect))
            elif kind is ShowGame:
                self.show(self.rooms.seat(), deal=effect.deal)
            elif kind is GameNews:
                self._from_screen(self.screen.news())
            elif kind is HideGame:
                self.hide_game()
            elif kind is ToHost:
                self._from_room(self.rooms.player_says(effect.text))
            else:
                self._out.append(message(effect))

    def _from_screen(self, effects: list[Effect]) -> None:
        self.carry_out(effects, "screen", self.screen)

    def _from_room(self, effects: list[Effect]) -> None:
        self.carry_out(effects, "room", self.rooms.control)

    def store(self, key: str, text: str | None) -> None:
        """Keep ``text`` in this browser's storage under ``key`` (``None``: forget it)."""
        if text is None:
            self.storage.pop(key, None)
        else:
            self.storage[key] = text
        self._out.append(message(Store(key, text)))

    # --- events from the page ---------------------------------------------------------------------------------

    def _on_table(self, received: dict, call) -> None:
        """A click on the table: handed to the screen if it was made on the table this side drew last."""
        if self.screen is not None and received["version"] == self.drawn:
            self._from_screen(call(self.screen))

    def play_predicted(self, received: dict) -> None:
        """The page made a click it drew ahead (``key``) on table ``version``, and painted it: play it for real."""
        if self.screen is None:
            return
        if received["version"] == self.drawn:
            self._from_screen(self.screen.play_predicted(received["key"]))
        else:  # drawn ahead on a table this side had redrawn: the page shows neither
            self._from_screen(self.screen.redraw_whole())

    def run_timer(self, number: int) -> str:
        """Run the timer ``number`` that was due in the worker itself; the effects for the page, as JSON."""
        self._out = []
        self.on_timer({"id": number})
        out, self._out = self._out, []
        return json.dumps(out)

    def on_timer(self, received: dict) -> None:
        """A timer the page ran for us (with the room's transport status, if a room is open)."""
        due = self.timers.ran(received["id"])
        if due is None:
            return
        channel, name, owner = due
        if channel == "room" and owner is self.rooms.control:
            self._from_room(self.rooms.timer(name, received.get("status")))
        elif channel == "screen" and owner is self.screen:
            self._from_screen(self.screen.timer(name))

    def on_command(self, received: dict) -> None:
        """A page command (``data-command``), with the picker's fields for the room's commands that need them."""
        command = received["command"]
        if command == "room-create":
            self.create_room(received.get("picker"))
        elif command.startswith("room-"):
            self.on_room_command(command, received.get("seat"), received.get("picker"))
        elif command == "again" and self.table is None:
            self._from_room(self.rooms.again())
        elif command == "again":
            self.new_table(replace(self.table.config, seed=None))  # the same game, dealt anew
        elif command == "lift-curtain" and self.screen is not None:
            self._from_screen(self.screen.lift_curtain())
        elif command == "done-looking" and self.screen is not None:
            self._from_screen(self.screen.done_looking())
        elif command == "close-menu" and self.screen is not None:
            self._from_screen(self.screen.close_menu())
        elif command == "hint" and self.screen is not None:
            self._from_screen(self.screen.take_hint())
        elif command == "clear-records":
            self.store(records.RECORDS_KEY, None)
            self._show_records()
            if self.screen is not None:
                self.screen.tally.forget()

    # --- rooms ------------------------------------------------------------------------------------------------

    def create_room(self, picker: dict) -> None:
        """ "Create room": host the game chosen in the picker, named as the picker names its first player."""
        try:
            chosen = config.from_params(picker)
            if chosen.names:
                self.set_name(chosen.names[0])
        except ValueError as error:
            self.say(str(error))
            return
        self._from_room(self.rooms.create(chosen, self.location.search, self._page()))

    def on_room_command(self, command: str, seat: int | None, picker: dict | None) -> None:
        """A room button (``data-command="room-..."``, with ``data-seat`` where a seat is meant), with the picker's
        fields."""
        try:
            chosen = config.from_params(picker) if command == "room-configure" else None
        except ValueError as error:
            self.say(str(error))
            return
        self._from_room(self.rooms.on_command(command, seat, chosen))

    def on_room_name(self, name: str) -> None:
        """The player's name, typed in the room panel: kept, and told to the host."""
        if not self.rooms.entered:
            return
        try:
            self.set_name(name)
        except ValueError as error:
            self.say(str(error))
            return
        self._from_room(self.rooms.renamed(self.settings.name))

    def on_net(self, received: dict) -> None:
        """An event of the transport numbered ``gen``; ignored once this page has opened another or left."""
        if received["gen"] == self.transport:
            self._from_room(self.rooms.on_net(received["event"], received["args"]))

    def _page(self) -> Page:
        """What a room controller needs to know of this page."""
        from .roomscreen import Page  # here: a solo game does not load the room code

        location, current = self.location, self.settings
        return Page(location.origin + location.pathname, location.search, current.name, current.bot_delay_ms)

    def _show_records(self) -> None:
        """Write the records kept in this browser into the menu's Records panel (the embed has none)."""
        if self.has_menu:
            kept = records.load(self.storage.get(records.RECORDS_KEY))
            self.emit(Write("records-list", records.render_records(kept)))

    def on_settings_change(self, fields: dict) -> None:
        """Apply and keep the settings panel's choices."""
        params = {**fields, "suits": "four" if fields["suits"] else "two"}
        try:
            self.settings = settings.from_params(params, self.settings)
        except ValueError as error:
            self.say(str(error))
            return
        self._keep_settings()
        if self._rooms is not None:  # a solo game does not load the room code for this
            self._from_room(self._rooms.renamed(self.settings.name))

    def set_name(self, name: str) -> None:
        """Keep ``name`` as the player's name (the room panel's field); ``ValueError`` if it is not one."""
        self.settings = settings.from_params({"name": name}, self.settings)
        self._keep_settings()

    def _keep_settings(self) -> None:
        self.store(SETTINGS_KEY, json.dumps(self.settings.to_json()))
        self._apply_settings()
        if self.screen is not None:
            self.screen.use_settings(self.settings)

    # --- settings and storage ---------------------------------------------------------------------------------

    def _load_settings(self, params: dict) -> list[str]:
        """Apply the stored settings and the link's good ones; a sentence for each bad one in the link."""
        stored = self.storage.get(SETTINGS_KEY)
        try:
            base = settings.from_params(json.loads(stored)) if stored else settings.Settings()
        except ValueError:
            base = settings.Settings()  # stale preferences are not worth a message
        self.settings, problems = settings.read(params, base)
        self._apply_settings()
        return problems

    def _apply_settings(self) -> None:
        current = self.settings
        look = str(current.look_ms // 1000) if current.look_ms % 1000 == 0 else None
        fields = {"look": look, "speed": current.speed, "suits": current.suits == "four", "sound": current.sound}
        # static/js/sound.js reads the sound setting from the page's data-sound.
        self.emit(
            Mark("suits", current.suits),
            Mark("theme", current.theme),
            Mark("sound", current.sound),
            Fields("settings-form", {**fields, "name": current.name}),
        )

    def _hints_seen(self) -> list[str]:
        try:
            seen = json.loads(self.storage.get(HINTS_KEY) or "[]")
        except ValueError:
            return []
        return seen if isinstance(seen, list) else []

    def _save_key(self) -> str:
        return f"face-down/{self.settings.save}/game"

    def _load_save(self) -> Table | None:
        text = self.storage.get(self._save_key())
        if not text:
            return None
        try:
            return Table.from_json(text)
        except ValueError as error:
            self.store(self._save_key(), None)
            self.say(f"Your saved game could not be restored and was discarded: {error}")
            return None

    def _set_url(self, game_config: GameConfig) -> None:
        kept = config.PAGE_PARAMS | config.ROOM_PARAMS  # the page's settings stay, and so does its network
        page = {key: value for key, value in self.query().items() if key in kept}
        self.emit(Query({**config.to_params(game_config), **page}))
