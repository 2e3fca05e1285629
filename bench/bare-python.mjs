// The bare page's interpreter (bench/bare.toml): the site's Pyodide with the whole standard library as npm ships
// it, i.e. what a plain PyScript page on this Pyodide loads. The app's own standard library is cut to the
// modules it uses (tools/stdlib_trim.py); the bare page must not get that for free.
import * as pyodide from "../static/vendor/pyodide/pyodide.mjs";

const INDEX_URL = new URL("../static/vendor/pyodide/", import.meta.url).href;
const WHOLE_STDLIB = new URL("../node_modules/pyodide/python_stdlib.zip", import.meta.url).href;

export const version = pyodide.version;

export function loadPyodide(options = {}) {
  // PyScript passes this module's folder as the index URL; the runtime's files are in static/vendor/pyodide/.
  return pyodide.loadPyodide({ ...options, indexURL: INDEX_URL, stdLibURL: WHOLE_STDLIB });
}
