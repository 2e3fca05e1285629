"""The static picker in index.html is the one generated from the game registry."""

from __future__ import annotations

from html.parser import HTMLParser

from game.registry import GAMES
from game.web import picker


def test_index_html_holds_the_generated_picker():
    assert picker.embedded() == picker.picker_html(), "run: python -m game.web.picker --write"


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
    for game_id, rules in GAMES.items():
        options = {option.name for option in rules.options} - set(picker.TEST_ONLY_OPTIONS)
        assert fields.names[game_id] == {"players", "bots"} | options
