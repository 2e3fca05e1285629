"""The Nostr relays the room tests and benchmarks run on 127.0.0.1: the project's own, and one nobody here wrote.

``project_relay(*flags)`` runs ``node tools/relay.mjs`` (its flags make it behave like the relays other people run:
its header says which). ``ThirdPartyRelay`` runs the Python package ``nostr-relay`` (pinned in pyproject.toml's
test extra) with its own defaults, for tests/browser/test_relays.py and the relay lab (bench/relays.py).

Its defaults are what a new user meets: the configuration file it ships with, whose checks refuse any event whose
content is over 4,096 characters (a limit its NIP-11 document does not say), and after each refusal it delays
everything else on that connection. Of that file only two settings change: where it keeps its database and where
it listens (127.0.0.1, a free port), each in a directory of its own; gunicorn's control socket goes there too
(``XDG_RUNTIME_DIR``), so several can run at once.

    with project_relay("--rate", "5") as url: ...       # ws://127.0.0.1:PORT
    relay = ThirdPartyRelay(tmp_path)                    # started; relay.url is ws://127.0.0.1:PORT
    relay.stop()
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import shutil
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import yaml  # nostr-relay's own dependency: its configuration is YAML

from tools.orphans import end_with_parent

ROOT = Path(__file__).resolve().parent.parent
START_LIMIT_S = 60  # its database migrations and gunicorn's start take 2-3 s here, more on a loaded machine
LISTENING = re.compile(r"Listening at: http://(127\.0\.0\.1:\d+)")


@contextlib.contextmanager
def project_relay(*flags: str) -> Iterator[str]:
    """``node tools/relay.mjs`` with ``flags`` on 127.0.0.1 while the block runs; yields its ws:// URL."""
    command = ["node", str(ROOT / "tools" / "relay.mjs"), *flags]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, preexec_fn=end_with_parent)
    try:
        words = process.stdout.readline().split()
        if words[:1] != ["relay"]:
            raise RuntimeError(f"tools/relay.mjs did not start (it said {words!r})")
        yield words[1]
    finally:
        process.terminate()
        process.wait(timeout=10)


class ThirdPartyRelay:
    """``nostr-relay serve`` on 127.0.0.1, started at once; its log is ``relay.log`` in ``directory``."""

    def __init__(self, directory: Path):
        executable = shutil.which("nostr-relay")
        if executable is None:
            raise RuntimeError("nostr-relay is not installed: `make deps` installs it (pyproject.toml's test extra).")
        directory.mkdir(parents=True, exist_ok=True)
        shipped = Path(importlib.util.find_spec("nostr_relay").origin).parent / "config.yaml"
        settings = yaml.safe_load(shipped.read_text())
        settings["storage"]["sqlalchemy.url"] = f"sqlite+aiosqlite:///{directory / 'nostr.sqlite3'}"
        settings["gunicorn"]["bind"] = "127.0.0.1:0"
        config = directory / "config.yaml"
        config.write_text(yaml.safe_dump(settings))
        self.log = directory / "relay.log"
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                [executable, "-c", str(config), "serve"],
                cwd=directory,
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, "XDG_RUNTIME_DIR": str(directory)},
                start_new_session=True,  # its gunicorn worker goes with it in stop()
                preexec_fn=end_with_parent,
            )
        self.url = f"ws://{self._wait_for_address()}"

    def _wait_for_address(self) -> str:
        # gunicorn says where it listens before its worker has booted: the relay is ready once it answers.
        deadline = time.monotonic() + START_LIMIT_S
        while time.monotonic() < deadline and self.process.poll() is None:
            found = LISTENING.search(self.log.read_text(errors="replace"))
            if found and _answers(found.group(1)):
                return found.group(1)
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"nostr-relay did not start; its log ends: {self.log.read_text()[-2000:]}")

    def stop(self) -> None:
        """Stop the relay and its worker."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, 15)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, 9)
                self.process.wait(timeout=10)


def _answers(address: str) -> bool:
    try:
        with urllib.request.urlopen(f"http://{address}/", timeout=2) as response:
            return response.status == 200
    except OSError:
        return False
