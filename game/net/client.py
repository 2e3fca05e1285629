"""A peer's side of a room: it keeps what the host sent and turns the player's wishes into messages.

The client is a plain object like the host. The UI passes it each message from the host and sends
the replies it returns (answers to a reclaim challenge or a shuffle request, or a request to resend
everything after a gap); the other methods return the text of one message to send.
"""

from __future__ import annotations

from .entropy import Entropy, system_entropy, token
from .messages import HOST_MESSAGES, ProtocolError, decode, encode
from .seats import prove
from .shuffle import Revealed, Verdict, verify


class Client:
    """What one peer knows of the room; read its attributes to render the lobby and the table.

    ``secret`` (with ``secret_seat``) is the seat's secret: the UI keeps it in storage and passes it
    to :meth:`reclaim` after a reconnect. ``verdict`` is set when a finished game has been checked.
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
        self._new_game()

    def _new_game(self) -> None:
        self.view: dict | None = None
        self.legal: list[dict] = []  # what this seat may play now, as the host computed it
        self.view_seat: int | None = None
        self.events: list[dict] = []
        self.step = 0
        self.commitment: str | None = None
        self.nonces: list[str] = []
        self.own_nonce: str | None = None
        self.verdict: Verdict | None = None
        self._log: list = []
        self._secret_revealed: str | None = None

    # ----------------------------------------------------------------------- messages to the host

    def hello(self, name: str) -> str:
        """Tell the host this player's display name."""
        return encode("hello", name=name)

    def sit(self, seat: int) -> str:
        """Ask for an open seat in the lobby."""
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

    # -------------------------------------------------------------------- messages from the host

    def receive(self, raw: str) -> list[str]:
        """Take in one message from the host; return the replies to send back (often none).

        A message that fails the schema is recorded in ``errors`` (code ``bad_host_message``) and ignored.
        """
        try:
            message = decode(raw, HOST_MESSAGES)
        except ProtocolError as error:
            self.errors.append({"code": "bad_host_message", "message": str(error)})
            return []
        return getattr(self, "_on_" + message["type"])(message)

    def _on_lobby(self, message: dict) -> list[str]:
        if message["phase"] == "lobby":
            self._new_game()  # a new game is being set up
        self.lobby = message
        self.seat = message["you"]
        return []

    def _on_seated(self, message: dict) -> list[str]:
        self.secret, self.secret_seat = message["secret"], message["seat"]
        return []

    def _on_challenge(self, message: dict) -> list[str]:
        if self.secret is None or message["seat"] != self.secret_seat:
            return []
        return [encode("prove", seat=message["seat"], proof=prove(self.secret, message["nonce"]))]

    def _on_commit(self, message: dict) -> list[str]:
        # The first commitment seen is the one the reveal must match; a host cannot swap it later.
        if self.commitment is None:
            self.commitment = message["commitment"]
        if not self.contributes or self.seat is None:
            return []
        if self.own_nonce is None:
            self.own_nonce = token(self._entropy)
        return [encode("contribute", nonce=self.own_nonce)]

    def _on_start(self, message: dict) -> list[str]:
        if self.commitment is None:
            self.commitment = message["commitment"]
        self.nonces = message["nonces"]
        return []

    def _on_update(self, message: dict) -> list[str]:
        if message["since"] == 0:
            self.events = []
        if message["since"] != len(self.events):
            return [self.sync()]  # a gap: something was lost, so ask for everything again
        self.events += message["events"]
        self.step = message["step"]
        self.view_seat = message["seat"]
        if message["view"] is not None:
            self.view = message["view"]
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
        return []

    def _on_error(self, message: dict) -> list[str]:
        self.errors.append({"code": message["code"], "message": message["message"]})
        return []

    def _verify(self) -> Verdict:
        if self.commitment is None or self.lobby is None:
            return Verdict(False, "SHUFFLE NOT VERIFIED: the host never published a commitment to its secret.")
        revealed = Revealed(
            commitment=self.commitment,
            secret=self._secret_revealed,
            nonces=self.nonces,
            own_nonce=self.own_nonce,
            game=self.lobby["game"],
            players=self.lobby["players"],
            options=self.lobby["options"],
            log=self._log,
        )
        return verify(revealed, self.view_seat, self.events, self.view)
