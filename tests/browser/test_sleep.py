"""A phone that puts the tab to sleep: the host's page, then a guest's, frozen for real for longer than it takes the
other page to say the host has left, on a direct channel and through the relays. A move made while the other
sleeps is played once it wakes, never lost and never twice; the sleeper catches up without a reload; and a pair
that fell back to the relays while one slept goes back to a direct channel (tests/browser/sleep.py has the run).

Each sleeping page runs in a Chromium of its own (sleep.py says why). The same run with each page asleep for 90 s
is a row of the relay lab (bench/relays.py).
"""

from __future__ import annotations

import pytest

from .rooms_fixtures import relay_url_fixture  # noqa: F401
from .sleep import Sleeper, sleep_through_a_game

pytestmark = pytest.mark.rooms

SLEEP_S = 20  # past the 16 s after which a page's transport says a silent peer has left


# Through the relays in make test; on a direct channel as well in make check-slow (the relay lab puts pages to sleep
# for 90 s on both paths: bench/relays.py).
@pytest.mark.parametrize("via", [pytest.param("direct", marks=pytest.mark.slow), "relay"])
def test_the_host_then_a_guest_sleeps_and_the_game_goes_on_without_a_reload(
    browser, tmp_path, watch, site_url, relay_url, via
):
    home = f"{site_url}?relay={relay_url}&ice=none&speed=instant&look=0" + ("&via=relay" if via == "relay" else "")
    origin = site_url.rstrip("/")
    with (
        Sleeper(browser.browser_type, tmp_path / "host", watch, origin) as host,
        Sleeper(browser.browser_type, tmp_path / "guest", watch, origin) as guest,
    ):
        measured = sleep_through_a_game(host, guest, home, SLEEP_S)
    watch.check()
    assert measured["host_slept_s"] >= SLEEP_S and measured["guest_slept_s"] >= SLEEP_S
    print(f"\n{via}: the guest caught up {measured['catch_up_s']:.1f} s after it woke")
