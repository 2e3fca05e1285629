// The page's Python, in its worker (worker.mjs): Pyodide from static/vendor/ with the engine on sys.path
// (engine.mjs), except that a returning visitor's Python starts from a memory snapshot instead of booting and
// importing the engine.
//
// - The engine zip's download starts with the worker, beside Pyodide's own.
// - The first visit boots Pyodide as usual. Once the page is playable and idle it asks for a snapshot
//   (makeSnapshot): snapshot-worker.mjs boots a second interpreter, imports the engine (game/web/snapshot.py
//   lists what) and keeps a memory snapshot in Cache Storage; the page then notes the snapshot's key in
//   localStorage. Only a page that finds that note has Cache Storage opened before booting (opening it took a
//   first visit about 50 ms). `make bench` measures what the next visit saves.
// - The snapshot's key is the Pyodide version and the engine zip's SHA-256, so a new build never restores
//   stale modules; the snapshot worker drops older snapshots when it keeps a new one. The service worker
//   (sw.js) leaves this cache alone: a deploy that leaves the engine as it was keeps it.
// - A snapshot that does not load (damaged, say), or is gone, is deleted and Python boots afresh. A page
//   without Cache Storage or WebCrypto (a file, plain http away from localhost, some embedded frames) just boots.
// - The page's <html data-python> says which happened ("restored" or "booted"), and data-snapshot="saved"
//   appears when the snapshot worker has kept one: for tests and bug reports.
//
// Pyodide and its WebAssembly glue are imported statically, so the worker fetches them at once, side by side;
// the single-file download (tools/build_single.py) bundles them into its worker.
import { loadPyodide, version } from "../vendor/pyodide/pyodide.mjs";
import createPyodideModule from "../vendor/pyodide/pyodide.asm.mjs";
import { installEngine } from "./engine.mjs";

const SNAPSHOTS = "face-down-python"; // the Cache Storage cache, and the localStorage note of the kept snapshot's key

// Chromium can crash a page (SIGSEGV, "Aw, Snap!") while Python runs on a WebAssembly stack-switching (JSPI)
// stack on the page's thread: a sampling stack unwinder (base::debug::ScanStackForNextFrame) bounds its scan by
// the thread's own stack and reads past the top of the switched one. Four crash dumps of Debian's Chromium 156
// faulted there (issue 20). Python runs in a worker now, but the app needs none of what JSPI gives
// (pyodide.ffi.run_sync), so Pyodide still does not see it. The snapshot worker keeps it.
delete WebAssembly.Suspending;
delete WebAssembly.promising;
delete WebAssembly.Suspender;

/**
 * Python for the page at `base` (its URL: the runtime's files are found from it): restored from this engine's
 * snapshot if `noted` (the page's note that one was kept) and it is there, else booted; the engine installed.
 * `mark(name, value)` sets a data- attribute of the page's <html>.
 */
export async function startPython(base, noted, mark) {
  const indexURL = new URL("static/vendor/pyodide/", base).href;
  const engine = fetchEngine(new URL("static/vendor/game.zip", base).href);
  engine.catch(() => {}); // awaited below, which reports a failed download; not an unhandled rejection
  const settings = { indexURL, createPyodideModule };
  const snapshot = noted ? await savedSnapshot(indexURL, engine) : null;
  let python = null;
  if (snapshot) {
    try {
      python = await loadPyodide({ ...settings, _loadSnapshot: snapshot.bytes });
      mark("python", "restored");
    } catch (error) {
      console.warn("The saved Python snapshot did not load; booting afresh.", error);
      await snapshot.store.delete(snapshot.key);
    }
  }
  if (python === null) {
    python = await loadPyodide(settings);
    mark("python", "booted");
  }
  installEngine(python, await engine);
  return { python, makeSnapshot: () => makeSnapshot(indexURL, engine) };
}

/** The engine zip's bytes; a failed download fails the boot, with the reason. */
async function fetchEngine(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the game engine, ${url}, answered HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** This engine's kept snapshot ({store, key, bytes}), or null if there is none (or no Cache Storage). */
async function savedSnapshot(indexURL, engine) {
  const store = await snapshotStore();
  const key = store && (await engineKey(indexURL, engine));
  const saved = key && (await store.match(key));
  return saved ? { store, key, bytes: saved.arrayBuffer() } : null;
}

/** The snapshots' cache, or null where there is no Cache Storage (or no WebCrypto to name a snapshot). */
async function snapshotStore() {
  try {
    if (!globalThis.crypto?.subtle) return null;
    return await caches.open(SNAPSHOTS);
  } catch (error) {
    console.info("No Python snapshots on this page:", String(error));
    return null;
  }
}

/** The key of this engine's snapshot: Pyodide's version and the engine zip's SHA-256. */
async function engineKey(indexURL, engine) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await engine));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${indexURL}snapshot/${version}/${hex}`;
}

/** Make the snapshot in a worker of its own; resolves to its key once kept, or null (said on the console). */
async function makeSnapshot(indexURL, engine) {
  try {
    if (!(await snapshotStore())) return null;
    const key = await engineKey(indexURL, engine);
    const worker = new Worker(new URL("snapshot-worker.mjs", import.meta.url), { type: "module" });
    const { data } = await new Promise((resolve, reject) => {
      worker.onmessage = resolve;
      worker.onerror = (event) => reject(new Error(event.message));
      engine.then((bytes) => worker.postMessage({ key, engine: bytes, indexURL }));
    });
    if (data.error) throw new Error(data.error);
    return key;
  } catch (error) {
    console.warn("No Python snapshot this time:", String(error));
    return null;
  }
}
