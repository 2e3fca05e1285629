"""Turn a presenter's areas and a seat's legal actions into the table's HTML, the same way for every game.

Every spot is a ``<button>`` with ``data-pos`` (its place) and an ``aria-label`` saying what the seat
may know of it, so every position can be focused and picked with the keyboard. Spots that an action
can be played on carry ``data-legal``; actions that belong to no spot become buttons with
``data-action`` (the action's index in the legal list). Pure strings: no browser needed.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ..core import FACE_DOWN
from . import art
from .presenter import Area, Presenter, Spot, face_words, join_words

MAX_LOG_LINES = 40


@dataclass
class Rendered:
    """The table's HTML, and what each place shows (to find the cards that just turned up next time)."""

    html: str
    faces: dict[str, object]


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


def render_table(
    presenter: Presenter,
    view: dict,
    names: list[str],
    legal: list[dict],
    reveals: dict[str, str],
    shown_before: dict[str, object],
) -> Rendered:
    """The board, the prompt and the action buttons for one seat's view."""
    by_place, buttons = targets_by_place(presenter, legal)
    faces: dict[str, object] = {}
    parts = []
    for area in presenter.areas(view, names):
        parts.append(_area(area, by_place, reveals, shown_before, faces))
    facts = "".join(f"<li>{escape(fact)}</li>" for fact in presenter.facts(view, names))
    board = f'<div class="board board-{escape(presenter.game)}">{"".join(parts)}</div>'
    facts_html = f'<ul class="facts">{facts}</ul>' if facts else ""
    return Rendered(board + facts_html + render_actions(presenter, view, names, legal, buttons), faces)


def render_actions(presenter: Presenter, view: dict, names: list[str], legal: list[dict], indices: list[int]) -> str:
    """The buttons for actions that belong to no spot (Call Cambio, Done, Claim a pair...)."""
    if not indices:
        return ""
    buttons = "".join(
        f'<button type="button" class="action" data-action="{index}">'
        f"{escape(presenter.action_label(legal[index], view, names))}</button>"
        for index in indices
    )
    return f'<div class="actions" role="group" aria-label="Your choices">{buttons}</div>'


def render_menu(presenter: Presenter, view: dict, names: list[str], legal: list[dict], indices: list[int]) -> str:
    """A small menu for a spot that several actions can be played on."""
    items = "".join(
        f'<button type="button" class="action" data-action="{index}">'
        f"{escape(presenter.action_label(legal[index], view, names))}</button>"
        for index in indices
    )
    return f'<div class="menu" role="group" aria-label="Choose what to do">{items}</div>'


def render_players(presenter: Presenter, view: dict, names: list[str], viewer: int, acting: list[int]) -> str:
    """The seats, their scores, whose turn it is and which one is on screen."""
    scores = presenter.scores(view, names)
    items = []
    for seat, name in enumerate(names):
        classes = ["player"] + (["acting"] if seat in acting else []) + (["viewer"] if seat == viewer else [])
        you = ' <span class="you">(on screen)</span>' if seat == viewer and len(names) > 1 else ""
        score = f' <span class="score">{escape(scores[seat])}</span>' if scores[seat] else ""
        items.append(f'<li class="{" ".join(classes)}" data-seat="{seat}">{escape(name)}{you}{score}</li>')
    return f'<ul class="players" aria-label="Players">{"".join(items)}</ul>'


def render_result(presenter: Presenter, view: dict, names: list[str]) -> str:
    """The result screen: who won, the scores, and the way to play again."""
    result = view.get("result") or {}
    winners = [names[seat] for seat in result.get("winners", [])]
    if not winners:
        headline = "Nobody wins."
    elif len(winners) == 1:
        headline = f"{winners[0]} {'win' if winners[0] == 'You' else 'wins'}!"
    else:
        headline = f"{join_words(winners)} share the win."
    lines = "".join(f"<li>{escape(line)}</li>" for line in presenter.result_lines(view, names))
    return (
        f'<div class="result" role="dialog" aria-labelledby="result-title">'
        f'<h2 id="result-title">{escape(headline)}</h2><ul class="scores">{lines}</ul>'
        '<p><button type="button" class="primary" data-command="again">Play again</button> '
        '<button type="button" data-command="new">New game</button></p></div>'
    )


def render_log(lines: list[str]) -> str:
    """The "what happened" log, newest first."""
    items = "".join(f"<li>{escape(line)}</li>" for line in reversed(lines[-MAX_LOG_LINES:]))
    return f"<ol reversed>{items}</ol>"


def _area(
    area: Area,
    by_place: dict[str, list[int]],
    reveals: dict[str, str],
    shown_before: dict[str, object],
    faces: dict[str, object],
) -> str:
    spots = []
    for spot in area.spots:
        shown = reveals.get(spot.place, spot.face)
        faces[spot.place] = shown
        # A card that was face down (or absent) on the last frame and shows a face now has just turned up;
        # a coin that shows another face than on the last frame was turned over.
        before = shown_before.get(spot.place, FACE_DOWN)
        fresh = shown not in (None, FACE_DOWN) and (
            before in (None, FACE_DOWN) or (spot.kind == "coin" and before != shown)
        )
        spots.append(_spot(spot, shown, spot.place in by_place, spot.place in reveals, fresh))
    classes = f"area area-{escape(area.key)}" + (" active" if area.active else "")
    note = f'<p class="note">{escape(area.note)}</p>' if area.note else ""
    extra = "".join(f'<span class="chip">{escape(item)}</span>' for item in area.extra)
    extra_html = f'<p class="chips">{extra}</p>' if extra else ""
    return (
        f'<section class="{classes}" aria-label="{escape(area.title)}">'
        f"<h3>{escape(area.title)}</h3>{note}{extra_html}"
        f'<div class="spots" style="--columns:{area.columns}">{"".join(spots)}</div></section>'
    )


def _spot(spot: Spot, shown: object, legal: bool, revealed: bool, fresh: bool) -> str:
    words = face_words(Spot(spot.place, shown, spot.label, spot.kind, spot.marked, spot.badge, spot.face_text))
    if revealed:
        words = f"{words}, shown for a moment"
    label = f"{spot.label}, {words}" + (", you may choose it" if legal else "")
    classes = ["pos", f"pos-{spot.kind}"]
    classes += ["legal"] if legal else []
    classes += ["revealed"] if revealed else []
    classes += ["fd-flip-in"] if fresh else []
    badge = f'<span class="badge">{escape(spot.badge)}</span>' if spot.badge else ""
    attributes = ' data-legal="true"' if legal else ' aria-disabled="true"'
    return (
        f'<button type="button" class="{" ".join(classes)}" data-pos="{escape(spot.place)}"'
        f'{attributes} aria-label="{escape(label)}">{_art(spot, shown)}{badge}</button>'
    )


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
