"""The looks at one screen: at a device passed around, each person's private looks wait for them."""

from __future__ import annotations

from game.web.games import presenter_for
from game.web.local import LocalSource
from game.web.looks import Looks
from tests.support import table_for


def test_at_a_shared_device_each_persons_peek_waits_behind_the_curtain_for_them():
    table = table_for(game="cambio", players=2, bots=0, names="Ana,Ben", seed=2)
    source, looks = LocalSource(table), Looks()
    private = looks.take(presenter_for("cambio"), source, source.seat_events(0), 0, later=False)
    assert len(private) == 2  # Ana's peek at her two bottom cards, said to her screen reader only
    # Whoever holds the device may not be Ana: nothing shows until the curtain hands it to her.
    assert looks.shown == {} and looks.held is None and looks.curtain_for == 0 and looks.still
    hands = table.match.state()["hands"]
    looks.hand_to(0)
    assert sorted(looks.shown.values()) == sorted(hands[0][2:4]) and looks.held is not None
    looks.end()
    looks.hand_to(1)  # Ben's peek was kept for him, never shown to Ana
    assert sorted(looks.shown.values()) == sorted(hands[1][2:4]) and looks.curtain_for is None


def test_an_interlude_drops_the_looks_before_it_and_keeps_the_next_deals_for_later():
    table = table_for(game="cambio", players=2, bots=1, seed=2)
    source, looks = LocalSource(table), Looks()
    looks.take(presenter_for("cambio"), source, source.seat_events(0), 0, later=True)
    assert looks.shown == {} and not looks.still  # held for the seat until the interlude is over
    looks.hand_to(0)
    assert len(looks.shown) == 2 and looks.held is not None
    looks.drop()
    looks.hand_to(0)
    assert looks.shown == {} and looks.held is None
