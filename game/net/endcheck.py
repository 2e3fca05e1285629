"""A sealed game's end check, as every peer runs it once every party has revealed its master seed.

Two checks, in this order, and the first fault found names its party:

1. The cards (``sealing.end_check``): every seed against the commitment its party made before the deal, every
   party's step in every deal redone from its seed, every share against the keys the seed gives. A card put in
   the deck, a key or share that does not follow from the seed, a seed that is not the one committed to: its
   party is named. This also gives every deal's true order.
2. The moves (``game.audit.end_check``): the game's moves replayed knowing every card, with every claim a seat
   made about cards only it had seen checked against the true faces. A false claim ("no match", then paying to
   keep the cards face down) names its seat's party.

A share sent for a card nobody asked to open is named too: the rules of every honest peer ask for the same cards.
What is not checked: the order the host put different parties' messages in (who snapped first).
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import audit
from .replica import Replica, rules_units
from .sealing import end_check as check_cards

VERIFIED = (
    "Checked: every card was dealt from the seeds every device committed to before the deal, every card shown "
    "was the one dealt there, and every claim made about hidden cards was true."
)


@dataclass(frozen=True)
class Outcome:
    """The end check's finding: ``party`` who cheated (``None``: nobody), and a sentence saying what was found."""

    party: int | None
    message: str


def end_check(replica: Replica) -> Outcome:
    """Check ``replica``'s game once :attr:`Replica.all_seeds`; never raises."""
    seating = replica.seating
    seeds = [replica.seeds.get(party) for party in range(len(seating.parties))]
    transcripts = [replica.transcripts[number] for number in sorted(replica.transcripts)]
    cards = check_cards(list(seating.commitments), seeds, transcripts, replica.shares)
    if cards.offender is not None:
        return Outcome(cards.offender, cards.message)
    if replica.stray_shares:
        party = replica.stray_shares[0].party
        return Outcome(party, f"Party {party} sent a share for a card nobody asked to open.")
    if replica.match is None:
        return Outcome(None, VERIFIED)
    deals = {
        transcript.deal.number: [rules_units(transcript.deal)[unit] for unit in cards.orders[transcript.deal.number]]
        for transcript in transcripts
    }
    try:
        fault = audit.end_check(replica.match.to_json(), deals, replica.cards.claims)
    except ValueError as error:
        return Outcome(None, f"The game could not be replayed to check it ({error}).")
    if fault is not None:
        party = seating.party_of(fault["seat"])
        return Outcome(party, f"Party {party} ({fault['fault']} at move {fault['step'] + 1}): {fault['message']}")
    return Outcome(None, VERIFIED)
