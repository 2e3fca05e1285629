"""The pages' generated parts: as the registry makes them now, and each game's rules page around its own text."""

from __future__ import annotations

from game.registry import ENTRIES, GAMES
from game.web import pages


def test_every_generated_part_is_as_the_registry_makes_it():
    assert pages.stale() == [], "run: python -m game.web.pages --write"


def test_the_rules_index_names_each_game_with_its_players_and_summary():
    index = pages.rules_index()
    for game in ENTRIES.values():
        assert f'<a href="{game.rules_page.rpartition("/")[2]}">{GAMES[game.id].name}</a>' in index
        assert game.summary in index


def test_player_counts_in_words():
    assert [pages.player_counts(counts) for counts in [(1, 2, 3, 4, 5, 6), (2, 3), (2, 3, 4, 6), (2,)]] == [
        "1 to 6",
        "2 or 3",
        "2, 3, 4 or 6",
        "2",
    ]


def test_a_rules_page_keeps_its_own_text_between_the_generated_head_and_foot():
    game = ENTRIES["cambio"]
    page = pages.rules_page(game, "\n<p>Own words.</p>\n")
    assert page.startswith("<!doctype html>") and "<h1>Cambio</h1>" in page
    assert pages.between(page, pages.OWN_START, pages.OWN_END) == "\n<p>Own words.</p>\n"
    assert page.endswith("</html>\n")
