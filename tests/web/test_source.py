"""Seat sources: a local table and a room's seat give the page the same things, and a room's log hides nothing less."""

from __future__ import annotations

import json
import random

import pytest

from game import GAMES, new_match
from game.core import IllegalAction
from game.web.effects import ToHost
from game.web.games import presenter_for
from game.web.source import RoomSource, seat_names
from tests.net.support import Truth
from tests.support import random_step
from tests.web.support import room_at_play


def test_a_room_source_shows_what_the_seat_was_shown():
    """Each seat's source shows exactly what a match knowing every card shows that seat, no more."""
    room, sources = room_at_play()
    reference, _ = Truth(room).reference()
    for seat, source in enumerate(sources.values()):
        assert source.table is None and not source.shared and source.viewer == seat
        assert source.game == "cambio" and source.names == ["Player a", "Player b", "Player c"]
        assert source.view() == reference.view(seat)
        assert source.legal_actions() == reference.legal_actions(seat)
        assert source.to_act() == reference.to_act()
        assert source.seat_events(0) == reference.events(seat)
        assert source.public_events(0) == reference.events(None)
        assert not source.over


def test_a_room_move_goes_to_the_host_and_nothing_is_clickable_until_it_answers():
    room, sources = room_at_play()
    match = room.host.sequencer.replica.match
    actor = match.to_act()[0]
    peer, source = list(sources.items())[actor]
    legal = source.legal_actions()
    with pytest.raises(IllegalAction, match="can't do that now"):
        source.act({"type": "peek", "slots": [9]})
    assert not source.waiting, "a move the host did not offer is not even sent"
    [sent] = source.act(legal[0])
    entry = json.loads(sent.text)["entry"]
    assert isinstance(sent, ToHost) and entry["body"] == {"seat": actor, "state": 0, "action": legal[0]}
    assert source.waiting and source.legal_actions() == []
    room.send(peer, sent.text)  # the host's answer arrives
    own = room.clients[peer].replica.match
    assert not source.waiting and match.step == own.step == 1 and source.legal_actions() == own.legal_actions(actor)


def test_the_main_actor_is_the_turn_player_while_several_may_act():
    room, sources = room_at_play()
    match = room.host.sequencer.replica.match
    rng = random.Random(3)
    several = 0
    while match.result() is None and several < 5:
        source = sources["a"]
        if len(match.to_act()) > 1:
            several += 1
            assert source.main_actor() == match.view(None)["turn"]
        elif match.to_act():
            assert source.main_actor() == match.to_act()[0]
        seat, action = random_step(match, rng)
        room.send("abc"[seat], room.clients["abc"[seat]].act(action))
    assert several, "a snap window opened"


@pytest.mark.parametrize("game", list(GAMES))
def test_presenters_describe_only_what_every_seat_sees(game):
    """A room's log is written from the seat's own events: it must read exactly as the spectator's would."""
    presenter = presenter_for(game)
    players = GAMES[game].player_counts[1] if len(GAMES[game].player_counts) > 1 else GAMES[game].min_players
    names = [f"P{seat}" for seat in range(players)]
    private = 0
    for seed in range(3):
        match = new_match(game, players, {}, seed=seed)
        rng = random.Random(seed)
        while match.result() is None:
            match.act(*random_step(match, rng))
        public = [presenter.describe(event, names) for event in match.events(None)]
        for seat in range(players):
            events = match.events(seat)
            private += sum("to" in event and seat in event["to"] for event in events)
            assert [presenter.describe(event, names) for event in events] == public
    assert private or game in ("concentration", "matches"), "every turn of these two is public; the others look"


def test_seat_names_come_from_the_lobby():
    lobby = {
        "seats": [
            {"seat": 0, "kind": "player", "name": "Ana"},
            {"seat": 1, "kind": "bot", "name": None, "level": "hard"},
            {"seat": 2, "kind": "player", "name": None},
            {"seat": 3, "kind": "bot", "name": None, "level": "easy"},
            {"seat": 4, "kind": "open", "name": None},
        ]
    }
    assert seat_names(lobby) == ["Ana", "Ada (Hard)", "Player 3", "Bram (Easy)", "Player 5"]


def test_a_spectator_source_may_do_nothing():
    room, _ = room_at_play("concentration", 2)
    watcher = room.join("watcher")
    source = RoomSource(watcher)
    assert source.viewer is None and source.legal_actions() == []
    assert source.view() == room.host.sequencer.replica.match.view(None)


def test_a_room_source_draws_its_last_game_while_its_client_makes_its_copy_again():
    """Between a start that makes the client's copy again and the room's news, the screen may draw: it draws the
    game it had, and nothing is clickable."""
    room, sources = room_at_play("concentration", 2)
    source = sources["a"]
    view = source.view()
    room.clients["a"].replica = None
    assert source.view() == view and source.waiting and source.legal_actions() == []
