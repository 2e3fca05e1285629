"""What the page says when a link is wrong: every bad parameter, each with its reason."""

from __future__ import annotations

from .driver import open_game


def test_every_bad_parameter_of_a_link_is_reported(page, site_url):
    open_game(page, site_url, game="concentration", pairs="9", bots="x", theme="neon", look="99")
    message = page.locator("#message").inner_text()
    for words in ("'theme' must be one of auto, light, dark; got 'neon'", "look time", "'bots' must be a whole number"):
        assert words in message
    assert "pairs" in message
    assert page.locator("#table [data-pos]").count() == 0  # no game: the link's game was wrong


def test_a_bad_page_setting_is_reported_and_the_game_still_starts(page, site_url):
    open_game(page, site_url, game="concentration", pairs="8", theme="neon")
    assert "got 'neon'" in page.locator("#message").inner_text()
    assert page.locator("#table [data-pos]").count() == 16
