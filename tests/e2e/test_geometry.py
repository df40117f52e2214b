"""The screen's geometry (issue 32): at every size players and integrators use, in every language,
every control, text and panel fits, apart and readable, and on a portrait phone the reels take
the screen.

The rules are tests/geometry.js's (its header defines each): every visible box inside the
viewport (or inside the scroll area it belongs to), no two controls' hit areas overlapping, no
text overflowing its box, cut by a clipping ancestor or spilling out of its card; on touch layouts
hit areas of at least 44 x 44 CSS px and no text under 12 px; at 390x844 and 375x667 portrait
the #reels canvas at least 90% of the viewport's width and 40% of its height, and no empty
band taller than 10% of the height between main#game's blocks. The thresholds are the issue's;
the boxes are the browser's own layout (getBoundingClientRect, scrollWidth, Range rects).
test_the_checker_* prove that each rule catches a deliberately broken element.

Each case is a size of one page, checked in turn (a page is one boot, shared by the cases of a
group: one language's plain cases of one kind of screen, resized from one size to the next for
each state; a case with the big moments has a page of its own): the poster (`?poster=1`), the game at rest
behind the age gate's notice (`?ageGate=1`, lifted through `?debug=1`'s `debugGame.ageGate`: a
page without a parent has no one to confirm it; an integrator's frame is confirmed by its
parent), at rest, the autoplay dialog, the info dialog, the buy dialog, then a round and the HUD
after it, the history dialog (holding that round's row), and the reality check (`?reality=60`,
brought on by Playwright's clock: an hour of session time fast-forwarded). The round is a plain
spin, or, in the cases that check the big moments, the feature bought through the buy dialog:
the seed of seeds.py `cap_seed` (found on CPython from the model) has a bought feature that
reaches the cap (recomputed below), so it shows the
intro, the max win, the outro and the epic big win, each checked when it appears by a
MutationObserver on #overlay that runs the checker in the page (the panel and the header's
feature bar).

The amounts are the largest the page can be asked to show while every panel can still be opened:
docs/page-contract.md "Amounts" (the balance ceiling 10^12 minor units, the highest bet level)
and docs/save-format.md "The edges" (a round, or a bought feature, whose worst case would take the
balance past the ceiling is refused, and the buy dialog with it). No launch setting sets a
balance: it is the saved game's (docs/save-format.md), written into localStorage before the page
loads under the launch's own key (docs/page-contract.md "Launch settings": `boce.save.<CUR>-<hash
of the levels>`). The bet levels are the model's plus the two largest that matter: the highest
level the model can play and the highest at which a feature can still be bought.

Many of these fail on the current layout (issue 32's redesign makes them pass); the full list
is written to test-results/geometry-failures.txt, grouped by rule and element (on both cores,
as `make test` runs it, a file for each worker's cases: geometry-failures.gw0.txt...).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
import savefile
from e2e_harness import BOOT_TIMEOUT_MS, REPO_ROOT, Site, Watch, prepare_context
from geometry_support import INSTALL, PLAYWRIGHT_CALL, SETTLE, grouped
from languages import CODES
from parallel import worker_suffix
from playwright.sync_api import Browser, BrowserContext, Frame, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from seeds import cap_seed

from engine import load_model, play_round
from engine.launch import MAX_BALANCE, max_level

MODEL = load_model()
LINES = len(MODEL.paylines)
CEILING = 10**12  # docs/page-contract.md "Amounts": a balance is 0 to 10^12 minor units
assert MAX_BALANCE == CEILING  # the engine's constant, the page's (a test holds them equal)

# The highest level: "the largest multiple of the line count whose capped win (max_win x level)
# the ceiling holds" (docs/page-contract.md "Amounts"); the engine's own sum as a second method.
TOP_LEVEL = CEILING // MODEL.max_win // LINES * LINES
assert TOP_LEVEL == max_level(MODEL) == 49_583_490


def room(bet: int) -> int:
    """The largest balance from which a round at `bet` may start: its worst case, the balance less
    the bet plus the capped win, stays within the ceiling (docs/save-format.md "The edges")."""
    return CEILING + bet - MODEL.max_win * bet


# The highest level at which the feature can still be bought: the balance `room(bet)` covers the
# price (buy_price x bet); a buy's own worst case (price out, the cap in) is then within the ceiling.
TOP_BUY_BET = CEILING // (MODEL.max_win - 1 + MODEL.buy_price) // LINES * LINES
assert room(TOP_BUY_BET) >= MODEL.buy_price * TOP_BUY_BET > 0
assert room(TOP_BUY_BET + LINES) < MODEL.buy_price * (TOP_BUY_BET + LINES)  # and it is the highest
assert room(TOP_BUY_BET) - MODEL.buy_price * TOP_BUY_BET + MODEL.max_win * TOP_BUY_BET <= CEILING
BETS = [*MODEL.bets, TOP_BUY_BET, TOP_LEVEL]  # ascending, each a multiple of the 10 lines
assert BETS == sorted(set(BETS)) and all(b % LINES == 0 for b in BETS)
# "bet": the highest bet a buy allows, on the most balance it allows; "balance": the most balance
# any round allows, at the lowest level. Both with the levels above in the bet selector.
AMOUNTS = {"bet": (TOP_BUY_BET, room(TOP_BUY_BET)), "balance": (MODEL.bets[0], room(MODEL.bets[0]))}

# The first seed whose first round at the default bet is a plain base win (no feature, below the
# first big-win tier): the spin that gives the history its row plays at once, with no panel. A
# round's draws and its win in bets do not depend on the bet, so it is the same at every level.
SPIN_SEED = next(s for s in range(1, 1000)
                 if (r := play_round(MODEL, MODEL.default_bet, random.Random(s))).special is None
                 and 0 < r.total_win and MODEL.big_win(r.total_win, r.bet) is None)

# The big moments: a bought feature of Random(CAP_SEED), the first seed whose bought feature reaches
# the cap (seeds.py `cap_seed`, a search on CPython over the model, as test_maxwin.py's), rechecked
# here: it shows the feature's intro, the
# outro and then the round's one celebration, .panel-maxwin, whose title climbs through every tier
# (BIG, MEGA, EPIC: the cap is max_win times the bet, above the top tier) to MAX WIN; the watcher
# measures it at every frame, so each tier's title is measured in the layout a plain big win's
# .panel-bigwin shares (.celebration).
# The draws do not depend on the bet: at the case's bet it is the same round, its win the cap.
CAP_SEED = cap_seed()
CAPPED = play_round(MODEL, MODEL.default_bet, random.Random(CAP_SEED), buy=True).to_dict()
assert CAPPED["total_win"] == MODEL.max_win * MODEL.default_bet and CAPPED["end"] == "max_win"
TOP_TIER = MODEL.big_wins[-1]  # EPIC WIN, level 3: the cap is above it
assert [e["big_win"] for e in CAPPED["events"] if e["type"] == "roundEnd"] == [
    {"name": TOP_TIER.name, "level": TOP_TIER.level}]
PANELS = ("panel-intro", "panel-maxwin", "panel-outro")

REALITY_MINUTES = 60


@dataclass(frozen=True)
class Size:
    width: int
    height: int
    touch: bool  # a phone: touch, is_mobile, device scale factor 3; else a desktop with a mouse
    embed: bool = False  # ?embed=1 in an integrator's iframe of exactly this size

    @property
    def portrait_rules(self) -> bool:
        # the portrait share: at 390x844 and 375x667
        return (self.width, self.height) in ((390, 844), (375, 667))


SIZES = {
    "1280x800": Size(1280, 800, False), "1200x675": Size(1200, 675, False), "800x450": Size(800, 450, False),
    "568x320": Size(568, 320, True), "375x667": Size(375, 667, True), "320x568": Size(320, 568, True),
    "390x844": Size(390, 844, True), "844x390": Size(844, 390, True),
    "375x667-embed": Size(375, 667, True, embed=True), "320x568-embed": Size(320, 568, True, embed=True),
}


@dataclass(frozen=True)
class Case:
    size: str
    lang: str
    wording: str  # "default", "social" (?wording=social), or "market" (market=social: coins)
    currency: str
    reality: bool  # ?reality=60: the session bar on screen, and the reality check checked
    amounts: str  # a key of AMOUNTS
    big: bool  # the big moments checked: the case's round is the capped bought feature

    @property
    def id(self) -> str:
        return "-".join([self.size, self.lang, self.wording, self.currency,
                         "reality" if self.reality else "noreality", f"top{self.amounts}"])


# Every size in every language of static/js/lang/languages.js (the one list: 8 sizes x 16
# languages), and the wording, the currency, the reality check (with its session bar) and which
# amount is at its largest varied over them so that each size meets both wordings, all three
# currencies, the session bar on and off and both amounts (a covering design over size i and
# language j: wording (i + j) % 2, currency (i + j) % 3, reality unless (i + 2j) % 3 == 0, the top
# balance when (i + 2j + 1) % 3 == 0; test_the_cases_cover_... checks it). The big moments (a bought,
# capped feature: about twice a plain case's time) at every size in English, and in every other
# language at two sizes: the desktop size i = j % 3 and the phone size i = 3 + j % 5 (SIZES lists
# the three desktops first, then the five phones).
# The social wording is `?wording=social`, market=social's wording (docs/page-contract.md "URL
# options"), so that it meets every currency: market=social itself takes virtual coins only
# (launch.js); the integrators' frames add it (XGC). The reality check needs `?reality=`, which also
# puts the session bar on screen: the rest without it is a layout of its own, so the check is a
# factor too, on in two of each size's three cases (the dialog is checked there).
#
# One page for a language's plain cases of one kind of screen (issue 51: resize, not reboot): the
# two desktops, or the four phones, that do not play its big moments share the launch settings
# of the first of them (the design's formula at that size), boot at that size, play their round
# there, and are resized to each other size for each state (a player turning a phone, or
# resizing a window, goes through the same). Which size boots first turns with the language, so
# that each size is also checked in a page booted at it (every size is, at least five times).
PLAIN_SIZES = [name for name, z in SIZES.items() if not z.embed]
assert [SIZES[name].touch for name in PLAIN_SIZES] == [False] * 3 + [True] * 5
CURRENCIES = ("EUR", "JPY", "BHD")  # 2, 0 and 3 minor digits (ISO 4217)
DESKTOPS, PHONES = [0, 1, 2], [3, 4, 5, 6, 7]  # indices into PLAIN_SIZES


def designed(i: int, j: int, lang: str, at: int, big: bool) -> Case:
    """The case of size `at` with the design's settings of size i, language j."""
    return Case(PLAIN_SIZES[at], lang, ("default", "social")[(i + j) % 2], CURRENCIES[(i + j) % 3],
                (i + 2 * j) % 3 != 0, "balance" if (i + 2 * j + 1) % 3 == 0 else "bet", big)


def design() -> list[tuple[Case, ...]]:
    """The groups of cases, each one page: its first case boots it and plays its round."""
    groups: list[tuple[Case, ...]] = []
    for j, lang in enumerate(CODES):
        if lang == "en":  # every size its own page: the big moments at each
            groups += [(designed(i, j, lang, i, True),) for i in DESKTOPS + PHONES]
            continue
        for kind, big in ((DESKTOPS, j % 3), (PHONES, 3 + j % 5)):
            groups.append((designed(big, j, lang, big, True),))
            rest = [i for i in kind if i != big]
            turn = (j // len(kind)) % len(rest)
            rest = rest[turn:] + rest[:turn]
            groups.append(tuple(designed(rest[0], j, lang, i, False) for i in rest))
    return groups + [
        (Case("375x667-embed", "ar", "market", "XGC", True, "bet", True),),
        (Case("320x568-embed", "en", "default", "BHD", False, "balance", True),),
    ]


GROUPS = design()
CASES = [c for group in GROUPS for c in group]


def test_the_cases_cover_every_size_language_wording_currency_and_amount() -> None:
    plain = [c for c in CASES if not SIZES[c.size].embed]
    assert {(c.size, c.lang) for c in plain} == {(s, lang) for s in PLAIN_SIZES for lang in CODES}
    assert len(plain) == len(PLAIN_SIZES) * len(CODES) == 8 * len(CODES)
    assert CASES[0] == Case("1280x800", "en", "default", "EUR", False, "bet", True)  # the design's first, by hand
    for size in PLAIN_SIZES:
        mine = [c for c in plain if c.size == size]
        assert {c.wording for c in mine} == {"default", "social"}, size
        assert {c.currency for c in mine} == {"EUR", "JPY", "BHD"}, size
        assert {c.reality for c in mine} == {True, False}, size
        assert {c.amounts for c in mine} == {"bet", "balance"}, size
        assert "en" in {c.lang for c in mine if c.big} and len({c.lang for c in mine if c.big}) > 1, size
        # and each size is the one a page boots at, for several languages
        assert len({g[0].lang for g in GROUPS if g[0].size == size}) >= 5, size
    for lang in CODES:  # each language's big moments on a phone and on a larger screen
        touch = {SIZES[c.size].touch for c in plain if c.lang == lang and c.big}
        assert touch == {True, False}, lang
    assert {c.size for c in CASES if SIZES[c.size].embed} == {"375x667-embed", "320x568-embed"}
    for group in GROUPS:  # a page's cases differ by their size only, of one kind of screen
        first = group[0]
        assert all(c == Case(c.size, first.lang, first.wording, first.currency, first.reality, first.amounts, first.big)
                   for c in group), group
        assert len({(SIZES[c.size].touch, SIZES[c.size].embed) for c in group}) == 1, group
        assert len(group) == 1 or not first.big, group  # the big moments: a page each
    assert len(GROUPS) == 68 + 2  # 8 English pages, 4 a language for the 15 others, 2 embedded


# ---- the page ---------------------------------------------------------------------------

def query(case: Case, **extra: Any) -> str:
    params: dict[str, Any] = {"lang": case.lang}
    if case.wording == "social":
        params["wording"] = "social"
    elif case.wording == "market":
        params["market"] = "social"
    params["currency"] = case.currency
    params["bets"] = ",".join(map(str, BETS))
    if case.reality:
        params["reality"] = REALITY_MINUTES
    if SIZES[case.size].embed:
        params["embed"] = 1
    params.update(extra)
    params["speed"] = "fast"
    return "?" + urlencode(params, safe=",")


def save_key(case: Case) -> str:
    # store.js scopeSuffix: ".CUR-<FNV-1a of the levels joined by commas>" for any launch other
    # than euros at the model's own levels (docs/page-contract.md "Launch settings")
    return f"{savefile.KEY}.{case.currency}-{savefile.fnv1a(','.join(map(str, BETS)))}"


# An observer of the reels' box (the canvas's parent), counting what it is told in window.__boxTold
# (1 at once: an observer is told the size it starts with). False when there is no canvas.
WATCH_BOX = """() => {
    const box = document.getElementById('reels')?.parentElement;
    if (!box) return false;
    window.__boxObserver?.disconnect();
    window.__boxTold = 0;
    window.__boxObserver = new ResizeObserver(() => { window.__boxTold += 1; });
    window.__boxObserver.observe(box);
    return true;
}"""

CLICK = "(sel) => document.querySelector(sel).click()"  # not Playwright's click: a control under
# another, or off the screen, is what is measured here, and must not stop the walk through the panels

# Records the checker's problems for each round panel while it is on screen: at once when it is
# shown and again whenever its content changes (the intro's caption at its reveal), all in the
# observer's callback, before the page can move on; each rule and element once, as first seen.
WATCH_PANELS = """(opts) => {
    window.__panels = {};
    const overlay = document.getElementById('overlay');
    const run = () => {
        const panel = overlay.querySelector('.panel');
        if (!panel) return;
        const kind = [...panel.classList].find((c) => c.startsWith('panel-')) ?? panel.className;
        const seen = (window.__panels[kind] ??= { runs: 0, keys: [], problems: [] });
        seen.runs += 1;
        for (const p of window.__geometry(window, opts)) {
            const key = p.slice(0, p.indexOf(': '));  // "[rule] element"
            if (!seen.keys.includes(key)) { seen.keys.push(key); seen.problems.push(p); }
        }
    };
    new MutationObserver(run).observe(overlay, { childList: true, subtree: true, characterData: true });
}"""

# `contexts` below is module-scoped but boots nothing (a context per size, made on first use):
# on both cores the cases are spread over the two workers (tests/parallel.py), each its own contexts
SPREAD_OVER_WORKERS = True

FOUND: dict[str, dict[str, list[str]]] = {}  # case id -> state -> problems (the report)
RESULTS = REPO_ROOT / "test-results"


@pytest.fixture(scope="module")
def contexts(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Callable[[str], tuple[BrowserContext, Watch]]]:
    """One context per size (its emulation is the context's), shared by that size's cases;
    each has the network guard and Playwright's clock."""
    made: dict[str, tuple[BrowserContext, Watch]] = {}

    def get(size: str) -> tuple[BrowserContext, Watch]:
        if size not in made:
            z = SIZES[size]
            emulation: dict[str, Any] = {"viewport": {"width": z.width, "height": z.height}}
            if z.touch:
                emulation.update(device_scale_factor=3, has_touch=True, is_mobile=True)
            ctx = browser.new_context(**{**browser_context_args, **emulation})
            watch = Watch()
            prepare_context(ctx, watch)
            ctx.clock.install()  # the page's clocks run on, until fast_forward jumps them
            made[size] = (ctx, watch)
        return made[size]

    yield get
    for ctx, _ in made.values():
        ctx.close()
    RESULTS.mkdir(exist_ok=True)
    own = worker_suffix()  # on both cores (make test), each worker writes the cases it ran
    (RESULTS / f"geometry{own}.json").write_text(json.dumps(FOUND, indent=1, ensure_ascii=False) + "\n")
    (RESULTS / f"geometry-failures{own}.txt").write_text(grouped(FOUND))


class Screen:
    """The game's document at one case's size: the page itself, or the game's iframe in an
    integrator's page. The cases of a group share the page, each resizing it to its own size."""

    def __init__(self, page: Page, case: Case) -> None:
        self.page = page
        self.case = case
        self.size = SIZES[case.size]
        self.states: dict[str, list[str]] = {}

    @property
    def doc(self) -> Page | Frame:
        if not self.size.embed:
            return self.page
        frame = self.page.frame(name="game")
        assert frame is not None, "the integrator's page has no game frame"
        return frame

    def open(self, site: Site, q: str) -> None:
        if self.size.embed:
            # the integrator's page: the game in an iframe of exactly the viewport's size
            self.page.goto(site.root + "geometry-host.html?" + urlencode({"src": site.root + q}))
        else:
            self.page.goto(site.root + q)

    def resize(self) -> None:
        """The page's viewport at this case's size (an embedded case's page is never resized),
        and the page settled there: its canvas refitted in the next frames."""
        if self.size.embed or self.page.viewport_size == {"width": self.size.width, "height": self.size.height}:
            return
        # the canvas is sized to its box by the page's ResizeObserver (renderer.js resize()): a
        # second observer of that box, made now, is told of the new size in the same rendering
        # step, after the page's (once, on a loaded machine, two frames after the new size the
        # canvas still had the old one)
        watching = self.page.evaluate(WATCH_BOX)
        if watching:
            self.page.wait_for_function("() => window.__boxTold > 0")  # told the size it starts with
        self.page.set_viewport_size({"width": self.size.width, "height": self.size.height})
        # the page has its new size (the browser may apply it a frame after Playwright returns:
        # once, on a loaded machine, the check ran before the canvas's ResizeObserver had been
        # told), then two frames for the canvas to follow its box
        self.page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h",
                                    arg=[self.size.width, self.size.height])
        if watching:
            try:  # (a box the new size leaves as it was is told nothing: then the frames alone)
                self.page.wait_for_function("() => window.__boxTold > 1", timeout=3000)
            except PlaywrightTimeoutError:
                pass
        self.settle(frames=True)

    def wait(self, selector: str, timeout: float | None = None) -> None:
        self.doc.wait_for_selector(selector, state="attached", **({"timeout": timeout} if timeout else {}))

    def js(self, expr: str, arg: Any = None) -> Any:
        return self.doc.evaluate(expr, arg)

    def settle(self, frames: bool = False) -> None:
        self.js(f"(frames) => ({SETTLE})(window, frames)", frames)

    def check(self, state: str, scope: list[str] | None = None, rest: bool = False) -> None:
        self.settle(frames=scope is None or "footer.hud" in scope)  # (the canvas may have been resized)
        opts: dict[str, Any] = {"width": self.size.width, "height": self.size.height, "touch": self.size.touch}
        if scope:
            opts["scope"] = scope
        if rest and self.size.portrait_rules:
            opts["reelShare"] = opts["bands"] = True
        self.states[state] = self.js(PLAYWRIGHT_CALL, opts)


class Walk:
    """A group's screens on its one page: `each(step)` runs a step at every case's size in turn,
    the first (where the page booted) first, and gives the page back its first size after."""

    def __init__(self, page: Page, group: tuple[Case, ...]) -> None:
        self.screens = [Screen(page, case) for case in group]
        self.first = self.screens[0]

    def each(self, step: Callable[[Screen], None]) -> None:
        for screen in self.screens:
            screen.resize()
            step(screen)
        self.first.resize()


HOST = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>integrator</title>
<style>html, body { margin: 0; overflow: hidden; } iframe { border: 0; display: block; }</style>
<script>window.msgs = []; addEventListener('message', (e) => msgs.push(e.data));</script>
<iframe name="game" title="Book of Christmas Eve" width="%d" height="%d" src="%s"></iframe>"""


def host_route(size: Size) -> Callable[[Any], None]:
    def fulfil(route: Any) -> None:
        src = parse_qs(urlsplit(route.request.url).query)["src"][0]
        route.fulfill(body=HOST % (size.width, size.height, src.replace('"', "&quot;")), content_type="text/html")
    return fulfil


def confirm_age(screen: Screen) -> None:
    if screen.size.embed:  # the integrator confirms it, as docs/page-contract.md says
        screen.page.evaluate("""() => document.querySelector('iframe[name=game]').contentWindow
            .postMessage({ target: 'book-of-christmas-eve', type: 'ageConfirmed' }, '*')""")
    else:
        screen.js("debugGame.ageGate.confirm()")
    screen.doc.wait_for_function("() => document.getElementById('age-gate').hidden")


def open_and_close(button: str, dialog: str, close: str, state: str, ready: str = "") -> Callable[[Screen], None]:
    """A step: the dialog opened by `button`, checked as `state`, closed by `close`."""
    def step(screen: Screen) -> None:
        screen.js(CLICK, button)
        screen.wait(f"{dialog}[open]{ready}")
        screen.check(state, [dialog])
        screen.js(CLICK, close)
        screen.wait(f"{dialog}:not([open])")
    return step


def play_the_group(walk: Walk, site: Site) -> None:
    """Every state of the group's page, in turn, each at every size of the group."""
    screen, case = walk.first, walk.first.case
    bet, balance = AMOUNTS[case.amounts]
    # the saved game with the case's balance and bet, under the launch's key, on the game's origin
    screen.page.goto(site.root + "tests/e2e/blank.html")  # same origin, nothing booted
    screen.page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                         [save_key(case), json.dumps(savefile.record(balance=balance, bet=bet))])
    screen.open(site, query(case, poster=1, ageGate=1, debug=1, seed=CAP_SEED if case.big else SPIN_SEED))
    screen.wait("#poster:not([hidden])")
    walk.each(lambda s: s.check("poster", ["#poster"]))
    screen.js(CLICK, "#poster-play")
    screen.wait("html[data-state=ready]", BOOT_TIMEOUT_MS)
    # the premises: the saved balance and bet are the page's, the age gate is up
    shown = screen.js("() => [+document.getElementById('balance').dataset.minor, +document.getElementById('bet').dataset.minor]")
    assert shown == [balance, bet], f"the page shows balance, bet {shown}, not the saved {[balance, bet]}"
    assert screen.js("() => !document.getElementById('age-gate').hidden")
    walk.each(lambda s: s.check("age gate", ["#age-gate"]))  # the page behind it is checked at rest, next
    confirm_age(screen)

    def at_rest(s: Screen) -> None:
        s.check("at rest", rest=True)
        open_and_close("#autoplay-button", "#autoplay-dialog", "#autoplay-cancel", "autoplay dialog")(s)
        open_and_close("#info-button", "#info-dialog", "#info-close", "info dialog", " #info-content > *")(s)
        if s is not screen or not case.big:
            open_and_close("#buy", "#buy-dialog", "#buy-cancel", "buy dialog")(s)
    walk.each(at_rest)

    if case.big:
        # the player buys: the round panels are checked as each appears (a big case has its own page)
        screen.js(CLICK, "#buy")
        screen.wait("#buy-dialog[open]")
        screen.check("buy dialog", ["#buy-dialog"])
        screen.js(INSTALL)
        screen.js(WATCH_PANELS, {"width": screen.size.width, "height": screen.size.height,
                                 "touch": screen.size.touch, "scope": ["#overlay", "header.top"]})
        screen.js(CLICK, "#buy-confirm")
    else:
        screen.js(CLICK, "#spin")
    # the round is over once it is in the history and the page is ready (docs/page-contract.md)
    screen.doc.wait_for_function("() => game.history().length === 1 && document.documentElement.dataset.state === 'ready'")
    played = screen.js("game.history()[0]")
    if case.big:
        # the premise: Random(CAP_SEED)'s bought feature, capped, at the case's bet
        assert (played["buy"], played["bet"], played["win"]) == (True, bet, MODEL.max_win * bet), played
        panels = screen.js("window.__panels")
        for kind in PANELS:
            seen = panels.get(kind)
            screen.states[kind] = seen["problems"] if seen else [f"[scope] #overlay: no .{kind} was shown"]
        screen.check("after the max win", ["footer.hud"])  # the meters with the cap won
    else:
        assert (played["buy"], played["bet"]) == (False, bet) and played["win"] > 0, played  # SPIN_SEED's plain win
        walk.each(lambda s: s.check("after a spin", ["footer.hud"]))  # the meters with the round's win

    walk.each(open_and_close("#history-button", "#history-dialog", "#history-close", "history dialog",
                             " #history-list tr[data-index]"))

    if case.reality:
        screen.page.clock.fast_forward(REALITY_MINUTES * 60_000 + 1000)
        screen.wait("#reality-dialog[open]")
        walk.each(lambda s: s.check("reality check", ["#reality-dialog"]))  # the dialog open at each size
        screen.js(CLICK, "#reality-continue")
        screen.wait("#reality-dialog:not([open])")


def group_id(group: tuple[Case, ...]) -> str:
    return "+".join(c.size for c in group) + group[0].id[len(group[0].size):]


@pytest.mark.parametrize("group", GROUPS, ids=[group_id(g) for g in GROUPS])
def test_geometry(contexts: Callable[[str], tuple[BrowserContext, Watch]], site: Site, group: tuple[Case, ...]) -> None:
    started = time.monotonic()
    first = group[0]
    ctx, guard = contexts(first.size)  # its viewport the first case's: the page boots at that size
    size = SIZES[first.size]
    if size.embed:
        ctx.route(site.root + "geometry-host.html*", host_route(size))
    page = ctx.new_page()
    watch = Watch()
    watch.attach(page)
    walk = Walk(page, group)
    try:
        play_the_group(walk, site)
    finally:
        page.close()
    if watch.problems() or guard.external_requests:
        walk.first.states["page"] = [f"[page] {first.id}: {p}" for p in watch.problems()] + \
            [f"[page] {first.id}: non-loopback request {r}" for r in guard.external_requests]
    lines = []
    for screen in walk.screens:
        FOUND[screen.case.id] = screen.states
        lines += [f"{screen.case.id}: {state}: {p}" for state, problems in screen.states.items() for p in problems]
    print(f"{group_id(group)}: {len(lines)} problems in {time.monotonic() - started:.1f} s")
    assert not lines, f"{len(lines)} geometry problems at {group_id(group)}:\n  " + "\n  ".join(lines)


# ---- the checker's own proof: each rule catches a deliberately broken element ------------------

# Each broken element is alone in breaking its rule; #ok, #scroller (a scroll area whose content
# reaches far below it), #deep (inside it) and #hidden (the .sr-only pattern) break nothing.
BROKEN = """<!doctype html><html lang="en"><meta charset="utf-8"><link rel="icon" href="data:,"><style>
    body { margin: 0; font: 16px/1.3 sans-serif; }
    .at { position: absolute; margin: 0; }
    #small { left: 10px; top: 10px; width: 30px; height: 30px; }
    #ok { left: 10px; top: 60px; width: 48px; height: 48px; }
    #a { left: 100px; top: 10px; width: 60px; height: 50px; }
    #b { left: 130px; top: 30px; width: 60px; height: 50px; }
    #wide { left: 10px; top: 130px; width: 80px; white-space: nowrap; }
    #off { left: -50px; top: 170px; width: 100px; }
    #cutbox { left: 10px; top: 210px; width: 60px; height: 24px; overflow: hidden; }
    #cut { white-space: nowrap; }
    #card { left: 10px; top: 250px; width: 80px; height: 24px; background: #345; }
    #spill { margin: 0; width: 260px; white-space: nowrap; }
    #tiny { left: 10px; top: 290px; font-size: 9px; }
    #scroller { left: 200px; top: 130px; width: 150px; height: 60px; overflow: auto; }
    #deep { margin: 300px 0 0; }
    #lostbox { left: 200px; top: 220px; width: 120px; height: 50px; overflow: auto; }
    #lost { margin-left: -40px; width: 60px; height: 20px; background: #555; }
    #sel { left: 200px; top: 290px; width: 60px; height: 48px; }
    #ph { left: 280px; top: 290px; width: 60px; height: 48px; }
    #hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
</style>
<button id="small" class="at">x</button>
<button id="ok" class="at">ok</button>
<button id="a" class="at">A</button><button id="b" class="at">B</button>
<div id="wide" class="at">a line far too long for its box</div>
<p id="off" class="at">pushed off the screen</p>
<div id="cutbox" class="at"><span id="cut">text cut by overflow hidden</span></div>
<div id="card" class="at"><p id="spill">text running out of its card</p></div>
<span id="tiny" class="at">tiny</span>
<div id="scroller" class="at"><p>the start</p><p id="deep">far below, reached by scrolling</p></div>
<div id="lostbox" class="at"><div id="lost"></div></div>
<select id="sel" class="at"><option>an option far too long for it</option></select>
<input id="ph" class="at" placeholder="a placeholder far too long">
<span id="hidden">only for screen readers, a long sentence</span>"""

EXPECTED = [  # (rule, the element named first, a second element the problem must name)
    ("touch-target", "button#small", "30x30"),
    ("controls-overlap", "button#a", "button#b"),
    ("text-overflow", "div#wide", "scrollWidth"),
    ("outside-viewport", "p#off", "left 50"),
    ("text-cut", "span#cut", "div#cutbox"),
    ("text-spill", "p#spill", "div#card"),
    ("small-text", "span#tiny", "9 px"),
    ("outside-scroll-area", "div#lost", "div#lostbox"),  # left of a left-to-right scroll area: unreachable
    ("text-overflow", "select#sel", "content box"),
    ("text-overflow", "input#ph", "content box"),
]
CLEAN = ("#ok", "#scroller", "#deep", "#hidden")


def check_page(page: Page, **opts: Any) -> list[str]:
    viewport = page.viewport_size or {"width": 1280, "height": 720}
    problems: list[str] = page.evaluate(PLAYWRIGHT_CALL, {"width": viewport["width"], "height": viewport["height"], **opts})
    return problems


def test_the_checker_catches_each_broken_element(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.set_content(BROKEN)
    problems = check_page(page, touch=True)
    print("\n".join(problems))
    for rule, element, detail in EXPECTED:
        assert any(p.startswith(f"[{rule}] {element}: ") and detail in p for p in problems), (rule, element, problems)
    # nothing else: the text pushed off the screen with #off is cut by the viewport too, and
    # none of the elements that break no rule is named
    assert sorted(p.split(":")[0] for p in problems) == sorted(
        [f"[{rule}] {element}" for rule, element, _ in EXPECTED] + ["[text-cut] p#off"]), problems
    assert all(not any(c in p for c in CLEAN) for p in problems), problems
    # the touch rules are the touch layouts' only
    mouse = check_page(page)
    assert not [p for p in mouse if p.startswith(("[touch-target]", "[small-text]"))], mouse
    assert any(p.startswith("[controls-overlap] button#a") for p in mouse)


def test_the_checker_finds_nothing_on_a_page_that_breaks_no_rule(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.set_content(BROKEN)
    # the broken elements taken away, what is left breaks no rule
    page.evaluate("""() => ['small', 'a', 'b', 'wide', 'off', 'cutbox', 'card', 'tiny', 'lostbox', 'sel', 'ph']
        .forEach((id) => document.getElementById(id).remove())""")
    assert check_page(page, touch=True) == []


# A portrait phone's main#game: a title, the reels' canvas, a HUD.
PORTRAIT = """<!doctype html><html lang="en"><meta charset="utf-8"><link rel="icon" href="data:,"><style>
    body { margin: 0; font: 16px sans-serif; } h1 { margin: 0; height: 60px; background: #222; }
    canvas { display: block; background: #124; } footer { height: 120px; background: #321; }
    main { display: flex; flex-direction: column; height: 100vh; justify-content: space-between; }
</style><main id="game"><header><h1>Title</h1></header>
<div class="stage"><canvas id="reels" style="width: %dpx; height: %dpx"></canvas></div>
<footer class="hud">HUD</footer></main>"""


def test_the_checker_measures_the_reels_share_and_the_empty_bands(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.set_content(PORTRAIT % (200, 100))  # small reels: 51% of the width, 12% of the height
    problems = check_page(page, reelShare=True, bands=True)
    print("\n".join(problems))
    assert any(p.startswith("[reel-share] canvas#reels: 200 px wide, 51.3%") for p in problems), problems
    assert any(p.startswith("[reel-share] canvas#reels: 100 px high, 11.8%") for p in problems), problems
    # space-between: two bands of (844 - 60 - 100 - 120) / 2 = 282 px, each 33.4% of 844
    bands = [p for p in problems if p.startswith("[empty-band] main#game")]
    assert len(bands) == 2 and all("282 px, 33.4%" in b for b in bands), bands
    # reels of 360 x 664 leave no band at all (60 + 664 + 120 = 844) and take their share
    page.set_content(PORTRAIT % (360, 664))
    assert check_page(page, reelShare=True, bands=True) == []


# Broken on purpose in the real game (its CSP allows styles set from script, CSSOM): one control
# shrunk, one pushed off the screen, two piled on each other, a label too narrow for its text,
# the balance clipped by its own box, a label's text made tiny.
BREAK_THE_GAME = """() => {
    const set = (id, css) => { for (const [k, v] of Object.entries(css)) document.getElementById(id).style.setProperty(k, v, 'important'); };
    set('info-button', { width: '30px', height: '30px' });
    set('mute', { position: 'fixed', left: '-30px', top: '300px' });
    set('turbo', { position: 'fixed', left: '600px', top: '300px' });
    set('history-button', { position: 'fixed', left: '610px', top: '310px' });
    set('win-label', { width: '12px', 'white-space': 'nowrap' });
    set('balance', { overflow: 'hidden', width: '40px', display: 'block' });
    document.querySelector('.meter-bet .meter-label').style.setProperty('font-size', '9px', 'important');
}"""
BROKEN_IN_THE_GAME = [
    ("touch-target", "button#info-button", "30x30"),
    ("outside-viewport", "button#mute", "left 30"),
    ("controls-overlap", "button#history-button", "button#turbo"),
    ("text-overflow", "span#win-label", "scrollWidth"),
    ("text-cut", "span#balance", "span#balance"),
    ("small-text", "main#game > footer.hud > div.meter.meter-bet:nth-of-type(3) > label.meter-label", "9 px"),
]


def test_the_checker_catches_breakage_injected_into_the_game(new_context: Callable[..., BrowserContext], site: Site) -> None:
    ctx = new_context(viewport={"width": 1280, "height": 800})
    watch = Watch()
    prepare_context(ctx, watch)
    page = ctx.new_page()
    page.goto(site.root + "?speed=fast")
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    settle = f"() => ({SETTLE})(window, true)"
    page.evaluate(settle)
    before = set(check_page(page, touch=True))
    page.evaluate(BREAK_THE_GAME)
    page.evaluate(settle)
    new = sorted(set(check_page(page, touch=True)) - before)
    print("\n".join(new))
    for rule, element, detail in BROKEN_IN_THE_GAME:
        assert any(p.startswith(f"[{rule}] {element}: ") and detail in p for p in new), (rule, element, new)
