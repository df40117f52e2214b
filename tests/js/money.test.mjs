// The money formatter of static/js/core/money.js (formatEuro, makeFormat): minor units written as
// the player reads them, exactly (no binary fraction in between).
//
// Expected values: worked out by hand from the integers (en-IE writes euros as "€1,234.50",
// a minus before the sign: the module's doc comment); ISO 4217's minor digits (JPY 0, BHD 3);
// the coin suffixes GC/SC of virtual coins (money.js COIN_SUFFIX, operator/launch.js COINS). For other
// currencies only the digits are asserted: the symbol and its place are the ICU data's.
import assert from "node:assert/strict";
import { test } from "node:test";

import { formatEuro, makeFormat } from "../../static/js/core/money.js";

test("formatEuro writes en-IE euros from the integer", () => {
    assert.equal(formatEuro(0), "€0.00");
    assert.equal(formatEuro(5), "€0.05");
    assert.equal(formatEuro(123450), "€1,234.50"); // the doc comment's example
    assert.equal(formatEuro(-10), "-€0.10"); // likewise
    assert.equal(formatEuro(100_000), "€1,000.00"); // the demo balance of docs/save-format.md
    assert.equal(formatEuro(10 ** 12), "€10,000,000,000.00"); // the ceiling, as docs/page-contract.md writes it
    assert.equal(formatEuro(Number.MAX_SAFE_INTEGER), "€90,071,992,547,409.91"); // 9007199254740991 cents, exact
});

test("makeFormat: the game's euros in English are formatEuro's", () => {
    const f = makeFormat();
    assert.equal(f.minorDigits, 2);
    for (const n of [0, 7, 123450, -250]) assert.equal(f(n), formatEuro(n));
});

test("makeFormat: other currencies with their own minor digits", () => {
    const yen = makeFormat("JPY", "en-IE");
    assert.equal(yen.minorDigits, 0);
    assert.match(yen(123456), /123,456/);
    assert.doesNotMatch(yen(123456), /\./);
    const dinar = makeFormat("BHD", "en-IE");
    assert.equal(dinar.minorDigits, 3);
    assert.match(dinar(1234567), /1,234\.567/);
    // exact beyond a double's 15-16 significant digits: formatted from the decimal text
    assert.match(makeFormat("USD", "en-US")(Number.MAX_SAFE_INTEGER), /90,071,992,547,409\.91/);
});

test("makeFormat: virtual coins as a number of coins with GC or SC, no money sign", () => {
    const gc = makeFormat("XGC", "en-IE");
    assert.deepEqual([gc.minorDigits, gc.coins], [2, true]);
    assert.equal(gc(1250), "12.50 GC");
    assert.equal(makeFormat("XSC", "en-IE")(100_000), "1,000.00 SC");
    assert.equal(makeFormat("XSC", "de-DE")(123450), "1.234,50 SC"); // German: "." groups, "," the decimals
});
