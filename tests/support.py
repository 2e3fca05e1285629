"""Helpers the test files share: random play, finding card ids inside any JSON value, and local tables."""

from __future__ import annotations

import json
import random

from game import IllegalAction
from game.cards import all_pieces, is_card, standard_deck
from game.web import config
from game.web.table import Table

_PIECES = frozenset(all_pieces())
FIRST_SEAT = {"first_player": "first seat"}
"""The option that keeps seat 0 the first player, for tests that play a fixed deal move by move."""


def hidden_ids(value: object) -> set[str]:
    """Every card id and piecepack piece id anywhere inside a JSON value."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if is_card(item) or item in _PIECES:
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def random_step(match, rng: random.Random) -> tuple[int, dict]:
    """Pick a seat that may act and one of its legal actions, uniformly; return them without acting."""
    seat = rng.choice(match.to_act())
    return seat, rng.choice(match.legal_actions(seat))


def play_randomly(match, rng: random.Random, max_steps: int = 20000) -> int:
    """Play random legal actions until the match ends; return the number of steps; fail if it never ends."""
    for step in range(max_steps):
        if match.result() is not None:
            return step
        seat, action = random_step(match, rng)
        match.act(seat, action)
    raise AssertionError(f"{match.game} did not end within {max_steps} random actions")


def act_all(match, actions: list[tuple[int, dict]]) -> list[dict]:
    """Apply ``(seat, action)`` pairs in order; return all the events, as each acting seat saw them."""
    events: list[dict] = []
    for seat, action in actions:
        events += match.act(seat, action)
    return events


def assert_illegal(match, seat: object, action: object) -> str:
    """The action is refused with a readable IllegalAction and the match is byte-for-byte unchanged.

    Returns the message, so a test can check what it says.
    """
    before = match.to_json(), json.dumps(match.view(None)), match.event_count
    try:
        match.act(seat, action)
    except IllegalAction as error:
        message = str(error)
    else:
        raise AssertionError(f"{match.game}: {action!r} by seat {seat!r} was accepted")
    assert message[:1].isupper() and message.endswith("."), f"not a sentence: {message!r}"
    assert (match.to_json(), json.dumps(match.view(None)), match.event_count) == before
    return message


def advance_randomly(match, rng: random.Random, steps: int) -> None:
    """Play up to ``steps`` random legal actions, stopping early if the match ends."""
    for _ in range(steps):
        if match.result() is not None:
            return
        match.act(*random_step(match, rng))


def table_for(seed: int | str = 1, **params: object) -> Table:
    """A local table from link parameters (each made a string), e.g. ``table_for(game="cambio", bots=0)``.

    The first seat (a person's) opens, unless ``first_player`` is given.
    """
    params = {"first_player": FIRST_SEAT["first_player"], **params}
    return Table(config.from_params({key: str(value) for key, value in params.items()}), seed)


def fixed_deck(hands: list[list[str]], graveyard: str, top: list[str]) -> list[str]:
    """A full Cambio ``deck`` option: the hands in seat order, the graveyard's card, then ``top`` first in the deck."""
    chosen = [card for hand in hands for card in hand] + [graveyard] + top
    return chosen + [card for card in standard_deck(jokers=True) if card not in chosen]
