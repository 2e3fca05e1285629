"""Racing actions (Cambio's snaps and calls): the host takes them in arrival order while the moment their
senders saw lasts; the first right snap at a card wins, later ones are too late."""

from __future__ import annotations

import json

from game import GAMES, new_match
from game.cards import rank
from game.net import Host
from game.net.messages import encode
from game.net.races import RaceWindow
from tests.net.support import Agents, Room, seat_everyone, seeded_entropy
from tests.support import fixed_deck

PEERS = ["a", "b", "c"]
TWO_HANDS = [["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]]


def right_snaps(host: Host, seat: int) -> list[dict]:
    """The snaps ``seat`` may make now that would be right (the card matches the graveyard top)."""
    state = host.match.state()  # the test looks at the hidden cards to set up the race; the host never does
    top = rank(state["graveyard"][-1])
    return [
        action
        for action in host.match.legal_actions(seat)
        if action["type"] == "snap" and rank(state["hands"][action["owner"]][action["slot"]]) == top
    ]


def race_ready(seed: str) -> tuple[Room, int, int, int, dict]:
    """Play until a snap window is open at the start of a turn and a seat other than the turn's has a right snap.

    Returns the room, the turn seat, the seat with the right snap, a third seat, and that snap.
    """
    host = Host("cambio", 3, entropy=seeded_entropy(seed))
    room = Room(host, seed)
    seat_everyone(room, PEERS)
    room.deliver(host.start())
    agents = Agents(room, dict.fromkeys(PEERS, "medium"), seed)
    for _ in range(2000):
        view = host.match.view(None)
        if (
            view["snap_open"]
            and view["phase"] == "turn"
            and {"type": "draw", "source": "deck"} in (host.match.legal_actions(view["turn"]))
        ):
            turn = view["turn"]
            for seat in range(3):
                others = [other for other in range(3) if other not in (turn, seat)]
                if seat != turn and right_snaps(host, seat) and host.match.legal_actions(others[0]):
                    return room, turn, seat, others[0], right_snaps(host, seat)[0]
        assert agents.step(), "the game got stuck"
    raise AssertionError("no snap race came up")


def test_first_right_snap_wins_and_the_second_is_too_late():
    """Two snaps quoting the same state: the first (right) one is applied, the second is told "too late"."""
    room, turn, winner, loser, snap = race_ready("race")
    host = room.host
    state = host.match.step
    window = host.match.race_window()
    peer = {seat: PEERS[seat] for seat in range(3)}
    second = next(action for action in host.match.legal_actions(loser) if action["type"] == "snap")
    # The turn goes on meanwhile: a deck draw keeps the window open, so the older state id still counts.
    room.send(peer[turn], encode("act", state=state, action={"type": "draw", "source": "deck"}))
    assert host.match.step == state + 1 and host.match.race_window() == window
    room.send(peer[winner], encode("act", state=state, action=snap))
    assert host.match.history[-1] == [winner, snap]
    assert host.match.race_window() != window  # the snapped card is on top now, or a gift is being given
    before = host.save()
    outgoing = host.receive(peer[loser], encode("act", state=state, action=second), room.tick())
    assert [message.peer for message in outgoing] == [peer[loser]]
    error = json.loads(outgoing[0].text)
    assert error["code"] == "too_late" and error["message"].startswith("Too late")
    assert host.save() == before


def test_a_wrong_snap_leaves_the_window_to_the_next():
    """A wrong snap is applied (with its penalty) and the window stays open, so the next snap still counts."""
    room, _turn, winner, loser, snap = race_ready("wrong")
    host = room.host
    state = host.match.step
    top = rank(host.match.state()["graveyard"][-1])
    wrong = [
        action
        for action in host.match.legal_actions(loser)
        if action["type"] == "snap"
        and action["owner"] != snap["owner"]  # a snap locks the hand it came from
        and rank(host.match.state()["hands"][action["owner"]][action["slot"]]) != top
    ]
    assert wrong, "the other seat has a card that does not match"
    room.send(PEERS[loser], encode("act", state=state, action=wrong[0]))
    assert host.match.history[-1] == [loser, wrong[0]] and host.match.view(None)["snap_open"]
    assert any(event["type"] == "penalty" for event in room.clients[PEERS[loser]].events[-2:])
    room.send(PEERS[winner], encode("act", state=state, action=snap))
    assert host.match.history[-1] == [winner, snap]


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


def started_cambio(seed: str) -> tuple[Room, Host]:
    """Three players at a Cambio table, seat 0 to start, dealt and ready."""
    host = Host("cambio", 3, {"first_player": "first seat"}, entropy=seeded_entropy(seed))
    room = Room(host, seed)
    seat_everyone(room, PEERS)
    room.deliver(host.start())
    return room, host


def test_a_call_out_of_turn_races_like_a_snap():
    """A call quoting an older state counts while the moment its sender saw lasts."""
    room, host = started_cambio("call")
    state = host.match.step
    room.send(PEERS[0], encode("act", state=state, action={"type": "draw", "source": "deck"}))
    room.send(PEERS[2], encode("act", state=state, action={"type": "cambio"}))
    assert host.match.history[-1] == [2, {"type": "cambio"}] and host.match.view(None)["called"] == 2


def test_a_call_from_a_moment_that_has_passed_is_too_late():
    room, host = started_cambio("late call")
    state = host.match.step
    room.send(PEERS[0], encode("act", state=state, action={"type": "draw", "source": "deck"}))
    room.send(PEERS[0], encode("act", state=state + 1, action={"type": "swap", "slot": 0}))  # a new top card
    before = host.save()
    outgoing = host.receive(PEERS[2], encode("act", state=state, action={"type": "cambio"}), room.tick())
    assert [json.loads(message.text)["code"] for message in outgoing] == ["too_late"]
    assert host.save() == before


def test_an_action_that_does_not_race_quoting_an_older_state_is_stale():
    room, host = started_cambio("stale")
    state = host.match.step
    room.send(PEERS[0], encode("act", state=state, action={"type": "draw", "source": "deck"}))
    outgoing = host.receive(PEERS[0], encode("act", state=state, action={"type": "swap", "slot": 0}), room.tick())
    assert [json.loads(message.text)["code"] for message in outgoing] == ["stale"]
