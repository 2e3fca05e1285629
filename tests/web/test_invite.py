"""Invitations: the room and its password in the URL fragment, parsed and written with clear errors."""

from __future__ import annotations

import random

import pytest

from game.web import invite
from game.web.invite import Invite


def test_a_new_room_has_a_random_id_and_password_and_is_the_hosts():
    rng = random.Random(1)
    first, second = invite.new_invite(rng.randbytes), invite.new_invite(rng.randbytes)
    assert first.host and first != second
    assert invite.TOKEN.fullmatch(first.room) and invite.TOKEN.fullmatch(first.key)
    assert len(first.room) == 12 and len(first.key) == 24
    assert invite.parse_fragment(invite.fragment(first)) == first


HOST_ID = "q" * 43


def test_the_fragment_round_trips_for_host_and_guest():
    guest = Invite("Vq3k9XJ2a7Qe", "Xb0c-_abcdefghijklmnopqr", False, HOST_ID)
    assert invite.fragment(guest) == f"#room=Vq3k9XJ2a7Qe&key=Xb0c-_abcdefghijklmnopqr&id={HOST_ID}"
    assert invite.parse_fragment(invite.fragment(guest)) == guest
    host = Invite(guest.room, guest.key, True, HOST_ID)
    assert invite.fragment(host).endswith("&role=host")
    assert invite.parse_fragment(invite.fragment(host)) == host
    assert host.as_guest() == guest


def test_a_fragment_without_a_room_is_no_invitation():
    for fragment in ("", "#", "#top", "#key=abcdefghij"):
        assert invite.parse_fragment(fragment) is None


@pytest.mark.parametrize(
    ("fragment", "words"),
    [
        ("#room=abc&key=abcdefghij", "room name is damaged"),
        ("#room=abcdefgh%20ij&key=abcdefghij", "room name is damaged"),
        ("#room=abcdefghij", "no room password"),
        ("#room=abcdefghij&key=", "password is damaged"),
        ("#room=abcdefghij&key=" + "k" * 65, "password is damaged"),
        ("#room=abcdefghij&key=abcdefghij&role=admin", "must be guest or host"),
        ("#room=abcdefghij&key=abcdefghij", "does not name the host's key"),
        ("#room=abcdefghij&key=abcdefghij&id=short", "host key id is damaged"),
    ],
)
def test_a_damaged_invitation_says_what_is_wrong(fragment, words):
    with pytest.raises(ValueError, match=words):
        invite.parse_fragment(fragment)


def test_the_link_keeps_the_rooms_network_and_drops_the_rest():
    host = Invite("Vq3k9XJ2a7Qe", "Xb0c-_abcdefghijklmnopqr", True, HOST_ID)
    query = "?game=cambio&transport=tabs&speed=instant&relay=ws://127.0.0.1:7000&ice=none"
    link = invite.invite_link("http://127.0.0.1:8000/", query, host)
    assert link == (
        "http://127.0.0.1:8000/?transport=tabs&relay=ws%3A%2F%2F127.0.0.1%3A7000&ice=none"
        f"#room=Vq3k9XJ2a7Qe&key=Xb0c-_abcdefghijklmnopqr&id={HOST_ID}"
    ), "the guest's link never says role=host, and the game and page settings stay the host's"
    assert invite.invite_link("https://face-down.example/", "", host) == (
        f"https://face-down.example/#room=Vq3k9XJ2a7Qe&key=Xb0c-_abcdefghijklmnopqr&id={HOST_ID}"
    )


def test_the_transport_comes_from_the_query():
    assert invite.transport_kind("") == "nostr"
    assert invite.transport_kind("?speed=fast&transport=tabs") == "tabs"
    with pytest.raises(ValueError, match="Unknown transport 'pigeon'"):
        invite.transport_kind("?transport=pigeon")
