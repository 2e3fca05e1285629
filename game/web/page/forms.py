"""The page's two forms as the engine reads them: the picker's choice and the settings. MicroPython, on the page's
thread."""

from game.web.page.dom import by_id


def picker_fields():
    """The picker's choice as URL parameters: the game, the level, the names and the game's own fields."""
    form = by_id("picker")
    game = form.elements.namedItem("game").value
    params = {"game": game, "level": form.elements.namedItem("level").value}
    names = form.elements.namedItem("names").value.strip()
    if names:
        params["names"] = names
    fields = form.querySelectorAll('fieldset[data-game="' + game + '"] [name]')
    for index in range(fields.length):
        field = fields[index]
        params[field.name] = str(field.checked).lower() if field.type == "checkbox" else field.value
    return params


def settings_fields():
    """The settings form's values."""
    fields = by_id("settings-form").elements
    return {
        "look": fields.namedItem("look").value,
        "speed": fields.namedItem("speed").value,
        "suits": bool(fields.namedItem("suits").checked),
        "sound": fields.namedItem("sound").value,
        "name": fields.namedItem("name").value,
    }
