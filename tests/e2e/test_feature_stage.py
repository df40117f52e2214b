"""The staged feature (issue 33 part 3): the intro's book and the expansions, one reel at a time.

Expected values, each from outside the page: the rounds from CPython (`play_round(load_model(),
bet, Random(seed), buy=True)`, the page contract: with ?seed=N the page's first round equals
CPython's first), the special symbol from its freeSpinsStart event, the expansions from its
expandBooks events (their `reels` in order and `multipliers`), the pays from the model's
paytable times the line bet (engine/model.py: pay(symbol, count) x line_bet(bet)), the names from
the English table (static/i18n/en.json), and the currency format of en-IE euros
("€1,234.50"). What the canvas shows comes from the renderer's data-wilds (the reels expanded so
far, in order, "1:x1,3:x2") and data-medals (the reels whose multiplier medallion is drawn),
sampled every frame. x1 shows no medallion: it multiplies nothing (the page's decision).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import count
from typing import Any

from e2e_harness import Game, Site
from tables import TABLES

from engine import load_model, play_round

MODEL = load_model()
BET = MODEL.default_bet
EN = TABLES["en"]


def name(symbol: str) -> str:
    assert f"sym.{symbol}" in EN, symbol
    return EN[f"sym.{symbol}"]


def euros(minor: int) -> str:
    """en-IE euros: 123456 -> "€1,234.56"."""
    return f"€{minor // 100:,}.{minor % 100:02d}"


def bought(seed: int) -> dict[str, Any]:
    return play_round(MODEL, BET, random.Random(seed), buy=True).to_dict()


def seed_where(test: Callable[[dict[str, Any]], bool]) -> int:
    """The first seed whose first bought round passes `test` (a search on CPython)."""
    return next(s for s in count() if test(bought(s)))


def special(round_: dict[str, Any]) -> str:
    return next(e for e in round_["events"] if e["type"] == "freeSpinsStart")["special"]


# Every frame: the intro book's data (pages shown, landed symbol) and the canvas's expansions.
WATCH = """() => {
    window.__frames = [];
    const canvas = document.querySelector('canvas');
    const tick = () => {
        const book = document.querySelector('#overlay .book-anim');
        window.__frames.push([book?.dataset.shown ?? null, book?.dataset.landed ?? null,
                              canvas.dataset.wilds ?? null, canvas.dataset.medals ?? null]);
        requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
}"""


# Every change of the intro book's data (a mutation observer: each page turned, however short).
WATCH_BOOK = """() => {
    window.__book = [];
    new MutationObserver(() => {
        const book = document.querySelector('#overlay .book-anim');
        if (!book) return;
        window.__book.push([book.dataset.shown ?? null, book.dataset.landed ?? null]);
        if (book.dataset.landed && !window.__landed) {  // the landed page as it first shows
            const q = (s) => document.querySelector(s);
            window.__landed = {
                shown: book.dataset.shown, landed: book.dataset.landed, src: q('.book-anim .right .page-symbol').src,
                name: q('.intro-name').textContent, count: q('.intro-count').textContent,
                pays: [...document.querySelectorAll('.intro-pay')].map((x) => x.textContent),
            };
        }
    }).observe(document.querySelector('#overlay'), { subtree: true, childList: true, attributes: true });
}"""


def test_the_intro_flips_through_symbols_and_lands_on_the_special_symbol_with_its_pays(
        open_game: Callable[..., Game], site: Site) -> None:
    seed = 0
    want = special(bought(seed))
    page = open_game(site.root + f"?seed={seed}&lang=en&speed=fast").page
    page.evaluate(WATCH_BOOK)
    page.evaluate("() => { window.__round = game.buy(); }")
    page.wait_for_function("() => window.__landed")
    changes = page.evaluate("window.__book")
    landed = page.evaluate("window.__landed")
    before = [c for c in changes if c[0] and not c[1]]
    assert before, "no page was seen before the landing"
    shown = landed["shown"].split(",")
    assert len(set(shown)) > 1, shown  # the pages turned through more than one symbol
    assert set(shown) <= set(MODEL.paytable), shown
    assert shown[-1] == want
    assert landed["landed"] == want
    assert landed["src"].endswith(f"/static/img/{want.lower()}.svg")  # the landed page's picture
    assert landed["name"] == name(want)
    line_bet = MODEL.line_bet(BET)
    pays = [(c, MODEL.pay(want, c) * line_bet) for c in range(5, 0, -1) if MODEL.pay(want, c) > 0]
    assert landed["pays"] == [f"{c}\u00d7 {euros(p)}" for c, p in pays], landed["pays"]
    count_ = next(e for e in bought(seed)["events"] if e["type"] == "freeSpinsStart")["count"]
    assert landed["count"] == f"{count_} free spins"
    page.evaluate("window.__round")  # the round plays to its end


def test_a_tap_lands_the_flip_at_once_and_a_second_closes(open_game: Callable[..., Game], site: Site) -> None:
    seed = 1
    want = special(bought(seed))
    page = open_game(site.root + f"?seed={seed}&lang=en").page  # normal speed: the pages take seconds
    page.evaluate("() => { window.__round = game.buy(); }")
    page.wait_for_selector("#overlay .book-anim[data-shown]", timeout=30000)
    assert page.eval_on_selector(".book-anim", "b => b.dataset.landed ?? null") is None
    page.keyboard.press("x")
    # landed at once: checked right after the key, no waiting
    assert page.eval_on_selector(".book-anim", "b => b.dataset.landed ?? null") == want
    assert page.text_content(".intro-name") == name(want)
    assert page.is_visible("#overlay .panel-intro")
    page.keyboard.press("x")
    page.wait_for_selector("#overlay .panel-intro", state="detached", timeout=2000)


def test_books_expand_one_reel_at_a_time_in_the_engines_order_and_x1_has_no_medallion(
        open_game: Callable[..., Game], site: Site) -> None:
    def fits(r: dict[str, Any]) -> bool:
        ex = [e for e in r["events"] if e["type"] == "expandBooks"]
        mults = [m for e in ex for m in e["multipliers"].values()]
        return any(len(e["reels"]) > 1 for e in ex) and 1 in mults and any(m > 1 for m in mults)
    seed = seed_where(fits)
    want = bought(seed)
    page = open_game(site.root + f"?seed={seed}&lang=en&speed=fast").page
    page.evaluate(WATCH)
    got = page.evaluate("game.buy()")
    assert got["total_win"] == want["total_win"]
    frames = page.evaluate("window.__frames")
    # what the canvas showed, consecutive repeats dropped, empty (between spins) left out
    seen: list[str] = []
    for f in frames:
        if not seen or f[2] != seen[-1]:
            seen.append(f[2])
    seen = [s for s in seen if s]
    # the engine's: each expandBooks event reveals its reels one at a time, in its order
    expected = []
    for e in want["events"]:
        if e["type"] == "expandBooks":
            parts = [f"{r}:x{e['multipliers'][str(r)]}" for r in e["reels"]]
            expected += [",".join(parts[:k]) for k in range(1, len(parts) + 1)]
    assert seen == expected, (seen, expected)
    # medallions: exactly the reels with a multiplier above 1, never an x1
    medals = {m for f in frames if f[3] for m in f[3].split(",")}
    wanted = {f"{r}:x{m}" for e in want["events"] if e["type"] == "expandBooks"
              for r, m in ((int(k), v) for k, v in e["multipliers"].items()) if m > 1}
    assert medals == wanted, (medals, wanted)
