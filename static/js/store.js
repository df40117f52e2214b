// All of the player's state in one place, saved as ONE versioned record in localStorage:
// balance, bet, settings, the seeded generator's state, the round in progress and the history.
//
//   import * as store from "./store.js";
//   const { state, problem } = await store.load({ model, checkRound });  // always a usable state
//   state.balance -= cost; store.save();                                   // one whole-record write
//
// The record lives under KEY ("boce.save"); docs/save-format.md describes every field, the
// checksum (32-bit FNV-1a of the canonical JSON) and what happens to a record that fails a
// check. Rounds are stored without their `events`: the engine rebuilds those (checkRound, the
// bridge's) when a round is read back, after re-deriving it from its stops. The round in
// progress carries `profile`, the jurisdiction profile it started under (jurisdiction.js), so
// it resumes under the same rules; a record written before profiles existed has none and
// resumes under "default".
//
// A record that fails any check (JSON, version, checksum, types, ranges, the engine's verify
// of the round in progress) is copied to BACKUP_KEY, and the game starts afresh on the demo
// balance with a message saying so. Storage that throws (disabled, full) leaves the game
// playable in memory; `notKept()` then says why, so the page can tell the player.

import { PROFILES } from "./jurisdiction.js";

export const KEY = "boce.save";
export const BACKUP_KEY = "boce.save.backup";
export const LEGACY_KEY = "boce.player.v1"; // the unversioned, unchecked save of earlier builds
export const VERSION = 1;
export const HISTORY_MAX = 50;
export const DEMO_BALANCE = 100000; // 1000.00 in minor units, the first visit's demo balance
export const MAX_BALANCE = 1e12;

/** Why a load could not use the saved record (`problem.kind`). */
export const Problem = Object.freeze({
    CORRUPT: "corrupt", // the record failed a check: set aside under BACKUP_KEY, a fresh game starts
    STORAGE: "storage", // storage cannot be read or written: the game plays in memory
});

function fresh() {
    return {
        version: VERSION, balance: DEMO_BALANCE, bet: null, muted: false, turbo: false,
        seed: null, rng: null, pending: null, history: [],
    };
}

let state = fresh();
let memoryOnly = false;
let failure = null; // why the last write (or the first read) did not reach storage

function storage() {
    return globalThis.localStorage; // access itself can throw (sandboxed frame, blocked cookies)
}

// ---- canonical JSON and its checksum ----------------------------------------------------

/** JSON with the keys of every object sorted and no whitespace (Python: sort_keys=True,
 *  separators=(",", ":"), ensure_ascii=False give the same text for this record). */
export function canonical(value) {
    if (Array.isArray(value)) return `[${value.map((v) => canonical(v ?? null)).join(",")}]`;
    if (value && typeof value === "object") {
        const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort();
        return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
    }
    return JSON.stringify(value);
}

const encoder = new TextEncoder();

/** 32-bit FNV-1a of the UTF-8 bytes of `text`, as 8 lowercase hex digits. */
export function fnv1a(text) {
    let h = 0x811c9dc5;
    for (const byte of encoder.encode(text)) {
        h ^= byte;
        h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16).padStart(8, "0");
}

export function checksum(record) {
    const { checksum: _ignored, ...rest } = record;
    return fnv1a(canonical(rest));
}

// ---- validation -----------------------------------------------------------------------------

class BadSave extends Error {}

function fail(why) {
    throw new BadSave(why);
}

const isInt = (x, lo, hi) => Number.isSafeInteger(x) && x >= lo && x <= hi;
const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

function checkRng(rng) {
    if (rng === null) return;
    if (!Array.isArray(rng) || rng.length !== 3 || rng[0] !== 3 || rng[2] !== null
        || !Array.isArray(rng[1]) || rng[1].length !== 625
        || !rng[1].slice(0, 624).every((x) => isInt(x, 0, 0xffffffff)) || !isInt(rng[1][624], 0, 624)) {
        fail("the saved random generator state is malformed");
    }
}

function checkHistory(history, bets) {
    if (!Array.isArray(history)) fail("the round history is not a list");
    if (history.length > HISTORY_MAX) fail(`the round history holds more than ${HISTORY_MAX} rounds`);
    history.forEach((h, i) => {
        const where = `history entry ${i + 1}`;
        if (!isObject(h)) fail(`${where} is not a record`);
        if (!isInt(h.time, 0, 8.64e15)) fail(`${where} has no valid time`);
        if (!bets.includes(h.bet)) fail(`${where} has a bet that is not a level`);
        if (!isInt(h.cost, 0, MAX_BALANCE) || !isInt(h.win, 0, MAX_BALANCE)) fail(`${where} has a bad amount`);
        if (typeof h.buy !== "boolean" || typeof h.feature !== "boolean") fail(`${where} has a bad flag`);
        if (h.special !== null && typeof h.special !== "string") fail(`${where} has a bad special symbol`);
        if (h.feature !== (h.special !== null)) fail(`${where} disagrees on its feature`);
        const r = h.round;
        if (!isObject(r) || r.bet !== h.bet || r.cost !== h.cost || r.total_win !== h.win
            || !Array.isArray(r.spins)) fail(`${where} does not hold its round`);
    });
}

/**
 * The state a raw saved string stands for, or BadSave naming the first fault. `checkRound`
 * (the bridge's) re-derives the round in progress with the engine and resolves with its full
 * dict, or rejects when the engine refuses it.
 */
async function validate(raw, { model, checkRound }) {
    let rec;
    try {
        rec = JSON.parse(raw);
    } catch {
        fail("it is damaged or cut short");
    }
    if (!isObject(rec)) fail("it is not a save record");
    if (rec.version !== VERSION) {
        fail(Number.isInteger(rec.version) && rec.version < VERSION
            ? `it was made by an older version of the game (version ${rec.version})`
            : `its version ${JSON.stringify(rec.version ?? null)} is not one this game reads`);
    }
    if (typeof rec.checksum !== "string" || rec.checksum !== checksum(rec)) {
        fail("its checksum does not match its contents (damaged or edited)");
    }
    if (!isInt(rec.balance, 0, MAX_BALANCE)) fail("its balance is not a whole amount between 0 and 10,000,000,000.00");
    if (!model.bets.includes(rec.bet)) fail("its bet is not one of the game's bet levels");
    if (typeof rec.muted !== "boolean" || typeof rec.turbo !== "boolean") fail("its settings are malformed");
    if (rec.seed !== null && !Number.isSafeInteger(rec.seed)) fail("its seed is not a whole number");
    checkRng(rec.rng);
    if (rec.seed === null && rec.rng !== null) fail("it holds a generator state without a seed");
    checkHistory(rec.history, model.bets);
    let pending = null;
    if (rec.pending !== null) {
        const p = rec.pending;
        if (!isObject(p) || !isObject(p.round) || !Number.isSafeInteger(p.step) || p.step < 0) {
            fail("the round in progress is malformed");
        }
        if (p.bet !== rec.bet || !isInt(p.cost, 1, MAX_BALANCE)) fail("the round in progress does not match the saved bet");
        let round;
        try {
            round = await checkRound(p.round, p.bet, p.cost);
        } catch (err) {
            console.warn("saved round refused by the engine:", err.message);
            fail("the round in progress does not match what the engine decided");
        }
        if (p.step >= round.events.length) fail("the round in progress is past its end");
        if (p.profile !== undefined && !(typeof p.profile === "string" && Object.hasOwn(PROFILES, p.profile))) {
            fail("the round in progress names rules this game does not know");
        }
        pending = { bet: p.bet, cost: p.cost, step: p.step, profile: p.profile ?? "default", round };
    }
    return {
        version: VERSION, balance: rec.balance, bet: rec.bet, muted: rec.muted, turbo: rec.turbo,
        seed: rec.seed, rng: rec.rng, pending, history: rec.history,
    };
}

// ---- reading and writing ------------------------------------------------------------------

function compact(round) {
    const { events: _events, ...rest } = round;
    return rest;
}

/** The record as written: rounds without their events, then the checksum. */
function record() {
    const rec = {
        version: VERSION, balance: state.balance, bet: state.bet, muted: state.muted, turbo: state.turbo,
        seed: state.seed, rng: state.rng,
        pending: state.pending && {
            bet: state.pending.bet, cost: state.pending.cost, step: state.pending.step,
            profile: state.pending.profile ?? "default", round: compact(state.pending.round),
        },
        history: state.history,
    };
    rec.checksum = checksum(rec);
    return rec;
}

function describe(err) {
    const name = err?.name ?? "";
    if (name === "QuotaExceededError" || err?.code === 22) return "this browser's storage is full";
    return "this browser does not allow the game to store data";
}

/**
 * Reads the saved record. Returns `{ state, problem }`: `problem` is null, or
 * `{ kind: "corrupt", reason }` (the bad record was kept under BACKUP_KEY and the state is
 * fresh) or `{ kind: "storage", reason }` (nothing can be read or written: play in memory).
 */
export async function load({ model, checkRound, memory = false }) {
    memoryOnly = memory;
    failure = null;
    state = fresh();
    if (memoryOnly) return { state, problem: null };
    let raw;
    let legacy = null;
    try {
        const ls = storage();
        raw = ls.getItem(KEY);
        if (raw === null) legacy = ls.getItem(LEGACY_KEY);
    } catch (err) {
        failure = describe(err);
        return { state, problem: { kind: Problem.STORAGE, reason: failure } };
    }
    let problem = null;
    if (raw === null && legacy !== null) {
        raw = legacy;
        problem = { kind: Problem.CORRUPT, reason: "it was made by an older version of the game" };
    } else if (raw !== null) {
        try {
            state = await validate(raw, { model, checkRound });
        } catch (err) {
            if (!(err instanceof BadSave)) console.error("reading the save failed", err);
            problem = { kind: Problem.CORRUPT, reason: err instanceof BadSave ? err.message : "it could not be read" };
        }
    }
    if (problem) {
        state = fresh();
        try {
            storage().setItem(BACKUP_KEY, raw);
            if (legacy !== null) storage().removeItem(LEGACY_KEY);
        } catch (err) {
            failure = describe(err);
        }
    }
    return { state, problem };
}

/** Throws the save away as bad after load() accepted it (e.g. its generator state was
 *  refused): keeps it under BACKUP_KEY and starts afresh. */
export function reject() {
    try {
        const raw = storage().getItem(KEY);
        if (raw !== null) storage().setItem(BACKUP_KEY, raw);
    } catch (err) {
        failure = describe(err);
    }
    state = fresh();
    return state;
}

/** Writes the whole record in one setItem; returns false when it could not be saved (the
 *  game plays on in memory, and `notKept()` says why). */
export function save() {
    if (memoryOnly) return false;
    try {
        storage().setItem(KEY, JSON.stringify(record()));
        failure = null;
        return true;
    } catch (err) {
        failure = describe(err);
        return false;
    }
}

/** Adds a finished round to the history (newest first, at most HISTORY_MAX); no write. */
export function addHistory(round, time = Date.now()) {
    state.history.unshift({
        time, bet: round.bet, cost: round.cost, buy: round.buy, win: round.total_win,
        feature: round.special !== null, special: round.special, round: compact(round),
    });
    state.history.length = Math.min(state.history.length, HISTORY_MAX);
}

/** Null while progress is being kept; otherwise why it is not. */
export function notKept() {
    return memoryOnly ? null : failure;
}
