"""One peer's copy of a sealed game: it takes the room's log in order, checks every entry, and says what its party
must write next.

In a sealed room every peer plays the whole game itself. Its :class:`Replica` holds a match whose card source is
the peer's :class:`~game.party.PartyCards` (what this peer was shown), the public record of every deal
(:class:`~game.net.sealing.Transcript`) and the cards being opened (:class:`~game.net.sealing.Opening`). It takes
the log's entries (``log.py``) one by one, in the host's order:

- ``act``: a seat's move. Moves are applied one at a time, in order; one whose cards are not known yet waits;
- ``deck``: a party's step in sealing a deal, in turn;
- ``shares``: a party's keys for cards being opened (each checked at once against the keys it published);
- ``claim``: a fact a seat asserts about cards only it has seen (checked once they are public, or at the end);
- ``seed``: a party's master seed, once the game is over; with all of them, the end check runs;
- ``end``: the host ends a game that cannot go on (a device that never came back), unchecked.

Whenever the rules ask for something (a deal, a face, a claim: :class:`~game.deck.NeedCards` and
:attr:`PartyCards.asked`), the replica opens what must be opened and puts what its own party must contribute in its
*outbox*: its step when the deal reaches it, its shares for every card opened to all or to another party's seat,
its seats' claims, and its seed at the end. The room signs and sends those.

Anything an entry does wrong stops the game (:attr:`Replica.broken`) and names who did it: the entry's party when
its signed content is wrong (a false share, a move the rules refuse, a step out of turn), a seat's party for a
false claim, and the host (``None``) for what only the sequencer could have done (a message not signed by its
party, a party's count skipped, a stale move put in). Nothing is guessed: a card that opens to no face stops the
game until the end check names who put it there.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, replace

from ..core import IllegalAction
from ..deck import FalseClaim, NeedCards
from ..match import Match
from ..party import PartyCards
from ..registry import GAMES
from .log import Counts, Entry, LogBroken, genuine
from .races import RaceWindow
from .sealing import Cheat, Deal, Opening, Party, SealError, Share, Step, Transcript

REF = re.compile(r"#(\d+)\.(\d+)(?:/(\d+))?")


@dataclass(frozen=True)
class Broken:
    """Why the game stopped: ``party`` (a party's number; ``None``: the host as sequencer) did what ``reason`` says.
    ``unknown``: something is wrong but only the end check can say who (a card that opened to no face)."""

    party: int | None
    reason: str
    unknown: bool = False


@dataclass(frozen=True)
class Seating:
    """Who holds which seats: ``parties[i]`` is party ``i``'s seats, in party order; ``keys[i]`` its public signing key
    (hex) and ``commitments[i]`` the hash of its master seed."""

    parties: tuple[tuple[int, ...], ...]
    keys: tuple[str, ...]
    commitments: tuple[str, ...]

    def party_of(self, seat: int) -> int:
        """The party that holds ``seat``."""
        return next(index for index, seats in enumerate(self.parties) if seat in seats)


class Replica:
    """Party ``me``'s copy of a sealed game (``me`` ``None``: a peer that only watches), fed by the room's log."""

    def __init__(
        self, game: str, players: int, options: dict, seed: str, seating: Seating, signed: tuple[str, str], *, me=None
    ):
        self.game, self.players, self.options, self.seed = game, players, options, seed
        self.seating = seating
        self.signed = signed  # (room id, game id): what every entry's signature names
        self.me: Party | None = me  # this peer's party (its number and master seed), None for a watcher
        seats = list(seating.parties[me.index]) if me is not None else []
        self.cards = PartyCards(seats)
        self.match: Match | None = None  # made once the first deal is sealed
        self.log: list[Entry] = []
        self.counts = Counts()
        self.races = RaceWindow()
        self.transcripts: dict[int, Transcript] = {}
        self.openings: dict[tuple[int, int, int | None], Opening] = {}  # (deal, position, looker party)
        self.stray_steps: dict[int, list[tuple[int, dict]]] = {}  # deal -> (party, step) before this peer asked for it
        self.stray_shares: list[Share] = []  # shares of cards this peer's rules have not asked to open (yet)
        self.shares: list[Share] = []  # every share taken, for the end check
        self.acts: deque[Entry] = deque()  # moves sequenced and not applied yet
        self.seeds: dict[int, str] = {}
        self.outbox: list[tuple[str, dict]] = []  # (kind, body): what this party must write next
        self.written: set[str] = set()  # what it has put in its outbox already, so nothing is written twice
        self.published: set[str] = set()  # what its own entries in the log hold (a replica rebuilt from the log)
        self.waiting: list[int] = []  # the parties whose entry the game waits for now
        self.broken: Broken | None = None
        self.ended = False  # the host ended the game unchecked
        self._advance()

    # ------------------------------------------------------------------------------------------- intake

    def take(self, entry: Entry) -> None:
        """Take the log's next entry. Anything wrong sets :attr:`broken` (the game then stops); never raises.

        A game stopped for what only the end check can judge (:attr:`Broken.unknown`) still takes the log, in order,
        for the parties' seeds: the end check runs once they have all come."""
        if self.broken is not None and not self.broken.unknown:
            return
        try:
            self._check(entry)
            self.log.append(entry)
            if self.me is not None and entry.by == self.me.index:
                self.published |= set(written_keys(entry.kind, entry.body))
            if self.broken is not None:
                if entry.kind == "seed":
                    self._on_seed(entry.by, entry.body)
                return
            getattr(self, "_on_" + entry.kind)(entry.by, entry.body)
            self._advance()
        except LogBroken as error:
            self._stop(error.party, error.reason)
        except Cheat as error:
            self._stop(error.party, str(error))
        except FalseClaim as error:
            self._stop(self.seating.party_of(error.seat), f"{error} ({error.claim['name']})")

    def _check(self, entry: Entry) -> None:
        """The entry is its party's, signed, and its party's next: else the sequencer is at fault."""
        if not 0 <= entry.by < len(self.seating.parties):
            raise LogBroken(None, f"The host sent a message of a device {entry.by} that is not in this game.")
        if not genuine(entry, self.seating.keys[entry.by], *self.signed):
            raise LogBroken(None, f"The host sent a message that party {entry.by} did not sign.")
        self.counts.take(entry)

    def _on_act(self, by: int, body: dict) -> None:
        seat = body.get("seat")
        if seat not in self.seating.parties[by] or not isinstance(body.get("action"), dict):
            raise LogBroken(by, f"Party {by} made a move for a seat it does not hold.")
        self.acts.append(Entry(by, 0, "act", body, ""))

    def _on_deck(self, by: int, body: dict) -> None:
        if not isinstance(body, dict) or body.get("party") != by or not isinstance(body.get("deal"), int):
            raise LogBroken(by, f"Party {by} sent a deck step that is not its own.")
        if body["deal"] in self.transcripts:
            self._add_step(by, body)
        else:
            self.stray_steps.setdefault(body["deal"], []).append((by, body))

    def _on_shares(self, by: int, body: dict) -> None:
        to, items = body.get("to"), body.get("shares")
        if (to is not None and not self._is_seat(to)) or not isinstance(items, list) or not items:
            raise LogBroken(by, f"Party {by} sent shares that open nothing.")
        looker = None if to is None else self.seating.party_of(to)
        for item in items:
            try:
                share = Share.from_json(item)
            except SealError as error:
                raise LogBroken(by, f"Party {by} sent a malformed share: {error}") from None
            if share.party != by:
                raise LogBroken(by, f"Party {by} sent a share in party {share.party}'s name.")
            self._add_share(replace(share, looker=looker))

    def _on_claim(self, by: int, body: dict) -> None:
        seat = body.get("seat")
        if not self._is_seat(seat) or seat not in self.seating.parties[by]:
            raise LogBroken(by, f"Party {by} made a claim for a seat it does not hold.")
        if self.me is not None and by == self.me.index:
            return  # its own claim, come back from the host
        try:
            self.cards.accept_claim(seat, body.get("name"), body.get("refs"), body.get("value"))
        except ValueError as error:
            if isinstance(error, FalseClaim):
                raise
            raise LogBroken(by, f"Party {by} made a claim that is no claim: {error}") from None

    def _on_seed(self, by: int, body: dict) -> None:
        self.seeds[by] = body.get("seed")
        if self.broken is None and (self.match is None or self.match.result() is None):
            # A device reveals its seed before the end only when it stopped for what only the end check can judge
            # (a card that opened wrong for its own seat): every peer stops too and reveals its own, and the end
            # check names who did wrong; if it finds nobody, the device that stopped the game is named.
            self._stop(by, f"Party {by}'s device stopped the game before its end.", unknown=True)

    def _on_end(self, by: int, body: dict) -> None:
        if by != 0:
            raise LogBroken(by, f"Party {by} tried to end the game; only the host may.")
        self.ended = True

    def _is_seat(self, seat: object) -> bool:
        return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players

    # ------------------------------------------------------------------------------------------ sealing

    def _add_step(self, by: int, body: dict) -> None:
        transcript = self.transcripts[body["deal"]]
        try:
            transcript.add(Step.from_json(body, transcript.deal))
        except SealError as error:
            raise LogBroken(by, f"Party {by} sent a deck step out of turn or malformed: {error}") from None
        if transcript.turn is None:
            self.cards.dealt(transcript.deal.number, rules_units(transcript.deal))

    def _seal(self, number: int, units: list) -> None:
        """The rules asked for deal ``number``: keep its record, take steps that came early, and write this party's
        step if the deal has reached it."""
        if number not in self.transcripts:
            deal = Deal(number, tuple(_unit(unit) for unit in units), len(self.seating.parties))
            self.transcripts[number] = Transcript(deal)
            for by, body in self.stray_steps.pop(number, []):
                self._add_step(by, body)
        transcript = self.transcripts[number]
        turn = transcript.turn
        mine = self.me is not None and turn is not None and turn[1] == self.me.index
        if mine and f"deck {number} {turn[0]}" not in self.written | self.published:
            self._write("deck", self.me.step(transcript).to_json())

    def _open(self, ref: str, to: list[int] | None) -> Opening:
        """The opening of ``ref`` to all (``to`` None) or to one seat, made if new, with the shares that came early."""
        deal, position = self._position(ref)
        looker = None if to is None else self.seating.party_of(to[0])
        key = (deal, position, looker)
        if key not in self.openings:
            self.openings[key] = Opening(self.transcripts[deal], position, looker)
            early = [share for share in self.stray_shares if (share.deal, share.position, share.looker) == key]
            for share in early:
                self.stray_shares.remove(share)
                self._add_share(share)
        return self.openings[key]

    def _add_share(self, share: Share) -> None:
        """Take ``share`` into the opening it is for (kept aside until the rules open that card); one that changes
        nothing (it came before, or was not asked for) is let be. A false share raises :class:`Cheat`, but one that
        only this peer can read (a share for its own private look) stops the game here alone: it reveals this
        party's seed, so that every peer stops and the end check shows the false share to all."""
        opening = self.openings.get((share.deal, share.position, share.looker))
        if opening is None:
            self.stray_shares.append(share)
            return
        mine = self.me is not None and share.looker == self.me.index
        own = self.me.keys(opening.transcript.deal).position_keys[share.position] if mine else None
        try:
            opening.add(share, own)
        except Cheat as error:
            if not mine:
                raise
            self._stop(error.party, str(error), reveal=True)
            return
        except SealError:
            return
        self.shares.append(share)

    def _position(self, ref: str) -> tuple[int, int]:
        found = REF.fullmatch(ref)
        deal, index, part = int(found[1]), int(found[2]), int(found[3] or 0)
        return deal, index * self.transcripts[deal].deal.width + part

    def _learn(self, ref: str, to: list[int] | None) -> bool:
        """Learn the face of ``ref`` if its opening is complete and this party may see it; True if it learnt it."""
        if ref in self.cards.public or (to is not None and ref in self.cards.faces):
            return False
        opening = self._open(ref, to)
        mine = self.me is not None and opening.looker == self.me.index
        if opening.awaited or (opening.looker is not None and not mine):
            return False
        position = self._position(ref)[1]
        own = self.me.keys(opening.transcript.deal).position_keys[position] if mine else None
        try:
            face = opening.face(own)
            self.cards.learn(ref, face, to)
        except FalseClaim:
            raise
        except ValueError as error:  # SealError, or a face the deal cannot hold again: a card was put in the deck
            self._stop(None, f"A card opened wrong ({error}); the end check will say whose it was.", unknown=True)
            return False
        return True

    # ------------------------------------------------------------------------------------------ the game

    def _advance(self) -> None:
        """Go as far as what is known allows: the deal, then the moves in order; meet what the rules ask."""
        while self.broken is None:
            try:
                progressed = self._try_next()
            except NeedCards as need:
                self._meet(self.cards.asked)
                if not any(self._satisfied(request) for request in need.requests):
                    self.waiting = self._waited(need.requests)
                    return
                continue
            except FalseClaim as error:
                self._stop(self.seating.party_of(error.seat), f"{error} ({error.claim['name']})")
                return
            self._meet(self.cards.asked)
            self.cards.asked = []
            if not progressed:
                self.waiting = []
                self._game_over()
                return

    def _try_next(self) -> bool:
        """Deal, or apply the next move; True if something was done, False if there is nothing to do."""
        if self.match is None:
            self.match = Match(GAMES[self.game], self.players, self.options, self.seed, cards=self.cards)
            self.races.observe(0, self.match.race_window())
            return True
        if not self.acts:
            return False
        entry = self.acts[0]
        seat, state, action = entry.body["seat"], entry.body.get("state"), entry.body["action"]
        match = self.match
        if not self.fresh(state, action):
            self.acts.clear()
            self._stop(None, f"The host put in a move made at state {state} when the game was at state {match.step}.")
            return False
        try:
            match.act(seat, action)
        except FalseClaim:
            raise
        except IllegalAction as error:
            self.acts.clear()
            self._stop(entry.by, f"Party {entry.by} made a move the rules do not allow: {error}")
            return False
        self.acts.popleft()
        self.races.observe(match.step, match.race_window())
        return True

    def fresh(self, state: object, action: dict) -> bool:
        """True if a move made at ``state`` still counts now: made at the current state, or a racing move (a snap)
        made while the moment that is open now was already open."""
        match = self.match
        if state == match.step:
            return True
        racing = action.get("type") in match.rules.racing and isinstance(state, int) and 0 <= state < match.step
        return racing and self.races.saw_open_window(state)

    @property
    def idle(self) -> bool:
        """True when every move put in has been applied (a new one may be checked against the game as it is)."""
        return self.match is not None and not self.acts and self.broken is None

    def _meet(self, asked: list[dict]) -> None:
        """Open and contribute to everything the rules asked for in the last try."""
        shares: dict[int | None, list[dict]] = {}
        for request in asked:
            if "deal" in request:
                self._seal(request["deal"], request["units"])
            elif "reveal" in request:
                self._contribute(request["reveal"], request["to"], shares)
            elif "value" in request["claim"]:
                self._write("claim", dict(request["claim"]))
        for to, items in shares.items():
            self._write("shares", {"to": to, "shares": items})

    def _contribute(self, ref: str, to: list[int] | None, shares: dict) -> None:
        opening = self._open(ref, to)
        if self.me is None or self.me.index not in opening.asked:
            return
        position = self._position(ref)[1]
        share = self.me.share_for(opening.transcript, position, opening.looker).to_json()
        shares.setdefault(None if to is None else to[0], []).append(share)

    def _satisfied(self, request: dict) -> bool:
        """Meet ``request`` from what has come in, if it can be now; True if it is met."""
        if "deal" in request:
            return request["deal"] < len(self.cards.deals)
        if "reveal" in request:
            return self._learn(request["reveal"], request["to"])
        claim = request["claim"]
        return self.cards._claim(claim["seat"], claim["name"], claim["refs"]) is not None

    def _waited(self, requests: list[dict]) -> list[int]:
        """The parties whose entries the game waits for to meet ``requests``."""
        parties: set[int] = set()
        for request in requests:
            if "deal" in request:
                turn = self.transcripts[request["deal"]].turn
                parties.update([] if turn is None else [turn[1]])
            elif "reveal" in request:
                parties.update(self._open(request["reveal"], request["to"]).awaited)
            else:
                parties.add(self.seating.party_of(request["claim"]["seat"]))
        return sorted(parties)

    def _write(self, kind: str, body: dict) -> None:
        """Put an entry of this party's in the outbox, less what it has written or published already."""
        if self.me is None:
            return
        done = self.written | self.published
        if kind == "shares":
            items = [item for item in body["shares"] if share_key(body["to"], item) not in done]
            if not items:
                return
            body = {**body, "shares": items}
        elif written_keys(kind, body)[0] in done:
            return
        self.written |= set(written_keys(kind, body))
        self.outbox.append((kind, body))

    def _stop(self, party: int | None, reason: str, unknown: bool = False, reveal: bool = False) -> None:
        """Stop the game: ``party`` did what ``reason`` says. This party reveals its seed for the end check if only
        the end check can say who did it (``unknown``) or if this peer alone could see it (``reveal``)."""
        if self.broken is None:
            self.broken = Broken(party, reason, unknown)
            if (unknown or reveal) and self.me is not None:
                self._write("seed", {"seed": self.me.seed})

    def _game_over(self) -> None:
        if self.match is not None and self.match.result() is not None and self.me is not None:
            self._write("seed", {"seed": self.me.seed})

    # --------------------------------------------------------------------------------------- what it says

    def drain(self) -> list[tuple[str, dict]]:
        """What this party must write now, in order (each once, nothing its entries in the log hold already); the
        outbox is emptied."""
        out, self.outbox = self.outbox, []
        fresh = []
        for kind, body in out:
            if kind == "shares":
                items = [item for item in body["shares"] if share_key(body["to"], item) not in self.published]
                if items:
                    fresh.append((kind, {**body, "shares": items}))
            elif written_keys(kind, body)[0] not in self.published:
                fresh.append((kind, body))
        return fresh

    @property
    def all_seeds(self) -> bool:
        """True once every party's seed has come (the end check can run)."""
        return len(self.seeds) == len(self.seating.parties)


def share_key(to: int | None, share: dict) -> str:
    """What one share published opens: its deal, position and the seat it is shown to (``None``: all)."""
    return f"share {share.get('deal')} {share.get('position')} {to}"


def written_keys(kind: str, body: dict) -> list[str]:
    """Names for what an entry of a party's holds, so that nothing is written twice (a step, each share, a claim)."""
    if kind == "shares":
        return [share_key(body.get("to"), item) for item in body.get("shares", []) if isinstance(item, dict)]
    if kind == "deck":
        return [f"deck {body.get('deal')} {body.get('pass')}"]
    if kind == "claim":
        return [f"claim {body.get('seat')} {body.get('name')} {body.get('refs')}"]
    return [kind]


def _unit(unit: str | list) -> tuple[str, ...]:
    """A unit as the rules dealt it (a face, or a list of parts) as the sealed deck takes it."""
    return (unit,) if isinstance(unit, str) else tuple(unit)


def rules_units(deal: Deal) -> list:
    """A sealed deal's units as the rules dealt them: a face, or a list of parts."""
    return [unit[0] if len(unit) == 1 else list(unit) for unit in deal.units]
