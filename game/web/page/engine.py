"""The page's end of the engine's channel: the one ordered way between this page and the engine's worker.

The engine runs in Pyodide in PyScript's named worker ``engine`` (:mod:`game.web.worker`). Both ends speak plain
``postMessage`` of text, JSON, in order, as PyScript's documentation says a worker and its page may without
SharedArrayBuffer; nothing between them hands back a value. Each way:

- to the engine: a message of the page's (``{"type": ..., "location": ...}``: :meth:`game.web.app.App.handle` says
  which), or a question (``{"type": "ask", "id", "question", ...}``: how its Python started, its room's state, a
  snippet of Python to run, a memory snapshot to make);
- from the engine: ``{"kind": "answer", "effects": [...]}``, exactly one for each message of the page's, in the order
  they were sent (an engine that failed on one still answers it, with ``error``); ``{"kind": "batch", "effects":
  [...]}``, the effects of work the engine did on its own between messages (a timer of its own, drawing clicks
  ahead); ``{"kind": "reply", "id", "value"}`` or ``"error"``, one for each question.

The page counts what it sent and what came back: the table is busy while a message about it waits, and
``faceDownAnswered()`` resolves once every message has its answer (tests and tools wait on it). MicroPython, on
the page's thread.
"""

import json

import js

from game.web.page.dom import REDRAW, listen, place


class Engine:
    """The engine's worker as this page talks to it: messages in order, one answer each, and questions."""

    def __init__(self):
        self.worker = None  # PyScript's worker running the engine, once it is ready
        self.carry_out = None  # what carries the effects out (game.web.page.executor)
        self.unanswered = []  # for each message sent and not answered: whether the table waits for its answer
        self.held = 0
        self.when_answered = []  # resolvers of faceDownAnswered() promises
        self.questions = {}  # the resolvers of each question asked and not replied to, by its number
        self.asked = 0
        self.pending_save = None  # (key, text): the last move's save, not yet due

    def connect(self, worker, carry_out):
        """Talk to ``worker`` (the engine's, ready), carrying its effects out with ``carry_out``."""
        self.carry_out = carry_out
        listen(worker, "message", self.received)
        self.worker = worker

    def post(self, message, on_table=False):
        """Send ``message`` (a dict) to the engine; with ``on_table``, the table is busy until it answers. Nothing
        is sent before the engine is ready (its boot message reads what the page is then)."""
        if self.worker is None:
            return
        message["location"] = place()
        self.unanswered.append(on_table)
        if on_table:
            self.held += 1
            if self.held == 1:
                REDRAW.hold(True)
        self.worker.postMessage(json.dumps(message))

    def ask(self, question, details=None):
        """A promise of the engine's reply to ``question`` (with ``details``, a dict), rejected with its error."""
        self.asked += 1
        number = self.asked
        message = {"type": "ask", "id": number, "question": question}
        message.update(details or {})

        def asked(resolve, reject):
            self.questions[number] = (resolve, reject)

        promise = js.Promise.new(asked)
        self.worker.postMessage(json.dumps(message))
        return promise

    def received(self, event):
        """A message from the engine: an answer, a batch of effects or a reply."""
        sent = js.JSON.parse(event.data)
        kind = sent.kind
        if kind == "reply":
            resolve, reject = self.questions.pop(sent.id)
            error = getattr(sent, "error", None)
            if error is None:
                resolve(sent.value)
            else:
                reject(js.Error.new(error))
            return
        try:
            error = getattr(sent, "error", None)
            if error is not None:
                js.console.error("Face Down's engine failed on a message:", error)
            self.carry_out(sent.effects)
        except Exception as error:  # said, and the answer still counted: the page goes on
            js.console.error("Face Down could not carry out the engine's effects:", str(error))
        finally:
            if kind == "answer":
                self.count_answer()

    def count_answer(self):
        if self.unanswered.pop(0):
            self.held -= 1
            if self.held == 0:
                REDRAW.hold(False)
        if not self.unanswered:
            for resolve in self.when_answered:
                resolve(None)
            self.when_answered = []

    def all_answered(self, *_):
        """A promise that the engine has answered every message sent."""

        def wait(resolve, _reject):
            if self.unanswered:
                self.when_answered.append(resolve)
            else:
                resolve(None)

        return js.Promise.new(wait)

    def settled(self, *_):
        """A promise that the page has drawn and saved its last move: every message answered, then the frame
        showing that painted and what waited for it (the timers asked for then, such as the save) answered too."""

        def painted(*_):
            return js.Promise.new(lambda resolve, _reject: REDRAW.later(resolve, 0, True))

        return self.all_answered().then(painted).then(self.all_answered)


engine = Engine()
