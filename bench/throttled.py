"""The first visit the way players arrive: a mid-range phone on a mobile network (issue 23).

Each visit is a new browser profile (cold: nothing cached) with Chromium's own DevTools emulation:

- the network at 10 Mbit/s down, 2 Mbit/s up, 40 ms latency (``Network.emulateNetworkConditions``);
- the CPU slowed 4x (``Emulation.setCPUThrottlingRate``), as a mid-range phone;
- a 390 x 844 viewport.

The site is served compressed, as a host serves it (tools/serve.py: brotli or gzip by ``Accept-Encoding``,
from the precompressed copies the build writes beside the large files). Visits alternate between the app and
the bare PyScript page (bench/bare.html, on the same Pyodide with npm's whole standard library), so a busy
spell on the machine slows both, and the ratio is the median of each pair's own ratio.

The bytes are what crossed the emulated network up to the page being interactive (bodies as sent,
compressed, plus headers), from a host that offers brotli (the figure of the timed visits) and from one that
offers gzip only (one more visit).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError

from tools.serve import SiteHandler

from .boot import APP, BARE, TIMEOUT_MS
from .browser import fresh_profile, serve, wait_ready

MBIT = 1_000_000 / 8  # bytes per second
NETWORK = {"offline": False, "latency": 40, "downloadThroughput": 10 * MBIT, "uploadThroughput": 2 * MBIT}
CPU_SLOWDOWN = 4
PHONE = {"width": 390, "height": 844}
# A slowed first visit of the app takes 10-20 s on this machine; give it room on a busy one.
THROTTLED_TIMEOUT_MS = 4 * TIMEOUT_MS


class GzipOnlyHandler(SiteHandler):
    """The site from a host that compresses with gzip only (its precompressed .gz copies, else gzip on the fly)."""

    encodings = {"gzip": ".gz"}  # noqa: RUF012 (a class setting, as SiteHandler's)


@dataclass
class Visits:
    """Per page: time to interactive and first paint (ms from the navigation's start), and bytes to interactive."""

    ready: list[float | None] = field(default_factory=list)
    first_paint: list[float | None] = field(default_factory=list)
    transferred: list[int] = field(default_factory=list)


def throttled_visit(playwright, url: str, cpu_slowdown: int) -> tuple[float | None, float | None, int]:
    """One cold visit of ``url`` on the emulated phone and network, its CPU ``cpu_slowdown`` times slower:
    (time to interactive, first paint, bytes).

    A visit that crashes or never becomes interactive gives (None, None, bytes so far): one lost sample.
    """
    received: dict[str, int] = {}
    with fresh_profile(playwright, viewport=PHONE) as context:
        page = context.new_page()
        devtools = context.new_cdp_session(page)
        devtools.send("Network.enable")
        devtools.send("Network.emulateNetworkConditions", NETWORK)
        devtools.send("Emulation.setCPUThrottlingRate", {"rate": cpu_slowdown})
        # Encoded bytes per request, headers included: what the emulated network carried.
        devtools.on(
            "Network.loadingFinished", lambda event: received.update({event["requestId"]: event["encodedDataLength"]})
        )
        try:
            page.goto(url, wait_until="commit")
            ready = wait_ready(page, THROTTLED_TIMEOUT_MS)
            paint = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null")
        except PlaywrightError as error:
            print(
                f"bench: a throttled visit to {url} failed, sample dropped: {error.message.splitlines()[0]}",
                file=sys.stderr,
            )
            return None, None, sum(received.values())
        return ready, paint, sum(received.values())


def measure(playwright, site: Path, runs: int, cpu_slowdown: int = CPU_SLOWDOWN) -> dict[str, Visits]:
    """``runs`` throttled cold visits of the app and of the bare page, alternating; then the app once from a
    gzip-only host. Returns {APP: ..., BARE: ..., "gzip": ...}."""
    visits = {APP: Visits(), BARE: Visits(), "gzip": Visits()}
    with serve(site) as site_url:
        for _ in range(runs):
            for page in (APP, BARE):
                _add(visits[page], throttled_visit(playwright, site_url + page, cpu_slowdown))
    with serve(site, GzipOnlyHandler) as site_url:
        _add(visits["gzip"], throttled_visit(playwright, site_url + APP, cpu_slowdown))
    return visits


def _add(visits: Visits, sample: tuple[float | None, float | None, int]) -> None:
    ready, paint, transferred = sample
    visits.ready.append(ready)
    visits.first_paint.append(paint)
    visits.transferred.append(transferred)


def paired_ratios(app: list[float | None], bare: list[float | None]) -> list[float]:
    """Each run's app/bare ratio, for the runs where both pages became interactive."""
    return [top / bottom for top, bottom in zip(app, bare, strict=True) if top and bottom]
