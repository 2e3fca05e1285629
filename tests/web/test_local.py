"""The local table's seat source: the table on screen, and its own policies (the save, the curtain, the bots' pace,
the records)."""

from __future__ import annotations

import pytest

from game.core import IllegalAction
from game.web import config
from game.web.effects import After
from game.web.games import presenter_for
from game.web.local import LocalSource
from game.web.settings import Settings
from game.web.source import Shown
from game.web.table import Table
from tests.support import table_for


def shown(source: LocalSource, still: bool = False) -> Shown:
    """The screen as a seat source is handed it: the table not drawn yet, nothing open on it."""
    presenter = presenter_for(source.game)
    return Shown(presenter, None, source.legal_actions(), still, False, {}, {}, Settings(speed="fast"))


def test_a_local_source_shows_the_table_on_screen():
    table = Table(config.from_params({"game": "cambio", "players": "3", "bots": "1"}), seed=4)
    source = LocalSource(table)
    assert source.table is table and source.game == "cambio" and source.shared
    assert source.view() == table.match.view(0) and source.legal_actions() == table.legal_actions()
    assert source.to_act() == table.match.to_act() and source.main_actor() == table.main_actor()
    since = source.event_count
    source.act(source.legal_actions()[0])
    assert source.event_count > since
    assert source.public_events(since) == table.match.events(None, since=since)
    assert source.seat_events(since) == table.match.events(0, since=since)
    with pytest.raises(IllegalAction):
        source.act({"type": "call_cambio_twice"})


def test_each_change_is_saved_once_and_a_save_not_yet_due_stays_owed():
    source = LocalSource(table_for(game="concentration", pairs=8, players=1, bots=0, seed=3))
    [dealt] = source.save()  # a new deal is saved
    assert dealt.due and source.save() == []
    source.act({"type": "flip", "pos": 0})
    [kept] = source.save(due=False)  # the page keeps it if it is put away first
    assert not kept.due and Table.from_json(kept.text).match.history == [[0, {"type": "flip", "pos": 0}]]
    [saved] = source.save()
    assert saved.due and saved.text == kept.text and source.save() == []


def test_the_curtain_names_the_person_the_game_waits_for_and_the_screen_goes_to_people_only():
    source = LocalSource(table_for(game="concentration", pairs=8, players=2, bots=0, seed=3))
    assert source.curtain_seat() is None and source.people() == [0, 1]
    source.act({"type": "flip", "pos": 0})
    while source.main_actor() == 0:  # turn up cards until a pair is missed: Ben's turn
        source.act(next(action for action in source.legal_actions()))
    assert source.curtain_seat() == 1
    source.pass_to(1)
    assert source.curtain_seat() is None and source.viewer == 1
    with_a_bot = LocalSource(table_for(game="concentration", pairs=8, players=2, bots=1, seed=3))
    with pytest.raises(ValueError, match="computer player"):
        with_a_bot.pass_to(1)


def test_a_bot_chooses_once_the_table_settles_and_never_while_the_screen_holds_still():
    source = LocalSource(table_for(game="concentration", pairs=8, players=2, bots=1, seed=4, first_player="random"))
    while source.main_actor() == 0:
        source.act(source.legal_actions()[0])
    assert source.settled(shown(source, still=True)) == []  # a look, a curtain or an interlude is up
    assert source.settled(shown(source)) == [After("bot", 0)]
    assert source.settled(shown(source)) == []  # one bot timer at a time
    assert source.timer("bot", shown(source)) == ([After("bot", 250, after_paint=False)], False)  # chosen: its pace
    moves = len(source.table.match.history)
    assert source.timer("bot", shown(source)) == ([], True) and len(source.table.match.history) == moves + 1


def test_a_game_counts_in_the_records_of_the_one_person_who_played_it():
    def level(**params) -> str | None:
        return LocalSource(table_for(game="concentration", pairs=8, **params)).record_level()

    assert level(players=1, bots=0) == "alone"
    assert level(players=2, bots=1, level="easy") == "easy"
    assert level(players=2, bots=0) is None  # a device passed around: nobody's own
