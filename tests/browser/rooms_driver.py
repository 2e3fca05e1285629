"""Driving a room through its pages: the host sets it up from the picker, guests join by the link, and the
seats play, for the room tests (tests/browser/test_rooms.py) and the network lab (bench/netlab.py).

Every function takes :class:`Peer` objects: a page of the app and what the page knows of its room
(``faceDownRoom()``, a promise of game/web/app.py's ``debug_state``, asked of the page's worker).
"""

from __future__ import annotations

import json
import random
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from game.web.games import presenter_for

from .driver import CHOICES, click_action, settle

READY = "html[data-ready='true']"
OVER = "html[data-over='true']"
# Joining through the relay takes well under a second here; the margin is for a loaded machine.
WAIT_MS = 20_000
IDLE_LIMIT_S = 30  # nobody could move for this long: the room is stuck
CLICK_ANSWER_MS = 5_000  # a move clicked and not played by then was dropped, and is made again


class Peer:
    """One player's page, with what its earlier pages (before a reload or a close) received."""

    def __init__(self, page):
        self.page = page
        self.earlier: list[str] = []

    def state(self) -> dict:
        """The room as the page knows it (app.py's ``debug_state``)."""
        return json.loads(self.page.evaluate("faceDownRoom()"))

    def received(self) -> list[str]:
        """Every text this player's pages received from the room, in order."""
        return self.earlier + self.page.evaluate("window.__received")

    def wait_for(self, condition: str, timeout: float = WAIT_MS) -> None:
        """Wait until ``condition``, a JS expression about ``room`` (the page's room state), holds; a
        ``PlaywrightTimeout`` after ``timeout`` ms. Each look asks the page's worker (``faceDownRoom()`` is a
        promise, which ``evaluate`` awaits and ``wait_for_function`` would not), every 50 ms."""
        ask = f"async () => {{ const room = JSON.parse(await faceDownRoom()); return Boolean({condition}); }}"
        until = time.monotonic() + timeout / 1000
        while not self.page.evaluate(ask):
            if time.monotonic() > until:
                raise PlaywrightTimeout(f"the room did not come to {condition} within {timeout} ms")
            time.sleep(0.05)
        front(self)  # a background tab paints no frames
        settle(self.page)

    def message(self) -> str:
        """The page's message line."""
        return self.page.locator("#message").text_content()


# --- setting a room up through the page -------------------------------------------------------------


def choose(page, game: str, players: int, **options: str) -> None:
    """Pick ``game`` for ``players`` in the page's game picker, with ``options`` from the game's lists."""
    page.evaluate("document.getElementById('new-game').open = true")
    page.click(f'#picker label[for="game-{game}"]')
    for name, value in {"players": str(players), **options}.items():
        page.select_option(f'#picker fieldset[data-game="{game}"] select[name="{name}"]', value)


def create_room(open_app, game: str, players: int, home: str | None = None, **options: str) -> tuple[Peer, str]:
    """Open the host's page, choose the game in the picker, press "Create a room"; the host and the link."""
    host = open_app(home or open_app.home)
    page = host.page
    choose(page, game, players, **options)
    page.fill('#picker input[name="names"]', "Hana")
    page.click('[data-command="room-create"]')
    link = page.locator("#room-link").input_value(timeout=WAIT_MS)
    assert "role=host" in page.url and "role=host" not in link and "#room=" in link
    assert page.locator("#room .room-qr svg").count() == 1
    page.click('#room [data-command="room-copy"]')
    selected = "(() => { const field = document.activeElement; return field.value.slice(field.selectionStart); })()"
    assert page.evaluate(selected) == link, "copying selects the whole link, even where the clipboard is refused"
    host.wait_for("room.role === 'host' && room.seat === 0")
    return host, link


def join(open_app, link: str, name: str, seat: int, context=None) -> Peer:
    """Open the invite link as a guest and give a name; the guest is seated in the first open seat, ``seat``."""
    guest = open_app(link.replace("?", "?look=0&", 1), context)
    guest.wait_for("room.connected && room.phase === 'lobby'")
    field = guest.page.locator('#room input[name="room-name"]')
    field.fill(name)
    field.press("Tab")  # the change event sends the name
    guest.wait_for(f"room.seat === {seat}")
    return guest


def start(host: Peer, peers: list[Peer]) -> None:
    """Press Start on the host's page once every seat is filled; wait until every peer has its table."""
    host.page.click('#room [data-command="room-start"]:not([disabled])', timeout=WAIT_MS)
    for peer in peers:
        peer.wait_for("room.phase === 'playing'")
        peer.page.wait_for_selector("#game:not([hidden]) #table .board", timeout=WAIT_MS)


def play(peers: list[Peer], move, until=None, max_moves: int = 3000) -> int:
    """Make moves with ``move(peers)`` (True once it made one) until every game is over (or ``until()``).

    Returns the number of moves made; fails if nobody could move for IDLE_LIMIT_S seconds.
    """
    moves = 0
    idle_since = time.monotonic()
    while not (until() if until else all(peer.page.locator(OVER).count() for peer in peers)):
        assert moves < max_moves, "the game did not end"
        if move(peers):
            moves += 1
            idle_since = time.monotonic()
        else:
            stuck = time.monotonic() - idle_since > IDLE_LIMIT_S
            assert not stuck, f"nobody could move: {[(peer.state(), peer.message()) for peer in peers]}"
            peers[0].page.wait_for_timeout(20)
    return moves


def random_moves(rng: random.Random):
    """A ``move`` for :func:`play`: click a random choice on a random peer's table."""

    def move(peers: list[Peer]) -> bool:
        for peer in rng.sample(peers, len(peers)):
            choices = peer.page.locator(CHOICES)
            count = choices.count()
            if not count:
                continue
            front(peer)
            try:
                choices.nth(rng.randrange(count)).click(timeout=1000)
            except PlaywrightTimeout:
                continue  # the table was redrawn under the click; look again
            return True
        return False

    return move


# The move a Perfect bot would make for the page's own seat, from what the page's own copy of the game showed it.
PERFECT = """
import json, __main__
from game.bots import new_bot
client = __main__.app._rooms.control.client
match, seat = client.replica.match, client.seat
json.dumps(new_bot(match.game, "perfect", seed=seat).choose(match.view(seat), match.events(seat)))
"""


def perfect_moves():
    """A ``move`` for :func:`play`: the move a Perfect bot would make for a seat that may act, clicked on its page.

    A Perfect bot remembers every card it was shown, so a Concentration game ends in a few dozen moves instead of
    the hundreds random clicks take. Each seat's bot reads the seat's view and events from the page's own copy of
    the game (what that player was shown: no page holds more).
    """

    def move(peers: list[Peer]) -> bool:
        for peer in peers:
            state = peer.state()
            if not state["legal"]:
                continue
            action = json.loads(peer.page.evaluate("(code) => faceDownPython(code)", PERFECT))
            if action in state["legal"]:
                front(peer)
                click_action(peer.page, presenter_for(state["game"]), state["legal"], state["legal"].index(action))
                try:
                    peer.wait_for(f"room.step > {state['step']} || room.errors.length > 0", timeout=CLICK_ANSWER_MS)
                except PlaywrightTimeout:
                    return False  # the click came as the table was redrawn (the page drops it): look again
                return True
        return False

    return move


def front(peer: Peer) -> None:
    """Bring the peer's tab to the front if its browser profile has several: a background tab paints no frames."""
    if len(peer.page.context.pages) > 1:
        peer.page.bring_to_front()


def host_history(host: Peer) -> list:
    """The moves the host's log holds, in order (``[seat, action]`` each), from its page's copy of the game."""
    code = "import json, __main__\njson.dumps(__main__.app._rooms.control.host.sequencer.replica.match.history)"
    return json.loads(host.page.evaluate("(code) => faceDownPython(code)", code))


def assert_verified(peers: list[Peer]) -> None:
    """Every peer shows the result and the verdict of its own check of the game, and the verdict passed."""
    for peer in peers:
        peer.page.wait_for_selector(OVER, state="attached", timeout=WAIT_MS)
        peer.page.wait_for_selector("#room .verdict", timeout=WAIT_MS)
        assert peer.page.locator("#room .verdict-ok").text_content().startswith("Verified")
        assert peer.state()["verdict"]["ok"]
