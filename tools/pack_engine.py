"""Pack the engine for the site: static/vendor/game.zip holds the ``game`` package as bytecode only.

    node tools/pyodide.mjs -m tools.pack_engine      # what tools/build_site.py runs

It runs inside Pyodide because bytecode is read only by the Python version that wrote it (Pyodide's, not
the host's). The page puts the zip on ``sys.path`` as it is (static/js/engine.mjs), so a visit neither
unpacks the engine nor compiles it: a cold boot's imports took 80-115 ms from sources, 35-50 ms from
bytecode (in-page timers, 4 cold visits each), and unpacking 55 files had cost about 30 ms more.

Each module is stored as ``game/<path>.pyc``, the layout Python imports without its source. The
bytecode's file names are the modules' paths in the repo (``game/web/app.py``), so a traceback in the
browser names the file and line; the source lines themselves are not shipped (they would add 0.17 MB).

The bytecode has no docstrings of modules and functions, nor columns (tools/bytecode.py); every line stays
where it was, so tracebacks still name the right lines. The modules only the host runs (``HOST_ONLY``: the
terminal tools print their own docstring; game.web.snapshot lists them) are not packed.
"""

from __future__ import annotations

import ast
import sys
import zipfile
from pathlib import Path

from game.web import snapshot
from tools.bytecode import pyc, without_docstrings

REPO = Path(__file__).resolve().parent.parent
TARGET = REPO / "static" / "vendor" / "game.zip"
# A fixed date: the same sources and the same Pyodide give a byte-identical zip.
STAMP = (2020, 1, 1, 0, 0, 0)
# The modules only the host runs (the terminal tools), as paths in the repo.
HOST_ONLY = frozenset(f"{name.replace('.', '/')}.py" for name in snapshot.HOST_ONLY)


def engine_sources() -> list[Path]:
    """The modules of the ``game`` package a page may import, sorted."""
    return sorted(path for path in (REPO / "game").rglob("*.py") if path.relative_to(REPO).as_posix() not in HOST_ONLY)


# Class docstrings stay: a dataclass without one computes it from its signature at import time.
DROPPED_DOCSTRINGS = ast.Module | ast.FunctionDef | ast.AsyncFunctionDef


def bytecode(source: Path, name: str) -> bytes:
    """The ``.pyc`` bytes of ``source``, without module and function docstrings, its code named ``name``."""
    text = source.read_bytes()
    return pyc(text, without_docstrings(ast.parse(text, name), DROPPED_DOCSTRINGS), name)


def pack(target: Path = TARGET) -> int:
    """Compile every module of the ``game`` package into the zip ``target``; return how many there are."""
    if sys.platform != "emscripten":
        raise SystemExit("tools/pack_engine.py compiles for Pyodide's Python: run it with node tools/pyodide.mjs")
    sources = engine_sources()
    # Stored, not deflated: a host compresses the whole file over the wire, which finds what the modules have
    # in common (their names, say) where per-entry deflate cannot. brotli 344 -> 236 KB, gzip 346 -> 310 KB.
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as archive:
        for source in sources:
            name = source.relative_to(REPO).as_posix()  # game/web/app.py
            archive.writestr(zipfile.ZipInfo(name + "c", date_time=STAMP), bytecode(source, name))
    return len(sources)


if __name__ == "__main__":
    print(f"engine packed: {pack()} modules as bytecode in {TARGET.relative_to(REPO)}")
