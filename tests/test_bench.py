"""`make bench` itself: a tiny run (BENCH_QUICK=1) produces every row, in the JSON and in the table.

The figures are not checked (no timing assertions): only that each row is there, has the agreed keys,
and either holds a number or says why it does not.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench import relays
from bench.engine import Timing, parse_timing_table
from bench.report import figure, markdown, percentile, row, target
from game import GAMES
from game.bots import LEVELS

REPO = Path(__file__).resolve().parent.parent

TRANSFERRED = "bytes on a cold visit, transferred (compressed by our server: brotli, as the browser accepts it)"
THROTTLED = "phone on 4G (10/2 Mbit/s, 40 ms, CPU 4x): "
PEER_ROWS = [
    f"peer action round trip, {part}, p{share}" for part in ("network part", "end to end") for share in (50, 95)
]
BOOT_AND_BYTES = [
    "skeleton first paint (first-contentful-paint, cold)",
    "time to interactive, app, cold",
    "time to interactive, app, warm",
    "time to interactive, bare PyScript page, cold",
    "time to interactive, bare PyScript page, warm",
    "time to interactive app/bare, cold",
    "time to interactive app/bare, warm",
    "requests on a cold visit",
    TRANSFERRED,
    "bytes on a cold visit, gzip -9 (computed from the same files)",
    "bytes on a cold visit, brotli (computed from the same files)",
]
THROTTLED_ROWS = [
    f"{THROTTLED}{name}"
    for name in (
        "skeleton first paint (cold)",
        "time to interactive, app, cold",
        "time to interactive, bare PyScript page, cold",
        "time to interactive app/bare, cold",
        "bytes to interactive, app, brotli",
        "bytes to interactive, bare PyScript page, brotli",
        "bytes to interactive, app, gzip",
    )
]

SEALED_WHERE = ("CPython", "Pyodide (Node)", "phone CPU (Pyodide in a cgroup, CPU 4x)")
SEALED_ROWS = [
    *(f"sealed deal, 4 parties × 52 cards, {where}" for where in SEALED_WHERE),
    *(f"sealed reveal to all (4 shares checked, the card opened), {where}" for where in SEALED_WHERE),
    *(f"sealed end check, 4 parties × 52 cards, {where}" for where in SEALED_WHERE),
    *(
        f"P-256 multiplication, {point}, {where}"
        for point in ("any point", "the base point")
        for where in SEALED_WHERE[:2]
    ),
]

# The click-to-paint floor, measured on bench/bare-clicks.html before the games.
BARE_CLICKS = "bare page (plain JavaScript)"


def expected_names() -> list[str]:
    """Every row issue 7 asks for, in the table's order."""
    names = [*BOOT_AND_BYTES, *THROTTLED_ROWS]
    names += [f"click-to-paint p{share}, {game}" for game in (BARE_CLICKS, *GAMES) for share in (50, 95)]
    names += [f"longest main-thread task from first paint, {game}" for game in GAMES]
    for game in GAMES:
        names += [
            f"random playouts/s, {game}, CPython",
            f"random playouts/s, {game}, Pyodide (Node)",
            f"random playouts CPython/Pyodide, {game}",
        ]
    for game in GAMES:
        for level in LEVELS:
            names += [
                f"bot decision p50, {game}, {level} (Pyodide)",
                f"bot decision p95, {game}, {level} (Pyodide)",
                f"bot decision p95, {game}, {level} (phone CPU, estimate)",
            ]
        names += [f"bot search p95, {game}, {LEVELS[-1]} ({where})" for where in ("Pyodide", "phone CPU, estimate")]
    return [*names, *SEALED_ROWS, *PEER_ROWS]


# A minute and a half of both cores under `make test`: it runs before each `make bench` (make bench-smoke) instead.
@pytest.mark.bench
@pytest.mark.browser
@pytest.mark.timeout(0)  # bounded by the subprocess's timeout, which also ends the subprocess
@pytest.mark.skipif(sys.platform == "emscripten", reason="the benchmark drives Chromium and starts Pyodide itself")
def test_a_quick_run_has_every_row(tmp_path):
    out = tmp_path / "latest.json"
    completed = subprocess.run(
        [sys.executable, "-m", "bench.run", "--out", str(out)],
        cwd=REPO,
        env={**os.environ, "BENCH_QUICK": "1"},
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert completed.returncode == 0, completed.stderr[-4000:]
    rows = json.loads(out.read_text())
    names = [item["name"] for item in rows]
    assert names[: len(expected_names())] == expected_names()
    for item in rows:
        assert {"name", "value", "unit", "target"} <= item.keys(), item
        assert item["unit"], item
        # A row without a figure must say why (rooms not built yet, a game not in the web app yet).
        assert isinstance(item["value"], int | float) or item["note"], item
    assert all(rows[names.index(name)]["value"] > 0 for name in PEER_ROWS)
    assert set(relays.row_names()) <= set(names), "the relay lab's rows"
    table = completed.stdout.splitlines()
    assert all(any(line.startswith(f"| {name} |") for line in table) for name in names)


def test_a_row_is_the_median_of_its_samples_with_min_and_max():
    item = row("boot", [30.0, 10.0, 20.0, None], "ms", target("≤", 25))
    assert (item["value"], item["min"], item["max"], item["runs"]) == (20.0, 10.0, 30.0, 3)
    assert item["target"] == "≤ 25" and item["met"] is True
    assert row("boot", [], "ms", target("≤", 25))["value"] is None


def test_a_target_is_met_or_missed_and_a_missing_figure_is_neither():
    assert figure("p95", 17.0, "ms", target("≤", 16))["met"] is False
    assert figure("ratio", 1.0, "ratio", target("<", 1.0))["met"] is False
    assert figure("peer", None, "ms", target("≤", 16), note="later")["met"] is None


@pytest.mark.skipif(sys.platform == "emscripten", reason="bench.run drives Chromium through Playwright")
def test_compressed_bytes_count_each_downloaded_file_once():
    from bench.run import byte_rows
    from bench.transfers import Transfer

    wasm, stdlib = Path("pyodide.asm.wasm"), Path("python_stdlib.zip")
    visit = [
        Transfer("http://site/wasm", wasm, 9_000, 100),
        Transfer("http://site/stdlib", stdlib, 2_000, 100),
        Transfer("http://site/wasm", wasm, 0, 100),  # the snapshot worker's fetch again: a 304
        Transfer("http://site/wasm", wasm, 9_000, 100),  # fetched whole twice: still one file to send
    ]
    compressed = {wasm: {"gzip": 3_000_000, "brotli": 2_000_000}, stdlib: {"gzip": 1_000_000, "brotli": 500_000}}
    rows = {item["name"]: item["value"] for item in byte_rows(visit, compressed, 11)}
    assert rows["requests on a cold visit"] == 4
    assert rows[TRANSFERRED] == pytest.approx(0.0204)
    assert rows["bytes on a cold visit, gzip -9 (computed from the same files)"] == pytest.approx(4.0)
    assert rows["bytes on a cold visit, brotli (computed from the same files)"] == pytest.approx(2.5)


def test_percentiles_use_every_sample():
    samples = [float(value) for value in range(1, 101)]
    assert percentile(samples, 0.5) == pytest.approx(50.5)
    assert percentile(samples, 0.95) == pytest.approx(95.05)
    assert percentile([], 0.95) is None


def test_the_table_has_one_line_per_row_and_says_why_a_figure_is_missing():
    rows = [figure("peer action round trip", None, "ms", note="not measured yet (rooms: issue 5)")]
    lines = markdown(rows).splitlines()
    assert len(lines) == 3
    assert lines[2].startswith("| peer action round trip | — |") and "rooms: issue 5" in lines[2]


def test_the_arena_timing_table_is_read_row_by_row():
    text = """
### Decision time per move (cpython 3.14.2 on emscripten)

| game | level | moves | p50 ms | p95 ms | searched | searched p95 ms | searched max ms |
|---|---|---|---|---|---|---|---|
| cambio | easy | 322 | 0.08 | 1.04 | 0 | — | — |
| cambio | perfect | 329 | 0.13 | 12.81 | 12 | 30.50 | 41.00 |
"""
    timings = parse_timing_table(text)
    assert timings == {
        ("cambio", "easy"): Timing(322, 0.08, 1.04, 0, None, None),
        ("cambio", "perfect"): Timing(329, 0.13, 12.81, 12, 30.5, 41.0),
    }
