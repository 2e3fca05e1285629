"""The screen controller: what one screen shows of a game, and what it does when its player acts. No browser.

The app (:mod:`game.web.app`) turns clicks, timers and a seat source's news into calls here, and carries out
what each call returns: a list of effects (:mod:`game.web.effects`), such as a table edit, a text to write, a
timer to start or a save to make. The controller decides, the app obeys, so everything a player sees and when
(the looks and their timer, the log, the prompt, the result) is tested on CPython.

What it draws comes from a *seat source* (:mod:`game.web.source`): a local table (:mod:`game.web.local`), or
this peer's seat in a room. Both give a view, legal actions, names and new events the same way, so a room's game
is drawn exactly like a local one; what only a local table does (the curtain, the bots' pace, the save, the hint,
the clicks drawn ahead) is the source's to decide, at the moments this screen hands it (:class:`SeatSource`).

What a player may know, and for how long: the log and what is read out are written from the spectator's events,
so they never hold a private card (:mod:`game.web.narration`); a look is an overlay shown to its own seat only,
until the look time runs out, the player ends it or acts (:mod:`game.web.looks`).

When things are drawn: a click's frame carries the table's cards (:class:`DrawTable`'s ``now``); its words and
marks, the players, the prompt, the log and the result follow once that frame is painted (the ``around``
timer), and the source's own work (a bot's move, the clicks drawn ahead) starts from there
(:meth:`SeatSource.settled`). :meth:`Screen.play_predicted` plays a click drawn ahead once its frame is painted.
"""

from __future__ import annotations

import json

from ..core import Action, IllegalAction
from .clock import Clock
from .effects import DrawTable, Effect, Focus, HintSeen, Over, Say, Sound, Write
from .looks import Looks
from .narration import Narration
from .onscreen import OnScreen
from .presenter import Interlude
from .records import Records, Tally
from .render import (
    Change,
    Frame,
    changes_that_can_wait,
    private_lines,
    render_players,
    render_result,
    render_table,
    result_headline,
    table_changes,
    targets_by_place,
)
from .settings import Settings
from .source import SeatSource, Shown
from .timers import Due
from .words import NO_HINT, REFUSAL, game_over, pass_the_device, playing, took_a_hint

# The sounds a batch of events may make, the least telling first: a batch makes the last of them it holds.
CUES = ("flip", "pair", "snap", "snap-wrong", "call")


class Screen:
    """One screen's game: its seat source, the looks on show, the curtain, the log and what is on the page."""

    def __init__(
        self,
        source: SeatSource,
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
        self.tally = Tally(records or Records(), counted=source.over)  # the player's records in this browser
        self.new_game = new_game  # whether the result offers a new game (the page's picker; the embed has none)
        self.legal: list[Action] = []
        self.looks = Looks()
        self.menu: list[int] = []  # the legal actions offered on a spot with several, while its menu is open
        self.question = ""  # asked before the one action in the menu is played (Presenter.confirm)
        # What the presenter noted of the public events for its questions (Presenter.follow), all game long.
        self.notes: dict = {}
        for event in source.public_events(0):
            presenter.follow(event, self.notes)
        self.narration = Narration()
        self.seen_events = source.event_count
        self.answer_due = False  # this screen's move went elsewhere (a room's host), whose answer draws it
        self.on_screen = OnScreen()
        self.due = Due()
        self.clock = Clock()
        self.interlude: Interlude | None = None  # a moment the table holds still on (Presenter.interlude)
        self.hints = hints  # the page has the Hint button (the embed has not)
        self.hinted: int | None = None  # the legal action a hint marks, until the next move
        self.my_turn: bool | None = None  # whether the person on screen was to play when last drawn (None: not yet)

    # --- what the app calls ---------------------------------------------------------------------------------

    def start(self, note: str = "", deal: bool = False) -> list[Effect]:
        """Draw the game anew, with ``note`` in the log; ``deal``: a new deal, whose looks (a peek as a round is dealt)
        show (and flip in); a game shown as it was left shows its cards face up, with no flip."""
        self.narration = Narration(note)
        effects = self._absorb(0) if deal else []
        return [Over(None), *effects, *self._redraw(at_once=True, flip_in=deal)]

    def news(self) -> list[Effect]:
        """The seat source has news from elsewhere (a room's host sent some): log it, show its private looks,
        redraw. The answer to this screen's own move draws its cards face up, as a local move's frame does."""
        own_move = self.answer_due and not self.source.waiting
        self.answer_due = self.answer_due and not own_move
        effects = self._absorb(self.seen_events)
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
        source = self.source
        question = self.presenter.confirm(self.legal[index], source.view(), source.names, self.notes)
        if question and not (self.question == question and self.menu == [index]):
            self.question = question
            effects = self._redraw(at_once=True, menu=[index])
            return [*effects, Focus('#table .menu [data-command="close-menu"]')]
        return self.play(self.legal[index])

    def close_menu(self) -> list[Effect]:
        """The player closed the menu or question on show, choosing nothing."""
        return self._redraw(at_once=True)

    def take_hint(self) -> list[Effect]:
        """The person on screen asked for a hint: the move the seat source suggests is marked on the table and gets
        the keyboard's focus; the reason says where they saw the card, if they did; the log says that they took a
        hint."""
        if not self._hint_offered():
            return [Say(REFUSAL)]
        found = self.source.hint(self.presenter, self.legal)
        if found is None:
            return [Say(NO_HINT)]
        self.hinted = found.index
        self.narration.log(took_a_hint(self.source.names[self.source.viewer]))
        self.narration.say([found.reason] if found.reason else [], private=True)  # what the seat saw
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
            sent = self.source.act(action)
        except IllegalAction as error:
            return [*effects, Say(str(error)), *self._redraw()]
        effects += [Say(""), *sent]
        if self.hint:
            self.hint = ""
            effects.append(HintSeen(self.source.game))
        if self.source.waiting:
            # The move went elsewhere (a room's host), whose answer redraws the table. Drawing now would keep this
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
        prediction = self.source.predicted(key)
        if prediction is None:  # the table was redrawn since
            return self.redraw_whole()
        self.on_screen.drew_ahead(prediction.rendered)
        return self.play(prediction.action, painted=True)

    def redraw_whole(self) -> list[Effect]:
        """The page's table is not what this screen drew last (a click drawn ahead on an older one): draw it whole."""
        self.on_screen.lost()
        return self._redraw()

    def lift_curtain(self) -> list[Effect]:
        """The person the curtain named took the device: show the table to their seat, with their looks."""
        if not self.on_screen.curtain:
            return []  # no curtain is down: a stale click
        seat = self._curtain_seat()
        self.source.pass_to(seat)
        self.looks.hand_to(seat)
        return self._look_timer() + self._redraw(at_once=True)

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
        """The timer ``name`` (started by an :class:`~game.web.effects.After`) has run out: this screen's own, or its
        seat source's (whose news, such as a bot's move, is drawn as any news is)."""
        if name == "clock":
            return self._tick()
        own = {"around": self._draw_around_table, "look": self.done_looking}.get(name)
        if own is not None:
            self.due.ran(name)
            return own()
        effects, moved = self.source.timer(name, self._shown())
        return effects + (self._absorb(self.seen_events) + self._redraw() if moved else [])

    def save_now(self) -> list[Effect]:
        """Save at once what the last move changed, if it is not saved yet (the page is being put away, or this
        screen is going)."""
        return self.source.save()

    def use_settings(self, settings: Settings) -> None:
        """The player changed their settings: the look time and the bots' pace apply from the next move on."""
        self.settings = settings

    # --- looks ------------------------------------------------------------------------------------------

    def _absorb(self, since: int) -> list[Effect]:
        """Log the events from ``since`` as everyone saw them, and overlay what the seat on screen was shown."""
        source, presenter = self.source, self.presenter
        self.hinted = None  # a hint is for the moment it was asked in
        seen = source.seat_events(since)
        interlude = presenter.interlude(seen, source.view(), source.names)
        cues = [-1]
        for index, event in enumerate(source.public_events(since)):
            if interlude is not None and index == interlude.since:  # its words follow the log's line of it
                self.narration.say([f"{interlude.title}.", *interlude.lines])
            presenter.follow(event, self.notes)
            cue = presenter.cue(event)
            cues.append(CUES.index(cue) if cue else -1)
            line = presenter.describe(event, source.names)
            if line:
                self.narration.log(line)
        self.seen_events = source.event_count
        sound = [Sound(CUES[max(cues)])] if max(cues) >= 0 else []
        if interlude is not None:
            # The table holds still on it. What was shown before it (looks at a round that is over) goes; what
            # follows it (the next deal's looks) waits for the player to move on.
            self.interlude = interlude
            self.looks.drop()
            since += interlude.since
            seen = seen[interlude.since :]
        if self.settings.look_ms <= 0:
            return sound
        private_looks = self.looks.take(presenter, source, seen, since, later=self.interlude is not None)
        if self.interlude is None:  # else said once the interlude is over (_end_interlude)
            self._say_privately(private_looks)
        return sound + self._look_timer()

    def _end_interlude(self) -> list[Effect]:
        """The player moves on from the interlude: the looks that waited for it show (at a shared table, once the
        curtain hands them to their seat)."""
        self.interlude = None
        source, looks = self.source, self.looks
        if looks.curtain_for is None:
            looks.hand_to(source.viewer)
            self._say_privately(looks.shown)
        return self._look_timer() + self._redraw()

    def _say_privately(self, looks: dict[str, str]) -> None:
        """Have what the seat on screen is shown in private read out, to it only."""
        private = private_lines(self.presenter, self.source.view(), self.source.names, looks) if looks else []
        self.narration.say(private, private=True)

    def _look_timer(self) -> list[Effect]:
        """Start the look time for the looks on show, unless the game waits for the player to end the one held."""
        looks = self.looks
        if not looks.shown or (looks.held and self.source.waits_for_looks):
            return []
        return self.due.after("look", self.settings.look_ms, after_paint=False)

    def _end_looks(self) -> list[Effect]:
        self.looks.end()
        return self.due.cancel("look")

    def _curtain_seat(self) -> int | None:
        """Whom the curtain names: the seat whose held look waits, or the person the game waits for."""
        held_for = self.looks.curtain_for
        return held_for if held_for is not None else self.source.curtain_seat()

    # --- drawing ----------------------------------------------------------------------------------------

    def _redraw(self, at_once: bool = False, flip_in: bool = True, menu: list[int] | None = None) -> list[Effect]:
        """Redraw the table from the seat source; the rest of the page follows once its frame is painted.

        The table is what a click changes, so its cards are drawn at once and the frame that shows the click
        carries little else: the table's words and marks (:func:`changes_that_can_wait`), the players, the
        prompt, the log, the result and the save (a ``localStorage`` write of the whole game) follow, and the
        source's own work starts from there (:meth:`_draw_around_table`). ``at_once`` draws it all now: for a screen
        shown anew (a new or restored game, a lifted curtain, a menu), where nothing of what was there before
        should show for a frame, and for a click drawn ahead, whose own frame is painted already.

        ``flip_in``: the cards turned up since the seat on screen last saw the table flip in, which draws the eye
        to them: cards turned up by anyone else (a bot, a room's other players, whoever held the device). Without
        it they are simply drawn face up: the move the person at this screen just made, whose cards show in the
        click's own frame (a flip would show an edge-on card in that frame and the face only once it ends), and a
        game shown as it was left (a restored save, a seat taken back in a room).
        """
        source, on_screen = self.source, self.on_screen
        effects = source.drawing()
        self.menu = menu or []
        if not self.menu:
            self.question = ""
        # An interlude shows nothing private: it is drawn for whoever holds the device, before any curtain.
        if self._curtain_seat() is not None and not self.looks.shown and self.interlude is None:
            return effects + self._draw_curtain()
        effects += on_screen.curtain_up()
        self.legal = [] if self.interlude else source.legal_actions()
        held = self.looks.held[1] if self.looks.held else ""
        seen = on_screen.faces.get(source.viewer, {})
        overlays = (held, tuple(self.menu), self.question, self.interlude, self.hinted)
        frame = Frame(source.view(), source.names, self.legal, self.looks.shown, seen, flip_in, *overlays)
        rendered = render_table(self.presenter, frame)
        now, later = changes_that_can_wait(table_changes(on_screen.table, rendered))
        on_screen.drew(rendered, source.viewer)
        effects.append(DrawTable(now + later, [], rendered.html) if at_once else DrawTable(now, later, rendered.html))
        if held or self.interlude:  # the button that starts (or moves on to) the round is the one choice to make first
            effects.append(Focus('#table [data-command="done-looking"]'))
        if at_once:
            return effects + self._draw_around_table()
        # The save falls due once the frame is painted; the page keeps it meanwhile, in case it is put away first.
        effects += source.save(due=False)
        return effects + ([] if "around" in self.due else self.due.after("around", 0))

    def _draw_curtain(self) -> list[Effect]:
        """The curtain is all this frame shows: nothing around the table is drawn, and what the last person saw
        in private is not announced to the next one."""
        seat = self._curtain_seat()
        return [
            *self.source.save(),
            *self.narration.read_out(private_too=False),
            *self.due.cancel("around"),
            DrawTable([Change("table", "", "")], [], ""),
            Write("curtain-text", pass_the_device(self.source.names[seat]), html=False),
            *self.on_screen.curtain_down(),
            Focus("#curtain button"),
        ]

    def _draw_around_table(self) -> list[Effect]:
        """Save, bring the players, the prompt, the log and the result up to date, then let the seat source's own
        work start (a bot's move, the clicks the person may make next drawn ahead)."""
        source = self.source
        view = source.view()
        effects = [*self.due.cancel("around"), *source.save()]
        players = render_players(self.presenter, view, source.names, source.viewer, source.to_act())
        on_screen = self.on_screen
        effects += on_screen.write("players", players)
        effects += on_screen.write("prompt", self._prompt(view), html=False)
        effects += on_screen.show("hint", self._hint_offered()) if self.hints else []
        effects += on_screen.log(self.narration.lines)
        effects += self.narration.read_out()
        effects += self._turn_cue()
        if source.over:
            effects += self._count_game(view)
            result = render_result(self.presenter, view, source.names, self.tally.lines, self.new_game)
            shown_anew = self.on_screen.texts.get("result") != result
            effects += on_screen.write("result", result)
            if shown_anew:  # the next thing to do, for the keyboard too
                effects.append(Focus('#result [data-command="again"]'))
                if set(source.people()) & set(view["result"]["winners"]):
                    effects.append(Sound("win"))
            effects.append(Over(json.dumps({"game": source.game, "names": source.names, **view["result"]})))
        else:
            effects += on_screen.write("result", "")
        acting = source.viewer in source.to_act() and not source.over
        return effects + self.clock.update(self.presenter, view, acting) + source.settled(self._shown())

    def _shown(self) -> Shown:
        """What this screen shows now, for the seat source's own work."""
        still = self.looks.still or self.interlude is not None
        memory = self.looks.memory(self.source.viewer)
        table, menu = self.on_screen.table, bool(self.menu)
        return Shown(self.presenter, table, self.legal, still, menu, memory, self.notes, self.settings)

    def _count_game(self, view: dict) -> list[Effect]:
        """Put the game that just ended in the player's records, if it counts as one person's (the seat source says:
        alone or against computer players, or from a seat in a room; not at a device passed around)."""
        source, level = self.source, self.source.record_level()
        if self.tally.counted or level is None:
            return []
        bests = self.presenter.bests(view, source.public_events(0), source.viewer)
        return self.tally.count(source.game, level, source.viewer in view["result"]["winners"], bests)

    def _turn_cue(self) -> list[Effect]:
        """A "turn" cue (a vibration) when the game comes to wait for the person on screen, not when drawn anew."""
        source = self.source
        mine = not source.over and self.interlude is None and source.main_actor() == source.viewer
        cue = [Sound("turn")] if mine and self.my_turn is False else []
        self.my_turn = mine
        return cue

    def _hint_offered(self) -> bool:
        """A hint can be asked for now: at a local table (solo, pass-and-play; in a room a hint would help one player
        against the others), by the seat on screen, with a move of its own to make."""
        source = self.source
        playing_now = source.offers_hints and source.viewer in source.to_act() and not source.over
        return self.hints and playing_now and bool(self.legal) and not (self.looks.held or self.interlude)

    def _prompt(self, view: dict) -> str:
        source = self.source
        if source.over:
            return game_over(result_headline(view, source.names))
        you = f"{source.names[source.viewer]}: " if source.shared else ""
        if self.interlude:
            return you + self.interlude.prompt
        if self.looks.held and self.looks.shown:
            return you + self.looks.held[0]
        if source.viewer in source.to_act() and self.legal:
            prompt = you + self.presenter.prompt(view, source.names)
            return f"{prompt} {self.hint}" if self.hint else prompt
        actor = source.main_actor()
        return playing(source.names[actor]) if actor is not None else ""

    def _tick(self) -> list[Effect]:
        """A second of the clock went by; if the time for the choice is up, the presenter's action is played."""
        effects, action = self.clock.tick(self.presenter, self.source.view())
        if action is None or action not in self.source.legal_actions():
            return effects
        self.narration.log("Time is up.")
        return effects + self.play(action)
