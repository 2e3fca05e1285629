"""Paved with Gold's search, for the Perfect level: once the stock is empty, how to start each turn.

With the stock empty the game's end is near, and a choice at the start of a turn can be played out to it.
The heuristic (``game/bots/paved_with_gold.py``) waits with a known combination unless it is five of a
colour, and claims that no combination is left only when it has seen every card. The search weighs, over
*worlds* (see ``game/bots/search.py``), cashing its best known combination, looking at an unseen card (the
heuristic then goes on), and claiming that none is left:

- **A world.** The cards the seat has not seen (the square's unknown positions) are dealt at random from
  the cards it has not seen. The seat plays its own heuristic from its own memory; each opponent plays the
  Perfect heuristic, remembering the cards at the positions it was seen to look at.
- **The score.** Each choice is played to the game's end in ``WORLDS`` worlds, the same for every choice,
  and scored by the seat's share of the win, its lead in points breaking ties; the best mean wins, the
  heuristic's choice on a tie. An end claim ends the game even when it is wrong, so the search makes it,
  unsure, when the game is won anyway or an opponent who has seen more would make it first.

Measured on the way (bot play, CPython, seeds from 0): searching every turn but looking only as far as the
seat's next turn, a known combination counted at 70% of its points, Perfect did worse against Hard than the
heuristic alone (59.7% against 62.7% of 300 games; 52.5% of 100 when it also weighed claims on a hope).
Played to the game's end once the stock is empty, it beat the heuristic alone 52.5% of 400 games scored by
points, and 52.4% scored by the win (53.6% before a fix that now also weighs cashing a claim that starts
with a pick).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..cards import standard_deck
from ..core import Action
from ..deck import LOCAL, LocalCards
from ..rules.paved_with_gold import RULES
from .search import World, compare, play_out

if TYPE_CHECKING:
    from .paved_with_gold import PavedWithGoldBot

DECK = standard_deck()
WORLDS = 5  # determinizations per decision
PLAYOUT_MOVES = 200  # more than any game left once the stock is empty takes


class PavedWithGoldSearch:
    """The Perfect level's choices, searched over worlds built from its bot's memory (module docstring)."""

    def __init__(self, bot: PavedWithGoldBot, seed: int | str):
        self.bot = bot
        self.seed = seed
        self.decisions = 0  # numbers each search, so that every search draws its own worlds

    def best(self, view: dict, candidates: list[tuple[Action, list[int]]]) -> int:
        """The index of the best candidate, a move and the positions the bot then plans to pick; the first (the
        heuristic's) on a tie, or when no world fits the memory."""
        me = view["seat"]
        self.decisions += 1
        seed = f"{self.seed}/{self.decisions}"
        players = len(view["scores"])
        options = RULES.check_options(players, {"first_player": "first seat"})
        template, _ = RULES.setup(players, options, LocalCards(random.Random(seed)))
        if self._world(view, template, random.Random(seed)) is None:
            return 0

        def make(rng: random.Random) -> World:
            world = self._world(view, template, rng)
            assert world is not None  # checked once before any search
            return world

        def score(world: World, candidate: tuple[Action, list[int]], rng: random.Random) -> float:
            action, world.players[me].plan = candidate
            play_out(RULES, world, me, [action], rng, lambda event: event["type"] == "game_over", PLAYOUT_MOVES)
            return self._value(world, me)

        values = compare(make, candidates, WORLDS, seed, score)
        return max(range(len(candidates)), key=lambda index: (values[index], -index))

    @staticmethod
    def _value(world: World, me: int) -> float:
        """The seat's share of the win where the game is over (else an even chance), and a hundredth of its lead
        in points over the best opponent: a win is what counts, the points only break ties."""
        state = world.state
        scores = RULES.view(state, me, LOCAL)["scores"]
        lead = scores[me] - max(score for seat, score in enumerate(scores) if seat != me)
        result = RULES.result(state)
        winners = range(len(scores)) if result is None else result["winners"]  # not over: an even chance
        return (1 / len(winners) if me in winners else 0.0) + lead / 100

    def _world(self, view: dict, template: dict, rng: random.Random) -> World | None:
        """A world dealt from ``rng`` that agrees with the bot's memory, or ``None`` if its memory cannot be right.

        ``template`` is a state of the game with the same options (its fields that the view does not give).
        """
        bot = self.bot
        me = view["seat"]
        known, unknown, _ = bot._board(view)
        gone = set(known.values())
        for cards in (*view["won"], *view["bonus"]):
            gone.update(cards)
        pool = [card for card in DECK if card not in gone]
        if len(pool) != len(unknown) + view["stock"]:
            return None
        rng.shuffle(pool)
        cells = list(view["cells"])
        for pos, card in known.items():
            cells[pos] = card
        for pos in unknown:
            cells[pos] = pool.pop()
        claim = view["claim"]
        state = dict(template)
        state.update(
            cells=cells,
            stock=pool,
            first=view["first"],
            turn=view["turn"],
            phase=view["phase"],
            picked=list(view["picked"]),
            announced=view["announced"],
            claim=None if claim is None else {"combo": claim["combo"], "pos": list(claim["pos"])},
            end_claim=False,
            points=list(view["points"]),
            won=[list(cards) for cards in view["won"]],
            bonus=[list(cards) for cards in view["bonus"]],
        )
        players = {me: bot.twin(rng.randrange(1 << 30))}
        looked: dict[int, list[int]] = {}
        for key, seat in bot.memory.items():
            if isinstance(key, tuple) and key[0] == "looked" and cells[key[1]] is not None:
                looked.setdefault(seat, []).append(key[1])
        for other in range(len(view["scores"])):
            if other != me:
                seen = {pos: cells[pos] for pos in looked.get(other, [])}
                players[other] = bot.opponent(seen, list(known), me, rng.randrange(1 << 30))
        return World(state, players)
