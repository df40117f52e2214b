"""Every amount that enters the page is an exact integer within what the game can hold
(docs/page-contract.md "Amounts"): static/js/core/amounts.js's one check, at each entry point.

- The check itself, in the booted page (its module imported there): a table of spellings,
  numbers and typed amounts at and past each limit, past 2^53, in exponent, hex, sign, other
  digits; its limits equal the engine's for the same model (engine/launch.py limits).
- The address: bets, bet and maxBet read by launch.js (in the page, a table), and three real
  launches: the issue's 10^20 euro level and a maxBet past 2^53 stop the game with their
  reason; the highest level the ceiling allows reaches ready and is offered.
- A parent's configure, autoplay and setBet commands with bad amounts: each refused with its
  code, nothing played, the balance unchanged, no restart.
- The autoplay panel's typed limits: refused in words, the code on the message, nothing played.
- A saved record whose balance is 2^53 + 1 or 10^12 + 1: set aside, the game starts afresh.

Expected values: the rules of docs/page-contract.md "Amounts" applied by hand to each case
(canonical digits only; at most 2^53 - 1 = 9007199254740991; the ceiling 10^12; the highest
level the largest multiple of the 10 lines whose capped win, 20168 x level, stays within it:
49583490); the messages are the tables' texts (static/i18n/en.json, loaded as the game loads
them) filled with the values of the URL or message given; the balance is the demo balance of
tests/e2e/savefile.py.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

import savefile
from e2e_harness import Game, Site, Watch, minor, wait_ready
from embed_support import SOURCE, host, send
from playwright.sync_api import BrowserContext, expect
from tables import fill

from engine import load_model
from engine.launch import limits

MODEL = load_model()
CEILING = 10**12
SAFE = 2**53 - 1
TOP = 49_583_490  # 10^12 // (20168 x 10) x 10: the highest level (tests/engine/test_amounts.py by hand)
DEMO = savefile.DEMO_BALANCE





# (JavaScript expression, amount() options, expected: an int or a code), worked out by hand
STRICT = "{ key: 'k', max: 1e12 }"
NUMBER = "{ key: 'k', max: 1e12, text: false }"
TYPED = "{ key: 'k', max: 1e12, decimals: 2, number: false }"
CASES: list[tuple[str, str, int | str]] = [
    ('"1"', STRICT, 1), ('"1000000000000"', STRICT, CEILING), ('"1000000000001"', STRICT, "amount.aboveLimit"),
    ('"0"', STRICT, "amount.belowMin"), ('"9007199254740991"', STRICT, "amount.aboveLimit"),
    ('"9007199254740992"', STRICT, "amount.unsafe"), ('"9007199254740993"', STRICT, "amount.unsafe"),
    ('"100000000000000000000"', STRICT, "amount.unsafe"),
    *[(json.dumps(s), STRICT, "amount.spelling") for s in
      ["1e3", "0x10", "+5", "-5", "5.0", " 5", "5 ", "5 5", "\u0661\u0662", "\uff15", "Infinity", "NaN", "", "01", "0b1", "5n"]],
    ("5", NUMBER, 5), ("1e12", NUMBER, CEILING), ("1e12 + 1", NUMBER, "amount.aboveLimit"),
    ("2 ** 53", NUMBER, "amount.unsafe"), ("2 ** 53 + 1", NUMBER, "amount.unsafe"), ("1e20", NUMBER, "amount.unsafe"),
    ("5.5", NUMBER, "amount.notWhole"), ("NaN", NUMBER, "amount.notWhole"), ("Infinity", NUMBER, "amount.notWhole"),
    ("-1", NUMBER, "amount.belowMin"), ("true", NUMBER, "amount.type"), ("null", NUMBER, "amount.type"),
    ("undefined", NUMBER, "amount.type"), ("[5]", NUMBER, "amount.type"), ("({})", NUMBER, "amount.type"),
    ("10n", NUMBER, "amount.type"), ('"5"', NUMBER, "amount.type"), ("5", TYPED, "amount.type"),
    ('"12"', TYPED, 1200), ('"12.5"', TYPED, 1250), ('"12,50"', TYPED, 1250), ('" 0.01 "', TYPED, 1),
    ('"10000000000"', TYPED, CEILING), ('"10000000000.01"', TYPED, "amount.aboveLimit"),
    ('"90071992547409.92"', TYPED, "amount.unsafe"), ('"12.505"', TYPED, "amount.spelling"),
    ('"1e3"', TYPED, "amount.spelling"), ('"0x10"', TYPED, "amount.spelling"), ('"-1"', TYPED, "amount.spelling"),
    ('"\u0661\u0662"', TYPED, "amount.spelling"), ('"0"', TYPED, "amount.belowMin"),
]


def test_the_one_check_and_its_limits_in_the_page(game: Game, site: Site) -> None:
    table = ",\n".join(f"[{json.dumps(e)}, () => A.amount({e}, {o})]" for e, o, _ in CASES)
    got = game.page.evaluate(f"""async () => {{
        const A = await import({json.dumps(site.root + "static/js/core/amounts.js")});
        const {{ AmountError }} = await import({json.dumps(site.root + "static/js/core/errors.js")});
        const run = (f) => {{ try {{ return f(); }} catch (e) {{
            if (!(e instanceof AmountError)) throw e; return e.code; }} }};
        const model = await (await fetch("./engine/data/model.json")).json();
        return {{ cases: [{table}].map(([e, f]) => [e, run(f)]),
                  limits: A.limitsOf(model), other: A.limitsOf({{ ...model, max_win: 7 }}) }};
    }}""")
    assert got["cases"] == [[e, want] for e, _, want in CASES]
    # the page's limits are the engine's for the same model, the shipped one and another
    assert got["limits"] == limits(MODEL) == {"balance": CEILING, "level": TOP, "stake": CEILING, "autoplay": CEILING}
    assert got["other"] == limits(dataclasses.replace(MODEL, max_win=7))


# (query, expected: the settings' (bets, bet, maxBet) or (code, key, value)), by hand
URLS: list[tuple[str, Any]] = [
    (f"bets=10,{TOP}&bet={TOP}", ([10, TOP], TOP, None)),
    (f"bets=10,{TOP + 10}", ("amount.aboveLimit", "bets", str(TOP + 10))),
    ("bets=100000000000000000000", ("amount.unsafe", "bets", "100000000000000000000")),
    ("bets=10,9007199254740993", ("amount.unsafe", "bets", "9007199254740993")),
    ("bets=10,010", ("amount.spelling", "bets", "010")),
    ("bets=1e3", ("settings.betsList", "bets", "1e3")), ("bets=0x10", ("settings.betsList", "bets", "0x10")),
    ("bets=%2B5", ("settings.betsList", "bets", "+5")), ("bets=+5", ("settings.betsList", "bets", " 5")),
    (f"bet={TOP + 10}", ("amount.aboveLimit", "bet", str(TOP + 10))),
    ("bet=9007199254740993", ("amount.unsafe", "bet", "9007199254740993")),
    ("bet=100000000000000000000", ("amount.unsafe", "bet", "100000000000000000000")),
    ("bet=1e3", ("amount.spelling", "bet", "1e3")), ("bet=0x10", ("amount.spelling", "bet", "0x10")),
    ("bet=%2B5", ("amount.spelling", "bet", "+5")), ("bet=+5", ("amount.spelling", "bet", " 5")),
    ("bet=%20100", ("amount.spelling", "bet", " 100")), ("bet=0", ("amount.belowMin", "bet", "0")),
    (f"maxBet={CEILING}", (list(MODEL.bets), MODEL.default_bet, CEILING)),
    (f"maxBet={CEILING + 1}", ("amount.aboveLimit", "maxBet", str(CEILING + 1))),
    ("maxBet=9007199254740993", ("amount.unsafe", "maxBet", "9007199254740993")),
    ("maxBet=100000000000000000000", ("amount.unsafe", "maxBet", "100000000000000000000")),
    ("maxBet=1e3", ("amount.spelling", "maxBet", "1e3")), ("maxBet=0x10", ("amount.spelling", "maxBet", "0x10")),
    ("maxBet=%2B5", ("amount.spelling", "maxBet", "+5")), ("maxBet=%D9%A1%D9%A2", ("amount.spelling", "maxBet", "\u0661\u0662")),
    ("maxBet=0", ("amount.belowMin", "maxBet", "0")),
]


def test_the_address_amounts_read_by_launch_js(game: Game, site: Site) -> None:
    got = game.page.evaluate("""async ([url, queries]) => {
        const { readSettings } = await import(url);
        const model = await (await fetch("./engine/data/model.json")).json();
        return queries.map((q) => {
            try {
                const s = readSettings(new URLSearchParams(q), { model, warn: () => {} });
                return [[...s.bets], s.bet, s.maxBet];
            } catch (e) { return [e.code, e.key, e.value]; }
        });
    }""", [site.root + "static/js/operator/launch.js", [q for q, _ in URLS]])
    assert [tuple(g) for g in got] == [tuple(w) for _, w in URLS]


def test_a_launch_past_the_limits_stops_and_one_at_them_plays(open_game: Callable[..., Game], site: Site,
                                                               tables: dict[str, dict[str, str]]) -> None:
    en = tables["en"]
    for query, code, params in [
        ("bets=100000000000000000000", "amount.unsafe", {"key": "bets", "value": "100000000000000000000", "max": SAFE}),
        ("maxBet=9007199254740993", "amount.unsafe", {"key": "maxBet", "value": "9007199254740993", "max": SAFE}),
    ]:
        game = open_game(f"{site.root}?{query}&speed=fast", state="error")
        status = game.page.locator("#status").text_content()
        assert status == fill(en["load.cannotStart"], reason=fill(en[f"why.{code}"], **params)), query
        assert game.page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('boce.save'))") == []
        game.page.close()
    # at the limits: the highest level is offered, the engine's offer at it has its cap within the ceiling
    page = open_game(f"{site.root}?bets=10,{TOP}&bet={TOP}&maxBet={CEILING}&speed=fast").page
    assert page.eval_on_selector_all("#bet option", "os => os.map(o => o.value)") == ["10", str(TOP)]
    assert minor(page, "#bet") == TOP and minor(page, "#balance") == DEMO
    offer = json.loads(page.evaluate(f"window.bridge.offer({TOP})"))
    assert offer["cap"] == TOP * MODEL.max_win <= CEILING
    # the balance cannot cover it: refused, nothing played
    assert "insufficient balance" in page.evaluate("game.spin().then(() => 'played', e => e.message)")
    assert page.evaluate("game.history().length") == 0 and minor(page, "#balance") == DEMO


def test_a_parents_bad_amounts_are_refused_with_their_codes(context: BrowserContext, watch: Watch, site: Site) -> None:
    page = host(context, watch, site.root + "?embed=1&seed=3&speed=fast")
    frame = page.frames[1]
    bad: list[tuple[dict[str, Any], str, str]] = [  # (command, its type, the code by hand)
        ({"type": "configure", "settings": {"maxBet": "1e3"}}, "configure", "amount.spelling"),
        ({"type": "configure", "settings": {"maxBet": "0x10"}}, "configure", "amount.spelling"),
        ({"type": "configure", "settings": {"maxBet": str(CEILING + 1)}}, "configure", "amount.aboveLimit"),
        ({"type": "configure", "settings": {"bet": True}}, "configure", "amount.type"),
        ({"type": "configure", "settings": {"bets": "10,100000000000000000000"}}, "configure", "amount.unsafe"),
        ({"type": "configure", "settings": {"bet": "9007199254740993"}}, "configure", "amount.unsafe"),
        ({"type": "configure", "settings": {"maxBet": 5.5}}, "configure", "amount.notWhole"),
        ({"type": "autoplay", "rounds": 10, "lossLimit": "500"}, "autoplay", "amount.type"),
        ({"type": "autoplay", "rounds": 10, "lossLimit": True}, "autoplay", "amount.type"),
        ({"type": "autoplay", "rounds": 10, "lossLimit": CEILING + 1}, "autoplay", "amount.aboveLimit"),
        ({"type": "autoplay", "rounds": 10, "lossLimit": 500, "winLimit": 5.5}, "autoplay", "amount.notWhole"),
        ({"type": "autoplay", "rounds": 10, "lossLimit": 500, "singleWinAtLeast": 0}, "autoplay", "amount.belowMin"),
        ({"type": "setBet", "bet": "100"}, "setBet", "amount.type"),
        ({"type": "setBet", "bet": 100.5}, "setBet", "amount.notWhole"),
    ]
    for message, _, _ in bad:
        send(page, {"target": SOURCE, **message})
    # numbers past 2^53 made in the parent itself (Python's ints cross as JSON numbers)
    page.evaluate(f"""() => {{
        const g = document.getElementById('g').contentWindow;
        g.postMessage({{ target: '{SOURCE}', type: 'autoplay', rounds: 10, lossLimit: 2 ** 53 + 1 }}, '*');
        g.postMessage({{ target: '{SOURCE}', type: 'configure', settings: {{ maxBet: 1e20 }} }}, '*');
        g.postMessage({{ target: '{SOURCE}', type: 'setBet', bet: 2 ** 53 }}, '*');
    }}""")
    more = [("autoplay", "amount.unsafe"), ("configure", "amount.unsafe"), ("setBet", "amount.unsafe")]
    page.wait_for_function(f"msgs.filter((m) => m.type === 'error').length === {len(bad) + len(more)}")
    errors = page.evaluate("msgs.filter((m) => m.type === 'error')")
    # configure is checked asynchronously (it asks the engine too): compare as multisets per command
    want = [(c, code) for _, c, code in bad] + more
    assert sorted((e["command"], e["code"]) for e in errors) == sorted(want)
    assert all(e["reason"] for e in errors)
    # nothing played, nothing changed, no restart (one ready only)
    assert frame.evaluate("[game.state().balance, game.state().bet, game.history().length]") == [DEMO, MODEL.default_bet, 0]
    assert page.evaluate("msgs.filter((m) => m.type === 'ready').length") == 1
    assert page.evaluate("msgs.filter((m) => m.type === 'autoplayStart' || m.type === 'roundStart').length") == 0


def test_the_autoplay_panel_refuses_typed_amounts_past_the_limit(open_game: Callable[..., Game], site: Site,
                                                                  tables: dict[str, dict[str, str]]) -> None:
    en = tables["en"]
    page = open_game(site.root + "?seed=4&speed=fast").page
    error = page.locator("#autoplay-error")
    limit = page.evaluate(f"import({json.dumps(site.root + 'static/js/core/money.js')}).then(m => m.makeFormat()({CEILING}))")
    example = page.evaluate(f"import({json.dumps(site.root + 'static/js/core/money.js')}).then(m => m.makeFormat()(5000))")
    for typed, code in [("10000000000.01", "amount.aboveLimit"), ("1e3", "amount.spelling"), ("0x10", "amount.spelling"),
                        ("\u0661\u0662", "amount.spelling"), ("-5", "amount.spelling"), ("0", "amount.belowMin"),
                        ("90071992547409.93", "amount.unsafe")]:
        page.click("#autoplay-button")
        page.fill("#ap-loss", typed)
        page.click("#autoplay-start")
        want = (fill(en["ap.aboveLimit"], name=en["ap.lossName"], limit=limit) if code == "amount.aboveLimit"
                else fill(en["ap.badAmount"], name=en["ap.lossName"], example=example))
        expect(error).to_have_text(want)
        expect(error).to_have_attribute("data-code", code)
        expect(page.locator("#ap-loss")).to_have_attribute("aria-invalid", "true")
        page.click("#autoplay-cancel")
    assert page.evaluate("game.history().length") == 0 and minor(page, "#balance") == DEMO
    # at the limit (10,000,000,000.00 euros, the ceiling) the panel starts autoplay: 10 rounds
    page.click("#autoplay-button")
    page.fill("#ap-loss", "10000000000")
    page.click("#autoplay-start")
    page.wait_for_function("() => game.history().length === 10 && !document.documentElement.dataset.autoplay")


def test_a_saved_balance_past_the_limits_is_set_aside(open_game: Callable[..., Game], site: Site,
                                                        tables: dict[str, dict[str, str]]) -> None:
    en = tables["en"]
    # sealed by Python over 2^53 + 1: the page's JSON.parse reads 2^53, so its checksum fails first;
    # sealed over 2^53 and then written 2^53 + 1: the checksum holds and the balance is refused
    forged = json.dumps(savefile.record(balance=2**53)).replace(str(2**53), str(2**53 + 1))
    assert str(2**53 + 1) in forged
    game = open_game(site.root + "?speed=fast")
    page = game.page
    for raw, why in [(json.dumps(savefile.record(balance=2**53 + 1)), "why.save.checksum"),
                     (forged, "why.save.balance"),
                     (json.dumps(savefile.record(balance=CEILING + 1)), "why.save.balance")]:
        page.evaluate("(v) => { localStorage.clear(); localStorage.setItem('boce.save', v); }", raw)
        page.reload()
        wait_ready(page)
        expect(page.locator("#message")).to_contain_text(en[why])
        assert minor(page, "#balance") == DEMO
        kept = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('boce.save.bad.')).map(k => localStorage.getItem(k))")
        assert kept == [raw]
    # at the ceiling the record is read as it is
    page.evaluate("(v) => { localStorage.clear(); localStorage.setItem('boce.save', v); }",
                  json.dumps(savefile.record(balance=CEILING)))
    page.reload()
    wait_ready(page)
    assert minor(page, "#balance") == CEILING
    expect(page.locator("#message")).not_to_contain_text("could not be used")
