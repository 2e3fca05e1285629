"""The page's whole vocabulary of effects: everything a controller may ask of the page, as plain data. No browser.

The controllers (:mod:`game.web.screen` for a game, :mod:`game.web.roomscreen` for a room) and the seat sources
(:mod:`game.web.source`) return lists of these; they decide, the page obeys. :meth:`game.web.app.App.carry_out` is
the one place that carries them out: most reach the page as they are (:func:`message`: ``{"effect": <class name>,
<its fields>...}``), which the page's executor (game/web/page/executor.py) carries out by their class name; a few
are numbered, keyed or acted on there first (each says so). Nothing else writes the page.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass

# --- the table ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DrawTable:
    """Bring the table to ``html``: make the changes ``now``, and ``later`` once the frame showing them is painted
    (or before any other change or timer); each change a :class:`game.web.render.Change`. If they do not fit the
    table on the page, write ``html`` whole. ``busy``: the choices on the table are stale until the next edit (a
    room's move is on its way). The page gets it with ``version``, the number of tables drawn so far: a click names
    the table it was made on."""

    now: list
    later: list
    html: str
    busy: bool = False


@dataclass(frozen=True)
class Predict:
    """The edit that the click ``key`` would make (:func:`game.web.predict.click_targets` names the keys): the
    page makes it the moment that click comes, then sends a ``predicted`` message. ``save``: the local table's save
    once that click is played, kept by the page if it is closed first (it reaches the page keyed, with the
    ``version`` of the table it was drawn ahead on)."""

    key: str
    edit: DrawTable
    save: str = ""


# --- words, marks and focus -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Write:
    """Set the element ``element``'s HTML (``html``) or text to ``text``."""

    element: str
    text: str
    html: bool = True


@dataclass(frozen=True)
class Show:
    """Show or hide the element ``element``."""

    element: str
    shown: bool


@dataclass(frozen=True)
class AddLog:
    """Put ``items`` on top of the log's list and drop its ``dropped`` oldest items."""

    items: str
    dropped: int


@dataclass(frozen=True)
class Announce:
    """Read ``lines`` out, each in turn, through the live region."""

    lines: list[str]


@dataclass(frozen=True)
class Focus:
    """Move the keyboard focus to the element ``selector`` finds."""

    selector: str


@dataclass(frozen=True)
class Over:
    """Mark the page as showing a result (``result``: its JSON, for the embed's parent) or none (``None``)."""

    result: str | None


@dataclass(frozen=True)
class Say:
    """Show the message line (``""`` clears it): an error, or with ``notice`` news that is no error (a hint's
    reason)."""

    text: str
    notice: bool = False


@dataclass(frozen=True)
class Sound:
    """Play the cue ``cue`` (a presenter's, or "win" or "turn"): static/js/sound.js makes its short sound or
    vibration, or both, where the player's setting and the device allow."""

    cue: str


@dataclass(frozen=True)
class Mark:
    """Set the page's ``<html data-NAME>`` to ``value`` (``None``: take it away)."""

    name: str
    value: str | None


@dataclass(frozen=True)
class Open:
    """Open or close the ``<details>`` element ``element``."""

    element: str
    open: bool


@dataclass(frozen=True)
class Attribute:
    """Set the attribute ``name`` of the element ``element`` to ``value``."""

    element: str
    name: str
    value: str


@dataclass(frozen=True)
class Fields:
    """Set the named fields of the form ``form``: a checkbox is checked by a bool; ``None`` leaves a field as it is."""

    form: str
    values: dict


@dataclass(frozen=True)
class PickerStatus:
    """Say ``text`` beside the picker's Start button, with the picker open."""

    text: str


@dataclass(frozen=True)
class Sprite:
    """Put the cards' SVG symbols (``html``) at the start of the page's body."""

    html: str


# --- the address bar, the storage and files -----------------------------------------------------------------------


@dataclass(frozen=True)
class Query:
    """Make the page's URL query ``params`` (the fragment stays), without a new history entry."""

    params: dict


@dataclass(frozen=True)
class Fragment:
    """Make the page's URL fragment ``text`` (``""``: none), without a new history entry."""

    text: str


@dataclass(frozen=True)
class Reload:
    """Reload the page (it then enters the room its fragment names)."""


@dataclass(frozen=True)
class Store:
    """Keep ``text`` in this browser under ``key`` (``None``: forget it). The app keeps a copy of what it stores."""

    key: str
    text: str | None


@dataclass(frozen=True)
class Save:
    """Keep ``text``, the local table's JSON, as this browser's saved game: at once (``due``), or, with ``due``
    False, only if the page is put away before the save falls due (it reaches the page as :class:`Unsaved`). The
    app keys it by the save slot of the player's settings."""

    text: str
    due: bool = True


@dataclass(frozen=True)
class Unsaved:
    """The local table's save, made but not yet due: the page keeps it under ``key`` at once if it is closed first."""

    key: str
    text: str


@dataclass(frozen=True)
class HintSeen:
    """The person on screen made a move: ``game``'s first-turn hint is not shown again in this browser (the app
    stores the games seen)."""

    game: str


@dataclass(frozen=True)
class Download:
    """Offer ``text`` as a file named ``name`` (a room's save)."""

    name: str
    text: str


# --- timers ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class After:
    """Call the controller's ``timer`` with ``timer`` ``delay_ms`` after the frame being drawn is painted (with
    ``after_paint`` False, ``delay_ms`` from now). A timer of that name already due is replaced. It reaches the page
    numbered (:class:`game.web.timers.Timers`), as ``{id, delay_ms, after_paint}``.

    ``work``: not a wait but work done a slice at a time (drawing clicks ahead), due at once: it needs neither a
    painted frame nor the page, so it runs where the screen runs, between the page's messages."""

    timer: str
    delay_ms: int
    after_paint: bool = True
    work: bool = False


@dataclass(frozen=True)
class Cancel:
    """Forget the timer ``timer``, if it is due (the page gets its number)."""

    timer: str


# --- the room ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Send:
    """Send ``text`` to the transport peer ``peer``."""

    peer: str
    text: str


@dataclass(frozen=True)
class ToHost:
    """This page's player's message for the room's host (a move from the play screen): the app hands it to the room
    controller, which sends it (on the host's own page, straight into its host)."""

    text: str


@dataclass(frozen=True)
class OpenTransport:
    """Open the room's transport of ``kind`` for room ``room`` with password ``key``. It reaches the page with
    ``gen``, the number the app gives each transport it opens: the transport's news names it."""

    kind: str
    room: str
    key: str


@dataclass(frozen=True)
class CloseTransport:
    """Close the transport: the page is no longer in the room (the app forgets the room's timers)."""


@dataclass(frozen=True)
class ShowInvite:
    """Show the invite ``link`` to copy (``html``: the invitation's panel), and as a QR code."""

    link: str
    html: str


@dataclass(frozen=True)
class ShowLobby:
    """Put ``html`` in the room panel (``""``: empty it); a fold the player opened stays open."""

    html: str


@dataclass(frozen=True)
class ShowGame:
    """Show this page's seat of the room's game (``deal``: a fresh deal, whose looks show): the app puts a play
    screen of the room's seat on the page."""

    deal: bool


@dataclass(frozen=True)
class GameNews:
    """The host sent news for the game on screen: the app hands it to the play screen."""


@dataclass(frozen=True)
class HideGame:
    """Take the game off the screen (the room went back to its lobby, or was left, or another game comes)."""


Effect = (
    DrawTable
    | Predict
    | Write
    | Show
    | AddLog
    | Announce
    | Focus
    | Over
    | Say
    | Sound
    | Mark
    | Open
    | Attribute
    | Fields
    | PickerStatus
    | Sprite
    | Query
    | Fragment
    | Reload
    | Store
    | Save
    | Unsaved
    | HintSeen
    | Download
    | After
    | Cancel
    | Send
    | ToHost
    | OpenTransport
    | CloseTransport
    | ShowInvite
    | ShowLobby
    | ShowGame
    | GameNews
    | HideGame
)


def message(effect: Effect) -> dict:
    """``effect`` as the page takes it: its kind (the class name) and its fields, nested effects likewise."""
    found = {"effect": type(effect).__name__}
    for item in fields(effect):
        value = getattr(effect, item.name)
        found[item.name] = message(value) if is_dataclass(value) else value
    return found
