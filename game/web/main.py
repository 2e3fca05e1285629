"""The page's Python entry point: PyScript runs this file once the interpreter and the engine are loaded."""

from game.web.app import start

start()
