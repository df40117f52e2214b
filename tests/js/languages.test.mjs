// The fallback chain of static/js/lang/languages.js languageOf (issue 35): a tag the game has not
// falls back by its primary subtag (es-MX -> es), then to English (null: the caller shows
// FALLBACK and warns). Expected values: the rules written out by hand ("pt" takes pt-BR,
// "zh" takes zh-Hans; Traditional Chinese is not given Simplified), and BCP 47's case rules (tags
// are case-insensitive; "_" is the POSIX spelling of "-").
import assert from "node:assert/strict";
import { test } from "node:test";

import { ALIASES, FALLBACK, LANGUAGES, languageOf } from "../../static/js/lang/languages.js";

test("every shipped code is its own language, in any case", () => {
    for (const code of Object.keys(LANGUAGES)) {
        assert.equal(languageOf(code), code);
        assert.equal(languageOf(code.toUpperCase()), code);
        assert.equal(languageOf(` ${code.toLowerCase()} `), code);
    }
});

test("a region or script the game has not falls back by the primary subtag", () => {
    assert.equal(languageOf("de-AT"), "de");
    assert.equal(languageOf("de_CH"), "de");
    assert.equal(languageOf("ar-EG"), "ar");
    assert.equal(languageOf("en-US"), "en");
    assert.equal(languageOf("en-Latn-GB-oxendict"), "en"); // four subtags dropped one by one
});

test("a language the game has not is null (English is shown, warned, by the caller)", () => {
    for (const tag of ["xx", "xx-DE", "", "   ", null, undefined, "-de", "deutsch", "e"]) {
        assert.equal(languageOf(tag), null, String(tag));
    }
    assert.equal(FALLBACK, "en");
    assert.ok(Object.hasOwn(LANGUAGES, FALLBACK));
});

test("Portuguese is Brazil's, for every Portuguese tag (the issue: pt takes pt-BR)", () => {
    for (const tag of ["pt", "PT", "pt-BR", "pt_br", "pt-PT", "pt-AO"]) assert.equal(languageOf(tag), "pt-BR", tag);
});

test("Chinese is Simplified Chinese for zh and the mainland's and Singapore's tags", () => {
    for (const tag of ["zh", "zh-CN", "zh-Hans", "zh-Hans-CN", "zh_SG", "ZH-HANS"]) assert.equal(languageOf(tag), "zh-Hans", tag);
});

test("Traditional Chinese is not given Simplified Chinese", () => {
    for (const tag of ["zh-Hant", "zh-TW", "zh-HK", "zh-MO", "zh-Hant-TW", "ZH_tw"]) assert.equal(languageOf(tag), null, tag);
});

test("every alias names a shipped language or null", () => {
    for (const [tag, code] of Object.entries(ALIASES)) {
        assert.equal(tag, tag.toLowerCase());
        assert.ok(code === null || Object.hasOwn(LANGUAGES, code), tag);
    }
});
