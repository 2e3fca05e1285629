"""Deluxe Memory's presenter: every phase renders, no screen shows a card its seat may not see, every
legal action can be played from the page, and the sentences name the players."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

import pytest

from game import new_match
from game.bots import new_bot
from game.cards import standard_deck
from game.core import FACE_DOWN
from game.web.games import presenter_for
from game.web.games.deluxe_memory import REARRANGE_SECONDS, DeluxeMemoryPresenter
from game.web.presenter import card_name
from game.web.render import Frame, render_table, targets_by_place
from tests.support import FIRST_SEAT, hidden_ids

NAMES = ["Ana", "Ben", "Cleo", "Dev"]
PHASES = {
    "pick", "put_back", "black", "red", "give_from", "give_to", "ace_gain", "ace_lose", "ace_reveal", "swap_look",
    "reveal3", "lose3", "square", "square_look", "cross", "reveal6", "jack", "king", "seven", "rearrange",
    "rearrange_swap",
}  # fmt: skip
# Every phase but picking and putting back resolves a pair (or the 7's offer) and gets the effect area.
EFFECT_PHASES = PHASES - {"pick", "put_back"}
CARD_WORDS = re.compile(
    r"\b(?:ace|[2-9]|10|jack|queen|king) of (?:spades|hearts|diamonds|clubs)\b|\b(?:red|black) joker\b"
)
OPTION_SETS = [{}, {"jokin_around": True}, {"simplicity": True}, {"underdogs": True, "jokin_around": True}]
# Five games with 2, 3 and 4 players and every option set, picked because together they reach every
# phase (the test checks it).
GAMES = [(seed, 2 + seed % 3, OPTION_SETS[seed % 4]) for seed in (1, 2, 3, 12, 39)]


def names_words(cards: set[str]) -> set[str]:
    return {card_name(card) for card in cards}


@dataclass
class Tour:
    """What the screens of every seat showed over the games in GAMES."""

    screens: int = 0
    phases: set[str] = field(default_factory=set)
    leaks: list[str] = field(default_factory=list)
    unreachable: list[str] = field(default_factory=list)
    bad_labels: list[str] = field(default_factory=list)
    effect_notes: dict[str, str] = field(default_factory=dict)
    lines: dict[str, list[str]] = field(default_factory=dict)
    event_leaks: list[str] = field(default_factory=list)


def play(seed: int, players: int, options: dict):
    """Perfect bots play (half their chart choices replaced by random ones, to reach every branch).

    Yields the match after the deal and after every action, with each seat's (and the spectator's) new events.
    """
    match = new_match("deluxe-memory", players, options, seed=seed)
    bots = [new_bot("deluxe-memory", "perfect", seed=f"{seed}/{seat}") for seat in range(players)]
    rng = random.Random(seed)
    seats = [*range(players), None]
    counts = dict.fromkeys(range(players), 0)
    since = 0
    yield match, {seat: match.events(seat) for seat in seats}
    while match.result() is None:
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        action = bots[seat].choose(match.view(seat), match.events(seat, since=counts[seat]))
        counts[seat] = match.event_count
        if action not in legal or (match.view(seat)["phase"] in EFFECT_PHASES and rng.random() < 0.5):
            action = rng.choice(legal)
        match.act(seat, action)
        yield match, {other: match.events(other, since=since) for other in seats}
        since = match.event_count


def tour_game(tour: Tour, seed: int, players: int, options: dict) -> None:
    names = NAMES[:players]
    seats = [*range(players), None]
    # One memory of looks per screen, as each device (or each seat in turn) has its own.
    presenter, memories = DeluxeMemoryPresenter(), {seat: {} for seat in seats}
    previous: dict[int | None, list[dict]] = {seat: [] for seat in seats}
    for match, new_events in play(seed, players, options):
        for seat in seats:
            tour.screens += 1
            view = match.view(seat)
            legal = match.legal_actions(seat) if seat is not None else []
            reveals: dict[str, str] = {}
            for event in new_events[seat]:
                reveals.update(presenter.looks(event, memories[seat]))
            rendered = render_table(presenter, Frame(view, names, legal, reveals, {}))
            tour.phases.add(view["phase"])
            where = f"seed {seed}, step {match.step}, seat {seat}, phase {view['phase']}"
            # What the seat may see now: its view, and the looks of this action and the one before (the 2's swap).
            allowed = hidden_ids(view) | hidden_ids(new_events[seat]) | hidden_ids(previous[seat])
            shown = {face for face in rendered.faces.values() if isinstance(face, str) and face != FACE_DOWN}
            if not shown <= allowed or not set(CARD_WORDS.findall(rendered.html)) <= names_words(allowed):
                tour.leaks.append(where)
            if not reveals:
                grid = [rendered.faces.get(f"cell-{pos}") for pos in range(len(view["cells"]))]
                if grid != view["cells"]:
                    tour.leaks.append(f"{where}: the grid differs from the view")
            check_choices(tour, presenter, view, names, legal, rendered, where)
            if view["phase"] in EFFECT_PHASES and seat is not None:
                effect = next(area for area in presenter.areas(view, names) if area.key == "effect")
                tour.effect_notes.setdefault(view["phase"], effect.note)
                if names[view["actor"]] not in effect.note:
                    tour.bad_labels.append(f"{where}: {effect.note!r} does not name the player choosing")
            previous[seat] = new_events[seat]
        for event in new_events[None]:
            line = presenter_for("deluxe-memory").describe(event, names)
            tour.lines.setdefault(event["type"], []).append(line)
            if not set(CARD_WORDS.findall(line)) <= names_words(hidden_ids(event)):
                tour.event_leaks.append(f"{event} -> {line}")


def check_choices(tour, presenter, view, names, legal, rendered, where) -> None:
    """Every legal action is a spot on the table or a button, with a clear label."""
    by_place, buttons = targets_by_place(presenter, legal)
    for place in by_place:
        if place not in rendered.faces or f'data-pos="{place}" data-legal="true"' not in rendered.html:
            tour.unreachable.append(f"{where}: {place}")
    for index in buttons:
        if f'data-action="{index}"' not in rendered.html:
            tour.unreachable.append(f"{where}: {legal[index]}")
    for action in legal:
        label = presenter.action_label(action, view, names)
        if not label or label == action["type"].replace("_", " ").capitalize() or "seat" in label:
            tour.bad_labels.append(f"{where}: {action} -> {label!r}")
        if action["type"] == "target" and names[action["seat"]] not in label:
            tour.bad_labels.append(f"{where}: {label!r} does not name its player")


@pytest.fixture(scope="module")
def tour() -> Tour:
    result = Tour()
    for game in GAMES:
        tour_game(result, *game)
    return result


def test_the_games_reach_every_phase(tour):
    assert tour.phases == PHASES | {"over"}
    assert tour.screens > 1000


def test_no_screen_shows_a_card_its_seat_may_not_see(tour):
    assert not tour.leaks, tour.leaks[:5]


def test_every_legal_action_is_a_legal_spot_or_a_button(tour):
    assert not tour.unreachable, tour.unreachable[:5]


def test_every_choice_has_a_clear_label_and_every_chart_step_a_prompt_naming_the_chooser(tour):
    assert not tour.bad_labels, tour.bad_labels[:5]
    assert set(tour.effect_notes) == EFFECT_PHASES
    assert all(note.endswith(".") for note in tour.effect_notes.values()), tour.effect_notes


def test_the_log_tells_the_key_events_without_secrets(tour):
    assert not tour.event_leaks, tour.event_leaks[:3]
    quiet = {"discard"}  # the match, keep and turn-down sentences already say where the cards go
    for kind, lines in tour.lines.items():
        if kind not in quiet:
            assert all(line.endswith(".") and line[0].isupper() for line in lines if line or kind != "tokens"), kind
    for kind in ("look", "match", "effect", "reveal", "swap", "keep", "face_up", "hide", "game_over"):
        assert tour.lines[kind] and all(tour.lines[kind]), kind
    assert not any("seat" in line for lines in tour.lines.values() for line in lines)


# --- fixed deals --------------------------------------------------------------------------------


def deal(first: list[str], jokers: bool = False, players: int = 2):
    """A match whose first cards (row-major over the occupied cells) are ``first``; seat 0 to play."""
    rest = [card for card in standard_deck(jokers) if card not in first]
    return new_match("deluxe-memory", players, {**FIRST_SEAT, "deck": first + rest, "jokin_around": jokers}, seed=0)


def areas_by_title(match, seat, names=("Ana", "Ben")):
    return {area.title: area for area in presenter_for("deluxe-memory").areas(match.view(seat), list(names))}


def test_the_grid_is_seven_by_eight_with_its_corners_empty():
    grid = areas_by_title(deal([]), 0)["The cards"]
    assert len(grid.spots) == 56 and grid.columns == 8
    corners = [spot for spot in grid.spots if spot.kind == "corner"]
    assert [spot.place for spot in corners] == ["cell-0", "cell-7", "cell-48", "cell-55"]
    assert all(spot.face is None and "corner without a card" in spot.label for spot in corners)
    assert grid.spots[1].label == "row 1, column 2" and grid.spots[1].face == FACE_DOWN
    jokers = areas_by_title(deal([], jokers=True), 0)["The cards"]
    assert [spot.place for spot in jokers.spots if spot.kind == "corner"] == ["cell-48", "cell-55"]


def test_tokens_the_bank_shields_and_traps_sit_in_front_of_their_owners():
    match = deal(["9S", "9H", "10C", "10D", "2S", "3H"])
    match.act(0, {"type": "pick", "pos": 1})
    match.act(0, {"type": "pick", "pos": 2})  # Ana's mixed 9s: a shield
    match.act(1, {"type": "pick", "pos": 3})
    match.act(1, {"type": "pick", "pos": 4})  # Ben's mixed 10s: a trap
    areas = areas_by_title(match, 0)
    ana, ben = areas["Ana"], areas["Ben"]
    assert [spot.face for spot in ana.spots] == ["9S", "9H"] and ana.spots[0].badge == "shield"
    assert ana.spots[0].label == "Ana's shield 1, card 1"
    assert [spot.face for spot in ben.spots] == ["10C", "10D"] and ben.spots[0].badge == "trap"
    assert ana.note == "20 tokens" and areas["The Bank"].note == "20 tokens"
    assert "No shield or trap" not in ana.extra
    # The seat on screen sits below the grid, the others above it.
    order = [area.title for area in presenter_for("deluxe-memory").areas(match.view(0), ["Ana", "Ben"])]
    assert order.index("Ben") < order.index("The cards") < order.index("Ana")


def test_the_kings_pick_offers_every_other_effect_as_a_button():
    match = deal(["KH", "KC"])
    match.act(0, {"type": "pick", "pos": 1})
    match.act(0, {"type": "pick", "pos": 2})
    presenter, view, legal = presenter_for("deluxe-memory"), match.view(0), match.legal_actions(0)
    by_place, buttons = targets_by_place(presenter, legal)
    labels = [presenter.action_label(legal[index], view, ["Ana", "Ben"]) for index in buttons]
    assert not by_place and len(labels) == 12 and labels[0].startswith("A: One player gains 1 token")
    effect = areas_by_title(match, 0)["Mixed pair of kings: the King's pick"]
    assert effect.note == "Ana chooses another effect of the Mixed Chart."
    assert [spot.face for spot in effect.spots] == ["KH", "KC"]


def test_the_queens_choices_name_the_players_and_agree_with_you():
    match = deal(["QH", "QC"])
    match.act(0, {"type": "pick", "pos": 1})
    match.act(0, {"type": "pick", "pos": 2})
    presenter, names = presenter_for("deluxe-memory"), ["You", "Ada (Medium)"]
    labels = [presenter.action_label(action, match.view(0), names) for action in match.legal_actions(0)]
    assert labels == ["You give 6 tokens", "Ada (Medium) gives 6 tokens"]
    match.act(0, {"type": "target", "seat": 1})
    effect = areas_by_title(match, 0, names)["Mixed pair of queens: Mixed Chart Q"]
    assert effect.note.endswith("You choose who receives the 6 tokens from Ada (Medium).")
    assert presenter.action_label(match.legal_actions(0)[0], match.view(0), names) == "You receive the 6 tokens"


def test_the_twos_looks_show_the_cards_where_they_went():
    # Mixed 2s at positions 1 and 2; then Ana looks at positions 3 (the 5 of spades) and 4 (the 6 of hearts).
    match = deal(["2S", "2H", "5S", "6H"])
    presenter, memories = presenter_for("deluxe-memory"), {0: {}, 1: {}}
    actions = [{"type": "pick", "pos": 1}, {"type": "pick", "pos": 2}, {"type": "look", "pos": 3}]
    for action in [*actions, {"type": "look", "pos": 4}]:
        since = match.event_count
        match.act(0, action)
        # As the page does: each move's looks replace the last move's.
        shown = {seat: {} for seat in memories}
        for seat, memory in memories.items():
            for event in match.events(seat, since=since):
                shown[seat].update(presenter.looks(event, memory))
    assert shown == {0: {"cell-3": "6H", "cell-4": "5S"}, 1: {}}


def test_the_rearranging_clock_is_sixty_seconds_and_ends_with_done():
    match = deal(["RJ", "BJ"], jokers=True)
    presenter = presenter_for("deluxe-memory")
    assert presenter.deadline(match.view(0)) is None
    match.act(0, {"type": "pick", "pos": 0})
    match.act(0, {"type": "pick", "pos": 1})
    seconds, action = presenter.deadline(match.view(0))
    assert seconds == REARRANGE_SECONDS == 60 and action in match.legal_actions(0)
    match.act(0, {"type": "select", "pos": 2})
    assert presenter.deadline(match.view(0)) == (seconds, action)  # one clock for the whole rearranging
    assert action in match.legal_actions(0)
    grid = areas_by_title(match, 0)["The cards"]
    assert grid.key == "grid swapping"  # the CSS outlines the selected card
    match.act(0, action)
    assert match.view(0)["phase"] == "pick" and match.to_act() == [1]
    assert presenter.deadline(match.view(1)) is None


def test_key_sentences():
    presenter, names = presenter_for("deluxe-memory"), ["Ana", "Ben"]
    assert presenter.describe({"type": "shield", "seat": 1, "cards": ["9S", "9H"]}, names) == (
        "Ben's shield absorbed the loss."
    )
    assert presenter.describe({"type": "look", "seat": 0, "pos": 10, "to": [0]}, names) == (
        "Ana looks at the card at row 2, column 3."
    )
    trap = {"type": "trap", "seat": 1, "matcher": 0, "cards": ["10S", "10H"]}
    assert presenter.describe(trap, names) == "Ben's trap springs: Ben resolves Ana's pair."
    tokens = {"type": "tokens", "seat": 0, "change": -3, "tokens": 17, "bank": 23, "reason": "3"}
    assert presenter.describe(tokens, ["You", "Ben"]) == "You lose 3 tokens (the 3); now 17."
    out = {"type": "out", "seat": 0}
    assert presenter.describe(out, ["You", "Ben"]) == "You have no tokens left and are out."
    assert presenter.result_lines({"tokens": [25, 0]}, names) == ["Ana: 25 tokens", "Ben: 0 tokens"]


@pytest.mark.parametrize(
    ("first", "options", "title"),
    [
        (["7S", "7C"], {"simplicity": True}, "Black pair of 7s"),
        (["7H", "7C"], {"simplicity": True}, "Mixed pair of 7s (Simplicity)"),
        (["AH", "AD"], {}, "Red pair of aces"),
        (["4H", "4C"], {}, "Mixed pair of 4s: Mixed Chart 4"),
    ],
)
def test_the_pair_being_resolved_is_named_by_its_colours(first, options, title):
    rest = [card for card in standard_deck() if card not in first]
    match = new_match("deluxe-memory", 2, {**FIRST_SEAT, "deck": first + rest, **options}, seed=0)
    match.act(0, {"type": "pick", "pos": 1})
    match.act(0, {"type": "pick", "pos": 2})
    assert title in areas_by_title(match, 0)


def test_a_card_being_looked_at_says_who_holds_it():
    match = deal([])
    match.act(0, {"type": "pick", "pos": 1})
    for names, words in ((["Ana", "Ben"], "Ana is looking at it"), (["You", "Ben"], "you are looking at it")):
        spot = areas_by_title(match, 1, names)["The cards"].spots[1]
        assert spot.label == f"row 1, column 2, {words}" and spot.badge == "look" and spot.face == FACE_DOWN


def test_the_put_back_prompt_says_to_tap_a_card():
    presenter = presenter_for("deluxe-memory")
    mine = {"prompt": {"kind": "put_back"}}
    assert presenter.prompt(mine, ["You", "Ben"]).startswith("Tap a card you turned up to put it back face-down")
    waiting = {"prompt": {"kind": "waiting", "seat": 0}}
    assert presenter.prompt(waiting, ["Ana", "You"]) == "Waiting for Ana."  # said to its chooser only


def test_the_prompts_name_the_pair_amount_and_the_player_chosen_first():
    presenter, names = presenter_for("deluxe-memory"), ["Ana", "Ben", "You"]
    said = {
        "black": ({"amount": 12}, "Choose a player to return 12 tokens to the Bank."),
        "give_to": ({"amount": 6, "first": 2}, "Choose the player who receives 6 tokens from you."),
        "jack": ({"first": 1}, "Choose the player who shares tokens equally with Ben."),
        "pick": ({"second": True}, "Pick a second card to look at."),
    }
    for kind, (prompt, words) in said.items():
        assert presenter.prompt({"prompt": {"kind": kind, **prompt}}, names) == words
