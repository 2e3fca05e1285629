"""The room panel: seats and who is there, the right controls for the host and for a guest, names escaped."""

from __future__ import annotations

import re

from game.net import Verdict
from game.web.roomview import first_open_seat, option_words, render_invite, render_lobby, verdict_html


def lobby(phase="lobby", you=None, seats=None) -> dict:
    """A lobby message's fields: Cambio for three, Ana at seat 0, a hard bot at seat 1, seat 2 open."""
    return {
        "phase": phase,
        "game": "cambio",
        "players": 3,
        "options": {"final_lap": True, "deck": None},
        "you": you,
        "seats": seats
        or [
            {"seat": 0, "kind": "player", "name": "Ana", "level": None, "connected": True, "host": False},
            {"seat": 1, "kind": "bot", "name": None, "level": "hard", "connected": True, "host": False},
            {"seat": 2, "kind": "open", "name": None, "level": None, "connected": False, "host": False},
        ],
    }


def commands(html: str) -> list[tuple[str, str]]:
    """The (command, seat) of every room button, in order."""
    return re.findall(r'data-command="(room-[a-z]+)"(?: data-seat="(\d+)")?', html)


def test_the_host_seats_people_and_bots_and_starts_when_every_seat_is_filled():
    html = render_lobby(lobby(you=0), True, [("peer-b", "Ben"), ("peer-c", None)], "Ana")
    assert "Cambio, 3 players" in html and "final lap: on" in html and "deck" not in html
    assert commands(html) == [
        ("room-clear", "0"),
        ("room-clear", "1"),
        ("room-sit", "2"),
        ("room-bot", "2"),
        ("room-configure", ""),
        ("room-fill", ""),
        ("room-start", ""),
        ("room-leave", ""),
        ("room-export", ""),
    ]
    assert re.search(r'data-command="room-start"\s+disabled', html), "seat 2 is open"
    assert "Move here" in html
    assert '<option value="peer-b">Ben</option><option value="peer-c">Guest peer</option>' in html
    assert "Ana (you)" in html and "Ada (Hard)" in html and 'value="Ana"' in html
    full = lobby(you=0)
    full["seats"][2] = {**full["seats"][0], "seat": 2, "name": "Ben"}
    assert "disabled" not in render_lobby(full, True, [], "Ana")


def test_a_guest_sits_moves_or_stands_and_waits_for_the_host():
    unseated = render_lobby(lobby(), False, [], "Ben")
    assert commands(unseated) == [("room-sit", "2"), ("room-leave", "")]
    assert "Sit here" in unseated and "The host chooses the game" in unseated
    seated = render_lobby(lobby(you=0), False, [], "Ana")
    assert commands(seated) == [("room-stand", "0"), ("room-sit", "2"), ("room-leave", "")]
    assert "Move here" in seated


def test_a_guest_is_offered_the_first_open_seat():
    assert first_open_seat(lobby()) == 2
    full = lobby()
    full["seats"][2] = {**full["seats"][0], "seat": 2, "name": "Ben"}
    assert first_open_seat(full) is None


def test_during_a_game_only_the_state_of_each_seat_shows():
    away = {"seat": 2, "kind": "player", "name": "Cleo", "level": None, "connected": False, "host": False}
    seats = [*lobby()["seats"][:2], away]
    html = render_lobby(lobby("playing", you=0, seats=seats), True, [], "Ana")
    assert commands(html) == [("room-leave", ""), ("room-export", "")], "the host may save the room to a file"
    assert 'Cleo</span> <span class="seat-state">away' in html and 'name="room-name"' not in html
    assert html.startswith('<details class="room-fold"><summary>Room: Cambio, 3 players</summary>'), "folded away"
    shuffling = render_lobby(lobby("shuffle", you=0, seats=seats), True, [], "Ana")
    assert commands(shuffling) == [("room-leave", ""), ("room-export", "")] and "random part" in shuffling


def test_a_game_that_waits_for_a_player_who_is_away_may_be_ended_by_the_host_only():
    away = {"seat": 2, "kind": "player", "name": "Cleo", "level": None, "connected": False}
    playing = lobby("playing", you=0, seats=[*lobby()["seats"][:2], away])
    assert ("room-end", "") in commands(render_lobby(playing, True, [], "Ana", stalled=True))
    assert ("room-end", "") not in commands(render_lobby(playing, True, [], "Ana", stalled=False))
    assert ("room-end", "") not in commands(render_lobby({**playing, "you": 1}, False, [], "Ben", stalled=True))


def test_after_a_game_its_fingerprint_shows_for_the_players_to_compare():
    html = render_lobby(lobby("over", you=1), False, [], "Ben", fingerprint="ab12 cd34 ef56")
    assert "fingerprint: <strong>ab12 cd34 ef56</strong>" in html


def test_after_a_game_the_verdict_shows_and_the_host_may_go_back_to_the_lobby():
    good = Verdict(True, "Shuffle verified: fine.")
    bad = Verdict(False, "SHUFFLE NOT VERIFIED: the host cheated.")
    html = render_lobby(lobby("over", you=1), False, [], "Ben", good)
    assert 'class="verdict verdict-ok" role="status">Shuffle verified' in html
    assert ("room-again", "") not in commands(html)
    assert ("room-again", "") in commands(render_lobby(lobby("over", you=0), True, [], "Ana", good))
    assert (
        verdict_html(bad)
        == '<p class="verdict verdict-warning" role="alert">SHUFFLE NOT VERIFIED: the host cheated.</p>'
    )


def test_names_from_other_peers_are_escaped():
    hostile = lobby(you=None)
    hostile["seats"][0]["name"] = '<img src=x onerror="alert(1)">'
    html = render_lobby(hostile, True, [('"><script>', "<b>Ben</b>")], "</label>")
    assert "<img" not in html and "<script>" not in html and "<b>" not in html and "</label>&" not in html
    assert "&lt;img src=x" in html and "&lt;b&gt;Ben&lt;/b&gt;" in html


def test_the_invitation_shows_the_link_and_its_qr_code():
    html = render_invite("https://x.example/#room=abcdefghij&key=k&x", "<svg></svg>")
    assert 'value="https://x.example/#room=abcdefghij&amp;key=k&amp;x"' in html
    assert '<div class="room-qr" role="img"' in html and "<svg></svg>" in html


def test_options_in_words():
    assert option_words({"pairs": 12, "final_lap": False, "deck": None}) == "final lap: off, pairs: 12"
    words = option_words({"first_player": "first seat", "call": "any time"})
    assert words == "call: any time, first player: first seat"  # words, without JSON's quotes
    assert option_words({}) == ""


def test_a_hosts_second_deal_is_said_above_the_lobby_even_while_it_is_folded_away():
    words = "The host dealt again."
    for phase in ("lobby", "shuffle", "playing", "over"):
        html = render_lobby(lobby(phase, you=0), False, [], "Ana", warning=words)
        assert html.startswith(f'<p class="verdict verdict-warning" role="alert">{words}</p>')
    assert 'role="alert"' not in render_lobby(lobby("playing", you=0), False, [], "Ana")
