"""Keyboard and screen reader (docs/controls.md "Accessibility"): focus stays on a control through a round
and comes back to Spin; Escape dismisses the messages; every round's outcome and balance is
announced in the one polite live region; and axe-core (a pinned npm devDependency, injected
by the test from node_modules, never served by the page) finds no serious or critical
violation in the main states: base game, feature, each dialog, another tab playing, phone; nor
on the PAR page (par.html) at 1280x800 and 390x844, whose tables scroll sideways on a phone
in boxes a keyboard reaches.

Expected announcements come from CPython's `play_round(load_model(), 100, random.Random(seed))`
and the amounts formatted as the page's en-IE euro format prints them ("€1,234.56").
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from e2e_harness import REPO_ROOT, Site, Watch, prepare_context
from playwright.sync_api import BrowserContext, Page, expect
from seeds import first_seed_of
from tabs_support import BET, DEMO, MODEL, first_feature_seed, open_tab, wait_ready

from engine import play_round

AXE = REPO_ROOT / "node_modules" / "axe-core" / "axe.min.js"


def euro(minor: int) -> str:
    return f"€{minor / 100:,.2f}"


# Every element that had focus while the page played, frame by frame, and what it announced.
FOCUS_SPY = """() => {
    window.__focus = [];
    window.__said = [];
    const note = () => {
        if (document.documentElement.dataset.state === 'playing') {
            const id = document.activeElement?.id || document.activeElement?.tagName;
            if (window.__focus.at(-1) !== id) window.__focus.push(id);
        }
        requestAnimationFrame(note);
    };
    note();
    const region = document.getElementById('announce');
    new MutationObserver(() => window.__said.push(region.textContent))
        .observe(region, { childList: true, characterData: true, subtree: true });
}"""


def focused(page: Page) -> str:
    return page.evaluate("document.activeElement?.id || document.activeElement?.tagName")


def test_focus_stays_on_a_control_through_a_round_and_returns_to_spin(open_game: Callable[..., Any],
                                                                       site: Site) -> None:
    # at quick-spin speed (every wait 0.45 of normal): each panel of the feature is still shown
    # and answered, in half the time of normal speed
    page = open_game(site.root + "?seed=7&speed=turbo").page
    page.evaluate(FOCUS_SPY)
    page.focus("#spin")
    page.keyboard.press("Space")
    page.wait_for_selector("html[data-state=playing]", state="attached")
    wait_ready(page)
    # expected: Spin had focus in every frame of the round, and has it after
    assert page.evaluate("window.__focus") == ["spin"]
    assert focused(page) == "spin"
    # The buy path by keyboard: the dialog takes focus, Buy confirms, focus goes back to the
    # Buy button while the feature plays and then to Spin.
    page.evaluate("window.__focus = []")
    page.focus("#buy")
    page.keyboard.press("Enter")
    expect(page.locator("#buy-dialog")).to_be_visible()
    page.focus("#buy-confirm")
    page.keyboard.press("Enter")
    page.wait_for_selector("html[data-state=playing]", state="attached")
    wait_ready(page)
    assert set(page.evaluate("window.__focus")) <= {"buy", "spin"}, page.evaluate("window.__focus")
    assert focused(page) == "spin"


def test_every_outcome_and_balance_is_announced_politely(open_game: Callable[..., Any], site: Site) -> None:
    # the first seed whose first four rounds hold both a losing and a winning round (found on
    # CPython from the model, seeds.py)
    seed = first_seed_of(lambda rs: {r.total_win > 0 for r in rs} == {True, False}, 4, bet=BET)
    page = open_game(site.root + f"?seed={seed}&speed=fast").page
    page.evaluate(FOCUS_SPY)
    rng = random.Random(seed)
    balance = DEMO
    rounds = [play_round(MODEL, BET, rng).to_dict() for _ in range(4)]
    # CPython's first four rounds of Random(seed) hold both a losing and a winning round
    assert {r["total_win"] > 0 for r in rounds} == {True, False}
    for r in rounds:
        page.evaluate("window.__said = []")
        page.evaluate("game.spin()")
        balance += r["total_win"] - BET
        said = page.evaluate("window.__said")
        outcome = f"Win {euro(r['total_win'])}" if r["total_win"] else "No win"
        assert f"{outcome}. Balance {euro(balance)}." in said, said
    # one polite live region on the page once it is loaded
    regions = page.evaluate("""() => [...document.querySelectorAll('[aria-live=polite], [role=status], [role=log]')]
        .filter((e) => e.id === 'announce' || e.checkVisibility()).map((e) => e.id)""")
    assert regions == ["announce"], regions


def test_escape_dismisses_the_messages(open_game: Callable[..., Any], context: BrowserContext, site: Site) -> None:
    context.add_init_script("Storage.prototype.setItem = function () { throw new DOMException('quota', 'QuotaExceededError'); };")
    page = open_game(site.root + "?speed=fast").page
    notice, message = page.locator("#save-notice"), page.locator("#message")
    expect(notice).to_be_visible()
    page.evaluate(f"game.setBet({MODEL.bets[-1]})")
    page.evaluate("game.buy().catch(() => {})")  # 85 x 100.00 is more than the demo balance
    expect(message).to_contain_text("not enough")
    page.keyboard.press("Escape")
    expect(message).to_be_hidden()
    expect(notice).to_be_hidden()


def audit(page: Page, label: str) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ['violations'] });
        return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
    }""")
    return [f"{label}: {v}" for v in found]


@pytest.fixture
def audit_context(new_context: Callable[..., BrowserContext], watch: Watch) -> BrowserContext:
    # The page's CSP admits its own scripts only; the audit script is the test's, so the
    # context bypasses the CSP (test_csp.py checks the CSP itself).
    ctx = new_context(bypass_csp=True)
    prepare_context(ctx, watch)
    return ctx


def test_axe_finds_no_serious_violation_in_the_main_states(audit_context: BrowserContext, watch: Watch,
                                                             site: Site) -> None:
    assert AXE.is_file(), "node_modules/axe-core is missing: run `make vendor` (npm ci)"
    # at the normal speed, so the feature is still on screen while it is audited
    seed = first_feature_seed()
    page = open_tab(audit_context, watch, site.root + f"?seed={seed}").page
    problems = audit(page, "base game")
    for dialog, opener in (("#info-dialog", "#info-button"), ("#history-dialog", "#history-button"),
                           ("#buy-dialog", "#buy")):
        page.click(opener)
        expect(page.locator(dialog)).to_be_visible()
        problems += audit(page, dialog)
        page.keyboard.press("Escape")
        expect(page.locator(dialog)).to_be_hidden()
    # another tab of the same browser: it waits, saying so
    other = open_tab(audit_context, watch, site.root + f"?seed={seed}&speed=fast").page
    expect(other.locator("#tab-notice")).to_be_visible()
    problems += audit(other, "another tab playing")
    other.close()
    # the feature (the first round of this seed triggers it)
    page.evaluate("() => { game.spin(); }")
    expect(page.locator("#feature-bar")).to_be_visible(timeout=60_000)
    problems += audit(page, "feature")
    page.close()
    # a phone held upright
    phone = open_tab(audit_context, watch, site.root + "?speed=fast").page
    phone.set_viewport_size({"width": 390, "height": 844})
    problems += audit(phone, "phone 390x844")
    assert problems == [], "\n".join(problems)


def test_axe_finds_no_serious_violation_in_sharing_and_on_a_replay_links_page(
        audit_context: BrowserContext, watch: Watch, site: Site) -> None:
    page = open_tab(audit_context, watch, site.root + "?seed=2&speed=fast").page
    page.evaluate("game.spin()")
    page.click("#history-button")
    page.locator(".history-share").first.click()
    expect(page.locator("#share-box")).to_be_visible()
    problems = audit(page, "history with a replay link")
    link = page.locator("#share-link").input_value()
    page.keyboard.press("Escape")
    replay = open_tab(audit_context, watch, link + "&speed=fast").page
    expect(replay.locator("#replay-play")).to_be_visible()
    problems += audit(replay, "replay link")
    # Space plays the shared round from the keyboard, as it spins in the game
    replay.keyboard.press("Space")
    replay.evaluate("game.settled()")
    assert replay.evaluate("document.getElementById('replay-play').textContent") == "Play again"
    assert problems == [], "\n".join(problems)


# par.html's table boxes (static/js/par/figures.js table()) as shown now: whether each scrolls, and
# what makes it reachable and named.
TABLE_BOXES = """() => [...document.querySelectorAll('.par-table-wrap')].filter((w) => w.checkVisibility()).map((w) => ({
    table: w.querySelector('table').className, scrolls: w.scrollWidth > w.clientWidth || w.scrollHeight > w.clientHeight,
    tabindex: w.getAttribute('tabindex'), role: w.getAttribute('role'), name: w.getAttribute('aria-label'),
    caption: w.querySelector('caption')?.textContent ?? null,
}))"""


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=lambda v: f"{v['width']}x{v['height']}")
def test_axe_finds_no_serious_violation_on_the_par_page(audit_context: BrowserContext, watch: Watch, site: Site,
                                                         viewport: dict[str, int]) -> None:
    size = f"{viewport['width']}x{viewport['height']}"
    page = open_tab(audit_context, watch, site.root + "par.html").page
    page.set_viewport_size(viewport)
    problems = audit(page, f"par.html {size}")
    # the folded tables (every reel stop, the paylines) open: taller than their box, they scroll
    page.eval_on_selector_all(".par-details", "ds => ds.forEach((d) => { d.open = true; })")
    problems += audit(page, f"par.html {size}, folded tables open")
    assert problems == [], "\n".join(problems)
    boxes = page.evaluate(TABLE_BOXES)
    # the audit had scrolling boxes to judge: the reel strips in their folds, and on a phone the
    # wide tables (the specials, the symbol counts, the paytable) sideways too
    scrolling = {b["table"] for b in boxes if b["scrolls"]}
    assert "par-table par-strips" in scrolling, boxes
    if viewport["width"] < 500:
        assert {"par-table par-specials", "par-table par-counts", "par-table par-paytable"} <= scrolling, boxes
    # each box a keyboard stop with a name: its table's caption where it has one
    for b in boxes:
        assert (b["tabindex"], b["role"]) == ("0", "region") and b["name"], b
        assert b["caption"] is None or b["name"] == b["caption"], b
    # Tab reaches a box, which shows it has the focus; on a phone the arrow keys scroll it
    page.evaluate("window.scrollTo(0, 0); document.activeElement?.blur()")
    reached = False
    for _ in range(80):
        page.keyboard.press("Tab")
        reached = page.evaluate("document.activeElement.classList.contains('par-table-wrap')")
        if reached:
            break
    assert reached, "Tab never reached a table's box"
    ring = page.evaluate("(s => [s.outlineStyle, parseFloat(s.outlineWidth)])(getComputedStyle(document.activeElement))")
    assert ring[0] != "none" and ring[1] >= 2, ring
    if viewport["width"] < 500:
        page.keyboard.press("ArrowRight")
        page.wait_for_function("document.activeElement.scrollLeft > 0")

