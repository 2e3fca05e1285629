"""The game picker's HTML, generated from the game registry and kept inside index.html.

The picker must paint before Python has loaded, so it is static HTML in ``index.html``. To keep it
true to the games' real player counts and options, it is generated here and written into the page by
``python -m game.web.pages --write``; a test fails when the two differ.

Field names are the URL parameters of :mod:`game.web.config`, so the page reads the picker exactly
as it reads a shared link. The game is a radio button per game, shown as a card with a small picture of
its table (:mod:`game.web.pictures`); each game's fields follow its card, in a fieldset that CSS shows
only while that game is checked, so the picker works before any script runs and its CSS names no game.
"""

from __future__ import annotations

import json
from html import escape

from ..bots import LEVELS
from ..registry import ENTRIES, GAMES, Game, default_game
from .config import DEFAULT_LEVEL
from .pictures import table_picture


def picker_html() -> str:
    """The whole picker form."""
    levels = "".join(
        f'<option value="{level}"{" selected" if level == DEFAULT_LEVEL else ""}>{level.capitalize()}</option>'
        for level in LEVELS
    )
    games = "\n".join(_game_choice(game) + _game_fieldset(game) for game in ENTRIES.values())
    return (
        '<form id="picker" class="picker" aria-label="New game">\n'
        f'<div class="games" role="group" aria-label="Game">\n{games}\n</div>\n'
        f'<label class="field">Computer players\' level <select name="level">{levels}</select></label>\n'
        '<label class="field">Names of the people playing <input name="names" maxlength="100" '
        'placeholder="Ana, Ben" autocomplete="off"></label>\n'
        '<p><button type="submit" class="primary">Start</button> '
        '<span class="picker-status" role="status"></span></p>\n'
        "</form>"
    )


def _game_choice(game: Game) -> str:
    """The game's radio button, as a card with the picture of its table and its name."""
    checked = " checked" if game.id == default_game() else ""
    return (
        f'<input type="radio" name="game" value="{game.id}" id="game-{game.id}"{checked}>'
        f'<label class="game-card" for="game-{game.id}">{table_picture(game.id)}'
        f'<span class="game-name">{escape(GAMES[game.id].name)}</span></label>'
    )


def _game_fieldset(game: Game) -> str:
    rules = GAMES[game.id]
    default_players = 2 if 2 in rules.player_counts else rules.min_players
    players = "".join(
        f'<option value="{n}"{" selected" if n == default_players else ""}>{n}</option>' for n in rules.player_counts
    )
    bots = "".join(f'<option value="{n}"{" selected" if n == 1 else ""}>{n}</option>' for n in range(rules.max_players))
    options = "".join(_option_field(option) for option in rules.options if option.name not in game.test_only_options)
    return (
        f'<fieldset class="game-fields" data-game="{rules.id}"><legend>{escape(rules.name)}</legend>'
        f'<p class="summary">{escape(game.summary)} '
        f'<a href="{game.rules_page}" target="_blank" rel="noopener">Rules</a></p>'
        f'<label class="field">Players <select name="players">{players}</select></label>'
        f'<label class="field">of them computer players <select name="bots">{bots}</select></label>'
        f"{options}</fieldset>"
    )


def _option_field(option) -> str:
    name, description = escape(option.name), escape(option.description)
    title = escape(option.name.replace("_", " ").capitalize())
    if option.choices:
        choices = "".join(
            f'<option value="{escape(json.dumps(choice))}"{" selected" if choice == option.default else ""}>'
            f"{escape(str(choice))}</option>"
            for choice in option.choices
        )
        select = f'<select name="{name}">{choices}</select>'
        return f'<label class="field">{title} {select} <small>{description}</small></label>'
    checked = " checked" if option.default else ""
    return (
        f'<label class="field check"><input type="checkbox" name="{name}" value="true"{checked}> '
        f"{title} <small>{description}</small></label>"
    )
