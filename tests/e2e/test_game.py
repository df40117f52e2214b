"""The game page plays rounds decided by the engine and shows them as the rules say.

Expected values never come from the page itself: they come from the engine run here on
CPython (`play_round(load_model(), bet, random.Random(seed))`, the contract of docs/page-contract.md
"URL options": the k-th seeded round in the page equals the k-th one here), from the
model file (bets, buy_price, paytable), or from the demo balance the store starts with
(1000.00 = 100000 minor units, static/js/ledger/store.js). `?speed=fast` makes every animation very
short; the tests wait on data-state and DOM conditions, never on time. The screen's layout and
its euro format are test_screen.py's.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import savefile
from e2e_harness import REPO_ROOT, SUB_PATH, Game, Site, Watch, boot, minor, prepare_context, wait_ready
from playwright.sync_api import BrowserContext, expect

from engine import load_model, play_round
from engine import offer as engine_offer
from seeds import first_seed, first_seed_of, whole_feature

MODEL = load_model()
DEMO_BALANCE = 100000  # static/js/ledger/store.js DEMO_BALANCE: 1000.00 on a first visit
SHOTS = REPO_ROOT / "screenshots"


def engine_rounds(seed: int, plays: list[tuple[int, bool]]) -> list[dict[str, Any]]:
    """The rounds CPython's engine decides for `plays` ((bet, buy) each) from Random(seed)."""
    rng = random.Random(seed)
    return [play_round(MODEL, bet, rng, buy=buy).to_dict() for bet, buy in plays]


def test_spin_moves_the_balance_by_exactly_minus_bet_plus_win(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?speed=fast").page
    # A first visit starts on the demo balance and the model's default bet.
    assert minor(page, "#balance") == DEMO_BALANCE
    assert minor(page, "#bet") == MODEL.default_bet
    for _ in range(3):
        before = minor(page, "#balance")
        rnd = page.evaluate("game.spin()")
        # expected: the round dict the page resolved with (decided by the engine)
        assert minor(page, "#win") == rnd["total_win"]
        assert minor(page, "#balance") == before - rnd["bet"] + rnd["total_win"]
        assert rnd["bet"] == MODEL.default_bet
        assert page.locator("html").get_attribute("data-state") == "ready"


def test_seeded_page_plays_the_rounds_cpython_decides(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?seed=7&speed=fast").page
    # expected: CPython's first three play_round(model, 100, Random(7))
    expected = engine_rounds(7, [(100, False)] * 3)
    balance = DEMO_BALANCE
    for want in expected:
        got = page.evaluate("game.spin()")
        assert [s["stops"] for s in got["spins"]] == [s["stops"] for s in want["spins"]]
        assert got["total_win"] == want["total_win"]
        balance += want["total_win"] - 100
        assert minor(page, "#balance") == balance
        assert minor(page, "#win") == want["total_win"]


def test_seeded_rounds_follow_bet_changes(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?seed=21&speed=fast").page
    # expected: CPython's rounds from Random(21) at bets 100 then 250 (both listed in the model)
    expected = engine_rounds(21, [(100, False), (250, False)])
    first = page.evaluate("game.spin()")
    page.evaluate("game.setBet(250)")
    assert minor(page, "#bet") == 250
    second = page.evaluate("game.spin()")
    assert [first["total_win"], second["total_win"]] == [r["total_win"] for r in expected]
    assert second["spins"][0]["stops"] == expected[1]["spins"][0]["stops"]


def test_buy_asks_for_confirmation_and_debits_the_price(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?seed=11&speed=fast").page
    # expected: the price is buy_price x bet from the model; the round is CPython's bought
    # feature from Random(11)
    price = MODEL.buy_price * MODEL.default_bet
    want = engine_rounds(11, [(MODEL.default_bet, True)])[0]
    assert want["free_spins"] == MODEL.free_spins and want["spins"][0]["kind"] == "free"
    expect(page.locator("#buy-price")).to_have_text(f"€{price / 100:,.2f}")
    page.click("#buy")
    dialog = page.locator("#buy-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#buy-dialog-price")).to_have_text(f"€{price / 100:,.2f}")
    # Cancel first: nothing is bought.
    page.click("#buy-cancel")
    expect(dialog).to_be_hidden()
    assert minor(page, "#balance") == DEMO_BALANCE
    page.click("#buy")
    page.click("#buy-confirm")
    final = DEMO_BALANCE - price + want["total_win"]
    expect(page.locator("#balance")).to_have_attribute("data-minor", str(final))
    wait_ready(page)
    assert minor(page, "#win") == want["total_win"]
    assert page.evaluate("game.state().lastWin") == want["total_win"]


def test_the_buy_prices_and_the_dialogs_bet_carry_data_minor(open_game: Callable[..., Game], site: Site) -> None:
    """Issue 48: every amount on screen carries `data-minor` (docs/page-contract.md "Elements"),
    but #buy-price, #buy-dialog-price and #buy-dialog-bet carried none. Expected: the engine's
    offer at each bet on CPython (`engine.offer(load_model(), bet)`: buy_cost = buy_price x bet,
    engine/data/model.json)."""
    page = open_game(site.root + "?speed=fast").page
    for bet in (MODEL.default_bet, MODEL.bets[0], 250):
        page.evaluate(f"game.setBet({bet})")
        want = engine_offer(MODEL, bet)
        assert want.buy_cost == MODEL.buy_price * bet
        expect(page.locator("#buy-price")).to_have_attribute("data-minor", str(want.buy_cost))
        page.click("#buy")
        expect(page.locator("#buy-dialog")).to_be_visible()
        expect(page.locator("#buy-dialog-price")).to_have_attribute("data-minor", str(want.buy_cost))
        expect(page.locator("#buy-dialog-bet")).to_have_attribute("data-minor", str(want.bet))
        page.click("#buy-cancel")
        expect(page.locator("#buy-dialog")).to_be_hidden()
    assert minor(page, "#balance") == DEMO_BALANCE


# A phone held upright, and one on its side (568x320: the short landscape, where the dialog lays
# itself out in two columns), emulated as test_phone.py does: touch, a mobile viewport, three
# device pixels to a CSS pixel.
PHONE_VIEWPORTS = [{"width": 390, "height": 844}, {"width": 568, "height": 320}]

# Every box of the open buy dialog that has a size: where it is, whether it holds text and at
# what size, and the dialog's own scroll sizes (a dialog scrolling its content hides part of it).
BUY_DIALOG_BOXES = """() => {
    const dialog = document.getElementById('buy-dialog');
    const text = (e) => [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    const boxes = [dialog, ...dialog.querySelectorAll('*')].map((e) => {
        const r = e.getBoundingClientRect();
        return { name: e.id || e.className || e.tagName, rect: [r.left, r.top, r.right, r.bottom],
                 font: text(e) ? parseFloat(getComputedStyle(e).fontSize) : null };
    }).filter((b) => b.rect[2] > b.rect[0] && b.rect[3] > b.rect[1]);
    return { boxes, scroll: [dialog.scrollWidth, dialog.clientWidth, dialog.scrollHeight, dialog.clientHeight],
             viewport: [visualViewport.offsetLeft, visualViewport.offsetTop, visualViewport.scale] };
}"""


@pytest.mark.parametrize("viewport", PHONE_VIEWPORTS, ids=lambda v: f"{v['width']}x{v['height']}")
def test_the_buy_dialog_shows_the_book_and_the_engines_price_and_fits_a_phone(
        new_context: Callable[..., BrowserContext], watch: Watch, site: Site, viewport: dict[str, int]) -> None:
    ctx = new_context(viewport=viewport, is_mobile=True, has_touch=True, device_scale_factor=3)
    prepare_context(ctx, watch)
    page = boot(ctx.new_page(), watch, site.root + "?speed=fast").page
    # expected: the model file (read here as JSON, not through the engine) prices the feature at
    # buy_price times the bet, and a first visit plays at its default_bet; the page writes euros
    # in the en-IE format ("€85.00", as test_buy_asks_for_confirmation_and_debits_the_price)
    data = json.loads((REPO_ROOT / "engine" / "data" / "model.json").read_text())
    price = data["buy_price"] * data["default_bet"]
    page.tap("#buy")
    dialog = page.locator("#buy-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#buy-dialog-price")).to_have_text(f"€{price / 100:,.2f}")
    expect(page.locator("#buy-dialog-count")).to_have_text(str(data["free_spins"]["count"]))
    # the book: the game's own art, loaded and drawn
    book = dialog.locator("img.buy-book")
    expect(book).to_be_visible()
    assert (book.get_attribute("src") or "").endswith("static/img/book.svg")
    page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=book.element_handle())
    shown = page.evaluate(BUY_DIALOG_BOXES)
    # the page is neither zoomed nor scrolled under the dialog, and the dialog scrolls nothing away
    assert shown["viewport"] == [0, 0, 1]
    scroll_width, client_width, scroll_height, client_height = shown["scroll"]
    assert scroll_width <= client_width and scroll_height <= client_height, shown["scroll"]
    # every box of the dialog inside the viewport the test set, and its text at 12 CSS px or more
    outside = [b for b in shown["boxes"] if b["rect"][0] < -0.5 or b["rect"][1] < -0.5
               or b["rect"][2] > viewport["width"] + 0.5 or b["rect"][3] > viewport["height"] + 0.5]
    assert outside == []
    assert len(shown["boxes"]) >= 10  # the dialog, its form, title, book, texts, plaque, buttons
    small = [b for b in shown["boxes"] if b["font"] is not None and b["font"] < 12]
    assert small == []
    # Cancel and Buy: each a touch target of at least 44x44 CSS px
    for button in ("#buy-cancel", "#buy-confirm"):
        box = page.locator(button).bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, (button, box)
    page.tap("#buy-cancel")
    expect(dialog).to_be_hidden()
    assert minor(page, "#balance") == DEMO_BALANCE  # nothing was bought
    ctx.close()
    assert not watch.external_requests, watch.external_requests


def test_buy_and_spin_are_refused_when_the_balance_is_short(open_game: Callable[..., Game], site: Site, context: Any) -> None:
    # A saved balance of 0.50 (store.js's record, sealed by tests/e2e/savefile.py), below the
    # default bet of 1.00.
    context.add_init_script(savefile.store_script(savefile.KEY, json.dumps(savefile.record(balance=50, bet=100))))
    page = open_game(site.root + "?speed=fast").page
    assert minor(page, "#balance") == 50
    reels_before = page.locator("#reels").bounding_box()
    page.click("#spin")
    message = page.locator("#message")
    expect(message).to_be_visible()
    expect(message).to_contain_text("not enough")
    # The message floats over the stage: the reels keep the box they had before it showed.
    assert page.locator("#reels").bounding_box() == reels_before
    assert minor(page, "#balance") == 50
    page.click("#buy")
    expect(page.locator("#buy-dialog")).to_be_hidden()
    expect(message).to_contain_text("buy the feature")
    refused = page.evaluate("game.spin().then(() => 'played', (e) => String(e))")
    assert "insufficient balance" in refused
    assert minor(page, "#balance") == 50
    # The demo top-up brings the player back to the demo balance.
    page.click("#top-up")
    expect(page.locator("#balance")).to_have_attribute("data-minor", str(DEMO_BALANCE))
    # Buying the feature at the top bet costs 85 x 100.00, more than the demo balance.
    page.evaluate(f"game.setBet({MODEL.bets[-1]})")
    page.click("#buy")
    expect(message).to_contain_text(f"€{MODEL.buy_price * MODEL.bets[-1] / 100:,.2f}")
    assert minor(page, "#balance") == DEMO_BALANCE


RECORD_FEATURE = """() => {
    const box = () => { const r = document.getElementById('reels').getBoundingClientRect();
                        return [r.x, r.y, r.width, r.height].join(); };
    window.seen = { counts: [], totals: [], outro: [], boxes: [box()] };
    new MutationObserver(() => {
        if (window.seen.boxes.at(-1) !== box()) window.seen.boxes.push(box());
        const c = document.getElementById('fs-count');
        const bar = document.getElementById('feature-bar');
        if (!bar.hidden && window.seen.counts.at(-1) !== c.textContent) window.seen.counts.push(c.textContent);
        const t = document.getElementById('fs-total').dataset.minor;
        if (!bar.hidden && window.seen.totals.at(-1) !== t) window.seen.totals.push(t);
        const o = document.getElementById('feature-total');
        if (o && !window.seen.outro.includes(o.dataset.minor)) window.seen.outro.push(o.dataset.minor);
        if (o && !window.seen.outroText) window.seen.outroText = o.parentElement.textContent;
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
}"""


# The first seed whose bought feature plays all its free spins (found on CPython from the model,
# seeds.py), so the counter shows every n/10.
WHOLE_FEATURE_SEED = first_seed(whole_feature, buy=True)


def test_seeded_bought_feature_plays_to_its_end(open_game: Callable[..., Game], site: Site) -> None:
    seed = WHOLE_FEATURE_SEED
    page = open_game(site.root + f"?seed={seed}&speed=fast").page
    # expected: CPython's bought feature from Random(seed) at the default bet
    want = engine_rounds(seed, [(MODEL.default_bet, True)])[0]
    feature_end = next(e for e in want["events"] if e["type"] == "freeSpinsEnd")
    page.evaluate(RECORD_FEATURE)
    got = page.evaluate("game.buy()")
    assert got["total_win"] == want["total_win"]
    assert [s["stops"] for s in got["spins"]] == [s["stops"] for s in want["spins"]]
    seen = page.evaluate("window.seen")
    # the counter showed every free spin n/10 in order (count from the model: 10)
    counts = [c for c in seen["counts"] if c != "0/10"]
    assert counts == [f"{n}/{MODEL.free_spins}" for n in range(1, MODEL.free_spins + 1)]
    # the running feature total ended on the engine's feature total, shown in the outro too
    assert int(seen["totals"][-1]) == feature_end["total"]
    assert seen["outro"] == [str(feature_end["total"])]
    # ... with the feature's total in bets, worked out here with the decimal module (rounded
    # half up to hundredths, trailing zeros dropped, as docs/engine.md says of `times_bet`)
    ratio = (Decimal(feature_end["total"]) / MODEL.default_bet).quantize(Decimal("0.01"), ROUND_HALF_UP)
    ratio_text = f"{ratio:f}".rstrip("0").rstrip(".") if ratio else "0"
    whole, _, decimals = ratio_text.partition(".")  # English groups the whole part: "1,234.5"
    ratio_text = f"{int(whole):,}" + (f".{decimals}" if decimals else "")
    assert f"{ratio_text}x your bet" in seen["outroText"], seen["outroText"]
    assert minor(page, "#balance") == DEMO_BALANCE - want["cost"] + want["total_win"]
    expect(page.locator("#feature-bar")).to_be_hidden()
    # The feature bar takes the logo's place: the reels never moved or resized (one box, the
    # one measured before the buy).
    assert len(seen["boxes"]) == 1, seen["boxes"]


def test_changing_the_bet_rescales_the_paytable(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?speed=fast").page
    santa5 = page.locator('#info-content .pay-amount[data-symbol="SANTA"][data-count="5"]')
    page.click("#info-button")
    expect(page.locator("#info-dialog")).to_be_visible()
    # expected: paytable SANTA x5 (model) x line bet (bet / 10)
    expect(santa5).to_have_attribute("data-minor", str(MODEL.pay("SANTA", 5) * MODEL.default_bet // 10))
    page.click("#info-close")
    page.click("#bet-up")  # the next listed bet
    bet = MODEL.bets[MODEL.bets.index(MODEL.default_bet) + 1]
    assert minor(page, "#bet") == bet
    page.click("#info-button")
    expect(santa5).to_have_attribute("data-minor", str(MODEL.pay("SANTA", 5) * bet // 10))
    expect(santa5).to_have_text(f"€{MODEL.pay('SANTA', 5) * bet / 1000:,.2f}")


def test_the_page_takes_its_numbers_from_the_model(open_game: Callable[..., Game], site: Site, context: Any,
                                                  tmp_path: Path) -> None:
    # A valid model that differs from the shipped one in numbers the page shows: 12 free spins,
    # a buy price of 90x, Santa x5 paying 7000 line bets. Served in place of model.json, it must
    # reach the engine in the page and every place the page prints them.
    data = json.loads((REPO_ROOT / "engine" / "data" / "model.json").read_text())
    data["free_spins"]["count"] = 12
    data["buy_price"] = 90
    data["paytable"]["SANTA"]["5"] = 7000
    changed = tmp_path / "model.json"
    changed.write_text(json.dumps(data))
    model = load_model(changed)  # the engine accepts it
    context.route("**/engine/data/model.json",
                  lambda route: route.fulfill(body=json.dumps(data), content_type="application/json"))
    page = open_game(site.root + "?seed=11&speed=fast").page
    bet = model.default_bet
    expect(page.locator("#buy-price")).to_have_text(f"€{90 * bet / 100:,.2f}")
    page.click("#buy")
    expect(page.locator("#buy-dialog-count")).to_have_text("12")
    expect(page.locator("#buy-dialog-price")).to_have_text(f"€{90 * bet / 100:,.2f}")
    page.click("#buy-cancel")
    page.click("#info-button")
    expect(page.locator("#info-content")).to_contain_text("trigger 12 free spins")
    expect(page.locator('#info-content .pay-amount[data-symbol="SANTA"][data-count="5"]')).to_have_attribute(
        "data-minor", str(7000 * bet // 10))
    page.click("#info-close")
    # the bought feature is CPython's on the changed model: 12 free spins, same stops and total
    want = play_round(model, bet, random.Random(11), buy=True).to_dict()
    got = page.evaluate("game.buy()")
    assert want["end"] == "complete" and sum(s["kind"] == "free" for s in got["spins"]) == 12
    assert [s["stops"] for s in got["spins"]] == [s["stops"] for s in want["spins"]]
    assert (got["cost"], got["total_win"]) == (90 * bet, want["total_win"])


def test_space_spins(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?seed=5&speed=fast").page
    # expected: CPython's first round from Random(5) at the default bet
    want = engine_rounds(5, [(MODEL.default_bet, False)])[0]
    page.keyboard.press("Space")
    expect(page.locator("#balance")).to_have_attribute(
        "data-minor", str(DEMO_BALANCE - MODEL.default_bet + want["total_win"]))
    wait_ready(page)
    assert minor(page, "#win") == want["total_win"]


def test_game_plays_from_a_sub_path(open_game: Callable[..., Game], site: Site) -> None:
    game = open_game(site.sub + "?speed=fast")
    rnd = game.page.evaluate("game.spin()")
    assert minor(game.page, "#balance") == DEMO_BALANCE - rnd["bet"] + rnd["total_win"]
    outside = [u for u in game.watch.requests if not urlsplit(u).path.startswith(SUB_PATH)]
    assert outside == [], "requests that ignore the page's base path"


def test_screenshots(open_game: Callable[..., Game], site: Site) -> None:
    """Saves screenshots/ (git-ignored) for a human to look at; checks the states they show."""
    SHOTS.mkdir(exist_ok=True)
    # the first seed whose second base round is a plain win (found on CPython from the model,
    # seeds.py), so win.png shows its line
    seed = first_seed_of(lambda rs: rs[1].total_win > 0 and not rs[1].feature, 2, bet=100)
    page = open_game(site.root + f"?seed={seed}&speed=fast").page
    page.screenshot(path=str(SHOTS / "base.png"))
    # expected: CPython's Random(seed) rounds: the second base spin wins (see engine_rounds)
    wins = [r["total_win"] for r in engine_rounds(seed, [(100, False)] * 2)]
    assert wins[1] > 0
    page.evaluate("game.spin()")
    page.evaluate("game.spin()")
    assert minor(page, "#win") == wins[1]
    page.screenshot(path=str(SHOTS / "win.png"))  # the winning line stays drawn after the round
    page.click("#info-button")
    expect(page.locator("#info-content .pay-amount").first).to_be_visible()
    page.screenshot(path=str(SHOTS / "info.png"))
    page.click("#info-close")
    page.close()  # one tab plays at a time (docs/save-format.md "One game, many tabs"): the next takes over

    phone = open_game(site.root + "?speed=fast").page
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.evaluate("game.spin()")
    phone.screenshot(path=str(SHOTS / "phone.png"))
    phone.close()

    # last: a page opened after it would resume its unfinished round (same storage)
    feature = open_game(site.root + f"?seed={WHOLE_FEATURE_SEED}&speed=turbo").page  # reaches spin 4
    feature.evaluate("() => { game.buy(); }")
    expect(feature.locator("#fs-count")).to_have_attribute("data-number", "4", timeout=60_000)
    feature.screenshot(path=str(SHOTS / "feature.png"))
