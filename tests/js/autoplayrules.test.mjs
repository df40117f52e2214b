// static/js/controls/autoplayrules.js: autoplay's options and its stop conditions.
//
// Expected values: the module's header ("When each check happens", which docs/controls.md
// repeats) applied by hand to small scripted runs: each round costs its bet and pays what the
// script says; net = won - staked over the rounds since start().
import { AutoplayOptionError } from "../../static/js/core/errors.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { Autoplay, MAX_AMOUNT, REASONS, checkOptions } from "../../static/js/controls/autoplayrules.js";

// ---- checkOptions ----

test("options are normalised: the rounds choices, the switches off by default", () => {
    assert.deepEqual(checkOptions({ rounds: 10, lossLimit: 1000 }),
        { rounds: 10, stopOnFeature: false, singleWinAtLeast: null, lossLimit: 1000, winLimit: null });
    for (const open of [null, "until stopped", Infinity]) {
        assert.equal(checkOptions({ rounds: open, lossLimit: 1 }).rounds, Infinity, String(open));
    }
    // issue 47: a choice written as digits was taken; the contract coerces nothing
    assert.throws(() => checkOptions({ rounds: "25", lossLimit: 1 }), /rounds must be one of/);
    assert.throws(() => checkOptions({ rounds: "Infinity", lossLimit: 1 }), /rounds must be one of/);
    assert.equal(MAX_AMOUNT, 10 ** 12); // the balance ceiling (docs/page-contract.md "Amounts")
    assert.equal(checkOptions({ rounds: 250, lossLimit: MAX_AMOUNT }).lossLimit, MAX_AMOUNT);
});

test("bad options are refused with AutoplayOptionError", () => {
    const bad = [
        null, [], { rounds: 11, lossLimit: 1 }, { rounds: 0, lossLimit: 1 }, { rounds: 10 }, // lossLimit is required
        { rounds: 10, lossLimit: 1, speed: 2 }, { rounds: 10, lossLimit: 1, stopOnFeature: "yes" },
    ];
    for (const opts of bad) assert.throws(() => checkOptions(opts), AutoplayOptionError, JSON.stringify(opts));
});

test("a bad amount keeps amounts.js's code", () => {
    const code = (opts) => {
        try {
            checkOptions({ rounds: 10, lossLimit: 100, ...opts });
        } catch (err) {
            assert.ok(err instanceof AutoplayOptionError);
            return err.code;
        }
        return null;
    };
    assert.equal(code({ lossLimit: "100" }), "amount.type"); // text: the API takes numbers only
    assert.equal(code({ lossLimit: 0 }), "amount.belowMin");
    assert.equal(code({ winLimit: 10 ** 12 + 1 }), "amount.aboveLimit");
    assert.equal(code({ singleWinAtLeast: 2.5 }), "amount.notWhole");
    assert.equal(code({ winLimit: null }), null); // null: off
});

// ---- a run ----

const BET = 100;

/** A scripted game: round i pays wins[i] (a number, or {win, special}); the ledger's totals
 *  are the rounds' sums; `canPlay` says "balance" once `affordable` rounds have been played. */
function env(wins, { affordable = Infinity, failAt = null, before = 0 } = {}) {
    const rounds = Array.from({ length: before }, () => ({ cost: BET, win: 0 })); // earlier rounds
    const saved = {
        get roundsPlayed() { return rounds.length; },
        totals(from) {
            const mine = rounds.slice(from);
            const staked = mine.reduce((s, r) => s + r.cost, 0);
            const won = mine.reduce((s, r) => s + r.win, 0);
            return { staked, won, net: won - staked };
        },
    };
    const played = () => rounds.length - before;
    return {
        saved,
        playOne: async () => {
            const i = played();
            if (i === failAt) throw new Error("the engine is gone");
            const w = wins[i] ?? 0;
            const { win, special = null } = typeof w === "number" ? { win: w } : w;
            rounds.push({ cost: BET, win });
            return { total_win: win, special };
        },
        canPlay: () => (played() < affordable ? { ok: true, why: null } : { ok: false, why: "balance" }),
    };
}

const run = async (opts, e) => new Autoplay(checkOptions({ rounds: 10, lossLimit: 10 ** 6, ...opts }), e).start();

test("a counted run ends with 'rounds' after its rounds", async () => {
    assert.deepEqual(await run({ rounds: 10 }, env([])), { played: 10, reason: "rounds" });
});

test("the loss limit: -net reaching it stops after that round", async () => {
    // each round loses 100: net -100, -200, -300 -> 300 >= 300 after the third
    assert.deepEqual(await run({ lossLimit: 300 }, env([])), { played: 3, reason: "lossLimit" });
    // the rounds before start() do not count (the totals are from start() on)
    assert.deepEqual(await run({ lossLimit: 300 }, env([], { before: 7 })), { played: 3, reason: "lossLimit" });
});

test("the win limit: net reaching it", async () => {
    // round 1: -100; round 2: pays 600, net -200 + 600 = 400 -> 400 >= 400
    assert.deepEqual(await run({ winLimit: 400 }, env([0, 600])), { played: 2, reason: "winLimit" });
});

test("a single win at least the amount (its boundary included)", async () => {
    assert.deepEqual(await run({ singleWinAtLeast: 1000 }, env([999, 0, 1000])), { played: 3, reason: "singleWin" });
});

test("stop on feature: a round that won free spins (round.special set)", async () => {
    const script = [0, { win: 50, special: "Q" }];
    assert.deepEqual(await run({ stopOnFeature: true }, env(script)), { played: 2, reason: "feature" });
    assert.deepEqual(await run({ stopOnFeature: false }, env(script)), { played: 10, reason: "rounds" });
});

test("after a round the checks go in order: feature before singleWin before lossLimit before winLimit", async () => {
    // one round that is a feature, a big single win and crosses the loss limit: "feature" first
    const opts = { stopOnFeature: true, singleWinAtLeast: 10, lossLimit: 50 };
    assert.equal((await run(opts, env([{ win: 20, special: "A" }]))).reason, "feature");
    // singleWin (3) before lossLimit (4): a 20 win at a cost of 100 is still a 80 loss
    assert.equal((await run({ singleWinAtLeast: 10, lossLimit: 50 }, env([20]))).reason, "singleWin");
    // lossLimit (4) before winLimit (5) cannot both hold; winLimit alone:
    assert.equal((await run({ winLimit: 100 }, env([200]))).reason, "winLimit");
});

test("the balance: checked before each round, nothing played when it cannot cover the bet", async () => {
    const e = env([], { affordable: 0 });
    assert.deepEqual(await run({}, e), { played: 0, reason: "balance" });
    assert.deepEqual(await run({ rounds: 25 }, env([], { affordable: 4 })), { played: 4, reason: "balance" });
});

test("a stop asked for during a round takes effect once it has ended", async () => {
    const e = env([]);
    const a = new Autoplay(checkOptions({ rounds: 10, lossLimit: 10 ** 6 }), e);
    const playOne = e.playOne;
    e.playOne = async () => {
        a.stop("hidden"); // the tab was hidden while this round played
        return playOne();
    };
    assert.deepEqual(await a.start(), { played: 1, reason: "hidden" });
});

test("stop() before start: nothing is played; an unknown reason is 'stopped'", async () => {
    const a = new Autoplay(checkOptions({ rounds: 10, lossLimit: 10 ** 6 }), env([]));
    a.stop("because");
    assert.deepEqual(await a.start(), { played: 0, reason: "stopped" });
    assert.ok(REASONS.includes("hidden") && !REASONS.includes("because"));
});

test("playOne rejecting ends autoplay at once with 'error' and its message", async () => {
    assert.deepEqual(await run({}, env([], { failAt: 2 })), { played: 2, reason: "error", error: "the engine is gone" });
});

test("progress: rounds left as each starts, rounds played as each ends", async () => {
    const a = new Autoplay(checkOptions({ rounds: 10, lossLimit: 200 }), env([]));
    const seen = [];
    a.on("progressed", (p) => seen.push([p.left, p.played]));
    await a.start();
    // round 1 starts (9 left, 0 ended), ends (9, 1); round 2 starts (8, 1), ends (8, 2): -200 stops it
    assert.deepEqual(seen, [[9, 0], [9, 1], [8, 1], [8, 2]]);
});

test("an open-ended run counts Infinity left", async () => {
    const a = new Autoplay(checkOptions({ rounds: "until stopped", lossLimit: 100 }), env([]));
    assert.equal(a.left, Infinity);
    assert.deepEqual(await a.start(), { played: 1, reason: "lossLimit" });
});

test("one run at a time", async () => {
    const a = new Autoplay(checkOptions({ rounds: 10, lossLimit: 100 }), env([]));
    const first = a.start();
    await assert.rejects(a.start(), /already running/);
    await first;
});
