"""A sealed party's card source: every game played by one party per seat agrees with a match that knows every card,
and no party ever holds a face it was not shown; bad news from the room changes nothing.

The playouts run for every game of the registry, as tests/test_properties.py does: a party per seat (with three or
more players, sometimes one peer holding two seats, as a peer that runs a bot), a dealer standing in for the
reveal protocol (tests/sealed.py), and random legal moves.
"""

from __future__ import annotations

import json
import random
import re
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES, new_match
from game.audit import end_check
from game.cards import all_pieces, rank
from game.deck import FalseClaim, NeedCards, sealed_ref, unit_faces
from game.match import Match
from game.party import PartyCards
from tests.sealed import SealedPlay
from tests.support import FIRST_SEAT, fixed_deck
from tests.test_properties import deals

PIECES = all_pieces()

# Inside Pyodide (tests/test_pyodide.py) one example a game: the same code on the other interpreter, in the longest
# job of a test run whose two cores are busy throughout; the paths it may miss have their own tests below.
EXAMPLES = 1 if sys.platform == "emscripten" else 5
SEALED_SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
STEPS = 200  # moves of each playout at most: well past the first deals, reveals and claims of every kind

every_game = pytest.mark.parametrize("game", sorted(GAMES))


def strings(value: object) -> set[str]:
    """Every string inside a JSON value, keys included (read from its JSON text: a face holds no quote or backslash)."""
    return set(re.findall(r'"([^"\\]*)"', json.dumps(value)))


def assert_agrees_and_knows_only_what_it_was_shown(play: SealedPlay, since: int) -> None:
    """Every party's match against the reference, and everything each party holds against what it was shown."""
    reference, dealer, truth = play.reference, play.dealer, play.truth.cards
    seats = [None, *range(reference.players)]
    state = play.truth.state()
    events = {seat: reference.events(seat, since) for seat in seats}
    views = {seat: reference.view(seat) for seat in seats}
    legal = {seat: reference.legal_actions(seat) for seat in seats[1:]}
    sealed = {  # every sealed card and part dealt so far, with its face
        sealed_ref(deal, index) + suffix: face
        for deal, units in dealer.deals.items()
        for index, unit in enumerate(units)
        for suffix, face in unit_faces(unit).items()
    }
    for number, (party, match) in enumerate(zip(play.parties, play.matches, strict=True)):
        assert match.state() == state, "the parties' states are the truth's: sealed references and public faces"
        its_events = {seat: match.events(seat, since) for seat in seats}  # every secret it holds, for any seat
        its_views = {seat: match.view(seat) for seat in [None, *party.seats]}
        its_legal = {seat: match.legal_actions(seat) for seat in seats[1:]}
        for seat, view in its_views.items():
            assert its_events[seat] == events[seat] and view == views[seat], f"what seat {seat} sees"
        for seat, actions in legal.items():
            assert all(action in its_legal[seat] for action in actions), f"seat {seat}'s legal actions"
        told = dealer.told.get(number, {})
        for ref, to in told.items():  # the dealer showed it only what the rules revealed to all or to its seats
            assert (ref in truth.public) if to is None else set(to) <= truth.looks.get(ref, set()) & set(party.seats)
        public_deals = {ref: face for ref, face in truth.faces.items() if ref not in sealed}  # fixed decks
        assert set(party.faces) <= set(told) | set(public_deals), "it knows a face it was never told"
        # A face it was shown once (a card of an earlier round, of a fixed deck) may be held: the same face on a
        # card it was not shown is no news. (Unique faces make this exact, within a deal; Matches' are not.)
        shown = {sealed[ref] for ref in told} | set(public_deals.values())
        hidden = {face for ref, face in sealed.items() if ref not in told} - shown
        # A deal's units are the cards the rules put in it, in the rules' order, which every peer's rules name: what
        # the deck holds, not where a card lies. Everything else it holds is scanned.
        knowledge = {key: value for key, value in party.to_dict().items() if key != "deals"}
        holds = [knowledge, match.state(), *its_events.values(), *its_views.values(), *its_legal.values()]
        leaked = strings(holds) & hidden
        assert not leaked, f"party {party.seats} holds {sorted(leaked)}, never shown to it"


@every_game
@SEALED_SETTINGS
@given(data=st.data(), play_seed=st.integers(0, 2**32), shared=st.booleans())
def test_sealed_parties_play_as_the_match_that_knows_every_card_and_hold_no_face_unshown(game, data, play_seed, shared):
    """(a) each party's events and views for its seats are the reference's, (b) every party's state is the same,
    (c) nothing a party holds carries a face it was not shown, (d) every party offers every truly legal action; and
    at the end, the end check of each party's log accuses nobody."""
    game, players, options, seed = data.draw(deals(game))
    groups = [[seat] for seat in range(players)]
    if shared and players >= 3:
        groups[-2:] = [groups[-2] + groups[-1]]
    play = SealedPlay(game, players, options, seed, groups)
    rng = random.Random(play_seed)
    assert_agrees_and_knows_only_what_it_was_shown(play, 0)
    for _ in range(STEPS):
        if play.reference.result() is not None:
            break
        since = play.reference.event_count
        seat = rng.choice(play.reference.to_act())
        play.act(seat, rng.choice(play.reference.legal_actions(seat)))
        assert_agrees_and_knows_only_what_it_was_shown(play, since)
    for party, match in zip(play.parties, play.matches, strict=True):  # nobody cheated: nobody is accused
        assert end_check(match.to_json(), play.dealer.deals, party.claims) is None


# ------------------------------------------------------------------------- paths random play seldom takes


def play_through(play: SealedPlay, choose, limit: int = 400) -> None:
    """Play ``choose(play)``'s moves (a seat and an action) until the game ends, checking every party at every step."""
    assert_agrees_and_knows_only_what_it_was_shown(play, 0)
    for _ in range(limit):
        if play.reference.result() is not None:
            return
        since = play.reference.event_count
        play.act(*choose(play))
        assert_agrees_and_knows_only_what_it_was_shown(play, since)
    raise AssertionError(f"the game did not end within {limit} moves")


def test_deluxe_memory_ends_alike_everywhere_when_no_two_cards_left_share_a_rank():
    # The end test reads only what left the table, all of it shown; three players with Underdogs, who match a pair
    # every turn and never run out of tokens, play until the table is empty.
    def matcher(play: SealedPlay) -> tuple[int, dict]:
        match = play.reference
        seat, state = match.to_act()[0], match.state()
        if state["phase"] != "pick":
            tokens = state["tokens"]
            wanted = {"black": max, "give_from": max, "red": min, "give_to": min}.get(state["phase"])
            targets = [a for a in match.legal_actions(seat) if a["type"] == "target"]
            if wanted is None or not targets:
                return seat, match.legal_actions(seat)[0]
            return seat, wanted(targets, key=lambda action: tokens[action["seat"]])
        cells = state["cells"]
        held = [cells[pos] for pos in state["picks"]]
        for pos, card in enumerate(cells):
            if card is None or pos in state["picks"]:
                continue
            if any(rank(other) == rank(card) for other in held) or (
                not held and sum(rank(other) == rank(card) for other in cells if other) > 1
            ):
                return seat, {"type": "pick", "pos": pos}
        raise AssertionError("no pair left on a table whose game goes on")

    options = {**FIRST_SEAT, "underdogs": True, "simplicity": True}
    play = SealedPlay("deluxe-memory", 3, options, 4, [[0], [1], [2]])
    play_through(play, matcher)
    assert all(card is None for card in play.reference.state()["cells"])


def test_cambio_black_kings_looked_at_card_is_kept_as_a_reference_and_shown_to_the_peeker_alone():
    deck = fixed_deck([["4S", "5S", "6S", "7S"], ["4H", "5H", "6H", "7H"]], "AC", ["KS"])
    play = SealedPlay("cambio", 2, FIRST_SEAT, 4, [[0], [1]], orders={0: deck})
    moves = [
        {"type": "draw", "source": "deck"},
        {"type": "discard"},
        {"type": "peek", "owner": 1, "slot": 0},
        {"type": "select", "owner": 1, "slot": 0},
        {"type": "swap_with", "owner": 0, "slot": 1},
    ]
    assert_agrees_and_knows_only_what_it_was_shown(play, 0)
    for number, action in enumerate(moves):
        since = play.reference.event_count
        play.act(0, action)
        assert_agrees_and_knows_only_what_it_was_shown(play, since)
        if number == 2:
            assert play.truth.state()["pending"]["looking"] == {"owner": 1, "slot": 0, "card": "#0.4"}
            assert play.matches[0].view(0)["looking"]["card"] == "4H" and play.matches[1].view(1)["looking"] is None


def test_cambio_a_fixed_first_deal_is_public_and_the_next_rounds_are_sealed():
    deck = fixed_deck([["4S", "5S", "6S", "7S"], ["4H", "5H", "6H", "7H"]], "AC", [])
    play = SealedPlay("cambio", 2, {**FIRST_SEAT, "deck": deck}, 4, [[0], [1]])
    assert all(party.deals[0]["public"] for party in play.parties)
    assert_agrees_and_knows_only_what_it_was_shown(play, 0)
    play.act(0, {"type": "cambio"})  # the round ends at once: the next is dealt sealed
    assert_agrees_and_knows_only_what_it_was_shown(play, 0)
    assert [deal["public"] for deal in play.parties[1].deals] == [True, False]


def test_matches_fixed_coins_are_dealt_in_public_order_and_flips_agree_everywhere():
    coins = [None] * 36
    for spot, coin in enumerate(PIECES):
        coins[spot + 6] = [coin, "suit" if spot % 2 else "value"]
    play = SealedPlay("matches", 3, {**FIRST_SEAT, "coins": coins, "flaming": True}, 4, [[0], [1, 2]])
    assert all(party.deals[0]["public"] for party in play.parties)
    rng = random.Random(2)
    play_through(
        play, lambda play: (seat := play.reference.to_act()[0], rng.choice(play.reference.legal_actions(seat)))
    )


# ------------------------------------------------------------------------------------- waiting for the room


def test_a_party_waits_for_its_deal_and_the_match_it_builds_is_made_once_it_is_sealed():
    party = PartyCards([0])
    with pytest.raises(NeedCards) as need:
        new_sealed("concentration", party)
    [request] = need.value.requests
    local = new_match("concentration", 2, {"first_player": "first seat"}, 1)
    assert request["deal"] == 0 and sorted(request["units"]) == sorted(local.all_cards()), "the same pairs"
    assert party.deals == [] and party.used == 0, "a deal that waits changes nothing"
    party.dealt(0, request["units"])
    match = new_sealed("concentration", party)
    assert match.state()["cells"][:2] == ["#0.0", "#0.1"] and party.used == 1


def test_an_action_that_waits_for_a_face_changes_nothing_and_plays_once_the_face_is_shown():
    party = sealed_party("concentration")
    match = new_sealed("concentration", party)
    before = match.to_json(), match.state(), match.event_count
    with pytest.raises(NeedCards) as need:
        match.act(0, {"type": "flip", "pos": 0})
    assert need.value.requests == [{"reveal": "#0.0", "to": None}]
    assert (match.to_json(), match.state(), match.event_count) == before
    face = party.deals[0]["units"][0]
    party.learn("#0.0", face)
    assert match.act(0, {"type": "flip", "pos": 0}) == [{"type": "flip", "seat": 0, "pos": 0, "card": face}]


def test_a_look_for_another_seat_is_noted_for_the_room_and_never_waited_for():
    party = sealed_party("paved-with-gold", seats=[1])
    match = new_sealed("paved-with-gold", party)
    match.act(0, {"type": "pick", "pos": 3})
    assert party.asked == [{"reveal": "#0.3", "to": [0]}]
    assert match.events(1)[-1] == {"type": "pick", "seat": 0, "pos": 3, "to": [0]}
    assert match.view(1)["cells"][3] == "down"


def test_a_seats_own_claim_is_made_from_its_looks_and_published_another_seats_is_waited_for():
    mine, theirs = sealed_party("deluxe-memory", seats=[0]), sealed_party("deluxe-memory", seats=[1])
    here, there = new_sealed("deluxe-memory", mine), new_sealed("deluxe-memory", theirs)
    mine.learn("#0.0", "7H", to=[0])
    mine.learn("#0.1", "8H", to=[0])
    for match in (here, there):
        match.act(0, {"type": "pick", "pos": 1})
    here.act(0, {"type": "pick", "pos": 2})
    claim = {"seat": 0, "name": "same_rank", "refs": ["#0.0", "#0.1"], "value": False}
    assert {"claim": claim} in mine.asked and mine.claims == [claim]
    with pytest.raises(NeedCards) as need:
        there.act(0, {"type": "pick", "pos": 2})
    assert need.value.requests == [{"claim": {key: claim[key] for key in ("seat", "name", "refs")}}]
    theirs.accept_claim(0, "same_rank", ["#0.0", "#0.1"], False)
    there.act(0, {"type": "pick", "pos": 2})
    assert there.state() == here.state() and there.view(1) == here.view(1)


def test_a_copy_of_a_sealed_match_plays_on_without_changing_the_original():
    party = sealed_party("concentration")
    match = new_sealed("concentration", party)
    twin = match.copy()
    twin.cards.learn("#0.0", twin.cards.deals[0]["units"][0])
    twin.act(0, {"type": "flip", "pos": 0})
    assert twin.step == 1 and match.step == 0 and party.faces == {}


# -------------------------------------------------------------------------------- bad news changes nothing


@pytest.mark.parametrize(
    "tell",
    [
        lambda party: party.learn("#0.99", "7H"),  # a card never dealt
        lambda party: party.learn("#1.0", "7H"),  # a deal never sealed
        lambda party: party.learn("7H", "7H"),  # not a sealed reference
        lambda party: party.learn("#0.0", "7X"),  # no such card
        lambda party: party.learn("#0.0", "RJ"),  # a card this deal does not hold
        lambda party: party.learn("#0.1", "8H"),  # a second 8H: a substituted card
        lambda party: party.learn("#0.0", "9H"),  # another face for a card already shown
        lambda party: party.learn("#0.2", "9H", to=[1]),  # a look meant for a seat this peer does not hold
        lambda party: party.learn("#0.2", "9H", to=[]),
        lambda party: party.learn("#0.2", 9),
        lambda party: party.dealt(0, ["AS"]),  # deal 0 again
        lambda party: party.dealt(2, ["AS"]),  # a deal out of order
        lambda party: party.accept_claim(0, "same_rank", ["#0.0", "#0.1"], False),  # its own seat's claim
        lambda party: party.accept_claim(1, "higher", ["#0.0", "#0.1"], False),  # no such claim
        lambda party: party.accept_claim(1, "same_rank", ["#0.0", "#0.1"], "no"),
        lambda party: party.accept_claim(1, "same_rank", ["#0.0", "#7.1"], False),
        lambda party: party.accept_claim(1, "same_rank", "#0.0", False),
        lambda party: party.accept_claim(True, "same_rank", ["#0.0", "#0.1"], False),
    ],
)
def test_a_party_refuses_what_cannot_be_true_and_changes_nothing(tell):
    party = sealed_party("deluxe-memory")
    party.learn("#0.0", "8H")
    before = party.to_dict()
    with pytest.raises(ValueError) as error:
        tell(party)
    assert not isinstance(error.value, FalseClaim)
    assert str(error.value)[:1].isupper() and str(error.value).endswith(".")
    assert party.to_dict() == before


def test_a_seat_that_claims_two_things_about_the_same_cards_is_named_and_the_party_plays_no_further():
    party = sealed_party("deluxe-memory")
    match = new_sealed("deluxe-memory", party)
    party.accept_claim(1, "same_rank", ["#0.3", "#0.4"], True)
    with pytest.raises(FalseClaim) as caught:
        party.accept_claim(1, "same_rank", ["#0.3", "#0.4"], False)
    assert caught.value.seat == 1 and party.false
    with pytest.raises(FalseClaim):
        match.act(0, {"type": "pick", "pos": 1})


def test_what_a_party_knows_survives_its_save_and_a_damaged_save_is_refused():
    party = sealed_party("deluxe-memory", seats=[0, 2], players=3)
    new_sealed("deluxe-memory", party, players=3)
    party.learn("#0.3", "5C")
    party.accept_claim(1, "same_rank", ["#0.3", "#0.4"], True)
    saved = json.loads(json.dumps(party.to_dict()))
    assert PartyCards.from_dict(saved).to_dict() == saved
    damaged_claim = {**saved, "claims": [{**saved["claims"][0], "value": "yes"}]}
    for damaged in [
        None,
        [],
        {},
        {**saved, "faces": []},
        {**saved, "deals": [{"units": 3}]},
        {**saved, "x": 1},
        damaged_claim,
    ]:
        with pytest.raises(ValueError, match="sealed party"):
            PartyCards.from_dict(damaged)


# ------------------------------------------------------------------------------------------------- helpers


def sealed_party(game: str, seats: list[int] | None = None, players: int = 2) -> PartyCards:
    """A party holding ``seats`` (seat 0 by default) whose first deal the room has sealed."""
    party = PartyCards(seats or [0])
    with pytest.raises(NeedCards) as need:
        new_sealed(game, party, players)
    [request] = need.value.requests
    party.dealt(0, request["units"])
    return party


def new_sealed(game: str, party: PartyCards, players: int = 2) -> Match:
    """A match of ``game`` replayed by ``party``, seat 0 first (seed 1, the default options)."""
    return Match(GAMES[game], players, {"first_player": "first seat"}, 1, cards=party)
