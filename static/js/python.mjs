// The engine worker's interpreter (pyscript.toml's `interpreter`): PyScript imports this module in its named
// worker and calls loadPyodide() from it, as it would Pyodide's own. JavaScript because PyScript's hook for an
// interpreter is a JavaScript module. It gives PyScript:
//
// - Pyodide from static/vendor/ (nothing from a CDN), without WebAssembly stack switching (below);
// - a returning visitor's Python restored from a memory snapshot instead of booted. Once the page is playable
//   and idle after a first visit it asks for one (game/web/worker.py's snapshot(): faceDownMakeSnapshot here):
//   snapshot-worker.mjs boots a second interpreter, installs the engine's wheel, imports the engine
//   (game/web/snapshot.py lists what) and keeps a memory snapshot in Cache Storage. The snapshot's key is the
//   Pyodide version and the wheel's SHA-256 (from static/vendor/manifest.json), so a new build never restores
//   stale modules; the snapshot worker drops older snapshots when it keeps a new one. The service worker (sw.js)
//   leaves this cache alone: a deploy that leaves the engine as it was keeps it. A snapshot that does not load
//   (damaged, say) is deleted and Python boots afresh; a page without Cache Storage or WebCrypto (a file, plain
//   http away from localhost, some embedded frames) just boots. PyScript then installs the wheel with micropip
//   as on any start (its files are not in a snapshot, which holds the interpreter's memory only; its modules are);
// - the bytes of the runtime as they download, for the page's progress bar (static/js/boot.js), on a
//   BroadcastChannel: a worker started by PyScript has no other way to the page before Python runs.
//
// globalThis.faceDownPythonStart says which start it was ("restored" or "booted"), for the page's <html
// data-python> (tests and bug reports).
//
// In the single-file download (tools/build_single.py) this module is bundled and imported from a blob: URL, and
// the worker's prelude there names the site's root (globalThis.faceDownSite) and carries the engine's wheel
// (globalThis.faceDownWheel: put where pyscript.toml's packages, rewritten there, have micropip find it).
import { loadPyodide as bootPyodide, version } from "../vendor/pyodide/pyodide.mjs";
import createPyodideModule from "../vendor/pyodide/pyodide.asm.mjs";

export { version };

const SNAPSHOTS = "face-down-python"; // the Cache Storage cache of the kept snapshot
const SITE = new URL(globalThis.faceDownSite ?? new URL("../../", import.meta.url)); // this is static/js/python.mjs
const INDEX_URL = new URL("static/vendor/pyodide/", SITE).href;
const WHEEL = /^static\/vendor\/face_down-.*\.whl$/;

// Chromium can crash a page (SIGSEGV, "Aw, Snap!") while Python runs on a WebAssembly stack-switching (JSPI)
// stack: a sampling stack unwinder (base::debug::ScanStackForNextFrame) bounds its scan by the thread's own stack
// and reads past the top of the switched one. Four crash dumps of Debian's Chromium 156 faulted there (issue 20).
// The app needs none of what JSPI gives (pyodide.ffi.run_sync), so Pyodide does not see it here. The snapshot
// worker keeps it.
delete WebAssembly.Suspending;
delete WebAssembly.promising;
delete WebAssembly.Suspender;

// --- the progress bar: real bytes ----------------------------------------------------------------------------
// Each response body of the runtime as it streams in (counted on a clone: Chromium keeps the compiled wasm beside
// the cached response it was streamed from, and a rebuilt Response would make every visit recompile it), and the
// modules imported (which no fetch() sees) through resource timing. A few reports a second are enough for a bar.
const progress = (() => {
  try {
    return new BroadcastChannel("face-down-boot");
  } catch {
    return null; // none here (a page opened from a file): the bar waits for the game
  }
})();
let loaded = 0;
let progressDue = false;
const counted = new Set();
function count(bytes) {
  loaded += bytes;
  if (progressDue || progress === null) return;
  progressDue = true;
  setTimeout(() => {
    progressDue = false;
    progress.postMessage({ loaded });
  }, 50);
}
const realFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = async (input, init) => {
  const response = await realFetch(input, init);
  const url = response.url;
  if (!response.body || counted.has(url) || !url.includes("/static/vendor/")) return response;
  counted.add(url);
  const reader = response.clone().body.getReader();
  (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      count(value.byteLength);
    }
  })().catch(() => {}); // a cancelled download just stops counting
  return response;
};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.initiatorType !== "fetch" && entry.name.includes("/static/vendor/") && !counted.has(entry.name)) {
      counted.add(entry.name);
      count(entry.decodedBodySize);
    }
  }
}).observe({ type: "resource", buffered: true });

// --- the snapshot ----------------------------------------------------------------------------------------------

// Looked for at once, beside the runtime's first downloads.
const kept = keptSnapshot();

/** PyScript's call: Pyodide restored from this engine's snapshot if one is kept, else booted. */
export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL, createPyodideModule };
  const snapshot = await kept;
  if (snapshot) {
    try {
      const python = await bootPyodide({ ...settings, _loadSnapshot: snapshot.bytes });
      globalThis.faceDownPythonStart = "restored";
      return python;
    } catch (error) {
      console.warn("The saved Python snapshot did not load; booting afresh.", error);
      await snapshot.store.delete(snapshot.key);
    }
  }
  globalThis.faceDownPythonStart = "booted";
  const python = await bootPyodide(settings);
  const carried = globalThis.faceDownWheel;
  if (carried) python.FS.writeFile(carried.path, carried.bytes);
  return python;
}

/** The snapshots' cache, or null where there is no Cache Storage (or no WebCrypto to name a snapshot). */
async function snapshotStore() {
  try {
    if (!globalThis.crypto?.subtle || !globalThis.caches) return null;
    return await caches.open(SNAPSHOTS);
  } catch (error) {
    console.info("No Python snapshots on this page:", String(error));
    return null;
  }
}

/** The engine's wheel: its URL and SHA-256, from the site's manifest. */
async function engineWheel() {
  const response = await realFetch(new URL("static/vendor/manifest.json", SITE));
  const { files } = await response.json();
  const wheel = files.find((file) => WHEEL.test(file.url));
  return { url: new URL(wheel.url, SITE).href, sha256: wheel.sha256 };
}

/** The key of this engine's snapshot: Pyodide's version and the wheel's SHA-256. */
function snapshotKey(wheel) {
  return `${INDEX_URL}snapshot/${version}/${wheel.sha256}`;
}

/** This engine's kept snapshot ({store, key, bytes}), or null if there is none (or no Cache Storage). */
async function keptSnapshot() {
  const store = await snapshotStore();
  if (!store || (await store.keys()).length === 0) return null; // a first visit: no manifest to read
  try {
    const key = snapshotKey(await engineWheel());
    const saved = await store.match(key);
    return saved ? { store, key, bytes: await saved.arrayBuffer() } : null;
  } catch (error) {
    console.info("No Python snapshot this time:", String(error));
    return null;
  }
}

/** Make the snapshot in a worker of its own; resolves to its key once kept, or null (said on the console). */
globalThis.faceDownMakeSnapshot = async () => {
  try {
    if (!(await snapshotStore())) return null;
    const wheel = await engineWheel();
    const key = snapshotKey(wheel);
    const worker = new Worker(new URL("snapshot-worker.mjs", import.meta.url), { type: "module" });
    const { data } = await new Promise((resolve, reject) => {
      worker.onmessage = resolve;
      worker.onerror = (event) => reject(new Error(event.message));
      worker.postMessage({ key, wheel: wheel.url, indexURL: INDEX_URL });
    });
    if (data.error) throw new Error(data.error);
    return key;
  } catch (error) {
    console.warn("No Python snapshot this time:", String(error));
    return null;
  }
};
