"""Build the publishable site in place: copy the runtime into static/vendor/ and pack the engine.

    python tools/build_site.py          # what `make site` runs

After it, the repo root is the site: any static server can serve it. What it writes (all git-ignored):

- ``static/vendor/pyodide/``: the Pyodide core from npm (interpreter, wasm, lock file), with its standard
  library zip cut to the modules the app can load (tools/stdlib_trim.py: 2.5 MB of 614 modules down to
  about 0.5 MB over the wire), and micropip's wheel, which npm's Pyodide does not carry (from PyPI, at the
  version Pyodide's lock file names; the lock file's copy here gives its hash);
- ``static/vendor/pyscript/``: PyScript from npm, the chunks a page may load (not its editor's and terminal's
  libraries); ``static/vendor/micropython/``: MicroPython for PyScript from npm, the page's own interpreter;
- ``static/vendor/face_down-<version>-cp<XY>-none-any.whl``: the ``game`` package as bytecode, compiled by
  Pyodide's own Python (tools/pack_wheel.py); micropip installs it in the engine's worker (pyscript.toml);
- ``static/vendor/face-down.css`` and ``face-down.js``: the page's stylesheets, and the scripts that run before
  Python (``BUNDLES``), which index.html and embed.html load;
- ``static/vendor/manifest.json``: every file the app needs, with its size. The loading screen sums the
  sizes for its progress bar, and the service worker precaches the list. Each file's SHA-256 and a ``version``
  hashed from them let the service worker name its cache after the exact set of files and check what it downloaded;
- ``FILE.br`` and ``FILE.gz`` beside each file of static/vendor/ of 1 KB or more (tools/precompress.mjs), for
  hosts that serve precompressed copies (README, "Hosting"). They are not site files: the page asks for
  ``FILE``, and the host picks the copy by the request's ``Accept-Encoding``.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.registry import ENTRIES  # noqa: E402 (the repo root must be importable first)

VENDOR = ROOT / "static" / "vendor"
NODE_MODULES = ROOT / "node_modules"

# The standard library zip is not copied: tools/stdlib_trim.py writes the site's own; the lock file is written
# with micropip's wheel (vendor_micropip).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
MICROPYTHON = NODE_MODULES / "@micropython" / "micropython-webassembly-pyscript"
# PyScript's chunks that no page of ours loads: its code editor's and terminal's libraries (codemirror, xterm),
# MicroPython's unzipper for wheels (the page's MicroPython installs none) and the graph of Pyodide's packages
# (pyscript.toml's empty index_urls skips it). A chunk missing that a page asks for is a 404 any browser test sees.
PYSCRIPT_SKIP = ("codemirror", "xterm", "zip-", "pyodide_graph", "service-worker", "storage")
# Wheels from PyPI for the page's Pyodide (micropip), downloaded once by vendor_micropip.
RUNTIME_WHEELS = ROOT / ".pyodide" / "runtime-wheels"
# Precompressed copies (tools/precompress.mjs) of the vendored files at least this big.
PRECOMPRESS_FROM_BYTES = 1024
PRECOMPRESSED = (".br", ".gz")

# The page's own stylesheets and the scripts that run before Python, each set joined into one file in this order. A
# browser speaking HTTP/1.1 opens six connections per host, and ten small files in <head> queued for them before the
# first paint (make bench: first paint 204 -> about 170 ms). The games' stylesheets, named by their entries in the
# registry, join in its order: each styles its own game's table only.
BUNDLES = {
    "static/vendor/face-down.css": (
        "static/css/app.css",
        "static/css/art.css",
        *(game.stylesheet for game in ENTRIES.values() if game.stylesheet),
    ),
    "static/vendor/face-down.js": ("static/js/boot.js", "static/js/redraw.js", "static/js/rooms.js"),
}
BUNDLED = {source for sources in BUNDLES.values() for source in sources}

# The files of the site itself, besides the vendored runtime, that a visit needs: the pages, PyScript's config and
# what it runs from its source (game.web.snapshot's BROWSER_ONLY): the engine's worker, and the page's MicroPython.
APP_FILES = (
    "index.html",
    "embed.html",
    "static/manifest.webmanifest",
    "pyscript.toml",
    "game/web/worker.py",
)
APP_DIRS = ("static/css", "static/js", "static/rules", "static/icons", "game/web/page")


def copy_runtime() -> None:
    """Copy Pyodide, PyScript and MicroPython from node_modules into static/vendor/ (and drop an older build's)."""
    pyodide_src = NODE_MODULES / "pyodide"
    if not pyodide_src.is_dir() or not MICROPYTHON.is_dir():
        sys.exit("node_modules has no pyodide or MicroPython: run `npm ci` first (make site does).")
    for name in ("pyodide", "pyscript", "micropython", "game.zip"):
        shutil.rmtree(VENDOR / name, ignore_errors=True)
        (VENDOR / name).unlink(missing_ok=True)
    for folder in ("pyodide", "pyscript", "micropython"):
        (VENDOR / folder).mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide_src / name, VENDOR / "pyodide" / name)
    for name in MICROPYTHON_FILES:
        shutil.copy2(MICROPYTHON / name, VENDOR / "micropython" / name)
    for chunk in (NODE_MODULES / "@pyscript" / "core" / "dist").glob("*.js"):
        if not chunk.name.startswith(PYSCRIPT_SKIP):
            shutil.copy2(chunk, VENDOR / "pyscript" / chunk.name)


def vendor_micropip() -> None:
    """Put micropip's wheel beside Pyodide, and write Pyodide's lock file with that wheel's hash.

    npm's Pyodide lists micropip in its lock file but carries no wheels; its ``loadPackage("micropip")`` fetches
    the file the lock names from beside ``pyodide.mjs`` and checks its SHA-256. PyPI's wheel of that version is
    built apart from Pyodide's, so its hash differs: the lock file copied here names this one's.
    """
    lock = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    entry = lock["packages"]["micropip"]
    wheel = RUNTIME_WHEELS / entry["file_name"]
    if not wheel.exists():
        pip = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps"]
        pip += ["--only-binary=:all:", "--python-version", "3.14", "-d", str(RUNTIME_WHEELS)]
        subprocess.run([*pip, f"micropip=={entry['version']}"], check=True)
    shutil.copy2(wheel, VENDOR / "pyodide" / wheel.name)
    entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    (VENDOR / "pyodide" / "pyodide-lock.json").write_text(json.dumps(lock))


def pack_wheel() -> None:
    """Compile the ``game`` package into its wheel in static/vendor/, inside Pyodide (tools/pack_wheel.py)."""
    subprocess.run(["node", str(ROOT / "tools" / "pyodide.mjs"), "-m", "tools.pack_wheel"], cwd=ROOT, check=True)


def trim_stdlib() -> None:
    """Write the site's standard library zip, cut to what the app loads, inside Pyodide (tools/stdlib_trim.py)."""
    subprocess.run(["node", str(ROOT / "tools" / "pyodide.mjs"), "-m", "tools.stdlib_trim"], cwd=ROOT, check=True)


def precompress() -> None:
    """Write the .br and .gz copies beside the vendored files of PRECOMPRESS_FROM_BYTES or more."""
    for stale in VENDOR.rglob("*"):
        if stale.suffix in PRECOMPRESSED:
            stale.unlink()
    large = [
        str(path)
        for path in site_files()
        if path.is_relative_to(VENDOR) and path.stat().st_size >= PRECOMPRESS_FROM_BYTES
    ]
    subprocess.run(["node", str(ROOT / "tools" / "precompress.mjs"), *large], check=True)


def bundle_page_files(root: Path = ROOT) -> None:
    """Join each set of ``BUNDLES`` (paths under ``root``) into its one file, each part headed by its source's name."""
    for target, sources in BUNDLES.items():
        comment = "/* {} */" if target.endswith(".css") else "// {}"
        parts = []
        for source in sources:
            text = (root / source).read_text()
            # A relative url() would be read from static/vendor/, the bundle's folder, and miss.
            if target.endswith(".css") and "url(" in text:
                sys.exit(f"{source} uses url(), which would break in {target}: keep images out of the bundled CSS.")
            parts.append(f"{comment.format(source)}\n{text}")
        (root / target).write_text("\n".join(parts))


def site_files() -> list[Path]:
    """Every file a visit needs: the app's own files (the bundled ones in their bundles) and the runtime, sorted."""
    files = [ROOT / name for name in APP_FILES]
    for folder in APP_DIRS:
        found = (path for path in (ROOT / folder).rglob("*") if path.is_file() and "__pycache__" not in path.parts)
        files += [path for path in found if path.relative_to(ROOT).as_posix() not in BUNDLED]
    files += [
        path
        for path in VENDOR.rglob("*")
        if path.is_file() and path.name != "manifest.json" and path.suffix not in PRECOMPRESSED
    ]
    return sorted(set(files))


def write_manifest() -> None:
    """Write static/vendor/manifest.json: each site file's URL (relative to the root), byte size and SHA-256."""
    files = [
        {
            "url": path.relative_to(ROOT).as_posix(),
            "bytes": path.stat().st_size,
            "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
        }
        for path in site_files()
    ]
    runtime = sum(entry["bytes"] for entry in files if entry["url"].startswith("static/vendor/"))
    # The service worker's cache is named after this: any changed, added or removed file gives a new version.
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    manifest = {"files": files, "runtime_bytes": runtime, "version": version}
    (VENDOR / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")


def main() -> None:
    """Build everything, then say where it is."""
    subprocess.run([sys.executable, str(ROOT / "tools" / "embed_page.py")], check=True)  # embed.html
    copy_runtime()
    vendor_micropip()
    trim_stdlib()
    pack_wheel()
    bundle_page_files()
    subprocess.run(["node", str(ROOT / "tools" / "build_transport.mjs")], check=True)  # static/vendor/net/
    write_manifest()
    precompress()
    total = sum(path.stat().st_size for path in site_files())
    print(f"site built: {len(site_files())} files, {total / 1e6:.1f} MB; serve {ROOT}")


if __name__ == "__main__":
    main()
