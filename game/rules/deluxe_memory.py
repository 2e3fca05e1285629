"""Deluxe Memory (Jonathan A. Leistiko): find pairs by rank; what a pair does depends on its colours.

Table: a 7 × 8 grid, positions 0–55 row-major (position = row × 8 + column). The 52 cards lie face-down
on every cell but the four corners (0, 7, 48, 55). With *Jokin' Around* the two jokers are added and only
the two bottom corners (48, 55) are empty: 54 cards. Each player has 20 tokens; the Bank holds 10 per
player. Tokens are conserved: every gain comes from the Bank, every loss goes to the Bank or to a player.
The Bank pays what it has; a player told to pay more than they have pays all they have.

Turn: ``{"type": "pick", "pos": p}`` twice — any two cards on the table, face-down or face-up. Each
pick is a private look: the picker sees the card (in the event and in its view while it holds it);
the others see only the position.

- Same rank, both black: the pair is shown to all and leaves the table; ``{"type": "target", "seat": s}``
  names the player who returns *rank* tokens (A=1 … K=13) to the Bank.
- Same rank, both red: shown; ``target`` names the player (yourself too) who gains *rank* tokens.
- Same rank, mixed colours: shown; the Mixed Chart effect (below) is resolved. Simplicity variant
  instead: ``target`` the giver, then ``target`` the receiver of *rank* tokens (two different players).
- The pair is discarded (9 and 10 keep it in front of the player). The turn ends unless the effect
  gives another turn.
- No match: the put-back phase. ``{"type": "hide", "pos": p}`` pays 1 token to the Bank to put that card
  back face-down (a card that was already face-up costs the same; only with a token to pay), then
  ``{"type": "done"}`` turns the cards not hidden face-up for everyone. When nothing is left to hide,
  or the player has no token, the phase ends by itself.

Mixed Chart (``phase`` in the view says which step is waiting; one choice per action):
- A: ``target`` gains 1; ``target`` loses 1; ``{"type": "reveal", "pos": p}`` one face-down card.
- 2: ``{"type": "look", "pos": p}`` twice (private looks); the two cards swap positions (public swap).
- 3: ``reveal`` up to four face-down cards one at a time, or ``{"type": "stop"}``. If one revealed card
  is a 3 or three revealed cards share a rank: ``target`` up to three players (or ``stop``), 3 tokens each.
- 4: ``{"type": "square", "pos": p}`` (its top-left cell); ``look`` at two of its cards; the others are revealed.
- 5: ``{"type": "cross", "pos": p}`` (its centre); the cross is revealed; then another turn.
- 6: ``reveal`` face-down cards one at a time (they stay face-up), then ``stop``.
- 7: another turn; at its end ``{"type": "extra_turn"}`` (pay 5, only with 5 tokens) or ``{"type": "pass"}``.
- 8: the next player still in the game skips their next normal turn.
- 9: the pair becomes a shield. 10: the pair becomes a trap.
- J: ``target`` two players; both end with their sum halved, an odd token goes to the Bank.
- Q: ``target`` the giver, then the receiver, of 6 tokens.
- K: ``{"type": "effect", "rank": r}`` chooses another effect (A–Q), which is then resolved.
A revealed card is shown to everyone and turned face-down again when the effect ends (a card that
was already face-up stays face-up); the 6's reveals stay face-up.

Shield: the next time its owner would lose tokens by another player's choice or by a Mixed Chart
effect (their own included), the shield is discarded and nothing is lost. A loss a player chooses
for themselves outside the chart (a black pair) and voluntary payments (hiding a card,
the 7's extra turn) are not blocked. A Q or J blocked by a shield moves no tokens at all.

Trap: when another player matches two rank cards, the first trap clockwise from the matcher (of a
player still in the game) is discarded and its owner resolves that match's effect as if it were
theirs (a 9 or 10 pair then goes in front of the trap owner); the matcher's turn ends. An extra turn
so gained is taken at once by the trap owner; then play goes on from the matcher's left. A joker
pair never springs a trap.

Jokin' Around: matching the two jokers opens the rearrange phase: ``{"type": "select", "pos": a}``,
then ``{"type": "swap", "pos": b}`` (both face-down; everyone sees the positions, nobody the faces),
as often as wanted, then ``{"type": "done"}``. The rules' 60-second limit is kept by the UI's clock,
which sends ``done`` for the player; the engine has no time. Jokers score nothing.

Players, turns and the end: the first player is seat 0 or a seat drawn at the deal (option
``first_player``; the deal event and the view name it, ``first``). Play passes to the left (seat + 1).
Extra turns come before the next normal turn. A player with 0 tokens is out and skipped (their shields
and traps sleep) — unless *Underdogs* is on: then nobody is out, and a player with 0 tokens who must
lose tokens loses nothing. The game ends, at the end of a turn, when at most one player has tokens or
no two cards on the table share a rank, so with two players Underdogs changes nothing. Most tokens
wins; ties share the win.

Fixed deck: the ``deck`` option lists the 52 cards (54 with Jokin' Around) in the order they are laid
on the occupied cells, row-major (the first card goes on position 1, the seventh on position 8).

Cards and who knows them (game.deck): the cards are one deal. Picks and the 2's and 4's looks are looks for the
actor alone; whether two picks share a rank is the picker's claim (``same_rank``), shown true or false to all as
soon as both cards are public (a match shows them at once; a card put back face-up is public; one hidden again
may stay unchecked until the end check). Matches, reveals and cards turned face-up are revealed to everyone.
A card that leaves the table is public, and the state keeps its face (the pair, shields and traps, the discard),
so the end test reads public information only: the ranks still on the table are the deck's less those.
"""

from __future__ import annotations

from collections import Counter

from ..cards import RANKS, check_deck, colour, is_joker, rank, rank_number, standard_deck
from ..core import (
    FACE_DOWN,
    FIRST_PLAYER,
    Option,
    Rules,
    corner_positions,
    first_seat,
    lay_out,
    private,
    winners_by_score,
)

ROWS, COLS = 7, 8
START_TOKENS = 20
BANK_PER_PLAYER = 10
CHART = RANKS  # A 2 … K, the Mixed Chart's rows
EXTRA_TURN_PRICE = 5
DECK_RANKS = {jokers: Counter(rank(card) for card in standard_deck(jokers)) for jokers in (False, True)}
"""How many cards of each rank the deck holds, without the jokers and with them."""


def card_positions(jokers: bool) -> list[int]:
    """The occupied cells at the deal, row-major: all but the four corners (all but the bottom two with jokers)."""
    corners = corner_positions(ROWS, COLS)
    empty = set(corners[2:] if jokers else corners)
    return [pos for pos in range(ROWS * COLS) if pos not in empty]


def square_cells(top_left: int) -> list[int]:
    """The four cells of the 2 × 2 square whose top-left cell is ``top_left``."""
    return [top_left, top_left + 1, top_left + COLS, top_left + COLS + 1]


def cross_cells(centre: int) -> list[int]:
    """The centre and its orthogonal neighbours that lie on the grid."""
    row, col = divmod(centre, COLS)
    cells = [centre]
    for d_row, d_col in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        if 0 <= row + d_row < ROWS and 0 <= col + d_col < COLS:
            cells.append((row + d_row) * COLS + col + d_col)
    return sorted(cells)


class DeluxeMemory(Rules):
    """Memory with tokens, a Mixed Chart of effects, shields and traps."""

    id = "deluxe-memory"
    name = "Deluxe Memory"
    player_counts = (2, 3, 4)
    options = (
        Option("simplicity", False, "Mixed pairs make one player give rank tokens to another instead of the chart."),
        Option("jokin_around", False, "Add the two jokers; matching them lets you rearrange the face-down cards."),
        Option(
            "underdogs",
            False,
            "Nobody is out at 0 tokens; a player with 0 who must lose tokens loses nothing. "
            "No effect with two players: the game ends when one of them has no tokens.",
        ),
        FIRST_PLAYER,
        Option("deck", None, "Fixed deal: the cards in row-major order of the occupied cells (for tests and puzzles)."),
    )

    # ----------------------------------------------------------------------------------------- setup

    def setup(self, players, options, cards):
        """Lay the cards face-down, give 20 tokens each and 10 per player to the Bank; choose who starts."""
        jokers = options["jokin_around"]
        positions = card_positions(jokers)
        if options["deck"] is None:
            deck = cards.deal(standard_deck(jokers))
        else:
            name = self.name + (" with jokers" if jokers else "")
            deck = cards.deal(check_deck(options["deck"], standard_deck(jokers), name), public=True)
        cells = lay_out(deck, positions, ROWS * COLS)
        first = first_seat(options, players, cards.rng)
        state = {
            "players": players,
            "simplicity": options["simplicity"],
            "underdogs": options["underdogs"],
            "jokers": jokers,
            "cells": cells,
            "up": [False] * (ROWS * COLS),  # face-up for everyone
            "tokens": [START_TOKENS] * players,
            "bank": BANK_PER_PLAYER * players,
            "kept": [[] for _ in range(players)],  # shields and traps: {"kind", "cards"} (faces, as all off the table)
            "discard": [],
            "skips": [0] * players,  # normal turns each seat will skip (the 8)
            "queue": [],  # extra turns owed, taken before the next normal turn: {"seat", "kind"}
            "first": first,  # who played the first turn
            "turn": first,  # whose turn it is
            "kind": "normal",  # normal, extra, or seven (an extra turn that ends with the offer to buy one more)
            "last_normal": first,  # normal play goes on from this seat's left
            "actor": first,  # who chooses now (a trap owner may resolve during another's turn)
            "phase": "pick",
            "picks": [],  # positions the turn's player holds
            "hidden": [],  # picks put back face-down in the put-back phase
            "looking": [],  # positions the actor is looking at right now (picks, or a 2's or 4's looks)
            "revealed": [],  # face-down positions shown to everyone until the effect ends
            "pair": None,  # the matched pair while its effect resolves
            "fx": None,  # the effect being resolved
            "over": False,
        }
        events = [
            {
                "type": "deal",
                "rows": ROWS,
                "cols": COLS,
                "positions": positions,
                "tokens": list(state["tokens"]),
                "bank": state["bank"],
                "first": first,
            },
            {"type": "turn", "seat": first, "kind": "normal"},
        ]
        return state, events

    # ------------------------------------------------------------------------------------ questions

    def to_act(self, state):
        """The one seat choosing now, or nobody once the game is over."""
        return [] if state["over"] else [state["actor"]]

    def legal_actions(self, state, seat, cards):
        """The choices open to the acting seat in the current phase."""
        if state["over"] or seat != state["actor"]:
            return []
        phase, cells, fx = state["phase"], state["cells"], state["fx"]
        if phase == "pick":
            return [
                {"type": "pick", "pos": p}
                for p, card in enumerate(cells)
                if card is not None and p not in state["picks"]
            ]
        if phase == "put_back":
            hide = [{"type": "hide", "pos": p} for p in state["picks"] if p not in state["hidden"]]
            return [*hide, {"type": "done"}] if state["tokens"][seat] > 0 else [{"type": "done"}]
        if phase in ("black", "red", "give_from", "ace_gain", "ace_lose"):
            return _targets(self._choosable(state))
        if phase in ("give_to", "jack"):
            return _targets(s for s in self._choosable(state) if s not in fx["chosen"])
        if phase == "lose3":
            return [*_targets(s for s in self._choosable(state) if s not in fx["chosen"]), {"type": "stop"}]
        if phase in ("ace_reveal", "reveal3", "reveal6"):
            reveal = [{"type": "reveal", "pos": p} for p in self._face_down(state) if p not in state["revealed"]]
            return reveal if phase == "ace_reveal" else [*reveal, {"type": "stop"}]
        if phase == "swap_look":
            return [{"type": "look", "pos": p} for p, c in enumerate(cells) if c is not None and p not in fx["looked"]]
        if phase == "square":
            return [{"type": "square", "pos": p} for p in self._squares(state)]
        if phase == "square_look":
            return [{"type": "look", "pos": p} for p in fx["cells"] if p not in fx["looked"]]
        if phase == "cross":
            return [{"type": "cross", "pos": p} for p in self._crosses(state)]
        if phase == "king":
            return [{"type": "effect", "rank": r} for r in CHART if r != "K"]
        if phase == "seven":
            return [{"type": "extra_turn"}, {"type": "pass"}]
        if phase == "rearrange":
            return [*({"type": "select", "pos": p} for p in self._face_down(state)), {"type": "done"}]
        if phase == "rearrange_swap":
            others = [p for p in self._face_down(state) if p != fx["selected"]]
            return [*({"type": "swap", "pos": p} for p in others), {"type": "done"}]
        raise AssertionError(f"unknown phase {phase}")

    # --------------------------------------------------------------------------------------- actions

    def apply(self, state, seat, action, cards):
        """Carry out one legal choice of the acting seat; end turns and the game when they end."""
        events: list[dict] = []
        # Each phase has its handler, ``_on_<phase>``; legal_actions already matched the action to the phase.
        getattr(self, "_on_" + state["phase"])(state, events, seat, action, cards)
        return events

    # pick / put back ------------------------------------------------------------------------------

    def _on_pick(self, state, events, seat, action, cards):
        pos = action["pos"]
        state["picks"].append(pos)
        state["looking"] = list(state["picks"])
        events.append(_look(state, seat, pos, cards))
        if len(state["picks"]) < 2:
            return
        first, second = state["picks"]
        picked = [state["cells"][first], state["cells"][second]]
        if not cards.claim(seat, "same_rank", picked):
            events.append({"type": "no_match", "seat": seat, "pos": [first, second]})
            state["phase"] = "put_back"
            if state["tokens"][seat] == 0:
                self._put_back_done(state, events, seat, cards)
            return
        self._match(state, events, seat, [first, second], [cards.face(card) for card in picked])

    def _on_put_back(self, state, events, seat, action, cards):
        if action["type"] == "done":
            self._put_back_done(state, events, seat, cards)
            return
        pos = action["pos"]
        self._pay(state, events, seat, 1, None, reason="hide")
        state["hidden"].append(pos)
        state["up"][pos] = False
        events.append({"type": "hide", "seat": seat, "pos": pos})
        if len(state["hidden"]) == 2 or state["tokens"][seat] == 0:
            self._put_back_done(state, events, seat, cards)

    def _put_back_done(self, state, events, seat, cards):
        shown = [p for p in state["picks"] if p not in state["hidden"]]
        for pos in shown:
            state["up"][pos] = True
        if shown:
            faces = [cards.face(state["cells"][p]) for p in shown]
            events.append({"type": "face_up", "seat": seat, "pos": shown, "cards": faces})
        state["picks"], state["hidden"], state["looking"] = [], [], []
        self._end_turn(state, events)

    # a match --------------------------------------------------------------------------------------

    def _match(self, state, events, matcher, positions, cards):
        for pos in positions:
            state["cells"][pos] = None
            state["up"][pos] = False
        state["picks"], state["looking"] = [], []
        state["pair"] = cards
        if is_joker(cards[0]):
            events.append({"type": "match", "seat": matcher, "pos": positions, "cards": cards, "colours": "jokers"})
            state["fx"] = {"rank": "Joker", "resolver": matcher, "selected": None}
            state["phase"] = "rearrange"
            return
        colours = {colour(card) for card in cards}
        kind = colours.pop() if len(colours) == 1 else "mixed"
        events.append({"type": "match", "seat": matcher, "pos": positions, "cards": cards, "colours": kind})
        resolver = matcher
        owner = self._trap_owner(state, matcher)
        if owner is not None:
            trap = next(item for item in state["kept"][owner] if item["kind"] == "trap")
            state["kept"][owner].remove(trap)
            state["discard"] += trap["cards"]
            events.append({"type": "trap", "seat": owner, "matcher": matcher, "cards": trap["cards"]})
            resolver = owner
        state["actor"] = resolver
        the_rank = rank(cards[0])
        state["fx"] = {"rank": the_rank, "resolver": resolver, "chosen": [], "amount": rank_number(cards[0])}
        if kind in ("black", "red"):
            state["phase"] = kind
        elif state["simplicity"]:
            self._begin_give(state, events)
        else:
            self._begin_effect(state, events, the_rank)

    def _on_black(self, state, events, seat, action, cards):
        target = action["seat"]
        self._pay(state, events, target, state["fx"]["amount"], None, reason="black", shieldable=target != seat)
        self._effect_done(state, events)

    def _on_red(self, state, events, seat, action, cards):
        self._gain(state, events, action["seat"], state["fx"]["amount"], reason="red")
        self._effect_done(state, events)

    # giving (Q and Simplicity) ----------------------------------------------------------------------

    def _begin_give(self, state, events):
        if len(self._choosable(state)) < 2:
            events.append({"type": "no_effect", "seat": state["actor"], "reason": "too_few_players"})
            self._effect_done(state, events)
            return
        state["phase"] = "give_from"

    def _on_give_from(self, state, events, seat, action, cards):
        state["fx"]["chosen"] = [action["seat"]]
        state["phase"] = "give_to"

    def _on_give_to(self, state, events, seat, action, cards):
        fx = state["fx"]
        giver, receiver = fx["chosen"][0], action["seat"]
        # The Q is a chart effect; Simplicity never meets a shield (without the chart there are none).
        self._pay(state, events, giver, fx["amount"], receiver, reason="give", shieldable=True)
        self._effect_done(state, events)

    # the Mixed Chart ------------------------------------------------------------------------------

    def _begin_effect(self, state, events, effect):
        """Start resolving the Mixed Chart row ``effect`` for the actor."""
        fx, actor = state["fx"], state["actor"]
        fx.update({"effect": effect, "chosen": [], "looked": []})
        events.append({"type": "effect", "seat": actor, "rank": effect})
        cells = state["cells"]
        if effect == "A":
            state["phase"] = "ace_gain"
        elif effect == "2":
            if sum(card is not None for card in cells) >= 2:
                state["phase"] = "swap_look"
            else:
                self._effect_done(state, events)
        elif effect in ("3", "6"):
            if self._face_down(state):
                state["phase"] = "reveal" + effect
            else:
                self._effect_done(state, events)
        elif effect == "4":
            if self._squares(state):
                state["phase"] = "square"
            else:
                self._effect_done(state, events)
        elif effect == "5":
            if self._crosses(state):
                state["phase"] = "cross"
            else:
                self._owe_turn(state, events, actor, "extra")
                self._effect_done(state, events)
        elif effect == "7":
            self._owe_turn(state, events, actor, "seven")
            self._effect_done(state, events)
        elif effect == "8":
            victim = self._next_in_game(state, actor)
            state["skips"][victim] += 1
            events.append({"type": "will_skip", "seat": victim, "by": actor})
            self._effect_done(state, events)
        elif effect in ("9", "10"):
            kind = "shield" if effect == "9" else "trap"
            state["kept"][actor].append({"kind": kind, "cards": state["pair"]})
            events.append({"type": "keep", "seat": actor, "kind": kind, "cards": state["pair"]})
            state["pair"] = None
            self._effect_done(state, events)
        elif effect == "J":
            if len(self._choosable(state)) >= 2:
                state["phase"] = "jack"
            else:
                events.append({"type": "no_effect", "seat": actor, "reason": "too_few_players"})
                self._effect_done(state, events)
        elif effect == "Q":
            fx["amount"] = 6
            self._begin_give(state, events)
        else:
            state["phase"] = "king"

    def _on_king(self, state, events, seat, action, cards):
        self._begin_effect(state, events, action["rank"])

    def _on_ace_gain(self, state, events, seat, action, cards):
        self._gain(state, events, action["seat"], 1, reason="A")
        state["phase"] = "ace_lose"

    def _on_ace_lose(self, state, events, seat, action, cards):
        self._pay(state, events, action["seat"], 1, None, reason="A", shieldable=True)
        if self._face_down(state):
            state["phase"] = "ace_reveal"
        else:
            self._effect_done(state, events)

    def _on_ace_reveal(self, state, events, seat, action, cards):
        self._reveal(state, events, seat, [action["pos"]], cards)
        self._effect_done(state, events)

    def _on_swap_look(self, state, events, seat, action, cards):
        fx, pos = state["fx"], action["pos"]
        fx["looked"].append(pos)
        state["looking"] = list(fx["looked"])
        events.append(_look(state, seat, pos, cards))
        if len(fx["looked"]) == 2:
            a, b = fx["looked"]
            cells, up = state["cells"], state["up"]
            cells[a], cells[b] = cells[b], cells[a]
            up[a], up[b] = up[b], up[a]
            events.append({"type": "swap", "seat": seat, "pos": [a, b]})
            self._effect_done(state, events)

    def _on_reveal3(self, state, events, seat, action, cards):
        fx = state["fx"]
        if action["type"] == "reveal":
            self._reveal(state, events, seat, [action["pos"]], cards)
            fx["shown"] = [*fx.get("shown", []), cards.face(state["cells"][action["pos"]])]
            if len(fx["shown"]) < 4 and any(p not in state["revealed"] for p in self._face_down(state)):
                return
        shown = [rank(card) for card in fx.get("shown", [])]
        if "3" in shown or any(shown.count(r) >= 3 for r in shown):
            state["phase"] = "lose3"
        else:
            self._effect_done(state, events)

    def _on_lose3(self, state, events, seat, action, cards):
        fx = state["fx"]
        if action["type"] == "target":
            fx["chosen"].append(action["seat"])
            self._pay(state, events, action["seat"], 3, None, reason="3", shieldable=True)
            left = [s for s in self._choosable(state) if s not in fx["chosen"]]
            if len(fx["chosen"]) < 3 and left:
                return
        self._effect_done(state, events)

    def _on_square(self, state, events, seat, action, cards):
        fx = state["fx"]
        fx["cells"] = [p for p in square_cells(action["pos"]) if state["cells"][p] is not None]
        events.append({"type": "square", "seat": seat, "pos": action["pos"]})
        state["phase"] = "square_look"

    def _on_square_look(self, state, events, seat, action, cards):
        fx, pos = state["fx"], action["pos"]
        fx["looked"].append(pos)
        state["looking"] = list(fx["looked"])
        events.append(_look(state, seat, pos, cards))
        if len(fx["looked"]) < min(2, len(fx["cells"])):
            return
        rest = [p for p in fx["cells"] if p not in fx["looked"]]
        if rest:
            self._reveal(state, events, seat, rest, cards)
        self._effect_done(state, events)

    def _on_cross(self, state, events, seat, action, cards):
        cells = [p for p in cross_cells(action["pos"]) if state["cells"][p] is not None]
        events.append({"type": "cross", "seat": seat, "pos": action["pos"]})
        self._reveal(state, events, seat, cells, cards)
        self._owe_turn(state, events, seat, "extra")
        self._effect_done(state, events)

    def _on_reveal6(self, state, events, seat, action, cards):
        if action["type"] == "stop":
            self._effect_done(state, events)
            return
        pos = action["pos"]
        state["up"][pos] = True
        events.append({"type": "face_up", "seat": seat, "pos": [pos], "cards": [cards.face(state["cells"][pos])]})
        if not self._face_down(state):
            self._effect_done(state, events)

    def _on_jack(self, state, events, seat, action, cards):
        fx = state["fx"]
        fx["chosen"].append(action["seat"])
        if len(fx["chosen"]) < 2:
            return
        a, b = fx["chosen"]
        tokens = state["tokens"]
        half, odd = divmod(tokens[a] + tokens[b], 2)
        rich, poor = (a, b) if tokens[a] >= tokens[b] else (b, a)
        # A shield blocks the richer player's loss, and then nothing moves at all.
        if tokens[rich] != tokens[poor] and not self._shield_blocks(state, events, rich, True):
            self._change(state, events, poor, half - tokens[poor], reason="J")
            self._change(state, events, rich, half - tokens[rich], reason="J", bank=odd)
        self._effect_done(state, events)

    # Jokin' Around -----------------------------------------------------------------------------------

    def _on_rearrange(self, state, events, seat, action, cards):
        if action["type"] == "done":
            self._effect_done(state, events)
            return
        state["fx"]["selected"] = action["pos"]
        events.append({"type": "select", "seat": seat, "pos": action["pos"]})
        state["phase"] = "rearrange_swap"

    def _on_rearrange_swap(self, state, events, seat, action, cards):
        if action["type"] == "done":
            self._effect_done(state, events)
            return
        a, b = state["fx"]["selected"], action["pos"]
        cells = state["cells"]
        cells[a], cells[b] = cells[b], cells[a]
        events.append({"type": "swap", "seat": seat, "pos": [a, b]})
        state["fx"]["selected"] = None
        state["phase"] = "rearrange"

    # turns ----------------------------------------------------------------------------------------

    def _on_seven(self, state, events, seat, action, cards):
        if action["type"] == "extra_turn":
            self._pay(state, events, seat, EXTRA_TURN_PRICE, None, reason="extra_turn")
            self._owe_turn(state, events, seat, "extra")
        else:
            events.append({"type": "pass", "seat": seat})
        self._next_turn(state, events)

    def _owe_turn(self, state, events, seat, kind):
        # "At once": an extra turn is taken before any turn owed earlier.
        state["queue"].insert(0, {"seat": seat, "kind": kind})
        events.append({"type": "extra_turn", "seat": seat, "kind": kind})

    def _effect_done(self, state, events):
        """Finish a match's effect: turn revealed cards down, discard the pair, end the matcher's turn."""
        if state["revealed"]:
            events.append({"type": "turn_down", "seat": state["actor"], "pos": list(state["revealed"])})
            state["revealed"] = []
        if state["pair"] is not None:
            state["discard"] += state["pair"]
            events.append({"type": "discard", "seat": state["turn"], "cards": state["pair"]})
            state["pair"] = None
        state["fx"], state["looking"] = None, []
        self._end_turn(state, events)

    def _end_turn(self, state, events):
        if self._game_ends(state):
            self._finish(state, events)
        elif state["kind"] == "seven" and state["tokens"][state["turn"]] >= EXTRA_TURN_PRICE:
            state["actor"], state["phase"] = state["turn"], "seven"
        else:
            self._next_turn(state, events)

    def _next_turn(self, state, events):
        if self._game_ends(state):
            self._finish(state, events)
            return
        while state["queue"]:
            owed = state["queue"].pop(0)
            if self._in_game(state, owed["seat"]):
                self._start_turn(state, events, owed["seat"], owed["kind"])
                return
        # At least two players are in the game (else it has ended) and skips only count down: this ends.
        seat = state["last_normal"]
        while True:
            seat = self._next_in_game(state, seat)
            if state["skips"][seat]:
                state["skips"][seat] -= 1
                events.append({"type": "skip", "seat": seat})
                continue
            state["last_normal"] = seat
            self._start_turn(state, events, seat, "normal")
            return

    def _start_turn(self, state, events, seat, kind):
        state.update({"turn": seat, "actor": seat, "kind": kind, "phase": "pick", "picks": [], "hidden": []})
        events.append({"type": "turn", "seat": seat, "kind": kind})

    def _finish(self, state, events):
        state.update({"over": True, "phase": "over", "picks": [], "looking": [], "revealed": []})
        events.append({"type": "game_over", "result": self.result(state)})

    # tokens -----------------------------------------------------------------------------------------

    def _change(self, state, events, seat, delta, reason, bank=0):
        """Add ``delta`` to ``seat``'s tokens and ``bank`` to the Bank's, in one public event."""
        state["tokens"][seat] += delta
        state["bank"] += bank
        events.append(
            {
                "type": "tokens",
                "seat": seat,
                "change": delta,
                "tokens": state["tokens"][seat],
                "bank": state["bank"],
                "reason": reason,
            }
        )
        if state["tokens"][seat] == 0 and delta < 0 and not state["underdogs"]:
            events.append({"type": "out", "seat": seat})

    def _gain(self, state, events, seat, amount, reason):
        """``seat`` gains ``amount`` from the Bank, or what the Bank has."""
        paid = min(amount, state["bank"])
        if paid:
            self._change(state, events, seat, paid, reason, bank=-paid)

    def _pay(self, state, events, payer, amount, receiver, reason, shieldable=False):
        """``payer`` pays ``amount`` (or all they have) to ``receiver`` or, if None, to the Bank."""
        paid = min(amount, state["tokens"][payer])
        if paid <= 0 or self._shield_blocks(state, events, payer, shieldable):
            return
        self._change(state, events, payer, -paid, reason, bank=paid if receiver is None else 0)
        if receiver is not None:
            self._change(state, events, receiver, paid, reason)

    def _shield_blocks(self, state, events, seat, shieldable):
        """Discard one of ``seat``'s shields against a loss that a shield blocks; True if one did."""
        if not shieldable:
            return False
        shield = next((item for item in state["kept"][seat] if item["kind"] == "shield"), None)
        if shield is None:
            return False
        state["kept"][seat].remove(shield)
        state["discard"] += shield["cards"]
        events.append({"type": "shield", "seat": seat, "cards": shield["cards"]})
        return True

    # helpers --------------------------------------------------------------------------------------

    def _reveal(self, state, events, seat, positions, cards):
        """Show cards to everyone; face-down ones go back down when the effect ends."""
        faces = [cards.face(state["cells"][p]) for p in positions]
        state["revealed"] += [p for p in positions if not state["up"][p] and p not in state["revealed"]]
        events.append({"type": "reveal", "seat": seat, "pos": list(positions), "cards": faces})

    @staticmethod
    def _in_game(state, seat) -> bool:
        return state["underdogs"] or state["tokens"][seat] > 0

    def _choosable(self, state) -> list[int]:
        """The players an effect may name: those still in the game."""
        return [seat for seat in range(state["players"]) if self._in_game(state, seat)]

    def _next_in_game(self, state, seat) -> int:
        """The next player to the left of ``seat`` who is still in the game."""
        for step in range(1, state["players"] + 1):
            other = (seat + step) % state["players"]
            if self._in_game(state, other):
                return other
        return seat

    def _trap_owner(self, state, matcher) -> int | None:
        for step in range(1, state["players"]):
            seat = (matcher + step) % state["players"]
            if self._in_game(state, seat) and any(item["kind"] == "trap" for item in state["kept"][seat]):
                return seat
        return None

    @staticmethod
    def _face_down(state) -> list[int]:
        return [p for p, card in enumerate(state["cells"]) if card is not None and not state["up"][p]]

    @staticmethod
    def _squares(state) -> list[int]:
        cells = state["cells"]
        return [
            p
            for p in range(ROWS * COLS)
            if p // COLS < ROWS - 1 and p % COLS < COLS - 1 and any(cells[c] is not None for c in square_cells(p))
        ]

    @staticmethod
    def _crosses(state) -> list[int]:
        cells = state["cells"]
        return [p for p in range(ROWS * COLS) if any(cells[c] is not None for c in cross_cells(p))]

    @staticmethod
    def _game_ends(state) -> bool:
        if sum(count > 0 for count in state["tokens"]) <= 1:
            return True
        # The cards on the table are the deck's but those that left it, which were all shown: public information.
        gone = (state["pair"] or []) + [card for row in state["kept"] for item in row for card in item["cards"]]
        left = Counter(rank(card) for card in gone + state["discard"])
        return all(count - left[name] <= 1 for name, count in DECK_RANKS[state["jokers"]].items())

    # views ----------------------------------------------------------------------------------------

    def view(self, state, seat, cards):
        """The table as ``seat`` sees it now: face-up and revealed cards, plus what it is looking at."""
        looking = state["looking"] if seat is not None and seat == state["actor"] and not state["over"] else []

        def shown(pos: int, card: str | None) -> str | None:
            if card is None:
                return None
            if state["up"][pos] or pos in state["revealed"] or pos in looking:
                return cards.known(card)
            return FACE_DOWN

        fx = state["fx"]
        return {
            **self.common_view(state, seat),
            "rows": ROWS,
            "cols": COLS,
            "cells": [shown(pos, card) for pos, card in enumerate(state["cells"])],
            "turn_kind": state["kind"],
            "actor": None if state["over"] else state["actor"],
            "phase": state["phase"],
            "prompt": self._prompt(state, seat),
            "held": list(state["looking"]),  # positions the actor is looking at (public: which, not what)
            "hidden": list(state["hidden"]),
            "revealed": list(state["revealed"]),
            "tokens": list(state["tokens"]),
            "bank": state["bank"],
            "out": [not self._in_game(state, s) for s in range(state["players"])],
            "kept": [[{"kind": item["kind"], "cards": list(item["cards"])} for item in row] for row in state["kept"]],
            "pair": None if state["pair"] is None else list(state["pair"]),
            "effect": None if fx is None else {"rank": fx["rank"], "effect": fx.get("effect"), "by": fx["resolver"]},
            "chosen": [] if fx is None else list(fx.get("chosen", [])),
            "discard": list(state["discard"]),
            "skips": list(state["skips"]),
            "extra_turns": [dict(owed) for owed in state["queue"]],
            "variants": {key: state[key] for key in ("simplicity", "jokers", "underdogs")},
        }

    def _prompt(self, state, seat) -> dict:
        """What ``seat`` is asked now, as data (game.web words it): the phase, with the pair's ``amount`` of tokens
        and the player chosen ``first`` where the choice depends on them."""
        phase, fx = state["phase"], state["fx"]
        if phase == "over":
            return {"kind": "over"}
        if seat != state["actor"]:
            return {"kind": "waiting", "seat": state["actor"]}
        if phase == "pick":
            return {"kind": "pick", "second": bool(state["picks"])}
        if phase in ("black", "red", "give_from"):
            return {"kind": phase, "amount": fx["amount"]}
        if phase == "give_to":
            return {"kind": phase, "amount": fx["amount"], "first": fx["chosen"][0]}
        if phase == "jack" and fx["chosen"]:
            return {"kind": phase, "first": fx["chosen"][0]}
        return {"kind": phase}

    # result ---------------------------------------------------------------------------------------

    def result(self, state):
        """Once over: most tokens wins, ties share."""
        if not state["over"]:
            return None
        scores = list(state["tokens"])
        return {"winners": winners_by_score(scores), "scores": scores}

    def all_cards(self, state):
        """The cards on the grid, the pair being resolved, shields and traps, and the discard pile."""
        cards = [card for card in state["cells"] if card is not None]
        cards += state["pair"] or []
        cards += [card for row in state["kept"] for item in row for card in item["cards"]]
        return cards + state["discard"]


def _look(state, seat, pos, cards) -> dict:
    """The event of ``seat`` looking at the card at ``pos``: its face for that seat alone."""
    return private({"type": "look", "seat": seat, "pos": pos}, to=[seat], card=cards.look(state["cells"][pos], seat))


def _targets(seats) -> list[dict]:
    return [{"type": "target", "seat": seat} for seat in seats]


RULES = DeluxeMemory()
