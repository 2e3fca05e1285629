"""Serve the site (the repo root) on 127.0.0.1 for `make run` and the browser tests.

    python tools/serve.py [--port 8000] [--open]

The handler sends the MIME types the runtime needs (``.mjs`` as JavaScript, ``.wasm`` as
``application/wasm``), never caches, and stays quiet.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import webbrowser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the right types, no caching (a rebuilt site shows at once), no request log."""

    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".toml": "text/plain",
        ".svg": "image/svg+xml",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args) -> None:
        pass


class OfflineSiteHandler(SiteHandler):
    """For `make run`: also lets the service worker (static/js/sw.js) control the whole site, so it plays offline.

    The browser tests use :class:`SiteHandler`, without the worker, so that each test's fresh profile does
    not download the whole runtime a second time into the worker's cache.
    """

    def end_headers(self) -> None:
        if self.path.split("?")[0].endswith("/static/js/sw.js"):
            self.send_header("Service-Worker-Allowed", "/")
        super().end_headers()


def make_server(port: int = 0, root: Path = ROOT, handler: type[SiteHandler] = SiteHandler) -> ThreadingHTTPServer:
    """A threaded server for ``root`` on 127.0.0.1 (``port`` 0 picks a free one); call serve_forever()."""
    return ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=str(root)))


def main() -> None:
    """Serve until interrupted, printing the URL (and opening it with --open)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--open", action="store_true", help="open the game in the default browser")
    arguments = parser.parse_args()
    server = make_server(arguments.port, handler=OfflineSiteHandler)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"Face Down is at {url}  (Ctrl+C stops the server)", flush=True)
    if arguments.open:
        webbrowser.open(url)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
