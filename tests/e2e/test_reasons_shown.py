"""The reasons a player is shown are in the player's language (static/js/lang/reasons.js).

Every expected text is built here from the language's own table (static/i18n/*.js, loaded
in a page as the game loads them) filled with the values the refusal names, those values
coming from the URL given or from CPython's engine for the same input; none is typed here.

- Every code a refusal can carry (tests/reason_codes.py: a scan of the engine's raises and the
  page's constructors) has a `why.<code>` text in en, de and ar, and every scenario of the
  catalogue a `scenario.<name>`.
- German: a bad `currency=` on the loading screen; a tampered replay link; a corrupt save; a
  `?scenario=` page's description; an engine refusal whose amounts the page's formatter writes.
- Arabic: a launch refusal of the engine (a bet level that is no multiple of the lines),
  worded inside the launch setting's own text; an embedding parent gets the code too.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
import reason_codes
from e2e_harness import Game, Site
from embed_support import host
from languages import CODES, TRANSLATED
from playwright.sync_api import BrowserContext, expect
from tables import fill

from engine import errors, load_model, page as engine_page
from engine.launch import with_bets
from engine.scenarios import load_scenarios

MODEL = load_model()
TABLES = CODES  # static/js/lang/languages.js, the one list

def test_every_code_and_scenario_is_worded_in_every_language(tables: dict[str, dict[str, str]]) -> None:
    codes = reason_codes.engine_codes() | reason_codes.page_codes()
    assert len(codes) > 60
    for lang in TABLES:
        # a text in plural forms (why.settings.duplicate_one, _other) is asked by its key
        keys = {reason_codes.PLURAL.sub("", k) for k in tables[lang]}
        assert sorted(c for c in codes if f"why.{c}" not in keys) == [], lang
        assert [n for n in reason_codes.scenario_names() if f"scenario.{n}" not in tables[lang]] == [], lang
    # the German and Arabic texts are translations, not the English left in place
    for lang in TRANSLATED:
        same = [k for k in tables["en"] if k.startswith(("why.", "scenario.")) and tables[lang].get(k) == tables["en"][k]]
        assert same == ["why.start.scenarioRefused"], lang  # "?scenario= {{reason}}": no word of its own


def status(game: Game) -> str:
    return game.page.locator("#status").text_content() or ""


def test_a_bad_currency_is_refused_in_german(open_game: Callable[..., Game], site: Site,
                                             tables: dict[str, dict[str, str]]) -> None:
    de = tables["de"]
    game = open_game(site.root + "?lang=de&currency=EURO", state="error")
    reason = fill(de["why.settings.currencyCode"], key="currency", value="EURO")
    assert status(game) == fill(de["load.cannotStart"], reason=reason)
    assert "EURO" in reason and "nothing" not in status(game)


def test_a_tampered_replay_link_is_refused_in_german(open_game: Callable[..., Game], site: Site,
                                                     tables: dict[str, dict[str, str]]) -> None:
    de = tables["de"]
    text = load_scenarios()["big-win"]["replay"]
    i = text.index("-") - 1
    text = text[:i] + ("1" if text[i] != "1" else "2") + text[i + 1:]
    refused = engine_page.open_replay(MODEL, text)  # CPython's engine says which check refuses it
    assert refused["code"] == "replayLink.checksum"
    game = open_game(f"{site.root}?lang=de&replay={text}&speed=fast", state="error")
    reason = fill(de["why.start.replayRefused"], reason=fill(de[f"why.{refused['code']}"], **refused["params"]))
    assert status(game) == fill(de["load.cannotStart"], reason=reason)


def test_a_corrupt_save_is_explained_in_german(open_game: Callable[..., Game], site: Site,
                                               tables: dict[str, dict[str, str]]) -> None:
    de = tables["de"]
    game = open_game(site.root + "?lang=de&speed=fast")
    page = game.page
    # not JSON: store.js's first check ("save.damaged")
    page.evaluate("localStorage.clear(); localStorage.setItem('boce.save', 'this is not a saved game')")
    page.reload()
    page.wait_for_selector("html[data-state=ready]", state="attached")
    before_balance = de["saved.corrupt"].split("{{balance}}")[0]
    expect(page.locator("#message")).to_contain_text(fill(before_balance, reason=de["why.save.damaged"]))


def test_a_scenario_page_describes_its_scenario_in_german(open_game: Callable[..., Game], site: Site,
                                                           tables: dict[str, dict[str, str]]) -> None:
    page = open_game(f"{site.root}?lang=de&scenario=trigger&speed=fast").page
    expect(page.locator("#scenario-description")).to_have_text(tables["de"]["scenario.trigger"])
    assert tables["de"]["scenario.trigger"] != load_scenarios()["trigger"]["description"]


REFUSED_OFFER = """async ([bet, locale]) => {
    const { reasonOf } = await import('./static/js/lang/reasons.js');
    const { makeFormat } = await import('./static/js/core/money.js');
    const format = makeFormat('EUR', locale);
    const answer = JSON.parse(await window.bridge.offer(bet));  // the engine's refusal, as the bridge gets it
    return { shown: reasonOf(answer, format), amounts: answer.params.levels.map(format), bet: format(bet), answer };
}"""


def test_an_engine_refusal_writes_its_amounts_with_the_pages_formatter(
        open_game: Callable[..., Game], site: Site, tables: dict[str, dict[str, str]]) -> None:
    page = open_game(site.root + "?lang=de&speed=fast").page
    got = page.evaluate(REFUSED_OFFER.replace("./static", site.root + "static"), [70, "de-DE"])
    want = engine_page.offer_for(MODEL, 70)  # CPython: the same code, params and money
    assert {k: got["answer"][k] for k in ("code", "params", "money")} == {k: want[k] for k in ("code", "params", "money")}
    assert got["shown"] == fill(tables["de"]["why.bet.notLevel"], bet=got["bet"], levels=", ".join(got["amounts"]))
    assert "€" in got["bet"] and got["bet"] != "70"


def test_an_engine_launch_refusal_is_worded_in_arabic(open_game: Callable[..., Game], site: Site, context: BrowserContext,
                                                      watch: Any, tables: dict[str, dict[str, str]]) -> None:
    ar = tables["ar"]
    with pytest.raises(errors.BetError) as raised:  # what the engine says of these levels
        with_bets(MODEL, [10, 25])
    exc = raised.value
    inner = fill(ar[f"why.{exc.code}"], **exc.params)
    reason = fill(ar["why.settings.engine"], key="bets", value="10,25", reason=inner)
    game = open_game(site.root + "?lang=ar&bets=10,25", state="error")
    assert status(game) == fill(ar["load.cannotStart"], reason=reason)
    expect(game.page.locator("html")).to_have_attribute("dir", "rtl")
    # an embedding parent is told the launch setting's code beside the text on screen
    parent = host(context, watch, site.root + "?embed=1&lang=ar&bets=10,25", until="error")
    sent = parent.evaluate("msgs.filter(m => m.type === 'error')")
    assert [(m["code"], m["message"]) for m in sent] == [("settings.engine", fill(ar["load.cannotStart"], reason=reason))]
    assert json.dumps(sent)  # plain data: what postMessage carries
