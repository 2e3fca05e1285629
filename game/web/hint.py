"""A hint: the move the strongest computer player would make for the seat on screen, and why, where it can say.

The bot is given exactly what the seat has been given (its view and its whole event stream, from the first
event), never the match, so a hint knows no more than the player could: it is what they could have worked out,
remembering perfectly. Its reason comes from the same events: the last time the seat saw a card at the place
the move is played on ("You saw the 7 of clubs here, 3 turns ago.").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bots import LEVELS, new_bot
from ..core import Action, Event
from .presenter import Presenter, card_name

STRONGEST = LEVELS[-1]


@dataclass(frozen=True)
class Hint:
    """A suggested move: its index among the legal actions, the place it is played on (``None``: a button), and a
    sentence saying why (``""`` where the bot's reason cannot be told from what the seat saw)."""

    index: int
    place: str | None
    reason: str


def hint(game: str, view: dict, events: list[Event], legal: list[Action], presenter: Presenter) -> Hint | None:
    """The strongest bot's move for the seat whose ``view`` and whole event stream ``events`` are given, among
    ``legal``; ``None`` when there is nothing to suggest (the bot would let an optional move pass)."""
    action = new_bot(game, STRONGEST, seed="hint").choose(view, events)
    if action is None or action not in legal:
        return None
    place = presenter.place_of(action)
    return Hint(legal.index(action), place, _reason(place, events, presenter))


def _reason(place: str | None, events: list[Event], presenter: Presenter) -> str:
    """Where the seat last saw a card at ``place``, in words; ``""`` if it never did."""
    if place is None:
        return ""
    memory: dict = {}
    seen: tuple[str, int] | None = None
    turn, acting, seats = 0, None, set()  # a turn is a run of events by one seat
    for event in events:
        if "seat" in event and event["seat"] != acting:
            turn, acting = turn + 1, event["seat"]
            seats.add(acting)
        card = presenter.looks(event, memory).get(place)
        if card is None and presenter.place_of(event) == place:  # a flip or a look names its place as an action does
            card = event.get("card")
        if card:
            seen = (card, turn)
    if seen is None:
        return ""
    card, at = seen
    if len(seats) < 2:  # one player alone: every move is one run of theirs, and turns cannot be told apart
        return f"You saw the {card_name(card)} here."
    ago = turn - at
    when = "this turn" if ago == 0 else f"{ago} turn{'s' if ago != 1 else ''} ago"
    return f"You saw the {card_name(card)} here, {when}."
