// For tools/stdlib_record.py: the standard library modules the snapshot worker's interpreter loads.
// It does what static/js/snapshot-worker.mjs does (boot in snapshot mode, install the built engine's wheel, import
// the engine, make the snapshot) with npm's Pyodide and its whole standard library, then prints the names of the
// loaded modules that came from the standard library's zip, as JSON on its last line.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const vendor = resolve(repo, "static/vendor");
const python = await loadPyodide({ _makeSnapshot: true });
const wheel = readdirSync(vendor).find((name) => /^face_down-.*\.whl$/.test(name));
const site = python.runPython("import site\nsite.getsitepackages()[0]");
python.unpackArchive(new Uint8Array(readFileSync(resolve(vendor, wheel))), "wheel", { extractDir: site });
python.runPython("import game.web.snapshot\ngame.web.snapshot.import_engine()");
python.makeMemorySnapshot();
console.log(
  python.runPython(`
import json, sys
_zip = next(path for path in sys.path if path.endswith(".zip") and "python3" in path)
json.dumps(sorted(
    name for name, module in list(sys.modules.items())
    if str(getattr(getattr(module, "__spec__", None), "origin", None) or "").startswith(_zip + "/")
))
`),
);
