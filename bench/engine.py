"""The engine's figures: random playouts per second on both interpreters, bot decision times in Pyodide, and the
sealed deck's costs on both and on a phone's CPU.

Both interpreters run the same module, bench/throughput.py: the host's CPython directly, Pyodide (Python
3.14 on WebAssembly) under Node through tools/pyodide.mjs. Bot decision times come from the bot arena's
own ``--timing`` run inside Pyodide (``make bench-bots`` prints the same table), read back from its
markdown.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
RUNNER = REPO / "tools" / "pyodide.mjs"


def _run(command: list[str]) -> str:
    completed = subprocess.run(command, cwd=REPO, capture_output=True, text=True)
    if completed.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{completed.stderr[-3000:]}")
    return completed.stdout


def throughput(pyodide: bool, seconds: float, rounds: int) -> dict[str, list[float]]:
    """Random playouts per second, ``rounds`` rates per game, on host CPython or (``pyodide``) in Pyodide."""
    module = ["-m", "bench.throughput", "--seconds", str(seconds), "--rounds", str(rounds)]
    command = ["node", str(RUNNER), *module] if pyodide else [sys.executable, *module]
    return json.loads(_run(command).strip().splitlines()[-1])["rates"]


@dataclass(frozen=True)
class Timing:
    """One row of the arena's decision times (ms): every decision, and those that searched (``None``: none did)."""

    moves: int
    p50: float
    p95: float
    searched: int
    searched_p95: float | None
    searched_max: float | None


def bot_timings(quick: bool) -> dict[tuple[str, str], Timing]:
    """Decision times per (game, level): the arena's ``--timing`` in Pyodide."""
    output = _run(["node", str(RUNNER), "-m", "game.bots.arena", "--timing", *(["--quick"] if quick else [])])
    return parse_timing_table(output)


def parse_timing_table(text: str) -> dict[tuple[str, str], Timing]:
    """Read the arena's ``| game | level | moves | p50 ms | p95 ms | searched | searched p95 ms | searched max ms |``
    rows (a dash where nothing searched)."""
    timings = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 8 or cells[0] in ("game", "") or cells[0].startswith("---"):
            continue
        game, level, moves, p50, p95, searched, searched_p95, searched_max = cells
        figures = [None if cell == "—" else float(cell) for cell in (searched_p95, searched_max)]
        timings[(game, level)] = Timing(int(moves), float(p50), float(p95), int(searched), *figures)
    return timings


def sealed_costs(pyodide: bool, quick: bool, phone_slowdown: int | None = None) -> dict[str, list[float]]:
    """bench/sealed.py's samples in ms, on host CPython or (``pyodide``) in Pyodide under Node: CPU time; or with
    ``phone_slowdown``, Pyodide's wall time in bench/throttled.py's cgroup at ``1/phone_slowdown`` of a phone's
    cores (the quota shows only in wall time). The quick run deals 4 cards to 2 parties."""
    from .throttled import slowed  # not at the top: it imports Playwright, which tests/test_bench.py lacks in Pyodide

    options = ["--parties", "2", "--cards", "4", "--rounds", "1"] if quick else []
    if phone_slowdown is not None:
        options.append("--wall")
    with slowed("node", phone_slowdown or 1) as node:
        command = [node, str(RUNNER)] if pyodide or phone_slowdown else [sys.executable]
        return json.loads(_run([*command, "-m", "bench.sealed", *options]).strip().splitlines()[-1])["ms"]
