// The language tables as files (static/i18n/*.json and par/par-*.json, i18next JSON v4, flat):
// no browser, so `make check` reads them in a second. What each check's expected value comes
// from: English's table is the source (every key, every placeholder); the plural categories a
// language needs are CLDR's, as Intl.PluralRules reports them for the locale the page uses
// (languages.js) — the same rules that choose the form on the page (i18n.js plural()); the words
// social play never shows are tests/betting-words.json's, as the browser tests use them.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

import { FALLBACK, LANGUAGES } from "../../static/js/lang/languages.js";

const I18N = new URL("../../static/i18n/", import.meta.url);
const SECTIONS = ["", "par"]; // the game's tables, and the PAR page's (par/par-NAME.json)
const CODES = Object.keys(LANGUAGES);
const TRANSLATED = CODES.filter((code) => code !== FALLBACK);
const PLURAL = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const WORDS = JSON.parse(readFileSync(new URL("../betting-words.json", import.meta.url), "utf8"));

const fileOf = (name, section) => (section ? `${section}/${section}-${name}.json` : `${name}.json`);
const read = (name, section) => JSON.parse(readFileSync(new URL(fileOf(name, section), I18N), "utf8"));
/** name -> section -> table, for every language's table and its social overlay. */
const TABLES = Object.fromEntries(CODES.flatMap((code) => [code, `${code}-social`]).map(
    (name) => [name, Object.fromEntries(SECTIONS.map((section) => [section, read(name, section)]))]));

const placeholders = (text) => new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]));
const same = (a, b) => a.size === b.size && [...a].every((x) => b.has(x));
const rulesOf = (code) => new Intl.PluralRules(LANGUAGES[code].locale);
const categoriesOf = (code) => rulesOf(code).resolvedOptions().pluralCategories;
/** The categories of `code` that choose one whole number alone (Arabic's zero, one and two;
 *  German's one): a form of those may say its number in words, without {{count}}. Russian's
 *  one is 1, 21, 31...: its form must show the number. */
function singleNumber(code) {
    const rules = rulesOf(code);
    const counts = new Map();
    for (let n = 0; n <= 1000; n++) counts.set(rules.select(n), (counts.get(rules.select(n)) ?? 0) + 1);
    return new Set([...counts].filter(([, n]) => n === 1).map(([c]) => c));
}
/** English's keys of a section: plain keys, and the keys asked in plural forms (KEY_one/_other). */
function englishKeys(section) {
    const keys = Object.keys(TABLES.en[section]);
    const plurals = new Set(keys.filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, "")));
    return { plain: keys.filter((k) => !PLURAL.test(k)), plurals };
}
/** The keys `code`'s table must have in `section`: English's plain keys, and each plural key
 *  in every category of the language. */
function wantedKeys(code, section) {
    const { plain, plurals } = englishKeys(section);
    return [...plain, ...[...plurals].flatMap((key) => categoriesOf(code).map((c) => `${key}_${c}`))].sort();
}

test("every table is a flat object of texts, and every language has its four files", () => {
    const files = new Set([...readdirSync(I18N), ...readdirSync(new URL("par/", I18N)).map((f) => `par/${f}`)]
        .filter((f) => f.endsWith(".json")));
    const expected = new Set(Object.keys(TABLES).flatMap((name) => SECTIONS.map((section) => fileOf(name, section))));
    assert.deepEqual([...files].sort(), [...expected].sort()); // none missing, none left over
    for (const [name, sections] of Object.entries(TABLES)) {
        for (const [section, table] of Object.entries(sections)) {
            const bad = Object.entries(table).filter(([, v]) => typeof v !== "string" || v.trim() === "");
            assert.deepEqual(bad, [], `${fileOf(name, section)}: not a text`);
        }
    }
    assert.ok(Object.keys(TABLES.en[""]).length > 400); // the premise: the real tables were read
});

test("every language has every key of English, its plural forms in each category it needs, and no other", () => {
    for (const code of CODES) {
        for (const section of SECTIONS) {
            const keys = Object.keys(TABLES[code][section]).sort();
            const wanted = wantedKeys(code, section);
            assert.deepEqual(wanted.filter((k) => !keys.includes(k)), [], `${fileOf(code, section)} lacks these`);
            assert.deepEqual(keys.filter((k) => !wanted.includes(k)), [], `${fileOf(code, section)}: keys English has not`);
        }
    }
    // the premise: the counts that need them have plural forms, and Russian needs four
    assert.ok(englishKeys("").plurals.has("hud.roundsLeft"));
    assert.deepEqual(categoriesOf("ru").toSorted(), ["few", "many", "one", "other"]);
});

/** Checks `text` (of `key`, a form of category `cat` or null) has English's placeholders. */
function placeholderFault(code, key, cat, text, english) {
    const want = placeholders(english);
    const have = placeholders(text);
    if (cat !== null && singleNumber(code).has(cat)) want.delete("count"), have.delete("count");
    return same(want, have) ? null : `${key}: {{${[...have].join("}} {{")}}} where English has {{${[...want].join("}} {{")}}}`;
}

test("every text has English's placeholders; a plural form leaves out {{count}} only where its category is one number", () => {
    for (const code of CODES) {
        for (const section of SECTIONS) {
            const table = TABLES[code][section];
            const english = TABLES.en[section];
            const faults = Object.entries(table).map(([key, text]) => {
                const cat = PLURAL.test(key) ? key.match(PLURAL)[1] : null;
                const source = cat === null ? english[key] : english[`${key.replace(PLURAL, "")}_other`];
                return source === undefined ? null : placeholderFault(code, key, cat, text, source);
            }).filter(Boolean);
            assert.deepEqual(faults, [], fileOf(code, section));
        }
    }
    // the premise: a Russian "one" (1, 21, 31...) is not one number; German's is
    assert.equal(singleNumber("ru").has("one"), false);
    assert.equal(singleNumber("de").has("one"), true);
});

test("a social overlay re-words only keys its language has, in every plural category, with the same placeholders", () => {
    for (const code of CODES) {
        for (const section of SECTIONS) {
            const overlay = TABLES[`${code}-social`][section];
            const base = TABLES[code][section];
            assert.deepEqual(Object.keys(overlay).filter((k) => !Object.hasOwn(base, k)), [], fileOf(`${code}-social`, section));
            const partial = Object.keys(overlay).filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, ""))
                .filter((key) => categoriesOf(code).some((c) => !Object.hasOwn(overlay, `${key}_${c}`)));
            assert.deepEqual(partial, [], `${fileOf(`${code}-social`, section)}: a plural re-worded in some forms only`);
            const faults = Object.entries(overlay).filter(([k, v]) => !same(placeholders(v), placeholders(base[k])));
            assert.deepEqual(faults, [], `${fileOf(`${code}-social`, section)}: placeholders differ from ${fileOf(code, section)}`);
        }
    }
});

/** The texts the social wording shows in `code`, as i18n.js lays the tables: English < English's
 *  social overlay < the language < its social overlay, each with its PAR page part. */
function socialTexts(code) {
    const layers = ["en", "en-social", ...(code === FALLBACK ? [] : [code]), `${code}-social`];
    return Object.assign({}, ...layers.flatMap((name) => SECTIONS.map((section) => TABLES[name][section])));
}

test("no text of the social wording holds a word of betting, in English or in its language", () => {
    assert.deepEqual(Object.keys(WORDS).sort(), [...CODES].sort()); // each language has its words
    for (const code of CODES) {
        const patterns = [...new Set([WORDS.en, WORDS[code]])].map((source) => new RegExp(source, "iu"));
        const found = Object.entries(socialTexts(code))
            .map(([key, text]) => [key, text.replace(PLACEHOLDER, "")]) // {{bet}} is a name, not a word shown
            .filter(([, text]) => patterns.some((p) => p.test(text)));
        assert.deepEqual(found, [], `the social wording in ${code}`);
    }
    // the premise: the patterns find the words of the standard wording (English's and German's)
    assert.match(TABLES.en[""]["hud.buy"], new RegExp(WORDS.en, "iu"));
    assert.match(TABLES.de[""]["hud.bet"], new RegExp(WORDS.de, "iu"));
});

// A text may be the same as English's only for a reason: the game's name, the cards' letters, an
// abbreviation the trade writes so everywhere, an address setting; or, in one language, a word
// that language writes as English does (German "Symbol", Italian "No", French "minute"), or a
// term its players read in English ("free spins" in Swedish and Dutch casinos). Texts of no word at all
// ("{{limit}}.") are not English.
const SAME_EVERYWHERE = {
    "page.title": "the game's name", "game.name": "the game's name",
    "sym.A": "a card's letter", "sym.K": "a card's letter", "sym.Q": "a card's letter", "sym.J": "a card's letter",
    "info.rtp": "RTP: the trade's abbreviation", "par.nav.rtp": "RTP: the trade's abbreviation",
    "canvas.wild": "WILD: the genre's word on the reels", "info.bookName": "Wild + Scatter: the genre's words",
    "why.start.scenarioRefused": "?scenario=: the address setting, then the reason",
    "hud.auto": "Auto: the button's word in most of the languages",
};
const SAME_IN = {
    de: { "jur.default": "Standard", "info.version": "Version", "par.col.symbol": "Symbol", "ap.title": "Autoplay",
        "jur.what.autoplay": "Autoplay", "par.start": "Start", "par.col.chance": "Chance", "history.feature": "Feature",
        "par.nav.specials": "Features" },
    fr: { "jur.default": "Standard", "info.version": "Version", "session.label": "Session", "session.net": "Net",
        "par.lab.freq": "exact", "par.nav.label": "Sections", "time.minute_one": "minute", "time.minute_other": "minutes" },
    it: { "jur.default": "Standard", "history.no": "No", "par.no": "no", "history.replay": "Replay", "replay.tag": "Replay" },
    es: { "history.no": "No", "par.no": "no" },
    pl: { "jur.default": "Standard", "par.col.symbol": "Symbol", "par.start": "Start", "par.stop": "Stop" },
    sv: { "jur.default": "Standard", "info.version": "Version", "par.col.symbol": "Symbol", "par.seed": "Seed",
        "session.label": "Session", "history.special": "Special", "fs.label": "Free spins", "canvas.freeSpins": "FREE SPINS",
        "panel.fsTitle": "FREE SPINS", "info.group.free": "Free spins", "info.fs": "Free spins", "par.free": "Free spins",
        "panel.fsCount_one": "free spin", "panel.fsCount_other": "free spins", "buy.spins_one": "free spin",
        "buy.spins_other": "free spins" },
    nl: { "par.seed": "Seed", "ap.title": "Autoplay", "jur.what.autoplay": "Autoplay", "par.lab.freq": "exact",
        "par.col.stops": "Stops", "par.col.stop": "Stop", "fs.label": "Free spins", "canvas.freeSpins": "FREE SPINS",
        "panel.fsTitle": "FREE SPINS", "info.group.free": "Free spins", "info.fs": "Free spins", "par.free": "Free spins",
        "panel.fsCount_one": "free spin", "panel.fsCount_other": "free spins", "buy.spins_one": "free spin",
        "buy.spins_other": "free spins" },
    ru: { "par.seed": "Seed: the RNG's term, as the lab's messages and its command (--seed) write it" },
    "pt-BR": { "par.col.chance": "Chance", "history.replay": "Replay", "replay.tag": "Replay" },
    tr: { "session.net": "Net" },
};

test("no language leaves a text as English's, but those of the short list, each with its reason", () => {
    const left = [];
    for (const code of TRANSLATED) {
        for (const name of [code, `${code}-social`]) {
            for (const section of SECTIONS) {
                const english = TABLES[name === code ? "en" : "en-social"][section];
                for (const [key, text] of Object.entries(TABLES[name][section])) {
                    if (english[key] !== text || !/\p{L}/u.test(text.replace(PLACEHOLDER, ""))) continue;
                    if (Object.hasOwn(SAME_EVERYWHERE, key) || Object.hasOwn(SAME_IN[code] ?? {}, key)) continue;
                    left.push(`${fileOf(name, section)} ${key}: ${JSON.stringify(text)}`);
                }
            }
        }
    }
    assert.deepEqual(left, []);
    // the list names only keys that are there (a stale entry would hide nothing, and is dropped)
    const stale = [...Object.keys(SAME_EVERYWHERE), ...Object.values(SAME_IN).flatMap(Object.keys)]
        .filter((key) => !SECTIONS.some((s) => Object.hasOwn(TABLES.en[s], key)));
    assert.deepEqual(stale, []);
});
