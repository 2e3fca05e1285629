"""The same test files, run again inside Pyodide (Python 3.14 on WebAssembly) under Node.

This is how one ``pytest`` command proves the engine behaves identically on both interpreters.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
RUNNER = REPO / "tools" / "pyodide.mjs"


# tests/browser drives Chromium from the host; its conftest imports Playwright, which Pyodide lacks, and so does the
# benchmark's (tests/test_bench.py: bench/ drives the browser).
# tests/web runs on the host only: game/web runs in Pyodide in every browser test (the page's worker), and
# tests/browser/test_app.py compares the tables it draws there with the host's. Running tests/web here too would
# add some 45 s of CPU to make test's six minutes; what it would catch (game/web behaving otherwise on Python
# 3.14) the browser tests catch wherever a page goes. The engine, the bots, the network protocol and the
# build's Pyodide-only checks (tests/tools) run here.
# Tests marked slow (make check-slow) are left out here as in make test, and so are those marked cpython_only: whole
# sealed games that take 10 to 25 s each here. So are the room-level suites of tests/net (whole rooms, cheats,
# fuzzing: 160 s here, a single core's long pole in make test): their code is the same Python as on the host, every
# room test in tests/browser runs it in Pyodide in each page's engine, and the sealing and signing arithmetic
# (tests/net/sealing, test_p256.py) and the protocol's parts (messages, links, the host) run here.
# Plugins do not autoload in Pyodide (tools/pyodide.mjs); pytest-timeout is loaded by hand so that its marks and
# settings are known, and switched off: Pyodide cannot start its watchdog thread, and this test's timeout covers it.
ROOM_SUITES = (
    "test_games.py",
    "test_cheats.py",
    "test_hostile.py",
    "test_client_fuzz.py",
    "test_races.py",
    "test_reconnect.py",
    "test_delivery.py",
    "test_trust.py",
    "test_redeal.py",
    "test_shuffle.py",
    "test_channel.py",
)
IN_PYODIDE = [
    *("-m", "not pyodide and not browser and not slow and not cpython_only"),
    *("--ignore=tests/browser", "--ignore=tests/web", "--ignore=tests/test_bench.py"),
    *(f"--ignore=tests/net/{name}" for name in ROOM_SUITES),
    *("-p", "pytest_timeout", "--timeout=0"),
]


@pytest.mark.pyodide
@pytest.mark.timeout(0)  # bounded by the subprocess's timeout, which also ends the subprocess
@pytest.mark.skipif(sys.platform == "emscripten", reason="this is the test that starts Pyodide")
def test_suite_passes_inside_pyodide():
    """Every engine test passes inside Pyodide; its output is shown if it does not."""
    node = shutil.which("node")
    assert node, "Node.js is needed to run the suite inside Pyodide (make test installs everything)."
    assert (REPO / "node_modules" / "pyodide").is_dir(), "npm pyodide is missing: run `make test`."
    env = {**os.environ, "NODE_OPTIONS": ""}
    completed = subprocess.run(
        [node, str(RUNNER), "-m", "pytest", "-q", *IN_PYODIDE, "tests"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    output = completed.stdout + completed.stderr
    print(output[-4000:])
    assert completed.returncode == 0, f"pytest inside Pyodide failed:\n{output[-6000:]}"
    assert " passed" in output
