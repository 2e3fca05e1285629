"""How this project starts Debian's Chromium: for the browser tests, `make bench` and `make screenshots`.

Playwright cannot download a browser here, so it drives the system's (PLATFORM.md). Without the
background-networking flags Chromium tries to reach outside hosts.
"""

from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Two headless Chromium peers on loopback connect only with these (PLATFORM.md, "Peer-to-peer rooms").
RTC_FLAGS = ["--allow-loopback-in-peer-connection", "--disable-features=WebRtcHideLocalIpsWithMdns"]
# The tests' Chromium compiles WebAssembly with V8's baseline compiler alone (Liftoff): a page load then costs
# about 0.35 s less CPU (1.10 → 0.76 s for a returning visit, measured here), mostly Python's runtime compiled
# again by the optimising tier, and the tests load hundreds of pages on two cores. Both tiers run the same
# code the same way; speed is `make bench`'s, which runs Chromium as players have it.
TEST_FLAGS = ["--js-flags=--liftoff-only"]
