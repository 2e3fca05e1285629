"""The end check names the party that cheated, whoever it is, and never an honest one; and gives the true deal."""

from __future__ import annotations

import pytest

from game.net import p256
from game.net.sealing import Deal, Opening, SealError, Share, Step, Transcript, end_check
from game.net.sealing.audit import PASSED, true_order
from game.net.sealing.deck import KEY, LOCK
from tests.net.sealing.support import CARDS, COINS, players, seal

PARTIES = 3


def commitments(parties) -> list[str]:
    return [party.commitment for party in parties]


def seeds(parties) -> list[str]:
    return [party.seed for party in parties]


def cheated(deal: Deal, parties, cheater: int, kind: str, change) -> Transcript:
    """``deal`` sealed with ``cheater``'s ``kind`` step changed by ``change(step) -> step``; the others honest."""
    transcript = Transcript(deal)
    while transcript.turn:
        step = parties[transcript.turn[1]].step(transcript)
        transcript.add(change(step) if transcript.turn == (kind, cheater) else step)
    return transcript


def substitute(step: Step) -> Step:
    """The step with its first card replaced by a copy of its second."""
    return Step(step.deal, step.party, step.kind, (step.deck[1], *step.deck[1:]), step.keys)


@pytest.fixture(scope="module")
def honest() -> tuple[Deal, list, Transcript]:
    """One honest deal, sealed once for the tests that only read it."""
    parties = players(PARTIES)
    deal = Deal(0, CARDS, PARTIES)
    return deal, parties, seal(Transcript(deal), parties)


def test_an_honest_game_passes_and_gives_every_deal_its_true_order():
    parties = players(PARTIES)
    deals = [Deal(0, CARDS, PARTIES), Deal(1, COINS, PARTIES)]
    transcripts = [seal(Transcript(deal), parties) for deal in deals]
    shares = [party.share(deals[1], 3) for party in parties]
    audit = end_check(commitments(parties), seeds(parties), transcripts, shares)
    assert (audit.offender, audit.message) == (None, PASSED)
    assert audit.orders == {deal.number: true_order([party.keys(deal) for party in parties]) for deal in deals}
    assert sorted(audit.orders[0]) == list(range(len(CARDS)))


@pytest.mark.parametrize("kind", [LOCK, KEY])
@pytest.mark.parametrize("cheater", range(PARTIES))
def test_a_substituted_card_names_the_party_that_put_it_in(cheater, kind):
    """The others work honestly on the changed deck: each is judged on its own step, so only the cheater is named."""
    parties = players(PARTIES)
    deal = Deal(0, CARDS, PARTIES)
    transcript = cheated(deal, parties, cheater, kind, substitute)
    audit = end_check(commitments(parties), seeds(parties), [transcript], [])
    assert audit.offender == cheater, audit.message
    assert f"Party {cheater}'s {kind} pass of deal 0 changed a card" in audit.message


@pytest.mark.parametrize("cheater", range(PARTIES))
def test_public_keys_that_do_not_follow_from_the_seed_name_their_party(cheater):
    parties = players(PARTIES)
    deal = Deal(0, CARDS, PARTIES)

    def false_key(step: Step) -> Step:
        return Step(step.deal, step.party, step.kind, step.deck, (p256.G, *step.keys[1:]))

    transcript = cheated(deal, parties, cheater, KEY, false_key)
    audit = end_check(commitments(parties), seeds(parties), [transcript], [])
    assert audit.offender == cheater and "false keys" in audit.message


@pytest.mark.parametrize("cheater", range(PARTIES))
def test_a_party_that_keyed_a_card_with_another_key_and_shared_it_is_named_at_the_end(cheater):
    """A consistent lie: another key for position 0 in its deck, its public keys and its share. Every share checks
    live and the card opens, to a face of the deal; only the end check, with the seed, finds it."""
    parties = players(PARTIES)
    deal = Deal(0, CARDS, PARTIES)
    own = parties[cheater].keys(deal)
    other = 12345

    def other_key(step: Step) -> Step:
        swapped = p256.multiply(other * pow(own.position_keys[0], -1, p256.N), step.deck[0])  # k_0 / e -> other / e
        return Step(
            step.deal, step.party, step.kind, (swapped, *step.deck[1:]), (p256.multiply(other, p256.G), *step.keys[1:])
        )

    transcript = cheated(deal, parties, cheater, KEY, other_key)
    shares = [party.share(deal, 0) if party.index != cheater else Share(0, 0, cheater, other) for party in parties]
    opening = Opening(transcript, 0)
    for share in shares:
        opening.add(share)
    assert opening.face() == CARDS[true_order([party.keys(deal) for party in parties])[0]][0]
    audit = end_check(commitments(parties), seeds(parties), [transcript], shares)
    assert audit.offender == cheater, audit.message


@pytest.mark.parametrize("cheater", range(PARTIES))
def test_a_false_share_in_the_log_names_its_party(cheater, honest):
    deal, parties, transcript = honest
    shares = [party.share(deal, 2) for party in parties]
    shares[cheater] = Share(0, 2, cheater, shares[cheater].key + 1)
    audit = end_check(commitments(parties), seeds(parties), [transcript], shares)
    assert audit.offender == cheater and "false share" in audit.message


@pytest.mark.parametrize("cheater", range(1, PARTIES))
def test_a_false_masked_share_of_a_private_look_names_its_party(cheater, honest):
    """Party 0 looked at card 2 alone: the others' masked shares are checked at the end, and only a false one
    names its party."""
    deal, parties, transcript = honest
    shares = [party.share_for(transcript, 2, 0) for party in parties[1:]]
    assert end_check(commitments(parties), seeds(parties), [transcript], shares).offender is None
    false = shares[cheater - 1]
    shares[cheater - 1] = Share(0, 2, cheater, false.key ^ 1, looker=0)
    audit = end_check(commitments(parties), seeds(parties), [transcript], shares)
    assert audit.offender == cheater and "false share" in audit.message
    unmasked = [party.share(deal, 2) for party in parties[1:]]
    sent_as_private = [Share(0, 2, share.party, share.key, looker=0) for share in unmasked]
    assert end_check(commitments(parties), seeds(parties), [transcript], sent_as_private).offender == 1, (
        "a key sent in the clear for a private look is no share of it"
    )


@pytest.mark.parametrize("cheater", range(PARTIES))
def test_a_seed_that_does_not_match_its_commitment_or_is_withheld_names_its_party(cheater, honest):
    _, parties, transcript = honest
    for false_seed, words in (
        ("ab" * 32, "not the one it committed to"),
        (None, "never revealed"),
        ("ab", "not the one"),
    ):
        revealed = seeds(parties)
        revealed[cheater] = false_seed
        audit = end_check(commitments(parties), revealed, [transcript], [])
        assert audit.offender == cheater and words in audit.message and audit.orders == {}


def test_the_first_cheat_in_the_order_of_play_is_named():
    """Party 2 cheats in deal 0, party 0 in deal 1: party 2 is named, and both deals' true orders are given."""
    parties = players(PARTIES)
    first = cheated(Deal(0, CARDS, PARTIES), parties, 2, KEY, substitute)
    second = cheated(Deal(1, CARDS, PARTIES), parties, 0, LOCK, substitute)
    audit = end_check(commitments(parties), seeds(parties), [first, second], [])
    assert audit.offender == 2 and set(audit.orders) == {0, 1}


def test_the_end_check_needs_one_seed_per_party(honest):
    _, parties, transcript = honest
    with pytest.raises(SealError):
        end_check(commitments(parties)[:2], seeds(parties)[:2], [transcript], [])
