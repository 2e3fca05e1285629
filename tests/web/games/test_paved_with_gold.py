"""Paved with Gold's presenter: every phase renders, no seat sees a card it may not know, every move is reachable."""

from __future__ import annotations

import random
import re

import pytest

from game import new_match
from game.cards import standard_deck
from game.core import FACE_DOWN
from game.web.games import presenter_for
from game.web.render import Frame, render_table
from tests.support import FIRST_SEAT

PRESENTER = presenter_for("paved-with-gold")
NAMES = {2: ["Ana", "Ben"], 3: ["Ana", "Ben", "Cleo"]}
SUITS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
RANKS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J"}
# A card face as art.py draws it: its suit class, then its rank in the corner.
DRAWN = re.compile(r'class="fd-card fd-face fd-(\w+)"[^>]*><rect[^>]*/><text x="3" y="19"[^>]*>([^<]+)</text>')
NAMED = re.compile(r"\b(ace|king|queen|jack|10|[2-9]) of (spades|hearts|diamonds|clubs)\b")


def cards_in(html: str) -> set[str]:
    """Every card the HTML draws face up or names in words."""
    drawn = {rank + SUITS[suit] for suit, rank in DRAWN.findall(html)}
    named = {RANKS.get(rank, rank) + SUITS[suit] for rank, suit in NAMED.findall(html)}
    return drawn | named


def view_cards(view: dict) -> set[str]:
    """The cards a view shows: the square's face-up cards and every seat's won and bonus cards."""
    cards = {face for face in view["cells"] if face not in (None, FACE_DOWN)}
    for seat_cards in view["won"] + view["bonus"]:
        cards |= set(seat_cards)
    return cards


def render(match, seat, reveals=None):
    names = NAMES[match.players]
    return render_table(PRESENTER, Frame(match.view(seat), names, match.legal_actions(seat), reveals or {}, {})).html


def playout(players: int, seed: int):
    """Play one random game; before each move yield the match and, per seat, the looks its last events gave."""
    match = new_match("paved-with-gold", players=players, seed=seed)
    rng = random.Random(seed)
    seen = dict.fromkeys(range(players), match.event_count)
    while True:
        reveals = {}
        for seat in range(players):
            reveals[seat] = {}
            for event in match.events(seat, since=seen[seat]):
                reveals[seat].update(PRESENTER.looks(event, {}))
            seen[seat] = match.event_count
        yield match, reveals
        if match.result() is not None:
            return
        seat = match.to_act()[0]
        match.act(seat, rng.choice(match.legal_actions(seat)))


GAMES = [(players, seed) for players in (2, 3) for seed in range(4)]


def test_every_phase_renders_for_every_seat():
    phases = set()
    for players, seed in GAMES:
        for match, reveals in playout(players, seed):
            view = match.view(0)
            phases.add(view["phase"])
            if view["phase"] == "start" and {"type": "claim_none"} in match.legal_actions(view["turn"]):
                phases.add("end claim open")
            for seat in range(players):
                html = render(match, seat, reveals[seat])
                assert html.count("data-pos=") == 25 + 1 + 2 + sum(
                    len(won) + len(bonus) for won, bonus in zip(view["won"], view["bonus"], strict=True)
                )
    assert phases == {"start", "pick", "turn_up", "give", "over", "end claim open"}


def test_no_seat_sees_a_card_it_may_not_know():
    checked_held = 0
    for players, seed in GAMES:
        for match, reveals in playout(players, seed):
            turn = match.view(0)["turn"]
            holder_view = match.view(turn)
            held = {holder_view["cells"][pos] for pos in holder_view["picked"]}
            for seat in range(players):
                looked = set(reveals[seat].values())
                shown = cards_in(render(match, seat, reveals[seat]))
                assert shown <= view_cards(match.view(seat)) | looked
                if seat == turn:
                    assert held <= shown  # the holder sees their hand (and proves cards_in finds cards)
                    checked_held += len(held)
                else:
                    assert not held & shown, f"seat {seat} sees seat {turn}'s secret cards {held & shown}"
    assert checked_held > 100


def test_every_legal_action_is_a_legal_spot_or_a_button():
    for players, seed in GAMES[::3]:
        for match, _ in playout(players, seed):
            for seat in match.to_act():
                html = render(match, seat)
                legal_spots = set(re.findall(r'data-pos="([^"]+)" data-legal="true"', html))
                buttons = {int(index) for index in re.findall(r'data-action="(\d+)"', html)}
                for index, action in enumerate(match.legal_actions(seat)):
                    place = PRESENTER.place_of(action)
                    assert place in legal_spots if place else index in buttons, action


def test_button_labels_are_clear_and_distinct():
    for players, seed in GAMES:
        for match, _ in playout(players, seed):
            seat = match.to_act()[0] if match.to_act() else 0
            view, legal = match.view(seat), match.legal_actions(seat)
            labels = [PRESENTER.action_label(action, view, NAMES[players]) for action in legal]
            assert all(labels) and len(set(labels)) == len(labels)


def fixed_deck(first: list[str]) -> list[str]:
    """A full deck that deals ``first`` into the square's first positions, the rest in a fixed order."""
    return first + [card for card in standard_deck() if card not in first]


def test_an_announced_pair_reads_well_and_stays_up_for_a_look():
    match = new_match(
        "paved-with-gold", players=2, options={**FIRST_SEAT, "deck": fixed_deck(["7H", "7S", "2C"])}, seed=1
    )
    view = match.view(0)
    labels = [PRESENTER.action_label(action, view, ["Ana", "Ben"]) for action in match.legal_actions(0)]
    assert "Announce a pair" in labels
    since = match.event_count
    match.act(0, {"type": "announce_pair"})
    assert "Ana announced a pair." in render(match, 1)
    match.act(0, {"type": "pick", "pos": 0})
    holder, other = render(match, 0), render(match, 1)
    assert "Your hand, card 1, picked up from row 1, column 1, 7 of hearts" in holder
    assert "Ana&#x27;s hand, card 1, picked up from row 1, column 1, face down" in other
    assert "row 1, column 1, picked up, in your hand" in holder and "7 of hearts" not in other
    match.act(0, {"type": "pick", "pos": 1})
    events = match.events(None, since=since)
    lines = [PRESENTER.describe(event, ["Ana", "Ben"]) for event in events]
    assert "Ana claims a pair, showing the 7 of hearts and the 7 of spades." in lines
    assert "Ana's claim of a pair is true: 4 points." in lines
    assert "The stock fills 2 gaps; 25 left in it." in lines
    looks = {}
    for event in match.events(1, since=since):
        looks.update(PRESENTER.looks(event, {}))
    assert looks == {"cell-0": "7H", "cell-1": "7S"}
    assert "row 1, column 1, 7 of hearts, shown for a moment" in render(match, 1, looks)
    assert "Your cards" in render(match, 0) and "Ana&#x27;s cards" in render(match, 1)


def test_claims_buttons_and_log_lines_name_each_combination():
    match = new_match(
        "paved-with-gold", players=3, options={**FIRST_SEAT, "deck": fixed_deck(["7H", "9C", "8D"])}, seed=1
    )
    names = NAMES[3]
    match.act(0, {"type": "pick", "pos": 0})
    view = match.view(0)
    labels = {PRESENTER.action_label(action, view, names) for action in match.legal_actions(0)}
    assert {
        "Put the card back",
        "Claim a pair (2 of a rank, 4 points)",
        "Claim three of a kind (3 of a rank, 9 points)",
        "Claim a flush (3 of a suit, 9 points)",
        "Claim a run (3 in sequence, 9 points)",
        "Claim a prime (one of each suit, 16 points)",
        "Claim five of a colour (5 red or 5 black, 25 points)",
    } <= labels
    match.act(0, {"type": "claim", "combo": "flush"})
    assert "Ana claims a flush: 1 of 3 cards shown." in render(match, 1)
    since = match.event_count
    match.act(0, {"type": "turn_up", "pos": 1})
    view = match.view(0)
    assert view["phase"] == "give"
    labels = [PRESENTER.action_label(action, view, names) for action in match.legal_actions(0)]
    assert labels == ["Give the 2 cards to Ben", "Give the 2 cards to Cleo"]
    assert "Ana&#x27;s claim of a flush was false." in render(match, 2)
    match.act(0, {"type": "give", "seat": 2})
    lines = [PRESENTER.describe(event, names) for event in match.events(None, since=since)]
    assert lines[:3] == [
        "Ana turned up the 9 of clubs.",
        "Ana's claim of a flush is false.",
        "Cleo gets the 7 of hearts and the 9 of clubs as bonus cards.",
    ]
    assert "Cleo&#x27;s bonus cards, card 2, 9 of clubs" in render(match, 0)


def at_end_claim(players: int):
    """A random game played until its turn-taker may claim that no combination is left: (match, seat)."""
    for seed in range(40):
        match = new_match("paved-with-gold", players=players, seed=seed)
        rng = random.Random(seed)
        while match.result() is None:
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            if {"type": "claim_none"} in legal:
                return match, seat
            match.act(seat, rng.choice(legal))
    pytest.fail("no random game reached the end claim")


@pytest.mark.parametrize("players", [2, 3])
def test_the_end_claim_and_the_result_read_well(players):
    names = NAMES[players]
    match, seat = at_end_claim(players)
    view = match.view(seat)
    labels = [PRESENTER.action_label(action, view, names) for action in match.legal_actions(seat)]
    assert "Claim that no combination is left" in labels
    assert "claim, at the start of a turn, that no combination is left" in render(match, seat)
    since = match.event_count
    match.act(seat, {"type": "claim_none"})
    if match.result() is None:  # wrong, with three players: the claimant chooses who gets the cards
        match.act(seat, match.legal_actions(seat)[0])
    lines = [PRESENTER.describe(event, names) for event in match.events(None, since=since)]
    told = rf"{names[seat]} claims that no combination is left; the last (card is|cards are) the .+\."
    assert re.fullmatch(told, lines[0])
    assert lines[1] in (
        f"{names[seat]} was right: no combination is left.",
        f"{names[seat]} was wrong: a combination is left.",
    )
    result = PRESENTER.result_lines(match.view(0), names)
    assert len(result) == players and all(
        re.fullmatch(r"\w+: \d+ points? \(\d+ from claims, \d+ bonus cards?\)", line) for line in result
    )


def test_the_log_never_tells_a_secret_and_tells_every_move():
    for players, seed in GAMES[:4]:
        match = new_match("paved-with-gold", players=players, seed=seed)
        rng = random.Random(seed)
        while match.result() is None:
            seat = match.to_act()[0]
            match.act(seat, rng.choice(match.legal_actions(seat)))
        for event in match.events(None):
            if event["type"] in ("deal", "turn", "game_over"):
                continue
            line = PRESENTER.describe(event, NAMES[players])
            assert line.endswith("."), event
            if event["type"] == "pick":
                assert not cards_in(line), line


def test_the_solo_player_is_spoken_to_as_you():
    names = ["You", "Ada (Medium)"]
    claim = {"seat": 0, "combo": "flush", "pos": [3, 4], "cards": ["7H", "9C"]}
    assert PRESENTER.describe({"type": "claim", **claim}, names) == (
        "You claim a flush, showing the 7 of hearts and the 9 of clubs."
    )
    assert PRESENTER.describe({"type": "claim_false", **claim}, names) == "Your claim of a flush is false."
    assert PRESENTER.describe({"type": "bonus", "recipient": 0, **claim}, names) == (
        "You get the 7 of hearts and the 9 of clubs as bonus cards."
    )
    assert PRESENTER.describe({"type": "claim_none_wrong", "seat": 0, "pos": [1]}, names) == (
        "You were wrong: a combination is left."
    )
    assert PRESENTER.describe({"type": "claim_true", "points": 9, **claim}, names[::-1]) == (
        "Ada (Medium)'s claim of a flush is true: 9 points."
    )


def test_the_prompts_count_the_cards_and_name_the_claim():
    presenter = presenter_for("paved-with-gold")

    def said(**prompt):
        return presenter.prompt({"prompt": prompt}, ["Ana", "Ben"])

    assert said(kind="turn_up", combo="three", left=1) == "Turn up 1 more card for your three of a kind."
    assert said(kind="give", cards=2) == "Choose the opponent who gets the 2 cards as bonus cards."
    assert said(kind="start", end_claim=True).endswith("claim that no combination is left.")
    assert said(kind="pick", held=1, announced=True) == "Pick up the second card of your pair."
