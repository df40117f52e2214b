// @ts-check
// Money as the page writes it: an amount in minor units (cents) formatted in the launch's
// currency and locale. Every amount the page shows is formatted here and nowhere else.
//
//   import { makeFormat } from "../core/money.js";
//   const format = makeFormat("EUR", "en-IE"); format(123450) // "€1,234.50"

/**
 * Minor units (cents) as euros, written as en-IE writes them: "€1,234.50", "-€0.10". Worked out
 * from the integer itself, without an Intl formatter: making the first one loads the locale
 * data, 100-180 ms of one main-thread task on a phone-like CPU (4x slowed), the longest task of
 * the whole start once Python left the main thread. tests/e2e/test_game.py checks it equals
 * Intl's en-IE euro format for a range of amounts.
 * @param {number} minor
 * @returns {string}
 */
export function formatEuro(minor) {
    const m = Math.round(Number(minor));
    const abs = Math.abs(m);
    const euros = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return `${m < 0 ? "-" : ""}€${euros}.${String(abs % 100).padStart(2, "0")}`;
}

/** Minor units as an exact decimal string ("-12.345" for -12345 with 3 digits): Intl formats
 *  a string exactly, with no binary fraction in between.
 *  @param {number} minor @param {number} digits @returns {Intl.StringNumericLiteral} */
function decimal(minor, digits) {
    const m = Math.round(Number(minor));
    const abs = String(Math.abs(m)).padStart(digits + 1, "0");
    const sign = m < 0 ? "-" : "";
    return /** @type {Intl.StringNumericLiteral} digits with a sign and a point */ (
        digits ? `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}` : `${sign}${abs}`);
}

/** The suffix of each virtual coin (launch.js COINS): shown as coins, with no money symbol.
 *  @type {Readonly<Record<string, string>>} */
const COIN_SUFFIX = { XGC: "GC", XSC: "SC" };

/** A formatter of minor units: "€1.00"; `minorDigits` the currency's, `coins` for virtual coins.
 *  @typedef {((minor: number) => string) & { minorDigits: number, coins?: boolean }} Format */

/** Formats minor units of `currency` in `locale`: the game's euros in English by formatEuro;
 *  any other currency or locale with Intl.NumberFormat and the currency's own minor digits
 *  (JPY 0, BHD 3); virtual coins (XGC, XSC) as a number of coins with 2 digits and "GC"/"SC".
 *  The function's `minorDigits` is the currency's, for the typed amounts (amounts.js).
 *  @param {string} [currency] @param {string} [locale] @returns {Format} */
export function makeFormat(currency = "EUR", locale = "en-IE") {
    if (currency === "EUR" && locale === "en-IE") {
        return Object.assign((/** @type {number} */ minor) => formatEuro(minor), { minorDigits: 2 });
    }
    if (Object.hasOwn(COIN_SUFFIX, currency)) {
        const nf = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
        return Object.assign((/** @type {number} */ minor) => `${nf.format(decimal(minor, 2))} ${COIN_SUFFIX[currency]}`,
            { minorDigits: 2, coins: true });
    }
    const nf = new Intl.NumberFormat(locale, { style: "currency", currency });
    const minorDigits = nf.resolvedOptions().maximumFractionDigits ?? 2;
    return Object.assign((/** @type {number} */ minor) => nf.format(decimal(minor, minorDigits)), { minorDigits });
}
