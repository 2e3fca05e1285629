"""The host's save: everything needed to resume a room after the host's page reloads.

It holds the settings (with the host's private identity key and the room's id), the lobby with each player's seat
secret and signing key, the seed's shuffle with its secret and each guest's sealing commitment, the host party's
own sealing seed, and the game's log. The game itself is not saved: the host's replica plays it again from the
log (``replica.py``). The save must stay on the host (or go, as a file, to the host's other device): it holds
the host's secrets, never a card another seat was shown. Connections are not saved: after a reload every player
reclaims their seat with its secret.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from .lobby import Lobby
from .log import Entry
from .messages import ProtocolError, hex64, integer, optional, record, text
from .sealing import Party
from .shuffle import Shuffle

if TYPE_CHECKING:
    from .host import Host

SAVE_FORMAT = "face-down-room/3"  # 3: sealed decks (the log, the sealing seeds)
PHASES_WITH_SHUFFLE = ("shuffle", "playing", "over")
PHASES_WITH_GAME = ("playing", "over")


def room_id(name: str, value: object) -> object:
    """A room's id as a host keeps it: up to 64 printable characters, or none (a host made without one)."""
    return value if value == "" else text(64)(name, value)


SETTINGS = record({"host_peer": optional(text(64)), "identity": hex64, "room": room_id})
SEALS = record({"seat": integer(0, 63), "seal": hex64})


def save_room(host: Host) -> str:
    """The room as JSON text."""
    settings = host.settings
    return json.dumps(
        {
            "format": SAVE_FORMAT,
            "phase": host.phase,
            "settings": {"host_peer": settings.host_peer, "identity": settings.identity, "room": settings.room},
            "lobby": host.lobby.to_json(),
            "shuffle": None if host.shuffle is None else host.shuffle.to_json(),
            "seals": [{"seat": seat, "seal": seal} for seat, seal in sorted(host.seals.items())],
            "seed": None if host.party is None else host.party.seed,
            "log": None if host.sequencer is None else [entry.to_json() for entry in host.sequencer.entries],
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
    try:
        SETTINGS("settings", data.get("settings"))
    except ProtocolError as error:
        raise ValueError(f"Its settings are wrong: {error}") from None
    host = host_class(**data["settings"], **arguments)
    host.lobby = Lobby.from_json(data.get("lobby"), now_ms)
    if phase != "lobby" and not host.lobby.ready():
        raise ValueError(f"A room in phase {phase!r} has an open seat.")
    host.phase = phase
    if (data.get("shuffle") is not None) != (phase in PHASES_WITH_SHUFFLE):
        raise ValueError(f"Its shuffle does not fit its phase {phase!r}.")
    if data.get("shuffle") is None:
        return host
    host.shuffle = Shuffle.from_json(data["shuffle"])
    seals = data.get("seals")
    if not isinstance(seals, list):
        raise ValueError("Its sealing commitments are missing.")
    host.seals = {SEALS("seal", item)["seat"]: item["seal"] for item in seals}
    host.party = Party(0, hex64("seed", data.get("seed")))
    if (data.get("log") is not None) != (phase in PHASES_WITH_GAME):
        raise ValueError(f"Its game does not fit its phase {phase!r}.")
    if data.get("log") is not None:
        entries = [Entry.from_json(item) for item in _list(data["log"])]
        host.sequencer = host.new_sequencer(entries)
        if host.sequencer.replica.broken is not None and not host.sequencer.replica.broken.unknown:
            raise ValueError(f"Its game does not replay: {host.sequencer.replica.broken.reason}")
    return host


def _list(value: object) -> list:
    if not isinstance(value, list):
        raise ValueError("Its log is not a list.")
    return value


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
