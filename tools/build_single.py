"""Build dist/face-down.html: the whole app in one HTML file that boots from ``file://`` with no network.

    python tools/build_single.py        # what `make single` runs, after `make site`

Browsers refuse module scripts and ``fetch()`` on a page opened from a file, so everything the page
would load is put inside it:

- stylesheets and classic scripts are inlined, and the favicon becomes a ``data:`` URL;
- the page's worker (static/js/worker.mjs, with Pyodide's modules and the engine's) is bundled into one classic
  script by esbuild and carried as the text of a ``<script type="text/plain" id="face-down-worker">``:
  static/js/page.js starts the worker from a ``blob:`` URL of it;
- every file the worker fetches (the wasm, the standard library, the engine zip...) is stored gzipped and
  base64-encoded at the end of the body (``#face-down-files``); page.js hands that text to the worker, whose
  ``fetch`` answers requests for those URLs from it;
- the progress bar's total is carried too (``#face-down-manifest``), as the site's manifest would give it.

A page opened from a file has no Cache Storage, so the worker just boots Python there, with no memory snapshot.

Every local reference in index.html must be handled by one of these rules, or the build stops: a new
file added to the page can't silently become a broken link in the download.
"""

from __future__ import annotations

import base64
import gzip
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.build_site import BUNDLES, VENDOR  # noqa: E402 (the repo root must be importable first)

TARGET = ROOT / "dist" / "face-down.html"
LIMIT_BYTES = 12_000_000
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
WORKER_ENTRY = "static/js/worker.mjs"
# Site files the single page carries no copy of: inlined (css, js, the icon), bundled (the worker's modules), or
# never loaded by index.html (the embed, the install manifest, the rules pages opened in a new tab).
NOT_CARRIED = (
    "index.html",
    "embed.html",
    "static/manifest.webmanifest",
    "static/css/",
    "static/js/",
    "static/rules/",
    "static/icons/",
    *BUNDLES,
)
# Modules are bundled into the worker, which never fetches them.
MODULES = (".mjs", ".js")
# Pyodide refuses to start in a classic worker (it would load its parts with importScripts); this one has them
# all bundled, so the worker hides importScripts from it before Pyodide's module runs.
HIDE_IMPORT_SCRIPTS = "self.importScripts = undefined;"
# Scripts that only make sense for the hosted site: the service worker needs http(s).
HOSTED_ONLY_SCRIPTS = ("static/js/register-sw.js",)

TYPES = {
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".zip": "application/zip",
    ".py": "text/plain",
    ".toml": "text/plain",
    ".svg": "image/svg+xml",
}

LINK = re.compile(r'<link\b[^>]*\bhref="\./([^"]+)"[^>]*>')
SCRIPT = re.compile(r'<script\b([^>]*)\bsrc="\./([^"]+)"([^>]*)></script>')
DOWNLOAD_LINK = re.compile(r'\s*<a\b[^>]*href="dist/face-down\.html"[^>]*>.*?</a>')


def manifest_files() -> list[str]:
    """The site's files (URLs relative to the root) from static/vendor/manifest.json, written by build_site."""
    manifest = VENDOR / "manifest.json"
    if not manifest.exists():
        sys.exit("The site is not built: run `python tools/build_site.py` (make single does it) first.")
    return [entry["url"] for entry in json.loads(manifest.read_text())["files"]]


def bundle_worker() -> str:
    """The page's worker as one classic script (esbuild): worker.mjs with Pyodide's modules and the engine's.

    Classic, because a page opened from a file cannot start a module worker from a ``blob:`` URL (Chromium).
    Its ``import.meta`` is empty: only the Python snapshot's worker is found through it, and a file has no Cache
    Storage to keep a snapshot in.
    """
    if not ESBUILD.exists():
        sys.exit("esbuild is missing: run `npm ci` first (make single does it).")
    # Pyodide's glue imports Node's modules only under Node. (esbuild warns of its direct eval(): it then leaves
    # the names in those scopes as they are, which is all the eval needs.)
    command = [str(ESBUILD), WORKER_ENTRY, "--bundle", "--format=iife", "--minify", "--log-level=error"]
    command.append("--external:node:*")
    command.append(f"--banner:js={HIDE_IMPORT_SCRIPTS}")
    return subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True).stdout


def data_url(path: str, media_type: str) -> str:
    """The file at ``path`` (relative to the root) as a base64 ``data:`` URL."""
    return f"data:{media_type};base64,{base64.b64encode((ROOT / path).read_bytes()).decode()}"


def inline_script(code: str, attributes: str = "") -> str:
    """A <script> element holding ``code``; a "</script" inside it would end the element early."""
    escaped = re.sub(r"</(script)", r"<\\/\1", code, flags=re.IGNORECASE)
    return f"<script{attributes}>{escaped}</script>"


def replace_link(match: re.Match) -> str:
    """A <link> to a local file, made self-contained: a stylesheet inlined, the icon as a data: URL."""
    tag, path = match.group(0), match.group(1)
    if 'rel="stylesheet"' in tag:
        return f"<style>{(ROOT / path).read_text()}</style>"
    if 'rel="icon"' in tag:
        return tag.replace(f'"./{path}"', f'"{data_url(path, TYPES[Path(path).suffix])}"')
    if 'rel="manifest"' in tag:
        return ""  # installing is for the hosted site
    raise SystemExit(f"index.html links to ./{path} in a way build_single.py does not know how to inline: {tag}")


def replace_script(match: re.Match) -> str:
    """A <script src> made self-contained: a classic script inlined or dropped."""
    tag, path = match.group(0), match.group(2)
    attributes = (match.group(1) + match.group(3)).replace(" defer", "")
    if path in HOSTED_ONLY_SCRIPTS:
        return ""
    if path.startswith("static/js/") or path in BUNDLES:
        return inline_script((ROOT / path).read_text(), attributes.rstrip())
    raise SystemExit(f"index.html loads ./{path} in a way build_single.py does not know how to inline: {tag}")


def fetched_files(urls: list[str]) -> dict[str, bytes]:
    """The files the worker fetches, by URL."""
    carried = [url for url in urls if not url.startswith(NOT_CARRIED) and not url.endswith(MODULES)]
    return {url: (ROOT / url).read_bytes() for url in carried}


def packed(files: dict[str, bytes]) -> dict[str, dict[str, str]]:
    """Each file by its URL in the page: its media type and its bytes gzipped then base64-encoded."""
    return {
        f"./{url}": {
            "type": TYPES.get(Path(url).suffix, "application/octet-stream"),
            "data": base64.b64encode(gzip.compress(data, compresslevel=9, mtime=0)).decode(),
        }
        for url, data in files.items()
    }


def build() -> str:
    """The single page's HTML."""
    html = (ROOT / "index.html").read_text()
    html = DOWNLOAD_LINK.sub("", html)
    html = LINK.sub(replace_link, html)
    html = SCRIPT.sub(replace_script, html)
    files = fetched_files(manifest_files())
    runtime = sum(len(data) for url, data in files.items() if url.startswith("static/vendor/"))
    carried = [
        inline_script(bundle_worker(), ' type="text/plain" id="face-down-worker"'),
        inline_script(json.dumps({"runtime_bytes": runtime}), ' type="application/json" id="face-down-manifest"'),
        inline_script(
            json.dumps(packed(files), separators=(",", ":")),
            ' type="application/json" id="face-down-files"',
        ),
    ]
    return html.replace("</body>", "\n".join(carried) + "\n</body>", 1)


def main() -> None:
    """Write dist/face-down.html and check its size against the 12 MB target."""
    html = build()
    TARGET.parent.mkdir(exist_ok=True)
    TARGET.write_text(html)
    size = TARGET.stat().st_size
    print(f"single file built: {TARGET.relative_to(ROOT)}, {size / 1e6:.1f} MB")
    if size > LIMIT_BYTES:
        sys.exit(f"{TARGET.name} is {size / 1e6:.1f} MB, over the {LIMIT_BYTES / 1e6:.0f} MB target.")


if __name__ == "__main__":
    main()
