"""The words every game's screen shares: seat names, refusals, the waits, and the small grammar around names.

Rules and views carry no English: the rules say what is asked as data (a view's ``prompt``, such as
``{"kind": "waiting", "seat": 2}``) and the presenters (:mod:`game.web.games`) word it, with the sentences
here for what all games say alike. A seat is named, never numbered: the person playing alone is "You",
and a sentence about "You" takes "your" and the verb's plural ("You choose", "Ana chooses").
"""

from __future__ import annotations

YOU = "You"  # the name of the one person playing at a local table
BOT_NAMES = ("Ada", "Bram", "Cleo", "Dev", "Edda")
REFUSAL = "You can't do that now."  # a move that is not on offer (an old button, a spot that is no choice)
GAME_OVER = "The game is over."
NO_HINT = "No hint now: the strongest computer player would let this moment pass."


def person_name(seat: int) -> str:
    """The name of a person's seat that was given none: "Player 1" for seat 0."""
    return f"Player {seat + 1}"


def bot_name(number: int, level: str) -> str:
    """The name of the ``number``-th computer player (0 is the first), with its level: "Ada (Medium)"."""
    return f"{BOT_NAMES[number % len(BOT_NAMES)]} ({level.capitalize()})"


def seat_name(names: list[str], seat: int | None) -> str:
    """The name of ``seat``, or "Nobody" for ``None``."""
    return names[seat] if seat is not None and 0 <= seat < len(names) else "Nobody"


def join_words(items: list[str], last: str = "and") -> str:
    """ "Ana", "Ana and Ben", "Ana, Ben and Cleo" (or with ``last`` "or": "Ana, Ben or Cleo")."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def possessive(name: str, start: bool = True) -> str:
    """ "Ana's"; for "You", "Your" at the start of a sentence and "your" inside one."""
    if name == YOU:
        return "Your" if start else "your"
    return f"{name}'s"


def objective(name: str) -> str:
    """The name as a sentence's object: "Ana", or "you"."""
    return "you" if name == YOU else name


def verb(name: str, third_person: str) -> str:
    """A verb, given as for one other person ("chooses", "is"), in the form that goes with ``name``."""
    if name != YOU:
        return third_person
    irregular = {"has": "have", "is": "are", "was": "were"}
    if third_person in irregular:
        return irregular[third_person]
    if third_person.endswith(("sses", "shes", "ches", "xes")):
        return third_person[:-2]
    return third_person[:-1] if third_person.endswith("s") else third_person


def does(name: str, third_person: str) -> str:
    """ "Ana chooses", "You choose": the name, then the verb agreeing with it."""
    return f"{name} {verb(name, third_person)}"


def waiting_for(name: str) -> str:
    """What a screen says while another seat must act: "Waiting for Ana."."""
    return f"Waiting for {name}."


def playing(name: str) -> str:
    """What a screen says while another seat plays: "Ada (Medium) is playing…"."""
    return f"{name} is playing…"


def pass_the_device(name: str) -> str:
    """The pass-and-play curtain's words."""
    return f"Pass the device to {name}."


def game_over(headline: str) -> str:
    """The prompt once a game has a result: "The game is over: Ana wins!"."""
    return f"{GAME_OVER[:-1]}: {headline}"


def first_to_play(names: list[str], seat: int) -> str:
    """ " First to play: Ada." after a deal, naming its first player; nothing in a one-player game."""
    return f" First to play: {seat_name(names, seat)}." if len(names) > 1 else ""


def took_a_hint(name: str) -> str:
    """The log's line when the person on screen asks for a hint: "You took a hint." or "Ana took a hint."."""
    return f"{name} took a hint."
