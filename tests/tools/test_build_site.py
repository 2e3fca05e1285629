"""The site build: the page's stylesheets and scripts each joined into one file, and the precompressed copies."""

from __future__ import annotations

import gzip
import re
import shutil

import pytest

from tools.build_site import (
    BUNDLED,
    BUNDLES,
    PRECOMPRESS_FROM_BYTES,
    PRECOMPRESSED,
    ROOT,
    VENDOR,
    bundle_page_files,
    site_files,
)
from tools.embed_page import embed_html

PAGES = {"index.html": (ROOT / "index.html").read_text()}
PAGES["embed.html"] = embed_html(PAGES["index.html"])


def copy_sources(into):
    """The bundles' sources copied under ``into``, at their paths in the repo, and the bundles' folder."""
    for source in BUNDLED:
        (into / source).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / source, into / source)
    (into / "static/vendor").mkdir(parents=True, exist_ok=True)


def test_every_games_stylesheet_is_in_the_css_bundle():
    games = {path.relative_to(ROOT).as_posix() for path in (ROOT / "static/css/games").glob("*.css")}
    assert games
    assert games <= set(BUNDLES["static/vendor/face-down.css"])


def test_boot_js_comes_first_so_it_sees_every_download():
    assert BUNDLES["static/vendor/face-down.js"][0] == "static/js/boot.js"


def test_a_bundle_is_its_sources_joined_in_order(tmp_path):
    copy_sources(tmp_path)
    bundle_page_files(tmp_path)
    for target, sources in BUNDLES.items():
        text = (tmp_path / target).read_text()
        positions = [text.index(source) for source in sources]
        assert positions == sorted(positions), target
        for source in sources:
            assert (ROOT / source).read_text() in text


def test_a_stylesheet_with_a_url_stops_the_build(tmp_path):
    copy_sources(tmp_path)
    with (tmp_path / "static/css/art.css").open("a") as css:
        css.write(".fd-back { background: url(back.png); }\n")
    with pytest.raises(SystemExit, match=r"static/css/art\.css uses url"):
        bundle_page_files(tmp_path)


def test_the_pages_load_the_bundles_and_no_bundled_file():
    for page, html in PAGES.items():
        loaded = set(re.findall(r'(?:href|src)="\./([^"]+)"', html))
        assert set(BUNDLES) <= loaded, page
        assert not loaded & BUNDLED, page


def test_bundled_sources_are_not_site_files_of_their_own():
    # The service worker precaches site_files(): a file only ever read inside its bundle would be dead weight.
    urls = {path.relative_to(ROOT).as_posix() for path in site_files()}
    assert not urls & BUNDLED
    assert set(BUNDLES) <= urls


def test_large_vendored_files_have_precompressed_copies_that_are_not_site_files():
    files = site_files()
    assert not [path for path in files if path.suffix in PRECOMPRESSED]  # nobody asks for FILE.br: the host picks it
    large = [path for path in files if path.is_relative_to(VENDOR) and path.stat().st_size >= PRECOMPRESS_FROM_BYTES]
    assert VENDOR / "pyodide" / "pyodide.asm.wasm" in large
    for path in large:
        copy = path.with_name(path.name + ".gz")
        if copy.exists():  # none where gzip would not make it smaller
            assert gzip.decompress(copy.read_bytes()) == path.read_bytes(), path
        assert path.with_name(path.name + ".br").exists() or not copy.exists(), path
