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


# tests/browser drives Chromium from the host; its conftest imports Playwright, which Pyodide lacks.
# tests/web runs on the host only: game/web runs in Pyodide in every browser test (the page's worker), and
# tests/browser/test_app.py compares the tables it draws there with the host's. Running tests/web here too would
# add some 45 s of CPU to make test's six minutes; what it would catch (game/web behaving otherwise on Python
# 3.14) the browser tests catch wherever a page goes. The engine, the bots, the network protocol and the
# build's Pyodide-only checks (tests/tools) run here.
# Tests marked slow (make check-slow) are left out here as in make test, and so are those marked cpython_only: whole
# sealed games that take 10 to 25 s each here (tests/net; the engine's crypto is the same Python, and smaller
# games still play sealed here).
# Plugins do not autoload in Pyodide (tools/pyodide.mjs); pytest-timeout is loaded by hand so that its marks and
# settings are known, and switched off: Pyodide cannot start its watchdog thread, and this test's timeout covers it.
IN_PYODIDE = [
    *("-m", "not pyodide and not browser and not slow and not cpython_only"),
    *("--ignore=tests/browser", "--ignore=tests/web"),
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
