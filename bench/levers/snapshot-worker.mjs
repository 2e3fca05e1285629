// Makes the interpreter snapshot for pyodide-snapshot.mjs (`?snapshot=worker`) off the page's thread,
// after the page is interactive, so that the first visit pays nothing for it. The page sends
// {key, engine, imports, indexURL}; we boot a second interpreter in snapshot mode, unpack and import the
// engine, and keep the snapshot in Cache Storage under `key`, where the next visit looks for it.
const SNAPSHOTS = "face-down-snapshots";

onmessage = async ({ data: { key, engine, imports, indexURL } }) => {
  try {
    const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
    const python = await loadPyodide({ indexURL, _makeSnapshot: true });
    python.unpackArchive(engine, "zip", { extractDir: "game" });
    python.runPython(imports);
    await (await caches.open(SNAPSHOTS)).put(key, new Response(python.makeMemorySnapshot()));
    postMessage({ saved: key });
  } catch (error) {
    postMessage({ error: String(error) });
  }
  close();
};
