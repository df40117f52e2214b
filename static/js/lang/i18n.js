// @ts-check
// Languages: every visible and spoken string comes from one table per language.
//
//   import { t, plural, setLanguage, setWording, lang, dir, translate } from "./i18n.js";
//   await setLanguage("de");          // loads static/i18n/de.json ("de-AT" too; unknown: English, warned)
//   await setWording("social");       // the overlay static/i18n/de-social.json on top of it
//   t("hud.balance")                  // "Guthaben"
//   t("msg.win", { amount: "€1.00" }) // placeholders are {{name}}
//   plural("hud.roundsLeft", 3)       // "Осталось 3 раунда" in Russian: hud.roundsLeft_few
//   translate(document)               // text and attributes marked data-i18n / data-i18n-ATTR
//
// A table is a JSON file in i18next's JSON v4 format, flat (its keys hold dots: keySeparator
// false): key -> text, {{name}} a placeholder, KEY_zero/_one/_two/_few/_many/_other the plural
// forms of KEY (the CLDR categories of the language, chosen by Intl.PluralRules) and KEY_touch the
// form for a touch screen (i18next's context). docs/frontend.md "Languages" says why this format.
// A key missing from a table falls back to the social English overlay (when that wording is on),
// then to English; a key no table has is shown as itself, warned once. English is fetched when
// this module is first imported (englishReady); setLanguage() waits for it. Adding a
// language: its tables, and a line in languages.js (the one list).
//
// A page may use sections of its own: a folder of tables beside the game's, one per table name
// (static/i18n/par/par-de.json, par/par-de-social.json, ...: the PAR page's texts, which the game
// page never downloads). useSections(["par"]) before setLanguage(); language.js reads them from
// <html data-i18n-sections="par">.

import { download } from "../core/download.js";
import { FALLBACK, LANGUAGES, languageOf } from "./languages.js";

/** A table: key -> text (static/i18n/*.json). @typedef {Readonly<Record<string, string>>} Table */
/** @typedef {"standard" | "social"} Wording */
/** The values of a text's {{placeholders}}. @typedef {Readonly<Record<string, unknown>>} Vars */

// (a table that does not come, or stalls, rejects: the language stays English, language.js)
/** @type {(path: string) => Promise<Table>} */
const fetchTable = (path) => download(new URL(`../../i18n/${path}.json`, import.meta.url).href, { read: (r) => r.json() });

/** @type {ReadonlyArray<Wording>} */
export const WORDINGS = Object.freeze(["standard", "social"]);

// merged = en (with its sections) < en-social (social wording) < the language's table < its
// social overlay; each of them with the page's sections of it
/**
 * @type {{ code: string, wording: Wording, sections: string[], enSections: Table[] | null,
 *          base: Table | null, overlay: Table | null, enOverlay: Table | null }}
 */
const state = { code: "en", wording: "standard", sections: [], enSections: null, base: null, overlay: null, enOverlay: null };
/** @type {Table} English, once fetched (englishReady) */
let en = {};
/** @type {Table} */
let merged = en;
/** @type {Set<string>} */
const warned = new Set();

/** English, fetched as this module is first imported (index.html preloads it), every table's
 *  fallback: setLanguage() waits for it, so the page's texts are written once it is there
 *  (language.js languageReady). Not a top-level await: WebKit evaluated a module that imports
 *  this one before it was ready ("Cannot access uninitialized variable") when it was. Rejects
 *  when English could not be fetched (language.js then reports the failed download). */
export const englishReady = fetchTable(FALLBACK).then((table) => {
    en = table;
    merge();
});
englishReady.catch(() => {}); // (reported by whoever waits for it: setLanguage's caller)

/** The table `name` ("de", "de-social", ...) with its part in each of `sections`, as one object.
 *  @type {(name: string, sections?: ReadonlyArray<string>) => Promise<Table>} */
const load = async (name, sections = state.sections) => Object.assign({},
    ...(await Promise.all([name, ...sections.map((section) => `${section}/${section}-${name}`)].map(fetchTable))));

/** The page's sections of the tables (e.g. ["par"]), loaded with every table from now on.
 *  @param {ReadonlyArray<string>} sections */
export async function useSections(sections) {
    state.sections = [...sections];
    state.enSections = state.sections.length ? await Promise.all(state.sections.map((s) => fetchTable(`${s}/${s}-en`))) : null;
    await setLanguage(state.code);
}

function merge() {
    merged = Object.assign({}, en, ...(state.enSections ?? []), state.enOverlay, state.base, state.overlay);
}

function rebuild() {
    merge();
    const root = document.documentElement;
    root.lang = state.code;
    root.dir = LANGUAGES[state.code].dir;
}

/** Loads the table of `code`'s language (languages.js languageOf: es-MX is es, pt is pt-BR); a
 *  language not shipped gives English, with a warning.
 *  @param {string | null | undefined} code */
export async function setLanguage(code) {
    await englishReady;
    let wanted = languageOf(code ?? FALLBACK);
    if (wanted === null) {
        console.warn(`the language ${JSON.stringify(code)} is not shipped (${Object.keys(LANGUAGES).join(", ")}): English is shown`);
        wanted = FALLBACK;
    }
    state.base = wanted === FALLBACK ? null : await load(wanted); // English is underneath already
    state.code = wanted;
    await setWording(state.wording);
}

/** "standard", or "social" (sweepstakes play: no betting words); an unknown one is refused.
 *  @param {string} wording */
export async function setWording(wording) {
    if (!isWording(wording)) throw new Error(`the wording ${JSON.stringify(wording)} is not one of ${WORDINGS.join(", ")}`);
    state.wording = wording;
    const social = wording === "social";
    state.enOverlay = social ? await load("en-social") : null;
    state.overlay = social && state.code !== "en" ? await load(`${state.code}-social`) : null;
    rebuild();
}

/** @type {(wording: string) => wording is Wording} */
const isWording = (wording) => WORDINGS.some((w) => w === wording);

export const lang = () => state.code;
/** English's text of `key` (in the page's sections too), whatever the page's language.
 *  @type {(key: string) => string | undefined} */
export const english = (key) => [en, ...(state.enSections ?? [])].find((table) => Object.hasOwn(table, key))?.[key];
export const dir = () => LANGUAGES[state.code].dir;
export const wording = () => state.wording;

/** Whether the tables have a text for `key`, or its plural forms (a model's tier name without
 *  one is shown as it is). @type {(key: string) => boolean} */
export const has = (key) => Object.hasOwn(merged, key) || Object.hasOwn(merged, `${key}_other`);

// A touch screen (a coarse pointer: a finger) has no click and often no key: where a table has a
// KEY_touch text ("Tap to continue"), t(KEY) gives it on such a screen.
const touch = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * The string of `key` with its {{placeholders}} filled from `vars` (its KEY_touch form on a
 * touch screen, where the tables have one). A key the tables have only in plural forms takes
 * the form of the number `vars.count`, as i18next's t() does: t("panel.fsCount", { count: 3 }).
 * @param {string} key
 * @param {Vars} [vars]
 * @returns {string}
 */
export function t(key, vars = {}) {
    const count = vars.count;
    const form = Object.hasOwn(merged, key) || typeof count !== "number" ? key : pluralKey(key, count);
    const text = (touch && merged[`${form}_touch`]) || merged[form];
    if (text === undefined) {
        if (!warned.has(key)) { warned.add(key); console.warn(`no text for the key ${JSON.stringify(key)}`); }
        return key;
    }
    return text.replace(PLACEHOLDER, (whole, /** @type {string} */ name) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole));
}

/** @type {Map<string, Intl.PluralRules>} */
const pluralRules = new Map();
/**
 * The CLDR plural category ("one", "few", "many", ...) of the count `n` in the page's language.
 * @param {number} n
 * @param {string} [code]
 * @returns {Intl.LDMLPluralRule}
 */
export function category(n, code = state.code) {
    let rules = pluralRules.get(code);
    if (rules === undefined) pluralRules.set(code, rules = new Intl.PluralRules(LANGUAGES[code]?.locale ?? code));
    return rules.select(n);
}

/** The key of the plural form of `key` for the count `n` (KEY_few in Russian for 3): the
 *  language's category, or KEY_other where a table lacks it.
 * @param {string} key
 * @param {number} n
 * @returns {string}
 */
export function pluralKey(key, n) {
    const form = `${key}_${category(n)}`;
    return Object.hasOwn(merged, form) ? form : `${key}_other`;
}

/**
 * The plural form of `key` for the count `n` with {{count}} and `vars` filled ({{count}} is `n`
 * unless `vars.count` gives it written out: number(n), in the page's digits).
 * @param {string} key
 * @param {number} n
 * @param {Vars} [vars]
 * @returns {string}
 */
export function plural(key, n, vars = {}) {
    return t(pluralKey(key, n), { count: n, ...vars });
}

const ATTRIBUTES = ["aria-label", "alt", "placeholder", "title", "content"];

/** The text of `key` into `node`, keeping its marked children: `{{name}}` in the text stands for
 *  the child with data-i18n-slot="name" (a number the page fills in later, an <em>). A key in
 *  plural forms takes the form of the node's data-i18n-count (fillPlural), else of the number
 *  its "count" slot shows. */
/**
 * @param {HTMLElement} node
 * @param {string} key
 */
function fill(node, key) {
    const slots = new Map([...node.querySelectorAll("[data-i18n-slot]")].map((s) => [/** @type {HTMLElement} */ (s).dataset.i18nSlot, s]));
    const count = node.dataset.i18nCount ?? slots.get("count")?.textContent;
    const chosen = Object.hasOwn(merged, key) || count === undefined ? key : pluralKey(key, Number(count));
    if (slots.size === 0) { node.textContent = t(chosen); return; }
    const parts = merged[chosen]?.split(PLACEHOLDER) ?? [chosen]; // (the names at odd places)
    node.replaceChildren(...parts.map((part, i) => (i % 2 ? slots.get(part) ?? `{{${part}}}` : part)));
}

/**
 * Puts the plural form of `node`'s data-i18n key for the count `n` into it, keeping its slots
 * (a slot named "count" shows the number; the caller writes it there).
 * @param {HTMLElement} node
 * @param {number} n
 */
export function fillPlural(node, n) {
    node.dataset.i18nCount = String(n);
    fill(node, node.dataset.i18n ?? "");
}

/**
 * Applies the tables to the marked elements under `root`: data-i18n (text) and
 * data-i18n-aria-label, -alt, -placeholder, -title, -content (attributes).
 * @param {ParentNode} [root]
 */
export function translate(root = document) {
    for (const node of root.querySelectorAll("[data-i18n]")) {
        const element = /** @type {HTMLElement} */ (node);
        fill(element, element.dataset.i18n ?? "");
    }
    for (const name of ATTRIBUTES) {
        for (const node of root.querySelectorAll(`[data-i18n-${name}]`)) {
            node.setAttribute(name, t(node.getAttribute(`data-i18n-${name}`) ?? ""));
        }
    }
}
