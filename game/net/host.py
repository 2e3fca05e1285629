"""The host: the room's lobby, its fair seed, and the sequencer of its sealed games. It holds no card it may not see.

The host is a plain object with no transport and no clock: the caller hands it each message with the
peer it came from and the time, and sends the :class:`~game.net.messages.Outgoing` list it returns.
A peer's seat is the one bound to its connection, never a number inside a message. Anything refused
is answered with one ``error`` to that peer alone and changes nothing.

A game goes: the lobby (seats, names, each guest's signing key); the seed's commit and reveal with every seated
guest, each pledging beside its nonce the commitment to its *sealing seed* (``shuffle.py``); the ``start``
message (the seed's secret revealed, and the *seating*: which party holds which seats, their keys and sealing
commitments); then the game itself, which every peer plays from the log the host keeps (``sequencer.py``):
the deal is sealed by every party in turn, and every face is opened by the parties' shares (``sealing/``), so
the host's page knows only what its own seat and the computer players it runs were shown (``replica.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..bots import new_bot
from ..bots.driver import BotDriver, BotMove
from ..registry import GAMES
from .entropy import Entropy, system_entropy, token
from .identity import HostIdentity
from .lobby import BOT, OPEN, PLAYER, Lobby
from .log import Signer
from .messages import (
    CLIENT_MESSAGES,
    ENVELOPE_BYTES,
    MAX_MESSAGE_BYTES,
    Outgoing,
    ProtocolError,
    decode,
    encode,
    slices,
)
from .ratelimit import TokenBucket
from .replica import Replica, Seating
from .roomsave import load_room, save_room
from .sealing import Party
from .seats import proof_is_valid
from .sequencer import Sequencer
from .shuffle import Shuffle, pledge_matches

DEFAULT_GAME = next(iter(GAMES))  # the registry's first: net/ names no game of its own
# A full resend of a long game is tens of KB: a few at once (a reconnect, a gap), then one per 10 s.
SYNC_BURST = 3
SYNCS_PER_SECOND = 0.1


@dataclass
class Connection:
    """What the host keeps about one live connection (and about one that is away, for its return)."""

    bucket: TokenBucket
    name: str | None = None
    key: str | None = None  # the signing key its device announced (hex): its party's, once it sits
    logged: int = 0  # how many log entries it has been sent
    held: tuple[int, str] | None = None  # while away: the seat it held, and that seat's secret then
    challenge: tuple[int, str] | None = None  # (seat, nonce) it must answer to reclaim that seat
    binding: str = ""  # this connection's handshake binding (gate.py), which a reclaim proof must carry
    syncs: TokenBucket = field(default_factory=lambda: TokenBucket(SYNC_BURST, SYNCS_PER_SECOND))


@dataclass
class Settings:
    """The room's settings that are not the game's: kept in the save."""

    host_peer: str | None = None  # the host's own player, which adds no shuffle nonce (see shuffle.py)
    identity: str | None = None  # the host's private signing key as hex (identity.py); made if not given
    room: str = ""  # the room's id: every log entry's signature names it

    def check(self) -> None:
        """Raise ``ValueError`` for a setting out of range."""
        if self.host_peer is not None and not isinstance(self.host_peer, str):
            raise ValueError(f"The host's peer id must be text; got {self.host_peer!r}.")
        if not isinstance(self.room, str):
            raise ValueError("The room's id must be text.")
        if not isinstance(self.identity, str):
            raise ValueError("The host's identity key must be text.")
        HostIdentity(self.identity)  # raises ValueError if damaged


class Host:
    """A room's host: lobby, fair seed, the sealed game's log, its own bots, reconnects and saves."""

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        players: int = 2,
        options: dict | None = None,
        *,
        host_peer: str | None = None,
        identity: str | None = None,
        room: str = "",
        entropy: Entropy = system_entropy,
        on_save: Callable[[str], None] | None = None,
    ):
        # The identity key comes from the system's random source even when tests seed ``entropy``: it
        # signs, it never deals, so a seeded test deals the same cards with or without it.
        identity = HostIdentity.new(system_entropy).secret if identity is None else identity
        self.settings = Settings(host_peer, identity, room)
        self.settings.check()
        self.lobby = Lobby(game, players, options)
        self.phase = "lobby"
        self.shuffle: Shuffle | None = None
        self.seals: dict[int, str] = {}  # seat -> the commitment to its party's sealing seed, pledged for this game
        self.party: Party | None = None  # the host party's sealing seed for the game under way
        self.sequencer: Sequencer | None = None
        self._entropy = entropy
        self._on_save = on_save
        self._peers: dict[str, Connection] = {}
        self._away: dict[str, Connection] = {}  # connections that left, kept for their return (peer_returned)
        self._now = 0  # the time of the message being handled
        self.bots = BotDriver()

    # ---------------------------------------------------------------------------------- connections

    def peer_joined(self, peer: str, binding: str = "") -> list[Outgoing]:
        """A connection opened: it gets the lobby and, if a game is on, the game's start and log.

        ``binding`` is the connection's handshake binding (``HostGate`` passes it): a reclaim proof on
        this connection must carry it.
        """
        self._away.pop(peer, None)  # a new connection under an old id: whatever that one held is not its
        if peer not in self._peers:
            self._peers[peer] = Connection(TokenBucket(), binding=binding)
        return self._welcome(peer)

    def peer_left(self, peer: str, now_ms: int) -> list[Outgoing]:
        """A connection closed: its seat waits for its player, and the others see it as away."""
        connection = self._peers.pop(peer, None)
        if connection is None:
            return []
        seat = self.lobby.seat_of(peer)
        self._away[peer] = connection
        if seat is None:
            return []
        connection.held = (seat, self.lobby.seats[seat].secret)
        self.lobby.seats[seat].peer = None
        self.lobby.seats[seat].left_at = now_ms
        return self._lobby_to_all()

    def peer_returned(self, peer: str, binding: str = "") -> list[Outgoing]:
        """A connection that left is back, the same one (``HostGate`` knows it by its keys): it sits again in the
        seat it held, unless that seat has changed hands meanwhile, and gets what it missed. A connection the host
        does not remember is welcomed as a new one."""
        connection = self._away.pop(peer, None)
        if connection is None:
            return self.peer_joined(peer, binding)
        self._peers[peer] = connection
        seat, secret = connection.held or (None, None)
        connection.held = None
        place = None if seat is None else self.lobby.seats[seat]
        if place is not None and place.kind == PLAYER and place.peer is None and place.secret == secret:
            place.peer, place.left_at = peer, None
        others = [self._lobby_message(other) for other in self._peers if other != peer]
        return others + self._welcome(peer, full=False)

    def connected(self) -> list[str]:
        """The live connections' peer ids."""
        return list(self._peers)

    def unseated(self) -> list[tuple[str, str | None]]:
        """The live connections with no seat, each with the name it gave: the people the host may seat."""
        return [(peer, connection.name) for peer, connection in self._peers.items() if self.lobby.seat_of(peer) is None]

    # --------------------------------------------------------------------------------- the messages

    def receive(self, peer: str, raw: object, now_ms: int) -> list[Outgoing]:
        """Handle one message from ``peer`` at time ``now_ms``; return what to send to whom.

        A refusal is exactly one ``error`` to ``peer``, and the room is as it was before.
        """
        self._now = now_ms
        welcome = [] if peer in self._peers else self.peer_joined(peer)
        connection = self._peers[peer]
        if not connection.bucket.take(now_ms):
            return [*welcome, self._error(peer, "rate", "Too many messages at once; slow down.")]
        try:
            message = decode(raw, CLIENT_MESSAGES)
            handler = getattr(self, "_on_" + message["type"])  # the type is one of CLIENT_MESSAGES
            return welcome + handler(peer, message)
        except ProtocolError as error:
            return [*welcome, self._error(peer, error.code, str(error))]

    def _on_hello(self, peer: str, message: dict) -> list[Outgoing]:
        connection = self._peers[peer]
        connection.name = message["name"] or connection.name
        connection.key = message["key"]
        seat = self.lobby.seat_of(peer)
        if seat is None:
            return []
        self.lobby.seats[seat].name = connection.name
        if self.phase == "lobby":
            self.lobby.seats[seat].key = message["key"]
        self._saved()
        return self._lobby_to_all()

    def _on_sit(self, peer: str, message: dict) -> list[Outgoing]:
        self._require_phase("lobby", "Seats are taken before the game starts; to return to yours, reclaim it.")
        seat = self._seat_number(message["seat"])
        if self.lobby.seats[seat].kind != OPEN:
            raise ProtocolError("seat", f"Seat {seat} is taken.")
        held = self.lobby.seat_of(peer)
        if held is not None:  # a move: the seat left is open again, and its secret forgotten
            self.lobby.open_seat(held)
        return self._bind(seat, peer)

    def _on_stand(self, peer: str, message: dict) -> list[Outgoing]:
        self._require_phase("lobby", "You cannot leave your seat once the game has started.")
        seat = self._own_seat(peer)
        self.lobby.open_seat(seat)
        self._saved()
        return self._lobby_to_all()

    def _on_reclaim(self, peer: str, message: dict) -> list[Outgoing]:
        seat = self._seat_number(message["seat"])
        if self.lobby.seats[seat].kind != PLAYER:
            raise ProtocolError("seat", f"Seat {seat} has no player to reclaim.")
        held = self.lobby.seat_of(peer)
        if held is not None and held != seat:
            raise ProtocolError("seat", f"You already sit at seat {held}.")
        nonce = token(self._entropy)
        self._peers[peer].challenge = (seat, nonce)
        return [Outgoing(peer, encode("challenge", seat=seat, nonce=nonce))]

    def _on_prove(self, peer: str, message: dict) -> list[Outgoing]:
        seat = self._seat_number(message["seat"])
        challenge, self._peers[peer].challenge = self._peers[peer].challenge, None  # one answer per nonce
        if challenge is None or challenge[0] != seat:
            raise ProtocolError("proof", f"Ask to reclaim seat {seat} first; then answer its challenge.")
        held = self.lobby.seat_of(peer)
        if held is not None and held != seat:
            raise ProtocolError("seat", f"You already sit at seat {held}.")
        place = self.lobby.seats[seat]
        binding = self._peers[peer].binding
        if place.kind != PLAYER or not proof_is_valid(place.secret, challenge[1], message["proof"], binding):
            raise ProtocolError("proof", f"That answer does not prove you hold seat {seat}.")
        previous = place.peer
        place.peer, place.left_at = peer, None
        outgoing = self._lobby_to_all() + self._commit_request(peer) + self._game_for(peer, full=True)
        if previous is not None and previous != peer and previous in self._peers:
            outgoing += self._lobby_to_all()
        return outgoing

    def _on_pledge(self, peer: str, message: dict) -> list[Outgoing]:
        seat = self._shuffling_seat(peer)
        if self.shuffle.closed:
            raise ProtocolError("too_late", "The pledges are closed: this deal goes on without yours.")
        if seat in self.shuffle.pledges:
            raise ProtocolError("duplicate", "Your seat has already pledged its nonce.")
        self.shuffle.pledges[seat] = message["pledge"]
        self.seals[seat] = message["seal"]
        self._saved()
        return self._advance_shuffle()

    def _on_contribute(self, peer: str, message: dict) -> list[Outgoing]:
        seat = self._shuffling_seat(peer)
        if not self.shuffle.closed:
            raise ProtocolError("shuffle", "Reveal your nonce once every pledge is published, not before.")
        if seat not in self.shuffle.pledges:
            raise ProtocolError("shuffle", "Your seat pledged no nonce for this deal.")
        if seat in self.shuffle.nonces:
            if self.shuffle.nonces[seat] == message["nonce"]:
                return [self._received(peer, seat)]  # the same reveal again (a client back from a reload, say)
            raise ProtocolError("duplicate", "Your seat has already revealed its nonce.")
        if not pledge_matches(self.shuffle.pledges[seat], message["nonce"]):
            raise ProtocolError("shuffle", "That nonce is not the one your seat pledged.")
        self.shuffle.nonces[seat] = message["nonce"]
        self._saved()
        return [self._received(peer, seat), *self._advance_shuffle()]

    def _received(self, peer: str, seat: int) -> Outgoing:
        """The acknowledgement of ``seat``'s nonce, once it is saved: from then on, a deal without it is tampering."""
        return Outgoing(peer, encode("received", commitment=self.shuffle.commitment, pledge=self.shuffle.pledges[seat]))

    def _shuffling_seat(self, peer: str) -> int:
        self._require_phase("shuffle", "Nonces are collected only while the cards are being shuffled.")
        seat = self._own_seat(peer)
        if self._is_hosts_own(peer):
            raise ProtocolError("shuffle", "The host's own seat adds no nonce: its part is the secret.")
        return seat

    def _on_submit(self, peer: str, message: dict) -> list[Outgoing]:
        if self.sequencer is None:
            raise ProtocolError("phase", "There is no game in play.")
        seat = self._own_seat(peer)
        sequencer = self.sequencer
        sequencer.submit(sequencer.replica.seating.party_of(seat), message["entry"])
        return self._after_entries()

    def _on_play(self, peer: str, message: dict) -> list[Outgoing]:
        if not self._is_hosts_own(peer):
            raise ProtocolError("seat", "Only the host's own player asks the host to sign its moves.")
        if self.sequencer is None:
            raise ProtocolError("phase", "There is no game in play.")
        body = {"seat": self._own_seat(peer), "state": message["state"], "action": message["action"]}
        refusal = self.sequencer.own("act", body)
        if refusal is not None:
            return [self._error(peer, refusal.code, refusal.message)]
        return self._after_entries()

    def _on_sync(self, peer: str, message: dict) -> list[Outgoing]:
        if not self._peers[peer].syncs.take(self._now):
            raise ProtocolError("rate", "The whole game was sent to you moments ago; ask again in a few seconds.")
        self._peers[peer].logged = min(message["since"], self._peers[peer].logged)
        return self._welcome(peer)

    # --------------------------------------------------------------- the host's own controls (UI)

    def configure(self, game: str, players: int, options: dict | None = None) -> list[Outgoing]:
        """Choose the game, players and options, before a game or after one ends; ``ValueError`` if wrong."""
        if self.phase not in ("lobby", "over"):
            raise ValueError("The game can be changed only in the lobby or after a game.")
        self.lobby.configure(game, players, options)
        self.phase, self.shuffle, self.sequencer, self.party, self.seals = "lobby", None, None, None, {}
        self._saved()
        return self._lobby_to_all()

    def assign(self, seat: int, peer: str) -> list[Outgoing]:
        """Seat the player on connection ``peer`` at ``seat`` (its earlier occupant loses it)."""
        self._lobby_only()
        seat = self.lobby.check_seat(seat)
        if peer not in self._peers:
            raise ValueError(f"There is no connection {peer!r}.")
        held = self.lobby.seat_of(peer)
        if held is not None and held != seat:
            raise ValueError(f"That player already sits at seat {held}.")
        return self._bind(seat, peer)

    def add_bot(self, seat: int, level: str) -> list[Outgoing]:
        """Put a bot of ``level`` at ``seat``."""
        self._lobby_only()
        self.lobby.seat_bot(self.lobby.check_seat(seat), level)
        self._saved()
        return self._lobby_to_all()

    def clear(self, seat: int) -> list[Outgoing]:
        """Empty ``seat``."""
        self._lobby_only()
        self.lobby.open_seat(self.lobby.check_seat(seat))
        self._saved()
        return self._lobby_to_all()

    def start(self) -> list[Outgoing]:
        """Begin the fair seed: publish the commitment and ask the seated players for their nonces.

        Every seated guest first pledges a nonce (its hash) and its sealing commitment; when every one has, the
        host publishes the pledges and the players reveal their nonces; the game starts after the last reveal (at
        once if no guest sits). A sealed game needs every guest's device to deal, so it waits for all of them.
        """
        self._lobby_only()
        if not self.lobby.ready():
            raise ValueError("Every seat needs a player or a bot before the game starts.")
        if any(place.kind == PLAYER and place.key is None for place in self.lobby.seats):
            raise ValueError("A player's device has not said who it is yet; wait a moment and start again.")
        self.shuffle = Shuffle.new(self._entropy)
        self.party = Party.new(0, self._entropy)
        self.seals = {}
        self.phase = "shuffle"
        self._saved()
        outgoing = self._lobby_to_all()
        for peer in self._peers:
            outgoing += self._commit_request(peer)
        return outgoing + self._advance_shuffle()

    def end_unchecked(self) -> list[Outgoing]:
        """End the game under way, unchecked (a device that does not come back): every peer stops it."""
        self._require_game()
        self.sequencer.own("end", {"reason": "The host ended the game: a device did not answer."})
        return self._after_entries()

    # ------------------------------------------------------------------------------------- bots

    def bot_move(self) -> BotMove | None:
        """The move of the first bot that wants to act now, or ``None``; pacing is the caller's (:meth:`bot_wait_ms`,
        then :meth:`play_bot_move`). Bots move only while the game is not waiting for cards."""
        if self.phase != "playing" or not self.sequencer.replica.idle:
            return None
        match = self.sequencer.replica.match
        bots = [seat for seat, place in enumerate(self.lobby.seats) if place.kind == BOT]
        for seat in bots:
            if seat not in self.bots.seats:
                self.bots.seat(seat, new_bot(match.game, self.lobby.seats[seat].level, seed=token(self._entropy)))
        return self.bots.next_move(match, self.bots.waiting(match, bots))

    def bot_wait_ms(self, move: BotMove, pace_ms: int) -> int:
        """How long to wait before playing ``move`` at ``pace_ms`` between bot moves (the driver's one rule)."""
        return self.bots.wait_ms(move, pace_ms)

    def play_bot_move(self, move: BotMove) -> list[Outgoing]:
        """Play a bot's move if the game is still where the bot chose it; the messages it causes (none if stale)."""
        if self.phase != "playing" or not self.sequencer.replica.idle:
            return []
        replica = self.sequencer.replica
        if replica.match.step != move.step or move.seat not in replica.match.to_act():
            return []
        body = {"seat": move.seat, "state": move.step, "action": move.action}
        if self.sequencer.own("act", body) is not None:
            return []
        return self._after_entries()

    # ------------------------------------------------------------------------------ save and load

    def save(self) -> str:
        """The room as JSON (see roomsave.py): it holds the secrets, so it stays on the host."""
        return save_room(self)

    @classmethod
    def load(
        cls, text: str, now_ms: int, *, entropy: Entropy = system_entropy, on_save: Callable[[str], None] | None = None
    ) -> Host:
        """Resume a room from :meth:`save`; every player must reclaim their seat. Damage: ``ValueError``."""
        return load_room(cls, text, now_ms, entropy=entropy, on_save=on_save)

    # ---------------------------------------------------------------------------------- internals

    def _saved(self) -> None:
        if self._on_save is not None:
            self._on_save(self.save())

    def _require_phase(self, phase: str, message: str) -> None:
        if self.phase != phase:
            raise ProtocolError("phase", message)

    def _require_game(self) -> None:
        if self.phase not in ("playing", "over") or self.sequencer is None:
            raise ValueError("There is no game under way.")

    def _lobby_only(self) -> None:
        if self.phase != "lobby":
            raise ValueError("Seats can be changed only in the lobby.")

    def _seat_number(self, seat: int) -> int:
        if seat >= self.lobby.players:
            raise ProtocolError("seat", f"There is no seat {seat} at this table (seats 0 to {self.lobby.players - 1}).")
        return seat

    def _own_seat(self, peer: str) -> int:
        seat = self.lobby.seat_of(peer)
        if seat is None:
            raise ProtocolError("seat", "You have no seat at this table.")
        return seat

    def _bind(self, seat: int, peer: str) -> list[Outgoing]:
        secret = token(self._entropy)
        connection = self._peers[peer]
        key = self.host_key() if self._is_hosts_own(peer) else connection.key
        self.lobby.seat_player(seat, peer, connection.name, secret, key)
        self._saved()
        return [Outgoing(peer, encode("seated", seat=seat, secret=secret)), *self._lobby_to_all()]

    def host_key(self) -> str:
        """The host's public signing key (hex): its party's key in every game."""
        return HostIdentity(self.settings.identity).public.hex()

    def _error(self, peer: str, code: str, message: str, k: int | None = None) -> Outgoing:
        return Outgoing(peer, encode("error", code=code, message=message[:1000], k=k))

    def _lobby_message(self, peer: str) -> Outgoing:
        fields = self.lobby.public(self.lobby.seat_of(peer), self.settings.host_peer)
        return Outgoing(peer, encode("lobby", phase=self.phase, **fields))

    def _lobby_to_all(self) -> list[Outgoing]:
        return [self._lobby_message(peer) for peer in self._peers]

    def _welcome(self, peer: str, full: bool = True) -> list[Outgoing]:
        """The lobby, and the game's log: all of it, or (not ``full``) the entries this peer was not sent."""
        return [self._lobby_message(peer), *self._commit_request(peer), *self._game_for(peer, full=full)]

    def _commit_request(self, peer: str) -> list[Outgoing]:
        """What a peer needs during the shuffle: the commitment (a request for a pledge from a seated
        player who owes one), and once the pledges are closed the published list (a request to reveal)."""
        if self.phase != "shuffle":
            return []
        seat, shuffle = self.lobby.seat_of(peer), self.shuffle
        remote = seat is not None and not self._is_hosts_own(peer)
        if not shuffle.closed:
            if not remote or seat in shuffle.pledges:
                return []
            return [Outgoing(peer, encode("commit", commitment=shuffle.commitment))]
        return [Outgoing(peer, encode("pledges", commitment=shuffle.commitment, pledges=shuffle.published_pledges()))]

    def _game_for(self, peer: str, full: bool = False) -> list[Outgoing]:
        """The game's start and the log entries ``peer`` has not been sent (all of them if ``full``)."""
        if self.sequencer is None:
            return []
        connection = self._peers[peer]
        since = 0 if full else connection.logged
        entries = [entry.to_json() for entry in self.sequencer.since(since)]
        connection.logged = len(self.sequencer.entries)
        start = [self._start_message(peer)] if full else []
        if not entries and not full:
            return []
        budget = MAX_MESSAGE_BYTES - ENVELOPE_BYTES
        return start + [
            Outgoing(peer, encode("log", since=since + first, entries=run)) for first, run in slices(entries, budget)
        ]

    def _start_message(self, peer: str) -> Outgoing:
        shuffle, seating = self.shuffle, self.sequencer.replica.seating
        return Outgoing(
            peer,
            encode(
                "start",
                commitment=shuffle.commitment,
                secret=shuffle.secret,
                pledges=shuffle.published_pledges(),
                nonces=shuffle.published_nonces(),
                parties=[list(seats) for seats in seating.parties],
                keys=list(seating.keys),
                seals=list(seating.commitments),
            ),
        )

    def _after_entries(self) -> list[Outgoing]:
        """Every peer's new log entries and the refusals; the game's end, once its last move is in."""
        sequencer = self.sequencer
        outgoing = [message for peer in self._peers for message in self._game_for(peer)]
        for refusal in sequencer.refusals:
            outgoing += [
                self._error(peer, refusal.code, refusal.message, refusal.k)
                for peer in self._peers
                if self.lobby.seat_of(peer) in sequencer.replica.seating.parties[refusal.party]
            ]
        sequencer.refusals = []
        replica = sequencer.replica
        finished = replica.ended or replica.broken is not None or (replica.match and replica.match.result())
        if self.phase == "playing" and finished:
            self.phase = "over"
            outgoing += self._lobby_to_all()
        self._saved()
        return outgoing

    def _waited_for(self) -> list[int]:
        """The guests' seats the shuffle waits for: every seated guest, there or away (a sealed deal needs every
        device); the host's own seat is known by its key, since its player may be away too."""
        return [
            seat for seat, place in enumerate(self.lobby.seats) if place.kind == PLAYER and not self._hosts_seat(seat)
        ]

    def _is_hosts_own(self, peer: str | None) -> bool:
        """True for the host's own player's connection; never for an absent player's (``None``) seat."""
        return peer is not None and peer == self.settings.host_peer

    def _advance_shuffle(self) -> list[Outgoing]:
        """Close the pledges once every seat waited for has pledged; start once every pledge is revealed."""
        if self.phase != "shuffle":
            return []
        shuffle, waited = self.shuffle, self._waited_for()
        outgoing = []
        if not shuffle.closed:
            if any(seat not in shuffle.pledges for seat in waited):
                return []
            shuffle.closed = True
            self._saved()
            outgoing = [message for peer in self._peers for message in self._commit_request(peer)]
        if any(seat not in shuffle.nonces for seat in waited):
            return outgoing
        return outgoing + self._deal()

    def _deal(self) -> list[Outgoing]:
        self.sequencer = self.new_sequencer()
        self.bots = BotDriver()
        self.phase = "playing"
        self._saved()
        outgoing = self._lobby_to_all()
        for peer in self._peers:
            outgoing += self._game_for(peer, full=True)
        return outgoing

    def seating(self) -> Seating:
        """Who holds which seats in the game being dealt: the host's party (its seat and every bot's) first, then
        each guest's, by seat; their signing keys and sealing commitments."""
        lobby = self.lobby
        own = tuple(seat for seat, place in enumerate(lobby.seats) if place.kind == BOT or self._hosts_seat(seat))
        guests = [seat for seat in range(lobby.players) if seat not in own]
        parties = (own, *((seat,) for seat in guests))
        keys = (self.host_key(), *(lobby.seats[seat].key for seat in guests))
        commitments = (self.party.commitment, *(self.seals[seat] for seat in guests))
        return Seating(parties, keys, commitments)

    def _hosts_seat(self, seat: int) -> bool:
        place = self.lobby.seats[seat]
        return place.kind == PLAYER and place.key == self.host_key()

    def new_sequencer(self, entries: list | None = None) -> Sequencer:
        """The sequencer of the game the shuffle dealt, its replica fed with ``entries`` (a save's log) if given."""
        lobby, seating = self.lobby, self.seating()
        signed = (self.settings.room, self.shuffle.commitment)
        replica = Replica(lobby.game, lobby.players, lobby.options, self.shuffle.seed, seating, signed, me=self.party)
        sequencer = Sequencer(replica, Signer(self.settings.identity, *signed, 0), self._entropy)
        sequencer.restore(entries or [])
        return sequencer
