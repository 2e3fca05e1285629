"""The wire format: versioned JSON messages, each field checked against a schema, none over 64 KB.

Every message is one JSON object ``{"v": 2, "type": ..., <fields>}``. :func:`decode` refuses anything
else with a :class:`ProtocolError` whose ``code`` says what kind of refusal it is, and never raises
anything but that: a peer's bytes must never crash the host. A message carries exactly the fields
its type's schema lists, no more, no fewer, so a client cannot slip a ``"seat"`` into an action.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import accumulate

PROTOCOL = 2  # 2: sealed decks (every peer replays the game from the signed log)
MAX_MESSAGE_BYTES = 64 * 1024
# JSON nests a few levels deep here. A deeper message is refused before parsing: inside Pyodide, a
# parser recursing 20,000 levels overflows the WebAssembly stack and kills the interpreter.
MAX_DEPTH = 32
JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
BRACKET = re.compile(r"[\[\]{}]")
# Room left in a message around its list of events or log entries, for the envelope and the view.
ENVELOPE_BYTES = 2048

HEX64 = re.compile(r"[0-9a-f]{64}")
MAX_NAME_CHARS = 40
MAX_ACTION_KEYS = 8
MAX_ACTION_KEY_CHARS = 20
MAX_ACTION_TEXT_CHARS = 64
MAX_INT = 2**31 - 1
# The most moves a seat is offered at once is about 60 (Cambio's snaps at six players); room to spare.
MAX_LEGAL_ACTIONS = 1000

Check = Callable[[str, object], object]
"""A field check: ``check(name, value)`` returns the value if it fits, else raises :class:`ProtocolError`."""


class ProtocolError(ValueError):
    """A message refused before it could touch the match; ``code`` is a short tag, the text a sentence."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Outgoing:
    """One message for one peer: the host returns lists of these and the transport sends them."""

    peer: str
    text: str


# ----------------------------------------------------------------------------------------- field checks


def _refuse(name: str, wanted: str) -> ProtocolError:
    return ProtocolError("schema", f"The field {name!r} must be {wanted}.")


def integer(low: int = 0, high: int = MAX_INT) -> Check:
    """A whole number from ``low`` to ``high`` (true and false are not numbers here)."""

    def check(name: str, value: object) -> object:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise _refuse(name, f"a whole number from {low} to {high}")
        return value

    return check


def text(max_chars: int) -> Check:
    """A printable string of 1 to ``max_chars`` characters (no control characters, no lone surrogates)."""

    def check(name: str, value: object) -> object:
        if not isinstance(value, str) or not 0 < len(value) <= max_chars or not value.isprintable():
            raise _refuse(name, f"printable text of 1 to {max_chars} characters")
        return value

    return check


def hex64(name: str, value: object) -> object:
    """Exactly 64 lowercase hex digits: a secret, a nonce, a hash or a proof (32 bytes)."""
    if not isinstance(value, str) or not HEX64.fullmatch(value):
        raise _refuse(name, "64 lowercase hex digits")
    return value


def boolean(name: str, value: object) -> object:
    """True or false."""
    if not isinstance(value, bool):
        raise _refuse(name, "true or false")
    return value


def one_of(*choices: str) -> Check:
    """One of a few fixed strings."""

    def check(name: str, value: object) -> object:
        if value not in choices or not isinstance(value, str):
            raise _refuse(name, "one of " + ", ".join(choices))
        return value

    return check


def optional(inner: Check) -> Check:
    """``null``, or a value that passes ``inner``."""

    def check(name: str, value: object) -> object:
        return None if value is None else inner(name, value)

    return check


def json_object(name: str, value: object) -> object:
    """Any JSON object (its content is the engine's business, e.g. a view or game options)."""
    if not isinstance(value, dict):
        raise _refuse(name, "a JSON object")
    return value


def list_of(inner: Check, max_items: int = 100_000) -> Check:
    """A list of at most ``max_items`` values, each passing ``inner``."""

    def check(name: str, value: object) -> object:
        if not isinstance(value, list) or len(value) > max_items:
            raise _refuse(name, f"a list of at most {max_items} items")
        for index, item in enumerate(value):
            inner(f"{name}[{index}]", item)
        return value

    return check


def record(fields: dict[str, Check]) -> Check:
    """A JSON object with exactly ``fields``, each passing its check."""

    def check(name: str, value: object) -> object:
        if not isinstance(value, dict) or set(value) != set(fields):
            raise _refuse(name, "an object with the fields " + ", ".join(fields))
        for key, inner in fields.items():
            inner(f"{name}.{key}", value[key])
        return value

    return check


def action(name: str, value: object) -> object:
    """A game action: a small flat object with a text ``type``; whether it is legal is the match's to say."""
    if not isinstance(value, dict) or not isinstance(value.get("type"), str) or len(value) > MAX_ACTION_KEYS:
        raise _refuse(name, f'an object with a text "type" and at most {MAX_ACTION_KEYS} keys')
    for key, item in value.items():
        if not 0 < len(key) <= MAX_ACTION_KEY_CHARS:
            raise _refuse(name, f"an object whose keys have 1 to {MAX_ACTION_KEY_CHARS} characters")
        if isinstance(item, str):
            text(MAX_ACTION_TEXT_CHARS)(f"{name}.{key}", item)
        elif item is not None and not isinstance(item, bool):
            integer(-MAX_INT, MAX_INT)(f"{name}.{key}", item)
    return value


PUBLIC_KEY = re.compile(r"04[0-9a-f]{128}")


def public_key(name: str, value: object) -> object:
    """A P-256 public key: 04, then X and Y, as 130 lowercase hex digits (whether it is on the curve is checked
    where it is used)."""
    if not isinstance(value, str) or not PUBLIC_KEY.fullmatch(value):
        raise _refuse(name, "an uncompressed P-256 public key in hex")
    return value


# ---------------------------------------------------------------------------------------------- schemas

SEAT = integer(0, 63)
STATE_ID = integer(0, MAX_INT)
NAME = text(MAX_NAME_CHARS)

CLIENT_MESSAGES: dict[str, dict[str, Check]] = {
    "hello": {"name": optional(NAME), "key": public_key},
    "sit": {"seat": SEAT},
    "stand": {},
    "reclaim": {"seat": SEAT},
    "prove": {"seat": SEAT, "proof": hex64},
    "pledge": {"pledge": hex64, "seal": hex64},
    "contribute": {"nonce": hex64},
    "submit": {"entry": json_object},
    "play": {"state": STATE_ID, "action": action},
    "sync": {"since": STATE_ID},
}
"""What a client may send: each type and its fields (see the table in ``game/net/__init__.py``)."""

PHASES = ("lobby", "shuffle", "playing", "over")
SEAT_KINDS = ("open", "player", "bot")
SEAT_ENTRY = record(
    {
        "seat": SEAT,
        "kind": one_of(*SEAT_KINDS),
        "name": optional(NAME),
        "level": optional(text(MAX_NAME_CHARS)),
        "connected": boolean,
        "host": boolean,
    }
)

PLEDGE_ENTRY = record({"seat": SEAT, "pledge": hex64})

HOST_MESSAGES: dict[str, dict[str, Check]] = {
    "lobby": {
        "phase": one_of(*PHASES),
        "game": text(MAX_NAME_CHARS),
        "players": integer(1, 63),
        "options": json_object,
        "seats": list_of(SEAT_ENTRY, 64),
        "you": optional(SEAT),
    },
    "seated": {"seat": SEAT, "secret": hex64},
    "challenge": {"seat": SEAT, "nonce": hex64},
    "commit": {"commitment": hex64},
    "pledges": {"commitment": hex64, "pledges": list_of(PLEDGE_ENTRY, 64)},
    "received": {"commitment": hex64, "pledge": hex64},
    "start": {
        "commitment": hex64,
        "secret": hex64,
        "pledges": list_of(PLEDGE_ENTRY, 64),
        "nonces": list_of(record({"seat": SEAT, "nonce": hex64}), 64),
        "parties": list_of(list_of(SEAT, 64), 64),
        "keys": list_of(public_key, 64),
        "seals": list_of(hex64, 64),
    },
    "log": {"since": STATE_ID, "entries": list_of(json_object)},
    "error": {"code": text(MAX_NAME_CHARS), "message": text(1000), "k": optional(STATE_ID)},
}
"""What the host sends; the client checks these too, so a broken host cannot corrupt a client's state."""


# ------------------------------------------------------------------------------------- encode, decode


def encode(kind: str, **fields: object) -> str:
    """The JSON text of a message of type ``kind``; the protocol version goes in first."""
    return json.dumps({"v": PROTOCOL, "type": kind, **fields}, separators=(",", ":"))


def _no_constants(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def _too_deep(raw: str) -> bool:
    """True if the JSON in ``raw`` nests deeper than MAX_DEPTH (brackets inside strings do not count)."""
    if raw.count("[") + raw.count("{") <= MAX_DEPTH:
        return False  # the common case, decided without a scan
    brackets = BRACKET.findall(JSON_STRING.sub("", raw))
    return max(accumulate(1 if bracket in "[{" else -1 for bracket in brackets), default=0) > MAX_DEPTH


def decode(raw: object, schemas: dict[str, dict[str, Check]]) -> dict:
    """The message in ``raw`` after every check; anything wrong raises :class:`ProtocolError`, nothing else."""
    if not isinstance(raw, str):
        raise ProtocolError("malformed", "A message must be JSON text.")
    # Characters first: cheap, and a string over the cap in characters is over it in bytes too.
    if len(raw) > MAX_MESSAGE_BYTES or len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_big", f"A message may be at most {MAX_MESSAGE_BYTES // 1024} KB.")
    if _too_deep(raw):
        raise ProtocolError("malformed", f"A message may nest at most {MAX_DEPTH} levels deep.")
    try:
        message = json.loads(raw, parse_constant=_no_constants)
    except (ValueError, RecursionError):
        # ValueError covers bad JSON, NaN and Infinity, and integers too long to convert.
        raise ProtocolError("malformed", "That message is not valid JSON.") from None
    if not isinstance(message, dict):
        raise ProtocolError("malformed", "A message must be a JSON object.")
    version = message.get("v")
    if version != PROTOCOL or not isinstance(version, int) or isinstance(version, bool):
        raise ProtocolError("version", f"This room speaks protocol version {PROTOCOL}; got {version!r:.20}.")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in schemas:
        raise ProtocolError("unknown_type", f"Unknown message type; expected one of: {', '.join(schemas)}.")
    fields = schemas[kind]
    given = set(message) - {"v", "type"}
    if given != set(fields):
        missing, extra = sorted(set(fields) - given), sorted(given - set(fields))
        detail = "; ".join(
            part
            for part in (
                f"missing {', '.join(missing)}" if missing else "",
                f"unexpected {', '.join(repr(key)[:30] for key in extra[:5])}" if extra else "",
            )
            if part
        )
        raise ProtocolError("schema", f"A {kind!r} message has the wrong fields ({detail}).")
    for name, check in fields.items():
        check(name, message[name])
    return message


def slices(items: list, budget: int) -> Iterator[tuple[int, list]]:
    """Split ``items`` into runs whose JSON fits in ``budget`` bytes; yield ``(start index, run)``.

    A long game's event stream or action log is larger than one message may be. An empty list
    still yields one empty run, so a caller always has a message to send.
    """
    start, run, size = 0, [], 2
    for index, item in enumerate(items):
        item_size = len(json.dumps(item, separators=(",", ":"))) + 1
        if run and size + item_size > budget:
            yield start, run
            start, run, size = index, [], 2
        run.append(item)
        size += item_size
    yield start, run
