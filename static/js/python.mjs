// PyScript's interpreter module (pyscript.toml names it): Pyodide from static/vendor/, except that a
// returning visitor's Python starts from a memory snapshot instead of booting and importing the engine.
//
// - The first visit boots Pyodide as usual. Once PyScript has run the page (py:done) and the page is
//   idle, snapshot-worker.mjs boots a second interpreter off the page's thread, imports the engine
//   (game/web/snapshot.py lists what) and keeps a memory snapshot in Cache Storage. The first visit is
//   playable before that starts; `make bench` measures what the next one saves.
// - The snapshot's key is the Pyodide version and the engine zip's SHA-256, so a new build never
//   restores stale modules; the worker drops older snapshots when it keeps a new one. The service
//   worker (sw.js) leaves this cache alone: a deploy that leaves the engine as it was keeps it.
// - A snapshot that does not load (damaged, say) is deleted and Python boots afresh. A page without
//   Cache Storage or WebCrypto (plain http away from localhost, some embedded frames) just boots.
// - <html data-python> says which happened ("restored" or "booted"), and data-snapshot="saved" appears
//   when the worker has kept one: for tests and bug reports.
//
// PyScript imports this module and calls loadPyodide(options); everything else is Pyodide's own.
const INDEX_URL = new URL("static/vendor/pyodide/", document.baseURI).href;
const ENGINE_URL = new URL("static/vendor/game.zip", document.baseURI).href;
const WORKER_URL = new URL("./snapshot-worker.mjs", import.meta.url);
const SNAPSHOTS = "face-down-python";
const root = document.documentElement;

const pyodide = await import(`${INDEX_URL}pyodide.mjs`);
export const version = pyodide.version;

/** What PyScript calls: Pyodide restored from this engine's snapshot if there is one, else booted. */
export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  const store = await snapshotStore();
  // The engine's key needs the zip; a first visit does not wait for it before booting.
  const engine = store && engineKey();
  if (store && (await store.keys()).length > 0 && (await engine)) {
    const { key } = await engine;
    const saved = await store.match(key);
    if (saved) {
      try {
        const python = await pyodide.loadPyodide({ ...settings, _loadSnapshot: saved.arrayBuffer() });
        root.dataset.python = "restored";
        return python;
      } catch (error) {
        console.warn("The saved Python snapshot did not load; booting afresh.", error);
        await store.delete(key);
      }
    }
  }
  const python = await pyodide.loadPyodide(settings);
  root.dataset.python = "booted";
  if (engine) snapshotLater(engine);
  return python;
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

/** The engine zip's bytes and the key of its snapshot (Pyodide's version, the zip's SHA-256); null if unreadable. */
async function engineKey() {
  try {
    const response = await fetch(ENGINE_URL);
    if (!response.ok) throw new Error(`${ENGINE_URL}: HTTP ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
    return { key: `${INDEX_URL}snapshot/${version}/${hex}`, bytes };
  } catch (error) {
    console.warn("No Python snapshot this time:", error); // PyScript reports an engine it cannot fetch
    return null;
  }
}

/** Make the snapshot in a worker once the page has run and gone idle, so that this visit stays quick. */
function snapshotLater(engine) {
  const make = async () => {
    const found = await engine;
    if (!found) return;
    try {
      const worker = new Worker(WORKER_URL, { type: "module" });
      worker.onmessage = ({ data }) => {
        if (data.error) console.warn("No Python snapshot this time:", data.error);
        else root.dataset.snapshot = "saved";
      };
      worker.onerror = (event) => console.warn("No Python snapshot this time:", event.message);
      worker.postMessage({ key: found.key, engine: found.bytes, indexURL: INDEX_URL }, [found.bytes.buffer]);
    } catch (error) {
      console.warn("No Python snapshot this time:", error);
    }
  };
  const idle = globalThis.requestIdleCallback ?? ((callback) => setTimeout(callback, 0));
  addEventListener("py:done", () => idle(make, { timeout: 2000 }), { once: true });
}
