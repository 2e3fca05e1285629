"""Sealed play without cryptography, for the tests: every seat's party replays the match, a dealer stands in for the
reveal protocol, and a reference match knows every card.

The dealer holds every deal's true order (drawn from its own seeded stream the first time a deal is sealed). It
serves a party's request as the reveal protocol would: a deal or a face only once *every* party has asked for it
(each peer publishes its share only for what its own rules asked: ``PartyCards.asked``), a claim once the seat's
party has published it. A seat without a party (a liar, for the hostile tests) has its claims published by the
dealer, the first ``lies`` of them false, and its shares taken as given.

Two matches that know every card play the same actions on the dealer's deals (none with a liar: they are the
truth its claims are not). The *reference* has the local source, dealing those orders (:class:`DealtCards`): its
references are faces, as in solo play, so a party whose view or event shows a reference where a face belongs
differs from it. The *truth* has :class:`game.audit.OpenCards`: its references are the sealed ones, so its state
is every party's, and it records what the rules revealed to whom.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from game import GAMES, Match
from game.audit import OpenCards
from game.deck import CLAIMS, LocalCards, NeedCards, unit_faces
from game.party import REF, PartyCards

ROUNDS = 100  # rounds of requests an action may take: a few in every game (one per reveal a try waits for)


class Dealer:
    """The reveal protocol's stand-in: the true deals, the requests each party asked, the claims published."""

    def __init__(self, seed: int | str, liar: int | None = None, lies: int = 0, orders: dict[int, list] | None = None):
        self.rng = random.Random(f"dealer/{seed}")
        self.liar, self.lies = liar, lies
        self.deals: dict[int, list] = dict(orders or {})  # deal number → its units in the true order
        self.asked: dict[str, set[int]] = {}  # a request (as JSON) → the parties that asked it
        self.published: dict[str, bool] = {}  # a claim's seat, name and refs (as JSON) → the value its seat published
        self.told: dict[int, dict[str, list[int] | None]] = {}  # party → reference → whom its face was shown to

    def face(self, ref: str) -> str:
        """The true face of a sealed reference."""
        found = REF.fullmatch(ref)
        assert found is not None
        return unit_faces(self.deals[int(found[1])][int(found[2])])[found[3] or ""]

    def hear(self, number: int, party: PartyCards) -> None:
        """Take in what party ``number``'s last try asked for and the claims it published."""
        for request in party.asked:
            if "claim" in request and "value" in request["claim"]:
                claim = request["claim"]
                self.published[_key(claim)] = claim["value"]
            elif "claim" not in request:
                self.asked.setdefault(json.dumps(request, sort_keys=True), set()).add(number)

    def serve(self, number: int, party: PartyCards, requests: list[dict], parties: int) -> bool:
        """Meet what party ``number`` waits for, if the protocol could; True if something was met."""
        met = False
        for request in requests:
            if "claim" in request:
                claim = request["claim"]
                if claim["seat"] == self.liar and _key(claim) not in self.published:
                    truth = CLAIMS[claim["name"]]([self.face(ref) for ref in claim["refs"]])
                    self.published[_key(claim)] = truth != (self.lies > 0)
                    self.lies -= 1
                if _key(claim) in self.published:
                    party.accept_claim(claim["seat"], claim["name"], claim["refs"], self.published[_key(claim)])
                    met = True
                continue
            if len(self.asked.get(json.dumps(request, sort_keys=True), ())) < parties:
                continue  # some peer's rules have not asked for it: no share from that peer yet
            if "deal" in request:
                if request["deal"] not in self.deals:
                    order = json.loads(json.dumps(request["units"]))
                    self.rng.shuffle(order)
                    self.deals[request["deal"]] = order
                party.dealt(request["deal"], request["units"])
            else:
                party.learn(request["reveal"], self.face(request["reveal"]), request["to"])
                self.told.setdefault(number, {})[request["reveal"]] = request["to"]
            met = True
        return met


class DealtCards(LocalCards):
    """The local source (a reference is its face) dealing the given true orders, by deal number, instead of
    shuffling; a deal of a public order as given."""

    def __init__(self, deals: dict[int, list], rng: random.Random | None = None, used: int = 0):
        super().__init__(rng)
        self.deals, self.used = deals, used

    def attempt(self, rng: random.Random) -> DealtCards:
        return DealtCards(self.deals, rng, self.used)

    def keep(self, cards) -> None:
        self.used = cards.used

    def deal(self, units, shuffle=True, public=False):
        self.used += 1
        return super().deal(units if public else self.deals[self.used - 1], shuffle=False)


class SealedPlay:
    """One match replayed by a party per group of seats (``groups``), fed by a :class:`Dealer`, beside the reference."""

    def __init__(self, game: str, players: int, options: dict, seed: int | str, groups: list[list[int]], **dealer):
        rules = GAMES[game]
        self.dealer = Dealer(seed, **dealer)
        self.parties = [PartyCards(group) for group in groups]
        self.matches = self._everywhere(lambda n: Match(rules, players, options, seed, cards=self.parties[n]))
        knowing = self.dealer.liar is None  # a liar's claims are not the truth: no match that knows every card
        self.reference = Match(rules, players, options, seed, cards=DealtCards(self.dealer.deals)) if knowing else None
        self.truth = Match(rules, players, options, seed, cards=OpenCards(self.dealer.deals)) if knowing else None

    def act(self, seat: int, action: dict) -> None:
        """Play ``action`` for ``seat`` at every party, then at the matches that know every card."""
        self._everywhere(lambda n: self.matches[n].act(seat, action))
        for match in (self.reference, self.truth):
            if match is not None:
                match.act(seat, action)

    def _everywhere(self, work: Callable[[int], object]) -> list:
        """Run ``work`` for every party, serving their requests, until each has succeeded; fail if none can go on."""
        done: dict[int, object] = {}
        for _ in range(ROUNDS):
            if len(done) == len(self.parties):
                break
            finished = len(done)
            waiting: dict[int, list[dict]] = {}
            for number in range(len(self.parties)):
                if number in done:
                    continue
                try:
                    done[number] = work(number)
                except NeedCards as need:
                    waiting[number] = need.requests
                self.dealer.hear(number, self.parties[number])
            met = [self.dealer.serve(n, self.parties[n], wanted, len(self.parties)) for n, wanted in waiting.items()]
            assert any(met) or len(done) > finished, f"the parties wait for each other: {waiting}"
        assert len(done) == len(self.parties), f"the parties still wait after {ROUNDS} rounds of requests"
        return [done[number] for number in range(len(self.parties))]


def _key(claim: dict) -> str:
    return json.dumps([claim["seat"], claim["name"], claim["refs"]])
