"""Cambio's presenter: every phase renders, no seat is shown a card it may not see, every action is reachable."""

from __future__ import annotations

import random
import re

import pytest

from game import new_match
from game.bots import new_bot
from game.cards import standard_deck
from game.web.games import presenter_for
from game.web.games.cambio import round_sentences, short_name
from game.web.presenter import card_name
from game.web.render import Frame, render_table, targets_by_place
from tests.support import FIRST_SEAT, fixed_deck, hidden_ids

PRESENTER = presenter_for("cambio")
CARDS = standard_deck(jokers=True)
PHASES = {"turn", "decide", "peek_own", "peek_other", "peek_any", "select", "swap_with", "give", "over"}
KEY_EVENTS = {"deal", "peek", "draw", "swap", "discard", "power", "snap", "penalty", "cambio", "round_end"}
# Cards in words ("king of clubs", in labels and the log) and in short ("K♣", in the facts' hand lists).
CARD_BY_NAME = {card_name(card): card for card in CARDS} | {short_name(card): card for card in CARDS}
ANY_CARD_NAME = re.compile(r"(?<!\w)(" + "|".join(re.escape(name) for name in CARD_BY_NAME) + r")(?!\w)")
ARIA_LABEL = re.compile(r'aria-label="([^"]*)"')
TAG = re.compile(r"<[^>]+>")


def names_for(players: int) -> list[str]:
    return ["You"] + [f"Bot {seat}" for seat in range(1, players)]


def cards_named(html: str) -> set[str]:
    """The cards whose names ("king of clubs", "K♣") appear in the HTML's text or its aria-labels."""
    words = " | ".join(ARIA_LABEL.findall(html)) + " | " + TAG.sub(" ", html)
    return {CARD_BY_NAME[name] for name in ANY_CARD_NAME.findall(words)}


class Playout:
    """A match played by bots with random moves mixed in, checking every seat's screen after each step."""

    def __init__(self, players: int, seed: int, randomness: float, options: dict):
        self.match = new_match("cambio", players=players, options=options, seed=seed)
        self.names = names_for(players)
        self.rng = random.Random(seed)
        self.randomness = randomness
        levels = ["easy", "medium", "hard", "perfect"]
        self.bots = [new_bot("cambio", levels[(seed + seat) % 4], seed=f"{seed}/{seat}") for seat in range(players)]
        self.bot_seen = [0] * players
        self.phases: set[str] = set()
        self.events: set[str] = set()

    def play(self, max_steps: int = 4000) -> None:
        for _ in range(max_steps):
            if self.match.result() is not None:
                break
            since = self.match.event_count
            seat, action = self.choose()
            self.match.act(seat, action)
            for seat_on_screen in [*range(self.match.players), None]:
                self.check_screen(seat_on_screen, since)
            self.events |= {event["type"] for event in self.match.events(None, since=since)}
        assert self.match.result() is not None, "the playout did not end"

    def choose(self) -> tuple[int, dict]:
        acting = self.match.to_act()
        if self.rng.random() < self.randomness:
            seat = self.rng.choice(acting)
            return seat, self.rng.choice(self.match.legal_actions(seat))
        for seat in self.rng.sample(acting, len(acting)):
            news = self.match.events(seat, since=self.bot_seen[seat])
            self.bot_seen[seat] = self.match.event_count
            action = self.bots[seat].choose(self.match.view(seat), news)
            # A bot's slip (an illegal choice) is not this test's business: a random move stands in for it.
            if action is not None and action in self.match.legal_actions(seat):
                return seat, action
        seat = acting[0]
        return seat, self.rng.choice(self.match.legal_actions(seat))

    def check_screen(self, seat: int | None, since: int) -> None:
        match = self.match
        view = match.view(seat)
        self.phases.add(view["phase"])
        legal = match.legal_actions(seat) if seat is not None else []
        reveals: dict[str, str] = {}
        for event in match.events(seat, since=since):
            reveals.update(PRESENTER.looks(event, {}))
        rendered = render_table(PRESENTER, Frame(view, self.names, legal, reveals, {}))
        allowed = hidden_ids(view) | set(reveals.values())
        shown = {face for face in rendered.faces.values() if isinstance(face, str) and face in CARDS}
        assert shown <= allowed, f"seat {seat} is shown {shown - allowed}"
        assert cards_named(rendered.html) <= allowed, f"seat {seat} reads {cards_named(rendered.html) - allowed}"
        places = {spot.place for area in PRESENTER.areas(view, self.names) for spot in area.spots}
        for action in legal:
            place = PRESENTER.place_of(action)
            assert place is None or place in places, f"{action} has no spot"
            assert PRESENTER.action_label(action, view, self.names).strip()


@pytest.mark.parametrize("players", [2, 3, 5])
def test_playouts_reach_every_phase_and_never_show_a_card_a_seat_may_not_see(players):
    phases: set[str] = set()
    events: set[str] = set()
    for seed in range(3):
        # Calls on one's own turn only make longer rounds, with more snaps and gifts to show.
        playout = Playout(players, seed, randomness=0.15, options={"call": ("any time", "own turn")[seed % 2]})
        playout.play()
        phases |= playout.phases
        events |= playout.events
    assert phases >= PHASES
    assert events >= KEY_EVENTS


def test_the_leak_check_catches_a_card_shown_where_it_may_not_be():
    match = new_match("cambio", players=2, seed=1)
    view = match.view(0)
    secret = match.events(1)[2]["cards"][0]  # seat 1's own initial peek
    rendered = render_table(PRESENTER, Frame(view, names_for(2), [], {"hand-1-2": secret}, {}))
    assert secret in cards_named(rendered.html) - hidden_ids(view)


def test_card_names_are_found_in_words_and_in_short():
    assert cards_named("Ada: K♣ 10♥ –; the 2 of spades, the red joker") == {"KC", "10H", "2S", "RJ"}
    assert cards_named("row 3 left, 2nd penalty, 4 cards, 10 points") == set()


def test_hands_are_two_by_two_blocks_and_penalty_slots_make_more_blocks_beside_them():
    deck = fixed_deck([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]], "9C", ["KD"])
    match = new_match("cambio", players=2, options={**FIRST_SEAT, "deck": deck}, seed=0)
    match.act(0, {"type": "draw", "source": "deck"})
    match.act(0, {"type": "swap", "slot": 0})  # the 2S goes on the graveyard: snaps are open
    match.act(1, {"type": "snap", "owner": 0, "slot": 1})  # 3S: wrong, Bot 1 takes a penalty card
    view = match.view(0)
    areas = PRESENTER.areas(view, names_for(2))
    assert [area.title for area in areas] == ["Bot 1's hand", "The table", "Your hand"]
    theirs = areas[0]
    assert theirs.columns == 4 and len(theirs.spots) == 5  # a second block, for the penalty card
    assert areas[2].columns == 2
    assert [spot.label for spot in theirs.spots] == [
        "Bot 1's hand, top left",
        "Bot 1's hand, top right",
        "Bot 1's hand, bottom left",
        "Bot 1's hand, bottom right",
        "Bot 1's hand, 1st penalty",
    ]
    assert "No snaps from this hand until a card is drawn" in areas[2].extra


def test_a_snap_window_is_announced_and_snaps_are_labelled_by_where_they_go():
    deck = fixed_deck([["2S", "3S", "KS", "KC"], ["2H", "3H", "4H", "5H"]], "9C", ["2D"])
    match = new_match("cambio", players=2, options={**FIRST_SEAT, "deck": deck}, seed=0)
    match.act(0, {"type": "draw", "source": "deck"})
    match.act(0, {"type": "swap", "slot": 3})  # the king of clubs goes on the graveyard; Bot 1's turn
    view = match.view(0)
    names = names_for(2)
    assert view["turn"] == 1
    table = PRESENTER.areas(view, names)[1]
    assert table.extra == ["Snap open on the king of clubs: tap a match"]
    legal = match.legal_actions(0)
    labels = {PRESENTER.action_label(action, view, names) for action in legal}
    assert {"Snap your bottom left card", "Snap Bot 1's top right card"} <= labels
    by_place, buttons = targets_by_place(PRESENTER, legal)
    assert "hand-0-2" in by_place and "hand-1-0" in by_place
    # The call is a button out of turn too (the option "call" is "any time" by default).
    assert [legal[index] for index in buttons] == [{"type": "cambio"}]
    assert PRESENTER.action_label(legal[buttons[0]], view, names) == "Call Cambio (the round ends after this turn)"
    html = render_table(PRESENTER, Frame(view, names, legal, {}, {})).html
    assert 'data-pos="hand-0-2" data-legal="true"' in html
    match.act(0, {"type": "snap", "owner": 0, "slot": 2})
    view = match.view(0)
    assert PRESENTER.areas(view, names)[1].extra == ["Snap open on the king of spades: tap a match"]
    assert view["hands"][0][2] is None


def test_a_call_out_of_turn_is_a_button_then_a_fact_a_chip_and_a_log_line():
    deck = fixed_deck([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]], "9C", ["6D"])
    match = new_match("cambio", players=2, options={**FIRST_SEAT, "deck": deck}, seed=0)
    names = names_for(2)
    assert PRESENTER.action_label({"type": "cambio"}, match.view(0), names) == "Call Cambio"  # your turn, undrawn
    match.act(0, {"type": "draw", "source": "deck"})
    view = match.view(1)
    labels = [PRESENTER.action_label(action, view, names) for action in match.legal_actions(1)]
    assert "Call Cambio (the round ends after this turn)" in labels
    match.act(1, {"type": "cambio"})
    view = match.view(0)
    assert "Bot 1 called Cambio: your turn is played out first" in PRESENTER.facts(view, names)
    assert "Called Cambio" in PRESENTER.areas(view, names)[0].extra
    call = match.events(None)[-1]
    assert PRESENTER.describe(call, names) == "Bot 1 called Cambio! Your turn is played out first."
    assert {"type": "cambio"} not in match.legal_actions(0)  # one call a round: no button now


def test_the_drawn_card_shows_to_its_drawer_and_the_discard_button_says_its_power():
    deck = fixed_deck([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]], "9C", ["9D"])
    match = new_match("cambio", players=2, options={**FIRST_SEAT, "deck": deck}, seed=0)
    match.act(0, {"type": "draw", "source": "deck"})
    names = names_for(2)
    mine = PRESENTER.areas(match.view(0), names)[1].spots[2]
    theirs = PRESENTER.areas(match.view(1), names)[1].spots[2]
    assert (mine.place, mine.face, theirs.face) == ("drawn", "9D", "down")
    assert theirs.label == "The card You drew" and "only You sees it" in theirs.face_text
    view = match.view(0)
    labels = [PRESENTER.action_label(action, view, names) for action in match.legal_actions(0)]
    assert "Discard the 9 of diamonds and peek at another player's card" in labels
    assert "Swap for your top left card" in labels
    match.act(0, {"type": "discard"})
    view = match.view(0)
    assert "The 9 of diamonds gives you a peek at another player's card" in PRESENTER.facts(view, names)
    assert PRESENTER.action_label({"type": "skip"}, view, names) == "Skip the peek"
    assert PRESENTER.action_label({"type": "peek", "owner": 1, "slot": 2}, view, names) == (
        "Peek at Bot 1's bottom left card"
    )


def test_peeks_are_private_looks_at_their_places_and_a_wrong_snap_shows_for_a_moment():
    match = new_match("cambio", players=2, seed=4)
    mine, theirs = match.events(0)[1], match.events(0)[2]
    assert PRESENTER.looks(mine, {}) == dict(zip(["hand-0-2", "hand-0-3"], mine["cards"], strict=True))
    assert PRESENTER.looks(theirs, {}) == {}  # seat 1's peek, as seat 0 saw it: no cards
    wrong = {"type": "snap", "seat": 1, "owner": 0, "slot": 1, "card": "7H", "right": False}
    assert PRESENTER.looks(wrong, {}) == {"hand-0-1": "7H"}


def test_the_log_tells_every_key_event_without_secrets():
    deck = fixed_deck([["2S", "3S", "KS", "KC"], ["2H", "3H", "4H", "5H"]], "9C", ["7D", "QD"])
    match = new_match("cambio", players=2, options={**FIRST_SEAT, "deck": deck}, seed=0)
    names = names_for(2)
    match.act(0, {"type": "draw", "source": "deck"})
    match.act(0, {"type": "discard"})
    match.act(0, {"type": "peek", "owner": 0, "slot": 0})
    match.act(1, {"type": "draw", "source": "deck"})
    match.act(1, {"type": "swap", "slot": 0})
    match.act(0, {"type": "snap", "owner": 1, "slot": 1})  # the 3 of hearts on the 2 of hearts: wrong
    match.act(0, {"type": "cambio"})  # Bot 1's swap ended its turn: the wrong snap was made in You's turn
    lines = {}
    for event in match.events(None):
        line = PRESENTER.describe(event, names)
        assert cards_named(line) <= hidden_ids(event), line
        lines.setdefault(event["type"], []).append(line)
    assert lines["turn"][:2] == ["Your turn.", "Bot 1's turn."]
    assert lines["draw"][0] == "You drew a card from the deck."
    assert lines["power"] == ["The 7 of diamonds gives you a peek at one of your own cards."]
    assert lines["peek"][2] == "You peeked at your top left card."
    assert lines["swap"] == ["Bot 1 kept the drawn card in their own top left slot and threw away the 2 of hearts."]
    assert lines["snap"] == ["You snapped Bot 1's top right card, the 3 of hearts: no match, it goes back."]
    assert lines["penalty"] == ["You took a penalty card, face down."]
    assert lines["cambio"] == ["You called Cambio!"]
    assert lines["round_end"][0].startswith("Round 1, ended by You: You ")
    assert all(line.strip() for kind in KEY_EVENTS & set(lines) for line in lines[kind])


def test_round_scores_and_totals_show_while_playing_and_on_the_result_screen():
    match = new_match("cambio", players=2, options=FIRST_SEAT, seed=2)
    names = names_for(2)
    while match.result() is None:
        match.act(match.view(0)["turn"], {"type": "cambio"})
    view = match.view(0)
    rounds = view["rounds"]
    assert PRESENTER.scores(view, names) == [f"{total} points" for total in view["totals"]]
    lines = PRESENTER.result_lines(view, names)
    assert lines[:2] == [f"You: {view['totals'][0]} points", f"Bot 1: {view['totals'][1]} points"]
    last = round_sentences(rounds[-1], view["last_hands"], names)  # how the last round ended, in words
    assert lines[2 : 2 + len(last)] == last and len(lines) == 2 + len(last) + len(rounds)
    first = rounds[0]
    assert lines[2 + len(last)] == (
        f"Round 1, ended by You: You {first['points'][0]}{' + 30' if first['penalty'] else ''}"
        f" (total {first['totals'][0]}), Bot 1 {first['points'][1]} (total {first['totals'][1]})"
    )
    assert PRESENTER.facts(view, names) == [f"Round {view['round']}"]  # the round's end is a moment, not a fact
    # On the final screen the last hands lie face up, each with its points.
    yours = PRESENTER.areas(view, names)[-1]
    assert [spot.face for spot in yours.spots] == view["last_hands"][0]
    assert yours.note.startswith(f"{rounds[-1]['points'][0]} ")


def test_the_peek_of_each_deal_is_held_until_the_player_starts_the_round():
    match = new_match("cambio", 2, FIRST_SEAT, seed=3)
    dealt = match.events(0)
    held = PRESENTER.held_look(dealt)
    assert held == ("Memorise your two bottom cards, then start the round.", "Start the round")
    match.act(0, {"type": "draw", "source": "deck"})
    assert PRESENTER.held_look(match.events(0, since=len(dealt))) is None  # later looks end with the look time
    looks = {place: card for event in dealt for place, card in PRESENTER.looks(event, {}).items()}
    html = render_table(
        PRESENTER, Frame(match.view(0), names_for(2), match.legal_actions(0), looks, {}, held=held[1])
    ).html
    assert '<button type="button" class="primary" data-command="done-looking" data-legal="true">Start the round' in html
    assert "Done looking" not in html


def test_the_prompts_say_what_else_a_player_may_do_meanwhile():
    presenter, names = presenter_for("cambio"), ["Ana", "Ben", "Cleo"]

    def said(**prompt):
        return presenter.prompt({"prompt": prompt}, names)

    assert said(kind="waiting", seat=0, may=["snap", "call"]) == (
        "Waiting for Ana. You may snap a card of the graveyard top's rank or call Cambio."
    )
    assert said(kind="decide", **{"from": "deck"}, may=["snap", "call"]) == (
        "Swap the drawn card for one of your cards, or discard it to use its power. You may also snap or call Cambio."
    )
    assert said(kind="waiting", seat=0) == "Waiting for Ana."
    assert said(kind="give", owner=1) == "Give one of your cards, face-down, into Ben's empty slot."
    assert said(kind="turn", call=False, final=True, may=[]) == "Final lap: draw from the deck or the graveyard."


def test_a_call_out_of_turn_is_a_quiet_button_that_asks_first_before_the_callers_first_turn():
    match = new_match("cambio", players=2, options=FIRST_SEAT, seed=3)
    names, call, notes = names_for(2), {"type": "cambio"}, {}
    for event in match.events(None):
        PRESENTER.follow(event, notes)
    # Bot 1 has not played yet; you (seat 0) play first, and calling on your own turn is a choice like the others.
    assert PRESENTER.minor(call, match.view(1)) and not PRESENTER.minor(call, match.view(0))
    assert PRESENTER.confirm(call, match.view(1), names, notes) == "End the round now? You have not had a turn."
    assert PRESENTER.confirm(call, match.view(0), names, notes) is None
    html = render_table(PRESENTER, Frame(match.view(1), names, match.legal_actions(1), {}, {})).html
    assert re.search(r'<div class="minor-actions"[^>]*><button type="button" class="action minor"', html)
    assert 'class="actions"' not in html  # nothing else to press: no choices of the moment
    since = match.event_count
    match.act(0, {"type": "draw", "source": "deck"})
    match.act(0, {"type": "swap", "slot": 0})  # Bot 1's turn now
    for event in match.events(None, since=since):
        PRESENTER.follow(event, notes)
    assert PRESENTER.confirm(call, match.view(1), names, notes) is None


def test_snaps_and_calls_make_their_sounds():
    assert PRESENTER.cue({"type": "snap", "right": True}) == "snap"
    assert PRESENTER.cue({"type": "snap", "right": False}) == "snap-wrong"
    assert PRESENTER.cue({"type": "cambio", "seat": 1}) == "call"
    assert PRESENTER.cue({"type": "turn", "seat": 1}) == ""
