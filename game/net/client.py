"""A peer's side of a room: it keeps what the host sent, plays the game itself, and turns the player's wishes into
messages.

The client is a plain object like the host. The UI passes it each message from the host and sends
the replies it returns (answers to a reclaim challenge or a shuffle request, or a request to resend
everything after a gap); the other methods return the text of one message to send. On a guest's page
the messages come through a ``GuestGate`` (gate.py), so they are the verified host's; the client
itself trusts nothing it is sent: :meth:`Client.receive` never raises, whatever the text.

In a game the client plays its own copy of the sealed game (:class:`~game.net.replica.Replica`) from the log the
host passes on: it sees its own seat's cards only, checks every move, and signs what its device must contribute
(its steps of each deal, its shares, its claims, its seed at the end) with its own signing key (``key``: the page
keeps it, and the game's sealing seed in ``evidence``, over reloads). When the game ends it runs the end check
(``endcheck.py``): :attr:`Client.verdict`.

``evidence`` is what the client needs to check the shuffle of the game in progress (the game's id,
which is the host's commitment; this seat's nonce; whether it was revealed, and whether the host
confirmed it; the published pledges; whether the game was played out and checked; the connection it
last heard of the game on) and, if the host dealt again, the earlier shuffle it walked away from and
whether this client was away meanwhile. The page keeps it with the seat's secret and gives it back
with :meth:`Client.restore` after a reload: it is replaced only when a message names another game,
never by a lobby message.
"""

from __future__ import annotations

from .endcheck import end_check
from .entropy import Entropy, system_entropy, token
from .log import Entry, Signer
from .messages import HOST_MESSAGES, ProtocolError, boolean, decode, encode, hex64, integer, list_of, optional, record
from .replica import Replica, Seating
from .sealing import Party
from .seats import prove
from .shuffle import PLEDGE, Revealed, Verdict, check_shuffle, commitment_of, derive_seed, redeal_warning, tampered


def binding(name: str, value: object) -> object:
    """A connection's binding (64 hex digits), or empty for a client behind no gate (tests, the host's own)."""
    return value if value == "" else hex64(name, value)


EVIDENCE = record(
    {
        "game": optional(hex64),
        "seat": optional(integer(0, 63)),
        "nonce": optional(hex64),
        "revealed": boolean,
        "acknowledged": boolean,
        "pledges": optional(list_of(PLEDGE, 64)),
        "settled": boolean,
        "redealt": optional(hex64),
        "redealt_away": boolean,
        "connection": optional(binding),
        "seal": optional(hex64),
    }
)
# The messages about the game in progress: each one heard tells that the connection it came on was up then.
GAME_MESSAGES = frozenset({"commit", "pledges", "received", "start", "log"})
VERIFIED = "Verified: the deal was fair, no device saw a card it was not shown, and every move was checked."


def fresh_evidence(game: str | None = None, redealt: str | None = None, redealt_away: bool = False) -> dict:
    """The evidence of a game this client has contributed nothing to yet (``redealt``: see :attr:`Client.warning`).

    ``connection``: the binding of the connection this client last heard of the game on (``None``: not on this
    page's), so that a new deal can tell whether the client was away since, and could have missed the game's end.
    """
    return {
        "game": game,
        "seat": None,
        "nonce": None,
        "revealed": False,
        "acknowledged": False,
        "pledges": None,
        "settled": False,
        "redealt": redealt,
        "redealt_away": redealt_away,
        "connection": None,
        "seal": None,  # this device's sealing seed for the game (it reveals it only at the end)
    }


class Client:
    """What one peer knows of the room; read its attributes to render the lobby and the table.

    ``secret`` (with ``secret_seat``) is the seat's secret: the UI keeps it in storage and passes it
    to :meth:`reclaim` after a reconnect. ``verdict`` is set when a finished game has been checked.
    :attr:`warning` is a sentence the page shows as soon as it is set.
    """

    def __init__(
        self, room: str = "", *, entropy: Entropy = system_entropy, contributes: bool = True, key: str | None = None
    ):
        self.room = room  # the room's id, which every entry's signature names
        self._entropy = entropy
        # The host's own player leaves the shuffle to the host's secret (see shuffle.py), and its game to the host's
        # replica (:meth:`lend`), whose moves the host signs (``play``).
        self.contributes = contributes
        self.key = Signer.new_secret(entropy) if key is None else key  # this device's signing key (hex)
        self.lobby: dict | None = None
        self.seat: int | None = None
        self.secret: str | None = None
        self.secret_seat: int | None = None
        self.errors: list[dict] = []
        self.binding = ""  # the connection's handshake binding (GuestGate sets it); reclaim proofs carry it
        self.evidence = fresh_evidence()
        self._new_game()

    def _new_game(self) -> None:
        self.replica: Replica | None = None  # this peer's copy of the game under way
        self._started: tuple[dict, int | None] | None = None  # the start that copy was made from, at which seat
        self.signer: Signer | None = None  # signs this device's entries in that game
        self.unsequenced: list[Entry] = []  # this device's entries sent and not yet seen in the log
        self.nonces: list[dict] = []
        self.pledges_at_deal: list[dict] = []
        self.shuffle_verdict: Verdict | None = None  # what was wrong with the seed, found at the start
        self.verdict: Verdict | None = None

    # ----------------------------------------------------------------------- messages to the host

    def hello(self, name: str | None) -> str:
        """Tell the host this player's display name (``None``: none given yet) and this device's public signing key."""
        return encode("hello", name=name or None, key=Signer.public_of(self.key))

    def sit(self, seat: int) -> str:
        """Ask for an open seat in the lobby (moving there from this peer's seat, if it has one)."""
        return encode("sit", seat=seat)

    def stand(self) -> str:
        """Leave this peer's seat in the lobby."""
        return encode("stand")

    def reclaim(self, seat: int, secret: str) -> str:
        """Ask for ``seat`` back after a reconnect; the host's challenge is answered with ``secret``."""
        self.secret, self.secret_seat = secret, seat
        return encode("reclaim", seat=seat)

    def act(self, action: dict) -> str:
        """Play ``action`` for this peer's seat, quoting the state its game is at: a signed entry for the host (the
        host's own player asks its host to sign and put it in: ``play``)."""
        state = self.replica.match.step
        if not self.contributes:
            return encode("play", state=state, action=action)
        body = {"seat": self.seat, "state": state, "action": action}
        return self._submit(self.signer.sign("act", body, self._entropy))

    def lend(self, replica: Replica) -> None:
        """The host's own player plays from the host's replica (the host feeds it the log)."""
        self.replica = replica

    def sync(self) -> str:
        """Ask the host to send the lobby, the game's start and its log from where this peer's copy is."""
        return encode("sync", since=0 if self.replica is None else len(self.replica.log))

    def resend(self) -> list[str]:
        """This device's entries not yet seen in the log, to send again (after a reconnect, or a refusal for the
        rate cap): the host takes each once, whenever it comes."""
        return [encode("submit", entry=entry.to_json()) for entry in self.unsequenced]

    def _submit(self, entry: Entry) -> str:
        self.unsequenced.append(entry)
        return encode("submit", entry=entry.to_json())

    @property
    def commitment(self) -> str | None:
        """The host's commitment for the game in progress (its id), as first seen."""
        return self.evidence["game"]

    @property
    def own_nonce(self) -> str | None:
        """This seat's nonce in the game in progress, if it made one."""
        return self.evidence["nonce"]

    @property
    def warning(self) -> str | None:
        """A sentence for the player, shown as soon as it is set and for as long as it is, or ``None``.

        It is set when the host starts a new shuffle after this seat revealed its nonce to one that was
        never played out and checked here: the host knew that deal, and dealt again. It says this can be
        innocent only if the client was away (reloaded, or on another connection) since it last heard of
        that game. It lasts until the verdict of the game dealt instead (which says the same), and survives
        a reload with :attr:`evidence`.
        """
        return redeal_warning(self.evidence["redealt_away"]) if self.evidence["redealt"] else None

    def restore(self, evidence: object) -> None:
        """Take back :attr:`evidence` kept over a reload; damaged evidence is ignored (and said in ``errors``)."""
        if isinstance(evidence, dict):
            evidence = {**fresh_evidence(), **evidence}  # evidence kept by an older page lacks the newer fields
        try:
            EVIDENCE("evidence", evidence)
        except ProtocolError as error:
            self.errors.append({"code": "bad_evidence", "message": str(error)})
            return
        self.evidence = {**evidence, "connection": None}  # it was heard on the page before the reload

    # -------------------------------------------------------------------- messages from the host

    def receive(self, raw: object) -> list[str]:
        """Take in one message from the host; return the replies to send back (often none). Never raises.

        A message that fails the schema, or that contradicts what this client knows, is recorded in
        ``errors`` (code ``bad_host_message``) and ignored.
        """
        try:
            message = decode(raw, HOST_MESSAGES)
            replies = getattr(self, "_on_" + message["type"])(message)
            if message["type"] in GAME_MESSAGES:
                self.evidence["connection"] = self.binding
            return replies
        except ProtocolError as error:
            self.errors.append({"code": "bad_host_message", "message": str(error)})
        except Exception as error:  # a host's message must never crash the page; say what broke
            self.errors.append(
                {"code": "bad_host_message", "message": f"A message from the host broke: {error!r:.200}"}
            )
        return []

    def _on_lobby(self, message: dict) -> list[str]:
        if message["phase"] == "lobby":
            self._new_game()  # a new game is being set up; the shuffle's evidence stays until the game id changes
        self.lobby = message
        self.seat = message["you"]
        return []

    def _game(self, commitment: str) -> dict:
        """The evidence for the game ``commitment`` names: kept if it is the same game, fresh if another."""
        if self.evidence["game"] != commitment:
            self.evidence = fresh_evidence(commitment, *self._left_unsettled())
        return self.evidence

    def _left_unsettled(self) -> tuple[str | None, bool]:
        """The shuffle this seat revealed its nonce to that was never played out and checked here, if any: a
        new commitment now means the host is dealing again (kept until a verdict has reported it). And whether
        this client was away since it last heard of that game: on another connection, or reloaded (if it was
        away at an earlier re-deal too, that one may have been innocent; this one only if it is away again)."""
        evidence = self.evidence
        away = evidence["connection"] is None or evidence["connection"] != self.binding
        if evidence["settled"]:
            return None, False
        if evidence["redealt"]:
            return evidence["redealt"], away and evidence["redealt_away"]
        return (evidence["game"], away) if evidence["revealed"] else (None, False)

    def _on_seated(self, message: dict) -> list[str]:
        self.secret, self.secret_seat = message["secret"], message["seat"]
        return []

    def _on_challenge(self, message: dict) -> list[str]:
        if self.secret is None or message["seat"] != self.secret_seat:
            return []
        proof = prove(self.secret, message["nonce"], self.binding)
        return [encode("prove", seat=message["seat"], proof=proof)]

    def _on_commit(self, message: dict) -> list[str]:
        evidence = self._game(message["commitment"])
        if not self.contributes or self.seat is None or evidence["pledges"] is not None:
            return []
        if evidence["nonce"] is None or evidence["seat"] != self.seat:
            evidence.update(nonce=token(self._entropy), seat=self.seat, revealed=False, acknowledged=False)
            evidence["seal"] = token(self._entropy)
        return [encode("pledge", pledge=commitment_of(evidence["nonce"]), seal=commitment_of(evidence["seal"]))]

    def _on_pledges(self, message: dict) -> list[str]:
        evidence = self._game(message["commitment"])
        if evidence["pledges"] is None:
            evidence["pledges"] = message["pledges"]  # the first list published is the one the deal must use
        mine = {"seat": evidence["seat"], "pledge": commitment_of(evidence["nonce"])} if evidence["nonce"] else None
        if mine is None or mine not in evidence["pledges"] or self.seat != evidence["seat"]:
            return []
        evidence["revealed"] = True
        return [encode("contribute", nonce=evidence["nonce"])]

    def _on_received(self, message: dict) -> list[str]:
        evidence, nonce = self.evidence, self.evidence["nonce"]
        ours = nonce is not None and evidence["revealed"] and message["pledge"] == commitment_of(nonce)
        if ours and message["commitment"] == evidence["game"]:
            evidence["acknowledged"] = True  # from now on, a deal without this nonce is the host's doing
        return []

    def _on_start(self, message: dict) -> list[str]:
        seating = self._seating(message)
        if self.replica is not None and (message, self.seat) == self._started:
            # The game this copy plays already, from the same seat (a new connection's welcome): the copy, its count
            # and the entries the host has not shown yet stay as they are, and those entries go again, since the old
            # connection may have lost them. A copy stopped on a fault it could name takes nothing more of that game.
            return [] if self._stopped_for_good() else self.resend()
        if self._stopped_for_good(message["commitment"]):
            return []  # the host sending this game again cannot make this device forget what it found
        # Entries of this game the log has not shown yet outlive a copy made again (a spectator's, then a seat's,
        # as the page reclaims its seat on a new connection): they go again once the copy is their party's.
        same_game = self.replica is not None and self.replica.signed[1] == message["commitment"]
        unsequenced = self.unsequenced if same_game else []
        evidence = self._game(message["commitment"])
        if evidence["pledges"] is None:
            evidence["pledges"] = message["pledges"]
        lent = None if self.contributes else self.replica
        self._new_game()
        # The host's own player keeps the copy its host lent it until the host lends the next: a page never draws a
        # game from no copy at all.
        self.replica = lent
        self.unsequenced = unsequenced
        self._started = message, self.seat
        self.pledges_at_deal = message["pledges"]
        self.nonces = message["nonces"]
        self.shuffle_verdict = self._check_shuffle(message["secret"])
        if not self.contributes:
            return []  # the host's own player: the host's replica plays its game
        me = self._own_party(seating)
        if self.verdict is not None:
            return []
        lobby, signed = self.lobby, (self.room, message["commitment"])
        seed = derive_seed(message["secret"], [entry["nonce"] for entry in message["nonces"]])
        self.replica = Replica(lobby["game"], lobby["players"], lobby["options"], seed, seating, signed, me=me)
        if me is None:
            return self._after_log()
        self.signer = Signer(self.key, *signed, me.index)
        self.signer.written = max((entry.k + 1 for entry in unsequenced if entry.by == me.index), default=0)
        return [*self.resend(), *self._after_log()]

    def _seating(self, message: dict) -> Seating:
        """The start's seating, if it gives every seat of the table shown to one party, with one signing key and one
        sealing commitment a party; else the start is refused before it changes anything."""
        parties, keys, seals = message["parties"], message["keys"], message["seals"]
        seats = sorted(seat for held in parties for seat in held)
        if (
            self.lobby is None
            or seats != list(range(self.lobby["players"]))
            or not len(parties) == len(keys) == len(seals)
        ):
            raise ProtocolError("seating", "The host's seating does not give each seat of its table to one device.")
        return Seating(tuple(tuple(held) for held in parties), tuple(keys), tuple(seals))

    def _own_party(self, seating: Seating) -> Party | None:
        """This device's party in ``seating``, if it holds a seat there (else it watches); a seating that gives its
        seat another device's key or sealing commitment ends the game for it at once (its work would be judged by
        another's seed)."""
        evidence = self.evidence
        if self.seat is None or not any(self.seat in seats for seats in seating.parties):
            return None
        index = seating.party_of(self.seat)
        mine = Signer.public_of(self.key), commitment_of(evidence["seal"]) if evidence["seal"] else None
        if (seating.keys[index], seating.commitments[index]) != mine or seating.parties[index] != (self.seat,):
            # A deal this device never pledged to (a re-deal, or one it was left out of) says so first.
            self.verdict = self.shuffle_verdict or tampered(
                "NOT VERIFIED: the host announced another device's keys for your seat."
            )
            return None
        return Party(index, evidence["seal"])

    def _stopped_for_good(self, game: str | None = None) -> bool:
        """True if this device's copy of the game (of commitment ``game``, if given) stopped on a fault it could name:
        it takes nothing more of that game."""
        replica = self.replica
        broken = None if replica is None else replica.broken
        return broken is not None and not broken.unknown and game in (None, replica.signed[1])

    def _on_log(self, message: dict) -> list[str]:
        replica = self.replica
        if replica is not None and not self.contributes:
            return self._after_log()  # the host's own: its host fed the replica
        if replica is None or self._stopped_for_good():
            return []
        taken = len(replica.log)
        if message["since"] > taken:
            return [self.sync()]  # a gap: ask for the log again from where this copy is
        for data in message["entries"][taken - message["since"] :]:
            entry = Entry.from_json(data)
            replica.take(entry)
            self.unsequenced = [mine for mine in self.unsequenced if (mine.by, mine.k) != (entry.by, entry.k)]
        return self._after_log()

    def _after_log(self) -> list[str]:
        """Sign and send what this device must contribute now; check the game once it is over."""
        replica = self.replica
        replies = []
        if self.signer is not None:
            # A page back from a reload signs on from its party's count in the log: the host takes each count once.
            self.signer.written = max(self.signer.written, replica.counts.expected(self.signer.by))
            replies = [self._submit(self.signer.sign(kind, body, self._entropy)) for kind, body in replica.drain()]
        if self.verdict is None:
            self.verdict = self._final_verdict()
            if self.verdict is not None and self.verdict.ok:
                self.evidence["settled"] = True
        return replies

    def _final_verdict(self) -> Verdict | None:
        """The verdict once the game is checked, stopped or ended early; ``None`` while it goes on."""
        return final_verdict(self.replica, self.party_names(self.replica.seating), self.shuffle_verdict)

    def party_names(self, seating: Seating) -> list[str]:
        """A name for each party of ``seating``: its first player's name, or its first seat's number."""
        return party_names(self.lobby, seating)

    def _on_error(self, message: dict) -> list[str]:
        self.errors.append({"code": message["code"], "message": message["message"]})
        expected = message["k"]
        if expected is None or self.signer is None:
            return []
        # The host took this device's entries up to ``expected``: a refused move is dropped, and what was sent after
        # it is signed again from that count (the host keeps each device's entries in one unbroken count).
        waiting = [entry for entry in self.unsequenced if entry.k >= expected]
        refused = message["code"] != "order"
        self.unsequenced = [entry for entry in self.unsequenced if entry.k < expected]
        self.signer.written = expected
        again = waiting[1:] if refused and waiting and waiting[0].k == expected else waiting
        return [self._submit(self.signer.sign(entry.kind, entry.body, self._entropy)) for entry in again]

    def _check_shuffle(self, secret: str) -> Verdict | None:
        """What is wrong with the seed the host revealed at the start, as a verdict, or ``None``."""
        evidence = self.evidence
        if self.pledges_at_deal != evidence["pledges"]:
            return tampered("SHUFFLE NOT VERIFIED: the deal used other pledges than the host published.")
        # A player (not a spectator, not the host's own seat) must find its own nonce in the deal.
        own_seat = self.seat if self.contributes else None
        revealed = Revealed(
            commitment=evidence["game"],
            secret=secret,
            pledges=evidence["pledges"],
            nonces=self.nonces,
            own_seat=own_seat,
            own_nonce=evidence["nonce"] if evidence["seat"] == own_seat else None,
            own_revealed=evidence["revealed"],
            own_acknowledged=evidence["acknowledged"],
            redealt=evidence["redealt"],
            redealt_away=evidence["redealt_away"],
        )
        return check_shuffle(revealed)


def party_names(lobby: dict | None, seating: Seating) -> list[str]:
    """A name for each party of ``seating`` from the ``lobby`` message: its first player's name, or its seat; the
    host's party when it holds no seat (a host that only hosts)."""
    seats = (lobby or {}).get("seats", [])
    named = {place["seat"]: place["name"] for place in seats if place.get("name")}
    return [(named.get(held[0]) or f"seat {held[0] + 1}") if held else "the host" for held in seating.parties]


def final_verdict(replica: Replica, names: list[str], shuffle_verdict: Verdict | None = None) -> Verdict | None:
    """A sealed game's verdict for its player once it is checked, stopped or ended early (``None`` while it goes
    on): who broke the rules, by ``names`` of the parties; else what the seed's check found; else verified."""
    broken = replica.broken
    if broken is not None and not broken.unknown:
        who = "the host" if broken.party is None else f"{names[broken.party]}'s device"
        return tampered(f"NOT VERIFIED: {who} broke the rules, and the game stopped. {broken.reason}")
    if replica.ended:
        return Verdict(False, "Not checked: the host ended the game before it was over.", settled=False)
    if not replica.all_seeds:
        return None
    outcome = end_check(replica)
    if outcome.party is not None:
        return tampered(f"CHEATING FOUND: {names[outcome.party]}'s device. {outcome.message}")
    if broken is not None:  # stopped before the end, and the end check found no card or share at fault
        who = "a card opened wrong" if broken.party is None else f"{names[broken.party]}'s device stopped the game"
        return tampered(f"NOT VERIFIED: {who}, and the end check found nothing else wrong. {broken.reason}")
    return shuffle_verdict or Verdict(True, VERIFIED)
