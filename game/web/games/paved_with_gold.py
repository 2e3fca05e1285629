"""Paved with Gold on screen: the 5 × 5 square, the stock, the cards in hand, the claim, and each seat's winnings.

A picked-up card leaves the square: its place shows an empty outline marked "held", and the card
sits in the hand area, face up for its holder (the view shows it to them) and face down for
everyone else. A claim's cards are turned up in the square; once the claim is settled they leave
at once, so the settling events keep them up for the look time, as Concentration does with a pair.
"""

from __future__ import annotations

from ...core import FACE_DOWN
from ...rules.paved_with_gold import COLS, COMBOS, END_LIMIT
from ..presenter import Area, Presenter, Spot, card_name
from ..words import first_to_play, join_words, possessive, seat_name, verb

HAND_SLOTS = 2
COMBO_NAMES = {
    "pair": "pair",
    "three": "three of a kind",
    "flush": "flush",
    "run": "run",
    "prime": "prime",
    "five_colour": "five of a colour",
}
# What each combination is, for the claim buttons: "Claim a flush (3 of a suit, 9 points)".
COMBO_HINTS = {
    "pair": "2 of a rank",
    "three": "3 of a rank",
    "flush": "3 of a suit",
    "run": "3 in sequence",
    "prime": "one of each suit",
    "five_colour": "5 red or 5 black",
}
# The events that settle a claim (or the end claim): the cards they name leave the square right after.
SETTLING = ("claim_true", "claim_false", "bonus", "claim_none")


def combo_words(combo: str) -> str:
    """A combination with its article: "a flush", "three of a kind", "five of a colour"."""
    name = COMBO_NAMES[combo]
    return f"a {name}" if combo in ("pair", "flush", "run", "prime") else name


def cards_words(cards: list[str]) -> str:
    """ "the 7 of hearts and the 9 of clubs"."""
    return join_words([f"the {card_name(card)}" for card in cards])


def owner_words(view: dict, names: list[str], seat: int) -> str:
    """ "Your" for the seat on screen, "Ben's" for another."""
    return "Your" if seat == view["seat"] else possessive(seat_name(names, seat))


def count_words(count: int, thing: str) -> str:
    """ "1 card", "3 cards"."""
    return f"{count} {thing}{'' if count == 1 else 's'}"


class PavedWithGoldPresenter(Presenter):
    """The square and its stock, the hand of the player whose turn it is, and what each seat has won."""

    game = "paved-with-gold"
    hint = "Tip: tap cards in the square to pick them up, then claim a combination."

    def areas(self, view, names):
        return [
            self._square(view, names),
            self._stock(view),
            self._hand(view, names),
            *(self._winnings(view, names, seat) for seat in range(len(names))),
        ]

    def _square(self, view, names) -> Area:
        """The 5 × 5 square, with the claim (if any) in its note."""
        rows, cols = view["rows"], view["cols"]
        held = set(view["picked"])
        mine = view["turn"] == view["seat"]
        where = "in your hand" if mine else f"in {owner_words(view, names, view['turn'])} hand"
        spots = []
        for pos in self.grid_spots(rows, cols):
            face = view["cells"][pos]
            if pos in held:
                # Picked up: the card is in its holder's hand, so its place in the square is empty for now.
                spots.append(
                    Spot(f"cell-{pos}", None, self.grid_label(pos, cols), badge="held", face_text=f"picked up, {where}")
                )
            else:
                spots.append(Spot(f"cell-{pos}", face, self.grid_label(pos, cols)))
        note = self._claim_note(view, names)
        return Area("The square", spots, self.grid_columns(rows, cols), key="grid", note=note)

    def _stock(self, view) -> Area:
        """The stock: one face-down pile with its count."""
        count = view["stock"]
        words = f"{count_words(count, 'card')} face down" if count else "empty"
        badge = str(count) if count else ""
        spot = Spot("stock", FACE_DOWN if count else None, "the stock", kind="pile", badge=badge, face_text=words)
        return Area("Stock", [spot], 1, key="piles", note=count_words(count, "card") if count else "Empty")

    def _hand(self, view, names) -> Area:
        """The cards the player whose turn it is holds: faces for them, backs for everyone else."""
        mine = view["turn"] == view["seat"]
        owner = owner_words(view, names, view["turn"])
        picked = view["picked"]
        spots = []
        for slot in range(HAND_SLOTS):
            label = f"{owner} hand, card {slot + 1}"
            if slot < len(picked):
                pos = picked[slot]
                label += f", picked up from {self.grid_label(pos, view['cols'])}"
                spots.append(Spot(f"held-{slot}", view["cells"][pos], label))
            else:
                spots.append(Spot(f"held-{slot}", None, label))
        if view["phase"] != "pick":
            note = "Nothing picked up."
        elif view["announced"] and len(picked) < HAND_SLOTS:
            note = "A pair is announced: two cards to pick up."
        else:
            note = "Only you see these cards." if mine else "Held in secret."
        return Area(f"{owner} hand", spots, HAND_SLOTS, key="hand", note=note, active=view["phase"] == "pick")

    def _winnings(self, view, names, seat) -> Area:
        """What ``seat`` has gained, face up: the cards of true claims, then the bonus cards."""
        owner = owner_words(view, names, seat)
        won, bonus = view["won"][seat], view["bonus"][seat]
        spots = [
            Spot(f"won-{seat}-{index}", card, f"{owner} won cards, card {index + 1}") for index, card in enumerate(won)
        ]
        # Bonus cards come after the won ones; the game's CSS edges them in gold (their place is "bonus-...").
        spots += [
            Spot(f"bonus-{seat}-{index}", card, f"{owner} bonus cards, card {index + 1}")
            for index, card in enumerate(bonus)
        ]
        note = f"{view['points'][seat]} points from claims · {count_words(len(bonus), 'bonus card')}"
        if bonus:
            note += ", edged in gold"
        return Area(f"{owner} cards", spots, max(1, len(spots)), key="winnings", note=note, active=seat == view["turn"])

    def _claim_note(self, view, names) -> str:
        """What the claim on the table is, if any: the combination and how far it has been shown."""
        claim = view["claim"]
        who = seat_name(names, view["turn"])
        if view["phase"] == "pick" and view["announced"]:
            return f"{who} announced a pair."
        if claim is None:
            return ""
        if claim["combo"] is None:
            return f"{who} claimed that no combination is left, but one is."
        shown, size = len(claim["pos"]), COMBOS[claim["combo"]][0]
        if view["phase"] == "give":
            return f"{possessive(who)} claim of {combo_words(claim['combo'])} was false."
        return f"{who} {verb(who, 'claims')} {combo_words(claim['combo'])}: {shown} of {size} cards shown."

    def ask(self, prompt, view, names):
        kind = prompt["kind"]
        if kind == "start":
            if prompt["end_claim"]:
                return "Pick up a card, announce a pair, or claim that no combination is left."
            return "Pick up a card, or announce a pair before picking up two."
        if kind == "pick":
            if prompt["announced"]:
                return f"Pick up the {'first' if prompt['held'] == 0 else 'second'} card of your pair."
            if prompt["held"] == 1:
                return "Pick up a second card, put the card back, or name the combination you claim."
            return "Put the cards back, or name the combination you claim."
        if kind == "turn_up":
            return f"Turn up {count_words(prompt['left'], 'more card')} for your {COMBO_NAMES[prompt['combo']]}."
        return f"Choose the opponent who gets the {count_words(prompt['cards'], 'card')} as bonus cards."

    def facts(self, view, names):
        occupied = sum(1 for face in view["cells"] if face is not None)
        facts = [f"{count_words(occupied, 'card')} in the square"]
        if not view["stock"] and occupied < END_LIMIT and view["phase"] != "over":
            facts.append("A player may now claim, at the start of a turn, that no combination is left.")
        return facts

    def scores(self, view, names):
        return [count_words(score, "point") for score in view["scores"]]

    def action_label(self, action, view, names):
        kind = action["type"]
        if kind == "pick":
            return f"Pick up the card at {self.grid_label(action['pos'], view['cols'])}"
        if kind == "turn_up":
            return f"Turn up the card at {self.grid_label(action['pos'], view['cols'])}"
        if kind == "announce_pair":
            return "Announce a pair"
        if kind == "put_back":
            return "Put the card back" if len(view["picked"]) == 1 else "Put both cards back"
        if kind == "claim":
            combo = action["combo"]
            score = COMBOS[combo][1]
            return f"Claim {combo_words(combo)} ({COMBO_HINTS[combo]}, {score} points)"
        if kind == "claim_none":
            return "Claim that no combination is left"
        if kind == "give":
            count = len(view["claim"]["pos"]) if view.get("claim") else 0
            return f"Give the {count_words(count, 'card')} to {seat_name(names, action['seat'])}"
        return super().action_label(action, view, names)

    def looks(self, event, memory):
        # A held card needs no look: the view shows it to its holder for as long as it is held. A settled
        # claim's cards leave the square at once, so keep them up for a moment where they lay.
        if event["type"] in SETTLING:
            return {f"cell-{pos}": card for pos, card in zip(event["pos"], event["cards"], strict=True)}
        return {}

    def cue(self, event):
        cues = {"turn_up": "flip", "pick": "flip", "claim_true": "pair", "claim_false": "snap-wrong"}
        return cues.get(event["type"], "")

    def describe(self, event, names):
        who = seat_name(names, event.get("seat"))
        claims = f"{who} {verb(who, 'claims')}"
        kind = event["type"]
        if kind == "deal":
            dealt = f"The square is dealt face-down; {event['stock']} cards make the stock."
            return dealt + first_to_play(names, event["first"])
        if kind == "announce":
            return f"{who} announced a pair."
        if kind == "pick":
            return f"{who} picked up the card at {self.grid_label(event['pos'], COLS)}."
        if kind == "put_back":
            return f"{who} put {count_words(len(event['pos']), 'card')} back."
        if kind == "claim":
            return f"{claims} {combo_words(event['combo'])}, showing {cards_words(event['cards'])}."
        if kind == "turn_up":
            return f"{who} turned up the {card_name(event['card'])}."
        if kind in ("claim_true", "claim_false"):
            verdict = f"true: {count_words(event['points'], 'point')}" if kind == "claim_true" else "false"
            return f"{possessive(who)} claim of {combo_words(event['combo'])} is {verdict}."
        if kind == "bonus":
            recipient = seat_name(names, event["recipient"])
            return f"{recipient} {verb(recipient, 'gets')} {cards_words(event['cards'])} as bonus cards."
        if kind == "refill":
            return f"The stock fills {count_words(len(event['pos']), 'gap')}; {event['stock']} left in it."
        if kind == "claim_none":
            last = "the last card is" if len(event["cards"]) == 1 else "the last cards are"
            return f"{claims} that no combination is left; {last} {cards_words(event['cards'])}."
        if kind in ("claim_none_right", "claim_none_wrong"):
            verdict = "right: no combination is left" if kind == "claim_none_right" else "wrong: a combination is left"
            return f"{who} {verb(who, 'was')} {verdict}."
        return ""

    def result_lines(self, view, names):
        return [
            f"{name}: {count_words(score, 'point')} ({points} from claims, {count_words(len(bonus), 'bonus card')})"
            for name, score, points, bonus in zip(names, view["scores"], view["points"], view["bonus"], strict=True)
        ]


PRESENTER = PavedWithGoldPresenter()
