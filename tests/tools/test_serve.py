"""The local server compresses as a host does: a precompressed copy by Accept-Encoding, else gzip on the fly."""

from __future__ import annotations

import gzip
import http.client
import os
import socket
import struct
import sys
import threading

import pytest

from tools.serve import SMALLEST_TO_COMPRESS, accepted_encodings, make_server

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot open sockets")

OFFERED = {"br": ".br", "gzip": ".gz"}
TEXT = b"face down " * 400


@pytest.fixture
def site(tmp_path):
    """A folder served on 127.0.0.1, holding ``big.js`` (with a fake brotli copy beside it) and ``small.js``."""
    (tmp_path / "big.js").write_bytes(TEXT)
    (tmp_path / "big.js.br").write_bytes(b"brotli stand-in")
    (tmp_path / "plain.js").write_bytes(TEXT)
    (tmp_path / "small.js").write_bytes(b"x" * (SMALLEST_TO_COMPRESS - 1))
    server = make_server(0, tmp_path)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield tmp_path, server.server_address[1]
    server.shutdown()
    server.server_close()


def get(port: int, path: str, **headers: str) -> http.client.HTTPResponse:
    """GET ``path`` with ``headers``; the response, its body read into ``.data``."""
    connection = http.client.HTTPConnection("127.0.0.1", port)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    response.data = response.read()
    connection.close()
    return response


def test_accept_encoding_picks_the_servers_first_coding_the_browser_allows():
    assert accepted_encodings("gzip, deflate, br, zstd", OFFERED) == ["br", "gzip"]
    assert accepted_encodings("gzip;q=1.0, br;q=0", OFFERED) == ["gzip"]
    assert accepted_encodings("*", OFFERED) == ["br", "gzip"]
    assert accepted_encodings("", OFFERED) == []
    assert accepted_encodings("identity", OFFERED) == []


def test_a_precompressed_copy_is_sent_where_the_browser_accepts_it(site):
    _, port = site
    response = get(port, "/big.js", **{"Accept-Encoding": "gzip, br"})
    assert response.getheader("Content-Encoding") == "br"
    assert response.data == b"brotli stand-in"
    assert response.getheader("Content-Type") == "text/javascript"
    assert response.getheader("Vary") == "Accept-Encoding"


def test_without_a_copy_gzip_is_made_on_the_fly(site):
    _, port = site
    response = get(port, "/plain.js", **{"Accept-Encoding": "gzip, br"})
    assert response.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(response.data) == TEXT
    assert int(response.getheader("Content-Length")) == len(response.data) < len(TEXT)


def test_a_copy_older_than_its_file_is_not_sent(site):
    root, port = site
    stat = (root / "big.js").stat()
    os.utime(root / "big.js.br", ns=(stat.st_atime_ns, stat.st_mtime_ns - 10**9))
    response = get(port, "/big.js", **{"Accept-Encoding": "br, gzip"})
    assert response.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(response.data) == TEXT


def test_plain_bytes_without_accept_encoding_or_for_tiny_files(site):
    _, port = site
    assert get(port, "/big.js").data == TEXT
    assert get(port, "/big.js").getheader("Content-Encoding") is None
    assert get(port, "/small.js", **{"Accept-Encoding": "gzip"}).getheader("Content-Encoding") is None


def test_a_revalidation_of_an_unchanged_file_is_answered_not_modified(site):
    _, port = site
    first = get(port, "/big.js", **{"Accept-Encoding": "br"})
    again = get(port, "/big.js", **{"Accept-Encoding": "br", "If-Modified-Since": first.getheader("Last-Modified")})
    assert again.status == 304
    assert again.data == b""


def test_a_browser_dropping_a_connection_mid_answer_is_not_reported_as_an_error(tmp_path, capsys):
    # A reload or a closed tab resets the connection while a large file is still being sent: routine, not a fault.
    (tmp_path / "large.wasm").write_bytes(bytes(32_000_000))
    server = make_server(0, tmp_path)
    browser = socket.create_connection(server.server_address)
    request, address = server.get_request()
    browser.sendall(b"GET /large.wasm HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    browser.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close with a reset
    browser.close()
    server.process_request_thread(request, address)  # the server's handling of one request, in this thread
    server.server_close()
    assert capsys.readouterr().err == ""
