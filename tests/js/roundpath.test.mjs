// The round path (round/controller.js, round/sequencer.js, ledger/savedgame.js, ledger/store.js)
// fed with rounds the engine played on CPython (tests/js/fixtures/rounds.json, written by
// tools/record_rounds.py through main.py's EngineBridge; make check keeps it current), wired as
// app.js wires them, with fakes of the bridge, the canvas, the HUD, the panels, the sound, the meter
// and localStorage (fakes.mjs) that record every call in one ordered log.
//
// Every expected value comes from the fixture (the engine's own numbers: a round's cost,
// total_win, events, a refusal's code), from the model file the engine reads
// (engine/data/model.json: max_win), from the offers the engine gave (cost, buy_cost) or from
// store.js's constants (the demo balance a fresh record starts with); none is typed in here.
import "./fetch-files.mjs"; // first: i18n.js fetches the tables (file: URLs here)
import { englishReady } from "../../static/js/lang/i18n.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { CallLog, FIXTURE, FakeBridge, FakeHud, FakeMeter, FakePanels, FakeReels, FakeRenderer, FakeStorage, fakeSound,
    installPage } from "./fakes.mjs";
import { MODEL } from "./support.mjs";
import { Controller } from "../../static/js/round/controller.js";
import { Sequencer } from "../../static/js/round/sequencer.js";
import { SavedGame } from "../../static/js/ledger/savedgame.js";
import { DEMO_BALANCE, KEY, Store } from "../../static/js/ledger/store.js";
import { loadRecord } from "../../static/js/ledger/sharedgame.js";
import { openScenario } from "../../static/js/replay/scenario.js";
import { presetProfile } from "../../static/js/operator/jurisdiction.js";
import { EventType } from "../../static/js/round/events.js";
import { EngineRefusal, Refused } from "../../static/js/core/errors.js";

await englishReady; // the English table, fetched as i18n.js is imported (the refusals' words)

const { rounds: R } = FIXTURE;
/** The engine's offer at every level (app.js asks bridge.offer for each; recorded in the fixture). */
const OFFERS = new Map(FIXTURE.model.bets.map((b) => [b, FIXTURE.offers[String(b)]]));
const PROFILE = presetProfile("default"); // the game's own rules: every feature on, no least cycle
const format = (/** @type {number} */ minor) => `€${(minor / 100).toFixed(2)}`; // a format of the test's own
/** The fakes whose calls draw or play something: none may be called for a refused round. */
const SHOWN = ["renderer", "reels", "sound", "meter", "panels"];
/** The emitter events of a round the tests listen to: sequencer.js's SequencerEvents and controller.js's
 *  ControllerEvents (their names in this one place, should they be renamed). */
const SEQUENCER_EVENTS = ["roundStarted", "featureStarted", "featureEnded"];
const CONTROLLER_EVENTS = ["roundEnded", "refused"];

/** The recorded call of `entry` with its answer, as a script line of the fake bridge. */
const line = (/** @type {any} */ entry) => ({ call: entry.call, answer: entry.answer });
/** A ?scenario= page's bridge calls: the scenario's info (scenario.js openScenario), then its round. */
const scenarioScript = (/** @type {any} */ entry) => [
    { call: { method: "scenario", args: entry.call.args }, answer: entry.scenario }, line(entry)];
/** The seed of a ?seed=N page's search ("?seed=7" -> 7). */
const seedOf = (/** @type {any} */ entry) => Number(new URLSearchParams(entry.search).get("seed"));
const types = (/** @type {any[]} */ events) => events.map((e) => e.type);

/**
 * A page's round path as app.js builds it (buildGame, goLive): the record loaded through
 * sharedgame.js's loadRecord, the saved game, the live sequencer over the fakes, the controller
 * (its `decide` a ?scenario= page's when `scenario` is given), the record's first write. The
 * log is cleared after the set-up, so a test sees its round's calls only. (A ?scenario= page plays
 * on a balance of its own, which writes nothing; here its round is played on the player's saved
 * game, so that what the saved game writes for a feature round can be watched.)
 * @param {{ script?: any[], seed?: number | null, scenario?: string | null, storage?: FakeStorage | null,
 *     balance?: number | null, log?: CallLog }} [o]
 */
async function openPage({ script = [], seed = null, scenario = null, storage = null, balance = null, log = new CallLog() } = {}) {
    const restore = installPage(log);
    const bridge = new FakeBridge(log, { script, seed });
    const opened = scenario === null ? null : await openScenario(/** @type {any} */ (bridge), scenario, /** @type {any} */ (PROFILE));
    storage ??= new FakeStorage(log);
    const store = new Store({ storage: () => /** @type {Storage} */ (/** @type {unknown} */ (storage)) });
    const { state } = await loadRecord({ store, bridge: /** @type {any} */ (bridge), model: FIXTURE.model, demo: false, readOnly: false });
    if (opened) state.bet = opened.info.bet;
    if (balance !== null) state.balance = balance; // a saved balance of the test's choosing
    const saved = new SavedGame({ store, offers: OFFERS, record: state });
    const hud = new FakeHud(log);
    const renderer = new FakeRenderer(log);
    const sequencer = new Sequencer({
        model: FIXTURE.model, renderer: /** @type {any} */ (renderer), reels: /** @type {any} */ (new FakeReels(log)),
        hud: /** @type {any} */ (hud), meter: new FakeMeter(log), panels: /** @type {any} */ (new FakePanels(log)),
        sound: fakeSound(log), format, paytable: (bet) => OFFERS.get(bet)?.paytable ?? null,
        speed: () => 0, // every wait and animation at once
    });
    const controller = new Controller({ bridge: /** @type {any} */ (bridge), saved, sequencer, hud: /** @type {any} */ (hud),
        format, profile: /** @type {any} */ (PROFILE), decide: opened?.decide ?? null });
    // every event handler's call, in the log as `handler.<type>` (the real handler runs)
    for (const type of Object.values(EventType)) {
        const name = /** @type {keyof Sequencer} */ (`on_${type}`);
        const handler = /** @type {Function} */ (sequencer[name]);
        /** @type {any} */ (sequencer)[name] = function (/** @type {any} */ e) {
            log.add("handler", type, [e]);
            return handler.call(this, e);
        };
    }
    sequencer.on("stepShown", ({ index }) => log.add("step", String(index), [index]));
    for (const type of SEQUENCER_EVENTS) sequencer.on(/** @type {any} */ (type), (e) => log.add("emit", type, [e]));
    for (const type of CONTROLLER_EVENTS) controller.on(/** @type {any} */ (type), (e) => log.add("emit", type, [e]));
    saved.on("credited", (e) => log.add("saved", "credited", [e]));
    controller.show();
    saved.persist(); // goLive: the record as read, written once
    log.clear();
    return { log, bridge, storage, store, saved, sequencer, controller, hud, restore };
}

/** The record as store.js writes it for `round` (the round in progress is kept without its events). */
const compact = (/** @type {any} */ round) => { const { events: _events, ...rest } = round; return rest; };

/** What each recorded round must do to the money: the balance moved by -cost + win, credited once.
 *  @param {Awaited<ReturnType<typeof openPage>>} page
 *  @param {any} round  the engine's (the fixture's)
 *  @param {number} before  the balance before the round
 *  @param {{ resumed?: boolean }} [o]  `resumed`: its cost was paid on the page before the reload */
function assertCreditedOnce(page, round, before, { resumed = false } = {}) {
    const after = before - round.cost + round.total_win; // expected: the engine's cost and total_win
    assert.equal(page.saved.balance, after);
    // the HUD's balance moved twice: the cost out (debit), the win in (credit), nothing else
    // (once, the win in, for a resumed round)
    assert.deepEqual(page.log.of("hud").filter((e) => e.what === "setBalance").map((e) => e.args[0]),
        resumed ? [after] : [before - round.cost, after]);
    // the saved game credited once, this round, and the history holds it once
    assert.deepEqual(page.log.of("saved").map((e) => [e.what, /** @type {any} */ (e.args[0]).round.total_win]),
        [["credited", round.total_win]]);
    assert.equal(page.saved.history[0].win, round.total_win);
    // the record stored last: the balance after the round, no round in progress
    const last = page.storage.writes().at(-1);
    assert.equal(last.balance, after);
    assert.equal(last.pending, null);
    // the controller's roundEnded: the round's figures and the balance after it (payload of controller.js)
    const ends = page.log.of("emit").filter((e) => e.what === "roundEnded").map((e) => e.args[0]);
    assert.equal(ends.length, 1);
    const { timings: _timings, ...end } = /** @type {any} */ (ends[0]);
    assert.deepEqual(end, { bet: round.bet, cost: round.cost, buy: round.buy, win: round.total_win, balance: after });
}

/** The records the round wrote, in order: the debit (step 0), each later step, the credit.
 *  @param {FakeStorage} storage @param {any} round @param {number} before @param {number} [from] */
function assertCheckpoints(storage, round, before, from = 0) {
    const writes = storage.writes();
    const steps = writes.map((w) => w.pending?.step ?? null);
    // expected: each step of the engine's events once, in order, then null (credited): a fresh
    // round's from 0, its step 0 the debit's own write; a resumed one's from the step after the
    // saved one (that one is in the record already)
    const first = from === 0 ? 0 : from + 1;
    const want = Array.from({ length: round.events.length - first }, (_, i) => first + i);
    assert.deepEqual(steps, [...want, null]);
    for (const w of writes.slice(0, -1)) {
        assert.equal(w.balance, before - round.cost); // debited once, not yet credited
        assert.deepEqual(w.pending.round, compact(round)); // the engine's round, as decided
        assert.deepEqual([w.pending.bet, w.pending.cost], [round.bet, round.cost]);
    }
    assert.equal(writes.at(-1).balance, before - round.cost + round.total_win);
}

test("a seeded page's rounds move the balance by -cost + win, each credited once", async () => {
    // expected: the first two rounds of the fixture's ?seed=N page (a loss, then a line win)
    const page = await openPage({ script: [line(R.loss), line(R.lineWin)], seed: seedOf(R.loss) });
    try {
        assert.equal(page.saved.balance, DEMO_BALANCE); // store.js: a fresh record's balance
        for (const entry of [R.loss, R.lineWin]) {
            const want = entry.answer.round;
            page.log.clear();
            const before = page.saved.balance;
            const got = await page.controller.play(false);
            assert.deepEqual(got, want); // the controller resolves with the engine's round
            assertCreditedOnce(page, want, before);
            assert.deepEqual(page.log.of("bridge").map((e) => [e.what, e.args]), [["playRound", entry.call.args]]);
        }
        assert.equal(page.bridge.left, 0);
        assert.equal(page.saved.balance, DEMO_BALANCE - R.loss.answer.round.cost - R.lineWin.answer.round.cost
            + R.loss.answer.round.total_win + R.lineWin.answer.round.total_win);
        assert.equal(page.saved.history.length, 2);
    } finally {
        page.restore();
    }
});

for (const [key, buy] of /** @type {const} */ ([["feature", false], ["capped", true]])) {
    test(`the ${key} round (?scenario=${R[key].call.args[0]}) moves the balance by -cost + win, credited once`, async () => {
        // expected: the engine's scenario round (its cost: a spin's or the feature's price)
        const page = await openPage({ script: scenarioScript(R[key]), scenario: R[key].call.args[0] });
        try {
            const want = R[key].answer.round;
            const before = page.saved.balance;
            assert.deepEqual(await page.controller.play(buy), want);
            assertCreditedOnce(page, want, before);
            assert.equal(page.bridge.left, 0);
        } finally {
            page.restore();
        }
    });
}

for (const key of ["loss", "lineWin", "feature", "capped"]) {
    test(`the ${key} round is saved at every step of its reveal, in order, each before its event is shown`, async () => {
        const entry = R[key];
        const scenario = entry.scenario ? entry.call.args[0] : null;
        const page = await openPage({ script: scenario ? scenarioScript(entry) : [line(entry)], scenario,
            seed: scenario ? null : seedOf(entry) });
        try {
            const round = entry.answer.round;
            const before = page.saved.balance;
            await page.controller.play(round.buy);
            // expected: one write per event of the engine's round (store.js: the whole record each time)
            assertCheckpoints(page.storage, round, before);
            // the debit's write holds the generator state the engine answered with (null unseeded)
            const debit = page.storage.writes()[0];
            assert.deepEqual([debit.seed, debit.rng], [scenario ? null : seedOf(entry), entry.answer.rng]);
            // in the one log: the debit written before any event is shown, then each step's write
            // before its event's handler, and the credit after the last: W0 H0 W1 H1 ... Wn-1 Hn-1 W
            const order = page.log.entries.filter((e) => e.who === "handler" || (e.who === "storage" && e.what === "setItem"))
                .map((e) => (e.who === "handler" ? e.what : "write"));
            const want = round.events.flatMap((/** @type {any} */ e, /** @type {number} */ i) => (i === 0 ? [e.type] : ["write", e.type]));
            assert.deepEqual(order, ["write", ...want, "write"]);
            // and nothing was drawn, played or shown as playing before the debit was written
            const first = page.log.entries.findIndex((e) => e.who === "storage" && e.what === "setItem");
            const early = page.log.entries.slice(0, first).filter((e) => SHOWN.includes(e.who) || e.who === "page");
            assert.deepEqual(early, []);
        } finally {
            page.restore();
        }
    });
}

test("the feature round's handlers and emitter events follow the engine's event order", async () => {
    const entry = R.feature;
    const page = await openPage({ script: scenarioScript(entry), scenario: entry.call.args[0] });
    try {
        const round = entry.answer.round;
        const before = page.saved.balance;
        await page.controller.play(false);
        const events = round.events;
        // each handler once per event, in the engine's order, given the engine's event
        assert.deepEqual(page.log.of("handler").map((e) => e.what), types(events));
        assert.deepEqual(page.log.of("handler").map((e) => e.args[0]), events);
        // each event's step announced as it begins, 0 .. n-1
        assert.deepEqual(page.log.of("step").map((e) => e.args[0]), events.map((/** @type {any} */ _, /** @type {number} */ i) => i));
        // the emitter events, in the one log with the handlers: roundStarted in the roundStart
        // handler, featureStarted in freeSpinsStart's, featureEnded in freeSpinsEnd's, the
        // controller's roundEnded after the last handler (and after the credit)
        /** @type {Record<string, string>} the engine's event -> what the sequencer tells of it */
        const told = { roundStart: "roundStarted", freeSpinsStart: "featureStarted", freeSpinsEnd: "featureEnded" };
        const want = events.flatMap((/** @type {any} */ e) => [`handler.${e.type}`, ...told[e.type] ? [`emit.${told[e.type]}`] : []]);
        assert.deepEqual(page.log.names("handler", "emit", "saved"), [...want, "saved.credited", "emit.roundEnded"]);
        // their payloads: the engine's own events
        const emitted = Object.fromEntries(page.log.of("emit").map((e) => [e.what, e.args[0]]));
        assert.deepEqual(emitted.roundStarted, events.find((/** @type {any} */ e) => e.type === "roundStart"));
        assert.deepEqual(emitted.featureStarted, events.find((/** @type {any} */ e) => e.type === "freeSpinsStart"));
        assert.deepEqual(emitted.featureEnded, events.find((/** @type {any} */ e) => e.type === "freeSpinsEnd"));
        const { timings, ...end } = /** @type {any} */ (emitted.roundEnded);
        assert.deepEqual(end, { bet: round.bet, cost: round.cost, buy: round.buy, win: round.total_win,
            balance: before - round.cost + round.total_win });
        assert.ok(timings.start <= timings.outcome && timings.outcome <= timings.enabled, timings); // timings.js's order
        // the panels: the feature's intro, then its outro, then the celebration when the engine's
        // roundEnd names a big-win tier (its big_win)
        const tier = events.at(-1).big_win;
        assert.deepEqual(page.log.names("panels"), ["panels.intro", "panels.outro", ...(tier ? ["panels.bigWin"] : [])]);
        // <html data-state>: playing once the round in progress is saved, ready once credited
        assert.deepEqual(page.log.of("page").map((e) => e.args[0]), ["playing", "ready"]);
    } finally {
        page.restore();
    }
});

test("the capped round stops at max_win x bet, the max win the last thing shown", async () => {
    const entry = R.capped;
    const page = await openPage({ script: scenarioScript(entry), scenario: entry.call.args[0] });
    try {
        const round = entry.answer.round;
        const cap = MODEL.max_win * round.bet; // expected: engine/data/model.json's max_win, in bets
        const before = page.saved.balance;
        const got = await page.controller.play(true);
        assert.equal(got.total_win, cap);
        assert.equal(got.end, "max_win");
        assert.equal(page.saved.balance, before - OFFERS.get(round.bet).buy_cost + cap); // the engine's price out, the cap in
        // the engine's order to its end: maxWin, then the feature's end and the round's
        const handled = page.log.of("handler").map((e) => e.what);
        assert.deepEqual(handled, types(round.events));
        assert.deepEqual(handled.slice(handled.indexOf("maxWin")), ["maxWin", "freeSpinsEnd", "roundEnd"]);
        // the meter never showed an amount the engine did not report, nor one above the cap, and ends on it
        const reported = new Set([0, round.total_win, ...round.events.filter((/** @type {any} */ e) => "total" in e)
            .map((/** @type {any} */ e) => e.total)]);
        const shown = page.log.of("meter").filter((e) => e.what === "show").map((e) => e.args[0]);
        assert.ok(shown.length > 0);
        assert.deepEqual(shown.filter((v) => !reported.has(v) || /** @type {number} */ (v) > cap), []);
        assert.equal(shown.at(-1), cap);
        // the panels: the feature's outro, then the celebration that lands on the cap, nothing after it
        const panels = page.log.of("panels");
        assert.deepEqual(panels.map((e) => e.what), ["intro", "outro", "bigWin"]);
        const celebration = /** @type {any} */ (panels.at(-1)?.args[0]);
        assert.equal(celebration.amount, cap);
        assert.equal(celebration.max.cap, MODEL.max_win);
    } finally {
        page.restore();
    }
});

test("a round the balance cannot pay is refused before the engine draws anything", async () => {
    // a saved balance one minor unit short of the engine's price of a spin at the bet (the offer)
    const offer = OFFERS.get(FIXTURE.model.default_bet);
    const short = offer.cost - 1;
    const page = await openPage({ script: [line(R.loss)], seed: seedOf(R.loss), balance: short });
    try {
        for (const buy of [false, true]) {
            const before = page.log.entries.length;
            await assert.rejects(page.controller.play(buy), (err) => err instanceof Refused && /insufficient balance/.test(err.message));
            const after = page.log.entries.slice(before);
            // nothing asked of the engine, drawn, played, saved, shown as playing
            assert.deepEqual(after.filter((e) => [...SHOWN, "bridge", "handler", "page"].includes(e.who)), []);
            assert.deepEqual(after.filter((e) => e.who === "storage" && e.what !== "getItem"), []);
            // said once, on the HUD and to the listeners
            assert.deepEqual(after.filter((e) => e.who === "hud").map((e) => e.what), ["showMessage"]);
            assert.deepEqual(after.filter((e) => e.who === "emit").map((e) => e.what), ["refused"]);
            assert.equal(page.saved.balance, short);
            assert.equal(page.controller.busy, false);
        }
        // The refusals drew nothing from the seeded generator (they never reached the bridge): after
        // a top-up the page's first round is the seeded page's first (tests/e2e/test_game.py had this
        // in the browser: the first round after the refusals was CPython's first from Random(seed))
        page.controller.topUp();
        const before = page.saved.balance;
        assert.equal(before, DEMO_BALANCE); // store.js: the demo top-up's amount
        page.log.clear();
        assert.deepEqual(await page.controller.play(false), R.loss.answer.round);
        assertCreditedOnce(page, R.loss.answer.round, before);
        assert.equal(page.bridge.left, 0);
    } finally {
        page.restore();
    }
});

test("a round the engine refuses (a bought feature above the stake limit) debits, draws and saves nothing", async () => {
    const entry = R.refused; // the engine's refusal, recorded from a launch with its stake limit
    const page = await openPage({ script: [line(entry)] });
    try {
        const before = page.saved.balance;
        await assert.rejects(page.controller.play(true),
            (err) => err instanceof EngineRefusal && err.code === entry.answer.code && err.message === entry.answer.error);
        assert.deepEqual(page.log.of("bridge").map((e) => [e.what, e.args]), [["playRound", entry.call.args]]);
        assert.deepEqual(page.log.of(...SHOWN, "handler", "page").filter((e) => e.what !== "data-state" || e.args[0] !== "ready"), []);
        assert.deepEqual(page.storage.writes(), []);
        assert.equal(page.saved.balance, before);
        assert.equal(page.saved.pending, null);
        assert.equal(page.controller.busy, false);
        // the player is told (in the HUD's message), once
        assert.equal(page.log.of("hud").filter((e) => e.what === "showMessage").length, 1);
    } finally {
        page.restore();
    }
});

test("a round interrupted at any saved step resumes from it after a reload and is credited once", async () => {
    const entry = R.feature;
    const round = entry.answer.round;
    const events = round.events;
    const free = events.flatMap((/** @type {any} */ e, /** @type {number} */ i) => (e.type === "freeSpin" ? [i] : []));
    // the moments of tests/e2e/test_persistence.py: the base reveal, step 3, mid-feature, the last
    // free spin, the round's end (indexes in the engine's events)
    const moments = [1, 3, free[Math.floor(free.length / 2)], free.at(-1), events.length - 1];
    for (const k of moments) {
        // the first page plays the round; the record as it was written at step k is what a reload finds
        const first = await openPage({ script: scenarioScript(entry), scenario: entry.call.args[0] });
        const start = first.saved.balance;
        await first.controller.play(false);
        first.restore();
        const written = first.log.of("storage").filter((e) => e.what === "setItem").map((e) => /** @type {string} */ (e.args[1]));
        const text = written.find((w) => JSON.parse(w).pending?.step === k);
        assert.ok(text, `no record was written at step ${k}`);

        const log = new CallLog();
        const storage = new FakeStorage(log, { [KEY]: text });
        const page = await openPage({ log, storage, script: [{
            call: { method: "checkRound", args: [compact(round), round.bet, round.cost] }, answer: entry.checkRound }] });
        try {
            assert.equal(page.saved.pending?.step, k);
            assert.equal(page.saved.balance, start - round.cost);
            await page.controller.resume();
            assert.equal(page.controller.resumedFrom, k);
            // the reveal goes on from step k: the engine's events from there, each once
            assert.deepEqual(page.log.of("handler").map((e) => e.what), types(events.slice(k)));
            assertCheckpoints(storage, round, start, k);
            assertCreditedOnce(page, round, start, { resumed: true });
        } finally {
            page.restore();
        }
    }
});
