// @ts-check
// Autoplay: plays ordinary rounds one after another until a stop condition holds.
//
//   import { Autoplay, checkOptions } from "./autoplayrules.js";
//   const run = new Autoplay(checkOptions(opts), { playOne, canPlay, saved });
//   run.on("progressed", ({ left, played }) => ...);
//   const { played, reason } = await run.start();   // run.stop("stopped" | "hidden") at any time
//
// Pure logic: no DOM, and no sums of money of its own. `playOne()` plays ONE ordinary round
// through the game's own controller (debit, save, reveal, credit, history) and resolves with
// its round dict once the round has been credited; it rejects if the round could not be
// played. `canPlay()` is the saved game's answer for the next ordinary round (SavedGame.canPlay),
// and `saved` the ledger whose totals over the rounds since start() give the limits.
//
// When each check happens (docs/controls.md "When each check happens" says the same):
//   before each round, in this order
//     1. a stop asked for (player input, stopAutoplay(), hidden tab) -> that reason
//     2. `rounds` rounds played                                      -> "rounds"
//     3. canPlay(): the balance cannot cover the next bet            -> "balance"
//   during a round: nothing. A round once started always plays to its end (its money moves
//     there); a stop asked for meanwhile takes effect when it has ended.
//   after each round (once credited), in this order; the first that holds ends autoplay
//     1. a stop asked for during the round                           -> "stopped" / "hidden"
//     2. stopOnFeature and the round won free spins (round.special)  -> "feature"
//     3. singleWinAtLeast and round.total_win >= singleWinAtLeast     -> "singleWin"
//     4. -net >= lossLimit (net: won - staked since start)          -> "lossLimit"
//     5. winLimit and net >= winLimit                                -> "winLimit"
//   and then the "before" checks of the next round (so "rounds" after the last round).
//   playOne() rejecting ends autoplay at once                        -> "error"
// The rounds counted are the saved game's from start() on. `played` counts rounds that ended.

import { AmountError, AutoplayOptionError, describeValue } from "../core/errors.js";
import { MAX_AUTOPLAY, amount as checked } from "../core/amounts.js";
import { Emitter } from "../core/emitter.js";

/** @typedef {import("../../../types/game").RoundRecord} RoundRecord */

/**
 * The options of one run, as checkOptions returns them (amounts in minor units).
 * @typedef {object} AutoplayOptions
 * @property {number} rounds  one of ROUND_CHOICES (Infinity: until stopped)
 * @property {boolean} stopOnFeature
 * @property {number | null} singleWinAtLeast  null: off
 * @property {number} lossLimit
 * @property {number | null} winLimit  null: off
 */
/** Why a run ended (REASONS).
 *  @typedef {"rounds" | "feature" | "singleWin" | "lossLimit" | "winLimit" | "balance" | "stopped" | "hidden" | "error"} Reason */
/**
 * What a run plays through (the game's controller and saved game; the tests' fakes).
 * @typedef {object} AutoplayEnv
 * @property {() => Promise<Pick<RoundRecord, "special" | "total_win">>} playOne  one ordinary round, resolved once credited
 * @property {() => { readonly ok: boolean, readonly why?: string }} canPlay  the next round's answer (SavedGame.canPlay):
 *     `why` "balance" when the balance cannot pay for it
 * @property {{ readonly roundsPlayed: number, totals(from: number): { readonly net: number } }} saved  the ledger
 */
/** What start() resolves: the rounds ended, why it stopped, and for "error" the failure's message.
 *  @typedef {{ played: number, reason: Reason, error?: string | null }} AutoplayResult */
/** A run's events: "progressed" as each round starts and ends.
 *  @typedef {{ progressed: { left: number, played: number } }} AutoplayEvents */

/** @type {readonly number[]} */
export const ROUND_CHOICES = [10, 25, 50, 100, 250, Infinity];
/** The options of a run, the one list: checkOptions, window.game.autoplay, the parent's
 *  `autoplay` message (app.js picks these fields of it) and autoplayStart read it. */
export const OPTIONS = Object.freeze(["rounds", "stopOnFeature", "singleWinAtLeast", "lossLimit", "winLimit"]);
/** @type {readonly Reason[]} */
export const REASONS = ["rounds", "feature", "singleWin", "lossLimit", "winLimit", "balance", "stopped", "hidden", "error"];
export const MAX_AMOUNT = MAX_AUTOPLAY; // amounts.js: the balance ceiling; no balance can move further

/** An amount option: null when absent (undefined or null: off), else a number of minor units
 *  from 1 to MAX_AMOUNT (amounts.js amount(): text, booleans and inexact numbers refused),
 *  or AutoplayOptionError with the amount's code.
 *  @param {unknown} value  @param {string} name  @param {{ required?: boolean }} [options]  @returns {number | null} */
function amount(value, name, { required = false } = {}) {
    if (value === undefined || value === null) {
        if (required) {
            throw new AutoplayOptionError(
                `a loss limit is required: set lossLimit to the most the balance may fall (in minor units, more than 0)`);
        }
        return null;
    }
    try {
        return checked(value, { key: name, text: false, max: MAX_AMOUNT });
    } catch (err) {
        if (!(err instanceof AmountError)) throw err;
        throw new AutoplayOptionError(err.message, { code: err.code, params: err.params, money: err.money, cause: err });
    }
}

/**
 * The options of one autoplay run, checked and normalised, or AutoplayOptionError:
 *   rounds            10, 25, 50, 100, 250, or Infinity / null / "until stopped" (no count)
 *   stopOnFeature     boolean (default false): stop when a round wins free spins
 *   singleWinAtLeast  minor units 1 to MAX_AMOUNT (a number), or null/undefined (off)
 *   lossLimit         minor units 1 to MAX_AMOUNT (a number), REQUIRED
 *   winLimit          minor units 1 to MAX_AMOUNT (a number), or null/undefined (off)
 * @param {unknown} opts  anything a caller gives (window.game.autoplay, a parent's message): checked here
 * @returns {AutoplayOptions}
 */
export function checkOptions(opts) {
    if (opts === null || typeof opts !== "object" || Array.isArray(opts)) {
        throw new AutoplayOptionError(`autoplay needs an options object {${OPTIONS.join(", ")}}`);
    }
    const given = /** @type {Readonly<Record<string, unknown>>} */ (opts); // (an object: each field is checked below)
    const unknown = Object.keys(given).filter((k) => !OPTIONS.includes(k));
    if (unknown.length) throw new AutoplayOptionError(`unknown autoplay option ${unknown.map((k) => JSON.stringify(k)).join(", ")}`);
    let rounds = given.rounds;
    // nothing is coerced (docs/page-contract.md): "10" is not 10; the panel converts its own form
    if (rounds === null || rounds === "until stopped") rounds = Infinity;
    if (!ROUND_CHOICES.includes(/** @type {number} */ (rounds))) { // (includes() takes any value: only a choice is found)
        throw new AutoplayOptionError(
            `rounds must be one of 10, 25, 50, 100, 250 or "until stopped" (got ${describeValue(given.rounds ?? null)})`);
    }
    const stopOnFeature = given.stopOnFeature ?? false;
    if (typeof stopOnFeature !== "boolean") throw new AutoplayOptionError("stopOnFeature must be true or false");
    return {
        rounds: /** @type {number} */ (rounds), // (one of ROUND_CHOICES)
        stopOnFeature,
        singleWinAtLeast: amount(given.singleWinAtLeast, "singleWinAtLeast"),
        lossLimit: /** @type {number} */ (amount(given.lossLimit, "lossLimit", { required: true })), // (required: never null)
        winLimit: amount(given.winLimit, "winLimit"),
    };
}

/** @extends {Emitter<AutoplayEvents>} */
export class Autoplay extends Emitter {
    /**
     * @param {AutoplayOptions} options  checked by checkOptions()
     * @param {AutoplayEnv} env      { playOne: () => Promise<round>, canPlay: () => {ok, why},
     *                            saved: {roundsPlayed, totals(from)} }
     * Emits "progress" {left, played} as each round starts and ends; `left` = rounds not yet
     * started (Infinity with no count), `played` = rounds ended.
     */
    constructor(options, env) {
        super();
        /** @type {AutoplayOptions} */
        this.options = options;
        /** @type {AutoplayEnv} */
        this.env = env;
        /** Rounds ended. @type {number} */
        this.played = 0;
        /** Rounds started. @type {number} */
        this.started = 0;
        /** @type {boolean} */
        this.running = false;
        /** The message of playOne()'s failure, once it failed. @type {string | null} */
        this.error = null;
        /** @type {Reason | null} */
        this._asked = null; // the reason of a stop asked for from outside
    }

    /** Rounds not yet started (Infinity with no count): the spin button and data-autoplay. */
    get left() {
        return this.options.rounds - this.started;
    }

    /** Ask autoplay to stop: before the next round, or after the one playing has ended.
     *  @param {string} [reason]  one of REASONS (any other: "stopped") */
    stop(reason = "stopped") {
        if (!REASONS.includes(/** @type {Reason} */ (reason))) reason = "stopped"; // (includes() takes any string)
        if (this._asked === null) this._asked = /** @type {Reason} */ (reason); // (one of REASONS now)
    }

    /** Runs until a stop condition holds; resolves {played, reason} (plus `error`, a message, for "error").
     *  @returns {Promise<AutoplayResult>} */
    async start() {
        if (this.running) throw new Error("this autoplay is already running");
        this.running = true;
        const { env, options: o } = this;
        const from = env.saved.roundsPlayed;
        /** @type {Reason | null} */
        let reason;
        try {
            for (;;) {
                reason = this._before();
                if (reason) break;
                this.started += 1;
                this.emit("progressed", { left: this.left, played: this.played });
                let round;
                try {
                    round = await env.playOne();
                } catch (err) {
                    this.error = String(/** @type {{ message?: unknown } | null | undefined} */ (err)?.message ?? err); // (anything thrown)
                    reason = "error";
                    break;
                }
                this.played += 1;
                this.emit("progressed", { left: this.left, played: this.played });
                reason = this._after(round, from, o);
                if (reason) break;
            }
        } finally {
            this.running = false;
        }
        /** @type {AutoplayResult} */
        const result = { played: this.played, reason: /** @type {Reason} */ (reason) }; // (the loop ends only with one)
        if (reason === "error") result.error = this.error;
        return result;
    }

    /** The reason to stop before the next round, or null. @returns {Reason | null} */
    _before() {
        if (this._asked) return this._asked;
        if (this.played >= this.options.rounds) return "rounds";
        if (this.env.canPlay().why === "balance") return "balance";
        return null;
    }

    /** The reason to stop after `round` ended, or null.
     *  @param {Pick<RoundRecord, "special" | "total_win">} round  @param {number} from  saved.roundsPlayed at start()
     *  @param {AutoplayOptions} o  @returns {Reason | null} */
    _after(round, from, o) {
        if (this._asked) return this._asked;
        const { net } = this.env.saved.totals(from);
        if (o.stopOnFeature && round.special !== null && round.special !== undefined) return "feature";
        if (o.singleWinAtLeast !== null && round.total_win >= o.singleWinAtLeast) return "singleWin";
        if (-net >= o.lossLimit) return "lossLimit";
        if (o.winLimit !== null && net >= o.winLimit) return "winLimit";
        return null;
    }
}
