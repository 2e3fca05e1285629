"""Turn a presenter's areas and a seat's legal actions into the table's HTML, the same way for every game.

Every spot is a ``<button>`` with ``data-pos`` (its place) and an ``aria-label`` saying what the seat
may know of it, so every position can be focused and picked with the keyboard. Spots that an action
can be played on carry ``data-legal``; actions that belong to no spot become buttons with
``data-action`` (the action's index in the legal list). Pure strings: no browser needed.

The table comes in pieces (areas, their heads, their spots, what follows the board) so that a redraw
writes only the pieces that changed (:func:`table_changes`), and the log grows by its new lines
(:func:`log_changes`): what the browser must restyle and repaint after a click stays small.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from typing import NamedTuple

from ..core import FACE_DOWN
from . import art
from .presenter import Area, Interlude, Presenter, Spot, card_name, face_words
from .words import join_words, seat_name, verb

MAX_LOG_LINES = 40
# The kinds of table change that may wait for the frame after a move's (changes_that_can_wait).
WORDS_AND_MARKS = frozenset(("tail", "head", "attribute", "remove"))
DONE_LOOKING = '<button type="button" data-command="done-looking">Done looking</button>'
HINT_MARK = ' data-hint="true"'  # the spot or button a hint suggests (static/css/app.css draws it)


@dataclass(frozen=True)
class SpotHtml:
    """One spot's button: its attributes, in order, and what it holds (the art and a badge)."""

    place: str
    attributes: tuple[tuple[str, str], ...]
    inner: str

    @property
    def html(self) -> str:
        """The whole ``<button>``."""
        attributes = "".join(f' {name}="{escape(value)}"' for name, value in self.attributes)
        return f"<button{attributes}>{self.inner}</button>"


@dataclass(frozen=True)
class AreaHtml:
    """One area in the pieces a redraw may change on their own: its section's class and label, its head
    (title, note, chips) and its spots; ``turned``: whether a grid that may be drawn turned a quarter is
    (``data-turned``, which static/js/redraw.js reads), ``None`` for any other area."""

    key: str
    classes: str
    title: str
    head: str
    columns: int
    spots: tuple[SpotHtml, ...]
    turned: bool | None = None

    @property
    def html(self) -> str:
        """The whole area as one ``<section>``."""
        spots = "".join(spot.html for spot in self.spots)
        turned = "" if self.turned is None else f' data-turned="{str(self.turned).lower()}"'
        return (
            f'<section class="{escape(self.classes)}" aria-label="{escape(self.title)}"{turned}>{self.head}'
            f'<div class="spots" style="--columns:{self.columns}">{spots}</div></section>'
        )


@dataclass
class Rendered:
    """The table's HTML in pieces (the board's areas, then the facts and buttons after it), and what each place
    shows (to find the cards that just turned up next time)."""

    board_class: str
    areas: list[AreaHtml]
    tail: str
    faces: dict[str, object]

    @property
    def html(self) -> str:
        """The whole table."""
        areas = "".join(area.html for area in self.areas)
        return f'<div class="{escape(self.board_class)}">{areas}</div>{self.tail}'


class Change(NamedTuple):
    """One step of a redraw: ``kind`` says what to do, ``at`` where (an area's index or a spot's place).
    static/js/redraw.js makes the changes in the page, the whole list in one call.

    - ``table``: write the whole table, ``value``;
    - ``tail``: replace everything after the board (facts, action buttons, "Done looking") with ``value``;
    - ``drop-area``: take away area number ``at``; ``add-area``: put the area ``value`` in as area number ``at``;
    - ``area``: replace area ``at``'s ``<section>`` with ``value``;
    - ``head``: replace that section's children before its spots (title, note, chips) with ``value``;
    - ``columns``: set the number of columns of that area's grid of spots to ``value``;
    - ``first``: put the spot ``value`` first in area ``at``; ``after``: put it right after the spot at ``at``;
    - ``drop-spot``: take away the spot at place ``at``;
    - ``spot``: replace the spot at place ``at`` with ``value``, a whole button;
    - ``attribute`` / ``remove``: set attribute ``name`` of area ``at`` or spot ``at`` to ``value`` / remove it.
    """

    kind: str
    at: int | str
    value: str = ""
    name: str = ""


def targets_by_place(presenter: Presenter, legal: list[dict]) -> tuple[dict[str, list[int]], list[int]]:
    """Split legal action indices into those played on a place and those played with a button."""
    by_place: dict[str, list[int]] = {}
    buttons = []
    for index, action in enumerate(legal):
        place = presenter.place_of(action)
        if place is None:
            buttons.append(index)
        else:
            by_place.setdefault(place, []).append(index)
    return by_place, buttons


@dataclass(frozen=True)
class Frame:
    """What one drawing of the table shows: a seat's ``view``, the seats' ``names`` and the seat's ``legal`` actions,
    and what the screen puts over them.

    A card that shows a face now and did not in ``shown_before`` has just turned up: with ``flip_in`` it is
    marked to flip in (``fd-flip-in``); without it, it is simply drawn face up. ``reveals``: the cards a look shows
    for a moment, by place. ``held``: the look stays up until the player ends it with a button of that label
    (:meth:`Presenter.held_look`), the choice to make first. ``menu``: the indices of the legal actions a spot
    offers, shown last as a small menu to choose from; with a ``question``, the action it asks about
    (:meth:`Presenter.confirm`), with a button to keep playing instead. ``interlude``: the table holds still for a
    moment (:meth:`Presenter.interlude`): its areas, nothing to choose on them, its words and the button that moves
    on are drawn instead. ``hinted``: the index of the legal action a hint suggests (:mod:`game.web.hint`); its spot
    or button is marked ``data-hint`` and is its area's Tab stop.
    """

    view: dict
    names: list[str]
    legal: list[dict]
    reveals: dict[str, str] = field(default_factory=dict)
    shown_before: dict[str, object] = field(default_factory=dict)
    flip_in: bool = True
    held: str = ""
    menu: tuple[int, ...] = ()
    question: str = ""
    interlude: Interlude | None = None
    hinted: int | None = None


def render_table(presenter: Presenter, frame: Frame) -> Rendered:
    """The board, its facts, the action buttons and (while a look is up) "Done looking": ``frame`` as ``presenter``
    draws it."""
    faces: dict[str, object] = {}
    shown_before, flip_in, legal, hinted = frame.shown_before, frame.flip_in, frame.legal, frame.hinted
    if frame.interlude is not None:
        areas = [_area(area, {}, {}, shown_before, flip_in, faces, None) for area in frame.interlude.areas]
        tail = render_interlude(frame.interlude)
        return Rendered(f"board board-{presenter.game} between-rounds", areas, tail, faces)
    view, names = frame.view, frame.names
    by_place, buttons = targets_by_place(presenter, legal)
    hinted_place = presenter.place_of(legal[hinted]) if hinted is not None else None
    areas = [
        _area(area, by_place, frame.reveals, shown_before, flip_in, faces, hinted_place)
        for area in presenter.areas(view, names)
    ]
    facts = "".join(f"<li>{escape(fact)}</li>" for fact in presenter.facts(view, names))
    facts_html = f'<ul class="facts">{facts}</ul>' if facts else ""
    done = (held_button(frame.held) if frame.held else DONE_LOOKING) if frame.reveals else ""
    tail = facts_html + render_actions(presenter, view, names, legal, buttons, hinted) + done
    if frame.menu:
        tail += render_menu(presenter, view, names, legal, list(frame.menu), frame.question)
    return Rendered(f"board board-{presenter.game}", areas, tail, faces)


def held_button(label: str) -> str:
    """The button that ends a look the player holds (a round's first peek), the first choice on screen."""
    attributes = 'type="button" class="primary" data-command="done-looking" data-legal="true"'
    return f"<button {attributes}>{escape(label)}</button>"


def render_interlude(interlude: Interlude) -> str:
    """An interlude's words under the table, and the button that moves on (the first choice on screen)."""
    lines = "".join(f"<li>{escape(line)}</li>" for line in interlude.lines)
    return (
        f'<section class="interlude" aria-labelledby="interlude-title"><h2 id="interlude-title">'
        f"{escape(interlude.title)}</h2><ul>{lines}</ul>{held_button(interlude.button)}</section>"
    )


def table_changes(drawn: Rendered | None, new: Rendered) -> list[Change]:
    """The changes that turn a table showing ``drawn`` into one showing ``new``, touching as little as may be.

    The browser restyles, lays out and repaints what is written, so a click that turns one card redraws one
    spot, and a spot that only became (or stopped being) a choice gets new attributes, its art untouched.
    (static/js/redraw.js changes a spot that has the keyboard focus in place rather than replacing it.)
    The tail comes first: taking away an action button that has the focus makes the browser restyle the
    page at once, and then little else has changed yet. ``drawn`` is ``None`` when the table shows
    something else (nothing yet, or the curtain): then the whole table is written.

    Areas that come and go (a pair's effect, say) are found by their key and rank among the areas
    of that key. The area indices in the changes count the areas on the table as it is when each change
    is made: areas that go are taken from the last, new ones put in from the first.
    """
    if drawn is None or drawn.board_class != new.board_class:
        return [Change("table", "", new.html)]
    old_ids, new_ids = _area_ids(drawn.areas), _area_ids(new.areas)
    if [key for key in old_ids if key in new_ids] != [key for key in new_ids if key in old_ids]:
        return [Change("table", "", new.html)]  # the areas moved around
    changes = [Change("tail", "", new.tail)] if drawn.tail != new.tail else []
    before = dict(zip(old_ids, drawn.areas, strict=True))
    # Spots go before any comes: a card that moves to another area keeps its place, which must stay unique.
    for key, area in zip(new_ids, new.areas, strict=True):
        if key in before and before[key] != area:
            places = {spot.place for spot in area.spots}
            changes += [Change("drop-spot", spot.place) for spot in before[key].spots if spot.place not in places]
    kept = set(new_ids)
    changes += [Change("drop-area", index) for index in reversed(range(len(old_ids))) if old_ids[index] not in kept]
    for index, (key, area) in enumerate(zip(new_ids, new.areas, strict=True)):
        if key not in before:
            changes.append(Change("add-area", index, area.html))
        elif before[key] != area:
            changes += _area_changes(index, before[key], area)
    return changes


def changes_that_can_wait(changes: list[Change]) -> tuple[list[Change], list[Change]]:
    """Split a redraw's changes into those the frame showing a move must carry and those that may follow it.

    The frame that shows a click must show its cards: the spots whose art changes, and the spots and areas that
    come, go or move. The rest is words and marks around them: the spots that only became (or stopped being)
    a choice or have a new label (a move that passes the turn changes 20 to 60 of them), the areas' titles,
    notes and highlight, and the facts and buttons after the board. Nobody reads those in the instant of a
    click, and the browser restyles, lays out and repaints each one, so they wait for the next frame. That
    is safe: a click on a spot goes by the legal actions, not by its marks, and the page drops a click on an
    action button while the buttons wait (their numbers are the last move's). Nothing waits when they are
    all the move shows (a second card that did not match, with looks off, turns face down again at once).
    A spot whose art changes is a new button, its attributes with it: a flip-in class starts with its face.
    Area indices in the waiting changes count the areas as the changes that do not wait leave them.
    """
    now, later = [], []
    for change in changes:
        (later if change.kind in WORDS_AND_MARKS else now).append(change)
    return (now, later) if now else (changes, [])


def _area_ids(areas: list[AreaHtml]) -> list[str]:
    """Each area's key and its rank among the areas of that key: ``hand/0``, ``hand/1``, ``grid/0``..."""
    seen: dict[str, int] = {}
    ids = []
    for area in areas:
        ids.append(f"{area.key}/{seen.get(area.key, 0)}")
        seen[area.key] = seen.get(area.key, 0) + 1
    return ids


def _area_changes(index: int, before: AreaHtml, area: AreaHtml) -> list[Change]:
    old = {spot.place: spot for spot in before.spots}
    new = {spot.place: spot for spot in area.spots}
    moved = [place for place in old if place in new] != [place for place in new if place in old]
    if moved or before.turned != area.turned:
        return [Change("area", index, area.html)]  # the spots moved around
    changes = []
    if before.classes != area.classes:
        changes.append(Change("attribute", index, area.classes, "class"))
    if before.title != area.title:
        changes.append(Change("attribute", index, area.title, "aria-label"))
    if before.head != area.head:
        changes.append(Change("head", index, area.head))
    if before.columns != area.columns:
        changes.append(Change("columns", index, str(area.columns)))
    previous: str | None = None
    for spot in area.spots:
        if spot.place not in old:  # a new spot goes after the one before it, or first
            changes.append(Change("after", previous, spot.html) if previous else Change("first", index, spot.html))
        else:
            changes += _spot_changes(old[spot.place], spot)
        previous = spot.place
    return changes


def _spot_changes(old: SpotHtml, spot: SpotHtml) -> list[Change]:
    if old == spot:
        return []
    if old.inner != spot.inner:
        return [Change("spot", spot.place, spot.html)]
    before, after = dict(old.attributes), dict(spot.attributes)
    changes = [Change("remove", spot.place, name=name) for name in before if name not in after]
    changed = [name for name in after if before.get(name) != after[name]]
    return changes + [Change("attribute", spot.place, after[name], name) for name in changed]


def render_actions(
    presenter: Presenter, view: dict, names: list[str], legal: list[dict], indices: list[int], hinted: int | None = None
) -> str:
    """The buttons for actions that belong to no spot (Done, Claim a pair, a call that ends the round...): the
    choices of the moment, then the quiet ones beside them (:meth:`Presenter.minor`). ``hinted``: the index of the
    action a hint suggests, whose button is marked."""
    minor = [index for index in indices if presenter.minor(legal[index], view)]
    main = [index for index in indices if index not in minor]
    html = ""
    if main:
        buttons = _action_buttons(presenter, view, names, legal, main, hinted=hinted)
        html += f'<div class="actions" role="group" aria-label="Your choices">{buttons}</div>'
    if minor:
        buttons = _action_buttons(presenter, view, names, legal, minor, "action minor", hinted)
        html += f'<div class="minor-actions" role="group" aria-label="Also possible">{buttons}</div>'
    return html


def render_menu(
    presenter: Presenter, view: dict, names: list[str], legal: list[dict], indices: list[int], question: str = ""
) -> str:
    """A small menu for a spot that several actions can be played on; or, with ``question``, the question asked
    before an action is played, that action's button and one to keep playing instead."""
    items = _action_buttons(presenter, view, names, legal, indices)
    if not question:
        return f'<div class="menu" role="group" aria-label="Choose what to do">{items}</div>'
    keep = '<button type="button" data-command="close-menu">Keep playing</button>'
    return (
        f'<div class="menu question" role="group" aria-label="{escape(question)}">'
        f"<p>{escape(question)}</p>{items}{keep}</div>"
    )


def _action_buttons(
    presenter: Presenter,
    view: dict,
    names: list[str],
    legal: list[dict],
    indices: list[int],
    classes: str = "action",
    hinted: int | None = None,
) -> str:
    return "".join(
        f'<button type="button" class="{classes}" data-action="{index}" data-legal="true"'
        f"{HINT_MARK if index == hinted else ''}>"
        f"{escape(presenter.action_label(legal[index], view, names))}</button>"
        for index in indices
    )


def render_players(presenter: Presenter, view: dict, names: list[str], viewer: int, acting: list[int]) -> str:
    """The seats, their scores, whose turn it is and which one is on screen."""
    scores = presenter.scores(view, names)
    items = []
    for seat, name in enumerate(names):
        classes = ["player"] + (["acting"] if seat in acting else []) + (["viewer"] if seat == viewer else [])
        # The seat on screen stands out by its look (static/css/app.css), and says so to a screen reader.
        current = ' aria-current="true"' if seat == viewer and len(names) > 1 else ""
        score = f' <span class="score">{escape(scores[seat])}</span>' if scores[seat] else ""
        items.append(f'<li class="{" ".join(classes)}" data-seat="{seat}"{current}>{escape(name)}{score}</li>')
    return f'<ul class="players" aria-label="Players">{"".join(items)}</ul>'


def render_result(
    presenter: Presenter, view: dict, names: list[str], records: list[str] = (), new_game: bool = True
) -> str:
    """The result screen: who won, the scores, who played first, the player's ``records`` (new ones first said),
    and the way to play again (and, with ``new_game``, to pick another game)."""
    headline = result_headline(view, names)
    lines = "".join(f"<li>{escape(line)}</li>" for line in presenter.result_lines(view, names))
    first = seat_name(names, view["first"])  # in a game of rounds, who started the first round
    opener = f'<p class="first-player">{escape(first)} played first.</p>' if len(names) > 1 else ""
    kept = "".join(f"<li>{escape(line)}</li>" for line in records)
    kept_html = f'<ul class="records" aria-label="Your records">{kept}</ul>' if kept else ""
    other = ' <button type="button" data-command="new">New game</button>' if new_game else ""
    return (
        f'<div class="result" role="dialog" aria-labelledby="result-title">'
        f'<h2 id="result-title">{escape(headline)}</h2>'
        f'<ul class="scores" tabindex="0" aria-label="Scores">{lines}</ul>{kept_html}{opener}'
        f'<p><button type="button" class="primary" data-command="again">Play again</button>{other}</p></div>'
    )


def result_headline(view: dict, names: list[str]) -> str:
    """Who won, as the result's title and the prompt say it: "Ana wins!", "Ana and Ben share the win."."""
    winners = [names[seat] for seat in (view.get("result") or {}).get("winners", [])]
    if not winners:
        return "Nobody wins."
    if len(winners) == 1:
        return f"{winners[0]} {verb(winners[0], 'wins')}!"
    return f"{join_words(winners)} share the win."


def seat_looks(presenter: Presenter, events: list[dict], memory: dict) -> tuple[dict[str, str], dict[str, str]]:
    """The cards ``events`` (as the seat on screen saw them) light up, by place: all of them, and those of
    private looks alone (events carrying a secret for some seats), which the public log does not name.
    ``memory``: the seat's own, for :meth:`Presenter.looks`."""
    every, private = {}, {}
    for event in events:
        shown = presenter.looks(event, memory)  # once per event, in order: looks may pair up across events
        every.update(shown)
        if "to" in event:
            private.update(shown)
    return every, private


def private_lines(presenter: Presenter, view: dict, names: list[str], looks: dict[str, str]) -> list[str]:
    """What a private look shows, said to the seat that looks: "You see the 7 of clubs: row 3, column 2.".

    For the screen reader of that seat only (the log, which others may read in pass-and-play, stays public).
    ``looks`` holds private looks only, which are always of playing cards.
    """
    labels = {spot.place: spot.label for area in presenter.areas(view, names) for spot in area.spots}
    return [
        f"You see the {card_name(card)}: {labels.get(place, place)}."
        for place, card in looks.items()
        if isinstance(card, str) and card != FACE_DOWN
    ]


def render_log(lines: list[str]) -> str:
    """The "what happened" log, newest first, each line numbered."""
    shown = lines[-MAX_LOG_LINES:]
    # It scrolls, so it is a Tab stop: the keyboard can scroll it too.
    return f'<ol tabindex="0" aria-label="What happened">{_log_items(shown, len(lines) - len(shown) + 1)}</ol>'


def _log_items(lines: list[str], first: int) -> str:
    """The log's items for ``lines``, newest first; ``first`` is the number of the first (oldest) of them.

    Each item carries its own number (static/css/app.css shows it) rather than being counted by the list:
    a line put on top of a counted list renumbers every line below it, and the browser lays them all out
    again on every move (measured: 0.7 ms a line, against 0.2 ms).
    """
    numbered = enumerate(lines, start=first)
    return "".join(f'<li data-n="{number}">{escape(line)}</li>' for number, line in reversed(list(numbered)))


def log_changes(drawn: int | None, lines: list[str]) -> tuple[str, int] | None:
    """How to bring a log that shows the first ``drawn`` of ``lines`` up to date without redrawing it: the items
    to put on top and how many of the oldest items to drop. ``None`` when a whole redraw is the way (nothing
    drawn yet, or more new lines than the log holds)."""
    if drawn is None or len(lines) - drawn > MAX_LOG_LINES:
        return None
    shown = min(drawn, MAX_LOG_LINES) + len(lines) - drawn
    return _log_items(lines[drawn:], drawn + 1), max(0, shown - MAX_LOG_LINES)


def _area(
    area: Area,
    by_place: dict[str, list[int]],
    reveals: dict[str, str],
    shown_before: dict[str, object],
    flip_in: bool,
    faces: dict[str, object],
    hinted_place: str | None,
) -> AreaHtml:
    spots = []
    # One Tab stop per area (the arrow keys move within and between them: static/js/keys.js): the hinted spot, else
    # its first choice, or its first spot when it offers none.
    places = [spot.place for spot in area.spots]
    entry = (
        hinted_place
        if hinted_place in places
        else next((place for place in places if place in by_place), places[0] if places else "")
    )
    for spot in area.spots:
        shown = reveals.get(spot.place, spot.face)
        faces[spot.place] = shown
        # A card that was face down (or absent) on the last frame and shows a face now has just turned up;
        # a coin that shows another face than on the last frame was turned over.
        before = shown_before.get(spot.place, FACE_DOWN)
        fresh = (
            flip_in
            and shown not in (None, FACE_DOWN)
            and (before in (None, FACE_DOWN) or (spot.kind == "coin" and before != shown))
        )
        legal, revealed, hinted = spot.place in by_place, spot.place in reveals, spot.place == hinted_place
        spots.append(_spot(spot, shown, legal, revealed, fresh, spot.place == entry, hinted))
    classes = f"area area-{area.key}" + (" active" if area.active else "")
    note = f'<p class="note">{escape(area.note)}</p>' if area.note else ""
    extra = "".join(f'<span class="chip">{escape(item)}</span>' for item in area.extra)
    extra_html = f'<p class="chips">{extra}</p>' if extra else ""
    title = "<h2>" if area.titled else '<h2 class="visually-hidden">'
    head = f"{title}{escape(area.title)}</h2>{note}{extra_html}"
    return AreaHtml(area.key, classes, area.title, head, area.columns, tuple(spots), area.turned)


def _spot(
    spot: Spot, shown: object, legal: bool, revealed: bool, fresh: bool, entry: bool, hinted: bool = False
) -> SpotHtml:
    # A coin's face is a dict: as a tuple of its items it can be part of the key of a remembered button.
    face = tuple(sorted(shown.items())) if isinstance(shown, dict) else shown
    looks = (spot.kind, spot.marked, spot.badge, spot.face_text, face)
    return _spot_html(spot.place, spot.label, *looks, legal, revealed, fresh, entry, hinted)


# The table is rendered again after every move, and most of its spots look as they did: their buttons are
# remembered rather than built again (a few thousand: a game's places, faces and states, and some to spare).
@lru_cache(maxsize=4096)
def _spot_html(
    place: str,
    label: str,
    kind: str,
    marked: bool,
    badge: str,
    face_text: str,
    face: object,
    legal: bool,
    revealed: bool,
    fresh: bool,
    entry: bool,
    hinted: bool,
) -> SpotHtml:
    shown = dict(face) if isinstance(face, tuple) else face
    spot = Spot(place, shown, label, kind, marked, badge, face_text)
    words = face_words(spot)
    if revealed:
        words = f"{words}, shown for a moment"
    label = f"{label}, {words}"
    if badge and badge.lower() not in label.lower():  # what the button shows is part of its name (WCAG 2.5.3)
        label = f"{label}, {badge}"
    label += ", you may choose it" if legal else ""
    label += ", the hint" if hinted else ""
    classes = ["pos", f"pos-{kind}"]
    classes += ["legal"] if legal else []
    classes += ["revealed"] if revealed else []
    classes += ["fd-flip-in"] if fresh else []
    # The badge's words are in the label; CSS writes them (app.css), so that they are not text of the button's
    # own beside the card's rank: what a button shows must read as part of its name (WCAG 2.5.3).
    badge_html = f'<span class="badge" aria-hidden="true" data-badge="{escape(badge)}"></span>' if badge else ""
    choice = ("data-legal", "true") if legal else ("aria-disabled", "true")
    attributes = (("type", "button"), ("class", " ".join(classes)), ("data-pos", place), choice, ("aria-label", label))
    if hinted:
        attributes = (*attributes, ("data-hint", "true"))
    if not entry:  # reached with the arrow keys, not with Tab
        attributes = (*attributes, ("tabindex", "-1"))
    return SpotHtml(place, attributes, _art(spot, shown) + badge_html)


def _art(spot: Spot, shown: object) -> str:
    if spot.kind == "coin":
        return art.coin(shown) if isinstance(shown, dict) else art.empty("coin")
    if spot.kind == "tile":
        return art.tile(shown, spot.marked) if isinstance(shown, str) else art.empty("coin")
    if shown is None:
        return art.empty()
    if shown == FACE_DOWN:
        return art.card_back()
    return art.card_face(shown)
