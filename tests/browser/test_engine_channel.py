"""The page and the engine's worker talk over one ordered channel of text messages (game/web/page/engine.py,
game/web/worker.py): every message of the page's gets exactly one answer, carried out in the order sent, and every
question its reply, thousands of times over; a message the engine fails on is still answered.

Each starts from a fixed game. The messages are the settings form's changes, made in one go: each asks the engine
for the other suits, and each answer marks the page's ``<html data-suits>`` (a Mark effect), which a
MutationObserver records with the value it replaced, so the page's marks are the answers as the page carried them
out, in order.
"""

from __future__ import annotations

import json

from .driver import open_game

TRIPS = 3000
GAME = {"game": "concentration", "pairs": "8", "players": "1", "bots": "0"}
# Toggle the suits setting `trips` times as fast as the page takes it, recording each value the page then marks;
# resolves once every message is answered to the marks in order and `answered` (or after 30 s to what came then).
TOGGLE_SUITS = """async (trips) => {
  const root = document.documentElement;
  const marks = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) marks.push(record.oldValue);
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-suits"], attributeOldValue: true });
  const box = document.querySelector('#settings-form [name="suits"]');
  for (let trip = 0; trip < trips; trip += 1) {
    box.checked = !box.checked;
    box.dispatchEvent(new Event("change", { bubbles: true }));
  }
  // A lost answer would keep this waiting for ever: what was carried out by then is the result.
  const answered = await Promise.race([
    faceDownAnswered().then(() => true),
    new Promise((done) => setTimeout(() => done(false), 30000)),
  ]);
  for (const record of observer.takeRecords()) marks.push(record.oldValue);
  observer.disconnect();
  marks.push(root.dataset.suits); // each record holds the value before it: the last value set is the page's now
  return { answered, marks: marks.slice(1) };
}"""


def test_every_message_gets_its_answer_in_order(page, site_url):
    open_game(page, site_url, **GAME)
    before = page.evaluate("document.documentElement.dataset.suits")
    toggled = page.evaluate(TOGGLE_SUITS, TRIPS)
    other = {"two": "four", "four": "two"}
    expected = [other[before] if trip % 2 == 0 else before for trip in range(TRIPS)]
    assert toggled["answered"]
    assert len(toggled["marks"]) == TRIPS
    assert toggled["marks"] == expected


def test_every_question_gets_its_reply(page, site_url):
    open_game(page, site_url, **GAME)
    replies = page.evaluate("(trips) => Promise.all(Array.from({ length: trips }, () => faceDownRoom()))", TRIPS)
    assert replies == [json.dumps({"role": None})] * TRIPS
    numbers = page.evaluate(
        "(trips) => Promise.all(Array.from({ length: trips }, (_, n) => faceDownPython(`${n}`)))", 50
    )
    assert numbers == list(range(50))


def test_a_message_the_engine_fails_on_is_still_answered(page, site_url, watch):
    open_game(page, site_url, **GAME)
    before = page.evaluate("document.documentElement.dataset.suits")
    # The engine fails on the next message it gets (the worker's app is its main module's).
    page.evaluate(
        "faceDownPython(`import __main__\\nreal = __main__.app.handle\\n"
        "def fail(text):\\n    __main__.app.handle = real\\n    raise RuntimeError('made to fail')\\n"
        "__main__.app.handle = fail`)"
    )
    with page.expect_console_message(lambda message: "made to fail" in message.text):  # said on the page's console
        failed = page.evaluate(TOGGLE_SUITS, 1)
    watch.errors.clear()  # the error said, as it should be
    assert failed == {"answered": True, "marks": []}  # answered, and it changed nothing
    # The next ones work; the failed one's box stayed ticked the other way, so the next toggle asks for the suits shown.
    assert page.evaluate(TOGGLE_SUITS, 2) == {
        "answered": True,
        "marks": [before, {"two": "four", "four": "two"}[before]],
    }
