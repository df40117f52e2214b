// Fakes of what the round path talks to (tests/js/roundpath.test.mjs): the engine's bridge, the
// canvas (renderer, reels), the HUD, the panels, the sound, the win meter, the browser's storage
// and the page's <html data-state>. Each records every call made on it in one shared, ordered
// CallLog, so a test can say what happened in which order across all of them ("the round in
// progress was written before the reels spun"). None decides anything: the bridge answers from
// rounds the engine played on CPython (tests/js/fixtures/rounds.json, tools/record_rounds.py),
// the others only record (and resolve at once where the real one animates).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { EngineRefusal } from "../../static/js/core/errors.js";

/** @typedef {import("../../types/game").RoundRecord} RoundRecord */
/** @typedef {import("../../types/game").Offer} Offer */
/** @typedef {import("../../types/game").Model} Model */

/**
 * One recorded bridge call and the engine's answer (tools/record_rounds.py).
 * @typedef {{ method: string, args: unknown[] }} Call
 * @typedef {{ search: string, call: Call, answer: any, index?: number, scenario?: any, checkRound?: any, launch?: any }} Recorded
 * @typedef {{ about: string, model: Model, offers: Record<string, Offer>, rounds: Record<string, Recorded> }} Fixture
 */

/** The engine's recorded answers (tools/record_rounds.py writes them; make check keeps them current).
 *  @type {Fixture} */
export const FIXTURE = JSON.parse(readFileSync(new URL("./fixtures/rounds.json", import.meta.url), "utf8"));

/** One call on a fake: who was called, what, with what.
 *  @typedef {{ who: string, what: string, args: unknown[] }} Entry */

/** The calls on every fake of a test, in the order they were made. */
export class CallLog {
    constructor() {
        /** @type {Entry[]} */
        this.entries = [];
    }

    /** @param {string} who @param {string} what @param {unknown[]} args */
    add(who, what, args) {
        this.entries.push({ who, what, args });
    }

    /** Forgets what came so far (the set-up's calls). */
    clear() {
        this.entries.length = 0;
    }

    /** The entries of the fakes named (all when none is), in order.
     *  @param {...string} who
     *  @returns {Entry[]} */
    of(...who) {
        return who.length ? this.entries.filter((e) => who.includes(e.who)) : [...this.entries];
    }

    /** "who.what" of each entry of the fakes named (all when none is), in order.
     *  @param {...string} who
     *  @returns {string[]} */
    names(...who) {
        return this.of(...who).map((e) => `${e.who}.${e.what}`);
    }
}

/** What every fake records through. */
class Fake {
    /** @param {CallLog} log @param {string} who */
    constructor(log, who) {
        /** @type {CallLog} */
        this.log = log;
        /** @type {string} */
        this.who = who;
    }

    /** @param {string} what @param {unknown[]} args */
    note(what, args) {
        this.log.add(this.who, what, args);
    }
}

/** The canvas's Renderer (canvas/renderer.js) as far as the sequencer draws on it. */
export class FakeRenderer extends Fake {
    /** @param {CallLog} log */
    constructor(log) {
        super(log, "renderer");
        /** The part of renderer.js's RenderState the sequencer reads: the reels the suspense
         *  lights (tease()), as the real one keeps them. */
        this.state = { /** @type {Set<number> | null} */ teasing: null };
    }

    clearWins(...a) { this.note("clearWins", a); }
    setFree(...a) { this.note("setFree", a); }
    /** @param {ReadonlyArray<number> | null} reels */
    tease(reels, ...a) {
        this.note("tease", [reels, ...a]);
        this.state.teasing = reels?.length ? new Set(reels) : null;
    }
    glow(...a) { this.note("glow", a); }
    clearGlows(...a) { this.note("clearGlows", a); }
    showLine(...a) { this.note("showLine", a); }
    showAllLines(...a) { this.note("showAllLines", a); }
    hideLines(...a) { this.note("hideLines", a); }
    expandWild(...a) { this.note("expandWild", a); }
    expandSes(...a) { this.note("expandSes", a); }
    showBanner(...a) { this.note("showBanner", a); }
    burst(...a) { this.note("burst", a); }
}

/** The canvas's ReelSet (canvas/reels.js): five reels that land at once, left to right. */
export class FakeReels extends Fake {
    /** @param {CallLog} log @param {number} [count] */
    constructor(log, count = 5) {
        super(log, "reels");
        /** One per reel: `rest` (a resumed round's reels put back without animation). */
        this.reels = Array.from({ length: count }, (_, i) => ({
            /** @param {unknown[]} a */
            rest: (...a) => this.note("rest", [i, ...a]),
        }));
    }

    /** @param {{ stops: number[], grid: unknown, tease?: number[], onLand: (i: number) => void }} options */
    spin(options) {
        this.note("spin", [options]);
        this.reels.forEach((_, i) => options.onLand(i));
        return Promise.resolve();
    }

    slam(...a) { this.note("slam", a); }
}

/** The HUD (ui/hud.js): what the controller and the sequencer show on it. */
export class FakeHud extends Fake {
    /** @param {CallLog} log */
    constructor(log) {
        super(log, "hud");
    }

    setBalance(...a) { this.note("setBalance", a); }
    setBet(...a) { this.note("setBet", a); }
    setWin(...a) { this.note("setWin", a); }
    setFeatureWin(...a) { this.note("setFeatureWin", a); }
    landWin(...a) { this.note("landWin", a); }
    setBusy(...a) { this.note("setBusy", a); }
    enterFeature(...a) { this.note("enterFeature", a); }
    showFeature(...a) { this.note("showFeature", [{ ...a[0] }]); } // (a copy: the sequencer changes its state)
    hideFeature(...a) { this.note("hideFeature", a); }
    setMuted(...a) { this.note("setMuted", a); }
    setTurbo(...a) { this.note("setTurbo", a); }
    announce(...a) { this.note("announce", a); }
    showMessage(...a) { this.note("showMessage", a); }
    hideMessage(...a) { this.note("hideMessage", a); }
}

/** The round panels (ui/panels.js): each resolves at once, as a tap would end it. */
export class FakePanels extends Fake {
    /** @param {CallLog} log */
    constructor(log) {
        super(log, "panels");
    }

    intro(...a) { this.note("intro", a); return Promise.resolve(); }
    outro(...a) { this.note("outro", a); return Promise.resolve(); }
    bigWin(...a) { this.note("bigWin", a); return Promise.resolve(); }
    dismiss(...a) { this.note("dismiss", a); }
}

/** The live win meter (app.js: the HUD's #win), the one writer of the round's running total. */
export class FakeMeter extends Fake {
    /** @param {CallLog} log */
    constructor(log) {
        super(log, "meter");
        this.drivesFeature = true; // as the live meter: it writes the feature bar's win too
    }

    /** @param {number} minor @param {{ quiet?: boolean, ms?: number }} options */
    show(minor, options) { this.note("show", [minor, options]); }
    land() { this.note("land", []); }
}

/** The sound (sound/sound.js): the sequencer plays its effects by name, so any name is one,
 *  recorded as called.
 *  @param {CallLog} log
 *  @returns {import("../../static/js/sound/sound.js").Sound} */
export function fakeSound(log) {
    const sound = new Fake(log, "sound");
    // (a cast: every property is a method that records its call)
    return /** @type {any} */ (new Proxy({}, {
        get: (_, name) => (typeof name === "string" ? (/** @type {unknown[]} */ ...args) => sound.note(name, args) : undefined),
    }));
}

/** localStorage as far as store.js uses it (getItem, setItem, removeItem, key, length), in memory. */
export class FakeStorage extends Fake {
    /** @param {CallLog} log @param {Record<string, string>} [items] */
    constructor(log, items = {}) {
        super(log, "storage");
        /** @type {Map<string, string>} */
        this.items = new Map(Object.entries(items));
    }

    get length() { return this.items.size; }
    /** @param {number} i */
    key(i) { this.note("key", [i]); return [...this.items.keys()][i] ?? null; }
    /** @param {string} key */
    getItem(key) { this.note("getItem", [key]); return this.items.get(key) ?? null; }
    /** @param {string} key @param {string} value */
    setItem(key, value) { this.note("setItem", [key, value]); this.items.set(key, String(value)); }
    /** @param {string} key */
    removeItem(key) { this.note("removeItem", [key]); this.items.delete(key); }
    clear() { this.note("clear", []); this.items.clear(); }

    /** The records written, parsed, in order (each setItem's value). @returns {any[]} */
    writes() {
        return this.log.of("storage").filter((e) => e.what === "setItem").map((e) => JSON.parse(/** @type {string} */ (e.args[1])));
    }
}

/**
 * The engine's bridge (round/bridge.js Bridge) answering from recorded calls: each call must be
 * the next one of `script` (its method and arguments, compared as the JSON they cross as), and is
 * answered with its recorded answer as Bridge does it: parsed (a copy), an `{error}` answer
 * thrown as an EngineRefusal, checkRound's `.round`. A call that is not the next one throws.
 */
export class FakeBridge extends Fake {
    /** @param {CallLog} log
     *  @param {{ script?: Array<{ call: Call, answer: any }>, seed?: number | null, model?: Model }} [o] */
    constructor(log, { script = [], seed = null, model = FIXTURE.model } = {}) {
        super(log, "bridge");
        /** @type {Array<{ call: Call, answer: any }>} */
        this.script = [...script];
        /** @type {number | null} the page's ?seed=N (sharedgame.js loadRecord reads it) */
        this.seed = seed;
        /** @type {Model} */
        this._model = model;
    }

    /** The recorded answer to `method(...args)`, the next call of the script.
     *  @param {string} method @param {unknown[]} args
     *  @returns {Promise<any>} */
    async _answer(method, args) {
        this.note(method, args);
        await Promise.resolve(); // an answer comes later, as the worker's does
        const next = this.script.shift();
        assert.ok(next, `the bridge was asked ${method}(${JSON.stringify(args)}) with no call left to answer`);
        assert.deepEqual({ method, args: JSON.parse(JSON.stringify(args)) }, next.call, "the bridge was asked another call");
        const value = structuredClone(next.answer);
        if (value && typeof value === "object" && "error" in value) throw new EngineRefusal(value.error, value);
        return value;
    }

    /** How many recorded calls are left unasked. */
    get left() {
        return this.script.length;
    }

    async model() { this.note("model", []); return structuredClone(this._model); }
    /** @param {number} bet */
    offer(bet) { return this._answer("offer", [bet]); }
    /** @param {number} bet @param {boolean} [buy] */
    playRound(bet, buy = false) { return this._answer("playRound", [bet, buy]); }
    /** @param {string} name */
    playScenario(name) { return this._answer("playScenario", [name]); }
    /** @param {string} name */
    scenario(name) { return this._answer("scenario", [name]); }
    /** @param {unknown} round @param {number} bet @param {number} cost */
    async checkRound(round, bet, cost) { return (await this._answer("checkRound", [round, bet, cost])).round; }
    /** @param {unknown} state */
    async restoreRng(state) { this.note("restoreRng", [state]); }
}

/** An element as far as the page's modules write one here (scenario.js's banner). */
class FakeElement {
    constructor() {
        this.textContent = "";
        this.hidden = false;
        /** @type {Record<string, string>} */
        this.dataset = {};
    }
}

/**
 * The page as far as the round path touches it: <html data-state> (core/dom.js setPageState;
 * each change recorded as `page.data-state`), getElementById (a blank element per id), and
 * requestAnimationFrame (core/dom.js afterFrame: a frame at once, not 50 ms later). Returns a
 * function that puts the globals back.
 * @param {CallLog} log
 * @returns {() => void}
 */
export function installPage(log) {
    const page = new Fake(log, "page");
    /** @type {Record<string, string>} */
    const data = {};
    const dataset = new Proxy(data, {
        set(target, key, value) {
            if (typeof key === "string") page.note(`data-${key}`, [value]);
            return Reflect.set(target, key, value);
        },
    });
    /** @type {Map<string, FakeElement>} */
    const elements = new Map();
    const fake = {
        documentElement: { dataset, lang: "en" },
        /** @param {string} id */
        getElementById(id) {
            if (!elements.has(id)) elements.set(id, new FakeElement());
            return elements.get(id);
        },
    };
    const g = /** @type {any} */ (globalThis);
    const before = { document: g.document, requestAnimationFrame: g.requestAnimationFrame };
    g.document = fake;
    g.requestAnimationFrame = (/** @type {() => void} */ cb) => setTimeout(cb, 0);
    return () => Object.assign(g, before);
}
