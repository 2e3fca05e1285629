"""The screen controller on CPython: what a click, a timer or a room's news has the page do, and when."""

from __future__ import annotations

import json
import random
import re

import pytest

from game import GAMES
from game.web.effects import (
    AddLog,
    After,
    Announce,
    Cancel,
    DrawTable,
    Focus,
    HintSeen,
    Over,
    Predict,
    Save,
    Say,
    Show,
    Sound,
    Store,
    ToHost,
    Write,
)
from game.web.games import presenter_for
from game.web.games.concentration import ConcentrationPresenter
from game.web.local import LocalSource
from game.web.presenter import card_name
from game.web.records import RECORDS_KEY, Records, load, note_game
from game.web.render import Frame, render_table
from game.web.screen import Screen
from game.web.settings import Settings
from game.web.table import Table
from tests.support import table_for
from tests.web.games.test_cambio import cards_named
from tests.web.markup import drawn_table
from tests.web.support import room_at_play

LOG_ITEM = re.compile(r"<li data-n=\"\d+\">.*?</li>")


class Page:
    """What the app (game/web/app.py) and static/js/redraw.js do with a screen's effects, kept as data: the table (a
    stand-in DOM), the texts, the log, the announcements, the focus, the timers due and the save; ``to_host``: where
    a room seat's messages for the host go."""

    def __init__(self, screen: Screen, to_host=None):
        self.screen = screen
        self.to_host = to_host
        self.table = drawn_table("")
        self.busy = False
        self.texts: dict[str, str] = {}
        self.shown: dict[str, bool] = {}
        self.log: list[str] = []
        self.announced: list[str] = []
        self.focus: str | None = None
        self.due: dict[str, After] = {}
        self.saved: str | None = None
        self.unsaved: str | None = None  # the save the page keeps if it is put away before the save falls due
        self.said = ""
        self.over: str | None = None
        self.predictions: dict[str, DrawTable] = {}
        self.hints_seen: list[str] = []
        self.sounds: list[str] = []
        self.records: Records | None = None  # the records the page keeps, once the screen hands it some
        self.effects: list = []  # every effect carried out, in order

    def run(self, effects: list) -> list:
        """Carry out ``effects``; return them."""
        self.effects += effects
        for effect in effects:
            match effect:
                case DrawTable():
                    self.edit(effect)
                case Predict():
                    self.predictions[effect.key] = effect.edit
                case Write(element="log", text=text):
                    self.log = LOG_ITEM.findall(text)
                case Write():
                    self.texts[effect.element] = effect.text
                case Show():
                    self.shown[effect.element] = effect.shown
                case AddLog():
                    self.log = LOG_ITEM.findall(effect.items) + self.log
                    self.log = self.log[: len(self.log) - effect.dropped]
                case Announce():
                    self.announced += effect.lines
                case Focus():
                    self.focus = effect.selector
                case Over():
                    self.over = effect.result
                case Say():
                    self.said = effect.text
                case After():
                    self.due[effect.timer] = effect
                case Cancel():
                    self.due.pop(effect.timer, None)
                case Save(due=True):
                    self.saved, self.unsaved = effect.text, None
                case Save():
                    self.unsaved = effect.text
                case ToHost():
                    self.to_host(effect.text)
                case HintSeen():
                    self.hints_seen.append(effect.game)
                case Sound():
                    self.sounds.append(effect.cue)
                case Store(key=key, text=text) if key == RECORDS_KEY:
                    self.records = load(text)
                case _:
                    raise AssertionError(f"an effect the page does not know: {effect!r}")
        return effects

    def edit(self, edit: DrawTable) -> None:
        """The table becomes the one the edit brings it to (redraw.js makes it so: tests/browser/test_redraw.py)."""
        self.predictions = {}  # every edit of the table drops the clicks drawn ahead
        self.table = drawn_table(edit.html)
        self.busy = edit.busy

    def fire(self, name: str) -> list:
        """The timer ``name`` runs out."""
        assert name in self.due, f"no {name} timer is due: {sorted(self.due)}"
        del self.due[name]
        return self.run(self.screen.timer(name))

    def settle(self) -> None:
        """The frame is painted and the page draws what follows it (not the bots, the looks or the clock)."""
        if "around" in self.due:
            self.fire("around")
        while "predict" in self.due:  # each slice draws ahead as many clicks as its few milliseconds allow
            self.fire("predict")

    def click(self, place: str) -> list:
        """A click on the spot at ``place``."""
        return self.run(self.screen.click_spot(place))

    def shows_the_table_drawn_whole(self) -> bool:
        """True when the table the edits built is the one the renderer draws whole for the screen's state."""
        drawn = self.screen.on_screen.table
        return self.table.inner(ordered=True) == drawn_table(drawn.html).inner(ordered=True)

    def legal_places(self) -> list[str]:
        """The places of the spots marked as choices on the table."""
        return sorted(
            re.findall(r'data-pos="([^"]+)" data-legal="true"', self.table.inner()),
        )


def screen_for(table: Table, look_ms: int = 0, hint: str = "", presenter=None) -> Page:
    """A page showing a screen of ``table``, started as a new deal."""
    settings = Settings(look_ms=look_ms, speed="fast")
    screen = Screen(LocalSource(table), presenter or presenter_for(table.config.game), settings, hint)
    page = Page(screen)
    page.run(screen.start(deal=True))
    return page


def mismatching(table: Table, first: int) -> int:
    """A cell whose card is no pair with the card at cell ``first``: both turn face down again."""
    for second in range(first + 1, 16):
        match = table.match.copy()
        match.act(0, {"type": "flip", "pos": first})
        match.act(0, {"type": "flip", "pos": second})
        if match.view(0)["cells"][first] == "down":
            return second
    raise AssertionError("every card pairs with the first")


def turn_up_a_mismatch(page: Page, table: Table) -> int:
    """Click cell 0 and then a card that is no pair with it, each in its own frame; the second cell's index."""
    second = mismatching(table, 0)
    page.click("cell-0")
    page.settle()
    page.click(f"cell-{second}")
    page.settle()
    return second


def play_to_the_end(page: Page) -> None:
    """Click random choices (the bots' timers run as they come due) until the game is over."""
    rng = random.Random(1)
    while not page.screen.source.over:
        if "bot" in page.due:
            page.fire("bot")
        elif page.legal_places():
            page.click(rng.choice(page.legal_places()))
        page.settle()


def kinds(effects: list) -> list[str]:
    return [type(effect).__name__ for effect in effects]


# --- a click and its frame -------------------------------------------------------------------------------------


def test_a_click_shows_its_card_at_once_and_the_words_around_the_table_once_that_frame_is_painted():
    page = screen_for(table_for(game="concentration", pairs=8, players=1, bots=0, seed=4))
    prompt = page.texts["prompt"]
    effects = page.click("cell-0")
    [edit] = [effect for effect in effects if isinstance(effect, DrawTable)]
    assert [(change.kind, change.at) for change in edit.now] == [("spot", "cell-0")]
    assert not any(isinstance(effect, (Write, AddLog)) for effect in effects)  # the words wait
    assert [effect.due for effect in effects if isinstance(effect, Save)] == [False]  # the save is only kept
    assert page.due["around"].after_paint
    assert page.texts["prompt"] == prompt
    page.settle()
    assert page.saved is not None and Table.from_json(page.saved).match.history == [[0, {"type": "flip", "pos": 0}]]
    assert "around" not in page.due and page.shows_the_table_drawn_whole()
    assert len(page.log) == 2 and "You turned up the" in page.log[0]


def test_a_click_on_a_spot_that_is_no_choice_is_explained_and_changes_nothing():
    table = table_for(game="concentration", pairs=8, players=1, bots=0, seed=4)
    page = screen_for(table)
    page.click("cell-0")
    page.settle()
    before = table.to_json()
    effects = page.click("cell-0")  # face up already
    assert effects == [Say("You can't do that now.")]
    assert table.to_json() == before


def test_a_button_of_an_earlier_moves_plays_nothing():
    table = table_for(game="concentration", pairs=8, players=1, bots=0, seed=4)
    page = screen_for(table)
    assert page.run(page.screen.click_action(len(page.screen.legal))) == []
    assert page.run(page.screen.click_action(-1)) == []
    assert table.match.history == []


@pytest.mark.parametrize("game", list(GAMES))
def test_the_edits_build_the_table_the_renderer_draws_whole_all_game_long(game):
    # One writer: every change the page makes comes from the screen's edits, made now or once the frame is
    # painted, and they always add up to the table drawn whole, through looks, bots and clicks drawn ahead.
    rng = random.Random(game)
    page = screen_for(table_for(game=game, players=2, bots=1, seed=5), look_ms=2000)
    for _ in range(150):
        if page.screen.source.over:
            break
        for name in ("look", "bot", "clock"):
            if name in page.due and rng.random() < 0.7:
                page.fire(name)
        if rng.random() < 0.6:
            page.settle()
        if page.predictions and rng.random() < 0.5:  # a click drawn ahead: its edit, then its play
            key = rng.choice(sorted(page.predictions))
            page.edit(page.predictions[key])
            page.run(page.screen.play_predicted(key))
        elif page.screen.interlude and rng.random() < 0.5:  # a round's end: Next round
            page.run(page.screen.done_looking())
        elif page.screen.legal and not page.due.keys() & {"look"}:
            places = page.legal_places()
            if places and rng.random() < 0.8:
                page.click(rng.choice(places))
            else:
                page.run(page.screen.click_action(rng.randrange(len(page.screen.legal))))
        assert page.shows_the_table_drawn_whole()
    assert len(page.screen.source.table.match.history) > 10


# --- looks ------------------------------------------------------------------------------------------------------


def test_a_mismatch_stays_up_for_the_look_time_and_the_bot_waits_for_it():
    table = table_for(game="concentration", pairs=8, players=2, bots=1, seed=4)
    page = screen_for(table, look_ms=2000)
    second = turn_up_a_mismatch(page, table)
    assert page.due["look"] == After("look", 2000, after_paint=False)
    moves = len(table.match.history)
    while "bot" in page.due:
        page.fire("bot")
    assert len(table.match.history) == moves  # the bot waits for the look to go
    assert "face down" not in page.table.find(f"cell-{second}").attributes["aria-label"]
    page.fire("look")
    page.settle()
    assert "face down" in page.table.find(f"cell-{second}").attributes["aria-label"]
    assert "bot" in page.due


def test_done_looking_ends_a_look_at_once():
    table = table_for(game="concentration", pairs=8, players=1, bots=0, seed=4)
    page = screen_for(table, look_ms=2000)
    turn_up_a_mismatch(page, table)
    assert "look" in page.due
    page.run(page.screen.done_looking())
    assert "look" not in page.due and page.screen.looks.shown == {}


def test_cambio_opens_on_your_peek_until_you_start_the_round():
    table = table_for(game="cambio", players=2, bots=1, seed=2)
    page = screen_for(table, look_ms=2000)
    assert page.focus == '#table [data-command="done-looking"]'
    assert "look" not in page.due and "bot" not in page.due  # the look is held: nobody plays meanwhile
    peeked = [spot for spot in page.table.elements[0].elements[-1].elements[-1].elements]
    assert sum("shown for a moment" in spot.attributes["aria-label"] for spot in peeked) == 2
    assert page.texts["prompt"] == page.screen.looks.held[0]
    page.run(page.screen.done_looking())
    page.settle()
    assert "shown for a moment" not in page.table.inner()
    assert page.screen.looks.held is None


def test_a_private_look_is_named_to_the_seat_that_looks_and_kept_out_of_the_log():
    table = table_for(game="cambio", players=2, bots=1, seed=2)
    page = screen_for(table, look_ms=2000)
    private = [line for line in page.announced if line.startswith("You see the ")]
    assert len(private) == 2
    assert not any(line.startswith("You see the ") for line in page.log)


# --- pass-and-play -----------------------------------------------------------------------------------------------


def test_pass_and_play_draws_the_curtain_before_the_first_private_look_and_hands_it_to_its_seat():
    table = table_for(game="cambio", players=2, bots=0, names="Ana,Ben", seed=2)
    page = screen_for(table, look_ms=2000)
    assert page.shown["curtain"] and page.texts["curtain-text"] == "Pass the device to Ana."
    assert page.table.inner() == "" and page.focus == "#curtain button"
    assert not any(line.startswith("You see the ") for line in page.announced)  # not before the curtain lifts
    page.run(page.screen.lift_curtain())
    assert not page.shown["curtain"] and page.table.inner() != ""
    assert page.focus == '#table [data-command="done-looking"]'
    assert page.texts["prompt"].startswith("Ana: ")


def test_pass_and_play_never_announces_one_persons_private_look_to_the_next():
    table = table_for(game="cambio", players=2, bots=0, names="Ana,Ben", seed=2)
    page = screen_for(table, look_ms=2000)
    page.run(page.screen.lift_curtain())
    page.run(page.screen.done_looking())
    page.settle()
    # Before each of Ana's moves she is shown something in private; the move that ends her turn brings the
    # curtain down, and what she was shown then is not announced to Ben.
    for step in range(20):  # draw, then discard (or use the power on the first card offered)
        page.screen.narration.say([f"You see the 7 of clubs ({step})."], private=True)
        moves = [a for a in page.screen.legal if a["type"] not in ("snap", "cambio", "swap")]
        page.run(page.screen.play(moves[0]))
        page.settle()
        if page.shown.get("curtain"):
            break
    assert page.shown["curtain"] and step > 0
    assert f"You see the 7 of clubs ({step - 1})." in page.announced
    assert f"You see the 7 of clubs ({step})." not in page.announced


def spot_faces(table) -> dict[str, tuple[str, bool]]:
    """Each spot of the drawn ``table``: what it shows (its inner HTML) and whether it is marked to flip in."""
    faces, nodes = {}, [table]
    while nodes:
        node = nodes.pop()
        if "data-pos" in node.attributes:
            faces[node.attributes["data-pos"]] = (node.inner(), "fd-flip-in" in node.attributes["class"].split())
        nodes += node.elements
    return faces


def turned_up(before: str | None, now: str) -> bool:
    """Whether a spot whose art was ``before`` (``None``: not on the table) and is ``now`` shows a card that has
    just turned up: a face where there was a back or nothing, or a coin turned to its other face."""
    art_class = re.compile(r'^<svg class="([^"]*)"')

    def shows_a_face(art: str | None) -> bool:
        return art is not None and not {"fd-back", "fd-empty"} & set(art_class.match(art)[1].split())

    coin_turned = before is not None and "fd-coin" in art_class.match(now)[1].split() and before != now
    return shows_a_face(now) and (not shows_a_face(before) or coin_turned)


@pytest.mark.parametrize("game", [game for game in GAMES if game != "concentration"])  # it keeps no card face up
def test_after_the_curtain_the_cards_turned_up_since_that_person_last_saw_the_table_flip_in(game):
    # A flip draws the eye to what the others did meanwhile; every card on the table flipping each time the
    # device changes hands (Matches shows dozens face up) would draw it to nothing. What flips depends on this
    # person's own last view only, so it tells nothing of what the last person was shown.
    page = screen_for(table_for(game=game, players=2, bots=0, names="Ana,Ben", seed=3), look_ms=2000)
    rng, last_seen, lifted, flips_seen = random.Random(1), {}, 0, 0

    def record():  # what the person holding the device is shown now, unless the curtain is down
        if not page.shown.get("curtain"):
            last_seen[page.screen.source.viewer] = {place: face for place, (face, _) in spot_faces(page.table).items()}

    record()
    while lifted < 4 and not page.screen.source.over:
        if page.shown.get("curtain"):
            page.run(page.screen.lift_curtain())
            page.settle()
            lifted += 1
            seen = last_seen.get(page.screen.source.viewer, {})
            now = spot_faces(page.table)
            flipping = {place for place, (_, flips) in now.items() if flips}
            assert flipping == {place for place, (face, _) in now.items() if turned_up(seen.get(place), face)}
            flips_seen += len(flipping) if seen else 0
            record()
        if page.screen.looks.held or page.screen.interlude:
            page.run(page.screen.done_looking())
        elif page.screen.legal:
            page.run(page.screen.play(rng.choice(page.screen.legal)))
        record()
        for name in ("look", "clock"):
            if name in page.due:
                page.fire(name)
        page.settle()
        record()
    assert lifted == 4 and flips_seen > 0  # some cards turned up while this person was away


def test_a_new_deal_flips_its_cards_in_and_a_game_shown_as_it_was_left_does_not():
    table = table_for(game="matches", players=2, bots=1, seed=3)  # its tiles are dealt face up
    dealt = spot_faces(screen_for(table).table)
    assert sum(flips for _, flips in dealt.values()) > 10
    restored = Page(Screen(LocalSource(Table.from_json(table.to_json())), presenter_for("matches"), Settings()))
    restored.run(restored.screen.start("Your game was restored where you left it."))
    assert {place: face for place, (face, _) in spot_faces(restored.table).items()} == {
        place: face for place, (face, _) in dealt.items()
    }
    assert not any(flips for _, flips in spot_faces(restored.table).values())


# --- bots, hint, result, save -------------------------------------------------------------------------------------


def test_a_bot_chooses_once_the_frame_is_painted_and_moves_after_its_delay():
    table = table_for(game="concentration", pairs=8, players=2, bots=1, seed=4, first_player="first seat")
    page = screen_for(table)
    turn_up_a_mismatch(page, table)
    assert page.due["bot"] == After("bot", 0, after_paint=True)
    page.fire("bot")
    delay = page.due["bot"]
    assert not delay.after_paint and delay.delay_ms == page.screen.settings.bot_delay_ms
    moves = len(table.match.history)
    page.fire("bot")
    assert len(table.match.history) == moves + 1


def test_the_first_turn_hint_shows_until_your_first_move():
    table = table_for(game="concentration", pairs=8, players=1, bots=0, seed=4)
    hint = presenter_for("concentration").hint
    page = screen_for(table, hint=hint)
    assert page.texts["prompt"].endswith(hint)
    page.click("cell-0")
    page.settle()
    assert hint not in page.texts["prompt"] and page.hints_seen == ["concentration"]
    page.click("cell-1")
    assert page.hints_seen == ["concentration"]


def test_the_result_names_the_winner_marks_the_page_over_and_focuses_play_again():
    table = table_for(game="concentration", pairs=8, players=1, bots=0, seed=4)
    page = screen_for(table)
    play_to_the_end(page)
    assert json.loads(page.over)["winners"] == [0]
    assert page.focus == '#result [data-command="again"]'
    assert page.texts["prompt"] == "The game is over: You win!"
    assert "You win!" in page.texts["result"]


def test_the_save_waits_for_the_frame_but_a_page_put_away_saves_at_once():
    table = table_for(game="concentration", pairs=8, players=1, bots=0, seed=4)
    page = screen_for(table)
    page.saved = None
    page.click("cell-0")
    assert page.saved is None
    assert Table.from_json(page.unsaved).match.history == table.match.history  # kept if the page is put away
    page.run(page.screen.save_now())
    assert Table.from_json(page.saved).match.history == table.match.history
    page.saved = None
    page.settle()
    assert page.saved is None  # nothing more to save after the frame


def test_every_log_line_is_announced_once_in_order():
    table = table_for(game="concentration", pairs=8, players=1, bots=0, seed=4)
    page = screen_for(table)
    play_to_the_end(page)
    public = [line for line in page.announced if not line.startswith("You see the ")]
    assert public == page.screen.narration.lines
    shown = [re.sub(r"<[^>]+>", "", item) for item in reversed(page.log)]
    assert shown == public[len(public) - len(shown) :]  # the newest lines, on top


# --- clicks drawn ahead -----------------------------------------------------------------------------------------


def test_the_clicks_that_play_one_action_are_drawn_ahead_once_the_table_settles():
    table = table_for(game="concentration", pairs=8, players=1, bots=0, seed=4)
    page = screen_for(table)
    assert sorted(page.predictions) == [] and "predict" in page.due
    page.settle()
    assert sorted(page.predictions) == sorted(f"pos:cell-{index}" for index in range(16))
    assert table.match.history == []  # drawing ahead plays nothing


def test_a_click_drawn_ahead_is_played_on_the_table_it_drew():
    table = table_for(game="concentration", pairs=8, players=1, bots=0, seed=4)
    page = screen_for(table)
    page.settle()
    page.edit(page.predictions["pos:cell-3"])
    effects = page.run(page.screen.play_predicted("pos:cell-3"))
    assert table.match.history == [[0, {"type": "flip", "pos": 3}]]
    [edit] = [effect for effect in effects if isinstance(effect, DrawTable)]
    assert edit.now == [] and edit.later == []  # the table shows the move already
    assert page.shows_the_table_drawn_whole()


def test_a_click_drawn_ahead_for_a_table_redrawn_since_is_drawn_whole():
    table = table_for(game="concentration", pairs=8, players=1, bots=0, seed=4)
    page = screen_for(table)
    page.settle()
    page.click("cell-3")  # the predictions are forgotten with this edit
    effects = page.run(page.screen.play_predicted("pos:cell-5"))
    [edit] = [effect for effect in effects if isinstance(effect, DrawTable)]
    assert [change.kind for change in edit.now] == ["table"]
    assert table.match.history == [[0, {"type": "flip", "pos": 3}]]


# --- a spot with several actions --------------------------------------------------------------------------------


class TwoOnOne(ConcentrationPresenter):
    """Concentration with cells 0 and 1 both played on spot 0: a spot that offers two actions."""

    def place_of(self, action):
        place = super().place_of(action)
        return "cell-0" if place == "cell-1" else place


def test_a_spot_with_several_actions_opens_a_menu_of_them_until_the_next_redraw():
    table = table_for(game="concentration", pairs=8, players=1, bots=0, seed=4)
    page = screen_for(table, presenter=TwoOnOne())
    effects = page.click("cell-0")
    assert table.match.history == [] and Focus("#table .menu button") in effects
    assert page.table.inner().count('class="action" data-action=') == 2
    assert "predict" not in page.due  # drawn ahead for the table with the menu
    page.run(page.screen.click_action(1))
    page.settle()
    assert table.match.history == [[0, {"type": "flip", "pos": 1}]]
    assert 'class="menu"' not in page.table.inner()


# --- a room's seat -----------------------------------------------------------------------------------------------


def test_a_room_move_leaves_for_the_host_and_the_table_stays_busy_until_its_answer():
    room, sources = room_at_play(game="concentration", players=2)
    name, source = next((name, source) for name, source in sources.items() if source.viewer in source.to_act())
    screen = Screen(source, presenter_for("concentration"), Settings(look_ms=0), "")
    sent = []
    page = Page(screen, to_host=sent.append)
    page.run(screen.start())
    assert "bot" not in page.due and "predict" not in page.due  # a room's bots and moves are the host's
    effects = page.click(page.legal_places()[0])
    assert len(sent) == 1 and page.busy and source.legal_actions() == []  # nothing to click until the answer
    assert [kind for kind in kinds(effects) if kind == "DrawTable"] == ["DrawTable"]
    room.send(name, sent[0])  # the room delivers the host's answer
    page.run(screen.news())
    page.settle()
    assert not page.busy and page.shows_the_table_drawn_whole()
    assert "face down" not in page.table.inner().split('data-pos="cell-')[0] or page.log


def test_a_table_drawn_for_a_rendered_view_matches_render_table():
    # The screen draws what render_table draws for the seat's view, legal actions and looks: nothing else.
    table = table_for(game="deluxe-memory", players=2, bots=1, seed=3)
    page = screen_for(table)
    presenter = presenter_for("deluxe-memory")
    whole = render_table(presenter, Frame(table.match.view(0), table.names, table.legal_actions(), {}, {}, False))
    assert drawn_table(whole.html).inner(ordered=True) == page.table.inner(ordered=True)


# --- a grid turned a quarter ------------------------------------------------------------------------------------


def test_a_grid_turned_a_quarter_is_drawn_whole_at_once_and_named_as_drawn_from_then_on():
    table = table_for(game="concentration", pairs=12, players=1, bots=0, seed=4)
    page = screen_for(table)
    page.settle()
    effects = page.run(page.screen.turn(True))
    [edit] = [effect for effect in effects if isinstance(effect, DrawTable)]
    assert [change.kind for change in edit.now] == ["area"] and edit.later == []
    assert 'data-turned="true"' in page.table.inner() and page.shows_the_table_drawn_whole()
    assert page.table.find("cell-1").attributes["aria-label"].startswith("row 2, column 1")
    assert page.run(page.screen.turn(True)) == []  # drawn so already
    page.click("cell-1")
    page.settle()
    assert page.shows_the_table_drawn_whole() and 'data-turned="true"' in page.table.inner()
    page.run(page.screen.turn(False))
    assert page.table.find("cell-1").attributes["aria-label"].startswith("row 1, column 2")


# --- a question before a costly move ----------------------------------------------------------------------------


def test_during_the_opening_peek_start_the_round_is_the_one_primary_and_a_call_asks_once():
    table = table_for(game="cambio", players=2, bots=1, seed=1, first_player="random")  # Ada plays first
    page = screen_for(table, look_ms=2000)
    page.settle()
    html = page.table.inner()
    assert re.findall(r'class="primary"[^>]*>([^<]*)<', html) == ["Start the round"]
    [call] = [index for index, action in enumerate(page.screen.legal) if action["type"] == "cambio"]
    assert f'class="action minor" data-action="{call}"' in html
    assert f"action:{call}" not in page.predictions  # it asks first: no click of it is drawn ahead
    page.run(page.screen.click_action(call))
    assert table.match.history == [] and page.focus == '#table .menu [data-command="close-menu"]'
    assert "<p>End the round now? You have not had a turn.</p>" in page.table.inner()
    page.run(page.screen.close_menu())
    assert 'class="menu' not in page.table.inner() and table.match.history == []
    page.run(page.screen.click_action(call))
    page.run(page.screen.click_action(call))  # its button in the question
    assert table.match.history == [[0, {"type": "cambio"}]]


# --- a round's end ------------------------------------------------------------------------------------------------


def call_at_once(page: Page) -> dict:
    """Start the round, and call Cambio on your first turn: the round ends at once. Its round_end event."""
    page.run(page.screen.done_looking())
    page.settle()
    since = page.screen.source.event_count
    page.run(page.screen.play({"type": "cambio"}))
    page.settle()
    [end] = [event for event in page.screen.source.public_events(since) if event["type"] == "round_end"]
    return end


def test_a_rounds_end_holds_the_table_with_every_hand_face_up_until_next_round():
    table = table_for(game="cambio", players=2, bots=1, seed=2)
    page = screen_for(table, look_ms=2000)
    end = call_at_once(page)
    for seat, hand in enumerate(end["hands"]):
        for slot, card in enumerate(hand):
            label = page.table.find(f"hand-{seat}-{slot}").attributes["aria-label"]
            assert label.endswith(card_name(card) if card else "empty"), label  # face up where it lies
    assert page.legal_places() == [] and "shown for a moment" not in page.table.inner()  # no peek yet
    assert page.focus == '#table [data-command="done-looking"]' and ">Next round</button>" in page.table.inner()
    note = f"{end['points'][0]} + 30 points" if end["penalty"] else f"{end['points'][0]} points"
    assert "<li>You called Cambio" in page.table.inner() and f'<p class="note">{note}</p>' in page.table.inner()
    # The round's words are said right after the log's line of it, before the next deal's.
    said = page.announced[page.announced.index("Round 1 is over.") - 1 :][:3]
    assert said[0].startswith("Round 1, ended by You") and said[2].startswith("You called Cambio")
    assert page.texts["prompt"] == "Every hand is face up, with its points."
    moves = len(table.match.history)
    while "bot" in page.due:
        page.fire("bot")
    assert len(table.match.history) == moves  # the bots wait for the next round
    page.run(page.screen.done_looking())  # Next round: the new deal's peek, held until the round starts
    page.settle()
    assert page.screen.looks.held and "shown for a moment" in page.table.inner()
    assert page.announced[-1].startswith("You see the ")


def test_a_rounds_end_at_a_shared_table_shows_only_what_every_seat_saw_before_the_curtain():
    table = table_for(game="cambio", players=2, bots=0, names="Ana,Ben", seed=2)
    page = screen_for(table, look_ms=2000)
    page.run(page.screen.lift_curtain())
    end = call_at_once(page)
    assert not page.shown.get("curtain") and "Next round" in page.table.inner()
    shown = {card for hand in end["hands"] for card in hand if card}
    assert cards_named(page.table.inner()) == shown  # the hands revealed, and no card of the next deal
    page.run(page.screen.done_looking())
    assert page.shown["curtain"] and page.texts["curtain-text"] == "Pass the device to Ana."
    assert not cards_named(page.table.inner())
    page.run(page.screen.lift_curtain())
    peeked = set(table.match.state()["hands"][0][2:4])  # Ana's own peek at her bottom cards, and the graveyard's
    assert page.screen.looks.held and cards_named(page.table.inner()) == peeked | {table.match.view(0)["graveyard"]}


# --- sounds -------------------------------------------------------------------------------------------------------


def test_a_flip_a_pair_your_turn_and_a_win_make_their_sounds_and_a_deal_none():
    table = table_for(game="concentration", pairs=8, players=2, bots=1, seed=4, first_player="first seat")
    page = screen_for(table)
    assert page.sounds == []  # the deal, and the first turn as the game is drawn
    turn_up_a_mismatch(page, table)  # no pair: the bot's turn
    assert page.sounds == ["flip", "flip"]
    while table.match.view(0)["turn"] != 0:
        page.fire("bot")
        page.settle()
    assert page.sounds[2:] == ["flip", "flip", "turn"]  # the bot's flips (no pair), then your turn
    rng = random.Random(2)
    while not table.over:
        if "bot" in page.due:
            page.fire("bot")
        else:
            page.run(page.screen.play(rng.choice(page.screen.legal)))
        page.settle()
    assert ("win" in page.sounds) == (0 in table.match.result()["winners"])
    assert "pair" in page.sounds


def test_a_game_won_alone_ends_on_the_win_sound():
    page = screen_for(table_for(game="concentration", pairs=8, players=1, bots=0, seed=4))
    play_to_the_end(page)
    assert page.sounds[-1] == "win" and "turn" not in page.sounds  # alone, every turn is yours: no cue for it


# --- records -------------------------------------------------------------------------------------------------------


def test_a_game_that_ends_on_screen_is_kept_in_the_records_once_and_the_result_says_what_is_new():
    before, _ = note_game(Records(), "concentration", "alone", True, [])
    table = table_for(game="concentration", pairs=8, players=1, bots=0, seed=4)
    page = Page(Screen(LocalSource(table), presenter_for("concentration"), Settings(look_ms=0), "", before))
    page.run(page.screen.start(deal=True))
    play_to_the_end(page)
    turns = table.match.view(0)["turns"]
    assert page.records.games["concentration"]["alone"] == {"played": 2, "won": 2}
    assert page.records.bests["concentration"]["fewest-turns/8"]["value"] == turns
    assert f"<li>New record: {turns} turns!</li>" in page.texts["result"]
    assert "<li>Alone: 2 games played.</li>" in page.texts["result"]
    # Shown again (a reload of the finished game), it is not counted twice.
    again = Page(Screen(LocalSource(table), presenter_for("concentration"), Settings(), "", page.records))
    again.run(again.screen.start("Your game was restored where you left it."))
    assert again.records is None and "New record" not in again.texts["result"]


def test_a_game_passed_around_one_device_is_nobodys_own_record():
    table = table_for(game="concentration", pairs=8, players=2, bots=0, seed=4)
    page = screen_for(table)
    rng = random.Random(3)
    while not table.over:
        if page.shown.get("curtain"):
            page.run(page.screen.lift_curtain())
        page.run(page.screen.play(rng.choice(page.screen.legal)))
        page.settle()
    assert page.records is None and page.texts["result"]


# --- a hint ------------------------------------------------------------------------------------------------------

HINT_DECK = ["8D", "QH", "8H", "QD", "2S", "3S", "4S", "5S", "2C", "3C", "4C", "5C", "7S", "7C", "9S", "9C"]


def test_a_hint_marks_the_move_for_the_seat_on_screen_focuses_it_says_why_and_the_log_tells_everyone():
    table = table_for(game="concentration", pairs=8, players=2, bots=0, names="Ana,Ben", deck=json.dumps(HINT_DECK))
    page = screen_for(table)
    for place in ("cell-0", "cell-1"):  # Ana: the 8 of diamonds and the queen of hearts, no pair
        page.click(place)
        page.settle()
    if page.shown.get("curtain"):
        page.run(page.screen.lift_curtain())
    page.click("cell-2")  # Ben: the 8 of hearts, whose pair he saw at cell 0
    page.settle()
    assert page.shown["hint"]
    page.run(page.screen.take_hint())
    page.settle()
    assert re.findall(r'data-pos="([^"]+)"[^>]*data-hint="true"', page.table.inner()) == ["cell-0"]
    assert page.focus == '#table [data-pos="cell-0"]'
    assert page.said == "You saw the 8 of diamonds here, 1 turn ago."
    assert "Ben took a hint." in page.log[0] and "Ben took a hint." in page.announced
    page.click("cell-0")  # the pair: the hint is spent
    page.settle()
    assert "data-hint" not in page.table.inner()


def test_no_hint_is_offered_while_another_seat_plays_nor_in_a_room():
    table = table_for(game="concentration", pairs=8, players=2, bots=1, seed=4)
    page = screen_for(table)
    assert page.shown["hint"]
    turn_up_a_mismatch(page, table)
    assert not page.shown["hint"]  # the computer player's turn
    assert page.run(page.screen.take_hint()) == [Say("You can't do that now.")]

    _, sources = room_at_play(game="concentration", players=2)
    source = next(source for source in sources.values() if source.viewer in source.to_act())
    screen = Screen(source, presenter_for("concentration"), Settings(look_ms=0), "")
    room_page = Page(screen)
    room_page.run(screen.start())
    assert not room_page.shown["hint"]
    assert room_page.run(screen.take_hint()) == [Say("You can't do that now.")]


def test_a_bot_move_that_tells_nobody_anything_is_drawn_and_the_game_goes_on():
    # Deluxe Memory: a 3's loss aimed at a seat with no tokens left makes no event. The screen still draws the move,
    # and the next bot moves after it: the game is never left waiting.
    table = table_for(game="deluxe-memory", players=4, bots=3, seed=0)
    page, rng = screen_for(table), random.Random(0)
    while not table.over:
        if page.due:
            page.fire(min(page.due, key=lambda name: (page.due[name].delay_ms, name)))
        else:
            assert page.screen.legal, f"the game is left waiting at step {table.match.step}"
            page.run(page.screen.play(rng.choice(page.screen.legal)))
    assert table.match.result() is not None
