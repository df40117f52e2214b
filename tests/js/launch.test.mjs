// static/js/operator/launch.js: the launch settings read from the address or a configure message.
//
// Expected values: docs/page-contract.md "Launch settings" (the table of settings and the
// table of market presets) and "Amounts" (the highest level 49,583,490 of the shipped model),
// with the shipped model's levels and default bet (engine/data/model.json: 10 to 10000, 100).
// Minor digits: ISO 4217's (EUR 2, JPY 0, BHD 3).
import { SettingsError } from "../../static/js/core/errors.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { minorDigitsOf, readSettings } from "../../static/js/operator/launch.js";
import { MODEL } from "./support.mjs";

const read = (query, opts = {}) => readSettings(new URLSearchParams(query), { model: MODEL, warn: () => {}, ...opts });
const refusal = (query) => {
    try {
        read(query);
    } catch (err) {
        assert.ok(err instanceof SettingsError, String(err));
        return { key: err.key, code: err.code };
    }
    assert.fail(`${query} was taken`);
};

test("no settings: English, euros, the model's levels and default bet, every switch of the default preset", () => {
    const s = read("");
    assert.deepEqual([s.lang, s.dir, s.locale, s.currency, s.minorDigits, s.coins], ["en", "ltr", "en-IE", "EUR", 2, false]);
    assert.deepEqual(s.bets, MODEL.bets);
    assert.equal(s.bet, 100); // model.json default_bet
    assert.equal(s.market, "default");
    // docs: default preset autoplay turbo slamstop buy 1, net clock 0; spacebar and rtp on in every preset
    assert.deepEqual({ ...s.switches }, { autoplay: 1, turbo: 1, slamstop: 1, spacebar: 1, buy: 1, net: 0, clock: 0, rtp: 1 });
    assert.deepEqual([s.minRound, s.maxBet, s.reality, s.lobby, s.demo, s.debug, s.poster, s.ageGate],
        [0, null, null, null, "", false, false, false]);
    assert.ok(Object.isFrozen(s) && Object.isFrozen(s.bets) && Object.isFrozen(s.switches));
});

test("the uk preset (docs table): no autoplay, turbo, slam stop or buy; net and clock; 2500 ms; a check each 60 minutes", () => {
    const s = read("market=uk");
    assert.deepEqual({ ...s.switches }, { autoplay: 0, turbo: 0, slamstop: 0, spacebar: 1, buy: 0, net: 1, clock: 1, rtp: 1 });
    assert.deepEqual([s.minRound, s.maxBet, s.reality, s.quietSmallWins], [2500, null, 60, true]);
});

test("the de preset: 5000 ms, a stake limit of 1 EUR, so the levels up to 100", () => {
    const s = read("market=de");
    assert.deepEqual([s.switches.autoplay, s.switches.buy, s.minRound, s.maxBet, s.stakeInfo], [0, 0, 5000, 100, true]);
    assert.deepEqual(s.bets, [10, 20, 30, 40, 50, 60, 80, 100]); // model.json's levels <= 100
    assert.deepEqual(refusal("market=de&currency=USD"), { key: "currency", code: "settings.limitCurrency" });
});

test("social play is in virtual coins, and only social play", () => {
    const s = read("market=social");
    assert.deepEqual([s.currency, s.coins, s.social, s.minorDigits], ["XGC", true, true, 2]);
    assert.deepEqual(refusal("market=social&currency=EUR"), { key: "currency", code: "settings.socialCoins" });
    assert.deepEqual(refusal("currency=XSC"), { key: "currency", code: "settings.coinsNotSocial" });
});

test("jurisdiction is another name for market", () => {
    assert.equal(read("jurisdiction=UK").market, "uk");
    assert.deepEqual(refusal("jurisdiction=uk&market=de"), { key: "jurisdiction", code: "settings.disagrees" });
    assert.deepEqual(refusal("market=mars"), { key: "market", code: "settings.market" });
});

test("a switch in the address overrides its preset; anything but 0 or 1 is refused", () => {
    assert.equal(read("market=uk&autoplay=1").switches.autoplay, 1);
    assert.equal(read("turbo=0").switches.turbo, 0);
    assert.deepEqual(refusal("turbo=yes"), { key: "turbo", code: "settings.switch" });
});

test("currency: three capital letters, and minor digits 2 unless bets are given", () => {
    assert.deepEqual(refusal("currency=eur"), { key: "currency", code: "settings.currencyCode" });
    assert.deepEqual(refusal("currency=JPY"), { key: "currency", code: "settings.digits" }); // JPY: 0 digits
    const yen = read("currency=JPY&bets=100,200,500");
    assert.deepEqual([yen.minorDigits, [...yen.bets], yen.bet], [0, [100, 200, 500], 100]);
    assert.deepEqual(refusal("currency=ZZZ"), { key: "currency", code: "settings.currencyUnknown" });
});

test("minorDigitsOf: ISO 4217's minor units, coins as 2", () => {
    assert.deepEqual(["EUR", "JPY", "BHD", "XGC", "ZZZ"].map(minorDigitsOf), [2, 0, 3, 2, null]);
});

test("bets and bet: each level an amount, the bet one of them", () => {
    const s = read("bets=10,20,50&bet=20");
    assert.deepEqual([[...s.bets], s.bet], [[10, 20, 50], 20]);
    assert.equal(read("bets=20,50").bet, 20); // the model's default (100) is not a level: the lowest
    assert.deepEqual(refusal("bets=10,,20"), { key: "bets", code: "settings.betsList" });
    assert.deepEqual(refusal("bets=10,020"), { key: "bets", code: "amount.spelling" });
    assert.deepEqual(refusal("bets=49583500"), { key: "bets", code: "amount.aboveLimit" }); // above 49,583,490
    assert.equal(read("bets=49583490").bet, 49_583_490);
    assert.deepEqual(refusal("bet=15"), { key: "bet", code: "settings.notLevel" });
    assert.deepEqual(refusal("maxBet=50&bets=10,100"), { key: "bets", code: "settings.aboveLimit" });
    assert.deepEqual(refusal("maxBet=5"), { key: "maxBet", code: "settings.belowLevels" });
});

test("a configure message's settings (a plain object) may give numbers", () => {
    const s = readSettings({ bets: "10,20", bet: 20, maxBet: 20 }, { model: MODEL });
    assert.deepEqual([[...s.bets], s.bet, s.maxBet], [[10, 20], 20, 20]);
});

test("minRound and reality", () => {
    assert.equal(read("minRound=60000").minRound, 60000);
    assert.deepEqual(refusal("minRound=60001"), { key: "minRound", code: "settings.notWhole" });
    // a reality check shows the session's time and net too, unless the address says otherwise
    const s = read("reality=30");
    assert.deepEqual([s.reality, s.switches.net, s.switches.clock], [30, 1, 1]);
    assert.equal(read("reality=30&net=0").switches.net, 0);
    assert.equal(read("reality=1440").reality, 1440);
    assert.deepEqual(refusal("reality=0"), { key: "reality", code: "settings.reality" });
    assert.deepEqual(refusal("reality=1441"), { key: "reality", code: "settings.reality" });
    // issue 47: 1e-10 minutes was taken, and froze the page at the first Continue; the least
    // interval is 0.01 minutes (launch.js REALITY_MINUTES), the tests' 0.05 above it
    assert.equal(read("reality=0.01").reality, 0.01);
    assert.equal(read("reality=0.05").reality, 0.05);
    for (const tiny of ["0.0000000001", "0.009", "0.00999"]) {
        assert.deepEqual(refusal(`reality=${tiny}`), { key: "reality", code: "settings.reality" });
    }
});

test("language, lobby and debug fall back with a warning; demo, poster and ageGate are refused", () => {
    const warned = [];
    // "xx" is no language (ISO 639 leaves it unassigned): English, warned
    const s = read("lang=xx-FR&lobby=javascript:alert(1)&debug=yes", { warn: (m) => warned.push(m) });
    assert.deepEqual([s.lang, s.lobby, s.debug, warned.length], ["en", null, false, 3]);
    const ar = read("lang=AR&lobby=https://casino.example/lobby");
    assert.deepEqual([ar.lang, ar.dir, ar.locale, ar.lobby], ["ar", "rtl", "ar-AE", "https://casino.example/lobby"]);
    // a regional tag the game has not is its primary subtag's language (issue 35), not a warning
    const at = read("lang=de-AT", { warn: (m) => warned.push(m) });
    assert.deepEqual([at.lang, at.locale, warned.length], ["de", "de-DE", 3]);
    assert.equal(read("demo=feature&poster=1").demo, "feature");
    assert.deepEqual(refusal("demo=2"), { key: "demo", code: "settings.demo" });
    assert.deepEqual(refusal("ageGate=true"), { key: "ageGate", code: "settings.flag" });
});

test("a refusal says nothing has been played", () => {
    try {
        read("turbo=2");
        assert.fail("taken");
    } catch (err) {
        assert.equal(err.message, "turbo=2: a switch is 0 or 1; nothing has been played");
        assert.deepEqual(err.params, { key: "turbo", value: "2" });
    }
});

test("a setting given twice is refused, not the first taken (issue 47)", () => {
    assert.deepEqual(refusal("bets=10,20&bets=50"), { key: "bets", code: "settings.duplicate" });
    assert.deepEqual(refusal("market=uk&market=default"), { key: "market", code: "settings.duplicate" });
    assert.deepEqual(refusal("lang=de&lang=fr"), { key: "lang", code: "settings.duplicate" });
    // a configure message is an object: a key is there once by construction
    assert.deepEqual([...readSettings({ bets: "10,20" }, { model: MODEL }).bets], [10, 20]);
});

test("no value is trimmed: a space is refused as every amount's is (issue 47: currency was trimmed)", () => {
    assert.deepEqual(refusal("currency=%20EUR"), { key: "currency", code: "settings.currencyCode" });
    assert.deepEqual(refusal("maxBet=%20100"), { key: "maxBet", code: "amount.spelling" });
    assert.deepEqual(refusal("market=uk%20"), { key: "market", code: "settings.market" });
    assert.deepEqual(refusal("turbo=1%20"), { key: "turbo", code: "settings.switch" });
});

test("a refusal shows at most 80 characters of a huge value", () => {
    const huge = "10;".repeat(66_666) + "10"; // 200,000 characters, not a comma-separated list
    try {
        read(`bets=${huge}`);
        assert.fail("taken");
    } catch (err) {
        // its value is clipped to 60 characters and its length (errors.js clipped)
        assert.ok(err.message.length < 200, err.message);
        assert.match(err.message, /\.\.\. \(200000 characters\)/);
    }
});

test("balance: a demo's or scenario's starting balance, minor units 0 to the ceiling; refused for the saved game", () => {
    // docs/page-contract.md "Launch settings": `balance` only with ?demo=feature or ?scenario=;
    // the ceiling is amounts.js MAX_BALANCE, 10^12 (1,000,000,000 euros: engine/launch.py)
    assert.equal(read("").balance, null);
    assert.equal(read("demo=feature&balance=2500").balance, 2500);
    assert.equal(read("scenario=big-win&balance=0").balance, 0);
    assert.equal(read("scenario=big-win&balance=1000000000000").balance, 10 ** 12);
    assert.equal(readSettings({ demo: "feature", balance: 700 }, { model: MODEL, warn: () => {} }).balance, 700);
    // anything but canonical digits within the ceiling: the amount's own code
    for (const [query, code] of [
        ["demo=feature&balance=1000000000001", "amount.aboveLimit"],
        ["demo=feature&balance=-5", "amount.spelling"],
        ["demo=feature&balance=12.50", "amount.spelling"],
        ["demo=feature&balance=0x10", "amount.spelling"],
        ["demo=feature&balance=%2025", "amount.spelling"],
        ["demo=feature&balance=", "amount.spelling"],
        ["demo=feature&balance=5&balance=6", "settings.duplicate"],
    ]) assert.deepEqual(refusal(query), { key: "balance", code }, query);
    // the player's saved game (no demo=feature, no scenario), demo=1 and demo=0 included: refused
    for (const query of ["balance=5000", "demo=1&balance=5000", "demo=0&balance=5000", "replay=x&balance=5000"]) {
        assert.deepEqual(refusal(query), { key: "balance", code: "settings.balanceSaved" }, query);
    }
    assert.throws(() => readSettings({ balance: 5000 }, { model: MODEL, warn: () => {} }),
        (err) => err instanceof SettingsError && err.code === "settings.balanceSaved");
});
