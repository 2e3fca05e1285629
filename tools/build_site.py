"""Build the publishable site in place: copy the runtime into static/vendor/ and pack the engine.

    python tools/build_site.py          # what `make site` runs

After it, the repo root is the site: any static server can serve it. What it writes (all git-ignored):

- ``static/vendor/pyodide/``: the Pyodide core from npm (interpreter, wasm, lock file), with its standard
  library zip cut to the modules the app can load (tools/stdlib_trim.py: 2.5 MB of 614 modules down to
  about 0.5 MB over the wire);
- ``static/vendor/game.zip``: the ``game`` package as bytecode, compiled by Pyodide's own Python
  (tools/pack_engine.py); the page imports it straight from the zip (static/js/engine.mjs). One zip is one
  request instead of one per module;
- ``static/vendor/face-down.css`` and ``face-down.js``: the page's stylesheets, and its classic scripts, each
  set joined into one file (``BUNDLES``), which index.html and embed.html load;
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

# The standard library zip is not copied: tools/stdlib_trim.py writes the site's own.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
# Precompressed copies (tools/precompress.mjs) of the vendored files at least this big.
PRECOMPRESS_FROM_BYTES = 1024
PRECOMPRESSED = (".br", ".gz")

# The page's own stylesheets and classic scripts, each set joined into one file in this order. A browser
# speaking HTTP/1.1 opens six connections per host, and ten small files in <head> queued for them before the
# first paint (make bench: first paint 204 -> about 170 ms). Deferred scripts run in document order: page.js,
# last, finds the others (redraw.js's faceDownRedraw, boot.js's faceDownBoot) in place. The games' stylesheets,
# named by their entries in the registry, join in its order: each styles its own game's table only.
BUNDLES = {
    "static/vendor/face-down.css": (
        "static/css/app.css",
        "static/css/art.css",
        *(game.stylesheet for game in ENTRIES.values() if game.stylesheet),
    ),
    "static/vendor/face-down.js": (
        "static/js/boot.js",
        "static/js/keys.js",
        "static/js/redraw.js",
        "static/js/sound.js",
        "static/js/rooms.js",
        "static/js/page.js",
    ),
}
BUNDLED = {source for sources in BUNDLES.values() for source in sources}

# The files of the site itself, besides the vendored runtime, that a visit needs.
APP_FILES = ("index.html", "embed.html", "static/manifest.webmanifest")
APP_DIRS = ("static/css", "static/js", "static/rules", "static/icons")


def copy_runtime() -> None:
    """Copy Pyodide from node_modules into static/vendor/ (and drop the PyScript an older build put there)."""
    pyodide_src = NODE_MODULES / "pyodide"
    if not pyodide_src.is_dir():
        sys.exit("node_modules has no pyodide: run `npm ci` first (make site does).")
    for name in ("pyodide", "pyscript"):
        shutil.rmtree(VENDOR / name, ignore_errors=True)
    (VENDOR / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide_src / name, VENDOR / "pyodide" / name)


def pack_engine() -> None:
    """Compile the ``game`` package into static/vendor/game.zip, inside Pyodide (tools/pack_engine.py)."""
    subprocess.run(["node", str(ROOT / "tools" / "pyodide.mjs"), "-m", "tools.pack_engine"], cwd=ROOT, check=True)


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
        found = (path for path in (ROOT / folder).rglob("*") if path.is_file())
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
    trim_stdlib()
    pack_engine()
    bundle_page_files()
    subprocess.run(["node", str(ROOT / "tools" / "build_transport.mjs")], check=True)  # static/vendor/net/
    write_manifest()
    precompress()
    total = sum(path.stat().st_size for path in site_files())
    print(f"site built: {len(site_files())} files, {total / 1e6:.1f} MB; serve {ROOT}")


if __name__ == "__main__":
    main()
