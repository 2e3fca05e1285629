"""Pack the engine for the site: static/vendor/game.zip holds the ``game`` package as bytecode only.

    node tools/pyodide.mjs -m tools.pack_engine      # what tools/build_site.py runs

It runs inside Pyodide because bytecode is read only by the Python version that wrote it (Pyodide's, not
the host's). The page puts the zip on ``sys.path`` as it is (static/js/engine.mjs), so a visit neither
unpacks the engine nor compiles it: a cold boot's imports took 80-115 ms from sources, 35-50 ms from
bytecode (in-page timers, 4 cold visits each), and unpacking 55 files had cost about 30 ms more.

Each module is stored as ``game/<path>.pyc``, the layout Python imports without its source. The
bytecode's file names are the modules' paths in the repo (``game/web/app.py``), so a traceback in the
browser names the file and line; the source lines themselves are not shipped (they would add 0.17 MB).
"""

from __future__ import annotations

import py_compile
import sys
import tempfile
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TARGET = REPO / "static" / "vendor" / "game.zip"
# A fixed date: the same sources and the same Pyodide give a byte-identical zip.
STAMP = (2020, 1, 1, 0, 0, 0)


def pack(target: Path = TARGET) -> int:
    """Compile every module of the ``game`` package into the zip ``target``; return how many there are."""
    if sys.platform != "emscripten":
        raise SystemExit("tools/pack_engine.py compiles for Pyodide's Python: run it with node tools/pyodide.mjs")
    sources = sorted((REPO / "game").rglob("*.py"))
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive, tempfile.TemporaryDirectory() as scratch:
        compiled = Path(scratch) / "module.pyc"
        for source in sources:
            name = source.relative_to(REPO).as_posix()  # game/web/app.py
            # An unchecked-hash header holds no date, so the zip's bytes depend on the sources alone.
            py_compile.compile(
                str(source),
                cfile=str(compiled),
                dfile=name,
                doraise=True,
                invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
            )
            archive.writestr(zipfile.ZipInfo(name + "c", date_time=STAMP), compiled.read_bytes(), zipfile.ZIP_DEFLATED)
    return len(sources)


if __name__ == "__main__":
    print(f"engine packed: {pack()} modules as bytecode in {TARGET.relative_to(REPO)}")
