"""Lighthouse's mobile audit of the app and of the bare PyScript page (issue 32): the audit a blog owner runs.

Lighthouse 12.2.3 (npm, pinned: 13.x wants Node 22) with its default mobile preset: a mid-range phone (CPU
slowed 4x, simulated) on slow 4G, a 412 x 823 screen. The site is served compressed on 127.0.0.1 as a host
serves it (tools/serve.py), and Lighthouse starts Debian's Chromium with the project's own flags
(tools/chromium.py). Each page is audited ``runs`` times, alternating; a row is the median.

The rows: the Performance score, Total Blocking Time and the longest main-thread task Lighthouse saw (its
``long-tasks`` audit), and the four category scores. Issue 32's targets: Performance ≥ 95, TBT ≤ 200 ms,
Accessibility, Best practices and SEO at 100.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from tools.chromium import CHROMIUM, FLAGS

from .boot import APP, BARE
from .report import AT_LEAST, AT_MOST, row, target

REPO = Path(__file__).resolve().parent.parent
LIGHTHOUSE = REPO / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = {
    "performance": "Performance",
    "accessibility": "Accessibility",
    "best-practices": "Best practices",
    "seo": "SEO",
}
PAGES = {APP: "app", BARE: "bare PyScript page"}
AUDIT_TIMEOUT_S = 300


def audit(url: str) -> dict:
    """Lighthouse's report of one mobile audit of ``url`` (its JSON, as a dict)."""
    if not LIGHTHOUSE.exists():
        sys.exit("Lighthouse is missing: run `npm ci` first (make lighthouse does it).")
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as folder:
        report = Path(folder) / "report.json"
        command = [
            str(LIGHTHOUSE),
            url,
            "--output=json",
            f"--output-path={report}",
            "--quiet",
            f"--chrome-flags={' '.join(['--headless=new', *(flag for flag in FLAGS if flag != '--headless')])}",
        ]
        environment = {**os.environ, "CHROME_PATH": CHROMIUM}
        subprocess.run(command, check=True, env=environment, timeout=AUDIT_TIMEOUT_S, capture_output=True)
        return json.loads(report.read_text())


def figures(report: dict) -> dict[str, float | None]:
    """What a report says: each category's score (0-100), TBT and the longest main-thread task (ms)."""
    found: dict[str, float | None] = {
        name: None if report["categories"][key]["score"] is None else round(report["categories"][key]["score"] * 100)
        for key, name in CATEGORIES.items()
    }
    audits = report["audits"]
    found["tbt"] = audits["total-blocking-time"].get("numericValue")
    tasks = (audits.get("long-tasks", {}).get("details") or {}).get("items", [])
    found["longest"] = max((task["duration"] for task in tasks), default=0.0)
    return found


def measure(site_url: str, runs: int) -> dict[str, list[dict[str, float | None]]]:
    """``runs`` audits of the app and of the bare page, alternating: {page: [figures of each run]}."""
    found: dict[str, list] = {page: [] for page in PAGES}
    for _ in range(runs):
        for page in PAGES:
            found[page].append(figures(audit(site_url + page)))
    return found


def rows(found: dict[str, list[dict[str, float | None]]]) -> list[dict]:
    """The rows of both pages: the app's with issue 32's targets, the bare page's beside them."""
    result = []
    for page, label in PAGES.items():
        samples, app = found[page], page == APP
        prefix = f"Lighthouse mobile, {label}: "
        for name in CATEGORIES.values():
            goal = target(AT_LEAST, 95 if name == "Performance" else 100) if app else None
            result.append(row(prefix + name, [sample[name] for sample in samples], "score", goal))
        bound = target(AT_MOST, 200) if app else None
        result.append(row(prefix + "Total Blocking Time", [sample["tbt"] for sample in samples], "ms", bound))
        result.append(row(prefix + "longest main-thread task", [sample["longest"] for sample in samples], "ms", bound))
    return result
