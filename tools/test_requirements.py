"""Print the pinned test requirements from pyproject.toml, so every install step reads one list.

``--pure`` leaves out what the run inside Pyodide needs not: packages with native code (ruff, playwright, and
cryptography, the reference game/net/p256.py is checked against), the host's parallel runner (pytest-xdist), the
WebKit driver's client (selenium) and the third-party Nostr relay the room tests run (nostr-relay), keeping the
pure-Python ones Pyodide can load.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

HOST_ONLY = ("ruff", "playwright", "pytest-xdist", "cryptography", "selenium", "nostr-relay")


def main() -> None:
    """Print the requirements, space-separated."""
    project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text())
    requirements = project["project"]["optional-dependencies"]["test"]
    if "--pure" in sys.argv:
        requirements = [r for r in requirements if not r.startswith(HOST_ONLY)]
    print(" ".join(requirements))


if __name__ == "__main__":
    main()
