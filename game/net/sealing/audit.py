"""The end check: every party reveals its seed, and every peer redoes every party's work from it.

In the order things happened (each seed against its commitment; then deal by deal, each step in turn;
then the shares), the first party whose published deck, public keys or share does not follow from its
seed is named. Each step is redone from the deck that was *published* before it, so a party is judged on
its own step only: a card put in by one party does not make the next one look guilty.

With every seed known, the check also says where each unit of each deal ended: the true deal, from which
the rules' claims that rested on private looks can be replayed.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import p256
from ..messages import HEX64
from ..shuffle import commitment_of
from .deck import KEY, Transcript, lock, public_keys, rekey
from .derive import DealKeys
from .errors import SealError
from .shares import Share, private_mask


@dataclass(frozen=True)
class Audit:
    """What the end check found: the first ``offender`` (a party, or ``None``), a sentence, and for each deal
    number its true order: ``orders[deal][place]`` is the unit (an index in the deal's public order) that
    ended at that place. ``orders`` is empty when a seed is missing or false: nothing can be redone then."""

    offender: int | None
    message: str
    orders: dict[int, tuple[int, ...]]


PASSED = "Every deck, key and share followed from the seeds the parties committed to."


def end_check(
    commitments: list[str], seeds: list[str | None], transcripts: list[Transcript], shares: list[Share]
) -> Audit:
    """Check a finished game's sealed deals: ``commitments`` and revealed ``seeds`` by party (``None``: never
    revealed), every deal's transcript in the order they were dealt, and every share published. Returns an
    :class:`Audit`; ``SealError`` only if the arguments do not describe one game (a caller's mistake)."""
    if len(seeds) != len(commitments) or any(t.deal.parties != len(commitments) for t in transcripts):
        raise SealError("The end check needs one commitment and one seed per party of every deal.")
    for party, (commitment, seed) in enumerate(zip(commitments, seeds, strict=True)):
        if seed is None:
            return Audit(party, f"Party {party} never revealed its seed.", {})
        if not isinstance(seed, str) or not HEX64.fullmatch(seed) or commitment_of(seed) != commitment:
            return Audit(party, f"Party {party} revealed a seed that is not the one it committed to.", {})
    orders: dict[int, tuple[int, ...]] = {}
    keys: dict[int, list[DealKeys]] = {}
    offender: tuple[int, str] | None = None
    for transcript in transcripts:
        deal = transcript.deal
        keys[deal.number] = [DealKeys.derive(seed, deal.number, len(deal.units), deal.width) for seed in seeds]
        orders[deal.number] = true_order(keys[deal.number])
        if offender is None:
            offender = _first_false_step(transcript, keys[deal.number])
    for share in shares:
        deal_keys = keys.get(share.deal)
        if offender is None and (deal_keys is None or share.key != _sent(deal_keys, share)):
            offender = share.party, f"Party {share.party} sent a false share for position {share.position}."
    if offender is None:
        return Audit(None, PASSED, orders)
    return Audit(offender[0], offender[1], orders)


def _key_of(deal_keys: list[DealKeys], party: int, position: int) -> int | None:
    keys = deal_keys[party].position_keys if 0 <= party < len(deal_keys) else ()
    return keys[position] if 0 <= position < len(keys) else None


def _sent(deal_keys: list[DealKeys], share: Share) -> int | None:
    """What an honest party sends for ``share``: its key, or for a private look its key masked for the looker."""
    key = _key_of(deal_keys, share.party, share.position)
    if key is None or share.looker is None:
        return key
    looker = _key_of(deal_keys, share.looker, share.position)
    if looker is None:
        return None
    return key ^ private_mask(key, p256.multiply(looker, p256.G), share.deal, share.position)


def _first_false_step(transcript: Transcript, keys: list[DealKeys]) -> tuple[int, str] | None:
    """The first step of ``transcript`` that its party's keys do not give, as (party, sentence)."""
    deal = transcript.deal
    for index, step in enumerate(transcript.steps):
        own, before = keys[step.party], transcript.deck_before(index)
        if step.kind == KEY:
            if step.deck != rekey(before, own):
                return step.party, f"Party {step.party}'s key pass of deal {deal.number} changed a card."
            if step.keys != public_keys(own):
                return step.party, f"Party {step.party} published false keys for deal {deal.number}."
        elif step.deck != lock(before, deal, own):
            return step.party, f"Party {step.party}'s lock pass of deal {deal.number} changed a card."
    return None


def true_order(keys: list[DealKeys]) -> tuple[int, ...]:
    """Where the parties' shuffles, one after the other, put each unit: ``result[place]`` is the unit (in the public
    order) that ended there."""
    order = list(range(len(keys[0].order)))
    for party in keys:
        order = [order[source] for source in party.order]
    return tuple(order)
