"""The bot benchmark: how well and how fast the bots play. A command, not a test.

    python -m game.bots.arena                 # the full run (make bench-bots)
    python -m game.bots.arena --ladder        # the ladder only (--games N: N games a match-up, 1,000 by default)
    python -m game.bots.arena --quick         # a few games of each, for a smoke check
    node tools/pyodide.mjs -m game.bots.arena --timing   # decision times inside Pyodide

It prints markdown tables, for the games the registry lists:
- solo, each board a game's bot names (:attr:`Bot.solo`: Concentration's 8, 12 and 26 pairs), the mean score of
  every level over many games beside what the optimal strategy reaches (Velleman & Warrington's formula for
  Concentration; target for Perfect: within 1%);
- the ladder: in every game two can play, each level against the level below (target ≥ 65%), the match-ups a
  game's bot adds (:attr:`Bot.match_ups`: Cambio's searching Perfect against its Perfect before search, target
  ≥ 60%), and Perfect against a random-legal player (target ≥ 90%), each win rate with its 95% Wilson
  interval; seats alternate and the first seat opens, so that each side opens exactly half the games;
- decision time per bot move, p50 and p95 (target in Pyodide: p95 ≤ 50 ms), and the p95 and the longest
  of the decisions that searched."""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator

from .. import GAMES, new_match
from ..match import Match
from . import BOTS, LEVELS, Bot, new_bot
from .driver import BotDriver

RANDOM = "random"
LADDER_TARGET = 0.65  # each level against the level just below it
RANDOM_TARGET = 0.90  # Perfect against the random-legal player


def player(game: str, name: str, seed: int | str) -> Bot:
    """The bot called ``name`` for ``game``: a level, or a player of the game's own match-ups (:meth:`Bot.rival`)."""
    if name in LEVELS:
        return new_bot(game, name, seed)
    rival = BOTS[game].rival(name, seed)
    if rival is None:
        raise ValueError(f"{game} has no player called {name!r}.")
    return rival


def play(
    match: Match,
    players: dict[int, str],
    seed: int,
    clock: list[float] | None = None,
    searched: list[float] | None = None,
) -> dict:
    """Play ``match`` to the end with a bot (or the random-legal player) on every seat; return the result.

    Seats are asked in a rotating order so that no seat always wins the race for optional actions.
    The random-legal player acts on its own turn and, where acting is optional, half the time.
    ``clock`` collects the time of every decision in seconds, ``searched`` that of the decisions a search made.
    """
    rng = random.Random(f"arena/{seed}")
    driver = BotDriver(
        {seat: player(match.game, name, seed=f"{seed}/{seat}") for seat, name in players.items() if name != RANDOM}
    )
    for step in range(100_000):
        if match.result() is not None:
            return match.result()
        acting = match.to_act()
        start = step % len(acting)
        for seat in acting[start:] + acting[:start]:
            if seat in driver.seats:
                search = getattr(driver.bot(seat), "search", None)
                searches = search.decisions if search is not None else 0
                began = time.perf_counter()
                move = driver.next_move(match, [seat])
                took = time.perf_counter() - began
                if clock is not None:
                    clock.append(took)
                if searched is not None and search is not None and search.decisions > searches:
                    searched.append(took)
                action = move.action if move is not None else None
            else:
                must = len(acting) == 1 or match.view(seat).get("turn") == seat
                action = rng.choice(match.legal_actions(seat)) if must or rng.random() < 0.5 else None
            if action is not None:
                match.act(seat, action)
                break
    raise RuntimeError(f"{match.game} did not end in the arena")


def solo(games: int, levels: tuple[str, ...]) -> list[str]:
    """Rows of the mean solo score per game, board and level, with what the optimal strategy reaches beside it."""
    rows = [
        "| game | board | level | games | mean score | optimal | difference |",
        "|---|---|---|---|---|---|---|",
    ]
    for game in sorted(BOTS):
        for options, optimal in BOTS[game].solo:
            board = ", ".join(f"{name} {value}" for name, value in options.items())
            for level in levels:
                scores = [
                    play(new_match(game, 1, options, seed=seed), {0: level}, seed)["scores"][0] for seed in range(games)
                ]
                mean = statistics.mean(scores)
                difference = f"{100 * (mean - optimal) / optimal:+.2f}%" if level == "perfect" else ""
                rows.append(f"| {game} | {board} | {level} | {games} | {mean:.2f} | {optimal:.2f} | {difference} |")
    return rows


def head_to_head(game: str, stronger: str, weaker: str, games: int) -> float:
    """The wins (a shared win counted as a part) of ``stronger`` over ``games`` two-player games against ``weaker``.

    Seats alternate and the first seat always opens, so each side opens exactly half the games (games are
    seeded 0, 1, 2...: the same deals for every match-up).
    """
    players = 2 if 2 in GAMES[game].player_counts else GAMES[game].min_players
    wins = 0.0
    for seed in range(games):
        strong_seat = seed % players
        seats = {seat: (stronger if seat == strong_seat else weaker) for seat in range(players)}
        result = play(new_match(game, players, {"first_player": "first seat"}, seed=seed), seats, seed)
        if strong_seat in result["winners"]:
            wins += 1 / len(result["winners"])
    return wins


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win rate of ``wins`` out of ``games``."""
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z / (1 + z * z / games) * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    return centre - half, centre + half


def ladder_pairs(game: str) -> list[tuple[str, str, float]]:
    """The match-ups of ``game``'s ladder: (stronger, weaker, least win rate wanted)."""
    pairs = [(LEVELS[i + 1], LEVELS[i], LADDER_TARGET) for i in range(len(LEVELS) - 1)]
    pairs += list(BOTS[game].match_ups)
    return [*pairs, ("perfect", RANDOM, RANDOM_TARGET)]


def ladder(games: int) -> Iterator[str]:
    """The ladder table's rows, one by one: every two-player game's match-ups, win rates with 95% Wilson intervals."""
    yield "| game | match-up | games | win rate | 95% interval | target | met |"
    yield "|---|---|---|---|---|---|---|"
    for game in sorted(BOTS):
        if 2 not in GAMES[game].player_counts:
            continue
        for stronger, weaker, target in ladder_pairs(game):
            wins = head_to_head(game, stronger, weaker, games)
            low, high = wilson(wins, games)
            met = "yes" if wins / games >= target else "**no**"
            yield (
                f"| {game} | {stronger} vs {weaker} | {games} | {100 * wins / games:.1f}% "
                f"| {100 * low:.1f}–{100 * high:.1f}% | ≥ {100 * target:.0f}% | {met} |"
            )


def decision_times(games: int) -> list[str]:
    """Rows of decision time per game and level, from games of bots against each other: p50 and p95 of every
    decision, and the p95 and the longest of the decisions that searched."""
    rows = [
        "| game | level | moves | p50 ms | p95 ms | searched | searched p95 ms | searched max ms |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for game in sorted(BOTS):
        players = 2 if 2 in GAMES[game].player_counts else GAMES[game].min_players
        for level in LEVELS:
            clock: list[float] = []
            searched: list[float] = []
            for seed in range(games):
                match = new_match(game, players, {}, seed=seed)
                play(match, dict.fromkeys(range(players), level), seed, clock, searched)
            search = f"{1000 * p95(searched):.2f} | {1000 * max(searched):.2f}" if searched else "— | —"
            rows.append(
                f"| {game} | {level} | {len(clock)} | {1000 * statistics.median(clock):.2f} | {1000 * p95(clock):.2f} "
                f"| {len(searched)} | {search} |"
            )
    return rows


def p95(samples: list[float]) -> float:
    """The 95th percentile of ``samples`` (the one sample, if there is one)."""
    return statistics.quantiles(samples, n=20)[18] if len(samples) > 1 else samples[0]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its tables."""
    parser = argparse.ArgumentParser(prog="python -m game.bots.arena", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few games of each: a smoke run")
    parser.add_argument("--timing", action="store_true", help="decision times only")
    parser.add_argument("--ladder", action="store_true", help="the ladder only")
    parser.add_argument("--games", type=int, help="games per match-up of the ladder (default 1000)")
    args = parser.parse_args(argv)
    solo_games, duel_games, timing_games = (20, 2, 1) if args.quick else (2000, 1000, 10)
    duel_games = args.games or duel_games
    interpreter = f"{sys.implementation.name} {sys.version.split()[0]} on {sys.platform}"
    sections = {
        "Solo: mean score beside the optimal strategy's": lambda: solo(solo_games, LEVELS),
        "Head to head: the ladder": lambda: ladder(duel_games),
        f"Decision time per move ({interpreter})": lambda: decision_times(timing_games),
    }
    chosen = list(sections)
    if args.timing or args.ladder:
        chosen = [title for title, on in zip(chosen, (False, args.ladder, args.timing), strict=True) if on]
    for title in chosen:
        print(f"\n### {title}\n", flush=True)
        for row in sections[title]():
            print(row, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
