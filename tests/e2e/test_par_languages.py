"""The PAR page (par.html) in German and Arabic, in headless Chromium.

Where the expected values come from:
* the words: the tables themselves (static/i18n/en.js, de.js, ar.js, imported by the browser);
* every figure's data-value: the English page's (the same maths whatever the language);
* the formatted numbers: static/par.json read here, formatted in Python with the German
  separators (CLDR de: "." groups, "," decimals, a no-break space before "%"), and checked
  against the browser's own Intl.NumberFormat("de") too;
* the Arabic digits: those of the game's own amounts (makeFormat in static/js/ui/hud.js formats
  them with Intl.NumberFormat in launch.js's locale for Arabic, ar-AE).
Screenshots: screenshots/par-{de,ar}-{1280x800,390x844}.png, for a human to look at.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlencode

import pytest
from e2e_harness import REPO_ROOT, Game, Site, Watch, boot, prepare_context
from languages import LANGUAGES, TRANSLATED
from playwright.sync_api import Browser, expect
from test_i18n import PLACEHOLDER, english_left, template

SHOTS = REPO_ROOT / "screenshots"
LANGS = TRANSLATED  # static/js/lang/languages.js: every language but English
SHOT_LANGS = ("de", "ar")  # the pictures for a human: the long words, and right to left
LAB_TIMEOUT_MS = 600_000  # Pyodide boots in the lab's worker first

# Every string the lab's canvas draws (the chart's ticks and axis title), recorded for the checks.
RECORD_CANVAS = """(() => {
    window.__drawn = [];
    const fill = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
        window.__drawn.push(String(text));
        return fill.call(this, text, ...rest);
    };
})();"""

# The texts of #par-content: text nodes (SVG <text> and <title> included), each element's whole
# text (a sentence around its figures), aria-label / title attributes, and the canvas's strings.
TEXTS = """() => {
    const root = document.getElementById('par-content');
    const out = [];
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) out.push(n.data);
    for (const e of root.querySelectorAll('*')) {
        if (e.children.length && e.textContent.length < 500) out.push(e.textContent);
        for (const a of ['aria-label', 'title']) if (e.hasAttribute(a)) out.push(e.getAttribute(a));
    }
    return [...out, ...window.__drawn].map((s) => s.replace(/\\s+/g, ' ').trim()).filter(Boolean);
}"""

FIGURES = """() => Object.fromEntries([...document.querySelectorAll('[data-key], [data-derived]')]
    .map((e) => [e.dataset.key ?? 'derived ' + e.dataset.derived, e.dataset.value]))"""


@pytest.fixture(scope="module")
def pages(browser: Browser, browser_context_args: dict[str, Any], site: Site) -> Iterator[dict[str, Game]]:
    ctx = browser.new_context(**browser_context_args, viewport={"width": 1280, "height": 800})
    ctx.add_init_script(RECORD_CANVAS)
    watch = Watch()
    prepare_context(ctx, watch)
    try:
        yield {lang: boot(ctx.new_page(), watch, site.root + f"par.html?lang={lang}") for lang in ("en", *LANGS)}
        watch.assert_clean()  # no page/console/HTTP error and no outside request meanwhile
    finally:
        ctx.close()


def german(x: float, digits: int) -> str:
    """x with `digits` decimals as CLDR's German writes it (groups of three with ".", "," decimals)."""
    return f"{x:,.{digits}f}".replace(",", " ").replace(".", ",").replace(" ", ".")


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_has_the_language_and_direction(pages: dict[str, Game], lang: str) -> None:
    html = pages[lang].page.locator("html")
    expect(html).to_have_attribute("lang", lang)
    expect(html).to_have_attribute("dir", LANGUAGES[lang].dir)


@pytest.mark.parametrize("lang", LANGS)
def test_every_figure_has_the_english_pages_value(pages: dict[str, Game], lang: str) -> None:
    english = pages["en"].page.evaluate(FIGURES)
    assert len(english) > 50
    assert pages[lang].page.evaluate(FIGURES) == english


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_of_the_sheet_or_the_lab_is_english(pages: dict[str, Game], tables: dict[str, dict[str, str]],
                                                    lang: str) -> None:
    page = pages[lang].page
    table, en = tables[lang], tables["en"]
    if lang == "de":  # a short seeded run: the lab's progress, its message and its verdict
        page.set_default_timeout(LAB_TIMEOUT_MS)
        figures = page.evaluate("window.lab.run({ rounds: 10000, seed: 5, buy: false })")
        assert figures["rounds"] == 10_000
        # 10,000 rounds: German's "other" form (CLDR: German's "one" is 1 alone)
        expect(page.locator("#lab-message")).to_have_text(template(table["par.lab.done_other"]))
        verdict = page.locator("#lab-verdict").text_content() or ""
        assert template(table["par.lab.inside_other"]).fullmatch(verdict) or template(table["par.lab.outside_other"]).fullmatch(verdict)
    else:  # the engine's loading messages, then the form's answer to a bad seed
        page.locator("#lab").scroll_into_view_if_needed()  # the lab loads the engine near the screen
        expect(page.locator("html")).to_have_attribute("data-lab", "ready", timeout=LAB_TIMEOUT_MS)
        expect(page.locator("#lab-message")).to_have_text(template(table["par.lab.loaded"]))
        page.fill("#lab-seed", "x")
        page.click("#lab-start")
        expect(page.locator("#lab-message")).to_have_text(template(table["par.lab.badSeed"]))
        page.fill("#lab-seed", "1")
    texts = page.evaluate(TEXTS)
    assert len(texts) > 300 and any(t == table["par.lab.axis"] for t in texts)  # the canvas's text is read
    # texts of English's table (holding words, not only placeholders) that none of the language's is
    assert english_left(texts, tables, lang, par=True) == []


def test_german_words_and_numbers_are_the_tables_and_intl(pages: dict[str, Game], tables: dict[str, dict[str, str]]) -> None:
    page, de = pages["de"].page, tables["de"]
    par = json.loads((REPO_ROOT / "static" / "par.json").read_text(encoding="utf-8"))
    expect(page.locator("#rtp .par-heading span:not(.par-deco)")).to_have_text(de["par.rtp.title"])
    expect(page.locator("nav.par-nav")).to_have_attribute("aria-label", de["par.nav.label"])
    expect(page.locator("table.par-specials th").first).to_have_text(de["par.col.symbol"])
    expect(page.locator("table.par-specials tbody th").first).to_have_text(de[f"sym.{next(iter(par['specials']))}"])
    # RTP: 4 decimals, a percentage (Python's German writing, and the browser's Intl "de" alike)
    rtp = page.locator('[data-key="rtp"]')
    want = german(100 * par["rtp"], 4) + "\u00a0%"
    intl = page.evaluate("x => new Intl.NumberFormat('de', { style: 'percent', minimumFractionDigits: 4,"
                         " maximumFractionDigits: 4 }).format(x)", par["rtp"])
    assert want == intl
    expect(rtp).to_have_text(want)
    # the max win, grouped: "20.168× Einsatz" from de.json's par.timesBet ("{{x}} Einsatz")
    expect(page.locator('[data-key="max_win"]')).to_have_text(de["par.timesBet"].replace("{{x}}", german(par["max_win"], 0) + "×"))
    # the max win odds: de.json's "1 zu {{n}}", N to the whole round
    n = par["max_win_odds"]["base"]
    card = page.locator(".par-stat-value", has=page.locator('[data-key="max_win_odds.base"]'))
    expect(card).to_have_text(de["par.oneIn"].replace("{{n}}", german(round(n), 0)))


def test_arabic_numbers_have_the_digits_of_the_games_amounts(pages: dict[str, Game], tables: dict[str, dict[str, str]]) -> None:
    page = pages["ar"].page
    expect(page.locator("#rtp .par-heading span:not(.par-deco)")).to_have_text(tables["ar"]["par.rtp.title"])
    rtp = json.loads((REPO_ROOT / "static" / "par.json").read_text(encoding="utf-8"))["rtp"]
    # As the game formats an amount in Arabic (hud.js makeFormat, locale ar-AE), and the RTP so
    want = page.evaluate("""x => [new Intl.NumberFormat('ar-AE', { style: 'currency', currency: 'EUR' }).format(12.5),
        new Intl.NumberFormat('ar-AE', { style: 'percent', minimumFractionDigits: 4, maximumFractionDigits: 4 }).format(x)]""", rtp)
    shown = page.locator('[data-key="rtp"]').text_content() or ""
    assert shown == want[1]
    latin = re.compile(r"[0-9]")
    assert bool(latin.search(shown)) == bool(latin.search(want[0]))  # the same digits as the game's


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_the_social_wording_shows_no_betting_word(browser: Browser, browser_context_args: dict[str, Any],
                                                  site: Site, lang: str,
                                                  betting_words: Callable[[str, list[str]], list[str]]) -> None:
    ctx = browser.new_context(**browser_context_args)
    watch = Watch()
    prepare_context(ctx, watch)
    try:
        page = boot(ctx.new_page(), watch, site.root + f"par.html?lang={lang}&market=social").page
        words = page.evaluate("""() => [document.title, document.body.textContent, ...[...document.querySelectorAll(
            '[aria-label], [title], [alt]')].flatMap((e) => ['aria-label', 'title', 'alt'].map((a) => e.getAttribute(a) ?? ''))]""")
        assert betting_words(lang, words) == []
    finally:
        ctx.close()


FITS = """() => {
    const problems = [];
    const root = document.scrollingElement;
    if (root.scrollWidth > innerWidth) problems.push(`the page is ${root.scrollWidth} px wide`);
    for (const e of document.querySelectorAll('body *')) {
        const r = e.getBoundingClientRect();
        if (r.width && !e.closest('.par-table-wrap') && (r.left < -0.5 || r.right > innerWidth + 0.5)) {
            problems.push(`${e.tagName}.${e.className?.baseVal ?? e.className} leaves the screen: ${r.left}..${r.right}`);
        }
    }
    for (const text of document.querySelectorAll('svg text')) {  // a chart's words inside its drawing
        const box = text.getBBox(), width = text.ownerSVGElement.width.baseVal.value;
        if (box.x < -0.5 || box.x + box.width > width + 0.5) problems.push(`"${text.textContent}" is cut at ${box.x}..${box.x + box.width}`);
    }
    return problems.slice(0, 20);
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_fits_a_phone_and_a_laptop(pages: dict[str, Game], lang: str) -> None:
    page = pages[lang].page
    SHOTS.mkdir(exist_ok=True)
    for size in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
        page.set_viewport_size(size)
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        assert page.evaluate(FITS) == [], size
        if lang in SHOT_LANGS:  # a whole-page picture is seconds of work among the sixteen pages
            page.screenshot(path=str(SHOTS / f"par-{lang}-{size['width']}x{size['height']}.png"), full_page=True)


def test_the_links_between_game_and_sheet_keep_the_launch_settings(open_game: Callable[..., Game], site: Site) -> None:
    """The game's PAR link and the sheet's way back carry the address's settings (language,
    market, currency...), all but `poster` (language.js keepQuery): expected, the query written
    here with urlencode, without poster."""
    settings = {"lang": "de", "market": "social", "currency": "XGC", "seed": "3"}
    query = urlencode(settings)
    game = open_game(site.root + "?" + query + "&poster=0")
    assert game.page.locator("#info-dialog a[data-keep-query]").get_attribute("href") == f"./par.html?{query}"
    game.page.click("#info-button")
    game.page.click("#info-dialog a[data-keep-query]")
    game.page.wait_for_selector("html[data-state=ready]", state="attached")
    assert game.page.evaluate("[location.search, document.documentElement.lang]") == ["?" + query, "de"]
    back = game.page.locator(".par-back")
    assert back.get_attribute("href") == f"./?{query}"
