"""Computer players with human-like memory, from forgetful to provably optimal.

    from game.bots import new_bot, autoplay, LEVELS
    bot = new_bot(game_id, level="hard", seed=7)  # game_id: a key of BOTS (every game has a bot)
    action = bot.choose(view, new_events)         # None: not acting now (only where acting is optional)
    autoplay(match, {1: "medium", 2: "perfect"}, seed=3)

A bot sits on a seat exactly as a person or a remote peer does: it sees that seat's view and events,
never the match state, and answers with an action. Bots are deterministic given their seed.
"""

from __future__ import annotations

from ..match import Match
from ..registry import BOTS  # each game's bot, named by its entry in the registry
from .base import Bot
from .driver import BotDriver, play
from .memory import LEVELS

__all__ = ["BOTS", "LEVELS", "Bot", "autoplay", "new_bot"]


def new_bot(game: str, level: str = "medium", seed: int | str = 0) -> Bot:
    """A bot for one seat of ``game`` at ``level`` (one of LEVELS); bad arguments raise ``ValueError``."""
    if game not in BOTS:
        raise ValueError(f"There is no bot for {game!r}; bots play: {', '.join(BOTS)}.")
    if level not in LEVELS:
        raise ValueError(f"Unknown bot level {level!r}; the levels are: {', '.join(LEVELS)}.")
    return BOTS[game](level, seed)


def autoplay(match: Match, seats: dict[int, str], seed: int | str = 0, max_actions: int = 100_000) -> int:
    """Let bots play ``seats`` (seat → level) until the match ends or a seat without a bot must act.

    Bots are asked in the order the match lists who may act; the first that answers acts (for moves out of turn,
    that order stands for arrival order). Returns the number of actions played.
    """
    driver = BotDriver({seat: new_bot(match.game, level, seed=f"{seed}/{seat}") for seat, level in seats.items()})
    for played in range(max_actions):
        if match.result() is not None:
            return played
        move = driver.next_move(match)
        if move is not None:
            play(match, move)
            continue
        acting = match.to_act()
        if any(seat not in seats for seat in acting):
            return played
        raise RuntimeError(f"Every seat that may act is a bot, and none of them acted: {acting}.")
    raise RuntimeError(f"The match did not end within {max_actions} bot actions.")
