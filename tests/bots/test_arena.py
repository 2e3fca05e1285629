"""Smoke test of the bot benchmark: a tiny run prints every table and row it promises."""

from __future__ import annotations

from game.bots import BOTS, LEVELS
from game.bots.arena import formula_turns, main


def test_formula_matches_the_published_values():
    assert [round(formula_turns(n), 2) for n in (8, 12, 26)] == [12.40, 18.85, 41.45]


def test_quick_run_prints_every_row(capsys):
    assert main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert "Concentration solo" in out and "Head to head" in out and "Decision time" in out
    for pairs in (8, 12, 26):
        for level in LEVELS:
            assert f"| {pairs} | {level} |" in out
    for game in BOTS:
        for level in LEVELS:
            assert f"| {game} | {level} |" in out
        assert f"| {game} | perfect vs random |" in out
