"""The game page's memory (issue 37): its renderer process's resident memory, in MB, once the page is playable and
after a six-player Cambio game played to its end.

A page's renderer process holds the page's thread (its DOM, PyScript and the page's MicroPython) and its dedicated
workers (the engine's Pyodide): so its resident set (``VmRSS`` in ``/proc``) is the memory of the page and its
worker together. The browser names its processes over the DevTools protocol (``SystemInfo.getProcessInfo``); a
fresh browser with one page has that page's renderer, the largest, and at most a spare one beside it.
"""

from __future__ import annotations

from pathlib import Path

from tests.browser.driver import open_game, play_to_end, settle

from .browser import browser_context

MB = 1e6
CAMBIO = {"game": "cambio", "players": "6", "bots": "5", "level": "medium", "seed": "1", "look": "0"}


def resident_bytes(pid: int) -> int:
    """The resident set of process ``pid``, in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise ValueError(f"process {pid} has no resident set")


def page_memory(session) -> float:
    """The resident memory of the largest renderer process of the browser ``session`` talks to, in MB."""
    processes = session.send("SystemInfo.getProcessInfo")["processInfo"]
    return max(resident_bytes(process["id"]) for process in processes if process["type"] == "renderer") / MB


def measure(playwright, site_url: str) -> dict[str, float]:
    """The page's memory after boot and after a six-player Cambio game (the person's moves random, five bots)."""
    with browser_context(playwright) as context:
        session = context.browser.new_browser_cdp_session()
        page = context.new_page()
        open_game(page, site_url, timeout=120_000, **CAMBIO)
        settle(page)
        booted = page_memory(session)
        play_to_end(page, seed=1)
        settle(page)
        return {"after boot": booted, "after a six-player Cambio game": page_memory(session)}
