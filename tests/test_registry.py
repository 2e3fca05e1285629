"""The registry: each entry names its own game's parts and files, and nothing is imported before it is asked for."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game import registry
from game.registry import BOTS, ENTRIES, GAMES, PRESENTERS, Game, Parts, default_game

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("game", list(ENTRIES))
def test_each_entry_names_its_own_rules_bot_and_presenter(game):
    assert GAMES[game].id == BOTS[game].game == PRESENTERS[game].game == game


@pytest.mark.parametrize("game", list(ENTRIES.values()), ids=list(ENTRIES))
def test_each_entry_names_files_that_exist_and_options_the_game_has(game):
    assert (REPO / game.rules_page).is_file()
    assert not game.stylesheet or (REPO / game.stylesheet).is_file()
    assert set(game.test_only_options) <= {option.name for option in GAMES[game.id].options}
    assert game.summary.endswith(".") and "\n" not in game.summary


def test_the_first_entry_is_the_default_game():
    assert default_game() == next(iter(ENTRIES))


def test_keys_and_membership_import_nothing(monkeypatch):
    ghost = Game("ghost", "Nothing.", "game.no_such_module:RULES", "game.no_such_module:BOT", "x:y", "ghost.html")
    monkeypatch.setattr(registry, "ENTRIES", {"ghost": ghost})
    parts = Parts("rules")
    assert list(parts) == ["ghost"]
    assert "ghost" in parts and "other" not in parts
    assert len(parts) == 1
    assert "game.no_such_module" not in sys.modules
    with pytest.raises(ModuleNotFoundError):
        parts["ghost"]  # only a lookup imports


def test_a_lookup_imports_once_and_unknown_keys_raise_key_error(monkeypatch):
    dumps = Game("dumps", "JSON.", "json:dumps", "json:loads", "json:dump", "dumps.html")
    monkeypatch.setattr(registry, "ENTRIES", {"dumps": dumps})
    import json

    rules, bots = Parts("rules"), Parts("bot")
    assert rules["dumps"] is json.dumps and bots["dumps"] is json.loads
    assert rules.get("loads") is None
    with pytest.raises(KeyError):
        rules["loads"]
