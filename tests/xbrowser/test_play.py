"""The shipped dist/, served by nginx, played in Chromium, Firefox ESR and WebKitGTK.

Every test runs in each browser (ids name it); every failure names the browser and the step.
Expected values: rounds from CPython's `play_round(load_model(), bet, Random(seed), buy)` (the
page contract: with ?seed=N the k-th round equals CPython's k-th), the demo balance 100000 of a
first visit (static/js/ledger/store.js), the model's default bet (engine/data/model.json), the files of
dist/ itself, the message names of docs/page-contract.md "Embedding messages".
"""

from __future__ import annotations

import json
import re
import random
import urllib.request
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from drivers import Driver, boot, report
from nginx import FIRST_VISIT_PATH, REPO_ROOT, Nginx
from page_support import BOOT_PATH
from tools_support import tool

from engine import load_model, play_round

wire_tool = tool("wire_bytes")
MODEL = load_model()
DEMO = 100000
BET = MODEL.default_bet
SOURCE = "book-of-christmas-eve"
# Vendored files only `?engine=page` (Python on the page, static/js/round/bridge.js) loads: PyScript's
# scripts. The default page runs Python in its worker and loads none of them.
PAGE_MODE_ONLY = "/pyscript-"
Step = Callable[[str], AbstractContextManager[None]]


def cpython(seed: int, plays: list[tuple[int, bool]]) -> list[dict[str, Any]]:
    """CPython's rounds of one Random(seed), as JSON (what the page hands back)."""
    rng = random.Random(seed)
    return [json.loads(json.dumps(play_round(MODEL, bet, rng, buy=buy).to_dict())) for bet, buy in plays]


def wire_bytes(url: str, encoding: str) -> int:
    """The body bytes nginx sends for `url` to a client accepting `encoding`."""
    req = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return len(resp.read())


def minor(drv: Driver, selector: str, doc: str = "document") -> int:
    return int(drv.eval(f"{doc}.querySelector('{selector}').dataset.minor"))


# At the moment <html data-state> leaves "loading" (a MutationObserver callback runs before the
# browser renders again), sample the reel canvas on a 40 x 24 grid, and time the boot phases.
WATCH_READY = """new Promise((resolve) => {
    const root = document.documentElement;
    if (root.dataset.state !== 'loading') return resolve({ late: root.dataset.state });
    let bridge = null;
    addEventListener('bridge-ready', () => { bridge = performance.now(); });
    const obs = new MutationObserver(() => {
        if (root.dataset.state === 'loading') return;
        obs.disconnect();
        const now = performance.now();
        const c = document.getElementById('reels');
        const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const colors = new Set();
        let opaque = 0;
        for (let i = 0; i < 40; i++) for (let j = 0; j < 24; j++) {
            const x = Math.floor((i + 0.5) * c.width / 40), y = Math.floor((j + 0.5) * c.height / 24);
            const k = (y * c.width + x) * 4;
            colors.add(px.slice(k, k + 4).join());
            if (px[k + 3] > 0) opaque++;
        }
        // (the runtime's downloads are the engine worker's, in its own Resource Timing)
        const painted = performance.getEntriesByName('reels-painted')[0]?.startTime ?? null;
        resolve({ state: root.dataset.state, w: c.width, h: c.height, colors: colors.size, opaque,
                  t: { painted, bridge, ready: now } });
    });
    obs.observe(root, { attributes: true, attributeFilter: ['data-state'] });
})"""


def same_table(want: str, shown: str, tolerance: float = 0.02) -> bool:
    """Two renderings of the bytes table alike: the same text, each "N.NN MB" within `tolerance`.

    >>> same_table("| a | 5.30 MB |", "| a | 5.29 MB |"), same_table("| a | 5.30 MB |", "| b | 5.30 MB |")
    (True, False)
    >>> same_table("| 83 files | 1.00 MB |", "| 84 files | 1.00 MB |")
    False
    """
    mb = re.compile(r"(\d+\.\d\d) MB")
    if mb.sub("MB", want) != mb.sub("MB", shown):
        return False
    return all(abs(float(a) - float(b)) <= tolerance + 1e-9
               for a, b in zip(mb.findall(want), mb.findall(shown), strict=True))


def test_ready_from_nginx_without_outside_requests(drv: Driver, server: Nginx, dist: Path, step: Step) -> None:
    # a first visit, under the sub-path no other test loads (nginx.py FIRST_VISIT_PATH): nothing
    # of it is in the browser's cache, whichever tests ran before in this browser's session
    path = FIRST_VISIT_PATH
    mark = server.log_mark()
    with step("boot the game from nginx under a sub-path"):
        # ?debug=1: the info screen's operator view, which shows the version stamp (below)
        boot(drv, server.first_visit + "?speed=fast&debug=1")
    with step("every request stayed on the game's own origin"):
        urls = drv.requests()
        assert any(u.endswith("pyodide.asm.wasm") for u in urls), urls  # the log saw the traffic
        outside = [u for u in urls if f"{urlsplit(u).scheme}://{urlsplit(u).netloc}" != server.origin]
        assert outside == []
    with step("nginx served every request from dist/ (no 404)"):
        log = [(p, s) for p, s in server.log_since(mark) if p.startswith(path)]
        assert [(p, s) for p, s in log if s >= 400] == []
    with step("dist/ holds exactly the vendored runtime files the page loads"):
        # the vendor files the page requested (nginx's log, less the service worker's precaching,
        # which fetches every file of dist/ once the game is ready) against those in dist/; the
        # PAR page's lab loads a subset of them (test_shipped.py)
        asked = {p.split("?")[0][len(path):] for p, _ in server.page_requests_since(mark)
                 if "/static/vendor/" in p}
        shipped = {p.relative_to(dist).as_posix() for p in (dist / "static" / "vendor").rglob("*")
                   if p.is_file() and p.suffix not in (".br", ".gz")}
        # PyScript's scripts and the snapshot's zip for Python on the page are shipped for
        # `?engine=page` only; PyScript's stylesheet is linked
        page_mode = {n for n in shipped if PAGE_MODE_ONLY in n and not n.endswith(".css")}
        page_mode |= {n for n in shipped if n.endswith("/stdlib-page.zip")}
        # the full standard library zip: only a plain boot, an import the snapshot's small zip
        # lacks (docs/boot.md) and the PAR page's lab load it
        full_stdlib = {n for n in shipped if n.endswith("/python_stdlib.zip")}
        assert page_mode and len(full_stdlib) == 1 and asked == shipped - page_mode - full_stdlib
    with step("bytes on the wire of this first visit, compressed and not"):
        paths = sorted({urlsplit(u).path for u in urls if urlsplit(u).path.startswith(path)})
        sizes = {enc: sum(wire_bytes(server.origin + p, enc) for p in paths) for enc in ("br", "gzip", "identity")}
        # uncompressed, nginx sends the files as they are in dist/ (the sub-path's index is index.html)
        on_disk = sum((dist / (p[len(path):] or "index.html")).stat().st_size for p in paths)
        assert sizes["identity"] == on_disk
        # compression pays (the snapshot's 9 MB of pages and the wasm ship inflated with copies);
        # that each file went as its .br/.gz copy is checked exactly below, against the copies'
        # sizes in dist/
        assert sizes["br"] < sizes["gzip"] < 0.5 * sizes["identity"], sizes
        # tools/wire_bytes.py computes the same from dist/ alone (each file's copy or itself)
        rels = [p[len(path):] for p in paths]
        assert wire_tool.sizes(dist, rels) == sizes
        report(drv.name, f"{drv.name}: first visit, {len(paths)} files from nginx: "
               + ", ".join(f"{enc} {n / 1e6:.2f} MB" for enc, n in sizes.items()))
    if drv.name == "chromium":
        with step("docs/hosting.md \"Bytes on the wire\" is tools/wire_bytes.py's for this visit"):
            wire_tool.VISIT.parent.mkdir(exist_ok=True)
            wire_tool.VISIT.write_text(json.dumps({"paths": rels}, indent=1) + "\n")
            block = wire_tool.render(dist, rels)
            doc = wire_tool.DOC.read_text()
            shown = doc[doc.index(wire_tool.START):doc.index(wire_tool.END) + len(wire_tool.END)]
            # the same table; each size in MB within 0.02 MB, since the memory snapshot, built anew
            # by each `make vendor`, compresses a few kB differently from build to build
            assert same_table(block, shown), \
                "docs/hosting.md \"Bytes on the wire\" is stale: run `python tools/wire_bytes.py`\n" + block
    with step("the info screen's operator view shows the version stamp of dist/"):
        stamp = json.loads((dist / "static" / "version.json").read_text())["version"]
        drv.eval("document.getElementById('info-button').click()")
        shown = drv.wait("document.querySelector('#info-content .info-version')?.textContent")
        assert shown == f"Version {stamp}"
    if drv.name == "firefox":
        with step("Firefox is alive (MOZ_DISABLE_NONLOCAL_CONNECTIONS aborts on an outside connection)"):
            assert drv.process.poll() is None  # type: ignore[attr-defined]


def test_reels_are_painted_when_ready_is_announced(drv: Driver, server: Nginx, step: Step) -> None:
    with step("open the game and watch for ready"):
        drv.open(server.game + "?speed=fast")
        seen = drv.eval(WATCH_READY, timeout=300)
        assert "late" not in seen, f"ready ({seen}) before the page's load event: nothing to observe"
    with step("the reel canvas at the moment of ready"):
        assert seen["state"] == "ready"
        # A blank canvas is one colour (transparent black); painted reels have a frame, a
        # background and symbols: many colours, most sampled pixels opaque (the frame's rounded
        # corners stay transparent).
        assert seen["colors"] >= 40, seen
        assert seen["opaque"] >= 0.75 * 40 * 24, seen
    t = seen["t"]
    report(drv.name, f"{drv.name}: boot phases (ms from navigation): reels painted "
           f"{t['painted'] or 0:.0f}, engine loaded in its worker (bridge-ready) {t['bridge'] or 0:.0f}, "
           f"game ready {t['ready']:.0f}")
    with step("screenshot"):
        out = Path(__file__).resolve().parents[2] / "test-results"
        out.mkdir(exist_ok=True)
        (out / f"xbrowser-{drv.name}.png").write_bytes(drv.screenshot())


def test_a_spin_moves_the_balance_by_minus_bet_plus_win(drv: Driver, server: Nginx, step: Step) -> None:
    with step("boot"):
        boot(drv, server.game + "?speed=fast")
    with step("set the bet to 200"):
        assert drv.eval("game.setBet(200)") == 200
        before = minor(drv, "#balance")
        assert before == DEMO  # a first visit
    with step("spin"):
        rnd = drv.eval("game.spin()")
    with step("accounting"):
        assert rnd["bet"] == 200 and rnd["cost"] == 200
        # expected: balance before - bet + the round's win, shown in the meters and the state
        assert minor(drv, "#balance") == before - 200 + rnd["total_win"]
        assert minor(drv, "#win") == rnd["total_win"]
        assert drv.eval("game.state().balance") == before - 200 + rnd["total_win"]


def test_seeded_rounds_equal_cpythons(drv: Driver, server: Nginx, step: Step) -> None:
    want = cpython(7, [(BET, False), (250, False)])
    with step("boot with ?seed=7"):
        boot(drv, server.game + "?seed=7&speed=fast")
    with step("the interpreter came from the memory snapshot of dist/ (not a plain boot)"):
        # static/boot/pyodide.mjs's `boot.path` in the worker: "snapshot", or "plain: <why>" on a fallback
        assert drv.eval(BOOT_PATH) == "snapshot"
    with step("first round at the default bet"):
        assert drv.eval("game.spin()") == want[0]
    with step("second round at 250"):
        drv.eval("game.setBet(250)")
        assert drv.eval("game.spin()") == want[1]
    with step("balance"):
        assert minor(drv, "#balance") == DEMO - BET - 250 + want[0]["total_win"] + want[1]["total_win"]


def test_bought_feature_plays_to_its_end(drv: Driver, server: Nginx, step: Step) -> None:
    want = cpython(3, [(BET, True)])[0]
    feature_end = next(e for e in want["events"] if e["type"] == "freeSpinsEnd")
    with step("boot with ?seed=3"):
        boot(drv, server.game + "?seed=3&speed=fast")
    with step("buy the feature"):
        drv.eval("(window.__counts = new Set(), new MutationObserver(() => __counts.add("
                 "document.getElementById('fs-count').textContent)).observe(document.getElementById("
                 "'fs-count'), { childList: true, characterData: true, subtree: true }), true)")
        got = drv.eval("game.buy()")
    with step("the round is CPython's bought feature"):
        assert got == want
        assert want["cost"] == BET * MODEL.buy_price  # the model's price
    with step("the feature ran to its end"):
        counts = drv.eval("[...__counts]")
        assert f"{MODEL.free_spins}/{MODEL.free_spins}" in counts, counts  # its last free spin shown
        assert drv.eval("game.state()")["feature"] is False
        assert drv.eval("document.documentElement.dataset.state") == "ready"
        assert minor(drv, "#fs-total") == feature_end["total"]
        assert minor(drv, "#win") == want["total_win"]
        assert minor(drv, "#balance") == DEMO - want["cost"] + want["total_win"]


def test_reload_mid_feature_resumes_with_the_balance_exact(drv: Driver, server: Nginx, step: Step) -> None:
    seed = 11
    want = cpython(seed, [(BET, True), (BET, False)])
    free = [i for i, e in enumerate(want[0]["events"]) if e["type"] == "freeSpin"]
    url = server.game + f"?seed={seed}&speed=turbo"
    with step("boot, buy, wait for the middle of the free spins"):
        boot(drv, url)
        drv.eval("(game.buy(), true)")
        # the saved record's reveal step (docs/save-format.md "When the record is written") inside the free spins
        drv.wait(f"(JSON.parse(localStorage.getItem('boce.save')).pending?.step ?? 0) >= {free[2]}",
                 timeout=120, interval=0.05)
        rec = drv.eval("JSON.parse(localStorage.getItem('boce.save'))")
        assert rec["pending"] is not None and rec["balance"] == DEMO - want[0]["cost"], rec
    with step("reload mid-feature"):
        # the page again, its rest played at speed=fast: the save, not the address, holds the round
        drv.goto(server.game + f"?seed={seed}&speed=fast")
        # the round resumes (data-state "playing") and the game is ready once it is credited
        drv.wait("document.documentElement.dataset.state === 'ready'", timeout=240, interval=0.25)
    with step("the round resumed and was credited exactly"):
        resumed = drv.eval("game.state().resumedFrom")
        assert isinstance(resumed, int) and resumed >= free[2], resumed
        assert minor(drv, "#balance") == DEMO - want[0]["cost"] + want[0]["total_win"]
        assert drv.eval("JSON.parse(localStorage.getItem('boce.save')).pending") is None
        assert [h["win"] for h in drv.eval("game.history()")] == [want[0]["total_win"]]
    with step("the seeded sequence goes on with CPython's next round"):
        assert drv.eval("game.spin()")["spins"] == want[1]["spins"]


HUD_CONTROLS = ("#reels", "#spin", "#buy", "#bet", "#bet-up", "#bet-down", "#balance", "#win",
                "#info-button", "#history-button", "#mute", "#turbo")
FRAME = "document.getElementById('g').contentWindow"


def test_phone_layout_has_no_overlapping_controls(drv: Driver, server: Nginx, step: Step) -> None:
    # A 390 x 844 phone screen as an iframe of that size: its document lays out exactly as in a
    # viewport of that size, in every engine (MiniBrowser's window cannot be made that narrow).
    game = server.game + "?speed=fast"
    with step("boot in a 390x844 frame"):
        drv.open(f"{server.origin}/frame.html?w=390&h=844&src={quote(game, safe='')}")
        assert drv.wait(f"{FRAME}.document?.documentElement?.dataset.state !== 'loading' && "
                        f"{FRAME}.document?.documentElement?.dataset.state", timeout=150) == "ready"
        assert drv.eval(f"[{FRAME}.innerWidth, {FRAME}.innerHeight]") == [390, 844]
        # two frames: the canvas follows its box through a ResizeObserver
        drv.eval(f"new Promise((d) => {FRAME}.requestAnimationFrame(() => {FRAME}.requestAnimationFrame(d)))")
    with step("every control inside the screen, visible, none covering another"):
        boxes = drv.eval(f"""Object.fromEntries({json.dumps(HUD_CONTROLS)}.map((s) => {{
            const el = {FRAME}.document.querySelector(s), r = el.getBoundingClientRect();
            const cs = {FRAME}.getComputedStyle(el);
            return [s, {{ x: r.x, y: r.y, w: r.width, h: r.height,
                          shown: cs.visibility !== 'hidden' && cs.display !== 'none' && +cs.opacity > 0 }}];
        }}))""")
        for sel, b in boxes.items():
            assert b["shown"] and b["w"] > 0 and b["h"] > 0, (sel, b)
            assert b["x"] >= 0 and b["y"] >= 0 and b["x"] + b["w"] <= 390.5 and b["y"] + b["h"] <= 844.5, (sel, b)

        def apart(a: dict[str, float], b: dict[str, float]) -> bool:
            return (a["x"] + a["w"] <= b["x"] + 0.5 or b["x"] + b["w"] <= a["x"] + 0.5
                    or a["y"] + a["h"] <= b["y"] + 0.5 or b["y"] + b["h"] <= a["y"] + 0.5)

        names = list(boxes)
        clashes = [(p, q) for i, p in enumerate(names) for q in names[i + 1:] if not apart(boxes[p], boxes[q])]
        assert clashes == []
    with step("a spin on the phone"):
        rnd = drv.eval(f"{FRAME}.game.spin()")
        assert minor(drv, "#win", f"{FRAME}.document") == rnd["total_win"]


def test_embed_messages(drv: Driver, server: Nginx, step: Step) -> None:
    game = server.game + "?embed=1&seed=5&speed=fast"
    first, second = cpython(5, [(BET, False), (250, False)])
    with step("a parent page on the same nginx embeds ?embed=1 and hears ready"):
        drv.open(f"{server.origin}/frame.html?src={quote(game, safe='')}")
        drv.wait("msgs.some((m) => m.type === 'ready')", timeout=150)
    with step("the parent says spin, setBet 250, spin"):
        send = "((m) => document.getElementById('g').contentWindow.postMessage(m, '*'))"
        drv.eval(f"{send}({json.dumps({'target': SOURCE, 'type': 'spin'})}), true")
        drv.wait("msgs.filter((m) => m.type === 'roundEnd').length === 1")
        drv.eval(f"{send}({json.dumps({'target': SOURCE, 'type': 'setBet', 'bet': 250})}), true")
        drv.wait(f"{FRAME}.document.getElementById('bet').dataset.minor === '250'")
        drv.eval(f"{send}({json.dumps({'target': SOURCE, 'type': 'spin'})}), true")
        drv.wait("msgs.filter((m) => m.type === 'roundEnd').length === 2")
    with step("the messages carry CPython's amounts"):
        msgs = drv.eval("msgs")
        assert all(m["source"] == SOURCE for m in msgs), msgs
        assert msgs[0] == {"source": SOURCE, "type": "ready", "balance": DEMO, "bet": BET}
        assert [m["bet"] for m in msgs if m["type"] == "roundStart"] == [BET, 250]
        ends = [m for m in msgs if m["type"] == "roundEnd"]
        balance = DEMO - BET + first["total_win"]
        # each carries its round's own timings (docs/page-contract.md): start <= outcome <= enabled
        for end in ends:
            t = end.pop("timings")
            assert set(t) == {"start", "outcome", "enabled"} and t["start"] <= t["outcome"] <= t["enabled"], t
        # spins: the cost is the bet, no buy (docs/page-contract.md roundEnd)
        assert ends[0] == {"source": SOURCE, "type": "roundEnd", "bet": BET, "cost": BET, "buy": False,
                           "win": first["total_win"], "balance": balance}
        assert ends[1] == {"source": SOURCE, "type": "roundEnd", "bet": 250, "cost": 250, "buy": False,
                           "win": second["total_win"], "balance": balance - 250 + second["total_win"]}
