"""The page's Python side on CPython: the messages the page sends it and the effects it answers with.

game/web/app.py runs in the page's worker; static/js/page.js carries out its answers. Here the messages are
made by hand, as page.js makes them, and the answers read as JSON.
"""

from __future__ import annotations

import json
import random
import re

from game.web.app import App
from game.web.effects import After
from game.web.records import ALONE, RECORDS_KEY, Records, note_game
from game.web.timers import Timers
from tests.support import play_randomly, table_for

LINK = {"game": "concentration", "players": "1", "bots": "0", "pairs": "8", "seed": "3", "look": "0"}


def location(params: dict) -> dict:
    """The page's URL as page.js sends it with every message."""
    query = "&".join(f"{key}={value}" for key, value in params.items())
    return {"origin": "http://site", "pathname": "/", "search": f"?{query}", "hash": "", "params": params}


def send(app: App, message: dict, params: dict | None = None) -> list[dict]:
    """Hand ``app`` one message from the page; the effects it answers with."""
    return json.loads(app.handle(json.dumps({**message, "location": location(params or LINK)})))


def booted(storage: dict | None = None, params: dict | None = None, menu: bool = True) -> tuple[App, list[dict]]:
    """An app that has handled the page's boot message (``menu``: the page's, not the embed)."""
    app = App()
    boot = {"type": "boot", "storage": storage or {}, "rooms": menu, "menu": menu, "picked": False}
    return app, send(app, {**boot, "start_requested": False, "picker": None}, params)


def kinds(effects: list[dict]) -> list[str]:
    return [effect["effect"] for effect in effects]


def test_the_boot_deals_the_linked_game_and_marks_the_page_ready():
    _, effects = booted()
    assert kinds(effects)[0] == "Sprite" and effects[-1] == {"effect": "Mark", "name": "ready", "value": "true"}
    drawn = [effect for effect in effects if effect["effect"] == "DrawTable"]
    assert len(drawn) == 1 and drawn[0]["version"] == 1
    # The link's page setting (look) stays in the URL beside the game's own parameters.
    query = next(effect["params"] for effect in effects if effect["effect"] == "Query")
    assert query["game"] == "concentration" and query["seed"] == "3" and query["look"] == "0"


def test_a_saved_game_is_resumed_from_the_storage_the_page_sent():
    table = table_for(seed=3, game="concentration", players=1, bots=0, pairs=8)
    table.act({"type": "flip", "pos": 0})
    app, effects = booted({"face-down/main/game": table.to_json()}, params={"look": "0"})
    assert app.table.to_json() == table.to_json()
    log = next(effect["text"] for effect in effects if effect["effect"] == "Write" and effect["element"] == "log")
    assert "Your game was restored where you left it." in log


def test_a_click_on_the_table_the_page_shows_is_played_and_one_on_an_older_table_is_dropped():
    app, _ = booted()
    stale = send(app, {"type": "spot", "pos": "cell-0", "version": 0})
    assert stale == [] and app.table.match.step == 0
    played = send(app, {"type": "spot", "pos": "cell-0", "version": 1})
    assert app.table.match.step == 1
    drawn = [effect for effect in played if effect["effect"] == "DrawTable"]
    assert [effect["version"] for effect in drawn] == [2]
    # The move's save is not due until its frame is painted; the page holds it meanwhile.
    unsaved = [effect for effect in played if effect["effect"] == "Unsaved"]
    assert unsaved and unsaved[0]["key"] == "face-down/main/game"


def test_a_timer_runs_once_and_not_after_it_was_replaced():
    timers = Timers()
    first = timers.start("screen", "owner", After("bot", 700))
    assert first == [{"effect": "After", "id": 1, "delay_ms": 700, "after_paint": True}]
    again = timers.start("screen", "owner", After("bot", 0, after_paint=False))
    assert again == [{"effect": "Cancel", "id": 1}, {"effect": "After", "id": 2, "delay_ms": 0, "after_paint": False}]
    assert timers.ran(1) is None
    assert timers.ran(2) == ("screen", "bot", "owner")
    assert timers.ran(2) is None


def test_a_room_timer_is_the_rooms_and_closing_cancels_them_all():
    timers = Timers()
    timers.start("room", "room", After("absent", 1000, after_paint=False))
    timers.start("room", "room", After("host-gone", 60_000, after_paint=False))
    timers.start("screen", "screen", After("bot", 0))
    assert timers.cancel_all("room") == [{"effect": "Cancel", "id": 1}, {"effect": "Cancel", "id": 2}]
    assert timers.ran(3) == ("screen", "bot", "screen")


def test_work_due_at_once_runs_in_the_worker_and_the_page_hears_nothing_of_it():
    ran = []
    timers = Timers(soon=ran.append)
    assert timers.start("screen", "screen", After("predict", 0, after_paint=False, work=True)) == []
    assert ran == [1]
    assert timers.cancel("screen", "predict") == []  # nothing to cancel on the page
    assert timers.ran(1) is None


def test_clicks_are_drawn_ahead_in_the_worker_between_the_pages_messages():
    soon = []
    app = App(soon.append)
    boot = {"type": "boot", "storage": {}, "rooms": True, "menu": True, "picked": False, "start_requested": False}
    boot["picker"] = None
    effects = send(app, boot)
    # The draw around the table waits for the painted frame (the page's); drawing ahead starts with it.
    around = next(effect["id"] for effect in effects if effect["effect"] == "After")
    send(app, {"type": "timer", "id": around})
    assert soon, "drawing ahead is the worker's own work"
    predicted = json.loads(app.run_timer(soon[-1]))
    assert predicted and all(effect["effect"] == "Predict" for effect in predicted)


def writes(effects: list[dict], element: str) -> list[str]:
    """What the effects write into the page's element ``element``."""
    return [effect["text"] for effect in effects if effect["effect"] == "Write" and effect["element"] == element]


def test_the_records_panel_lists_the_records_kept_and_clearing_them_forgets_them():
    kept, _ = note_game(Records(), "concentration", ALONE, True, [])
    app, effects = booted({RECORDS_KEY: kept.to_json()})
    assert ["Alone: 1 game played." in listed for listed in writes(effects, "records-list")] == [True]
    assert app.screen.tally.records == kept
    cleared = send(app, {"type": "command", "command": "clear-records", "seat": None, "picker": None})
    assert {"effect": "Store", "key": RECORDS_KEY, "text": None} in cleared
    assert writes(cleared, "records-list") == ['<p class="records-none">No games finished yet.</p>']
    assert app.screen.tally.records == Records() and RECORDS_KEY not in app.storage


def finished_game() -> str:
    """A solo Concentration game played to its end, as its save."""
    table = table_for(seed=3, game="concentration", players=1, bots=0, pairs=8)
    play_randomly(table.match, random.Random(1))
    return table.to_json()


def test_the_embed_has_no_records_panel_and_its_result_offers_no_new_game():
    storage = {"face-down/main/game": finished_game(), RECORDS_KEY: Records().to_json()}
    _, effects = booted(storage, {"look": "0"})
    assert 'data-command="new"' in writes(effects, "result")[0]  # a restored game is drawn whole at once
    _, effects = booted(storage, {"look": "0"}, menu=False)
    assert writes(effects, "records-list") == []
    [result] = writes(effects, "result")
    assert 'data-command="again"' in result and 'data-command="new"' not in result


def test_the_grid_is_drawn_turned_when_the_page_finds_its_cards_bigger_so_on_the_table_it_tried():
    app, _ = booted(params={**LINK, "pairs": "12"})  # 4 rows of 6: cell-1 is row 1, column 2
    assert send(app, {"type": "turn", "turned": True, "version": 0}) == []  # tried on an older table
    drawn = [
        effect
        for effect in send(app, {"type": "turn", "turned": True, "version": 1})
        if effect["effect"] == "DrawTable"
    ]
    assert len(drawn) == 1 and 'data-pos="cell-1"' in drawn[0]["html"]
    label = re.search(r'data-pos="cell-1"[^>]*aria-label="([^"]*)"', drawn[0]["html"]).group(1)
    assert label.startswith("row 2, column 1"), label  # turned a quarter: the rules' columns are its rows
    assert send(app, {"type": "turn", "turned": True, "version": 2}) == []  # drawn so already
