"""The generic renderer: every spot is a focusable, labelled position; hidden cards never reach the HTML."""

from __future__ import annotations

import random
import re
from html import escape

import pytest

from game import GAMES, new_match
from game.web.games import presenter_for
from game.web.render import (
    MAX_LOG_LINES,
    AreaHtml,
    Change,
    Frame,
    Rendered,
    SpotHtml,
    changes_that_can_wait,
    log_changes,
    private_lines,
    render_actions,
    render_log,
    render_players,
    render_result,
    render_table,
    result_headline,
    seat_looks,
    table_changes,
    targets_by_place,
)
from tests.support import FIRST_SEAT, random_step

LOG_OPEN = '<ol tabindex="0" aria-label="What happened">'
CARD_IDS = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b")


def concentration(seed=3):
    return new_match("concentration", 2, {"pairs": 8}, seed=seed)


def rendered(match, seat=0, reveals=None, before=None):
    presenter = presenter_for(match.game)
    legal = match.legal_actions(seat)
    return render_table(presenter, Frame(match.view(seat), ["Ana", "Ben"], legal, reveals or {}, before or {}))


def test_every_position_has_data_pos_and_a_label_saying_what_is_known():
    html = rendered(concentration()).html
    positions = re.findall(r'<button[^>]*data-pos="cell-(\d+)"[^>]*aria-label="([^"]*)"', html)
    assert len(positions) == 16
    assert positions[6] == ("6", "row 2, column 3, face down, you may choose it")


def test_face_down_cards_leave_no_card_id_in_the_html():
    match = concentration()
    assert not CARD_IDS.findall(rendered(match).html)
    match.act(0, {"type": "flip", "pos": 0})
    card = match.view(0)["cells"][0]
    html = rendered(match).html
    assert "row 1, column 1, " in html and set(CARD_IDS.findall(html)) <= {card}


def test_a_look_overlay_shows_its_card_and_marks_it_fresh():
    match = concentration()
    result = rendered(match, reveals={"cell-5": "7H"})
    assert "7 of hearts, shown for a moment" in result.html
    assert result.faces["cell-5"] == "7H"
    spot = re.search(r'<button[^>]*data-pos="cell-5"[^>]*>', result.html).group(0)
    assert "fd-flip-in" in spot and "revealed" in spot
    again = rendered(match, reveals={"cell-5": "7H"}, before=result.faces)
    assert "fd-flip-in" not in re.search(r'<button[^>]*data-pos="cell-5"[^>]*>', again.html).group(0)


def test_a_card_turned_up_flips_in_unless_it_is_drawn_without_flip_in():
    # App.refresh draws the person's own move without flip_in: their card shows its face in the click's frame.
    match = concentration()
    before = rendered(match).faces
    match.act(0, {"type": "flip", "pos": 4})
    presenter, legal = presenter_for("concentration"), match.legal_actions(0)
    view = match.view(0)
    flipping = render_table(presenter, Frame(view, ["Ana", "Ben"], legal, {}, before))
    at_once = render_table(presenter, Frame(view, ["Ana", "Ben"], legal, {}, before, flip_in=False))
    assert re.findall(r'<button[^>]*class="([^"]*fd-flip-in[^"]*)"[^>]*data-pos="(cell-\d+)"', flipping.html) == [
        ("pos pos-card fd-flip-in", "cell-4")
    ]
    assert "fd-flip-in" not in at_once.html
    assert at_once.faces == flipping.faces and at_once.faces["cell-4"] == view["cells"][4]


def test_actions_without_a_place_become_buttons():
    presenter = presenter_for("concentration")
    legal = [{"type": "flip", "pos": 3}, {"type": "stop"}]
    by_place, buttons = targets_by_place(presenter, legal)
    assert by_place == {"cell-3": [0]} and buttons == [1]
    assert 'data-action="1"' in render_actions(presenter, {}, [], legal, buttons)


def test_the_result_screen_names_the_winner_and_offers_play_again():
    html = render_result(
        presenter_for("concentration"), {"result": {"winners": [0], "scores": [9]}, "turns": 9, "first": 0}, ["You"]
    )
    assert "You win!" in html and 'data-command="again"' in html and "Cleared in 9 turns." in html
    assert "played first" not in html  # alone, you play first
    shared = render_result(
        presenter_for("concentration"), {"result": {"winners": [0, 1]}, "pairs": [4, 4], "first": 1}, ["Ana", "Ben"]
    )
    assert "Ana and Ben share the win." in shared
    assert '<p class="first-player">Ben played first.</p>' in shared


# --- redrawing only what changed -------------------------------------------------------------------


def a_concentration_table() -> tuple[Rendered, Rendered]:
    """A table before and after a card is turned."""
    match = concentration()
    first = rendered(match)
    match.act(0, {"type": "flip", "pos": 2})
    return first, rendered(match, before=first.faces)


def test_turning_one_card_replaces_that_spot_alone():
    drawn, new = a_concentration_table()
    assert [(change.kind, change.at) for change in table_changes(drawn, new)] == [("spot", "cell-2")]
    assert table_changes(new, new) == []


def test_a_spots_menu_is_drawn_last_and_its_choices_are_the_legal_actions_it_offers():
    match = concentration()
    presenter, legal = presenter_for("concentration"), match.legal_actions(0)
    drawn = render_table(presenter, Frame(match.view(0), ["Ana", "Ben"], legal, {}, {}, menu=(0, 1)))
    assert drawn.tail.endswith("</div>") and '<div class="menu"' in drawn.tail
    assert drawn.tail.count('data-action="0"') == 1 and drawn.tail.count('data-action="1"') == 1
    closed = render_table(presenter, Frame(match.view(0), ["Ana", "Ben"], legal, {}, drawn.faces))
    assert table_changes(drawn, closed) == [Change("tail", "", closed.tail)]


def test_a_spot_that_stops_being_a_choice_gets_new_attributes_and_keeps_its_art():
    match = concentration()
    drawn = rendered(match)
    new = render_table(presenter_for("concentration"), Frame(match.view(0), ["Ana", "Ben"], [], {}, drawn.faces))
    changes = table_changes(drawn, new)
    assert {change.kind for change in changes} == {"attribute", "remove"}
    assert ("remove", "data-legal") in {(change.kind, change.name) for change in changes}
    assert ("attribute", "aria-disabled", "true") in {(change.kind, change.name, change.value) for change in changes}


def test_the_spots_that_only_stop_being_a_choice_wait_for_the_frame_after_the_turned_card():
    match = concentration()
    drawn = rendered(match)
    match.act(0, {"type": "flip", "pos": 2})
    # As if the turn had passed: no spot is a choice any more.
    new = render_table(presenter_for("concentration"), Frame(match.view(0), ["Ana", "Ben"], [], {}, drawn.faces))
    now, waiting = changes_that_can_wait(table_changes(drawn, new))
    assert [(change.kind, change.at) for change in now] == [("spot", "cell-2")]
    assert waiting and {change.kind for change in waiting} == {"attribute", "remove"}
    assert "cell-2" not in {change.at for change in waiting}
    assert ("remove", "data-legal") in {(change.kind, change.name) for change in waiting}


def test_the_words_around_the_cards_wait_for_the_frame_after_the_moved_card():
    match = new_match("paved-with-gold", 2, FIRST_SEAT, seed=1)
    drawn = rendered(match)
    match.act(0, {"type": "pick", "pos": 0})  # the card leaves the square for the hand
    now, waiting = changes_that_can_wait(table_changes(drawn, rendered(match, before=drawn.faces)))
    assert [(change.kind, change.at) for change in now] == [("spot", "cell-0"), ("spot", "held-0")]
    # The buttons after the board, the hand's note and highlight, and the square's Tab stop (now the next card).
    assert {(change.kind, change.name) for change in waiting} == {
        ("tail", ""),
        ("head", ""),
        ("attribute", "class"),
        ("remove", "tabindex"),
    }


def test_marks_that_are_all_a_move_changes_do_not_wait():
    match = concentration()
    drawn = rendered(match)
    new = render_table(presenter_for("concentration"), Frame(match.view(0), ["Ana", "Ben"], [], {}, drawn.faces))
    changes = table_changes(drawn, new)
    assert changes_that_can_wait(changes) == (changes, [])


def test_nothing_drawn_yet_means_the_whole_table():
    drawn, _ = a_concentration_table()
    assert table_changes(None, drawn) == [Change("table", "", drawn.html)]


def area(key: str, title: str, places: list[str], columns: int = 2) -> AreaHtml:
    """An area of empty spots at ``places``."""
    spots = tuple(SpotHtml(place, (("data-pos", place),), "") for place in places)
    return AreaHtml(key, f"area area-{key}", title, f"<h3>{escape(title)}</h3>", columns, spots)


def table_of(*areas: AreaHtml, tail: str = "") -> Rendered:
    """A table of these areas."""
    return Rendered("board board-test", list(areas), tail, {})


def tables_with_areas_that_come_and_go() -> tuple[Rendered, Rendered]:
    """A table, and the next one: an area comes first, spots come and go in another, a grid gets more columns."""
    hand = area("hand", "Ana's hand", ["hand-0-0", "hand-0-1"])
    drawn = table_of(hand, area("grid", "The cards", ["cell-0", "cell-1", "cell-2"]), tail="<p>Done</p>")
    new = table_of(
        area("effect", "A pair", ["pair-0"]),
        area("hand", "Ana's hand", ["hand-0-0", "hand-0-2", "hand-0-1"]),
        area("grid", "The cards", ["cell-1", "cell-2", "cell-3"], columns=3),
    )
    return drawn, new


def moving_spot_tables() -> tuple[Rendered, Rendered]:
    """A table, and the next one, where a spot has moved to another area."""
    drawn = table_of(area("grid", "The cards", ["cell-0", "card"]), area("hand", "Ana's hand", ["hand-0-0"]))
    new = table_of(area("grid", "The cards", ["cell-0"]), area("hand", "Ana's hand", ["card", "hand-0-0"]))
    return drawn, new


# tests/browser/test_redraw.py makes these changes, and every game's all game long, with static/js/redraw.js.
def test_areas_and_spots_that_come_and_go_are_added_and_dropped_in_place():
    changes = table_changes(*tables_with_areas_that_come_and_go())
    assert changes[0] == Change("tail", "", "")
    assert [change.kind for change in changes[1:]] == ["drop-spot", "add-area", "after", "columns", "after"]


def test_a_spot_that_moves_to_another_area_is_dropped_before_it_comes_back():
    changes = table_changes(*moving_spot_tables())
    assert [change.kind for change in changes] == ["drop-spot", "first"]


def test_areas_or_spots_in_another_order_are_drawn_again():
    hand, grid = area("hand", "Ana's hand", ["a", "b"]), area("grid", "The cards", ["c"])
    assert [change.kind for change in table_changes(table_of(hand, grid), table_of(grid, hand))] == ["table"]
    swapped = area("hand", "Ana's hand", ["b", "a"])
    assert [change.kind for change in table_changes(table_of(hand, grid), table_of(swapped, grid))] == ["area"]


def items(*numbers: int) -> str:
    """The log items for lines ``line N-1`` numbered ``N``, as render.py writes them."""
    return "".join(f'<li data-n="{number}">line {number - 1}</li>' for number in numbers)


@pytest.mark.parametrize(
    ("drawn", "count", "expected"),
    [
        (None, 3, None),  # nothing drawn yet
        (3, 3, ("", 0)),  # nothing new
        (3, 5, (items(5, 4), 0)),  # newest on top
        (MAX_LOG_LINES, MAX_LOG_LINES + 2, (items(42, 41), 2)),  # the oldest go
        (MAX_LOG_LINES + 5, MAX_LOG_LINES + 6, (items(46), 1)),
        (1, MAX_LOG_LINES + 2, None),  # more new lines than the log holds
    ],
)
def test_the_log_grows_by_its_new_lines(drawn, count, expected):
    lines = [f"line {number}" for number in range(count)]
    assert log_changes(drawn, lines) == expected
    if expected is not None and drawn is not None:
        # Put on top of what was drawn, and cut to length, it is the log drawn whole, numbers and all.
        new_items, dropped = expected
        before = render_log(lines[:drawn]).removeprefix(LOG_OPEN).removesuffix("</ol>")
        kept = re.findall(r"<li .*?</li>", new_items + before)
        assert LOG_OPEN + "".join(kept[: len(kept) - dropped]) + "</ol>" == render_log(lines)


def test_the_log_numbers_its_lines_from_the_first_move_on():
    lines = [f"line {number}" for number in range(MAX_LOG_LINES + 3)]
    numbers = [int(number) for number in re.findall(r'data-n="(\d+)"', render_log(lines))]
    assert numbers == list(range(MAX_LOG_LINES + 3, 3, -1))


def test_the_result_headline_names_the_winners():
    names = ["You", "Ben", "Cleo"]
    assert result_headline({"result": {"winners": [0]}}, names) == "You win!"
    assert result_headline({"result": {"winners": [1]}}, names) == "Ben wins!"
    assert result_headline({"result": {"winners": [1, 2]}}, names) == "Ben and Cleo share the win."
    assert result_headline({"result": {"winners": []}}, names) == "Nobody wins."


def test_the_players_mark_the_seat_on_screen_without_words():
    html = render_players(presenter_for("concentration"), {"pairs": [0, 1]}, ["Ana", "Ben"], 1, [0])
    assert "(on screen)" not in html
    assert '<li class="player viewer" data-seat="1" aria-current="true">Ben' in html


def test_a_private_look_is_named_to_its_seat_with_its_card_and_place():
    match = new_match("deluxe-memory", 2, {}, seed=3)
    presenter = presenter_for("deluxe-memory")
    lines = private_lines(presenter, match.view(0), ["You", "Ada"], {"cell-9": "7C", "cell-1": "down"})
    assert lines == ["You see the 7 of clubs: row 2, column 2."]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_only_private_looks_are_said_to_the_seat_and_each_can_be_said(game):
    # Public turns (a Concentration pair, a Matches flip) are in the log already; a private look is not.
    match, rng = new_match(game, 2, {}, seed=5), random.Random(5)
    presenter, said, memory = presenter_for(game), 0, {}
    while match.result() is None:
        seat, action = random_step(match, rng)
        since = len(match.events(0))
        match.act(seat, action)
        seen = match.events(0, since=since)
        looks, private_looks = seat_looks(presenter, seen, memory)
        assert private_looks.items() <= looks.items()
        if not any("to" in event for event in seen):
            assert private_looks == {}
        said += len(private_lines(presenter, match.view(0), ["You", "Ada"], private_looks))
    if game in ("cambio", "deluxe-memory"):
        assert said > 0


def test_each_area_is_one_tab_stop_at_its_first_choice():
    match = new_match("cambio", 2, FIRST_SEAT, seed=1)
    html = rendered(match).html
    stops = re.findall(r'<button(?![^>]*tabindex="-1")[^>]*data-pos="([^"]+)"', html)
    assert stops == ["hand-1-0", "deck", "hand-0-0"]  # Ben's hand (no choice: its first card), the deck, your hand
