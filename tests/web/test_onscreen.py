"""What a play screen last told the page: the next edit holds only what differs."""

from __future__ import annotations

from game.web.effects import AddLog, Show, Write
from game.web.onscreen import OnScreen


def test_a_text_or_an_element_already_so_is_not_written_again():
    on_screen = OnScreen()
    assert on_screen.write("prompt", "Your turn.", html=False) == [Write("prompt", "Your turn.", html=False)]
    assert on_screen.write("prompt", "Your turn.", html=False) == []
    assert on_screen.show("hint", True) == [Show("hint", True)] and on_screen.show("hint", True) == []


def test_the_log_is_written_whole_once_then_grows_by_its_new_lines():
    on_screen = OnScreen()
    assert [type(effect) for effect in on_screen.log(["One."])] == [Write]
    [added] = on_screen.log(["One.", "Two."])
    assert isinstance(added, AddLog) and "Two." in added.items and "One." not in added.items
    assert on_screen.log(["One.", "Two."]) == []


def test_the_curtain_comes_down_over_the_table_and_goes_once():
    on_screen = OnScreen()
    assert on_screen.curtain_up() == []  # not down
    assert on_screen.curtain_down() == [Show("curtain", True)] and on_screen.table is None
    assert on_screen.curtain_up() == [Show("curtain", False)] and on_screen.curtain_up() == []
