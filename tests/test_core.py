"""The rules protocol: options, hidden events, winners."""

from __future__ import annotations

import random

import pytest

from game import GAMES, new_match
from game.cards import standard_deck
from game.core import FIRST_PLAYER, Option, corner_positions, first_seat, lay_out, private, seen_by, winners_by_score


def test_private_event_shows_its_secret_only_to_its_seats():
    event = private({"type": "look", "seat": 1, "pos": [4]}, to=[1], card="7H")
    assert seen_by(event, 1) == {"type": "look", "seat": 1, "pos": [4], "to": [1], "card": "7H"}
    assert seen_by(event, 0) == {"type": "look", "seat": 1, "pos": [4], "to": [1]}
    assert seen_by(event, None) == seen_by(event, 0)


def test_public_event_is_the_same_for_everyone():
    event = {"type": "flip", "seat": 0, "card": "AS"}
    assert seen_by(event, 0) == seen_by(event, None) == event


def test_choice_option_refuses_values_outside_its_choices_and_bool_for_int():
    option = Option("pairs", 12, "How many pairs.", choices=(8, 12))
    assert option.check(8, "Game") == 8
    with pytest.raises(ValueError, match="one of 8, 12"):
        option.check(9, "Game")
    with pytest.raises(ValueError):
        option.check(True, "Game")


def test_switch_option_takes_only_booleans():
    option = Option("flaming", False, "Flaming variant.")
    assert option.check(True, "Game") is True
    with pytest.raises(ValueError, match="true or false"):
        option.check(1, "Game")


def test_winners_share_ties_highest_or_lowest():
    assert winners_by_score([3, 5, 5]) == [1, 2]
    assert winners_by_score([30, 12, 12], highest=False) == [1, 2]


def test_corners_are_row_major():
    assert corner_positions(7, 8) == [0, 7, 48, 55]


def test_cards_are_laid_out_at_their_positions_in_order():
    assert lay_out(["AS", "KH", "2C"], [0, 3, 1], 5) == ["AS", "2C", None, "KH", None]
    with pytest.raises(ValueError):
        lay_out(["AS"], [0, 1], 5)  # a card for every position, no more, no fewer


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_describes_itself_for_the_picker(game):
    """Each game has a name, player counts and options that carry a default and a one-line description."""
    description = GAMES[game].describe()
    assert description["id"] == game and description["name"] and description["player_counts"]
    names = [option["name"] for option in description["options"]]
    assert "deck" in names
    for option in description["options"]:
        assert option["description"].endswith(".") and "\n" not in option["description"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_view_starts_with_the_fields_every_game_has(game):
    """Each seat's view and a spectator's say the game, the seat, the opener, the turn, who may act and the result."""
    match = new_match(game, 2, {}, seed=3)
    for seat in (0, 1, None):
        view = match.view(seat)
        assert (view["game"], view["seat"], view["to_act"], view["result"]) == (game, seat, match.to_act(), None)
        assert view["first"] in (0, 1) and view["turn"] in (0, 1)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_first_player_random_is_the_default_and_draws_the_opener_from_the_match_seed(game):
    assert FIRST_PLAYER in GAMES[game].options and FIRST_PLAYER.default == "random"
    openers = set()
    for seed in range(20):
        match = new_match(game, 2, {}, seed)
        view = match.view(None)
        assert view["turn"] == view["first"]
        assert new_match(game, 2, {}, seed).view(None)["first"] == view["first"]  # a replay draws the same seat
        openers.add(view["first"])
    assert openers == {0, 1}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_first_player_first_seat_always_opens_with_seat_0_on_the_same_deal(game):
    for seed in range(10):
        drawn = new_match(game, 3 if 3 in GAMES[game].player_counts else 2, {}, seed)
        fixed = new_match(game, drawn.players, {"first_player": "first seat"}, seed)
        assert fixed.view(None)["first"] == 0 and fixed.view(None)["turn"] == 0
        # The seat is drawn after the shuffle: the same seed deals the same cards, whoever opens.
        assert drawn.all_cards() == fixed.all_cards()


def test_a_seed_draws_the_same_first_player_on_every_python():
    """A deal's shuffle, then the opener's draw, from the match's setup RNG, as CPython 3.11 drew them for seeds 0 to
    7. The suite runs in Pyodide too, where they must come out the same. Every game draws its opener so, after its
    shuffle (the test above); the old saves in tests/fixtures replay each game's shuffles on both Pythons."""
    drawn = []
    for seed in range(8):
        rng, deck = random.Random(f"{seed}/setup"), standard_deck()
        rng.shuffle(deck)
        drawn.append((deck[0], first_seat({"first_player": "random"}, 3, rng)))
    assert drawn == [("QC", 1), ("JS", 1), ("7C", 1), ("2S", 2), ("8C", 0), ("10H", 1), ("QH", 1), ("4H", 1)]


def test_an_option_added_later_takes_its_legacy_value_in_an_older_save_only():
    rules = GAMES["matches"]
    assert rules.saved_options({"flaming": True}) == {"flaming": True, "first_player": "first seat"}
    assert rules.saved_options({"first_player": "random"})["first_player"] == "random"  # a save that has it keeps it
    assert rules.check_options(2, {})["first_player"] == "random"  # a new game takes the default
