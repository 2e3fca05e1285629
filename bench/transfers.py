"""Bytes on a cold visit: what the page downloads, raw as our server sends it, and what compression would give.

Our server (tools/serve.py) sends files as they are, with no ``Content-Encoding``, so the raw figure is
what actually crossed the wire here: response bodies plus headers, as Chromium counted them. The
compressed figures are computed, not transferred: each downloaded file compressed with gzip -9 and
with brotli (bench/compress.mjs), which is what a host that compresses, or precompressed assets, would
send instead of the body.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from .boot import TIMEOUT_MS
from .browser import fresh_profile, wait_ready

COMPRESS = Path(__file__).with_name("compress.mjs")
QUIET_LIMIT = 30


@dataclass
class Transfer:
    """One response of the visit: its URL, its local file, and the bytes Chromium received."""

    url: str
    file: Path | None
    body: int
    headers: int


def cold_visit(playwright, site_url: str, page_path: str, root: Path) -> list[Transfer]:
    """Every response a first visit to ``page_path`` received, until the network went quiet after it was interactive."""
    finished = []
    with fresh_profile(playwright) as context:
        # On the context, not the page: a service worker's own fetches count too.
        context.on("requestfinished", lambda request: finished.append(request))
        page = context.new_page()
        page.goto(site_url + page_path, wait_until="commit")
        wait_ready(page, TIMEOUT_MS)
        _wait_until_quiet(page, finished)
        transfers = []
        for request in finished:
            sizes = request.sizes()
            response = request.response()
            if response is None or response.from_service_worker:
                continue  # answered from the worker's cache: counted when the worker fetched it
            transfers.append(
                Transfer(
                    request.url,
                    _local_file(request.url, site_url, root),
                    sizes["responseBodySize"],
                    sizes["responseHeadersSize"],
                )
            )
    return transfers


def compressed_sizes(files: list[Path], brotli_quality: int) -> dict[Path, dict[str, int]]:
    """gzip -9 and brotli sizes of each file, computed by Node's zlib."""
    if not files:
        return {}
    completed = subprocess.run(
        ["node", str(COMPRESS), str(brotli_quality), *map(str, files)], capture_output=True, text=True, check=True
    )
    return {Path(name): sizes for name, sizes in json.loads(completed.stdout).items()}


def _wait_until_quiet(page, finished: list) -> None:
    # What the page goes on fetching once interactive (a service worker's precache, say) is part of the
    # visit too: wait until a second passes with no request finishing, or QUIET_LIMIT seconds.
    for _ in range(QUIET_LIMIT):
        seen = len(finished)
        page.wait_for_timeout(1000)
        if len(finished) == seen:
            return


def _local_file(url: str, site_url: str, root: Path) -> Path | None:
    if not url.startswith(site_url):
        return None
    path = unquote(urlsplit(url).path).lstrip("/") or "index.html"
    file = root / path
    if file.is_dir():
        file = file / "index.html"
    return file if file.is_file() else None
