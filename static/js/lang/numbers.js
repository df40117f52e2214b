// @ts-check
// Numbers as the page's language writes them: its decimal and group separators, its digits, where
// "%" stands (languages.js `locale`, through Intl). The game's amounts have their own formatter
// (core/money.js, the same locale); these are the other numbers: counts, multiples, odds.
//
//   import { grouped, fixed, decimal } from "../lang/numbers.js";
//   grouped(5000)      // "5,000" in English, "5.000" in German, "5 000" in French
//   fixed(0.9612, 2)   // "0.96" / "0,96"
//   decimal("82.27")   // the engine's exact decimal string in the page's style: "82,27" in German
//   listOf([2, 3, 4])  // "2, 3 and 4"; "2、3和4" in Chinese
//
// A formatter is made on first use per language and options (making one loads locale data).

import { lang } from "./i18n.js";
import { FALLBACK, LANGUAGES } from "./languages.js";

/** The locale of the page's language, as the game formats its amounts in it. */
export const locale = () => LANGUAGES[lang()]?.locale ?? LANGUAGES[FALLBACK].locale;

/** @type {Map<string, Intl.NumberFormat>} */
const formats = new Map();
/**
 * The Intl.NumberFormat of the page's language with `options`, made once.
 * @param {Intl.NumberFormatOptions} [options]
 * @returns {Intl.NumberFormat}
 */
export function numberFormat(options = {}) {
    const id = `${locale()} ${JSON.stringify(options)}`;
    let format = formats.get(id);
    if (format === undefined) formats.set(id, format = new Intl.NumberFormat(locale(), options));
    return format;
}
/** @param {number} digits */
const digitsOf = (digits) => ({ minimumFractionDigits: digits, maximumFractionDigits: digits });

/** `x` with exactly `digits` decimals. @type {(x: number | bigint, digits?: number) => string} */
export const fixed = (x, digits = 2) => numberFormat(digitsOf(digits)).format(x);
/** A whole number with the language's group separators. @type {(x: number | bigint) => string} */
export const grouped = (x) => fixed(x, 0);
/** A fraction as a percentage with `digits` decimals. @type {(fraction: number, digits?: number) => string} */
export const pct = (fraction, digits = 2) => numberFormat({ style: "percent", ...digitsOf(digits) }).format(fraction);

/** A decimal string ("82.27", "-3", the engine's exact text) in the page's style, digit for
 *  digit: its whole part grouped by Intl (as a BigInt, never rounded), then the language's
 *  decimal sign and the same decimals. Anything else is returned as it is. */
/**
 * @param {unknown} text
 * @returns {string}
 */
export function decimal(text) {
    const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(text));
    if (!m) return String(text);
    const parts = numberFormat({ maximumFractionDigits: 1 }).formatToParts(-1.5);
    const sign = m[1] ? parts.find((p) => p.type === "minusSign")?.value ?? "-" : "";
    const point = parts.find((p) => p.type === "decimal")?.value ?? ".";
    const whole = numberFormat().format(BigInt(m[2]));
    const decimals = (m[3] ?? "").replace(/\d/g, (d) => numberFormat().format(Number(d))); // the language's digits
    return m[3] === undefined ? `${sign}${whole}` : `${sign}${whole}${point}${decimals}`;
}

/** @type {Map<string, Intl.ListFormat>} */
const lists = new Map();
/**
 * `items` as the page's language lists them ("2, 3 and 4", "2、3和4", "2 و3 و4"): Intl.ListFormat
 * in the language's locale, with its own separators and conjunction.
 * @param {ReadonlyArray<unknown>} items
 * @returns {string}
 */
export function listOf(items) {
    const id = locale();
    let list = lists.get(id);
    if (list === undefined) lists.set(id, list = new Intl.ListFormat(id, { type: "conjunction" }));
    return list.format(items.map(String));
}
