"""The fair shuffle: the documented derivation, and every kind of tampering caught by the client's check."""

from __future__ import annotations

import dataclasses
import hashlib
import json

from game import new_match
from game.bots import autoplay
from game.net import Host
from game.net.shuffle import (
    AWAY,
    LEFT_OUT,
    NOT_RECEIVED,
    REDEALT,
    REDEALT_WHILE_AWAY,
    Revealed,
    Shuffle,
    commitment_of,
    derive_seed,
    verify,
)
from tests.net.support import Agents, Room, seat_everyone, seeded_entropy

SECRET = "00" * 32
NONCES = ["ff" * 32, "11" * 32]


def test_the_derivation_is_the_documented_one():
    """commitment = SHA-256(secret bytes); seed = SHA-256(ASCII secret + sorted nonces), both as hex."""
    assert commitment_of(SECRET) == "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
    expected = hashlib.sha256(("00" * 32 + "11" * 32 + "ff" * 32).encode("ascii")).hexdigest()
    assert derive_seed(SECRET, NONCES) == expected
    assert derive_seed(SECRET, list(reversed(NONCES))) == expected, "the order nonces arrive in does not matter"
    assert derive_seed(SECRET, NONCES[:1]) != expected and derive_seed("01" * 32, NONCES) != expected


PLEDGES = [{"seat": 1, "pledge": commitment_of(NONCES[0])}, {"seat": 2, "pledge": commitment_of(NONCES[1])}]
PUBLISHED = [{"seat": 1, "nonce": NONCES[0]}, {"seat": 2, "nonce": NONCES[1]}]


def test_the_host_shuffle_round_trips_through_its_save():
    """The host's secret, the pledges and the nonces per seat survive save and load."""
    shuffle = Shuffle.new(seeded_entropy("s"))
    shuffle.pledges = {1: PLEDGES[0]["pledge"], 2: PLEDGES[1]["pledge"]}
    shuffle.nonces = {1: NONCES[0], 2: NONCES[1]}
    shuffle.closed = True
    again = Shuffle.from_json(json.loads(json.dumps(shuffle.to_json())))
    assert again == shuffle and again.seed == derive_seed(shuffle.secret, NONCES)
    assert shuffle.published_nonces() == PUBLISHED and shuffle.published_pledges() == PLEDGES


def finished(own_nonce: str | None = NONCES[0], published: list[dict] = PUBLISHED) -> tuple[Revealed, list, dict]:
    """A finished Cambio game dealt from SECRET and ``published``, as seat 1 saw it (its own nonce: NONCES[0])."""
    seat = 1
    match = new_match("cambio", 3, seed=derive_seed(SECRET, [entry["nonce"] for entry in published]))
    autoplay(match, {0: "easy", 1: "easy", 2: "easy"}, seed=1)
    revealed = Revealed(
        commitment=commitment_of(SECRET),
        secret=SECRET,
        pledges=PLEDGES,
        nonces=published,
        own_seat=seat,
        own_nonce=own_nonce,
        own_revealed=True,
        own_acknowledged=True,
        redealt=None,
        redealt_away=False,
        game="cambio",
        players=3,
        options=match.options,
        log=match.history,
    )
    return revealed, match.events(seat), match.view(seat)


def test_an_honest_game_is_verified():
    """The game a seat saw replays from the agreed seed."""
    revealed, events, view = finished()
    verdict = verify(revealed, 1, events, view)
    assert verdict.ok and verdict.message.startswith("Shuffle verified") and verdict.settled


def test_tampering_is_caught():
    """A swapped secret, a dropped nonce, a rigged seed, an edited log or stream: each fails loudly."""
    revealed, events, view = finished()
    tampered = {
        "another secret": dataclasses.replace(revealed, secret="01" * 32),
        "another commitment": dataclasses.replace(revealed, commitment=commitment_of("02" * 32)),
        "your nonce left out": dataclasses.replace(revealed, nonces=PUBLISHED[1:]),
        "a nonce added": dataclasses.replace(revealed, nonces=[*PUBLISHED, {"seat": 0, "nonce": "22" * 32}]),
        "a nonce unlike its pledge": dataclasses.replace(
            revealed, nonces=[PUBLISHED[0], {"seat": 2, "nonce": "22" * 32}]
        ),
        "a nonce under another seat": dataclasses.replace(
            revealed, nonces=[{"seat": 2, "nonce": NONCES[0]}, {"seat": 1, "nonce": NONCES[1]}]
        ),
        "other options": dataclasses.replace(revealed, options={**revealed.options, "final_lap": True}),
        "a move changed": dataclasses.replace(revealed, log=[*revealed.log[:5], [0, {"type": "cambio"}]]),
        "the log cut short": dataclasses.replace(revealed, log=revealed.log[:-1]),
    }
    for what, case in tampered.items():
        verdict = verify(case, 1, events, view)
        assert not verdict.ok and verdict.message.startswith("SHUFFLE NOT VERIFIED"), what
        assert not verdict.settled, what
    assert not verify(revealed, 1, events[:-1], view).ok, "a stream that differs from the replay"
    assert not verify(revealed, 0, events, view).ok, "another seat's stream"
    assert not verify(revealed, 7, events, view).ok, "a seat that is not at the table (it used to raise)"
    assert not verify(revealed, 1, events, {**view, "totals": [0, 0]}).ok


class RiggedShuffle(Shuffle):
    """A cheating host's shuffle: it deals from a seed of its choosing, whatever the nonces."""

    @property
    def seed(self) -> str:
        """Not the agreed seed."""
        return "a deal the host liked"


def test_a_host_that_deals_from_its_own_seed_is_caught_by_every_client():
    """End to end: the host commits and collects nonces honestly, then deals a stacked deck."""
    host = Host("deluxe-memory", 2, entropy=seeded_entropy("rigged"))
    room = Room(host, "rigged")
    seat_everyone(room, ["a", "b"])
    room.join("watcher")
    room.clients["a"].contributes = room.clients["b"].contributes = False
    room.deliver(host.start())
    shuffle = host.shuffle
    host.shuffle = RiggedShuffle(shuffle.secret, dict(shuffle.nonces), dict(shuffle.pledges), shuffle.closed)
    for peer in ("a", "b"):
        room.clients[peer].contributes = True
        room.send(peer, room.clients[peer].sync())
    assert host.phase == "playing" and host.match.seed == "a deal the host liked"
    Agents(room, {"a": "medium", "b": "medium"}, "rigged").play()
    for peer, client in room.clients.items():
        assert client.verdict is not None and not client.verdict.ok, peer
        assert "SHUFFLE NOT VERIFIED" in client.verdict.message


def test_a_deal_without_your_nonce_is_not_verified():
    """If the host deals before a player's pledge arrives, that player is told it was away, never "verified"."""
    host = Host("concentration", 2, options={"pairs": 8}, entropy=seeded_entropy("early"))
    room = Room(host, "early")
    seat_everyone(room, ["a", "b"])
    held = []
    room.clients["b"].contributes = False
    room.deliver(host.start())
    # b makes its nonce but the message is lost; the host gives up waiting and deals.
    room.clients["b"].contributes = True
    commit = next(text for text in room.received["b"] if json.loads(text)["type"] == "commit")
    held += room.clients["b"].receive(commit)
    assert json.loads(held[0])["type"] == "pledge"
    room.deliver(host.deal())
    Agents(room, {"a": "perfect", "b": "perfect"}, "early").play()
    assert room.clients["a"].verdict.ok
    verdict = room.clients["b"].verdict
    assert not verdict.ok and verdict.message == AWAY, "worded apart from tampering"


def test_a_host_that_drops_a_confirmed_nonce_is_caught_and_a_lost_one_is_not_called_tampering():
    """A nonce the host confirmed, then left out of the deal: tampering. Sent, never confirmed: lost, said plainly."""
    revealed, events, view = finished(published=PUBLISHED[1:])
    verdict = verify(revealed, 1, events, view)
    assert not verdict.ok and verdict.message == LEFT_OUT
    lost = dataclasses.replace(revealed, own_acknowledged=False)
    assert verify(lost, 1, events, view).message == NOT_RECEIVED
    never_sent = dataclasses.replace(revealed, own_revealed=False, own_acknowledged=False)
    assert verify(never_sent, 1, events, view).message == AWAY
    assert all(verify(case, 1, events, view).settled for case in (revealed, lost, never_sent)), "played out"


def test_a_redeal_is_never_verified():
    """After a re-deal the verdict says so, though the deal is otherwise fine; a dropped confirmed nonce comes first."""
    other = commitment_of("0e" * 32)
    dealt_without_you = finished(published=PUBLISHED[1:])
    for revealed, events, view in (finished(), dealt_without_you):
        lost = dataclasses.replace(revealed, own_acknowledged=False, redealt=other)
        verdict = verify(lost, 1, events, view)
        assert not verdict.ok and verdict.message == REDEALT and verdict.settled
        away = verify(dataclasses.replace(lost, redealt_away=True), 1, events, view)
        assert not away.ok and away.message == REDEALT_WHILE_AWAY and "innocent" in away.message
    revealed, events, view = dealt_without_you
    assert verify(dataclasses.replace(revealed, redealt=other), 1, events, view).message == LEFT_OUT


def test_a_seated_player_the_host_never_asked_is_not_verified():
    """The old hole: a host that never sends ``commit`` gave a client no nonce to check, and it said verified."""
    revealed, events, view = finished(own_nonce=None, published=PUBLISHED[1:])
    verdict = verify(dataclasses.replace(revealed, own_revealed=False, own_acknowledged=False), 1, events, view)
    assert not verdict.ok and verdict.message == AWAY
    spectator = dataclasses.replace(revealed, own_seat=None, own_nonce=None, own_revealed=False, own_acknowledged=False)
    assert verify(spectator, 1, events, view).ok, "a spectator contributes nothing and checks the rest"
