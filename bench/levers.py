"""Boot levers, each measured against the site as it is, in one run: what helps, and by how much.

    python -m bench.levers [--runs 5] [--only NAME ...] [--site DIR]

Every lever is a variant of the built site, made in a temporary folder of links to it with only the
changed files written anew (index.html, static/js/python.mjs), and served by its own server. The site itself
is never modified. Runs alternate between variants, each run a new browser profile visited twice (cold,
then warm), exactly as bench/boot.py does. Prints a markdown table and writes bench/results/levers.json.
bench/README.md has the figures and what they mean, including those of levers already adopted.

The variants (the bare PyScript page rides along as a reference):
- **no memory snapshot**: static/js/python.mjs never looking for a snapshot, so a returning visit boots
  Python and imports the engine again (what the site did before the snapshot);
- **preload hints**: ``<link rel=modulepreload/preload>`` for the runtime's files at the top of ``<head>``;
- **precompressed assets**: every file also stored gzipped, served with ``Content-Encoding: gzip``;
- **cached runtime**: ``Cache-Control: max-age=31536000, immutable`` on static/vendor/ (what a cache-first
  service worker gives), instead of the no-cache revalidation of tools/serve.py.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import sync_playwright

from tools.serve import SimpleHTTPRequestHandler, SiteHandler

from . import report
from .boot import BARE, SETTLE_SECONDS, visit
from .browser import fresh_profile, serve
from .report import figure, ratio, row

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
OUT = BENCH / "results" / "levers.json"
INTERPRETER = "static/js/python.mjs"


class PrecompressedHandler(SiteHandler):
    """Serves ``FILE.gz`` for ``FILE`` with ``Content-Encoding: gzip`` when the browser accepts it."""

    encoded = False

    def send_head(self):
        plain = self.translate_path(self.path)
        self.encoded = "gzip" in self.headers.get("Accept-Encoding", "") and os.path.isfile(plain + ".gz")
        if self.encoded:
            self.path = urlsplit(self.path).path + ".gz"
        return super().send_head()

    def guess_type(self, path):
        return super().guess_type(path.removesuffix(".gz") if self.encoded else path)

    def end_headers(self) -> None:
        if self.encoded:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()


class CachedRuntimeHandler(SiteHandler):
    """Lets the browser keep static/vendor/ without asking again; the rest is no-cache as usual."""

    def end_headers(self) -> None:
        if self.path.startswith("/static/vendor/"):
            self.send_header("Cache-Control", "max-age=31536000, immutable")
            SimpleHTTPRequestHandler.end_headers(self)
        else:
            super().end_headers()


@dataclass
class Variant:
    """A changed copy of the site: new text for some files, a server handler, and how to finish it."""

    files: dict[str, str] = field(default_factory=dict)
    handler: type[SiteHandler] = SiteHandler
    prepare: Callable[[Path], None] | None = None  # finishes the variant's folder once its files are written
    page: str = ""  # the page visited, relative to the site's root


def preload_hints(site: Path) -> str:
    """Hints for every file of the runtime, in the order the page needs them."""
    core = sorted(path.name for path in (site / "static/vendor/pyscript").glob("core-*.js"))
    modules = [f"./static/vendor/pyscript/{name}" for name in ["core.js", *core]]
    modules += ["./static/vendor/pyodide/pyodide.mjs", "./static/vendor/pyodide/pyodide.asm.mjs"]
    fetched = [
        "./static/vendor/pyodide/pyodide.asm.wasm",
        "./static/vendor/pyodide/python_stdlib.zip",
        "./static/vendor/pyodide/pyodide-lock.json",
        "./static/vendor/game.zip",
    ]
    lines = [f'<link rel="modulepreload" href="{url}">' for url in modules]
    lines += [f'<link rel="preload" href="{url}" as="fetch" crossorigin>' for url in fetched]
    return "\n".join(lines)


def head_first(index: str, markup: str) -> str:
    """``index`` with ``markup`` right after ``<meta charset>``, the first thing in ``<head>``."""
    anchor = '<meta charset="utf-8">'
    assert anchor in index, "index.html has no <meta charset> to anchor the lever on"
    return index.replace(anchor, f"{anchor}\n{markup}", 1)


def never_restored(python_mjs: str) -> str:
    """static/js/python.mjs as if no snapshot had ever been kept: every visit boots Python."""
    check = "  if (!noted()) return null;\n"
    assert check in python_mjs, "python.mjs no longer checks its note of a kept snapshot: update this lever"
    return python_mjs.replace(check, "  return null;\n")


def precompress(site: Path, folder: Path) -> None:
    """Store in ``folder`` a gzip -9 copy of every file of ``site`` that a visit downloads."""
    for top in ("index.html", "static", "game"):
        source = site / top
        for path in [source] if source.is_file() else sorted(source.rglob("*")):
            if path.is_file():
                target = folder / (path.relative_to(site).as_posix() + ".gz")
                _materialize_parents(folder, target)
                target.write_bytes(gzip.compress(path.read_bytes(), 9, mtime=0))


def variants(site: Path) -> dict[str, Variant]:
    """Every lever, and the baseline first."""
    index = (site / "index.html").read_text()
    python_mjs = (site / INTERPRETER).read_text()
    return {
        "baseline": Variant(),
        "bare PyScript page (reference, not a lever)": Variant(page=BARE),
        "no memory snapshot": Variant({INTERPRETER: never_restored(python_mjs)}),
        "preload hints": Variant({"index.html": head_first(index, preload_hints(site))}),
        "precompressed assets (gzip)": Variant(
            handler=PrecompressedHandler, prepare=lambda folder: precompress(site, folder)
        ),
        "cached runtime (immutable static/vendor)": Variant(handler=CachedRuntimeHandler),
    }


def build(site: Path, variant: Variant, folder: Path) -> None:
    """Lay out ``variant`` in ``folder``: links to the site's top-level entries, then its own files."""
    for entry in site.iterdir():
        (folder / entry.name).symlink_to(entry)
    for name, text in variant.files.items():
        _materialize_parents(folder, folder / name)
        (folder / name).unlink(missing_ok=True)
        (folder / name).write_text(text)
    if variant.prepare:
        variant.prepare(folder)


def measure(site: Path, names: list[str], runs: int) -> list[dict]:
    """Cold and warm time to interactive of each named variant; rows with their ratio to the baseline's."""
    chosen = {name: variant for name, variant in variants(site).items() if name in names}
    samples = {name: {"cold": [], "warm": []} for name in chosen}
    with (
        tempfile.TemporaryDirectory(prefix="bench-levers-") as scratch,
        contextlib.ExitStack() as servers,
        sync_playwright() as playwright,
    ):
        urls = {}
        for number, (name, variant) in enumerate(chosen.items()):
            folder = Path(scratch) / str(number)
            folder.mkdir()
            build(site, variant, folder)
            urls[name] = servers.enter_context(serve(folder, variant.handler))
        for run in range(runs):
            for name in chosen:
                print(f"levers: run {run + 1}/{runs}: {name}", file=sys.stderr, flush=True)
                with fresh_profile(playwright) as context:
                    url = urls[name] + chosen[name].page
                    samples[name]["cold"].append(visit(context, url, linger=SETTLE_SECONDS)[0])
                    samples[name]["warm"].append(visit(context, url)[0])
    rows = []
    base = {kind: row("", samples["baseline"][kind], "ms") for kind in ("cold", "warm")}
    for name in chosen:
        for kind in ("cold", "warm"):
            measured = row(f"{name}: time to interactive, {kind}", samples[name][kind], "ms")
            rows += [measured, figure(f"{name}: {kind} / baseline {kind}", ratio(measured, base[kind]), "ratio")]
    return rows


def _materialize_parents(folder: Path, target: Path) -> None:
    # The variant's folders are links into the site; a file written through one would land in the site.
    current = folder
    for part in target.relative_to(folder).parts[:-1]:
        current = current / part
        if current.is_symlink():
            real = current.resolve()
            current.unlink()
            current.mkdir()
            for entry in real.iterdir():
                (current / entry.name).symlink_to(entry)


def main(argv: list[str] | None = None) -> int:
    """Measure the levers, print the table, save the JSON."""
    parser = argparse.ArgumentParser(prog="python -m bench.levers", description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=REPO, help="the built site's root (default: this repo)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", nargs="*", help="variant names (the baseline is always measured)")
    args = parser.parse_args(argv)
    names = ["baseline", *(args.only or variants(args.site).keys())]
    rows = measure(args.site.resolve(), names, args.runs)
    report.save(rows, OUT)
    print(report.markdown(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
