"""Languages: every string from one table per language (static/i18n/), and each fits.

- The tables' keys, placeholders, plural forms and social words are checked as files, without a
  browser (tests/js/tables.test.mjs, in `make check`); here: the PAR page's part of each table
  (static/i18n/par/) holds the par.* keys, and the game never fetches it.
- Nothing left outside them: every text node and labelling attribute of index.html is marked
  data-i18n; the page's scripts write no English literal to the screen.
- `?lang=de` / `?lang=ar` (and an unknown code: English, with a warning) set <html lang dir>
  and the page's words; Arabic mirrors the HUD but not the reels.
- At 1280x800, 390x844 and 568x320, in English, German, Arabic and the social wording, no
  control's text overflows it, and every control is on screen apart from the others (the HUD,
  the buy dialog, the autoplay panel); screenshots/i18n-*.png are for a human to look at.
- The info screen fits a phone (320x568, 390x844) and a desktop in each language: every text
  inside its card, none under 12 px, a 44 x 44 px close button.
- The social wording shows none of the words of betting, after a round and with the info
  screen open: not in the text, the labels, the title or the announcements.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any
from html.parser import HTMLParser

import pytest
from e2e_harness import REPO_ROOT, Game, Site, Watch, boot, prepare_context
from languages import CODES, LANGUAGES, TABLE_NAMES, TRANSLATED
from tables import PLACEHOLDER, read
from playwright.sync_api import Browser, Page, expect

SHOTS = REPO_ROOT / "screenshots"
LANGS = CODES  # static/js/lang/languages.js, the one list

def test_the_par_pages_texts_are_in_their_own_tables_which_the_game_does_not_fetch(open_game: Callable[..., Game],
                                                                                    site: Site) -> None:
    # by the files: static/i18n/par/ holds the par.* keys, and only those; the game's tables
    # hold none of them
    for name in TABLE_NAMES:
        par_keys = list(read(name, "par"))
        assert par_keys and all(k.startswith("par.") for k in par_keys), name
        assert [k for k in read(name) if k.startswith("par.")] == [], name
    # the German game fetches its tables (de.json, en.json underneath) and none of par/ (Resource
    # Timing, the browser's own list)
    page = open_game(site.root + "?lang=de&speed=fast").page
    fetched = page.evaluate("performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)"
                            ".filter((p) => p.includes('/static/i18n/'))")
    assert any(p.endswith("/static/i18n/de.json") for p in fetched), fetched
    assert [p for p in fetched if "/static/i18n/par/" in p] == []


LABELS = ("aria-label", "alt", "placeholder", "title")


class _Marks(HTMLParser):
    """Collects index.html's text nodes and labelling attributes not marked for the tables."""

    VOID = {"meta", "link", "img", "input", "br", "source", "option"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[dict[str, str | None]] = []
        self.unmarked: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for name in LABELS:
            if a.get(name) and re.search(r"[^\W\d_]", a[name] or "") and f"data-i18n-{name}" not in a:
                self.unmarked.append(f"<{tag} {name}={a[name]!r}>")
        if tag not in self.VOID:
            self.stack.append({"tag": tag, **a})

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()["tag"] != tag:
            pass

    def handle_data(self, data: str) -> None:
        text = data.strip()
        if not re.search(r"[^\W\d_]", text):
            return  # numbers, amounts, symbols (✕, €, −)
        tags = [e["tag"] for e in self.stack]
        if "script" in tags or "style" in tags:
            return
        if any("data-i18n" in e or e.get("translate") == "no" for e in self.stack):
            return
        self.unmarked.append(text)


def test_every_text_and_label_of_index_html_is_marked() -> None:
    parser = _Marks()
    parser.feed((REPO_ROOT / "index.html").read_text(encoding="utf-8"))
    assert parser.unmarked == []


# A string literal with words, written to the screen without the tables: textContent = "...",
# el(tag, cls, "..."), showMessage("..."), announce("..."), showNotice("..."), an aria-label;
# and the PAR page's helpers (static/js/par/): section(id, "...", "..."), stat("...", ...),
# svg("text" / "title", {...}, "..."), a chart's words(x, y, side, cls, "..."), a canvas's
# fillText("..."), the lab's say("..."), a chart item's label: / title: / text: "...", and a
# literal among table(cls, [headers]).
LITERAL = r"""(`[^`]*[A-Za-z]{2,}[^`]*`|"[^"]*[A-Za-z]{2,}[^"]*"|'[^']*[A-Za-z]{2,}[^']*')"""
SCREEN_WRITE = re.compile(
    r"""(textContent\s*=\s*|\bel\([^()]*?,\s*[^,()]*?,\s*|show(Message|Notice)\(\s*|announce\(\s*|"""
    r"""setAttribute\(\s*["']aria-label["']\s*,\s*|\bsection\(\s*["'][^"']*["']\s*,\s*(?:[^,()]*,\s*)?|"""
    r"""\bstat\(\s*(?:[^,()]*,\s*)*?|\bsvg\(\s*["'](?:text|title)["']\s*,\s*\{[^{}]*\}\s*,\s*|"""
    r"""\bfillText\(\s*|\bsay\(\s*|\b(?:label|title|text)\s*:\s*|\bwords\((?:[^,()]*,\s*){4}|"""
    r"""\btable\(\s*[^,()]*,\s*\[(?:[^\]]*?,\s*)?)""" + LITERAL)
SCRIPTS = ("static/js/*/*.js",)  # every folder: the game's and the PAR page's (par/)


def test_the_game_scripts_write_no_english_to_the_screen() -> None:
    paths = sorted(path for pattern in SCRIPTS for path in REPO_ROOT.glob(pattern))
    assert any(path.parent.name == "par" for path in paths)  # the PAR page's scripts are scanned
    assert any(path.name == "hud.js" for path in paths)  # and the game's
    found = []
    for path in paths:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in SCREEN_WRITE.finditer(line):
                literal = m.group(m.lastindex or 0)
                if not re.search(r"[A-Za-z]{2,}", re.sub(r"\$\{[^}]*\}", "", literal)):
                    continue  # values only, such as `${number}/${count}`
                found.append(f"{path.relative_to(REPO_ROOT)}:{n}: {literal}")
    assert found == []


def test_german_and_arabic_set_the_pages_language_and_direction(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?lang=de&speed=fast").page
    html = page.locator("html")
    expect(html).to_have_attribute("lang", "de")
    expect(html).to_have_attribute("dir", "ltr")
    expect(page.locator(".meter-balance .meter-label")).to_have_text("Guthaben")
    assert page.title() == "Book of Christmas Eve"
    expect(page.locator("#spin")).to_have_attribute("aria-label", "Drehen (Leertaste)")
    rnd = page.evaluate("game.spin()")
    expect(page.locator("#announce")).to_contain_text("Guthaben")
    assert rnd["bet"] > 0

    page = open_game(site.root + "?lang=ar&speed=fast").page
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("html")).to_have_attribute("lang", "ar")
    assert page.title() == "كتاب ليلة الميلاد"
    expect(page.locator(".meter-balance .meter-label")).to_have_text("الرصيد")
    # the HUD keeps its places, Spin at the right under the right thumb (docs/frontend.md
    # "Screens"), while its texts read right to left; the reels are not mirrored either: the
    # canvas draws reel 1 leftmost, as wins pay left to right
    tools, spin = page.locator(".hud-tools").bounding_box(), page.locator("#spin").bounding_box()
    assert tools and spin and spin["x"] > tools["x"]
    assert page.evaluate("getComputedStyle(document.querySelector('.meter-balance .meter-label')).direction") == "rtl"
    assert page.evaluate("getComputedStyle(document.getElementById('reels')).transform") == "none"


def test_an_unknown_language_is_english_with_a_warning(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?lang=xx&speed=fast").page
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator(".meter-balance .meter-label")).to_have_text("Balance")
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.reload()
    page.wait_for_selector("html[data-state=ready]", state="attached")
    assert any('"xx" is not shipped' in w for w in warnings), warnings


FIT = """([selector, scrolls = false]) => {
    const vw = innerWidth, vh = innerHeight;
    const shown = (e) => e.checkVisibility({ visibilityProperty: true }) && !e.closest('.sr-only')
        && e.getClientRects().length > 0;
    const nodes = [...document.querySelectorAll(selector)].filter(shown);
    const problems = [];
    const boxes = [];
    for (const e of nodes) {
        const r = e.getBoundingClientRect();
        const name = e.id ? '#' + e.id : e.className ? e.tagName + '.' + String(e.className).split(' ')[0] : e.tagName;
        if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1) problems.push(`${name} overflows: ${e.scrollWidth} > ${e.clientWidth} (${e.textContent.trim().slice(0, 40)})`);
        if (r.left < -0.5 || r.right > vw + 0.5 || (!scrolls && (r.top < -0.5 || r.bottom > vh + 0.5))) problems.push(`${name} leaves the viewport ${JSON.stringify([r.left, r.top, r.right, r.bottom])}`);
        // an inline label's text stays inside the control around it
        const box = e.parentElement?.closest('button, label, .meter');
        if (box && getComputedStyle(e).display === 'inline') {
            const b = box.getBoundingClientRect();
            if (r.left < b.left - 1 || r.right > b.right + 1) problems.push(`${name} runs out of its control`);
        }
        boxes.push([e, r, name]);
    }
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const [a, p, an] = boxes[i], [b, q, bn] = boxes[j];
        if (a.contains(b) || b.contains(a)) continue;
        if (p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5) {
            problems.push(`${an} overlaps ${bn}`);
        }
    }
    return problems;
}"""

HUD = ("#game button, #game select, #game output, #game label, .meter-label, .meter-value, .buy-title, "
       ".buy-price, .btn-auto-text")
BUY_DIALOG = "#buy-dialog h2, #buy-dialog p, #buy-dialog button"
AUTOPLAY = ("#autoplay-dialog h2, #autoplay-dialog legend, #autoplay-dialog .ap-rounds label, #autoplay-dialog button, "
            "#autoplay-dialog .ap-row > span, #autoplay-dialog input[type=text], #autoplay-dialog .ap-check")
VIEWPORTS = [{"width": 1280, "height": 800}, {"width": 390, "height": 844}, {"width": 568, "height": 320}]
WORDINGS = [("en", ""), ("de", ""), ("ar", ""), ("en", "social")]


def settle(page: Page) -> None:
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def dialog_fits(page: Page, dialog: str, selector: str) -> list[str]:
    """The dialog on screen, the page not scrolled, and its controls apart and fitting their
    text (a dialog taller than the screen scrolls: its controls are not held to the height)."""
    problems = page.evaluate(FIT, [dialog, True]) + page.evaluate(FIT, [selector, True])
    scrolled = page.evaluate("[document.scrollingElement.scrollLeft, document.scrollingElement.scrollTop]")
    return problems + ([f"the page is scrolled by {scrolled}"] if scrolled != [0, 0] else [])


@pytest.fixture(scope="module")
def fits_pages(browser: Browser, browser_context_args: dict[str, Any], site: Site) -> Iterator[Callable[[str, str], Page]]:
    """fits_pages(lang, wording) -> the game booted once in that language and wording, shared by
    the three sizes' tests: each resizes the viewport, opens and closes the two dialogs and leaves
    the page as it found it (nothing is played). One at a time, a context each (fresh storage: two games in one
    would be two tabs of one player, and the second would wait for the first)."""
    booted: dict[tuple[str, str], tuple[Page, Watch]] = {}

    def close(key: tuple[str, str]) -> None:
        page, watch = booted.pop(key)
        try:
            watch.assert_clean()
        finally:
            page.context.close()

    def get(lang: str, wording: str) -> Page:
        if (lang, wording) not in booted:
            for other in list(booted):  # one page at a time (an idle page still draws its frames)
                close(other)
            ctx = browser.new_context(**browser_context_args)
            watch = Watch()
            prepare_context(ctx, watch)
            query = f"?lang={lang}&speed=fast" + (f"&wording={wording}" if wording else "")
            booted[lang, wording] = (boot(ctx.new_page(), watch, site.root + query).page, watch)
        return booted[lang, wording][0]

    try:
        yield get
    finally:
        for key in list(booted):
            close(key)


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: f"{v['width']}x{v['height']}")
@pytest.mark.parametrize("lang,wording", WORDINGS, ids=lambda v: v or "standard")
def test_every_control_fits_its_text_in_every_language(fits_pages: Callable[[str, str], Page], viewport: dict[str, int],
                                                        lang: str, wording: str) -> None:
    page = fits_pages(lang, wording)
    page.set_viewport_size(viewport)
    settle(page)
    name = f"i18n-{lang}{'-' + wording if wording else ''}-{viewport['width']}x{viewport['height']}"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    assert page.evaluate(FIT, [HUD]) == []
    page.click("#buy")
    expect(page.locator("#buy-dialog")).to_be_visible()
    settle(page)
    assert dialog_fits(page, "#buy-dialog", BUY_DIALOG) == []
    page.click("#buy-cancel")
    page.click("#autoplay-button")
    try:
        expect(page.locator("#autoplay-dialog")).to_be_visible()
        settle(page)
        page.screenshot(path=str(SHOTS / f"{name}-autoplay.png"))
        assert dialog_fits(page, "#autoplay-dialog", AUTOPLAY) == []
    finally:  # the page as the next size's test expects it: at rest, no dialog open
        page.click("#autoplay-cancel")
        expect(page.locator("#autoplay-dialog")).to_be_hidden()


# The info screen's text: each piece inside the card or section it belongs to (a long German
# name inside its paytable card), none smaller than 12 px, the dialog not scrolling sideways,
# and its close button a 44 x 44 px target. Every problem found, in words.
INFO_FITS = """() => {
    const dialog = document.getElementById('info-dialog');
    const problems = [];
    const boxes = '.info-pay-card, .info-book-card, .info-line, .info-stat, .info-rule-group, .info-in-force-list, .boce-info, #info-dialog';
    const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent.trim().slice(0, 30);
        const parent = node.parentElement;
        if (!text || !parent.checkVisibility()) continue;
        const size = parseFloat(getComputedStyle(parent).fontSize);
        if (size < 12) problems.push(`"${text}" is ${size}px`);
        const holder = parent.closest(boxes);
        const box = holder.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
            if (r.left < box.left - 0.5 || r.right > box.right + 0.5) {
                problems.push(`"${text}" runs out of ${holder.id || holder.className}: ${r.left}-${r.right} beyond ${box.left}-${box.right}`);
            }
        }
    }
    const close = document.getElementById('info-close').getBoundingClientRect();
    if (close.width < 44 || close.height < 44) problems.push(`#info-close is ${close.width} x ${close.height} px`);
    if (dialog.scrollWidth > dialog.clientWidth) problems.push(`the dialog scrolls sideways: ${dialog.scrollWidth} > ${dialog.clientWidth}`);
    return problems;
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_info_screen_fits_a_phone_in_every_language(open_game: Callable[..., Game], site: Site, lang: str) -> None:
    # under uk, the market with the most lines of settings in force
    page = open_game(site.root + f"?lang={lang}&market=uk&speed=fast").page
    page.click("#info-button")
    expect(page.locator("#info-content .info-in-force")).to_be_visible()
    problems = []
    for size in ({"width": 320, "height": 568}, {"width": 390, "height": 844}, {"width": 1280, "height": 800}):
        page.set_viewport_size(size)
        settle(page)
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"i18n-info-{lang}-{size['width']}x{size['height']}.png"))
        problems += [f"{size['width']}x{size['height']}: {p}" for p in page.evaluate(INFO_FITS)]
    assert problems == [], "\n".join(problems)


RECORD_ANNOUNCEMENTS = """() => {
    window.spoken = [];
    const live = document.getElementById('announce');
    new MutationObserver(() => window.spoken.push(live.textContent)).observe(live, { childList: true, characterData: true, subtree: true });
}"""

WORDS_ON_PAGE = """() => {
    const words = [document.title, document.body.innerText, ...window.spoken];
    for (const e of document.querySelectorAll('[aria-label], [alt], [placeholder], [title]')) {
        if (!e.closest('[hidden]')) words.push(...['aria-label', 'alt', 'placeholder', 'title'].map((a) => e.getAttribute(a) ?? ''));
    }
    for (const e of document.querySelectorAll('[role=status], [role=alert], [aria-live]')) words.push(e.textContent);
    return words.filter(Boolean);
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_social_wording_shows_no_betting_word(open_game: Callable[..., Game], site: Site, lang: str,
                                              betting_words: Callable[[str, list[str]], list[str]]) -> None:
    page = open_game(site.root + f"?lang={lang}&wording=social&seed=3&speed=fast").page
    page.evaluate(RECORD_ANNOUNCEMENTS)
    page.evaluate("game.buy()")  # a bought feature: intro, free spins, outro, their announcements
    page.evaluate("game.spin()")
    page.click("#info-button")
    expect(page.locator("#info-dialog")).to_be_visible()
    words = page.evaluate(WORDS_ON_PAGE)
    assert len(words) > 10
    assert betting_words(lang, words) == []


def template(text: str) -> re.Pattern[str]:
    """A table's text as a pattern of the whole string: each {placeholder} stands for anything."""
    pieces = PLACEHOLDER.split(text)
    return re.compile("".join(".+?" if i % 2 else re.escape(p) for i, p in enumerate(pieces)), re.S)


# Every text the page puts in the document from now on (text nodes added or changed, and the
# whole text of a small element around them: a sentence with a filled-in amount), hidden or not,
# kept in window.__texts; with what is on screen when asked (TEXTS_NOW).
RECORD_TEXTS = """() => {
    const texts = window.__texts = new Set();
    const norm = (s) => s.replace(/\\s+/g, ' ').trim();
    const add = (n) => {
        if (n.nodeType === Node.TEXT_NODE) { if (norm(n.data)) texts.add(norm(n.data)); return; }
        if (n.nodeType !== Node.ELEMENT_NODE) return;
        const walk = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
        for (let x = walk.nextNode(); x; x = walk.nextNode()) add(x);
        if (n.children.length && n.textContent.length < 400 && norm(n.textContent)) texts.add(norm(n.textContent));
    };
    new MutationObserver((records) => {
        for (const r of records) {
            if (r.type === 'characterData') add(r.target);
            r.addedNodes.forEach(add);
            if (r.type === 'attributes' && r.target.getAttribute(r.attributeName)) texts.add(norm(r.target.getAttribute(r.attributeName)));
        }
    }).observe(document.documentElement, { subtree: true, childList: true, characterData: true,
                                           attributes: true, attributeFilter: ['aria-label', 'title', 'alt', 'placeholder'] });
}"""

TEXTS_NOW = """() => {
    const norm = (s) => s.replace(/\\s+/g, ' ').trim();
    const out = [...window.__texts, document.title];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (n.parentElement?.checkVisibility() && norm(n.data)) out.push(norm(n.data));
    }
    for (const e of document.querySelectorAll('[aria-label], [alt], [placeholder], [title]')) {
        if (e.checkVisibility()) out.push(...['aria-label', 'alt', 'placeholder', 'title'].map((a) => norm(e.getAttribute(a) ?? '')));
    }
    return [...new Set(out)].filter(Boolean);
}"""


def english_left(texts: list[str], tables: dict[str, dict[str, str]], lang: str, par: bool = False) -> list[str]:
    """The texts that are a text of English's table (one holding words, not only placeholders)
    and none of the language's own table: the English a missing key, or a script's English,
    would show. Brand names and the cards' A K Q J are in both tables, so they are not English
    here. `par`: the texts are the PAR page's (par.* keys too, which the game never loads)."""
    english = {k: template(v) for k, v in tables["en"].items()
               if (par or not k.startswith("par.")) and re.search(r"[A-Za-z]{3,}", PLACEHOLDER.sub("", v))}
    mine = [template(v) for v in tables[lang].values()]
    left = {(k, text) for text in set(texts) for k, pattern in english.items() if pattern.fullmatch(text)}
    return sorted(f"{k}: {text!r}" for k, text in left if not any(p.fullmatch(text) for p in mine))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_english_is_left_on_screen(open_game: Callable[..., Game], site: Site, tables: dict[str, dict[str, str]],
                                      lang: str) -> None:
    """The game in `lang` through a bought feature (its intro, free spins, outro and big win), a
    spin, and each dialog (autoplay, buy, info, history) shows no text of English's table that the
    language's table words otherwise. (The page's own scripts write no English literal: above.)"""
    page = open_game(site.root + f"?lang={lang}&seed=3&speed=fast").page
    page.evaluate(RECORD_TEXTS)
    page.evaluate(RECORD_ANNOUNCEMENTS)
    texts = page.evaluate(TEXTS_NOW)
    page.evaluate("game.buy()")
    page.evaluate("game.spin()")
    for button, dialog, close in (("#autoplay-button", "#autoplay-dialog", "#autoplay-cancel"),
                                  ("#buy", "#buy-dialog", "#buy-cancel"),
                                  ("#info-button", "#info-dialog", "#info-close"),
                                  ("#history-button", "#history-dialog", "#history-close")):
        page.click(button)
        expect(page.locator(dialog)).to_be_visible()
        texts += page.evaluate(TEXTS_NOW)
        page.click(close)
        expect(page.locator(dialog)).to_be_hidden()
    texts += page.evaluate("window.spoken")
    assert len(set(texts)) > 150  # the premise: the walk saw the screens' texts
    assert english_left(texts, tables, lang) == []


# Languages whose screens a human looks at on a phone (issue 35): the longest words (Finnish,
# Russian), a CJK script (Japanese) and the market Brazil's Portuguese, where it is shipped.
PHONE_SHOTS = [code for code in ("ja", "fi", "ru", "pt-BR") if code in CODES]


@pytest.mark.parametrize("lang", PHONE_SHOTS)
def test_phone_screenshots_in_the_language(browser: Browser, browser_context_args: dict[str, Any], site: Site,
                                           tables: dict[str, dict[str, str]], lang: str) -> None:
    """Screenshots (screenshots/phone-LANG-*.png, 390x844 at device scale 3, touch) of the game at
    rest, the info screen, the buy dialog and the feature's intro; each shows its language's text
    from the table (the premise that the shot is of that language)."""
    ctx = browser.new_context(**browser_context_args, viewport={"width": 390, "height": 844},
                              device_scale_factor=3, has_touch=True, is_mobile=True)
    watch = Watch()
    prepare_context(ctx, watch)
    table = {**tables["en"], **tables[lang]}
    shot = lambda name: page.screenshot(path=str(SHOTS / f"phone-{lang}-{name}.png"))  # noqa: E731
    try:
        SHOTS.mkdir(exist_ok=True)
        page = boot(ctx.new_page(), watch, site.root + f"?lang={lang}&seed=3").page
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator(".meter-bet .meter-label")).to_have_text(table["hud.bet"])
        settle(page)
        shot("1-rest")
        page.tap("#info-button")
        expect(page.locator("#info-dialog h2").first).to_be_visible()
        settle(page)
        shot("2-info")
        page.tap("#info-close")
        page.tap("#buy")
        expect(page.locator("#buy-dialog-title")).to_have_text(table["buy.title"])
        settle(page)
        shot("3-buy")
        page.tap("#buy-confirm")  # the feature's intro, at the game's own speed (the page is then closed)
        # "10 free spins" in the plural form CLDR gives the model's count (Intl.PluralRules, the
        # browser's: Python has no CLDR data) in the language's locale
        count = json.loads((REPO_ROOT / "engine/data/model.json").read_text(encoding="utf-8"))["free_spins"]["count"]
        form = page.evaluate("([locale, n]) => new Intl.PluralRules(locale).select(n)", [LANGUAGES[lang].locale, count])
        expect(page.locator("#overlay .intro-count")).to_have_text(template(table[f"panel.fsCount_{form}"]), timeout=30_000)
        settle(page)
        shot("4-intro")
        watch.assert_clean()
    finally:
        ctx.close()


def test_market_social_gives_the_social_wording_and_the_new_texts_are_translated(open_game: Callable[..., Game], site: Site) -> None:
    """The wording follows the launch settings: market=social (in coins) is social play; the
    launch's texts (the settings in force, the operator's view of ?debug=1 with the markets'
    rules, Share and Export) come from the tables."""
    page = open_game(site.root + "?lang=de&market=social&speed=fast&debug=1").page
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator(".meter-bet .meter-label")).to_have_text("Spiel")
    page.evaluate("game.spin()")
    page.click("#history-button")
    expect(page.locator(".history-share").first).to_have_text("Teilen")
    expect(page.locator(".history-export").first).to_have_text("Exportieren")
    page.click("#history-close")
    page.click("#info-button")
    expect(page.locator(".info-in-force .info-heading")).to_have_text("❄Einstellungen in diesem Spiel❄")
    expect(page.locator(".info-in-force-item[data-setting=coins]")).to_have_text(
        "Münzen: Sie spielen um virtuelle Münzen, die keinen Barwert haben.")
    expect(page.locator(".info-operator .info-heading")).to_have_text("❄Betreiberansicht❄")
    expect(page.locator(".info-operator .info-subheading")).to_have_text(["Regeln nach Markt", "Geltende Einstellungen"])
    expect(page.locator(".profile-name[data-current]")).to_contain_text("Soziales Spiel")
