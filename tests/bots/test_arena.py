"""Smoke test of the bot benchmark: a tiny run prints every table and row it promises."""

from __future__ import annotations

from game.bots import BOTS, LEVELS
from game.bots.arena import main


def test_quick_run_prints_every_row(capsys):
    assert main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert "Solo" in out and "Head to head" in out and "Decision time" in out
    for pairs in (8, 12, 26):
        for level in LEVELS:
            assert f"| concentration | pairs {pairs} | {level} |" in out
    assert "| cambio | perfect vs perfect before search |" in out
    for game in BOTS:
        for level in LEVELS:
            assert f"| {game} | {level} |" in out
        assert f"| {game} | perfect vs random |" in out
