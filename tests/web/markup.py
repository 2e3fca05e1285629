"""Reading a table's HTML as a tree, for tests/web/test_screen.py's model of the page on CPython: find a spot by
its place, read its attributes, write it back. It changes nothing: making a redraw's changes is the page's own
static/js/redraw.js, checked against the renderer in the page (tests/browser/test_redraw.py)."""

from __future__ import annotations

import re
from html import escape
from html.parser import HTMLParser


class Element:
    """An element of parsed HTML: its tag, attributes and children, read back as HTML."""

    def __init__(self, tag: str, attributes: list[tuple[str, str]], closed: bool = False):
        self.tag, self.attributes, self.closed = tag, dict(attributes), closed
        self.children: list[Element | str] = []

    @property
    def elements(self) -> list[Element]:
        """The children that are elements."""
        return [child for child in self.children if isinstance(child, Element)]

    def html(self, ordered: bool = False) -> str:
        """The element as HTML; ``ordered`` sorts the attributes (a DOM keeps them in the order they were set)."""
        pairs = sorted(self.attributes.items()) if ordered else self.attributes.items()
        attributes = "".join(f' {name}="{escape(value)}"' for name, value in pairs)
        if self.closed:
            return f"<{self.tag}{attributes}/>"
        return f"<{self.tag}{attributes}>{self.inner(ordered)}</{self.tag}>"

    def inner(self, ordered: bool = False) -> str:
        """The children as HTML."""
        return "".join(child.html(ordered) if isinstance(child, Element) else escape(child) for child in self.children)

    def find(self, place: str) -> Element | None:
        """The first element in document order whose data-pos is ``place`` (what querySelector returns)."""
        for child in self.elements:
            if child.attributes.get("data-pos") == place:
                return child
            found = child.find(place)
            if found is not None:
                return found
        return None


class Builder(HTMLParser):
    """Parses a fragment into :class:`Element` children of ``root``."""

    def __init__(self, root: Element):
        super().__init__(convert_charrefs=True)
        self.stack = [root]

    def handle_starttag(self, tag, attrs):
        node = Element(tag, self.cased(attrs))
        self.stack[-1].children.append(node)
        self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].children.append(Element(tag, self.cased(attrs), closed=True))

    def cased(self, attrs):
        """The attributes with their names as written: the parser lowercases them, and SVG's viewBox must not."""
        names = re.findall(r'\s([^\s=]+)="', self.get_starttag_text())
        return [(name, value) for name, (_, value) in zip(names, attrs, strict=True)]

    def handle_endtag(self, tag):
        assert self.stack.pop().tag == tag

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def fragment(html: str) -> list[Element | str]:
    """The nodes that ``html`` parses into."""
    root = Element("root", [])
    builder = Builder(root)
    builder.feed(html)
    builder.close()
    return root.children


def drawn_table(html: str) -> Element:
    """A #table holding ``html``."""
    table = Element("div", [("id", "table")])
    table.children = fragment(html)
    assert table.inner() == html  # the stand-in DOM reads back exactly what it was given
    return table
