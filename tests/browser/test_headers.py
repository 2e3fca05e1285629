"""The site under the headers it is deployed with (netlify.toml, applied by conftest's NetlifyHandler).

The Content-Security-Policy must let the app boot and play, and be no looser than that: each exception
it makes is shown to be needed by taking it out.
"""

from __future__ import annotations

import threading
from urllib.parse import urlencode

import pytest

from tools.serve import make_server

from .conftest import NetlifyHandler
from .driver import READY, play_to_end

QUICK = urlencode({"game": "concentration", "pairs": "8", "look": "0", "speed": "instant"})
# Chromium reports a violation as a console error too; this also catches the ones it reports only as events.
WATCH_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(event.violatedDirective);
  console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
});
"""


def test_the_app_boots_and_plays_under_its_deploy_headers(new_context, netlify_site):
    page = new_context().new_page()
    page.add_init_script(WATCH_VIOLATIONS)
    response = page.goto(f"{netlify_site.url}?{QUICK}")
    assert response.headers["content-security-policy"] == NetlifyHandler.headers_for("/")["Content-Security-Policy"]
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    play_to_end(page, seed=1)
    # The Python snapshot is made in a worker, whose script gets the same policy; the next visit restores it.
    page.wait_for_selector("html[data-snapshot='saved']", state="attached", timeout=90_000)
    assert page.evaluate("window.cspViolations") == []
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    assert page.evaluate("document.documentElement.dataset.python") == "restored"
    assert page.evaluate("window.cspViolations") == []  # and the fixture saw no console error


@pytest.mark.parametrize(
    ("exception", "refusal"),
    [
        # Said as the page's MicroPython compiles its WebAssembly.
        (" 'unsafe-eval'", "CompileError: WebAssembly"),
        (" style-src-attr 'unsafe-inline';", "CSP violation: style-src-attr "),
        (" worker-src 'self' blob:;", "Creating a worker from 'blob:"),
    ],
    ids=["unsafe-eval", "style-attributes", "blob-worker"],
)
def test_each_exception_in_the_policy_is_needed(browser, exception, refusal):
    policy = NetlifyHandler.headers_for("/")["Content-Security-Policy"]
    assert exception in policy

    class Tighter(NetlifyHandler):
        @classmethod
        def headers_for(cls, path: str) -> dict[str, str]:
            return {**super().headers_for(path), "Content-Security-Policy": policy.replace(exception, "")}

    server = make_server(0, handler=Tighter)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context()  # not new_context: the violation's console error is the point
    try:
        page = context.new_page()
        page.add_init_script(WATCH_VIOLATIONS)
        # Listening for the console, not polling the page: Playwright's polling evaluates strings, which the
        # tighter policy may forbid too.
        with page.expect_console_message(lambda message: refusal in message.text, timeout=60_000):
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/?{QUICK}")
    finally:
        context.close()
        server.shutdown()
        server.server_close()
