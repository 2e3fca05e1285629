"""The two passes, step by step: each published deck holds exactly what the parties' keys say, and steps travel
as compact JSON that refuses anything malformed."""

from __future__ import annotations

import base64
import copy

import pytest

from game.net import p256
from game.net.sealing import Deal, SealError, Step, Transcript
from game.net.sealing.audit import true_order
from game.net.sealing.deck import KEY, LOCK, POINT_CHARS
from tests.net.sealing.support import CARDS, COINS, players, sealed_deal


def product(numbers) -> int:
    result = 1
    for number in numbers:
        result = result * number % p256.N
    return result


@pytest.mark.parametrize("units", [CARDS, COINS], ids=["cards", "coins"])
@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_every_deck_holds_the_faces_under_the_layers_its_keys_say(units, count):
    """After party i's lock pass, the unit at each place is the one the shuffles so far put there, under the locks
    e_0 ... e_i; after its key pass, position p is under k_0,p ... k_i,p and the locks of the later parties."""
    deal, parties = Deal(0, units, count), players(count)
    keys = [party.keys(deal) for party in parties]
    transcript = Transcript(deal)
    for index in range(2 * count):
        step = parties[transcript.turn[1]].step(transcript)
        transcript.add(step)
        shuffled = keys[: min(index + 1, count)]
        order = true_order(shuffled)
        for position, point in enumerate(step.deck):
            if step.kind == LOCK:
                scalar = product(own.lock for own in shuffled)
            else:
                done = index - count + 1
                scalar = product(
                    [*(own.position_keys[position] for own in keys[:done]), *(own.lock for own in keys[done:])]
                )
            unit, part = divmod(position, deal.width)
            assert point == p256.multiply(scalar, deal.points[order[unit] * deal.width + part]), (index, position)
        if step.kind == KEY:
            assert step.keys == tuple(p256.multiply(k, p256.G) for k in keys[step.party].position_keys)
    assert transcript.turn is None and transcript.sealed == transcript.steps[-1].deck


def test_equal_faces_do_not_show_as_equal_points_after_a_lock_pass():
    _, _, transcript = sealed_deal(COINS, 2)
    locked = transcript.steps[0].deck
    assert len(set(locked)) == len(locked)


def test_a_transcript_travels_as_json_and_comes_back_the_same():
    deal, _, transcript = sealed_deal(COINS, 2)
    text = transcript.to_json()
    assert [len(step["deck"]) for step in text] == [deal.positions * POINT_CHARS] * 4
    assert text[0]["keys"] is None and len(text[3]["keys"]) == deal.positions * POINT_CHARS
    again = Transcript.from_json(copy.deepcopy(text), deal)
    assert again.steps == transcript.steps and again.sealed == transcript.sealed


CORRUPTIONS = {
    "not an object": lambda step: ["lock"],
    "a field missing": lambda step: {key: value for key, value in step.items() if key != "keys"},
    "a field more": lambda step: {**step, "seat": 1},
    "a pass with another name": lambda step: {**step, "pass": "unlock"},
    "a party out of range": lambda step: {**step, "party": 64},
    "a party as text": lambda step: {**step, "party": "0"},
    "a deck too short": lambda step: {**step, "deck": step["deck"][:-POINT_CHARS]},
    "a deck not base64": lambda step: {**step, "deck": "!" * len(step["deck"])},
    "a deck of nothing": lambda step: {**step, "deck": ""},
    "a point with a bad prefix": lambda step: {**step, "deck": "BA" + step["deck"][2:]},
    "keys on a lock step": lambda step: {**step, "keys": step["deck"]},
    "another deal": lambda step: {**step, "deal": 5},
    "out of turn": lambda step: {**step, "party": 1},
    "a key step first": lambda step: {**step, "pass": KEY, "keys": step["deck"]},
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_a_malformed_or_misplaced_step_is_refused_and_changes_nothing(name):
    deal, parties = Deal(0, CARDS, 2), players(2)
    transcript = Transcript(deal)
    step = parties[0].step(transcript).to_json()
    with pytest.raises(SealError) as refused:
        transcript.add(Step.from_json(CORRUPTIONS[name](step), deal))
    assert str(refused.value)[0].isupper() and str(refused.value).endswith(".")  # a sentence
    assert transcript.steps == [] and transcript.turn == (LOCK, 0)
    transcript.add(Step.from_json(step, deal))  # the true step is still taken
    assert transcript.turn == (LOCK, 1)


def test_a_point_off_the_curve_is_refused():
    """The X of a point whose X^3 - 3X + B is not a square: no point has it, and the deck is refused."""
    deal, parties = Deal(0, CARDS, 2), players(2)
    step = parties[0].step(Transcript(deal)).to_json()
    off = next(x for x in range(1, 100) if p256.lift_x(x, odd=False) is None)
    raw = bytearray(base64.b64decode(step["deck"]))
    raw[1:33] = off.to_bytes(32, "big")
    with pytest.raises(SealError, match="not a point"):
        Step.from_json({**step, "deck": base64.b64encode(bytes(raw)).decode()}, deal)


def test_a_step_after_the_deal_is_sealed_or_a_step_of_the_wrong_size_is_refused():
    deal, parties, transcript = sealed_deal(CARDS, 2)
    with pytest.raises(SealError, match="already sealed"):
        transcript.add(transcript.steps[0])
    fresh = Transcript(deal)
    short = Step(0, 0, LOCK, parties[0].step(fresh).deck[:-1])
    with pytest.raises(SealError, match="points"):
        fresh.add(short)
    with pytest.raises(SealError, match="for deal 3"):
        fresh.add(Step(3, 0, LOCK, short.deck))
    whole = parties[0].step(fresh).deck
    with pytest.raises(SealError, match="as many keys"):
        fresh.add(Step(0, 0, LOCK, whole, keys=whole))
    assert fresh.steps == []


def test_the_sealed_deck_and_the_keys_wait_for_their_steps():
    deal, parties = Deal(0, CARDS, 2), players(2)
    transcript = Transcript(deal)
    transcript.add(parties[0].step(transcript))
    with pytest.raises(SealError, match="not sealed"):
        transcript.sealed  # noqa: B018
    with pytest.raises(SealError, match="no keys"):
        transcript.public_key(0, 0)


@pytest.mark.parametrize("damage", [{}, None, [1], [[]], [{}] * 5])
def test_a_damaged_transcript_is_refused(damage):
    with pytest.raises(SealError):
        Transcript.from_json(damage, Deal(0, CARDS, 2))
