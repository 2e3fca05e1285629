"""The page: it wires a game to the DOM. With :mod:`game.web.room`, the only module that touches the browser.

Everything it shows comes from :mod:`game.web.render` (HTML strings built from a seat's view; a redraw
writes only what changed since the last one, so that a click's frame is painted soon), and
everything a player does arrives as a click on ``[data-pos]`` (a table spot), ``[data-action]`` (a
button for one legal action) or ``[data-command]`` (page commands: play again, lift the curtain...).
Keyboard play needs nothing extra: spots are buttons, and static/js/keys.js moves focus with the arrows.
At a local table, the clicks that play one action are worked out ahead while the person thinks
(:mod:`game.web.predict`): static/js/redraw.js draws such a click in its own task, and the app plays it
once that frame is painted (:meth:`App._play_predicted`), so the frame that shows a click runs no Python.

What it draws comes from a *seat source* (:mod:`game.web.source`): a local :class:`Table`, or this
peer's seat in a room (:mod:`game.web.room` runs the room and hands the app its source). Both give a
view, legal actions, names and new events the same way, so a room's game is drawn exactly like a local
one; the curtain, the bots and the saved game are a local table's only (``self.table`` is ``None`` in a room).

What a player may know, and for how long:
- the log and the screen-reader announcements are written from the spectator's events, so they never
  hold a private card, even in pass-and-play;
- a private look (and a Concentration mismatch) is an overlay on the spots it shows; it goes when the
  look time runs out, when the player taps "Done looking" or when they act. Bots wait for it to go.
"""

from __future__ import annotations

import json
import random
import time
from html import escape
from typing import TYPE_CHECKING

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from ..core import IllegalAction
from . import art, config, settings
from .config import GameConfig
from .games import presenter_for
from .pacer import BotPacer
from .predict import Prediction, click_targets, predict_click
from .render import (
    Change,
    Rendered,
    changes_that_can_wait,
    log_changes,
    private_lines,
    render_log,
    render_menu,
    render_players,
    render_result,
    render_table,
    result_headline,
    seat_looks,
    table_changes,
    targets_by_place,
)
from .source import LocalSource
from .table import Table

if TYPE_CHECKING:
    from .room import Rooms
    from .source import RoomSource

SETTINGS_KEY = "face-down/settings"
MAX_ANNOUNCED = 30  # the live region's lines kept: removing old ones is not announced, and keeps it small
HINTS_KEY = "face-down/hints-seen"  # the games whose first-turn hint this browser has shown
# How long one slice of drawing clicks ahead may hold the page: a click that comes meanwhile waits for it.
PREDICTION_SLICE_S = 0.003


class App:
    """The running page: one table at a time, its timers, and what is on screen."""

    def __init__(self):
        self.settings = settings.Settings()
        self.source: LocalSource | RoomSource | None = None
        self._rooms: Rooms | None = None
        self.presenter = None
        self.legal: list[dict] = []
        self.reveals: dict[str, str] = {}
        self.pending_looks: dict[int, dict[str, str]] = {}  # pass-and-play looks kept for their seat
        # A look the player ends themselves (Presenter.held_look: the prompt and the button's label), and those kept
        # for their seat in pass-and-play; the seat a curtain must go to before its held look shows.
        self.held: tuple[str, str] | None = None
        self.pending_held: dict[int, tuple[str, str]] = {}
        self.curtain_for: int | None = None
        self.hint = ""  # the game's first-turn hint, until the person on screen makes a move
        self.shown: dict[str, object] = {}
        self.log_lines: list[str] = []
        # Lines for the screen reader not announced yet, each with whether it is private to the seat on screen.
        self.to_announce: list[tuple[str, bool]] = []
        # What is on screen, so that a redraw writes only what changed: the table's pieces, the number of log
        # lines, and the text of the other regions by element id. None / absent: draw it whole.
        self.drawn: Rendered | None = None
        self.waiting: list[Change] = []  # the table's changes that wait for the next frame: changes_that_can_wait()
        self.log_drawn: int | None = None
        self.written: dict[str, str] = {}
        self.menu_open = False
        self.seen_events = 0
        self.answer_due = False  # this screen's move went to a room's host, whose answer draws it
        self.unsaved: Table | None = None  # a local table whose last move waits to be saved: _save_unsaved()
        self.reveal_timer = None
        self.around_timer = None  # the pending draw of what is around the table: static/js/redraw.js later()
        self.bots = BotPacer()  # a bot's choice or move, when one is due
        # The clicks drawn ahead for the table on screen, by click (game/web/predict.py), those still to draw, and
        # the pending slice of that work.
        self.predictions: dict[str, Prediction] = {}
        self.unpredicted: list[tuple[str, int]] = []
        self.predict_timer = None
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
        window.faceDownRedraw.onPredictedClick(create_proxy(self._play_predicted))
        # A move's save waits for the frame that shows it; a page put away or closed before then saves at once.
        save_now = create_proxy(lambda *_: self._save_unsaved())
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
        return None if self.source is None else self.source.table

    def new_table(self, game_config: GameConfig) -> None:
        """Deal a new game for ``game_config`` (a random seed unless it names one) and show it."""
        seed = game_config.seed if game_config.seed is not None else random.SystemRandom().randrange(10**9)
        if self._rooms is not None:
            self._rooms.leave()  # a local game ends this page's part in a room
        self._show_table(Table(game_config, seed), deal=True)
        self._set_url(game_config)

    def resume(self, table: Table) -> None:
        """Show a table restored from the save, exactly where it was."""
        self._show_table(table, "Your game was restored where you left it.")

    def _show_table(self, table: Table, note: str = "", deal: bool = False) -> None:
        self.show(LocalSource(table), note, deal)

    def show(self, source: LocalSource | RoomSource, note: str = "", deal: bool = False) -> None:
        """Draw ``source`` from now on (a local table, or a room's game), with ``note`` in the log."""
        self._cancel_timers()
        self.source = source
        self.presenter = presenter_for(source.game)
        self.reveals, self.shown, self.log_lines = {}, {}, [note] if note else []
        self.to_announce = [(note, False)] if note else []
        self.pending_looks, self.answer_due = {}, False
        self.held, self.pending_held, self.curtain_for = None, {}, None
        self.hint = "" if source.game in self._hints_seen() else self.presenter.hint
        self.drawn, self.waiting, self.log_drawn, self.written = None, [], None, {}
        self.seen_events = source.event_count
        if deal:  # a new deal may come with looks (Cambio's first peek): show them
            self._absorb(0)
        self.root.removeAttribute("data-over")
        self.root.removeAttribute("data-result")
        self.root.dataset.playing = "true"  # the page becomes the table: it fits the screen (static/css/app.css)
        document.getElementById("game").hidden = False
        # The game's own layout rules key on this (static/css/games/): an attribute that stays put while the
        # game is played, where a rule that looks at the table's children would be checked on every redraw.
        document.getElementById("table").dataset.game = source.game
        document.getElementById("new-game").open = False
        self.refresh(at_once=True)

    def hide_game(self) -> None:
        """Take the game off the screen (a room went back to its lobby, or was left, or is being created)."""
        self._cancel_timers()
        self.source = None
        self.root.removeAttribute("data-over")
        self.root.removeAttribute("data-playing")
        document.getElementById("game").hidden = True

    def room_update(self) -> None:
        """The room's host sent news for the seat on screen: log it, show its private looks, redraw."""
        self._absorb(self.seen_events)
        own_move, self.answer_due = self.answer_due, False
        self.refresh(own_move=own_move)

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

    # --- playing ----------------------------------------------------------------------------------

    def play(self, action: dict, painted: bool = False) -> None:
        """Play ``action`` for the seat on screen; an illegal one is explained and changes nothing.

        ``painted``: the frame showing the move is painted already (a click drawn ahead), so what would wait for
        it is drawn at once.
        """
        self._clear_reveals()
        since = self.source.event_count
        try:
            self.source.act(action)
        except IllegalAction as error:
            self.say(str(error))
            self.refresh()
            return
        self.say("")
        if self.hint:
            self._hint_seen()
        if self.table is None:
            # A room's move only leaves here; the host's answer redraws the table. Drawing now would keep
            # this page busy when that answer arrives, and delay it by a whole redraw.
            document.getElementById("table").setAttribute("aria-busy", "true")
            self.answer_due = True
            return
        self._absorb(since)
        self.refresh(at_once=painted, own_move=True)

    def _absorb(self, since: int) -> None:
        """Log the new events as everyone saw them, and overlay what the seat on screen was shown."""
        source = self.source
        for event in source.public_events(since):
            line = self.presenter.describe(event, source.names)
            if line:
                self._log(line)
        if self.settings.look_ms > 0:
            seen = source.seat_events(since)
            looks, private_looks = seat_looks(self.presenter, seen)
            if private_looks:
                private = private_lines(self.presenter, source.view(), source.names, private_looks)
                self.to_announce += [(line, True) for line in private]
            self.reveals.update(looks)
            held = self.presenter.held_look(seen) if self.reveals else None
            table = self.table  # None in a room: there, each screen is one player's
            if held and table is not None and table.config.people > 1:
                # Pass-and-play: whoever holds the device may not be the one to look; a curtain goes first.
                self.pending_looks[table.viewer], self.pending_held[table.viewer] = self.reveals, held
                self.reveals, self.curtain_for = {}, table.viewer
            elif held:
                self.held = held
            # A held look waits for its player at a local table; in a room the round goes on after the look time.
            if self.reveals and not (self.held and table is not None):
                self._start_reveal_timer()
            # In pass-and-play, a private look for someone not holding the device waits for their turn.
            for seat in range(table.config.people if table is not None else 0):
                if seat != table.viewer:
                    events = table.match.events(seat, since=since)
                    for event in events:
                        # A private event's "to" lists seats; a Matches move's "to" is a spot number.
                        if isinstance(event.get("to"), list) and seat in event["to"]:
                            self.pending_looks.setdefault(seat, {}).update(self.presenter.looks(event))
                    if seat in self.pending_looks and self.presenter.held_look(events):
                        self.pending_held[seat] = self.presenter.held_look(events)
        self.seen_events = source.event_count

    def _schedule_bot(self) -> None:
        """Let a bot choose once the frame showing the last move is painted: the harder levels think for
        milliseconds, which would otherwise hold that frame back."""
        if self._bot_may_move():
            self.bots.after(0, self._choose_bot_move)

    def _bot_may_move(self) -> bool:
        table = self.table  # None in a room: a room's bots are its host's (room.py paces them)
        if table is None or self.bots.due or self.reveals or self.curtain_for is not None:
            return False
        return not table.over and not table.needs_curtain()

    def _choose_bot_move(self) -> None:
        move = self.table.bot_move() if self._bot_may_move() else None
        if move is None:
            return
        delay = self.settings.bot_delay_ms
        if not move.in_turn:  # an out-of-turn move (a snap, a call) takes the bot's own reaction time
            delay = (self.table.reaction_delay_ms(move.seat) or delay) * self.settings.bot_delay_ms // 700

        def fire():
            since = self.table.match.event_count
            if self.table.play_bot_move(move) is not None:
                self._absorb(since)
            self.refresh()

        self.bots.after(delay, fire, after_paint=False)  # painted already

    # --- drawing ----------------------------------------------------------------------------------

    def refresh(self, at_once: bool = False, own_move: bool = False) -> None:
        """Redraw the table from the seat source; saving a local table and the rest of the page follow.

        The table is what a click changes, so it is drawn at once and the frame that shows the click carries
        little else. The players, the prompt, the log and the result change on a click too, but nobody's
        eyes are on them at that instant: they are drawn once that frame is painted, and a bot's move is
        scheduled from there (:meth:`_draw_around_table`). So are the table's words and marks that are not the
        move's cards (:func:`changes_that_can_wait`), and the save, a ``localStorage`` write of the whole
        game (0.3 ms, at times 2; a page put away or closed before then saves at once). ``at_once`` draws
        them in the same frame, for a page shown anew (a new or restored game, a lifted curtain), where
        nothing of what was there before should show for a frame, and for a click drawn ahead, whose own
        frame is painted already (:meth:`_play_predicted`).

        ``own_move``: the redraw shows the move the person at this screen just made. The cards it turned up are
        drawn face up in the click's own frame; a flip would show an edge-on card in that frame and the face
        only once it ends. Cards turned up by anyone else (a bot, a room's other players, whoever held the
        device before) flip in, which draws the eye to them.
        """
        source, table = self.source, self.table
        if table is not None:
            self.unsaved = table
        curtain = document.getElementById("curtain")
        if table is not None and (self.curtain_for is not None or table.needs_curtain()) and not self.reveals:
            self._save_unsaved()  # the curtain is all this frame shows; nothing around the table is drawn
            self._announce(private_too=False)
            seat = self.curtain_for if self.curtain_for is not None else table.person_to_act()
            self._forget_predictions()
            document.getElementById("table").innerHTML = ""
            self.drawn, self.waiting, self.menu_open = None, [], False
            document.getElementById("curtain-text").textContent = f"Pass the device to {table.names[seat]}."
            curtain.hidden = False
            curtain.querySelector("button").focus()
            return
        if not curtain.hidden:  # writing it anyway would have the browser restyle it on every click
            curtain.hidden = True
        view = source.view()
        self.legal = source.legal_actions()
        focused = document.activeElement.getAttribute("data-pos") if document.activeElement else None
        held = self.held[1] if self.held else ""
        rendered = render_table(
            self.presenter, view, source.names, self.legal, self.reveals, self.shown, flip_in=not own_move, held=held
        )
        self.shown = rendered.faces
        self._draw_table(rendered, focused)
        # A focused spot that was redrawn gets the focus back, as keyboard play needs. After the table's writes,
        # because focusing lays the page out.
        if focused and document.activeElement.getAttribute("data-pos") != focused:
            again = document.querySelector(f'#table [data-pos="{focused}"]')
            if again:
                again.focus()
        if held:  # the button that starts the round is the one choice to make first
            document.querySelector('#table [data-command="done-looking"]').focus()
        if at_once:
            self._draw_around_table()
        elif self.around_timer is None:  # one pending draw serves every refresh before it runs
            self.around_timer = window.faceDownRedraw.later(create_once_callable(self._draw_around_table), 0, True)

    def _draw_around_table(self, *_) -> None:
        """Draw the table changes that waited, save, bring the players, the prompt, the log and the result up to
        date, then let a bot move if one is due."""
        if self.around_timer is not None:  # drawn early (at once), a pending draw has nothing left to do
            self.around_timer.cancel()
            self.around_timer = None
        self._draw_waiting()
        self._save_unsaved()
        source = self.source
        view = source.view()
        self._write("players", render_players(self.presenter, view, source.names, source.viewer, source.to_act()))
        self._write("prompt", self._prompt(view), "textContent")
        self._draw_log()
        self._announce()
        if source.over:
            result = render_result(self.presenter, view, source.names)
            shown_anew = self.written.get("result") != result
            self._write("result", result)
            if shown_anew:  # the next thing to do, for the keyboard too
                document.querySelector('#result [data-command="again"]').focus()
            # The embed's script reads the result from here to tell the parent page (static/js/embed.js).
            self.root.dataset.result = json.dumps({"game": source.game, "names": source.names, **view["result"]})
            self.root.dataset.over = "true"
        else:
            self._write("result", "")
        self._update_clock(view)
        self._schedule_bot()
        self._start_predicting()

    def _draw_table(self, rendered: Rendered, focused: str | None) -> None:
        """Bring the table from what it shows to ``rendered``, writing only what changed."""
        self._forget_predictions()
        table = document.getElementById("table")
        if self.menu_open:  # a spot's menu lasts until the next redraw
            for menu in table.querySelectorAll(":scope > .menu"):
                menu.remove()
            self.menu_open = False
        # What waited from the last redraw goes first: the changes below were worked out from the table with it.
        changes, waiting = changes_that_can_wait(table_changes(self.drawn, rendered, focused))
        self._apply(table, self.waiting + changes, rendered)
        self.drawn, self.waiting = rendered, waiting
        # Busy while the table still shows the marks, words and buttons it had (until the next frame), or while a
        # room's move waits for the host's answer (App.play): choices that may be gone are no choices, for a script
        # as for assistive technology.
        if waiting:
            table.setAttribute("aria-busy", "true")
        else:
            table.removeAttribute("aria-busy")

    def _draw_waiting(self) -> None:
        """Make the table's changes that waited for the frame showing the last move."""
        if self.waiting:
            table = document.getElementById("table")
            self._apply(table, self.waiting, self.drawn)
            if not self.answer_due:  # a room's move sent since then keeps the table busy until the answer
                table.removeAttribute("aria-busy")
            self.waiting = []

    def _apply(self, table, changes: list[Change], rendered: Rendered) -> None:
        if not window.faceDownRedraw.apply(table, json.dumps(changes)):  # static/js/redraw.js
            # The table was not what was drawn last. Nothing else writes it, but a redraw that went wrong
            # must neither stop the click nor leave a broken table: draw it whole.
            table.innerHTML = rendered.html
            window.faceDownRedraw.fit(True)

    # --- clicks drawn ahead ----------------------------------------------------------------------

    def _start_predicting(self) -> None:
        """Draw ahead the clicks the person at a local table may make next (game/web/predict.py), a slice at a
        time while they think, so that a click's frame carries no Python."""
        self._forget_predictions()
        if self.table is None or self.drawn is None or self.waiting or self.menu_open or not self.legal:
            return  # a room's moves are the host's; a table still changing is drawn ahead once it settles
        self.unpredicted = list(click_targets(self.presenter, self.legal).items())
        self.predict_timer = window.faceDownRedraw.later(create_once_callable(self._predict_slice), 0, False)

    def _predict_slice(self, *_) -> None:
        self.predict_timer = None
        stop, looks = time.perf_counter() + PREDICTION_SLICE_S, self.settings.look_ms > 0
        while self.unpredicted and time.perf_counter() < stop:
            key, index = self.unpredicted.pop()
            prediction = predict_click(self.table, self.presenter, self.drawn, self.shown, self.legal[index], looks)
            if prediction is not None:
                self.predictions[key] = prediction
                window.faceDownRedraw.predictClick(key, json.dumps(prediction.now))
        if self.unpredicted:
            self.predict_timer = window.faceDownRedraw.later(create_once_callable(self._predict_slice), 0, False)

    def _forget_predictions(self) -> None:
        """Drop the clicks drawn ahead: the table they were drawn for is about to change."""
        if self.predict_timer is not None:
            self.predict_timer.cancel()
            self.predict_timer = None
        self.unpredicted = []
        if self.predictions:
            self.predictions = {}
            window.faceDownRedraw.forgetPredictions()

    def _play_predicted(self, key: str, drawn: bool) -> None:
        """Play the click ``key`` that static/js/redraw.js drew ahead, once the frame showing it is painted.

        ``drawn``: the page made the prediction's changes that could not wait, so the table shows them. If it
        could not (``False``), or the table was redrawn since (no such prediction), it is drawn whole.
        """
        prediction = self.predictions.get(key)
        if prediction is None or not drawn:
            self.drawn, self.waiting = None, []
        else:
            self.drawn, self.waiting, self.shown = prediction.rendered, prediction.waiting, prediction.rendered.faces
        if prediction is not None:
            self.play(prediction.action, painted=True)
        elif self.source is not None:
            self.refresh()

    def _draw_log(self) -> None:
        """Put the new log lines on top of the log (dropping the oldest past its length), or write it whole."""
        log = document.getElementById("log")
        update = log_changes(self.log_drawn, self.log_lines)
        if update is None:
            log.innerHTML = render_log(self.log_lines)
        elif update[0]:
            items, dropped = update
            listed = log.firstElementChild
            listed.insertAdjacentHTML("afterbegin", items)
            for _ in range(dropped):
                listed.lastElementChild.remove()
        self.log_drawn = len(self.log_lines)

    def _write(self, element_id: str, text: str, field: str = "innerHTML") -> None:
        """Set an element's ``innerHTML`` (or ``textContent``) to ``text`` unless it holds that already."""
        if self.written.get(element_id) != text:
            setattr(document.getElementById(element_id), field, text)
            self.written[element_id] = text

    def _prompt(self, view: dict) -> str:
        source = self.source
        if source.over:
            return f"The game is over: {result_headline(view, source.names)}"
        you = f"{source.names[source.viewer]}: " if source.shared else ""
        if self.held and self.reveals:
            return you + self.held[0]
        if source.viewer in source.to_act() and self.legal:
            prompt = you + self.presenter.prompt(view, source.names)
            return f"{prompt} {self.hint}" if self.hint else prompt
        actor = source.main_actor()
        return f"{source.names[actor]} is playing…" if actor is not None else ""

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
        self._draw_waiting()  # a waiting tail would take the menu away with the old buttons
        self._forget_predictions()  # they were drawn for the table without the menu
        view = self.source.view()
        table = document.getElementById("table")
        table.insertAdjacentHTML("beforeend", render_menu(self.presenter, view, self.source.names, self.legal, indices))
        self.menu_open = True
        table.querySelector(".menu button").focus()

    def say(self, text: str) -> None:
        """Show (or clear, with ``""``) the message line for errors and notices."""
        box = document.getElementById("message")
        if not text and box.hidden:
            return  # nothing to clear: writing it anyway would have the browser restyle it on every click
        box.textContent = text
        box.hidden = not text

    def _log(self, line: str) -> None:
        self.log_lines.append(line)
        self.to_announce.append((line, False))

    def _announce(self, private_too: bool = True) -> None:
        """Queue the lines not announced yet in the live region, each its own node: a screen reader reads every
        one (a region whose text is replaced is read for its last version only). ``private_too`` False: a curtain
        is coming down, and what the last person saw in private is not for the next one."""
        lines = [escape(line) for line, private in self.to_announce if private_too or not private]
        self.to_announce = []
        if not lines:
            return
        announcer = document.getElementById("announcer")
        announcer.insertAdjacentHTML("beforeend", "".join(f"<p>{line}</p>" for line in lines))
        while announcer.childElementCount > MAX_ANNOUNCED:
            announcer.firstElementChild.remove()

    def _picker_status(self, text: str) -> None:
        document.querySelector("#picker .picker-status").textContent = text
        document.getElementById("new-game").open = True

    # --- looks and timers -------------------------------------------------------------------------

    def _start_reveal_timer(self) -> None:
        if self.reveal_timer is not None:
            self.reveal_timer.cancel()

        def expire(*_):
            self.reveal_timer = None
            self._clear_reveals()
            self.refresh()

        # Through later(): while a click drawn ahead waits to be played, so does the look's end.
        self.reveal_timer = window.faceDownRedraw.later(create_once_callable(expire), self.settings.look_ms, False)

    def _clear_reveals(self) -> None:
        self.reveals, self.held = {}, None
        if self.reveal_timer is not None:
            self.reveal_timer.cancel()
            self.reveal_timer = None

    def _update_clock(self, view: dict) -> None:
        """Start, keep or stop the countdown of a timed choice (Jokin' Around's rearranging)."""
        acting = self.source.viewer in self.source.to_act() and not self.source.over
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
        action = self.presenter.deadline(self.source.view())
        self._stop_clock()
        if action is not None and action[1] in self.source.legal_actions():
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
        self._save_unsaved()  # the pending draw around the table would have saved it
        self._stop_clock()
        self._clear_reveals()
        self._forget_predictions()
        if self.around_timer is not None:
            self.around_timer.cancel()
        self.around_timer = None
        self.bots.stop()

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
        if self.source is None:
            return
        action = target.closest("[data-action]")
        if action:
            if not action.isConnected or any(change.kind == "tail" for change in self.waiting):
                # A button of the last move's, numbered by its legal actions: the new buttons show in the next frame,
                # or have just replaced it (static/js/redraw.js played a click drawn ahead before this one).
                return
            self.play(self.legal[int(action.dataset.action)])
            return
        spot = target.closest("#table [data-pos]")
        if spot:
            self.show_menu(spot.dataset.pos)

    def run_command(self, command: str) -> None:
        """Page commands: play again, new game, lift the curtain, done looking."""
        if command == "again" and self.table is None:
            self.rooms.again()
        elif command == "again":
            game_config = GameConfig.from_json(self.table.config.to_json())
            game_config.seed = None
            self.new_table(game_config)
        elif command in ("new", "settings"):  # the menu's entries: the panel opens over the table
            menu = document.getElementById("menu")  # the embed has none
            if menu:
                menu.open = False
            panel = document.getElementById("new-game" if command == "new" else "settings")
            panel.open = True
            panel.scrollIntoView()
            panel.querySelector("summary").focus()
        elif command == "lift-curtain":
            seat = self.curtain_for if self.curtain_for is not None else self.table.person_to_act()
            self.curtain_for = None
            self.table.pass_to(seat)
            self.reveals, self.held = self.pending_looks.pop(seat, {}), self.pending_held.pop(seat, None)
            if self.reveals and not self.held:
                self._start_reveal_timer()
            self.refresh(at_once=True)
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
        form.elements.namedItem("name").value = self.settings.name

    def _hints_seen(self) -> list[str]:
        try:
            seen = json.loads(window.localStorage.getItem(HINTS_KEY) or "[]")
        except ValueError:
            return []
        return seen if isinstance(seen, list) else []

    def _hint_seen(self) -> None:
        """The person on screen made a move: the game's hint is not shown again in this browser."""
        self.hint = ""
        window.localStorage.setItem(HINTS_KEY, json.dumps(sorted({*self._hints_seen(), self.source.game})))

    def _save_key(self) -> str:
        return f"face-down/{self.settings.save}/game"

    def _save_unsaved(self) -> None:
        """Save the local table whose last move is not saved yet, if there is one."""
        if self.unsaved is not None:
            window.localStorage.setItem(self._save_key(), self.unsaved.to_json())
            self.unsaved = None

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
