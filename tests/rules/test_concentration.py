"""Concentration, rule by rule (RULES.md section 1)."""

from __future__ import annotations

import pytest

from game import IllegalAction, new_match
from game.cards import colour, rank
from game.rules.concentration import GRIDS, card_positions, partner
from tests.support import FIRST_SEAT

# 8 pairs laid row-major on a 4 × 4 grid: pairs sit side by side (0-1, 2-3, ...).
SIDE_BY_SIDE = ["AS", "AC", "2H", "2D", "3S", "3C", "4H", "4D", "5S", "5C", "6H", "6D", "7S", "7C", "8H", "8D"]


def flip(match, seat, *positions):
    events = []
    for pos in positions:
        events += match.act(seat, {"type": "flip", "pos": pos})
    return events


@pytest.mark.parametrize("pairs", [8, 12, 18, 26])
def test_board_holds_the_chosen_number_of_pairs_of_same_rank_and_colour(pairs):
    match = new_match("concentration", 1, {"pairs": pairs}, seed=pairs)
    cards = match.all_cards()
    assert len(cards) == len(set(cards)) == 2 * pairs
    assert all(partner(card) in cards and colour(partner(card)) == colour(card) for card in cards)
    assert all(rank(partner(card)) == rank(card) for card in cards)


def test_default_is_twelve_pairs_face_down_in_a_grid():
    view = new_match("concentration", 2, {}, seed=1).view(0)
    assert (view["rows"], view["cols"]) == GRIDS[12] == (4, 6)
    assert view["cells"] == ["down"] * 24


def test_twenty_six_pairs_use_the_whole_deck_on_a_seven_by_eight_grid_without_corners():
    match = new_match("concentration", 1, {"pairs": 26}, seed=4)
    view = match.view(0)
    assert (view["rows"], view["cols"]) == (7, 8)
    assert [pos for pos, cell in enumerate(view["cells"]) if cell is None] == [0, 7, 48, 55]
    assert len(card_positions(26)) == 52


def test_both_turned_cards_are_seen_by_everyone():
    match = new_match("concentration", 3, {**FIRST_SEAT, "pairs": 8, "deck": SIDE_BY_SIDE}, seed=1)
    flip(match, 0, 0)
    assert match.view(2)["cells"][0] == "AS" and match.view(None)["cells"][0] == "AS"
    assert match.events(1)[-1] == {"type": "flip", "seat": 0, "pos": 0, "card": "AS"}


def test_a_pair_is_taken_and_the_same_player_turns_again():
    match = new_match("concentration", 2, {**FIRST_SEAT, "pairs": 8, "deck": SIDE_BY_SIDE}, seed=1)
    events = flip(match, 0, 0, 1)
    assert events[-1] == {"type": "pair", "seat": 0, "pos": [0, 1], "cards": ["AS", "AC"]}
    view = match.view(1)
    assert view["cells"][:2] == [None, None] and view["pairs"] == [1, 0]
    assert match.to_act() == [0]


def test_no_pair_turns_both_face_down_and_play_passes():
    match = new_match("concentration", 2, {**FIRST_SEAT, "pairs": 8, "deck": SIDE_BY_SIDE}, seed=1)
    events = flip(match, 0, 0, 2)
    assert events[-1] == {"type": "mismatch", "seat": 0, "pos": [0, 2], "cards": [SIDE_BY_SIDE[0], SIDE_BY_SIDE[2]]}
    assert match.view(0)["cells"][0] == match.view(0)["cells"][2] == "down"
    assert match.to_act() == [1]


def test_same_rank_but_other_colour_is_not_a_pair():
    deck = ["AS", "AH", "AC", "AD", *SIDE_BY_SIDE[4:]]
    match = new_match("concentration", 2, {**FIRST_SEAT, "pairs": 8, "deck": deck}, seed=1)
    flip(match, 0, 0, 1)
    assert match.to_act() == [1] and match.view(1)["pairs"] == [0, 0]


def test_a_card_cannot_be_turned_twice_in_one_turn():
    match = new_match("concentration", 2, {**FIRST_SEAT, "pairs": 8, "deck": SIDE_BY_SIDE}, seed=1)
    flip(match, 0, 5)
    before = match.to_json()
    with pytest.raises(IllegalAction):
        flip(match, 0, 5)
    assert match.to_json() == before


def test_taken_positions_cannot_be_turned():
    match = new_match("concentration", 2, {**FIRST_SEAT, "pairs": 8, "deck": SIDE_BY_SIDE}, seed=1)
    flip(match, 0, 0, 1)
    with pytest.raises(IllegalAction, match="pos 0"):
        flip(match, 0, 0)


def test_game_ends_when_the_board_is_empty_and_most_pairs_wins():
    match = new_match("concentration", 2, {**FIRST_SEAT, "pairs": 8, "deck": SIDE_BY_SIDE}, seed=1)
    flip(match, 0, 0, 1, 2, 3, 4, 6)  # two pairs, then a miss
    flip(match, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)  # six pairs
    assert match.result() == {"winners": [1], "scores": [2, 6]}
    assert match.events(None)[-1]["type"] == "game_over"


def test_ties_share_the_win():
    match = new_match("concentration", 2, {**FIRST_SEAT, "pairs": 8, "deck": SIDE_BY_SIDE}, seed=1)
    flip(match, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 10)
    flip(match, 1, 8, 9, 10, 11, 12, 13, 14, 15)
    assert match.result() == {"winners": [0, 1], "scores": [4, 4]}


def test_solo_score_is_the_number_of_turns():
    match = new_match("concentration", 1, {**FIRST_SEAT, "pairs": 8, "deck": SIDE_BY_SIDE}, seed=1)
    flip(match, 0, 0, 2, 0, 1, 2, 3)  # one miss, then two pairs: three turns so far
    assert match.view(0)["turns"] == 3
    flip(match, 0, *range(4, 16))
    assert match.result() == {"winners": [0], "scores": [9]}


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (SIDE_BY_SIDE[:-1], "exactly 16"),
        (["AS", "AS", *SIDE_BY_SIDE[2:]], "same card twice"),
        (["AS", "AH", *SIDE_BY_SIDE[2:]], "no partner"),
        (["RJ", "BJ", *SIDE_BY_SIDE[2:]], "do not exist or do not belong"),
        ("AS AC", "exactly 16"),
    ],
)
def test_bad_fixed_deck_is_a_clear_value_error(deck, message):
    with pytest.raises(ValueError, match=message):
        new_match("concentration", 2, {**FIRST_SEAT, "pairs": 8, "deck": deck}, seed=1)


def test_view_never_shows_a_card_seen_earlier():
    match = new_match("concentration", 2, {**FIRST_SEAT, "pairs": 8, "deck": SIDE_BY_SIDE}, seed=1)
    flip(match, 0, 0, 2)
    assert all(cell == "down" for cell in match.view(0)["cells"])
