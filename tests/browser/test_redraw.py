"""static/js/redraw.js itself makes the table changes that game/web/render.py computes: after them, the page's table
is the one the renderer draws whole. The changes are computed here, for every game all game long and for the
cases of tests/web/test_render.py; one page makes them all, with the script the app runs."""

from __future__ import annotations

import json
import random

from game import GAMES, new_match
from game.web.games import presenter_for
from game.web.render import Frame, changes_that_can_wait, render_table, table_changes
from tests.support import random_step
from tests.web.test_render import moving_spot_tables, tables_with_areas_that_come_and_go
from tools.serve import ROOT

# Each run: the table drawn first, then edits as the screen sends them ({now, later, html}), each with whether the
# frame was painted before the next. Where an edit carries its table's html, the page must show that table once the
# frame is painted (the html is left out of the others: megabytes of it would cross to the page for nothing).
# Returns what went wrong.
MAKE_RUNS = """async (runs) => {
  const table = document.getElementById("table");
  const painted = () => new Promise((resolve) => faceDownRedraw.later(resolve, 0, false));
  const shows = (html) => {
    const model = document.createElement("div");
    model.innerHTML = html;
    return table.isEqualNode(Object.assign(model, { id: "table", hidden: true }));
  };
  const wrong = [];
  for (const [name, start, steps] of runs) {
    table.innerHTML = start;
    for (const [index, [edit, paint]] of steps.entries()) {
      if (!faceDownRedraw.apply(table, edit)) wrong.push(`${name}, edit ${index}: a change found nothing to change`);
      if (paint) await painted();
      const { html } = JSON.parse(edit);
      if (html && !shows(html)) wrong.push(`${name}, edit ${index}: the table is not the one drawn whole`);
    }
  }
  return wrong;
}"""


def edit(now, later, html: str) -> str:
    """A redraw as the screen hands it to redraw.js (game.web.screen.DrawTable.to_json)."""
    return json.dumps({"now": now, "later": later, "html": html, "busy": False})


def game_runs(game: str) -> list:
    """Two games of ``game`` played at random, each move redrawn from the last; now and then a look puts a card up
    on two spots, and now and then the next move comes before the frame is painted (a bot's quick move)."""
    presenter, rng, runs = presenter_for(game), random.Random(game), []
    for seed in range(2):
        match = new_match(game, 2, {}, seed=seed)
        drawn = render_table(presenter, Frame(match.view(0), ["Ana", "Ben"], match.legal_actions(0), {}, {}))
        steps, start = [], drawn.html
        for _ in range(100):  # moves into each game, past its first turns and looks
            if match.result() is not None:
                break
            match.act(*random_step(match, rng))
            look = game != "matches" and rng.random() < 0.1  # cards only: Matches shows no looks
            reveals = {spot: "7H" for spot in rng.sample(sorted(drawn.faces), 2)} if look else {}
            new = render_table(
                presenter, Frame(match.view(0), ["Ana", "Ben"], match.legal_actions(0), reveals, drawn.faces)
            )
            now, later = changes_that_can_wait(table_changes(drawn, new))
            steps.append([now, later, new.html, rng.random() < 0.5])
            drawn = new
        steps[-1][3] = True  # the last frame is painted
        # The table is compared where a frame was painted, at every fifth edit and at the last.
        checked = [paint and (index % 5 == 0 or index == len(steps) - 1) for index, (*_, paint) in enumerate(steps)]
        edits = [
            (edit(now, later, html if check else ""), paint)
            for (now, later, html, paint), check in zip(steps, checked, strict=True)
        ]
        runs.append((f"{game}, seed {seed}", start, edits))
    return runs


def test_redraw_js_turns_the_drawn_table_into_the_new_one(page):
    page.set_content('<!doctype html><div id="table" hidden></div>')  # hidden: nothing to fit to a size
    page.add_script_tag(content=(ROOT / "static" / "js" / "redraw.js").read_text())
    runs = [run for game in GAMES for run in game_runs(game)]
    for name, (drawn, new) in {
        "areas that come and go": tables_with_areas_that_come_and_go(),
        "a spot that moves": moving_spot_tables(),
    }.items():
        runs.append((name, drawn.html, [(edit(table_changes(drawn, new), [], new.html), True)]))
    kinds = {change[0] for _, _, steps in runs for step, _ in steps for change in json.loads(step)["now"]}
    assert {"spot", "attribute", "add-area", "drop-spot", "after", "first", "columns"} <= kinds
    assert page.evaluate(MAKE_RUNS, runs) == []
