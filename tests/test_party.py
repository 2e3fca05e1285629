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
from game.deck import FalseClaim, NeedCards, sealed_ref, unit_faces
from game.match import Match
from game.party import PartyCards
from tests.sealed import SealedPlay
from tests.test_properties import deals

EXAMPLES = 2 if sys.platform == "emscripten" else 6
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
    reference, dealer, truth = play.reference, play.dealer, play.reference.cards
    seats = [None, *range(reference.players)]
    state = reference.state()
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
        assert match.state() == state, "the parties' states are the reference's: references and public faces"
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
        assert set(party.faces) <= set(told) | {ref for ref in truth.faces if ref not in sealed}, "faces untold"
        hidden = {face for ref, face in sealed.items() if ref not in told} - {sealed[ref] for ref in told}
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
    for damaged in [None, [], {}, {**saved, "faces": []}, {**saved, "deals": [{"units": 3}]}, {**saved, "extra": 1}]:
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
