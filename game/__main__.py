"""Command-line driver: play a game in the terminal with a readable transcript, for debugging rules.

    python -m game games                                   # each game's id, player counts and options
    python -m game play GAME --players 3 --seed 1
    python -m game play GAME --players 2 --option NAME=JSON --as 0
    python -m game play GAME --human 0 --bots medium

``GAME`` is a game's id. Seats listed with ``--human`` are played at the keyboard; the others by bots at
``--bots LEVEL``, or by random legal moves (seeded by ``--seed``) without it. Where several seats may act
(out-of-turn moves), they are asked in a random order, and a human may let an out-of-turn move pass.
``--as SEAT`` prints the transcript as that seat saw it (default: the human, else a spectator).
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from . import GAMES, new_match
from .bots import BOTS, LEVELS, new_bot
from .bots.driver import BotDriver
from .registry import ENTRIES


def describe(event: dict) -> str:
    """One transcript line for an event: its type, then its fields."""
    fields = " ".join(f"{key}={json.dumps(value)}" for key, value in event.items() if key not in ("type", "to"))
    return f"{event['type']:>12}  {fields}"


def show(view: dict) -> str:
    """A plain-text picture of a view: grids as rows of cells, everything else as short lines."""
    lines = []
    if "cells" in view and "cols" in view:
        cols = view["cols"]
        cells = ["." if cell is None else "##" if cell == "down" else str(cell) for cell in view["cells"]]
        for row in range(0, len(cells), cols):
            lines.append(" ".join(f"{row + i:>2}:{cell:<3}" for i, cell in enumerate(cells[row : row + cols])))
    skip = {"cells", "rows", "cols", "game", "seat", "prompt", "result"}
    lines += [f"{key}: {json.dumps(value)}" for key, value in view.items() if key not in skip]
    lines.append(f"asked: {json.dumps(view['prompt'])}" if "prompt" in view else "")
    return "\n".join(lines)


def ask(seat: int, match) -> dict | None:
    """Show the table to the human at ``seat`` and read the number of an action from standard input.

    Out of turn (others may act too) acting is optional: an empty answer lets the moment pass (``None``).
    """
    actions = match.legal_actions(seat)
    optional = match.to_act() != [seat] and match.view(seat).get("turn") != seat
    print(show(match.view(seat)))
    for number, action in enumerate(actions):
        print(f"  [{number}] {json.dumps(action)}")
    while True:
        answer = input(f"seat {seat}{' (Enter: let it pass)' if optional else ''}> ").strip()
        if answer.isdigit() and int(answer) < len(actions):
            return actions[int(answer)]
        if optional and not answer:
            return None
        print(f"Type a number from 0 to {len(actions) - 1}.")


def play(args: argparse.Namespace) -> int:
    """Deal the match, play it to the end, and print what the chosen seat saw."""
    options = {}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = json.loads(value) if value else True
    match = new_match(args.game, args.players, options, args.seed)
    chooser = random.Random(args.seed)
    driver = BotDriver()
    if args.bots and args.game in BOTS:
        for seat in set(range(args.players)) - set(args.human):
            driver.seat(seat, new_bot(args.game, args.bots, seed=f"{args.seed}/{seat}"))
    watcher = args.seat if args.seat is not None else (args.human[0] if args.human else None)
    shown = 0
    for _ in range(args.max_steps):
        if match.result() is not None:
            break
        acting = match.to_act()
        for seat in chooser.sample(acting, len(acting)):
            if seat in args.human:
                action = ask(seat, match)
            elif seat in driver.seats:
                move = driver.next_move(match, [seat])
                action = move.action if move is not None else None
            else:
                action = chooser.choice(match.legal_actions(seat))
            if action is not None:
                match.act(seat, action)
                break
        else:
            raise RuntimeError(f"Every seat that may act is a bot, and none of them acted: {match.to_act()}.")
        events = match.events(watcher)
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
    play_parser.add_argument("--human", type=int, action="append", default=[], metavar="SEAT")
    play_parser.add_argument("--bots", choices=LEVELS, default=None, help="bots play the other seats")
    play_parser.add_argument("--as", dest="seat", type=int, default=None, metavar="SEAT")
    play_parser.add_argument("--max-steps", type=int, default=20000)
    args = parser.parse_args(argv)
    if args.command == "games":
        for game in ENTRIES.values():
            print(json.dumps({**GAMES[game.id].describe(), "summary": game.summary}))
        return 0
    try:
        return play(args)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except (EOFError, KeyboardInterrupt):
        print("\nbye")
        return 0


if __name__ == "__main__":
    sys.exit(main())
