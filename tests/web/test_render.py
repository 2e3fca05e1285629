"""The generic renderer: every spot is a focusable, labelled position; hidden cards never reach the HTML."""

from __future__ import annotations

import re

from game import new_match
from game.web.games import presenter_for
from game.web.render import render_actions, render_result, render_table, targets_by_place

CARD_IDS = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b")


def concentration(seed=3):
    return new_match("concentration", 2, {"pairs": 8}, seed=seed)


def rendered(match, seat=0, reveals=None, before=None):
    presenter = presenter_for(match.game)
    legal = match.legal_actions(seat)
    return render_table(presenter, match.view(seat), ["Ana", "Ben"], legal, reveals or {}, before or {})


def test_every_position_has_data_pos_and_a_label_saying_what_is_known():
    html = rendered(concentration()).html
    positions = re.findall(r'<button[^>]*data-pos="cell-(\d+)"[^>]*aria-label="([^"]*)"', html)
    assert len(positions) == 16
    assert positions[6] == ("6", "row 2, column 3, face down, you may choose it")


def test_face_down_cards_leave_no_card_id_in_the_html():
    match = concentration()
    assert not CARD_IDS.findall(rendered(match).html)
    match.act(0, {"type": "flip", "pos": 0})
    card = match.view(0)["cells"][0]
    html = rendered(match).html
    assert "row 1, column 1, " in html and set(CARD_IDS.findall(html)) <= {card}


def test_a_look_overlay_shows_its_card_and_marks_it_fresh():
    match = concentration()
    result = rendered(match, reveals={"cell-5": "7H"})
    assert "7 of hearts, shown for a moment" in result.html
    assert result.faces["cell-5"] == "7H"
    spot = re.search(r'<button[^>]*data-pos="cell-5"[^>]*>', result.html).group(0)
    assert "fd-flip-in" in spot and "revealed" in spot
    again = rendered(match, reveals={"cell-5": "7H"}, before=result.faces)
    assert "fd-flip-in" not in re.search(r'<button[^>]*data-pos="cell-5"[^>]*>', again.html).group(0)


def test_actions_without_a_place_become_buttons():
    presenter = presenter_for("concentration")
    legal = [{"type": "flip", "pos": 3}, {"type": "stop"}]
    by_place, buttons = targets_by_place(presenter, legal)
    assert by_place == {"cell-3": [0]} and buttons == [1]
    assert 'data-action="1"' in render_actions(presenter, {}, [], legal, buttons)


def test_the_result_screen_names_the_winner_and_offers_play_again():
    html = render_result(
        presenter_for("concentration"), {"result": {"winners": [0], "scores": [9]}, "turns": 9}, ["You"]
    )
    assert "You win!" in html and 'data-command="again"' in html and "Cleared in 9 turns." in html
    shared = render_result(
        presenter_for("concentration"), {"result": {"winners": [0, 1]}, "pairs": [4, 4]}, ["Ana", "Ben"]
    )
    assert "Ana and Ben share the win." in shared
