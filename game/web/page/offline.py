"""What the page does once it is playable and idle, for offline play and the next visit: the service worker
(static/js/sw.js) and its news, and the engine's memory snapshot. MicroPython, on the page's thread; imported once
the page is ready.

Offline play is for the hosted site: once the app is interactive, the service worker is registered for the current
version of the site, named in static/vendor/manifest.json (waiting for data-ready means its downloads find the files
the page has just loaded in the HTTP cache instead of competing with them). When a newer version has been installed
beside the running one, the page offers "Update available — reload": the button lets the new worker take over, and
every open tab of the site reloads at once, so no page goes on with old files while the worker serves new ones. A
reload resumes the game from its save. Offline play is an extra: without it (a server that doesn't allow the
worker's scope, private browsing, no network) the game plays on, so a failure is information on the console, not
an error.
"""

import js
from pyscript.ffi import to_js

from game.web.page.dom import ROOT, attr, by_id, document, listen, window
from game.web.page.engine import engine


class Offline:
    """The service worker of the hosted site, registered once, and its news."""

    def __init__(self):
        self.workers = attr(window.navigator, "serviceWorker")
        self.registration = None
        self.begun = False

    def begin(self):
        """Register the worker (once), and reload the page when a new version takes it over."""
        if self.begun or self.workers is None or window.location.protocol == "file:":
            return
        self.begun = True
        if self.workers.controller is not None:
            listen(self.workers, "controllerchange", lambda _event: window.location.reload())
        window.Promise.resolve(self.register())

    async def register(self):
        # The worker lives in static/js/ but serves the whole site, which the server must allow with a
        # Service-Worker-Allowed header (netlify.toml sends it). Asking first keeps a plain static server, where
        # registering would fail with a console error, quiet. A page the worker serves was allowed.
        try:
            if self.workers.controller is None:
                probe = await window.fetch("static/js/sw.js", to_js({"method": "HEAD", "cache": "no-cache"}))
                if not probe.headers.has("Service-Worker-Allowed"):
                    raise ValueError(
                        "the server does not let the worker serve the whole site (no Service-Worker-Allowed header)."
                    )
            # The worker answers this from the network when it can, and from its cache when offline.
            response = await window.fetch("static/vendor/manifest.json", to_js({"cache": "no-cache"}))
            manifest = await response.json()
            options = js.Object.new()
            options.scope = "./"
            self.registration = await self.workers.register("static/js/sw.js?v=" + manifest.version, options)
        except Exception as error:
            js.console.info("Offline play is not available here: " + str(error))
            return
        self.watch()

    def watch(self):
        """Only a worker that arrives while another controls the page is an update; the first one just installs.

        A worker may be installing already: register() resolves, and Chromium may have fired "updatefound" before
        this runs (seen on a busy machine: no offer, a new worker waiting). Watch it, and any later one.
        """
        registration = self.registration
        if registration.waiting is not None and self.workers.controller is not None:
            self.offer()
        self.watch_worker(registration.installing)
        listen(registration, "updatefound", lambda _event: self.watch_worker(registration.installing))

    def watch_worker(self, worker):
        if worker is None:
            return

        def changed(_event):
            if worker.state == "installed" and self.workers.controller is not None:
                self.offer()

        listen(worker, "statechange", changed)

    def offer(self):
        if by_id("update") is not None:
            return
        banner = document.createElement("div")
        banner.id = "update"
        banner.className = "panel update"
        banner.setAttribute("role", "status")
        button = document.createElement("button")
        button.type = "button"
        button.textContent = "Reload"
        listen(button, "click", self.take_update)
        banner.append("Update available — reload to play the new version. ", button)
        document.querySelector("main").prepend(banner)

    def take_update(self, _event):
        waiting = self.registration.waiting
        if waiting is not None:
            waiting.postMessage("skip-waiting")


offline = Offline()


def after_ready():
    """The page is playable and idle: register the service worker, and on a first visit whose Python booted, have
    a snapshot made for the next one (neither in the single-file download: a page opened from a file has no
    Cache Storage nor service worker)."""
    offline.begin()
    if (
        window.location.protocol == "file:"
        or attr(ROOT.dataset, "python") != "booted"
        or attr(ROOT.dataset, "snapshot")
    ):
        return

    def kept(key):
        if key is not None:
            ROOT.dataset.snapshot = "saved"

    engine.ask("snapshot").then(kept)


def when_idle_after_ready():
    """Run :func:`after_ready` once the page is idle (at most 2 s from now)."""
    if attr(window, "requestIdleCallback") is not None:
        window.requestIdleCallback(lambda *_: after_ready(), to_js({"timeout": 2000}))
    else:
        js.setTimeout(after_ready, 0)
