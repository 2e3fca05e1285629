"""The end check, and the hostile claims: a false claim is caught at once when its cards are shown, or at the end
check when they never are; either way it names the seat that made it and no other."""

from __future__ import annotations

import json
import random

import pytest

from game.audit import end_check
from game.cards import standard_deck
from game.deck import FalseClaim
from game.rules.deluxe_memory import card_positions
from tests.sealed import SealedPlay
from tests.support import FIRST_SEAT

DECK = standard_deck()  # a deal's true order in these tests: suit by suit, ace to king
ON_GRID = card_positions(False)  # Deluxe Memory: the grid position of each card of the deal, in order


def grid(card: str) -> int:
    """Where ``card`` lies on the Deluxe Memory grid when the deal's true order is DECK."""
    return ON_GRID[DECK.index(card)]


def pick(card: str) -> dict:
    return {"type": "pick", "pos": grid(card)}


def liar_table(lies: int = 1) -> SealedPlay:
    """Deluxe Memory for two: seat 0 a liar whose first ``lies`` claims are false, seat 1 an honest party."""
    return SealedPlay("deluxe-memory", 2, FIRST_SEAT, 5, [[1]], liar=0, lies=lies, orders={0: list(DECK)})


def save(play: SealedPlay, *more: list) -> str:
    """The honest party's save, with ``more`` ``[seat, action]`` entries after its log."""
    data = json.loads(play.matches[0].to_json())
    data["history"] += [list(entry) for entry in more]
    return json.dumps(data)


def test_a_match_claimed_on_two_cards_of_different_ranks_is_caught_as_soon_as_they_are_shown():
    play = liar_table()
    play.act(0, pick("AS"))
    with pytest.raises(FalseClaim) as caught:
        play.act(0, pick("2S"))  # "they share a rank": shown to all as the match's pair, they do not
    party = play.parties[0]
    assert caught.value.seat == 0 and [claim["seat"] for claim in party.false] == [0]
    assert play.matches[0].step == 1, "the lie's action is not applied"
    with pytest.raises(FalseClaim):
        play.matches[0].act(0, pick("2S"))  # a party that caught a cheat plays no further
    verdict = end_check(save(play, [0, pick("2S")]), play.dealer.deals, party.claims)
    assert verdict is not None and (verdict["seat"], verdict["step"], verdict["fault"]) == (0, 1, "false claim")


def test_no_match_claimed_on_a_pair_then_paid_face_down_is_caught_by_the_end_check_and_nothing_after_it():
    play = liar_table()
    play.act(0, pick("AS"))
    play.act(0, pick("AH"))  # "no match": nobody can tell yet
    play.act(0, {"type": "hide", "pos": grid("AS")})
    play.act(0, {"type": "hide", "pos": grid("AH")})  # both face down again, paid for: never shown
    match = play.matches[0]
    assert match.to_act() == [1] and not play.parties[0].false
    rng = random.Random(3)
    for _ in range(60):  # the game goes on from the lie: what follows is its consequence, not a fault
        if match.result() is not None:
            break
        seat = rng.choice(match.to_act())
        play.act(seat, rng.choice(match.legal_actions(seat)))
    verdict = end_check(match.to_json(), play.dealer.deals, play.parties[0].claims)
    assert verdict is not None and (verdict["seat"], verdict["step"], verdict["fault"]) == (0, 1, "false claim")
    assert verdict["message"] == "Seat 0 made a false claim about cards it had looked at."


def test_a_false_paved_with_gold_claim_is_the_rules_penalty_shown_to_all_and_accuses_nobody():
    # Its claims rest on no private knowledge: naming a combination shows the picked cards to everyone, who see it
    # fail; the cards go to the opponent, as the rules say. Every party agrees, and the end check finds no fault.
    play = SealedPlay("paved-with-gold", 2, FIRST_SEAT, 5, [[0], [1]], orders={0: list(DECK)})
    for action in ({"type": "pick", "pos": 0}, {"type": "pick", "pos": 13}, {"type": "claim", "combo": "flush"}):
        play.act(0, action)  # the ace of spades and the ace of hearts are no flush
    for party, match in zip(play.parties, play.matches, strict=True):
        for seat in party.seats:
            assert match.events(seat) == play.reference.events(seat)
        assert match.view(None)["bonus"] == [[], ["AS", "AH"]] and not party.false
    assert {"type": "claim_false", "seat": 0, "combo": "flush", "pos": [0, 13], "cards": ["AS", "AH"]} in (
        play.reference.events(None)
    )
    assert end_check(play.matches[0].to_json(), play.dealer.deals, play.parties[0].claims) is None


def test_the_end_check_names_the_seat_of_a_move_the_rules_refuse():
    play = SealedPlay("deluxe-memory", 2, FIRST_SEAT, 5, [[0], [1]], orders={0: list(DECK)})
    play.act(0, pick("AS"))
    play.act(0, pick("2S"))
    claims = play.parties[0].claims
    assert end_check(play.matches[0].to_json(), play.dealer.deals, claims) is None
    verdict = end_check(save(play, [1, pick("3S")]), play.dealer.deals, claims)  # seat 0 must hide or be done
    assert verdict is not None and (verdict["seat"], verdict["step"], verdict["fault"]) == (1, 2, "impossible move")


@pytest.mark.parametrize(
    "deals",
    [
        {},  # the deal's true order is missing
        {0: [*DECK[:-1], "AS"]},  # a card substituted for another
        {0: DECK[:-1]},  # a card missing
    ],
)
def test_an_end_check_without_every_deal_true_order_is_refused(deals):
    play = SealedPlay("deluxe-memory", 2, FIRST_SEAT, 5, [[0], [1]], orders={0: list(DECK)})
    with pytest.raises(ValueError, match=r"[Dd]eal 0"):
        end_check(play.matches[0].to_json(), deals, [])


def test_an_end_check_without_a_claim_the_game_needed_is_refused():
    play = SealedPlay("deluxe-memory", 2, FIRST_SEAT, 5, [[0], [1]], orders={0: list(DECK)})
    play.act(0, pick("AS"))
    play.act(0, pick("2S"))
    with pytest.raises(ValueError, match="lacks seat 0's claim"):
        end_check(play.matches[0].to_json(), play.dealer.deals, [])
