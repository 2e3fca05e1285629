// The page's worker: its Python runs here (game/web/worker.py), off the page's thread, so that neither booting
// Python nor anything it runs (the engine, the bots, drawing the table) holds the page. static/js/page.js starts
// it and talks to it in messages:
//
// - from the page: first {type: "start", base, noted, files}: the page's URL, whether it noted a kept Python
//   snapshot, and (in the single-file download) the files it carries, as JSON; then, once Python is ready, the
//   page's messages for Python (game/web/app.py says which), each an object with a `type`, the first a boot; and
//   {type: "snapshot"} once the page is playable and idle after a first visit, and {type: "python", id, code}
//   (window.faceDownPython, for tests and the standard library's recorder: Python run in the page's interpreter).
// - to the page: each answer of Python's, the page's effects as a JSON string; and objects: {batch: JSON} with
//   the effects of work Python did between messages (game/web/worker.py), {progress: bytes}
//   as the runtime downloads, {python: "ready"}, {effects: [...]} of the worker's own (the <html data-python> and data-snapshot
//   marks, a failed start's message), {error} when Python failed on a message, {id, result} or {id, error}.
import { startPython } from "./python.mjs";

let handle = null; // game.web.worker.handle once Python is ready

/** Set the page's <html data-NAME>. */
function mark(name, value) {
  postMessage({ effects: [{ effect: "Mark", name, value }] });
}

// The progress bar counts real bytes: each response body of the runtime as it streams in (counted on a clone:
// Chromium keeps the compiled wasm beside the cached response it was streamed from, and a rebuilt Response
// would make every visit recompile it), and the modules imported (which no fetch() sees) through resource timing.
let loaded = 0;
let progressDue = false;
const counted = new Set();
function count(bytes) {
  loaded += bytes;
  if (progressDue) return;
  progressDue = true;
  setTimeout(() => {
    progressDue = false;
    postMessage({ progress: loaded });
  }, 50); // a few a second are enough for a bar; one per chunk would keep the page busy
}
const realFetch = globalThis.fetch.bind(globalThis);
let embedded = null; // the single-file download's files, by URL

globalThis.fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const file = embedded?.get(url.href.split(/[?#]/)[0]);
  const response = file ? await unpack(file) : await realFetch(input, init);
  if (!response.body || counted.has(url.href) || !url.pathname.includes("/static/vendor/")) return response;
  counted.add(url.href);
  const reader = response.clone().body.getReader();
  (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      count(value.byteLength);
    }
  })().catch(() => {}); // a cancelled download just stops counting
  return response;
};

/** A file the single-file download carries: its bytes were gzipped, then base64-encoded. */
async function unpack(file) {
  const packed = await realFetch(`data:application/octet-stream;base64,${file.data}`);
  const body = packed.body.pipeThrough(new DecompressionStream("gzip"));
  return new Response(body, { headers: { "Content-Type": file.type } });
}

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.initiatorType !== "fetch" && entry.name.includes("/static/vendor/") && !counted.has(entry.name)) {
      counted.add(entry.name);
      count(entry.decodedBodySize);
    }
  }
}).observe({ type: "resource", buffered: true });

let makeSnapshot = null;
let started = null;

async function start({ base, noted, files }) {
  if (files) {
    embedded = new Map(Object.entries(JSON.parse(files)).map(([path, file]) => [new URL(path, base).href, file]));
  }
  try {
    const ready = await startPython(base, noted, mark);
    makeSnapshot = ready.makeSnapshot;
    globalThis.__python = ready.python;
    handle = ready.python.pyimport("game.web.worker").handle;
  } catch (error) {
    console.error("Face Down could not start Python:", error);
    const text = `The game could not load (${error.message}). Reload the page to try again.`;
    postMessage({ effects: [{ effect: "Say", text }] });
    return;
  }
  postMessage({ python: "ready" });
}

/** Hand a message of the page's to Python; a failure is said on the page's console. */
function pass(message) {
  try {
    handle(JSON.stringify(message));
  } catch (error) {
    postMessage({ error: String(error) });
  }
}

async function snapshot() {
  const key = makeSnapshot && (await makeSnapshot());
  if (key) postMessage({ snapshot: key, effects: [{ effect: "Mark", name: "snapshot", value: "saved" }] });
}

function runPython({ id, code }) {
  try {
    const result = globalThis.__python.runPython(code);
    const plain = result?.toJs ? result.toJs({ dict_converter: Object.fromEntries }) : result;
    result?.destroy?.();
    postMessage({ id, result: plain });
  } catch (error) {
    postMessage({ id, error: String(error) });
  }
}

onmessage = ({ data }) => {
  if (data.type === "start") started ??= start(data);
  else if (data.type === "snapshot") started.then(snapshot);
  else if (data.type === "python") started.then(() => runPython(data));
  else pass(data);
};
