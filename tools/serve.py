"""Serve the site (the repo root) on 127.0.0.1 for `make run` and the browser tests.

    python tools/serve.py [--port 8000] [--open]

The handler sends the MIME types the runtime needs (``.mjs`` as JavaScript, ``.wasm`` as
``application/wasm``), never caches, and stays quiet. It compresses as a host does, by the request's
``Accept-Encoding``: a file's precompressed copy where the build wrote one beside it (``FILE.br``,
``FILE.gz``: tools/precompress.mjs, for the large files of static/vendor/), else gzip made on the fly.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import functools
import gzip
import io
import sys
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

    # The content codings this server may send, best first; a precompressed copy is ``FILE.<suffix>``.
    encodings: ClassVar[dict[str, str]] = {"br": ".br", "gzip": ".gz"}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args) -> None:
        pass

    def send_head(self):
        """A file's headers, and its body to copy: compressed where the request accepts it and it is worth it."""
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""), self.encodings)
        encoded = path.is_file() and encoded_body(path, accepted, self.encodings)
        if not encoded:
            return super().send_head()
        modified = path.stat().st_mtime
        if self._not_modified_since(modified):
            self.send_response(304)
            self.end_headers()
            return None
        encoding, body = encoded
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(modified)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def _not_modified_since(self, modified: float) -> bool:
        # What SimpleHTTPRequestHandler answers a revalidation with: a warm visit's 304s.
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
            return int(modified) <= email.utils.parsedate_to_datetime(since).timestamp()
        return False


# Files that compression would not make smaller, and files too small to be worth a coding.
ALREADY_COMPRESSED = {".png", ".jpg", ".jpeg", ".webp", ".gif", ".woff2", ".br", ".gz"}
SMALLEST_TO_COMPRESS = 256


def accepted_encodings(accepted: str, offered: dict[str, str]) -> list[str]:
    """The codings of ``offered`` (in its order) that the ``Accept-Encoding`` value ``accepted`` allows."""
    allowed = set()
    for part in accepted.split(","):
        name, _, parameters = part.strip().partition(";")
        weight = parameters.strip().removeprefix("q=")
        if name and weight not in {"0", "0.0", "0.00", "0.000"}:
            allowed.add(name.strip().lower())
    return [name for name in offered if name in allowed or "*" in allowed]


def encoded_body(path: Path, accepted: list[str], offered: dict[str, str]) -> tuple[str, bytes] | None:
    """The first of ``accepted`` codings ``path`` can be sent in, and its body: the file's precompressed copy if
    the build wrote one since the file last changed, else gzip made here. None: send the file as it is."""
    if path.suffix in ALREADY_COMPRESSED or path.stat().st_size < SMALLEST_TO_COMPRESS:
        return None
    stat = path.stat()
    for encoding in accepted:
        body = _body(path, encoding, offered[encoding], (stat.st_mtime_ns, stat.st_size))
        if body is not None:
            return encoding, body
    return None


@functools.lru_cache(maxsize=256)
def _body(path: Path, encoding: str, suffix: str, version: tuple[int, int]) -> bytes | None:
    copy = path.with_name(path.name + suffix)
    if copy.is_file() and copy.stat().st_mtime_ns >= version[0]:
        return copy.read_bytes()
    if encoding == "gzip":
        return gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)  # a host's gzip on the fly
    return None


class OfflineSiteHandler(SiteHandler):
    """For `make run`: also lets the service worker (static/js/sw.js) control the whole site, so it plays offline.

    The browser tests use :class:`SiteHandler`, without the worker, so that each test's fresh profile does
    not download the whole runtime a second time into the worker's cache.
    """

    def end_headers(self) -> None:
        if self.path.split("?")[0].endswith("/static/js/sw.js"):
            self.send_header("Service-Worker-Allowed", "/")
        super().end_headers()


class SiteServer(ThreadingHTTPServer):
    """A threaded server that keeps quiet when a browser drops a connection mid-answer (a reload, a closed tab)."""

    def handle_error(self, request, client_address) -> None:
        """Report a handler's failure on stderr, unless it is the peer having gone away."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(port: int = 0, root: Path = ROOT, handler: type[SiteHandler] = SiteHandler) -> SiteServer:
    """A threaded server for ``root`` on 127.0.0.1 (``port`` 0 picks a free one); call serve_forever()."""
    return SiteServer(("127.0.0.1", port), functools.partial(handler, directory=str(root)))


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
