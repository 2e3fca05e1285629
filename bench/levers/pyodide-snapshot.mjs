// A warm-boot lever measured by `python -m bench.levers`: PyScript's interpreter module, wrapped so that a
// returning visitor's Python starts from a memory snapshot instead of booting and importing the engine.
//
// To use it, pyscript.toml's `interpreter` names this module instead of pyodide.mjs; it may live anywhere
// on the site (URLs are resolved against the page, and snapshot-worker.mjs must sit beside it). PyScript
// imports it and calls loadPyodide(options); we pass the call on to the real Pyodide, with these changes:
//
// - snapshot: a returning visit restores the interpreter from a memory snapshot kept in Cache Storage
//   (keyed by the Pyodide version and the engine zip's SHA-256, so a new build never restores stale
//   modules). This module's URL chooses how the snapshot is made, with `?snapshot=`:
//   - `worker` (the one to use): the first visit boots as usual; once PyScript has run the page (py:done),
//     snapshot-worker.mjs boots a second interpreter off the page's thread, imports the engine and
//     saves the snapshot. The first visit pays nothing; the snapshot is ready a few seconds later.
//   - `page` (default): the first visit boots in snapshot mode, imports the engine and saves the
//     snapshot before PyScript goes on; that first boot is slower.
//   - `off`: never a snapshot (for the early-start lever alone).
// - start(): index.html may call it from an inline module script at the top of <head>, so that the runtime
//   downloads and boots while PyScript itself is still loading; loadPyodide then returns that interpreter,
//   with PyScript's output streams attached.
const INDEX_URL = new URL("static/vendor/pyodide/", document.baseURI).href;
const ENGINE_URL = new URL("static/vendor/game.zip", document.baseURI).href;
const WORKER_URL = new URL("./snapshot-worker.mjs", import.meta.url);
const SNAPSHOTS = "face-down-snapshots";
const MODE = new URL(import.meta.url).searchParams.get("snapshot") ?? "page";
// The modules a game page imports before it can deal, except those that need the browser (pyscript, js).
const IMPORTS = [
  "import json, secrets, urllib.parse",
  "import game.web.config, game.web.table, game.web.render, game.web.settings, game.web.games",
].join("\n");

const pyodide = await import(`${INDEX_URL}pyodide.mjs`);
export const version = pyodide.version;

async function snapshotKey(engine) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", engine));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${INDEX_URL}snapshot/${version}/${hex}`;
}

function snapshotLater(key, engine) {
  // Once PyScript has run the page's Python, so that the worker does not slow the boot down.
  addEventListener(
    "py:done",
    () => {
      const worker = new Worker(WORKER_URL, { type: "module" });
      worker.onmessage = ({ data }) => data.error && console.warn("No Python snapshot this time:", data.error);
      worker.postMessage({ key, engine, imports: IMPORTS, indexURL: INDEX_URL }, [engine.buffer]);
    },
    { once: true },
  );
}

async function boot(options) {
  const settings = { ...options, indexURL: INDEX_URL };
  if (MODE === "off") return pyodide.loadPyodide(settings);
  const engine = new Uint8Array(await (await fetch(ENGINE_URL)).arrayBuffer());
  const key = await snapshotKey(engine);
  const cache = await caches.open(SNAPSHOTS);
  const saved = await cache.match(key);
  if (saved) {
    try {
      return await pyodide.loadPyodide({ ...settings, _loadSnapshot: saved.arrayBuffer() });
    } catch (error) {
      console.warn("The saved Python snapshot did not load; booting afresh.", error);
      await cache.delete(key);
    }
  }
  if (MODE === "worker") {
    snapshotLater(key, engine);
    return pyodide.loadPyodide(settings);
  }
  const python = await pyodide.loadPyodide({ ...settings, _makeSnapshot: true });
  // PyScript unpacks the same zip to the same place again later: the files are identical.
  python.unpackArchive(engine, "zip", { extractDir: "game" });
  python.runPython(IMPORTS);
  const snapshot = python.makeMemorySnapshot();
  cache.put(key, new Response(snapshot)).catch(() => {}); // no room to keep it: next visit boots as usual
  // Snapshot mode hands Python a recording proxy of globalThis as `js`, and browser getters such as
  // window.document refuse a proxy as `this`: give the page's Python the real globalThis again.
  python.registerJsModule("js", globalThis);
  python.runPython("import sys; sys.modules.pop('js', None)");
  return python;
}

let early = null;

/** Start downloading and booting the runtime now, before PyScript asks for it. */
export function start() {
  early ??= boot({});
  return early;
}

/** What PyScript calls: the interpreter started early, or a new one. */
export async function loadPyodide(options = {}) {
  if (early === null) return boot(options);
  const python = await early;
  if (options.stdout) python.setStdout({ batched: options.stdout });
  if (options.stderr) python.setStderr({ batched: options.stderr });
  return python;
}
