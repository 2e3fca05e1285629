"""Search over what one seat may know: Monte Carlo over determinized worlds, heuristic players playing them out.

A *world* is one guess at the whole game that agrees with everything the searching seat has seen: the
cards it does not know are dealt at random among the places it cannot see (the game's bot draws them, see
``game/bots/cambio_search.py``), and every seat gets a heuristic player (the game's own bot, not searching)
that knows in that world what the seat would know. Each candidate move is played in the same worlds, from
the same random draws (common random numbers: the candidates differ only by the move), and played out by
the heuristic players to a point the game can score; the move with the best mean score is chosen. This is
determinized ("perfect information") Monte Carlo, the simplest member of the family of Information Set MCTS
(Cowling, Powley & Whitehouse 2012), and what fits a budget of tens of milliseconds a decision.

The search never sees the real match: only the seat's view and events, through its bot. Worlds are played
with the game's public rules (:class:`game.core.Rules`), on states the bot built, through the local card source
(:class:`game.deck.LocalCards`: a world's cards are their faces). A search is bounded by a
fixed number of worlds, never by time, and draws from its own seeded stream, so a bot decides the same on
CPython and in Pyodide.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from ..core import Action, Event, Rules, State, seen_by
from ..deck import LOCAL, LocalCards
from .base import Bot

Candidate = TypeVar("Candidate")


@dataclass
class World:
    """One determinization: a full game state consistent with what the searching seat knows, and a heuristic
    player per seat that has seen, in this world, what that seat has seen."""

    state: State
    players: dict[int, Bot]


def play_out(
    rules: Rules,
    world: World,
    seat: int,
    opening: list[Action],
    rng: random.Random,
    scored: Callable[[Event], bool],
    limit: int,
) -> Event | None:
    """Play ``opening`` for ``seat``, then let the world's players play, until an event ``scored`` accepts.

    Returns that event, or ``None`` if the game ended without one or ``limit`` moves were played first.
    The world's state and players are used up. Seats are asked in a rotating order, as in the arena, and the
    first that answers acts; a seat that let a racing moment pass (:meth:`Rules.race_window`) is asked again
    only in the next one. A player's move the rules would refuse (a heuristic misled by the world) is
    replaced by the first legal move, so that a playout always stays inside the rules.
    """
    state, players = world.state, world.players
    cards = LocalCards(rng)
    passed: dict[int, str] = {}  # the racing moment each seat last let pass
    moves = [(seat, action) for action in opening]
    for step in range(limit):
        if moves:
            actor, action = moves.pop(0)
        else:
            acting = rules.to_act(state)
            if not acting:
                return None
            window = rules.race_window(state)
            start = step % len(acting)
            action = None
            for other in acting[start:] + acting[:start]:
                if window is not None and passed.get(other) == window:
                    continue
                action = players[other].choose(rules.view(state, other, LOCAL), [])
                if action is not None:
                    actor = other
                    break
                if window is not None:
                    passed[other] = window
            if action is None:
                return None  # nobody would move: not a position these players reach
        legal = rules.legal_actions(state, actor, LOCAL)
        if action not in legal:
            action = legal[0]
        events = rules.apply(state, actor, action, cards)
        # Each player takes the events in at once: an event may share lists with the state, which later moves change.
        for other, player in players.items():
            for event in events:
                player.observe(seen_by(event, other), other)
        for event in events:
            if scored(event):
                return event
    return None


def compare(
    make_world: Callable[[random.Random], World],
    candidates: list[Candidate],
    worlds: int,
    seed: str,
    score: Callable[[World, Candidate, random.Random], float],
) -> list[float]:
    """The mean score of each candidate (what ``score`` plays first) over the same ``worlds`` determinizations.

    ``make_world`` deals a world from the random stream it is given; each candidate gets the world dealt from
    the same stream, and plays it out with the same stream too, so that only the candidate differs.
    """
    sums = [0.0] * len(candidates)
    for index in range(worlds):
        for number, candidate in enumerate(candidates):
            world = make_world(random.Random(f"{seed}/world/{index}"))
            sums[number] += score(world, candidate, random.Random(f"{seed}/play/{index}"))
    return [total / worlds for total in sums]
