// Makes the Python memory snapshot for python.mjs, off the page's thread and off the engine's worker: a worker
// of JavaScript because it runs before and apart from any PyScript. The engine's worker sends
// {key, wheel, indexURL}; we boot an interpreter in snapshot mode, install the engine's wheel where micropip puts
// it (site-packages), import every engine module that needs no browser (game/web/snapshot.py), and keep the
// snapshot in Cache Storage under `key`, dropping the snapshots of older builds. (micropip stays out: importing it
// leaves references to JavaScript objects, and Pyodide refuses to snapshot an interpreter that holds any.)
const SNAPSHOTS = "face-down-python";

onmessage = async ({ data: { key, wheel, indexURL } }) => {
  try {
    const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
    const python = await loadPyodide({ indexURL, _makeSnapshot: true });
    const response = await fetch(wheel);
    if (!response.ok) throw new Error(`the engine's wheel, ${wheel}, answered HTTP ${response.status}`);
    const site = python.runPython("import site\nsite.getsitepackages()[0]");
    python.unpackArchive(await response.arrayBuffer(), "wheel", { extractDir: site });
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
