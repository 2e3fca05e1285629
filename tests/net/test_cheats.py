"""Cheats in a sealed room, each through real Host and Client objects: every one ends with the cheat named (at
once, or by the end check) and no honest player accused.

A cheating guest is an honest client whose outgoing entries the test alters before they are signed with its own
key (``Room.tamper``), or which signs an entry of the test's making (``Room.submit``). A cheating host changes what
it sends (``Room.rewrite``), or puts into its log what its sequencer should have refused. The table: the host's own
player at seat 0, the honest guest ``a`` at seat 1, the cheat ``m`` at seat 2, and a watcher ``w``; each is its own
party (the host's is 0, a's 1, m's 2).
"""

from __future__ import annotations

import base64
import json

import pytest

from game.cards import rank
from game.core import IllegalAction
from game.net import Host, p256
from game.net.client import final_verdict, party_names
from game.net.gate import LOCAL_PEER
from game.net.log import Entry
from game.net.messages import encode
from game.net.sealing import Party
from game.net.sealing.deck import POINT_CHARS
from game.party import PartyAttempt
from tests.net.support import Players, Room, seat_everyone, seeded_entropy
from tests.support import FIRST_SEAT

HONEST = ("a", "w")
G = p256.compress(p256.G)  # a point of the curve that is no card of any deal
FORGED = seeded_entropy("forged")  # the randomness of signatures made by hand


def table(game: str = "concentration", seed: object = "cheat", peers: tuple[str, ...] = (LOCAL_PEER, "a", "m")) -> Room:
    """The cheats' table (module docstring), with seat 0 to play first; not started."""
    options = {**FIRST_SEAT, **({"pairs": 8} if game == "concentration" else {})}
    host = Host(game, len(peers), options, host_peer=LOCAL_PEER, room="room", entropy=seeded_entropy(seed))
    room = Room(host, seed)
    seat_everyone(room, list(peers))
    room.join("w")
    return room


def players(room: Room) -> Players:
    """Bots for every player's seat, each playing through its own peer."""
    seats = [peer for peer in (LOCAL_PEER, "a", "m") if room.host.lobby.seat_of(peer) is not None]
    return Players(room, dict.fromkeys(seats, "medium"), room.seed)


def play_out(room: Room) -> None:
    """Play until the host's game is over or stopped, or until nobody can move (the honest peers stopped)."""
    bots = players(room)
    for _ in range(1000):
        if room.host.phase != "playing" or not bots.step():
            return
    raise AssertionError("the game went on and on")


def verdicts(room: Room, peers: tuple[str, ...] = HONEST, host_too: bool = True) -> dict[str, str]:
    """Each of ``peers``' verdict, and the host's (from its replica, as its page shows it), if it is not ``ok``."""
    found = {peer: room.clients[peer].verdict for peer in peers}
    if host_too:
        host = room.host
        replica = host.sequencer.replica
        found["the host"] = final_verdict(replica, party_names(host.lobby.public(None), replica.seating))
    assert all(verdict is not None for verdict in found.values()), found
    return {who: verdict.message for who, verdict in found.items() if not verdict.ok}


def assert_named(room: Room, offender: str | None, peers: tuple[str, ...] = HONEST, host_too: bool = True) -> None:
    """Every one of ``peers`` (and the host, if ``host_too``) says the cheat (a peer; ``None``: the host) cheated,
    and accuses no other player."""
    name = "the host" if offender is None else f"Player {offender}'s device"
    players = [f"Player {peer}'s device" for peer in (LOCAL_PEER, "a", "m") if peer != offender]
    found = verdicts(room, peers, host_too)
    for who in (*peers, "the host") if host_too else peers:
        message = found.get(who)
        assert message is not None, f"{who} was told the game was verified"
        assert name in message, (who, message)
        assert not [other for other in players if other in message], f"{who} accuses another: {message}"


def first(kind: str) -> callable:
    """A tamper that changes only the first entry of ``kind`` the cheat writes, with ``change(body)``."""

    def wrap(change):
        done = []

        def alter(entry_kind: str, body: dict) -> dict:
            if entry_kind == kind and not done:
                done.append(body)
                return change(body)
            return body

        return alter

    return wrap


def seed_of(room: Room, peer: str) -> Party:
    """The party of ``peer``'s device, with the sealing seed its page keeps."""
    client = room.clients[peer]
    return Party(client.replica.me.index, client.evidence["seal"])


# -------------------------------------------------------------------------------------------- shares


def test_a_wrong_share_names_its_party_at_once():
    room = table()

    @first("shares")
    def wrong(body):
        key = int(body["shares"][0]["key"], 16)
        body["shares"][0]["key"] = f"{key % (p256.N - 1) + 1:064x}"
        return body

    room.tamper["m"] = wrong
    room.control(room.host.start())
    play_out(room)
    assert room.host.sequencer.replica.broken.party == 2, "stopped at once, on the share"
    assert_named(room, "m")


def test_a_wrong_share_for_another_seats_private_look_is_named_by_it_at_once_and_by_all_at_the_end():
    """Deluxe Memory: m's share for a's pick is masked for a alone, so only a's device can tell it is false. It says
    so at once and reveals its seed; every peer stops, reveals its own, and the end check names m to all."""
    room = table("deluxe-memory", seed="private share")

    def wrong(kind: str, body: dict) -> dict:
        if kind == "shares" and body["to"] == 1 and not wrong.done:
            wrong.done = True
            body["shares"][0]["key"] = f"{int(body['shares'][0]['key'], 16) ^ 1:064x}"
        return body

    wrong.done = False
    room.tamper["m"] = wrong
    room.control(room.host.start())
    play_out(room)
    assert wrong.done and room.clients["a"].replica.broken.party == 2 and not room.clients["a"].replica.broken.unknown
    assert_named(room, "m")


def test_a_share_for_a_card_never_asked_for_names_its_party_at_the_end():
    """Concentration opens every card to all, never to one seat: m's share of a card for a's eyes is asked by no
    rules; and a share for a deal that was never dealt."""
    room = table()
    room.control(room.host.start())
    players(room).play(until_step=2)
    deal = room.host.sequencer.replica.transcripts[0].deal
    share = seed_of(room, "m").share(deal, 5).to_json()
    room.submit("m", "shares", {"to": 1, "shares": [share]})
    room.submit("m", "shares", {"to": None, "shares": [{**share, "deal": 7}]})
    assert room.host.sequencer.replica.broken is None, "nobody can tell yet"
    play_out(room)
    assert_named(room, "m")
    assert "nobody asked" in room.clients["a"].verdict.message


def test_a_share_sent_twice_before_its_card_is_opened_changes_nothing():
    """m sends its true share of a face-down card twice, before any rules ask for it: when the card is flipped, one
    counts and the other is let be (it used to stop every peer, the host's page included, with an exception)."""
    room = table()
    room.control(room.host.start())
    players(room).play(until_step=2)
    deal = room.host.sequencer.replica.transcripts[0].deal
    flipped = {ref for ref, _ in room.host.sequencer.replica.cards.faces.items()}
    position = next(spot for spot in range(deal.positions) if f"#0.{spot}" not in flipped)
    share = seed_of(room, "m").share(deal, position).to_json()
    for _ in range(2):
        room.submit("m", "shares", {"to": None, "shares": [share]})
    play_out(room)
    assert verdicts(room, ("a", "w", "m")) == {}, "everyone verified"


def test_a_share_copied_from_another_party_names_the_copier_at_once():
    room = table()

    @first("shares")
    def copied(body):
        mine = body["shares"][0]
        theirs = next(
            share
            for entry in room.host.sequencer.entries
            if entry.kind == "shares" and entry.by == 1
            for share in entry.body["shares"]
            if share["position"] == mine["position"]
        )
        body["shares"].append(theirs)
        return body

    room.tamper["m"] = copied
    room.control(room.host.start())
    play_out(room)
    assert room.host.sequencer.replica.broken.party == 2
    assert_named(room, "m")


def test_the_key_of_another_card_sent_again_for_this_one_names_its_party_at_once():
    room = table()
    room.control(room.host.start())
    players(room).play(until_step=2)
    party, deal = seed_of(room, "m"), room.host.sequencer.replica.transcripts[0].deal

    @first("shares")
    def replayed(body):
        position = body["shares"][0]["position"]
        body["shares"][0]["key"] = party.share(deal, (position + 1) % deal.positions).to_json()["key"]
        return body

    room.tamper["m"] = replayed
    play_out(room)
    assert_named(room, "m")


def test_a_party_that_sends_its_own_share_again_changes_nothing_and_is_not_accused():
    room = table()
    sent = []

    def again(kind: str, body: dict) -> dict:
        if kind == "shares":
            body = {**body, "shares": body["shares"] + sent[-1:]}
            sent.append(body["shares"][0])
        return body

    room.tamper["m"] = again
    room.control(room.host.start())
    play_out(room)
    assert verdicts(room, ("a", "w", "m")) == {}, "everyone verified"


def test_a_share_entry_the_host_puts_in_twice_names_the_host():
    room = table()
    doubled = set()

    def twice(peer: str, message: dict) -> dict:
        if message["type"] == "log" and peer in HONEST and peer not in doubled:
            for index, data in enumerate(message["entries"]):
                if data["by"] == 2 and data["kind"] == "shares":
                    doubled.add(peer)
                    message["entries"].insert(index, data)
                    break
        return message

    room.rewrite = twice
    room.control(room.host.start())
    play_out(room)
    assert doubled
    assert_named(room, None, host_too=False)
    assert "repeated or reordered" in room.clients["a"].verdict.message
    # The host sends the game again (a reconnect): what a's device found stands.
    client = room.clients["a"]
    room.leave("a")
    room.join("a", client)
    room.send("a", client.reclaim(1, client.secret))
    assert_named(room, None, host_too=False)


# ---------------------------------------------------------------------------------------------- cards


@pytest.mark.parametrize("step", ["lock", "key"])
def test_a_substituted_card_names_the_party_that_put_it_in(step):
    """m's step of the deal puts a card in twice (a lock step) or a point that is no card (a key step): the card
    opens wrong, every peer reveals its seed, and the end check names m."""
    room = table()

    def substituted(kind: str, body: dict) -> dict:
        if kind == "deck" and body["pass"] == step and body["deal"] == 0:
            points = body["deck"]
            other = points[POINT_CHARS : 2 * POINT_CHARS] if step == "lock" else base64.b64encode(G).decode()
            body = {**body, "deck": other + points[POINT_CHARS:]}
        return body

    room.tamper["m"] = substituted
    room.control(room.host.start())
    play_out(room)
    assert_named(room, "m")
    assert f"{step} pass of deal 0 changed a card" in room.clients["a"].verdict.message


def no_card_at_place_zero(kind: str, body: dict) -> dict:
    """m's key step of the first deal, with the card at place 0 replaced by a point that is no card."""
    if kind == "deck" and body["pass"] == "key" and body["deal"] == 0:
        body = {**body, "deck": base64.b64encode(G).decode() + body["deck"][POINT_CHARS:]}
    return body


def test_a_card_that_opens_wrong_for_one_seat_alone_names_its_maker_not_that_seat():
    """Deluxe Memory: m put a point that is no card at place 0; a picks it, a private look. Only a's device can
    see it open to nothing: it stops and reveals its seed, every other peer stops and reveals its own, and the end
    check names m. a, who stopped the game first, is not accused."""
    room = table("deluxe-memory", seed="wrong for one")
    room.tamper["m"] = no_card_at_place_zero
    room.control(room.host.start())
    at_turn(room, 1)
    cell = room.host.sequencer.replica.match.state()["cells"].index("#0.0")
    room.send("a", room.clients["a"].act({"type": "pick", "pos": cell}))
    assert room.clients["a"].replica.broken.unknown
    assert_named(room, "m")
    assert "key pass of deal 0 changed a card" in room.clients["a"].verdict.message


# --------------------------------------------------------------------------------------------- claims


def lying(monkeypatch, liar: int) -> None:
    """Seat ``liar``'s own device claims the opposite of what it saw, and its copy of the game plays on as if that
    were true (the claim it publishes and the one it keeps are the same lie)."""
    honest = PartyAttempt.claim

    def claim(self, seat, name, refs):
        if seat != liar or seat not in self.party.seats:
            return honest(self, seat, name, refs)
        before = self.party._claim(seat, name, refs)
        value = honest(self, seat, name, refs)
        made = self.asked[-1].get("claim") if self.asked else None
        if made is None or made.get("refs") != list(refs):
            return value  # the cards are public: nothing to lie about
        made["value"] = (not value) if before is None else before["value"]  # the first time, the kept one too
        return made["value"]

    monkeypatch.setattr(PartyAttempt, "claim", claim)


def at_turn(room: Room, seat: int) -> None:
    """Play with bots until it is ``seat``'s turn to pick its first card."""
    bots = players(room)
    for _ in range(500):
        state = room.host.sequencer.replica.match.state()
        if state["actor"] == seat and state["phase"] == "pick" and not state["picks"]:
            return
        assert bots.step()
    raise AssertionError("the turn never came")


def face_down(room: Room) -> dict[int, str]:
    """The true face of every face-down card on Deluxe Memory's table, by position."""
    reference, faces = room.truth.reference()
    cells = reference.state()["cells"]
    return {pos: faces[cells[pos]] for pos, shown in enumerate(reference.view(None)["cells"]) if shown == "down"}


def test_no_match_claimed_on_a_pair_then_kept_face_down_is_found_by_the_end_check(monkeypatch):
    """Deluxe Memory: m picks a pair, says "no match" and pays to put both cards back face down. Nobody can tell
    until the end, when the end check names m."""
    room = table("deluxe-memory", seed="no match", peers=(LOCAL_PEER, "m"))
    room.control(room.host.start())
    at_turn(room, 1)
    down = face_down(room)
    first, second = next((p, q) for p in down for q in down if p < q and rank(down[p]) == rank(down[q]))
    lying(monkeypatch, 1)
    for pos in (first, second):
        room.send("m", room.clients["m"].act({"type": "pick", "pos": pos}))
    match = room.clients["m"].replica.match
    assert match.state()["phase"] == "put_back", "m's own copy believes its lie, and plays on"
    for pos in (first, second):
        room.send("m", room.clients["m"].act({"type": "hide", "pos": pos}))
    assert room.host.sequencer.replica.broken is None, "nobody can tell yet"
    play_out(room)
    assert_named(room, "m", peers=("w",))
    assert "false claim" in room.clients["w"].verdict.message


def test_a_match_claimed_on_cards_that_do_not_match_is_caught_at_once(monkeypatch):
    room = table("deluxe-memory", seed="false match", peers=(LOCAL_PEER, "m"))
    room.control(room.host.start())
    at_turn(room, 1)
    down = face_down(room)
    first, second = next((p, q) for p in down for q in down if p < q and rank(down[p]) != rank(down[q]))
    lying(monkeypatch, 1)
    for pos in (first, second):
        room.send("m", room.clients["m"].act({"type": "pick", "pos": pos}))
    assert room.host.sequencer.replica.broken is not None and room.host.sequencer.replica.broken.party == 1
    assert_named(room, "m", peers=("w",))


# ---------------------------------------------------------------------------------------- the sequencer


def late_watcher(room: Room, rewrite) -> None:
    """A watcher joins a game in play and is sent the whole log in one message, which the host rewrites."""
    room.rewrite = lambda peer, message: rewrite(message) if peer == "late" and message["type"] == "log" else message
    room.join("late")


def entries_of(message: dict, by: int) -> list[int]:
    """The indexes in a log message of the entries of party ``by``."""
    return [index for index, data in enumerate(message["entries"]) if data["by"] == by]


def started(game: str = "concentration", steps: int = 6) -> Room:
    room = table(game)
    room.control(room.host.start())
    players(room).play(until_step=steps)
    return room


def test_a_host_that_drops_a_partys_entry_is_named_by_the_counts():
    room = started()

    def dropped(message: dict) -> dict:
        del message["entries"][entries_of(message, 1)[2]]
        return message

    late_watcher(room, dropped)
    assert_named(room, None, peers=("late",), host_too=False)
    assert "skipped a message of seat 2's device" in room.clients["late"].verdict.message


def test_a_host_that_reorders_a_partys_entries_is_named_by_the_counts():
    room = started()

    def reordered(message: dict) -> dict:
        one, two = entries_of(message, 1)[1:3]
        entries = message["entries"]
        entries[one], entries[two] = entries[two], entries[one]
        return message

    late_watcher(room, reordered)
    assert_named(room, None, peers=("late",), host_too=False)


def test_a_host_that_forges_a_guests_entry_is_named():
    """The host writes a move for a's seat and signs it with its own key: no peer takes it."""
    room = started()
    host = room.host
    forged = host.sequencer.signer.sign("act", {"seat": 1, "state": 0, "action": {"type": "flip", "pos": 0}}, FORGED)
    data = {**forged.to_json(), "by": 1, "k": host.sequencer._next[1]}

    def forging(message: dict) -> dict:
        message["entries"].append(data)
        return message

    late_watcher(room, forging)
    assert_named(room, None, peers=("late",), host_too=False)
    assert "did not sign" in room.clients["late"].verdict.message


def test_an_entry_whose_signature_does_not_hold_is_refused_and_changes_nothing():
    room = started()
    host, client = room.host, room.clients["m"]
    entry = client.signer.sign("act", {"seat": 2, "state": 6, "action": {"type": "flip", "pos": 0}}, FORGED)
    data = {**entry.to_json(), "body": {**entry.body, "seat": 1}}
    before = host.save()
    outgoing = host.receive("m", encode("submit", entry=data), room.tick())
    assert [(out.peer, json.loads(out.text)["code"]) for out in outgoing] == [("m", "signature")]
    assert host.save() == before


# ------------------------------------------------------------------------------------------ the moves


def sequenced_anyway(room: Room, entry: Entry) -> None:
    """A host whose sequencer does not check: ``entry`` goes into the log, to every peer."""
    host = room.host
    host.sequencer._sequence(entry)
    room.control(host._after_entries())


def test_a_move_for_a_seat_not_held_is_refused_and_named_if_the_host_puts_it_in():
    room = started()
    host = room.host
    step = host.sequencer.replica.match.step
    acting = host.sequencer.replica.match.to_act()[0]
    action = host.sequencer.replica.match.legal_actions(acting)[0]
    before = host.save()
    outgoing = room.submit("m", "act", {"seat": 1, "state": step, "action": action})
    assert [json.loads(out.text)["code"] for out in outgoing] == ["seat"] and host.save() == before
    signer = room.clients["m"].signer  # back at the refused entry's count: its client took the error
    sequenced_anyway(room, signer.sign("act", {"seat": 1, "state": step, "action": action}, FORGED))
    assert_named(room, "m", peers=("a", "w"), host_too=False)
    assert "seat it does not hold" in room.clients["a"].verdict.message


def test_an_illegal_move_is_refused_and_named_if_the_host_puts_it_in():
    room = started()
    host = room.host
    match = host.sequencer.replica.match
    while 2 not in match.to_act():
        players(room).step()
    state = match.step
    with pytest.raises(IllegalAction):
        match.checked(2, {"type": "flip", "pos": 99})
    outgoing = room.submit("m", "act", {"seat": 2, "state": state, "action": {"type": "flip", "pos": 99}})
    assert [json.loads(out.text)["code"] for out in outgoing] == ["illegal"]
    signer = room.clients["m"].signer
    sequenced_anyway(
        room, signer.sign("act", {"seat": 2, "state": state, "action": {"type": "flip", "pos": 99}}, FORGED)
    )
    assert_named(room, "m", host_too=False)


def test_the_hosts_own_illegal_move_names_the_host_party():
    room = started()
    host = room.host
    state = host.sequencer.replica.match.step
    entry = host.sequencer.signer.sign(
        "act", {"seat": 0, "state": state, "action": {"type": "flip", "pos": 99}}, FORGED
    )
    sequenced_anyway(room, entry)
    assert_named(room, LOCAL_PEER, host_too=False)


# ------------------------------------------------------------------------------------------ the seating


@pytest.mark.parametrize("field", ["keys", "seals", "parties"])
def test_a_guest_refuses_a_seating_that_gives_its_seat_another_devices_key_or_seal(field):
    """The host's start message names another key or sealing commitment for a's seat, or puts a's seat in another
    party: a's device plays no part in that game, and says why."""
    room = table()

    def other(peer: str, message: dict) -> dict:
        if peer == "a" and message["type"] == "start":
            if field == "parties":  # a's seat in m's party, with m's key and commitment
                message["parties"] = [[0], [1, 2]]
                message["keys"], message["seals"] = (message[name][::2] for name in ("keys", "seals"))
            else:
                message[field][1] = message[field][2]
        return message

    room.rewrite = other
    room.control(room.host.start())
    client = room.clients["a"]
    assert client.replica is None and not client.verdict.ok
    assert "another device's keys for your seat" in client.verdict.message
