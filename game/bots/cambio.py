"""Cambio bot: estimate every hand from what it has seen, keep low cards, use the powers, snap what it knows.

**Memory.** Facts are keyed by ``(owner, slot)``. A fact is a card id the bot has seen at that position
(its start-of-round peek of the bottom row, 7/8 peeks at its own cards, 9/10 peeks at others, black-king
looks, a card it kept, a card kept from the graveyard, a wrong snap shown to all), or a *bound*: when an
opponent keeps a card drawn from the deck nobody sees it, but the card it replaced is shown, and players
keep cards lower than the one they give up, so the bot remembers ``("<", points)`` there (``("<", 6)`` when
the owner had not seen the replaced card either). Memory follows every public movement: a swap puts the
kept card in the slot, a blind J/Q/K swap (``swap_cards``) moves both facts with their cards, a right snap
empties the slot, a give moves the giver's card into the opponent's slot (only the giver may know what it
is), a penalty card is unknown. A new deal wipes the hands' memory. Each ``turn`` event ages the memory
(see memory.py): lower levels forget cards, and a forgotten card is simply unknown again. Public facts
about *positions* (which slots each owner has looked at, since which of its turns) are not forgotten.

**Estimates.** The unseen pool is the 54 cards less the graveyard (public, tracked card by card, reset by
a reshuffle), the cards the bot remembers in hands and the card it holds. An unknown card is worth the
pool's mean (about 5.9 at the start), a bounded one the mean of pool cards under its bound. An opponent's
card that the opponent knows (its bottom row, its own peeks, its kept cards) but the bot does not shrinks
by a factor 0.8 per turn of its owner: a card its owner keeps turn after turn is a low one. That factor
was measured in bot play, where the plain pool mean overestimated such cards fivefold after a dozen turns
and made the bot call Cambio into +30 penalties. A hand's estimate is the sum over its slots, with a
variance from the slots the bot does not know.

**A turn.**

1. *Cambio*: call when its estimate is clearly the lowest: against every opponent the estimated lead (less
   2.5 if a final lap has been seen) must exceed a level's base margin plus ``z`` standard deviations of the
   difference (the +30 penalty for not being strictly lowest makes a wrong call costly). After 8 own turns
   in a round the margin shrinks, over 16 more turns, to "any positive lead", and after 40 own turns it
   calls whatever its hand: two careful bots would otherwise sit on a joker each for ever. Where calls may
   come out of turn (option ``call`` at "any time"), Easy, Medium and Hard make the same call out of turn as
   soon as the test passes, rather than waiting for their own turn while the others play on. Perfect waits
   for its own turn and calls once it has seen the card it drew: the round then ends with its turn, its draw
   kept and nobody playing again (its style's ``call_after_drawing``). A wide margin pays: each round adds
   every hand to its owner's total, so a small lead called early gains little, while waiting lets the own
   hand fall further. The bases (Hard 5, Perfect 10 points) were measured in bot play (2026-11-26, 400
   games a match-up): against the Perfect of base 3 (now ``PERFECT_BEFORE_SEARCH``), a base of 10 won 63%,
   7 won 62%, 14 won 64%; with the call after drawing and none out of turn, 10 won 66%; Hard at 5 beat
   Medium 82% where Hard at 1 won 66% (1,000 games).
2. *Draw*: take the graveyard's top only when keeping it gains at least 5.5 points over the slot it would
   replace (a known high card, or an unknown slot's expected value); otherwise draw from the deck. A
   threshold of 2 lost 58–62% of games to this one: a card kept face-up is one every opponent can snap,
   and a deck draw may bring a power.
3. *Keep or discard*: the gain of keeping in slot ``s`` is ``value(s) − value(card)``, plus a bonus when the
   card swapped out matches another card the bot knows in its own hand (it will snap that one away), plus
   a little for learning an unknown slot. Discarding is worth the power's value, plus the same snap
   bonus if the discarded card matches a known card of its own. It keeps when keeping is worth more.
4. *Powers*: 7/8 peek at an unknown own card; 9/10 peek at an unknown card of the opponent most likely
   to call (lowest estimate), the card believed lowest first; J/Q swap its highest card with an opponent's
   lowest (known, bounded or unknown) when the expected gain is at least 2, else skip; black K looks at an
   opponent's unknown card when it holds a known card of 7 or more (else at its own unknown card), then
   swaps by the same rule, which now includes the card just seen.

**Snaps** (out of turn too, before its own turn's step, and on the round's starting card): when the
graveyard's top matches the rank of a card it remembers, it snaps its own card (points above 0: a red
king or joker is worth keeping), or an opponent's card when the card it would give makes the trade good
(``2 × given − taken > 0``: its hand sheds what it gives, the opponent's changes by ``given − taken``;
never snapping opponents lost 62% of games).
It gives its highest card. It never snaps a card it does not remember and never targets the locked hand,
so at every level it is never wrong: memory forgets rather than misremembers, and it follows every move.

**Levels.** The forgetting rate (see memory.py) is the main difference. Each level's :class:`Style` sets the
rest: lower levels call Cambio on a thinner margin, and Easy does not plan J/Q swaps with a card it has not
seen. :meth:`CambioBot.reaction_delay_ms` draws a
reaction time per level for its out-of-turn snaps and calls (easy 1000–2000 ms, medium 600–1400, hard
400–900, perfect 250–500) for a real-time scheduler; the engine and the arena ignore it. It draws from its
own stream, seeded like ``self.rng``, so that asking for delays never changes the play.

**Search.** Perfect decides its calls by search (``game/bots/cambio_search.py``): where its estimated lead is
at least half the margin it wants (``SEARCH_FROM``), it plays the call and going on out in worlds dealt from
its memory, with this heuristic playing every seat, and takes the better. Everything else it plays by the
heuristic with a perfect memory. Measured in bot play: the searching Perfect beat the same heuristic without
search 67.6% of 400 games, and the Perfect before search 72.2% of 1,000 (the ladder in bench/README.md).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from ..cards import rank, standard_deck
from ..rules.cambio import points
from .base import Bot

DECK = standard_deck(jokers=True)
POINTS = {card: points(card) for card in DECK}
BOUND = "<"  # a fact ("<", n): an opponent kept an unseen deck card in place of a card worth n
KEEP_BELOW = 6  # the bound when its owner had not seen the card it replaced (it compared with an average card)
OWNER_KEEPS = 0.8  # per turn of its owner, how an unseen card that its owner knows shrinks (measured in bot play)


@dataclass(frozen=True)
class Style:
    """How a level plays, besides its memory.

    ``call_base`` and ``call_z``: a Cambio call wants an estimated lead over every opponent above ``call_base`` +
    ``call_z`` standard deviations. ``call_after_drawing``: where calls are open at any time, call during its own
    turn once the drawn card is seen (the round then ends with that turn: nobody else plays again), and never
    out of turn. ``search``: decide calls by search (``game/bots/cambio_search.py``).
    """

    call_base: float
    call_z: float
    call_after_drawing: bool = False
    search: bool = False


STYLES = {
    "easy": Style(0.0, 0.4),
    "medium": Style(0.5, 0.7),
    "hard": Style(5.0, 0.9),
    "perfect": Style(10.0, 1.0, call_after_drawing=True, search=True),
}
PERFECT_BEFORE_SEARCH = Style(3.0, 1.0)
BEFORE_SEARCH = "perfect before search"  # the arena's name for it
"""The Perfect level as it played before it searched: kept for the arena's measure of the search, no player's."""
SEARCH_FROM = 0.5  # the share of a call's wanted lead from which the search weighs the call
OPPONENT = Style(3.0, 1.0)  # how the search expects an opponent to play (a careful heuristic with perfect memory)
PATIENCE = 8  # own turns in a round before it asks for a smaller lead, so that two careful bots end a round
PATIENCE_SPAN = 16  # own turns over which the lead asked for shrinks to just above nothing
GIVE_UP = 40  # own turns after which it calls whatever its hand, so that no round goes on for ever
FINAL_LAP_MARGIN = 2.5  # each opponent's expected improvement in a final lap
TAKE_GAIN = 5.5  # least gain to take the graveyard top: a kept face-up card is one the others know (measured)
SWAP_GAIN = 2.0  # least expected gain for a J/Q/K blind swap
LEARN_BONUS = 0.5  # keeping a card in an unknown slot also tells the bot what that slot holds
PEEK_OWN_VALUE = 2.0  # what the powers are worth, in points, against keeping the card (tuned in bot play)
PEEK_OTHER_VALUE = 0.7
LOOK_VALUE = 2.0
SNAP_WIN = 0.8  # the chance its own follow-up snap reaches the table first
HIGH_CARD = 7  # a known card worth this much is worth trading away with a black king
DELAY_MS = {"easy": (1000, 2000), "medium": (600, 1400), "hard": (400, 900), "perfect": (250, 500)}


class CambioBot(Bot):
    """Tracks cards by position, estimates hands, keeps low cards, uses the powers and snaps what it knows."""

    game = "cambio"
    match_ups = (("perfect", BEFORE_SEARCH, 0.60),)  # the search must beat the Perfect it grew from

    @classmethod
    def rival(cls, name: str, seed: int | str) -> CambioBot | None:
        return cls("perfect", seed, PERFECT_BEFORE_SEARCH) if name == BEFORE_SEARCH else None

    def __init__(self, level: str, seed: int | str = 0, style: Style | None = None):
        super().__init__(level, seed)
        self.style = style or STYLES[level]
        self._delay_rng = random.Random(f"bot/{self.game}/{level}/{seed}/delay")
        self.call_rule = "any time"  # the game's ``call`` option as the views show it (the default until then)
        self.planned: list[dict] = []  # the rest of a move decided with a call (how to end the turn)
        self.graveyard: list[str] = []  # the graveyard, bottom first, as the public events showed it
        self.drawn: str | None = None  # the card this seat holds, when it knows it
        self.final_lap_rule = False  # a final lap has been seen: the option is on
        self.plan: tuple[int, int] | None = None  # the second card of a J/Q/K swap under way
        self.turns = 0  # own turns in this round
        self.seat_turns: list[int] = []  # turns each seat has begun in this round
        self.aware: dict[tuple[int, int], int] = {}  # positions whose owner knows the card: since which turn
        self.look: tuple[int, int, int] | None = None  # the last peek: (seat, owner, slot)
        self.search = None
        if self.style.search:
            from .cambio_search import CambioSearch  # imported here: the search plays worlds out with this class

            self.search = CambioSearch(self, seed)

    # ------------------------------------------------------------------------------------ scheduler

    def reaction_delay_ms(self) -> int:
        """How long this player takes to react to a snap chance, in ms, drawn within its level's range.

        For a real-time scheduler that delays the bot's snaps; the engine and the arena ignore it.
        """
        low, high = DELAY_MS[self.level]
        return self._delay_rng.randint(low, high)

    # ------------------------------------------------------------------------------------- observe

    def observe(self, event: dict, seat: int) -> None:
        """Update the memory of cards by position, and the public graveyard, from one event."""
        kind = event["type"]
        memory = self.memory
        aware = self.aware
        if kind == "deal":
            for key, _ in memory.items():
                memory.forget(key)
            self.graveyard = [event["graveyard"]]
            self.drawn = None
            self.plan = None
            self.planned = []
            self.turns = 0
            self.seat_turns = [0] * len(event["hands"])
            aware.clear()
        elif kind == "turn":
            memory.tick()
            self.turns += event["seat"] == seat
            self.seat_turns[event["seat"]] += 1
        elif kind == "peek":
            owner = event["owner"]
            for slot, card in zip(event["slots"], event.get("cards", ()), strict=False):
                memory.see((owner, slot), card)
            if event["seat"] == owner:
                for slot in event["slots"]:
                    aware[(owner, slot)] = self.seat_turns[owner]
            self.look = (event["seat"], owner, event["slots"][0])
        elif kind == "draw":
            if event["source"] == "graveyard" and self.graveyard:
                self.graveyard.pop()
            if event["seat"] == seat:
                self.drawn = event.get("card")
        elif kind == "swap":
            key = (event["seat"], event["slot"])
            if "kept" in event:
                memory.see(key, event["kept"])
            elif event["seat"] == seat and self.drawn is not None:
                memory.see(key, self.drawn)
            else:
                # Unseen: it was kept because it looked better than the card it replaced, or than an
                # average card if its owner did not know what that slot held.
                memory.see(key, (BOUND, points(event["card"]) if key in aware else KEEP_BELOW))
            aware[key] = self.seat_turns[event["seat"]]
            self.graveyard.append(event["card"])
            if event["seat"] == seat:
                self.drawn = None
        elif kind == "discard":
            self.graveyard.append(event["card"])
            if event["seat"] == seat:
                self.drawn = None
        elif kind == "swap_cards":
            first, second = tuple(event["a"]), tuple(event["b"])
            memory.swap(first, second)
            aware.pop(first, None)
            aware.pop(second, None)
            # A black king's swapper knows the card it looked at, if that card came into its own hand.
            if self.look is not None and self.look[0] == event["seat"]:
                for into, came_from in ((first, second), (second, first)):
                    if into[0] == event["seat"] and (self.look[1], self.look[2]) == came_from:
                        aware[into] = self.seat_turns[into[0]]
        elif kind == "snap":
            key = (event["owner"], event["slot"])
            if event["right"]:
                memory.forget(key)
                aware.pop(key, None)
                self.graveyard.append(event["card"])
            else:
                memory.see(key, event["card"])  # shown to all and put back
                aware[key] = self.seat_turns[key[0]]
        elif kind == "penalty":
            if event["slot"] is not None:
                memory.forget((event["seat"], event["slot"]))
                aware.pop((event["seat"], event["slot"]), None)
        elif kind == "give":
            if event["slot"] is not None:
                memory.move((event["seat"], event["slot"]), (event["owner"], event["into"]))
                aware.pop((event["seat"], event["slot"]), None)
        elif kind == "reshuffle":
            self.graveyard = self.graveyard[-1:]
        elif kind == "final_lap":
            self.final_lap_rule = True
        if self.search is not None:
            self.search.observe(event, len(self.seat_turns))

    # -------------------------------------------------------------------------------------- decide

    def choose(self, view: dict, new_events: list[dict]) -> dict | None:
        """Take in the events, learn when calls are open from the view, then act as every bot does."""
        me = view["seat"]
        quiet = view["final_lap"] is None and view["called"] is None and view["give"] is None
        if quiet and view["phase"] in ("turn", "decide") and not (view["turn"] == me and view["phase"] == "turn"):
            self.call_rule = "any time" if view["can_call"] else "own turn"
        return super().choose(view, new_events)

    def decide(self, view: dict) -> dict | None:
        """Give, snap, call out of turn, or play the turn's step; ``None`` when it lets an optional move pass."""
        me = view["seat"]
        phase = view["phase"]
        table = Table(self, view)
        if phase == "give":
            return {"type": "give", "slot": table.highest_own()}
        snap = self._snap(view, table)
        if snap is not None:
            return snap
        if view["turn"] != me:
            if not view["can_call"]:
                return None
            if self._calls_after_drawing():
                return CAMBIO if self.turns > GIVE_UP else None
            return CAMBIO if self._should_call(view, table) else None
        if phase == "turn":
            return self._start_turn(view, table)
        if phase == "decide":
            return self._keep_or_discard(view, table)
        if phase == "peek_own":
            unknown = table.unknown(me)
            return _at("peek", me, unknown[0]) if unknown else SKIP
        if phase == "peek_other":
            target = table.peek_target()
            return _at("peek", *target) if target else SKIP
        if phase == "peek_any":
            return self._look(table)
        if phase == "select":
            best = table.best_swap(self.level)
            if best is None:
                return SKIP
            self.plan = best[1]
            return _at("select", *best[0])
        return self._swap_with(view, table)

    def _snap(self, view: dict, table: Table) -> dict | None:
        """A snap at the graveyard's top with a card it remembers, if one is worth it."""
        me = view["seat"]
        top = view["graveyard"]
        if not view["snap_open"]:
            return None
        wanted = rank(top)
        best, best_gain = None, 0.0
        give = table.value(me, table.highest_own()) if table.filled(me) else None
        for owner in range(len(view["hands"])):
            if owner == view["lock"]:
                continue
            for slot in table.filled(owner):
                card = self.memory.recall((owner, slot))
                if not isinstance(card, str) or rank(card) != wanted:
                    continue
                if owner == me:
                    gain = 2.0 * points(card)  # my hand shrinks: both sides of the difference
                elif give is None:
                    gain = -points(card)
                else:
                    gain = 2 * give - points(card)
                if gain > best_gain:
                    best, best_gain = (owner, slot), gain
        return None if best is None else _at("snap", *best)

    def _calls_after_drawing(self) -> bool:
        return self.style.call_after_drawing and self.call_rule == "any time"

    def _start_turn(self, view: dict, table: Table) -> dict:
        top = view["graveyard"]
        can_draw = view["deck_size"] > 0 or view["graveyard_size"] > 1
        if top is not None and (not can_draw or table.best_keep(top)[1] >= TAKE_GAIN):
            draw = {"type": "draw", "source": "graveyard"}
        else:
            draw = {"type": "draw", "source": "deck"}
        if not view["can_call"] or self._calls_after_drawing():
            return draw
        return self._call_or(draw, [], view, table)

    def _call_or(self, going_on: dict, ways: list[dict], view: dict, table: Table) -> dict:
        """Cambio, or ``going_on``: by search at the Perfect level, else by the estimated lead. After a call, the
        move that ends the turn (one of ``ways``) is kept in ``planned``."""
        if self.turns > GIVE_UP:
            moves = [CAMBIO, going_on]
        elif self.search is not None:
            # The search weighs calls only where the estimated lead is at least half what the heuristic wants.
            near = self._should_call(view, table, SEARCH_FROM)
            moves = self.search.call(view, going_on, ways) if near else [going_on]
        else:
            moves = [CAMBIO, going_on] if self._should_call(view, table) else [going_on]
        self.planned = moves[1:] if moves[0] == CAMBIO and ways else []
        return moves[0]

    def _should_call(self, view: dict, table: Table, scale: float = 1.0) -> bool:
        """True if its estimated lead over every opponent is what its style asks for a call (``scale`` times it)."""
        me = view["seat"]
        if self.turns > GIVE_UP:
            return True  # hands this stuck (say a joker each) would never change: end the round
        mine, my_var = table.hand(me)
        margin = FINAL_LAP_MARGIN if self.final_lap_rule else 0.0
        style = self.style
        # A long round asks for less and less certainty, down to a strictly positive expected lead.
        shrink = max(0.0, 1.0 - max(0, self.turns - PATIENCE) / PATIENCE_SPAN)
        for owner in range(len(view["hands"])):
            if owner == me:
                continue
            theirs, their_var = table.hand(owner)
            lead = theirs - mine - margin
            wanted = style.call_base + style.call_z * math.sqrt(my_var + their_var)
            if lead <= wanted * shrink * scale:
                return False
        return True

    def _keep_or_discard(self, view: dict, table: Table) -> dict:
        me = view["seat"]
        if self.planned:
            move = self.planned.pop(0)
            if move["type"] == "discard" or view["hands"][me][move["slot"]] is not None:
                return move  # the end of the turn chosen with the call (unless a snap emptied its slot)
        keep = self._keep(view, table)
        if not (view["can_call"] and self._calls_after_drawing()):
            return keep
        # Ending the turn for a call: the drawn card replaces the card believed highest, or goes (with its power).
        ways = [{"type": "swap", "slot": table.highest_own()}] if table.filled(me) else []
        if view["drawn_from"] == "deck" or not ways:
            ways.append({"type": "discard"})
        return self._call_or(keep, ways, view, table)

    def _keep(self, view: dict, table: Table) -> dict:
        card = view["drawn"]
        if not table.filled(view["seat"]):
            return {"type": "discard"}
        slot, gain = table.best_keep(card)
        if view["drawn_from"] != "deck":
            return {"type": "swap", "slot": slot}
        if gain > 0 and gain > table.discard_value(card):
            return {"type": "swap", "slot": slot}
        return {"type": "discard"}

    # ------------------------------------------------------------------------------ for the search

    def twin(self, seed: int) -> CambioBot:
        """A copy of this bot as it is now, playing its heuristic (no search): the seat's player in a world."""
        twin = CambioBot(self.level, seed, replace(self.style, search=False))
        twin.memory = self.memory.copy(twin.rng)
        self._share_public(twin)
        twin.drawn, twin.plan, twin.turns, twin.look = self.drawn, self.plan, self.turns, self.look
        return twin

    def opponent(self, seat: int, seen: dict[tuple[int, int], str], seed: int) -> CambioBot:
        """An opponent's player in a world: the careful heuristic, remembering the cards ``seen`` by position."""
        model = CambioBot("perfect", seed, OPPONENT)
        for key, card in seen.items():
            model.memory.see(key, card)
        self._share_public(model)
        model.turns = self.seat_turns[seat]
        return model

    def _share_public(self, other: CambioBot) -> None:
        """Give ``other`` what every seat knows alike: the graveyard, turn counts, who knows their own cards."""
        other.graveyard = list(self.graveyard)
        other.seat_turns = list(self.seat_turns)
        other.aware = dict(self.aware)
        other.final_lap_rule = self.final_lap_rule
        other.call_rule = self.call_rule

    def _look(self, table: Table) -> dict:
        """Black king: look where a swap is most likely to follow."""
        me = table.me
        own = table.unknown(me)
        high = any(
            isinstance(card, str) and points(card) >= HIGH_CARD
            for card in (self.memory.recall((me, slot)) for slot in table.filled(me))
        )
        target = table.peek_target() if high else None
        if target is None and own:
            target = (me, own[0])
        if target is None:
            target = table.peek_target()
        return _at("peek", *target) if target else SKIP

    def _swap_with(self, view: dict, table: Table) -> dict:
        first = tuple(view["pending"]["first"])
        plan, self.plan = self.plan, None
        if plan is not None and plan != first and view["hands"][plan[0]][plan[1]] is not None:
            return _at("swap_with", *plan)
        best = table.best_swap(self.level, first=first)
        if best is None:
            return SKIP
        # The swap pairs one of our cards with an opponent's; ``first`` may be either of the two.
        other = best[0] if best[1] == first else best[1]
        return _at("swap_with", *other)


class Table:
    """What the bot believes about every slot on the table, for one decision."""

    def __init__(self, bot: CambioBot, view: dict):
        self.bot = bot
        self.me = view["seat"]
        self.hands = view["hands"]
        memory = bot.memory
        known = [card for _, card in memory.items() if isinstance(card, str)]
        out = set(bot.graveyard) | set(known)
        if isinstance(view["drawn"], str) and view["drawn"] in DECK:
            out.add(view["drawn"])
        pool = sorted(POINTS[card] for card in DECK if card not in out) or [0]
        self.pool = pool
        self.mean = sum(pool) / len(pool)
        self.var = sum((p - self.mean) ** 2 for p in pool) / len(pool)
        self._bounded: dict[int, float] = {}

    def filled(self, owner: int) -> list[int]:
        """The slots of ``owner`` that hold a card."""
        return [slot for slot, card in enumerate(self.hands[owner]) if card is not None]

    def known(self, owner: int, slot: int) -> str | None:
        """The card remembered at a position, or None."""
        card = self.bot.memory.recall((owner, slot))
        return card if isinstance(card, str) else None

    def unknown(self, owner: int) -> list[int]:
        """The filled slots of ``owner`` whose card the bot does not remember."""
        return [slot for slot in self.filled(owner) if self.known(owner, slot) is None]

    def value(self, owner: int, slot: int) -> float:
        """The expected points at a position: the card if remembered, else the pool's (bounded) mean."""
        fact = self.bot.memory.recall((owner, slot))
        if isinstance(fact, str):
            return POINTS[fact]
        value = self._below(fact[1]) if isinstance(fact, tuple) else self.mean
        since = self.bot.aware.get((owner, slot))
        if owner != self.me and since is not None:
            # Its owner knows this card and has kept it: the longer it stays, the lower it likely is.
            value = min(value, self.mean * OWNER_KEEPS ** (self.bot.seat_turns[owner] - since))
        return value

    def _below(self, bound: int) -> float:
        if bound not in self._bounded:
            under = [p for p in self.pool if p < bound]
            self._bounded[bound] = sum(under) / len(under) if under else self.mean
        return self._bounded[bound]

    def hand(self, owner: int) -> tuple[float, float]:
        """A hand's expected points and their variance (from the cards not remembered)."""
        total = var = 0.0
        for slot in self.filled(owner):
            total += self.value(owner, slot)
            if self.known(owner, slot) is None:
                var += self.var
        return total, var

    def highest_own(self) -> int:
        """The own slot believed to hold the most points (the card to give away)."""
        return max(self.filled(self.me), key=lambda slot: (self.value(self.me, slot), -slot))

    def _snap_bonus(self, card: str, skip: int | None = None) -> float:
        """Points a follow-up snap of a known own card of ``card``'s rank would shed."""
        best = 0.0
        for slot in self.filled(self.me):
            mine = self.known(self.me, slot)
            if slot != skip and mine is not None and rank(mine) == rank(card) and POINTS[mine] > 0:
                best = max(best, SNAP_WIN * POINTS[mine])
        return best

    def best_keep(self, card: str) -> tuple[int, float]:
        """The own slot where keeping ``card`` gains most, and that gain in expected points."""
        value = POINTS[card]
        best: tuple[int, float] = (-1, -math.inf)
        for slot in self.filled(self.me):
            old = self.known(self.me, slot)
            gain = self.value(self.me, slot) - value
            if old is None:
                gain += LEARN_BONUS
            else:
                gain += self._snap_bonus(old, skip=slot)
            if gain > best[1]:
                best = (slot, gain)
        return best

    def discard_value(self, card: str) -> float:
        """What discarding a drawn deck card is worth: its power, and a snap of a known own card of its rank."""
        name = rank(card)
        value = self._snap_bonus(card)
        if name in ("7", "8"):
            value += PEEK_OWN_VALUE if self.unknown(self.me) else 0.0
        elif name in ("9", "10"):
            value += PEEK_OTHER_VALUE if self.peek_target() else 0.0
        elif name in ("J", "Q"):
            best = self.best_swap(self.bot.level)
            value += best[2] if best else 0.0
        elif name == "K" and points(card) > 0:
            value += LOOK_VALUE
        return value

    def opponents_by_threat(self) -> list[int]:
        """Opponents, the lowest estimated hand (the likeliest to call) first."""
        others = [owner for owner in range(len(self.hands)) if owner != self.me and self.filled(owner)]
        return sorted(others, key=lambda owner: (self.hand(owner)[0], owner))

    def peek_target(self) -> tuple[int, int] | None:
        """An opponent's card worth looking at: unknown, in the likeliest caller's hand, believed lowest first.

        The likeliest caller is the one to watch; its lowest card is the one a swap would want.
        """
        for owner in self.opponents_by_threat():
            slots = self.unknown(owner)
            if slots:
                slot = min(slots, key=lambda slot: (self.value(owner, slot), slot))
                return owner, slot
        return None

    def best_swap(
        self, level: str, first: tuple[int, int] | None = None
    ) -> tuple[tuple[int, int], tuple[int, int], float] | None:
        """The blind swap (own slot, opponent slot, expected gain) worth making, or None.

        ``first``: a card already selected; the swap must include it.
        """
        best = None
        best_gain = SWAP_GAIN
        own = self.filled(self.me)
        theirs = [(owner, slot) for owner in self.opponents_by_threat() for slot in self.filled(owner)]
        for slot in own:
            mine = self.value(self.me, slot)
            mine_known = self.known(self.me, slot) is not None
            for owner, other in theirs:
                if first is not None and first not in ((self.me, slot), (owner, other)):
                    continue
                their_known = self.known(owner, other) is not None
                if not (mine_known or their_known):
                    continue  # two unknown cards: nothing to gain on average
                if level == "easy" and not (mine_known and their_known):
                    continue  # Easy only trades cards it has seen both of
                gain = mine - self.value(owner, other)
                if gain > best_gain:
                    best, best_gain = ((self.me, slot), (owner, other), gain), gain
        return best


SKIP = {"type": "skip"}
CAMBIO = {"type": "cambio"}


def _at(kind: str, owner: int, slot: int) -> dict:
    return {"type": kind, "owner": owner, "slot": slot}
