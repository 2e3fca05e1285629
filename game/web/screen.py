"""The screen controller: what one screen shows of a game, and what it does when its player acts. No browser.

The page adapter (:mod:`game.web.app`) turns clicks, timers and a room's news into calls here, and carries out
what each call returns: a list of *effects* (the classes below), such as a table edit, a text to write, a
timer to start or a save to make. The controller decides, the adapter obeys, so everything a player sees
and when (the looks and their timer, the curtain, the bots' pace, the hint, the save) is tested on CPython.

What it draws comes from a *seat source* (:mod:`game.web.source`): a local :class:`~game.web.table.Table`,
or this peer's seat in a room. Both give a view, legal actions, names and new events the same way, so a
room's game is drawn exactly like a local one; the curtain, the bots and the save are a local table's only.

What a player may know, and for how long:
- the log and the screen reader's announcements are written from the spectator's events, so they never
  hold a private card, even in pass-and-play (a private look is announced to its own seat only, and
  dropped when a curtain comes down);
- a private look (and a pair that does not match) is an overlay on the spots it shows; it goes when the look
  time runs out, when the player taps "Done looking" or when they act. Bots wait for it to go.

When things are drawn: a click's frame carries the table's cards (:class:`DrawTable`'s ``now``); its words and
marks, the players, the prompt, the log and the result follow once that frame is painted (the ``around``
timer), and a bot's move is scheduled from there. At a local table, the clicks that play one action are
drawn ahead while the person thinks (:mod:`game.web.predict`, :class:`Predict`), so a click's frame runs no
Python; :meth:`Screen.play_predicted` plays such a click once its frame is painted.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

from ..core import Action, IllegalAction
from .hint import hint as hint_for
from .predict import Prediction, click_targets, predict_click
from .presenter import Interlude
from .records import RECORDS_KEY, Records, level_of, note_game
from .render import (
    Change,
    Rendered,
    changes_that_can_wait,
    log_changes,
    private_lines,
    render_log,
    render_players,
    render_result,
    render_table,
    result_headline,
    seat_looks,
    table_changes,
    targets_by_place,
)
from .settings import Settings
from .source import LocalSource, RoomSource
from .words import NO_HINT, REFUSAL, game_over, pass_the_device, playing, took_a_hint

# The sounds a batch of events may make, the least telling first: a batch makes the last of them it holds.
CUES = ("flip", "pair", "snap", "snap-wrong", "call")
# How long one slice of drawing clicks ahead may hold the page: a click that comes meanwhile waits for it.
PREDICTION_SLICE_S = 0.003
CLOCK_TICK_MS = 1000

# --- effects: what the page adapter carries out, in order -----------------------------------------------------


@dataclass(frozen=True)
class DrawTable:
    """Bring the table to ``html``: make the changes ``now``, and ``later`` once the frame showing them is painted
    (or before any other change or timer). If they do not fit the table on the page, write ``html`` whole.
    ``busy``: the choices on the table are stale until the next edit (a room's move is on its way)."""

    now: list[Change]
    later: list[Change]
    html: str
    busy: bool = False

    def to_json(self) -> str:
        """The edit as static/js/redraw.js's ``apply`` takes it: one string, one call across the bridge."""
        return json.dumps({"now": self.now, "later": self.later, "html": self.html, "busy": self.busy})


@dataclass(frozen=True)
class Predict:
    """The edit that the click ``key`` would make (:func:`game.web.predict.click_targets` names the keys): the
    page makes it the moment that click comes, then calls :meth:`Screen.play_predicted`. ``save``: the local
    table's save once that click is played, kept by the page if it is closed first."""

    key: str
    edit: DrawTable
    save: str = ""


@dataclass(frozen=True)
class Write:
    """Set the element ``element``'s HTML (``html``) or text to ``text``."""

    element: str
    text: str
    html: bool = True


@dataclass(frozen=True)
class Show:
    """Show or hide the element ``element``."""

    element: str
    shown: bool


@dataclass(frozen=True)
class AddLog:
    """Put ``items`` on top of the log's list and drop its ``dropped`` oldest items."""

    items: str
    dropped: int


@dataclass(frozen=True)
class Announce:
    """Read ``lines`` out, each in turn, through the live region."""

    lines: list[str]


@dataclass(frozen=True)
class Focus:
    """Move the keyboard focus to the element ``selector`` finds."""

    selector: str


@dataclass(frozen=True)
class Over:
    """Mark the page as showing a result (``result``: its JSON, for the embed's parent) or none (``None``)."""

    result: str | None


@dataclass(frozen=True)
class Say:
    """Show the message line (``""`` clears it): an error, or with ``notice`` news that is no error (a hint's
    reason)."""

    text: str
    notice: bool = False


@dataclass(frozen=True)
class After:
    """Call :meth:`Screen.timer` with ``timer`` ``delay_ms`` after the frame being drawn is painted (with
    ``after_paint`` False, ``delay_ms`` from now). A timer of that name already due is replaced.

    ``work``: not a wait but work done a slice at a time (drawing clicks ahead), due at once: it needs neither a
    painted frame nor the page, so it runs where the screen runs, between the page's messages."""

    timer: str
    delay_ms: int
    after_paint: bool = True
    work: bool = False


@dataclass(frozen=True)
class Cancel:
    """Forget the timer ``timer``, if it is due."""

    timer: str


@dataclass(frozen=True)
class Save:
    """Keep ``text``, the local table's JSON, as this browser's saved game."""

    text: str


@dataclass(frozen=True)
class Sound:
    """Play the cue ``cue`` (a presenter's, or "win" or "turn"): static/js/sound.js makes its short sound or
    vibration, or both, where the player's setting and the device allow."""

    cue: str


@dataclass(frozen=True)
class Store:
    """Keep ``text`` in this browser under ``key`` (``None``: forget it)."""

    key: str
    text: str | None


@dataclass(frozen=True)
class HintSeen:
    """The person on screen made a move: ``game``'s first-turn hint is not shown again in this browser."""

    game: str


Effect = (
    DrawTable
    | Predict
    | Write
    | Show
    | AddLog
    | Announce
    | Focus
    | Over
    | Say
    | After
    | Cancel
    | Save
    | Sound
    | Store
    | HintSeen
)


@dataclass
class OnScreen:
    """What this screen last told the page to show, so that the next edit holds only what differs."""

    table: Rendered | None = None  # None: the table holds something else (nothing yet, the curtain)
    # The faces of the table each seat was shown last, by seat: a card flips in for the person on screen only if
    # it turned up since they last saw the table, not every card each time the device changes hands. By seat,
    # so that whether a card flips says nothing about what the last person was shown.
    faces: dict[int | None, dict[str, object]] = field(default_factory=dict)
    log_lines: int | None = None  # how many log lines the page shows; None: write it whole
    texts: dict[str, str] = field(default_factory=dict)  # by element id
    shown: dict[str, bool] = field(default_factory=dict)  # whether each element shown or hidden by id is shown
    curtain: bool = False

    def drew(self, table: Rendered, seat: int | None) -> None:
        """The page's table is now ``table``, drawn for ``seat``."""
        self.table, self.faces[seat] = table, table.faces


class Screen:
    """One screen's game: its seat source, the looks on show, the curtain, the log and what is on the page."""

    def __init__(
        self,
        source: LocalSource | RoomSource,
        presenter,
        settings: Settings,
        hint: str = "",
        records: Records | None = None,
        new_game: bool = True,
        hints: bool = True,
    ):
        self.source = source
        self.presenter = presenter
        self.settings = settings
        self.hint = hint  # the game's first-turn hint, until the person on screen makes a move
        self.records = records or Records()  # the player's records in this browser
        self.counted = source.over  # whether this game is in the records (a game shown over already is, or not ours)
        self.record_lines: list[str] = []  # what the result says of the records
        self.new_game = new_game  # whether the result offers a new game (the page's picker; the embed has none)
        self.legal: list[Action] = []
        self.looks: dict[str, str] = {}  # the cards shown for a moment, by place
        # A look the player ends themselves (Presenter.held_look: the prompt and the button's label).
        self.held: tuple[str, str] | None = None
        # Pass-and-play: looks kept for their seat, until that person holds the device.
        self.pending_looks: dict[int, dict[str, str]] = {}
        self.pending_held: dict[int, tuple[str, str]] = {}
        self.memories: dict[int | None, dict] = {}  # each seat's memory of looks (Presenter.looks), by seat
        self.curtain_for: int | None = None  # the seat a curtain must go to before its held look shows
        self.menu: list[int] = []  # the legal actions offered on a spot with several, while its menu is open
        self.question = ""  # asked before the one action in the menu is played (Presenter.confirm)
        # What the presenter noted of the public events for its questions (Presenter.follow), all game long.
        self.notes: dict = {}
        for event in source.public_events(0):
            presenter.follow(event, self.notes)
        self.log_lines: list[str] = []
        # Lines for the screen reader not announced yet, each with whether it is private to the seat on screen.
        self.to_announce: list[tuple[str, bool]] = []
        self.seen_events = source.event_count
        self.answer_due = False  # this screen's move went to a room's host, whose answer draws it
        self.unsaved = False  # the local table's last move is not saved yet
        self.on_screen = OnScreen()
        self.due: set[str] = set()  # the timers started and not run or cancelled yet
        self.bot_move = None  # a bot's move chosen and waiting for its delay (bots.driver.BotMove)
        self.clock: tuple[str, int] | None = None  # the timed choice the clock runs for, and the seconds left
        self.interlude: Interlude | None = None  # a moment the table holds still on (Presenter.interlude)
        self.hints = hints  # the page has the Hint button (the embed has not)
        self.hinted: int | None = None  # the legal action a hint marks, until the next move
        self.my_turn: bool | None = None  # whether the person on screen was to play when last drawn (None: not yet)
        self.predictions: dict[str, Prediction] = {}
        self.unpredicted: list[tuple[str, int]] = []

    @property
    def table(self):
        """The local table on screen; ``None`` in a room."""
        return self.source.table

    # --- what the page adapter calls --------------------------------------------------------------------

    def start(self, note: str = "", deal: bool = False) -> list[Effect]:
        """Draw the game anew, with ``note`` in the log; ``deal``: a new deal, whose looks (a peek as a round is dealt)
        show (and flip in); a game shown as it was left shows its cards face up, with no flip."""
        self.log_lines = [note] if note else []
        self.to_announce = [(note, False)] if note else []
        effects = self._absorb(0) if deal else []
        return [Over(None), *effects, *self._redraw(at_once=True, flip_in=deal)]

    def news(self) -> list[Effect]:
        """The room's host sent news for the seat on screen: log it, show its private looks, redraw."""
        effects = self._absorb(self.seen_events)
        own_move, self.answer_due = self.answer_due, False
        return effects + self._redraw(flip_in=not own_move)

    def click_spot(self, place: str) -> list[Effect]:
        """The spot ``place`` was clicked: play its one action, or offer its several in a menu."""
        by_place, _ = targets_by_place(self.presenter, self.legal)
        indices = by_place.get(place, [])
        if not indices:
            return [Say(REFUSAL)]
        if len(indices) == 1:
            return self.play(self.legal[indices[0]])
        effects = self._redraw(at_once=True, menu=indices)
        return [*effects, Focus("#table .menu button")]

    def click_action(self, index: int) -> list[Effect]:
        """The button for legal action number ``index`` was clicked: play it, or first ask the presenter's question
        about it (:meth:`Presenter.confirm`), once; its button in the question plays it."""
        if not 0 <= index < len(self.legal):
            return []  # a button of an earlier move's (the page drops those it can tell)
        question = self._question(index)
        if question and not (self.question == question and self.menu == [index]):
            self.question = question
            effects = self._redraw(at_once=True, menu=[index])
            return [*effects, Focus('#table .menu [data-command="close-menu"]')]
        return self.play(self.legal[index])

    def close_menu(self) -> list[Effect]:
        """The player closed the menu or question on show, choosing nothing."""
        return self._redraw(at_once=True)

    def take_hint(self) -> list[Effect]:
        """The person on screen asked for a hint: the move the strongest computer player would make for their seat,
        knowing only what the seat was shown, is marked on the table and gets the keyboard's focus; the reason
        says where they saw the card, if they did; the log says that they took a hint."""
        source = self.source
        if not self._hint_offered():
            return [Say(REFUSAL)]
        found = hint_for(source.game, source.view(), source.seat_events(0), self.legal, self.presenter)
        if found is None:
            return [Say(NO_HINT)]
        self.hinted = found.index
        line = took_a_hint(source.names[source.viewer])
        self.log_lines.append(line)
        self.to_announce.append((line, False))
        if found.reason:  # what the seat saw: private to it
            self.to_announce.append((found.reason, True))
        marked = f'[data-pos="{found.place}"]' if found.place is not None else f'[data-action="{found.index}"]'
        return [Say(found.reason, notice=True), *self._redraw(at_once=True, menu=self.menu), Focus(f"#table {marked}")]

    def play(self, action: Action, painted: bool = False) -> list[Effect]:
        """Play ``action`` for the seat on screen; an illegal one is explained and changes nothing.

        ``painted``: the frame showing the move is painted already (a click drawn ahead), so what would wait for
        it is drawn at once.
        """
        effects = self._end_looks()
        since, interlude = self.source.event_count, self.interlude
        try:
            self.source.act(action)
        except IllegalAction as error:
            return [*effects, Say(str(error)), *self._redraw()]
        effects.append(Say(""))
        if self.hint:
            self.hint = ""
            effects.append(HintSeen(self.source.game))
        if self.table is None:
            # A room's move only leaves here; the host's answer redraws the table. Drawing now would keep this
            # page busy when that answer arrives, and delay it by a whole redraw.
            self.answer_due = True
            drawn = self.on_screen.table
            return [*effects, DrawTable([], [], drawn.html if drawn else "", busy=True)]
        effects += self._absorb(since)
        # The move's own cards show in its frame; but the hands a round's end turns up flip in, as anyone else's do.
        return effects + self._redraw(at_once=painted, flip_in=interlude is None and self.interlude is not None)

    def play_predicted(self, key: str) -> list[Effect]:
        """Play the click ``key`` that the page drew ahead, once the frame showing it is painted: the table shows
        that prediction's table now."""
        prediction = self.predictions.get(key)
        if prediction is None:  # the table was redrawn since
            return self.redraw_whole()
        # The faces the seat was shown stay those before the click until the move's redraw: it draws what turned up
        # as the prediction did (the hands a round's end turns up flip in).
        self.on_screen.table = prediction.rendered
        return self.play(prediction.action, painted=True)

    def redraw_whole(self) -> list[Effect]:
        """The page's table is not what this screen drew last (a click drawn ahead on an older one): draw it whole."""
        self.on_screen.table = None
        return self._redraw()

    def lift_curtain(self) -> list[Effect]:
        """The person the curtain named took the device: show the table to their seat, with their looks."""
        table = self.table
        seat = self.curtain_for if self.curtain_for is not None else table.person_to_act()
        self.curtain_for = None
        table.pass_to(seat)
        self.looks, self.held = self.pending_looks.pop(seat, {}), self.pending_held.pop(seat, None)
        effects = self._look_timer() if self.looks and not self.held else []
        return effects + self._redraw(at_once=True)

    def done_looking(self) -> list[Effect]:
        """The player ended the look, or the interlude, on show."""
        if self.interlude is not None:
            return self._end_interlude()
        return self._end_looks() + self._redraw()

    def turn(self, turned: bool) -> list[Effect]:
        """The page found bigger cards for the table's grid drawn turned a quarter (``turned``) or not: draw it so,
        with its positions named as drawn from now on."""
        presenter = self.presenter.turned_to(turned)
        if presenter is self.presenter:
            return []
        self.presenter = presenter
        return self._redraw(at_once=True, flip_in=False, menu=self.menu)

    def timer(self, name: str) -> list[Effect]:
        """The timer ``name`` (started by an :class:`After`) has run out."""
        self.due.discard(name)
        return {
            "around": self._draw_around_table,
            "look": self.done_looking,
            "bot": self._bot_step,
            "clock": self._tick,
            "predict": self._predict_slice,
        }[name]()

    def stop(self) -> list[Effect]:
        """The screen goes (another game, or none): save what is unsaved and stop every timer."""
        self.predictions, self.unpredicted = {}, []
        return self.save_now() + [Cancel(name) for name in sorted(self.due)]

    def save_now(self) -> list[Effect]:
        """Save the local table at once if its last move is not saved yet (the page is being put away)."""
        if not self.unsaved:
            return []
        self.unsaved = False
        return [Save(self.table.to_json())]

    # --- looks ------------------------------------------------------------------------------------------

    def _absorb(self, since: int) -> list[Effect]:
        """Log the events from ``since`` as everyone saw them, and overlay what the seat on screen was shown."""
        source, presenter, table = self.source, self.presenter, self.table
        self.hinted = None  # a hint is for the moment it was asked in
        seen = source.seat_events(since)
        interlude = presenter.interlude(seen, source.view(), source.names)
        cues = [-1]
        for index, event in enumerate(source.public_events(since)):
            if interlude is not None and index == interlude.since:  # its words follow the log's line of it
                self.to_announce += [(line, False) for line in [f"{interlude.title}.", *interlude.lines]]
            presenter.follow(event, self.notes)
            cue = presenter.cue(event)
            cues.append(CUES.index(cue) if cue else -1)
            line = presenter.describe(event, source.names)
            if line:
                self.log_lines.append(line)
                self.to_announce.append((line, False))
        self.seen_events = source.event_count
        sound = [Sound(CUES[max(cues)])] if max(cues) >= 0 else []
        if interlude is not None:
            # The table holds still on it. What was shown before it (looks at a round that is over) goes; what
            # follows it (the next deal's looks) waits for the player to move on.
            self.interlude = interlude
            self.looks, self.held, self.pending_looks, self.pending_held = {}, None, {}, {}
            since += interlude.since
            seen = seen[interlude.since :]
        if self.settings.look_ms <= 0:
            return sound
        looks, private_looks = seat_looks(presenter, seen, self.memories.setdefault(source.viewer, {}))
        if private_looks and self.interlude is None:  # else said once the interlude is over (_end_interlude)
            private = private_lines(presenter, source.view(), source.names, private_looks)
            self.to_announce += [(line, True) for line in private]
        self.looks.update(looks)
        held = presenter.held_look(seen) if self.looks else None
        if held and table is not None and table.config.people > 1:
            # Pass-and-play: whoever holds the device may not be the one to look; a curtain goes first.
            self.pending_looks[table.viewer], self.pending_held[table.viewer] = self.looks, held
            self.looks, self.curtain_for = {}, table.viewer
        elif held:
            self.held = held
        if self.interlude is not None and self.looks:
            self.pending_looks.setdefault(source.viewer, {}).update(self.looks)
            if self.held:
                self.pending_held[source.viewer] = self.held
            self.looks, self.held = {}, None
        # A held look waits for its player at a local table; in a room the round goes on after the look time.
        effects = self._look_timer() if self.looks and not (self.held and table is not None) else []
        # In pass-and-play, a private look for someone not holding the device waits for their turn.
        for seat in range(table.config.people if table is not None else 0):
            if seat != table.viewer:
                events, memory = table.match.events(seat, since=since), self.memories.setdefault(seat, {})
                for event in events:
                    shown = presenter.looks(event, memory)
                    if seat in event.get("to", ()):  # a look private to this seat
                        self.pending_looks.setdefault(seat, {}).update(shown)
                if seat in self.pending_looks and presenter.held_look(events):
                    self.pending_held[seat] = presenter.held_look(events)
        return sound + effects

    def _end_interlude(self) -> list[Effect]:
        """The player moves on from the interlude: the looks that waited for it show (at a shared table, once the
        curtain hands them to their seat)."""
        self.interlude = None
        source, effects = self.source, []
        if self.curtain_for is None:
            seat = source.viewer
            self.looks, self.held = self.pending_looks.pop(seat, {}), self.pending_held.pop(seat, None)
            private = private_lines(self.presenter, source.view(), source.names, self.looks) if self.looks else []
            self.to_announce += [(line, True) for line in private]
            if self.looks and not (self.held and self.table is not None):
                effects = self._look_timer()
        return effects + self._redraw()

    def _look_timer(self) -> list[Effect]:
        return self._after("look", self.settings.look_ms, after_paint=False)

    def _end_looks(self) -> list[Effect]:
        self.looks, self.held = {}, None
        return self._cancel("look")

    # --- drawing ----------------------------------------------------------------------------------------

    def _redraw(self, at_once: bool = False, flip_in: bool = True, menu: list[int] | None = None) -> list[Effect]:
        """Redraw the table from the seat source; the rest of the page follows once its frame is painted.

        The table is what a click changes, so its cards are drawn at once and the frame that shows the click
        carries little else: the table's words and marks (:func:`changes_that_can_wait`), the players, the
        prompt, the log, the result and the save (a ``localStorage`` write of the whole game) follow, and a bot's
        move is scheduled from there (:meth:`_draw_around_table`). ``at_once`` draws it all now: for a screen
        shown anew (a new or restored game, a lifted curtain, a menu), where nothing of what was there before
        should show for a frame, and for a click drawn ahead, whose own frame is painted already.

        ``flip_in``: the cards turned up since the seat on screen last saw the table flip in, which draws the eye
        to them: cards turned up by anyone else (a bot, a room's other players, whoever held the device). Without
        it they are simply drawn face up: the move the person at this screen just made, whose cards show in the
        click's own frame (a flip would show an edge-on card in that frame and the face only once it ends), and a
        game shown as it was left (a restored save, a seat taken back in a room).
        """
        source, table, on_screen = self.source, self.table, self.on_screen
        effects = self._forget_predictions()
        self.menu = menu or []
        if not self.menu:
            self.question = ""
        if table is not None:
            self.unsaved = True
        # An interlude shows nothing private: it is drawn for whoever holds the device, before any curtain.
        curtain = self.curtain_for is not None or (table is not None and table.needs_curtain())
        if table is not None and curtain and not self.looks and self.interlude is None:
            return effects + self._draw_curtain()
        if on_screen.curtain:
            on_screen.curtain = False
            effects.append(Show("curtain", False))
        self.legal = [] if self.interlude else source.legal_actions()
        held = self.held[1] if self.held else ""
        rendered = render_table(
            self.presenter,
            source.view(),
            source.names,
            self.legal,
            self.looks,
            on_screen.faces.get(source.viewer, {}),
            flip_in,
            held,
            self.menu,
            self.question,
            self.interlude,
            self.hinted,
        )
        now, later = changes_that_can_wait(table_changes(on_screen.table, rendered))
        on_screen.drew(rendered, source.viewer)
        if at_once:
            effects.append(DrawTable(now + later, [], rendered.html))
        else:
            effects.append(DrawTable(now, later, rendered.html))
        if held or self.interlude:  # the button that starts (or moves on to) the round is the one choice to make first
            effects.append(Focus('#table [data-command="done-looking"]'))
        if at_once:
            return effects + self._draw_around_table()
        return effects + ([] if "around" in self.due else self._after("around", 0))

    def _draw_curtain(self) -> list[Effect]:
        """The curtain is all this frame shows: nothing around the table is drawn, and what the last person saw
        in private is not announced to the next one."""
        table = self.table
        seat = self.curtain_for if self.curtain_for is not None else table.person_to_act()
        self.on_screen.table, self.on_screen.curtain = None, True
        return [
            *self.save_now(),
            *self._announce(private_too=False),
            *self._cancel("around"),
            DrawTable([Change("table", "", "")], [], ""),
            Write("curtain-text", pass_the_device(table.names[seat]), html=False),
            Show("curtain", True),
            Focus("#curtain button"),
        ]

    def _draw_around_table(self) -> list[Effect]:
        """Save, bring the players, the prompt, the log and the result up to date, then let a bot move if one is
        due and draw ahead the clicks the person may make next."""
        source = self.source
        view = source.view()
        effects = [*self._cancel("around"), *self.save_now()]
        players = render_players(self.presenter, view, source.names, source.viewer, source.to_act())
        effects += self._write("players", players)
        effects += self._write("prompt", self._prompt(view), html=False)
        effects += self._show("hint", self._hint_offered()) if self.hints else []
        effects += self._draw_log()
        effects += self._announce()
        effects += self._turn_cue()
        if source.over:
            effects += self._count_game(view)
            result = render_result(self.presenter, view, source.names, self.record_lines, self.new_game)
            shown_anew = self.on_screen.texts.get("result") != result
            effects += self._write("result", result)
            if shown_anew:  # the next thing to do, for the keyboard too
                effects.append(Focus('#result [data-command="again"]'))
                people = range(self.table.config.people) if self.table is not None else [source.viewer]
                if set(people) & set(view["result"]["winners"]):
                    effects.append(Sound("win"))
            effects.append(Over(json.dumps({"game": source.game, "names": source.names, **view["result"]})))
        else:
            effects += self._write("result", "")
        return effects + self._update_clock(view) + self._schedule_bot() + self._start_predicting(view)

    def _count_game(self, view: dict) -> list[Effect]:
        """Put the game that just ended in the player's records, once, if one person played it here: alone, against
        computer players, or from a seat in a room (at a device passed around, nobody's own records)."""
        source, table = self.source, self.table
        if self.counted or source.viewer is None or (table is not None and table.config.people != 1):
            self.counted = True
            return []
        self.counted = True
        level = level_of(table.config.levels, table.config.bots) if table is not None else level_of([], 0, True)
        won = source.viewer in view["result"]["winners"]
        bests = self.presenter.bests(view, source.public_events(0), source.viewer)
        self.records, self.record_lines = note_game(self.records, source.game, level, won, bests)
        return [Store(RECORDS_KEY, self.records.to_json())]

    def _turn_cue(self) -> list[Effect]:
        """A "turn" cue (a vibration) when the game comes to wait for the person on screen, not when drawn anew."""
        source = self.source
        mine = not source.over and self.interlude is None and source.main_actor() == source.viewer
        cue = [Sound("turn")] if mine and self.my_turn is False else []
        self.my_turn = mine
        return cue

    def _write(self, element: str, text: str, html: bool = True) -> list[Effect]:
        if self.on_screen.texts.get(element) == text:
            return []
        self.on_screen.texts[element] = text
        return [Write(element, text, html)]

    def _show(self, element: str, shown: bool) -> list[Effect]:
        if self.on_screen.shown.get(element) == shown:
            return []
        self.on_screen.shown[element] = shown
        return [Show(element, shown)]

    def _hint_offered(self) -> bool:
        """A hint can be asked for now: at a local table (solo, pass-and-play; in a room a hint would help one player
        against the others), by the seat on screen, with a move of its own to make."""
        source = self.source
        playing_now = source.table is not None and source.viewer in source.to_act() and not source.over
        return self.hints and playing_now and bool(self.legal) and not (self.held or self.interlude)

    def _draw_log(self) -> list[Effect]:
        """The new log lines on top of the log (dropping the oldest past its length), or the log whole."""
        update = log_changes(self.on_screen.log_lines, self.log_lines)
        self.on_screen.log_lines = len(self.log_lines)
        if update is None:
            return [Write("log", render_log(self.log_lines))]
        items, dropped = update
        return [AddLog(items, dropped)] if items else []

    def _announce(self, private_too: bool = True) -> list[Effect]:
        """The lines not announced yet. ``private_too`` False: a curtain is coming down, and what the last person
        saw in private is not for the next one."""
        lines = [line for line, private in self.to_announce if private_too or not private]
        self.to_announce = []
        return [Announce(lines)] if lines else []

    def _prompt(self, view: dict) -> str:
        source = self.source
        if source.over:
            return game_over(result_headline(view, source.names))
        you = f"{source.names[source.viewer]}: " if source.shared else ""
        if self.interlude:
            return you + self.interlude.prompt
        if self.held and self.looks:
            return you + self.held[0]
        if source.viewer in source.to_act() and self.legal:
            prompt = you + self.presenter.prompt(view, source.names)
            return f"{prompt} {self.hint}" if self.hint else prompt
        actor = source.main_actor()
        return playing(source.names[actor]) if actor is not None else ""

    # --- timers -----------------------------------------------------------------------------------------

    def _after(self, name: str, delay_ms: int, after_paint: bool = True, work: bool = False) -> list[Effect]:
        self.due.add(name)
        return [After(name, delay_ms, after_paint, work)]

    def _cancel(self, name: str) -> list[Effect]:
        if name not in self.due:
            return []
        self.due.discard(name)
        return [Cancel(name)]

    def _update_clock(self, view: dict) -> list[Effect]:
        """Start, keep or stop the countdown of a timed choice (Jokin' Around's rearranging)."""
        source = self.source
        acting = source.viewer in source.to_act() and not source.over
        deadline = self.presenter.deadline(view) if acting else None
        # The same timed choice keeps its clock across the moves made within it (its phases may alternate).
        key = json.dumps([view.get("turn"), deadline[1]]) if deadline else None
        if key == (self.clock[0] if self.clock else None):
            return []
        effects = self._cancel("clock") + ([Show("clock", False)] if self.clock else [])
        self.clock = None
        if deadline is None:
            return effects
        self.clock = (key, deadline[0])
        return effects + self._show_clock()

    def _show_clock(self) -> list[Effect]:
        clock = [Write("clock", f"{self.clock[1]} s left", html=False), Show("clock", True)]
        return clock + self._after("clock", CLOCK_TICK_MS, after_paint=False)

    def _tick(self) -> list[Effect]:
        key, left = self.clock
        self.clock = (key, left - 1)
        if left > 1:
            return self._show_clock()
        self.clock = None
        effects: list[Effect] = [Show("clock", False)]
        deadline = self.presenter.deadline(self.source.view())
        if deadline is not None and deadline[1] in self.source.legal_actions():
            self.log_lines.append("Time is up.")
            self.to_announce.append(("Time is up.", False))
            effects += self.play(deadline[1])
        return effects

    # --- the bots of a local table ----------------------------------------------------------------------

    def _schedule_bot(self) -> list[Effect]:
        """Let a bot choose once the frame showing the last move is painted: the harder levels think for
        milliseconds, which would otherwise hold that frame back."""
        return self._after("bot", 0) if self._bot_may_move() else []

    def _bot_may_move(self) -> bool:
        table = self.table  # None in a room: a room's bots are its host's (room.py paces them)
        if table is None or "bot" in self.due or self.looks or self.curtain_for is not None or self.interlude:
            return False
        return not table.over and not table.needs_curtain()

    def _bot_step(self) -> list[Effect]:
        """Choose a bot's move and wait its delay; once waited, play it."""
        move, self.bot_move = self.bot_move, None
        if move is not None:
            since = self.table.match.event_count
            effects = self._absorb(since) if self.table.play_bot_move(move) is not None else []
            return effects + self._redraw()
        move = self.table.bot_move() if self._bot_may_move() else None
        if move is None:
            return []
        self.bot_move = move
        # A move out of turn (a snap, a call) takes the bot's own reaction time: the driver's one pacing rule.
        delay = self.table.bots.wait_ms(move, self.settings.bot_delay_ms)
        return self._after("bot", delay, after_paint=False)  # painted already

    # --- clicks drawn ahead -----------------------------------------------------------------------------

    def _start_predicting(self, view: dict) -> list[Effect]:
        """Draw ahead the clicks the person at a local table may make next, a slice at a time while they think."""
        if self.table is None or self.on_screen.table is None or self.menu or not self.legal:
            return []  # a room's moves are the host's
        # A click that asks a question first plays nothing at once.
        targets = click_targets(self.presenter, self.legal).items()
        self.unpredicted = [(key, index) for key, index in targets if not self._question(index, view)]
        return self._after("predict", 0, after_paint=False, work=True)

    def _question(self, index: int, view: dict | None = None) -> str | None:
        """The question to ask before the legal action ``index`` is played, if any (``view``: the seat's view)."""
        source = self.source
        return self.presenter.confirm(self.legal[index], view or source.view(), source.names, self.notes)

    def _predict_slice(self) -> list[Effect]:
        stop, looks = time.perf_counter() + PREDICTION_SLICE_S, self.settings.look_ms > 0
        effects: list[Effect] = []
        while self.unpredicted and time.perf_counter() < stop:
            key, index = self.unpredicted.pop()
            memory, drawn = self.memories.get(self.source.viewer, {}), self.on_screen.table
            prediction = predict_click(self.table, self.presenter, drawn, self.legal[index], looks, memory)
            if prediction is not None:
                self.predictions[key] = prediction
                edit = DrawTable(prediction.now, prediction.later, prediction.rendered.html)
                effects.append(Predict(key, edit, prediction.save))
        return effects + (self._after("predict", 0, after_paint=False, work=True) if self.unpredicted else [])

    def _forget_predictions(self) -> list[Effect]:
        """Drop the clicks drawn ahead: the table they were drawn for is about to change (the page forgets its
        own with the table's next edit)."""
        self.predictions, self.unpredicted = {}, []
        return self._cancel("predict")
