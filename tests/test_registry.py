"""The registries of games and bots: every id finds its own entry, and nothing is imported before it is asked for."""

import pytest

from game.bots import BOTS
from game.registry import GAMES, Registry


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_id_names_its_own_rules(game):
    assert GAMES[game].id == game


@pytest.mark.parametrize("game", list(BOTS))
def test_each_bot_id_names_its_own_game(game):
    assert BOTS[game].game == game


def test_every_game_has_a_bot():
    assert list(BOTS) == list(GAMES)


def test_keys_and_membership_import_nothing():
    registry = Registry({"ghost": "game.no_such_module:THING"})
    assert list(registry) == ["ghost"]
    assert "ghost" in registry and "other" not in registry
    assert len(registry) == 1
    with pytest.raises(ModuleNotFoundError):
        registry["ghost"]  # only a lookup imports


def test_a_lookup_imports_once_and_unknown_keys_raise_key_error():
    registry = Registry({"dumps": "json:dumps"})
    import json

    assert registry["dumps"] is json.dumps
    assert registry.get("loads") is None
    with pytest.raises(KeyError):
        registry["loads"]
