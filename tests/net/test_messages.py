"""The wire format: versioned, schema-checked, capped at 64 KB; decode raises nothing but ProtocolError."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.net.messages import (
    CLIENT_MESSAGES,
    HOST_MESSAGES,
    MAX_MESSAGE_BYTES,
    PROTOCOL,
    ProtocolError,
    decode,
    encode,
    slices,
)

KEY = "04" + "ab" * 64  # shaped like a P-256 public key (whether it is on the curve is checked where it is used)
FUZZ = settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


def refusal(raw: object, schemas: dict = CLIENT_MESSAGES) -> ProtocolError:
    """The error ``decode`` raises for ``raw``; fails if it accepts it."""
    with pytest.raises(ProtocolError) as caught:
        decode(raw, schemas)
    message = str(caught.value)
    assert message[:1].isupper() and message.endswith("."), message
    return caught.value


def test_encode_then_decode_round_trips_every_client_message():
    """Each client message type, encoded with valid fields, decodes to the same object."""
    valid = {
        "hello": {"name": "Ada", "key": KEY},
        "sit": {"seat": 3},
        "stand": {},
        "reclaim": {"seat": 0},
        "prove": {"seat": 1, "proof": "0f" * 32},
        "pledge": {"pledge": "b2" * 32, "seal": "c3" * 32},
        "contribute": {"nonce": "a1" * 32},
        "submit": {"entry": {"by": 1, "k": 0, "kind": "act", "body": {"seat": 1}, "sig": "ab" * 64}},
        "play": {"state": 4, "action": {"type": "flip", "pos": 3}},
        "sync": {"since": 12},
    }
    assert set(valid) == set(CLIENT_MESSAGES)
    for kind, fields in valid.items():
        text = encode(kind, **fields)
        assert decode(text, CLIENT_MESSAGES) == {"v": PROTOCOL, "type": kind, **fields}


def test_the_refusal_codes():
    """Each kind of wrong message gets its own code."""
    assert refusal(None).code == "malformed"
    assert refusal("{oops").code == "malformed"
    assert refusal("[1, 2]").code == "malformed"
    assert refusal('{"v":2,"type":"sync","since":NaN}').code == "malformed"
    assert refusal("[" * 50_000).code == "malformed"
    assert refusal('{"v":2,"type":"hello","name":' + "[" * 40 + "]" * 40 + "}").code == "malformed"
    assert decode(encode("hello", name="[{" * 20, key=KEY), CLIENT_MESSAGES)["name"] == "[{" * 20, "text is text"
    assert refusal('{"v":1,"type":"sync","since":0}').code == "version", "protocol 1 rooms are gone"
    assert refusal('{"v":true,"type":"sync","since":0}').code == "version"
    assert refusal('{"v":2,"type":"update"}').code == "unknown_type"
    assert refusal('{"v":2,"type":"act","state":0,"action":{"type":"x"}}').code == "unknown_type"
    assert refusal('{"v":2,"type":"sync","since":0,"seat":0}').code == "schema"
    assert refusal('{"v":2,"type":"sit"}').code == "schema"
    assert refusal('{"v":2,"type":"sit","seat":true}').code == "schema"
    assert refusal('{"v":2,"type":"submit","entry":[]}').code == "schema"
    assert refusal('{"v":2,"type":"hello","name":"Ada","key":"04' + "ab" * 63 + '"}').code == "schema"


def test_the_size_cap_counts_bytes():
    """64 KB of UTF-8: a message short in characters but long in bytes is refused too."""
    head = '{"v":2,"type":"hello","name":"'
    fits = head + "x" * (MAX_MESSAGE_BYTES - len(head) - 2) + '"}'
    assert len(fits.encode()) == MAX_MESSAGE_BYTES
    assert refusal(fits).code == "schema"  # read and checked (the name is too long), not refused for size
    assert refusal(fits + " ").code == "too_big"
    wide = head + "é" * (MAX_MESSAGE_BYTES // 2) + '"}'
    assert len(wide) < MAX_MESSAGE_BYTES < len(wide.encode())
    assert refusal(wide).code == "too_big"


def test_host_messages_are_checked_too():
    """A client refuses a host message that breaks the schema (a broken host cannot corrupt it)."""
    good = encode("log", since=3, entries=[{"by": 0}])
    assert decode(good, HOST_MESSAGES)["since"] == 3, "an entry is checked by the client that reads it"
    for entries in (["x"], [[1]], {"by": 0}, None):
        assert refusal(encode("log", since=3, entries=entries), HOST_MESSAGES).code == "schema", entries
    start = {
        "commitment": "ab" * 32,
        "secret": "cd" * 32,
        "pledges": [],
        "nonces": [],
        "parties": [[0, 2], [1]],
        "keys": [KEY, KEY],
        "seals": ["ef" * 32, "01" * 32],
    }
    assert decode(encode("start", **start), HOST_MESSAGES)["parties"] == [[0, 2], [1]]
    for field, wrong in (("parties", [[64]]), ("keys", ["04ab"]), ("seals", ["short"]), ("parties", [0, 1])):
        assert refusal(encode("start", **{**start, field: wrong}), HOST_MESSAGES).code == "schema", field
    assert refusal(encode("seated", seat=0, secret="short"), HOST_MESSAGES).code == "schema"
    assert refusal(encode("error", code="stale", message="Refused.", k=-1), HOST_MESSAGES).code == "schema"
    assert refusal(encode("update", seat=0, step=0, since=0, events=[], view={}, legal=[]), HOST_MESSAGES).code == (
        "unknown_type"
    ), "the host's views are gone: every peer plays the game itself"


def test_slices_keep_every_item_in_order_within_the_budget():
    """Split runs cover the list exactly, in order, each within the budget; an empty list is one empty run."""
    items = [{"n": index, "pad": "x" * (index % 7) * 10} for index in range(200)]
    runs = list(slices(items, 500))
    assert len(runs) > 1
    assert [item for _, run in runs for item in run] == items
    assert [start for start, _ in runs] == [sum(len(run) for _, run in runs[:i]) for i in range(len(runs))]
    assert all(len(json.dumps(run, separators=(",", ":"))) <= 500 for _, run in runs)
    assert list(slices([], 500)) == [(0, [])]


@FUZZ
@given(st.text(max_size=300))
def test_any_text_is_a_message_or_a_protocol_error(raw):
    """Arbitrary text never makes decode raise anything but ProtocolError."""
    with contextlib.suppress(ProtocolError):
        decode(raw, CLIENT_MESSAGES)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@FUZZ
@given(
    st.sampled_from(sorted(CLIENT_MESSAGES)),
    st.dictionaries(
        st.sampled_from(["seat", "name", "since", "entry", "proof", "nonce", "key", "x"]), JSON, max_size=3
    ),
)
def test_any_object_of_a_known_type_is_checked_field_by_field(kind, fields):
    """Well-formed JSON with a known type is accepted only if every field passes its check."""
    try:
        message = decode(json.dumps({"v": PROTOCOL, "type": kind, **fields}), CLIENT_MESSAGES)
    except ProtocolError as error:
        assert error.code == "schema"
    else:
        assert set(message) - {"v", "type"} == set(CLIENT_MESSAGES[kind])
