// The market rules from the address to the profile (issue 34, "one name each from URL to
// profile"): every switch and setting keeps its launch name (operator/launch.js SWITCHES and
// readSettings) in jurisdiction.js profileOf and in a round's rules; the save record's older
// names are mapped by one list (ledger/store.js RECORD_RULE_NAMES). Expected values: the launch
// settings themselves (read by readSettings from each market's address) and docs/save-format.md's
// record names, written out by hand.
import "./fetch-files.mjs"; // first: i18n.js fetches the tables (file: URLs here)
import { englishReady } from "../../static/js/lang/i18n.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { MARKETS, SWITCHES, readSettings } from "../../static/js/operator/launch.js";
import { ROUND_RULES, isRoundRules, presetRules, profileOf, roundRules } from "../../static/js/operator/jurisdiction.js";
import { RECORD_RULE_NAMES } from "../../static/js/ledger/store.js";
import { MODEL } from "./support.mjs";

await englishReady; // the English table, fetched as i18n.js is imported (t() words with it)

const read = (query) => readSettings(new URLSearchParams(query), { model: MODEL, warn: () => {} });

test("each market's profile has every switch and setting under its launch name", () => {
    for (const market of Object.keys(MARKETS)) {
        for (const query of [`market=${market}`, `market=${market}&slamstop=0&reality=30&minRound=1000`]) {
            const settings = read(query);
            const profile = profileOf(settings);
            for (const name of SWITCHES) assert.equal(profile[name], settings.switches[name] === 1, `${query}: ${name}`);
            assert.equal(profile.minRound, settings.minRound, query);
            assert.equal(profile.reality, settings.reality, query);
            assert.equal(profile.maxBet, settings.maxBet, query);
            assert.equal(profile.quietSmallWins, settings.quietSmallWins, query);
        }
    }
    // the address's own values come through: slamstop=0 is off, reality=30 is 30 minutes
    const p = profileOf(read("slamstop=0&reality=30&minRound=1000"));
    assert.deepEqual([p.slamstop, p.reality, p.minRound], [false, 30, 1000]);
});

test("no profile field is a launch name in another spelling", () => {
    const launch = new Set([...SWITCHES, "minRound", "maxBet", "reality", "quietSmallWins", "stakeInfo", "social"]);
    for (const key of Object.keys(profileOf(read("market=uk")))) {
        const clash = [...launch].find((name) => name.toLowerCase() === key.toLowerCase() && name !== key);
        assert.equal(clash, undefined, key);
    }
});

test("a round's rules are launch names, and the record's names map to them one to one", () => {
    assert.deepEqual([...ROUND_RULES].sort(), ["minRound", "quietSmallWins", "slamstop"]);
    const uk = roundRules(profileOf(read("market=uk")));
    assert.deepEqual(uk, { minRound: 2500, slamstop: false, quietSmallWins: true }); // the uk preset (docs/page-contract.md)
    assert.ok(isRoundRules(uk));
    assert.deepEqual(presetRules("uk"), uk);
    assert.deepEqual(presetRules("default"), { minRound: 0, slamstop: true, quietSmallWins: false });
    // docs/save-format.md `pending.rules`: {minCycleMs, slamStop, celebrateOnlyAboveStake}
    assert.deepEqual(RECORD_RULE_NAMES, { minRound: "minCycleMs", slamstop: "slamStop", quietSmallWins: "celebrateOnlyAboveStake" });
    assert.deepEqual(Object.keys(RECORD_RULE_NAMES).sort(), [...ROUND_RULES].sort());
    assert.ok(!isRoundRules({ minCycleMs: 0, slamStop: true, celebrateOnlyAboveStake: false })); // the record's, unmapped
});
