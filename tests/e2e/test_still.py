"""Still mode (`?still=1`, docs/page-contract.md): two cold loads of the same address, after the
same round, give the same screenshot, byte for byte, at the three sizes issue 48 names: a desktop
window (1280x800), a phone (390x844 at scale 3, touch) and a small embed (320x568, `?embed=1`
opened top-level). Without still mode the two screenshots differ: the control that shows the
comparison can fail.

Each load is a fresh context: the saved game (balance, the seed's generator state) is kept in
the context's storage, and a second load in the same context would start from the first one's
round. The screenshots are compared pixel by pixel, decoded by the browser (`differing`): equal
PNG bytes would be enough, but unequal bytes need not mean unequal pixels, and a count and a
box say where a failure is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import base64
from collections.abc import Iterator

import pytest
from e2e_harness import Site, Watch, boot, prepare_context
from playwright.sync_api import Browser, BrowserContext, Page

SIZES: dict[str, tuple[dict[str, Any], str]] = {
    "desktop": ({"viewport": {"width": 1280, "height": 800}}, ""),
    "phone": ({"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
               "is_mobile": True, "has_touch": True}, ""),
    "embed": ({"viewport": {"width": 320, "height": 568}}, "&embed=1"),
}


# The pixels (RGBA) that differ between two PNGs: {n, box: [x0, y0, x1, y1]}.
DIFFER = """async ([a, b]) => {
    const load = async (png) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
        const c = new OffscreenCanvas(bitmap.width, bitmap.height).getContext("2d");
        c.drawImage(bitmap, 0, 0);
        return c.getImageData(0, 0, bitmap.width, bitmap.height);
    };
    const [A, B] = [await load(a), await load(b)];
    if (A.width !== B.width || A.height !== B.height) return { n: A.width * A.height, box: null };
    let n = 0, x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
    for (let i = 0; i < A.data.length; i += 4) {
        if (A.data[i] === B.data[i] && A.data[i + 1] === B.data[i + 1] && A.data[i + 2] === B.data[i + 2]
            && A.data[i + 3] === B.data[i + 3]) continue;
        const x = (i / 4) % A.width, y = Math.floor(i / 4 / A.width);
        n++; x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
    return { n, box: n ? [x0, y0, x1, y1] : null };
}"""


@pytest.fixture(scope="module")
def decoder(browser: Browser, site: Site) -> Iterator[Page]:
    """A page of the site's origin (nothing booted) that decodes and compares screenshots."""
    page = browser.new_page()
    page.goto(site.root + "static/img/favicon.svg")
    yield page
    page.close()


def differing(decoder: Page, a: bytes, b: bytes) -> dict[str, Any]:
    if a == b:
        return {"n": 0, "box": None}
    result: dict[str, Any] = decoder.evaluate(DIFFER, [base64.b64encode(a).decode(), base64.b64encode(b).decode()])
    return result


def shot(new_context: Callable[..., BrowserContext], site: Site, size: str, query: str) -> bytes:
    """A cold load of `query` at `size` in a context of its own, one round played, settled."""
    args, extra = SIZES[size]
    ctx = new_context(**args)
    watch = Watch()
    prepare_context(ctx, watch)
    try:
        game = boot(ctx.new_page(), watch, f"{site.root}?{query}{extra}")
        game.page.evaluate("game.spin()")
        game.page.evaluate("game.settled()")
        # seed 5's first round wins a line: its lines and winning symbols (their loops) are shown
        assert game.page.evaluate("game.state().lastWin") > 0, "seed 5's round won nothing: pick a winning seed"
        png = game.page.screenshot()
        watch.assert_clean()
        return png
    finally:
        ctx.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_two_cold_loads_in_still_mode_give_the_same_picture(new_context: Callable[..., BrowserContext],
                                                             site: Site, decoder: Page, size: str) -> None:
    first = shot(new_context, site, size, "still=1&seed=5")
    second = shot(new_context, site, size, "still=1&seed=5")
    diff = differing(decoder, first, second)
    assert diff["n"] == 0, f"{size}: two still loads differ in {diff['n']} pixels, within {diff['box']}"


def test_without_still_mode_the_pictures_differ(new_context: Callable[..., BrowserContext], site: Site,
                                                decoder: Page) -> None:
    # The expectation comes from issue 48: the snow falls from unseeded positions and the bulbs
    # twinkle with the clock, so two loads' screenshots differed in 844-975 pixels
    # (toHaveScreenshot). One size is enough to show that the comparison above can fail.
    first = shot(new_context, site, "desktop", "seed=5")
    second = shot(new_context, site, "desktop", "seed=5")
    diff = differing(decoder, first, second)
    assert diff["n"] > 0, "without ?still=1 the pictures were identical: the still test proves nothing"
