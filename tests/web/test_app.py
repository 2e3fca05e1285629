"""The page's Python side on CPython: the messages the page sends it and the effects it answers with.

game/web/app.py runs in the page's worker; the page's Python (game/web/page/) carries out its answers. Here the messages
are made by hand, as the page makes them, and the answers read as JSON.
"""

from __future__ import annotations

import json
import random
import re

from game.web.app import App
from game.web.records import ALONE, RECORDS_KEY, Records, note_game
from game.web.table import Table
from tests.support import FIRST_SEAT, play_randomly, table_for

LINK = {"game": "concentration", "players": "1", "bots": "0", "pairs": "8", "seed": "3", "look": "0"}


def location(params: dict) -> dict:
    """The page's URL as the page sends it with every message."""
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


# --- one place for every effect: the screen's, the room's and the page's own ------------------------------------

ROOM_PICKER = {"game": "concentration", "level": "medium", "players": "2", "pairs": "8", **FIRST_SEAT}


def command(app: App, name: str, picker: dict | None = None) -> list[dict]:
    """A ``data-command`` button pressed on the page."""
    return send(app, {"type": "command", "command": name, "seat": None, "picker": picker})


class Timers:
    """The page's timers, as the page keeps them from the answers it carries out: those due at once can run."""

    def __init__(self):
        self.due: dict[int, int] = {}  # delay by number

    def heard(self, effects: list[dict]) -> list[dict]:
        """Note the timers ``effects`` start and cancel; the effects."""
        for effect in effects:
            if effect["effect"] == "After":
                self.due[effect["id"]] = effect["delay_ms"]
            elif effect["effect"] == "Cancel":
                self.due.pop(effect["id"], None)
        return effects

    def settle(self, app: App) -> list[dict]:
        """Run the timers due at once, and those they start, until none is left; every effect they brought."""
        seen: list[dict] = []
        for _ in range(50):
            ready = [number for number, delay in self.due.items() if delay == 0]
            if not ready:
                return seen
            del self.due[ready[0]]
            seen += self.heard(send(app, {"type": "timer", "id": ready[0], "status": None}))
        raise AssertionError("the timers kept coming")


def test_a_game_taken_off_the_screen_saves_its_last_move_and_its_timers_stop():
    app, _ = booted(params={**LINK, "players": "2", "bots": "1"})
    played = send(app, {"type": "spot", "pos": "cell-0", "version": 1})
    due = {effect["id"] for effect in played if effect["effect"] == "After"}
    assert due, "the words around the table wait for the frame"
    again = command(app, "again")
    assert due <= {effect["id"] for effect in again if effect["effect"] == "Cancel"}
    [saved, *_] = [effect["text"] for effect in again if effect["effect"] == "Store" and effect["key"].endswith("game")]
    assert Table.from_json(saved).match.history == [[0, {"type": "flip", "pos": 0}]]


def test_a_rooms_transports_are_numbered_and_the_news_of_one_closed_since_is_dropped():
    app, _ = booted()
    [first] = [effect for effect in command(app, "room-create", ROOM_PICKER) if effect["effect"] == "OpenTransport"]
    [second] = [effect for effect in command(app, "room-create", ROOM_PICKER) if effect["effect"] == "OpenTransport"]
    assert (first["gen"], second["gen"]) == (1, 3)  # the first room's transport was closed (2) in between
    assert send(app, {"type": "net", "gen": first["gen"], "event": "open", "args": ["old-peer"]}) == []
    assert json.loads(app.debug_state())["self_peer"] is None
    opened = send(app, {"type": "net", "gen": second["gen"], "event": "open", "args": ["new-peer"]})
    assert "ShowInvite" in kinds(opened) and json.loads(app.debug_state())["self_peer"] == "new-peer"


def test_the_rooms_state_is_asked_for_and_never_sent_with_an_answer():
    app, effects = booted()
    assert json.loads(app.debug_state()) == {"role": None}
    created = command(app, "room-create", ROOM_PICKER)
    assert json.loads(app.debug_state())["role"] == "host"
    assert "RoomState" not in kinds(effects + created)


def test_a_room_seats_move_goes_to_the_host_through_the_screens_answer_and_its_news_redraws_it():
    app, _ = booted()
    timers = Timers()
    timers.heard(command(app, "room-create", ROOM_PICKER))
    timers.heard(command(app, "room-fill"))
    timers.heard(command(app, "room-start"))
    drawn = [effect for effect in timers.settle(app) if effect["effect"] == "DrawTable"]
    match = app.rooms.control.host.sequencer.replica.match
    assert drawn and match.step == 0 and match.to_act() == [0]  # the host's own seat opens
    played = timers.heard(send(app, {"type": "spot", "pos": "cell-0", "version": drawn[-1]["version"]}))
    [busy] = [effect for effect in played if effect["effect"] == "DrawTable"]
    assert busy["busy"] and match.step == 1  # the move reached the host while the screen played it
    [answer] = [effect for effect in timers.settle(app) if effect["effect"] == "DrawTable"]
    assert not answer["busy"] and "face down" not in re.search(r'data-pos="cell-0"[^>]*', answer["html"])[0]


def test_a_curtain_lifted_where_none_is_down_changes_nothing():
    app, _ = booted()  # a game alone: no curtain ever comes down
    before = app.table.to_json()
    assert command(app, "lift-curtain") == [] and app.table.to_json() == before
    command(app, "room-create", ROOM_PICKER)
    assert command(app, "lift-curtain") == []  # nor in a room, where nobody passes the device
