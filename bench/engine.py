"""The engine's figures: random playouts per second on both interpreters, and bot decision times in Pyodide.

Both interpreters run the same module, bench/throughput.py: the host's CPython directly, Pyodide (Python
3.14 on WebAssembly) under Node through tools/pyodide.mjs. Bot decision times come from the bot arena's
own ``--timing`` run inside Pyodide (``make bench-bots`` prints the same table), read back from its
markdown.
"""

from __future__ import annotations

import json
import subprocess
import sys
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


def bot_timings(quick: bool) -> dict[tuple[str, str], tuple[int, float, float]]:
    """Moves timed, and decision time p50 and p95 in ms, per (game, level): the arena's ``--timing`` in Pyodide."""
    output = _run(["node", str(RUNNER), "-m", "game.bots.arena", "--timing", *(["--quick"] if quick else [])])
    return parse_timing_table(output)


def parse_timing_table(text: str) -> dict[tuple[str, str], tuple[int, float, float]]:
    """Read the arena's ``| game | level | moves | p50 ms | p95 ms |`` rows."""
    timings = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] in ("game", "") or cells[0].startswith("---"):
            continue
        game, level, moves, p50, p95 = cells
        timings[(game, level)] = (int(moves), float(p50), float(p95))
    return timings
