"""The bot benchmark: how well and how fast the bots play. A command, not a test.

    python -m game.bots.arena                 # the full run (make bench-bots)
    python -m game.bots.arena --quick         # a few games of each, for a smoke check
    node tools/pyodide.mjs -m game.bots.arena --timing   # decision times inside Pyodide

It prints markdown tables:
- Concentration solo at the Perfect level, mean turns over many games beside Velleman & Warrington's
  formula (target: within 1%), and the mean turns at every other level;
- head-to-head win rates in every multiplayer game: each level against the level below (target ≥ 60%)
  and Perfect against a random-legal player (target ≥ 90%), seats alternating, the first seat opening, so
  that each side opens exactly half the games;
- decision time per bot move, p50 and p95 (target in Pyodide: p95 ≤ 50 ms).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time

from .. import GAMES, new_match
from ..match import Match
from . import BOTS, LEVELS, Bot, new_bot

RANDOM = "random"


def formula_turns(pairs: int) -> float:
    """Velleman & Warrington's expected solo turns for the optimal strategy with ``pairs`` pairs."""
    return (3 - 2 * math.log(2)) * pairs + 7 / 8 - 2 * math.log(2)


def play(match: Match, players: dict[int, str], seed: int, clock: list[float] | None = None) -> dict:
    """Play ``match`` to the end with a bot (or the random-legal player) on every seat; return the result.

    Seats are asked in a rotating order so that no seat always wins the race for optional actions.
    The random-legal player acts on its own turn and, where acting is optional, half the time.
    """
    rng = random.Random(f"arena/{seed}")
    bots: dict[int, Bot] = {
        seat: new_bot(match.game, level, seed=f"{seed}/{seat}") for seat, level in players.items() if level != RANDOM
    }
    told = dict.fromkeys(players, 0)
    for step in range(100_000):
        if match.result() is not None:
            return match.result()
        acting = match.to_act()
        start = step % len(acting)
        for seat in acting[start:] + acting[:start]:
            action = None
            if seat in bots:
                view, events = match.view(seat), match.events(seat, since=told[seat])
                began = time.perf_counter()
                action = bots[seat].choose(view, events)
                if clock is not None:
                    clock.append(time.perf_counter() - began)
            else:
                must = len(acting) == 1 or match.view(seat).get("turn") == seat
                if must or rng.random() < 0.5:
                    action = rng.choice(match.legal_actions(seat))
            told[seat] = match.event_count
            if action is not None:
                match.act(seat, action)
                break
    raise RuntimeError(f"{match.game} did not end in the arena")


def solo_concentration(games: int, levels: tuple[str, ...]) -> list[str]:
    """Rows of mean solo turns per level and board size, with the formula beside Perfect."""
    rows = ["| pairs | level | games | mean turns | formula | difference |", "|---|---|---|---|---|---|"]
    for pairs in (8, 12, 26):
        for level in levels:
            turns = []
            for seed in range(games):
                match = new_match("concentration", 1, {"pairs": pairs}, seed=seed)
                turns.append(play(match, {0: level}, seed)["scores"][0])
            mean = statistics.mean(turns)
            formula = formula_turns(pairs)
            difference = f"{100 * (mean - formula) / formula:+.2f}%" if level == "perfect" else ""
            rows.append(f"| {pairs} | {level} | {games} | {mean:.2f} | {formula:.2f} | {difference} |")
    return rows


def head_to_head(game: str, stronger: str, weaker: str, games: int) -> float:
    """The share of two-player games of ``game`` that ``stronger`` wins outright against ``weaker``."""
    players = 2 if 2 in GAMES[game].player_counts else GAMES[game].min_players
    wins = 0.0
    for seed in range(games):
        strong_seat = seed % players  # with the first seat opening, the sides take turns to open
        seats = {seat: (stronger if seat == strong_seat else weaker) for seat in range(players)}
        result = play(new_match(game, players, {"first_player": "first seat"}, seed=seed), seats, seed)
        if strong_seat in result["winners"]:
            wins += 1 / len(result["winners"])  # a shared win counts as a part
    return wins / games


def win_rates(games: int) -> list[str]:
    """Rows of head-to-head win rates for every multiplayer game with a bot."""
    rows = ["| game | match-up | games | win rate | target |", "|---|---|---|---|---|"]
    pairs = [(LEVELS[i + 1], LEVELS[i], "≥ 60%") for i in range(len(LEVELS) - 1)]
    pairs.append(("perfect", RANDOM, "≥ 90%"))
    for game in sorted(BOTS):
        if GAMES[game].max_players < 2:
            continue
        for stronger, weaker, target in pairs:
            rate = head_to_head(game, stronger, weaker, games)
            rows.append(f"| {game} | {stronger} vs {weaker} | {games} | {100 * rate:.0f}% | {target} |")
    return rows


def decision_times(games: int) -> list[str]:
    """Rows of p50/p95 decision time per game and level, from games of bots against each other."""
    rows = ["| game | level | moves | p50 ms | p95 ms |", "|---|---|---|---|---|"]
    for game in sorted(BOTS):
        players = 2 if 2 in GAMES[game].player_counts else GAMES[game].min_players
        for level in LEVELS:
            clock: list[float] = []
            for seed in range(games):
                play(new_match(game, players, {}, seed=seed), dict.fromkeys(range(players), level), seed, clock)
            cut = statistics.quantiles(clock, n=20) if len(clock) > 1 else clock * 19
            rows.append(
                f"| {game} | {level} | {len(clock)} | {1000 * statistics.median(clock):.2f} | {1000 * cut[18]:.2f} |"
            )
    return rows


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its tables."""
    parser = argparse.ArgumentParser(prog="python -m game.bots.arena", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few games of each: a smoke run")
    parser.add_argument("--timing", action="store_true", help="decision times only")
    args = parser.parse_args(argv)
    solo_games, duel_games, timing_games = (20, 6, 1) if args.quick else (2000, 200, 10)
    sections = []
    if not args.timing:
        sections.append(("Concentration solo: mean turns", solo_concentration(solo_games, LEVELS)))
        sections.append(("Head to head", win_rates(duel_games)))
    interpreter = f"{sys.implementation.name} {sys.version.split()[0]} on {sys.platform}"
    sections.append((f"Decision time per move ({interpreter})", decision_times(timing_games)))
    for title, rows in sections:
        print(f"\n### {title}\n")
        print("\n".join(rows))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
