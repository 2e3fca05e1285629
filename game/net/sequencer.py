"""The host's part in a sealed game: it puts every party's entries into one log, in the order it takes them.

The host is no referee: it holds no card it may not see (its own party's replica knows what its own seat and the
computer players it runs were shown), and every peer checks every entry again. It is the *sequencer*: it takes a
party's signed entry, checks what it can (the signature, the party's count, and for a move that it is legal now and
not stale) so that no peer has to stop the game over a refusal, numbers it, and passes it on. Its own party's
entries (its steps and shares, its player's and its bots' moves, its seed) it signs and numbers the same way.

A move is checked against the game as its replica has it, once every earlier move is applied: one that comes while
an earlier move still waits for its cards is refused as ``busy`` (the page sends it again). A refused entry gets one
error to its party, naming its count, and changes nothing; the party signs what it still wants to send again from
that count (``Refusal.k``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import IllegalAction
from .entropy import Entropy
from .log import Entry, Signer, genuine
from .messages import ProtocolError
from .replica import Replica


@dataclass(frozen=True)
class Refusal:
    """A party's entry the sequencer would not put in the log: ``k``, the count it expects next from that party (the
    entry's own, unless one before it is missing), a ``code`` and a sentence."""

    party: int
    k: int | None
    code: str
    message: str


class Sequencer:
    """The log of one sealed game, kept by its host, with the host party's replica and signing key."""

    def __init__(self, replica: Replica, signer: Signer, entropy: Entropy):
        self.replica = replica
        self.signer = signer
        self._entropy = entropy
        self.entries: list[Entry] = []
        self._next: dict[int, int] = {}  # each party's count for its next entry
        self.refusals: list[Refusal] = []  # refused since last read: the host tells each party

    def submit(self, party: int, data: object) -> None:
        """A party's entry, as its connection sent it: sequenced, or refused (:attr:`refusals`)."""
        try:
            entry = Entry.from_json(data)
        except ProtocolError as error:
            self.refusals.append(Refusal(party, None, error.code, str(error)))
            return
        seating, room = self.replica.seating, self.replica.signed
        if entry.by != party or not genuine(entry, seating.keys[party], *room):
            self.refusals.append(Refusal(party, entry.k, "signature", "That message lacks your device's signature."))
            return
        expected = self._next.get(party, 0)
        if entry.k < expected:
            return  # sent again after a reconnect: it is in the log already
        if entry.k > expected:
            self.refusals.append(Refusal(party, expected, "order", f"Your message {expected} is missing."))
            return
        refusal = self._refuse_move(entry) if entry.kind == "act" else None
        if refusal is not None:
            self.refusals.append(Refusal(party, entry.k, *refusal))
            return
        self._sequence(entry)
        self._settle()

    def own(self, kind: str, body: dict) -> Refusal | None:
        """An entry of the host's own party (its player's or a bot's move): signed and put in, or refused."""
        if kind == "act":
            refusal = self._refuse_move(Entry(self.signer.by, self.signer.written, kind, body, ""))
            if refusal is not None:
                return Refusal(self.signer.by, None, *refusal)
        self._sequence(self.signer.sign(kind, body, self._entropy))
        self._settle()
        return None

    def restore(self, entries: list[Entry]) -> None:
        """Take a saved log back (the host's page reloaded): every entry to the replica, then whatever the host's
        party had still to write."""
        for entry in entries:
            self._sequence(entry)
        self.signer.written = self._next.get(self.signer.by, 0)
        self._settle()

    def _settle(self) -> None:
        """Sequence what the host's own party must write after what came in (its steps, shares, claims, seed)."""
        while written := self.replica.drain():
            for kind, body in written:
                self._sequence(self.signer.sign(kind, body, self._entropy))

    def _refuse_move(self, entry: Entry) -> tuple[str, str] | None:
        """Why a move may not go into the log now, as (code, sentence), or ``None``."""
        body, replica = entry.body, self.replica
        seat, state, action = body.get("seat"), body.get("state"), body.get("action")
        if seat not in replica.seating.parties[entry.by] or not isinstance(action, dict):
            return "seat", "You have no such seat at this table."
        if not replica.idle:
            return "busy", "The last move is still being shown; try again in a moment."
        if not replica.fresh(state, action):
            if action.get("type") in replica.match.rules.racing:
                return "too_late", "Too late: someone else was first, or that moment has passed."
            return "stale", f"That move was made at state {state}; the game is now at state {replica.match.step}."
        try:
            replica.match.checked(seat, action)
        except IllegalAction as error:
            return "illegal", str(error)
        return None

    def _sequence(self, entry: Entry) -> None:
        self.entries.append(entry)
        self._next[entry.by] = entry.k + 1
        self.replica.take(entry)

    def since(self, index: int) -> list[Entry]:
        """The log's entries from ``index`` on."""
        return self.entries[index:]
