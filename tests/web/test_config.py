"""Starting a game from URL parameters: every bad parameter gets a sentence, good ones round-trip."""

from __future__ import annotations

import pytest

from game.web import config
from game.web.config import GameConfig


def test_no_parameters_mean_concentration_against_one_medium_bot():
    game = config.from_params({})
    assert (game.game, game.players, game.bots, game.levels) == ("concentration", 2, 1, ["medium"])
    assert game.seat_names() == ["You", "Ada (Medium)"]


def test_a_full_link_starts_exactly_that_game():
    game = config.from_params(
        {"game": "cambio", "players": "3", "bots": "2", "level": "hard,easy", "seed": "7", "final_lap": "true"}
    )
    assert (game.game, game.players, game.bots, game.seed) == ("cambio", 3, 2, 7)
    assert game.options == {"final_lap": True}
    assert game.seat_names() == ["You", "Ada (Hard)", "Bram (Easy)"]


def test_share_link_parameters_round_trip():
    game = config.from_params({"game": "concentration", "pairs": "26", "names": "Ana,Ben", "bots": "0", "seed": "x1"})
    again = config.from_params(config.to_params(game))
    assert again.to_json() == game.to_json()
    assert GameConfig.from_json(game.to_json()).to_json() == game.to_json()


def test_first_player_is_a_link_parameter_in_words_or_json():
    game = config.from_params({"game": "matches", "first_player": "first seat"})
    assert game.options == {"first_player": "first seat"}
    assert config.from_params(config.to_params(game)).to_json() == game.to_json()
    assert config.from_params({"game": "matches", "first_player": '"random"'}).options == {"first_player": "random"}
    with pytest.raises(ValueError, match="'first_player' of Matches must be one of 'random', 'first seat'"):
        config.from_params({"game": "matches", "first_player": "last seat"})


def test_cambios_call_is_a_link_parameter_too():
    game = config.from_params({"game": "cambio", "call": "own turn", "first_player": '"first seat"'})
    assert game.options == {"call": "own turn", "first_player": "first seat"}
    assert config.from_params(config.to_params(game)).to_json() == game.to_json()
    with pytest.raises(ValueError, match="'call' of Cambio must be one of 'any time', 'own turn'"):
        config.from_params({"game": "cambio", "call": "never"})


def test_page_parameters_may_sit_in_the_same_link():
    assert config.from_params({"game": "matches", "speed": "fast", "look": "3", "save": "blog"}).game == "matches"


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"game": "poker"}, "no game called 'poker'"),
        ({"game": "cambio", "players": "1"}, "Cambio is for 2, 3, 4, 5, 6 players, not 1"),
        ({"players": "two"}, "'players' must be a whole number"),
        ({"players": "2", "bots": "2"}, "0 to 1 computer players"),
        ({"level": "godlike"}, "no bot level 'godlike'"),
        ({"pairs": "9"}, "pairs"),
        ({"game": "cambio", "pairs": "8"}, "no setting called 'pairs'"),
        ({"underdogs": "true"}, "no setting called 'underdogs'"),
    ],
)
def test_bad_parameters_are_explained(params, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        config.from_params(params)


def test_names_are_trimmed_and_capped():
    game = config.from_params({"names": " Ana ,, " + "B" * 50, "bots": "0"})
    assert game.names == ["Ana", "B" * config.MAX_NAME_CHARS]


def test_every_bad_parameter_is_named_with_its_reason():
    with pytest.raises(ValueError) as error:
        config.from_params({"game": "cambio", "pairs": "8", "bots": "x", "level": "godlike,hard,nope"})
    message = str(error.value)
    for words in ("no setting called 'pairs'", "'bots' must be a whole number", "'godlike'", "'nope'"):
        assert words in message


def test_an_unknown_game_is_answered_with_the_games_as_players_know_them():
    with pytest.raises(ValueError, match=r"The games are: Concentration \(concentration\), Deluxe Memory"):
        config.from_params({"game": "poker"})
