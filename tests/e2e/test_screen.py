"""What the game's screen shows, whatever its size: every control apart and inside the viewport
at the sizes players and embedding pages use, the feature's panels whole on small screens, and
amounts in euros written exactly as the browser's Intl.NumberFormat("en-IE", EUR) writes them.

Expected values: the viewport's own size and the controls' boxes measured by the browser, the
round the page resolved with (the engine decides it), and Intl's formatting as a second method.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from e2e_harness import Game, Site, minor
from page_support import module
from playwright.sync_api import expect


HUD_CONTROLS = ("#spin", "#buy", "#bet", "#bet-up", "#bet-down", "#balance", "#win",
                "#info-button", "#history-button", "#mute", "#turbo", "#autoplay-button")


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] - 0.5 and b["x"] < a["x"] + a["width"] - 0.5
            and a["y"] < b["y"] + b["height"] - 0.5 and b["y"] < a["y"] + a["height"] - 0.5)


# Phone portrait and landscape, the 16:9 and 800 x 600 frames marketing pages embed, a tablet,
# a laptop window.
@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, {"width": 568, "height": 320},
                                      {"width": 640, "height": 360}, {"width": 800, "height": 600},
                                      {"width": 768, "height": 1024}, {"width": 1280, "height": 720}],
                         ids=lambda v: f"{v['width']}x{v['height']}")
def test_layout_shows_every_control_apart(open_game: Callable[..., Game], site: Site, viewport: dict[str, int]) -> None:
    game = open_game(site.root + "?speed=fast")
    page = game.page
    page.set_viewport_size(viewport)
    # The canvas follows its box through a ResizeObserver, whose callbacks run in the next
    # frame's rendering steps: two frames later the new size has been drawn.
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    boxes = {}
    for selector in ("#reels", *HUD_CONTROLS):
        box = page.locator(selector).bounding_box()
        assert box is not None, selector
        # entirely inside the viewport (the page does not scroll)
        assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
        assert box["x"] + box["width"] <= viewport["width"] + 0.5, (selector, box)
        assert box["y"] + box["height"] <= viewport["height"] + 0.5, (selector, box)
        expect(page.locator(selector)).to_be_visible()
        boxes[selector] = box
    # no control covers another or the reels (a squeezed HUD row used to run the balance into
    # the bet buttons)
    names = list(boxes)
    clashes = [(p, q) for i, p in enumerate(names) for q in names[i + 1:] if overlap(boxes[p], boxes[q])]
    assert clashes == []
    # the reels are the game: they take (nearly) the whole width or more than half the height
    reels = boxes["#reels"]
    assert reels["width"] >= 0.9 * viewport["width"] or reels["height"] >= 0.55 * viewport["height"], reels
    rnd = page.evaluate("game.spin()")
    assert minor(page, "#win") == rnd["total_win"]


RECORD_PANELS = """() => {
    window.panels = [];
    new MutationObserver(() => {
        for (const p of document.querySelectorAll('#overlay .panel')) {
            if (p.dataset.seen) continue;
            p.dataset.seen = '1';
            // its layout box, not the mid-animation one (a panel pops in from scale .6):
            // offsets ignore transforms, and the overlay itself is not transformed
            const o = p.offsetParent.getBoundingClientRect();
            window.panels.push({ cls: p.className, x: o.x + p.offsetLeft, y: o.y + p.offsetTop,
                                 width: p.offsetWidth, height: p.offsetHeight });
        }
    }).observe(document.getElementById('overlay'), { childList: true });
}"""


# The small frames where a panel could outgrow the screen.
@pytest.mark.parametrize("viewport", [{"width": 568, "height": 320}, {"width": 640, "height": 360},
                                      {"width": 390, "height": 844}],
                         ids=lambda v: f"{v['width']}x{v['height']}")
def test_feature_panels_fit_the_screen(open_game: Callable[..., Game], site: Site, viewport: dict[str, int]) -> None:
    page = open_game(site.root + "?seed=3&speed=fast").page
    page.set_viewport_size(viewport)
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.evaluate(RECORD_PANELS)
    page.evaluate("game.buy()")  # CPython's bought feature of Random(3): an intro and an outro at least
    panels = page.evaluate("window.panels")
    kinds = " ".join(p["cls"] for p in panels)
    assert "panel-intro" in kinds and "panel-outro" in kinds
    for p in panels:  # each whole panel on screen, measured as it appeared
        assert p["x"] >= 0 and p["y"] >= 0, p
        assert p["x"] + p["width"] <= viewport["width"] + 0.5, p
        assert p["y"] + p["height"] <= viewport["height"] + 0.5, p


def test_the_euro_format_equals_intls(open_game: Callable[..., Game], site: Site) -> None:
    # static/js/ui/hud.js writes euros itself (no Intl formatter at start-up); the second method is
    # the browser's own Intl.NumberFormat("en-IE", EUR), on the amounts the game shows: zero,
    # cents, thousands and millions separators, the cap's size, negatives, and random ones.
    page = open_game(site.root + "?speed=fast").page
    rng = random.Random(11)
    amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456, 1000000, 12345678901,
               -1, -10, -100, -123456] + [rng.randrange(10 ** rng.randrange(1, 13)) for _ in range(300)]
    ours, intls = page.evaluate("""async (amounts) => {
        const { formatEuro } = await """ + module("core/money.js") + """;
        const nf = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
        return [amounts.map(formatEuro), amounts.map((m) => nf.format(m / 100))];
    }""", amounts)
    mismatches = [(a, o, i) for a, o, i in zip(amounts, ours, intls, strict=True) if o != i]
    assert not mismatches, mismatches[:10]
    assert ours[amounts.index(123456)] == "€1,234.56"  # by hand
