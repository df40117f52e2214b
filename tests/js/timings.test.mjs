// static/js/round/timings.js: each round's start, outcome and enabled times for game.state().timings
// (docs/page-contract.md). Expected values follow the module's header by hand: the last ten
// rounds, oldest first; a round's outcome defaults to its enabled time; copies, not the list.
import assert from "node:assert/strict";
import { test } from "node:test";

import { KEPT, RoundTimings } from "../../static/js/round/timings.js";

test("a round's three times, in order", () => {
    const t = new RoundTimings();
    t.start(100);
    t.shown(250);
    assert.deepEqual(t.enabled(400), { start: 100, outcome: 250, enabled: 400 });
    assert.deepEqual(t.list(), [{ start: 100, outcome: 250, enabled: 400 }]);
});

test("an outcome never marked shown is the time the next round could start", () => {
    const t = new RoundTimings();
    t.start(10);
    assert.deepEqual(t.enabled(30), { start: 10, outcome: 30, enabled: 30 });
});

test("enabled() with no round started records nothing", () => {
    const t = new RoundTimings();
    assert.equal(t.enabled(5), null);
    t.shown(5); // no round: ignored
    assert.deepEqual(t.list(), []);
});

test("only the last ten rounds are kept, oldest first", () => {
    assert.equal(KEPT, 10); // the header: "The last ten"
    const t = new RoundTimings();
    for (let i = 0; i < 12; i += 1) {
        t.start(i * 100);
        t.enabled(i * 100 + 50);
    }
    const starts = t.list().map((r) => r.start);
    assert.deepEqual(starts, [200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100]); // rounds 2..11
});

test("list() hands out copies", () => {
    const t = new RoundTimings();
    t.start(1);
    t.enabled(2);
    t.list()[0].start = 999;
    assert.equal(t.list()[0].start, 1);
});
