"""Rooms on the page, between the page's messages and the room controller: bad input is said, never raised."""

from __future__ import annotations

from game.web.config import from_params
from game.web.effects import CloseTransport, HideGame, Open, OpenTransport, Say
from game.web.room import Rooms
from tests.web.test_roomscreen import PAGE

CHOSEN = from_params({"game": "concentration", "players": "2"})


def test_creating_a_room_leaves_the_last_and_takes_the_game_off_the_screen():
    rooms = Rooms()
    first = rooms.create(CHOSEN, "", PAGE)
    assert rooms.entered and any(isinstance(effect, OpenTransport) for effect in first)
    again = rooms.create(CHOSEN, "", PAGE)
    assert isinstance(again[0], CloseTransport) and HideGame() in again  # the first room is left
    assert rooms.on_command("room-leave", None, None)[-1] == Open("new-game", True) and not rooms.entered


def test_a_room_file_that_is_no_room_file_is_refused_with_a_sentence_and_changes_nothing():
    rooms = Rooms()
    rooms.create(CHOSEN, "", PAGE)
    control, state = rooms.control, rooms.debug_state()
    assert rooms.imported("not a room file") == [Say("This file is not a Face Down room saved by its host.")]
    assert rooms.control is control and rooms.debug_state() == state


def test_a_damaged_invitation_is_said_and_the_page_belongs_to_no_room():
    rooms = Rooms()
    entered, effects = rooms.boot("#room=!!&key=x", "", {}, PAGE)
    assert not entered and effects == [Say("This invitation's room name is damaged: ask for the link again.")]
    assert rooms.boot("#nothing", "", {}, PAGE) == (False, []) and rooms.debug_state() == {"role": None}


def test_a_link_whose_network_settings_are_wrong_creates_no_room():
    rooms = Rooms()
    [said] = rooms.create(CHOSEN, "?transport=pigeon", PAGE)
    assert isinstance(said, Say) and not rooms.entered
