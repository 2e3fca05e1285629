"""The presenters: every prompt worded with names, words for cards and spots, and the log naming who plays first."""

from __future__ import annotations

import random
import re

import pytest

from game import GAMES, new_match
from game.web.games import presenter_for
from game.web.presenter import Presenter, Spot, card_name, face_words, grid_label, seats_across
from tests.support import random_step

# A string a view or an event may hold: an id or a code (a card, a piece, a phase, a combination), no sentence.
CODE = re.compile(r"[\w-]+")


def strings(value: object) -> list[str]:
    """Every string inside a JSON value, keys included."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for key, item in value.items() for text in [key, *strings(item)]]
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return []


def test_the_common_prompts_name_players():
    assert Presenter().prompt({"prompt": {"kind": "waiting", "seat": 1}}, ["Ana", "Ben"]) == "Waiting for Ben."
    assert Presenter().prompt({"prompt": {"kind": "over"}}, ["Ana"]) == "The game is over."
    assert Presenter().prompt({}, ["Ana"]) == "Your turn."


@pytest.mark.parametrize("game", list(GAMES))
def test_views_and_events_carry_no_words_and_every_prompt_is_a_sentence_with_names(game):
    """The rules say what is asked as data; each seat's presenter words it, naming players, never numbering them."""
    presenter, rng = presenter_for(game), random.Random(game)
    players = 3 if 3 in GAMES[game].player_counts else 2
    names = ["Ana", "Ben", "Cleo"][:players]
    match = new_match(game, players, {}, seed=2)
    for _ in range(120):
        for seat in [None, *range(players)]:
            view = match.view(seat)
            assert all(CODE.fullmatch(text) for text in strings(view)), strings(view)
            prompt = presenter.prompt(view, names)
            assert prompt[:1].isupper() and prompt.endswith((".", "…")) and not re.search(r"\b[Ss]eat \d", prompt)
        assert all(CODE.fullmatch(text) for text in strings(match.events(None))), strings(match.events(None))
        if match.result() is not None:
            break
        match.act(*random_step(match, rng))


def test_cards_and_spots_in_words():
    assert card_name("10H") == "10 of hearts" and card_name("QS") == "queen of spades"
    assert card_name("RJ") == "red joker"
    assert face_words(Spot("cell-1", "down", "x")) == "face down"
    assert face_words(Spot("cell-1", None, "x")) == "empty"
    assert face_words(Spot("cell-1", "AC", "x")) == "ace of clubs"
    assert grid_label(13, 6) == "row 3, column 2"


def test_the_others_sit_across_the_table_in_turn_order_from_the_viewers_left():
    assert seats_across(2, 4) == [3, 0, 1]
    assert seats_across(0, 2) == [1]
    assert seats_across(None, 3) == [0, 1, 2]  # a spectator sees every seat across the table


@pytest.mark.parametrize("game", list(GAMES))
def test_the_log_says_who_plays_first(game):
    names = ["Ana", "Ben", "Cleo"]
    for seed in range(6):
        match = new_match(game, 3 if 3 in GAMES[game].player_counts else 2, {}, seed=seed)
        deal = match.events(None)[0]
        line = presenter_for(game).describe(deal, names)
        assert line.endswith(f" First to play: {names[match.view(None)['first']]}.")


def test_the_log_says_nothing_of_who_plays_first_alone():
    match = new_match("concentration", 1, {}, seed=1)
    assert (
        presenter_for("concentration").describe(match.events(None)[0], ["You"]) == "The 24 cards are dealt face-down."
    )


@pytest.mark.parametrize(("game", "options"), [("concentration", {"pairs": 12}), ("deluxe-memory", {})])
def test_a_grid_drawn_turned_a_quarter_names_its_positions_as_drawn(game, options):
    # Turned, the rules' rows are drawn as columns: the grid's spots come in the order they are drawn (left to
    # right, top to bottom), each labelled with the row and column it is drawn in, and so are the log's lines.
    view = new_match(game, 2, options, seed=3).view(0)
    rows, cols = view["rows"], view["cols"]
    plain = presenter_for(game)
    turned = plain.turned_to(True)
    assert turned.turned and not plain.turned and plain.turned_to(False) is plain
    [grid] = [area for area in turned.areas(view, ["Ana", "Ben"]) if area.turned is not None]
    assert grid.turned and grid.columns == rows
    for drawn, spot in enumerate(grid.spots):
        row, col = divmod(drawn, rows)  # where it is drawn
        assert spot.label.startswith(f"row {row + 1}, column {col + 1}")
        assert spot.place == f"cell-{col * cols + row}"  # the rules' position: their row is its column
    [unturned] = [area for area in plain.areas(view, ["Ana", "Ben"]) if area.turned is not None]
    assert unturned.columns == cols and [spot.place for spot in unturned.spots] == [
        f"cell-{p}" for p in range(rows * cols)
    ]
    assert turned.grid_label(1, cols) == "row 2, column 1" and plain.grid_label(1, cols) == "row 1, column 2"
