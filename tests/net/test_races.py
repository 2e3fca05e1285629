"""Racing actions (Cambio's snaps and calls): the host takes them in the order they come while the moment their
senders saw lasts; the first right snap at a card wins, later ones are too late. Every peer applies them in the
order the host's log puts them in."""

from __future__ import annotations

import json

from game import GAMES, new_match
from game.cards import rank
from game.net import Host
from game.net.gate import LOCAL_PEER
from game.net.races import RaceWindow
from tests.net.support import Players, Room, host_plays, seat_everyone, seeded_entropy
from tests.support import FIRST_SEAT, fixed_deck

PEERS = ["a", "b", LOCAL_PEER]  # two guests, and the host's own player at seat 2
TWO_HANDS = [["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]]


def started_cambio(seed: str) -> tuple[Room, Host]:
    """Three players at a Cambio table, seat 0 (a guest) to start, dealt and ready."""
    host = Host("cambio", 3, FIRST_SEAT, host_peer=LOCAL_PEER, entropy=seeded_entropy(seed))
    room = Room(host, seed)
    seat_everyone(room, PEERS)
    room.control(host.start())
    return room, host


def match_of(host: Host):
    """The host's copy of the game (the order of play every peer follows)."""
    return host.sequencer.replica.match


def right_snaps(room: Room, seat: int) -> list[dict]:
    """The snaps ``seat`` may make now that would be right (the card matches the graveyard's top card): the test
    knows every card; no peer does."""
    reference, faces = room.truth.reference()
    hands, top = reference.state()["hands"], rank(reference.view(None)["graveyard"])
    return [
        action
        for action in reference.legal_actions(seat)
        if action["type"] == "snap" and rank(faces[hands[action["owner"]][action["slot"]]]) == top
    ]


def act(room: Room, seat: int, state: int, action: dict):
    """Seat ``seat``'s guest sends ``action`` quoting state ``state`` (a move decided a moment ago); the answer."""
    return room.submit(PEERS[seat], "act", {"seat": seat, "state": state, "action": action})


def race_ready(seed: str) -> tuple[Room, int, int, dict]:
    """Play until a snap window is open at the start of the host's player's turn, and a guest has a right snap.

    Returns the room, the guest with the right snap, the other guest, and that snap.
    """
    room, host = started_cambio(seed)
    players = Players(room, dict.fromkeys(PEERS, "medium"), seed)
    for _ in range(2000):
        match = match_of(host)
        view = match.view(None)
        if view["snap_open"] and view["turn"] == 2 and {"type": "draw", "source": "deck"} in match.legal_actions(2):
            for winner, loser in ((0, 1), (1, 0)):
                if right_snaps(room, winner) and match.legal_actions(loser):
                    return room, winner, loser, right_snaps(room, winner)[0]
        assert players.step(), "the game got stuck"
    raise AssertionError("no snap race came up")


def test_first_right_snap_wins_and_the_second_is_too_late():
    """Two snaps quoting the same state: the first (right) one is applied, the second is told "too late"."""
    room, winner, loser, snap = race_ready("race")
    host = room.host
    state = match_of(host).step
    window = match_of(host).race_window()
    second = next(action for action in match_of(host).legal_actions(loser) if action["type"] == "snap")
    # The turn goes on meanwhile: a deck draw keeps the window open, so the older state id still counts.
    room.control(host_plays(room, {"type": "draw", "source": "deck"}))
    assert match_of(host).step == state + 1 and match_of(host).race_window() == window
    act(room, winner, state, snap)
    assert match_of(host).history[-1] == [winner, snap]
    assert match_of(host).race_window() != window  # the snapped card is on top now, or a gift is being given
    before = host.save()
    outgoing = act(room, loser, state, second)
    assert [message.peer for message in outgoing] == [PEERS[loser]]
    error = json.loads(outgoing[0].text)
    assert error["code"] == "too_late" and error["message"].startswith("Too late")
    assert host.save() == before
    for peer in ("a", "b"):
        assert room.clients[peer].replica.match.history == match_of(host).history, "every copy took the same order"


def test_a_wrong_snap_leaves_the_window_to_the_next():
    """A wrong snap is applied (with its penalty) and the window stays open, so the next snap still counts."""
    room, winner, loser, snap = race_ready("wrong")
    host = room.host
    state = match_of(host).step
    reference, faces = room.truth.reference()
    hands, top = reference.state()["hands"], rank(reference.view(None)["graveyard"])
    wrong = [
        action
        for action in match_of(host).legal_actions(loser)
        if action["type"] == "snap"
        and action["owner"] != snap["owner"]  # a snap locks the hand it came from
        and rank(faces[hands[action["owner"]][action["slot"]]]) != top
    ]
    assert wrong, "the other seat has a card that does not match"
    act(room, loser, state, wrong[0])
    assert match_of(host).history[-1] == [loser, wrong[0]] and match_of(host).view(None)["snap_open"]
    assert any(event["type"] == "penalty" for event in room.clients[PEERS[loser]].replica.match.events(loser)[-2:])
    act(room, winner, state, snap)
    assert match_of(host).history[-1] == [winner, snap]


def test_snap_window_tracks_each_moment_the_rules_name():
    """A moment is identified by the state it began at; a new name, or a name back after a pause, is a new one."""
    window = RaceWindow()
    window.observe(0, None)
    assert not window.saw_open_window(0)
    window.observe(1, "round 1, 7S")
    window.observe(2, "round 1, 7S")  # a deck draw: the same moment
    assert window.saw_open_window(1) and window.saw_open_window(2) and not window.saw_open_window(0)
    window.observe(3, "round 1, 9D")  # a swap put a new card on top
    assert not window.saw_open_window(2) and window.saw_open_window(3)
    window.observe(4, None)  # a power being resolved: closed
    assert not window.saw_open_window(3)
    window.observe(5, "round 1, 9D")  # the power is over: the same card, a new moment
    assert not window.saw_open_window(4) and window.saw_open_window(5)
    assert RaceWindow.from_json(json.loads(json.dumps(window.to_json()))) == window


def test_the_rules_name_the_moments_games_without_racing_actions_have_none():
    match = new_match("cambio", 2, {"deck": fixed_deck([TWO_HANDS[0], TWO_HANDS[1]], "9C", ["7D"])}, seed=0)
    assert match.rules.racing == ("snap", "cambio")
    assert match.race_window() == "round 1, 9C"  # the round's starting card
    match.act(match.view(None)["turn"], {"type": "draw", "source": "deck"})
    assert match.race_window() == "round 1, 9C"
    match.act(match.view(None)["turn"], {"type": "discard"})
    assert match.race_window() is None  # the 7D's peek is being resolved
    for game in GAMES:
        if game != "cambio":
            assert GAMES[game].racing == () and new_match(game, 2, {}, seed=0).race_window() is None


def test_a_call_out_of_turn_races_like_a_snap():
    """A call quoting an older state counts while the moment its sender saw lasts."""
    room, host = started_cambio("call")
    state = match_of(host).step
    act(room, 0, state, {"type": "draw", "source": "deck"})
    act(room, 1, state, {"type": "cambio"})
    assert match_of(host).history[-1] == [1, {"type": "cambio"}] and match_of(host).view(None)["called"] == 1


def test_a_call_from_a_moment_that_has_passed_is_too_late():
    room, host = started_cambio("late call")
    state = match_of(host).step
    act(room, 0, state, {"type": "draw", "source": "deck"})
    act(room, 0, state + 1, {"type": "swap", "slot": 0})  # a new top card
    before = host.save()
    outgoing = act(room, 1, state, {"type": "cambio"})
    assert [json.loads(message.text)["code"] for message in outgoing] == ["too_late"]
    assert host.save() == before


def test_an_action_that_does_not_race_quoting_an_older_state_is_stale():
    room, host = started_cambio("stale")
    state = match_of(host).step
    act(room, 0, state, {"type": "draw", "source": "deck"})
    outgoing = act(room, 0, state, {"type": "swap", "slot": 0})
    assert [json.loads(message.text)["code"] for message in outgoing] == ["stale"]
    assert room.clients["a"].errors[-1]["code"] == "stale"
