"""What a play screen tells: the log is read out; what one person saw in private never to the next."""

from __future__ import annotations

from game.web.effects import Announce
from game.web.narration import Narration


def test_every_log_line_is_read_out_once_and_a_private_line_only_to_its_own_seat():
    narration = Narration("Your game was restored where you left it.")
    narration.log("You turned up the 7 of clubs.")
    narration.say(["You see the 8 of hearts: row 1, column 2."], private=True)
    assert narration.read_out() == [
        Announce(
            [
                "Your game was restored where you left it.",
                "You turned up the 7 of clubs.",
                "You see the 8 of hearts: row 1, column 2.",
            ]
        )
    ]
    assert narration.read_out() == [] and len(narration.lines) == 2  # the private line is in no log


def test_a_curtain_coming_down_drops_what_the_last_person_saw_in_private():
    narration = Narration()
    narration.log("Ana turned up the 7 of clubs.")
    narration.say(["You see the 8 of hearts: row 1, column 2."], private=True)
    assert narration.read_out(private_too=False) == [Announce(["Ana turned up the 7 of clubs."])]
    assert narration.read_out() == []
