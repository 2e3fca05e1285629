// PyScript's interpreter module (the config in index.html names it): Pyodide from static/vendor/ with the engine on
// sys.path (engine.mjs), except that a returning visitor's Python starts from a memory snapshot instead of
// booting and importing the engine.
//
// - The engine zip's download starts as soon as PyScript imports this module, beside Pyodide's own.
// - The first visit boots Pyodide as usual. Once PyScript has run the page (py:done) and the page is
//   idle, snapshot-worker.mjs boots a second interpreter off the page's thread, imports the engine
//   (game/web/snapshot.py lists what) and keeps a memory snapshot in Cache Storage; the page then notes
//   the snapshot's key in localStorage. Only a page that finds that note opens Cache Storage before
//   booting (opening it took a first visit about 50 ms). `make bench` measures what the next visit saves.
// - The snapshot's key is the Pyodide version and the engine zip's SHA-256, so a new build never
//   restores stale modules; the worker drops older snapshots when it keeps a new one. The service
//   worker (sw.js) leaves this cache alone: a deploy that leaves the engine as it was keeps it.
// - A snapshot that does not load (damaged, say), or is gone, is deleted and Python boots afresh. A page
//   without Cache Storage or WebCrypto (a file, plain http away from localhost, some embedded frames) just boots.
// - <html data-python> says which happened ("restored" or "booted"), and data-snapshot="saved" appears
//   when the worker has kept one: for tests and bug reports.
//
// PyScript imports this module and calls loadPyodide(options); everything else is Pyodide's own. The single-file
// download (tools/build_single.py) imports it too, through its import map: so every URL here is the page's.
const INDEX_URL = new URL("static/vendor/pyodide/", document.baseURI).href;
const SCRIPTS_URL = new URL("static/js/", document.baseURI).href;
const ENGINE_URL = new URL("static/vendor/game.zip", document.baseURI).href;
const SNAPSHOTS = "face-down-python"; // the Cache Storage cache, and the localStorage note of the kept snapshot's key
const root = document.documentElement;

// Chromium can crash the page (SIGSEGV, "Aw, Snap!") while Python runs on a WebAssembly stack-switching (JSPI)
// stack on the page's thread: a sampling stack unwinder (base::debug::ScanStackForNextFrame) bounds its scan by
// the thread's own stack and reads past the top of the switched one. Four crash dumps of Debian's Chromium 156
// faulted there (issue 20). Pyodide runs calls into Python on such stacks only where WebAssembly.Suspending
// exists, and the app needs none of what JSPI gives (pyodide.ffi.run_sync), so the page hides it before Pyodide
// loads. The snapshot worker keeps it: off the page's thread the unwinder does not scan.
delete WebAssembly.Suspending;
delete WebAssembly.promising;
delete WebAssembly.Suspender;

const engine = fetchEngine();
engine.catch(() => {}); // awaited by loadPyodide, which reports a failed download; not an unhandled rejection
const [pyodide, { installEngine }] = await Promise.all([
  import(`${INDEX_URL}pyodide.mjs`),
  import(`${SCRIPTS_URL}engine.mjs`),
]);
export const version = pyodide.version;

/** What PyScript calls: Pyodide restored from this engine's snapshot if there is one, else booted; the engine installed. */
export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  try {
    const python = (await restored(settings)) ?? (await booted(settings));
    installEngine(python, await engine);
    return python;
  } catch (error) {
    failed(error);
    throw error;
  }
}

/** Say that the game cannot start, on the page and in the console: PyScript reports nothing, and the bar would wait on. */
function failed(error) {
  console.error("Face Down could not start Python:", error);
  const message = document.getElementById("message");
  if (!message) return;
  message.textContent = `The game could not load (${error.message}). Reload the page to try again.`;
  message.hidden = false;
}

/** Python from this engine's snapshot, or null if none was kept (or it does not load, when it is deleted). */
async function restored(settings) {
  if (!noted()) return null;
  const store = await snapshotStore();
  const key = store && (await engineKey());
  const saved = key && (await store.match(key));
  if (!saved) return null;
  try {
    const python = await pyodide.loadPyodide({ ...settings, _loadSnapshot: saved.arrayBuffer() });
    root.dataset.python = "restored";
    return python;
  } catch (error) {
    console.warn("The saved Python snapshot did not load; booting afresh.", error);
    await store.delete(key);
    return null;
  }
}

/** Python booted afresh; a snapshot is made for the next visit once this one has run. */
async function booted(settings) {
  const python = await pyodide.loadPyodide(settings);
  root.dataset.python = "booted";
  const idle = globalThis.requestIdleCallback ?? ((callback) => setTimeout(callback, 0));
  addEventListener("py:done", () => idle(snapshot, { timeout: 2000 }), { once: true });
  return python;
}

/** The engine zip's bytes; a failed download fails the boot, with the reason. */
async function fetchEngine() {
  const response = await fetch(ENGINE_URL);
  if (!response.ok) throw new Error(`the game engine, ${ENGINE_URL}, answered HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Whether this browser kept a snapshot before (localStorage may be missing or refused: then it did not). */
function noted() {
  try {
    return localStorage.getItem(SNAPSHOTS) !== null;
  } catch {
    return false;
  }
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
async function engineKey() {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await engine));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${INDEX_URL}snapshot/${version}/${hex}`;
}

/** Make the snapshot in a worker (called once the page has run and gone idle, so that this visit stays quick). */
async function snapshot() {
  try {
    if (!(await snapshotStore())) return;
    const key = await engineKey();
    const worker = new Worker(`${SCRIPTS_URL}snapshot-worker.mjs`, { type: "module" });
    worker.onmessage = ({ data }) => {
      if (data.error) {
        console.warn("No Python snapshot this time:", data.error);
        return;
      }
      try {
        localStorage.setItem(SNAPSHOTS, key);
      } catch (error) {
        console.info("The Python snapshot was kept, but this page cannot note it:", String(error));
      }
      root.dataset.snapshot = "saved";
    };
    worker.onerror = (event) => console.warn("No Python snapshot this time:", event.message);
    worker.postMessage({ key, engine: await engine, indexURL: INDEX_URL });
  } catch (error) {
    console.warn("No Python snapshot this time:", error);
  }
}
