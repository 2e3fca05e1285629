"""`make bench`: every figure of issue 7 in one run, as a markdown table and bench/results/latest.json.

    python -m bench.run                     # the full run (make bench), about 25 minutes on 2 cores
    BENCH_QUICK=1 python -m bench.run       # a tiny run with every row, for the smoke test
    python -m bench.run --site DIR --out FILE
    python -m bench.run --only throttled,bytes   # some sections only (names below), into their own file

The site must be built first (``make site``; ``make bench`` does it). Sections, in the order they run
(the browser ones first, while nothing else of ours competes for the CPU):

1. ``boot``: skeleton first paint, time to interactive cold and warm, app and bare PyScript page, and ratios;
2. ``bytes`` on a cold visit: as transferred (compressed), and gzip -9 / brotli computed from the same files;
3. ``throttled``: the cold visit on an emulated phone and mobile network (bench/throttled.py);
4. ``lighthouse``: Lighthouse's mobile audit of the app and of the bare page (bench/lighthouse.py; not in the
   quick run, whose figures are not read: two audits would cost the test suite a minute of both cores);
5. ``clicks``: click-to-paint p50 and p95 on a bare page of plain buttons (the floor), then per game, and the
   longest main-thread task of each game's page from its first paint on;
6. ``blog``: the longest task on a blog page's own thread while it embeds three games and two are played to
   their end (bench/blog.py; not in the quick run: tests/browser/test_embed.py plays the same page);
7. ``memory``: the game page's memory (its renderer process: the page and its worker) once playable and after a
   six-player Cambio game (bench/memory.py; not in the quick run, whose figures are not read);
8. ``rooms``: the peer action round trip in a two-peer room, direct and through a local relay (bench/rooms.py);
9. ``throughput``: the engine's on CPython and in Pyodide, and their ratio;
10. ``bots``: bot decision times in Pyodide per game and level (the bot arena's ``--timing``);
11. ``sealed``: a 4-party, 52-card sealed deal, a reveal and the end check, on CPython, in Pyodide and in Pyodide on
   a phone's CPU, and one P-256 multiplication (bench/sealed.py);
12. ``netlab``: a room across every pair of networks of the NAT lab, STUN only and with TURN (bench/netlab.py;
   network namespaces: as root, or inside tools/sealed.sh as ``make netlab`` runs it; about 15 minutes);
13. ``relays``: the relay lab: every game through a third-party relay at its defaults and through a mix of relays
   that misbehave, and pages asleep 90 s (bench/relays.py; about 20 minutes).

``--merge`` puts the rows of the sections run into the output file in place of the same rows there (``make
lighthouse`` adds its audit to bench/results/latest.json that way).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import sync_playwright

from game import GAMES
from game.bots import LEVELS

from . import blog, boot, clicks, engine, lighthouse, memory, netlab, relays, report, rooms, throttled, transfers
from .browser import browser_context, serve
from .report import AT_MOST, BELOW, figure, ratio, row, target

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
LATEST = BENCH / "results" / "latest.json"
MB = 1e6
STARTED = time.monotonic()
# The click-to-paint floor: the same clicks on a page of plain buttons (bench/bare-clicks.html).
BARE_CLICKS = "bare page (plain JavaScript)"
# A phone's CPU against this machine's, as the throttled visits emulate it; bot times on it are estimated.
PHONE_CPU = throttled.CPU_SLOWDOWN
PHONE_NOTE = f"{PHONE_CPU} × the p95 in Pyodide here (not measured on a slowed CPU)"


@dataclass(frozen=True)
class Plan:
    """How much to measure: the full run, or the smoke test's tiny one."""

    boot_runs: int
    clicks: int
    throughput_seconds: float
    throughput_rounds: int
    brotli_quality: int
    quick: bool

    throttled_runs: int
    throttled_cpu: int  # how many times slower the throttled visits' CPU is
    throttled_network: bool  # whether their network is slowed
    lighthouse_runs: int  # 0: no audit


FULL = Plan(
    boot_runs=5,
    clicks=200,
    throughput_seconds=1.0,
    throughput_rounds=5,
    brotli_quality=11,
    quick=False,
    throttled_runs=5,
    throttled_cpu=throttled.CPU_SLOWDOWN,
    throttled_network=True,
    lighthouse_runs=3,
)
# The quick run's figures are not read, and a slowed CPU or network only makes its throttled visits take longer.
QUICK = Plan(
    boot_runs=1,
    clicks=3,
    throughput_seconds=0.05,
    throughput_rounds=1,
    brotli_quality=5,
    quick=True,
    throttled_runs=1,
    throttled_cpu=1,
    throttled_network=False,
    lighthouse_runs=0,
)
SECTIONS = (
    "boot",
    "bytes",
    "throttled",
    "lighthouse",
    "clicks",
    "blog",
    "memory",
    "rooms",
    "throughput",
    "bots",
    "sealed",
    "netlab",
    "relays",
)


def boot_rows(boots: dict[str, boot.Boots]) -> list[dict]:
    """Skeleton first paint, time to interactive cold and warm for both pages, and the app/bare ratios.

    A ratio is the median of the runs' own ratios: the app and the bare page of one run boot moments
    apart, so a busy spell on the machine slows both, and their ratio holds better than the medians'.
    """
    app, bare = boots[boot.APP], boots[boot.BARE]
    return [
        row("skeleton first paint (first-contentful-paint, cold)", app.first_paint, "ms", target(AT_MOST, 200)),
        row("time to interactive, app, cold", app.cold, "ms"),
        row("time to interactive, app, warm", app.warm, "ms", target(AT_MOST, 1000)),
        row("time to interactive, bare PyScript page, cold", bare.cold, "ms"),
        row("time to interactive, bare PyScript page, warm", bare.warm, "ms"),
        row("time to interactive app/bare, cold", _paired(app.cold, bare.cold), "ratio", target(AT_MOST, 1.10)),
        row("time to interactive app/bare, warm", _paired(app.warm, bare.warm), "ratio", target(BELOW, 1.0)),
    ]


def _paired(numerators: list[float | None], denominators: list[float | None]) -> list[float]:
    return [top / bottom for top, bottom in zip(numerators, denominators, strict=True) if top and bottom]


def byte_rows(visit: list[transfers.Transfer], compressed: dict[Path, dict[str, int]], quality: int) -> list[dict]:
    """Requests and bytes of one cold visit: raw as transferred, and gzip/brotli of the same files."""
    raw = sum(item.body + item.headers for item in visit)
    # Only responses that carried a body, each file once: the Python snapshot's worker fetches the runtime
    # again, and gets 304s (or the HTTP cache) as a compressing host would give it too. A response with no
    # local file (none expected) counts at its raw size.
    carried = {item.file or item.url: item for item in visit if item.body > 0}.values()
    gzip = sum(compressed[item.file]["gzip"] if item.file else item.body for item in carried)
    brotli = sum(compressed[item.file]["brotli"] if item.file else item.body for item in carried)
    return [
        figure("requests on a cold visit", len(visit), "requests"),
        figure(TRANSFERRED, raw / MB, "MB"),
        figure("bytes on a cold visit, gzip -9 (computed from the same files)", gzip / MB, "MB", target(AT_MOST, 5.3)),
        figure(
            "bytes on a cold visit, brotli (computed from the same files)",
            brotli / MB,
            "MB",
            target(AT_MOST, 4.5),
            f"quality {quality}",
        ),
    ]


TRANSFERRED = "bytes on a cold visit, transferred (compressed by our server: brotli, as the browser accepts it)"


def throttled_rows(visits: dict[str, throttled.Visits]) -> list[dict]:
    """The cold visit on an emulated phone and mobile network (bench/throttled.py): first paint, time to
    interactive of the app and the bare page and their ratio, and the bytes that crossed the network."""
    app, bare, gzip_only = visits[boot.APP], visits[boot.BARE], visits["gzip"]
    ratios = throttled.paired_ratios(app.ready, bare.ready)
    return [
        row(f"{THROTTLED}skeleton first paint (cold)", app.first_paint, "ms", target(AT_MOST, 1000)),
        row(f"{THROTTLED}time to interactive, app, cold", app.ready, "ms"),
        row(f"{THROTTLED}time to interactive, bare PyScript page, cold", bare.ready, "ms"),
        row(f"{THROTTLED}time to interactive app/bare, cold", ratios, "ratio", target(AT_MOST, 0.80)),
        row(
            f"{THROTTLED}bytes to interactive, app, brotli",
            [b / MB for b in app.transferred],
            "MB",
            target(AT_MOST, 4.5),
        ),
        row(f"{THROTTLED}bytes to interactive, bare PyScript page, brotli", [b / MB for b in bare.transferred], "MB"),
        row(
            f"{THROTTLED}bytes to interactive, app, gzip",
            [b / MB for b in gzip_only.transferred],
            "MB",
            target(AT_MOST, 5.3),
        ),
    ]


THROTTLED = "phone on 4G (10/2 Mbit/s, 40 ms, CPU 4x): "


def click_rows(samples: dict[str, list[dict]]) -> list[dict]:
    """p50 and p95 click-to-paint on the bare click page (the floor: no target) and per game; a game the app
    cannot show yet is a row without a value.

    The note splits the figure: how long until the click's handler had changed the DOM, and where the
    double-rAF bound (the frame after the painted one) lands, at the same percentile.
    """
    rows = []
    for game in (BARE_CLICKS, *GAMES):
        shown = samples.get(game, [])
        painted = clicks.latencies(shown)
        changed = clicks.latencies(shown, "mutated")
        bound = clicks.latencies(shown, "nextFrame")
        goal_at_p95 = None if game == BARE_CLICKS else target(AT_MOST, 16)
        for share, goal in ((0.5, None), (0.95, goal_at_p95)):
            note = "not in the web app yet"
            if game in samples:
                changed_at, bound_at = report.percentile(changed, share), report.percentile(bound, share)
                note = f"DOM changed at {_ms(changed_at)}, double rAF at {_ms(bound_at)}"
            name = f"click-to-paint p{round(share * 100)}, {game}"
            rows.append(figure(name, report.percentile(painted, share), "ms", goal, note))
            rows[-1]["runs"] = len(painted)
    return rows


def long_task_rows(longest: dict[str, float]) -> list[dict]:
    """The longest main-thread task of each game's page, from its first paint through the clicks (issue 32: none
    over 200 ms); 0 when none was over 50 ms, the Long Tasks API's threshold."""
    return [
        figure(f"longest main-thread task from first paint, {game}", longest.get(game), "ms", target(AT_MOST, 200))
        for game in GAMES
    ]


def _ms(value: float | None) -> str:
    return "?" if value is None else f"{value:.1f} ms"


def throughput_rows(cpython: dict[str, list[float]], pyodide: dict[str, list[float]]) -> list[dict]:
    """Random playouts per second per game on each interpreter, and CPython's lead over Pyodide."""
    rows = []
    for game in GAMES:
        host = row(f"random playouts/s, {game}, CPython", cpython[game], "games/s")
        wasm = row(f"random playouts/s, {game}, Pyodide (Node)", pyodide[game], "games/s")
        rows += [host, wasm, figure(f"random playouts CPython/Pyodide, {game}", ratio(host, wasm), "ratio")]
    return rows


def bot_rows(timings: dict[tuple[str, str], engine.Timing]) -> list[dict]:
    """Bot decision time in Pyodide per game and level: p50, p95 (target ≤ 50 ms, the bots issue's), the p95 on a
    phone's CPU (estimated: 4 × the p95 here), and at the Perfect level the p95 of the decisions that searched,
    here and (estimated) on a phone."""
    rows = []
    for game in GAMES:
        for level in LEVELS:
            timing = timings.get((game, level))
            p50, p95 = (timing.p50, timing.p95) if timing else (None, None)
            phone = None if p95 is None else PHONE_CPU * p95
            found = [
                figure(f"bot decision p50, {game}, {level} (Pyodide)", p50, "ms"),
                figure(f"bot decision p95, {game}, {level} (Pyodide)", p95, "ms", target(AT_MOST, 50)),
                figure(f"bot decision p95, {game}, {level} (phone CPU, estimate)", phone, "ms", note=PHONE_NOTE),
            ]
            for item in found:
                item["runs"] = timing.moves if timing else 0
            if level == LEVELS[-1]:
                searched = timing.searched_p95 if timing else None
                note = f"longest {timing.searched_max:.1f} ms" if timing and searched is not None else "no search"
                on_phone = None if searched is None else PHONE_CPU * searched
                searches = [
                    figure(f"bot search p95, {game}, {level} (Pyodide)", searched, "ms", note=note),
                    figure(
                        f"bot search p95, {game}, {level} (phone CPU, estimate)",
                        on_phone,
                        "ms",
                        note=PHONE_NOTE if on_phone is not None else note,
                    ),
                ]
                for item in searches:
                    item["runs"] = timing.searched if timing else 0
                found += searches
            rows += found
    return rows


SEALED_DEAL = "4 parties × 52 cards"
PHONE_PYODIDE = f"phone CPU (Pyodide in a cgroup, CPU {PHONE_CPU}x)"


def sealed_rows(cpython: dict, pyodide: dict, phone: dict) -> list[dict]:
    """The sealed deck (bench/sealed.py): a whole deal (every party's two passes, one after the other: the chain's
    CPU time without the network; target ≤ 2 s in Pyodide), a reveal to all, the end check, one multiplication."""
    where = (("CPython", cpython), ("Pyodide (Node)", pyodide), (PHONE_PYODIDE, phone))
    rows = [
        row(
            f"sealed deal, {SEALED_DEAL}, {name}",
            samples["deal"],
            "ms",
            target(AT_MOST, 2000) if samples is pyodide else None,
        )
        for name, samples in where
    ]
    rows += [
        row(f"sealed reveal to all (4 shares checked, the card opened), {name}", samples["reveal"], "ms")
        for name, samples in where
    ]
    rows += [row(f"sealed end check, {SEALED_DEAL}, {name}", samples["check"], "ms") for name, samples in where]
    for point, key in (("any point", "multiply"), ("the base point", "multiply_base")):
        rows += [row(f"P-256 multiplication, {point}, {name}", samples[key], "ms") for name, samples in where[:2]]
    return rows


PEER_ROWS = (
    ("peer action round trip, network part, p50", "network_p50", 10),
    ("peer action round trip, network part, p95", "network_p95", None),
    ("peer action round trip, end to end, p50", "end_to_end_p50", None),
    ("peer action round trip, end to end, p95", "end_to_end_p95", 50),
)
RELAY_ROWS = (
    ("peer action round trip through the relay, network part, p50", "network_p50", "ms", None),
    ("peer action round trip through the relay, end to end, p50", "end_to_end_p50", "ms", None),
    ("peer action round trip through the relay, end to end, p95", "end_to_end_p95", "ms", 250),
    ("relay events per move (each subscriber's copy)", "events_per_move", "events", None),
    ("relay bytes per move (each subscriber's copy)", "bytes_per_move", "bytes", None),
)


def peer_rows(direct: dict, relayed: dict) -> list[dict]:
    """A click on one peer of a two-peer room to the result drawn on every peer (bench/rooms.py), over a direct
    channel and through the relay, in ms; and what the relay carried per move."""
    rows = [
        figure(name, direct[key], "ms", target(AT_MOST, bound) if bound else None, note=f"{direct['clicks']} clicks")
        for name, key, bound in PEER_ROWS
    ]
    rows += [
        figure(name, relayed[key], unit, target(AT_MOST, bound) if bound else None, note=f"{relayed['clicks']} clicks")
        for name, key, unit, bound in RELAY_ROWS
    ]
    return rows


def measure(plan: Plan, site: Path, only: frozenset[str] = frozenset(SECTIONS)) -> list[dict]:
    """Run the sections named in ``only`` (all by default) against the site in ``site``; return their rows in
    table order, and the machine's load."""
    load_before = os.getloadavg()[0]
    rows: dict[str, list[dict]] = {}
    with sync_playwright() as playwright, serve(site) as site_url:
        if "boot" in only:
            _say("boot: app and bare page, cold and warm")
            rows["boot"] = boot_rows(boot.measure(playwright, site_url, plan.boot_runs))
        if "bytes" in only:
            _say("bytes: one more cold visit")
            visit = transfers.cold_visit(playwright, site_url, boot.APP, site)
            files = sorted({item.file for item in visit if item.file})
            compressed = transfers.compressed_sizes(files, plan.brotli_quality)
            rows["bytes"] = byte_rows(visit, compressed, plan.brotli_quality)
        if "throttled" in only:
            _say("throttled: cold visits of the app and the bare page on an emulated phone and network")
            rows["throttled"] = throttled_rows(
                throttled.measure(playwright, site, plan.throttled_runs, plan.throttled_cpu, plan.throttled_network)
            )
        if "lighthouse" in only and plan.lighthouse_runs:
            _say("lighthouse: mobile audits of the app and the bare page")
            rows["lighthouse"] = lighthouse.rows(lighthouse.measure(site_url, plan.lighthouse_runs))
        if "clicks" in only:
            samples, longest = _clicks(playwright, site, site_url, plan.clicks)
            rows["clicks"] = click_rows(samples) + long_task_rows(longest)
        if "blog" in only and not plan.quick:
            _say("blog: three embeds boot, two are played to their end")
            longest = blog.longest_task(playwright, site_url)
            name = "longest task on a blog page embedding the game"
            rows["blog"] = [figure(name, longest, "ms", target(AT_MOST, 200))]
        if "memory" in only and not plan.quick:
            _say("memory: the game page once playable, and after a six-player Cambio game")
            rows["memory"] = [
                figure(f"page memory (renderer: page and worker), {moment}", megabytes, "MB", target(AT_MOST, 250))
                for moment, megabytes in memory.measure(playwright, site_url).items()
            ]
        if "rooms" in only:
            _say("peer round trip: a two-peer room, signaled through the local relay, then through it")
            direct = rooms.round_trip(playwright, site_url, clicks=plan.clicks)
            relayed = rooms.round_trip(playwright, site_url, clicks=plan.clicks, via="relay")
            rows["rooms"] = peer_rows(direct, relayed)
        if "netlab" in only and not plan.quick:  # the quick run's smoke test stays on loopback
            _say("netlab: a room across every pair of networks, STUN only, then with TURN")
            results = netlab.matrix(playwright, turn=False) + netlab.matrix(playwright, turn=True)
            print(netlab.tables(results))
            rows["netlab"] = netlab.rows(results)
        if "relays" in only:
            _say("relays: rooms through a third-party relay and a mix of misbehaving ones; pages asleep")
            rows["relays"] = relays.rows(relays.lab(playwright, site_url, plan.quick))
    if "throughput" in only:
        _say("throughput: CPython, then Pyodide")
        cpython = engine.throughput(False, plan.throughput_seconds, plan.throughput_rounds)
        pyodide = engine.throughput(True, plan.throughput_seconds, plan.throughput_rounds)
        rows["throughput"] = throughput_rows(cpython, pyodide)
    if "bots" in only:
        _say("bot decision times in Pyodide")
        rows["bots"] = bot_rows(engine.bot_timings(plan.quick))
    if "sealed" in only:
        _say("sealed: a deal, a reveal and the end check on CPython, in Pyodide, and in Pyodide on a phone's CPU")
        rows["sealed"] = sealed_rows(
            engine.sealed_costs(False, plan.quick),
            engine.sealed_costs(True, plan.quick),
            engine.sealed_costs(True, plan.quick, phone_slowdown=plan.throttled_cpu),
        )
    load = row("machine load average, 1 minute (before, after)", [load_before, os.getloadavg()[0]], "processes")
    return [*(item for section in TABLE_ORDER if section in rows for item in rows[section]), load]


# The table's order (the sections run browser ones first, while nothing else of ours competes for the CPU).
TABLE_ORDER = (
    "boot",
    "bytes",
    "throttled",
    "clicks",
    "blog",
    "memory",
    "throughput",
    "bots",
    "sealed",
    "rooms",
    "relays",
    "netlab",
    "lighthouse",
)


def _clicks(playwright, site: Path, site_url: str, count: int) -> tuple[dict[str, list[dict]], dict[str, float]]:
    samples: dict[str, list[dict]] = {}
    longest: dict[str, float] = {}
    with browser_context(playwright) as context:
        _say("click-to-paint: bare page")
        samples[BARE_CLICKS], _ = clicks.measure(context, site_url + clicks.BARE, count, "bare")
        for game in clicks.playable_games(site):
            _say(f"click-to-paint: {game}")
            samples[game], longest[game] = clicks.measure(context, clicks.game_url(site_url, game), count, game)
    return samples, longest


def main(argv: list[str] | None = None) -> int:
    """Measure, print the table, save the JSON."""
    parser = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=REPO, help="the built site's root (default: this repo)")
    parser.add_argument(
        "--out", type=Path, help=f"where to write the JSON (default: {LATEST}, or with --only ONLY.json)"
    )
    parser.add_argument("--only", help=f"comma-separated sections to run, of {', '.join(SECTIONS)} (default: all)")
    parser.add_argument("--merge", action="store_true", help="replace these rows in the output file, keep the rest")
    args = parser.parse_args(argv)
    only = frozenset(args.only.split(",")) if args.only else frozenset(SECTIONS)
    if only - set(SECTIONS):
        sys.exit(f"no such section: {', '.join(sorted(only - set(SECTIONS)))}; the sections are {', '.join(SECTIONS)}")
    # A partial run never overwrites the committed full one.
    partial = LATEST.with_name(f"{args.only.replace(',', '-')}.json") if args.only and not args.merge else LATEST
    out = args.out or partial
    if not (args.site / "static" / "vendor" / "manifest.json").exists():
        sys.exit(f"{args.site} has no built site: run `make site` first (make bench does).")
    plan = QUICK if os.environ.get("BENCH_QUICK") == "1" else FULL
    rows = measure(plan, args.site.resolve(), only)
    if args.merge and out.exists():
        rows = report.merged(json.loads(out.read_text()), rows)
    report.save(rows, out)
    print(report.markdown(rows))
    _say(f"saved {out}")
    return 0


def _say(text: str) -> None:
    print(f"bench [{time.monotonic() - STARTED:4.0f} s]: {text}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
