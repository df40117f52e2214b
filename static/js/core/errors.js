// @ts-check
// Every error class of the page, in one module that imports nothing: a module that throws or
// catches one imports it from here, and so pulls in nothing else (importing EngineRefusal from
// bridge.js started the engine's worker). Each is a GameError, which carries what
// engine/errors.py's EngineError carries: its English `message`, a stable `code` (null when it
// has none), the `params` its message names and `money` (the params that are amounts in minor
// units); the page shows the player the tables' why.<code> filled with `params`, or, without
// one, the English message (lang/reasons.js reasonOf). Every class is built the one way,
//
//   new Refused("a round is already playing", { code, params, money, cause })  // all optional
//
// and its `name` is its class's ("Refused: a round is already playing" in the console), as
// Python's type(exc).__name__. A class that names a setting or a file takes it in the same
// object and words its message around `why` (SettingsError, AmountError; download.js's
// DownloadFailed).

/** What an error carries besides its English message (engine/errors.py EngineError): `code`
 *  the stable code the tables word as why.<code> (null: none), `params` the values its message
 *  names, `money` the names of the params that are amounts in minor units (the page writes
 *  them with its currency formatter), `cause` the error it stands for (Error's own).
 *  @typedef {{ code?: string | null, params?: Readonly<Record<string, unknown>>, money?: ReadonlyArray<string>, cause?: unknown }}
 *  ErrorFields */

/** The base of every error of the page: GameError itself for a coded error of no class of its
 *  own; `err instanceof GameError` tells the page's refusals from a bug (a TypeError). */
export class GameError extends Error {
    /**
     * @param {string} message  in English: for the console, the CLI and an embedding parent
     * @param {ErrorFields} [fields]
     */
    constructor(message, { code = null, params = {}, money = [], cause } = {}) {
        super(message, cause === undefined ? undefined : { cause });
        // (set here, from the class that was constructed: every subclass is named without a line of its own)
        this.name = new.target.name;
        /** @type {string | null} */
        this.code = code;
        /** @type {Readonly<Record<string, unknown>>} */
        this.params = params;
        /** @type {ReadonlyArray<string>} */
        this.money = money;
    }
}

/** The engine said no (a bad bet, a round that does not verify, a refused generator state):
 *  its `message`, `code`, `params` and `money` are the engine's (bridge.js, from the answer's
 *  `{error, code, params, money}`). */
export class EngineRefusal extends GameError {}

/** A failure the loading screen already shows in its own words (main.py or watchdog.js); for a
 *  download that failed, with its `code` and `file` (startup.js reportDownloadFailure). */
export class StartupError extends GameError {
    /**
     * @param {string} message
     * @param {ErrorFields & { file?: string | null }} [fields]
     */
    constructor(message, { file = null, ...fields } = {}) {
        super(message, fields);
        this.file = file;
    }
}

/** The engine's worker is gone (it ended, failed, or answered nothing, a ping included, for
 *  the stall timeout: bridge.js): every call rejects with it, and the page shows its error
 *  screen with Retry (startup.js reportEngineLost). Code "engine.lost". */
export class EngineLost extends StartupError {
    /**
     * @param {string} message
     * @param {ErrorFields & { file?: string | null }} [fields]
     */
    constructor(message, fields = {}) {
        super(message, { code: "engine.lost", ...fields });
    }
}

/** The page was opened with a URL it refuses (an unknown ?scenario=, a bad ?replay= link):
 *  the page goes to `error` with the message on screen, having shown and played nothing.
 *  `code` and `params` word it in the player's language (reasons.js: the tables' why.CODE). */
export class CannotStart extends GameError {}

/** What a refusal of a setting or an amount names besides the GameError's fields: the setting
 *  or field (`key`) and the value as given; `code` is required.
 *  @typedef {ErrorFields & { code: string, key: string, value: unknown }} NamedFields */

/** A launch setting refused (launch.js, operator.js): its message is `key=value: why; nothing
 *  has been played`, the value clipped (clipped()); `params` hold key and value besides those
 *  given; `key`, `value` (as shown) and `why` (English) are kept as they are. */
export class SettingsError extends GameError {
    /** @type {string} (never null: each refusal of a setting or an amount has a code) */
    code;

    /**
     * @param {string} why  what is wrong with the value, in English
     * @param {NamedFields} fields
     */
    constructor(why, { key, value, code, params = {}, ...fields }) {
        const shown = clipped(value);
        super(`${key}=${shown}: ${why}; nothing has been played`, { ...fields, code, params: { key, value: shown, ...params } });
        this.code = code;
        this.key = key;
        this.value = shown;
        this.why = why;
    }
}

/** A value as a refusal shows it: at most 80 characters (a 200,000-character `bets` is not
 *  echoed on the loading screen in full), the rest said as "... (N characters)". */
/** @param {unknown} value @returns {string} */
export function clipped(value) {
    const s = String(value);
    return s.length <= 80 ? s : `${s.slice(0, 60)}... (${s.length} characters)`;
}

/** A demo (?demo=feature) under a profile that cannot run it: its message is already in the
 *  player's language (operator.js). */
export class ProfileError extends GameError {}

/** A refused amount (amounts.js): its message is `key=value: why`, the value written (text as
 *  it is, anything else as JSON) and clipped; `params` hold key and value besides those given;
 *  `money` is ["limit", "min"] (the params that are amounts, for the page's formatter) unless
 *  given; `key`, `value` (as shown) and `why` (English) are kept as they are. */
export class AmountError extends GameError {
    /** @type {string} (never null: each refusal of a setting or an amount has a code) */
    code;

    /**
     * @param {string} why  what is wrong with the amount, in English
     * @param {NamedFields} fields
     */
    constructor(why, { key, value, code, params = {}, ...fields }) {
        const shown = clipped(written(value));
        super(`${key}=${shown}: ${why}`, { money: ["limit", "min"], ...fields, code, params: { key, value: shown, ...params } });
        this.code = code;
        this.key = key;
        this.value = shown;
        this.why = why;
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
    } catch { // JSON cannot write it (a cycle, a BigInt inside): String's words name it still
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
    } catch { // JSON cannot write it (a cycle, a BigInt inside): String's words name it still
        return clipped(String(value));
    }
}

/** A clear refusal of bad options: `game.autoplay()` rejects with it, the panel shows it. */
export class AutoplayOptionError extends GameError {}

/** A request the controller turned down (busy, not a bet level, balance too low). */
export class Refused extends GameError {}

/** The record was written by another tab since this one read it (store.save "conflict"). */
export class Conflict extends GameError {}

/** The player left the session at a reality check: nothing more is played (sessionclock.js). */
export class SessionEnded extends GameError {}

/** A fault of a saved record (store.js): `message` in English; `code`, `params` for the tables'
 *  why.CODE (reasons.js). */
export class BadSave extends GameError {}

/** A record of a later VERSION: never rewritten by this game. */
export class NewerSave extends BadSave {}
