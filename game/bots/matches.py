"""Matches bot: remember every coin that was flipped, and flip the coin most likely to be one of your tiles.

Every flip is public: the ``flip`` event names the coin, so the bot remembers which coin lies on which
spot (its memory forgets by level; see memory.py) and follows coins that leave (``mark``) or move
(Flaming ``move``). A coin marks a tile when its identity is that of one of the mover's unmarked tiles,
whatever face it lands on, so the move is:

1. **A remembered coin of its own.** A sure mark: flip it.
2. **Otherwise the best unknown coin.** A spot the bot does not remember shows one face of its coin: a
   value or a suit. Each still unaccounted coin (not marked, not remembered on another spot) lies on an
   unknown spot showing either its value or its suit, and every such layout is equally likely (coins land
   on uniform spots with fair faces). :func:`coin_odds` counts those layouts exactly (a small dynamic
   programme over the six values that tracks how many coins went to each suit), which gives, for a spot
   showing any face, the chance that it holds each coin. The bot flips the spot with the highest chance
   of being one of its own unmarked tiles. Between equal chances it prefers the spot least likely to
   show the seat closest to winning one of their coins, since every miss tells everyone a coin.
3. **It never flips a coin it knows to be useless** (a remembered coin of someone else, or an unknown
   spot that cannot be its own) while a useful one is left; such a flip only informs the others.
   Exhaustive counting means rule 2 always has a spot with a chance above zero when the memory is right.

Levels. Memory alone barely separates them: in two-player games a coin shown to its owner is taken on
the very next turn, so even Easy's 25% forgetting loses few (measured: 50% head to head). What separates
players is how they read the faces, so each level also reasons less well than the one above (all still
remember coins by spot, forgetting at their level's rate, and take their own remembered coins first):

- Easy flips any coin it does not remember.
- Medium glances: a face is as good as the share of all coins with that face that are its own unmarked
  tiles still out (:func:`face_odds`).
- Hard counts the coins still out that show that face (:func:`count_odds`), the plain Bayesian count.
- Perfect never forgets and counts layouts exactly (:func:`coin_odds`): a coin showing its suit is not
  showing its value, which the plain count ignores.

The reading alone left Hard too close to both neighbours (Perfect beat it 63%, it beat Medium 68%, over
1,000 games), so the lower levels also have careless turns (``CARELESS``), when they flip any coin they do
not remember without reading the faces: Medium 45% of its turns, Hard 15%. Then Perfect beat Hard 72%, Hard
beat Medium 80% and Medium beat Easy 84% (1,000 games each, 2026-11-26).

Passing (flipping a coin known to be someone else's to show nothing) is not worth it here: in two-player
play the only known coins left on the table are one's own (an opponent takes theirs at once), and a
one-move lookahead on the information a flip gives away measured no better than the plain chance.

Flaming Matches: a coin that missed always belongs to an opponent. Everyone saw where it went (the
``move`` event is public), so moving it changes no bot's knowledge, but it costs nothing and a person who
remembers coins by place may lose it. The bot therefore moves it to a random free spot at Hard and
Perfect; at Easy and Medium it leaves it, as a casual player would.

The memory ages once per turn, on the ``turn`` event that passes play.
"""

from __future__ import annotations

from itertools import combinations

from ..cards import PIECE_SUITS, PIECE_VALUES, all_pieces
from .base import Bot

PIECES = all_pieces()
SUIT_INDEX = {suit: i for i, suit in enumerate(PIECE_SUITS)}
MOVES_COINS = ("hard", "perfect")  # levels that move a missed coin in Flaming Matches


def face_key(face: dict) -> tuple[str, str]:
    """A shown face as a hashable key: ``("value", "ace")`` or ``("suit", "moons")``."""
    return (face["face"], face[face["face"]])


def coin_odds(shown: dict[tuple[str, str], int], unaccounted: list[str]) -> dict[tuple[str, str], dict[str, float]]:
    """For each face shown on unknown spots, the chance that one such spot holds each unaccounted coin.

    ``shown`` counts the unknown spots by the face they show; ``unaccounted`` are the coins that lie on
    them (one each). A coin lies with its value or its suit up; every consistent layout is equally likely.
    Returns ``{face: {coin: probability}}``; an impossible input (a memory that went wrong) falls back
    to counting each face's candidates equally.
    """
    by_value: dict[str, list[str]] = {value: [] for value in PIECE_VALUES}
    for coin in unaccounted:
        value, suit = coin.split("-", 1)
        by_value[value].append(suit)
    value_up = {value: shown.get(("value", value), 0) for value in PIECE_VALUES}
    target = tuple(shown.get(("suit", suit), 0) for suit in PIECE_SUITS)
    # Choices for each value: which of its coins show the value; the rest show their suits.
    choices = []
    for value in PIECE_VALUES:
        suits = by_value[value]
        options = []
        for up in combinations(suits, value_up[value]):
            delta = [0, 0, 0, 0]
            for suit in suits:
                if suit not in up:
                    delta[SUIT_INDEX[suit]] += 1
            options.append((up, tuple(delta)))
        choices.append(options)
    forward = [{(0, 0, 0, 0): 1}]
    for options in choices:
        step: dict[tuple, int] = {}
        for state, ways in forward[-1].items():
            for _, delta in options:
                nxt = tuple(a + b for a, b in zip(state, delta, strict=True))
                if all(a <= t for a, t in zip(nxt, target, strict=True)):
                    step[nxt] = step.get(nxt, 0) + ways
        forward.append(step)
    total = forward[-1].get(target, 0)
    if not total:
        return count_odds(shown, unaccounted)
    # Backward: ways to finish from each reachable state; then each coin's chance of showing its value.
    backward: dict[tuple, int] = {target: 1}
    up_ways: dict[str, int] = {}
    for index in range(len(PIECE_VALUES) - 1, -1, -1):
        value = PIECE_VALUES[index]
        earlier: dict[tuple, int] = {}
        for state, ways in forward[index].items():
            for up, delta in choices[index]:
                nxt = tuple(a + b for a, b in zip(state, delta, strict=True))
                rest = backward.get(nxt, 0)
                if rest:
                    earlier[state] = earlier.get(state, 0) + rest
                    for suit in up:
                        coin = f"{value}-{suit}"
                        up_ways[coin] = up_ways.get(coin, 0) + ways * rest
        backward = earlier
    odds: dict[tuple[str, str], dict[str, float]] = {key: {} for key in shown}
    for coin in unaccounted:
        value, suit = coin.split("-", 1)
        p_value = up_ways.get(coin, 0) / total
        if value_up[value]:
            odds[("value", value)][coin] = p_value / value_up[value]
        if shown.get(("suit", suit)):
            odds[("suit", suit)][coin] = (1 - p_value) / shown[("suit", suit)]
    return odds


def count_odds(shown: dict[tuple[str, str], int], unaccounted: list[str]) -> dict[tuple[str, str], dict[str, float]]:
    """The plain count: a spot showing a face holds each unaccounted coin with that face equally likely.

    It ignores that some of those coins lie the other face up (Hard plays this; it is also the fallback
    of :func:`coin_odds` when the memory is inconsistent).
    """
    odds: dict[tuple[str, str], dict[str, float]] = {}
    for kind, name in shown:
        index = 0 if kind == "value" else 1
        candidates = [coin for coin in unaccounted if coin.split("-", 1)[index] == name]
        odds[(kind, name)] = {coin: 1 / len(candidates) for coin in candidates} if candidates else {}
    return odds


def face_odds(shown: dict[tuple[str, str], int], unaccounted: list[str]) -> dict[tuple[str, str], dict[str, float]]:
    """The glance: a face is as good as the share of all coins with that face that are still out (Medium)."""
    odds: dict[tuple[str, str], dict[str, float]] = {}
    for kind, name in shown:
        index = 0 if kind == "value" else 1
        every = [coin for coin in PIECES if coin.split("-", 1)[index] == name]
        odds[(kind, name)] = {coin: 1 / len(every) for coin in every if coin in unaccounted}
    return odds


# How each level weighs an unknown coin (None: any coin it does not remember will do); see the docstring.
REASONING = {"easy": None, "medium": face_odds, "hard": count_odds, "perfect": coin_odds}
CARELESS = {"easy": 0.0, "medium": 0.45, "hard": 0.15, "perfect": 0.0}  # how often it flips without reading


class MatchesBot(Bot):
    """Remembers flipped coins by spot; takes its own, else flips the likeliest unknown coin of its own."""

    game = "matches"

    def __init__(self, level: str, seed: int | str = 0):
        super().__init__(level, seed)
        self.careless = CARELESS[level]  # the chance that a turn is played without reading the faces

    def observe(self, event: dict, seat: int) -> None:
        """Remember every flipped coin; follow coins that leave or move; age the memory once per turn."""
        kind = event["type"]
        if kind == "flip":
            self.memory.see(event["spot"], event["coin"])
        elif kind == "mark":
            self.memory.forget(event["spot"])
        elif kind == "move":
            self.memory.move(event["from"], event["onto"])
        elif kind == "turn":
            self.memory.tick()

    def decide(self, view: dict) -> dict:
        """Flip a known coin of its own, else the likeliest unknown one; in Flaming, move or leave a miss."""
        if view["moving"] is not None:
            return self._after_miss(view)
        seat = view["seat"]
        owners = {
            tile["tile"]: owner for owner, hand in enumerate(view["tiles"]) for tile in hand if not tile["marked"]
        }
        spots = view["spots"]
        known: dict[int, str] = {}
        for spot, coin in self.memory.items():
            face = spots[spot] if isinstance(spot, int) and 0 <= spot < len(spots) else None
            # Trust a memory only if the coin could show that face (guards against a stale fact).
            if face is not None and coin in owners and face[face["face"]] in coin.split("-", 1):
                known[spot] = coin
            else:
                self.memory.forget(spot)
        mine = sorted(spot for spot, coin in known.items() if owners[coin] == seat)
        if mine:
            return {"type": "flip", "spot": self.rng.choice(mine)}
        unknown = [spot for spot in range(len(spots)) if spots[spot] is not None and spot not in known]
        if not unknown:  # the memory accounts for every coin, none of them ours: nothing to learn
            return {"type": "flip", "spot": self.rng.choice(sorted(known))}
        reasoning = REASONING[self.level]
        if self.careless and self.rng.random() < self.careless:
            reasoning = None  # a careless turn: it flips any coin it does not remember
        if reasoning is None:
            return {"type": "flip", "spot": self.rng.choice(unknown)}
        shown: dict[tuple[str, str], int] = {}
        for spot in unknown:
            key = face_key(spots[spot])
            shown[key] = shown.get(key, 0) + 1
        accounted = set(known.values())
        unaccounted = sorted(coin for coin in owners if coin not in accounted)
        odds = reasoning(shown, unaccounted)
        left = [sum(not tile["marked"] for tile in hand) for hand in view["tiles"]]
        rivals = [other for other in range(len(left)) if other != seat]
        leader = min(rivals, key=lambda other: (left[other], (other - seat) % len(left)))
        scored: dict[tuple[float, float], list[int]] = {}
        for key in sorted(shown):
            chances = odds.get(key, {})
            own = sum(p for coin, p in chances.items() if owners[coin] == seat)
            gift = sum(p for coin, p in chances.items() if owners[coin] == leader)
            score = (round(own, 9), -round(gift, 9))
            scored.setdefault(score, []).extend(spot for spot in unknown if face_key(spots[spot]) == key)
        best = max(scored)
        if best[0] <= 0 and known:  # nothing unknown can be ours (a faulty memory): give nothing away
            return {"type": "flip", "spot": self.rng.choice(sorted(known))}
        return {"type": "flip", "spot": self.rng.choice(sorted(scored[best]))}

    def _after_miss(self, view: dict) -> dict:
        free = [spot for spot, face in enumerate(view["spots"]) if face is None]
        if self.level in MOVES_COINS and free:
            return {"type": "move", "spot": self.rng.choice(free)}
        return {"type": "stay"}
