// static/js/operator/sessionclock.js: the session's elapsed time as the bar shows it ("1:02:03") and as
// it is spoken ("1 hour 2 minutes 3 seconds", the English table's time.* entries). Expected
// values worked out by hand from the module's doc comments. (The SessionClock class itself
// reads its elements from the document when it is made: not testable here without a DOM.)
import assert from "node:assert/strict";
import { test } from "node:test";

import { clock, spoken } from "../../static/js/operator/sessionclock.js";

test("clock() writes hours:minutes:seconds, whole seconds only", () => {
    assert.equal(clock(0), "0:00:00");
    assert.equal(clock(59_999), "0:00:59"); // 59.999 s: the second not yet complete
    assert.equal(clock(3_723_000), "1:02:03"); // 3600 + 120 + 3 s, the module's example
    assert.equal(clock(100 * 3_600_000), "100:00:00"); // hours are not wrapped at 24
    assert.equal(clock(-5_000), "0:00:00"); // a clock set back: never negative
});

test("spoken() names each non-zero unit, singular or plural", () => {
    assert.equal(spoken(3_723_000), "1 hour 2 minutes 3 seconds");
    assert.equal(spoken(2 * 3_600_000 + 1_000), "2 hours 1 second"); // zero minutes left out
    assert.equal(spoken(60_000), "1 minute");
    assert.equal(spoken(0), "0 seconds"); // nothing elapsed: the seconds still said
    assert.equal(spoken(999), "0 seconds");
});
