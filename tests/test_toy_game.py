"""Adding a game is its own files plus one registry entry: a toy game (tests/toy.py), registered and nothing else,
is played by the property suite, the bots and the arena, offered by the picker, listed by the rules index, and
drawn by the screen through its presenter."""

from __future__ import annotations

import importlib
import re

import pytest

from game.bots import autoplay
from game.bots.arena import main as arena
from game.match import new_match
from game.registry import ENTRIES
from game.web import config, pages
from game.web.effects import DrawTable
from game.web.games import presenter_for
from game.web.local import LocalSource
from game.web.picker import picker_html
from game.web.screen import Screen
from game.web.settings import Settings
from game.web.table import Table
from tests.toy import PRESENTER, TOY

PROPERTIES = (
    "test_random_play_ends_and_round_trips",
    "test_json_round_trip_mid_game_continues_identically",
    "test_cards_are_conserved_and_nothing_leaks",
    "test_illegal_actions_are_rejected_unchanged",
)


@pytest.fixture
def toy_alone():
    """The registry with the toy game as its one entry: every list of games holds it, and only it."""
    games = dict(ENTRIES)
    ENTRIES.clear()
    ENTRIES[TOY.id] = TOY
    yield
    ENTRIES.clear()
    ENTRIES.update(games)
    importlib.reload(importlib.import_module("tests.test_properties"))  # as collected: every real game


def test_the_property_suite_runs_for_the_toy(toy_alone):
    suite = importlib.reload(importlib.import_module("tests.test_properties"))  # collected anew, as a run would
    for name in PROPERTIES:
        test = getattr(suite, name)
        (games,) = [mark.args[1] for mark in test.pytestmark if mark.name == "parametrize"]
        assert list(games) == ["toy"]
        test(game="toy")


def test_the_bots_and_the_arena_play_the_toy(toy_alone, capsys):
    match = new_match("toy", 2, {}, seed=1)
    autoplay(match, {0: "perfect", 1: "easy"}, seed=1)
    assert match.result() is not None
    assert arena(["--timing"]) == 0
    rows = re.findall(r"^\| (\S+) \| (\w+) \|", capsys.readouterr().out, re.MULTILINE)
    assert {game for game, _ in rows if game != "game"} == {"toy"}


def test_the_picker_offers_the_toy_and_the_rules_index_lists_it(toy_alone):
    picker = picker_html()
    assert '<input type="radio" name="game" value="toy" id="game-toy" checked>' in picker
    assert '<fieldset class="game-fields" data-game="toy"><legend>Toy Peek</legend>' in picker
    assert 'name="first_player"' in picker and 'name="deck"' not in picker  # its test-only option stays out
    assert f'<a href="toy.html">Toy Peek</a>\n<p>1 or 2 players. {TOY.summary}</p>' in pages.rules_index()


def test_the_screen_draws_the_toy_with_its_presenter(toy_alone):
    assert presenter_for("toy") is PRESENTER
    table = Table(config.from_params({"players": "1", "bots": "0", "seed": "3"}), 3)  # the default game: the toy
    screen = Screen(LocalSource(table), presenter_for(table.config.game), Settings(look_ms=0))
    (draw,) = [effect for effect in screen.start(deal=True) if isinstance(effect, DrawTable)]
    assert 'class="board board-toy"' in draw.html and draw.html.count('data-legal="true"') == 4
