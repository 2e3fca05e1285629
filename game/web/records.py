"""Personal records, kept in this browser only: games played and won per game and level, and each game's bests.

A game played by one person (alone, against computer players, or from their seat in a room) counts when it ends
on screen: the screen (:mod:`game.web.screen`) notes it in its :class:`Tally` (:func:`note_game`) and hands the
page the records to keep (a ``Store`` effect under :data:`RECORDS_KEY`: the page keeps them in ``localStorage``,
which never leaves the device, and hands them back at boot). The game's presenter says what its bests are
(:meth:`~game.web.presenter.Presenter.bests`, such as Concentration's fewest turns per table size and longest run
of pairs). The result screen says what is new, and the menu's "Records" shows them all (:func:`render_records`).
No browser here: tested on CPython.

Records that cannot be read (another version's, or edited by hand) count as none: they are only a nicety.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from html import escape

from ..registry import GAMES
from .effects import Store

FORMAT = 1
RECORDS_KEY = "face-down/records"  # where this browser keeps them
ALONE = "alone"  # the level of a game with no computer player
IN_A_ROOM = "room"  # the level of a game played from a seat in a room
MIXED = "mixed"  # computer players of several levels


@dataclass(frozen=True)
class Best:
    """One best a game keeps: where it is kept (``key``), what it is (``label``: "Fewest turns, 12 pairs"), this
    game's ``value``, whether a ``lower`` value is the better one, and the value in words (``said``: "19 turns")."""

    key: str
    label: str
    value: int
    said: str
    lower: bool = False

    def beats(self, kept: int | None) -> bool:
        """Whether this game's value is a new best against ``kept`` (``None``: nothing kept yet)."""
        return kept is None or (self.value < kept if self.lower else self.value > kept)


@dataclass
class Records:
    """Games played and won, by game and level, and the bests, by game and key (each with its label)."""

    games: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)
    bests: dict[str, dict[str, dict]] = field(default_factory=dict)

    def to_json(self) -> str:
        """The records as the page keeps them."""
        return json.dumps({"format": FORMAT, "games": self.games, "bests": self.bests}, sort_keys=True)


def load(text: str | None) -> Records:
    """The records kept as ``text`` (:meth:`Records.to_json`); none if there is nothing, or nothing readable."""
    try:
        data = json.loads(text or "{}")
        if data.get("format") != FORMAT:
            return Records()
        games, bests = data["games"], data["bests"]
        counts_ok = all(
            isinstance(count, int) for levels in games.values() for tally in levels.values() for count in tally.values()
        )
        bests_ok = all(isinstance(best["value"], int) for kept in bests.values() for best in kept.values())
    except (ValueError, TypeError, KeyError, AttributeError):
        return Records()
    return Records(games, bests) if counts_ok and bests_ok else Records()


def level_of(levels: list[str], bots: int, in_room: bool = False) -> str:
    """Which level a game counts under: its computer players' level, "mixed", "alone" or "room"."""
    if in_room:
        return IN_A_ROOM
    if bots == 0:
        return ALONE
    chosen = {levels[bot] if bot < len(levels) else levels[-1] for bot in range(bots)}
    return chosen.pop() if len(chosen) == 1 else MIXED


def note_game(records: Records, game: str, level: str, won: bool, bests: list[Best]) -> tuple[Records, list[str]]:
    """``records`` with one more game of ``game`` at ``level`` (``won`` or not) and this game's ``bests``; and the
    result screen's lines about them: each new record, each best kept, and the games won at this level."""
    games = json.loads(json.dumps(records.games))
    kept = json.loads(json.dumps(records.bests))
    tally = games.setdefault(game, {}).setdefault(level, {"played": 0, "won": 0})
    tally["played"] += 1
    tally["won"] += int(won)
    lines = []
    for best in bests:
        before = kept.get(game, {}).get(best.key)
        if best.beats(before["value"] if before else None):
            kept.setdefault(game, {})[best.key] = {"label": best.label, "value": best.value, "said": best.said}
            lines.append(f"New record: {best.said}!")
        else:
            lines.append(f"{best.label}: {before['said']}.")
    lines.append(tally_words(level, tally))
    return Records(games, kept), lines


class Tally:
    """The player's records as one play screen keeps them: its game is counted once, when it ends on screen."""

    def __init__(self, records: Records, counted: bool):
        self.records = records
        self.counted = counted  # the game is in the records already (a game shown over already is)
        self.lines: list[str] = []  # what the result says of the records

    def count(self, game: str, level: str, won: bool, bests: list[Best]) -> list[Store]:
        """Count the game that just ended, at ``level`` (:func:`level_of`), ``won`` or not, with its ``bests``,
        unless it is counted already; the records for the page to keep."""
        if self.counted:
            return []
        self.counted = True
        self.records, self.lines = note_game(self.records, game, level, won, bests)
        return [Store(RECORDS_KEY, self.records.to_json())]

    def forget(self) -> None:
        """The player cleared the records kept in this browser."""
        self.records = Records()


def tally_words(level: str, tally: dict[str, int]) -> str:
    """ "Against Medium: 3 games won of 5.", "Alone: 4 games played."."""
    played, won = tally["played"], tally["won"]
    games = f"{played} {'game' if played == 1 else 'games'}"
    if level == ALONE:
        return f"Alone: {games} played."
    return f"{level_words(level)}: {won} won of {games}."


def level_words(level: str) -> str:
    """A level as a heading says it: "Against Medium", "Against several levels", "In a room"."""
    if level == IN_A_ROOM:
        return "In a room"
    if level == MIXED:
        return "Against several levels"
    return "Alone" if level == ALONE else f"Against {level.capitalize()}"


def render_records(records: Records) -> str:
    """The menu's list of records: by game, the games played and won at each level, then its bests."""
    if not records.games:
        return '<p class="records-none">No games finished yet.</p>'
    sections = []
    for game in [game for game in GAMES if game in records.games]:  # a game no longer offered is left out
        levels = records.games[game]
        lines = [tally_words(level, tally) for level, tally in sorted(levels.items())]
        lines += [f"{best['label']}: {best['said']}." for _, best in sorted(records.bests.get(game, {}).items())]
        items = "".join(f"<li>{escape(line)}</li>" for line in lines)
        sections.append(f"<h2>{escape(GAMES[game].name)}</h2><ul>{items}</ul>")
    return "".join(sections)
