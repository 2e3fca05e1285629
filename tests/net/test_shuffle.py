"""The fair shuffle: the documented derivation, and every kind of tampering caught by the client's check."""

from __future__ import annotations

import dataclasses
import hashlib
import json

from game import new_match
from game.bots import autoplay
from game.net import Host
from game.net.shuffle import Revealed, Shuffle, commitment_of, derive_seed, verify
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


def test_the_host_shuffle_round_trips_through_its_save():
    """The host's secret and the nonces per seat survive save and load."""
    shuffle = Shuffle.new(seeded_entropy("s"))
    shuffle.nonces = {1: NONCES[0], 2: NONCES[1]}
    again = Shuffle.from_json(json.loads(json.dumps(shuffle.to_json())))
    assert again == shuffle and again.seed == derive_seed(shuffle.secret, NONCES)
    assert shuffle.published_nonces() == sorted(NONCES)


def finished(own_nonce: str | None = NONCES[0]) -> tuple[Revealed, list, dict]:
    """A finished Cambio game dealt from SECRET and NONCES, as seat 1 saw it."""
    match = new_match("cambio", 2, seed=derive_seed(SECRET, NONCES))
    autoplay(match, {0: "easy", 1: "easy"}, seed=1)
    revealed = Revealed(
        commitment=commitment_of(SECRET),
        secret=SECRET,
        nonces=sorted(NONCES),
        own_nonce=own_nonce,
        game="cambio",
        players=2,
        options=match.options,
        log=match.history,
    )
    return revealed, match.events(1), match.view(1)


def test_an_honest_game_is_verified():
    """The game a seat saw replays from the agreed seed."""
    revealed, events, view = finished()
    verdict = verify(revealed, 1, events, view)
    assert verdict.ok and verdict.message.startswith("Shuffle verified")


def test_tampering_is_caught():
    """A swapped secret, a dropped nonce, a rigged seed, an edited log or stream: each fails loudly."""
    revealed, events, view = finished()
    tampered = {
        "another secret": dataclasses.replace(revealed, secret="01" * 32),
        "another commitment": dataclasses.replace(revealed, commitment=commitment_of("02" * 32)),
        "your nonce left out": dataclasses.replace(revealed, nonces=[NONCES[1]]),
        "a nonce added": dataclasses.replace(revealed, nonces=sorted([*NONCES, "22" * 32])),
        "other options": dataclasses.replace(revealed, options={**revealed.options, "final_lap": True}),
        "a move changed": dataclasses.replace(revealed, log=[*revealed.log[:5], [0, {"type": "cambio"}]]),
        "the log cut short": dataclasses.replace(revealed, log=revealed.log[:-1]),
    }
    for what, case in tampered.items():
        verdict = verify(case, 1, events, view)
        assert not verdict.ok and verdict.message.startswith("SHUFFLE NOT VERIFIED"), what
    assert not verify(revealed, 1, events[:-1], view).ok, "a stream that differs from the replay"
    assert not verify(revealed, 0, events, view).ok, "another seat's stream"
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
    host.shuffle = RiggedShuffle(host.shuffle.secret, dict(host.shuffle.nonces))  # it turns cheat after committing
    for peer in ("a", "b"):
        room.clients[peer].contributes = True
        room.send(peer, room.clients[peer].sync())
    assert host.phase == "playing" and host.match.seed == "a deal the host liked"
    Agents(room, {"a": "medium", "b": "medium"}, "rigged").play()
    for peer, client in room.clients.items():
        assert client.verdict is not None and not client.verdict.ok, peer
        assert "SHUFFLE NOT VERIFIED" in client.verdict.message


def test_a_deal_without_your_nonce_is_not_verified():
    """If the host deals before a player's nonce arrives, that player is told its randomness was left out."""
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
    assert json.loads(held[0])["type"] == "contribute"
    room.deliver(host.deal())
    Agents(room, {"a": "perfect", "b": "perfect"}, "early").play()
    assert room.clients["a"].verdict.ok
    assert not room.clients["b"].verdict.ok and "left out" in room.clients["b"].verdict.message
