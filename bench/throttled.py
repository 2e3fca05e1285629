"""The first visit the way players arrive: a mid-range phone on a mobile network (issue 23).

Each visit is a new browser profile (cold: nothing cached):

- the network at 10 Mbit/s down, 2 Mbit/s up, 40 ms latency (DevTools' ``Network.emulateNetworkConditions``,
  which also holds back the page's worker's downloads);
- the CPU slowed 4x, as a mid-range phone: Chromium runs in a control group (Linux cgroups) whose CPU quota
  is a quarter of two cores (a phone has several slow cores; the page's thread and its worker each have one),
  so the page's thread, its worker and the browser's own processes are all slowed. A quota is shared: a thread
  alone may use half a core, so a page that works on one thread only (the bare page) is slowed less than 4x.
  DevTools' ``Emulation.setCPUThrottlingRate`` slows the page's thread alone, and a worker's target refuses it
  ("Operation is only supported for pages, not workers");
- a 390 x 844 viewport.

The site is served compressed, as a host serves it (tools/serve.py: brotli or gzip by ``Accept-Encoding``,
from the precompressed copies the build writes beside the large files). Visits alternate between the app and
the bare PyScript page (bench/bare.html, on the same Pyodide with npm's whole standard library), so a busy
spell on the machine slows both, and the ratio is the median of each pair's own ratio.

The bytes are what crossed the emulated network up to the page being interactive (bodies as sent,
compressed, plus headers; the page's requests and its worker's), from a host that offers brotli (the figure
of the timed visits) and from one that offers gzip only (one more visit).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError

from tools.chromium import CHROMIUM
from tools.serve import SiteHandler

from .boot import APP, BARE, TIMEOUT_MS
from .browser import fresh_profile, serve, wait_ready

MBIT = 1_000_000 / 8  # bytes per second
NETWORK = {"offline": False, "latency": 40, "downloadThroughput": 10 * MBIT, "uploadThroughput": 2 * MBIT}
CPU_SLOWDOWN = 4
PHONE_CORES = 2
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


def throttled_visit(
    playwright, url: str, chromium: str, network: bool = True
) -> tuple[float | None, float | None, int]:
    """One cold visit of ``url`` on the emulated phone and (with ``network``) network, in the Chromium that
    ``chromium`` starts: (time to interactive, first paint, bytes).

    A visit that crashes or never becomes interactive gives (None, None, bytes so far): one lost sample.
    """
    received: dict[tuple[str, str], int] = {}  # (target, request id) → encoded bytes, headers included

    def finished(target: str, event: dict) -> None:
        received[(target, event["requestId"])] = event["encodedDataLength"]

    with fresh_profile(playwright, viewport=PHONE, executable=chromium) as context:
        page = context.new_page()
        devtools = context.new_cdp_session(page)
        devtools.send("Network.enable")
        if network:
            devtools.send("Network.emulateNetworkConditions", NETWORK)
        devtools.on("Network.loadingFinished", lambda event: finished("page", event))
        _count_workers_bytes(devtools, finished)
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


def _count_workers_bytes(devtools, finished) -> None:
    """Have ``finished(target, event)`` called for each request a worker of the page completes too: each worker
    is attached as it starts (paused until its network is watched), and its messages come through ``devtools``."""

    def tell(session: str, number: int, method: str) -> None:
        message = json.dumps({"id": number, "method": method})
        devtools.send("Target.sendMessageToTarget", {"sessionId": session, "message": message})

    def attached(event: dict) -> None:
        tell(event["sessionId"], 1, "Network.enable")
        tell(event["sessionId"], 2, "Runtime.runIfWaitingForDebugger")

    def from_worker(event: dict) -> None:
        message = json.loads(event["message"])
        if message.get("method") == "Network.loadingFinished":
            finished(event["sessionId"], message["params"])

    devtools.on("Target.attachedToTarget", attached)
    devtools.on("Target.receivedMessageFromTarget", from_worker)
    devtools.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})


@contextlib.contextmanager
def slowed(program: str, slowdown: int) -> Iterator[str]:
    """``program`` (Chromium, Node...) on ``1/slowdown`` of PHONE_CORES cores, all its processes together: yields the
    path of a launcher that starts it in a cgroup with that quota (``program`` itself when ``slowdown`` is 1). Needs
    a writable cgroup (root)."""
    if slowdown == 1:
        yield program
        return
    group = _cpu_group(slowdown)
    try:
        with tempfile.TemporaryDirectory(prefix="bench-slowed-") as folder:
            launcher = Path(folder) / Path(program).name
            launcher.write_text(f'#!/bin/sh\necho $$ > {group / "cgroup.procs"}\nexec {program} "$@"\n')
            launcher.chmod(0o755)
            yield str(launcher)
    finally:
        with contextlib.suppress(OSError):  # a process still exiting keeps it; the next boot clears it
            group.rmdir()


def _cpu_group(slowdown: int) -> Path:
    """A new cgroup whose processes share ``1/slowdown`` of PHONE_CORES cores (cgroup v1's cpu controller, or
    v2's)."""
    name = f"face-down-bench-{os.getpid()}"
    version_1, version_2 = Path("/sys/fs/cgroup/cpu"), Path("/sys/fs/cgroup")
    try:
        if (version_1 / "cpu.cfs_quota_us").exists():
            group = version_1 / name
            group.mkdir(exist_ok=True)
            period = int((group / "cpu.cfs_period_us").read_text())
            (group / "cpu.cfs_quota_us").write_text(str(PHONE_CORES * period // slowdown))
        else:
            group = version_2 / name
            group.mkdir(exist_ok=True)
            (group / "cpu.max").write_text(f"{PHONE_CORES * 100_000 // slowdown} 100000")
    except OSError as error:
        sys.exit(
            f"bench: the phone profile slows the CPU with a cgroup, and {error.filename} could not be "
            f"written ({error.strerror}): run make bench as root, on a machine with cgroups' cpu controller."
        )
    return group


def measure(
    playwright, site: Path, runs: int, cpu_slowdown: int = CPU_SLOWDOWN, network: bool = True
) -> dict[str, Visits]:
    """``runs`` throttled cold visits of the app and of the bare page, alternating; then the app once from a
    gzip-only host. Returns {APP: ..., BARE: ..., "gzip": ...}. ``network`` False: the network is not slowed."""
    visits = {APP: Visits(), BARE: Visits(), "gzip": Visits()}
    with slowed(CHROMIUM, cpu_slowdown) as chromium:
        with serve(site) as site_url:
            for _ in range(runs):
                for page in (APP, BARE):
                    _add(visits[page], throttled_visit(playwright, site_url + page, chromium, network))
        with serve(site, GzipOnlyHandler) as site_url:
            _add(visits["gzip"], throttled_visit(playwright, site_url + APP, chromium, network))
    return visits


def _add(visits: Visits, sample: tuple[float | None, float | None, int]) -> None:
    ready, paint, transferred = sample
    visits.ready.append(ready)
    visits.first_paint.append(paint)
    visits.transferred.append(transferred)


def paired_ratios(app: list[float | None], bare: list[float | None]) -> list[float]:
    """Each run's app/bare ratio, for the runs where both pages became interactive."""
    return [top / bottom for top, bottom in zip(app, bare, strict=True) if top and bottom]
