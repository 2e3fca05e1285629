"""The fair shuffle: the documented derivation, and every kind of tampering caught by the client's check."""

from __future__ import annotations

import dataclasses
import hashlib
import json

from game.net import Host
from game.net.gate import LOCAL_PEER
from game.net.shuffle import (
    AWAY,
    LEFT_OUT,
    NOT_RECEIVED,
    REDEALT,
    REDEALT_WHILE_AWAY,
    Revealed,
    Shuffle,
    check_shuffle,
    commitment_of,
    derive_seed,
)
from tests.net.support import Players, Room, host_plays, seat_everyone, seeded_entropy

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


def revealed(own_nonce: str | None = NONCES[0], published: list[dict] = PUBLISHED) -> Revealed:
    """What seat 1 was told at the deal of a game from SECRET and ``published`` (its own nonce: NONCES[0])."""
    return Revealed(
        commitment=commitment_of(SECRET),
        secret=SECRET,
        pledges=PLEDGES,
        nonces=published,
        own_seat=1,
        own_nonce=own_nonce,
        own_revealed=True,
        own_acknowledged=True,
        redealt=None,
        redealt_away=False,
    )


def test_an_honest_deal_passes():
    assert check_shuffle(revealed()) is None


def test_tampering_is_caught():
    """A swapped secret, a dropped nonce, a nonce unlike its pledge or under another seat: each fails loudly."""
    honest = revealed()
    tampered = {
        "another secret": dataclasses.replace(honest, secret="01" * 32),
        "another commitment": dataclasses.replace(honest, commitment=commitment_of("02" * 32)),
        "your nonce left out": dataclasses.replace(honest, nonces=PUBLISHED[1:]),
        "a nonce added": dataclasses.replace(honest, nonces=[*PUBLISHED, {"seat": 0, "nonce": "22" * 32}]),
        "a nonce unlike its pledge": dataclasses.replace(
            honest, nonces=[PUBLISHED[0], {"seat": 2, "nonce": "22" * 32}]
        ),
        "a nonce under another seat": dataclasses.replace(
            honest, nonces=[{"seat": 2, "nonce": NONCES[0]}, {"seat": 1, "nonce": NONCES[1]}]
        ),
        "a nonce twice": dataclasses.replace(honest, nonces=[*PUBLISHED, PUBLISHED[1]]),
        "garbage": dataclasses.replace(honest, nonces=[{"seat": 1, "nonce": "not hex"}]),
    }
    for what, case in tampered.items():
        verdict = check_shuffle(case)
        assert verdict is not None and not verdict.ok, what
        assert verdict.message.startswith("SHUFFLE NOT VERIFIED"), what
        assert not verdict.settled or verdict.message == LEFT_OUT, what


class RiggedShuffle(Shuffle):
    """A cheating host's shuffle: it deals from a seed of its choosing, whatever the nonces."""

    @property
    def seed(self) -> str:
        """Not the agreed seed."""
        return "a deal the host liked"


def rigged_room(label: str) -> Room:
    """A host (its own player at seat 0) that collects the nonces honestly, then plays from a seed of its own."""
    host = Host("concentration", 2, {"pairs": 8}, host_peer=LOCAL_PEER, entropy=seeded_entropy(label))
    room = Room(host, label)
    seat_everyone(room, [LOCAL_PEER, "a"])
    room.clients["a"].contributes = False
    room.control(host.start())
    shuffle = host.shuffle
    host.shuffle = RiggedShuffle(shuffle.secret, dict(shuffle.nonces), dict(shuffle.pledges), shuffle.closed)
    room.clients["a"].contributes = True
    room.send("a", room.clients["a"].sync())
    return room


def test_a_host_that_plays_from_its_own_seed_is_caught_by_every_client():
    """Every guest plays from the seed it works out itself from the secret and the nonces: a host whose copy plays
    from another seed gains nothing, and where its copy differs (who plays first), its own move is one the guests'
    rules refuse, and the host is named."""
    for attempt in range(20):
        room = rigged_room(f"rigged {attempt}")
        host, guest = room.host, room.clients["a"]
        assert host.phase == "playing" and host.sequencer.replica.seed == "a deal the host liked"
        assert guest.replica.seed == derive_seed(host.shuffle.secret, list(host.shuffle.nonces.values()))
        if host.sequencer.replica.match.to_act() == [0] and guest.replica.match.to_act() == [1]:
            break
    else:
        raise AssertionError("the host's copy never had another first player")
    room.control(host_plays(room, host.sequencer.replica.match.legal_actions(0)[0]))
    assert "Player @host's device broke the rules" in guest.verdict.message, guest.verdict


def test_a_host_that_deals_before_a_guest_revealed_is_not_verified_for_it():
    """The host deals by hand before a guest's nonce came: the guest was never left out by a confirmed nonce, so it
    is told it was away (or not asked), not that the host cheated, and never "verified"."""
    host = Host("concentration", 2, options={"pairs": 8}, host_peer=LOCAL_PEER, entropy=seeded_entropy("early"))
    room = Room(host, "early")
    seat_everyone(room, [LOCAL_PEER, "b"])
    room.clients["b"].contributes = False
    room.control(host.start())
    commit = next(text for text in room.received["b"] if json.loads(text)["type"] == "commit")
    room.clients["b"].contributes = True
    pledge = room.clients["b"].receive(commit)  # b makes its nonce and seal; the pledge goes out and arrives...
    published = host.receive("b", pledge[0], room.tick())  # ...but the list of pledges never reaches b
    assert host.shuffle.closed and [json.loads(out.text)["type"] for out in published] == ["pledges", "pledges"]
    room.control(host._deal())  # the host deals without b's nonce
    Players(room, {LOCAL_PEER: "perfect", "b": "perfect"}, "early").play()
    verdict = room.clients["b"].verdict
    assert not verdict.ok and verdict.message == AWAY, "worded apart from tampering"


def test_a_host_that_drops_a_confirmed_nonce_is_caught_and_a_lost_one_is_not_called_tampering():
    """A nonce the host confirmed, then left out of the deal: tampering. Sent, never confirmed: lost, said plainly."""
    left_out = revealed(published=PUBLISHED[1:])
    assert check_shuffle(left_out).message == LEFT_OUT
    lost = dataclasses.replace(left_out, own_acknowledged=False)
    assert check_shuffle(lost).message == NOT_RECEIVED
    never_sent = dataclasses.replace(left_out, own_revealed=False, own_acknowledged=False)
    assert check_shuffle(never_sent).message == AWAY


def test_a_redeal_is_never_verified():
    """After a re-deal the verdict says so, though the deal is otherwise fine; a dropped confirmed nonce comes first."""
    other = commitment_of("0e" * 32)
    for case in (revealed(), revealed(published=PUBLISHED[1:])):
        lost = dataclasses.replace(case, own_acknowledged=False, redealt=other)
        verdict = check_shuffle(lost)
        assert not verdict.ok and verdict.message == REDEALT and verdict.settled
        away = check_shuffle(dataclasses.replace(lost, redealt_away=True))
        assert not away.ok and away.message == REDEALT_WHILE_AWAY and "innocent" in away.message
    assert check_shuffle(dataclasses.replace(revealed(published=PUBLISHED[1:]), redealt=other)).message == LEFT_OUT


def test_a_seated_player_the_host_never_asked_is_not_verified():
    """The old hole: a host that never sends ``commit`` gave a client no nonce to check, and it said verified."""
    never_asked = dataclasses.replace(
        revealed(own_nonce=None, published=PUBLISHED[1:]), own_revealed=False, own_acknowledged=False
    )
    assert check_shuffle(never_asked).message == AWAY
    spectator = dataclasses.replace(never_asked, own_seat=None)
    assert check_shuffle(spectator) is None, "a spectator contributes nothing and checks the rest"
