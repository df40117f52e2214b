"""The geometry checker of issue 32 (tests/geometry.js; tests/e2e/test_geometry.py states the
rules and runs them over every size, language and panel in Chromium) in Chromium, Firefox ESR and
WebKitGTK: the game at rest and its info dialog, at 390x844 (a phone held upright) and 1280x800,
in English, from the shipped dist/.

The game is in an iframe of exactly that size (conftest.py's frame.html): its document lays out as
in a viewport of that size in every engine (MiniBrowser's window cannot be made that narrow), and
the checker measures the frame's window. Neither WebDriver session here emulates a touch screen
(Firefox's BiDi and WebKit's W3C WebDriver offer no touch or mobile emulation; drivers.py), so the
touch rules (44 x 44 px hit areas, no text under 12 px) are not asked for: the layout rules only,
and at 390x844 the portrait ones (the reels' share of the screen, no empty band), which are the
layout's. Expected values: the issue's thresholds, in tests/geometry.js.

It runs in any order with the other files: the first-visit test loads the game under a sub-path
of its own (nginx.py FIRST_VISIT_PATH), so what this file loads never reaches its cache.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from urllib.parse import quote

from drivers import Driver, report
from geometry_support import SETTLE, call
from nginx import Nginx

Step = Callable[[str], AbstractContextManager[None]]
FRAME = "document.getElementById('g').contentWindow"
SIZES = [(390, 844), (1280, 800)]


def test_geometry_at_rest_and_in_the_info_dialog(drv: Driver, server: Nginx, step: Step) -> None:
    problems = [p for size in SIZES for p in geometry_at(drv, server, step, size)]
    assert not problems, f"[{drv.name} {drv.version}] {len(problems)} geometry problems:\n  " + "\n  ".join(problems)


def geometry_at(drv: Driver, server: Nginx, step: Step, size: tuple[int, int]) -> list[str]:
    width, height = size
    opts = {"width": width, "height": height}
    portrait = {"reelShare": True, "bands": True} if size == (390, 844) else {}
    game = server.game + "?lang=en&speed=fast"
    with step(f"boot in a {width}x{height} frame"):
        drv.open(f"{server.origin}/frame.html?w={width}&h={height}&src={quote(game, safe='')}")
        assert drv.wait(f"{FRAME}.document?.documentElement?.dataset.state !== 'loading' && "
                        f"{FRAME}.document?.documentElement?.dataset.state", timeout=150) == "ready"
        assert drv.eval(f"[{FRAME}.innerWidth, {FRAME}.innerHeight]") == [width, height]
    found: dict[str, list[str]] = {}
    with step(f"the game at rest, {width}x{height}"):
        drv.eval(f"({SETTLE})({FRAME}, true)")
        found["at rest"] = drv.eval(call(FRAME, {**opts, **portrait}))
    with step(f"the info dialog, {width}x{height}"):
        drv.eval(f"{FRAME}.document.getElementById('info-button').click()")
        drv.wait(f"{FRAME}.document.querySelector('#info-dialog[open] #info-content > *') !== null")
        drv.eval(f"({SETTLE})({FRAME}, false)")
        found["info dialog"] = drv.eval(call(FRAME, {**opts, "scope": ["#info-dialog"]}))
    lines = [f"{width}x{height}, {state}: {p}" for state, problems in found.items() for p in problems]
    report(drv.name, f"{drv.name}: geometry at {width}x{height}: {len(lines)} problems")
    return lines
