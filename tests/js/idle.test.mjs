// Two waits for the right moment, from their modules' comments:
// - soundkit.js whenWhollyIdle: each idle callback asks when(); "now" acts in a moment with at
//   least IDLE_MS left (else waits), "wait" waits whatever the room, "stop" calls act(false);
//   after `tries` "now" moments the last acts whatever its room; no idle callbacks: false.
// - sprites.js nearestBlur: of a symbol's motion blurs made, the one whose level is nearest the
//   level asked (that level itself when made); another symbol's never; none made: null.
import assert from "node:assert/strict";
import { test } from "node:test";

import { IDLE_MS, whenWhollyIdle } from "../../static/js/sound/soundkit.js";
import { SymbolSprites } from "../../static/js/canvas/sprites.js";

/** A root whose idle callbacks run when told, each with the room we choose. */
function fakeRoot() {
    const idle = [];
    return {
        idle,
        requestIdleCallback(fn) { idle.push(fn); },
        run(left) { for (const fn of idle.splice(0)) fn({ timeRemaining: () => left, didTimeout: false }); },
    };
}

test("acts in the first wholly idle moment, not in a shorter one", () => {
    const root = fakeRoot();
    const acts = [];
    assert.equal(whenWhollyIdle(() => "now", (now) => acts.push(now), { root }), true);
    assert.deepEqual(acts, []); // never at once: only in an idle callback
    root.run(IDLE_MS - 1);
    assert.deepEqual(acts, []);
    assert.equal(root.idle.length, 1); // waiting for the next moment
    root.run(IDLE_MS);
    assert.deepEqual(acts, [true]);
    assert.equal(root.idle.length, 0); // done: no more callbacks asked for
});

test("'wait' waits even in a wholly idle moment; 'stop' gives up with act(false)", () => {
    const root = fakeRoot();
    const answers = ["wait", "wait", "stop"];
    const acts = [];
    whenWhollyIdle(() => answers.shift(), (now) => acts.push(now), { root });
    root.run(50);
    root.run(50);
    assert.deepEqual(acts, []);
    root.run(50);
    assert.deepEqual(acts, [false]);
    assert.equal(root.idle.length, 0);
});

test("after `tries` moments answered 'now', the last acts whatever its room", () => {
    const root = fakeRoot();
    const acts = [];
    whenWhollyIdle(() => "now", (now) => acts.push(now), { root, tries: 3 });
    root.run(5);
    root.run(5);
    assert.deepEqual(acts, []); // two short moments: still waiting
    root.run(5);
    assert.deepEqual(acts, [true]); // the third
});

test("where there are no idle callbacks nothing is asked and nothing acts", () => {
    const acts = [];
    assert.equal(whenWhollyIdle(() => "now", (now) => acts.push(now), { root: {} }), false);
    assert.deepEqual(acts, []);
});

test("the nearest blur level made stands in for one not made yet", () => {
    const sprites = new SymbolSprites(["SANTA", "GIFT"]);
    const santa4 = { level: 4 };
    const santa20 = { level: 20 };
    sprites.blurred.set("SANTA|4", santa4);
    sprites.blurred.set("SANTA|20", santa20);
    sprites.blurred.set("GIFT|12", { level: 12 });
    assert.equal(sprites.nearestBlur("SANTA", 20), santa20); // made: itself
    assert.equal(sprites.nearestBlur("SANTA", 8), santa4); // |8-4| = 4 < |8-20| = 12
    assert.equal(sprites.nearestBlur("SANTA", 16), santa20); // |16-20| = 4 < |16-4| = 12
    assert.equal(sprites.nearestBlur("SANTA", 40), santa20);
    assert.equal(sprites.nearestBlur("BELL", 12), null); // GIFT's is not BELL's
    assert.equal(sprites.hasBlur("SANTA", 8), false);
    assert.equal(sprites.hasBlur("SANTA", 4), true);
});
