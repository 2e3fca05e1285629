"""The player's preferences for this page: their name, how long private looks stay up, bot pace, suit colours,
sound, save slot.

They come from the URL (``?look=3&speed=fast&suits=four&sound=off&save=blog-1&name=Ana``) or the settings panel, and
are kept in the browser's storage by :mod:`game.web.app`. Bad values raise ``ValueError`` with a
sentence for the page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Milliseconds a bot waits before each move, by pace; "instant" is for tests and impatient players.
BOT_PACES = {"slow": 1400, "normal": 700, "fast": 250, "instant": 0}
SUIT_MODES = ("two", "four")
THEMES = ("auto", "light", "dark")
# Sounds and vibrations (static/js/sound.js): on, off, or "auto", on in the page and off in the embed, whose
# host page may not expect a sound.
SOUNDS = ("auto", "on", "off")
MAX_LOOK_SECONDS = 30
SAVE_SLOT = re.compile(r"[A-Za-z0-9_-]{1,40}")
MAX_NAME_CHARS = 40


@dataclass
class Settings:
    """Page preferences, with the defaults a first visit gets."""

    look_ms: int = 2000
    speed: str = "normal"
    suits: str = "two"
    theme: str = "auto"
    sound: str = "auto"
    save: str = "main"
    name: str = ""  # what the others in a room see; "" until the player gives one (they see "Player N")

    @property
    def bot_delay_ms(self) -> int:
        """How long a bot waits before it moves."""
        return BOT_PACES[self.speed]

    def to_json(self) -> dict:
        """The settings as JSON, for the browser's storage."""
        return {
            "look": self.look_ms / 1000,
            "speed": self.speed,
            "suits": self.suits,
            "theme": self.theme,
            "sound": self.sound,
            "name": self.name,
        }


def from_params(params: dict, base: Settings | None = None) -> Settings:
    """``base`` (or the defaults) with the page parameters in ``params`` applied; the rest is ignored.

    A bad value raises ``ValueError`` naming every bad parameter (:func:`read` keeps the good ones instead).
    """
    settings, problems = read(params, base)
    if problems:
        raise ValueError(" ".join(problems))
    return settings


def read(params: dict, base: Settings | None = None) -> tuple[Settings, list[str]]:
    """``base`` (or the defaults) with the good page parameters in ``params`` applied, and a sentence for each bad
    one (which keeps its value from ``base``)."""
    settings = Settings(**vars(base)) if base else Settings()
    problems: list[str] = []
    if "look" in params:
        try:
            seconds = float(params["look"])
        except (TypeError, ValueError):
            seconds = -1.0
        if 0 <= seconds <= MAX_LOOK_SECONDS:
            settings.look_ms = round(seconds * 1000)
        else:
            problems.append(f"The look time must be 0 to {MAX_LOOK_SECONDS} seconds; got {params['look']!r}.")
    settings.speed = _choice(params, "speed", tuple(BOT_PACES), settings.speed, problems)
    settings.suits = _choice(params, "suits", SUIT_MODES, settings.suits, problems)
    settings.theme = _choice(params, "theme", THEMES, settings.theme, problems)
    settings.sound = _choice(params, "sound", SOUNDS, settings.sound, problems)
    if "save" in params:
        if isinstance(params["save"], str) and SAVE_SLOT.fullmatch(params["save"]):
            settings.save = params["save"]
        else:
            problems.append("The save slot name may use letters, digits, - and _ (up to 40).")
    if "name" in params:
        name = params["name"].strip() if isinstance(params["name"], str) else None
        if name is not None and len(name) <= MAX_NAME_CHARS and name.isprintable():
            settings.name = name
        else:
            problems.append(f"Your name may be up to {MAX_NAME_CHARS} letters, digits, spaces and signs.")
    return settings, problems


def _choice(params: dict, name: str, allowed: tuple[str, ...], current: str, problems: list[str]) -> str:
    if name not in params:
        return current
    value = params[name]
    if value not in allowed:
        problems.append(f"The setting {name!r} must be one of {', '.join(allowed)}; got {value!r}.")
        return current
    return value
