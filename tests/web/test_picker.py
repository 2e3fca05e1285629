"""The picker generated from the game registry: every game with its players, bots and the options players set."""

from __future__ import annotations

from html.parser import HTMLParser

from game.registry import ENTRIES, GAMES
from game.web import picker


class _Fields(HTMLParser):
    def __init__(self):
        super().__init__()
        self.fieldset = None
        self.names: dict[str | None, set[str]] = {}

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "fieldset":
            self.fieldset = attributes.get("data-game")
        if tag in ("select", "input") and "name" in attributes:
            self.names.setdefault(self.fieldset, set()).add(attributes["name"])

    def handle_endtag(self, tag):
        if tag == "fieldset":
            self.fieldset = None


def test_every_game_offers_its_players_bots_and_options():
    fields = _Fields()
    fields.feed(picker.picker_html())
    assert fields.names[None] == {"game", "level", "names"}
    for game in ENTRIES.values():
        options = {option.name for option in GAMES[game.id].options} - set(game.test_only_options)
        assert fields.names[game.id] == {"players", "bots"} | options
