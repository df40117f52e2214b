"""Visual regression of the moments that matter, in still mode (`?still=1`, docs/page-contract.md):
the idle game, the feature intro, a landed epic win, the max win, at 1280x800, a phone's 390x844
(scale 3, touch) and 320x568 embedded in a host page; each compared pixel for pixel with its committed baseline
(__screenshots__/) by the integrators' kit's own assertion (testkit/python `assert_screenshot`).

The expected pictures are the baselines: a cold load of the same address after the same round,
stored by `make screenshots` and looked at by a person before committing. Still mode promises
that the picture depends only on the address and the rounds played, so any difference is a change
of the picture (or a broken promise): either way a person decides, and `make screenshots` stores
the new one. The round of each scenario is the engine's (engine/data/scenarios.json); each test
also checks, from the round's own figures, that the screen shows that round, so a baseline of a
wrong screen cannot pass.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from e2e_harness import Site, Watch, boot, prepare_context
from embed_support import host
from engine import load_model
from playwright.sync_api import Browser, BrowserContext, Frame, Page
from pytest_book_of_christmas_eve.game import EmbeddedGame

MODEL = load_model()
# On both cores (`make test`), each test here runs while the other worker waits (tests/parallel.py):
# a still picture taken under another test's load once differed (the max win's glow, Spin's ring).
RUN_ALONE = True
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
EMBED = (320, 568)  # the iframe's size in the host page

# (name, launch settings, what to play: None, "spin" or "buy")
MOMENTS = [
    ("idle", {"seed": 1}, None),
    ("epic-win", {"scenario": "epic-win"}, "spin"),
    ("max-win", {"scenario": "max-win"}, "buy"),
]

PLAY = """async (how) => {
    const round = how === "spin" ? await game.spin() : how === "buy" ? await game.buy() : null;
    await game.settled();
    return round;
}"""


def query(settings: dict[str, Any]) -> str:
    return "&".join(f"{k}={v}" for k, v in {"still": 1, **settings}.items())


@contextmanager
def screen_context(browser: Browser, args: dict[str, Any], screen: str) -> Iterator[tuple[BrowserContext, Watch]]:
    """A context of its own at the screen's size (the phone's for "phone", else the desktop's),
    with the network guard; clean at the end, then closed."""
    context = browser.new_context(**{**args, **(PHONE if screen == "phone" else DESKTOP)})
    watch = Watch()
    prepare_context(context, watch)
    try:
        yield context, watch
        watch.assert_clean()
    finally:
        context.close()


def framed(context: BrowserContext, watch: Watch, site: Site, settings: dict[str, Any]) -> EmbeddedGame:
    """The game at 320x568 in the kit's host page (served on the game's origin), once ready."""
    src = f"{site.root}?embed=1&{query(settings)}"
    return EmbeddedGame(host(context, watch, src, width=EMBED[0], height=EMBED[1]), src)


def check_round(where: Page | Frame, how: str | None, played: dict[str, Any] | None) -> None:
    """The screen shows the round played: its win on the meter, and, for the max win, the cap
    (the model's max_win x the bet: engine/data/model.json)."""
    if how is None:
        assert played is None
        return
    assert played is not None
    assert where.locator("#win").get_attribute("data-minor") == str(played["total_win"])
    if how == "buy":
        assert played["end"] == "max_win" and played["total_win"] == MODEL.max_win * played["bet"]
    else:  # an epic win: the model's top big-win tier, below the cap
        assert MODEL.big_win(played["total_win"], played["bet"]) == MODEL.big_wins[-1]
        assert played["total_win"] < MODEL.max_win * played["bet"]


@pytest.mark.parametrize("name, settings, how", MOMENTS, ids=[m[0] for m in MOMENTS])
@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_moment_looks_as_stored(browser: Browser, browser_context_args: dict[str, Any], site: Site,
                                assert_screenshot: Callable[..., None], screen: str, name: str,
                                settings: dict[str, Any], how: str | None) -> None:
    with screen_context(browser, browser_context_args, screen) as (context, watch):
        game = boot(context.new_page(), watch, f"{site.root}?{query(settings)}")
        played = game.page.evaluate(PLAY, how)
        check_round(game.page, how, played)
        # the phone's picture at CSS pixels (390x844): its 3x would be a 1170x2532 file each
        phone = {"scale": "css"} if screen == "phone" else {}
        assert_screenshot(game.page, f"{screen}-{name}", **phone)


@pytest.mark.parametrize("name, settings, how", MOMENTS, ids=[m[0] for m in MOMENTS])
def test_embedded_moment_looks_as_stored(browser: Browser, browser_context_args: dict[str, Any], site: Site,
                                         assert_screenshot: Callable[..., None], name: str,
                                         settings: dict[str, Any], how: str | None) -> None:
    with screen_context(browser, browser_context_args, "embed") as (context, watch):
        embedded = framed(context, watch, site, settings)
        played = embedded.frame.evaluate(PLAY, how)
        check_round(embedded.frame, how, played)
        assert_screenshot(embedded.page.locator("#g"), f"embed-{name}")


# The feature intro is a moment inside a round (its panel closes by itself): the page's clock is
# held (Playwright's page.clock, paused; docs/page-contract.md, its table row `?still=1`) and moved
# 16 ms at a time until the book has landed on the special symbol: the kit's hold_until, of the
# game's page or of the framed game (whose clock is its host page's).
INTRO = "ses-SANTA"  # a bought feature whose special expanding symbol is SANTA (scenarios.json)
LANDED = ".panel-intro .book-anim[data-landed]"


@pytest.mark.parametrize("screen", ["desktop", "phone", "embed"])
def test_feature_intro_looks_as_stored(browser: Browser, browser_context_args: dict[str, Any], site: Site,
                                       assert_screenshot: Callable[..., None], screen: str) -> None:
    with screen_context(browser, browser_context_args, screen) as (context, watch):
        settings = {"scenario": INTRO}
        if screen == "embed":
            embedded = framed(context, watch, site, settings)
            embedded.page.clock.install()
            embedded.hold_until(LANDED, play="buy")
            where: Page | Frame = embedded.frame
            target = embedded.page.locator("#g")
        else:
            page = context.new_page()
            page.clock.install()
            game = boot(page, watch, f"{site.root}?{query(settings)}")
            game.hold_until(LANDED, play="buy")
            where = target = page
        # the scenario's special symbol, by the engine (its name says it: ses-SANTA)
        assert where.locator(LANDED).get_attribute("data-landed") == INTRO.removeprefix("ses-")
        phone = {"scale": "css"} if screen == "phone" else {}
        assert_screenshot(target, f"{screen}-feature-intro", **phone)
