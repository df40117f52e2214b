"""The page's Content-Security-Policy allows its own origin only (README "Hosting"), and the game runs under it (every other e2e test boots with it in force)."""

from __future__ import annotations

import re
from collections.abc import Callable

from e2e_harness import REPO_ROOT, Game, Site


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
    assert not any("127.0.0.2" in url for url in game.watch.requests)
    # The refusal is the browser's, logged as a console error: expected here, not a game fault.
    game.watch.console_errors[:] = [e for e in game.watch.console_errors if "Content Security Policy" not in e]
