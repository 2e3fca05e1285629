// Offline play for the hosted site (loaded with defer by index.html and embed.html):
//
// 1. Once the app is interactive, register the service worker (static/js/sw.js) for the current version
//    of the site, named in static/vendor/manifest.json. Waiting for data-ready means the worker's downloads
//    find the files the page has just loaded in the HTTP cache instead of competing with them.
// 2. When a newer version has been installed beside the running one, offer "update available — reload".
//    The button lets the new worker take over, and every open tab of the site reloads at once, so no page
//    goes on with old files while the worker serves new ones. A reload resumes the game from its save.
// 3. A multi-file copy of the page opened from a file ("Save page as") cannot run: browsers refuse module
//    scripts and fetch() there. Say so plainly and point to the single-file download, instead of leaving
//    the loading bar stuck. (The single-file build leaves this script out.)
(() => {
  "use strict";
  const root = document.documentElement;

  if (location.protocol === "file:") {
    explainFileCopy();
    return;
  }
  if (!("serviceWorker" in navigator)) return;

  function explainFileCopy() {
    const box = document.getElementById("message");
    const download = document.getElementById("download");
    box.textContent =
      "This copy of Face Down was saved from the web as several files, and browsers don't run it from a file. ";
    if (download) {
      const link = document.createElement("a");
      link.href = download.href;
      link.textContent = "Download Face Down for offline play";
      box.append(link, ": a single file that works with no connection.");
    }
    box.hidden = false;
    document.getElementById("loading").hidden = true;
  }

  function whenReady(callback) {
    if (root.dataset.ready === "true") return callback();
    const observer = new MutationObserver(() => {
      if (root.dataset.ready !== "true") return;
      observer.disconnect();
      callback();
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  }

  function offerUpdate(registration) {
    if (document.getElementById("update")) return;
    const banner = document.createElement("div");
    banner.id = "update";
    banner.className = "panel update";
    banner.setAttribute("role", "status");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Reload";
    button.addEventListener("click", () => registration.waiting && registration.waiting.postMessage("skip-waiting"));
    banner.append("Update available — reload to play the new version. ", button);
    document.querySelector("main").prepend(banner);
  }

  function watchForUpdates(registration) {
    // Only a worker that arrives while another controls the page is an update; the first one just installs.
    const isUpdate = () => Boolean(navigator.serviceWorker.controller);
    const offerOnceInstalled = (worker) => {
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed" && isUpdate()) offerUpdate(registration);
      });
    };
    if (registration.waiting && isUpdate()) offerUpdate(registration);
    // A worker may be installing already: register() resolves, and Chromium may have fired "updatefound" before
    // this runs (seen on a busy machine: no offer, a new worker waiting). Watch it, and any later one.
    offerOnceInstalled(registration.installing);
    registration.addEventListener("updatefound", () => offerOnceInstalled(registration.installing));
  }

  async function register() {
    // The worker lives in static/js/ but serves the whole site, which the server must allow with a
    // Service-Worker-Allowed header (netlify.toml sends it). Asking first keeps a plain static server,
    // where registering would fail with a console error, quiet. A page the worker serves was allowed.
    if (!navigator.serviceWorker.controller) {
      const probe = await fetch("static/js/sw.js", { method: "HEAD", cache: "no-cache" });
      if (!probe.headers.has("Service-Worker-Allowed")) {
        throw new Error("the server does not let the worker serve the whole site (no Service-Worker-Allowed header).");
      }
    }
    // The worker answers this from the network when it can, and from its cache when offline.
    const response = await fetch("static/vendor/manifest.json", { cache: "no-cache" });
    const { version } = await response.json();
    const registration = await navigator.serviceWorker.register(`static/js/sw.js?v=${version}`, { scope: "./" });
    watchForUpdates(registration);
  }

  if (navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
  }
  whenReady(() =>
    register().catch((error) => {
      // Offline play is an extra: without it (a server that doesn't allow the worker's scope, private
      // browsing, no network) the game plays on, so this is information, not an error.
      console.info(`Offline play is not available here: ${error.message}`);
    }),
  );
})();
