// static/js/lang/reasons.js: a refusal worded for the player from the tables' why.<code>, with the
// params named in `money` written by the page's formatter, a nested refusal worded the same
// way, and the English message when the tables have no such key (the module's header).
//
// Expected texts: the English table's entries (static/i18n/en.json, quoted next to each test)
// filled in by hand; amounts formatted as formatEuro writes them (en-IE euros, core/money.js).
import "./fetch-files.mjs"; // first: i18n.js fetches the tables (file: URLs here)
import { englishReady } from "../../static/js/lang/i18n.js";
import { GameError, SettingsError } from "../../static/js/core/errors.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { amount } from "../../static/js/core/amounts.js";
import { formatEuro } from "../../static/js/core/money.js";
import { codeOf, reasonOf } from "../../static/js/lang/reasons.js";

await englishReady; // the English table, fetched as i18n.js is imported (t() words with it)

const refusal = (fn) => {
    try {
        fn();
    } catch (err) {
        return err;
    }
    assert.fail("no refusal");
};

test("a coded refusal is worded by its why.<code> entry, money params formatted", () => {
    // amounts.js: aboveLimit's params {key, value, limit}, money ["limit", "min"]
    const err = refusal(() => amount(2000, { key: "maxBet", max: 1000 }));
    // en.js "why.amount.aboveLimit": "{key}={value}: above {limit}, the most it may be"
    assert.equal(reasonOf(err, formatEuro), "maxBet=2000: above €10.00, the most it may be");
    // with no formatter, the amount as its number of minor units
    assert.equal(reasonOf(err), "maxBet=2000: above 1000, the most it may be");
});

test("a param not named in `money` is never formatted", () => {
    // a SettingsError of its own (no money list); en.js "why.settings.aboveLimit":
    // "{key}={value}: a level is above the stake limit {limit}; nothing has been played"
    const err = new SettingsError("a level is above the stake limit 100",
        { code: "settings.aboveLimit", key: "bets", value: "50,200", params: { limit: 100 } });
    assert.equal(reasonOf(err, formatEuro), "bets=50,200: a level is above the stake limit 100; nothing has been played");
});

test("a refusal carried in a param is worded too", () => {
    const inner = new GameError("bets=0: below 1, the least it may be",
        { code: "amount.belowMin", params: { key: "bets", value: "0", min: 1 } });
    const outer = new SettingsError(inner.message, { code: "settings.engine", key: "bets", value: "0,10", params: { reason: inner } });
    // en.js "why.settings.engine": "{key}={value}: {reason}; nothing has been played", its reason
    // worded by "why.amount.belowMin": "{key}={value}: below {min}, the least it may be"
    assert.equal(reasonOf(outer), "bets=0,10: bets=0: below 1, the least it may be; nothing has been played");
});

test("a list param is written comma-separated", () => {
    const err = new GameError("m", { code: "settings.market", params: { key: "market", value: "xx", markets: ["default", "uk"] } });
    // en.js "why.settings.market": "{key}={value}: not a market this game knows ({markets}); nothing has been played"
    assert.equal(reasonOf(err), "market=xx: not a market this game knows (default, uk); nothing has been played");
});

test("with no entry for its code, or no code, the English message is shown", () => {
    assert.equal(reasonOf(new GameError("plain English", { code: "no.such.code" })), "plain English");
    assert.equal(reasonOf(new Error("no code at all")), "no code at all");
    assert.equal(reasonOf("a string thrown"), "a string thrown");
});

test("a coded GameError, and codeOf()", () => {
    const err = new GameError("its bet is not one of the game's bet levels", { code: "save.bet", params: { bet: 15 } });
    assert.ok(err instanceof Error);
    assert.deepEqual([err.code, err.message, err.params], ["save.bet", "its bet is not one of the game's bet levels", { bet: 15 }]);
    assert.deepEqual(codeOf(err), { code: "save.bet" });
    assert.deepEqual(codeOf(new Error("x")), {}); // an embedding parent gets no code
    assert.deepEqual(codeOf(null), {});
});
