// The engine, static/vendor/game.zip (tools/pack_engine.py): the `game` package as bytecode, which Python
// imports straight from the zip. The page (python.mjs) and the snapshot worker (snapshot-worker.mjs) put it
// in the same place, because a restored snapshot's modules and import caches name that place.

/** Where the zip lives in Python's file system; it is on sys.path. */
export const ENGINE_PATH = "/home/pyodide/game.zip";

/** Put the engine zip's bytes where Python imports from (once per interpreter, restored or booted). */
export function installEngine(python, bytes) {
  python.FS.writeFile(ENGINE_PATH, bytes);
  // A restored snapshot has the path already; a second entry would make every import look twice.
  python.runPython(`import sys\nif ${JSON.stringify(ENGINE_PATH)} not in sys.path: sys.path.insert(0, ${JSON.stringify(ENGINE_PATH)})`);
}
