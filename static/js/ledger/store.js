// @ts-check
// All of the player's state in one place, saved as ONE versioned record in localStorage:
// balance, bet, settings, the seeded generator's state, the round in progress and the history.
//
//   const store = new Store({ suffix });                                   // this launch's record (app.js)
//   const { state, problem } = await store.load({ model, checkRound });  // always a usable record
//   store.save(state);                                                     // one whole-record write
//
// A Store keeps no record of its own: the caller holds it (savedgame.js's SavedGame, the only
// writer of the balance and the round in progress) and hands it to save(). What it keeps is
// its connection to storage: the key, whether it may write, the text it last read or wrote,
// and why progress is not kept. The record's format (its checks, its constants) is this
// module's, shared by every Store.
//
// The record lives under KEY ("boce.save"); docs/save-format.md describes every field and the
// checksum (FNV-1a). Rounds are stored without `events` (the engine rebuilds them from the
// stops, checkRound). The round in progress keeps its jurisdiction `profile` (none: "default").
//
// One check (`check`) serves both directions: load() reads nothing it refuses, and save()
// writes nothing load() would refuse (the text is checked before setItem). Only the engine's
// re-derivation of the round in progress is load's alone: a write holds the round the engine
// has just decided (or verified at load).
//
// `revision` counts the writes. A write is refused ("conflict") unless the stored text is the
// one this tab last read or wrote: a second guard, after the writer lock of tabs.js, against
// two tabs overwriting each other. Records of earlier builds have no revision (read as 0).
//
// A record that fails a check (JSON, checksum, types, ranges, the engine's verify of the
// round in progress) is kept under BACKUP_PREFIX + its time (the last BACKUPS_MAX distinct
// ones) and the game starts afresh, saying so. When the copy cannot be written (storage full)
// or the record was made by a newer version, it is left untouched: the game plays in memory
// ("held") until the player asks to start afresh (startAfresh). Storage that throws
// (disabled, full) leaves the game playable in memory; notKept() says why.

import { BadSave, NewerSave } from "../core/errors.js";
import { MAX_BALANCE, whyNot } from "../core/amounts.js";
import { describe, keepBackup } from "./backups.js";
import { t } from "../lang/i18n.js";
import { isRoundRules, presetRules } from "../operator/jurisdiction.js";
import { MARKETS } from "../operator/launch.js";
export { BACKUP_PREFIX, BACKUPS_MAX, backupKeys } from "./backups.js";
import { checksum, fnv1a } from "../core/checksum.js";
export { canonical, checksum, fnv1a } from "../core/checksum.js";
export const KEY = "boce.save";

/** @typedef {import("../../../types/game").Model} Model */
/** @typedef {import("../../../types/game").RoundRecord} RoundRecord */
/** @typedef {import("../round/bridge.js").RngState} RngState */
/** @typedef {import("../operator/jurisdiction.js").RoundRules} RoundRules */
/** A round as the history keeps it: without its events (the engine rebuilds them from the stops).
 *  @typedef {Omit<RoundRecord, "events">} CompactRound */
/**
 * A finished round in the history (historyEntry; docs/save-format.md).
 * @typedef {object} HistoryEntry
 * @property {number} time     when it was credited, ms since 1970
 * @property {number} bet
 * @property {number} cost     what it cost, in minor units
 * @property {boolean} buy     a bought feature
 * @property {number} win      its total win, in minor units
 * @property {boolean} feature its free spins were played
 * @property {string | null} special  the feature's special symbol
 * @property {CompactRound} round
 */
/**
 * The round in progress: the engine's whole round, the event its reveal reached, and the rules
 * it plays under (kept with it: jurisdiction.js roundRules).
 * @typedef {object} Pending
 * @property {number} bet
 * @property {number} cost
 * @property {number} step     the index of the event the reveal reached
 * @property {string} profile  the market it started under (launch.js MARKETS)
 * @property {RoundRules} rules
 * @property {RoundRecord} round
 */
/**
 * The player's state as load() gives it (docs/save-format.md): a record read and checked, or a
 * fresh one, whose `bet` is null until the caller sets a level (sharedgame.js loadRecord).
 * @typedef {object} LoadedState
 * @property {number} version
 * @property {number} revision  the count of writes
 * @property {number} balance   minor units
 * @property {number | null} bet
 * @property {boolean} muted
 * @property {boolean} turbo
 * @property {boolean} music
 * @property {boolean} effects
 * @property {number | null} seed  the ?seed=N the generator state belongs to
 * @property {RngState | null} rng  the seeded generator's state
 * @property {Pending | null} pending
 * @property {HistoryEntry[]} history  newest first, at most HISTORY_MAX
 */
/** The player's state with a bet level: what SavedGame holds and save() writes.
 *  @typedef {LoadedState & { bet: number }} SaveState */
/** The engine's re-derivation of a saved round (bridge.js checkRound): its full record, or a rejection.
 *  @typedef {(round: import("../round/bridge.js").SavedRound, bet: number, cost: number) => Promise<RoundRecord>} CheckRound */
/** What load() checks a record against: the model's levels, and the engine.
 *  @typedef {{ model: Pick<Model, "bets">, checkRound: CheckRound }} LoadContext */
/** @typedef {typeof Problem[keyof typeof Problem]} ProblemKind */
/**
 * Why a load could not use the saved record (load, reject).
 * @typedef {object} LoadProblem
 * @property {ProblemKind} kind
 * @property {string} reason   in English
 * @property {string | null} [code]  the reason's stable code (the tables' why.CODE: reasons.js)
 * @property {Readonly<Record<string, unknown>>} [params]  what the reason names
 * @property {string | null} [backup]  corrupt: the key the bad record is kept under, null when it could not be kept
 * @property {string} [why]    corrupt and not kept: why not
 */

/** "" for euros at the model's own levels, else ".CUR-xxxxxxxx" (an FNV-1a hash of the levels):
 *  the part each launch's saved game, writer lock and channel names share.
 *  @param {string} currency
 *  @param {ReadonlyArray<number>} bets  the launch's levels
 *  @param {ReadonlyArray<number>} modelBets  the model file's own levels
 *  @returns {string} */
export function scopeSuffix(currency, bets, modelBets) {
    if (currency === "EUR" && bets.join() === modelBets.join()) return "";
    return `.${currency}-${fnv1a(bets.join())}`;
}

export const BACKUP_KEY = "boce.save.backup"; // the one backup slot of earlier builds (left alone)
export const LEGACY_KEY = "boce.player.v1"; // the unversioned, unchecked save of earlier builds
export const VERSION = 1;
export const HISTORY_MAX = 50;
export const DEMO_BALANCE = 100000; // 1000.00 in minor units, the first visit's demo balance
export { MAX_BALANCE }; // amounts.js: the one ceiling, the engine's (engine/launch.py)
/** The highest revision a record may be read with: each write adds one, and a revision past
 *  2^53 - 1 cannot be written exactly, so a record at the end of the count could never be saved
 *  again (its rounds would vanish on reload). 2^52 writes are far beyond any real game's. */
export const MAX_REVISION = 2 ** 52;

/** Why a load could not use the saved record (`problem.kind`). */
export const Problem = Object.freeze({
    CORRUPT: "corrupt", // failed a check: set aside as a backup (or held when it cannot be), a fresh game starts
    NEWER: "newer",     // made by a newer version: held, untouched, until the player starts afresh
    STORAGE: "storage", // storage cannot be read or written: the game plays in memory
});

/** @returns {LoadedState} a first visit's record */
function fresh() {
    return {
        version: VERSION, revision: 0, balance: DEMO_BALANCE, bet: null, muted: false, turbo: false, music: true, effects: true,
        seed: null, rng: null, pending: null, history: [],
    };
}

// ---- validation -----------------------------------------------------------------------------

/** Refuses the record: throws BadSave.
 *  @type {(code: string, why: string, params?: Readonly<Record<string, unknown>>) => never} */
const fail = (code, why, params) => { throw new BadSave(why, { code, params }); };

/** What a load tells of a bad record: its kind, the English reason, its code and params.
 *  @param {ProblemKind} kind
 *  @param {BadSave} err
 *  @returns {LoadProblem} */
const problemOf = (kind, err) => ({ kind, reason: err.message, code: err.code, params: err.params });

/** @param {unknown} x @param {number} lo @param {number} hi @returns {boolean} */
const isInt = (x, lo, hi) => Number.isSafeInteger(x) && /** @type {number} */ (x) >= lo && /** @type {number} */ (x) <= hi;
/** Whether `x` is an amount of a record: a number (JSON's), an exact integer from lo to hi
 *  (amounts.js amount(), the page's one check of an amount).
 *  @param {unknown} x @param {number} lo @param {number} hi @returns {boolean} */
const isAmount = (x, lo, hi) => whyNot(x, { key: "amount", min: lo, max: hi, text: false }) === null;
/** @param {unknown} x @returns {boolean} */
const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

/** @param {any} rng  a parsed record's field: any, as JSON gives it, checked here */
function checkRng(rng) {
    if (rng === null) return;
    if (!Array.isArray(rng) || rng.length !== 3 || rng[0] !== 3 || rng[2] !== null
        || !Array.isArray(rng[1]) || rng[1].length !== 625
        || !rng[1].slice(0, 624).every((x) => isInt(x, 0, 0xffffffff)) || !isInt(rng[1][624], 0, 624)) {
        fail("save.rng", "the saved random generator state is malformed");
    }
}

/** @param {any} history  a parsed record's field: any, as JSON gives it, checked here
 *  @param {ReadonlyArray<number>} bets */
function checkHistory(history, bets) {
    if (!Array.isArray(history)) fail("save.historyList", "the round history is not a list");
    if (history.length > HISTORY_MAX) fail("save.historyLong", `the round history holds more than ${HISTORY_MAX} rounds`,
        { count: HISTORY_MAX });
    history.forEach((/** @type {any} */ h, /** @type {number} */ i) => {
        const where = `history entry ${i + 1}`;
        const n = { n: i + 1 };
        if (!isObject(h)) fail("save.entryRecord", `${where} is not a record`, n);
        if (!isInt(h.time, 0, 8.64e15)) fail("save.entryTime", `${where} has no valid time`, n);
        if (!bets.includes(h.bet)) fail("save.entryBet", `${where} has a bet that is not a level`, n);
        if (!isAmount(h.cost, 0, MAX_BALANCE) || !isAmount(h.win, 0, MAX_BALANCE)) fail("save.entryAmount", `${where} has a bad amount`, n);
        if (typeof h.buy !== "boolean" || typeof h.feature !== "boolean") fail("save.entryFlag", `${where} has a bad flag`, n);
        if (h.special !== null && typeof h.special !== "string") fail("save.entrySpecial", `${where} has a bad special symbol`, n);
        if (h.feature !== (h.special !== null)) fail("save.entryFeature", `${where} disagrees on its feature`, n);
        const r = h.round;
        if (!isObject(r) || r.bet !== h.bet || r.cost !== h.cost || r.total_win !== h.win
            || !Array.isArray(r.spins)) fail("save.entryRound", `${where} does not hold its round`, n);
    });
}

/**
 * The record a raw saved string stands for, or BadSave naming the first fault (NewerSave for
 * a later version): every check but the engine's re-derivation of the round in progress.
 * @param {string} raw
 * @param {Pick<Model, "bets">} model
 * @returns {any} the record as parsed: any (JSON), its fields as checked here (validate reads on)
 */
function check(raw, model) {
    /** @type {any} JSON, checked field by field below */
    let rec;
    try {
        rec = JSON.parse(raw);
    } catch { // JSON.parse's SyntaxError becomes the record's own refusal: fail() throws a BadSave
        fail("save.damaged", "it is damaged or cut short");
    }
    if (!isObject(rec)) fail("save.notRecord", "it is not a save record");
    if (Number.isSafeInteger(rec.version) && rec.version > VERSION) {
        throw new NewerSave(`it was made by a newer version of the game (version ${rec.version}); this game reads version ${VERSION}`,
            { code: "save.newer", params: { version: rec.version, reads: VERSION } });
    }
    if (rec.version !== VERSION) {
        const version = JSON.stringify(rec.version ?? null);
        if (Number.isInteger(rec.version) && rec.version < VERSION) fail("save.older",
            `it was made by an older version of the game (version ${version})`, { version });
        fail("save.version", `its version ${version} is not one this game reads`, { version });
    }
    if (typeof rec.checksum !== "string" || rec.checksum !== checksum(rec)) {
        fail("save.checksum", "its checksum does not match its contents (damaged or edited)");
    }
    const revision = rec.revision ?? 0; // absent in the records of earlier builds
    if (!isInt(revision, 0, Number.MAX_SAFE_INTEGER)) fail("save.revision", "its revision is not a whole number");
    if (revision > MAX_REVISION) fail("save.revisionSpent", `its revision ${revision} leaves no room for later writes`,
        { revision, max: MAX_REVISION });
    const balance = whyNot(rec.balance, { key: "balance", min: 0, max: MAX_BALANCE, text: false });
    if (balance) fail("save.balance", `its balance is not a whole amount between 0 and 10,000,000,000.00 (${balance.message})`);
    if (!model.bets.includes(rec.bet)) fail("save.bet", "its bet is not one of the game's bet levels");
    if (typeof rec.muted !== "boolean" || typeof rec.turbo !== "boolean") fail("save.settings", "its settings are malformed");
    if (rec.seed !== null && !Number.isSafeInteger(rec.seed)) fail("save.seed", "its seed is not a whole number");
    checkRng(rec.rng);
    if (rec.seed === null && rec.rng !== null) fail("save.rngNoSeed", "it holds a generator state without a seed");
    checkHistory(rec.history, model.bets);
    if (rec.pending !== null) {
        const p = rec.pending;
        if (!isObject(p) || !isObject(p.round) || !Number.isSafeInteger(p.step) || p.step < 0) {
            fail("save.pending", "the round in progress is malformed");
        }
        if (p.bet !== rec.bet || !isAmount(p.cost, 1, MAX_BALANCE)) fail("save.pendingBet",
            "the round in progress does not match the saved bet");
    }
    return { ...rec, revision };
}

/**
 * The state a raw saved string stands for, or BadSave naming the first fault. `checkRound`
 * (the bridge's) re-derives the round in progress with the engine and resolves with its full
 * dict, or rejects when the engine refuses it.
 * @param {string} raw
 * @param {LoadContext} context
 * @returns {Promise<LoadedState>}
 */
async function validate(raw, { model, checkRound }) {
    const rec = check(raw, model);
    let pending = null;
    if (rec.pending !== null) {
        const p = rec.pending;
        /** @type {RoundRecord} */
        let round;
        try {
            round = await checkRound(p.round, p.bet, p.cost);
        } catch (err) {
            console.warn("saved round refused by the engine:", /** @type {Error} */ (err).message);
            fail("save.pendingEngine", "the round in progress does not match what the engine decided");
        }
        if (p.step >= round.events.length) fail("save.pendingEnd", "the round in progress is past its end");
        // a round is played only when its largest win fits under the ceiling (controller.js), so a
        // record whose round would credit past it was forged: refused, not credited and lost
        if (rec.balance + round.total_win > MAX_BALANCE) fail("save.pendingCeiling",
            "the round in progress would take the balance past 10,000,000,000.00");
        if (p.profile !== undefined && !(typeof p.profile === "string" && Object.hasOwn(MARKETS, p.profile))) {
            fail("save.pendingProfile", "the round in progress names rules this game does not know");
        }
        const rules = p.rules === undefined ? undefined : rulesFromRecord(p.rules);
        if (rules !== undefined && !isRoundRules(rules)) fail("save.pendingRules", "the round in progress has malformed rules");
        const profile = p.profile ?? "default";
        pending = { bet: p.bet, cost: p.cost, step: p.step, profile, rules: rules ?? presetRules(profile), round };
    }
    return {
        version: VERSION, revision: rec.revision, balance: rec.balance, bet: rec.bet, muted: rec.muted,
        turbo: rec.turbo, seed: rec.seed, rng: rec.rng, pending, history: rec.history,
        // The music and effects switches (absent before issue 33): anything but false is on.
        music: rec.music !== false, effects: rec.effects !== false,
    };
}

// ---- the record as written --------------------------------------------------------------

// The round rules' names in the record (version 1): the names the profile had when the format
// was fixed, kept so that every build reads every other's records. The page's own name of each
// (jurisdiction.js ROUND_RULES, the launch setting's) -> its name in the record; the one list.
export const RECORD_RULE_NAMES = Object.freeze({ minRound: "minCycleMs", slamstop: "slamStop", quietSmallWins: "celebrateOnlyAboveStake" });

/** A round's rules as the record writes them.
 *  @param {RoundRules} rules
 *  @returns {Record<string, unknown>} */
const rulesToRecord = (rules) => Object.fromEntries(Object.entries(rules).map(([k, v]) =>
    [/** @type {Readonly<Record<string, string>>} */ (RECORD_RULE_NAMES)[k] ?? k, v]));
/** A record's round rules by the page's names (anything else is left for isRoundRules to refuse).
 *  @param {unknown} rules  a parsed record's: anything JSON holds
 *  @returns {unknown} */
function rulesFromRecord(rules) {
    if (rules === null || typeof rules !== "object" || Array.isArray(rules)) return rules;
    /** @type {Record<string, string>} */
    const page = Object.fromEntries(Object.entries(RECORD_RULE_NAMES).map(([mine, theirs]) => [theirs, mine]));
    return Object.fromEntries(Object.entries(rules).map(([k, v]) => [Object.hasOwn(page, k) ? page[k] : `record:${k}`, v]));
}

/** `round` without its events.
 *  @param {import("../round/bridge.js").SavedRound} round
 *  @returns {CompactRound} */
function compact(round) {
    const { events: _events, ...rest } = round;
    return rest;
}

/**
 * The record as written (serialize): the state with its round in progress compacted, its rules
 * by the record's names (RECORD_RULE_NAMES), and the checksum.
 * @typedef {Omit<SaveState, "pending"> & { pending: StoredPending | null, checksum?: string }} StoredRecord
 * @typedef {Omit<Pending, "rules" | "round"> & { rules: Record<string, unknown>, round: CompactRound }} StoredPending
 */

/** `state` as written (revision `revision`): rounds without their events, then the checksum.
 *  @param {SaveState} state
 *  @param {number} revision
 *  @returns {StoredRecord} */
function serialize(state, revision) {
    /** @type {StoredRecord} */
    const rec = {
        version: VERSION, revision, balance: state.balance, bet: state.bet, muted: state.muted,
        turbo: state.turbo, music: state.music !== false, effects: state.effects !== false,
        seed: state.seed, rng: state.rng,
        pending: state.pending && {
            bet: state.pending.bet, cost: state.pending.cost, step: state.pending.step,
            profile: state.pending.profile ?? "default",
            rules: rulesToRecord(state.pending.rules ?? presetRules(state.pending.profile ?? "default")),
            round: compact(state.pending.round),
        },
        history: state.history,
    };
    rec.checksum = checksum(rec);
    return rec;
}

/** Whether `balance` is one a record may hold (0 to MAX_BALANCE, whole minor units).
 *  @param {number} balance
 *  @returns {boolean} */
export function fits(balance) {
    return isAmount(balance, 0, MAX_BALANCE);
}

/** A finished round as the history keeps it (newest first, at most HISTORY_MAX entries).
 *  @param {RoundRecord} round
 *  @param {number} [time]  ms since 1970
 *  @returns {HistoryEntry} */
export function historyEntry(round, time = Date.now()) {
    return {
        time, bet: round.bet, cost: round.cost, buy: round.buy, win: round.total_win,
        feature: round.special !== null, special: round.special, round: compact(round),
    };
}

// ---- reading and writing: a launch's record in storage ------------------------------------

/** What save() did (see there).
 *  @typedef {"saved" | "memory" | "waiting" | "conflict" | "invalid"} SaveResult */

export class Store {
    /** `suffix`: the launch's scopeSuffix() ("" for the game's own euros and levels): its record
     *  lives under KEY + suffix, so a save made under one currency or set of levels is never
     *  read under another. `storage`: gives the Storage (its access itself can throw: a
     *  sandboxed frame, blocked cookies).
     *  @param {{ suffix?: string, storage?: () => Storage }} [options] */
    constructor({ suffix = "", storage = () => globalThis.localStorage } = {}) {
        /** @type {string} where the record lives */
        this.key = KEY + suffix;
        /** @type {() => Storage} */
        this._storage = storage;
        /** @type {boolean} a record in memory only (load's `memory`): nothing read or written */
        this._memoryOnly = false;
        /** @type {boolean} */
        this._writable = true; // false in a tab that may not write (tabs.js: another tab plays)
        /** @type {string | null} */
        this._failure = null;  // why the last write (or the first read) did not reach storage
        /** @type {string | null} */
        this._held = null;     // why the stored record is left untouched (newer version, no room for its copy)
        /** @type {string | null} */
        this._seen = null;     // the stored text as this tab last read or wrote it (the write guard)
        /** @type {LoadContext | null} */
        this._ctx = null;      // { model, checkRound } of load(), for checking writes
    }

    /**
     * Reads the saved record. Returns `{ state, problem }`: `problem` is null, or
     * `{ kind: "corrupt", reason, backup }`: the bad record was kept under the key `backup`, and
     *   the state is fresh; when it could not be kept (`backup` null, `why`), it is left untouched
     *   and the game plays in memory until startAfresh();
     * `{ kind: "newer", reason }`: left untouched, the game plays in memory until startAfresh();
     * `{ kind: "storage", reason }`: nothing can be read or written: play in memory.
     * With `readOnly` (a tab that may not write: tabs.js) nothing is written, moved or kept.
     * @param {LoadContext & { memory?: boolean, readOnly?: boolean }} options  `memory`: a record in memory only
     * @returns {Promise<{ state: LoadedState, problem: LoadProblem | null }>}
     */
    async load({ model, checkRound, memory = false, readOnly = false }) {
        this._memoryOnly = memory;
        this._writable = !readOnly;
        this._ctx = { model, checkRound };
        this._failure = null;
        this._held = null;
        this._seen = null;
        let state = fresh();
        if (memory) return { state, problem: null };
        /** @type {string | null} */
        let raw;
        /** @type {string | null} */
        let legacy = null;
        try {
            const ls = this._storage();
            raw = ls.getItem(this.key);
            if (raw === null && this.key === KEY) legacy = ls.getItem(LEGACY_KEY); // euros only
        } catch (err) {
            this._failure = describe(err);
            return { state, problem: { kind: Problem.STORAGE, reason: this._failure } };
        }
        this._seen = raw;
        /** @type {LoadProblem | null} */
        let problem = null;
        if (raw === null && legacy !== null) {
            raw = legacy;
            problem = problemOf(Problem.CORRUPT, new BadSave("it was made by an older version of the game", { code: "save.legacy" }));
        } else if (raw !== null) {
            try {
                state = await validate(raw, this._ctx);
            } catch (err) {
                if (err instanceof NewerSave) {
                    if (!readOnly) this._held = t("save.heldNewer");
                    return { state, problem: problemOf(Problem.NEWER, err) };
                }
                if (!(err instanceof BadSave)) console.error("reading the save failed", err);
                problem = problemOf(Problem.CORRUPT, err instanceof BadSave ? err : new BadSave("it could not be read",
                    { code: "save.unreadable" }));
            }
        }
        if (problem && !readOnly) {
            state = fresh();
            this._setAside(/** @type {string} */ (raw), problem); // (a problem comes only with a text read)
            if (problem.backup && legacy !== null) {
                try { this._storage().removeItem(LEGACY_KEY); } catch { /* it stays: read again next time */ }
            }
        }
        return { state, problem };
    }

    /** Keeps a bad record as a backup, or holds it (left in place, play in memory) when it cannot.
     *  @param {string} raw
     *  @param {LoadProblem} problem  given its `backup` (and `why`) */
    _setAside(raw, problem) {
        const kept = keepBackup(this._storage, raw);
        problem.backup = kept.key;
        if (!kept.key) {
            problem.why = kept.why;
            this._held = t("save.heldNoBackup", { why: kept.why });
        }
    }

    /** The player asked to start afresh over a held record (newer version, or one that could not
     *  be set aside): it is kept as a backup when there is room, then replaced by a fresh game.
     *  Returns `{ state, backup, why }` (backup null and why when it could not be kept).
     *  @returns {{ state: LoadedState, backup: string | null, why: string | null }} */
    startAfresh() {
        /** @type {string | null} */
        let raw = null;
        try {
            const ls = this._storage();
            raw = ls.getItem(this.key) ?? (this.key === KEY ? ls.getItem(LEGACY_KEY) : null);
            this._seen = ls.getItem(this.key);
        } catch (err) {
            this._failure = describe(err);
        }
        /** @type {import("./backups.js").Kept} */
        const kept = raw === null ? { key: null } : keepBackup(this._storage, raw);
        try { this._storage().removeItem(LEGACY_KEY); } catch { /* unreadable storage: save() says so */ }
        this._held = null;
        return { state: fresh(), backup: kept.key, why: kept.why ?? null };
    }

    /** Throws the save away as bad after load() accepted it (e.g. its generator state was
     *  refused): keeps it as a backup (or holds it) and starts afresh.
     *  @param {string} reason  in English
     *  @param {string | null} [code]  its stable code (reasons.js)
     *  @param {Readonly<Record<string, unknown>>} [params]
     *  @returns {{ state: LoadedState, problem: LoadProblem }} */
    reject(reason, code = null, params = {}) {
        /** @type {LoadProblem} */
        const problem = { kind: Problem.CORRUPT, reason, code, params };
        try {
            const raw = this._storage().getItem(this.key);
            if (raw !== null) this._setAside(raw, problem);
        } catch (err) {
            this._failure = describe(err);
        }
        return { state: fresh(), problem };
    }

    /**
     * Writes the whole record `state` in one setItem, after checking it reads back (its revision
     * goes up by one when written). Returns
     * "saved"; "memory" (not kept: storage refused it, a held record, or a memory-only game;
     * notKept() says why); "waiting" (this tab may not write); "conflict" (the stored record is
     * not the one this tab last read or wrote: another tab wrote it; nothing written, load again);
     * "invalid" (the record would not read back; nothing written; notKept() says why).
     * @param {SaveState} state  its `revision` goes up when written
     * @returns {SaveResult}
     */
    save(state) {
        if (this._memoryOnly || this._held) return "memory";
        if (!this._writable) return "waiting";
        const rec = serialize(state, state.revision + 1);
        const text = JSON.stringify(rec);
        try {
            check(text, /** @type {LoadContext} */ (this._ctx).model); // (load() comes first: it sets _ctx)
        } catch (err) {
            // (check throws BadSave only)
            console.error("refusing to write a record that would not read back:", /** @type {Error} */ (err).message);
            this._failure = t("save.notReadBack", { detail: /** @type {Error} */ (err).message });
            return "invalid";
        }
        try {
            const ls = this._storage();
            if (ls.getItem(this.key) !== this._seen) return "conflict";
            ls.setItem(this.key, text);
            this._seen = text;
            state.revision = rec.revision;
            this._failure = null;
            return "saved";
        } catch (err) {
            this._failure = describe(err);
            return "memory";
        }
    }

    /** False when the stored record is no longer the one this tab last read or wrote (another
     *  tab wrote it): the next save() would be refused as a "conflict".
     *  @returns {boolean} */
    current() {
        if (this._memoryOnly || this._held || !this._writable) return true;
        try {
            return this._storage().getItem(this.key) === this._seen;
        } catch {
            return true; // unreadable storage: save() says so
        }
    }

    /** Null while progress is being kept; otherwise why it is not.
     *  @returns {string | null} */
    notKept() {
        return this._memoryOnly ? null : this._held ?? this._failure;
    }

    /** The browser refused this page storage (tabs.js: its lock was refused, `error`): from now
     *  on nothing is read or written, as when storage itself throws; load() says so
     *  (Problem.STORAGE) and notKept() gives the reason.
     *  @param {unknown} error  what the browser threw or rejected with (thrown again at each access) */
    refuse(error) {
        this._storage = () => { throw error; };
    }

    /** This tab may no longer write (another tab plays: tabs.js); load() makes it a writer again. */
    stopWriting() {
        this._writable = false;
    }

    /** True while a stored record is left untouched (newer version, or no room to set it aside).
     *  @returns {boolean} */
    isHeld() {
        return this._held !== null;
    }
}
