"""The rules protocol: options, hidden events, winners."""

from __future__ import annotations

import pytest

from game import GAMES
from game.core import Option, corner_positions, private, seen_by, winners_by_score


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


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_describes_itself_for_the_picker(game):
    """Each game has a name, player counts and options that carry a default and a one-line description."""
    description = GAMES[game].describe()
    assert description["id"] == game and description["name"] and description["player_counts"]
    assert description["summary"]
    names = [option["name"] for option in description["options"]]
    assert "deck" in names
    for option in description["options"]:
        assert option["description"].endswith(".") and "\n" not in option["description"]
