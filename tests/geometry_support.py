"""The geometry checker (tests/geometry.js) as both browser suites call it, and its report.

tests/e2e/test_geometry.py (Playwright) and tests/xbrowser/test_frame_geometry.py (Firefox over WebDriver
BiDi, WebKit over W3C WebDriver) run the same JavaScript: this module reads it once.

    page.evaluate(PLAYWRIGHT_CALL, opts)      # -> ["[rule] element: numbers", ...]
    drv.eval(call("document.getElementById('g').contentWindow", opts))
    page.evaluate(f"({SETTLE})(window, true)")  # before measuring
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

GEOMETRY_JS = (Path(__file__).resolve().parent / "geometry.js").read_text()
# (opts) => problems, for Playwright's page.evaluate / frame.evaluate (the checked window is the
# one the function runs in)
PLAYWRIGHT_CALL = f"(opts) => ({GEOMETRY_JS})(window, opts)"
# The checker as a value, for a page that calls it itself (a MutationObserver on the round panels)
INSTALL = f"() => {{ window.__geometry = ({GEOMETRY_JS}); }}"

# (win, frames) => until the fonts and every image of `win`'s document are in and, with `frames`,
# two frames have passed (the reels' canvas follows its box through a ResizeObserver, whose
# callbacks run in the next frame's rendering steps). A lazy image that is not shown (the
# portrait village on a wide screen) never loads: it is not waited for.
SETTLE = """async (win, frames) => {
    const doc = win.document;
    await doc.fonts.ready;
    await Promise.all([...doc.images].filter((i) => !i.complete && !(i.loading === 'lazy' && !i.getClientRects().length))
        .map((i) => new Promise((done) => { i.addEventListener('load', done, { once: true });
                                            i.addEventListener('error', done, { once: true }); })));
    if (frames) await new Promise((done) => win.requestAnimationFrame(() => win.requestAnimationFrame(done)));
}"""

RULES = ("outside-viewport", "outside-scroll-area", "controls-overlap", "text-overflow", "text-cut",
         "text-spill", "touch-target", "small-text", "reel-share", "empty-band", "scope")


def call(window: str, opts: dict[str, Any]) -> str:
    """A JavaScript expression: the checker's problems for the window `window` (an expression)."""
    return f"({GEOMETRY_JS})({window}, {json.dumps(opts)})"


PROBLEM = re.compile(r"^\[(?P<rule>[a-z-]+)\] (?P<element>.*?): (?P<detail>.*)$", re.S)


def parse(problem: str) -> tuple[str, str, str]:
    """(rule, element, detail) of one of the checker's lines.

    >>> parse("[touch-target] button#spin: hit area 30x30 px, under 44x44")
    ('touch-target', 'button#spin', 'hit area 30x30 px, under 44x44')
    """
    m = PROBLEM.match(problem)
    if not m:
        return ("?", "?", problem)
    return (m["rule"], m["element"], m["detail"])


def grouped(found: dict[str, dict[str, list[str]]]) -> str:
    """`found` (case -> state -> problems) as text grouped by rule, then element, each line
    naming the cases and states where it was seen (the numbers of the first of them)."""
    by: dict[str, dict[str, list[tuple[str, str, str]]]] = defaultdict(lambda: defaultdict(list))
    for case, states in found.items():
        for state, problems in states.items():
            for problem in problems:
                rule, element, detail = parse(problem)
                by[rule][element].append((case, state, detail))
    lines = []
    total = sum(len(p) for states in found.values() for p in states.values())
    lines.append(f"{total} problems in {sum(1 for s in found.values() if any(s.values()))} of {len(found)} cases")
    lines.append("")
    lines.append("== per case: problems of each rule")
    for case, states in found.items():
        counts: dict[str, int] = defaultdict(int)
        for problems in states.values():
            for problem in problems:
                counts[parse(problem)[0]] += 1
        lines.append(f"  {case}: " + (", ".join(f"{r} {n}" for r, n in sorted(
            counts.items(), key=lambda kv: RULES.index(kv[0]) if kv[0] in RULES else len(RULES))) or "none"))
    for rule in sorted(by, key=lambda r: RULES.index(r) if r in RULES else len(RULES)):
        elements = by[rule]
        lines.append("")
        lines.append(f"== {rule}: {sum(len(v) for v in elements.values())} problems, {len(elements)} elements")
        for element, seen in sorted(elements.items(), key=lambda kv: -len(kv[1])):
            cases = sorted({c for c, _, _ in seen})
            lines.append(f"  {element}  ({len(seen)}x in {len(cases)} cases)")
            for case in cases:
                states = sorted({s for c, s, _ in seen if c == case})
                first = next(d for c, _, d in seen if c == case)
                lines.append(f"    {case} [{', '.join(states)}]: {first}")
    return "\n".join(lines) + "\n"
