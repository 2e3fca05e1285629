"""A sealed game played in one process, for the tests: a replica per party, each with its real keys and seed, and a
sequencer that signs nothing of its own but puts every party's entries into one log, in the order they come.

It stands in for the host and the network only: every replica checks every entry as it would in a room.
"""

from __future__ import annotations

import random

from game.net.entropy import Entropy
from game.net.log import Entry, Signer
from game.net.replica import Replica, Seating
from game.net.sealing import Party

ROOM, GAME_ID = "room-for-tests", "0" * 64


def seeded(label: str) -> Entropy:
    """A deterministic entropy source for a test."""
    stream = random.Random(label)
    return lambda size: bytes(stream.randrange(256) for _ in range(size))


class SealedRoom:
    """Every party of one sealed game, and the log they share."""

    def __init__(self, game: str, players: int, options: dict, groups: list[list[int]], seed: str = "public seed"):
        entropy = seeded(f"{game}/{seed}")
        self.entropy = entropy
        self.parties = [Party.new(index, entropy) for index in range(len(groups))]
        secrets = [Signer.new_secret(entropy) for _ in groups]
        self.signers = [Signer(secret, ROOM, GAME_ID, index) for index, secret in enumerate(secrets)]
        self.seating = Seating(
            tuple(tuple(group) for group in groups),
            tuple(Signer.public_of(secret) for secret in secrets),
            tuple(party.commitment for party in self.parties),
        )
        self.replicas = [
            Replica(game, players, options, seed, self.seating, (ROOM, GAME_ID), me=party) for party in self.parties
        ]
        self.log: list[Entry] = []
        self.settle()

    def write(self, index: int, kind: str, body: dict) -> Entry:
        """Party ``index``'s next entry, signed."""
        return self.signers[index].sign(kind, body, self.entropy)

    def sequence(self, entry: Entry) -> None:
        """Put ``entry`` into the log and hand it to every replica."""
        self.log.append(entry)
        for replica in self.replicas:
            replica.take(entry)

    def settle(self) -> None:
        """Sequence what the parties write until none has anything more to write."""
        while True:
            written = [(index, item) for index, replica in enumerate(self.replicas) for item in replica.drain()]
            if not written:
                return
            for index, (kind, body) in written:
                self.sequence(self.write(index, kind, body))

    def act(self, seat: int, action: dict) -> None:
        """Seat ``seat``'s party plays ``action`` (quoting the state its replica is at), then everything settles."""
        index = self.seating.party_of(seat)
        state = self.replicas[index].match.step
        self.sequence(self.write(index, "act", {"seat": seat, "state": state, "action": action}))
        self.settle()
