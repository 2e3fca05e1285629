"""Page settings from the URL or the settings panel."""

from __future__ import annotations

import pytest

from game.web import settings


def test_defaults_are_a_two_second_look_and_a_normal_pace():
    page = settings.from_params({})
    assert (page.look_ms, page.speed, page.suits, page.save) == (2000, "normal", "two", "main")
    assert page.bot_delay_ms > 0


def test_parameters_override_a_base_and_round_trip_through_storage():
    base = settings.from_params({"look": "3", "speed": "fast"})
    page = settings.from_params({"suits": "four", "save": "blog-1"}, base)
    assert (page.look_ms, page.speed, page.suits, page.save) == (3000, "fast", "four", "blog-1")
    stored = settings.from_params(page.to_json())
    assert (stored.look_ms, stored.speed, stored.suits) == (3000, "fast", "four")


@pytest.mark.parametrize(
    "params",
    [
        {"look": "-1"},
        {"look": "soon"},
        {"look": "31"},
        {"speed": "warp"},
        {"suits": "six"},
        {"save": "a b"},
        {"sound": 1},
    ],
)
def test_bad_settings_are_refused(params):
    with pytest.raises(ValueError):
        settings.from_params(params)


def test_every_bad_page_setting_is_named_and_the_good_ones_kept():
    read, problems = settings.read({"theme": "neon", "speed": "fast", "look": "99", "suits": "six"})
    assert read.speed == "fast" and read.theme == "auto" and read.look_ms == 2000
    assert len(problems) == 3
    assert "'theme' must be one of auto, light, dark; got 'neon'" in problems[2]
    with pytest.raises(ValueError, match=r"look time.*'suits'.*'theme'"):
        settings.from_params({"theme": "neon", "look": "99", "suits": "six"})


def test_the_players_name_is_kept_trimmed_and_a_bad_one_is_reported():
    assert settings.from_params({"name": "  Ana  "}).name == "Ana"
    assert settings.from_params({"name": "Ana"}).to_json()["name"] == "Ana"
    assert settings.from_params({}).name == "", "no name until the player gives one"
    for bad in ("x" * 41, "Ana\u0007", 7):
        kept, problems = settings.read({"name": bad}, settings.Settings(name="Ben"))
        assert kept.name == "Ben" and problems == ["Your name may be up to 40 letters, digits, spaces and signs."]


def test_sound_is_on_but_off_in_the_embed_unless_the_player_says_and_it_is_kept():
    assert settings.from_params({}).sound == "auto"  # static/js/sound.js: on in the page, off in the embed
    assert settings.from_params(settings.from_params({"sound": "off"}).to_json()).sound == "off"
    assert settings.read({"sound": "loud"})[1] == ["The setting 'sound' must be one of auto, on, off; got 'loud'."]
