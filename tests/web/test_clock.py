"""The countdown of a timed choice: Deluxe Memory's rearranging, with Jokin' Around."""

from __future__ import annotations

from game.web.clock import Clock
from game.web.effects import After, Cancel, Show, Write
from game.web.games import presenter_for
from tests.web.games.test_deluxe_memory import deal


def rearranging():
    """A match in which seat 0 has turned up both jokers: sixty seconds to rearrange."""
    match = deal(["RJ", "BJ"], jokers=True)
    match.act(0, {"type": "pick", "pos": 0})
    match.act(0, {"type": "pick", "pos": 1})
    return match


def test_the_clock_counts_the_seconds_down_and_then_names_the_action_to_play():
    match, presenter, clock = rearranging(), presenter_for("deluxe-memory"), Clock()
    started = clock.update(presenter, match.view(0), acting=True)
    assert started == [Write("clock", "60 s left", html=False), Show("clock", True), After("clock", 1000, False)]
    assert clock.update(presenter, match.view(0), acting=True) == []  # the same choice keeps its clock
    for left in range(59, 0, -1):
        effects, due = clock.tick(presenter, match.view(0))
        assert due is None and effects[0] == Write("clock", f"{left} s left", html=False)
    effects, due = clock.tick(presenter, match.view(0))
    assert effects == [Show("clock", False)] and due == presenter.deadline(match.view(0))[1]


def test_the_clock_stops_when_the_seat_no_longer_chooses():
    match, presenter, clock = rearranging(), presenter_for("deluxe-memory"), Clock()
    clock.update(presenter, match.view(0), acting=True)
    assert clock.update(presenter, match.view(0), acting=False) == [Cancel("clock"), Show("clock", False)]
    assert clock.update(presenter, match.view(0), acting=False) == []
