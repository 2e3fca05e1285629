"""Paved with Gold bot: claim what it remembers, learn what it does not, gamble only as its level allows.

Every card on the square is private knowledge: whatever is shown publicly (a claim, a turn-up, the end
claim) leaves the square at once, so the only cards worth remembering are the bot's own picks, keyed by
position. A refill puts an unseen card into an emptied position, so the position is forgotten.

A turn, in order of preference:

1. **End claim.** Once ``claim_none`` is allowed and no combination is known, the bot claims that none is
   left when it is sure: every remaining card is remembered and none of them forms a combination. Below
   Perfect it also claims when it *believes* so: the chance that the cards it does not remember complete
   no combination (exact for one such card, sampled for more) reaches the level's threshold.
2. **A known combination, cashed or kept.** From the remembered cards it finds the highest-scoring
   combination it can prove (five of a colour 25, prime 16, three/flush/run 9, pair 4), preferring cards an
   opponent has looked at (those the opponent could take). A known claim is secret and keeps, while every
   card seen may complete something bigger, so Perfect cashes it at once only if it is five of a colour or
   nothing is left unseen; the forgetful levels, trusting their memory less, cash anything worth 9 or more.
   (Measured over 400 games, waiting beats cashing at once 73% and cashing at 9 points 57%.) To cash it
   picks one card of it and claims, or for a pair announces "pair" first and picks both (an unannounced
   two-card pick cannot claim a pair), then turns up the rest from memory.
3. **Explore.** It picks an unseen card; if that card completes a combination with remembered cards it
   claims the best one. Otherwise it picks a second unseen card (seeing two cards costs nothing: the others
   learn only the positions) and claims if the two complete a combination with what it remembers.
   Picking an unseen card before claiming dominates claiming blind: the card is seen before committing.
   All unseen positions are alike to the bot, so which one it picks is random.
4. **Gamble, by level.** With two cards held and no sure claim, a claim that needs just one more unseen
   card may still be worth it: the probability ``p`` that an unseen position holds a fitting card is
   counted from the cards the bot has not seen (the deck less its memory and every won or bonus card).
   The unseen card is turned up first, so a miss gives away only three cards. Perfect claims only when
   ``p`` is 1; the other levels need ``p`` ≥ 0.35 (Easy 0.25) and a positive expected score, and then take
   the gamble 30% of the time at Hard, 70% at Medium, always at Easy. Otherwise it puts the cards back.

With 3 players, the cards of a false claim (or a wrong end claim) go to the opponent with the lowest
score, where they do the least harm. Memory ages once per turn, on the ``turn`` event that ends it.

**Search.** Once the stock is empty, Perfect weighs the start of each turn by search
(``game/bots/paved_with_gold_search.py``): cashing its best known combination, looking at an unseen card, or claiming
that no combination is left, each played out to the end of the game in worlds dealt from its memory. An end
claim ends the game even when it is wrong, so a player far enough ahead may make it to finish the game won.
Measured in bot play: the searching Perfect beat the same heuristic without search 52.4% of 400 games.
"""

from __future__ import annotations

from ..cards import SUITS, colour, rank, rank_number, standard_deck, suit
from ..rules.paved_with_gold import COMBOS, END_LIMIT, can_make
from .base import Bot

DECK = standard_deck()
ORDER = ("five_colour", "prime", "three", "flush", "run", "pair")  # the best score first
GAMBLE_MIN_P = {"easy": 0.25, "medium": 0.35, "hard": 0.35, "perfect": 1.0}  # least chance to claim on
GAMBLE_OFTEN = {"easy": 1.0, "medium": 0.7, "hard": 0.3, "perfect": 1.0}  # how often it takes such a gamble
BELIEVE_NONE = {"easy": 0.6, "medium": 0.75, "hard": 0.9, "perfect": 1.0}  # P(no combination) to claim none
CASH_AT = {"easy": 9, "medium": 9, "hard": 9, "perfect": 25}  # a known claim this big is cashed at once
SAMPLES = 200  # random completions drawn to estimate P(no combination) when two or more cards are unseen
SEARCHING = ("perfect",)  # levels that weigh their choices by search (game/bots/paved_with_gold_search.py)


def _values(card: str) -> tuple[int, ...]:
    number = rank_number(card)
    return (1, 14) if number == 1 else (number,)


RUN_VALUES = {card: _values(card) for card in DECK}  # the values a card may take in a run: the ace is 1 or 14
KEYS = {card: (("rank", rank(card)), ("suit", suit(card)), ("colour", colour(card))) for card in DECK}
COMBO_KEY = {"pair": 0, "three": 0, "flush": 1, "five_colour": 2}  # which of KEYS a same-kind combination shares


class Pool:
    """Remembered cards a claim may be completed from, indexed by rank, suit, colour and run value."""

    def __init__(self, items: list[tuple[int, str]]):
        self.index: dict[tuple, list[int]] = {}
        for pos, card in items:  # in order of preference
            for key in (*KEYS[card], *(("value", value) for value in RUN_VALUES[card])):
                self.index.setdefault(key, []).append(pos)

    def get(self, key: tuple) -> list[int]:
        """The positions holding cards with ``key``, best first."""
        return self.index.get(key, [])


def complete(combo: str, cards: list[str], pool: Pool) -> list[int] | None:
    """Positions from ``pool`` that complete ``cards`` into ``combo``, or ``None`` if it cannot.

    ``cards`` must not be empty: it is what the claim already holds (picked or shown).
    """
    need = COMBOS[combo][0] - len(cards)
    if need < 0:
        return None
    if combo == "run":
        for low in range(1, 13):  # the first three-wide window the cards fit and the pool can fill
            window = range(low, low + 3)
            used = {value for card in cards for value in RUN_VALUES[card] if value in window}
            if len(used) != len(cards):
                continue
            chosen = []
            for value in window:
                if value not in used:
                    chosen += pool.get(("value", value))[:1]  # distinct values, so distinct positions
            if len(chosen) == need:
                return chosen
        return None
    if not can_make(cards, combo):
        return None
    if combo == "prime":
        have = {suit(card) for card in cards}
        chosen = [pos for missing in SUITS if missing not in have for pos in pool.get(("suit", missing))[:1]]
    else:
        chosen = pool.get(KEYS[cards[0]][COMBO_KEY[combo]])[:need]
    return chosen if len(chosen) == need else None


def has_combination(cards: list[str]) -> bool:
    """True if some of ``cards`` make any combination (the test of the end claim), in one pass."""
    ranks, suits, colours, values = set(), {}, {}, set()
    for card in cards:
        if rank(card) in ranks:
            return True  # a pair
        ranks.add(rank(card))
        suits[suit(card)] = suits.get(suit(card), 0) + 1
        colours[colour(card)] = colours.get(colour(card), 0) + 1
        values.update(RUN_VALUES[card])
    if len(suits) == 4 or max(suits.values(), default=0) >= 3 or max(colours.values(), default=0) >= 5:
        return True
    return any(low in values and low + 1 in values and low + 2 in values for low in range(1, 13))


class PavedWithGoldBot(Bot):
    """Remembers its own picks by position and claims the best combination it can prove."""

    game = "paved-with-gold"

    def __init__(self, level: str, seed: int | str = 0, search: bool | None = None):
        super().__init__(level, seed)
        self.plan: list[int] = []  # positions to pick for a known combination this turn
        self.search = None
        if level in SEARCHING if search is None else search:
            from .paved_with_gold_search import (
                PavedWithGoldSearch,  # imported here: the search plays worlds out with this class
            )

            self.search = PavedWithGoldSearch(self, seed)

    # --- memory -------------------------------------------------------------------------------------

    def observe(self, event: dict, seat: int) -> None:
        """Remember picked and shown cards; forget positions whose cards left; age the memory each turn."""
        kind = event["type"]
        if kind == "pick":
            if "card" in event:
                self.memory.see(event["pos"], event["card"])
            elif event["seat"] != seat:
                self.memory.see(("looked", event["pos"]), event["seat"])  # that opponent knows this card
        elif kind in ("claim", "claim_none"):
            for pos, card in zip(event["pos"], event["cards"], strict=True):
                self.memory.see(pos, card)
        elif kind == "turn_up":
            self.memory.see(event["pos"], event["card"])
        elif kind in ("claim_true", "bonus", "refill"):
            for pos in event["pos"]:  # the card left; a refilled position holds an unseen card
                self.memory.forget(pos)
                self.memory.forget(("looked", pos))
        elif kind == "turn":
            self.plan = []
            self.memory.tick()

    def _board(self, view: dict) -> tuple[dict[int, str], list[int], list[str]]:
        """Remembered cards on the square, the occupied positions not remembered, and the unseen cards."""
        cells = view["cells"]
        known = {}
        for pos, cell in enumerate(cells):
            if cell is None:
                continue
            card = cell if cell != "down" else self.memory.recall(pos)
            if card is not None:
                known[pos] = card
        unknown = [pos for pos, cell in enumerate(cells) if cell is not None and pos not in known]
        gone = set(known.values())
        for cards in (*view["won"], *view["bonus"]):
            gone.update(cards)
        return known, unknown, [card for card in DECK if card not in gone]

    def _pool(self, known: dict[int, str], exclude: list[int]) -> Pool:
        """Remembered cards to complete a claim from, those an opponent has looked at first."""
        return Pool(
            sorted(
                ((pos, card) for pos, card in known.items() if pos not in exclude),
                key=lambda item: (("looked", item[0]) not in self.memory, item[0]),
            )
        )

    def _contested(self, positions: list[int]) -> int:
        """How many of ``positions`` an opponent has looked at."""
        return sum(("looked", pos) in self.memory for pos in positions)

    # --- decisions ------------------------------------------------------------------------------------

    def decide(self, view: dict) -> dict:
        """The next pick, claim, turn-up, put-back, end claim or choice of opponent."""
        phase = view["phase"]
        if phase == "give":
            return {"type": "give", "seat": self._least_harm(view)}
        known, unknown, unseen = self._board(view)
        if phase == "turn_up":
            return self._turn_up(view, known, unknown)
        if phase == "pick":
            return self._after_pick(view, known, unknown, unseen)
        return self._start(view, known, unknown, unseen)

    def _least_harm(self, view: dict) -> int:
        """The opponent furthest behind: bonus cards help them least."""
        me = view["seat"]
        return min((seat for seat in range(len(view["scores"])) if seat != me), key=lambda s: (view["scores"][s], s))

    def _best_known(self, known: dict[int, str]) -> tuple[int, str, list[int]] | None:
        """The highest-scoring combination provable from memory: (score, combo, positions)."""
        best = None
        for pos in sorted(known):
            pool = self._pool(known, [pos])
            for combo in ORDER:
                rest = complete(combo, [known[pos]], pool)
                if rest is None:
                    continue
                positions = [pos, *rest]
                key = (COMBOS[combo][1], self._contested(positions))
                if best is None or key > best[0]:
                    best = (key, combo, positions)
                break  # ORDER is best first; a lower combo with this card cannot score more
        return None if best is None else (best[0][0], best[1], best[2])

    def _start(self, view: dict, known: dict[int, str], unknown: list[int], unseen: list[str]) -> dict:
        """The first action of a turn: the end claim, a known claim, or a look at an unseen card (weighed by search
        at the Perfect level once the stock is empty)."""
        best = self._best_known(known)
        may_end = view["stock"] == 0 and len(known) + len(unknown) < END_LIMIT
        choices = {}  # each way to start the turn: its first move and the positions then planned
        if may_end:
            choices["end"] = ({"type": "claim_none"}, [])
        if best is not None:
            positions = best[2]
            if best[1] == "pair" and len(positions) == 2:
                choices["cash"] = ({"type": "announce_pair"}, positions)
            else:
                choices["cash"] = ({"type": "pick", "pos": positions[0]}, positions[:1])
        if may_end and best is None and self._none_left_belief(known, unknown, unseen) >= BELIEVE_NONE[self.level]:
            chosen = "end"
        elif best is not None and (not unknown or best[0] >= CASH_AT[self.level]):
            # Exploring beats cashing a known claim: the claim stays secret and waits, while every card seen
            # may complete something bigger (see the module docstring).
            chosen = "cash"
        else:
            chosen = "look"
        searching = self.search is not None and view["stock"] == 0
        if chosen == "look" or searching:
            look = self._explore_pick(unknown) if unknown else self.rng.choice(sorted(known))  # or pass
            choices["look"] = ({"type": "pick", "pos": look}, [])
        if searching and len(choices) > 1:
            ways = [choices[chosen]] + [choice for way, choice in choices.items() if way != chosen]
            action, self.plan = ways[self.search.best(view, ways)]
        else:
            action, self.plan = choices[chosen]
        return action

    def _after_pick(self, view: dict, known: dict[int, str], unknown: list[int], unseen: list[str]) -> dict:
        """With cards held: the second card of a pair, a sure claim, a second look, a gamble, or put back."""
        picked = view["picked"]
        if view["announced"]:  # pick the planned pair; without a plan, any remembered partner
            target = next((pos for pos in self.plan if pos not in picked), None)
            if target is None and picked:
                first = known.get(picked[0])
                target = next(
                    (p for p, c in sorted(known.items()) if p not in picked and first and rank(c) == rank(first)),
                    None,
                )
            if target is None:
                target = self.rng.choice(sorted(p for p in known.keys() | set(unknown) if p not in picked))
            return {"type": "pick", "pos": target}
        held = [known[pos] for pos in picked]
        pool = self._pool(known, picked)
        for combo in ORDER:
            if combo == "pair" and len(picked) == 2:
                continue  # an unannounced two-card pick cannot claim a pair
            if complete(combo, held, pool) is not None:
                return {"type": "claim", "combo": combo}
        if len(picked) == 1 and unknown:
            return {"type": "pick", "pos": self._explore_pick(unknown)}
        if len(picked) == 2:
            gamble = self._gamble(held, pool, unknown, unseen)
            if gamble is not None:
                return {"type": "claim", "combo": gamble}
        return {"type": "put_back"}

    def _explore_pick(self, unknown: list[int]) -> int:
        """An unseen position to look at."""
        return self.rng.choice(unknown)

    def _gamble(self, held: list[str], pool: Pool, unknown: list[int], unseen: list[str]) -> str | None:
        """A combination that needs one more unseen card and is worth the risk at this level, or ``None``."""
        if not unknown or not unseen:
            return None
        best = None
        for combo in ORDER:
            if combo == "pair":
                continue
            fits = 0
            for index, card in enumerate(unseen):
                fits += complete(combo, [*held, card], pool) is not None
                if (fits + len(unseen) - 1 - index) < GAMBLE_MIN_P[self.level] * len(unseen):
                    break  # even if every card left fits, the chance stays below the level's least
            p = fits / len(unseen)
            value = p * COMBOS[combo][1] - (1 - p) * (len(held) + 1)  # a miss gives away the shown cards
            if p >= GAMBLE_MIN_P[self.level] and value > 0 and (best is None or value > best[0]):
                best = (value, combo)
        if best is None or self.rng.random() >= GAMBLE_OFTEN[self.level]:
            return None
        return best[1]

    # ------------------------------------------------------------------------------ for the search

    def twin(self, seed: int) -> PavedWithGoldBot:
        """A copy of this bot as it is now, playing its heuristic (no search): the seat's player in a world."""
        twin = PavedWithGoldBot(self.level, seed, search=False)
        twin.memory = self.memory.copy(twin.rng)
        twin.plan = list(self.plan)
        return twin

    @staticmethod
    def opponent(seen: dict[int, str], mine: list[int], me: int, seed: int) -> PavedWithGoldBot:
        """An opponent's player in a world: the Perfect heuristic, remembering the cards ``seen`` by position,
        and that seat ``me`` has looked at the positions ``mine``."""
        model = PavedWithGoldBot("perfect", seed, search=False)
        for pos, card in seen.items():
            model.memory.see(pos, card)
        for pos in mine:
            model.memory.see(("looked", pos), me)
        return model

    def _turn_up(self, view: dict, known: dict[int, str], unknown: list[int]) -> dict:
        """Finish the claim from memory; if it still needs an unseen card, turn that up first (a miss costs less)."""
        claim = view["claim"]
        shown = [view["cells"][pos] for pos in claim["pos"]]
        rest = complete(claim["combo"], shown, self._pool(known, claim["pos"]))
        if rest:
            return {"type": "turn_up", "pos": rest[0]}
        choices = [pos for pos in unknown if pos not in claim["pos"]]
        if not choices:  # every card is remembered and none completes it: the claim is lost anyway
            choices = sorted(pos for pos in known if pos not in claim["pos"])
        return {"type": "turn_up", "pos": self.rng.choice(choices)}

    def _none_left_belief(self, known: dict[int, str], unknown: list[int], unseen: list[str]) -> float:
        """The bot's belief that no combination is left: 1 or 0 when it remembers every card, else estimated."""
        cards = list(known.values())
        if has_combination(cards):
            return 0.0
        if not unknown:
            return 1.0
        if self.level == "perfect" or len(unseen) < len(unknown):
            return 0.0  # Perfect claims only when sure
        if len(unknown) == 1:
            cases = [[card] for card in unseen]
        else:
            cases = [self.rng.sample(unseen, len(unknown)) for _ in range(SAMPLES)]
        return sum(not has_combination(cards + list(case)) for case in cases) / len(cases)
