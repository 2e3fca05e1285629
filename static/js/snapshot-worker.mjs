// Makes the Python memory snapshot for python.mjs, off the page's thread. The page sends
// {key, engine, indexURL}; we boot an interpreter in snapshot mode, put the engine zip where the page puts it
// (engine.mjs), import every engine module that needs no browser (game/web/snapshot.py), and keep the
// snapshot in Cache Storage under `key`, dropping the snapshots of older builds.
import { installEngine } from "./engine.mjs";

const SNAPSHOTS = "face-down-python";

onmessage = async ({ data: { key, engine, indexURL } }) => {
  try {
    const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
    const python = await loadPyodide({ indexURL, _makeSnapshot: true });
    installEngine(python, engine);
    python.runPython("import game.web.snapshot\ngame.web.snapshot.import_engine()");
    const cache = await caches.open(SNAPSHOTS);
    await cache.put(key, new Response(python.makeMemorySnapshot()));
    for (const request of await cache.keys()) {
      if (request.url !== key) await cache.delete(request);
    }
    postMessage({ saved: key });
  } catch (error) {
    postMessage({ error: String(error) });
  }
  close();
};
