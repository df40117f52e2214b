// @ts-check
// Amounts of money as they enter the page: ONE check for every one of them (the address's
// bets, bet and maxBet, a parent's configure and autoplay messages, game.setBet and
// game.autoplay, the autoplay panel's typed limits, a saved record's balance and costs), and
// the limits each may reach, in one place. docs/page-contract.md "Amounts" describes both.
//
//   import { amount, limitsOf, MAX_BALANCE } from "./amounts.js";
//   const n = amount("2500", { key: "maxBet", max: MAX_BALANCE });   // 2500, or AmountError
//   const loss = amount("12,50", { key: "lossLimit", decimals: 2, number: false, max });  // 1250
//
// An amount is an exact integer of minor units, never past Number.MAX_SAFE_INTEGER (2^53 - 1)
// and never past its limit. Text is read as text: digit strings are judged on the string
// (its length, then BigInt) before it becomes a Number, so no amount is ever rounded first.
// The engine refuses the same values with the same codes (engine/launch.py check_amount).

import { AmountError } from "./errors.js";

/** The most a balance may hold, in minor units: engine/launch.py MAX_BALANCE (the engine's
 *  test tests/engine/test_amounts.py asserts they are equal). No balance can move past it. */
export const MAX_BALANCE = 1_000_000_000_000;
/** The most the stake limit (maxBet) and an autoplay limit may be. */
export const MAX_STAKE = MAX_BALANCE;
export const MAX_AUTOPLAY = MAX_BALANCE;
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const CANONICAL = /^(0|[1-9][0-9]*)$/; // ASCII digits only, "0" or no leading zero
const TYPED = /^([0-9]+)(?:[.,]([0-9]*))?$/; // what a player types: 12, 12.5, 12,50

/** The highest bet level `model` (its max_win, its paylines) can play: the largest multiple of
 *  the line count whose capped win (max_win x level) a balance can hold; as engine/launch.py
 *  max_level. Exact: worked in BigInt. */
/** @param {Pick<import("../../../types/game").Model, "paylines" | "max_win">} model @returns {number} */
export function maxLevel(model) {
    const lines = BigInt(model.paylines.length);
    return Number((BigInt(MAX_BALANCE) / (BigInt(model.max_win) * lines)) * lines);
}

/** Every limit, in minor units, under `model`: as engine/launch.py limits(model).
 *  @typedef {Readonly<{ balance: number, level: number, stake: number, autoplay: number }>} Limits */
/** @param {Pick<import("../../../types/game").Model, "paylines" | "max_win">} model @returns {Limits} */
export function limitsOf(model) {
    return Object.freeze({ balance: MAX_BALANCE, level: maxLevel(model), stake: MAX_STAKE, autoplay: MAX_AUTOPLAY });
}

/**
 * `value` as an exact integer of minor units from `min` to `max`, or AmountError naming why:
 *   amount.type       not an amount at all: a boolean, null, an object, a bigint; text where
 *                     `text` is false, a number where `number` is false
 *   amount.spelling   text not written as canonical digits ("0", or 0-9 without a leading
 *                     zero: no sign, point, exponent, space, hex, other digits)
 *   amount.notWhole   a number that is not a whole number (5.5, NaN, Infinity)
 *   amount.unsafe     past Number.MAX_SAFE_INTEGER: a JavaScript number cannot hold it exactly
 *   amount.aboveLimit above `max`
 *   amount.belowMin   below `min`
 * `decimals` (a number): the text is typed in the currency by a player ("12", "12.5", "12,50",
 * spaces around it, at most `decimals` digits after the point or comma) and turned into minor
 * units on the string; its code for a bad spelling is amount.spelling too.
 * @param {unknown} value
 * @param {AmountOptions} options
 * @returns {number}
 */
export function amount(value, { key = "amount", min = 1, max, text = true, number = true, decimals = null } = {}) {
    if (typeof max !== "number" || !(Number.isSafeInteger(max) && Number.isSafeInteger(min))) {
        throw new TypeError("amount(): give safe integer limits");
    }
    const given = value;
    let n;
    if (typeof value === "string") {
        if (!text) throw new AmountError("not an amount: text where a number of minor units is required",
            { code: "amount.type", key, value: given });
        let digits = value;
        if (decimals !== null) {
            const m = TYPED.exec(value.trim());
            if (!m || (m[2] ?? "").length > decimals) {
                throw new AmountError(`not an amount written as digits with at most ${decimals} after the point`,
                    { code: "amount.spelling", key, value: given });
            }
            digits = (m[1] + (m[2] ?? "").padEnd(decimals, "0")).replace(/^0+(?=[0-9])/, "");
        }
        if (!CANONICAL.test(digits)) {
            throw new AmountError("an amount is written in the digits 0 to 9 alone (no sign, point, exponent, space or leading zero)",
                { code: "amount.spelling", key, value: given });
        }
        if (digits.length > 16 || BigInt(digits) > SAFE) {
            throw new AmountError(`more than ${Number.MAX_SAFE_INTEGER}, which the game cannot hold exactly`,
                { code: "amount.unsafe", key, value: given, params: { max: Number.MAX_SAFE_INTEGER } });
        }
        n = Number(digits); // exact: a canonical digit string at most MAX_SAFE_INTEGER
    } else if (typeof value === "number") {
        if (!number) throw new AmountError("not an amount: a number where text is required", { code: "amount.type", key, value: given });
        if (!Number.isInteger(value)) throw new AmountError("not a whole number of minor units",
            { code: "amount.notWhole", key, value: given });
        if (!Number.isSafeInteger(value)) {
            throw new AmountError(`more than ${Number.MAX_SAFE_INTEGER}, which the game cannot hold exactly`,
                { code: "amount.unsafe", key, value: given, params: { max: Number.MAX_SAFE_INTEGER } });
        }
        n = value === 0 ? 0 : value; // -0 is 0
    } else {
        throw new AmountError("not an amount (a whole number of minor units)", { code: "amount.type", key, value: given });
    }
    if (n > max) throw new AmountError(`above ${max}, the most it may be`,
        { code: "amount.aboveLimit", key, value: given, params: { limit: max } });
    if (n < min) throw new AmountError(`below ${min}, the least it may be`,
        { code: "amount.belowMin", key, value: given, params: { min } });
    return n;
}

/** What amount() is told: the field's name, the limits, which kinds of value it takes.
 *  @typedef {{ key?: string, min?: number, max?: number, text?: boolean, number?: boolean, decimals?: number | null }} AmountOptions
 *  (`max` is required: amount() throws a TypeError without safe integer limits) */

/** Null when `value` is an amount under `opts` (as amount() takes them), else its AmountError.
 *  @param {unknown} value @param {AmountOptions} opts @returns {AmountError | null} */
export function whyNot(value, opts) {
    try {
        amount(value, opts);
        return null;
    } catch (err) {
        if (err instanceof AmountError) return err;
        throw err;
    }
}
