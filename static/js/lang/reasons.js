// @ts-check
// Why something was refused, in the player's language. A refusal (an EngineRefusal of the
// engine, a SettingsError of the launch settings, a CannotStart, a saved-game problem) carries
// its English `message` (for the console, the CLI and an embedding parent) and a stable `code`
// with the `params` its message interpolates; the page shows the tables' `why.<code>` filled
// with them, or, when the tables have no such key, the English message.
//
//   import { reasonOf } from "./reasons.js";
//   hud.showMessage(reasonOf(err, format));   // format: the page's money formatter, if any
//
// A param named in `money` is an amount in minor units (the engine decided it): written with
// `format` when there is one. A param that is itself a refusal (an object with a message) is
// worded the same way, so a launch refusal can carry the engine's.

import { has, t } from "./i18n.js";

/** A refusal as reasonOf reads it: any thrown value, at best one with these fields.
 *  @typedef {{ code?: unknown, message?: unknown, params?: Readonly<Record<string, unknown>>, money?: unknown }} Refusal */
/** The page's money formatter: minor units -> "€1.00". @typedef {(minor: number) => string} Format */

/**
 * A refusal's reason for the screen: `t("why." + code, params)` or its English message.
 * @param {unknown} err  a thrown value (its fields read as a Refusal's)
 * @param {Format | null} [format]
 * @returns {string}
 */
export function reasonOf(err, format = null) {
    const refusal = /** @type {Refusal | null | undefined} */ (err);
    const code = refusal?.code;
    if (typeof code !== "string" || !has(`why.${code}`)) return String(refusal?.message ?? err);
    const money = new Set(Array.isArray(refusal?.money) ? refusal.money : []);
    /** @type {Record<string, unknown>} */
    const vars = {};
    for (const [name, value] of Object.entries(refusal?.params ?? {})) vars[name] = shown(value, money.has(name), format);
    // a count stays a number: a text in plural forms (why.settings.duplicate_one/_other) takes its form
    if (typeof refusal?.params?.count === "number") vars.count = refusal.params.count;
    return t(`why.${code}`, vars);
}

/**
 * @param {unknown} value
 * @param {boolean} isMoney
 * @param {Format | null} format
 * @returns {string}
 */
function shown(value, isMoney, format) {
    if (Array.isArray(value)) return value.map((v) => shown(v, isMoney, format)).join(", ");
    if (value !== null && typeof value === "object" && "message" in value) return reasonOf(value, format);
    if (isMoney && format && typeof value === "number" && Number.isSafeInteger(value)) return format(value);
    return String(value);
}

/** What an embedding parent is told besides the English text: the code, when there is one.
 *  @type {(err: any) => { code?: string }} err: any thrown value */
export const codeOf = (err) => (typeof err?.code === "string" ? { code: err.code } : {});
