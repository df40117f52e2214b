// static/js/core/amounts.js: the one check of every amount that enters the page, and its limits.
//
// Expected values: docs/page-contract.md "Amounts" (the spellings refused, the codes, the
// ceiling 10^12 and the highest level 49,583,490 of the shipped model: the largest multiple of
// its 10 lines whose capped win, 20,168 x level, stays within the ceiling, worked out by hand as
// in tests/engine/test_amounts.py: 10^12 / 201,680 = 4,958,349.8..., so 4,958,349 x 10).
import { AmountError } from "../../static/js/core/errors.js";
import assert from "node:assert/strict";
import { test } from "node:test";

import { MAX_BALANCE, amount, limitsOf, maxLevel, whyNot } from "../../static/js/core/amounts.js";
import { MODEL } from "./support.mjs";

const codeOf = (value, opts) => whyNot(value, { max: MAX_BALANCE, ...opts })?.code ?? null;

test("the ceiling and the highest level of the shipped model", () => {
    assert.equal(MAX_BALANCE, 10 ** 12); // "10,000,000,000.00" of a 2-digit currency
    assert.equal(maxLevel(MODEL), 49_583_490);
    assert.deepEqual({ ...limitsOf(MODEL) }, { balance: 10 ** 12, level: 49_583_490, stake: 10 ** 12, autoplay: 10 ** 12 });
    assert.ok(Object.isFrozen(limitsOf(MODEL)));
});

test("canonical digit text is read exactly", () => {
    assert.equal(amount("2500", { key: "maxBet", max: MAX_BALANCE }), 2500); // the module's example
    assert.equal(amount("0", { min: 0, max: 10 }), 0);
    assert.equal(amount("1000000000000", { max: MAX_BALANCE }), 10 ** 12); // at the ceiling
});

test("every spelling the docs list is refused as amount.spelling", () => {
    for (const text of ["1e3", "0x10", "+5", "-5", "5.0", " 5", "١٢", "Infinity", "", "007"]) {
        assert.equal(codeOf(text), "amount.spelling", JSON.stringify(text));
    }
});

test("past 2^53 - 1 is amount.unsafe, judged on the text before it becomes a number", () => {
    assert.equal(codeOf("9007199254740991", { max: Number.MAX_SAFE_INTEGER }), null); // 2^53 - 1 itself
    assert.equal(codeOf("9007199254740992", { max: Number.MAX_SAFE_INTEGER }), "amount.unsafe"); // 2^53
    assert.equal(codeOf("99999999999999999999"), "amount.unsafe");
    assert.equal(codeOf(2 ** 53), "amount.unsafe");
});

test("numbers: whole ones only", () => {
    assert.equal(codeOf(5.5), "amount.notWhole");
    assert.equal(codeOf(NaN), "amount.notWhole");
    assert.equal(codeOf(Infinity), "amount.notWhole");
    assert.ok(Object.is(amount(-0, { min: 0, max: 10 }), 0)); // -0 comes back as 0
});

test("what is not an amount at all is amount.type", () => {
    for (const value of [true, null, undefined, {}, [5], 5n]) assert.equal(codeOf(value), "amount.type", String(value));
    assert.equal(codeOf("5", { text: false }), "amount.type"); // text where a number is required
    assert.equal(codeOf(5, { number: false }), "amount.type"); // and the other way round
});

test("the limits: aboveLimit names the limit, belowMin the least", () => {
    const above = whyNot(1001, { key: "lossLimit", max: 1000 });
    assert.ok(above instanceof AmountError);
    assert.equal(above.code, "amount.aboveLimit");
    assert.deepEqual(above.params, { key: "lossLimit", value: "1001", limit: 1000 });
    assert.equal(above.message, "lossLimit=1001: above 1000, the most it may be");
    assert.deepEqual(above.money, ["limit", "min"]);
    const below = whyNot(0, { key: "bet", max: 1000 }); // min is 1 unless given
    assert.deepEqual([below.code, below.params.min], ["amount.belowMin", 1]);
});

test("what a player types in the currency (decimals) becomes minor units on the string", () => {
    const typed = (text) => amount(text, { key: "lossLimit", decimals: 2, number: false, max: MAX_BALANCE });
    assert.equal(typed("12,50"), 1250); // the module's example
    assert.equal(typed("12.5"), 1250);
    assert.equal(typed("12"), 1200);
    assert.equal(typed(" 0.05 "), 5); // spaces around it are trimmed
    assert.equal(codeOf("12.505", { decimals: 2 }), "amount.spelling"); // more digits than the currency's
    assert.equal(codeOf("1.2.3", { decimals: 2 }), "amount.spelling");
});

test("amount() without safe integer limits is a programming error", () => {
    assert.throws(() => amount(5, {}), TypeError);
});
