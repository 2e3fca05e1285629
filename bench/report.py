"""The benchmark's rows: summaries of samples, the markdown table and the JSON file.

A row is a plain dict, the shape bench/results/latest.json holds::

    {"name": ..., "value": median or null, "unit": "ms", "target": "≤ 200" or null,
     "min": ..., "max": ..., "runs": n, "met": true/false/null, "note": "..."}

``value`` is the median of ``runs`` samples, with their ``min`` and ``max``; a figure that is itself a
percentile or a ratio of medians has no min and max (``runs`` then counts what it was computed from).
``met`` says whether a row with a numeric target meets it.
"""

from __future__ import annotations

import json
import operator
import statistics
from pathlib import Path

AT_MOST = "≤"
AT_LEAST = "≥"
BELOW = "<"
_COMPARE = {AT_MOST: operator.le, AT_LEAST: operator.ge, BELOW: operator.lt}
# A target is a sign and a bound in the row's unit, e.g. ("≤", 200); it reads "≤ 200".
Target = tuple[str, float]


def target(sign: str, bound: float) -> Target:
    """A numeric target: ``sign`` is AT_MOST ("≤"), AT_LEAST ("≥") or BELOW ("<")."""
    if sign not in _COMPARE:
        raise ValueError(f"A target's sign is ≤, ≥ or <, not {sign!r}.")
    return (sign, bound)


def row(name: str, samples: list[float | None] | None, unit: str, goal: Target | None = None, note: str = "") -> dict:
    """A row for the median of ``samples`` (None or empty: not measured), with their min and max."""
    values = [sample for sample in samples or [] if sample is not None]
    if not values:
        return figure(name, None, unit, goal, note)
    result = figure(name, statistics.median(values), unit, goal, note)
    result.update(min=min(values), max=max(values), runs=len(values))
    return result


def figure(name: str, value: float | None, unit: str, goal: Target | None = None, note: str = "") -> dict:
    """A row for one figure (a percentile, a ratio of medians, or None when it is not measured)."""
    met = None
    if goal is not None and value is not None:
        met = _COMPARE[goal[0]](value, goal[1])
    return {
        "name": name,
        "value": value,
        "unit": unit,
        "target": f"{goal[0]} {goal[1]:g}" if goal else None,
        "min": None,
        "max": None,
        "runs": 1 if value is not None else 0,
        "met": met,
        "note": note,
    }


def percentile(samples: list[float], share: float) -> float | None:
    """The ``share`` (0.5 for p50, 0.95 for p95) percentile, inclusive method; None without samples."""
    if not samples:
        return None
    if len(samples) == 1:
        return samples[0]
    return statistics.quantiles(samples, n=100, method="inclusive")[round(share * 100) - 1]


def ratio(numerator: dict, denominator: dict) -> float | None:
    """The ratio of two rows' values, or None if either is missing or the denominator is zero."""
    if numerator["value"] is None or not denominator["value"]:
        return None
    return numerator["value"] / denominator["value"]


def markdown(rows: list[dict]) -> str:
    """The rows as one markdown table."""
    lines = [
        "| what | median | min | max | unit | runs | target | met | note |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for item in rows:
        met = {True: "yes", False: "**no**", None: ""}[item["met"]]
        cells = [
            item["name"],
            _number(item["value"]) if item["value"] is not None else "—",
            _number(item["min"]),
            _number(item["max"]),
            item["unit"],
            str(item["runs"]),
            item["target"] or "",
            met,
            item["note"],
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def merged(kept: list[dict], new: list[dict]) -> list[dict]:
    """``kept`` with each row that ``new`` has by name replaced, and ``new``'s others added before the last row
    (the machine's load, which ``new`` replaces too)."""
    fresh = {item["name"]: item for item in new}
    rows = [fresh.pop(item["name"], item) for item in kept]
    return [*rows[:-1], *fresh.values(), *rows[-1:]] if rows else list(fresh.values())


def save(rows: list[dict], path: Path) -> None:
    """Write the rows as JSON (a list of row objects) to ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n")


def _number(value: float | None) -> str:
    # Three significant figures read well for everything from 0.02 ms to 13,700,000 bytes.
    if value is None:
        return ""
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:.3g}"
