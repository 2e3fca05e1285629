"""A host deals once per shuffle: a guest that revealed its nonce learns it if the host deals again.

Once every nonce is in, the host knows the seed, and so the whole deal. A host that dislikes it could
throw it away and shuffle again under a new commitment. Each way a hostile host could do that is
tried here against real gates and clients, and every guest that revealed a nonce is told at once
(``Client.warning``) and by the verdict. Only a guest that was away (reloaded, or reconnected) since it
last heard of the earlier game is told this can be innocent: one that stayed connected would have seen
that game end. The honest ways to shuffle again are tried too: they verify.
"""

from __future__ import annotations

from game.net import Client, Host, Outgoing
from game.net.gate import LOCAL_PEER
from game.net.log import Entry
from game.net.messages import encode
from game.net.shuffle import REDEALT, REDEALT_WHILE_AWAY, Shuffle
from tests.net.gated import GatedRoom, seated_room
from tests.net.support import seeded_entropy

HELD = "0f" * 32  # the nonce a guest holds back by hand, to choose when the pledges close
SEAL = "5e" * 32  # the sealing seed that guest pledged beside it


def dealt() -> tuple[GatedRoom, str]:
    """Three seats: both guests revealed their nonces (and the host confirmed them), the cards are dealt and a
    few moves made. Also the host's save from the lobby, just before the start."""
    room = seated_room(("GuestA", "GuestB"), players=3)
    lobby = room.host.save()
    room.control(room.host.start())
    assert room.host.phase == "playing" and set(room.host.shuffle.nonces) == {1, 2}
    for door in room.doors.values():
        assert door.client.evidence["acknowledged"] and door.client.warning is None
    room.play(until_step=4)
    return room, lobby


def assert_told_of_the_redeal(room: GatedRoom, away: tuple[str, ...] = ()) -> None:
    """Every guest is warned at once, and the new game's verdict says the same; only those ``away`` since they last
    heard of the earlier game are told it can be innocent."""
    assert room.host.phase == "playing"
    told = {peer: REDEALT_WHILE_AWAY if peer in away else REDEALT for peer in room.doors}
    for peer, door in room.doors.items():
        assert door.client.warning == told[peer], peer
    room.play()
    for peer, door in room.doors.items():
        verdict = door.client.verdict
        assert verdict is not None and not verdict.ok and verdict.message == told[peer], (peer, verdict)


def test_a_host_reloaded_from_its_lobby_save_with_a_fresh_secret_is_caught():
    """The host reloads its page from the save it kept from the lobby and starts again; GuestA reloads too."""
    room, lobby = dealt()
    room.restart(Host.load(lobby, room.tick(), entropy=seeded_entropy("a second try")))
    room.reload_guest("GuestA")  # what GuestA knows of the first shuffle comes back from its page's storage
    room.rejoin("GuestB")
    room.control(room.host.start())
    assert_told_of_the_redeal(room, away=("GuestA", "GuestB"))  # both lost the host: the game may have ended


def test_a_fresh_host_with_the_same_key_giving_the_seats_back_is_caught():
    """A new Host object with the room's key: the guests connect again and the host seats them by hand."""
    room, _ = dealt()
    identity = room.host.settings.identity
    fresh = Host("concentration", 3, {"pairs": 8}, host_peer=LOCAL_PEER, identity=identity, entropy=seeded_entropy(9))
    room.restart(fresh)
    for seat, peer in enumerate(("GuestA", "GuestB"), 1):
        room.rejoin(peer, reclaim=False)
        room.send(peer, room.doors[peer].client.hello(peer))
        room.control(fresh.assign(seat, peer))
    room.control(fresh.start())
    assert_told_of_the_redeal(room, away=("GuestA", "GuestB"))


def test_a_new_commit_in_the_middle_of_the_game_is_caught():
    """Mid-game the host's code drops the match and shuffles again: commit, pledges, nonces, a new deal."""
    room, _ = dealt()
    host = room.host
    host.phase, host.sequencer = "lobby", None  # nobody is told: no lobby message goes out
    room.control(host.start())
    assert_told_of_the_redeal(room)


def test_a_deal_from_a_new_secret_alone_is_caught():
    """Mid-game the host deals again from a secret of its own, asking nobody (and sealing with the guests' old
    commitments): not "you were away", nor only "another device's keys", but a re-deal, at once."""
    room, _ = dealt()
    host = room.host
    host.shuffle, host.phase, host.sequencer = Shuffle.new(seeded_entropy("alone")), "shuffle", None
    host.shuffle.closed = True
    room.control(host._deal())
    for door in room.doors.values():
        assert door.client.warning == REDEALT and door.client.verdict.message == REDEALT
        assert door.client.replica is None, "it has no seed for that deal: it plays no part in it"


def test_a_game_stopped_by_a_forged_entry_does_not_settle_the_game_before_a_redeal():
    """The host sends a forged entry mid-game (the verdict: not verified), goes back to the lobby and shuffles
    again: a game caught out was not played out, so the new deal is a re-deal."""
    room, _ = dealt()
    host = room.host
    forged = Entry(1, host.sequencer._next[1], "act", {"seat": 1, "state": 0, "action": {"type": "flip"}}, "00" * 64)
    log = encode("log", since=len(host.sequencer.entries), entries=[forged.to_json()])
    room.control([Outgoing(peer, log) for peer in room.doors])
    for door in room.doors.values():
        assert not door.client.verdict.ok and not door.client.evidence["settled"]
    host.phase = "over"
    room.control(host.configure("concentration", 3, {"pairs": 8}))  # the lobby message clears the verdict shown
    room.control(host.start())
    assert_told_of_the_redeal(room)


def test_only_the_guest_that_was_away_is_told_the_redeal_can_be_innocent():
    """Mid-game GuestA's connection drops; the host shuffles again, and the deal waits for GuestA, which reconnects
    to the new game. GuestB held the earlier game's live view all along, on one connection: for it the re-deal has
    no excuse."""
    room, _ = dealt()
    door = room.doors["GuestA"]
    room.leave("GuestA")
    host = room.host
    host.phase, host.sequencer = "lobby", None
    room.control(host.start())
    assert host.phase == "shuffle" and set(host.shuffle.pledges) == {2}, "a sealed deal waits for every device"
    room.doors["GuestA"] = door  # the same page, still open, connects again
    room.rejoin("GuestA")
    assert host.phase == "playing" and set(host.shuffle.nonces) == {1, 2}
    assert_told_of_the_redeal(room, away=("GuestA",))


def test_a_guest_that_reconnected_and_saw_the_game_going_on_is_not_excused_a_redeal():
    """GuestA reconnects mid-game and is sent the game again: on its new connection it saw that game live, so a new
    deal after that, with no end in between, cannot be innocent."""
    room, _ = dealt()
    room.rejoin("GuestA")
    assert room.doors["GuestA"].client.evidence["connection"] == room.doors["GuestA"].client.binding
    host = room.host
    host.phase, host.sequencer = "lobby", None
    room.control(host.start())
    assert_told_of_the_redeal(room)


# ------------------------------------------------------------------------------------- the honest ones


def assert_verified_without_warning(room: GatedRoom, peers: tuple[str, ...] = ("GuestA", "GuestB")) -> None:
    """The game is played out and each of ``peers`` is told "verified", never warned."""
    room.play()
    for peer in peers:
        client = room.doors[peer].client
        assert client.verdict.ok and client.warning is None and not client.errors, (peer, client.verdict)


def test_a_restart_before_any_nonce_was_revealed_verifies():
    """The host reloads from its lobby save while the pledges are still open: nobody had revealed anything."""
    room = seated_room(("GuestA", "GuestB"), players=3)
    lobby = room.host.save()
    room.doors["GuestB"].client.contributes = False  # the pledges stay open
    room.control(room.host.start())
    assert room.doors["GuestA"].client.evidence["nonce"] and not room.doors["GuestA"].client.evidence["revealed"]
    room.restart(Host.load(lobby, room.tick(), entropy=seeded_entropy("restart")))
    room.doors["GuestB"].client.contributes = True
    room.reload_guest("GuestA")
    room.rejoin("GuestB")
    room.control(room.host.start())
    assert_verified_without_warning(room)


def test_play_again_verifies_even_after_a_reload_between_the_games():
    """A game played out and checked, then "Play again": a new shuffle, not a re-deal (GuestA reloads in between)."""
    room = seated_room(("GuestA", "GuestB"), players=3)
    room.control(room.host.start())
    room.play()
    assert all(door.client.verdict.ok and door.client.evidence["settled"] for door in room.doors.values())
    room.reload_guest("GuestA")
    room.control(room.host.configure("concentration", 3, {"pairs": 12}))
    room.control(room.host.start())
    assert_verified_without_warning(room)


def test_a_host_page_reload_mid_shuffle_is_not_a_redeal():
    """The host's page reloads after two guests revealed, from the save of that very shuffle: same commitment."""
    room = seated_room(("GuestA", "GuestB", "GuestC"), players=4)
    room.doors["GuestC"].client.contributes = False  # it pledges by hand and reveals last, after the reload
    room.control(room.host.start())
    room.pledge_by_hand("GuestC", HELD, SEAL)
    assert set(room.host.shuffle.nonces) == {1, 2} and room.host.phase == "shuffle"
    room.restart(Host.load(room.host.save(), room.tick(), entropy=seeded_entropy("reloaded host")))
    room.reload_guest("GuestA")
    for peer in ("GuestB", "GuestC"):
        room.rejoin(peer)
    room.reveal_by_hand("GuestC", HELD)
    assert room.host.phase == "playing" and set(room.host.shuffle.nonces) == {1, 2, 3}
    assert_verified_without_warning(room)


def test_evidence_brought_back_by_a_reload_counts_as_heard_on_another_connection():
    """Even a client behind no gate (its binding is empty on every page): what a reload restores was heard before
    the reload, so a new deal then may be innocent; the same client, with no reload, is not excused."""
    revealed = {"game": "ab" * 32, "seat": 1, "nonce": "cd" * 32, "revealed": True, "pledges": [], "connection": ""}
    new_deal = encode("commit", commitment="ef" * 32)
    stayed, reloaded = Client(), Client()
    stayed.restore(revealed)
    stayed.evidence["connection"] = stayed.binding  # as if it had heard the game on this page
    reloaded.restore(revealed)
    assert reloaded.evidence["connection"] is None
    for client in (stayed, reloaded):
        client.receive(new_deal)
    assert (stayed.warning, reloaded.warning) == (REDEALT, REDEALT_WHILE_AWAY)
