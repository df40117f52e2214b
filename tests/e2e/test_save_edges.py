"""Edges of the saved game (docs/save-format.md "The edges"): a balance near the top of the accepted
range, a record from a newer version, several bad records in a row, a bad record too large to
copy (the browser's real storage quota), and the info screen's figures offline.

Expected values: the model (max_win, bets), store.js's constants as docs/save-format.md states them
(MAX_BALANCE 1e12 minor units, the last 5 bad records kept as boce.save.bad.<ms>), CPython's
`play_round(load_model(), bet, random.Random(seed))`, and static/par.json read from disk.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import savefile
from e2e_harness import REPO_ROOT, Site, Watch
from playwright.sync_api import BrowserContext, Page, expect
from tabs_support import DEMO, MODEL, minor, open_tab, saved, wait_ready

from engine import play_round

MAX_BALANCE = 10**12  # store.js MAX_BALANCE: the largest balance a record may hold
BACKUPS_MAX = 5
PREFIX = "boce.save.bad."


def raw(page: Page) -> str | None:
    return page.evaluate("localStorage.getItem('boce.save')")


def backups(page: Page) -> list[tuple[int, str]]:
    """(time, text) of every kept bad record, oldest first."""
    got = page.evaluate(f"""() => Object.keys(localStorage).filter((k) => k.startsWith('{PREFIX}'))
        .map((k) => [Number(k.slice({len(PREFIX)})), localStorage.getItem(k)])""")
    return sorted((t, v) for t, v in got)


def seed_once(text: str) -> str:
    """An init script storing `text` as the record before the first load of a tab only."""
    return ("if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); "
            + savefile.store_script(savefile.KEY, text) + " }")


def put(page: Page, text: str) -> None:
    page.evaluate("(v) => localStorage.setItem('boce.save', v)", text)
    page.reload()
    wait_ready(page)


def test_a_balance_near_the_limit_refuses_the_round_that_could_overflow(context: BrowserContext, watch: Watch,
                                                                        site: Site) -> None:
    low, high = MODEL.bets[0], MODEL.bets[1]
    # The worst case of a round at bet b: balance - b + max_win * b. At the lowest bet it
    # lands exactly on the limit; at the next level it would pass it.
    balance = MAX_BALANCE - MODEL.max_win * low + low
    assert balance - high + MODEL.max_win * high > MAX_BALANCE
    record = json.dumps(savefile.record(balance=balance, bet=high))
    page = open_tab(context, watch, site.root + "?seed=7&speed=fast", seed_once(record)).page
    assert minor(page, "#balance") == balance
    before = raw(page)
    reason = page.evaluate("game.spin().then(() => 'played', (e) => String(e.message))")
    assert "largest win" in reason
    expect(page.locator("#message")).to_contain_text("too close to the game's limit")
    assert raw(page) == before and minor(page, "#balance") == balance  # nothing played, nothing written
    # At the lowest bet the round plays: expected CPython's first round of Random(7) at that bet.
    want = play_round(MODEL, low, random.Random(7)).to_dict()
    page.evaluate(f"game.setBet({low})")
    got = page.evaluate("game.spin()")
    assert got["total_win"] == want["total_win"]
    assert minor(page, "#balance") == balance - low + want["total_win"]
    # the record written reads back: after a reload the balance is the same, with no message
    page.reload()
    wait_ready(page)
    assert minor(page, "#balance") == balance - low + want["total_win"]
    expect(page.locator("#message")).to_be_hidden()
    assert backups(page) == []


def test_a_newer_record_is_left_untouched_until_the_player_starts_afresh(context: BrowserContext, watch: Watch,
                                                                         site: Site) -> None:
    newer = json.dumps({"version": 2, "balance": 5_000_000, "wallets": {"EUR": 5_000_000}, "history": []})
    page = open_tab(context, watch, site.root + "?seed=7&speed=fast", seed_once(newer)).page
    message = page.locator("#message")
    expect(message).to_contain_text("older than your saved game")
    expect(message).to_contain_text("version 2")
    expect(page.locator("#save-afresh")).to_be_visible()  # in the notice that nothing is saved
    assert page.evaluate("game.state().saving") is False
    # it plays in memory on the demo balance (CPython's first round of Random(7)) ...
    want = play_round(MODEL, MODEL.default_bet, random.Random(7)).to_dict()
    page.evaluate("game.spin()")
    assert minor(page, "#balance") == DEMO - MODEL.default_bet + want["total_win"]
    # ... and the newer record is exactly as it was, with no backup made of it, across a reload
    assert raw(page) == newer and backups(page) == []
    page.reload()
    wait_ready(page)
    expect(message).to_contain_text("older than your saved game")
    assert raw(page) == newer and minor(page, "#balance") == DEMO

    # Start afresh (the player's choice): the newer record is kept as a dated backup and a
    # fresh record, which reads back, takes its place.
    t0 = int(time.time() * 1000)
    page.click("#save-afresh")
    expect(message).to_contain_text("kept as a backup")
    expect(page.locator("#save-notice")).to_be_hidden()
    kept = backups(page)
    assert [v for _, v in kept] == [newer] and t0 <= kept[0][0] <= int(time.time() * 1000)
    rec = saved(page)
    assert rec is not None and rec["version"] == 1 and rec["balance"] == DEMO and savefile.seal(rec) == rec
    assert page.evaluate("game.state().saving") is True


def test_the_last_bad_records_are_kept_distinct_and_dated(context: BrowserContext, watch: Watch, site: Site) -> None:
    page = open_tab(context, watch, site.root + "?speed=fast").page
    # the single backup slot of earlier builds is not ours to overwrite
    page.evaluate("localStorage.setItem('boce.save.backup', 'an earlier build kept this')")
    bad = [f"not a saved game #{i}" for i in range(BACKUPS_MAX + 2)]
    t0 = int(time.time() * 1000)
    for text in bad:
        put(page, text)
        expect(page.locator("#message")).to_contain_text("has been set aside")
        assert minor(page, "#balance") == DEMO
    # the same bad record again is not kept twice
    put(page, bad[-1])
    kept = backups(page)
    # expected: the last BACKUPS_MAX distinct records, oldest first, dated in the test's window
    assert [v for _, v in kept] == bad[-BACKUPS_MAX:]
    times = [t for t, _ in kept]
    assert times == sorted(set(times)) and t0 <= times[0] and times[-1] <= int(time.time() * 1000)
    assert page.evaluate("localStorage.getItem('boce.save.backup')") == "an earlier build kept this"


def test_a_bad_record_too_large_to_copy_is_left_untouched(context: BrowserContext, watch: Watch, site: Site) -> None:
    page = open_tab(context, watch, site.root + "?seed=7&speed=fast").page
    # A damaged record of 3.2 million characters: Chromium's storage holds about 5 million
    # per site (measured: 4 MiB fits, 5 MiB throws QuotaExceededError), so it can be stored
    # but not copied beside itself.
    huge = json.dumps({"version": 1, "note": "x" * 3_200_000, "checksum": "00000000"})
    put(page, huge)
    message = page.locator("#message")
    expect(message).to_contain_text("could not be set aside either")
    expect(message).to_contain_text("storage is full")
    assert page.evaluate("game.state().saving") is False
    assert page.evaluate("localStorage.getItem('boce.save').length") == len(huge)
    # it plays in memory, and the record stays as it was
    want = play_round(MODEL, MODEL.default_bet, random.Random(7)).to_dict()
    page.evaluate("game.spin()")
    assert minor(page, "#balance") == DEMO - MODEL.default_bet + want["total_win"]
    assert page.evaluate("localStorage.getItem('boce.save').length") == len(huge) and backups(page) == []
    # Start afresh, still offered in the notice that progress is not saved after the round
    # took the message away: the copy still cannot be made, and the game says so; a fresh
    # record replaces it.
    expect(page.locator("#save-notice")).to_contain_text("left untouched")
    page.click("#save-afresh")
    expect(message).to_contain_text("could not be kept")
    rec = saved(page)
    assert rec is not None and rec["balance"] == DEMO and savefile.seal(rec) == rec and backups(page) == []


def test_the_info_screen_is_complete_offline(context: BrowserContext, watch: Watch, site: Site) -> None:
    page = open_tab(context, watch, site.root + "?speed=fast").page
    # the figures were fetched with the game; the info screen, first opened offline, asks for nothing
    asked = len(watch.requests)
    context.set_offline(True)
    page.click("#info-button")
    par = json.loads(Path(REPO_ROOT, "static/par.json").read_text())
    # expected: par.json's figures after the max-win cap (what a player is paid) as info.js prints
    # them (percent with 2 decimals)
    rtp = page.locator("[data-stat=rtp] .info-stat-main")
    expect(rtp).to_have_text(f"{par['rtp_capped'] * 100:.2f}%")
    expect(page.locator("[data-stat=buy_rtp] .info-stat-main")).to_have_text(f"{par['buy_rtp_capped'] * 100:.2f}%")
    expect(page.locator(".info-missing")).to_have_count(0)
    assert [u for u in watch.requests[asked:] if "par.json" in u] == []
    context.set_offline(False)
