"""Deluxe Memory on screen: the 7 × 8 grid, each player's tokens, shields and traps, the Bank, and the Mixed Chart.

The players sit around the grid: the others above it, the seat on screen below it, each with their
tokens and the shields and traps kept in front of them. While a pair is being resolved, an area shows
the pair and says, with names, what is being chosen (who gains, which square, the King's pick...);
choices of a player are buttons that name the outcome ("Ben loses 3 tokens"). Jokin' Around's
rearranging has a 60-second clock (:meth:`DeluxeMemoryPresenter.deadline`).
"""

from __future__ import annotations

from ...cards import colour, is_joker, rank, rank_number
from ...rules.deluxe_memory import COLS, EXTRA_TURN_PRICE, card_positions
from ..presenter import RANK_NAMES, Area, Presenter, Spot, card_name, seats_across
from ..words import YOU, does, first_to_play, join_words, objective, possessive, seat_name, verb

REARRANGE_SECONDS = 60
REARRANGE_PHASES = ("rearrange", "rearrange_swap")

# The Mixed Chart, one line per rank, for the effect area and the King's pick buttons.
CHART_TEXT = {
    "A": "one player gains 1 token, one loses 1; reveal a card",
    "2": "look at two cards; they swap places",
    "3": "reveal up to 4 cards; a 3 or three of a kind: up to 3 players lose 3 tokens",
    "4": "a 2 × 2 square: look at two of its cards, reveal the others",
    "5": "reveal a cross of cards, then take another turn",
    "6": "reveal any face-down cards; they stay face-up",
    "7": f"another turn, then one more for {EXTRA_TURN_PRICE} tokens",
    "8": "the next player skips a turn",
    "9": "keep the pair as a shield",
    "10": "keep the pair as a trap",
    "J": "two players share their tokens equally",
    "Q": "one player gives 6 tokens to another",
    "K": "choose any other effect",
}

# What the acting player is choosing in each phase: (verb, the rest). {n} is the pair's amount,
# {first} the player chosen first. The verb agrees with the actor's name ("Ana chooses", "You choose").
STEPS = {
    "put_back": ("may", "pay 1 token per card to put it back face-down; the others stay face-up"),
    "black": ("chooses", "who returns {n} tokens to the Bank"),
    "red": ("chooses", "who gains {n} tokens from the Bank"),
    "give_from": ("chooses", "who gives {n} tokens to another player"),
    "give_to": ("chooses", "who receives the {n} tokens from {first}"),
    "ace_gain": ("chooses", "who gains 1 token"),
    "ace_lose": ("chooses", "who loses 1 token"),
    "ace_reveal": ("chooses", "a face-down card to reveal"),
    "swap_look": ("looks", "at two cards, one at a time; then they swap places"),
    "reveal3": ("reveals", "up to four cards, one at a time, or stops"),
    "lose3": ("chooses", "up to three players to lose 3 tokens each, or stops"),
    "square": ("chooses", "a 2 × 2 square by tapping its top-left position"),
    "square_look": ("looks", "at two cards of the square; the others are revealed"),
    "cross": ("chooses", "the centre of the cross of cards to reveal"),
    "reveal6": ("reveals", "face-down cards for good, one at a time, or stops"),
    "jack": ("chooses", "two players who will share their tokens equally"),
    "king": ("chooses", "another effect of the Mixed Chart"),
    "seven": ("may", f"pay {EXTRA_TURN_PRICE} tokens to take one more turn"),
    "rearrange": ("may", f"swap face-down cards, two at a time, for {REARRANGE_SECONDS} seconds"),
    "rearrange_swap": ("chooses", "the card to swap with the outlined one"),
}

# A player chosen by a "target" action, by phase: (verb, the rest); the verb agrees with that player's name.
TARGETS = {
    "black": ("returns", "{n} tokens to the Bank"),
    "red": ("gains", "{n} tokens"),
    "give_from": ("gives", "{n} tokens"),
    "give_to": ("receives", "the {n} tokens"),
    "ace_gain": ("gains", "1 token"),
    "ace_lose": ("loses", "1 token"),
    "lose3": ("loses", "3 tokens"),
}

# Button texts of the actions that are not played on a card.
BUTTONS = {
    ("put_back", "done"): "Done: leave the rest face-up",
    ("reveal3", "stop"): "Stop revealing",
    ("reveal6", "stop"): "Stop revealing",
    ("lose3", "stop"): "Stop: nobody else loses",
    ("seven", "extra_turn"): f"Pay {EXTRA_TURN_PRICE} tokens for one more turn",
    ("seven", "pass"): "Pass: no more turns",
    ("rearrange", "done"): "Finish rearranging",
    ("rearrange_swap", "done"): "Finish rearranging",
}

# Menu texts of the actions played on a card (a spot offers a menu only if several actions share it).
ON_CARD = {
    "pick": "Look at",
    "hide": "Pay 1 token to put back face-down:",
    "reveal": "Reveal",
    "look": "Look at",
    "square": "Choose the square from",
    "cross": "Choose the cross around",
    "select": "Move the card at",
    "swap": "Swap the selected card with",
}

TOKEN_REASONS = {
    "black": "a black pair",
    "red": "a red pair",
    "give": "given",
    "A": "the ace",
    "3": "the 3",
    "J": "the jack's sharing",
    "extra_turn": "for one more turn",
}

NO_EFFECT_REASONS = {"too_few_players": "fewer than two players to choose"}

# What a player did, for the log: (verb, the rest), by event; the verb agrees with the player's name ("Ana looks",
# "You look"). {where} is the event's place on the grid, {kind} the kind of pair kept.
DEEDS = {
    "look": ("looks", "at the card at {where}"),
    "hide": ("pays", "1 token to put the card at {where} back face-down"),
    "select": ("picks", "the card at {where} to move"),
    "square": ("chooses", "the square from {where}"),
    "cross": ("chooses", "the cross around {where}"),
    "keep": ("keeps", "the pair as a {kind}"),
    "will_skip": ("will", "skip the next turn"),
    "skip": ("skips", "a turn"),
    "extra_turn": ("will", "take another turn"),
}

# What the chooser is asked, by phase; {n} is the pair's amount of tokens, {first} the player chosen first.
PROMPTS = {
    "pick": "Pick a card to look at.",
    "black": "Choose a player to return {n} tokens to the Bank.",
    "red": "Choose a player to gain {n} tokens from the Bank.",
    "give_from": "Choose a player to give {n} tokens to another player.",
    "give_to": "Choose the player who receives {n} tokens from {first}.",
    "put_back": "Tap a card you turned up to put it back face-down (1 token each), or finish: the cards you keep up "
    "stay face-up.",
    "ace_gain": "Choose a player to gain 1 token.",
    "ace_lose": "Choose a player to lose 1 token.",
    "ace_reveal": "Choose a face-down card to reveal.",
    "swap_look": "Choose a card to look at; the two cards you look at swap places.",
    "reveal3": "Reveal a face-down card (up to four in all), or stop.",
    "lose3": "Choose a player to lose 3 tokens, or stop.",
    "square": "Choose a 2 × 2 square by its top-left position.",
    "square_look": "Choose a card of the square to look at; the others will be revealed.",
    "cross": "Choose the centre of the cross of cards to reveal.",
    "reveal6": "Reveal a face-down card (it stays face-up), or stop.",
    "jack": "Choose a player whose tokens will be shared equally with another's.",
    "king": "Choose a Mixed Chart effect (A to Q) to resolve.",
    "seven": f"Pay {EXTRA_TURN_PRICE} tokens to take one more turn, or pass.",
    "rearrange": "Select a face-down card to move, or finish rearranging.",
    "rearrange_swap": "Choose a face-down card to swap with the selected one, or finish rearranging.",
}


class DeluxeMemoryPresenter(Presenter):
    """The grid, the players around it with tokens, shields and traps, the Bank and the pair being resolved."""

    game = "deluxe-memory"
    hint = "Tip: tap two cards; a pair by rank wins or loses tokens, a mixed pair fires the chart."

    # --- the table --------------------------------------------------------------------------------

    def areas(self, view, names):
        viewer = view["seat"]
        # The others sit across the grid; the viewer sits at the bottom.
        areas = [self._player(view, names, seat) for seat in seats_across(viewer, len(names))]
        areas.append(self._grid(view, names))
        effect = self._effect(view, names)
        if effect is not None:
            areas.append(effect)
        if viewer is not None:
            areas.append(self._player(view, names, viewer))
        areas.append(Area("The Bank", [], 1, key="bank", note=_tokens(view["bank"])))
        areas.append(self._discard(view))
        return areas

    def _grid(self, view, names) -> Area:
        rows, cols, cells = view["rows"], view["cols"], view["cells"]
        corners = set(range(len(view["cells"]))) - set(card_positions(view["variants"]["jokers"]))
        held, hidden, revealed = set(view["held"]), set(view["hidden"]), set(view["revealed"])
        actor = seat_name(names, view["actor"])
        spots = []
        for pos in self.grid_spots(rows, cols):
            face, label, kind, badge = cells[pos], self.grid_label(pos, cols), "card", ""
            if pos in corners:
                label, kind = f"{label}, a corner without a card", "corner"
            elif pos in hidden:
                label, badge = f"{label}, put back face-down by {objective(actor)}", "down"
            elif pos in held:
                label, badge = f"{label}, {objective(actor)} {verb(actor, 'is')} looking at it", "look"
            elif pos in revealed:
                label = f"{label}, shown to everyone for now"
            spots.append(Spot(f"cell-{pos}", face, label, kind=kind, badge=badge))
        left = sum(face is not None for face in view["cells"])
        key = "grid swapping" if view["phase"] == "rearrange_swap" else "grid"
        columns = self.grid_columns(rows, cols)
        return Area("The cards", spots, columns, key=key, note=f"{left} cards on the table", turned=self.turned)

    def _player(self, view, names, seat) -> Area:
        name = names[seat]
        spots = []
        for number, item in enumerate(view["kept"][seat]):
            for index, card in enumerate(item["cards"]):
                label = f"{possessive(name)} {item['kind']} {number + 1}, card {index + 1}"
                badge = item["kind"] if index == 0 else ""
                spots.append(Spot(f"kept-{seat}-{number}-{index}", card, label, badge=badge))
        chips = []
        if view["out"][seat]:
            chips.append("Out of the game")
        if seat == view["turn"] and view["turn_kind"] != "normal" and view["actor"] is not None:
            chips.append("Extra turn")
        owed = sum(owed["seat"] == seat for owed in view["extra_turns"])
        if owed:
            chips.append("Another turn next" if owed == 1 else f"{owed} more turns next")
        if view["skips"][seat]:
            chips.append("Skips the next turn")
        if not spots:
            chips.append("No shield or trap")
        return Area(
            name,
            spots,
            max(2, len(spots)),
            key="player",
            note=_tokens(view["tokens"][seat]),
            active=seat == view["actor"],
            extra=chips,
        )

    def _effect(self, view, names) -> Area | None:
        """The pair being resolved and what its resolver is choosing now, or ``None`` between pairs."""
        phase, pair, effect = view["phase"], view["pair"], view["effect"]
        if phase == "seven":
            return Area("The 7's extra turn is over", [], 1, key="effect", note=self._step(view, names))
        if pair is None:
            return None
        spots = [Spot(f"pair-{index}", card, f"The pair, card {index + 1}") for index, card in enumerate(pair)]
        notes = []
        if effect is not None and effect["by"] != view["turn"]:
            matcher, owner = names[view["turn"]], names[effect["by"]]
            notes.append(
                f"{possessive(owner)} trap sprang: {does(owner, 'resolves')} {possessive(matcher, start=False)} pair."
            )
        if effect is not None and effect["effect"] not in (None, "K"):  # the King's step says it all
            notes.append(f"{_cap(CHART_TEXT[effect['effect']])}.")
        if phase in STEPS:
            notes.append(self._step(view, names))
        return Area(_pair_title(pair, effect, view), spots, 2, key="effect", note=" ".join(notes))

    def _step(self, view, names) -> str:
        """What the acting player is choosing now, as a sentence with names."""
        phase = view["phase"]
        verb, rest = STEPS[phase]
        chosen = [seat_name(names, seat) for seat in view["chosen"]]
        if phase == "jack" and chosen:
            verb, rest = "chooses", "the player who shares tokens equally with {first}"
        first = objective(chosen[0]) if chosen else ""
        text = f"{does(seat_name(names, view['actor']), verb)} {rest.format(n=_amount(view), first=first)}."
        if phase == "lose3" and chosen:
            text += f" Chosen so far: {join_words(chosen)}."
        return text

    def _discard(self, view) -> Area:
        pile = view["discard"]
        top = pile[-1] if pile else None
        label = f"Discard pile, {len(pile)} {'card' if len(pile) == 1 else 'cards'}" + (", top card" if pile else "")
        spot = Spot("discard", top, label, kind="pile", badge=str(len(pile)) if pile else "")
        return Area("Discard pile", [spot], 1, key="discard")

    def ask(self, prompt, view, names):
        kind = prompt["kind"]
        first = seat_name(names, prompt["first"]) if "first" in prompt else ""
        if kind == "pick" and prompt["second"]:
            return "Pick a second card to look at."
        if kind == "jack" and first:
            return f"Choose the player who shares tokens equally with {objective(first)}."
        return PROMPTS[kind].format(n=prompt.get("amount"), first=objective(first))

    def facts(self, view, names):
        variants = [name for key, name in VARIANTS.items() if view["variants"][key]]
        return [f"Variants: {join_words(variants)}"] if variants else []

    def scores(self, view, names):
        return [
            _tokens(tokens) + (", out" if out else "") for tokens, out in zip(view["tokens"], view["out"], strict=True)
        ]

    # --- choices ----------------------------------------------------------------------------------

    def action_label(self, action, view, names):
        kind, phase = action["type"], view["phase"]
        if kind == "target":
            return self._target_label(action["seat"], view, names)
        if kind == "effect":
            return f"{action['rank']}: {_cap(CHART_TEXT[action['rank']])}"
        if (phase, kind) in BUTTONS:
            return BUTTONS[phase, kind]
        if kind in ON_CARD:
            return f"{ON_CARD[kind]} {self.grid_label(action['pos'], view['cols'])}"
        return super().action_label(action, view, names)

    def _target_label(self, seat, view, names) -> str:
        name, phase = names[seat], view["phase"]
        if phase == "jack":
            chosen = view["chosen"]
            if not chosen:
                return f"Share {possessive(name, start=False)} tokens"
            return f"{name} and {objective(names[chosen[0]])} share equally"
        verb, rest = TARGETS[phase]
        return f"{does(name, verb)} {rest.format(n=_amount(view))}"

    def deadline(self, view):
        # The same limit for both steps of a swap, so that one clock covers the whole rearranging;
        # "done" is legal in both and ends it.
        if view["phase"] in REARRANGE_PHASES:
            return REARRANGE_SECONDS, {"type": "done"}
        return None

    # --- what happened ----------------------------------------------------------------------------

    def looks(self, event, memory):
        # The memory holds the cards of the seat's private looks since its last other event: the 2's two looks
        # end with a swap, so the cards are shown where they went.
        kind = event["type"]
        if kind == "look" and "card" in event:
            memory[event["pos"]] = event["card"]
            return {f"cell-{event['pos']}": event["card"]}
        looked = dict(memory)
        memory.clear()
        if kind == "swap":
            # The 2's swap follows its two looks at once: show each card where it went, not where it was.
            first, second = event["pos"]
            moved = {first: looked.get(second), second: looked.get(first)}
            return {f"cell-{pos}": card for pos, card in moved.items() if card is not None}
        if kind in ("match", "reveal"):
            # A found pair leaves the grid and revealed cards may go down in the same move: keep them up a moment.
            return {f"cell-{pos}": card for pos, card in zip(event["pos"], event["cards"], strict=True)}
        return {}

    def _where(self, pos: int) -> str:
        return self.grid_label(pos, COLS)

    def _cards_at(self, event: dict) -> str:
        """ "the 7 of hearts (row 2, column 3) and the ..." for an event's public cards."""
        cards = zip(event["pos"], event["cards"], strict=True)
        return join_words([f"the {card_name(card)} ({self._where(pos)})" for pos, card in cards])

    def cue(self, event):
        return {"look": "flip", "match": "pair"}.get(event["type"], "")

    def describe(self, event, names):
        kind, who = event["type"], seat_name(names, event.get("seat"))
        if kind in DEEDS:
            verb, rest = DEEDS[kind]
            where = self._where(event["pos"]) if "pos" in event else ""
            return f"{does(who, verb)} {rest.format(where=where, kind=event.get('kind'))}."
        handler = getattr(self, f"_tell_{kind}", None)
        return handler(event, who, names) if handler else ""

    def _tell_deal(self, event, who, names):
        cards, tokens = len(event["positions"]), event["tokens"][0]
        dealt = f"The {cards} cards are dealt face-down: {tokens} tokens each, {event['bank']} in the Bank."
        return dealt + first_to_play(names, event["first"])

    def _tell_turn(self, event, who, names):
        if event["kind"] == "normal":
            return f"{possessive(who)} turn."
        return f"{possessive(who)} extra turn."

    def _tell_no_match(self, event, who, names):
        return "No pair."

    def _tell_face_up(self, event, who, names):
        return f"Face-up for everyone now: {self._cards_at(event)}."

    def _tell_match(self, event, who, names):
        if event["colours"] == "jokers":
            return f"{does(who, 'finds')} the jokers and may rearrange the face-down cards."
        cards = join_words([card_name(card) for card in event["cards"]])
        return f"{does(who, 'finds')} a {event['colours']} pair: the {cards}."

    def _tell_trap(self, event, who, names):
        matcher = seat_name(names, event["matcher"])
        return f"{possessive(who)} trap springs: {does(who, 'resolves')} {possessive(matcher, start=False)} pair."

    def _tell_tokens(self, event, who, names):
        if event["reason"] == "hide":
            return ""  # the hide event says it
        verb = "gains" if event["change"] > 0 else "loses"
        reason = TOKEN_REASONS[event["reason"]]
        return f"{does(who, verb)} {_tokens(abs(event['change']))} ({reason}); now {event['tokens']}."

    def _tell_out(self, event, who, names):
        return f"{does(who, 'has')} no tokens left and {verb(who, 'is')} out."

    def _tell_effect(self, event, who, names):
        return f"Mixed Chart {event['rank']}: {CHART_TEXT[event['rank']]}."

    def _tell_shield(self, event, who, names):
        return f"{possessive(who)} shield absorbed the loss."

    def _tell_pass(self, event, who, names):
        return f"{does(who, 'passes')}: no more turns."

    def _tell_swap(self, event, who, names):
        first, second = event["pos"]
        return f"The cards at {self._where(first)} and {self._where(second)} swap places."

    def _tell_reveal(self, event, who, names):
        return f"{does(who, 'reveals')} {self._cards_at(event)}."

    def _tell_turn_down(self, event, who, names):
        return "The revealed cards go face-down again."

    def _tell_no_effect(self, event, who, names):
        return f"Nothing happens: {NO_EFFECT_REASONS[event['reason']]}."

    def _tell_game_over(self, event, who, names):
        winners = [names[seat] for seat in event["result"]["winners"]]
        return f"The game is over: {join_words(winners)} {'win' if len(winners) > 1 or winners == [YOU] else 'wins'}."

    def result_lines(self, view, names):
        return [f"{name}: {_tokens(tokens)}" for name, tokens in zip(names, view["tokens"], strict=True)]


VARIANTS = {"simplicity": "Simplicity", "jokers": "Jokin' Around", "underdogs": "Underdogs"}


def _pair_title(pair: list[str], effect: dict | None, view: dict) -> str:
    """ "Black pair of 7s", "Mixed pair of kings: the King's pick", "Jokin' Around"."""
    if is_joker(pair[0]):
        return "Jokin' Around: the jokers"
    colours = {colour(card) for card in pair}
    if len(colours) == 1:
        return f"{colours.pop().capitalize()} pair of {_plural(rank(pair[0]))}"
    title = f"Mixed pair of {_plural(rank(pair[0]))}"
    if effect is None or effect["effect"] is None:
        return title + (" (Simplicity)" if view["variants"]["simplicity"] else "")
    if effect["rank"] == "K":
        pick = "" if effect["effect"] == "K" else f": {effect['effect']}"
        return f"{title}: the King's pick{pick}"
    return f"{title}: Mixed Chart {effect['effect']}"


def _amount(view: dict) -> int:
    """The tokens a pair's choice moves: its rank (A=1 … K=13), or 6 for the Mixed Chart's Q."""
    effect = view["effect"]
    if effect is not None and effect["effect"] == "Q":
        return 6
    pair = view["pair"]
    return rank_number(pair[0]) if pair and not is_joker(pair[0]) else 0  # jokers score nothing


def _plural(card_rank: str) -> str:
    return f"{RANK_NAMES.get(card_rank, card_rank)}s"


def _tokens(count: int) -> str:
    return f"{count} {'token' if count == 1 else 'tokens'}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


PRESENTER = DeluxeMemoryPresenter()
