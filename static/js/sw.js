// The service worker: after one visit, the whole app comes from one cache, so it boots with no network.
//
// - One cache per version of the site. The version is the hash in static/vendor/manifest.json (written
//   by tools/build_site.py from every file's SHA-256), and register-sw.js passes it in this script's URL
//   (sw.js?v=...). A new deploy therefore means a new script URL: the browser installs a new worker beside
//   the running one, and it waits until the page's "update available — reload" button lets it take over.
//   Until then the old worker keeps answering from the old cache, so old and new files never mix.
// - Install downloads every file in the manifest, bypassing the HTTP cache's freshness, and checks each
//   against its SHA-256: a deploy that lands mid-download fails the install instead of caching a mixture.
// - Fetches are answered from this version's cache first. The manifest alone goes to the network first,
//   because it is how a page learns that a new version exists.
"use strict";

const VERSION = new URL(self.location.href).searchParams.get("v");
const CACHE_PREFIX = "face-down-";
const CACHE = CACHE_PREFIX + VERSION;
// static/js/python.mjs keeps its Python memory snapshot here, keyed by the engine it holds: it outlives
// a deploy that leaves the engine as it was, and snapshot-worker.mjs replaces it when the engine changes.
const SNAPSHOTS = "face-down-python";
const ROOT = new URL("../../", self.location.href); // this file is static/js/sw.js
const MANIFEST = new URL("static/vendor/manifest.json", ROOT).href;

self.addEventListener("install", (event) => event.waitUntil(precache()));
self.addEventListener("activate", (event) => event.waitUntil(dropOtherVersions()));
self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== ROOT.origin) return;
  url.search = url.hash = "";
  event.respondWith(url.href === MANIFEST ? networkFirst(event.request) : cacheFirst(event.request, url));
});

async function precache() {
  const response = await fetch(MANIFEST, { cache: "no-cache" });
  const manifest = await response.clone().json();
  if (manifest.version !== VERSION) {
    throw new Error(`The site is now version ${manifest.version}, not ${VERSION}: the page will register that one.`);
  }
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(
      manifest.files.map(async (file) => {
        const url = new URL(file.url, ROOT).href;
        await cache.put(url, await fetchChecked(url, file.sha256));
      }),
    );
    await cache.put(MANIFEST, response);
  } catch (error) {
    await caches.delete(CACHE); // a half-filled cache must never be used
    throw error;
  }
}

// The file as the server has it now ("no-cache" revalidates), refused unless it is the one the manifest lists.
async function fetchChecked(url, sha256) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
  if (hex !== sha256) throw new Error(`${url} changed while this version was being downloaded.`);
  return response;
}

async function dropOtherVersions() {
  const names = await caches.keys();
  const old = names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE && name !== SNAPSHOTS);
  await Promise.all(old.map((name) => caches.delete(name)));
}

async function cacheFirst(request, url) {
  const cache = await caches.open(CACHE);
  // The site's root URL is index.html; query strings (the game's parameters) don't change a file.
  const key = url.pathname.endsWith("/") ? new URL("index.html", url).href : url.href;
  return (await cache.match(key)) || fetch(request);
}

async function networkFirst(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.open(CACHE).then((cache) => cache.match(MANIFEST));
    if (cached) return cached;
    throw error;
  }
}
