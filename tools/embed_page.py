"""Make embed.html, the embed for blogs, from index.html: one page, so that a change to it reaches both.

    python tools/embed_page.py      # what tools/build_site.py runs; embed.html is build output

index.html marks what differs:

- ``<!-- page-only -->`` ... ``<!-- /page-only -->``: left out of the embed (the header and its menu, the
  tagline, the picker, the room);
- ``<!-- embed-only`` (a note may follow on that line) then lines then ``-->``: a comment the page ignores,
  whose lines the embed gets (its stylesheet and script, a hidden heading, the picker's stub).

Everything else (the game, the settings, the curtain, the announcer, the interpreter and its config) is the
same in both.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "index.html"
TARGET = ROOT / "embed.html"
PAGE_ONLY = re.compile(r"[ \t]*<!-- page-only -->.*?<!-- /page-only -->\n", re.DOTALL)
EMBED_ONLY = re.compile(r"[ \t]*<!-- embed-only[^\n]*\n(.*?)[ \t]*-->\n", re.DOTALL)


def embed_html(page: str) -> str:
    """The embed's HTML from the page's: the page-only parts left out, the embed-only comments opened."""
    if page.count("<!-- page-only -->") != page.count("<!-- /page-only -->"):
        raise ValueError("index.html: every <!-- page-only --> needs its <!-- /page-only -->")
    return EMBED_ONLY.sub(r"\1", PAGE_ONLY.sub("", page))


def write() -> None:
    """Write embed.html from index.html."""
    TARGET.write_text(embed_html(PAGE.read_text()))


if __name__ == "__main__":
    write()
    print(f"embed page made: {TARGET.relative_to(ROOT)} from {PAGE.relative_to(ROOT)}")
