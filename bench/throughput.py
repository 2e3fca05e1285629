"""Engine throughput: random playouts per second for each game, on whichever Python runs this module.

    python -m bench.throughput [--seconds 1.0] [--rounds 3]          # host CPython
    node tools/pyodide.mjs -m bench.throughput [--seconds 1.0] ...   # Pyodide under Node

A playout is one whole game from the deal to the result, every seat played by the bot arena's random-legal
player (so optional actions such as Cambio snaps are taken half the time, as in the arena). Each round
plays for ``--seconds`` and counts finished games. It prints one JSON object: ``{game: [rate per round]}``
and the interpreter, for bench/run.py to read from either interpreter alike.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from game import GAMES, new_match
from game.bots.arena import RANDOM, play


def players_for(game: str) -> int:
    """Two seats where the game allows it, else its smallest table."""
    return 2 if 2 in GAMES[game].player_counts else GAMES[game].min_players


def playouts_per_second(game: str, seconds: float, first_seed: int = 0) -> tuple[float, int]:
    """Play random games of ``game`` for about ``seconds``; return the rate and the next unused seed."""
    players = players_for(game)
    seats = dict.fromkeys(range(players), RANDOM)
    seed = first_seed
    began = time.perf_counter()
    # At least one game, so that a slow interpreter still yields a rate rather than zero.
    while seed == first_seed or time.perf_counter() - began < seconds:
        play(new_match(game, players, {}, seed=seed), seats, seed)
        seed += 1
    return (seed - first_seed) / (time.perf_counter() - began), seed


def measure(seconds: float, rounds: int) -> dict[str, list[float]]:
    """Rates of every game, ``rounds`` each; different seeds every round so rounds are not replays."""
    rates: dict[str, list[float]] = {}
    for game in GAMES:
        seed = 0
        rates[game] = []
        for _ in range(rounds):
            rate, seed = playouts_per_second(game, seconds, seed)
            rates[game].append(rate)
    return rates


def main(argv: list[str] | None = None) -> int:
    """Measure and print the JSON object."""
    parser = argparse.ArgumentParser(prog="python -m bench.throughput", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one round per game")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per game (the bench takes the median)")
    args = parser.parse_args(argv)
    interpreter = f"{sys.implementation.name} {sys.version.split()[0]} on {sys.platform}"
    print(json.dumps({"interpreter": interpreter, "rates": measure(args.seconds, args.rounds)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
