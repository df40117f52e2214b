"""Launch settings (docs/page-contract.md "Launch settings"): the address's and a parent's
`configure`, end to end.

Expected values: the table of docs/page-contract.md (each key's accepted values; a bad value of
money or rules stops the game before anything plays; a bad lang or lobby falls back with a
console warning); the market presets of static/js/operator/launch.js MARKETS as the docs list them;
amounts written by the browser's own Intl.NumberFormat from the minor units and the
currency's ISO 4217 minor digits (JPY 0, BHD 3), worked out here in Python from the integer;
the odds of the top prize from static/par.json (written by `python -m engine par --json`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest
import savefile
from e2e_harness import BOOT_TIMEOUT_MS, REPO_ROOT, Game, Site, Watch
from embed_support import SOURCE, host, send
from playwright.sync_api import BrowserContext, Page, expect

PAR = json.loads((REPO_ROOT / "static" / "par.json").read_text())
MODEL = json.loads((REPO_ROOT / "engine" / "data" / "model.json").read_text())


def refused(open_game: Callable[..., Game], url: str) -> str:
    game = open_game(url, state="error")
    assert game.page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('boce.save'))") == []
    return game.page.locator("#status").text_content() or ""


@pytest.mark.parametrize("query, why", [
    ("currency=EURO", "currency=EURO: not an ISO 4217 code"),
    ("currency=eur", "currency=eur: not an ISO 4217 code"),
    ("currency=QQQ", "currency=QQQ: not a currency this browser knows"),
    ("currency=JPY", "currency=JPY: it has 0 minor digits, the model's bets are in 2: give bets"),
    ("currency=XGC", "currency=XGC: virtual coins are for market=social"),
    ("market=social&currency=EUR", "social play is in virtual coins"),
    ("bets=10,x", "bets=10,x: not a comma-separated list"),
    ("bets=10,25", "bet level 25 is not a positive multiple of 10"),      # the engine's refusal
    ("bets=20,10", "bet level 10 does not rise above 20"),                # the engine's refusal
    ("bets=10,20&bet=30", "bet=30: not one of the levels 10,20"),
    ("bet=15", "bet=15: not one of the levels"),
    ("market=atlantis", "market=atlantis: not a market this game knows"),
    ("market=uk&jurisdiction=de", "jurisdiction=de: disagrees with market=uk"),
    ("autoplay=2", "autoplay=2: a switch is 0 or 1"),
    ("turbo=yes", "turbo=yes: a switch is 0 or 1"),
    ("buy=", "buy=: a switch is 0 or 1"),
    ("minRound=-1", "minRound=-1: not a whole number from 0 to 60000"),
    ("minRound=1.5", "minRound=1.5: not a whole number"),
    ("maxBet=5", "maxBet=5: below every bet level"),
    ("bets=100,200&maxBet=100", "bets=100,200: a level is above the stake limit 100"),
    ("market=de&currency=USD", "market=de sets its stake limit in EUR; give maxBet in USD"),
    ("reality=0", "reality=0: not a number of minutes"),
    ("demo=maybe", "demo=maybe: not 0, 1 or feature"),
])
def test_a_bad_value_of_money_or_rules_stops_the_game(open_game: Callable[..., Game], site: Site,
                                                       query: str, why: str) -> None:
    status = refused(open_game, site.root + "?" + query)
    assert why in status and "nothing has been played" in status, status


def test_a_refused_launch_ends_the_engines_worker_and_a_good_one_keeps_it(open_game: Callable[..., Game], site: Site) -> None:
    """A bad value of money or rules is read against the model file before the engine is up
    (operator.js checkBeforeTheEngine): the engine's worker (static/boot/engine-worker.mjs,
    started from the top of index.html) is ended rather than left to download and boot Python
    for a game that will not start. Expected: the worker Playwright saw start is closed; with
    good settings the same worker is there once the game is ready (the premise that Playwright
    sees it at all). The engine's own refusals (levels against its maths) still need it."""
    good = open_game(site.root + "?speed=fast").page
    assert [w.url.rsplit("/", 1)[-1] for w in good.workers] == ["engine-worker.mjs"]
    page = open_game(site.root + "?currency=EURO", state="error").page
    assert "currency=EURO: not an ISO 4217 code" in (page.locator("#status").text_content() or "")
    deadline = time.monotonic() + 10
    while page.workers and time.monotonic() < deadline:  # a closed worker leaves page.workers
        page.wait_for_timeout(50)
    assert page.workers == []


def test_an_embedded_game_tells_its_parent_why_it_did_not_start(context: BrowserContext, watch: Watch, site: Site) -> None:
    page = host(context, watch, site.root + "?embed=1&bets=10,25", until="error")
    errors = page.evaluate("msgs.filter(m => m.type === 'error')")
    assert len(errors) == 1 and "bet level 25 is not a positive multiple of 10" in errors[0]["message"]


def test_unknown_lang_and_a_lobby_that_is_not_http_fall_back_with_warnings(
        open_game: Callable[..., Game], site: Site) -> None:
    # debug decides neither money nor rules either: anything but 1 is the player's view
    game = open_game(site.root + "?lang=tlh&lobby=javascript:alert(1)&debug=yes")
    settings = game.page.evaluate("game.state().settings")
    assert (settings["lang"], settings["lobby"], settings["debug"]) == ("en", None, False)
    assert game.page.locator("#home").count() == 0
    game.page.click("#info-button")
    expect(game.page.locator("#info-content .info-in-force")).to_be_visible()
    expect(game.page.locator("#info-content .info-operator")).to_have_count(0)
    # the warnings of a boot, heard from its start: the same address again
    warnings: list[str] = []
    game.page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    game.page.reload()
    game.page.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    said = " ".join(warnings)
    assert "lang=tlh" in said and "lobby=javascript:alert(1)" in said and "debug=yes" in said, warnings


def test_a_lobby_gives_a_home_link_to_the_top_frame(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?lobby=https://casino.example/lobby?x=1").page
    home = page.locator("a#home")
    expect(home).to_have_attribute("href", "https://casino.example/lobby?x=1")
    expect(home).to_have_attribute("target", "_top")


@pytest.mark.parametrize("query, market, switches, min_round", [
    ("", "default", {"autoplay": 1, "turbo": 1, "slamstop": 1, "buy": 1, "net": 0, "clock": 0}, 0),
    ("jurisdiction=uk", "uk", {"autoplay": 0, "turbo": 0, "slamstop": 0, "buy": 0, "net": 1, "clock": 1}, 2500),
    ("market=de", "de", {"autoplay": 0, "turbo": 0, "slamstop": 0, "buy": 0, "net": 0, "clock": 0}, 5000),
    ("market=uk&buy=1&minRound=3000", "uk", {"autoplay": 0, "turbo": 0, "slamstop": 0, "buy": 1, "net": 1, "clock": 1}, 3000),
])
def test_each_preset_and_its_overrides(open_game: Callable[..., Game], site: Site, query: str, market: str,
                                       switches: dict[str, int], min_round: int) -> None:
    page = open_game(site.root + "?" + query).page
    assert page.evaluate("document.documentElement.dataset.market") == market
    s = page.evaluate("game.state().settings")
    assert s["market"] == market and s["minRound"] == min_round
    assert {k: s["switches"][k] for k in switches} == switches
    # what a switch turns off has no control at all
    for sw, sel in (("buy", "#buy"), ("turbo", "#turbo"), ("autoplay", "#autoplay-button")):
        assert page.locator(sel).count() == switches[sw], sw
    expect(page.locator("#session-net")).to_be_visible() if switches["net"] else expect(page.locator("#session-net")).to_be_hidden()


def intl(page: Page, minor: int, digits: int, currency: str, locale: str = "en-IE") -> str:
    """The browser's Intl writing of `minor` minor units, the decimal worked out here."""
    amount = str(Decimal(minor).scaleb(-digits))
    return page.evaluate("([a, c, l]) => new Intl.NumberFormat(l, {style: 'currency', currency: c}).format(a)",
                         [amount, currency, locale])


@pytest.mark.parametrize("currency, digits, bets", [("JPY", 0, [10, 100, 1000]), ("BHD", 3, [100, 500, 1000])])
def test_a_currency_writes_its_own_minor_digits(open_game: Callable[..., Game], site: Site,
                                                 currency: str, digits: int, bets: list[int]) -> None:
    page = open_game(site.root + f"?currency={currency}&bets={','.join(map(str, bets))}&bet={bets[1]}&seed=7&speed=fast").page
    options = page.eval_on_selector_all("#bet option", "os => os.map(o => [Number(o.value), o.textContent])")
    assert options == [[b, intl(page, b, digits, currency)] for b in bets]
    balance = int(page.locator("#balance").get_attribute("data-minor") or "nan")
    assert page.locator("#balance").text_content() == intl(page, balance, digits, currency)
    rnd = page.evaluate("game.spin()")
    assert rnd["bet"] == bets[1]  # the engine played the launch's level
    win = int(page.locator("#win").get_attribute("data-minor") or "nan")
    assert win == rnd["total_win"] and page.locator("#win").text_content() == intl(page, win, digits, currency)
    page.click("#info-button")
    # each pay: the model's pay for that count (in line bets) times the line bet, bet / paylines
    shown = page.eval_on_selector_all(".pay-amount", "ps => ps.map(p => [p.dataset.symbol, Number(p.dataset.count), p.textContent])")
    line_bet = bets[1] // len(MODEL["paylines"])
    assert sorted(shown) == sorted([sym, int(n), intl(page, pay * line_bet, digits, currency)]
                                   for sym, pays in MODEL["paytable"].items() if sym != MODEL["wild"]
                                   for n, pay in pays.items() if pay)
    page.click("#info-close")
    page.click("#history-button")
    assert [page.locator(".history-bet").first.text_content(), page.locator(".history-win").first.text_content()] == \
        [intl(page, rnd["bet"], digits, currency), intl(page, rnd["total_win"], digits, currency)]


def test_each_currency_and_set_of_levels_keeps_its_own_saved_game(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?seed=1&speed=fast").page
    page.evaluate("game.spin()")
    euros = page.evaluate("game.state().balance")
    assert euros != savefile.DEMO_BALANCE or page.evaluate("game.history().length") == 1
    page.goto(site.root + "?currency=JPY&bets=10,100&seed=1&speed=fast")
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    # never the euro save shown in yen: a fresh game of its own
    assert page.evaluate("[game.state().balance, game.history().length]") == [savefile.DEMO_BALANCE, 0]
    keys = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('boce.save')).sort()")
    assert savefile.KEY in keys
    page.evaluate("game.spin()")
    keys = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('boce.save')).sort()")
    assert len(keys) == 2 and any(k.startswith(savefile.KEY + ".JPY-") for k in keys)
    page.goto(site.root + "?seed=1&speed=fast")
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("[game.state().balance, game.history().length]") == [euros, 1]


def test_germany_limits_the_stake_and_shows_the_odds_beside_it(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?market=de&lang=de").page
    levels = page.eval_on_selector_all("#bet option", "os => os.map(o => Number(o.value))")
    assert levels == [b for b in MODEL["bets"] if b <= 100]  # 1 EUR at most
    info = page.locator(".meter-bet #stake-info")
    expect(info).to_be_visible()
    n = round(PAR["max_win_odds"]["base"])  # one figure: N to the whole round
    assert int(info.get_attribute("data-odds") or 0) == n
    text = info.text_content() or ""
    grouped = page.evaluate("n => new Intl.NumberFormat('de-DE').format(n)", n)
    assert f"1 zu {grouped} ·" in text  # in the page's language (lang=de), its numbers too
    # the average payout per 1 EUR after the max-win cap: par.json rtp_capped to 4 decimals
    assert f"{PAR['rtp_capped']:.4f}".replace(".", ",") in text
    # a level above the limit is no level at all: the API refuses it as any other non-level
    why = page.evaluate("() => { try { game.setBet(200); return 'set'; } catch (e) { return e.message; } }")
    assert why == "200 is not a bet level (10, 20, 30, 40, 50, 60, 80, 100)"


def test_spacebar_off_plays_nothing_on_space(open_game: Callable[..., Game], site: Site) -> None:
    # the page's Space shortcut (not a focused button's own activation, which stays): on by
    # default, so the same press first shows the measurement can see a round start
    for query, starts in (("?speed=fast&seed=2", True), ("?spacebar=0&speed=fast&seed=2", False)):
        page = open_game(site.root + query).page
        page.evaluate("document.activeElement?.blur()")
        page.keyboard.press("Space")  # the keydown handler has run when press returns
        # then the API's spin: refused while a round Space started plays, played after it
        answer = page.evaluate("game.spin().then(() => 'played', (e) => e.message)")
        page.wait_for_function("() => game.state().state === 'ready'")
        rounds = page.evaluate("game.settled().then(() => game.history().length)")
        if starts:  # Space's round and the API's, or Space's alone with the API refused
            assert (answer, rounds) in (("played", 2), ("a round is already playing", 1)), (query, answer, rounds)
        else:  # the API's alone
            assert (answer, rounds) == ("played", 1), (query, answer, rounds)
        page.evaluate("localStorage.clear()")
        page.close()  # one tab at a time: the next page must hold the writer lock


def test_rtp_off_hides_the_return_figures(open_game: Callable[..., Game], site: Site) -> None:
    # ?debug=1: the operator's view lists the switch as read; the player's part has no figure
    page = open_game(site.root + "?rtp=0&debug=1").page
    page.click("#info-button")
    expect(page.locator("#info-settings tr[data-setting=rtp] td")).to_have_text("0")
    expect(page.locator("#info-content .pay-amount").first).to_be_visible()  # the paytable is there
    expect(page.locator("#info-content [data-stat]")).to_have_count(0)
    players = page.eval_on_selector_all(".boce-info > :not(.info-operator)", "es => es.map(e => e.innerText).join(' ')")
    assert "RTP" not in players


def test_configure_from_the_parent_before_the_first_round(context: BrowserContext, watch: Watch, site: Site) -> None:
    page = host(context, watch, site.root + "?embed=1&speed=fast")
    send(page, {"target": SOURCE, "type": "configure", "settings": {"market": "uk", "currency": "JPY", "bets": "10,100"}})
    page.wait_for_function("msgs.filter(m => m.type === 'ready').length === 2", timeout=BOOT_TIMEOUT_MS)
    frame = page.frame_locator("#g")
    game = page.frames[1]
    assert game.evaluate("[document.documentElement.dataset.market, game.state().settings.currency]") == ["uk", "JPY"]
    send(page, {"target": SOURCE, "type": "configure", "settings": {"bets": "10,25"}})
    page.wait_for_function("msgs.some(m => m.type === 'error' && m.command === 'configure')")
    assert "bet" in page.evaluate("msgs.find(m => m.type === 'error' && m.command === 'configure').reason")
    game.evaluate("game.spin()")
    send(page, {"target": SOURCE, "type": "configure", "settings": {"market": "default"}})
    page.wait_for_function("msgs.filter(m => m.type === 'error' && m.command === 'configure').length === 2")
    assert "before the first round" in page.evaluate(
        "msgs.filter(m => m.type === 'error' && m.command === 'configure')[1].reason")
    assert game.evaluate("document.documentElement.dataset.market") == "uk"
    del frame


def test_a_starting_balance_sets_a_scenario_and_never_the_players_save(open_game: Callable[..., Game],
                                                                      site: Site) -> None:
    """Issue 48: `balance` (docs/page-contract.md "Launch settings") is the starting balance of a
    page that plays on a record in memory (`?scenario=`, `?demo=feature`), and is refused, with
    its reason and code, where it would touch the player's saved game. Expected: the address's
    balance; the scenario's round as CPython's engine replays it (engine.scenarios
    scenario_round: its cost and win); the words of static/i18n/en.json why.settings.balanceSaved."""
    from engine import load_model as engine_model
    from engine.scenarios import load_scenarios, scenario_round

    entry = load_scenarios()["big-win"]
    want = scenario_round(engine_model(), entry).to_dict()
    page = open_game(f"{site.root}?scenario=big-win&balance=4321&speed=fast").page
    expect(page.locator("#balance")).to_have_attribute("data-minor", "4321")
    assert page.evaluate("game.state().settings.balance") == 4321
    assert page.evaluate("game.spin()") == want
    page.evaluate("game.settled()")
    expect(page.locator("#balance")).to_have_attribute("data-minor", str(4321 - want["cost"] + want["total_win"]))
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('boce.'))") == []

    # the player's saved game: one round played, then a launch with balance= is refused and
    # leaves the save as it was (no round, no cent created or lost)
    player = open_game(f"{site.root}?seed=2&speed=fast").page
    player.evaluate("game.spin()")
    player.evaluate("game.settled()")
    before = player.evaluate("Object.fromEntries(Object.entries(localStorage))")
    player.close()
    for query in ("balance=5000", "demo=1&balance=5000"):
        game = open_game(f"{site.root}?{query}&speed=fast", state="error")
        status = game.page.locator("#status").text_content() or ""
        assert "balance=5000: a starting balance is for demo and scenario play only" in status, status
        assert "nothing has been played" in status
        assert game.page.evaluate("Object.fromEntries(Object.entries(localStorage))") == before
        game.page.close()


def test_a_starting_balance_past_the_ceiling_or_misspelt_is_refused(open_game: Callable[..., Game],
                                                                   site: Site) -> None:
    # the ceiling of every balance, 10^12 minor units (docs "Amounts"; engine/launch.py): one
    # past it is refused before anything is shown, and nothing is written
    # (the words: static/i18n/en.json why.amount.*, as maxBet's)
    for value, why in (("1000000000001", "balance=1000000000001: above 1000000000000"), ("12.50", "balance=12.50")):
        status = refused(open_game, f"{site.root}?scenario=big-win&balance={value}")
        assert why in status, status
