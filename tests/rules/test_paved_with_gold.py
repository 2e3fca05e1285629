"""Paved with Gold (Jokerlink): one or more tests per rule of RULES.md section 5, on fixed deals."""

from __future__ import annotations

import pytest

from game import new_match
from game.cards import rank, standard_deck
from game.core import FACE_DOWN
from game.rules.paved_with_gold import any_combination, can_make, is_combination
from tests.support import FIRST_SEAT, act_all, assert_illegal, hidden_ids

GAME = "paved-with-gold"
PICK = "pick"


def deck_with(square: dict[int, str] | None = None, stock: list[str] | tuple = ()) -> list[str]:
    """A 52-card deck: ``square`` cards at those positions, ``stock`` on top of the stock, the rest in order."""
    square = square or {}
    chosen = set(square.values()) | set(stock)
    assert len(chosen) == len(square) + len(stock), "a card is used twice"
    filler = [card for card in standard_deck() if card not in chosen]
    cells = [square[pos] if pos in square else filler.pop(0) for pos in range(25)]
    return cells + list(stock) + filler


def deal(square=None, stock=(), players=2):
    """A match on a fixed deal."""
    return new_match(GAME, players, {**FIRST_SEAT, "deck": deck_with(square, stock)})


def pick(pos: int) -> dict:
    return {"type": "pick", "pos": pos}


def claim(combo: str) -> dict:
    return {"type": "claim", "combo": combo}


def turn_up(pos: int) -> dict:
    return {"type": "turn_up", "pos": pos}


def occupied(view) -> int:
    return sum(card is not None for card in view["cells"])


def drain(match, allowed, stop_at: int = 0, limit: int = 100) -> int:
    """Make false two-card claims from ``allowed`` positions until ``stop_at`` cards remain or too few are free.

    Each claim picks two cards and names a combination they already break (three of a kind for two ranks,
    a flush for one rank), so exactly two cards leave the square. Returns the number of claims made.
    """
    claims = 0
    while match.result() is None and claims < limit:
        seat = match.to_act()[0]
        view = match.view(seat)
        free = [pos for pos in allowed if view["cells"][pos] is not None]
        if occupied(view) <= stop_at or len(free) < 2:
            return claims
        a, b = free[:2]
        match.act(seat, pick(a))
        match.act(seat, pick(b))
        held = match.view(seat)["cells"]
        match.act(seat, claim("flush" if rank(held[a]) == rank(held[b]) else "three"))
        if match.view(seat)["phase"] == "give":
            match.act(seat, {"type": "give", "seat": (seat + 1) % match.players})
        claims += 1
    return claims


# --- the deal ------------------------------------------------------------------------------------------


def test_deal_puts_the_first_25_cards_in_the_square_and_27_in_the_stock():
    deck = deck_with()
    match = new_match(GAME, 2, {**FIRST_SEAT, "deck": deck})
    view = match.view(0)
    assert view["cells"] == [FACE_DOWN] * 25
    assert (view["rows"], view["cols"], view["stock"]) == (5, 5, 27)
    assert view["phase"] == "start" and view["turn"] == 0 and view["to_act"] == [0]
    deal_event = {"type": "deal", "rows": 5, "cols": 5, "positions": list(range(25)), "stock": 27, "first": 0}
    assert match.events(None)[0] == deal_event
    match.act(0, pick(0))
    match.act(0, pick(24))
    cells = match.view(0)["cells"]
    assert (cells[0], cells[24]) == (deck[0], deck[24])
    assert not hidden_ids(match.view(None)) and not hidden_ids(match.events(None))


def test_random_deal_uses_all_52_cards():
    match = new_match(GAME, 3, seed=7)
    assert sorted(match.all_cards()) == sorted(standard_deck())


@pytest.mark.parametrize(
    "deck",
    [
        standard_deck()[:51],
        [*standard_deck()[:51], "AS"],
        [*standard_deck()[:51], "RJ"],
        "AS KS",
    ],
)
def test_bad_deck_is_refused(deck):
    with pytest.raises(ValueError, match="deck"):
        new_match(GAME, 2, {"deck": deck})


def test_bad_option_and_player_count_are_refused():
    with pytest.raises(ValueError, match="Unknown option"):
        new_match(GAME, 2, {"pairs": 12})
    for players in (1, 4):
        with pytest.raises(ValueError, match="2, 3 players"):
            new_match(GAME, players)


# --- picking and putting back --------------------------------------------------------------------------


def test_pick_one_card_and_put_it_back_others_learn_only_the_position():
    match = deal({4: "QH"})
    own = match.act(0, pick(4))
    assert own == [{"type": "pick", "seat": 0, "pos": 4, "to": [0], "card": "QH"}]
    assert match.view(0)["cells"][4] == "QH"
    assert match.view(0)["picked"] == [4] and match.view(1)["picked"] == [4]
    assert match.view(1)["cells"][4] == FACE_DOWN and match.view(None)["cells"][4] == FACE_DOWN
    events = match.act(0, {"type": "put_back"})
    assert events == [{"type": "put_back", "seat": 0, "pos": [4]}, {"type": "turn", "seat": 1}]
    assert match.view(0)["cells"][4] == FACE_DOWN, "the card is not shown again once put back"
    assert match.view(1)["to_act"] == [1]
    for seat in (1, None):
        assert "QH" not in hidden_ids(match.events(seat))
        assert {"type": "pick", "seat": 0, "pos": 4, "to": [0]} in match.events(seat)
    assert "QH" in hidden_ids(match.events(0))


def test_hidden_information_picked_cards_are_seen_only_by_the_picker_until_claimed():
    match = deal({0: "9S", 1: "9C", 2: "9H"})
    match.act(0, pick(0))
    match.act(0, pick(1))
    assert match.view(0)["cells"][:2] == ["9S", "9C"]
    for seat in (1, None):
        assert match.view(seat)["cells"][:2] == [FACE_DOWN, FACE_DOWN]
        assert not hidden_ids(match.view(seat)) and not hidden_ids(match.events(seat))
    match.act(0, claim("three"))
    for seat in (0, 1, None):
        assert match.view(seat)["cells"][:3] == ["9S", "9C", FACE_DOWN]
        assert {"type": "claim", "seat": 0, "combo": "three", "pos": [0, 1], "cards": ["9S", "9C"]} in match.events(
            seat
        )


def test_the_stock_stays_hidden_from_everyone():
    match = deal(stock=["KS", "KH"])
    assert not {"KS", "KH"} & (hidden_ids(match.view(0)) | hidden_ids(match.events(0)))


# --- combinations and their scores ---------------------------------------------------------------------


def test_pair_with_announce_is_turned_up_at_once_and_scores_4():
    match = deal({3: "5S", 7: "5H"})
    assert match.act(0, {"type": "announce_pair"}) == [{"type": "announce", "seat": 0, "combo": "pair"}]
    assert {"type": "put_back"} not in match.legal_actions(0), "an announced pair must pick two cards"
    match.act(0, pick(3))
    events = match.act(0, pick(7))
    assert {"type": "claim", "seat": 0, "combo": "pair", "pos": [3, 7], "cards": ["5S", "5H"]} in match.events(1)
    assert {"type": "claim_true", "seat": 0, "combo": "pair", "pos": [3, 7], "cards": ["5S", "5H"], "points": 4} in (
        events
    )
    view = match.view(1)
    assert view["points"] == [4, 0] and view["won"][0] == ["5S", "5H"] and view["scores"] == [4, 0]
    assert view["turn"] == 1


def test_announced_pair_that_does_not_match_is_a_false_claim():
    match = deal({3: "5S", 7: "6H"})
    match.act(0, {"type": "announce_pair"})
    match.act(0, pick(3))
    match.act(0, pick(7))
    view = match.view(0)
    assert view["points"] == [0, 0] and view["bonus"] == [[], ["5S", "6H"]]


def test_three_of_a_kind_scores_9():
    match = deal({0: "7S", 1: "7H", 2: "7D"})
    act_all(match, [(0, pick(0)), (0, claim("three")), (0, turn_up(1))])
    assert match.view(0)["phase"] == "turn_up"
    assert match.view(0)["prompt"] == {"kind": "turn_up", "combo": "three", "left": 1}
    events = match.act(0, turn_up(2))
    assert events[0] == {"type": "turn_up", "seat": 0, "pos": 2, "card": "7D"}
    assert events[1]["type"] == "claim_true" and events[1]["points"] == 9
    assert match.view(0)["points"] == [9, 0] and match.view(0)["won"][0] == ["7S", "7H", "7D"]


def test_flush_scores_9():
    match = deal({5: "2H", 6: "9H", 12: "KH"})
    act_all(match, [(0, pick(5)), (0, pick(6)), (0, claim("flush")), (0, turn_up(12))])
    assert match.view(0)["points"] == [9, 0] and match.view(0)["won"][0] == ["2H", "9H", "KH"]


def test_run_with_ace_low_scores_9():
    match = deal({0: "AS", 1: "3H", 2: "2D"})
    act_all(match, [(0, pick(0)), (0, claim("run")), (0, turn_up(1)), (0, turn_up(2))])
    assert match.view(0)["points"] == [9, 0]


def test_run_with_ace_high_queen_king_ace_scores_9():
    match = deal({0: "QS", 1: "KH", 2: "AD"})
    act_all(match, [(0, pick(0)), (0, pick(1)), (0, claim("run")), (0, turn_up(2))])
    assert match.view(0)["points"] == [9, 0] and match.view(0)["won"][0] == ["QS", "KH", "AD"]


def test_run_king_ace_two_is_refused_no_wrap_around():
    match = deal({0: "KS", 1: "AH", 2: "2D"})
    act_all(match, [(0, pick(0)), (0, pick(1)), (0, claim("run"))])
    assert match.view(0)["phase"] == "turn_up", "K-A can still become Q-K-A"
    events = match.act(0, turn_up(2))
    assert events[1] == {
        "type": "claim_false",
        "seat": 0,
        "combo": "run",
        "pos": [0, 1, 2],
        "cards": ["KS", "AH", "2D"],
    }
    assert match.view(0)["points"] == [0, 0] and match.view(0)["bonus"][1] == ["KS", "AH", "2D"]
    assert not can_make(["KS", "AH", "2D"], "run") and is_combination(["AH", "2D", "3C"], "run")


def test_prime_one_of_each_suit_scores_16():
    match = deal({0: "4S", 1: "JH", 2: "8D", 3: "2C"})
    act_all(match, [(0, pick(0)), (0, claim("prime")), (0, turn_up(1)), (0, turn_up(2)), (0, turn_up(3))])
    assert match.view(0)["points"] == [16, 0] and len(match.view(0)["won"][0]) == 4


def test_five_of_a_colour_scores_25():
    match = deal({0: "4H", 1: "JD", 2: "8D", 3: "2H", 4: "KD"})
    act_all(match, [(0, pick(0)), (0, pick(1)), (0, claim("five_colour"))])
    act_all(match, [(0, turn_up(2)), (0, turn_up(3)), (0, turn_up(4))])
    assert match.view(0)["points"] == [25, 0] and match.view(0)["won"][0] == ["4H", "JD", "8D", "2H", "KD"]


def test_a_claim_needs_enough_cards_in_the_square_and_includes_every_picked_card():
    match = deal({0: "4H"})
    match.act(0, pick(0))
    claims = {action["combo"] for action in match.legal_actions(0) if action["type"] == "claim"}
    assert claims == {"pair", "three", "flush", "run", "prime", "five_colour"}
    assert_illegal(match, 0, turn_up(1))
    assert_illegal(match, 0, claim("straight"))


def test_a_two_card_pick_cannot_claim_an_unannounced_pair():
    match = deal({0: "5S", 1: "5H"})
    match.act(0, pick(0))
    assert claim("pair") in match.legal_actions(0), "one picked card may be paired"
    match.act(0, pick(1))
    assert claim("pair") not in match.legal_actions(0)
    assert_illegal(match, 0, claim("pair"))
    assert claim("three") in match.legal_actions(0)


def test_claim_none_is_not_legal_while_the_stock_lasts():
    match = deal()
    assert {"type": "claim_none"} not in match.legal_actions(0)
    assert_illegal(match, 0, {"type": "claim_none"})


# --- false claims --------------------------------------------------------------------------------------


def test_a_false_claim_gives_the_shown_cards_to_the_opponent_as_bonus_cards():
    match = deal({0: "7S", 1: "8H", 2: "7D"}, stock=["QC", "QS"])
    match.act(0, pick(0))
    match.act(0, claim("three"))
    events = match.act(0, turn_up(1))
    assert events[1] == {"type": "claim_false", "seat": 0, "combo": "three", "pos": [0, 1], "cards": ["7S", "8H"]}
    assert events[2] == {"type": "bonus", "seat": 0, "recipient": 1, "pos": [0, 1], "cards": ["7S", "8H"]}
    view = match.view(1)
    assert view["bonus"] == [[], ["7S", "8H"]] and view["scores"] == [0, 2] and view["points"] == [0, 0]
    assert view["cells"][:3] == [FACE_DOWN] * 3, "the claim stopped at the first wrong card"
    assert view["turn"] == 1 and view["stock"] == 25


def test_a_claim_is_false_as_soon_as_the_shown_cards_cannot_make_it():
    match = deal({0: "4H", 1: "JD", 2: "8S"})
    act_all(match, [(0, pick(0)), (0, pick(1)), (0, claim("five_colour"))])
    events = match.act(0, turn_up(2))
    assert events[1]["type"] == "claim_false" and events[1]["cards"] == ["4H", "JD", "8S"]
    assert match.view(0)["bonus"][1] == ["4H", "JD", "8S"]


def test_picked_cards_that_already_break_the_claim_are_a_false_claim_at_once():
    match = deal({0: "4H", 1: "JD"})
    match.act(0, pick(0))
    match.act(0, pick(1))
    events = match.act(0, claim("flush"))
    assert [event["type"] for event in events] == ["claim", "claim_false", "bonus", "refill", "turn"]


def test_with_three_players_the_claimant_chooses_who_gets_the_cards():
    match = deal({0: "7S", 1: "8H"}, players=3)
    act_all(match, [(0, pick(0)), (0, claim("pair")), (0, turn_up(1))])
    view = match.view(0)
    assert view["phase"] == "give" and view["to_act"] == [0]
    assert view["prompt"] == {"kind": "give", "cards": 2}
    assert match.legal_actions(0) == [{"type": "give", "seat": 1}, {"type": "give", "seat": 2}]
    assert_illegal(match, 0, {"type": "give", "seat": 0})
    events = match.act(0, {"type": "give", "seat": 2})
    assert events[0] == {"type": "bonus", "seat": 0, "recipient": 2, "pos": [0, 1], "cards": ["7S", "8H"]}
    assert match.view(1)["bonus"] == [[], [], ["7S", "8H"]] and match.view(1)["turn"] == 1


# --- refilling from the stock --------------------------------------------------------------------------


def test_removed_cards_are_replaced_from_the_stock_in_the_same_positions():
    match = deal({3: "5S", 7: "5H"}, stock=["QC", "2D"])
    match.act(0, {"type": "announce_pair"})
    match.act(0, pick(7))
    events = match.act(0, pick(3))
    assert {"type": "refill", "seat": 0, "pos": [3, 7], "stock": 25} in events
    view = match.view(1)
    assert view["cells"][3] == FACE_DOWN and view["cells"][7] == FACE_DOWN and view["stock"] == 25
    assert not {"QC", "2D"} & (hidden_ids(match.events(1)) | hidden_ids(view))
    match.act(1, pick(3))
    match.act(1, pick(7))
    assert match.view(1)["cells"][3] == "QC" and match.view(1)["cells"][7] == "2D"


def test_the_refill_stops_when_the_stock_is_empty():
    match = deal()
    # 13 claims of two cards use 26 stock cards; the 14th finds one card left.
    for _ in range(13):
        drain_one(match)
    assert match.view(0)["stock"] == 1 and occupied(match.view(0)) == 25
    events = drain_one(match)
    refill = [event for event in events if event["type"] == "refill"]
    assert refill == [{"type": "refill", "seat": 1, "pos": [0], "stock": 0}]
    assert match.view(0)["cells"][1] is None and occupied(match.view(0)) == 24
    events = drain_one(match)
    assert not [event for event in events if event["type"] == "refill"]
    assert occupied(match.view(0)) == 22 and match.view(0)["stock"] == 0


def drain_one(match) -> list[dict]:
    """One false two-card claim on the first two cards of the square; returns the events."""
    count = len(match.events(None))
    seat = match.to_act()[0]
    free = [pos for pos, card in enumerate(match.view(seat)["cells"]) if card is not None]
    assert drain(match, free[:2], limit=1) == 1
    assert match.to_act() != [seat]
    return match.events(None)[count:]


# --- the end -------------------------------------------------------------------------------------------

NO_COMBINATION = {19: "AS", 20: "3S", 21: "5C", 22: "7C", 23: "9H", 24: "JH"}
WITH_A_PAIR = {19: "AS", 20: "3S", 21: "5C", 22: "7C", 23: "9H", 24: "9D"}


def test_claim_none_is_not_legal_with_nine_or_more_cards():
    # Keep 17..24 (8 cards); one true three of a kind (3 cards) then two-card claims leave 9.
    match = deal({0: "7S", 1: "7H", 2: "7D"})
    act_all(match, [(0, pick(0)), (0, pick(1)), (0, claim("three")), (0, turn_up(2))])
    drain(match, range(17), stop_at=9)
    view = match.view(match.to_act()[0])
    assert view["stock"] == 0 and occupied(view) == 9
    assert {"type": "claim_none"} not in match.legal_actions(match.to_act()[0])
    assert_illegal(match, match.to_act()[0], {"type": "claim_none"})
    seat = match.to_act()[0]
    last = [pos for pos in range(17) if view["cells"][pos] is not None]
    drain(match, [*last, 17], stop_at=0)
    assert occupied(match.view(0)) == 7
    assert {"type": "claim_none"} in match.legal_actions((seat + 1) % 2)


def test_end_claim_right_the_claimant_wins_the_remaining_cards():
    match = deal(NO_COMBINATION)
    assert drain(match, range(19)) == 23
    seat = match.to_act()[0]
    assert seat == 1 and match.view(1)["prompt"] == {"kind": "start", "end_claim": True}
    events = match.act(1, {"type": "claim_none"})
    cards = ["AS", "3S", "5C", "7C", "9H", "JH"]
    assert events[0] == {"type": "claim_none", "seat": 1, "pos": list(range(19, 25)), "cards": cards}
    assert events[1]["type"] == "claim_none_right"
    assert events[2] == {"type": "bonus", "seat": 1, "recipient": 1, "pos": list(range(19, 25)), "cards": cards}
    assert events[-1]["type"] == "game_over"
    view = match.view(None)
    assert view["bonus"][1][-6:] == cards and view["cells"] == [None] * 25 and view["phase"] == "over"


def test_end_claim_wrong_the_opponent_wins_the_remaining_cards():
    match = deal(WITH_A_PAIR)
    drain(match, range(19))
    events = match.act(1, {"type": "claim_none"})
    assert events[1]["type"] == "claim_none_wrong"
    assert events[2]["recipient"] == 0 and events[2]["cards"] == ["AS", "3S", "5C", "7C", "9H", "9D"]
    assert match.result() is not None and match.to_act() == []


def test_end_claim_wrong_with_three_players_the_claimant_chooses_the_opponent():
    match = deal(WITH_A_PAIR, players=3)
    drain(match, range(19))
    seat = match.to_act()[0]
    match.act(seat, {"type": "claim_none"})
    assert match.view(seat)["phase"] == "give" and match.result() is None
    assert match.view(None)["cells"][19:] == ["AS", "3S", "5C", "7C", "9H", "9D"], "all are turned up"
    other = (seat + 2) % 3
    match.act(seat, {"type": "give", "seat": other})
    assert match.view(None)["bonus"][other][-6:] == ["AS", "3S", "5C", "7C", "9H", "9D"]
    assert match.result() is not None


def test_combination_finder_for_the_end_claim():
    assert not any_combination(["AS", "3S", "5C", "7C", "9H", "JH"])
    assert any_combination(["AS", "3S", "5C", "7C", "9H", "JH", "2D"]), "a prime"
    assert any_combination(["QS", "KH", "AD"]) and not any_combination(["KS", "AH", "2D"])
    assert any_combination(["2S", "4S", "6S"]) and any_combination(["2S", "2H"])


def test_the_game_ends_when_the_square_is_empty():
    match = deal()
    drain(match, range(25), stop_at=2)
    assert occupied(match.view(0)) == 2 and match.result() is None
    seat = match.to_act()[0]
    first, second = [pos for pos, card in enumerate(match.view(seat)["cells"]) if card is not None]
    events = act_all(match, [(seat, pick(first)), (seat, claim("pair")), (seat, turn_up(second))])
    assert events[-1]["type"] == "game_over"
    assert match.view(None)["cells"] == [None] * 25 and match.result() is not None


def test_final_score_is_combination_points_plus_one_per_bonus_card():
    match = deal({0: "5S", 1: "5H", **NO_COMBINATION})
    act_all(match, [(0, {"type": "announce_pair"}), (0, pick(0)), (0, pick(1))])
    # 44 more cards leave the square in 22 false claims, 11 by each seat: 22 bonus cards each.
    assert drain(match, range(19)) == 22
    assert match.view(0)["scores"] == [4 + 22, 22]
    match.act(1, {"type": "claim_none"})
    assert match.result() == {"winners": [1], "scores": [26, 28]}
    assert match.events(0)[-1] == {"type": "game_over", "result": {"winners": [1], "scores": [26, 28]}}


def test_final_score_ties_share_the_win():
    match = deal({23: "5S", 24: "5H"})
    # 50 cards leave in 25 false claims: 13 by seat 0 (26 bonus cards to seat 1), 12 by seat 1 (24 to seat 0).
    assert drain(match, range(23)) == 25
    assert match.view(1)["scores"] == [24, 26] and match.to_act() == [1]
    match.act(1, {"type": "claim_none"})  # wrong: the last two cards are a pair, so seat 0 gets them
    assert match.result() == {"winners": [0, 1], "scores": [26, 26]}
