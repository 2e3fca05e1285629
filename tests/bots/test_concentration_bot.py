"""The Concentration bot: optimal solo play, Zwick & Paterson's two-player rule, and no cheating."""

from __future__ import annotations

import statistics

import pytest

from game import new_match
from game.bots import autoplay, new_bot
from game.bots.concentration import move_values, optimal_turns, values
from game.rules.concentration import partner
from tests.bots.support import assert_blind_to_unseen_cards
from tests.support import FIRST_SEAT

SIDE_BY_SIDE = ["AS", "AC", "2H", "2D", "3S", "3C", "4H", "4D", "5S", "5C", "6H", "6D", "7S", "7C", "8H", "8D"]


def test_the_optimal_solo_turns_are_the_published_values():
    assert [round(optimal_turns(n), 2) for n in (8, 12, 26)] == [12.40, 18.85, 41.45]


def test_takes_a_known_pair():
    match = new_match("concentration", 2, {**FIRST_SEAT, "pairs": 8, "deck": SIDE_BY_SIDE}, seed=1)
    match.act(0, {"type": "flip", "pos": 0})
    match.act(0, {"type": "flip", "pos": 3})  # AS and 2D seen; seat 1 to play
    match.act(1, {"type": "flip", "pos": 2})
    match.act(1, {"type": "flip", "pos": 4})  # 2H seen: 2H/2D is a known pair
    bot = new_bot("concentration", "perfect", seed=1)
    first = bot.choose(match.view(0), match.events(0))
    assert first["pos"] in (2, 3)
    match.act(0, first)
    assert bot.choose(match.view(0), match.events(0, since=match.event_count - 1)) == {
        "type": "flip",
        "pos": 5 - first["pos"],
    }


def test_takes_the_partner_of_a_new_card_it_remembers():
    match = new_match("concentration", 1, {"pairs": 8, "deck": SIDE_BY_SIDE}, seed=1)
    match.act(0, {"type": "flip", "pos": 0})
    match.act(0, {"type": "flip", "pos": 2})  # remembers AS at 0 and 2H at 2
    bot = new_bot("concentration", "perfect", seed=4)
    bot.choose(match.view(0), match.events(0))
    # Force the first flip onto 1 (AC): the bot must answer with 0 (AS).
    match.act(0, {"type": "flip", "pos": 1})
    assert bot.choose(match.view(0), match.events(0)[-1:]) == {"type": "flip", "pos": 0}


def test_never_turns_a_known_card_when_an_unseen_one_is_better():
    """Solo with no known pair, the first card is never one it has seen, nor is the second unless it pairs."""
    for seed in range(30):
        match = new_match("concentration", 1, {"pairs": 12}, seed=seed)
        bot = new_bot("concentration", "perfect", seed=seed)
        seen: dict[int, str] = {}
        told = 0
        while match.result() is None:
            view = match.view(0)
            action = bot.choose(view, match.events(0, since=told))
            told = match.event_count
            on_board = {pos: card for pos, card in seen.items() if view["cells"][pos] is not None}
            if not view["flipped"]:
                if not any(partner(card) in on_board.values() for card in on_board.values()):
                    assert action["pos"] not in on_board
            else:
                first = view["flipped"][0]
                others = {card for pos, card in on_board.items() if pos != first}
                if partner(view["cells"][first]) not in others:
                    assert action["pos"] not in on_board
            seen[action["pos"]] = match.act(0, action)[0]["card"]


def test_perfect_solo_mean_over_300_games_is_within_3_percent_of_the_formula():
    turns = []
    for seed in range(300):
        match = new_match("concentration", 1, {"pairs": 8}, seed=seed)
        autoplay(match, {0: "perfect"}, seed=seed)
        turns.append(match.result()["scores"][0])
    assert abs(statistics.mean(turns) - optimal_turns(8)) / optimal_turns(8) < 0.03


def test_forgetful_levels_take_more_turns_in_order():
    means = {}
    for level in ("easy", "medium", "perfect"):
        turns = []
        for seed in range(60):
            match = new_match("concentration", 1, {"pairs": 12}, seed=seed)
            autoplay(match, {0: level}, seed=seed)
            turns.append(match.result()["scores"][0])
        means[level] = statistics.mean(turns)
    assert means["easy"] > means["medium"] > means["perfect"]


def test_two_player_values_match_zwick_and_paterson():
    """Small cases worked by hand: one pair left wins it; two pairs left is worth −2/3 to the mover."""
    assert values(1, 0) == 1
    assert values(2, 0) == pytest.approx(-2 / 3)
    assert values(1, 1) == 1


@pytest.mark.parametrize("pairs", [4, 6, 8, 12])
def test_two_player_rule_passes_when_all_but_one_single_is_known(pairs):
    """With k = n − 1 known singles every new card helps the opponent more: the best move is a pass."""
    assert max(move_values(pairs, pairs - 1).values()) < 0


@pytest.mark.parametrize(("pairs", "known"), [(7, 1), (7, 3), (8, 2), (8, 4), (8, 6)])
def test_two_player_rule_turns_one_new_card_when_pairs_plus_known_is_even(pairs, known):
    options = move_values(pairs, known)
    assert options["one"] > options["two"]


def test_perfect_beats_medium_head_to_head():
    wins = 0
    for seed in range(60):
        match = new_match("concentration", 2, {"pairs": 12}, seed=seed)
        autoplay(match, {0: "perfect", 1: "medium"}, seed=seed)
        wins += match.result()["winners"] == [0]
    assert wins >= 45


def test_two_perfect_bots_never_stall_on_passes():
    for seed in range(40):
        match = new_match("concentration", 2, {"pairs": 8}, seed=seed)
        autoplay(match, {0: "perfect", 1: "perfect"}, seed=seed, max_actions=2000)
        assert match.result() is not None


def test_choice_is_unchanged_when_unseen_cards_are_permuted():
    other = [*SIDE_BY_SIDE[:12], "8H", "8D", "7S", "7C"]  # the last four positions hold other cards
    compared = assert_blind_to_unseen_cards(
        "concentration",
        2,
        {"pairs": 8, "deck": SIDE_BY_SIDE},
        {"pairs": 8, "deck": other},
        {0: "perfect", 1: "medium"},
    )
    assert compared >= 2
