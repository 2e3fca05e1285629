"""The room panel's HTML: the invitation, the seats and who is there, and the controls for this peer.

Pure strings from the lobby message (:mod:`game.net`), so it is tested on CPython; :mod:`game.web.room`
puts it on the page. Every name in a lobby comes from another peer, so everything is escaped. Buttons
carry ``data-command="room-..."`` (and ``data-seat``); the host's "seat this person" choice is a
``<select data-room-assign>``, and the player's name an ``<input name="room-name">``.
"""

from __future__ import annotations

import json
from html import escape

from ..net import Verdict
from ..registry import GAMES
from .source import seat_names

PHASE_NOTES = {
    "lobby": "",
    "shuffle": "Shuffling: every player's device adds a random part, so that nobody can choose the deal.",
    "playing": "",
    "over": "",
}


def render_invite(link: str, qr_svg: str) -> str:
    """The link to share, a button to copy it, and the same link as a QR code."""
    return (
        '<label class="field">Invite link (send it to the people you play with)'
        f' <input id="room-link" readonly value="{escape(link)}"></label>'
        '<p><button type="button" data-command="room-copy">Copy the link</button></p>'
        f'<div class="room-qr" role="img" aria-label="The invite link as a QR code">{qr_svg}</div>'
    )


def render_lobby(
    lobby: dict,
    is_host: bool,
    unseated: list[tuple[str, str | None]],
    name: str,
    verdict: Verdict | None = None,
    warning: str | None = None,
    stalled: bool = False,
    fingerprint: str | None = None,
    host_away: bool = False,
) -> str:
    """The game, the seats with their controls, and what this peer can do in the room's phase; ``warning`` (the
    client's, a host that dealt again) stands above it all, outside the fold a game puts the lobby in. ``stalled``:
    the game waits for the device of a player who is away (the host may end it, unchecked); ``fingerprint``: the
    game's, once it is over, for the players to compare. On a guest's page whose host has left (``host_away``), the
    host's seat says so, whatever the host last said of it."""
    rules = GAMES.get(lobby["game"])
    title = f"{rules.name if rules else lobby['game']}, {lobby['players']} players"
    options = option_words(lobby["options"])
    names = seat_names(lobby)
    in_lobby = lobby["phase"] == "lobby"
    seats = "".join(
        _seat(
            {**entry, "connected": False} if host_away and entry["host"] else entry,
            names[entry["seat"]],
            lobby["you"],
            is_host and in_lobby,
            in_lobby,
            unseated,
        )
        for entry in lobby["seats"]
    )
    parts = [
        f'<h3 class="room-game">{escape(title)}</h3>',
        f'<p class="room-options">{escape(options)}</p>' if options else "",
        f'<ol class="room-seats" aria-label="Seats">{seats}</ol>',
        _phase_html(lobby, is_host),
    ]
    if in_lobby:
        parts.append(
            '<label class="field">Your name <input name="room-name" maxlength="40" autocomplete="nickname"'
            f' value="{escape(name)}"></label>'
        )
    export = ' <button type="button" data-command="room-export">Save the room to a file</button>' if is_host else ""
    parts.append(f'<p><button type="button" data-command="room-leave">Leave the room</button>{export}</p>')
    alert = f'<p class="verdict verdict-warning" role="alert">{escape(warning)}</p>' if warning else ""
    alert += _news_html(lobby, is_host, verdict, stalled, fingerprint)
    if lobby["phase"] == "playing":  # the table takes the screen: the seats are the player chips meanwhile
        return f'{alert}<details class="room-fold"><summary>Room: {escape(title)}</summary>{"".join(parts)}</details>'
    return alert + "".join(parts)


def first_open_seat(lobby: dict) -> int | None:
    """The lowest seat of the lobby with nobody on it, or ``None`` when every seat is taken."""
    return next((entry["seat"] for entry in lobby["seats"] if entry["kind"] == "open"), None)


def option_words(options: dict) -> str:
    """The game's options in a line: "call: any time, final lap: on, pairs: 12" (unset ones left out)."""
    words = []
    for key, value in sorted(options.items()):
        if value is None:
            continue
        if isinstance(value, bool):
            shown = "on" if value else "off"
        else:
            shown = value if isinstance(value, str) else json.dumps(value)
        words.append(f"{key.replace('_', ' ')}: {shown}")
    return ", ".join(words)


def verdict_html(verdict: Verdict) -> str:
    """The fair-shuffle check after a game: a quiet line when it passed, an alert when it did not."""
    if verdict.ok:
        return f'<p class="verdict verdict-ok" role="status">{escape(verdict.message)}</p>'
    return f'<p class="verdict verdict-warning" role="alert">{escape(verdict.message)}</p>'


def _seat(
    entry: dict, name: str, you: int | None, host_controls: bool, in_lobby: bool, unseated: list[tuple[str, str | None]]
) -> str:
    seat = entry["seat"]
    kind = entry["kind"]
    if kind == "open":
        state = "open"
    elif kind == "bot":
        state = "computer player"
    elif entry["connected"]:
        state = "here"
    else:
        state = "away"
    mine = " (you)" if seat == you else ""
    buttons = []
    if in_lobby and kind == "open":
        buttons.append(_button("room-sit", seat, "Sit here" if you is None else "Move here"))
    if host_controls and kind == "open":
        buttons.append(_button("room-bot", seat, "Computer player"))
        if unseated:
            choices = "".join(
                f'<option value="{escape(peer)}">{escape(guest or f"Guest {peer[:4]}")}</option>'
                for peer, guest in unseated
            )
            buttons.append(
                f'<select data-room-assign data-seat="{seat}" aria-label="Seat someone at seat {seat + 1}">'
                f'<option value="">Seat someone…</option>{choices}</select>'
            )
    elif host_controls:
        buttons.append(_button("room-clear", seat, "Empty this seat"))
    elif in_lobby and seat == you:
        buttons.append(_button("room-stand", seat, "Leave this seat"))
    controls = f' <span class="seat-controls">{"".join(buttons)}</span>' if buttons else ""
    return (
        f'<li class="seat seat-{escape(kind)}" data-seat="{seat}" data-kind="{escape(kind)}">'
        f'<span class="seat-name">{escape(name)}{mine}</span> <span class="seat-state">{escape(state)}</span>'
        f"{controls}</li>"
    )


def _button(command: str, seat: int, label: str) -> str:
    return f'<button type="button" data-command="{command}" data-seat="{seat}">{escape(label)}</button>'


def _news_html(lobby: dict, is_host: bool, verdict: Verdict | None, stalled: bool, fingerprint: str | None) -> str:
    """What the room says first, above the game and its seats (outside the fold a game puts them in, and at the top
    of a phone's short panel): a game's verdict and fingerprint once it is over; the host's way out of a game that
    waits for a player who is away."""
    phase = lobby["phase"]
    parts = []
    if phase == "playing" and is_host and stalled:
        parts.append(
            '<p class="room-controls"><button type="button" data-command="room-end">End the game</button>'
            " <small>It waits for a player who is away; ended now, it cannot be checked.</small></p>"
        )
    elif phase == "over":
        if verdict is not None:
            parts.append(verdict_html(verdict))
        if fingerprint:
            parts.append(
                f'<p class="room-note">This game\'s fingerprint: <strong>{escape(fingerprint)}</strong>. Every '
                "player's page shows the same one if everyone was shown the same game.</p>"
            )
    return "".join(parts)


def _phase_html(lobby: dict, is_host: bool) -> str:
    phase = lobby["phase"]
    note = PHASE_NOTES[phase]
    parts = [f'<p class="room-note">{escape(note)}</p>'] if note else []
    if phase == "lobby" and is_host:
        ready = all(entry["kind"] != "open" for entry in lobby["seats"])
        parts.append(
            '<p class="room-controls">'
            '<button type="button" data-command="room-configure">Use the game chosen above</button> '
            '<button type="button" data-command="room-fill">Fill empty seats with computer players</button> '
            f'<button type="button" class="primary" data-command="room-start"{"" if ready else " disabled"}>'
            "Start</button></p>"
        )
    elif phase == "lobby":
        parts.append('<p class="room-note">The host chooses the game and starts it.</p>')
    elif phase == "over" and is_host:
        parts.append(
            '<p class="room-controls"><button type="button" class="primary" data-command="room-again">'
            "Back to the lobby</button></p>"
        )
    return "".join(parts)
