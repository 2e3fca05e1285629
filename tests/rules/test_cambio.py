"""Cambio: each rule of RULES.md section 3, played through the public Match API with fixed first deals."""

from __future__ import annotations

import random

import pytest

from game import new_match
from game.cards import rank, standard_deck
from game.core import FACE_DOWN
from game.rules.cambio import points
from tests.support import FIRST_SEAT, assert_illegal, hidden_ids, play_randomly

TWO = [["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]]
THREE = [*TWO, ["2C", "3C", "4C", "5C"]]
DECK = {"type": "draw", "source": "deck"}
GRAVEYARD = {"type": "draw", "source": "graveyard"}
DISCARD = {"type": "discard"}
SKIP = {"type": "skip"}
CAMBIO = {"type": "cambio"}


def deal(hands: list, graveyard: str = "AC", top: tuple = (), seed: int = 0, **options):
    """A match whose first round deals ``hands`` (slots 0–3 per seat), starts the graveyard with
    ``graveyard`` and puts ``top`` on top of the deck; the other cards follow in standard order.
    Seat 0 starts unless ``first_player`` says otherwise."""
    fixed = [card for hand in hands for card in hand] + [graveyard, *top]
    rest = [card for card in standard_deck(jokers=True) if card not in fixed]
    return new_match("cambio", len(hands), {**FIRST_SEAT, "deck": fixed + rest, **options}, seed)


def snap(owner: int, slot: int) -> dict:
    return {"type": "snap", "owner": owner, "slot": slot}


def pos(kind: str, owner: int, slot: int) -> dict:
    return {"type": kind, "owner": owner, "slot": slot}


def pass_turn(match, seat: int) -> None:
    """``seat`` draws from the deck and discards the card (a card without power in these tests)."""
    match.act(seat, DECK)
    match.act(seat, DISCARD)


def last(match, kind: str, seat: int | None = None) -> dict:
    """The last event of ``kind`` as ``seat`` saw it."""
    return [event for event in match.events(seat) if event["type"] == kind][-1]


def revealed(match) -> list:
    """The hands as the last round's end revealed them."""
    return last(match, "round_end")["hands"]


# ------------------------------------------------------------------------------------ deal and turn


def test_each_seat_peeks_at_its_own_bottom_row_at_the_start_of_the_round():
    match = deal(TWO)
    mine, theirs = [event for event in match.events(0) if event["type"] == "peek"]
    assert mine == {"type": "peek", "seat": 0, "owner": 0, "slots": [2, 3], "to": [0], "cards": ["4S", "5S"]}
    assert theirs == {"type": "peek", "seat": 1, "owner": 1, "slots": [2, 3], "to": [1]}
    assert hidden_ids(match.events(1)) == {"AC", "4H", "5H"}
    assert hidden_ids(match.events(None)) == {"AC"}
    # The view shows no card of any hand, not even the ones just peeked at: memory is the game.
    assert match.view(0)["hands"] == [[FACE_DOWN] * 4, [FACE_DOWN] * 4]
    assert hidden_ids(match.view(0)) == {"AC"}


def test_first_player_first_seat_starts_round_1_with_seat_0_and_the_next_round_with_seat_1():
    match = deal(TWO)
    assert match.view(None)["turn"] == 0 and match.view(None)["round"] == 1
    match.act(0, CAMBIO)
    view = match.view(None)
    assert view["round"] == 2 and view["turn"] == 1 and view["hands"] == [[FACE_DOWN] * 4] * 2
    # The new round is dealt in the same action, with a new bottom-row peek for every seat.
    assert last(match, "peek", 1)["cards"] and last(match, "deal")["round"] == 2


def test_first_player_random_starts_round_1_with_a_seat_drawn_from_the_seed_and_later_rounds_rotate():
    starters = set()
    for seed in range(20):
        match = new_match("cambio", 3, {}, seed)
        first = match.view(None)["first"]
        assert match.view(None)["turn"] == first == last(match, "deal")["seat"]
        assert new_match("cambio", 3, {}, seed).view(None)["first"] == first  # the seed decides: a replay agrees
        match.act(first, CAMBIO)
        assert match.view(None)["round"] == 2 and match.view(None)["turn"] == (first + 1) % 3
        assert match.view(None)["first"] == first
        starters.add(first)
    assert starters == {0, 1, 2}


def test_deck_draw_is_seen_only_by_the_drawer():
    match = deal(TWO, top=("6D",))
    seen = match.act(0, DECK)
    assert seen[-1]["card"] == "6D"
    assert "card" not in last(match, "draw", 1) and "card" not in last(match, "draw", None)
    assert match.view(0)["drawn"] == "6D" and match.view(0)["phase"] == "decide"
    assert match.view(1)["drawn"] == FACE_DOWN and match.view(None)["drawn"] == FACE_DOWN
    assert "6D" not in hidden_ids(match.events(1)) | hidden_ids(match.view(1))


def test_keeping_a_card_puts_the_old_one_face_up_on_the_graveyard_and_keeps_the_new_one_secret():
    match = deal(TWO, top=("6D",))
    match.act(0, DECK)
    match.act(0, {"type": "swap", "slot": 1})
    assert last(match, "swap", 1) == {"type": "swap", "seat": 0, "slot": 1, "source": "deck", "card": "3S"}
    assert match.view(1)["graveyard"] == "3S" and match.view(1)["turn"] == 1
    assert "6D" not in hidden_ids(match.events(1)) | hidden_ids(match.view(1))
    match.act(1, CAMBIO)
    assert revealed(match)[0] == ["2S", "6D", "4S", "5S"]


@pytest.mark.parametrize("card", ["AD", "6D", "KH", "RJ", "BJ"])
def test_discarding_a_card_without_power_passes_the_turn(card):
    match = deal(TWO, top=(card,))
    match.act(0, DECK)
    match.act(0, DISCARD)
    view = match.view(None)
    assert view["graveyard"] == card and view["turn"] == 1 and view["phase"] == "turn"
    assert view["pending"] is None and last(match, "discard") == {"type": "discard", "seat": 0, "card": card}


def test_graveyard_draw_is_public_and_the_card_must_be_kept():
    match = deal(TWO)
    match.act(0, GRAVEYARD)
    assert last(match, "draw", 1)["card"] == "AC" and match.view(1)["drawn"] == "AC"
    assert {"type": "discard"} not in match.legal_actions(0)
    assert_illegal(match, 0, DISCARD)
    match.act(0, {"type": "swap", "slot": 0})
    assert last(match, "swap", 1)["kept"] == "AC" and match.view(None)["graveyard"] == "2S"
    match.act(1, CAMBIO)
    assert revealed(match)[0] == ["AC", "3S", "4S", "5S"]


# -------------------------------------------------------------------------------------------- powers


@pytest.mark.parametrize("card", ["7D", "8D"])
def test_seven_and_eight_peek_at_one_of_your_own_cards(card):
    match = deal(TWO, top=(card,))
    match.act(0, DECK)
    match.act(0, DISCARD)
    assert match.view(0)["phase"] == "peek_own"
    assert {a["owner"] for a in match.legal_actions(0) if a["type"] == "peek"} == {0}
    assert_illegal(match, 0, pos("peek", 1, 0))
    match.act(0, pos("peek", 0, 1))
    assert last(match, "peek", 0) == {"type": "peek", "seat": 0, "owner": 0, "slots": [1], "to": [0], "cards": ["3S"]}
    assert last(match, "peek", 1) == {"type": "peek", "seat": 0, "owner": 0, "slots": [1], "to": [0]}
    assert match.view(None)["turn"] == 1


@pytest.mark.parametrize("card", ["9D", "10D"])
def test_nine_and_ten_peek_at_another_players_card(card):
    match = deal(TWO, top=(card,))
    match.act(0, DECK)
    match.act(0, DISCARD)
    assert match.view(0)["phase"] == "peek_other"
    assert {a["owner"] for a in match.legal_actions(0) if a["type"] == "peek"} == {1}
    assert_illegal(match, 0, pos("peek", 0, 0))
    match.act(0, pos("peek", 1, 2))
    assert last(match, "peek", 0)["cards"] == ["4H"]
    assert "cards" not in last(match, "peek", 1) and last(match, "peek", 1)["slots"] == [2]
    assert "4H" not in hidden_ids(match.view(0))  # a peek is not remembered by the view


@pytest.mark.parametrize("card", ["JD", "QD"])
def test_jack_and_queen_swap_any_two_cards_without_looking(card):
    match = deal(TWO, top=(card,))
    match.act(0, DECK)
    match.act(0, DISCARD)
    assert match.view(0)["phase"] == "select"
    match.act(0, pos("select", 0, 0))
    assert match.view(0)["phase"] == "swap_with"
    assert_illegal(match, 0, pos("swap_with", 0, 0))  # a card cannot swap with itself
    match.act(0, pos("swap_with", 1, 3))
    event = last(match, "swap_cards", 0)
    assert event == {"type": "swap_cards", "seat": 0, "a": [0, 0], "b": [1, 3]}
    assert match.view(None)["turn"] == 1
    match.act(1, CAMBIO)
    assert revealed(match) == [["5H", "3S", "4S", "5S"], ["2H", "3H", "4H", "2S"]]


def test_black_king_peeks_at_any_card_then_swaps_two():
    match = deal(TWO, top=("KC",))
    match.act(0, DECK)
    match.act(0, DISCARD)
    assert match.view(0)["phase"] == "peek_any"
    assert {a["owner"] for a in match.legal_actions(0) if a["type"] == "peek"} == {0, 1}
    match.act(0, pos("peek", 1, 2))
    # The king's holder keeps looking at the card while choosing the swap; nobody else sees it.
    assert match.view(0)["looking"] == {"owner": 1, "slot": 2, "card": "4H"}
    assert match.view(1)["looking"] is None and "4H" not in hidden_ids(match.view(None))
    assert match.view(0)["phase"] == "select"
    match.act(0, pos("select", 1, 2))
    match.act(0, pos("swap_with", 0, 0))
    match.act(1, CAMBIO)
    assert revealed(match) == [["4H", "3S", "4S", "5S"], ["2H", "3H", "2S", "5H"]]


def test_black_king_swap_may_be_declined_after_the_peek():
    match = deal(TWO, top=("KS",))
    match.act(0, DECK)
    match.act(0, DISCARD)
    match.act(0, pos("peek", 0, 0))
    assert last(match, "peek", 0)["cards"] == ["2S"]
    match.act(0, SKIP)
    assert match.view(None)["turn"] == 1
    match.act(1, CAMBIO)
    assert revealed(match) == TWO


def test_a_power_may_be_declined_with_skip():
    match = deal(TWO, top=("9D",))
    match.act(0, DECK)
    match.act(0, DISCARD)
    match.act(0, SKIP)
    assert last(match, "skip") == {"type": "skip", "seat": 0, "power": "9D"}
    assert match.view(None)["turn"] == 1
    assert len([event for event in match.events(0) if event["type"] == "peek"]) == 2  # the deal's only


def test_a_graveyard_card_goes_back_without_power_if_snaps_emptied_the_hand_after_the_turn_began():
    match = deal([["2S", "3S", "4S", "7S"], ["6S", "8S", "9S", "10S"]], top=("2D", "3D", "4D", "7D"))
    for slot in range(3):  # seat 0 throws its 2S, 3S and 4S, one per turn
        pass_turn(match, slot % 2)
        match.act(0, snap(0, slot))
    pass_turn(match, 1)  # the 7D, whose peek seat 1 declines
    match.act(1, SKIP)  # seat 0's turn begins with one card, which it throws at once
    match.act(0, snap(0, 3))
    assert match.view(0)["hands"][0] == [None] * 4 and match.view(0)["turn"] == 0
    match.act(0, GRAVEYARD)
    turn_actions = [a for a in match.legal_actions(0) if a["type"] not in ("snap", "cambio")]
    assert turn_actions == [DISCARD]  # nothing to swap with: the 7S goes back, firing nothing
    match.act(0, DISCARD)
    assert match.view(None)["graveyard"] == "7S" and match.view(None)["pending"] is None
    assert match.view(None)["turn"] == 1


# --------------------------------------------------------------------------------------------- snaps


def test_snap_from_own_hand_leaves_the_slot_empty():
    match = deal(TWO, top=("2D",))
    pass_turn(match, 0)
    assert match.view(None)["snap_open"] and match.to_act() == [0, 1]
    match.act(1, snap(1, 0))
    assert last(match, "snap") == {"type": "snap", "seat": 1, "owner": 1, "slot": 0, "card": "2H", "right": True}
    view = match.view(1)
    assert view["hands"][1] == [None, FACE_DOWN, FACE_DOWN, FACE_DOWN] and view["graveyard"] == "2H"
    assert view["turn"] == 1 and view["lock"] == 1


def test_snap_from_an_opponents_hand_then_the_snapper_gives_one_of_their_cards():
    match = deal(TWO, top=("2D",))
    pass_turn(match, 0)
    match.act(0, snap(1, 0))  # seat 0 throws seat 1's 2H
    assert match.to_act() == [0] and match.view(0)["phase"] == "give"
    assert match.legal_actions(0) == [{"type": "give", "slot": slot} for slot in range(4)]
    assert_illegal(match, 1, DECK)  # only the snapper acts until the card is given
    match.act(0, {"type": "give", "slot": 3})
    assert last(match, "give", 1) == {"type": "give", "seat": 0, "slot": 3, "owner": 1, "into": 0}
    assert match.view(1)["hands"] == [[FACE_DOWN] * 3 + [None], [FACE_DOWN] * 4]
    assert match.view(1)["turn"] == 1 and match.view(1)["phase"] == "turn"
    match.act(1, CAMBIO)
    assert revealed(match) == [["2S", "3S", "4S", None], ["5S", "3H", "4H", "5H"]]


def test_a_wrong_snap_is_shown_put_back_and_costs_a_hidden_penalty_card():
    match = deal(TWO, top=("2D", "9C"))
    pass_turn(match, 0)
    match.act(1, snap(0, 1))  # 3S is not a 2
    assert last(match, "snap", 0) == {"type": "snap", "seat": 1, "owner": 0, "slot": 1, "card": "3S", "right": False}
    assert last(match, "penalty", 0) == {"type": "penalty", "seat": 1, "slot": 4}
    view = match.view(1)
    assert view["hands"] == [[FACE_DOWN] * 4, [FACE_DOWN] * 5] and view["graveyard"] == "2D"
    # The penalty card is seen by nobody, not even the snapper.
    for seat in (0, 1, None):
        assert "9C" not in hidden_ids(match.events(seat)) | hidden_ids(match.view(seat))
    match.act(1, CAMBIO)
    assert revealed(match) == [TWO[0], [*TWO[1], "9C"]]


def test_snap_the_rounds_starting_graveyard_card():
    match = deal(TWO, graveyard="2D")
    assert match.view(None)["snap_open"] and match.to_act() == [0, 1]
    match.act(1, snap(1, 0))  # seat 1's 2H on the 2D that started the graveyard, before anyone has drawn
    assert last(match, "snap")["right"] is True and match.view(None)["graveyard"] == "2H"


def test_snap_a_card_uncovered_by_a_draw_from_the_graveyard():
    match = deal(TWO, graveyard="2D", top=("6D",))
    pass_turn(match, 0)  # the 6D goes on the 2D
    match.act(1, GRAVEYARD)  # seat 1 takes the 6D: the 2D is on top again
    assert match.view(None)["graveyard"] == "2D" and match.view(None)["snap_open"]
    match.act(0, snap(0, 0))  # seat 0's 2S, while seat 1 still holds the 6D
    assert last(match, "snap")["right"] is True and match.view(None)["phase"] == "decide"


def test_snap_a_card_just_snapped():
    match = deal(THREE, top=("2D",))
    pass_turn(match, 0)
    match.act(1, snap(1, 0))  # the 2H on the 2D
    assert match.view(None)["graveyard"] == "2H" and match.to_act() == [0, 1, 2]
    match.act(2, snap(2, 0))  # the 2C on the 2H
    assert last(match, "snap")["right"] is True and match.view(None)["graveyard"] == "2C"


def test_no_snap_limit_per_player_a_wrong_snap_does_not_stop_the_snappers_next_one():
    match = deal(THREE, top=("2D",))
    pass_turn(match, 0)
    match.act(0, snap(1, 1))  # seat 1's 3H: wrong, and seat 1's hand is locked
    assert last(match, "snap")["right"] is False and match.view(None)["lock"] == 1
    assert snap(0, 0) in match.legal_actions(0)  # seat 0's own hand is not locked
    match.act(0, snap(0, 0))  # its 2S
    assert last(match, "snap")["right"] is True


def test_snap_lock_no_two_snaps_in_a_row_from_the_same_hand():
    match = deal(THREE, top=("2D",))
    pass_turn(match, 0)
    match.act(1, snap(2, 1))  # wrong, from seat 2's hand
    assert match.view(None)["lock"] == 2
    assert {a["owner"] for a in match.legal_actions(0) if a["type"] == "snap"} == {0, 1}
    assert_illegal(match, 0, snap(2, 0))  # seat 2's 2C is locked
    assert_illegal(match, 2, snap(2, 0))  # even for seat 2
    match.act(0, snap(1, 0))  # a snap from another hand lifts the lock
    assert match.view(None)["lock"] == 1 and last(match, "snap")["right"] is True


def test_snap_lock_after_a_right_snap_holds_until_a_card_is_drawn():
    match = deal(THREE, top=("2D", "3D", "4D"))
    pass_turn(match, 0)  # the 2D opens a window
    match.act(1, DECK)  # a deck draw leaves that window open
    assert match.view(None)["snap_open"]
    match.act(0, snap(2, 0))  # seat 0 throws seat 2's 2C
    match.act(0, {"type": "give", "slot": 0})
    match.act(1, DISCARD)  # the 3D opens a new window; seat 2's hand is still locked
    assert match.view(None)["lock"] == 2
    assert_illegal(match, 2, snap(2, 1))
    assert_illegal(match, 0, snap(2, 1))
    match.act(2, DECK)  # a draw lifts the lock
    assert match.view(None)["lock"] is None
    match.act(2, snap(2, 1))
    assert last(match, "snap") == {"type": "snap", "seat": 2, "owner": 2, "slot": 1, "card": "3C", "right": True}


def test_a_snap_may_come_out_of_turn_in_the_middle_of_another_players_turn():
    match = deal(TWO, top=("2D", "9D"))
    pass_turn(match, 0)
    match.act(1, DECK)  # seat 1 holds the 9D
    assert match.view(None)["phase"] == "decide" and match.to_act() == [0, 1]
    match.act(0, snap(0, 0))  # seat 0 throws its own 2S on the 2D in the middle of seat 1's turn
    assert last(match, "snap")["right"] is True and match.view(None)["graveyard"] == "2S"
    assert match.view(None)["phase"] == "decide" and match.view(None)["turn"] == 1


def test_no_snap_while_a_power_or_a_snaps_gift_is_resolved():
    hands = [["2S", "3S", "9S", "5S"], ["2H", "3H", "4H", "9H"]]
    match = deal(hands, top=("2D", "9D"))
    pass_turn(match, 0)
    match.act(1, DECK)
    match.act(1, DISCARD)  # the 9D: seat 1 now has a peek pending
    view = match.view(None)
    assert view["phase"] == "peek_other" and match.to_act() == [1] and not view["snap_open"]
    assert_illegal(match, 0, snap(0, 2))  # seat 0's 9S waits for the power
    match.act(1, pos("peek", 0, 0))  # the power is over: seat 0's turn, with the 9D on top
    match.act(1, snap(0, 2))  # seat 1 throws seat 0's 9S
    assert last(match, "snap")["right"] is True and match.view(None)["phase"] == "give"
    assert match.to_act() == [1] and not match.view(None)["snap_open"]
    assert_illegal(match, 0, snap(1, 3))  # seat 1's 9H waits for the gift
    match.act(1, {"type": "give", "slot": 0})
    match.act(0, snap(1, 3))
    assert last(match, "snap")["right"] is True


@pytest.mark.parametrize(("thrown", "held"), [("RJ", "BJ"), ("KH", "KS"), ("6D", "6H")])
def test_ranks_match_jokers_with_jokers_and_kings_of_either_colour(thrown, held):
    hands = [["2S", "3S", "4S", "5S"], [held, "3H", "4H", "5H"]]
    match = deal(hands, top=(thrown,))
    pass_turn(match, 0)
    match.act(1, snap(1, 0))
    assert last(match, "snap")["right"] is True


# ----------------------------------------------------------------------------------------- round end


def test_cambio_ends_the_round_at_once():
    match = deal(TWO)
    match.act(0, CAMBIO)
    event = last(match, "round_end")
    assert event["seat"] == 0 and event["hands"] == TWO and event["points"] == [14, 14]
    assert match.view(None)["totals"] == [44, 14] and match.view(None)["rounds"][0]["penalty"] is True


def test_final_lap_gives_every_other_player_one_more_turn():
    match = deal(THREE, top=("2D", "3D"), final_lap=True)
    match.act(0, CAMBIO)
    view = match.view(None)
    assert view["round"] == 1 and view["turn"] == 1 and view["final_lap"] == {"caller": 0, "left": [2]}
    assert CAMBIO not in match.legal_actions(1)
    assert_illegal(match, 1, CAMBIO)
    pass_turn(match, 1)
    assert match.view(None)["turn"] == 2 and match.view(None)["round"] == 1
    pass_turn(match, 2)
    event = last(match, "round_end")
    assert event["seat"] == 0 and match.view(None)["round"] == 2
    assert event["hands"] == THREE and event["points"] == [14, 14, 14]
    assert match.view(None)["totals"] == [44, 14, 14]


def test_call_any_time_out_of_turn_the_turn_under_way_finishes_then_the_round_ends():
    match = deal(TWO, top=("6D",))
    match.act(0, DECK)  # seat 0 holds the 6D
    match.act(1, CAMBIO)  # seat 1 calls in the middle of seat 0's turn
    assert last(match, "cambio") == {"type": "cambio", "seat": 1, "after": 0}
    view = match.view(None)
    assert view["called"] == 1 and view["round"] == 1 and view["turn"] == 0
    assert CAMBIO not in match.legal_actions(0) + match.legal_actions(1)  # one call per round
    match.act(0, {"type": "swap", "slot": 3})  # the turn ends: the 6D is kept, the 5S thrown
    event = last(match, "round_end")
    assert event["seat"] == 1 and event["hands"] == [["2S", "3S", "4S", "6D"], TWO[1]]
    assert event["penalty"] is False and match.view(None)["round"] == 2


def test_call_any_time_out_of_turn_waits_for_the_turns_power():
    match = deal(TWO, top=("9D",))
    match.act(0, DECK)
    match.act(1, CAMBIO)
    match.act(0, DISCARD)  # the 9D's peek is still seat 0's
    assert match.view(None)["phase"] == "peek_other" and match.view(None)["round"] == 1
    assert_illegal(match, 1, CAMBIO)
    match.act(0, pos("peek", 1, 0))
    assert last(match, "round_end")["seat"] == 1 and match.view(None)["round"] == 2


def test_call_any_time_out_of_turn_with_final_lap_starts_the_lap_once_the_turn_is_over():
    match = deal(THREE, top=("6D", "6H", "6C"), final_lap=True)
    match.act(0, DECK)
    match.act(2, CAMBIO)
    match.act(0, {"type": "swap", "slot": 0})
    view = match.view(None)
    assert view["final_lap"] == {"caller": 2, "left": [1]} and view["turn"] == 0 and view["called"] is None
    pass_turn(match, 0)  # every other player, the one whose turn it was too, plays one more turn
    pass_turn(match, 1)
    assert last(match, "round_end")["seat"] == 2 and match.view(None)["round"] == 2


def test_call_own_turn_only_on_your_own_turn_instead_of_drawing():
    match = deal(TWO, top=("6D",), call="own turn")
    assert CAMBIO in match.legal_actions(0) and CAMBIO not in match.legal_actions(1)
    assert_illegal(match, 1, CAMBIO)  # seat 1 may snap the starting card, not call
    match.act(0, DECK)
    assert_illegal(match, 0, CAMBIO)  # once the card is drawn, it is too late
    assert not match.view(0)["can_call"]
    match.act(0, DISCARD)
    match.act(1, CAMBIO)
    assert last(match, "cambio") == {"type": "cambio", "seat": 1} and match.view(None)["round"] == 2


def test_without_final_lap_cambio_gives_no_more_turns():
    match = deal(THREE)
    match.act(0, CAMBIO)
    assert match.view(None)["round"] == 2 and last(match, "round_end")["seat"] == 0


def test_a_player_whose_hand_is_empty_when_its_turn_comes_ends_the_round():
    match = deal(TWO, top=("2D", "3D", "4D", "5D", "6D"))
    pass_turn(match, 0)
    match.act(1, snap(1, 0))  # 2H
    pass_turn(match, 1)
    match.act(1, snap(1, 1))  # 3H
    pass_turn(match, 0)
    match.act(1, snap(1, 2))  # 4H
    pass_turn(match, 1)
    match.act(1, snap(1, 3))  # 5H: seat 1's hand is empty
    assert match.view(None)["hands"][1] == [None] * 4 and match.view(None)["round"] == 1
    pass_turn(match, 0)
    assert last(match, "empty_hand") == {"type": "empty_hand", "seat": 1}
    event = last(match, "round_end")
    assert event["seat"] == 1 and event["points"] == [14, 0] and event["penalty"] is False
    assert match.view(None)["totals"] == [14, 0]


@pytest.mark.parametrize(
    ("mine", "theirs", "totals"),
    [
        (["AS", "AH", "AD", "2S"], ["3S", "3H", "3D", "3C"], [5, 12]),  # strictly lowest: no penalty
        (["3S", "3H", "3D", "3C"], ["4S", "4H", "2D", "2C"], [42, 12]),  # a tie is not strictly lowest
        (["5S", "5H", "5D", "AS"], ["AH", "AD", "AC", "2S"], [46, 5]),  # higher
    ],
)
def test_the_ender_adds_30_unless_their_hand_is_strictly_the_lowest(mine, theirs, totals):
    match = deal([mine, theirs], graveyard="JS")
    match.act(0, CAMBIO)
    assert match.view(None)["totals"] == totals
    assert last(match, "round_end")["penalty"] is (totals[0] != 5)


def test_card_points_kings_jokers_and_faces():
    assert [points(card) for card in ["AS", "7D", "10C", "JH", "QS", "KS", "KC", "KH", "KD", "RJ", "BJ"]] == [
        1, 7, 10, 10, 10, 10, 10, -1, -1, 0, 0,
    ]  # fmt: skip
    match = deal([["KH", "RJ", "JS", "QS"], ["KS", "BJ", "KD", "AS"]], graveyard="2S")
    match.act(0, CAMBIO)
    assert last(match, "round_end")["points"] == [19, 10]


def test_a_total_landing_exactly_on_50_drops_to_0():
    match = deal([["5S", "5H", "5D", "5C"], ["AS", "AH", "AD", "2S"]])
    match.act(0, CAMBIO)
    assert match.view(None)["totals"] == [0, 5]
    assert last(match, "round_end")["drops"] == [{"seat": 0, "from": 50, "to": 0}]


def _penalties(count: int):
    """Seat 0 holds four 10s and takes ``count`` 10-point penalty cards; then calls Cambio."""
    top = ("2C", "JS", "3C", "QS", "4C", "KS", "6C", "JC")
    match = deal([["10S", "10H", "10D", "10C"], ["AS", "AH", "AD", "3S"]], top=top)
    for turn in range(4):
        seat = turn % 2
        pass_turn(match, seat)
        if turn < count:
            match.act(0, snap(0, 0))  # a 10 is never the 2, 3, 4 or 6 just discarded
    match.act(0, CAMBIO)
    return match


def test_a_total_landing_exactly_on_100_drops_to_50():
    match = _penalties(3)
    event = last(match, "round_end")
    assert event["points"][0] == 70 and event["added"][0] == 100
    assert match.view(None)["totals"][0] == 50 and match.result() is None


def test_the_game_ends_when_a_total_exceeds_100_and_the_lowest_total_wins():
    match = _penalties(4)
    assert last(match, "round_end")["added"][0] == 110
    assert match.result() == {"winners": [1], "scores": [110, 6]}
    assert last(match, "game_over")["result"] == match.result()
    assert match.to_act() == [] and match.view(0)["phase"] == "over"
    assert_illegal(match, 0, DECK)


def test_the_lowest_total_wins_and_ties_share():
    match = new_match("cambio", 3, {}, 11)
    play_randomly(match, random.Random(5))
    result = match.result()
    best = min(result["scores"])
    assert max(result["scores"]) > 100
    assert result["winners"] == [seat for seat, total in enumerate(result["scores"]) if total == best]


# ---------------------------------------------------------------------------------------- empty deck


def _draw_and_discard(match) -> None:
    seat = match.view(None)["turn"]
    match.act(seat, DECK)
    match.act(seat, DISCARD)
    if match.view(None)["pending"] is not None:
        match.act(seat, SKIP)


def test_the_graveyard_but_its_top_is_reshuffled_when_the_deck_runs_out():
    match = deal(TWO)
    for _ in range(45):  # 54 − 8 dealt − 1 graveyard
        _draw_and_discard(match)
    view = match.view(None)
    assert view["deck_size"] == 0 and view["graveyard_size"] == 46
    top = view["graveyard"]
    seat = view["turn"]
    match.act(seat, DECK)
    assert last(match, "reshuffle") == {"type": "reshuffle", "seat": seat, "deck_size": 45}
    assert match.view(None)["graveyard"] == top and match.view(None)["graveyard_size"] == 1
    assert match.view(None)["deck_size"] == 44
    # The new deck is shuffled: its first cards are not the graveyard's bottom cards in order.
    discards = [event["card"] for event in match.events(None) if event["type"] == "discard"]
    drawn = [match.view(seat)["drawn"]]
    for _ in range(3):
        match.act(seat, DISCARD)
        if match.view(None)["pending"] is not None:
            match.act(seat, SKIP)
        seat = match.view(None)["turn"]
        match.act(seat, DECK)
        drawn.append(match.view(seat)["drawn"])
    assert drawn != discards[:4] and drawn != ["AC", *discards[:3]]


def test_no_card_to_draw_skips_the_penalty_and_forbids_the_deck_draw():
    match = deal(TWO)
    skipped = False
    while not skipped:
        _draw_and_discard(match)
        view = match.view(None)
        # Two penalties would leave nothing for the next turn's draw; then only one seat snaps.
        seats = (0,) if view["deck_size"] + view["graveyard_size"] - 1 == 2 else (0, 1)
        for seat in seats:
            # A deliberately wrong snap (the test reads the state to find one): it moves a card into a hand.
            state = match.state()
            top = rank(state["graveyard"][-1])
            wrong = [
                a
                for a in match.legal_actions(seat)
                if a["type"] == "snap" and rank(state["hands"][a["owner"]][a["slot"]]) != top
            ]
            if wrong:
                match.act(seat, wrong[0])
                skipped = skipped or last(match, "penalty")["slot"] is None
    assert skipped
    view = match.view(None)
    assert view["deck_size"] == 0 and view["graveyard_size"] == 1
    turn_actions = [a for a in match.legal_actions(view["turn"]) if a["type"] != "snap"]
    assert turn_actions == [GRAVEYARD, CAMBIO]
    assert_illegal(match, view["turn"], DECK)


# ------------------------------------------------------------------------------ hidden info, checking


def test_hidden_information_a_deck_draw_and_a_peek_are_seen_only_by_their_seat():
    match = deal(THREE, top=("9D", "7H"))
    match.act(0, DECK)
    match.act(0, DISCARD)
    match.act(0, pos("peek", 2, 0))  # seat 0 peeks at seat 2's 2C
    match.act(1, DECK)  # seat 1 draws the 7H
    for seat in (None, 0, 1, 2):
        ids = hidden_ids(match.events(seat)) | hidden_ids(match.view(seat))
        assert ("2C" in ids) == (seat == 0)  # seat 2 itself only peeked at its slots 2 and 3
        assert ("7H" in ids) == (seat == 1)
    peek = [e for e in match.events(2) if e["type"] == "peek" and e["seat"] == 0][-1]
    assert peek == {"type": "peek", "seat": 0, "owner": 2, "slots": [0], "to": [0]}


def test_views_show_every_hand_face_down_and_the_table_counts():
    match = deal(THREE, top=("6D",))
    match.act(0, DECK)
    view = match.view(2)
    assert view["hands"] == [[FACE_DOWN] * 4] * 3 and view["drawn"] == FACE_DOWN and view["drawn_from"] == "deck"
    assert view["graveyard"] == "AC" and view["graveyard_size"] == 1 and view["deck_size"] == 40
    assert view["totals"] == [0, 0, 0] and view["rounds"] == [] and view["round"] == 1
    assert view["snap_open"] is True and view["lock"] is None and view["give"] is None
    assert view["can_call"] is True and view["called"] is None and view["first"] == 0
    assert view["prompt"] == {"kind": "waiting", "seat": 0, "may": ["snap", "call"]}
    assert match.view(0)["prompt"] == {"kind": "decide", "from": "deck", "may": ["snap", "call"]}
    assert match.view(None)["prompt"] == {"kind": "waiting", "seat": 0} and match.view(None)["can_call"] is False


def test_illegal_moves_are_refused_and_change_nothing():
    match = deal(TWO, top=("2D",))
    assert_illegal(match, 1, DECK)  # not seat 1's turn
    assert_illegal(match, 1, snap(0, 9))  # no such slot
    assert_illegal(match, 0, {"type": "swap", "slot": 0})  # nothing drawn yet
    match.act(0, DECK)
    assert_illegal(match, 0, DECK)  # one draw per turn
    assert_illegal(match, 0, {"type": "swap", "slot": 4})
    match.act(0, DISCARD)
    match.act(1, snap(1, 0))
    assert_illegal(match, 0, snap(1, 0))  # that slot is empty now, and seat 1's hand is locked
    assert_illegal(match, 1, {"type": "swap", "slot": 0})


def test_a_bad_deck_or_option_is_a_value_error():
    with pytest.raises(ValueError, match="54 cards"):
        new_match("cambio", 2, {"deck": standard_deck()})
    with pytest.raises(ValueError, match="54 cards"):
        new_match("cambio", 2, {"deck": [*standard_deck(jokers=True), "AS"]})
    with pytest.raises(ValueError, match="list of card ids"):
        new_match("cambio", 2, {"deck": "AS 2S"})
    with pytest.raises(ValueError, match="final_lap"):
        new_match("cambio", 2, {"final_lap": "yes"})
    with pytest.raises(ValueError, match="'call' of Cambio must be one of 'any time', 'own turn'"):
        new_match("cambio", 2, {"call": "never"})
    with pytest.raises(ValueError, match="first_player"):
        new_match("cambio", 2, {"first_player": 1})
    with pytest.raises(ValueError):
        new_match("cambio", 7)
