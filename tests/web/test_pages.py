"""The pages' generated parts: as the registry makes them now, and each game's rules page around its own text."""

from __future__ import annotations

import pytest

from game.bots import LEVELS
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


def blocks(*names: str) -> str:
    """Own text with the blocks ``names``, each empty."""
    return "".join(f"<!-- {name}:start --><!-- {name}:end -->" for name in names)


def test_a_rules_page_keeps_its_own_text_between_the_generated_head_and_foot_and_fills_its_blocks():
    game = ENTRIES["cambio"]
    own = (
        f"\n<p>Own words.</p>\n{blocks('playing', 'contents')}<!-- first_player:start -->stale<!-- first_player:end -->"
    )
    page = pages.rules_page(game, own)
    assert page.startswith("<!doctype html>") and "<h1>Cambio</h1>" in page
    filled = pages.between(page, pages.OWN_START, pages.OWN_END)
    assert filled.startswith(f"\n<p>Own words.</p>\n<!-- playing:start -->\n{pages.ON_FACE_DOWN}\n<!-- playing:end -->")
    assert "stale" not in filled and pages.first_player_option(GAMES["cambio"]) in filled
    assert pages.rules_page(game, filled) == page
    assert page.endswith("</html>\n")


def test_a_rules_page_without_one_of_its_blocks_or_with_one_twice_is_refused_by_name():
    game = ENTRIES["cambio"]
    with pytest.raises(ValueError, match=r"^static/rules/cambio.html must have one block each of contents, playing, "):
        pages.rules_page(game, blocks("contents", "playing"))
    with pytest.raises(ValueError, match=r"it has: contents, playing, first_player, playing\.$"):
        pages.rules_page(game, blocks("contents", "playing", "first_player", "playing"))


def test_the_table_of_contents_links_each_section_by_its_heading():
    own = '<h2 id="goal">Goal</h2><p>...</p><h3 id="detail">Not listed</h3><h2 id="turn">A turn</h2>'
    assert pages.contents(own) == (
        '<nav class="toc" aria-label="On this page">\n<ol>\n<li><a href="#goal">Goal</a></li>\n'
        '<li><a href="#turn">A turn</a></li>\n</ol>\n</nav>'
    )


def test_the_first_player_option_says_a_solo_player_plays_first_only_where_a_game_has_solo_play():
    for game_id, rules in GAMES.items():
        alone = "Alone, you always play first." in pages.first_player_option(rules)
        assert alone == (1 in rules.player_counts), game_id


def test_what_every_page_says_of_computer_players_names_every_level():
    assert [level for level in LEVELS if level.capitalize() not in pages.ON_FACE_DOWN] == []
