"""Cambio ("Memory meets Uno"): keep the lowest hand you can remember, and snap matching cards away.

Deck: 54 cards (two jokers). Points: A=1, 2–10 face value, J/Q/black K=10, jokers 0, red K −1.

Round: a fresh shuffle; each seat gets 4 face-down slots, 0 and 1 the top row, 2 and 3 the bottom
row (nearest the player), and privately peeks at slots 2 and 3. One card starts the graveyard face-up.
The first round starts with seat 0, or with a seat drawn at the first deal (option ``first_player``;
the view's ``first``), each later round with the next seat (round r, counting from 0, starts with seat
(first + r) mod players). A hand is a list of slots, each a card or empty; positions never
move, an emptied slot stays empty and a penalty card goes into a new slot at the end of the hand.

Turn (the seat in ``turn``):

- ``{"type": "draw", "source": "deck"}`` (only the drawer sees the card) or
  ``{"type": "draw", "source": "graveyard"}`` (public), or ``{"type": "cambio"}`` instead of drawing
  (the round ends at once).
- Holding the drawn card: ``{"type": "swap", "slot": i}`` keeps it in your slot ``i`` and puts the old
  card face-up on the graveyard (a card kept from the deck stays secret); or ``{"type": "discard"}``
  (deck draws only) puts it face-up on the graveyard and fires its power. If snaps have emptied your
  whole hand, you may discard a card drawn from the graveyard too (no power).
- Powers, each one action, or declined with ``{"type": "skip"}``: 7/8 ``{"type": "peek", "owner": you,
  "slot": i}``; 9/10 ``peek`` at another seat's card; J/Q swap two cards unseen:
  ``{"type": "select", "owner": o, "slot": i}`` then ``{"type": "swap_with", "owner": o, "slot": j}``;
  black K ``peek`` at any card, then optionally ``select`` / ``swap_with`` (or ``skip``); red K,
  jokers, A–6 nothing. Then play passes to the left.

Snaps: whatever card is on top of the graveyard (the round's first card, one a draw from the graveyard
uncovered, one just snapped), every seat may act at any moment, even out of turn and in the middle of a
turn, except while a power or a snap's gift is being resolved: ``{"type": "snap", "owner": o, "slot": i}``
throws any card of any hand (except the locked one) onto the graveyard. Ranks must match (jokers match
jokers, red and black kings match each other). Right: the card stays on the graveyard, now its top; from
your own hand the slot stays empty; from another hand you then ``{"type": "give", "slot": j}`` one of
your cards face-down into that slot (nothing happens if you have none). Wrong: the card is shown to all
and put back, and you take a penalty card from the deck, unseen by anyone, into a new slot. The lock:
after a snap (right or wrong) from a hand, no one may snap from that same hand until a turn draws a card
or a snap from another hand happens. There is no other limit. Snaps race (``racing``): in a room only the
first to arrive counts at a graveyard card; :meth:`Cambio.race_window` names the moment they were sent in.

Round end: ``cambio`` on your own turn, instead of drawing, ends the round at once. With the ``call``
option at ``"any time"`` (the default) any seat may also call at any moment it could snap, even out of
turn: the turn under way is played to its end (powers included), then the round ends (``called`` in the
view until then); at ``"own turn"`` only the turn's call exists. Either way, with the ``final_lap`` option
every other seat first takes one more turn, and nobody calls again. A seat whose hand is empty when its
turn comes ends the round the same way (in a final lap already under way, it is just skipped). All hands
are revealed; each seat adds its hand's points to its total; the seat that ended the round adds 30 unless
its hand is strictly the lowest. A total landing exactly on 50 drops to 0, exactly on 100 to 50. When a
total exceeds 100 the game ends and the lowest total wins (ties share); otherwise the next round is dealt
at once.

Empty deck: when a card must be drawn (a turn's draw or a penalty) the graveyard except its top card is
shuffled into a new deck. If that is empty too, a penalty is skipped and drawing from the deck is not legal.

Fixed deck: the ``deck`` option (54 card ids) fixes the FIRST round: 4 cards to each seat in seat order
(slots 0, 1, 2, 3), then one card to start the graveyard, then the rest is the deck, top first. Later
rounds are shuffled.

Cards and who knows them (game.deck): each round is a new deal, and so is each reshuffle of the graveyard (whose
cards are all public). A draw from the deck, the round's first peeks and a power's peek are looks for one seat;
the graveyard's cards (its first card, a discard, a card swapped out or snapped, a wrong snap shown and put
back) and the round's end hands are revealed to everyone. The drawn card and the black king's looked-at card are
kept as references; the power's card and the round records are kept as their (public) faces.
"""

from __future__ import annotations

import json

from ..cards import check_deck, colour, rank, standard_deck
from ..core import FACE_DOWN, FIRST_PLAYER, Option, Rules, first_seat, private, winners_by_score

HAND_SIZE = 4
BOTTOM_ROW = [2, 3]
ENDER_PENALTY = 30
LIMIT = 100
DROPS = {50: 0, 100: 50}
OPEN_PHASES = ("turn", "decide")  # snaps and calls wait while a power resolves (phase "power") and after "over"
POWERS = {"7": "peek_own", "8": "peek_own", "9": "peek_other", "10": "peek_other", "J": "select", "Q": "select"}


def points(card: str) -> int:
    """A card's points: A=1, 2–10 face value, J/Q/black K=10, jokers 0, red K −1."""
    name = rank(card)
    if name == "Joker":
        return 0
    if name == "K":
        return -1 if colour(card) == "red" else 10
    if name in ("J", "Q"):
        return 10
    return 1 if name == "A" else int(name)


def power_of(card: str) -> str | None:
    """The first step of the power a card fires when discarded from the deck, or None."""
    if rank(card) == "K":
        return "peek_any" if colour(card) == "black" else None
    return POWERS.get(rank(card))


def hand_points(hand: list) -> int:
    """The points of a hand's cards; empty slots count nothing."""
    return sum(points(card) for card in hand if card is not None)


class Cambio(Rules):
    """Cambio: swap, peek, snap, and call Cambio with the lowest hand."""

    id = "cambio"
    name = "Cambio"
    player_counts = (2, 3, 4, 5, 6)
    options = (
        Option(
            "call",
            "any time",
            "When Cambio may be called: any time a snap could be made, even out of turn (the turn under way "
            "ends first), or only on your own turn instead of drawing.",
            choices=("any time", "own turn"),
            legacy="own turn",
        ),
        Option("final_lap", False, "After a Cambio call, every other player takes one more turn."),
        FIRST_PLAYER,
        Option("deck", None, "Fixed deal of the first round: 4 cards per seat, the graveyard, then the deck."),
    )
    racing = ("snap", "cambio")

    # ----------------------------------------------------------------------------------------- setup

    def setup(self, players, options, cards):
        if options["deck"] is None:
            deck = cards.deal(standard_deck(jokers=True))
        else:
            deck = cards.deal(check_deck(options["deck"], standard_deck(jokers=True), "Cambio"), public=True)
        state = {
            "players": players,
            "final_lap": options["final_lap"],
            "call": options["call"],
            "first": first_seat(options, players, cards.rng),  # the first round's starter
            "round": 0,
            "turn": 0,
            "phase": "turn",  # turn (draw or call), decide (holding a card), power, over
            "hands": [],
            "deck": [],  # top first
            "graveyard": [],  # bottom first; the top is the last card
            "drawn": None,
            "drawn_from": None,
            "pending": None,  # a power under way: {"step", "card" (its face), "first", "looking"}
            "give": None,  # a right snap from another hand: {"seat", "owner", "slot"}
            "lock": None,  # the hand last snapped from, closed to snaps until a draw
            "called": None,  # who called Cambio during the turn under way: the round ends after it
            "final": None,  # a final lap under way: {"caller", "left"}
            "totals": [0] * players,
            "rounds": [],  # one record per finished round
            "last_hands": None,  # the hands as revealed at the end of the last round
        }
        events: list[dict] = []
        self._deal(state, deck, events, cards)
        return state, events

    # ------------------------------------------------------------------------------- who acts, what

    def to_act(self, state):
        if state["phase"] == "over":
            return []
        if state["give"] is not None:
            return [state["give"]["seat"]]
        snaps = bool(self._snap_targets(state))
        return [
            seat for seat in range(state["players"]) if seat == state["turn"] or snaps or self._may_call(state, seat)
        ]

    def legal_actions(self, state, seat, cards):
        if seat not in self.to_act(state):
            return []
        if state["give"] is not None:
            return [{"type": "give", "slot": slot} for slot in _filled(state["hands"][seat])]
        actions = self._turn_actions(state) if seat == state["turn"] else []
        if self._may_call(state, seat):
            actions.append({"type": "cambio"})
        return actions + [{"type": "snap", "owner": o, "slot": i} for o, i in self._snap_targets(state)]

    def race_window(self, state):
        if not self._open(state):
            return None
        # Card ids are unique, so within a round the same top card is the same moment; snapped or drawn
        # away, a card can come back on top only after other cards have been there in between.
        top = state["graveyard"][-1] if state["graveyard"] else "no card"
        return f"round {state['round']}, {top}"

    @staticmethod
    def _open(state) -> bool:
        """True at the moments snaps and calls may come: not while a power or a snap's gift is resolved."""
        return state["phase"] in OPEN_PHASES and state["give"] is None

    def _may_call(self, state, seat) -> bool:
        """True if ``seat`` may call Cambio now: on its turn instead of drawing, or at any open moment if ``call``
        is ``"any time"``."""
        if not self._open(state) or state["final"] is not None or state["called"] is not None:
            return False
        return state["call"] == "any time" or (seat == state["turn"] and state["phase"] == "turn")

    def _turn_actions(self, state) -> list[dict]:
        seat = state["turn"]
        hands = state["hands"]
        phase = state["phase"]
        if phase == "turn":
            actions = []
            if state["deck"] or len(state["graveyard"]) > 1:
                actions.append({"type": "draw", "source": "deck"})
            if state["graveyard"]:
                actions.append({"type": "draw", "source": "graveyard"})
            return actions
        if phase == "decide":
            actions = [{"type": "swap", "slot": slot} for slot in _filled(hands[seat])]
            # A graveyard card can only be kept, unless snaps emptied the hand: then it goes back.
            if state["drawn_from"] == "deck" or not actions:
                actions.append({"type": "discard"})
            return actions
        pending = state["pending"]
        step = pending["step"]
        everywhere = [(o, i) for o in range(state["players"]) for i in _filled(hands[o])]
        if step == "peek_own":
            targets = [(seat, i) for i in _filled(hands[seat])]
        elif step == "peek_other":
            targets = [(o, i) for o, i in everywhere if o != seat]
        elif step == "peek_any":
            targets = everywhere
        elif step == "select":
            targets = everywhere if len(everywhere) >= 2 else []
        else:  # swap_with
            targets = [(o, i) for o, i in everywhere if [o, i] != pending["first"]]
        kind = "peek" if step.startswith("peek") else step
        return [{"type": kind, "owner": o, "slot": i} for o, i in targets] + [{"type": "skip"}]

    def _snap_targets(self, state) -> list[tuple[int, int]]:
        """Every card a snap may throw now: at an open moment, on a graveyard card, from any hand but the locked one."""
        if not (self._open(state) and state["graveyard"]):
            return []
        return [
            (owner, slot)
            for owner, hand in enumerate(state["hands"])
            if owner != state["lock"]
            for slot in _filled(hand)
        ]

    # --------------------------------------------------------------------------------------- apply

    def apply(self, state, seat, action, cards):
        kind = action["type"]
        events: list[dict] = []
        if kind == "snap":
            self._snap(state, seat, action["owner"], action["slot"], events, cards)
        elif kind == "give":
            self._give(state, seat, action["slot"], events)
        elif kind == "draw":
            self._draw(state, seat, action["source"], events, cards)
        elif kind == "cambio":
            self._cambio(state, seat, events, cards)
        elif kind == "swap":
            self._keep(state, seat, action["slot"], events, cards)
        elif kind == "discard":
            self._discard(state, seat, events, cards)
        elif kind == "peek":
            self._peek(state, seat, action["owner"], action["slot"], events, cards)
        elif kind == "select":
            state["pending"]["first"] = [action["owner"], action["slot"]]
            state["pending"]["step"] = "swap_with"
            events.append({"type": "select", "seat": seat, "owner": action["owner"], "slot": action["slot"]})
        elif kind == "swap_with":
            a = state["pending"]["first"]
            b = [action["owner"], action["slot"]]
            hands = state["hands"]
            hands[a[0]][a[1]], hands[b[0]][b[1]] = hands[b[0]][b[1]], hands[a[0]][a[1]]
            events.append({"type": "swap_cards", "seat": seat, "a": a, "b": b})
            self._advance(state, events, cards)
        elif kind == "skip":
            events.append({"type": "skip", "seat": seat, "power": state["pending"]["card"]})
            self._advance(state, events, cards)
        if state["phase"] == "over":
            events.append({"type": "game_over", "result": self.result(state)})
        return events

    def _draw(self, state, seat, source, events, cards) -> None:
        if source == "deck":
            card = self._take_from_deck(state, seat, events, cards)
            events.append(
                private({"type": "draw", "seat": seat, "source": "deck"}, to=[seat], card=cards.look(card, seat))
            )
        else:
            card = state["graveyard"].pop()
            events.append({"type": "draw", "seat": seat, "source": "graveyard", "card": cards.face(card)})
        state["lock"] = None
        state["drawn"] = card
        state["drawn_from"] = source
        state["phase"] = "decide"

    def _keep(self, state, seat, slot, events, cards) -> None:
        hand = state["hands"][seat]
        old, hand[slot] = hand[slot], state["drawn"]
        event = {"type": "swap", "seat": seat, "slot": slot, "source": state["drawn_from"], "card": cards.face(old)}
        if state["drawn_from"] == "graveyard":
            event["kept"] = cards.face(state["drawn"])  # it was face-up, everyone knows it
        events.append(event)
        state["graveyard"].append(old)
        self._advance(state, events, cards)

    def _discard(self, state, seat, events, cards) -> None:
        drawn = state["drawn"]
        card = cards.face(drawn)
        from_deck = state["drawn_from"] == "deck"
        events.append({"type": "discard", "seat": seat, "card": card})
        state["graveyard"].append(drawn)
        state["drawn"] = state["drawn_from"] = None
        power = power_of(card) if from_deck else None
        if power is None:
            self._advance(state, events, cards)
            return
        state["pending"] = {"step": power, "card": card, "first": None, "looking": None}
        state["phase"] = "power"
        events.append({"type": "power", "seat": seat, "card": card, "power": power})

    def _peek(self, state, seat, owner, slot, events, cards) -> None:
        card = state["hands"][owner][slot]
        seen = cards.look(card, seat)
        events.append(private({"type": "peek", "seat": seat, "owner": owner, "slots": [slot]}, to=[seat], cards=[seen]))
        pending = state["pending"]
        if pending["step"] == "peek_any":
            # The black king's swap comes next; the peeker keeps looking at the card meanwhile.
            pending["step"] = "select"
            pending["looking"] = {"owner": owner, "slot": slot, "card": card}
        else:
            self._advance(state, events, cards)

    def _snap(self, state, seat, owner, slot, events, cards) -> None:
        hands = state["hands"]
        card = hands[owner][slot]
        shown = cards.face(card)
        state["lock"] = owner
        event = {"type": "snap", "seat": seat, "owner": owner, "slot": slot, "card": shown}
        if rank(shown) != rank(cards.face(state["graveyard"][-1])):
            events.append({**event, "right": False})
            penalty = self._take_from_deck(state, seat, events, cards)
            if penalty is None:
                events.append({"type": "penalty", "seat": seat, "slot": None})
            else:
                hands[seat].append(penalty)
                events.append({"type": "penalty", "seat": seat, "slot": len(hands[seat]) - 1})
            return
        events.append({**event, "right": True})
        hands[owner][slot] = None
        state["graveyard"].append(card)
        if owner != seat:
            if _filled(hands[seat]):
                state["give"] = {"seat": seat, "owner": owner, "slot": slot}
            else:
                events.append({"type": "give", "seat": seat, "slot": None, "owner": owner, "into": slot})

    def _give(self, state, seat, slot, events) -> None:
        give = state["give"]
        hands = state["hands"]
        hands[give["owner"]][give["slot"]] = hands[seat][slot]
        hands[seat][slot] = None
        state["give"] = None
        events.append({"type": "give", "seat": seat, "slot": slot, "owner": give["owner"], "into": give["slot"]})

    @staticmethod
    def _take_from_deck(state, seat, events, cards) -> str | None:
        """The deck's top card, reshuffling the graveyard but its top first if the deck is empty; None if none."""
        if not state["deck"] and len(state["graveyard"]) > 1:
            rest = state["graveyard"][:-1]
            state["graveyard"] = state["graveyard"][-1:]
            state["deck"] = cards.deal([cards.face(card) for card in rest])  # public faces, dealt anew face down
            events.append({"type": "reshuffle", "seat": seat, "deck_size": len(rest)})
        return state["deck"].pop(0) if state["deck"] else None

    # -------------------------------------------------------------------------- turns and rounds

    def _cambio(self, state, seat, events, cards) -> None:
        """``seat`` calls Cambio: on its turn before drawing it takes effect at once, else once the turn ends."""
        if seat == state["turn"] and state["phase"] == "turn":
            events.append({"type": "cambio", "seat": seat})
            if self._call(state, seat, events, cards):
                self._advance(state, events, cards)
            return
        state["called"] = seat
        events.append({"type": "cambio", "seat": seat, "after": state["turn"]})

    def _call(self, state, seat, events, cards) -> bool:
        """``seat`` ends the round; True if a final lap starts (play goes on), False if it ended now."""
        if not state["final_lap"]:
            self._end_round(state, seat, events, cards)
            return False
        players = state["players"]
        left = [(seat + k) % players for k in range(1, players)]
        state["final"] = {"caller": seat, "left": left}
        state["turn"] = seat
        events.append({"type": "final_lap", "seat": seat, "left": list(left)})
        return True

    def _advance(self, state, events, cards) -> None:
        """End the current turn and start the next one, ending the round if that is due."""
        state["drawn"] = state["drawn_from"] = state["pending"] = None
        caller, state["called"] = state["called"], None
        if caller is not None and not self._call(state, caller, events, cards):
            return  # the call made during the turn ended the round
        hands = state["hands"]
        while True:
            final = state["final"]
            if final is not None:
                if not final["left"]:
                    self._end_round(state, final["caller"], events, cards)
                    return
                seat = final["left"].pop(0)
                if not _filled(hands[seat]):
                    events.append({"type": "empty_hand", "seat": seat})  # nothing to play: skipped
                    continue
            else:
                seat = (state["turn"] + 1) % state["players"]
                if not _filled(hands[seat]):
                    events.append({"type": "empty_hand", "seat": seat})
                    if self._call(state, seat, events, cards):
                        continue
                    return
            state["turn"] = seat
            state["phase"] = "turn"
            events.append({"type": "turn", "seat": seat})
            return

    def _end_round(self, state, ender, events, cards) -> None:
        hands = [[None if card is None else cards.face(card) for card in hand] for hand in state["hands"]]
        scores = [hand_points(hand) for hand in hands]
        lowest = all(scores[ender] < score for seat, score in enumerate(scores) if seat != ender)
        added = list(scores)
        if not lowest:
            added[ender] += ENDER_PENALTY
        totals = state["totals"]
        drops = []
        for seat, points_ in enumerate(added):
            total = totals[seat] + points_
            if total in DROPS:
                drops.append({"seat": seat, "from": total, "to": DROPS[total]})
                total = DROPS[total]
            totals[seat] = total
        record = {
            "round": state["round"],
            "ender": ender,
            "points": scores,
            "penalty": not lowest,
            "added": added,
            "drops": drops,
            "totals": list(totals),
        }
        state["rounds"].append(record)
        state["last_hands"] = [list(hand) for hand in hands]
        events.append({"type": "round_end", "seat": ender, "hands": [list(hand) for hand in hands], **record})
        state["final"] = state["give"] = state["lock"] = None
        if max(totals) > LIMIT:
            state["phase"] = "over"
            return
        self._deal(state, cards.deal(standard_deck(jokers=True)), events, cards)

    @staticmethod
    def _deal(state, deck, events, cards) -> None:
        players = state["players"]
        state["round"] += 1
        first = (state["first"] + state["round"] - 1) % players
        cut = HAND_SIZE * players
        state.update(
            hands=[deck[HAND_SIZE * seat : HAND_SIZE * (seat + 1)] for seat in range(players)],
            graveyard=[deck[cut]],
            deck=deck[cut + 1 :],
            drawn=None,
            drawn_from=None,
            pending=None,
            give=None,
            lock=None,
            called=None,
            final=None,
            turn=first,
            phase="turn",
        )
        events.append(
            {
                "type": "deal",
                "seat": first,
                "round": state["round"],
                "hands": [HAND_SIZE] * players,
                "graveyard": cards.face(deck[cut]),
                "deck_size": len(state["deck"]),
            }
        )
        for seat, hand in enumerate(state["hands"]):
            secret = [cards.look(hand[slot], seat) for slot in BOTTOM_ROW]
            events.append(
                private(
                    {"type": "peek", "seat": seat, "owner": seat, "slots": list(BOTTOM_ROW)}, to=[seat], cards=secret
                )
            )
        events.append({"type": "turn", "seat": first})

    # ---------------------------------------------------------------------------------------- view

    def view(self, state, seat, cards):
        pending = state["pending"]
        turn = state["turn"]
        drawn = state["drawn"]
        if drawn is not None:
            drawn = cards.known(drawn) if state["drawn_from"] == "graveyard" or seat == turn else FACE_DOWN
        looking = pending["looking"] if pending and seat == turn else None
        if looking is not None:
            looking = {**looking, "card": cards.known(looking["card"])}
        graveyard = state["graveyard"]
        return {
            **self.common_view(state, seat),
            "round": state["round"],
            "phase": self._phase(state),
            "prompt": self._prompt(state, seat),
            "hands": [[None if card is None else FACE_DOWN for card in hand] for hand in state["hands"]],
            "drawn": drawn,
            "drawn_from": state["drawn_from"],
            "graveyard": cards.known(graveyard[-1]) if graveyard else None,
            "graveyard_size": len(graveyard),
            "deck_size": len(state["deck"]),
            "snap_open": bool(self._snap_targets(state)),
            "lock": state["lock"],
            "can_call": seat is not None and self._may_call(state, seat),
            "called": state["called"],
            "pending": None if pending is None else _copy({key: pending[key] for key in ("step", "card", "first")}),
            "looking": _copy(looking),
            "give": _copy(state["give"]),
            "final_lap": _copy(state["final"]),
            "totals": list(state["totals"]),
            "rounds": _copy(state["rounds"]),
            "last_hands": _copy(state["last_hands"]),
        }

    @staticmethod
    def _phase(state) -> str:
        if state["give"] is not None:
            return "give"
        if state["phase"] == "power":
            return state["pending"]["step"]
        return state["phase"]

    def _prompt(self, state, seat) -> dict:
        """What ``seat`` is asked now, as data (game.web words it): the phase, and what else it may do meanwhile
        (``may``: "snap", and "call" for a call that ends the round after this turn)."""
        phase = self._phase(state)
        if phase == "over":
            return {"kind": "over"}
        acting = self.to_act(state)
        if seat is None or seat not in acting:
            return {"kind": "waiting", "seat": state["give"]["seat"] if state["give"] is not None else state["turn"]}
        if phase == "give":
            return {"kind": "give", "owner": state["give"]["owner"]}
        turn = state["turn"]
        call_later = self._may_call(state, seat) and not (seat == turn and phase == "turn")
        may = (["snap"] if self._snap_targets(state) else []) + (["call"] if call_later else [])
        if seat != turn:
            return {"kind": "waiting", "seat": turn, "may": may}
        if phase == "turn":
            return {"kind": "turn", "call": self._may_call(state, seat), "final": bool(state["final"]), "may": may}
        if phase == "decide":
            return {"kind": "decide", "from": state["drawn_from"], "may": may}
        return {"kind": phase, "may": may}

    # ------------------------------------------------------------------------------- result, cards

    def result(self, state):
        if state["phase"] != "over":
            return None
        return {"winners": winners_by_score(state["totals"], highest=False), "scores": list(state["totals"])}

    def all_cards(self, state):
        in_hands = [card for hand in state["hands"] for card in hand if card is not None]
        drawn = [state["drawn"]] if state["drawn"] is not None else []
        return in_hands + drawn + list(state["deck"]) + list(state["graveyard"])


def _copy(value):
    """A deep copy of a JSON value, so that a view never shares lists with the state."""
    return json.loads(json.dumps(value))


def _filled(hand: list) -> list[int]:
    """The slots of a hand that hold a card."""
    return [slot for slot, card in enumerate(hand) if card is not None]


RULES = Cambio()
