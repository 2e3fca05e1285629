"""The presenter base: prompts with names, words for cards and spots, and the log naming who plays first."""

from __future__ import annotations

import pytest

from game import GAMES, new_match
from game.web.games import presenter_for
from game.web.presenter import Presenter, Spot, card_name, face_words, grid_label, join_words


def test_prompts_name_players_instead_of_seat_numbers():
    view = {"prompt": "Give one of your cards into seat 1's empty slot; seat 0 waits."}
    assert Presenter().prompt(view, ["Ana", "Ben"]) == "Give one of your cards into Ben's empty slot; Ana waits."
    assert Presenter().prompt({}, ["Ana"]) == "Your turn."


def test_cards_and_spots_in_words():
    assert card_name("10H") == "10 of hearts" and card_name("QS") == "queen of spades"
    assert card_name("RJ") == "red joker"
    assert face_words(Spot("cell-1", "down", "x")) == "face down"
    assert face_words(Spot("cell-1", None, "x")) == "empty"
    assert face_words(Spot("cell-1", "AC", "x")) == "ace of clubs"
    assert grid_label(13, 6) == "row 3, column 2"
    assert join_words(["Ana", "Ben", "Cleo"]) == "Ana, Ben and Cleo"


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
