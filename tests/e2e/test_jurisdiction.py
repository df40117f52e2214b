"""Jurisdiction profiles (docs/controls.md "Jurisdiction profiles"): ?jurisdiction=uk and ?reality=N, end to end.

Expected values: the UK rules of docs/controls.md (2.5 s from one round's start to the next, no
autoplay / quick spin / slam stop / feature buy, no celebration of a win not above the stake,
session figures, a reality check); rounds from CPython's `play_round(load_model(), bet,
random.Random(seed))`, with seeds found by searching CPython's rounds here; the demo balance
100000 (store.js). Each rule is checked against the default profile on the same seed too, so
the measurement itself is shown able to fail. No sleeps: waits are on the DOM or JS promises;
the mashing loop is bounded by a deadline.

The info screen says what the market in force allows in the player's words (the en table's
info.now.* texts, filled in with the preset's figures and the model's bet levels) and none of
the operator's material, which ?debug=1 adds (the markets, the raw settings, the build).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest
import savefile
from e2e_harness import BOOT_TIMEOUT_MS, Game, Site, Watch, minor
from embed_support import SOURCE, host, send
from playwright.sync_api import BrowserContext, Page, expect
from markets import MARKETS
from tables import fill

from engine import load_model, play_round

MODEL = load_model()
BET = MODEL.default_bet
DEMO = savefile.DEMO_BALANCE

# Records performance.now() each time <html data-state> becomes "playing": a round's start.
STARTS = """(() => {
    window.__starts = [];
    new MutationObserver((records) => {
        for (const r of records) {
            if (r.target === document.documentElement && r.target.dataset.state === "playing"
                && r.oldValue !== "playing") window.__starts.push(performance.now());
        }
    }).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ["data-state"] });
})()"""

# With ?debug=1 the page publishes window.debugGame; count the celebration a round gets: win
# sounds asked of the sequencer, big-win panels, and pulses of the win meter (#win gaining
# its "bump" class).
SPIES = """(() => {
    const cheers = window.__cheers = { pulse: 0, sound: 0, panel: 0 };
    let value;
    Object.defineProperty(window, "debugGame", { configurable: true, get: () => value, set: (v) => {
        value = v;
        const seq = v.sequencer;
        const sfx = seq.sfx.bind(seq);
        seq.sfx = (name, ...a) => { if (name === "win" || name === "bigWin") cheers.sound += 1; return sfx(name, ...a); };
        const big = seq.panels.bigWin.bind(seq.panels);
        seq.panels.bigWin = (...a) => { cheers.panel += 1; return big(...a); };
        const win = document.getElementById("win");
        new MutationObserver((records) => {
            const values = [...records.map((r) => r.oldValue ?? ""), win.className];
            for (let i = 1; i < values.length; i++) {
                if (values[i].split(" ").includes("bump") && !values[i - 1].split(" ").includes("bump")) cheers.pulse += 1;
            }
        }).observe(win, { attributes: true, attributeOldValue: true, attributeFilter: ["class"] });
    } });
})()"""


def first_seed(pred: Callable[[dict[str, Any]], bool]) -> int:
    """The smallest seed whose first CPython round at BET satisfies `pred`."""
    return next(s for s in range(10_000) if pred(play_round(MODEL, BET, random.Random(s)).to_dict()))


def mash(page: Page, starts: int, deadline_s: float = 60.0) -> list[float]:
    """Presses spin every way there is (button, Space, game.spin()) until `starts` rounds have
    started; returns the recorded start times (ms)."""
    end = time.monotonic() + deadline_s
    box = page.locator("#spin").bounding_box()
    assert box is not None
    while page.evaluate("window.__starts.length") < starts:
        assert time.monotonic() < end, "rounds did not start under mashing"
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.keyboard.press("Space")
        page.evaluate("() => { game.spin().catch(() => {}); }")
    page.wait_for_function("() => game.state().state === 'ready'")
    return page.evaluate("window.__starts")


def test_uk_rounds_start_at_least_2_5_s_apart_under_mashing(open_game: Callable[..., Game], site: Site, context: BrowserContext) -> None:
    context.add_init_script(STARTS)
    # the default profile first: mashed rounds at ?speed=fast start well under 2.5 s apart,
    # so the measurement below can tell the rule from its absence
    page = open_game(site.root + "?seed=3&speed=fast").page
    free = mash(page, 3)
    assert min(b - a for a, b in zip(free, free[1:])) < 2500
    page.evaluate("localStorage.clear()")
    page.goto(site.root + "?jurisdiction=uk&seed=3&speed=fast")
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    starts = mash(page, 4)
    gaps = [b - a for a, b in zip(starts, starts[1:])]
    assert all(g >= 2500 for g in gaps), gaps
    # every accepted press played exactly one of CPython's rounds, no more
    n = page.evaluate("game.state().history")
    rng = random.Random(3)
    rounds = [play_round(MODEL, BET, rng).to_dict() for _ in range(n)]
    assert n >= 4
    assert minor(page, "#balance") == DEMO + sum(r["total_win"] - r["cost"] for r in rounds)


def test_uk_refuses_buy_turbo_autoplay_on_every_path(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?jurisdiction=uk&speed=fast").page
    for button in ("#buy", "#turbo", "#autoplay-button"):
        expect(page.locator(button)).to_have_count(0)
    refused = page.evaluate("""async () => {
        const why = (f) => { try { return Promise.resolve(f()).then(() => "done", (e) => e.message); } catch (e) { return e.message; } };
        return {
            buy: await why(() => game.buy()),
            autoplay: await why(() => game.autoplay({ rounds: 10, lossLimit: 1000 })),
            turbo: await why(() => game.setTurbo(true)),
        };
    }""")
    for what, words in [("buy", "Buying the feature"), ("autoplay", "Autoplay"), ("turbo", "Quick spin")]:
        assert refused[what] == f"{words} is not available under the United Kingdom rules"
    # quick spin stays off whatever the saved setting or the URL says
    assert page.evaluate("game.state().turbo") is False
    assert minor(page, "#balance") == DEMO
    assert page.evaluate("game.state().history") == 0


def test_uk_embed_commands_are_refused_with_an_error_message(context: BrowserContext, watch: Watch, site: Site) -> None:
    page = host(context, watch, site.root + "?embed=1&jurisdiction=uk&speed=fast")
    for command in ({"type": "buy"}, {"type": "autoplay", "rounds": 10, "lossLimit": 1000}, {"type": "turbo", "on": True}):
        send(page, {"target": SOURCE, **command})
    page.wait_for_function("() => msgs.filter(m => m.type === 'error').length === 3")
    # a refused command is answered {command, reason} (docs/page-contract.md)
    errors = [(m["command"], m["reason"]) for m in page.evaluate("msgs") if m["type"] == "error"]
    assert sorted(errors) == sorted(
        (c, f"{w} is not available under the United Kingdom rules")
        for c, w in (("buy", "Buying the feature"), ("autoplay", "Autoplay"), ("turbo", "Quick spin"))
    )
    types = [m["type"] for m in page.evaluate("msgs")]
    assert "roundStart" not in types and "autoplayStart" not in types


def test_uk_does_not_celebrate_a_return_equal_to_the_stake(open_game: Callable[..., Game], site: Site, context: BrowserContext) -> None:
    # the first seed whose first round pays back exactly the bet (CPython)
    seed = first_seed(lambda r: r["total_win"] == r["cost"])
    context.add_init_script(SPIES)
    page = open_game(site.root + f"?seed={seed}&debug=1&speed=fast").page
    page.evaluate("game.spin()")
    default = page.evaluate("window.__cheers")
    assert default["pulse"] > 0 and default["sound"] > 0  # the default profile celebrates it
    page.evaluate("localStorage.clear()")
    # minRound=0: the UK profile's celebrations without its 2.5 s between rounds (the 13 rounds
    # below would wait 30 s for a spacing test_uk_rounds_start_at_least_2_5_s_apart_under_mashing checks)
    page.goto(site.root + f"?jurisdiction=uk&minRound=0&seed={seed}&debug=1&speed=fast")
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    rnd = page.evaluate("game.spin()")
    assert rnd["total_win"] == BET
    assert page.evaluate("window.__cheers") == {"pulse": 0, "sound": 0, "panel": 0}
    assert minor(page, "#win") == BET  # the amount still shows, at once
    # a win above the stake is still celebrated under UK rules: the next seeded round that pays more
    rng = random.Random(seed)
    rounds = [play_round(MODEL, BET, rng).to_dict() for _ in range(40)]
    k = next(i for i, r in enumerate(rounds) if i > 0 and r["total_win"] > r["cost"] and r["special"] is None)
    for _ in range(k):
        page.evaluate("game.spin()")
    assert page.evaluate("window.__cheers")["pulse"] > 0


def test_a_round_resumes_under_the_profile_it_started_under(open_game: Callable[..., Game], site: Site, context: BrowserContext) -> None:
    seed = first_seed(lambda r: r["total_win"] == r["cost"])
    context.add_init_script(SPIES)
    page = open_game(site.root + f"?jurisdiction=uk&seed={seed}&debug=1").page  # normal speed
    page.evaluate("() => { game.spin().catch(() => {}); }")  # not awaited: reload mid-round
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem({json.dumps(savefile.KEY)})).pending !== null")
    saved = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(savefile.KEY)})"))
    assert saved["pending"]["profile"] == "uk"
    page.goto(site.root + f"?seed={seed}&debug=1")  # the default profile now
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    state = page.evaluate("game.state()")
    assert state["resumedFrom"] is not None and state["jurisdiction"] == "default"
    assert minor(page, "#balance") == DEMO  # the return equal to the stake, credited ...
    assert page.evaluate("window.__cheers") == {"pulse": 0, "sound": 0, "panel": 0}  # ... without celebration


def test_uk_session_bar_and_reality_check(open_game: Callable[..., Game], site: Site) -> None:
    # ?reality=0.05: a check every 3 s of session time
    page = open_game(site.root + "?jurisdiction=uk&reality=0.05&seed=1&speed=fast").page
    expect(page.locator("#session-bar")).to_be_visible()
    dialog = page.locator("#reality-dialog")
    expect(dialog).to_be_visible()
    # while it is open, play waits: a spin asked for now does not start
    page.evaluate("() => { window.__spun = null; game.spin().then(r => { window.__spun = r; }, e => { window.__spun = e.message; }); }")
    assert page.evaluate("game.state().state") == "ready" and minor(page, "#balance") == DEMO
    expect(page.locator("#reality-continue")).to_be_focused()
    expect(page.locator("#reality-net")).to_have_attribute("data-minor", "0")
    page.click("#reality-continue")
    expect(dialog).to_be_hidden()
    page.wait_for_function("() => window.__spun !== null && typeof window.__spun === 'object'")
    rnd = play_round(MODEL, BET, random.Random(1)).to_dict()  # CPython's first round of Random(1)
    net = rnd["total_win"] - rnd["cost"]
    expect(page.locator("#session-net")).to_have_attribute("data-minor", str(net))
    # the next check shows the session's figures; leaving ends the session
    expect(dialog).to_be_visible(timeout=30_000)
    expect(page.locator("#reality-net")).to_have_attribute("data-minor", str(net))
    page.click("#reality-leave")
    expect(page.locator("#session-ended")).to_be_visible()
    message = page.evaluate("game.spin().then(() => 'played', e => e.message)")
    assert "session has ended" in message
    assert minor(page, "#balance") == DEMO + net


def refused_at_start(open_game: Callable[..., Game], url: str) -> str:
    """The error screen's text of a page that must refuse to start, having touched no save."""
    game = open_game(url, state="error")
    assert game.page.evaluate(f"localStorage.getItem({json.dumps(savefile.KEY)})") is None  # nothing touched
    return game.page.locator("#status").text_content() or ""


def test_unknown_jurisdiction_refuses_to_start(open_game: Callable[..., Game], site: Site) -> None:
    status = refused_at_start(open_game, site.root + "?jurisdiction=atlantis")
    # ?jurisdiction= is the older name of ?market= (launch.js): the same presets, the same refusal
    assert f"jurisdiction=atlantis: not a market this game knows ({', '.join(MARKETS)})" in status


def euro(minor_units: int) -> str:
    """An amount as the page's en-IE euro format writes it ("€1,234.56")."""
    return f"€{minor_units / 100:,.2f}"





# What each market's preset allows (launch.js MARKETS, the table of docs/page-contract.md
# "Launch settings"), as the info screen's lines say it: (setting, table key, placeholders), in
# the order the screen lists them. The levels are the model file's (under `de`, those up to its
# 1 EUR limit).
IN_FORCE = {
    "default": [
        ("bets", "info.now.bets", {"low": euro(MODEL.bets[0]), "high": euro(MODEL.bets[-1])}),
        ("minRound", "info.now.noCycle", {}),
        ("autoplay", "info.now.autoplay.on", {}), ("turbo", "info.now.turbo.on", {}),
        ("slamstop", "info.now.slamstop.on", {}), ("buy", "info.now.buy.on", {}),
        ("spacebar", "info.now.spacebar.on", {}), ("reality", "info.now.noReality", {}),
    ],
    "uk": [
        ("bets", "info.now.bets", {"low": euro(MODEL.bets[0]), "high": euro(MODEL.bets[-1])}),
        ("minRound", "info.now.cycle_other", {"count": "2.5"}),
        ("autoplay", "info.now.autoplay.off", {}), ("turbo", "info.now.turbo.off", {}),
        ("slamstop", "info.now.slamstop.off", {}), ("buy", "info.now.buy.off", {}),
        ("spacebar", "info.now.spacebar.on", {}), ("quiet", "info.now.quiet", {}),
        ("session", "info.now.session.both", {}), ("reality", "info.now.reality_other", {"count": "60"}),
    ],
    "de": [
        ("bets", "info.now.bets", {"low": euro(MODEL.bets[0]), "high": euro(max(b for b in MODEL.bets if b <= 100))}),
        ("maxBet", "info.now.limit", {"limit": euro(100)}), ("stakeInfo", "info.now.stakeInfo", {}),
        ("minRound", "info.now.cycle_other", {"count": "5"}),
        ("autoplay", "info.now.autoplay.off", {}), ("turbo", "info.now.turbo.off", {}),
        ("slamstop", "info.now.slamstop.off", {}), ("buy", "info.now.buy.off", {}),
        ("spacebar", "info.now.spacebar.on", {}), ("reality", "info.now.noReality", {}),
    ],
}

# What only an operator reads (the operator's view under ?debug=1): none of it in the player's.
SETTING_NAMES = ("market=", "jurisdiction", "?debug", "debug=", "minRound", "maxBet", "slamstop", "spacebar", "lobby")


@pytest.mark.parametrize("market", IN_FORCE)
def test_the_info_screen_says_the_settings_in_force_in_a_players_words(
        open_game: Callable[..., Game], site: Site, tables: dict[str, dict[str, str]], market: str) -> None:
    en = tables["en"]
    page = open_game(site.root + f"?market={market}&speed=fast").page
    page.click("#info-button")
    lines = page.eval_on_selector_all(".info-in-force-item", "ls => ls.map(l => [l.dataset.setting, l.textContent])")
    assert lines == [[setting, fill(en[key], **values)] for setting, key, values in IN_FORCE[market]]
    # and nothing of the operator's: no other market's rules, no address names, no build
    content = page.locator("#info-content")
    expect(content.locator(".info-operator, .profile-list, #info-settings, .info-version")).to_have_count(0)
    text = content.inner_text()
    others = [en[f"jur.{name}"] for name in MARKETS if name != market]  # no other market is named
    shown = [w for w in (*SETTING_NAMES, fill(en["jur.note"], rules=en[f"jur.{market}"]), en["jur.heading"],
                         en["jur.settings"], fill(en["info.version"], version="dev"), *others) if w in text]
    assert shown == []


def test_debug_1_adds_the_operator_view(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?jurisdiction=uk&debug=1&speed=fast").page
    page.click("#info-button")
    section = page.locator(".info-operator")
    expect(section).to_be_visible()
    # the markets of launch.js (tests/markets.py), the one in force marked, each
    # with the address that picks it
    expect(section.locator("dt")).to_have_count(len(MARKETS))
    expect(section.locator("dt[data-current]")).to_contain_text("United Kingdom")
    expect(section.locator("dt[data-current]")).to_contain_text("?market=uk")
    expect(section).to_contain_text("at least 2.5 seconds")
    expect(section).to_contain_text("An operator picks the rules with ?market=")
    # what each market changes, in its switches' words (jurisdiction.js marketChanges): the
    # default's every rule, the others' rules that differ from it, as docs/page-contract.md's
    # presets table has them (read by hand: uk and de turn autoplay, quick spin, slam stop and the
    # buy off and space rounds out; uk adds the quiet small wins, the session bar and a check every
    # 60 minutes; de a 1 EUR limit and the stake information; social plays for coins)
    changes = dict(zip(MARKETS, page.eval_on_selector_all(
        ".profile-list dd", "dds => dds.map(dd => [...dd.querySelectorAll('li')].map(li => li.dataset.setting))")))
    assert {name: changes[name] for name in ("default", "uk", "de", "social")} == {
        "default": ["minRound", "autoplay", "turbo", "slamstop", "buy", "spacebar", "reality"],
        "uk": ["minRound", "autoplay", "turbo", "slamstop", "buy", "quiet", "session", "reality"],
        "de": ["maxBet", "stakeInfo", "minRound", "autoplay", "turbo", "slamstop", "buy"],
        "social": ["coins"],
    }
    expect(section.locator("dd").nth(MARKETS.index("de"))).to_contain_text("at most €1.00 a round")
    # the build: index.html's <meta name="version"> (unbuilt: "dev"; tools/dist.py stamps dist/)
    expect(section.locator(".info-version")).to_have_text("Version dev")
    # and the settings in force: ?jurisdiction=uk is market=uk, its switches as the preset sets them
    rows = dict(page.eval_on_selector_all("#info-settings tr", "rs => rs.map(r => [r.dataset.setting, r.cells[0].textContent === r.dataset.setting ? r.cells[1].textContent : null])"))
    assert rows["market"] == "uk" and rows["autoplay"] == "0" and rows["buy"] == "0" and rows["minRound"] == "2500"
    assert rows["net"] == rows["clock"] == "1" and rows["currency"] == "EUR" and rows["reality"] == "60"
    # the player's view is there too, above it
    expect(page.locator(".info-in-force-item[data-setting=reality]")).to_contain_text("every 60 minutes")


def test_a_reality_check_due_during_a_round_waits_for_its_end(open_game: Callable[..., Game], site: Site) -> None:
    # the first seed whose first round at BET is a big win of the model's second tier without
    # the feature (CPython): at normal speed its count-up through two tiers lasts far longer
    # than the 3 s between checks (?reality=0.05), and a round without free spins is quick to play
    tier = next(t.at for t in MODEL.big_wins if t.level == 2)
    seed = first_seed(lambda r: r["special"] is None and r["total_win"] >= tier * BET)
    rnd = play_round(MODEL, BET, random.Random(seed)).to_dict()
    page = open_game(site.root + f"?jurisdiction=uk&reality=0.05&seed={seed}").page
    dialog = page.locator("#reality-dialog")
    expect(dialog).to_be_visible()  # the first check, due at 3 s with the game idle
    page.click("#reality-continue")
    expect(dialog).to_be_hidden()
    # every time the dialog opens, what the game was doing then
    page.evaluate("""() => {
        window.__opened = [];
        new MutationObserver(() => {
            if (document.getElementById('reality-dialog').open) window.__opened.push(document.documentElement.dataset.state);
        }).observe(document.getElementById('reality-dialog'), { attributes: true, attributeFilter: ['open'] });
    }""")
    t0 = page.evaluate("performance.now()")
    page.evaluate("game.spin()")  # resolves when the round's reveal has ended and it is credited
    took = page.evaluate("performance.now()") - t0
    assert took > 2 * 3000, f"the round took {took:.0f} ms: too short to have a check fall due in it"
    expect(dialog).to_be_visible()  # the check that fell due mid-round, now that it is over
    opened = page.evaluate("window.__opened")
    assert opened and "playing" not in opened, opened
    net = rnd["total_win"] - rnd["cost"]
    expect(page.locator("#reality-net")).to_have_attribute("data-minor", str(net))
    assert minor(page, "#balance") == DEMO + net


def test_the_feature_showcase_is_refused_under_uk(open_game: Callable[..., Game], site: Site) -> None:
    # ?demo=feature buys features by itself: the UK profile forbids both the buy and autoplay
    status = refused_at_start(open_game, site.root + "?jurisdiction=uk&demo=feature")
    assert "?demo=feature buys features by itself, which the uk profile does not allow" in status
