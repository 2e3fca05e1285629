"""The page: the only module that touches the browser. It wires a :class:`~game.web.table.Table` to the DOM.

Everything it shows comes from :mod:`game.web.render` (HTML strings built from a seat's view), and
everything a player does arrives as a click on ``[data-pos]`` (a table spot), ``[data-action]`` (a
button for one legal action) or ``[data-command]`` (page commands: play again, lift the curtain...).
Keyboard play needs nothing extra: spots are buttons, and static/js/keys.js moves focus with the arrows.

What a player may know, and for how long:
- the log and the screen-reader announcements are written from the spectator's events, so they never
  hold a private card, even in pass-and-play;
- a private look (and a Concentration mismatch) is an overlay on the spots it shows; it goes when the
  look time runs out, when the player taps "Done looking" or when they act. Bots wait for it to go.
"""

from __future__ import annotations

import json
import secrets
from urllib.parse import parse_qsl, urlencode

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

from ..core import IllegalAction
from . import art, config, settings
from .config import GameConfig
from .games import presenter_for
from .render import render_log, render_menu, render_players, render_result, render_table, targets_by_place
from .table import Table

SETTINGS_KEY = "face-down/settings"


class App:
    """The running page: one table at a time, its timers, and what is on screen."""

    def __init__(self):
        self.settings = settings.Settings()
        self.table: Table | None = None
        self.presenter = None
        self.legal: list[dict] = []
        self.reveals: dict[str, str] = {}
        self.pending_looks: dict[int, dict[str, str]] = {}  # pass-and-play looks kept for their seat
        self.shown: dict[str, object] = {}
        self.log_lines: list[str] = []
        self.seen_events = 0
        self.reveal_timer = None
        self.bot_timer = None
        self.clock_key: str | None = None  # which timed choice the clock is running for
        self.clock_timer = None
        self.clock_left = 0
        self.clock_proxy = create_proxy(self._tick)
        self.root = document.documentElement

    # --- start-up ---------------------------------------------------------------------------------

    def boot(self) -> None:
        """Bind the page, then start the game the URL, a save, the picker or the default asks for."""
        document.body.insertAdjacentHTML("afterbegin", art.SPRITE)
        self._bind()
        params = dict(parse_qsl(window.location.search.lstrip("?")))
        self._load_settings(params)
        document.getElementById("loading").hidden = True
        try:
            self._start_first(params)
        finally:
            # The picker is usable even when the link was bad: the page is interactive either way.
            self.root.dataset.ready = "true"

    def _start_first(self, params: dict) -> None:
        game_params = {key: value for key, value in params.items() if key not in config.PAGE_PARAMS}
        saved = self._load_save()
        if game_params:
            try:
                wanted = config.from_params(params)
            except ValueError as error:
                self.say(f"This link's game settings are wrong: {error} Pick a game below instead.")
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
        document.getElementById("picker").addEventListener("submit", create_proxy(self.on_picker_submit))
        document.getElementById("settings-form").addEventListener("change", create_proxy(self.on_settings_change))

    # --- games ------------------------------------------------------------------------------------

    def new_table(self, game_config: GameConfig) -> None:
        """Deal a new game for ``game_config`` (a random seed unless it names one) and show it."""
        seed = game_config.seed if game_config.seed is not None else secrets.randbelow(10**9)
        self._show_table(Table(game_config, seed), deal=True)
        self._set_url(game_config)

    def resume(self, table: Table) -> None:
        """Show a table restored from the save, exactly where it was."""
        self._show_table(table, "Your game was restored where you left it.")

    def _show_table(self, table: Table, note: str = "", deal: bool = False) -> None:
        self._cancel_timers()
        self.table = table
        self.presenter = presenter_for(table.config.game)
        self.reveals, self.shown, self.log_lines = {}, {}, [note] if note else []
        self.pending_looks = {}
        self.seen_events = table.match.event_count
        if deal:  # a new deal may come with looks (Cambio's first peek): show them
            self._absorb(0)
        self.root.removeAttribute("data-over")
        self.root.removeAttribute("data-result")
        document.getElementById("game").hidden = False
        document.getElementById("new-game").open = False
        self.refresh()

    def start_from_picker(self) -> None:
        """Start the game chosen in the picker, or say what is wrong with the choice."""
        try:
            game_config = config.from_params(self._picker_params())
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

    # --- playing ----------------------------------------------------------------------------------

    def play(self, action: dict) -> None:
        """Play ``action`` for the seat on screen; an illegal one is explained and changes nothing."""
        self._clear_reveals()
        since = self.table.match.event_count
        try:
            self.table.act(action)
        except IllegalAction as error:
            self.say(str(error))
            self.refresh()
            return
        self.say("")
        self._absorb(since)
        self.refresh()

    def _absorb(self, since: int) -> None:
        """Log the new events as everyone saw them, and overlay what the seat on screen was shown."""
        match = self.table.match
        for event in match.events(None, since=since):
            line = self.presenter.describe(event, self.table.names)
            if line:
                self._log(line)
        if self.settings.look_ms > 0:
            for event in match.events(self.table.viewer, since=since):
                self.reveals.update(self.presenter.looks(event))
            if self.reveals:
                self._start_reveal_timer()
            # In pass-and-play, a private look for someone not holding the device waits for their turn.
            for seat in range(self.table.config.people):
                if seat != self.table.viewer:
                    for event in match.events(seat, since=since):
                        if seat in event.get("to", ()):
                            self.pending_looks.setdefault(seat, {}).update(self.presenter.looks(event))
        self.seen_events = match.event_count

    def _schedule_bot(self) -> None:
        if self.bot_timer is not None or self.reveals or self.table.over or self.table.needs_curtain():
            return
        move = self.table.bot_move()
        if move is None:
            return
        delay = self.settings.bot_delay_ms
        if not move.in_turn:  # an out-of-turn move (a snap) takes the bot's own reaction time
            delay = (self.table.reaction_delay_ms(move.seat) or delay) * self.settings.bot_delay_ms // 700

        def fire(*_):
            self.bot_timer = None
            since = self.table.match.event_count
            if self.table.play_bot_move(move) is not None:
                self._absorb(since)
            self.refresh()

        self.bot_timer = window.setTimeout(create_once_callable(fire), delay)

    # --- drawing ----------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw everything from the table, save it, and let a bot move if one is due."""
        table = self.table
        self._save(table)
        curtain = document.getElementById("curtain")
        if table.needs_curtain() and not self.reveals:
            seat = table.person_to_act()
            document.getElementById("table").innerHTML = ""
            document.getElementById("curtain-text").textContent = f"Pass the device to {table.names[seat]}."
            curtain.hidden = False
            curtain.querySelector("button").focus()
            return
        curtain.hidden = True
        view = table.match.view(table.viewer)
        self.legal = table.legal_actions()
        focused = document.activeElement.getAttribute("data-pos") if document.activeElement else None
        rendered = render_table(self.presenter, view, table.names, self.legal, self.reveals, self.shown)
        self.shown = rendered.faces
        done = '<button type="button" data-command="done-looking">Done looking</button>' if self.reveals else ""
        document.getElementById("table").innerHTML = rendered.html + done
        document.getElementById("players").innerHTML = render_players(
            self.presenter, view, table.names, table.viewer, table.match.to_act()
        )
        document.getElementById("prompt").textContent = self._prompt(view)
        document.getElementById("log").innerHTML = render_log(self.log_lines)
        result = document.getElementById("result")
        if table.over:
            result.innerHTML = render_result(self.presenter, view, table.names)
            # The embed's script reads the result from here to tell the parent page (static/js/embed.js).
            self.root.dataset.result = json.dumps({"game": table.config.game, "names": table.names, **view["result"]})
            self.root.dataset.over = "true"
        else:
            result.innerHTML = ""
        if focused:
            again = document.querySelector(f'#table [data-pos="{focused}"]')
            if again:
                again.focus()
        self._update_clock(view)
        self._schedule_bot()

    def _prompt(self, view: dict) -> str:
        table = self.table
        if table.over:
            return "The game is over."
        if table.viewer in table.match.to_act() and self.legal:
            you = "" if table.config.people == 1 else f"{table.names[table.viewer]}: "
            return you + self.presenter.prompt(view, table.names)
        actor = table.main_actor()
        return f"{table.names[actor]} is playing…" if actor is not None else ""

    def show_menu(self, place: str) -> None:
        """Offer the actions that can be played on ``place`` when there is more than one."""
        by_place, _ = targets_by_place(self.presenter, self.legal)
        indices = by_place.get(place, [])
        if not indices:
            self.say("You can't choose that now.")
            return
        if len(indices) == 1:
            self.play(self.legal[indices[0]])
            return
        view = self.table.match.view(self.table.viewer)
        table = document.getElementById("table")
        table.insertAdjacentHTML("beforeend", render_menu(self.presenter, view, self.table.names, self.legal, indices))
        table.querySelector(".menu button").focus()

    def say(self, text: str) -> None:
        """Show (or clear, with ``""``) the message line for errors and notices."""
        box = document.getElementById("message")
        box.textContent = text
        box.hidden = not text

    def _log(self, line: str) -> None:
        self.log_lines.append(line)
        document.getElementById("announcer").textContent = line

    def _picker_status(self, text: str) -> None:
        document.querySelector("#picker .picker-status").textContent = text
        document.getElementById("new-game").open = True

    # --- looks and timers -------------------------------------------------------------------------

    def _start_reveal_timer(self) -> None:
        if self.reveal_timer is not None:
            window.clearTimeout(self.reveal_timer)

        def expire(*_):
            self.reveal_timer = None
            self._clear_reveals()
            self.refresh()

        self.reveal_timer = window.setTimeout(create_once_callable(expire), self.settings.look_ms)

    def _clear_reveals(self) -> None:
        self.reveals = {}
        if self.reveal_timer is not None:
            window.clearTimeout(self.reveal_timer)
            self.reveal_timer = None

    def _update_clock(self, view: dict) -> None:
        """Start, keep or stop the countdown of a timed choice (Jokin' Around's rearranging)."""
        acting = self.table.viewer in self.table.match.to_act() and not self.table.over
        deadline = self.presenter.deadline(view) if acting else None
        # The same timed choice keeps its clock across the moves made within it (its phases may alternate).
        key = json.dumps([view.get("turn"), deadline[1]]) if deadline else None
        if key == self.clock_key:
            return
        self._stop_clock()
        if deadline is None:
            return
        self.clock_key, self.clock_left = key, deadline[0]
        self._show_clock()
        self.clock_timer = window.setInterval(self.clock_proxy, 1000)

    def _tick(self, *_) -> None:
        self.clock_left -= 1
        if self.clock_left > 0:
            self._show_clock()
            return
        action = self.presenter.deadline(self.table.match.view(self.table.viewer))
        self._stop_clock()
        if action is not None and action[1] in self.table.legal_actions():
            self._log("Time is up.")
            self.play(action[1])

    def _show_clock(self) -> None:
        clock = document.getElementById("clock")
        clock.hidden = False
        clock.textContent = f"{self.clock_left} s left"

    def _stop_clock(self) -> None:
        if self.clock_timer is not None:
            window.clearInterval(self.clock_timer)
        self.clock_timer, self.clock_key = None, None
        document.getElementById("clock").hidden = True

    def _cancel_timers(self) -> None:
        self._stop_clock()
        self._clear_reveals()
        if self.bot_timer is not None:
            window.clearTimeout(self.bot_timer)
            self.bot_timer = None

    # --- events from the page ---------------------------------------------------------------------

    def on_click(self, event) -> None:
        """One handler for every click on the page (event delegation)."""
        target = event.target
        command = target.closest("[data-command]")
        if command:
            self.run_command(command.dataset.command)
            return
        if self.table is None:
            return
        action = target.closest("[data-action]")
        if action:
            self.play(self.legal[int(action.dataset.action)])
            return
        spot = target.closest("#table [data-pos]")
        if spot:
            self.show_menu(spot.dataset.pos)

    def run_command(self, command: str) -> None:
        """Page commands: play again, new game, lift the curtain, done looking."""
        if command == "again":
            game_config = GameConfig.from_json(self.table.config.to_json())
            game_config.seed = None
            self.new_table(game_config)
        elif command == "new":
            panel = document.getElementById("new-game")
            panel.open = True
            panel.scrollIntoView()
        elif command == "lift-curtain":
            seat = self.table.person_to_act()
            self.table.pass_to(seat)
            self.reveals = self.pending_looks.pop(seat, {})
            if self.reveals:
                self._start_reveal_timer()
            self.refresh()
        elif command == "done-looking":
            self._clear_reveals()
            self.refresh()

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
        }
        self.settings = settings.from_params(params, self.settings)
        window.localStorage.setItem(SETTINGS_KEY, json.dumps(self.settings.to_json()))
        self._apply_settings()

    # --- settings and storage ---------------------------------------------------------------------

    def _load_settings(self, params: dict) -> None:
        stored = window.localStorage.getItem(SETTINGS_KEY)
        try:
            base = settings.from_params(json.loads(stored)) if stored else settings.Settings()
        except ValueError:
            base = settings.Settings()  # stale preferences are not worth a message
        try:
            self.settings = settings.from_params(params, base)
        except ValueError as error:
            self.settings = base
            self.say(str(error))
        self._apply_settings()

    def _apply_settings(self) -> None:
        self.root.dataset.suits = self.settings.suits
        self.root.dataset.theme = self.settings.theme
        form = document.getElementById("settings-form")
        look = form.elements.namedItem("look")
        look.value = str(self.settings.look_ms // 1000) if self.settings.look_ms % 1000 == 0 else look.value
        form.elements.namedItem("speed").value = self.settings.speed
        form.elements.namedItem("suits").checked = self.settings.suits == "four"

    def _save_key(self) -> str:
        return f"face-down/{self.settings.save}/game"

    def _save(self, table: Table) -> None:
        window.localStorage.setItem(self._save_key(), table.to_json())

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
        page = {key: value for key, value in parse_qsl(window.location.search.lstrip("?")) if key in config.PAGE_PARAMS}
        query = urlencode({**config.to_params(game_config), **page})
        window.history.replaceState(None, "", f"{window.location.pathname}?{query}{window.location.hash}")


def start() -> None:
    """Create the app and boot it (called once by main.py)."""
    App().boot()
