"""The host: the one authority of a room. It runs the match; peers only ever send it requests.

The host is a plain object with no transport and no clock: the caller hands it each message with the
peer it came from and the time, and sends the :class:`~game.net.messages.Outgoing` list it returns.
A peer's seat is the one bound to its connection, never a number inside a message. Anything refused
is answered with one ``error`` to that peer alone and changes nothing; a peer is told only what its
seat may see (``match.events(seat)`` and ``match.view(seat)``, the spectator's for a peer with no seat).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from ..bots import LEVELS
from ..bots.driver import BotMove, play
from ..core import IllegalAction
from ..match import Match, new_match
from ..registry import GAMES
from .delta import diff
from .entropy import Entropy, system_entropy, token
from .identity import HostIdentity
from .lobby import OPEN, PLAYER, Lobby
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
from .races import RaceWindow
from .ratelimit import TokenBucket
from .roomsave import load_room, save_room
from .seatbots import SeatBots
from .seats import proof_is_valid
from .shuffle import Shuffle, pledge_matches

DEFAULT_GAME = next(iter(GAMES))  # the registry's first: net/ names no game of its own
GRACE_MS = 30_000
ABSENT_BOT = "medium"
# A full resend of a long game is tens of KB: a few at once (a reconnect, a gap), then one per 10 s.
SYNC_BURST = 3
SYNCS_PER_SECOND = 0.1


@dataclass
class Connection:
    """What the host keeps about one live connection (and about one that is away, for its return)."""

    bucket: TokenBucket
    name: str | None = None
    sent: int = 0  # how many events of its seat's stream it has been sent
    sent_seat: int | None = None  # whose stream that was (a change of seat means a full resend)
    sent_game: str | None = None  # of which game (its commitment: a new deal means a full resend)
    view: dict | None = None  # the view it was sent last: the next update sends only what changed
    held: tuple[int, str] | None = None  # while away: the seat it held, and that seat's secret then
    challenge: tuple[int, str] | None = None  # (seat, nonce) it must answer to reclaim that seat
    binding: str = ""  # this connection's handshake binding (gate.py), which a reclaim proof must carry
    syncs: TokenBucket = field(default_factory=lambda: TokenBucket(SYNC_BURST, SYNCS_PER_SECOND))


@dataclass
class Settings:
    """The room's settings that are not the game's: kept in the save."""

    host_peer: str | None = None  # the host's own player, which adds no shuffle nonce (see shuffle.py)
    grace_ms: int = GRACE_MS  # how long an absent player's seat waits before a bot may play it
    absent_bot: str | None = ABSENT_BOT  # the level of that bot; None: the seat just waits
    identity: str | None = None  # the host's private signing key as hex (identity.py); made if not given

    def check(self) -> None:
        """Raise ``ValueError`` for a setting out of range."""
        if self.host_peer is not None and not isinstance(self.host_peer, str):
            raise ValueError(f"The host's peer id must be text; got {self.host_peer!r}.")
        if not isinstance(self.grace_ms, int) or isinstance(self.grace_ms, bool) or self.grace_ms < 0:
            raise ValueError(f"The grace period must be a whole number of milliseconds; got {self.grace_ms!r}.")
        if self.absent_bot is not None and self.absent_bot not in LEVELS:
            raise ValueError(f"Unknown bot level {self.absent_bot!r}; the levels are: {', '.join(LEVELS)}.")
        if not isinstance(self.identity, str):
            raise ValueError("The host's identity key must be text.")
        HostIdentity(self.identity)  # raises ValueError if damaged


class Host:
    """A room's host: lobby, fair shuffle, the match, bots, reconnects and saves."""

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        players: int = 2,
        options: dict | None = None,
        *,
        host_peer: str | None = None,
        grace_ms: int = GRACE_MS,
        absent_bot: str | None = ABSENT_BOT,
        identity: str | None = None,
        entropy: Entropy = system_entropy,
        on_save: Callable[[str], None] | None = None,
    ):
        # The identity key comes from the system's random source even when tests seed ``entropy``: it
        # signs, it never deals, so a seeded test deals the same cards with or without it.
        identity = HostIdentity.new(system_entropy).secret if identity is None else identity
        self.settings = Settings(host_peer, grace_ms, absent_bot, identity)
        self.settings.check()
        self.lobby = Lobby(game, players, options)
        self.phase = "lobby"
        self.match: Match | None = None
        self.shuffle: Shuffle | None = None
        self.races = RaceWindow()
        self._entropy = entropy
        self._on_save = on_save
        self._peers: dict[str, Connection] = {}
        self._away: dict[str, Connection] = {}  # connections that left, kept for their return (peer_returned)
        self._now = 0  # the time of the message being handled
        self.bots = SeatBots(entropy, grace_ms, absent_bot)
        self._told_standing_in: set[int] = set()  # the absent players' seats a bot plays, as the lobby last said

    # ---------------------------------------------------------------------------------- connections

    def peer_joined(self, peer: str, binding: str = "") -> list[Outgoing]:
        """A connection opened: it gets the lobby and, if a game is on, the spectator's view of it.

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
        return self._lobby_to_all() + self._advance_shuffle()

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
            self.bots.dismiss(seat)
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
        self._peers[peer].name = message["name"]
        seat = self.lobby.seat_of(peer)
        if seat is None:
            return []
        self.lobby.seats[seat].name = message["name"]
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
        secret = self.lobby.seats[seat].secret
        binding = self._peers[peer].binding
        if self.lobby.seats[seat].kind != PLAYER or not proof_is_valid(secret, challenge[1], message["proof"], binding):
            raise ProtocolError("proof", f"That answer does not prove you hold seat {seat}.")
        previous = self.lobby.seats[seat].peer
        self.lobby.seats[seat].peer = peer
        self.lobby.seats[seat].left_at = None
        self.bots.dismiss(seat)  # the player is back
        outgoing = self._lobby_to_all() + self._updates(peer, full=True) + self._commit_request(peer)
        if previous is not None and previous != peer and previous in self._peers:
            outgoing += self._updates(previous, full=True)
        return outgoing

    def _on_pledge(self, peer: str, message: dict) -> list[Outgoing]:
        seat = self._shuffling_seat(peer)
        if self.shuffle.closed:
            raise ProtocolError("too_late", "The pledges are closed: this deal goes on without yours.")
        if seat in self.shuffle.pledges:
            raise ProtocolError("duplicate", "Your seat has already pledged its nonce.")
        self.shuffle.pledges[seat] = message["pledge"]
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

    def _on_act(self, peer: str, message: dict) -> list[Outgoing]:
        self._require_phase("playing", "There is no game in play to act in.")
        seat = self._own_seat(peer)
        state, action = message["state"], message["action"]
        if state != self.match.step:
            if action["type"] in self.match.rules.racing and state < self.match.step:
                # Racing actions: an older state id still counts while the moment it saw is open.
                if not self.races.saw_open_window(state):
                    raise ProtocolError("too_late", "Too late: someone else was first, or that moment has passed.")
            else:
                raise ProtocolError(
                    "stale", f"That move was made at state {state}; the game is now at state {self.match.step}."
                )
        try:
            self.match.act(seat, action)
        except IllegalAction as error:
            raise ProtocolError("illegal", str(error)) from None
        return self._after_action()

    def _on_sync(self, peer: str, message: dict) -> list[Outgoing]:
        if not self._peers[peer].syncs.take(self._now):
            raise ProtocolError("rate", "The whole game was sent to you moments ago; ask again in a few seconds.")
        return self._welcome(peer)

    # --------------------------------------------------------------- the host's own controls (UI)

    def configure(self, game: str, players: int, options: dict | None = None) -> list[Outgoing]:
        """Choose the game, players and options, before a game or after one ends; ``ValueError`` if wrong."""
        if self.phase not in ("lobby", "over"):
            raise ValueError("The game can be changed only in the lobby or after a game.")
        self.lobby.configure(game, players, options)
        self.phase, self.match, self.shuffle, self.races = "lobby", None, None, RaceWindow()
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

    def add_bot(self, seat: int, level: str = ABSENT_BOT) -> list[Outgoing]:
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
        """Begin the fair shuffle: publish the commitment and ask the seated players for their nonces.

        Every seated remote player first pledges a nonce (its hash); when every one has, the host
        publishes the pledges and the players reveal their nonces; the deal follows the last reveal
        (at once if no one pledged). A player who is away is waited for ``grace_ms`` (see :meth:`poll`);
        :meth:`deal` stops waiting.
        """
        self._lobby_only()
        if not self.lobby.ready():
            raise ValueError("Every seat needs a player or a bot before the game starts.")
        self.shuffle = Shuffle.new(self._entropy)
        self.phase = "shuffle"
        self._saved()
        outgoing = self._lobby_to_all()
        for peer in self._peers:
            outgoing += self._commit_request(peer)
        return outgoing + self._advance_shuffle()

    def deal(self) -> list[Outgoing]:
        """Stop waiting: close the pledges if they are open (those who pledged still reveal), else deal now."""
        if self.phase != "shuffle":
            raise ValueError("There is no shuffle waiting to be dealt.")
        if not self.shuffle.closed:
            return self._close_pledges() + self._advance_shuffle()
        return self._deal()

    def poll(self, now_ms: int) -> list[Outgoing]:
        """Let time pass: the shuffle stops waiting for a player who has been away longer than the grace period."""
        self._now = now_ms
        return self._advance_shuffle()

    # ------------------------------------------------------------------------------------- bots

    def bot_seats_to_act(self, now_ms: int) -> list[int]:
        """The seats a bot drives that may act now (bot seats, and absent players' after the grace period).

        A bot that chose not to act (an optional move out of turn) is not listed again until the state changes.
        """
        if self.phase != "playing":
            return []
        return self.bots.seats_to_act(self.match, self.lobby.seats, now_ms)

    def bot_move(self, now_ms: int) -> BotMove | None:
        """The move of the first bot that wants to act now (of :meth:`bot_seats_to_act`), or ``None``.

        Pacing is the caller's: :meth:`bot_wait_ms` says how long a person would see the bot think, and
        :meth:`play_bot_move` plays the move once waited.
        """
        if self.phase != "playing":
            return None
        return self.bots.next_move(self.match, self.lobby.seats, now_ms)

    def bot_wait_ms(self, move: BotMove, pace_ms: int) -> int:
        """How long to wait before playing ``move`` at ``pace_ms`` between bot moves (the driver's one rule)."""
        return self.bots.driver.wait_ms(move, pace_ms)

    def play_bot_move(self, move: BotMove) -> list[Outgoing]:
        """Play a bot's move if the match is still where the bot chose it; the messages it causes (none if stale)."""
        if self.phase != "playing":
            return []
        # A bot picks from the legal actions, so an IllegalAction here is a bug and should surface.
        if play(self.match, move) is None:
            return []
        outgoing = self._after_action()
        if self.bots.standing_in(self.lobby.seats) != self._told_standing_in:
            outgoing += self._lobby_to_all()  # the others learn that a bot now plays for an absent player
        return outgoing

    # ------------------------------------------------------------------------------ save and load

    def save(self) -> str:
        """The room as JSON (see roomsave.py): it holds the secrets, so it stays on the host."""
        return save_room(self)

    @classmethod
    def load(
        cls,
        text: str,
        now_ms: int,
        *,
        entropy: Entropy = system_entropy,
        on_save: Callable[[str], None] | None = None,
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
        self.lobby.seat_player(seat, peer, self._peers[peer].name, secret)
        self._saved()
        return [Outgoing(peer, encode("seated", seat=seat, secret=secret)), *self._lobby_to_all()]

    def _error(self, peer: str, code: str, message: str) -> Outgoing:
        step = None if self.match is None else self.match.step
        return Outgoing(peer, encode("error", code=code, message=message[:1000], step=step))

    def _lobby_message(self, peer: str) -> Outgoing:
        self._told_standing_in = self.bots.standing_in(self.lobby.seats)
        fields = self.lobby.public(self.lobby.seat_of(peer), self._told_standing_in, self.settings.host_peer)
        return Outgoing(peer, encode("lobby", phase=self.phase, **fields))

    def _lobby_to_all(self) -> list[Outgoing]:
        return [self._lobby_message(peer) for peer in self._peers]

    def _welcome(self, peer: str, full: bool = True) -> list[Outgoing]:
        """The lobby, and the game as this peer's seat sees it: all of it, or (not ``full``) what it was not sent."""
        outgoing = [self._lobby_message(peer), *self._commit_request(peer)]
        if self.match is not None:
            outgoing += [self._start_message(peer), *self._updates(peer, full=full)]
        if self.phase == "over":
            outgoing += self._reveal(peer)
        return outgoing

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

    def _start_message(self, peer: str) -> Outgoing:
        shuffle = self.shuffle
        return Outgoing(
            peer,
            encode(
                "start",
                commitment=shuffle.commitment,
                pledges=shuffle.published_pledges(),
                nonces=shuffle.published_nonces(),
            ),
        )

    def _updates(self, peer: str, full: bool = False) -> list[Outgoing]:
        """The events ``peer``'s seat has not been sent yet (all of them if ``full``), then its view and moves.

        The view goes whole the first time, and then as its changes since the last one sent (``delta.py``),
        whichever is shorter: the link (``link.py``) delivers every update, in order.
        """
        if self.match is None:
            return []
        connection = self._peers[peer]
        seat = self.lobby.seat_of(peer)
        game = self.shuffle.commitment
        if full or connection.sent_seat != seat or connection.sent_game != game:
            since, connection.view = 0, None
        else:
            since = connection.sent
        events = self.match.events(seat, since=since)
        view = self.match.view(seat)
        # The host says what the seat may do, so a client needs no rules to know what is clickable.
        legal = [] if seat is None else self.match.legal_actions(seat)
        whole, changes = json.dumps(view), None
        if connection.view is not None:
            changes = diff(connection.view, view)
            if len(json.dumps(changes)) >= len(whole):
                changes = None
        shown = json.dumps(changes) if changes is not None else whole
        budget = MAX_MESSAGE_BYTES - ENVELOPE_BYTES - len(shown) - len(json.dumps(legal))
        runs = list(slices(events, budget))
        connection.sent, connection.sent_seat, connection.sent_game = self.match.event_count, seat, game
        connection.view = view
        last = len(runs) - 1
        return [
            Outgoing(
                peer,
                encode(
                    "update",
                    seat=seat,
                    step=self.match.step,
                    since=since + start,
                    events=run,
                    view=view if number == last and changes is None else None,
                    changes=changes if number == last else None,
                    legal=legal if number == last else None,
                ),
            )
            for number, (start, run) in enumerate(runs)
        ]

    def _after_action(self) -> list[Outgoing]:
        self.races.observe(self.match.step, self.match.race_window())
        outgoing = [message for peer in self._peers for message in self._updates(peer)]
        if self.match.result() is not None:
            self.phase = "over"
            outgoing += self._lobby_to_all()
            outgoing += [message for peer in self._peers for message in self._reveal(peer)]
        self._saved()
        return outgoing

    def _waited_for(self) -> list[int]:
        """The remote players' seats the shuffle waits for: present, or away for less than the grace period."""
        return [
            seat
            for seat, place in enumerate(self.lobby.seats)
            if place.kind == PLAYER
            and not self._is_hosts_own(place.peer)
            and (place.peer is not None or self._now - (place.left_at or 0) < self.settings.grace_ms)
        ]

    def _is_hosts_own(self, peer: str | None) -> bool:
        """True for the host's own player's connection; never for an absent player's (``None``) seat."""
        return peer is not None and peer == self.settings.host_peer

    def _advance_shuffle(self) -> list[Outgoing]:
        """Close the pledges once every seat waited for has pledged; deal once every pledge is revealed."""
        if self.phase != "shuffle":
            return []
        shuffle, waited = self.shuffle, self._waited_for()
        outgoing = []
        if not shuffle.closed:
            if any(seat not in shuffle.pledges for seat in waited):
                return []
            outgoing = self._close_pledges()
        if any(seat in shuffle.pledges and seat not in shuffle.nonces for seat in waited):
            return outgoing
        return outgoing + self._deal()

    def _close_pledges(self) -> list[Outgoing]:
        self.shuffle.closed = True
        self._saved()
        return [message for peer in self._peers for message in self._commit_request(peer)]

    def _deal(self) -> list[Outgoing]:
        lobby = self.lobby
        self.match = new_match(lobby.game, lobby.players, lobby.options, seed=self.shuffle.seed)
        self.races = RaceWindow()
        self.races.observe(0, self.match.race_window())
        self.bots.reset()
        self.phase = "playing"
        self._saved()
        outgoing = self._lobby_to_all()
        for peer in self._peers:
            outgoing += [self._start_message(peer), *self._updates(peer, full=True)]
        return outgoing

    def _reveal(self, peer: str) -> list[Outgoing]:
        history = self.match.history
        return [
            Outgoing(
                peer,
                encode("reveal", secret=self.shuffle.secret, since=start, log=run, total=len(history)),
            )
            for start, run in slices(history, MAX_MESSAGE_BYTES - ENVELOPE_BYTES)
        ]
