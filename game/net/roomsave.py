"""The host's save: everything needed to resume a room after the host's page reloads.

It holds the settings (with the host's private identity key), the lobby with each player's seat
secret, the shuffle with its secret, the match (``Match.to_json``) and the moment racing actions
(``races.py``) are open in. It must stay on the host (or go, as a file, to the host's other device).
Connections are not saved: after a reload every player reclaims their seat with its secret.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ..match import Match
from .lobby import Lobby
from .races import RaceWindow
from .shuffle import Shuffle, derive_seed

if TYPE_CHECKING:
    from .host import Host

SAVE_FORMAT = "face-down-room/2"  # 2: the host's identity key; pledged nonces
PHASES_WITH_SHUFFLE = ("shuffle", "playing", "over")
PHASES_WITH_MATCH = ("playing", "over")


def save_room(host: Host) -> str:
    """The room as JSON text."""
    settings = host.settings
    return json.dumps(
        {
            "format": SAVE_FORMAT,
            "phase": host.phase,
            "settings": {
                "host_peer": settings.host_peer,
                "grace_ms": settings.grace_ms,
                "absent_bot": settings.absent_bot,
                "identity": settings.identity,
            },
            "lobby": host.lobby.to_json(),
            "shuffle": None if host.shuffle is None else host.shuffle.to_json(),
            "match": None if host.match is None else host.match.to_json(),
            "races": host.races.to_json(),
        },
        separators=(",", ":"),
    )


def load_room(host_class: type[Host], text: str, now_ms: int, **arguments: object) -> Host:
    """A host of ``host_class`` resumed from :func:`save_room`'s text; any damage raises ``ValueError``.

    ``arguments`` are the host's constructor arguments that are not saved (entropy, on_save).
    """
    try:
        return _load(host_class, text, now_ms, arguments)
    except (ValueError, TypeError, KeyError) as error:
        raise ValueError(f"This room save is damaged. {error}") from None


def _load(host_class: type[Host], text: str, now_ms: int, arguments: dict) -> Host:
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise ValueError("It is not valid JSON.") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ValueError("It is not a Face Down room, or comes from another version.")
    phase = data.get("phase")
    if phase not in ("lobby", *PHASES_WITH_SHUFFLE):
        raise ValueError(f"Unknown phase {phase!r}.")
    settings = data.get("settings")
    if not isinstance(settings, dict) or set(settings) != {"host_peer", "grace_ms", "absent_bot", "identity"}:
        raise ValueError("Its settings are missing or wrong.")
    host = host_class(**settings, **arguments)
    host.lobby = Lobby.from_json(data.get("lobby"), now_ms)
    if phase != "lobby" and not host.lobby.ready():
        raise ValueError(f"A room in phase {phase!r} has an open seat.")
    host.phase = phase
    host.races = RaceWindow.from_json(data.get("races"))
    if (data.get("shuffle") is not None) != (phase in PHASES_WITH_SHUFFLE):
        raise ValueError(f"Its shuffle does not fit its phase {phase!r}.")
    if data.get("shuffle") is not None:
        host.shuffle = Shuffle.from_json(data["shuffle"])
    if (data.get("match") is not None) != (phase in PHASES_WITH_MATCH):
        raise ValueError(f"Its match does not fit its phase {phase!r}.")
    if data.get("match") is not None:
        try:
            host.match = Match.from_json(data["match"])
        except ValueError as error:
            raise ValueError(f"Its match does not load ({str(error).rstrip('.')}).") from None
        _check_match(host)
    return host


def _check_match(host: Host) -> None:
    lobby, match = host.lobby, host.match
    if (match.game, match.players, match.options) != (lobby.game, lobby.players, lobby.options):
        raise ValueError("Its match is not the game the lobby set up.")
    if match.seed != derive_seed(host.shuffle.secret, list(host.shuffle.nonces.values())):
        raise ValueError("Its match was not dealt from its shuffle.")
    if (match.result() is not None) != (host.phase == "over"):
        raise ValueError("Its phase does not agree with whether the match is over.")


ROOM_FILE_FORMAT = "face-down-room-file/1"


def room_file(room: str, password: str, save: str, seat: dict | None = None) -> str:
    """The file a host exports to resume its room on another device: the room id, its password, the save,
    and ``seat``: what the host's own player keeps to reclaim its seat (seat, secret, shuffle evidence).

    The save holds the host's private key, so the device that resumes it is the same host to the guests.
    """
    return json.dumps(
        {"format": ROOM_FILE_FORMAT, "room": room, "key": password, "save": json.loads(save), "seat": seat}
    )


def read_room_file(text: str) -> tuple[str, str, str, dict | None]:
    """``(room id, password, save text, host's seat)`` from :func:`room_file`'s text; else ``ValueError`` saying why."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        data = None
    if not isinstance(data, dict) or data.get("format") != ROOM_FILE_FORMAT:
        raise ValueError("This file is not a Face Down room saved by its host.")
    room, password, save, seat = data.get("room"), data.get("key"), data.get("save"), data.get("seat")
    if not isinstance(room, str) or not isinstance(password, str) or not isinstance(save, dict):
        raise ValueError("This room file is damaged: it lacks the room, its password or its save.")
    if seat is not None and not isinstance(seat, dict):
        raise ValueError("This room file is damaged: its host's seat is not an object.")
    return room, password, json.dumps(save, separators=(",", ":")), seat
