"""The sealed deck's cost: a whole deal, a reveal, the end check, and one P-256 multiplication, on whichever Python
runs this module.

    python -m bench.sealed [--parties 4] [--cards 52] [--rounds 3] [--wall]     # host CPython
    node tools/pyodide.mjs -m bench.sealed [--parties 4] ...                   # Pyodide under Node

A *deal* is every party's lock pass and key pass, one after the other, as the chain runs across the peers (each
party's public keys included), with fixed seeds; its time is the chain's CPU time, without the network. A
*reveal* is what every peer does when a card is opened to all: read each party's share from its JSON, check it
against the party's public key, and open the card (one multiplication). The *end check* redoes every step
from the seeds. Times are the CPU time of this process (``time.process_time``; in Pyodide, where that is wall
time, Node's own count), so other work on a busy machine inflates them less than wall time; ``--wall`` measures
wall time instead, for a run in a cgroup whose CPU quota shows only there. It prints one JSON object: each figure's
samples in ms, and the interpreter.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Callable

from game.cards import standard_deck
from game.net import p256
from game.net.sealing import Deal, Opening, Party, Share, Transcript, end_check

MULTIPLICATIONS = 50  # per sample of one multiplication's time


def cpu_seconds() -> float:
    """The CPU time this process has used, in seconds (Pyodide's ``time.process_time`` is wall time: Node knows)."""
    if sys.platform == "emscripten":
        from js import process  # Node's own process object

        usage = process.cpuUsage()
        return (usage.user + usage.system) / 1e6
    return time.process_time()


Clock = Callable[[], float]


def _ms(work: Callable[[], object], clock: Clock) -> float:
    began = clock()
    work()
    return (clock() - began) * 1000


def multiplication_ms(base: bool, clock: Clock) -> float:
    """The mean time of one ``k * point`` over MULTIPLICATIONS scalars; ``base``: the point is G (its table)."""
    scalars = [int.from_bytes(hashlib.sha256(bytes([i])).digest(), "big") for i in range(MULTIPLICATIONS)]
    point = p256.G if base else p256.multiply(7, p256.G)
    p256.multiply(1, point)  # the base point's table is made on first use: not part of a multiplication
    return _ms(lambda: [p256.multiply(k, point) for k in scalars], clock) / MULTIPLICATIONS


def sealed_round(parties: int, cards: int, round_number: int, clock: Clock) -> dict[str, float]:
    """One deal of ``cards`` one-face units by ``parties`` parties, one reveal of a card to all, and the end check."""
    deal = Deal(round_number, tuple((card,) for card in (standard_deck(jokers=True) * 4)[:cards]), parties)
    deal.points  # noqa: B018 (the faces' points are the deal's public facts, made once: not a party's work)
    players = [Party(index, hashlib.sha256(f"bench/{index}".encode()).hexdigest()) for index in range(parties)]
    transcript = Transcript(deal)

    def seal() -> None:
        while transcript.turn:
            transcript.add(players[transcript.turn[1]].step(transcript))

    figures = {"deal": _ms(seal, clock)}
    shares = [player.share(deal, 0).to_json() for player in players]
    opening = Opening(transcript, 0)

    def reveal() -> None:
        for share in shares:
            opening.add(Share.from_json(share))
        opening.face()

    figures["reveal"] = _ms(reveal, clock)
    seeds = [player.seed for player in players]
    commitments = [player.commitment for player in players]
    shared = [Share.from_json(share) for share in shares]
    figures["check"] = _ms(lambda: end_check(commitments, seeds, [transcript], shared), clock)
    return figures


def measure(parties: int, cards: int, rounds: int, clock: Clock = cpu_seconds) -> dict[str, list[float]]:
    """``rounds`` samples of each figure, in ms of ``clock``."""
    samples: dict[str, list[float]] = {"multiply": [], "multiply_base": [], "deal": [], "reveal": [], "check": []}
    for round_number in range(rounds):
        samples["multiply"].append(multiplication_ms(False, clock))
        samples["multiply_base"].append(multiplication_ms(True, clock))
        for name, value in sealed_round(parties, cards, round_number, clock).items():
            samples[name].append(value)
    return samples


def main(argv: list[str] | None = None) -> int:
    """Measure and print the JSON object."""
    parser = argparse.ArgumentParser(prog="python -m bench.sealed", description=__doc__.split("\n")[0])
    parser.add_argument("--parties", type=int, default=4, help="parties that lock the deck")
    parser.add_argument("--cards", type=int, default=52, help="cards in the deal")
    parser.add_argument("--rounds", type=int, default=3, help="samples of each figure (the bench takes the median)")
    parser.add_argument("--wall", action="store_true", help="measure wall time instead of CPU time")
    args = parser.parse_args(argv)
    clock = time.perf_counter if args.wall else cpu_seconds
    interpreter = f"{sys.implementation.name} {sys.version.split()[0]} on {sys.platform}"
    print(json.dumps({"interpreter": interpreter, "ms": measure(args.parties, args.cards, args.rounds, clock)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
