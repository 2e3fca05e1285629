"""Command-line driver: play a game in the terminal with a readable transcript, for debugging rules.

    python -m game play cambio --players 3 --seed 1
    python -m game play deluxe-memory --players 2 --option underdogs=true --as 0
    python -m game games

Every seat plays random legal moves (seeded by ``--seed``). ``--as SEAT`` prints the transcript as
that seat saw it (default: a spectator).
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from . import GAMES, new_match


def describe(event: dict) -> str:
    """One transcript line for an event: its type, then its fields."""
    fields = " ".join(f"{key}={json.dumps(value)}" for key, value in event.items() if key not in ("type", "to"))
    return f"{event['type']:>12}  {fields}"


def play(args: argparse.Namespace) -> int:
    """Deal the match, play it to the end, and print what the chosen seat saw."""
    options = {}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = json.loads(value) if value else True
    match = new_match(args.game, args.players, options, args.seed)
    chooser = random.Random(args.seed)
    shown = 0
    for _ in range(args.max_steps):
        if match.result() is not None:
            break
        seat = chooser.choice(match.to_act())
        match.act(seat, chooser.choice(match.legal_actions(seat)))
        events = match.events(args.seat)
        for event in events[shown:]:
            print(describe(event))
        shown = len(events)
    print(json.dumps(match.result()))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run it."""
    parser = argparse.ArgumentParser(prog="python -m game", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("games", help="list the games, their player counts and options")
    play_parser = commands.add_parser("play", help="play one match with random moves and print it")
    play_parser.add_argument("game", choices=sorted(GAMES))
    play_parser.add_argument("--players", type=int, default=2)
    play_parser.add_argument("--seed", type=int, default=1)
    play_parser.add_argument("--option", action="append", default=[], metavar="NAME=JSON")
    play_parser.add_argument("--as", dest="seat", type=int, default=None, metavar="SEAT")
    play_parser.add_argument("--max-steps", type=int, default=20000)
    args = parser.parse_args(argv)
    if args.command == "games":
        for rules in GAMES.values():
            print(json.dumps(rules.describe()))
        return 0
    try:
        return play(args)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
