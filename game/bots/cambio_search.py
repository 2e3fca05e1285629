"""Cambio's search, for the Perfect level: whether to call Cambio now, played out in worlds the seat cannot tell apart.

The call is the decision that matters most in Cambio: a round ends on it, every hand is scored, and a caller
who is not strictly lowest pays 30 points. The heuristic (``game/bots/cambio.py``) decides it from estimates
of every hand; the search instead deals *worlds* (see ``game/bots/search.py``) and plays each choice out:

- **A world.** Every card the seat has not seen is dealt at random among the places it cannot see: the
  hands' unknown slots, the deck, a card an opponent holds. A slot where an opponent kept an unseen card in
  place of one worth ``n`` gets a card worth less than ``n``; a card its owner knows and has kept for ``k``
  of its turns is the lowest of ``1 + k`` cards drawn (a kept card is a low card: the heuristic's own
  estimate shrinks such a card about as fast). Each seat gets a heuristic player: the seat itself plays its
  own heuristic from its own memory; each opponent plays the careful heuristic (``OPPONENT``) knowing the
  cards it has seen in that world (which seat has seen which position is public: ``Witnesses``).
- **The choices.** Calling now (before drawing where calls are only allowed then, else once the drawn card
  is seen, with each way of keeping or discarding it), against going on as the heuristic would. A call is
  played to the round's end at once (one turn, or a final lap); going on is played out by the heuristic
  players to the end of the round. Each choice is scored by the chance of winning the game from the totals
  the round leaves (:func:`win_chance`), in ``WORLDS`` worlds; the best mean wins.
- **Saving time.** Calls are played out first (they are short). When no call wins the round in at least
  half of the worlds, going on is chosen without playing it out.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from ..cards import standard_deck
from ..core import Action, Event
from ..deck import LocalCards
from ..rules.cambio import LIMIT, RULES, hand_points, points
from .search import World, compare, play_out

if TYPE_CHECKING:
    from .cambio import CambioBot

DECK = standard_deck(jokers=True)
WORLDS = 4  # determinizations per decision
PLAYOUT_MOVES = 40  # moves a playout may take to reach the round's end (about 20 turns); then hands are scored
LOWEST_OF = 6  # a card its owner has kept is the lowest of at most this many draws
SURE_ENOUGH = 0.5  # a call that wins the round in fewer worlds than this is not weighed against going on
ROUND_SPREAD = 17.7  # the standard deviation of one round's point difference between two seats (bot play)
ROUND_POINTS = 11.0  # the points a seat adds in a round, on average (bot play)
CAMBIO = {"type": "cambio"}


class Witnesses:
    """Which seats have seen the card at each position ``(owner, slot)``, following the cards as they move."""

    def __init__(self) -> None:
        self.seen: dict[tuple[int, int], set[int]] = {}

    def observe(self, event: Event, players: int) -> None:
        """Follow one event (as any seat sees it: only public facts are used)."""
        kind = event["type"]
        seen = self.seen
        if kind == "deal":
            seen.clear()
        elif kind == "peek":
            for slot in event["slots"]:
                seen.setdefault((event["owner"], slot), set()).add(event["seat"])
        elif kind == "swap":
            everyone = "kept" in event  # a card kept from the graveyard was face-up
            seen[(event["seat"], event["slot"])] = set(range(players)) if everyone else {event["seat"]}
        elif kind == "swap_cards":
            first, second = tuple(event["a"]), tuple(event["b"])
            seen[first], seen[second] = seen.pop(second, set()), seen.pop(first, set())
        elif kind == "snap":
            key = (event["owner"], event["slot"])
            if event["right"]:
                seen.pop(key, None)
            else:
                seen[key] = set(range(players))  # shown to all and put back
        elif kind == "penalty" and event["slot"] is not None:
            seen[(event["seat"], event["slot"])] = set()
        elif kind == "give" and event["slot"] is not None:
            seen[(event["owner"], event["into"])] = seen.pop((event["seat"], event["slot"]), set())

    def positions(self, seat: int) -> list[tuple[int, int]]:
        """The positions whose card ``seat`` has seen, and that it still lies there."""
        return [key for key, seats in self.seen.items() if seat in seats]


def win_chance(totals: list[int], seat: int, over: bool) -> float:
    """The chance that ``seat`` wins the game from these totals: its share of the win if the game is over, else
    the chance of staying below each opponent over the rounds left, each round's difference roughly normal."""
    if over:
        lowest = min(totals)
        return 1 / totals.count(lowest) if totals[seat] == lowest else 0.0
    rounds = max(0.0, (LIMIT - max(totals)) / ROUND_POINTS) + 0.5
    spread = ROUND_SPREAD * math.sqrt(rounds)
    chance = 1.0
    for other, total in enumerate(totals):
        if other != seat:
            chance *= 0.5 * (1 + math.erf((total - totals[seat]) / (spread * math.sqrt(2))))
    return chance


class CambioSearch:
    """The Perfect level's call decisions, searched over worlds built from its bot's memory (module docstring)."""

    def __init__(self, bot: CambioBot, seed: int | str):
        self.bot = bot
        self.seed = seed
        self.witnesses = Witnesses()
        self.decisions = 0  # numbers each search, so that every search draws its own worlds

    def observe(self, event: Event, players: int) -> None:
        """Follow who has seen which card."""
        self.witnesses.observe(event, players)

    def call(self, view: dict, going_on: Action, ways: list[Action]) -> list[Action]:
        """The moves to play now: ``[going_on]``, or ``[CAMBIO]`` followed by the best of ``ways`` to end the turn
        (an empty ``ways``: the call is the whole move). Falls back to going on if no world fits the memory."""
        self.decisions += 1
        seed = f"{self.seed}/{self.decisions}"
        calls = [[CAMBIO, way] for way in ways] or [[CAMBIO]]
        outcomes = self.outcomes(view, calls, seed)
        if not outcomes or max(share for _, share in outcomes) < SURE_ENOUGH:
            return [going_on]
        best = max(range(len(calls)), key=lambda index: (outcomes[index][0], -index))
        waiting = self.outcomes(view, [[going_on]], seed)[0][0]
        return calls[best] if outcomes[best][0] > waiting else [going_on]

    def outcomes(self, view: dict, openings: list[list[Action]], seed: str) -> list[tuple[float, float]]:
        """For each opening (the seat's moves to play now), played out to the round's end in the ``WORLDS`` worlds
        drawn from ``seed``: the mean chance of winning the game, and the share of worlds where the round's ender
        paid no penalty. Empty if no world fits the bot's memory."""
        me = view["seat"]
        bot = self.bot
        options = {"call": bot.call_rule, "final_lap": bot.final_lap_rule, "first_player": "first seat"}
        players = len(view["hands"])
        template, _ = RULES.setup(players, RULES.check_options(players, options), LocalCards(random.Random(seed)))
        if self._world(view, template, random.Random(seed)) is None:
            return []
        unpaid: list[list[bool]] = [[] for _ in openings]

        def score(world: World, numbered: tuple[int, list[Action]], rng: random.Random) -> float:
            number, opening = numbered
            event = play_out(RULES, world, me, opening, rng, _round_end, PLAYOUT_MOVES)
            if event is None:  # the round goes on past the limit: score the hands as they lie
                state = world.state
                hands = zip(state["totals"], state["hands"], strict=True)
                totals = [total + hand_points(hand) for total, hand in hands]
                return win_chance(totals, me, max(totals) > LIMIT)
            unpaid[number].append(not event["penalty"])
            return win_chance(event["totals"], me, world.state["phase"] == "over")

        values = compare(self._make_world(view, template), list(enumerate(openings)), WORLDS, seed, score)
        return [(value, sum(flags) / WORLDS) for value, flags in zip(values, unpaid, strict=True)]

    # ------------------------------------------------------------------------------------------- worlds

    def _make_world(self, view: dict, template: dict):
        def make(rng: random.Random) -> World:
            world = self._world(view, template, rng)
            assert world is not None  # checked once before any search
            return world

        return make

    def _world(self, view: dict, template: dict, rng: random.Random) -> World | None:
        """A world dealt from ``rng`` that agrees with the bot's memory, or ``None`` if its memory cannot be right.

        ``template`` is a state of the game with the same options (its fields that the view does not give).
        """
        bot = self.bot
        me = view["seat"]
        cells = view["hands"]
        facts = dict(bot.memory.items())
        hands: list[list] = [[None] * len(hand) for hand in cells]
        unknown = []
        for owner, hand in enumerate(cells):
            for slot, cell in enumerate(hand):
                if cell is None:
                    continue
                fact = facts.get((owner, slot))
                if isinstance(fact, str):
                    hands[owner][slot] = fact
                else:
                    unknown.append((owner, slot))
        drawn = view["drawn"]
        gone = set(bot.graveyard) | {card for hand in hands for card in hand if card is not None}
        if drawn is not None and drawn != "down":
            gone.add(drawn)
        pool = [card for card in DECK if card not in gone]
        hidden = int(drawn == "down")
        if len(pool) != len(unknown) + view["deck_size"] + hidden or len(bot.graveyard) != view["graveyard_size"]:
            return None
        rng.shuffle(pool)

        # The most constrained slots first: bounds, then cards their owners have kept a while.
        def held(position: tuple[int, int]) -> int:
            since = bot.aware.get(position)
            return 0 if since is None or position[0] == me else bot.seat_turns[position[0]] - since

        def order(position: tuple[int, int]) -> tuple[bool, int]:
            return not isinstance(facts.get(position), tuple), -held(position)

        for position in sorted(unknown, key=order):
            fact = facts.get(position)
            allowed = range(len(pool))
            if isinstance(fact, tuple):
                below = [index for index in allowed if points(pool[index]) < fact[1]]
                allowed = below or allowed
            draws = [allowed[rng.randrange(len(allowed))] for _ in range(min(LOWEST_OF, 1 + held(position)))]
            pick = min(draws, key=lambda index: (points(pool[index]), index))
            hands[position[0]][position[1]] = pool.pop(pick)
        if hidden:
            drawn = pool.pop()
        state = dict(template)
        state.update(
            first=view["first"],
            round=view["round"],
            turn=view["turn"],
            phase=view["phase"],
            hands=hands,
            deck=pool,
            graveyard=list(bot.graveyard),
            drawn=drawn,
            drawn_from=view["drawn_from"],
            lock=view["lock"],
            called=view["called"],
            final=None if view["final_lap"] is None else {**view["final_lap"], "left": list(view["final_lap"]["left"])},
            totals=list(view["totals"]),
            rounds=[],
            last_hands=None,
        )
        players = {me: bot.twin(rng.randrange(1 << 30))}
        for other in range(len(cells)):
            if other != me:
                seen = {
                    (owner, slot): hands[owner][slot]
                    for owner, slot in self.witnesses.positions(other)
                    if owner < len(hands) and slot < len(hands[owner]) and hands[owner][slot] is not None
                }
                players[other] = bot.opponent(other, seen, rng.randrange(1 << 30))
        return World(state, players)


def _round_end(event: Event) -> bool:
    return event["type"] == "round_end"
