"""The words every game's screen shares: seat names, the grammar around "You", and the waits."""

from __future__ import annotations

from game.web import words


def test_seats_are_named_never_numbered():
    assert words.person_name(0) == "Player 1"
    assert words.bot_name(6, "hard") == "Bram (Hard)"
    assert words.seat_name(["Ana", "Ben"], 1) == "Ben" and words.seat_name(["Ana"], None) == "Nobody"


def test_lists_join_with_and_or_or():
    assert words.join_words(["Ana"]) == "Ana"
    assert words.join_words(["Ana", "Ben", "Cleo"]) == "Ana, Ben and Cleo"
    assert words.join_words(["1", "2", "3"], last="or") == "1, 2 or 3"


def test_sentences_about_you_take_your_and_the_plural():
    assert [words.possessive("Ana"), words.possessive("You"), words.possessive("You", start=False)] == [
        "Ana's",
        "Your",
        "your",
    ]
    assert [words.does("Ana", "chooses"), words.does("You", "chooses")] == ["Ana chooses", "You choose"]
    assert [words.verb("You", verb) for verb in ("is", "has", "was", "passes", "reaches")] == [
        "are",
        "have",
        "were",
        "pass",
        "reach",
    ]
    assert words.objective("You") == "you" and words.objective("Ana") == "Ana"


def test_the_waits_and_the_end():
    assert words.waiting_for("Ana") == "Waiting for Ana."
    assert words.playing("Ada (Medium)") == "Ada (Medium) is playing…"
    assert words.pass_the_device("Ben") == "Pass the device to Ben."
    assert words.game_over("Ana wins!") == "The game is over: Ana wins!"
    assert words.first_to_play(["Ana", "Ben"], 1) == " First to play: Ben." and words.first_to_play(["You"], 0) == ""
