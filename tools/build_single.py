"""Build dist/face-down.html: the whole app in one HTML file that boots from ``file://`` with no network.

    python tools/build_single.py        # what `make single` runs, after `make site`

Browsers refuse module scripts and ``fetch()`` on a page opened from a file, so everything the page
would load is put inside it (the technique measured in PLATFORM.md):

- stylesheets and classic scripts are inlined, and the favicon becomes a ``data:`` URL;
- PyScript is bundled into one ES module by esbuild and inlined;
- an import map sends the interpreter's JS modules (``static/js/python.mjs``, which the page's config
  names, and ``engine.mjs``, ``pyodide.mjs`` and ``pyodide.asm.mjs``, which are imported and never
  fetched, and any other module under static/vendor/) to ``data:`` URLs, and their ``modulepreload``
  links are dropped;
- every other file the page fetches (the wasm, the stdlib, the engine zip, ``main.py``...)
  is stored gzipped and base64-encoded at the end of the body, and a ``fetch`` wrapper installed before
  anything else answers requests for those URLs from it.

A page opened from a file has no Cache Storage, so static/js/python.mjs just boots Python there, with no
memory snapshot.

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

from tools.build_site import BUNDLES, PYSCRIPT_SKIP, VENDOR  # noqa: E402 (the repo root must be importable first)

TARGET = ROOT / "dist" / "face-down.html"
LIMIT_BYTES = 12_000_000
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
PYSCRIPT_ENTRY = "static/vendor/pyscript/core.js"
# Site files the single page carries no copy of: inlined (css, js, the icon), bundled (pyscript), or never
# loaded by index.html (the embed, the install manifest, the rules pages opened in a new tab).
NOT_CARRIED = (
    "index.html",
    "embed.html",
    "static/manifest.webmanifest",
    "static/css/",
    "static/js/",
    "static/rules/",
    "static/icons/",
    "static/vendor/pyscript/",
    *BUNDLES,
)
# Modules are imported, and no fetch wrapper sees an import: the import map answers for these.
MODULES = (".mjs", ".js")
# The interpreter module the page's config names, and the one it imports: carried although static/js/ is not.
INTERPRETER_MODULES = ("static/js/python.mjs", "static/js/engine.mjs")
# Scripts that only make sense for the hosted site: the service worker needs http(s).
HOSTED_ONLY_SCRIPTS = ("static/js/register-sw.js",)

# Installed first in <head>: answers fetches of embedded files (read lazily, once the data at the end of
# the body is parsed) and passes every other request to the real fetch.
FETCH_WRAPPER = """(() => {
  "use strict";
  const realFetch = window.fetch.bind(window);
  let files = null;
  const parsed = new Promise((resolve) => {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", resolve, { once: true });
    else resolve();
  });
  async function embedded(url) {
    await parsed;
    if (!files) {
      files = new Map();
      const table = JSON.parse(document.getElementById("face-down-files").textContent);
      for (const [path, file] of Object.entries(table)) files.set(new URL(path, document.baseURI).href, file);
    }
    return files.get(url);
  }
  window.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), document.baseURI);
    url.search = url.hash = "";
    const file = await embedded(url.href);
    if (!file) return realFetch(input, init);
    const packed = await realFetch(`data:application/octet-stream;base64,${file.data}`);
    const body = packed.body.pipeThrough(new DecompressionStream("gzip"));
    return new Response(body, { headers: { "Content-Type": file.type } });
  };
})();"""

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


def bundle_pyscript() -> str:
    """PyScript's dist as one ES module (esbuild), with the chunks the site never loads left out."""
    if not ESBUILD.exists():
        sys.exit("esbuild is missing: run `npm ci` first (make single does it).")
    skipped = [f"--external:./{prefix}*" for prefix in PYSCRIPT_SKIP]
    command = [str(ESBUILD), PYSCRIPT_ENTRY, "--bundle", "--format=esm", "--minify", "--log-level=warning", *skipped]
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
    if 'rel="modulepreload"' in tag:
        return ""  # the import map holds every module already
    raise SystemExit(f"index.html links to ./{path} in a way build_single.py does not know how to inline: {tag}")


def replace_script(match: re.Match, pyscript: str) -> str:
    """A <script src> made self-contained: PyScript's bundle inlined, a classic script inlined or dropped."""
    tag, path = match.group(0), match.group(2)
    attributes = (match.group(1) + match.group(3)).replace(" defer", "")
    if 'type="py"' in attributes:
        return tag  # main.py and its config are fetched, and the fetch wrapper answers
    if path == PYSCRIPT_ENTRY:
        return inline_script(pyscript, ' type="module"')
    if path in HOSTED_ONLY_SCRIPTS:
        return ""
    if path.startswith("static/js/") or path in BUNDLES:
        return inline_script((ROOT / path).read_text(), attributes.rstrip())
    raise SystemExit(f"index.html loads ./{path} in a way build_single.py does not know how to inline: {tag}")


def fetched_files(urls: list[str]) -> dict[str, bytes]:
    """The files the page fetches, by URL, and a manifest whose total is what the loading bar will count."""
    carried = [url for url in urls if not url.startswith(NOT_CARRIED) and not url.endswith(MODULES)]
    files = {url: (ROOT / url).read_bytes() for url in carried}
    runtime = sum(len(data) for url, data in files.items() if url.startswith("static/vendor/"))
    files["static/vendor/manifest.json"] = json.dumps({"runtime_bytes": runtime}).encode()
    return files


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
    pyscript = bundle_pyscript()
    html = SCRIPT.sub(lambda match: replace_script(match, pyscript), html)
    urls = manifest_files()
    modules = [url for url in urls if url.endswith(MODULES) and not url.startswith(NOT_CARRIED)]
    modules += INTERPRETER_MODULES
    import_map = {"imports": {f"./{url}": data_url(url, "text/javascript") for url in modules}}
    head = inline_script(json.dumps(import_map), ' type="importmap"') + inline_script(FETCH_WRAPPER)
    html = html.replace('<meta charset="utf-8">', '<meta charset="utf-8">' + head, 1)
    files = json.dumps(packed(fetched_files(urls)), separators=(",", ":"))
    data = f'<script type="application/json" id="face-down-files">{files}</script>'
    return html.replace("</body>", data + "\n</body>", 1)


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
