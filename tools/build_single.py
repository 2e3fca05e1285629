"""Build dist/face-down.html: the whole app in one HTML file that boots from ``file://`` with no network.

    python tools/build_single.py        # what `make single` runs, after `make site`

Browsers refuse module scripts, ``fetch()`` and module workers from ``blob:`` URLs on a page opened from a file,
so everything the page would load is put inside it, and PyScript boots as on the site:

- stylesheets and the classic scripts are inlined, and the favicon becomes a ``data:`` URL;
- PyScript is bundled into one ES module by esbuild and inlined;
- an import map sends the page's MicroPython (static/vendor/micropython/micropython.mjs, which the page's script
  names) to a ``data:`` URL of a small module that loads MicroPython's wasm from the carried files through a
  ``blob:`` URL (Emscripten would read a ``file:`` URL with XMLHttpRequest, which a file's page may not);
- every file the page or its worker fetches (the wasm, the standard library, the wheels, pyscript.toml, the
  page's Python...) is stored gzipped and base64-encoded at the end of the body (``#face-down-files``), and a
  ``fetch`` wrapper installed before anything else answers requests for those URLs from it;
- PyScript's worker is made from a ``data:`` URL instead of a ``blob:`` one (a module worker may start from the
  first on a file's page, not from the second), its code preceded by a prelude (``WORKER_PRELUDE``) that takes the
  carried files in a first message, answers the worker's fetches from them, and imports the engine's interpreter
  (static/js/python.mjs bundled with Pyodide by esbuild, ``#face-down-modules``) from a ``blob:`` URL made there;
- the worker's config is pyscript.toml's, inline, with the engine's wheel installed from Pyodide's own file system,
  where the prelude has python.mjs put it (micropip reads a ``file:`` URL through a path the worker cannot fetch);
- the progress bar's total is carried too (``#face-down-manifest``).

A page opened from a file has no Cache Storage, so the engine's worker just boots Python there, with no memory
snapshot, and no service worker: its registration is skipped.

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
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.build_site import BUNDLES, PYSCRIPT_SKIP, VENDOR  # noqa: E402 (the repo root must be importable first)

TARGET = ROOT / "dist" / "face-down.html"
LIMIT_BYTES = 12_000_000
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
PYSCRIPT_ENTRY = "static/vendor/pyscript/core.js"
INTERPRETER = "static/js/python.mjs"  # pyscript.toml's interpreter: bundled, imported in the worker
MICROPYTHON = "static/vendor/micropython/micropython.mjs"  # the page's interpreter: through the import map
WHEEL_PATH = "/home/pyodide/"  # where the worker's prelude has python.mjs put the engine's wheel
# Site files the single page carries no copy of: inlined (css, js, the icon), bundled (PyScript, the modules), or
# never loaded by index.html (the embed, the install manifest, the rules pages opened in a new tab).
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
# Modules are bundled or imported through the import map, never fetched.
MODULES = (".mjs", ".js")

# Installed first in <head>: answers fetches of carried files (read lazily, once the data at the end of the body
# is parsed) and passes every other request to the real fetch; and makes PyScript's worker, whose code PyScript
# puts in a blob, from a data: URL, handing it the carried files and the engine's interpreter first thing.
PAGE_PRELUDE = """(() => {
  "use strict";
  const realFetch = window.fetch.bind(window);
  let files = null;
  const parsed = new Promise((resolve) => {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", resolve, { once: true });
    else resolve();
  });
  const carried = (id) => JSON.parse(document.getElementById(id).textContent);
  const site = new URL(".", document.baseURI).href;
  const key = (url) => (url.startsWith(site) ? url.slice(site.length) : url).split(/[?#]/)[0];
  async function embedded(url) {
    await parsed;
    files ??= carried("face-down-files");
    return files[key(url)];
  }
  window.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), document.baseURI).href;
    const file = await embedded(url);
    if (!file) return realFetch(input, init);
    const packed = await realFetch(`data:application/octet-stream;base64,${file.data}`);
    const body = packed.body.pipeThrough(new DecompressionStream("gzip"));
    return new Response(body, { headers: { "Content-Type": file.type } });
  };
  const workerCode = new WeakMap();
  const RealBlob = window.Blob;
  window.Blob = class extends RealBlob {
    constructor(parts = [], options = {}) {
      super(parts, options);
      if (options.type === "text/javascript" && parts.every((part) => typeof part === "string")) {
        workerCode.set(this, parts.join(""));
      }
    }
  };
  const createObjectURL = URL.createObjectURL;
  const utf8Base64 = (text) => {
    const bytes = new TextEncoder().encode(text);
    let binary = "";
    for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    return btoa(binary);
  };
  URL.createObjectURL = (blob) => {
    if (!workerCode.has(blob)) return createObjectURL(blob);
    const code = WORKER_PRELUDE + workerCode.get(blob).replace(/\\bimport\\(/g, "faceDownImport(");
    return `data:text/javascript;base64,${utf8Base64(code)}`;
  };
  const RealWorker = window.Worker;
  window.Worker = class extends RealWorker {
    constructor(url, options) {
      super(url, options);
      if (!String(url).startsWith("data:text/javascript")) return;
      parsed.then(() => {
        files ??= carried("face-down-files");
        this.postMessage({ faceDown: { files, modules: carried("face-down-modules"), site } });
      });
    }
  };
})();"""

# Runs first in PyScript's worker (a module worker from a data: URL): the page's first message carries the files
# and the engine's interpreter; the worker's own messages wait for them. A data: URL's worker may not open
# IndexedDB, where PyScript keeps its list of installed packages (a page opened from a file keeps none anyway): it
# gets a store that lives as long as the worker.
WORKER_PRELUDE = """
const faceDownEntries = new Map();
const faceDownAnswer = (compute) => {
  const request = {};
  queueMicrotask(() => {
    request.result = compute();
    request.onsuccess?.({ target: request });
  });
  return request;
};
const faceDownStore = {
  get: (key) => faceDownAnswer(() => faceDownEntries.get(key)),
  getKey: (key) => faceDownAnswer(() => (faceDownEntries.has(key) ? key : undefined)),
  getAllKeys: () => faceDownAnswer(() => [...faceDownEntries.keys()]),
  put: (value, key) => faceDownAnswer(() => (faceDownEntries.set(key, value), key)),
  delete: (key) => faceDownAnswer(() => faceDownEntries.delete(key)),
  clear: () => faceDownAnswer(() => faceDownEntries.clear()),
  count: () => faceDownAnswer(() => faceDownEntries.size),
};
const faceDownDatabase = {
  objectStoreNames: { length: 1 },
  close() {},
  transaction: () => ({ objectStore: () => faceDownStore }),
};
const faceDownIndexedDB = { open: () => faceDownAnswer(() => faceDownDatabase) };
Object.defineProperty(globalThis, "indexedDB", { configurable: true, value: faceDownIndexedDB });
let faceDownFiles = null, faceDownModules = null, faceDownSent = null;
const faceDownReady = new Promise((resolve) => (faceDownSent = resolve));
addEventListener("message", (event) => {
  if (!event.data?.faceDown) return;
  event.stopImmediatePropagation();
  ({ files: faceDownFiles, modules: faceDownModules } = event.data.faceDown);
  globalThis.faceDownSite = event.data.faceDown.site;
  const wheel = Object.keys(faceDownFiles).find((path) => /face_down-.*\\.whl$/.test(path));
  faceDownFetch(wheel).then((response) => response.arrayBuffer()).then((bytes) => {
    globalThis.faceDownWheel = { path: WHEEL_PATH + wheel.split("/").pop(), bytes: new Uint8Array(bytes) };
    faceDownSent();
  });
});
const faceDownKey = (url) => {
  const site = globalThis.faceDownSite;
  return (url.startsWith(site) ? url.slice(site.length) : url).split(/[?#]/)[0];
};
async function faceDownFetch(path) {
  const file = faceDownFiles[path];
  const packed = await faceDownRealFetch(`data:application/octet-stream;base64,${file.data}`);
  const body = packed.body.pipeThrough(new DecompressionStream("gzip"));
  return new Response(body, { headers: { "Content-Type": file.type } });
}
const faceDownRealFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = async (input, init) => {
  await faceDownReady;
  const url = input instanceof Request ? input.url : String(input);
  return faceDownFiles[faceDownKey(url)] ? faceDownFetch(faceDownKey(url)) : faceDownRealFetch(input, init);
};
globalThis.faceDownImport = async (url) => {
  await faceDownReady;
  const text = faceDownModules[faceDownKey(url)];
  return import(text === undefined ? url : URL.createObjectURL(new Blob([text], { type: "text/javascript" })));
};
"""

# MicroPython through the import map: its wasm comes from the carried files, as a blob: URL.
MICROPYTHON_LOADER = """import { loadMicroPython as load } from "%s";
export async function loadMicroPython(options) {
  const response = await fetch(options.url);
  const url = URL.createObjectURL(new Blob([await response.arrayBuffer()], { type: "application/wasm" }));
  return load({ ...options, url });
}
"""

TYPES = {
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".py": "text/plain",
    ".toml": "text/plain",
    ".svg": "image/svg+xml",
}

LINK = re.compile(r'<link\b[^>]*\bhref="\./([^"]+)"[^>]*>')
SCRIPT = re.compile(r'<script\b([^>]*)\bsrc="\./([^"]+)"([^>]*)></script>')
WORKER_CONFIG = re.compile(r'(<script type="py" worker [^>]*)config="\./pyscript\.toml"')
DOWNLOAD_LINK = re.compile(r'\s*<a\b[^>]*href="dist/face-down\.html"[^>]*>.*?</a>')


def manifest_files() -> list[str]:
    """The site's files (URLs relative to the root) from static/vendor/manifest.json, written by build_site."""
    manifest = VENDOR / "manifest.json"
    if not manifest.exists():
        sys.exit("The site is not built: run `python tools/build_site.py` (make single does it) first.")
    return [entry["url"] for entry in json.loads(manifest.read_text())["files"]]


def esbuild(entry: str, *options: str) -> str:
    """``entry`` and what it imports as one minified ES module."""
    if not ESBUILD.exists():
        sys.exit("esbuild is missing: run `npm ci` first (make single does it).")
    command = [str(ESBUILD), entry, "--bundle", "--format=esm", "--minify", "--log-level=error", *options]
    return subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True).stdout


def bundle_pyscript() -> str:
    """PyScript's dist as one ES module, with the chunks the site does not vendor left out (never loaded)."""
    return esbuild(PYSCRIPT_ENTRY, *(f"--external:./{prefix}*" for prefix in PYSCRIPT_SKIP))


def bundle_interpreter() -> str:
    """The engine's interpreter module with Pyodide's modules (Pyodide's glue imports Node's only under Node)."""
    return esbuild(INTERPRETER, "--external:node:*")


def data_url(data: bytes, media_type: str) -> str:
    """``data`` as a base64 ``data:`` URL."""
    return f"data:{media_type};base64,{base64.b64encode(data).decode()}"


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
        return tag.replace(f'"./{path}"', f'"{data_url((ROOT / path).read_bytes(), TYPES[Path(path).suffix])}"')
    if 'rel="manifest"' in tag:
        return ""  # installing is for the hosted site
    raise SystemExit(f"index.html links to ./{path} in a way build_single.py does not know how to inline: {tag}")


def replace_script(match: re.Match, pyscript: str) -> str:
    """A <script src> made self-contained: PyScript's bundle or a classic script inlined; Python's scripts stay
    (the fetch wrapper answers for their sources)."""
    tag, path = match.group(0), match.group(2)
    attributes = (match.group(1) + match.group(3)).replace(" defer", "")
    if 'type="py"' in attributes or 'type="mpy"' in attributes:
        return tag
    if path == PYSCRIPT_ENTRY:
        return inline_script(pyscript, ' type="module"')
    if path in BUNDLES:
        # An inline script cannot be deferred, but a module is: the bundle still runs once the page is parsed,
        # before PyScript's module, which follows it.
        return inline_script((ROOT / path).read_text(), ' type="module"')
    raise SystemExit(f"index.html loads ./{path} in a way build_single.py does not know how to inline: {tag}")


def worker_config() -> str:
    """pyscript.toml as the worker's inline config, its wheel installed from Pyodide's file system."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    config["packages"] = [f"emfs:{WHEEL_PATH}{Path(package).name}" for package in config["packages"]]
    return json.dumps(config)


def fetched_files(urls: list[str]) -> dict[str, bytes]:
    """The files the page and its worker fetch, by their path from the site's root."""
    carried = [url for url in urls if not url.startswith(NOT_CARRIED) and not url.endswith(MODULES)]
    return {url: (ROOT / url).read_bytes() for url in carried}


def packed(files: dict[str, bytes]) -> dict[str, dict[str, str]]:
    """Each file by its path from the site's root: its media type and its bytes gzipped then base64-encoded."""
    return {
        url: {
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
    html = WORKER_CONFIG.sub(lambda match: f"{match.group(1)}config='{worker_config()}'", html)
    micropython = data_url((ROOT / MICROPYTHON).read_bytes(), "text/javascript")
    loader = data_url((MICROPYTHON_LOADER % micropython).encode(), "text/javascript")
    import_map = {"imports": {f"./{MICROPYTHON}": loader}}
    prelude = PAGE_PRELUDE.replace(
        "WORKER_PRELUDE", json.dumps(WORKER_PRELUDE.replace("WHEEL_PATH", f'"{WHEEL_PATH}"'))
    )
    head = inline_script(json.dumps(import_map), ' type="importmap"') + inline_script(prelude)
    html = html.replace('<meta charset="utf-8">', '<meta charset="utf-8">' + head, 1)
    files = fetched_files(manifest_files())
    runtime = sum(len(data) for url, data in files.items() if url.startswith("static/vendor/"))
    carried = [
        inline_script(json.dumps({"runtime_bytes": runtime}), ' type="application/json" id="face-down-manifest"'),
        inline_script(
            json.dumps({INTERPRETER: bundle_interpreter()}), ' type="application/json" id="face-down-modules"'
        ),
        inline_script(
            json.dumps(packed(files), separators=(",", ":")), ' type="application/json" id="face-down-files"'
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
