// The reels' motion (static/js/canvas/reels.js): a spin lands on its stop, a free spin (a press
// held while the engine loads) turns without end, is taken over by a round's spin with neither
// pause nor jump, or coasts onto a whole symbol of its strip. Positions are read from the
// tape as the renderer reads them (row r shows tape(floor(p) + r)); the expected windows are
// the strip read from the stop by hand (grid[row] = strip[(stop + row) % length]).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Reel, ReelSet, VELOCITY } from "../../static/js/canvas/reels.js";

const STRIP = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"];
/** The window a reel shows: its three rows. */
const window3 = (reel) => [0, 1, 2].map((r) => reel.symbol(Math.floor(reel.p) + r));
/** Runs `reel` from `t0` to `t1` ms in steps of `dt`, returning its positions. */
function run(reel, t0, t1, dt = 5) {
    const ps = [];
    for (let t = t0; t <= t1; t += dt) { reel.update(t); ps.push(reel.p); }
    return ps;
}

test("a spin lands on its stop, showing the strip read from there", async () => {
    const reel = new Reel(0, STRIP, 0);
    const done = reel.spin({ strip: STRIP, stop: 7, now: 0, delay: 0, duration: 0.55, speedFactor: 1 });
    run(reel, 0, 3000);
    await done;
    assert.equal(reel.spinning, false);
    assert.deepEqual(window3(reel), ["H", "I", "J"]); // strip[7], strip[8], strip[9]
});

test("a free spin turns without end at full speed, on its own strip in order", () => {
    const reel = new Reel(0, STRIP, 2);
    reel.spinFree(0);
    assert.equal(reel.held, true);
    reel.update(5000);
    // five seconds in: still turning, at the full speed of a spin
    assert.equal(reel.spinning, true);
    assert.equal(reel.velocity, VELOCITY);
    const p = reel.p;
    reel.update(5100);
    // 0.1 s later it has moved VELOCITY / 10 symbols down the tape (p decreases)
    assert.ok(Math.abs(p - reel.p - VELOCITY / 10) < 1e-9, `${p} -> ${reel.p}`);
    // the tape is the strip itself: tape(j) = strip[(2 + j) mod 10], negative j too
    assert.equal(reel.symbol(-1), "B");
    assert.equal(reel.symbol(-13), "J"); // (2 - 13) mod 10 = 9
});

test("a round's spin takes a free reel over with neither pause nor jump, and lands on its stop", async () => {
    const reel = new Reel(0, STRIP, 0);
    reel.spinFree(0);
    reel.update(2000);
    const before = window3(reel);
    const frac = reel.p - Math.floor(reel.p);
    const done = reel.spin({ strip: STRIP, stop: 4, now: 2000, delay: 0, duration: 0, speedFactor: 1 });
    reel.update(2000);
    // the same window, shifted by the same fraction of a symbol, at the same speed
    assert.deepEqual(window3(reel), before);
    assert.ok(Math.abs(reel.p - Math.floor(reel.p) - frac) < 1e-9);
    assert.equal(reel.velocity, VELOCITY);
    assert.equal(reel.held, false);
    const ps = run(reel, 2005, 4000);
    // it only moves on (down the tape) until it lands, then bounces and rests at 0
    const landing = ps.findIndex((p) => p === 0);
    assert.ok(landing > 0);
    for (let i = 1; i < landing; i++) assert.ok(ps[i] <= ps[i - 1], `moved back at step ${i}`);
    await done;
    assert.deepEqual(window3(reel), ["E", "F", "G"]); // strip[4..6]
    // it lands soon: at most ROWS + 1 symbols at full speed, then half its brake (HELD_DECEL,
    // 0.12 s): (3 + 1) / 26 + 0.06 = 0.214 s
    assert.ok(landing * 5 <= 215, `landed ${landing * 5} ms after the round`);
});

test("a free reel coasts onto a whole symbol and rests there, its stop moved with it", async () => {
    const reel = new Reel(0, STRIP, 3);
    reel.spinFree(0);
    reel.update(1234);
    const done = reel.coast(1234);
    assert.equal(reel.held, false);
    run(reel, 1234, 2500);
    await done;
    assert.equal(reel.spinning, false);
    assert.equal(reel.p, 0);
    // what it shows is its strip read from its new stop, whole symbols
    const stop = reel.stop;
    assert.deepEqual(window3(reel), [0, 1, 2].map((r) => STRIP[(stop + r) % STRIP.length]));
    // a coast refused a second time, or of a resting reel, resolves at once
    await reel.coast(3000);
});

test("a slam does not stop a free reel (it has no stop yet)", () => {
    const reel = new Reel(0, STRIP, 0);
    reel.spinFree(0);
    reel.slam(500);
    reel.update(3000);
    assert.equal(reel.held, true);
    assert.equal(reel.velocity, VELOCITY);
});

test("a set's held reels stop soon after the round and left to right", async () => {
    const strips = Array.from({ length: 5 }, () => STRIP);
    const set = new ReelSet(strips, [0, 1, 2, 3, 4]);
    set.spinFree();
    assert.equal(set.held, true);
    const order = [];
    const t0 = performance.now();
    const done = set.spin({ strips, stops: [5, 6, 7, 8, 9], speedFactor: 1, onLand: (i) => order.push(i) });
    for (let t = t0; set.reels.some((r) => r.spinning); t += 5) set.update(t);
    await done;
    assert.deepEqual(order, [0, 1, 2, 3, 4]);
    assert.deepEqual(set.reels.map((r) => r.stop), [5, 6, 7, 8, 9]);
});
