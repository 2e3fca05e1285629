"""Timers: those a controller started (Due), and the page's, numbered by the app (Timers)."""

from __future__ import annotations

from game.web.effects import After, Cancel
from game.web.timers import Due, Timers


def test_a_controller_cancels_only_the_timers_it_has_due():
    due = Due()
    assert due.after("look", 2000, after_paint=False) == [After("look", 2000, after_paint=False)]
    assert "look" in due and due.cancel("bot") == []
    due.after("around", 0)
    due.ran("around")
    assert due.cancel_all() == [Cancel("look")] and "look" not in due


def test_a_timer_runs_once_and_not_after_it_was_replaced():
    timers = Timers()
    first = timers.start("screen", "owner", After("bot", 700))
    assert first == [{"effect": "After", "id": 1, "delay_ms": 700, "after_paint": True}]
    again = timers.start("screen", "owner", After("bot", 0, after_paint=False))
    assert again == [{"effect": "Cancel", "id": 1}, {"effect": "After", "id": 2, "delay_ms": 0, "after_paint": False}]
    assert timers.ran(1) is None
    assert timers.ran(2) == ("screen", "bot", "owner")
    assert timers.ran(2) is None


def test_a_room_timer_is_the_rooms_and_closing_cancels_them_all():
    timers = Timers()
    timers.start("room", "room", After("absent", 1000, after_paint=False))
    timers.start("room", "room", After("host-gone", 60_000, after_paint=False))
    timers.start("screen", "screen", After("bot", 0))
    assert timers.cancel_all("room") == [{"effect": "Cancel", "id": 1}, {"effect": "Cancel", "id": 2}]
    assert timers.ran(3) == ("screen", "bot", "screen")


def test_work_due_at_once_runs_in_the_worker_and_the_page_hears_nothing_of_it():
    ran = []
    timers = Timers(soon=ran.append)
    assert timers.start("screen", "screen", After("predict", 0, after_paint=False, work=True)) == []
    assert ran == [1]
    assert timers.cancel("screen", "predict") == []  # nothing to cancel on the page
    assert timers.ran(1) is None
