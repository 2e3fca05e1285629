// Run pytest inside Pyodide under Node, on the same test files the host runs.
//
// Usage: node tests/pyodide/run_pytest.mjs [pytest args...]
// The repo is mounted read-write at /repo (NODEFS), the pure-Python test dependencies are unpacked
// from the wheels in .pyodide/wheels (fetched by `make pyodide-deps`), and pytest's exit code becomes
// this process's exit code.
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const wheelDir = join(repo, ".pyodide", "wheels");
if (!existsSync(wheelDir) || readdirSync(wheelDir).length === 0) {
  console.error(`No test wheels in ${wheelDir}; run \`make pyodide-deps\` first.`);
  process.exit(2);
}

const pyodide = await loadPyodide({
  env: {
    // Host plugins (pytest-playwright, say) cannot import here, and bytecode would land in the repo.
    PYTEST_DISABLE_PLUGIN_AUTOLOAD: "1",
    PYTHONDONTWRITEBYTECODE: "1",
    FACE_DOWN_IN_PYODIDE: "1",
    HOME: "/home/pyodide",
  },
});
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");

const args = process.argv.slice(2);
pyodide.globals.set("pytest_args", pyodide.toPy(args));
const code = await pyodide.runPythonAsync(`
import os, sys, zipfile, pathlib
site = pathlib.Path("/tmp/test-site")
for wheel in sorted(pathlib.Path("/repo/.pyodide/wheels").glob("*.whl")):
    zipfile.ZipFile(wheel).extractall(site)
sys.path[:0] = [str(site), "/repo"]
os.chdir("/repo")
import pytest
# No cache provider: pytest would otherwise write .pytest_cache through the mount.
pytest.main(["-p", "no:cacheprovider", *pytest_args])
`);
process.exit(code);
