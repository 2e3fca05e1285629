"""The browser UI. Only :mod:`game.web.app` touches the page; every other module here is pure Python."""
