"""The page's Content-Security-Policy allows its own origin only (docs/hosting.md "Publishing"), and the
game runs under it (every other e2e test boots with it in force).

Scripts are held to `script-src 'self' 'wasm-unsafe-eval'`: no 'unsafe-eval'. By default Python
runs in the engine's worker (static/boot/engine-worker.mjs), which needs no eval; with
`?engine=page` PyScript runs main.py on the page, and PyScript builds a `Function()` from its
worker hooks at start-up unless static/boot/strict-csp.js empties them (an undocumented detail of
PyScript 0.7.31), so a PyScript update that brings it back fails here.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

import pytest
from e2e_harness import REPO_ROOT, Game, Site
from playwright.sync_api import BrowserContext

from engine import load_model, play_round

# Records every CSP violation the page reports, from its first script on.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
});
"""


def policy() -> str:
    html = (REPO_ROOT / "index.html").read_text()
    match = re.search(r'http-equiv="Content-Security-Policy"\s+content="([^"]+)"', html)
    assert match, "index.html has no Content-Security-Policy meta"
    return match.group(1)


def test_policy_names_no_other_origin() -> None:
    # Every source list may hold only keywords ('self', 'none', 'wasm-unsafe-eval',
    # 'unsafe-eval'): no scheme, host or wildcard that would let a request leave the origin.
    for directive in policy().split(";"):
        name, *sources = directive.split()
        for source in sources:
            assert source.startswith("'") and source.endswith("'"), f"{name} allows {source}"
    assert "default-src 'self'" in policy()


def test_browser_refuses_a_request_to_another_origin(open_game: Callable[..., Game], site: Site) -> None:
    game = open_game(site.root + "?speed=fast")
    page = game.page
    # 127.0.0.2 is another origin (still this machine): the policy must block it in the
    # browser before any request is made, and report the violation.
    violated = page.evaluate("""() => new Promise(resolve => {
        document.addEventListener('securitypolicyviolation', e => resolve(e.blockedURI), { once: true });
        const img = new Image();
        img.src = 'http://127.0.0.2:9/probe.png';
        document.body.append(img);
    })""")
    assert violated.startswith("http://127.0.0.2:9")
    # the browser refused it itself: a request to 127.0.0.2 it began (if any) failed on the policy
    page.wait_for_function("() => true")  # (a round trip, for the failure's event to arrive)
    tried = [url for url in game.watch.requests if "127.0.0.2" in url]
    assert all(game.watch.failed.get(url) == "csp" for url in tried), (tried, game.watch.failed)
    # The refusal is the browser's, logged as a console error: expected here, not a game fault.
    game.watch.console_errors[:] = [e for e in game.watch.console_errors if "Content Security Policy" not in e]


def test_scripts_get_no_unsafe_eval() -> None:
    directives = {d.split()[0]: d.split()[1:] for d in policy().split(";") if d.strip()}
    # the strict policy, word for word: own scripts and WebAssembly compilation only
    assert directives["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert "'unsafe-eval'" not in policy() and "'unsafe-inline'" not in policy()


# Python in the engine's worker (the default), and on the page (`?engine=page`, static/js/round/bridge.js:
# PyScript and our loader on the main thread, where PyScript's worker hooks must be emptied).
@pytest.mark.parametrize("engine", ["", "&engine=page"], ids=["worker", "page"])
def test_game_plays_a_seeded_round_under_the_strict_policy(
    context: BrowserContext, open_game: Callable[..., Game], site: Site, engine: str
) -> None:
    context.add_init_script(RECORD_VIOLATIONS)
    game = open_game(site.root + "?seed=11&speed=fast" + engine)
    page = game.page
    # The policy is in force, not just written: a script of the page's own origin (served here
    # by the test) that builds a Function() is refused with an EvalError.
    context.route("**/csp-probe.js", lambda route: route.fulfill(
        body="try { Function('return 1')(); window.probe = 'ran'; } catch (e) { window.probe = e.name; }",
        content_type="text/javascript"))
    page.evaluate("""() => new Promise((done) => {
        const s = document.createElement('script');
        s.src = './csp-probe.js';
        s.onload = done;
        document.head.append(s);
    })""")
    assert page.evaluate("window.probe") == "EvalError"
    # expected: CPython's first play_round(model, 100, Random(11)), the seeded-page contract
    want = play_round(load_model(), 100, random.Random(11)).to_dict()
    got = page.evaluate("game.spin()")
    assert [s["stops"] for s in got["spins"]] == [s["stops"] for s in want["spins"]]
    assert got["total_win"] == want["total_win"]
    # Nothing else was blocked: boot and round needed no more than the policy. The probe's
    # refusal is the only report (blockedURI "eval"), and the only console error.
    violations = page.evaluate("window.__cspViolations")
    assert violations == ["script-src eval"], json.dumps(violations)
    game.watch.console_errors[:] = [e for e in game.watch.console_errors if "unsafe-eval" not in e]
