// The languages shipped: the one list (i18n.js, launch.js, info.js and the tests read it).
//
//   import { LANGUAGES, FALLBACK } from "./languages.js";
//   LANGUAGES.de // {dir: "ltr", locale: "de-DE"}
//
// Adding a language: its tables (static/i18n/CODE.js with every key of en.js, CODE-social.js,
// and the PAR page's par/CODE.js and par/CODE-social.js) and one line here; the tests find it
// here (tests/languages.py reads this file) and fail on a table missing or left over.
// `locale` formats the amounts and figures of a page in that language (Intl).

export const LANGUAGES = Object.freeze({
    en: Object.freeze({ dir: "ltr", locale: "en-IE" }),
    de: Object.freeze({ dir: "ltr", locale: "de-DE" }),
    ar: Object.freeze({ dir: "rtl", locale: "ar-AE" }),
});

/** The language shown for a code not shipped (its table is also every other's fallback). */
export const FALLBACK = "en";
