// Run a Python module inside Pyodide (Python 3.14 on WebAssembly) under Node, on this repo's files.
//
// Usage: node tools/pyodide.mjs -m MODULE [args...]
//   node tools/pyodide.mjs -m pytest -q tests        the test suite, as the host runs it
//   node tools/pyodide.mjs -m game.bots.arena --quick the bot benchmark's timings
// The repo is mounted at /repo (NODEFS). Pure-Python wheels in .pyodide/wheels (pytest, hypothesis:
// `make deps` fetches them) are unpacked onto sys.path. The module's exit code becomes ours.
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const [flag, module, ...args] = process.argv.slice(2);
if (flag !== "-m" || !module) {
  console.error("usage: node tools/pyodide.mjs -m MODULE [args...]");
  process.exit(2);
}
const wheelDir = join(repo, ".pyodide", "wheels");
if (module === "pytest" && (!existsSync(wheelDir) || readdirSync(wheelDir).length === 0)) {
  console.error(`No test wheels in ${wheelDir}; run \`make deps\` first.`);
  process.exit(2);
}

const pyodide = await loadPyodide({
  env: {
    // Host plugins (pytest-playwright, say) cannot import here, and bytecode would land in the repo.
    PYTEST_DISABLE_PLUGIN_AUTOLOAD: "1",
    PYTHONDONTWRITEBYTECODE: "1",
    HOME: "/home/pyodide",
  },
});
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
pyodide.globals.set("module_name", module);
pyodide.globals.set("module_args", pyodide.toPy(args));
const code = await pyodide.runPythonAsync(`
import os, pathlib, runpy, sys, zipfile
site = pathlib.Path("/tmp/site")
for wheel in sorted(pathlib.Path("/repo/.pyodide/wheels").glob("*.whl")):
    zipfile.ZipFile(wheel).extractall(site)
sys.path[:0] = [str(site), "/repo"]
os.chdir("/repo")
# No pytest cache: it would write .pytest_cache into the repo through the mount.
extra = ["-p", "no:cacheprovider"] if module_name == "pytest" else []
sys.argv = [module_name, *extra, *module_args]
try:
    runpy.run_module(module_name, run_name="__main__", alter_sys=True)
    exit_code = 0
except SystemExit as stop:
    exit_code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
exit_code
`);
process.exit(code);
