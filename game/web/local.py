"""The seat source of a game played on this device, with the policies only a local table has. No browser.

A :class:`~game.web.table.Table` holds the match, the bots and the seat on screen; this module is what the play
screen (:mod:`game.web.screen`) draws it through (the interface is :class:`~game.web.source.SeatSource`), and it
decides what a room's seat never has to:

- **the bots' pace**: once the table is drawn and nothing holds the game (a look, the curtain, an interlude), a
  bot chooses its move after the frame is painted (the harder levels think for milliseconds, which would hold
  that frame back) and plays it after its delay;
- **the save**: every change is saved once its frame is painted, and handed to the page before that, to keep
  at once if the page is put away;
- **the pass-and-play curtain**: when another person must take the device, the table waits behind a curtain;
- **the hint**: the move the strongest computer player would make for the seat on screen (:mod:`game.web.hint`);
- **clicks drawn ahead** while the person thinks (:mod:`game.web.predict`).
"""

from __future__ import annotations

from ..core import Action, Event
from .effects import Effect, Save
from .hint import Hint, hint
from .predict import ClicksAhead, Prediction, click_targets
from .presenter import Presenter
from .records import level_of
from .source import SeatSource, Shown
from .table import Table
from .timers import Due


class LocalSource(SeatSource):
    """A game played on this device: a table, its bots' pace, its save, its curtain, its hint and its clicks drawn
    ahead."""

    offers_hints = True
    waits_for_looks = True  # its bots wait for a look the player ends themselves

    def __init__(self, table: Table):
        self.table = table
        self._unsaved = True  # a new deal, or a table resumed from an older save
        self._due = Due()
        self._bot_move = None  # a bot's move chosen and waiting for its delay (bots.driver.BotMove)
        self._ahead = ClicksAhead()

    @property
    def game(self) -> str:
        """The game id."""
        return self.table.config.game

    @property
    def names(self) -> list[str]:
        """A name for every seat."""
        return self.table.names

    @property
    def viewer(self) -> int:
        """The seat whose view is on screen."""
        return self.table.viewer

    @property
    def shared(self) -> bool:
        """True when several people take turns at this screen, so the prompt names who is to play."""
        return self.table.config.people > 1

    @property
    def over(self) -> bool:
        """True once the game has a result."""
        return self.table.over

    @property
    def event_count(self) -> int:
        """How long the event stream is."""
        return self.table.match.event_count

    def view(self) -> dict:
        """The view of the seat on screen."""
        return self.table.match.view(self.table.viewer)

    def legal_actions(self) -> list[Action]:
        """What the seat on screen may do now."""
        return self.table.legal_actions()

    def to_act(self) -> list[int]:
        """The seats that may act now."""
        return self.table.match.to_act()

    def main_actor(self) -> int | None:
        """The seat the game waits for."""
        return self.table.main_actor()

    def act(self, action: Action) -> list[Effect]:
        """Play ``action`` now; an illegal one raises ``IllegalAction`` and changes nothing."""
        self.table.act(action)
        self._unsaved = True
        return []

    def public_events(self, since: int) -> list[Event]:
        """The events from index ``since`` as a spectator saw them: the log never shows a private card."""
        return self.table.match.events(None, since=since)

    def seat_events(self, since: int, seat: int | None = None) -> list[Event]:
        """The events from index ``since`` as ``seat`` (by default the seat on screen) saw them, private looks
        included."""
        return self.table.match.events(self.table.viewer if seat is None else seat, since=since)

    def people(self) -> list[int]:
        """The seats people play at this device: the first ones."""
        return list(range(self.table.config.people))

    def record_level(self) -> str | None:
        """A game played alone or against computer players counts in this browser's records; one passed around
        the device is nobody's own."""
        config = self.table.config
        return level_of(config.levels, config.bots) if config.people == 1 else None

    # --- the curtain and the save ---------------------------------------------------------------------------------

    def curtain_seat(self) -> int | None:
        """The person the game waits for, when they are not the one holding the device."""
        return self.table.person_to_act() if self.table.needs_curtain() else None

    def pass_to(self, seat: int) -> None:
        """Hand the screen to ``seat``; ``ValueError`` for a computer player's seat."""
        self.table.pass_to(seat)
        self._unsaved = True

    def save(self, due: bool = True) -> list[Effect]:
        """The table's save, if it changed since the last one (``due`` False: it stays owed)."""
        if not self._unsaved:
            return []
        self._unsaved = not due
        return [Save(self.table.to_json(), due)]

    def hint(self, presenter: Presenter, legal: list[Action]) -> Hint | None:
        """The strongest bot's move for the seat on screen, knowing only what the seat was shown."""
        return hint(self.game, self.view(), self.seat_events(0), legal, presenter)

    # --- the bots and the clicks drawn ahead --------------------------------------------------------------------

    def drawing(self) -> list[Effect]:
        """Drop the clicks drawn ahead: the table they were drawn for is about to change (the page forgets its own
        with the table's next edit)."""
        self._ahead.forget()
        return self._due.cancel("predict")

    def settled(self, shown: Shown) -> list[Effect]:
        """Let a bot choose once the frame is painted, and draw ahead the clicks the person may make next."""
        bot = self._due.after("bot", 0) if "bot" not in self._due and self._bot_may_move(shown) else []
        return bot + self._start_predicting(shown)

    def timer(self, name: str, shown: Shown) -> tuple[list[Effect], bool]:
        """A bot's timer (play the move chosen, or choose one), or a slice of drawing clicks ahead."""
        self._due.ran(name)
        if name == "predict":
            return self._predict_slice(shown), False
        move, self._bot_move = self._bot_move, None
        if move is not None and self.table.play_bot_move(move) is not None:
            self._unsaved = True
            return [], True  # some moves tell nobody anything: the screen redraws, and the next bot waits for that
        return self._choose(shown), False

    def predicted(self, key: str) -> Prediction | None:
        """The click ``key`` drawn ahead for the table on the page, if it was."""
        return self._ahead.get(key)

    def _bot_may_move(self, shown: Shown) -> bool:
        table = self.table
        return not (shown.still or table.over or table.needs_curtain())

    def _choose(self, shown: Shown) -> list[Effect]:
        """Have a bot choose its move, and wait its delay (also after one chosen before went stale)."""
        move = self.table.bot_move() if self._bot_may_move(shown) else None
        if move is None:
            return []
        self._bot_move = move
        # A move out of turn (a snap, a call) takes the bot's own reaction time: the driver's one pacing rule.
        delay = self.table.bots.wait_ms(move, shown.settings.bot_delay_ms)
        return self._due.after("bot", delay, after_paint=False)  # painted already

    def _start_predicting(self, shown: Shown) -> list[Effect]:
        if shown.table is None or shown.menu or not shown.legal:
            return []
        # A click that asks a question first plays nothing at once.
        view, presenter = self.view(), shown.presenter
        targets = click_targets(presenter, shown.legal).items()
        asks = {index for _, index in targets if presenter.confirm(shown.legal[index], view, self.names, shown.notes)}
        self._ahead.start([(key, index) for key, index in targets if index not in asks])
        return self._due.after("predict", 0, after_paint=False, work=True)

    def _predict_slice(self, shown: Shown) -> list[Effect]:
        looks = shown.settings.look_ms > 0
        effects: list[Effect] = self._ahead.draw_slice(
            self.table, shown.presenter, shown.table, shown.legal, looks, shown.memory
        )
        return effects + (self._due.after("predict", 0, after_paint=False, work=True) if self._ahead.unfinished else [])
