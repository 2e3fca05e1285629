"""Cambio on screen: each hand as a 2 × 2 block, the deck, the graveyard, the drawn card, powers and snaps.

Places: ``hand-<seat>-<slot>`` for a card of a hand (peeks, J/Q/K swaps and snaps are played there),
``deck`` and ``graveyard`` (drawing), and ``drawn`` for the card a turn holds. Keeping the drawn card
names only a slot of the player's own hand, with no seat, so it is a button ("Swap for your top left
card"), as are discarding, skipping a power, giving a card after a snap and calling Cambio.

A hand's slots 0 and 1 are its top row and 2 and 3 its bottom row. Penalty slots (4 and up) make more
2 × 2 blocks beside it, each filled in the same order (static/css/games/cambio.css places them): a hand
grows sideways, as the table has more room across than down, and keeps two rows. A penalty slot is
named by its order ("3rd penalty"), which its place does not change.
"""

from __future__ import annotations

import math

from ...cards import is_joker, rank, suit
from ...core import FACE_DOWN
from ...rules.cambio import ENDER_PENALTY, LIMIT, power_of
from ..presenter import Area, Interlude, Presenter, Spot, card_name, seats_across
from ..words import YOU, join_words, objective, possessive, seat_name, waiting_for

BLOCK = 4  # the cards of a 2 × 2 block
SLOT_WORDS = ("top left", "top right", "bottom left", "bottom right")
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# What each power lets its player do: said to that player on the discard button ("Discard the 7 and …"),
# and of them to everyone else ("The 7 gives Ada …", with {their} filled in).
POWER_TEXT = {
    "peek_own": "peek at one of your own cards",
    "peek_other": "peek at another player's card",
    "peek_any": "look at any card, then you may swap two cards",
    "select": "swap two cards without looking",
}
POWER_NOUNS = {
    "peek_own": "a peek at one of {their} own cards",
    "peek_other": "a peek at another player's card",
    "peek_any": "a look at any card, then a swap of two cards if {they} like",
    "select": "a swap of two cards, unseen",
}
# A power's prompt, to the player who discarded its card.
POWER_PROMPTS = {
    "peek_own": "Peek at one of your cards, or skip.",
    "peek_other": "Peek at another player's card, or skip.",
    "peek_any": "Peek at any card on the table, or skip.",
    "select": "Choose the first of two cards to swap, or skip.",
    "swap_with": "Choose the card to swap it with, or skip.",
}
CALL_LATER = "call Cambio"
# Asked once before a call made before the caller's first turn of the round (Presenter.confirm).
EARLY_CALL = "End the round now? You have not had a turn."
SKIP_LABELS = {
    "peek_own": "Skip the peek",
    "peek_other": "Skip the peek",
    "peek_any": "Skip the look",
    "select": "Skip the swap",
    "swap_with": "Don't swap",
}


class CambioPresenter(Presenter):
    """Hands, piles and the drawn card as spots; snaps, powers and the scores as facts and button texts."""

    game = "cambio"
    hint = "Tip: tap the deck to draw; a low hand wins."

    # --- the table --------------------------------------------------------------------------------

    def areas(self, view, names):
        if view["phase"] == "over" and view["rounds"]:
            # Every hand was shown at the end: they stay face up on the final screen, each with its points.
            hands = self._round_end_hands(names, view["rounds"][-1], view["last_hands"])
            return around(view["seat"], hands, self._piles(view, names))
        hands = [self._hand(view, names, seat) for seat in range(len(view["hands"]))]
        return around(view["seat"], hands, self._piles(view, names))

    def _round_end_hands(self, names: list[str], record: dict, hands: list[list]) -> list[Area]:
        """Every hand face up, each with its points, the caller's 30 and a total's drop, by seat."""
        drops = {drop["seat"]: drop for drop in record["drops"]}
        areas = []
        for seat, hand in enumerate(hands):
            spots = [Spot(f"hand-{seat}-{slot}", card, slot_label(names, seat, slot)) for slot, card in enumerate(hand)]
            added = record["points"][seat]
            if record["penalty"] and seat == record["ender"]:
                note = f"{added} + {ENDER_PENALTY} points"
            else:
                note = f"{added} {'point' if added in (1, -1) else 'points'}"
            chips = ["Called Cambio"] if seat == record["ender"] and any(card is not None for card in hand) else []
            if seat in drops:
                chips.append(f"Total {drops[seat]['from']} drops to {drops[seat]['to']}")
            title = f"{seat_possessive(names, seat)} hand"
            areas.append(Area(title, spots, 2 * math.ceil(len(spots) / BLOCK), key="hand", note=note, extra=chips))
        return areas

    def _hand(self, view: dict, names: list[str], seat: int) -> Area:
        shown = hand = view["hands"][seat]
        looking = view.get("looking")
        spots = []
        for slot, face in enumerate(shown):
            if looking and [looking["owner"], looking["slot"]] == [seat, slot]:
                face = looking["card"]  # a black king's look lasts until its swap is decided
            spots.append(Spot(f"hand-{seat}-{slot}", face, slot_label(names, seat, slot)))
        held = sum(1 for face in hand if face is not None)
        chips = []
        if view["lock"] == seat and view["snap_open"]:
            chips.append("No snaps from this hand until a card is drawn")
        final = view.get("final_lap")
        if (final and final["caller"] == seat) or view["called"] == seat:
            chips.append("Called Cambio")
        return Area(
            f"{seat_possessive(names, seat)} hand",
            spots,
            2 * math.ceil(len(spots) / BLOCK),  # two columns for each 2 × 2 block
            key="hand",
            note=f"{held} {'card' if held == 1 else 'cards'}",
            active=seat == view["turn"],
            extra=chips,
        )

    def _piles(self, view: dict, names: list[str]) -> Area:
        size = view["deck_size"]
        deck = Spot(
            "deck",
            FACE_DOWN if size else None,
            "The deck",
            kind="pile",
            badge=str(size),
            face_text=f"{size} {'card' if size == 1 else 'cards'}, face down",
        )
        top = view["graveyard"]
        graveyard = Spot(
            "graveyard",
            top,
            "The graveyard",
            kind="pile",
            badge="Snap!" if view["snap_open"] else str(view["graveyard_size"]),
            face_text=f"{card_name(top)} on top of {view['graveyard_size']}" if top else "empty",
        )
        drawer = seat_name(names, view["turn"])
        drawn = view["drawn"]
        drawn_label = f"The card {drawer} drew" if drawn is not None else "The drawn card"
        drawn_text = {None: "none drawn", FACE_DOWN: f"face down, only {drawer} sees it"}.get(drawn, "")
        spots = [deck, graveyard, Spot("drawn", drawn, drawn_label, kind="pile", face_text=drawn_text)]
        return Area("The table", spots, 3, key="piles", extra=self._snap_chips(view))

    def _snap_chips(self, view: dict) -> list[str]:
        if not view["snap_open"] or view["graveyard"] is None:
            return []
        top = card_name(view["graveyard"])
        if view["seat"] is None:
            return [f"Snap open on the {top}"]
        return [f"Snap open on the {top}: tap a match"]

    # --- words around the table -------------------------------------------------------------------

    def facts(self, view, names):
        facts = [f"Round {view['round']}"]
        pending = view["pending"]
        if pending:
            facts.append(power_sentence(pending["card"], seat_name(names, view["turn"])))
        if view["called"] is not None:
            caller, turn = seat_name(names, view["called"]), whose(names, view["turn"], None)
            facts.append(f"{caller} called Cambio: {turn} turn is played out first")
        give = view["give"]
        if give:
            facts.append(
                f"{seat_name(names, give['seat'])} gives a card, face down, into "
                f"{whose(names, give['owner'], None)} {slot_words(give['slot'])} slot"
            )
        final = view.get("final_lap")
        if final:
            left = join_words([seat_name(names, seat) for seat in final["left"]])
            caller = whose(names, final["caller"], None)
            facts.append(f"Final lap after {caller} Cambio call" + (f": {left} still to play" if left else ""))
        return facts

    def scores(self, view, names):
        return [f"{total} {'point' if total == 1 else 'points'}" for total in view["totals"]]

    def prompt(self, view, names):
        prompt = view["prompt"]
        if prompt["kind"] == "waiting" and prompt.get("may"):
            offers = {"snap": "snap a card of the graveyard top's rank", "call": CALL_LATER}
            may = " or ".join(offers[may] for may in prompt["may"])
            return f"{waiting_for(seat_name(names, prompt['seat']))} You may {may}."
        return super().prompt(view, names)

    def ask(self, prompt, view, names):
        kind = prompt["kind"]
        if kind == "give":
            return f"Give one of your cards, face-down, into {whose(names, prompt['owner'], None)} empty slot."
        if kind == "turn" and prompt["call"]:
            text = "Draw from the deck or the graveyard, or call Cambio."
        elif kind == "turn":
            text = f"{'Final lap: draw' if prompt['final'] else 'Draw'} from the deck or the graveyard."
        elif kind == "decide" and prompt["from"] == "deck":
            text = "Swap the drawn card for one of your cards, or discard it to use its power."
        elif kind == "decide":
            text = "Swap the drawn card for one of your cards."
        else:
            text = POWER_PROMPTS[kind]
        offers = {"snap": "snap", "call": CALL_LATER}
        return text + (f" You may also {' or '.join(offers[may] for may in prompt['may'])}." if prompt["may"] else "")

    def action_label(self, action, view, names):
        kind = action["type"]
        viewer = view["seat"]
        if kind == "draw":
            return "Draw from the deck" if action["source"] == "deck" else f"Take the {card_name(view['graveyard'])}"
        if kind == "cambio":
            own_turn = view["turn"] == viewer and view["phase"] == "turn"
            return "Call Cambio" if own_turn else "Call Cambio (the round ends after this turn)"
        if kind == "swap":
            return f"Swap for your {slot_words(action['slot'])} card"
        if kind == "discard":
            return discard_label(view)
        if kind == "skip":
            return SKIP_LABELS[view["phase"]]
        if kind == "give":  # to whom: the prompt and the facts say, and one line less leaves the cards more room
            return f"Give your {slot_words(action['slot'])} card"
        where = f"{whose(names, action['owner'], viewer)} {slot_words(action['slot'])} card"
        verbs = {"peek": "Peek at", "select": "Pick", "swap_with": "Swap it with", "snap": "Snap"}
        return f"{verbs[kind]} {where}" + (" to swap" if kind == "select" else "")

    def follow(self, event, notes):
        # Who has had a turn this round: the deal names its first player, each later turn its own.
        if event["type"] == "deal":
            notes["played"] = [event["seat"]]
        elif event["type"] == "turn":
            notes.setdefault("played", []).append(event["seat"])

    def minor(self, action, view):
        # A call out of turn ends the round after someone else's turn: offered beside the choices of the moment
        # (the opening peek's "Start the round", a snap), never as the first thing to press.
        return action["type"] == "cambio" and not (view["turn"] == view["seat"] and view["phase"] == "turn")

    def confirm(self, action, view, names, notes):
        if action["type"] == "cambio" and view["seat"] not in notes.get("played", []):
            return EARLY_CALL
        return None

    def looks(self, event, memory):
        if event["type"] == "peek" and "cards" in event:
            return {
                f"hand-{event['owner']}-{slot}": card for slot, card in zip(event["slots"], event["cards"], strict=True)
            }
        if event["type"] == "snap" and not event["right"]:
            # A wrong snap is shown to all before it goes back: keep it up for the look time.
            return {f"hand-{event['owner']}-{event['slot']}": event["card"]}
        return {}

    def interlude(self, events, view, names):
        # A round's end, unless the game ended with it (the result shows then): every hand face up, the points.
        ends = [index for index, event in enumerate(events) if event["type"] == "round_end"]
        if not ends or view["phase"] == "over":
            return None
        record = events[ends[-1]]
        return Interlude(
            f"Round {record['round']} is over",
            round_sentences(record, record["hands"], names),
            "Next round",
            # Where they lay: the middle's cards are gathered for the next deal, so the words go under the table.
            around(view["seat"], self._round_end_hands(names, record, record["hands"])),
            "Every hand is face up, with its points.",
            since=ends[-1] + 1,
        )

    def cue(self, event):
        if event["type"] == "snap":
            return "snap" if event["right"] else "snap-wrong"
        return {"cambio": "call", "peek": "flip", "draw": "flip"}.get(event["type"], "")

    def held_look(self, events):
        # Each round's deal comes with a peek at your two bottom cards: the only look a round gives for free.
        dealt = any(event["type"] == "deal" for event in events)
        if dealt and any(event["type"] == "peek" and "cards" in event for event in events):
            return ("Memorise your two bottom cards, then start the round.", "Start the round")
        return None

    def describe(self, event, names):
        kind = event["type"]
        handler = getattr(self, f"_tell_{kind}", None)
        return handler(event, names) if handler else ""

    def result_lines(self, view, names):
        lines = [f"{name}: {total} points" for name, total in zip(names, view["totals"], strict=True)]
        last = round_sentences(view["rounds"][-1], view["last_hands"], names) if view["rounds"] else []
        return lines + last + [round_line(record, names) for record in view["rounds"]]

    # --- one sentence per event, from the spectator's version (no secret fields) ------------------

    def _tell_deal(self, event, names):
        return f"Round {event['round']} is dealt. First to play: {seat_name(names, event['seat'])}."

    def _tell_turn(self, event, names):
        return f"{seat_possessive(names, event['seat'])} turn."

    def _tell_peek(self, event, names):
        seat, owner = event["seat"], event["owner"]
        slots = join_words([slot_words(slot) for slot in event["slots"]])
        noun = "card" if len(event["slots"]) == 1 else "cards"
        return f"{seat_name(names, seat)} peeked at {whose(names, owner, seat)} {slots} {noun}."

    def _tell_draw(self, event, names):
        who = seat_name(names, event["seat"])
        if event["source"] == "deck":
            return f"{who} drew a card from the deck."
        return f"{who} took the {card_name(event['card'])} from the graveyard."

    def _tell_swap(self, event, names):
        seat = event["seat"]
        who, where = seat_name(names, seat), f"{whose(names, seat, seat)} {slot_words(event['slot'])}"
        thrown = card_name(event["card"])
        if "kept" in event:
            return f"{who} put the {card_name(event['kept'])} in {where} slot and threw away the {thrown}."
        return f"{who} kept the drawn card in {where} slot and threw away the {thrown}."

    def _tell_discard(self, event, names):
        return f"{seat_name(names, event['seat'])} discarded the {card_name(event['card'])}."

    def _tell_power(self, event, names):
        return power_sentence(event["card"], seat_name(names, event["seat"])) + "."

    def _tell_select(self, event, names):
        seat = event["seat"]
        where = f"{whose(names, event['owner'], seat)} {slot_words(event['slot'])} card"
        return f"{seat_name(names, seat)} picked {where} to swap."

    def _tell_swap_cards(self, event, names):
        seat = event["seat"]
        (a_owner, a_slot), (b_owner, b_slot) = event["a"], event["b"]
        first = f"{whose(names, a_owner, seat)} {slot_words(a_slot)} card"
        second = f"{whose(names, b_owner, seat)} {slot_words(b_slot)} card"
        return f"{seat_name(names, seat)} swapped {first} with {second}, unseen."

    def _tell_skip(self, event, names):
        return f"{seat_name(names, event['seat'])} let the {card_name(event['power'])}'s power go."

    def _tell_snap(self, event, names):
        seat = event["seat"]
        who, card = seat_name(names, seat), card_name(event["card"])
        where = f"{whose(names, event['owner'], seat)} {slot_words(event['slot'])} card"
        if event["right"]:
            return f"{who} snapped {where}, the {card}: a match!"
        return f"{who} snapped {where}, the {card}: no match, it goes back."

    def _tell_penalty(self, event, names):
        seat = event["seat"]
        if event["slot"] is None:
            return f"No card is left for {whose(names, seat, None)} penalty."
        return f"{seat_name(names, seat)} took a penalty card, face down."

    def _tell_give(self, event, names):
        seat, owner = event["seat"], event["owner"]
        who = seat_name(names, seat)
        if event["slot"] is None:
            return f"{who} had no card left to give {seat_name(names, owner)}."
        return (
            f"{who} gave {whose(names, seat, seat)} {slot_words(event['slot'])} card, face down, "
            f"into {whose(names, owner, seat)} {slot_words(event['into'])} slot."
        )

    def _tell_reshuffle(self, event, names):
        return f"The graveyard was shuffled into a new deck of {event['deck_size']} cards."

    def _tell_cambio(self, event, names):
        called = f"{seat_name(names, event['seat'])} called Cambio!"
        if "after" in event:  # out of turn, or in the middle of their own turn
            return f"{called} {seat_possessive(names, event['after'])} turn is played out first."
        return called

    def _tell_final_lap(self, event, names):
        return "Final lap: " + join_words([seat_name(names, seat) for seat in event["left"]]) + " play one more turn."

    def _tell_empty_hand(self, event, names):
        return f"{possessive(seat_name(names, event['seat']))} hand is empty."

    def _tell_round_end(self, event, names):
        return f"{round_line(event, names)}. Hands: {hands_text(event['hands'], names)}."

    def _tell_game_over(self, event, names):
        return f"The game is over: a total passed {LIMIT}."


def around(viewer: int | None, hands: list[Area], middle: Area | None = None) -> list[Area]:
    """The hands as the players sit: the others across the table first, then the middle (if any), then the hand of
    the seat on screen nearest its player."""
    middle_area = [middle] if middle is not None else []
    mine = [hands[viewer]] if viewer is not None else []
    return [hands[seat] for seat in seats_across(viewer, len(hands))] + middle_area + mine


def slot_label(names: list[str], seat: int, slot: int) -> str:
    """Where a card of a hand is: "Ada's hand, top left"."""
    return f"{seat_possessive(names, seat)} hand, {slot_words(slot)}"


def slot_words(slot: int) -> str:
    """Which slot of its hand: "top left" … "bottom right", then the penalty slots in order, "1st penalty"…"""
    if slot < len(SLOT_WORDS):
        return SLOT_WORDS[slot]
    return f"{ordinal(slot - len(SLOT_WORDS) + 1)} penalty"


def ordinal(number: int) -> str:
    """ "1st", "2nd", "3rd", "4th", … "11th", "12th", "13th", "21st"…"""
    suffix = "th" if number % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def seat_possessive(names: list[str], seat: int) -> str:
    """The possessive of ``seat``'s name ("Ada's", "Your")."""
    return possessive(seat_name(names, seat))


def whose(names: list[str], owner: int, seat: int | None) -> str:
    """How ``seat`` (an actor, or the viewer) speaks of ``owner``'s cards: "your", "their own" or "Ada's"."""
    if owner == seat:
        return "your" if seat_name(names, seat) == YOU else "their own"
    return possessive(seat_name(names, owner), start=False)


def discard_label(view: dict) -> str:
    """The discard button: what the drawn card's power will let its player do, so nobody has to know it."""
    card = view["drawn"]
    if view["drawn_from"] != "deck":
        return f"Put the {card_name(card)} back"
    power = power_of(card)
    name = card_name(card)
    return f"Discard the {name} and {POWER_TEXT[power]}" if power else f"Discard the {name} (no power)"


def power_sentence(card: str, who: str) -> str:
    """What a discarded card's power gives its player: "The 7 of spades gives Ada a peek at one of their own cards"."""
    you = who == YOU
    noun = POWER_NOUNS[power_of(card)].format(their="your" if you else "their", they="you" if you else "they")
    return f"The {card_name(card)} gives {'you' if you else who} {noun}"


def round_line(record: dict, names: list[str]) -> str:
    """A round's scores: what each seat added and its new total, with the ender's penalty and any drop."""
    drops = {drop["seat"]: drop for drop in record["drops"]}
    parts = []
    for seat, (points, total) in enumerate(zip(record["points"], record["totals"], strict=True)):
        penalty = f" + {ENDER_PENALTY}" if record["penalty"] and seat == record["ender"] else ""
        drop = f", landed on {drops[seat]['from']}" if seat in drops else ""
        parts.append(f"{seat_name(names, seat)} {points}{penalty} (total {total}{drop})")
    ender = seat_name(names, record["ender"])
    return f"Round {record['round']}, ended by {ender}: " + ", ".join(parts)


def round_sentences(record: dict, hands: list[list], names: list[str]) -> list[str]:
    """A round's end in words: whether the player who ended it takes the 30 more points, and each total that
    landed on 50 or 100 ("Ana called Cambio, but your hand was lower: 30 more points for Ana.")."""
    ender, points = record["ender"], record["points"]
    who = seat_name(names, ender)
    called = any(card is not None for card in hands[ender])
    did = "called Cambio" if called else f"emptied {whose(names, ender, ender)} hand"
    if record["penalty"]:
        rival = min((seat for seat in range(len(points)) if seat != ender), key=lambda seat: points[seat])
        low = "as low" if points[rival] == points[ender] else "lower"
        rival_hand = possessive(seat_name(names, rival), start=False)
        first = f"{who} {did}, but {rival_hand} hand was {low}: {ENDER_PENALTY} more points for {objective(who)}."
    else:
        first = f"{who} {did} and had the lowest hand: no penalty."
    drops = [
        f"{seat_possessive(names, drop['seat'])} total landed on {drop['from']} and drops to {drop['to']}."
        for drop in record["drops"]
    ]
    return [first, *drops]


def hands_text(hands: list[list], names: list[str]) -> str:
    """Every hand as shown at a round's end, in short card names: "Ada: 5♥ K♣ –"."""
    return "; ".join(
        f"{seat_name(names, seat)}: {' '.join(short_name(card) for card in hand)}" for seat, hand in enumerate(hands)
    )


def short_name(card: str | None) -> str:
    """A card in two or three characters ("10♥", "K♣"; jokers in words); an empty slot is a dash."""
    if card is None:
        return "–"
    if is_joker(card):
        return card_name(card)
    return rank(card) + SUIT_SIGNS[suit(card)]


PRESENTER = CambioPresenter()
