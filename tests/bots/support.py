"""Helpers for bot tests: play two matches side by side to show that bots cannot see hidden cards."""

from __future__ import annotations

from game import new_match
from game.bots import new_bot
from game.match import Match


def assert_blind_to_unseen_cards(game: str, players: int, options_a: dict, options_b: dict, levels: dict) -> int:
    """Play two matches whose decks differ only in cards no seat has seen, with identical bots.

    While every bot's view and events are identical in both matches, every choice must be identical
    too; the two decks differ only where no one has looked. Returns how many choices were compared.
    """
    matches = [new_match(game, players, options, seed=1) for options in (options_a, options_b)]
    return assert_blind_from(matches, levels)[0]


def assert_blind_from(matches: list[Match], levels: dict) -> tuple[int, int]:
    """Go on with two matches that differ only in cards no seat has seen (see above), from where they are.

    Returns how many choices were compared, and how many of them a bot made by search.
    """
    game = matches[0].game
    bots = [{seat: new_bot(game, level, seed=seat) for seat, level in levels.items()} for _ in matches]
    seen = [dict.fromkeys(levels, 0) for _ in matches]
    compared = 0
    while all(match.result() is None for match in matches):
        seats = matches[0].to_act()
        if matches[1].to_act() != seats:
            break
        acted = False
        for seat in seats:
            inputs = [(m.view(seat), m.events(seat, since=seen[i][seat])) for i, m in enumerate(matches)]
            if inputs[0] != inputs[1]:
                return compared, _searches(bots[0])  # an unseen card has now been turned: the games may diverge
            choices = [bots[i][seat].choose(*inputs[i]) for i in range(2)]
            for i, match in enumerate(matches):
                seen[i][seat] = match.event_count
            assert choices[0] == choices[1], f"seat {seat} chose differently: {choices}"
            compared += 1
            if choices[0] is not None:
                for match in matches:
                    match.act(seat, choices[0])
                acted = True
                break
        if not acted:
            break
    return compared, _searches(bots[0])


def _searches(bots: dict) -> int:
    """How many decisions these bots made by search."""
    return sum(bot.search.decisions for bot in bots.values() if getattr(bot, "search", None) is not None)
