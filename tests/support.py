"""Helpers the test files share: random play, and finding card ids inside any JSON value."""

from __future__ import annotations

import random

from game.cards import all_pieces, is_card

_PIECES = frozenset(all_pieces())


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
