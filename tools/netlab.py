"""A network lab on one machine: two homes behind routers of chosen kinds, and a public side between them.

Rooms connect browsers directly (WebRTC) where the networks allow it and through a relay where they do
not. Loopback tests cannot tell the two apart; this lab can. It is built from Linux network namespaces
(PLATFORM.md, "Real networks in a lab"), as root or inside ``tools/sealed.sh``'s user namespace:

    public side  198.51.100.1   the Nostr relay (tools/relay.mjs) and coturn (STUN, and TURN on UDP and TCP)
        │ bridge
        ├── host router  198.51.100.2 ── host's home  10.1.0.2   the site on 127.0.0.1:8000, a Chromium
        └── guest router 198.51.100.3 ── guest's home 10.2.0.2   the same

Each router is one of :data:`ROUTERS`: ``open`` (no NAT: the home's address is reachable from the public
side), ``home`` (a typical home router: Linux masquerade keeps the source port and lets in only replies
from addresses the home has sent to), ``symmetric`` (a carrier-grade NAT: a new port for every
destination) or ``udp-blocked`` (masquerade, and no UDP leaves: an office network). Nothing in the lab
reaches the machine's own network.

    with Lab("symmetric", "udp-blocked") as lab:
        browser = lab.launch(playwright.chromium, "host")   # a Chromium inside the host's home
        page = browser.new_page(); page.goto(lab.site)   # http://127.0.0.1:8000/, the home's own server
        lab.query(turn=False)                            # relay=ws://198.51.100.1:7447&ice=stun:198.51.100.1:3478

    python tools/netlab.py symmetric udp-blocked        # build a lab and keep it up until Ctrl-C (to explore)
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.chromium import CHROMIUM, FLAGS  # noqa: E402

PUBLIC = "198.51.100.1"
PREFIX = 24
RELAY_PORT = 7447
TURN_PORT = 3478
SITE_PORT = 8000
TURN_USER, TURN_PASSWORD = "face", "down"
START_S = 20  # a service that does not answer within this long failed to start


@dataclass(frozen=True)
class Router:
    """A kind of router: how it is shown in tables, and the nftables rules it runs (``{wan}``: its public side)."""

    label: str
    rules: str


MASQUERADE = """
table ip nat {{
  chain postrouting {{
    type nat hook postrouting priority srcnat;
    oifname "wan" masquerade{flags}
  }}
}}
table inet filter {{
  chain forward {{
    type filter hook forward priority 0; policy accept;
    iifname "wan" ct state new drop
    {udp}
  }}
}}
"""

ROUTERS = {
    "open": Router("public address", ""),
    "home": Router("home router", MASQUERADE.format(flags="", udp="")),
    "symmetric": Router("carrier-grade NAT", MASQUERADE.format(flags=" random,fully-random", udp="")),
    "udp-blocked": Router("UDP blocked", MASQUERADE.format(flags="", udp="meta l4proto udp drop")),
}
SIDES = {"host": 1, "guest": 2}  # the number in each side's addresses


class Namespace:
    """A network namespace held open by a sleeping process; ``run`` and ``start`` work inside it."""

    def __init__(self):
        self._holder = subprocess.Popen(
            ["unshare", "-n", "sh", "-c", "ip link set lo up && exec sleep infinity"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
        )
        own = os.readlink("/proc/self/ns/net")
        path = f"/proc/{self._holder.pid}/ns/net"
        deadline = time.monotonic() + START_S
        while os.readlink(path) == own:  # until the holder has left this namespace
            if time.monotonic() > deadline:
                raise RuntimeError("A network namespace could not be made (is this root or tools/sealed.sh?).")
            time.sleep(0.01)
        self.pid = self._holder.pid

    @property
    def enter(self) -> list[str]:
        """The command prefix that runs a program inside this namespace."""
        return ["nsenter", "-t", str(self.pid), "-n", "--"]

    def run(self, *argv: str, stdin: str | None = None) -> None:
        """Run a command inside; raise with its output if it fails."""
        done = subprocess.run([*self.enter, *argv], input=stdin, capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"{' '.join(argv)} failed in the lab: {done.stderr.strip() or done.stdout.strip()}")

    def start(self, argv: list[str], **options) -> subprocess.Popen:
        """Start a long-running program inside."""
        return subprocess.Popen([*self.enter, *argv], **options)

    def close(self) -> None:
        """End the namespace (and every interface in it) with its holder."""
        self._holder.kill()
        self._holder.wait()


class Lab:
    """The lab for one pair of routers: build it with ``with``, everything is gone after."""

    def __init__(self, host_router: str, guest_router: str):
        for kind in (host_router, guest_router):
            if kind not in ROUTERS:
                raise ValueError(f"Unknown router {kind!r}; the kinds are: {', '.join(ROUTERS)}.")
        self.routers = {"host": host_router, "guest": guest_router}
        self.site = f"http://127.0.0.1:{SITE_PORT}/"
        self.relay_url = f"ws://{PUBLIC}:{RELAY_PORT}"
        self._namespaces: list[Namespace] = []
        self._processes: list[subprocess.Popen] = []
        self._files = tempfile.TemporaryDirectory(prefix="netlab-")
        self.homes: dict[str, Namespace] = {}

    def query(self, turn: bool) -> str:
        """The URL parameters that point a page at the lab's relay and at its STUN (and, if ``turn``, TURN) server."""
        ice = f"stun:{PUBLIC}:{TURN_PORT}"
        if turn:
            # UDP first, then TCP for a network that lets no UDP out.
            credentials = f"{TURN_USER}:{TURN_PASSWORD}@{PUBLIC}:{TURN_PORT}"
            ice += f",turn:{credentials},turn:{credentials}?transport=tcp"
        return f"relay={self.relay_url}&ice={ice}"

    def launch(self, chromium, side: str):
        """A headless Chromium running inside ``side``'s home, from Playwright's ``chromium`` browser type (it drives
        the browser through a pipe, from this namespace)."""
        wrapper = Path(self._files.name) / f"chromium-{side}"
        wrapper.write_text(f'#!/bin/sh\nexec {" ".join(self.homes[side].enter)} {CHROMIUM} "$@"\n')
        wrapper.chmod(0o755)
        return chromium.launch(executable_path=str(wrapper), args=FLAGS)

    # --- building it ---------------------------------------------------------------------------------

    def __enter__(self) -> Lab:
        try:
            self._build()
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *_) -> None:
        for process in reversed(self._processes):
            process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=5)
            if process.poll() is None:
                process.kill()
        for namespace in self._namespaces:
            namespace.close()
        self._files.cleanup()

    def _namespace(self) -> Namespace:
        namespace = Namespace()
        self._namespaces.append(namespace)
        return namespace

    def _build(self) -> None:
        public = self._namespace()
        public.run("ip", "link", "add", "bridge", "type", "bridge")
        public.run("ip", "addr", "add", f"{PUBLIC}/{PREFIX}", "dev", "bridge")
        public.run("ip", "link", "set", "bridge", "up")
        routers = {}
        for side, number in SIDES.items():
            routers[side] = router = self._namespace()
            self.homes[side] = home = self._namespace()
            self._wire(public, "bridge", router, "wan", f"198.51.100.{number + 1}")
            self._wire(router, None, home, "lan", f"10.{number}.0.1", inner=f"10.{number}.0.2")
            router.run("sysctl", "-qw", "net.ipv4.ip_forward=1")
            home.run("ip", "route", "add", "default", "via", f"10.{number}.0.1")
            rules = ROUTERS[self.routers[side]].rules
            if rules:
                router.run("nft", "-f", "-", stdin=rules)
        # A home with a public address is reachable: the public side and the other router route to it.
        for side, number in SIDES.items():
            if self.routers[side] != "open":
                continue
            subnet, gateway = f"10.{number}.0.0/{PREFIX}", f"198.51.100.{number + 1}"
            public.run("ip", "route", "add", subnet, "via", gateway)
            other = routers["guest" if side == "host" else "host"]
            other.run("ip", "route", "add", subnet, "via", gateway)
        self._start_services(public)

    def _wire(self, outer: Namespace, bridge, inner_ns: Namespace, name: str, address: str, inner=None) -> None:
        """A cable: a veth pair from ``outer`` to ``inner_ns``.

        On the public side (``bridge`` given) the router's end is ``wan`` with ``address`` and the other end
        joins the bridge; between a router and its home, the router's end is ``lan`` with ``address`` and the
        home's is ``eth0`` with ``inner``.
        """
        here, there = f"v{inner_ns.pid}", f"w{inner_ns.pid}"
        subprocess.run(["ip", "link", "add", here, "type", "veth", "peer", "name", there], check=True)
        subprocess.run(["ip", "link", "set", here, "netns", str(outer.pid)], check=True)
        subprocess.run(["ip", "link", "set", there, "netns", str(inner_ns.pid)], check=True)
        if bridge:
            outer.run("ip", "link", "set", here, "master", bridge)
            outer.run("ip", "link", "set", here, "up")
            inner_ns.run("ip", "link", "set", there, "name", name)
            inner_ns.run("ip", "addr", "add", f"{address}/{PREFIX}", "dev", name)
            inner_ns.run("ip", "link", "set", name, "up")
        else:
            outer.run("ip", "link", "set", here, "name", name)
            outer.run("ip", "addr", "add", f"{address}/{PREFIX}", "dev", name)
            outer.run("ip", "link", "set", name, "up")
            inner_ns.run("ip", "link", "set", there, "name", "eth0")
            inner_ns.run("ip", "addr", "add", f"{inner}/{PREFIX}", "dev", "eth0")
            inner_ns.run("ip", "link", "set", "eth0", "up")

    def _start_services(self, public: Namespace) -> None:
        quiet = {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
        relay = ["node", str(ROOT / "tools" / "relay.mjs"), "--host", PUBLIC, "--port", str(RELAY_PORT)]
        self._processes.append(public.start(relay, **quiet))
        turn = [
            "turnserver", "-n", "--no-cli", "--no-tls", "--no-dtls", "--fingerprint", "--no-software-attribute",
            f"--listening-ip={PUBLIC}", f"--relay-ip={PUBLIC}", f"--listening-port={TURN_PORT}",
            "--lt-cred-mech", f"--user={TURN_USER}:{TURN_PASSWORD}", "--realm=netlab", "--log-file=stdout",
        ]  # fmt: skip
        self._processes.append(public.start(turn, **quiet))
        for home in self.homes.values():
            site = [sys.executable, str(ROOT / "tools" / "serve.py"), "--port", str(SITE_PORT)]
            self._processes.append(home.start(site, cwd=ROOT, **quiet))
        self._wait_for(public, PUBLIC, RELAY_PORT)
        self._wait_for(public, PUBLIC, TURN_PORT)
        for home in self.homes.values():
            self._wait_for(home, "127.0.0.1", SITE_PORT)

    def _wait_for(self, namespace: Namespace, address: str, port: int) -> None:
        """Wait until something listens on ``address:port`` inside ``namespace``."""
        probe = f"import socket; socket.create_connection(({address!r}, {port}), timeout=1).close()"
        deadline = time.monotonic() + START_S
        while subprocess.run([*namespace.enter, sys.executable, "-c", probe], capture_output=True).returncode:
            if time.monotonic() > deadline or any(process.poll() is not None for process in self._processes):
                raise RuntimeError(f"Nothing answered on {address}:{port} in the lab.")
            time.sleep(0.1)


def main(argv: list[str]) -> None:
    """Build the lab for two router kinds and keep it up until interrupted."""
    if len(argv) != 2:
        raise SystemExit(f"usage: python tools/netlab.py HOST_ROUTER GUEST_ROUTER  (kinds: {', '.join(ROUTERS)})")
    with Lab(*argv) as lab:
        for side, home in lab.homes.items():
            print(f"{side}: {ROUTERS[lab.routers[side]].label}; a shell inside: {' '.join(home.enter)} bash")
        print(f"pages: {lab.site}?{lab.query(turn=True)}")
        with contextlib.suppress(KeyboardInterrupt):
            time.sleep(10**9)


if __name__ == "__main__":
    main(sys.argv[1:])
