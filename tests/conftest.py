"""Order of the run: under `make test` (pytest-xdist, three workers) the longest work starts first."""

from __future__ import annotations

import pytest

# Each of these runs a subprocess for minutes (the suite again inside Pyodide, the benchmark's smoke test). Started
# last, one would run alone at the end while the other workers wait; started first, it runs beside the
# browser tests.
LONG_SUBPROCESS_TESTS = ["test_pyodide.py", "test_bench.py"]  # the longest first


@pytest.hookimpl(trylast=True)  # after tests/browser/conftest.py has grouped the tests that open many profiles
def pytest_collection_modifyitems(items):
    def start(item) -> int:
        if item.path.name in LONG_SUBPROCESS_TESTS:
            return LONG_SUBPROCESS_TESTS.index(item.path.name)
        return len(LONG_SUBPROCESS_TESTS) + (0 if item.get_closest_marker("xdist_group") else 1)

    items.sort(key=start)  # a stable sort: each group keeps its order
