// static/js/core/still.js: still mode's generator. What is asserted is what the page relies on
// (the module's header): the same numbers from the same seed, in [0, 1), one stream per seed,
// Math.random outside still mode; no reference table of mulberry32's outputs.
import assert from "node:assert/strict";
import { test } from "node:test";

import { mulberry32, randomFor, still } from "../../static/js/core/still.js";

test("the same seed gives the same numbers, in [0, 1)", () => {
    const a = mulberry32(1224), b = mulberry32(1224);
    const xs = Array.from({ length: 1000 }, a);
    assert.deepEqual(Array.from({ length: 1000 }, b), xs);
    assert.ok(xs.every((x) => x >= 0 && x < 1));
    assert.ok(new Set(xs).size > 990); // not stuck
});

test("each seed its own stream; off, Math.random", () => {
    assert.notEqual(mulberry32(1)(), mulberry32(2)());
    assert.equal(randomFor(5, false), Math.random);
    assert.notEqual(randomFor(5, true), Math.random);
    assert.equal(still, false); // no page address under node
});
