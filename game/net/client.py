"""A peer's side of a room: it keeps what the host sent and turns the player's wishes into messages.

The client is a plain object like the host. The UI passes it each message from the host and sends
the replies it returns (answers to a reclaim challenge or a shuffle request, or a request to resend
everything after a gap); the other methods return the text of one message to send. On a guest's page
the messages come through a ``GuestGate`` (gate.py), so they are the verified host's; the client
itself trusts nothing it is sent: :meth:`Client.receive` never raises, whatever the text.

``evidence`` is what the client needs to check the shuffle of the game in progress (the game's id,
which is the host's commitment; this seat's nonce; whether it was revealed, and whether the host
confirmed it; the published pledges; whether the game was played out and checked) and, if the host
dealt again, the earlier shuffle it walked away from. The page keeps it with the seat's secret and
gives it back with :meth:`Client.restore` after a reload: it is replaced only when a message names
another game, never by a lobby message.
"""

from __future__ import annotations

from .delta import patch
from .entropy import Entropy, system_entropy, token
from .messages import HOST_MESSAGES, ProtocolError, boolean, decode, encode, hex64, integer, list_of, optional, record
from .seats import prove
from .shuffle import PLEDGE, REDEALT, Revealed, Verdict, commitment_of, tampered, verify

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
    }
)


def fresh_evidence(game: str | None = None, redealt: str | None = None) -> dict:
    """The evidence of a game this client has contributed nothing to yet (``redealt``: see :attr:`Client.warning`)."""
    return {
        "game": game,
        "seat": None,
        "nonce": None,
        "revealed": False,
        "acknowledged": False,
        "pledges": None,
        "settled": False,
        "redealt": redealt,
    }


class Client:
    """What one peer knows of the room; read its attributes to render the lobby and the table.

    ``secret`` (with ``secret_seat``) is the seat's secret: the UI keeps it in storage and passes it
    to :meth:`reclaim` after a reconnect. ``verdict`` is set when a finished game has been checked.
    :attr:`warning` is a sentence the page shows as soon as it is set.
    """

    def __init__(self, *, entropy: Entropy = system_entropy, contributes: bool = True):
        self._entropy = entropy
        # The host's own player leaves the shuffle to the host's secret (see shuffle.py).
        self.contributes = contributes
        self.lobby: dict | None = None
        self.seat: int | None = None
        self.secret: str | None = None
        self.secret_seat: int | None = None
        self.errors: list[dict] = []
        self.binding = ""  # the connection's handshake binding (GuestGate sets it); reclaim proofs carry it
        self.evidence = fresh_evidence()
        self._new_game()

    def _new_game(self) -> None:
        self.view: dict | None = None
        self.legal: list[dict] = []  # what this seat may play now, as the host computed it
        self.view_seat: int | None = None
        self.events: list[dict] = []
        self.step = 0
        self.nonces: list[dict] = []
        self.pledges_at_deal: list[dict] = []
        self.verdict: Verdict | None = None
        self._log: list = []
        self._secret_revealed: str | None = None

    # ----------------------------------------------------------------------- messages to the host

    def hello(self, name: str) -> str:
        """Tell the host this player's display name."""
        return encode("hello", name=name)

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
        """Play ``action``, quoting the state id this client last saw."""
        return encode("act", state=self.step, action=action)

    def sync(self) -> str:
        """Ask the host to send the lobby and this seat's whole view and event stream again."""
        return encode("sync")

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
        never played out and checked here: the host knew that deal, and dealt again. It lasts until the
        verdict of the game dealt instead (which says the same), and survives a reload with :attr:`evidence`.
        """
        return REDEALT if self.evidence["redealt"] else None

    def restore(self, evidence: object) -> None:
        """Take back :attr:`evidence` kept over a reload; damaged evidence is ignored (and said in ``errors``)."""
        if isinstance(evidence, dict):
            evidence = {**fresh_evidence(), **evidence}  # evidence kept by an older page lacks the newer fields
        try:
            EVIDENCE("evidence", evidence)
        except ProtocolError as error:
            self.errors.append({"code": "bad_evidence", "message": str(error)})
            return
        self.evidence = dict(evidence)

    # -------------------------------------------------------------------- messages from the host

    def receive(self, raw: object) -> list[str]:
        """Take in one message from the host; return the replies to send back (often none). Never raises.

        A message that fails the schema, or that contradicts what this client knows, is recorded in
        ``errors`` (code ``bad_host_message``) and ignored.
        """
        try:
            message = decode(raw, HOST_MESSAGES)
            return getattr(self, "_on_" + message["type"])(message)
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
            self.evidence = fresh_evidence(commitment, redealt=self._left_unsettled())
        return self.evidence

    def _left_unsettled(self) -> str | None:
        """The shuffle this seat revealed its nonce to that was never played out and checked here, if any: a
        new commitment now means the host is dealing again (kept until a verdict has reported it)."""
        evidence = self.evidence
        if evidence["settled"]:
            return None
        return evidence["redealt"] or (evidence["game"] if evidence["revealed"] else None)

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
        return [encode("pledge", pledge=commitment_of(evidence["nonce"]))]

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
        evidence = self._game(message["commitment"])
        if evidence["pledges"] is None:
            evidence["pledges"] = message["pledges"]
        self.pledges_at_deal = message["pledges"]
        self.nonces = message["nonces"]
        return []

    def _on_update(self, message: dict) -> list[str]:
        if message["since"] == 0:
            self.events = []
        if message["since"] != len(self.events):
            return [self.sync()]  # a gap: something was lost, so ask for everything again
        view = message["view"]
        if message["changes"] is not None:
            if self.view is None or message["seat"] != self.view_seat:
                return [self.sync()]  # changes to a view this client does not have: ask for everything again
            try:
                view = patch(self.view, message["changes"])
            except ValueError as error:
                self.errors.append({"code": "bad_host_message", "message": str(error)})
                return [self.sync()]
        self.events += message["events"]
        self.step = message["step"]
        self.view_seat = message["seat"]
        if view is not None:
            self.view = view
            self.legal = message["legal"] or []
        return []

    def _on_reveal(self, message: dict) -> list[str]:
        if message["since"] == 0:
            self._log = []
        if message["since"] != len(self._log):
            return [self.sync()]
        self._log += message["log"]
        self._secret_revealed = message["secret"]
        if len(self._log) == message["total"]:
            self.verdict = self._verify()
            if self.verdict.settled:
                self.evidence["settled"] = True
        return []

    def _on_error(self, message: dict) -> list[str]:
        self.errors.append({"code": message["code"], "message": message["message"]})
        return []

    def _verify(self) -> Verdict:
        evidence = self.evidence
        if evidence["game"] is None or self.lobby is None:
            return tampered("SHUFFLE NOT VERIFIED: the host never published a commitment to its secret.")
        if self.pledges_at_deal != evidence["pledges"]:
            return tampered("SHUFFLE NOT VERIFIED: the deal used other pledges than the host published.")
        # A player (not a spectator, not the host's own seat) must find its own nonce in the deal.
        own_seat = self.view_seat if self.contributes else None
        revealed = Revealed(
            commitment=evidence["game"],
            secret=self._secret_revealed,
            pledges=evidence["pledges"],
            nonces=self.nonces,
            own_seat=own_seat,
            own_nonce=evidence["nonce"] if evidence["seat"] == own_seat else None,
            own_revealed=evidence["revealed"],
            own_acknowledged=evidence["acknowledged"],
            redealt=evidence["redealt"],
            game=self.lobby["game"],
            players=self.lobby["players"],
            options=self.lobby["options"],
            log=self._log,
        )
        return verify(revealed, self.view_seat, self.events, self.view)
