"""Deluxe Memory bot: take known pairs first, aim every loss at the leader, keep new cards private.

Memory, keyed by grid position: the bot's own private looks (picks, the 2's and the 4's looks), every card
shown to all (face-up, revealed, matched), and which positions each opponent has looked at. Public swaps
(the 2's swap, Jokin' Around rearrangements) move every record with its card; a matched pair is forgotten.
Memory ages once per turn, on the ``turn`` event; below Perfect it forgets (see memory.py). Face-up cards
are read from the view, so they are never forgotten.

Every decision scores options in *relative tokens*: what the bot gains plus what the leader (the richest
opponent still in the game) loses.

- **Pick.** If two known cards share a rank, it takes the best-valued such pair: red pairs (it gains the
  rank), black pairs (the leader loses the rank; a knock-out in a duel is a win), mixed pairs by their Mixed
  Chart value (Simplicity: the leader gives the rank to the bot). Among four known cards of a rank it picks
  the colours worth most. A pair it would regret (a J that averages it with a poorer opponent, any pair when
  an opponent's trap would resolve it) is left alone, except that a cheap pair is used to spring a trap.
  Otherwise it turns an unknown card, then the best partner it knows, else another unknown card
  (a known card of another rank when pairing would hurt).
- **Put back.** Hiding costs a token; a card left up is known to every opponent, and whoever first turns
  one of its partners takes the pair, while a hidden card stays the bot's. So it hides every newly seen
  card that can still pair for more than the token (not a card whose partners are all gone, not an A with
  no better known partner), never pays for a card that was already face-up, and keeps 1 token (0 is out).
  Measured: this beat hiding only by the estimated chance that an opponent pairs the card next turn in 71%
  of 300 Perfect duels, and turning a second unknown card beat turning a known face-up one (61% of 300).
- **Targets.** Black pairs, the A's loss, the 3's losses and Q/Simplicity gifts go to the leader (an
  unshielded one if any); red gains, the A's gain and gifts go to itself. The J averages the bot with the
  richest opponent when poorer; otherwise (3+ players) the richest opponent with the poorest.
- **Mixed Chart.** A reveals a card that tells the others least (a known card with no partner left, then a
  public one, then an unknown one); 2 looks at two unknown cards; 3 reveals a face-down 3 it knows (or three
  of a rank) to fire the losses, else stops; 4 and 5 choose the square or cross with most unknown cards
  (the 4 looks at the unknown ones and lets the known ones be revealed); 6 reveals nothing (the cards stay
  up for everyone, the opponent first); 7 buys the extra turn when a known pair is worth more than the 5
  tokens; K scores every effect and picks the best.
- **Jokin' Around.** Everyone sees the swap positions, so any player who tracks swaps (as every bot does)
  keeps all knowledge: rearranging gains nothing, and the bot finishes at once with ``done``.
- A 2's swap cannot "break" an opponent's known pair for the same reason, so the 2 is used for its looks.
"""

from __future__ import annotations

from ..cards import colour, is_joker, rank, rank_number
from ..rules.deluxe_memory import cross_cells, square_cells
from .base import Bot

EXPLORE = 1.5  # rough worth of an ordinary turn with no known pair (relative tokens)
TRAP_RELIEF = 5.0  # springing an opponent's trap now spares a later, likely bigger pair
RESERVE = 2  # never hide a card with fewer tokens than this: 0 tokens is out
HIDE_COST = 1.0
EXTRA_TURN_PRICE = 5
KING_CHOICES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q")
STATIC_CHART = {"2": 1.0, "4": 1.0, "6": 0.0, "9": 3.0, "10": 4.0}


class DeluxeMemoryBot(Bot):
    """Plays Deluxe Memory from a position-keyed memory of its looks and of every public card."""

    game = "deluxe-memory"

    def __init__(self, level: str, seed: int | str = 0):
        super().__init__(level, seed)
        self.public: dict[int, str] = {}  # cards every seat has seen, by position (an estimate of their memory)
        self.looked: dict[int, set[int]] = {}  # position -> opponents who looked at it privately
        self.up: set[int] = set()  # face-up positions, as the events left them (a pick does not change this)
        self.square = 0  # the top-left cell of the 4's square being looked at

    # ------------------------------------------------------------------------------------ memory

    def observe(self, event: dict, seat: int) -> None:
        """Remember looks and public cards; follow swaps; forget matched cards; age once per turn."""
        kind = event["type"]
        if kind == "look":
            if "card" in event:
                self.memory.see(event["pos"], event["card"])
            elif event["seat"] != seat:
                self.looked.setdefault(event["pos"], set()).add(event["seat"])
        elif kind in ("face_up", "reveal"):
            for pos, card in zip(event["pos"], event["cards"], strict=True):
                self.memory.see(pos, card)
                self.public[pos] = card
            if kind == "face_up":
                self.up.update(event["pos"])
        elif kind == "hide":
            self.up.discard(event["pos"])
        elif kind == "match":
            for pos in event["pos"]:
                self.memory.forget(pos)
                self.public.pop(pos, None)
                self.looked.pop(pos, None)
                self.up.discard(pos)
        elif kind == "swap":
            a, b = event["pos"]
            self.memory.swap(a, b)
            for table in (self.public, self.looked):
                first, second = table.pop(a, None), table.pop(b, None)
                if first is not None:
                    table[b] = first
                if second is not None:
                    table[a] = second
            if (a in self.up) != (b in self.up):  # the 2's swap moves face-up cards with their state
                self.up ^= {a, b}
        elif kind == "square":
            self.square = event["pos"]
        elif kind == "turn":
            self.memory.tick()

    # ---------------------------------------------------------------------------------- decisions

    def decide(self, view: dict) -> dict | None:
        """The action for the current phase (see the module docstring for the strategy)."""
        phase = view["phase"]
        handler = getattr(self, "_" + phase, None)
        if handler is not None:
            return handler(view)
        if phase in ("red", "ace_gain", "give_to"):
            if view["seat"] not in view["chosen"]:
                return _target(view["seat"])
            # Our own seat already gives (someone chose it for us): the poorest other player receives.
            return _target(min(_opponents(view), key=lambda seat: (view["tokens"][seat], seat)))
        if phase in ("black", "ace_lose", "give_from"):
            amount = rank_number(view["pair"][0]) if phase == "black" and view["pair"] else 1
            return _target(self._victim(view, amount))
        if phase in ("rearrange", "rearrange_swap"):
            return {"type": "done"}
        raise ValueError(f"The Deluxe Memory bot does not know the phase {phase!r}.")

    # picking ------------------------------------------------------------------------------------

    def _pick(self, view: dict) -> dict:
        known = self._known(view)
        held = view["held"]
        if not held:
            best = self._best_pair(view, known)
            unknown = _unknown(view, known)
            if best is not None and best[0] > 0:
                return _pick_at(best[1])
            if unknown:
                return _pick_at(self.rng.choice(unknown))
            return _pick_at(self._safe_card(view, known, None))
        first = held[0]
        card = view["cells"][first]
        mates = [(self._pair_value(view, [card, other]), pos) for pos, other in known.items() if pos != first]
        mates = [(value, pos) for value, pos in mates if rank(known[pos]) == rank(card)]
        if mates:
            value, pos = max(mates, key=lambda item: (item[0], -item[1]))
            if value > 0:
                return _pick_at(pos)
        unknown = [pos for pos in _unknown(view, known) if pos != first]
        if unknown and not mates:
            return _pick_at(self.rng.choice(unknown))
        return _pick_at(self._safe_card(view, known, first))

    def _safe_card(self, view: dict, known: dict[int, str], first: int | None) -> int:
        """A card that will not pair with ``first``: face-up first (free to put back), else any."""
        avoid = rank(view["cells"][first]) if first is not None else None
        options = [pos for pos, cell in enumerate(view["cells"]) if cell is not None and pos != first]
        safe = [pos for pos in options if pos in known and rank(known[pos]) != avoid]
        up = [pos for pos in safe if view["cells"][pos] != "down"]
        return min(up or safe or options)

    def _best_pair(self, view: dict, known: dict[int, str]) -> tuple[float, int, int] | None:
        """The most valuable pair among known cards: (value, first position, second position)."""
        by_rank: dict[str, list[int]] = {}
        for pos in sorted(known):
            by_rank.setdefault(rank(known[pos]), []).append(pos)
        best = None
        for positions in by_rank.values():
            for i, a in enumerate(positions):
                for b in positions[i + 1 :]:
                    value = self._pair_value(view, [known[a], known[b]])
                    if best is None or value > best[0]:
                        best = (value, a, b)
        return best

    # putting back -------------------------------------------------------------------------------

    def _put_back(self, view: dict) -> dict:
        me = view["seat"]
        if view["tokens"][me] >= RESERVE:
            known = self._known(view)
            for pos in view["held"]:
                if pos not in view["hidden"] and pos not in self.up and self._worth_hiding(view, known, pos):
                    return {"type": "hide", "pos": pos}
        return {"type": "done"}

    def _worth_hiding(self, view: dict, known: dict[int, str], pos: int) -> bool:
        """Whether keeping the card at ``pos`` private is worth the token: it can still pair, for more than 1.

        A card left up is as good as known to every opponent, and the first to turn one of its partners takes
        the pair; hidden, it stays the bot's. In play-tests, hiding every card that can still pair beat hiding
        only by the estimated chance that an opponent pairs it next turn (71% of 600 Perfect duels).
        """
        card = view["cells"][pos]
        if _copies_left(view, card) == 0:
            return False  # its partners are gone: showing it tells nothing
        held = set(view["held"])
        mates = [p for p, other in known.items() if p not in held and rank(other) == rank(card)]
        value = max(
            [1.0 if is_joker(card) else float(rank_number(card))]
            + [self._raw_pair_value(view, [card, known[p]]) for p in mates]
        )
        return value > HIDE_COST

    # targets ------------------------------------------------------------------------------------

    def _victim(self, view: dict, amount: int) -> int:
        """The opponent to lose ``amount``: one it can knock out, else the richest unshielded one."""
        opponents = _opponents(view)
        if not opponents:
            return view["seat"]  # nobody else can be chosen: the rules allow only the bot itself

        def hurt(seat: int) -> tuple[float, int]:
            tokens = view["tokens"][seat]
            if _shielded(view, seat):
                return (0.5, tokens)
            out = tokens <= amount and not view["variants"]["underdogs"]
            return (min(amount, tokens) + (50 if out else 0) + tokens / 100, tokens)

        return max(opponents, key=lambda seat: (hurt(seat), -seat))

    def _jack(self, view: dict) -> dict:
        a, b = self._jack_plan(view)
        chosen = view["chosen"]
        if not chosen:
            return _target(a)
        return _target(b if chosen[0] == a else a)

    def _jack_plan(self, view: dict) -> tuple[int, int]:
        """The two players to average: the bot with a richer opponent, else the richest and poorest opponents."""
        me, tokens = view["seat"], view["tokens"]
        opponents = sorted(_opponents(view), key=lambda s: (-tokens[s], s))
        if tokens[opponents[0]] > tokens[me] or len(opponents) == 1:
            return me, opponents[0]
        return opponents[0], opponents[-1]

    def _lose3(self, view: dict) -> dict:
        left = [s for s in _opponents(view) if s not in view["chosen"]]
        if not left:
            return {"type": "stop"}
        return _target(max(left, key=lambda s: (not _shielded(view, s), view["tokens"][s], -s)))

    def _seven(self, view: dict) -> dict:
        me = view["seat"]
        best = self._best_pair(view, self._known(view))
        if best is not None and best[0] > EXTRA_TURN_PRICE + 1 and view["tokens"][me] >= EXTRA_TURN_PRICE + RESERVE:
            return {"type": "extra_turn"}
        return {"type": "pass"}

    # the Mixed Chart ------------------------------------------------------------------------------

    def _king(self, view: dict) -> dict:
        options = list(KING_CHOICES)
        best = max(options, key=lambda effect: (self._chart_value(view, effect, deep=True), -options.index(effect)))
        return {"type": "effect", "rank": best}

    def _ace_reveal(self, view: dict) -> dict:
        return {"type": "reveal", "pos": self._least_telling(view)}

    def _reveal3(self, view: dict) -> dict:
        known = self._known(view)
        shown = [rank(view["cells"][p]) for p in view["revealed"]]
        if "3" in shown or any(shown.count(r) >= 3 for r in shown):
            return {"type": "stop"}
        target = self._three_trigger(view, known, shown)
        return {"type": "reveal", "pos": target[0]} if target else {"type": "stop"}

    def _three_trigger(self, view: dict, known: dict[int, str], shown: list[str]) -> list[int]:
        """Face-down known cards whose reveal fires the 3's losses: a 3, or enough of one rank."""
        down = {p: c for p, c in known.items() if view["cells"][p] == "down" and p not in view["revealed"]}
        threes = sorted(p for p, c in down.items() if rank(c) == "3")
        if threes:
            return threes[:1]
        room = 4 - len(shown)
        for the_rank in sorted({rank(c) for c in down.values()}):
            need = 3 - shown.count(the_rank)
            positions = sorted(p for p, c in down.items() if rank(c) == the_rank)
            if 0 < need <= min(room, len(positions)):
                return positions[:need]
        return []

    def _reveal6(self, view: dict) -> dict:
        return {"type": "stop"}  # revealed cards stay up for everyone, and an opponent plays first

    def _swap_look(self, view: dict) -> dict:
        known = self._known(view)
        looked = set(view["held"])
        unknown = [p for p in _unknown(view, known) if p not in looked]
        if unknown:
            return {"type": "look", "pos": self.rng.choice(unknown)}
        options = [p for p, cell in enumerate(view["cells"]) if cell is not None and p not in looked]
        return {"type": "look", "pos": min(options)}

    def _square(self, view: dict) -> dict:
        known = self._known(view)
        tops = [p for p in range(view["rows"] * view["cols"]) if _square_ok(view, p)]
        return {"type": "square", "pos": max(tops, key=lambda p: (self._square_score(view, known, p), -p))}

    def _square_score(self, view: dict, known: dict[int, str], top: int) -> float:
        cells = [p for p in square_cells(top) if view["cells"][p] is not None]
        order = sorted(cells, key=lambda p: self._look_rank(view, known, p))
        score = 0.0
        for i, pos in enumerate(order):
            kind = self._look_rank(view, known, pos)
            if i < 2:
                score += 1.0 if kind == 0 else 0.0
            else:
                score += {0: 0.3, 1: -0.5}.get(kind, 0.0)
        return score

    def _look_rank(self, view: dict, known: dict[int, str], pos: int) -> int:
        """0 unknown, 1 known only to the bot, 2 public: look at the first kinds, let the last be revealed."""
        if pos not in known:
            return 0
        return 2 if self._others_know(view, pos) else 1

    def _square_look(self, view: dict) -> dict:
        known = self._known(view)
        cells = [p for p in square_cells(self.square) if view["cells"][p] is not None]
        options = [p for p in cells if p not in view["held"]]
        return {"type": "look", "pos": min(options, key=lambda p: (self._look_rank(view, known, p), p))}

    def _cross(self, view: dict) -> dict:
        known = self._known(view)
        unknown = set(_unknown(view, known))
        size = view["rows"] * view["cols"]
        centres = [p for p in range(size) if any(view["cells"][c] is not None for c in _cross_cells(p, view))]
        return {"type": "cross", "pos": max(centres, key=lambda p: (len(unknown & set(_cross_cells(p, view))), -p))}

    def _least_telling(self, view: dict) -> int:
        """A face-down card whose reveal helps the others least: dead known, public, unknown, then private."""
        known = self._known(view)
        ranks = [rank(c) for c in known.values()]

        def telling(pos: int) -> tuple[int, int]:
            if pos not in known:
                return (2, pos)
            card = known[pos]
            if _copies_left(view, card) == 0 and ranks.count(rank(card)) == 1:
                return (0, pos)
            return (1 if self._others_know(view, pos) else 3, pos)

        down = [p for p, cell in enumerate(view["cells"]) if cell == "down" and p not in view["revealed"]]
        return min(down, key=telling)

    # values --------------------------------------------------------------------------------------

    def _pair_value(self, view: dict, cards: list[str]) -> float:
        """What making this pair is worth to the bot, in relative tokens (negative: better not)."""
        value = self._raw_pair_value(view, cards)
        if _trap_owner(view) is not None and not is_joker(cards[0]):
            return TRAP_RELIEF - max(1.0, value)  # the trap's owner resolves it, against the bot
        return value

    def _raw_pair_value(self, view: dict, cards: list[str]) -> float:
        if is_joker(cards[0]):
            return 0.5
        amount = rank_number(cards[0])
        colours = {colour(card) for card in cards}
        if colours == {"red"}:
            return float(min(amount, view["bank"])) or 0.1
        leader = self._victim(view, amount)
        if colours == {"black"}:
            if _shielded(view, leader) or leader == view["seat"]:
                return 0.5
            out = view["tokens"][leader] <= amount and not view["variants"]["underdogs"]
            return min(amount, view["tokens"][leader]) + (50.0 if out else 0.0)
        if view["variants"]["simplicity"]:
            return 2.0 * min(amount, view["tokens"][leader]) if leader != view["seat"] else 0.0
        return self._chart_value(view, rank(cards[0]), deep=False)

    def _chart_value(self, view: dict, effect: str, deep: bool) -> float:
        """The worth of resolving a Mixed Chart row now; ``deep`` values extra turns by the pairs known now."""
        me, tokens = view["seat"], view["tokens"]
        opponents = _opponents(view)
        if not opponents:
            return 0.0
        leader = max(opponents, key=lambda s: (not _shielded(view, s), tokens[s]))
        if effect in STATIC_CHART:
            return STATIC_CHART[effect]
        extra = EXPLORE * 2
        if deep:
            best = self._best_pair(view, self._known(view))
            extra = max(EXPLORE, best[0] if best else 0.0)
        if effect == "A":
            return (1.0 if view["bank"] else 0.0) + (0.0 if _shielded(view, leader) else 1.0)
        if effect == "3":
            trigger = self._three_trigger(view, self._known(view), [])
            return 3.0 * min(3, len(opponents)) if trigger else 0.3
        if effect == "5":
            return 1.0 + extra
        if effect == "7":
            return extra + 0.5
        if effect == "8":
            return extra if len(opponents) == 1 else 1.5
        if effect == "J":
            a, b = self._jack_plan(view)
            if me in (a, b):
                other = b if a == me else a
                return (tokens[other] - tokens[me]) * (1.0 if len(opponents) == 1 else 0.75)
            return (tokens[a] - tokens[b]) / 4
        if effect == "Q":
            if _shielded(view, leader):
                return 1.0
            return 2.0 * min(6, tokens[leader])
        if effect == "K":
            return max(self._chart_value(view, r, deep) for r in ("A", "3", "5", "7", "8", "9", "10", "J", "Q"))
        return 0.0

    def _others_know(self, view: dict, pos: int) -> bool:
        """Whether an opponent has seen the card at ``pos``: it is face-up, was shown to all, or they looked."""
        me = view["seat"]
        return view["cells"][pos] != "down" or pos in self.public or bool(self.looked.get(pos, set()) - {me})

    def _known(self, view: dict) -> dict[int, str]:
        """Every card on the table the bot can name: the view's visible cards and its remembered ones."""
        known = {}
        for pos, cell in enumerate(view["cells"]):
            if cell is None:
                continue
            card = cell if cell != "down" else self.memory.recall(pos)
            if card is not None:
                known[pos] = card
        return known


# helpers ------------------------------------------------------------------------------------------


def _pick_at(pos: int) -> dict:
    return {"type": "pick", "pos": pos}


def _target(seat: int) -> dict:
    return {"type": "target", "seat": seat}


def _unknown(view: dict, known: dict[int, str]) -> list[int]:
    """Face-down positions the bot cannot name."""
    return [pos for pos, cell in enumerate(view["cells"]) if cell == "down" and pos not in known]


def _opponents(view: dict) -> list[int]:
    """The other players still in the game."""
    return [s for s in range(len(view["tokens"])) if s != view["seat"] and not view["out"][s]]


def _shielded(view: dict, seat: int) -> bool:
    return any(item["kind"] == "shield" for item in view["kept"][seat])


def _trap_owner(view: dict) -> int | None:
    """The opponent whose trap would resolve the bot's next match (the first clockwise), if any."""
    me, players = view["seat"], len(view["tokens"])
    for step in range(1, players):
        seat = (me + step) % players
        if not view["out"][seat] and any(item["kind"] == "trap" for item in view["kept"][seat]):
            return seat
    return None


def _copies_left(view: dict, card: str) -> int:
    """How many other cards of ``card``'s rank have not left the table (discarded, kept or held as the pair)."""
    total = 2 if is_joker(card) else 4
    gone = list(view["discard"]) + list(view["pair"] or [])
    gone += [c for row in view["kept"] for item in row for c in item["cards"]]
    return total - 1 - sum(rank(c) == rank(card) for c in gone)


def _square_ok(view: dict, top: int) -> bool:
    rows, cols = view["rows"], view["cols"]
    if top // cols >= rows - 1 or top % cols >= cols - 1:
        return False
    return any(view["cells"][p] is not None for p in square_cells(top))


def _cross_cells(centre: int, view: dict) -> list[int]:
    return [c for c in cross_cells(centre) if view["cells"][c] is not None]
