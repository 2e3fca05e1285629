"""An in-memory room for the tests: a :class:`Host`, its peers' :class:`Client` objects on a fake clock, the whole
truth of the sealed game beside it, and a guard that no peer ever holds a card it was not shown.

``Room`` moves texts between the host and the clients synchronously, the way a real transport would. The host's
own player (``host_peer``) is a client that contributes nothing: the host's replica plays its seat, and its moves
go through :meth:`Host.play`. ``Room.tamper`` makes a peer a cheat: an honest client whose outgoing entries the
test alters before they are signed, with that peer's own key. ``Room.rewrite`` makes the host one: it changes what
the host sends a peer (a log with an entry dropped or moved, a start that names another device's key).

:class:`Truth` is what no peer holds: every party's sealing seed (the host's from the host, each guest's from its
page's evidence), hence every deal's true order, and a reference match (:class:`game.audit.OpenCards`) that plays
the log's moves knowing every card and records what the rules showed to whom.

:class:`LeakGuard` checks the leak property against it: no message to a peer, and nothing a peer holds (its client
and replica, its party's knowledge, its stored records, the host's save), contains the face of a card before the
rules showed that card to that peer's party; and no peer ever holds every other party's share of a card it may
not see (with its own key, that would open it).

:class:`Players` plays bots through the peers: each sees only its own peer's copy of the game.
"""

from __future__ import annotations

import contextlib
import functools
import json
import random
from collections import deque
from collections.abc import Callable, Iterator

from game.audit import OpenAttempt, OpenCards
from game.bots import new_bot
from game.bots.driver import BotDriver
from game.core import IllegalAction, Rules
from game.deck import sealed_ref, unit_faces
from game.match import Match
from game.net import Client, Host, Outgoing
from game.net.entropy import Entropy
from game.net.log import Entry, Signer
from game.net.messages import encode
from game.net.replica import rules_units
from game.net.sealing import Deal, Opening, Share, Transcript
from game.net.sealing.audit import true_order
from game.net.sealing.derive import DealKeys
from game.net.shuffle import commitment_of
from game.registry import GAMES

TICK_MS = 150  # the fake clock's step per message: slower than the rate cap refills

Alter = Callable[[str, dict], dict]
"""A cheat's change to one of its own entries: ``alter(kind, body)`` returns the body to sign instead."""
Rewrite = Callable[[str, dict], dict]
"""A cheating host's change to what it sends: ``rewrite(peer, message)`` returns the message to send instead."""


def seeded_entropy(seed: object) -> Entropy:
    """A deterministic stand-in for ``os.urandom``, so that every test run deals the same cards."""
    rng = random.Random(f"entropy/{seed}")
    return rng.randbytes


def card_ref(deal: Deal, position: int) -> str:
    """The rules' reference of the card (or part) at ``position`` of a sealed deal."""
    ref = sealed_ref(deal.number, position // deal.width)
    return ref if deal.width == 1 else f"{ref}/{position % deal.width}"


def claim_key(claim: dict) -> str:
    """A claim's seat, name and cards, as one text."""
    return json.dumps([claim.get("seat"), claim.get("name"), claim.get("refs")])


class AsClaimed(OpenCards):
    """A card source that knows every card and takes every claim a seat made as the log has it, true or false:
    the rules then show what the claims made them show (a lie's consequences included)."""

    def __init__(self, deals: dict[int, list], claimed: dict[str, bool]):
        super().__init__(deals)
        self.claimed = claimed

    def attempt(self, rng: random.Random) -> ClaimedAttempt:
        return ClaimedAttempt(self, rng)


class ClaimedAttempt(OpenAttempt):
    """One action's cards for :class:`AsClaimed`."""

    def claim(self, seat: int, name: str, refs: list[str]) -> bool:
        value = super().claim(seat, name, refs)
        if all(ref in self.source.public for ref in refs):
            return value
        key = claim_key({"seat": seat, "name": name, "refs": refs})
        if key not in self.source.claimed:
            # The claim comes in an entry after the move that needs it: played now, the move would take the truth
            # for a lie it has not read yet, and every move after it would be refused.
            raise ValueError(f"Seat {seat}'s claim {name} about {refs} is not in the log yet.")
        return self.source.claimed[key]


class Truth:
    """The whole truth of a room's sealed game: every party's seed, every deal's true order, the reference match."""

    def __init__(self, room: Room):
        self.room = room
        self._game: object = None  # the sequencer of the game the reference plays
        self._reference: Match | None = None
        self._deals: dict[int, list] = {}
        self._claims: dict[str, bool] = {}
        self._faces: dict[str, str] = {}
        self._read = 0  # how many of the log's entries the reference has read
        self._moves: deque[Entry] = deque()  # moves it has not played yet (their deal is not asked for yet)
        self._refused = False  # a move the rules refuse (a cheat the test put in): it plays no further

    @property
    def replica(self):
        """The host's replica: its transcripts say which deals the rules have asked for, with their public units."""
        return self.room.host.sequencer.replica

    def seeds(self) -> list[str]:
        """Every party's sealing seed, in party order: found by its commitment among every page's and the host's."""
        known = {commitment_of(seed): seed for seed in self.room.seals()}
        return [known[commitment] for commitment in self.replica.seating.commitments]

    def deals(self) -> dict[int, list]:
        """Every deal asked for so far: its units in their true order (the order every party's shuffle gives)."""
        seeds = self.seeds()
        orders = {}
        for number, transcript in self.replica.transcripts.items():
            deal = transcript.deal
            keys = [party_keys(seed, number, len(deal.units), deal.width) for seed in seeds]
            units = rules_units(deal)
            orders[number] = [units[unit] for unit in true_order(keys)]
        return orders

    def reference(self) -> tuple[Match, dict[str, str]]:
        """A match knowing every card that plays the log's moves (as far as they go), and every sealed card's face.

        It plays on from where it was as the log grows (the log only grows, in one game)."""
        sequencer = self.room.host.sequencer
        if len(self._deals) < len(self.replica.transcripts) or self._game is not sequencer:
            self._deals.update(self.deals())
            self._faces.update(faces_of(self._deals))
        if self._game is not sequencer:
            replica = sequencer.replica
            self._game, self._read, self._moves, self._refused = sequencer, 0, deque(), False
            self._deals, self._claims = self.deals(), {}
            self._faces = faces_of(self._deals)
            cards = AsClaimed(self._deals, self._claims)
            self._reference = Match(GAMES[replica.game], replica.players, replica.options, replica.seed, cards=cards)
        entries = sequencer.entries[self._read :]
        self._read += len(entries)
        for entry in entries:
            if entry.kind == "claim":
                self._claims[claim_key(entry.body)] = entry.body.get("value")
            elif entry.kind == "act":
                self._moves.append(entry)
        while self._moves and not self._refused:
            try:
                self._reference.act(self._moves[0].body["seat"], self._moves[0].body["action"])
            except IllegalAction:
                self._refused = True
            except (ValueError, KeyError):
                break  # its deal or a private claim is not in the log yet: it is played once they are
            else:
                self._moves.popleft()
        return self._reference, self._faces

    def shown(self, party: int | None) -> set[str]:
        """The sealed cards the rules showed party ``party`` (``None``: a watcher): to all, or to one of its seats."""
        match, _ = self.reference()
        cards = match.cards
        seats = set() if party is None else set(self.replica.seating.parties[party])
        return set(cards.public) | {ref for ref, lookers in cards.looks.items() if lookers & seats}

    def hidden(self, party: int | None) -> set[str]:
        """The faces party ``party`` may not know: those of cards it was not shown, less any it was shown a copy of."""
        _, faces = self.reference()
        shown = self.shown(party)
        return {face for ref, face in faces.items() if ref not in shown} - {faces[ref] for ref in shown}

    def keys(self, party: int, deal: Deal) -> DealKeys:
        """Party ``party``'s keys for ``deal``, from its seed."""
        return party_keys(self.seeds()[party], deal.number, len(deal.units), deal.width)

    def read(self, party: int | None, entries: list[Entry], read: dict[tuple[int, int], set[int]]) -> None:
        """Add to ``read`` (``(deal, position)`` -> parties) every key ``party`` can read in ``entries``' shares: a
        share is read where it is the key itself (in the clear), and by the party it is masked for."""
        transcripts, seating = self.replica.transcripts, self.replica.seating
        for entry in entries:
            if entry.kind != "shares" or not isinstance(entry.body.get("shares"), list):
                continue
            to = entry.body.get("to")
            looker = seating.party_of(to) if isinstance(to, int) and 0 <= to < self.replica.players else None
            for share in entry.body["shares"]:
                try:
                    deal, position, sender = transcripts[share["deal"]].deal, share["position"], share["party"]
                    clear = int(share["key"], 16) == self.keys(sender, deal).position_keys[position]
                except (KeyError, TypeError, ValueError, IndexError):
                    continue  # no share of a card dealt: it opens nothing
                if clear or looker == party:
                    read.setdefault((deal.number, position), set()).add(sender)

    def openable(self, party: int | None, read: dict[tuple[int, int], set[int]]) -> set[str]:
        """The cards whose every key but ``party``'s own is in ``read``: with its own key, it could open them."""
        transcripts = self.replica.transcripts
        others = {index for index in range(len(self.replica.seating.parties)) if index != party}
        return {card_ref(transcripts[deal].deal, spot) for (deal, spot), parties in read.items() if others <= parties}


@functools.lru_cache(maxsize=512)
def party_keys(seed: str, number: int, units: int, width: int) -> DealKeys:
    """A party's keys for one deal (derived once: the guard asks for them at every share)."""
    return DealKeys.derive(seed, number, units, width)


def faces_of(deals: dict[int, list]) -> dict[str, str]:
    """Every sealed card's (and part's) face, by its reference, in deals of units in their true order."""
    return {
        sealed_ref(number, index) + suffix: face
        for number, units in deals.items()
        for index, unit in enumerate(units)
        for suffix, face in unit_faces(unit).items()
    }


def strings(value: object, skip: Callable[[object], bool] = lambda _: False) -> Iterator[str]:
    """Every string reachable from ``value``: through containers, dataclasses and plain objects' attributes (and
    JSON held as text), less what ``skip`` says to leave out. Functions, classes and modules are not entered."""
    seen: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (int, float)) or item is None or id(item) in seen or skip(item):
            continue  # numbers (the points of a sealed deck are most of what a peer holds) hold no string
        seen.add(id(item))
        if isinstance(item, str):
            yield item
            if item[:1] in "{[":
                with contextlib.suppress(ValueError):
                    stack.append(json.loads(item))
        elif isinstance(item, dict):
            stack.extend(value for key, value in item.items() if key != "units")  # a deal's units: the public deck
            stack.extend(item)
        elif isinstance(item, (list, tuple, set, frozenset, deque)):
            stack.extend(item)
        elif hasattr(item, "__dict__") and not isinstance(item, type) and not callable(item):
            stack.extend(value for name, value in vars(item).items() if name != "deals")  # PartyCards.deals: the same


def public_knowledge(item: object) -> bool:
    """What a holder's scan leaves out: a deal's cards in their public order (every peer's rules name them), the
    rules (a game's constants), the host's bots (shown only their seats' views, which are scanned themselves), the
    log's entries (read once each, apart: :meth:`LeakGuard.audit`), and the sealed decks, openings and shares, which
    hold points and numbers only (the guard reads the keys a peer holds from the log)."""
    return isinstance(item, (Deal, Rules, BotDriver, Entry, Transcript, Opening, Share))


class LeakGuard:
    """Checks every message to a peer as it is sent, and whatever every peer holds when asked (:meth:`audit`)."""

    def __init__(self, room: Room):
        self.room = room
        self.messages = 0
        self.opened = 0  # the most cards any peer could open at one check (with the keys it could read)
        self._sent: dict[str, list[Entry]] = {}  # the log entries each peer has been sent in this game
        self._read: dict[str, tuple[int, int, dict]] = {}  # per holder: (its entries' id, how many read, keys read)
        self._scanned: dict[str, tuple[int, int, set]] = {}  # per holder: (its log's id, how many read, strings)

    def party_of(self, peer: str) -> int | None:
        """The party of the peer's seat in the game under way (``None``: it watches)."""
        host = self.room.host
        seat = host.lobby.seat_of(peer)
        seating = host.sequencer.replica.seating
        return None if seat is None or not any(seat in seats for seats in seating.parties) else seating.party_of(seat)

    def check(self, message: Outgoing) -> None:
        """Fail if ``message`` names a face its peer may not know, or hands it the last key of a card it may not
        see."""
        self.messages += 1
        if self.room.host.sequencer is None:
            return
        body = json.loads(message.text)
        if body["type"] == "start":
            self._sent[message.peer] = []
        truth, party = self.room.truth, self.party_of(message.peer)
        leaked = set(strings(body)) & truth.hidden(party)
        assert not leaked, f"{message.peer} (party {party}) was sent {sorted(leaked)} in {body['type']}"
        if body["type"] == "log":
            sent = self._sent.setdefault(message.peer, [])
            sent += [Entry.from_json(data) for data in body["entries"]]
            self._assert_cannot_open(message.peer, party, sent)

    def _assert_cannot_open(self, who: str, party: int | None, entries: list[Entry]) -> None:
        truth = self.room.truth
        held, done, read = self._read.get(who, (None, 0, {}))
        if held != id(entries) or done > len(entries):
            done, read = 0, {}
        truth.read(party, entries[done:], read)
        self._read[who] = (id(entries), len(entries), read)
        openable = truth.openable(party, read)
        self.opened = max(self.opened, len(openable))
        unseen = openable - truth.shown(party)
        assert not unseen, f"{who} (party {party}) can read every other key of {sorted(unseen)}, never shown to it"

    def audit(self) -> None:
        """Fail if any peer holds a face it was not shown: anywhere in its client (its replica, its party's
        knowledge, what its page stores) or, for the host, in the host and its save; or every other key of a card
        it may not see. The log's entries, which never change, are read once each."""
        room = self.room
        host = room.host
        if host.sequencer is None:
            return
        truth = room.truth
        save = {key: value for key, value in json.loads(host.save()).items() if key != "log"}  # the log: the entries
        holders = [("the host", [host, save], 0, host.sequencer.replica, host.sequencer.entries)]
        holders += [
            (peer, client, self.party_of(peer), client.replica, [] if client.replica is None else client.replica.log)
            for peer, client in room.clients.items()
        ]
        for who, holding, party, replica, log in holders:
            hidden = truth.hidden(party)
            leaked = (set(strings(holding, public_knowledge)) | self._new_strings(who, log)) & hidden
            assert not leaked, f"{who} (party {party}) holds {sorted(leaked)}, never shown to it"
            if replica is not None:
                unseen = set(replica.cards.faces) - truth.shown(party)
                assert not unseen, f"{who} (party {party}) knows the faces of {sorted(unseen)}, never shown to it"
                self._assert_cannot_open(f"{who}'s copy", party, replica.log)
        self._assert_cannot_open("the host's log", 0, host.sequencer.entries)

    def _new_strings(self, who: str, log: list[Entry]) -> set[str]:
        """The strings in the entries of ``who``'s log it has not been audited for yet (every one again if the log
        is another one: a copy rebuilt). Entries never change: each is read once, against what is hidden then, and
        what it names is kept, to be checked against what is hidden later."""
        held, done, found = self._scanned.get(who, (None, 0, set()))
        if held != id(log) or done > len(log):
            done, found = 0, set()
        found |= set(strings([entry.to_json() for entry in log[done:]]))
        self._scanned[who] = (id(log), len(log), found)
        return found


class Room:
    """A host and its peers joined by an in-memory transport on a fake clock."""

    def __init__(self, host: Host, seed: object = 0):
        self.host = host
        self.seed = seed
        self.now = 0
        self.clients: dict[str, Client] = {}  # the live connections
        self.pages: list[Client] = []  # every client that ever joined, for the seeds its page kept
        self.received: dict[str, list[str]] = {}
        self.sent: dict[str, list[object]] = {}
        self.tamper: dict[str, Alter] = {}
        self.rewrite: Rewrite | None = None
        self.truth = Truth(self)
        self.guard = LeakGuard(self)

    def tick(self) -> int:
        """Advance the fake clock by one message's worth and return it."""
        self.now += TICK_MS
        return self.now

    def seals(self) -> list[str]:
        """Every sealing seed the test can see: the host's, and every page's (kept in its evidence)."""
        pages = [client.evidence["seal"] for client in self.pages if client.evidence["seal"]]
        return pages + ([] if self.host.party is None else [self.host.party.seed])

    def join(self, peer: str, client: Client | None = None) -> Client:
        """Connect ``peer`` with a fresh client (or ``client``, e.g. one that remembers its key and secret)."""
        if client is None:
            contributes = peer != self.host.settings.host_peer
            entropy = seeded_entropy(f"{self.seed}/{peer}")
            client = Client(self.host.settings.room, entropy=entropy, contributes=contributes)
        self.clients[peer] = client
        self.pages.append(client)
        self.received.setdefault(peer, [])
        self.deliver(self.host.peer_joined(peer))
        return client

    def leave(self, peer: str) -> None:
        """Drop ``peer``'s connection."""
        del self.clients[peer]
        self.deliver(self.host.peer_left(peer, self.tick()))

    def reload(self, peer: str, new_peer: str | None = None, page: Client | None = None) -> Client:
        """``peer``'s page reloads: a new client knowing only what the page stored (its signing key, its seat's
        secret, the evidence with its sealing seed) connects as ``new_peer`` and reclaims the seat. ``page``: the
        client it had, if its connection is gone already."""
        page = page or self.clients[peer]
        client = Client(self.host.settings.room, entropy=seeded_entropy(f"{self.seed}/{peer}/again"), key=page.key)
        client.restore(json.loads(json.dumps(page.evidence)))
        if peer in self.clients:
            self.leave(peer)
        self.join(new_peer or peer, client)
        self.send(new_peer or peer, client.reclaim(page.secret_seat, page.secret))
        return client

    def send(self, peer: str, text: object) -> list[Outgoing]:
        """Deliver one message from ``peer`` to the host, then everything that follows; return the host's answer."""
        outgoing = self._to_host(peer, text)
        self.deliver(outgoing)
        return outgoing

    def control(self, outgoing: list[Outgoing]) -> None:
        """Deliver what one of the host's own controls (start, play, add_bot...) returned."""
        self.deliver(outgoing)

    def deliver(self, outgoing: list[Outgoing]) -> None:
        """Check and hand the host's messages to their clients, and their replies back, until all is quiet."""
        queue = deque(self._checked(outgoing))
        while queue:
            message = queue.popleft()
            if message.peer not in self.clients:
                continue  # the connection is gone; a real transport would drop it too
            self.received[message.peer].append(message.text)
            for reply in self.clients[message.peer].receive(message.text):
                queue.extend(self._to_host(message.peer, reply))

    def _to_host(self, peer: str, text: object) -> list[Outgoing]:
        if peer in self.tamper and isinstance(text, str) and '"type":"submit"' in text:
            text = self._altered(peer, text)
        self.sent.setdefault(peer, []).append(text)
        return self._checked(self.host.receive(peer, text, self.tick()))

    def _altered(self, peer: str, text: str) -> str:
        """The cheat's entry with its body altered, signed again with its own key at the same count."""
        client, message = self.clients[peer], json.loads(text)
        entry = Entry.from_json(message["entry"])
        body = self.tamper[peer](entry.kind, json.loads(json.dumps(entry.body)))
        signer = Signer(client.key, client.room, client.replica.signed[1], entry.by, entry.k)
        return json.dumps({**message, "entry": signer.sign(entry.kind, body, seeded_entropy(entry.k)).to_json()})

    def _checked(self, outgoing: list[Outgoing]) -> list[Outgoing]:
        if self.rewrite is not None:
            outgoing = [
                Outgoing(out.peer, json.dumps(self.rewrite(out.peer, json.loads(out.text)))) for out in outgoing
            ]
        for message in outgoing:
            self.guard.check(message)
        return outgoing

    def submit(self, peer: str, kind: str, body: dict) -> list[Outgoing]:
        """``peer``'s device signs an entry of its own making (a cheat's: its client would never write it) and
        sends it; the host's answer."""
        signer = self.clients[peer].signer
        entry = signer.sign(kind, body, seeded_entropy(signer.written))
        return self.send(peer, encode("submit", entry=entry.to_json()))


def seat_everyone(room: Room, peers: list[str], bots: dict[int, str] | None = None) -> None:
    """Join ``peers`` and sit them at seats 0, 1, ... (the host's own player by the host's hand, the others by their
    own ``sit``); put ``bots`` (seat -> level) in."""
    for seat, peer in enumerate(peers):
        client = room.join(peer)
        room.send(peer, client.hello(f"Player {peer}"))
        if peer == room.host.settings.host_peer:
            room.control(room.host.assign(seat, peer))
        else:
            room.send(peer, client.sit(seat))
    for seat, level in (bots or {}).items():
        room.control(room.host.add_bot(seat, level))


def host_plays(room: Room, action: dict) -> list[Outgoing]:
    """The host's own player plays ``action``, as its page does (a ``play`` message from the host's own peer, which
    the host signs and puts in the log); ``ValueError`` with the host's sentence if it is refused."""
    host = room.host
    text = encode("play", state=host.sequencer.replica.match.step, action=action)
    outgoing = host.receive(host.settings.host_peer, text, room.tick())
    refused = [json.loads(message.text) for message in outgoing if message.peer == host.settings.host_peer]
    refused = [message for message in refused if message["type"] == "error"]
    if refused:
        raise ValueError(refused[0]["message"])
    return outgoing


class Players:
    """Bots at the players' seats, each playing through its own peer: a guest's through its client (its replica's
    view and events), the host's own player through the host's replica and a ``play`` message (:func:`host_plays`)."""

    def __init__(self, room: Room, levels: dict[str, str], seed: object = 0):
        self.room = room
        self.levels = levels
        self.seed = seed
        self._drivers: dict[str, tuple[Match, BotDriver]] = {}

    def match_of(self, peer: str) -> Match | None:
        """The copy of the game ``peer`` plays from, if it is in one."""
        host = self.room.host
        if peer == host.settings.host_peer:
            return None if host.sequencer is None else host.sequencer.replica.match
        client = self.room.clients.get(peer)
        return None if client is None or client.replica is None else client.replica.match

    def waits(self, peer: str) -> bool:
        """True if ``peer``'s copy of the game cannot take a move now: it waits for cards, or it has stopped."""
        host = self.room.host
        replica = host.sequencer.replica if peer == host.settings.host_peer else self.room.clients[peer].replica
        return not replica.idle or replica.ended

    def choices(self) -> list[tuple[str, dict]]:
        """Ask every player's bot, in peer order, what it wants to do now: ``(peer, action)`` for those that act."""
        chosen = []
        for peer, level in self.levels.items():
            match, seat = self.match_of(peer), self.room.host.lobby.seat_of(peer)
            if match is None or seat is None or self.waits(peer):
                continue
            if peer not in self._drivers or self._drivers[peer][0] is not match:  # a new game, or a new replica
                bot = new_bot(match.game, level, seed=f"{self.seed}/{peer}")
                self._drivers[peer] = (match, BotDriver({seat: bot}))
            move = self._drivers[peer][1].next_move(match)
            if move is not None:
                chosen.append((peer, move.action))
        return chosen

    def send(self, peer: str, action: dict, text: str | None = None) -> None:
        """``peer`` plays ``action`` for its seat: the host's own player by the host's hand, a guest by its client
        (``text``: the message it made when it decided, quoting the state it saw then)."""
        room, host = self.room, self.room.host
        if peer == host.settings.host_peer:
            room.control(host_plays(room, action))
        else:
            room.send(peer, text or room.clients[peer].act(action))

    def step(self, race: bool = False) -> bool:
        """One round: a host's bot acts, or else the players do; False if nobody could move.

        Without ``race`` only the first player that wants to act sends its move. With it, every player decides on
        the same state and all the moves are sent, in a rotating order: the host takes the first and refuses the
        now stale rest (or lets racing Cambio snaps through in the order they come).
        """
        host = self.room.host
        move = host.bot_move()
        if move is not None:
            self.room.control(host.play_bot_move(move))
            return True
        chosen = self.choices()
        if not race:
            chosen = chosen[:1]
        elif chosen:
            turn = host.sequencer.replica.match.step % len(chosen)
            chosen = chosen[turn:] + chosen[:turn]
        guests = self.room.clients
        decided = [
            (peer, action, None if peer == host.settings.host_peer else guests[peer].act(action))
            for peer, action in chosen
        ]
        for peer, action, text in decided:
            with contextlib.suppress(ValueError):  # the host's own move refused after a racing one, as a guest's is
                self.send(peer, action, text)
        return bool(chosen)

    def play(
        self,
        race: bool = False,
        max_steps: int = 5000,
        until_step: int | None = None,
        check: Callable[[], None] | None = None,
    ) -> None:
        """Play until the game is over (or its moves reach ``until_step``), calling ``check`` after every round; fail
        if it gets stuck."""
        host = self.room.host
        for _ in range(max_steps):
            if host.phase != "playing" or (until_step is not None and host.sequencer.replica.match.step >= until_step):
                return
            assert self.step(race), f"nobody can move: {host.sequencer.replica.match.to_act()}"
            if check is not None:
                check()
        raise AssertionError(f"the game did not end within {max_steps} rounds")
