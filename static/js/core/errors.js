// @ts-check
// Every error class of the page, in one module that imports nothing: a module that throws or
// catches one imports it from here, and so pulls in nothing else (importing EngineRefusal from
// bridge.js started the engine's worker). Each carries its English `message`; those the player
// may see carry a stable `code` and its `params` too, which the tables' why.<code> word in the
// player's language (lang/reasons.js reasonOf).

/** The engine said no (a bad bet, a round that does not verify, a refused generator state):
 *  `message` in English, `code` (null when the engine gave none), `params`, `money` (the names
 *  of the params that are amounts in minor units). */
export class EngineRefusal extends Error {
    /**
     * @param {string} message
     * @param {{ code?: string | null, params?: Readonly<Record<string, unknown>>, money?: ReadonlyArray<string> }} [fields]
     */
    constructor(message, { code = null, params = {}, money = [] } = {}) {
        super(message);
        this.code = code;
        this.params = params;
        this.money = money;
    }
}

/** A failure the loading screen already shows in its own words (main.py or watchdog.js); for a
 *  download that failed, with its `code` and `file` (startup.js reportDownloadFailure). */
export class StartupError extends Error {
    /**
     * @param {string} message
     * @param {{ code?: string | null, file?: string | null }} [fields]
     */
    constructor(message, { code = null, file = null } = {}) {
        super(message);
        this.code = code;
        this.file = file;
    }
}

/** The engine's worker is gone (it ended, failed, or answered nothing, a ping included, for
 *  the stall timeout: bridge.js): every call rejects with it, and the page shows its error
 *  screen with Retry (startup.js reportEngineLost). Code "engine.lost". */
export class EngineLost extends StartupError {
    /** @param {string} message */
    constructor(message) {
        super(message, { code: "engine.lost" });
        this.name = "EngineLost";
    }
}

/** The page was opened with a URL it refuses (an unknown ?scenario=, a bad ?replay= link):
 *  the page goes to `error` with the message on screen, having shown and played nothing.
 *  `code` and `params` word it in the player's language (reasons.js: the tables' why.CODE). */
export class CannotStart extends Error {
    /**
     * @param {string} message
     * @param {string | null} [code]
     * @param {Readonly<Record<string, unknown>>} [params]
     */
    constructor(message, code = null, params = {}) {
        super(message);
        this.code = code;
        this.params = params;
    }
}

export class SettingsError extends Error {
    /** @param {string} key the setting  @param {unknown} value as given  @param {string} why
     *  (English)  @param {string} code the reason's stable code (the tables' why.CODE words it
     *  for the player, reasons.js)  @param {Readonly<Record<string, unknown>>} [params] what `why`
     *  names, besides key and value */
    constructor(key, value, why, code, params = {}) {
        const shown = clipped(value);
        super(`${key}=${shown}: ${why}; nothing has been played`);
        this.key = key;
        this.value = shown;
        this.why = why;
        this.code = code;
        this.params = { key, value: shown, ...params };
    }
}

/** A value as a refusal shows it: at most 80 characters (a 200,000-character `bets` is not
 *  echoed on the loading screen in full), the rest said as "... (N characters)". */
/** @param {unknown} value @returns {string} */
export function clipped(value) {
    const s = String(value);
    return s.length <= 80 ? s : `${s.slice(0, 60)}... (${s.length} characters)`;
}

export class ProfileError extends Error {}

/** A refused amount: `key` (the setting or field), `value` (as given, written), `why`
 *  (English), a stable `code` (the tables' why.CODE words it, reasons.js), `params`, and
 *  `money` (the params that are amounts, for the page's formatter). */
export class AmountError extends Error {
    /**
     * @param {string} key
     * @param {unknown} value
     * @param {string} why
     * @param {string} code
     * @param {Readonly<Record<string, unknown>>} [params]
     */
    constructor(key, value, why, code, params = {}) {
        const shown = clipped(written(value));
        super(`${key}=${shown}: ${why}`);
        this.key = key;
        this.value = shown;
        this.why = why;
        this.code = code;
        this.params = { key, value: shown, ...params };
        this.money = ["limit", "min"];
    }
}

/** @param {unknown} value @returns {string} */
function written(value) {
    if (typeof value === "string") return value;
    if (typeof value === "bigint") return `${value}n`;
    if (typeof value === "number" && !Number.isFinite(value)) return String(value); // NaN, not JSON's null
    if (value === undefined) return "nothing";
    try {
        return JSON.stringify(value) ?? String(value);
    } catch {
        return String(value);
    }
}

/** A value as a refusal names it: strings quoted, arrays and objects as JSON, numbers JSON
 *  cannot write (NaN, Infinity) as themselves, not as JSON's "null"; at most 80 characters. */
/** @param {unknown} value @returns {string} */
export function describeValue(value) {
    if (typeof value === "string") return clipped(JSON.stringify(value));
    if (value === undefined) return "nothing";
    if (typeof value === "number" || typeof value === "bigint") return written(value);
    try {
        return clipped(JSON.stringify(value) ?? String(value));
    } catch {
        return clipped(String(value));
    }
}

/** A clear refusal of bad options: `game.autoplay()` rejects with it, the panel shows it. */
export class AutoplayOptionError extends Error {}

/** A request the controller turned down (busy, not a bet level, balance too low). */
export class Refused extends Error {}

/** The record was written by another tab since this one read it (store.save "conflict"). */
export class Conflict extends Error {}

export class SessionEnded extends Error {}

/** A fault of a saved record: `message` in English; `code`, `params` for the tables' why.CODE (reasons.js). */
export class BadSave extends Error {
    /**
     * @param {string} code
     * @param {string} why
     * @param {Readonly<Record<string, unknown>>} [params]
     */
    constructor(code, why, params = {}) {
        super(why);
        this.code = code;
        this.params = params;
    }
}

/** A record of a later VERSION: never rewritten by this game. */
export class NewerSave extends BadSave {}
