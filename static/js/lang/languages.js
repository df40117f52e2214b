// @ts-check
// The languages shipped: the one list (i18n.js, launch.js, info.js and the tests read it).
//
//   import { LANGUAGES, FALLBACK, languageOf } from "./languages.js";
//   LANGUAGES.de            // {dir: "ltr", locale: "de-DE"}
//   languageOf("es-MX")     // "es" (the primary subtag); languageOf("pt") "pt-BR"; languageOf("xx") null
//
// Adding a language: its tables (static/i18n/CODE.js with every key of en.js, CODE-social.js with
// its BETTING_WORDS, and the PAR page's par/par-CODE.js and par/par-CODE-social.js) and one line
// here; the tests find it here (tests/languages.py reads this file) and fail on a table missing or
// left over. `locale` formats the amounts and figures of a page in that language (Intl): its
// separators, where the currency sign stands, its digits.

/** @typedef {{ readonly dir: "ltr" | "rtl", readonly locale: string }} Language */

/** @type {Readonly<Record<string, Language>>} */
export const LANGUAGES = Object.freeze({
    en: Object.freeze({ dir: "ltr", locale: "en-IE" }),
    de: Object.freeze({ dir: "ltr", locale: "de-DE" }),
    ar: Object.freeze({ dir: "rtl", locale: "ar-AE" }),
    es: Object.freeze({ dir: "ltr", locale: "es-ES" }),
    fr: Object.freeze({ dir: "ltr", locale: "fr-FR" }),
    it: Object.freeze({ dir: "ltr", locale: "it-IT" }),
    nl: Object.freeze({ dir: "ltr", locale: "nl-NL" }),
    sv: Object.freeze({ dir: "ltr", locale: "sv-SE" }),
    fi: Object.freeze({ dir: "ltr", locale: "fi-FI" }),
    pl: Object.freeze({ dir: "ltr", locale: "pl-PL" }),
    "pt-BR": Object.freeze({ dir: "ltr", locale: "pt-BR" }),
    tr: Object.freeze({ dir: "ltr", locale: "tr-TR" }),
    ru: Object.freeze({ dir: "ltr", locale: "ru-RU" }),
    ja: Object.freeze({ dir: "ltr", locale: "ja-JP" }),
    ko: Object.freeze({ dir: "ltr", locale: "ko-KR" }),
    "zh-Hans": Object.freeze({ dir: "ltr", locale: "zh-CN" }),
});

/** The language shown for a code not shipped (its table is also every other's fallback). */
export const FALLBACK = "en";

// Tags that name a shipped language by another name (lower case). null: a tag that must not fall
// back by its primary subtag (Traditional Chinese is not given Simplified: it gets English).
/** @type {Readonly<Record<string, string | null>>} */
export const ALIASES = Object.freeze({
    pt: "pt-BR", // Portugal's players too: the one Portuguese shipped
    zh: "zh-Hans", // zh-CN, zh-SG by their primary subtag
    "zh-hant": null, "zh-tw": null, "zh-hk": null, "zh-mo": null,
});

/**
 * The shipped language of a BCP 47 tag: the tag itself (in any case, `_` or `-`), an alias, or
 * the tag with its last subtags dropped (es-MX -> es, zh-Hans-CN -> zh-Hans, pt-PT -> pt ->
 * pt-BR); null when none is shipped (the caller shows FALLBACK and says so).
 */
/**
 * @param {unknown} tag
 * @returns {string | null}
 */
export function languageOf(tag) {
    const codes = new Map(Object.keys(LANGUAGES).map((code) => [code.toLowerCase(), code]));
    const parts = String(tag ?? "").trim().replaceAll("_", "-").toLowerCase().split("-");
    for (let n = parts.length; n > 0 && parts[0]; n -= 1) {
        const name = parts.slice(0, n).join("-");
        const code = codes.get(name);
        if (code !== undefined) return code;
        if (Object.hasOwn(ALIASES, name)) return ALIASES[name];
    }
    return null;
}
