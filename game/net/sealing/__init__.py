"""Sealed decks: mental poker with commutative locks on P-256, so no peer holds a card it may not see.

A deal's faces become public points (``faces.py``). Each *party* (a peer, with its own seat and the bots
it runs) commits at the start of the game to a master seed, and derives from it, for every deal, a lock
``e``, a shuffle and a key ``k_p`` per position (``derive.py``). Then (``deck.py``), party by party:

1. the lock pass: shuffle the units and multiply every point by ``e``;
2. the key pass: multiply the point at ``p`` by ``k_p / e``, and publish ``K_p = k_p * G``.

The sealed point at ``p`` is ``(k_1 ... k_n) * M``. To open it (``shares.py``), the parties publish their
``k_p``, each checked against its ``K_p`` at once: all of them for everyone to see, or all but the one
holding a seat for that seat's private look, each masked so that only that party can read (and check) it.
When the game ends (``audit.py``) every seed is revealed, every step is redone, the first party whose work
does not follow from its seed is named, and the true deal order comes out for the rules to replay.

    deal = Deal(0, (("AS",), ("KD",), ...), parties=2)
    parties = [Party.new(0, entropy), Party.new(1, entropy)]    # publish each party.commitment
    transcript = Transcript(deal)
    while transcript.turn:                                       # each step is its party's message
        transcript.add(parties[transcript.turn[1]].step(transcript))
    opening = Opening(transcript, position=3)                    # a reveal to all
    for party in parties:
        opening.add(party.share(deal, 3))                        # Cheat (naming the party) if false
    opening.face()                                               # "KD"
    end_check([p.commitment for p in parties], [p.seed for p in parties], [transcript], shares)

What it does not do: prove a shuffle. A party can put a card of its choosing in the deck; the game goes on
until the end check names it. The arithmetic is not constant-time (see ``p256.py``): a party's own
computation happens on its own device, and what a peer sees is how long a whole pass took.
"""

from __future__ import annotations

from .audit import Audit, end_check
from .deck import Deck, Step, Transcript
from .derive import DealKeys
from .errors import Cheat, SealError
from .faces import Deal
from .party import Party
from .shares import Opening, Share

__all__ = [
    "Audit",
    "Cheat",
    "Deal",
    "DealKeys",
    "Deck",
    "Opening",
    "Party",
    "SealError",
    "Share",
    "Step",
    "Transcript",
    "end_check",
]
