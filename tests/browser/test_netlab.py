"""Rooms across real NAT routers: the hardest pairs of networks in the lab of tools/netlab.py play a whole game.

Each test builds the lab (network namespaces: it runs as root, or inside tools/sealed.sh's user namespace as
``make test`` runs it), starts a Chromium in each home and plays a room through the pages, as bench/netlab.py
does for every pair (``make netlab``). Seconds are for the bench; here only what happened is checked.
"""

from __future__ import annotations

import json
import os

import pytest

from bench.netlab import play_room
from game.net.identity import HostIdentity
from game.web import invite
from game.web.roomscreen import CONNECTED_BY_RELAY, NO_RELAYS
from tools.netlab import PUBLIC, Lab

from .rooms_driver import READY, Peer

pytestmark = pytest.mark.rooms
PAGE = "speed=instant&look=0"


def played(result: dict) -> dict:
    """``result`` of :func:`play_room`, checked: the guest was seated, the game ended and the shuffle verified."""
    assert not result.get("error"), "\n".join([result["error"], *result["console"]])
    assert result["verified"] and result["moves"] > 0
    return result


def test_two_carrier_grade_nats_play_through_the_relays_and_say_so(browser):
    with Lab("symmetric", "symmetric") as lab:
        browsers = {side: lab.launch(browser.browser_type, side) for side in ("host", "guest")}
        result = played(play_room(browsers, f"{lab.site}?{lab.query(turn=False)}&{PAGE}"))
    assert result["path"] == "relay", "no direct channel crosses two carrier-grade NATs"
    assert result["status"] == CONNECTED_BY_RELAY


def test_a_network_that_blocks_udp_plays_a_carrier_grade_nat_and_a_guest_with_no_relay_is_told_what_to_try(browser):
    with Lab("udp-blocked", "symmetric") as lab:
        browsers = {side: lab.launch(browser.browser_type, side) for side in ("host", "guest")}
        # First a guest whose relay cannot be reached (nothing listens there): after 20 s it says what to try.
        context = browsers["guest"].new_context()
        context.clock.install()
        page = context.new_page()
        fragment = invite.fragment(invite.Invite("r00m1d00", "p4ssw0rd00", False, HostIdentity.new(os.urandom).key_id))
        page.goto(f"{lab.site}?relay=ws://{PUBLIC}:9&{PAGE}{fragment}")
        page.wait_for_selector(READY, state="attached")
        stranded = Peer(page)
        stranded.wait_for("room.status === 'Connecting…'")
        context.clock.fast_forward(21_000)
        stranded.wait_for(f"room.status === {json.dumps(NO_RELAYS)}")
        context.close()
        # Then the room, with the deploy's TURN server: UDP blocked on one side, a carrier-grade NAT on the other.
        result = played(play_room(browsers, f"{lab.site}?{lab.query(turn=True)}&{PAGE}"))
    assert result["path"] in ("turn", "relay")
