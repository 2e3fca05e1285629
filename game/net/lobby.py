"""The room before and around the match: the game, its options, and who sits where.

A seat is open, a player's (bound to the connection that claimed it, with that player's secret), or
a bot's. The lobby knows nothing of messages; the host turns its changes into them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bots import BOTS, LEVELS
from ..registry import GAMES
from .messages import NAME, SEAT_KINDS, hex64, integer, json_object, list_of, one_of, optional, public_key, record

OPEN, PLAYER, BOT = SEAT_KINDS


@dataclass
class Seat:
    """One seat: its kind, a display name, a bot's level, a player's secret and live connection."""

    kind: str = OPEN
    name: str | None = None
    level: str | None = None
    secret: str | None = None
    peer: str | None = None  # the connection bound to it now; None while its player is away
    left_at: int | None = None  # when (ms) its player's connection went
    key: str | None = None  # a player's device's public signing key (hex), which signs its entries in a game

    def to_json(self) -> dict:
        """The seat for the host's save: no connection, since connections do not survive a reload."""
        return {"kind": self.kind, "name": self.name, "level": self.level, "secret": self.secret, "key": self.key}


SAVED_SEAT = record(
    {
        "kind": one_of(*SEAT_KINDS),
        "name": optional(NAME),
        "level": optional(one_of(*LEVELS)),
        "secret": optional(hex64),
        "key": optional(public_key),
    }
)
SAVED_LOBBY = record(
    {"game": one_of(*GAMES), "players": integer(1, 63), "options": json_object, "seats": list_of(SAVED_SEAT, 64)}
)


def check_game(game: object, players: object, options: object) -> dict:
    """The game's full options (defaults filled in) if a room may deal it; else ``ValueError`` saying why.

    Options that fix the deal (``deck``, and any other option without choices whose default is
    ``null``) must stay unset: a room deals a fair shuffle, and options go to every peer,
    so a fixed deal would show every card to everyone.
    """
    if game not in GAMES:
        raise ValueError(f"Unknown game {game!r}; the games are: {', '.join(GAMES)}.")
    rules = GAMES[game]
    if game not in BOTS:
        raise ValueError(f"{rules.name} has no computer player, so a room cannot fill its seats.")
    if not isinstance(players, int) or isinstance(players, bool) or players not in rules.player_counts:
        raise ValueError(f"{rules.name} is for {', '.join(map(str, rules.player_counts))} players; got {players!r}.")
    checked = rules.check_options(players, {} if options is None else options)
    for option in rules.options:
        if option.default is None and not option.choices and checked[option.name] is not None:
            raise ValueError(f"A room deals a fair shuffle, so the option {option.name!r} must stay unset.")
    return checked


class Lobby:
    """The game, players and options the host chose, and the seats."""

    def __init__(self, game: str, players: int, options: dict | None = None):
        self.options = check_game(game, players, options)
        self.game = game
        self.players = players
        self.seats = [Seat() for _ in range(players)]

    def configure(self, game: str, players: int, options: dict | None = None) -> None:
        """Change the game, players or options; seats past the new count are dropped. ``ValueError`` if wrong."""
        self.options = check_game(game, players, options)
        self.game, self.players = game, players
        self.seats = (self.seats + [Seat() for _ in range(players)])[:players]

    def check_seat(self, seat: object) -> int:
        """``seat`` if it is a seat number at this table, else ``ValueError``."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise ValueError(f"There is no seat {seat!r} at this table (seats 0 to {self.players - 1}).")
        return seat

    def seat_of(self, peer: str) -> int | None:
        """The seat bound to connection ``peer``, or ``None`` (a spectator)."""
        return next((index for index, seat in enumerate(self.seats) if seat.peer == peer), None)

    def seat_player(self, seat: int, peer: str, name: str | None, secret: str, key: str | None) -> None:
        """Give ``seat`` to the player on connection ``peer``, with a fresh secret and its device's signing key."""
        self.seats[seat] = Seat(PLAYER, name, None, secret, peer, key=key)

    def seat_bot(self, seat: int, level: str) -> None:
        """Give ``seat`` to a bot of ``level``; ``ValueError`` for an unknown level."""
        if level not in LEVELS:
            raise ValueError(f"Unknown bot level {level!r}; the levels are: {', '.join(LEVELS)}.")
        self.seats[seat] = Seat(BOT, None, level)

    def open_seat(self, seat: int) -> None:
        """Empty ``seat``; its secret is forgotten, so its old player cannot reclaim it."""
        self.seats[seat] = Seat()

    def ready(self) -> bool:
        """True when every seat has a player or a bot."""
        return all(seat.kind != OPEN for seat in self.seats)

    def public(self, you: int | None, host_peer: str | None = None) -> dict:
        """The lobby message's fields for a peer at seat ``you``: never a secret, never a connection id (``host``
        marks the seat of the host's own player, connection ``host_peer``)."""
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seats": [
                {
                    "seat": index,
                    "kind": seat.kind,
                    "name": seat.name,
                    "level": seat.level,
                    "connected": seat.kind == BOT or seat.peer is not None,
                    "host": host_peer is not None and seat.peer == host_peer,
                }
                for index, seat in enumerate(self.seats)
            ],
            "you": you,
        }

    def to_json(self) -> dict:
        """The lobby for the host's save."""
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seats": [seat.to_json() for seat in self.seats],
        }

    @classmethod
    def from_json(cls, data: object, now_ms: int) -> Lobby:
        """Rebuild from :meth:`to_json`; every player counts as away since ``now_ms``. Damage: ``ValueError``.

        Options added since the save was made take their old behaviour (``Rules.saved_options``), as its match does.
        """
        SAVED_LOBBY("lobby", data)
        lobby = cls(data["game"], data["players"], GAMES[data["game"]].saved_options(data["options"]))
        if len(data["seats"]) != lobby.players:
            raise ValueError(f"The lobby has {len(data['seats'])} seats for {lobby.players} players.")
        for index, saved in enumerate(data["seats"]):
            if (saved["kind"] == PLAYER) != (saved["secret"] is not None) or (saved["kind"] == BOT) != (
                saved["level"] is not None
            ):
                raise ValueError(f"Seat {index} is inconsistent: a player's seat has a secret, a bot's a level.")
            left_at = now_ms if saved["kind"] == PLAYER else None
            lobby.seats[index] = Seat(
                saved["kind"], saved["name"], saved["level"], saved["secret"], None, left_at, saved["key"]
            )
        return lobby
