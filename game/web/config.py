"""What game to start: read from the page's URL or the game picker, checked, with messages a player can read.

A shared link, a daily puzzle and the embed all start a game the same way::

    ?game=ID&players=3&bots=2&level=hard&seed=7&first_player=random&names=Ana

``game`` is a game's id; ``bots`` is how many seats computer players take (the last seats); ``level`` is one
level for all of them or a comma-separated level per bot. Any other known parameter is a game option, given
as JSON (``8``, ``true``) or as a bare word (``random``). The page's own settings (``speed``, ``look``,
``suits``, ``theme``, ``save``) are read by :mod:`game.web.settings`, not here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..bots import LEVELS
from ..registry import GAMES, default_game
from .words import YOU, bot_name, person_name

DEFAULT_LEVEL = "medium"
MAX_NAME_CHARS = 24
# Parameters that belong to the page, not to the game; they may sit in the same URL.
PAGE_PARAMS = frozenset({"speed", "look", "suits", "theme", "sound", "save", "embed", "name"})
GAME_PARAMS = frozenset({"game", "players", "bots", "level", "seed", "names"})
# A room's network settings (game/web/invite.py; static/js/net/config.js reads relay, ice and via).
ROOM_PARAMS = frozenset({"transport", "relay", "ice", "via"})


@dataclass
class GameConfig:
    """A game to start: which one, the seats (people first, then bots), the seed and the options."""

    game: str = field(default_factory=default_game)
    players: int = 2
    bots: int = 1
    levels: list[str] = field(default_factory=lambda: [DEFAULT_LEVEL])
    seed: int | str | None = None
    options: dict = field(default_factory=dict)
    names: list[str] = field(default_factory=list)

    @property
    def people(self) -> int:
        """How many seats people play (the first seats)."""
        return self.players - self.bots

    def seat_names(self) -> list[str]:
        """A name for every seat: given names first, then "You" or "Player N", then the bots' names."""
        names = []
        for seat in range(self.people):
            if seat < len(self.names):
                names.append(self.names[seat])
            else:
                names.append(YOU if self.people == 1 else person_name(seat))
        names += [bot_name(bot, self.level_of(bot)) for bot in range(self.bots)]
        return names

    def level_of(self, bot: int) -> str:
        """The level of the ``bot``-th bot (0 is the first bot seat)."""
        return self.levels[bot] if bot < len(self.levels) else self.levels[-1]

    def to_json(self) -> dict:
        """The config as JSON, for the save."""
        return {
            "game": self.game,
            "players": self.players,
            "bots": self.bots,
            "levels": self.levels,
            "seed": self.seed,
            "options": self.options,
            "names": self.names,
        }

    @classmethod
    def from_json(cls, data: dict) -> GameConfig:
        """Rebuild and re-check a config saved by :meth:`to_json`; raise ``ValueError`` if it is not one."""
        if not isinstance(data, dict):
            raise ValueError("The saved game settings are not an object.")
        params = {
            "game": data.get("game"),
            "players": str(data.get("players")),
            "bots": str(data.get("bots")),
            "level": ",".join(data.get("levels") or []),
            "names": ",".join(data.get("names") or []),
        }
        config = from_params({key: value for key, value in params.items() if value}, options=data.get("options"))
        config.seed = data.get("seed")
        return config


def game_list() -> str:
    """The games as players know them, each with the word a link uses: "Name (id), Name (id), ..."."""
    return ", ".join(f"{GAMES[game_id].name} ({game_id})" for game_id in GAMES)


def from_params(params: dict[str, str], options: dict | None = None) -> GameConfig:
    """Build a config from URL query parameters (all strings); raise ``ValueError`` naming every bad one.

    Unknown parameters are errors too, so that a typo in a shared link is reported instead of ignored.
    ``options`` (already-typed values) replaces the option parameters, for saves.
    """
    game_id = params.get("game", default_game())
    if game_id not in GAMES:  # the rest depends on the game: nothing more can be checked
        raise ValueError(f"There is no game called {game_id!r}. The games are: {game_list()}.")
    rules = GAMES[game_id]
    problems: list[str] = []  # every bad parameter, each with its reason
    option_names = {option.name for option in rules.options}
    unknown = sorted(set(params) - GAME_PARAMS - PAGE_PARAMS - option_names)
    problems += [f"{rules.name} has no setting called {name!r}." for name in unknown]
    if unknown:
        problems.append(f"Its options are: {', '.join(sorted(option_names)) or 'none'}.")
    default_players = 2 if 2 in rules.player_counts else rules.min_players
    players = _whole_number(params, "players", default_players, problems)
    if players not in rules.player_counts:
        counts = ", ".join(str(n) for n in rules.player_counts)
        problems.append(f"{rules.name} is for {counts} players, not {players}.")
        players = default_players
    bots = _whole_number(params, "bots", 1 if players > 1 else 0, problems)
    if not 0 <= bots < players:
        problems.append(f"With {players} players there can be 0 to {players - 1} computer players, not {bots}.")
    levels = [level.strip().lower() for level in params.get("level", DEFAULT_LEVEL).split(",")]
    problems += [
        f"There is no bot level {level!r}. The levels are: {', '.join(LEVELS)}."
        for level in levels
        if level not in LEVELS
    ]
    if options is None:
        options = {name: _option_value(params[name]) for name in option_names if name in params}
    try:
        rules.check_options(players, options)  # the first bad option, in the option's own words
    except ValueError as error:
        problems.append(str(error))
    if problems:
        raise ValueError(" ".join(problems))
    names = [name.strip()[:MAX_NAME_CHARS] for name in params.get("names", "").split(",") if name.strip()]
    seed = params.get("seed")
    return GameConfig(game_id, players, bots, levels, _seed(seed) if seed else None, dict(options), names)


def to_params(config: GameConfig) -> dict[str, str]:
    """The URL query parameters that start ``config`` again (a share link); the inverse of :func:`from_params`."""
    params = {
        "game": config.game,
        "players": str(config.players),
        "bots": str(config.bots),
        "level": ",".join(config.levels),
    }
    if config.seed is not None:
        params["seed"] = str(config.seed)
    if config.names:
        params["names"] = ",".join(config.names)
    for name, value in config.options.items():
        params[name] = json.dumps(value)
    return params


def _whole_number(params: dict[str, str], name: str, default: int, problems: list[str]) -> int:
    """The parameter ``name`` as a whole number, or ``default`` when it is absent (or not one: then the reason
    goes to ``problems``)."""
    if name not in params:
        return default
    text = params[name].strip()
    if not text.isdigit():
        problems.append(f"The setting {name!r} must be a whole number; got {params[name]!r}.")
        return default
    return int(text)


def _seed(text: str) -> int | str:
    """A seed: a whole number when it looks like one, else the text itself (both replay the same deal)."""
    return int(text) if text.isdigit() else text


def _option_value(text: str):
    """An option value from the URL: JSON when it parses (``8``, ``true``, ``[...]``), else the bare word."""
    try:
        return json.loads(text)
    except ValueError:
        return text
