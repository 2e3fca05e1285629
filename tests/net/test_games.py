"""Every game, sealed, through the room: the host, its own player, guests, computer players and a watcher.

Bots play every seat, each through its own peer's copy of the game (tests/net/support.py). After every round the
leak guard looks through everything every peer holds, every copy of the game is compared with a reference match that
knows every card, and every message is checked as it is sent. At the end every peer has run the end check and says
"Verified", and every peer's log is the same.
"""

from __future__ import annotations

import json

import pytest

from game.net import Host
from game.net.client import VERIFIED
from game.net.endcheck import VERIFIED as CHECKED
from game.net.endcheck import end_check
from game.net.gate import LOCAL_PEER
from game.net.log import fingerprint
from game.net.messages import MAX_MESSAGE_BYTES, Outgoing, encode
from tests.net.support import Players, Room, seat_everyone, seeded_entropy

# Each game with the smallest table that still has a guest beside the host's party; Deluxe Memory has two guests
# (three parties: a card two of them looked at must stay hidden from the third), Cambio has no player of the
# host's (its party is one bot). Racing moves have tests of their own (below, and tests/net/test_races.py).
TABLES = {
    "concentration": ({"pairs": 8}, [LOCAL_PEER, "a"], {2: "easy"}),
    "deluxe-memory": ({}, [LOCAL_PEER, "a", "b"], {3: "easy"}),
    "cambio": ({}, ["a", "b"], {2: "easy"}),
    "matches": ({}, [LOCAL_PEER, "a"], {}),
    "paved-with-gold": ({}, [LOCAL_PEER, "a"], {2: "easy"}),
}


def dealt(game: str, seed: object = 1) -> tuple[Room, Players]:
    """``game`` at its table of :data:`TABLES` with a watcher, dealt, and bots ready to play every player's seat."""
    options, peers, bots = TABLES[game]
    host_peer = LOCAL_PEER if LOCAL_PEER in peers else None
    host = Host(game, len(peers) + len(bots), options, host_peer=host_peer, room="room", entropy=seeded_entropy(seed))
    room = Room(host, seed)
    seat_everyone(room, peers, bots)
    room.join("watcher")
    room.control(host.start())
    assert host.phase == "playing", "every guest pledged and revealed, so the deal follows at once"
    return room, Players(room, dict.fromkeys(peers, "medium"), seed)


def copies(room: Room) -> list[tuple[str, object]]:
    """Every peer's copy of the game, named: the host's replica (its own player's and its bots'), every client's."""
    held = [("the host", room.host.sequencer.replica)]
    return held + [(peer, client.replica) for peer, client in room.clients.items() if client.replica is not None]


def assert_every_copy_is_the_reference(room: Room) -> None:
    """Every peer's copy of the game has the reference's state, and for each seat it holds (and for a watcher) the
    reference's events, view and legal moves."""
    reference, _ = room.truth.reference()
    for who, replica in copies(room):
        match = replica.match
        assert match.history == reference.history and match.state() == reference.state(), who
        for seat in [None, *replica.cards.seats]:
            assert match.events(seat) == reference.events(seat), (who, seat)
            assert match.view(seat) == reference.view(seat), (who, seat)
            if seat is not None:
                assert match.legal_actions(seat) == reference.legal_actions(seat), (who, seat)


def check_round(room: Room) -> None:
    """What must hold between any two rounds: every copy is the reference; and, every third round (every message is
    checked as it is sent; the rest of what a peer holds changes with its copy), nothing leaked anywhere."""
    if room.host.sequencer.replica.match.step % 3 == 0 or room.host.phase == "over":
        room.guard.audit()
    assert_every_copy_is_the_reference(room)


# A whole Cambio game is rounds to 100 points, a sealed 54-card deal each and more for the reshuffles: some 30 s of
# CPU here. It runs with make check-slow; make test plays Cambio to its 40th move with the same checks (below).
# Deluxe Memory and Paved with Gold take 12 to 25 s each inside Pyodide: they run on CPython only.
MARKS = {
    "cambio": [pytest.mark.slow],
    "deluxe-memory": [pytest.mark.cpython_only],
    "paved-with-gold": [pytest.mark.cpython_only],
}


@pytest.mark.parametrize("game", [pytest.param(game, marks=MARKS.get(game, [])) for game in TABLES])
def test_every_game_plays_sealed_and_every_peer_verifies(game):
    """A whole game: no peer ever holds a card it was not shown, every copy of the game agrees with the truth, and
    the end check says "Verified" everywhere."""
    room, players = dealt(game)
    players.play(race=game == "cambio", check=lambda: check_round(room))
    host = room.host
    assert host.phase == "over" and host.sequencer.replica.match.result() is not None
    assert end_check(host.sequencer.replica).message == CHECKED, "the host's own check"
    for peer, client in room.clients.items():
        if client.replica is None:
            assert peer == LOCAL_PEER, "the host's own player plays from the host's replica"
            continue
        assert client.verdict is not None and client.verdict.message == VERIFIED, (peer, client.verdict)
        assert fingerprint(client.replica.log) == fingerprint(host.sequencer.entries), "one log for all"
        # Racing players' moves come too late, quote a state that has moved on, are no longer the seat's to make, or
        # come while the last move's cards are opening; a move held while its copy wrote what follows comes after it.
        codes = ("stale", "too_late", "illegal", "busy", "order")
        assert all(error["code"] in codes for error in client.errors), client.errors
    assert room.guard.opened >= 8, "cards were opened, and every opening was checked against the rules"
    assert all(len(text.encode()) <= MAX_MESSAGE_BYTES for texts in room.received.values() for text in texts)


@pytest.mark.cpython_only
def test_racing_snaps_are_decided_by_the_order_the_host_took_them():
    """Cambio with every player moving at once: the first move counts, the stale rest are refused, and snaps that
    came while their moment was open are taken in the host's order, the same in every copy; nothing leaks."""
    room, players = dealt("cambio", seed="race")
    players.play(race=True, until_step=40, check=lambda: check_round(room))
    codes = {error["code"] for client in room.clients.values() for error in client.errors}
    assert "stale" in codes, "racing players sent moves for states that had moved on"
    assert_every_copy_is_the_reference(room)


# ------------------------------------------------------------------------------------------ the guard


def test_the_guard_catches_a_face_in_a_message_a_store_or_a_last_share():
    """The leak guard can fail: a face sent to a peer that was not shown it, a face kept in a peer's storage, and
    a share that hands a peer the last layer of a card it may not see are each caught."""
    room, players = dealt("concentration", seed="guard")
    players.play(until_step=4)
    truth, guard = room.truth, room.guard
    _, faces = truth.reference()
    unseen = sorted(ref for ref in faces if ref not in truth.shown(1))
    face = faces[unseen[0]]
    assert face in truth.hidden(1)
    with pytest.raises(AssertionError, match="was sent"):
        guard.check(Outgoing("a", encode("error", code="x", message="Oops.", k=None).replace('"x"', json.dumps(face))))
    client = room.clients["a"]
    client.evidence["pledges"] = [{"seat": 1, "pledge": face}]
    with pytest.raises(AssertionError, match="holds"):
        guard.audit()
    client.evidence["pledges"] = None
    guard.audit()
    deal = room.host.sequencer.replica.transcripts[0].deal
    position = int(unseen[0].split(".")[1])
    share = room.host.party.share(deal, position).to_json()
    entry = room.host.sequencer.signer.sign("shares", {"to": None, "shares": [share]}, seeded_entropy(0))
    log = encode("log", since=len(room.host.sequencer.entries), entries=[entry.to_json()])
    with pytest.raises(AssertionError, match="every other key"):
        guard.check(Outgoing("a", log))
