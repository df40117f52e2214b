// Languages: every visible and spoken string comes from one table per language.
//
//   import { t, setLanguage, setWording, lang, dir, translate } from "./i18n.js";
//   await setLanguage("de");          // loads static/i18n/de.js ("de-AT" too; unknown: English, warned)
//   await setWording("social");       // the overlay static/i18n/de-social.js on top of it
//   t("hud.balance")                  // "Guthaben"
//   t("msg.win", { amount: "€1.00" }) // placeholders are {name}
//   translate(document)               // text and attributes marked data-i18n / data-i18n-ATTR
//
// A table is an ES module exporting a flat object of key -> string. A key missing from a table
// falls back to the social English overlay (when that wording is on), then to English; a key no
// table has is shown as itself, warned once. English is imported here, so t() answers before any
// other table has loaded. Adding a language: its tables, and a line in languages.js (the one list).
//
// A page may use sections of its own: a folder of tables beside the game's, one per table name
// (static/i18n/par/par-de.js, par/par-de-social.js, ...: the PAR page's texts, which the game page never
// downloads). useSections(["par"]) before setLanguage(); language.js reads them from
// <html data-i18n-sections="par">.

import en from "../../i18n/en.js";
import { importWithin } from "../core/download.js";
import { FALLBACK, LANGUAGES, languageOf } from "./languages.js";

export const WORDINGS = Object.freeze(["standard", "social"]);

// merged = en (with its sections) < en-social (social wording) < the language's table < its
// social overlay; each of them with the page's sections of it
const state = { code: "en", wording: "standard", sections: [], enSections: null, base: null, overlay: null, enOverlay: null };
let merged = en;
const warned = new Set();

// (a table that does not come, or stalls, rejects: the language stays English, language.js)
const importTable = async (path) => (await importWithin(new URL(`../../i18n/${path}.js`, import.meta.url).href)).default;
/** The table `name` ("de", "de-social", ...) with its part in each of `sections`, as one object. */
const load = async (name, sections = state.sections) => Object.assign({},
    ...(await Promise.all([name, ...sections.map((section) => `${section}/${section}-${name}`)].map(importTable))));

/** The page's sections of the tables (e.g. ["par"]), loaded with every table from now on. */
export async function useSections(sections) {
    state.sections = [...sections];
    state.enSections = state.sections.length ? await Promise.all(state.sections.map((s) => importTable(`${s}/${s}-en`))) : null;
    await setLanguage(state.code);
}

function rebuild() {
    merged = Object.assign({}, en, ...(state.enSections ?? []), state.enOverlay, state.base, state.overlay);
    const root = document.documentElement;
    root.lang = state.code;
    root.dir = LANGUAGES[state.code].dir;
}

/** Loads the table of `code`'s language (languages.js languageOf: es-MX is es, pt is pt-BR); a
 *  language not shipped gives English, with a warning. */
export async function setLanguage(code) {
    let wanted = languageOf(code ?? FALLBACK);
    if (wanted === null) {
        console.warn(`the language ${JSON.stringify(code)} is not shipped (${Object.keys(LANGUAGES).join(", ")}): English is shown`);
        wanted = FALLBACK;
    }
    state.base = wanted === FALLBACK ? null : await load(wanted); // English is underneath already
    state.code = wanted;
    await setWording(state.wording);
}

/** "standard", or "social" (sweepstakes play: no betting words); an unknown one is refused. */
export async function setWording(wording) {
    if (!WORDINGS.includes(wording)) throw new Error(`the wording ${JSON.stringify(wording)} is not one of ${WORDINGS.join(", ")}`);
    state.wording = wording;
    const social = wording === "social";
    state.enOverlay = social ? await load("en-social") : null;
    state.overlay = social && state.code !== "en" ? await load(`${state.code}-social`) : null;
    rebuild();
}

export const lang = () => state.code;
export const dir = () => LANGUAGES[state.code].dir;
export const wording = () => state.wording;

/** Whether the tables have a text for `key` (a model's tier name without one is shown as it is). */
export const has = (key) => Object.hasOwn(merged, key);

// A touch screen (a coarse pointer: a finger) has no click and often no key: where a table has a
// KEY.touch text ("Tap to continue"), t(KEY) gives it on such a screen.
const touch = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;

/** The string of `key` with its {placeholders} filled from `vars` (its KEY.touch form on a
 *  touch screen, where the tables have one). */
export function t(key, vars = {}) {
    const text = (touch && merged[`${key}.touch`]) || merged[key];
    if (text === undefined) {
        if (!warned.has(key)) { warned.add(key); console.warn(`no text for the key ${JSON.stringify(key)}`); }
        return key;
    }
    return text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole));
}

/** The plural form of `key` for the count `n`: KEY.one or KEY.other (a language needing more
 *  forms words its "other" form so it reads for every count), with {n} and `vars` filled. */
export function plural(key, n, vars = {}) {
    return t(`${key}.${n === 1 ? "one" : "other"}`, { n, ...vars });
}

const ATTRIBUTES = ["aria-label", "alt", "placeholder", "title", "content"];

/** The text of `key` into `node`, keeping its marked children: `{name}` in the text stands for
 *  the child with data-i18n-slot="name" (a number the page fills in later, an <em>). */
function fill(node, key) {
    const slots = new Map([...node.querySelectorAll("[data-i18n-slot]")].map((s) => [s.dataset.i18nSlot, s]));
    if (slots.size === 0) { node.textContent = t(key); return; }
    const parts = merged[key]?.split(/\{(\w+)\}/) ?? [key];
    node.replaceChildren(...parts.map((part, i) => (i % 2 ? slots.get(part) ?? `{${part}}` : part)));
}

/** Applies the tables to the marked elements under `root`: data-i18n (text) and
 *  data-i18n-aria-label, -alt, -placeholder, -title, -content (attributes). */
export function translate(root = document) {
    for (const node of root.querySelectorAll("[data-i18n]")) fill(node, node.dataset.i18n);
    for (const name of ATTRIBUTES) {
        for (const node of root.querySelectorAll(`[data-i18n-${name}]`)) node.setAttribute(name, t(node.getAttribute(`data-i18n-${name}`)));
    }
}
