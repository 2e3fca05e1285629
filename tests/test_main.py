"""The command-line driver: random, bot and keyboard play with a readable transcript."""

from __future__ import annotations

import itertools
import json
import random

from game import GAMES
from game.__main__ import main


def test_random_play_prints_a_transcript_and_the_result(capsys):
    assert main(["play", "concentration", "--players", "2", "--seed", "4", "--option", "pairs=8"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].split()[0] == "deal"
    assert any(line.split()[0] == "pair" for line in lines)
    result = json.loads(lines[-1])
    assert sum(result["scores"]) == 8


def test_bots_can_play_every_seat(capsys):
    assert main(["play", "concentration", "--players", "3", "--bots", "perfect", "--seed", "2"]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["winners"]


def test_a_human_seat_reads_action_numbers_and_refuses_nonsense(capsys, monkeypatch):
    rng = random.Random(3)
    answers = itertools.chain(["x", "99"], (str(rng.randrange(16)) for _ in itertools.count()))
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    assert main(["play", "concentration", "--players", "1", "--human", "0", "--option", "pairs=8"]) == 0
    out = capsys.readouterr().out
    assert "Type a number from 0 to 15." in out
    assert json.loads(out.strip().splitlines()[-1])["winners"] == [0]


def test_random_cambio_play_ends_though_every_seat_may_snap_or_call_at_almost_any_moment(capsys):
    assert main(["play", "cambio", "--players", "3", "--seed", "1"]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["winners"]


def test_a_human_may_let_an_out_of_turn_moment_pass(capsys, monkeypatch):
    prompts = []

    def answer(prompt):
        prompts.append(prompt)
        return "" if "let it pass" in prompt else "0"  # always pass out of turn; on its turn, the first action

    monkeypatch.setattr("builtins.input", answer)
    options = ["--option", 'first_player="first seat"', "--option", 'call="own turn"']
    assert main(["play", "cambio", "--players", "2", "--human", "1", "--bots", "medium", "--seed", "2", *options]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["winners"]
    assert "seat 1 (Enter: let it pass)> " in prompts and "seat 1> " in prompts


def test_bad_arguments_are_a_clear_error(capsys):
    assert main(["play", "concentration", "--players", "9"]) == 2
    assert "Concentration is for 1, 2, 3, 4, 5, 6 players" in capsys.readouterr().err


def test_games_lists_every_game(capsys):
    assert main(["games"]) == 0
    listed = [json.loads(line)["id"] for line in capsys.readouterr().out.splitlines()]
    assert listed == list(GAMES)
