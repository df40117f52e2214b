// A burst's coins and stars (static/js/canvas/effects.js burst, moveParticles): they fall under
// gravity (900 logical px/s^2) until their life is over, and in a quicker round their time runs
// quicker (tempo = 1 / the speed factor's pace, renderer.js burst), as every animation of the
// round is shortened. Expected positions worked out by hand from the equations of motion as the
// code steps them (v += g dt, then x += v dt).
import "./fetch-files.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { burst, moveParticles } from "../../static/js/canvas/effects.js";

const coin = (tempo) => ({ x: 0, y: 0, vx: 100, vy: -300, life: 1.5, age: 0, star: false, size: 8, spin: 1, tempo });

test("a coin at normal speed moves dt of its time a frame", () => {
    const [p] = moveParticles([coin(1)], 0.1);
    // vy = -300 + 900 * 0.1 = -210; y = -210 * 0.1 = -21; x = 100 * 0.1 = 10
    assert.equal(p.age, 0.1);
    assert.ok(Math.abs(p.vy - -210) < 1e-9 && Math.abs(p.y - -21) < 1e-9 && Math.abs(p.x - 10) < 1e-9);
});

test("a coin of a quicker round lives its life in a fraction of the time", () => {
    // tempo 20 (speed=fast: 1 / 0.05): a frame of 0.05 s is 1 s of its own time
    let flying = [coin(20), coin(1)];
    flying = moveParticles(flying, 0.05);
    assert.equal(flying.length, 2);
    assert.ok(Math.abs(flying[0].age - 1) < 1e-9 && Math.abs(flying[1].age - 0.05) < 1e-9);
    // vy = -300 + 900 * 1 = 600; x = 100 * 1
    assert.ok(Math.abs(flying[0].vy - 600) < 1e-9 && Math.abs(flying[0].x - 100) < 1e-9);
    flying = moveParticles(flying, 0.05); // 2 s of its own: past its life of 1.5 s, gone
    assert.deepEqual(flying.map((p) => p.tempo), [1]);
});

test("a burst gives each coin the tempo asked for, and none under reduced motion", () => {
    let n = 0;
    const view = { reduced: false, random: () => ((n = (n * 7 + 3) % 11) / 11) };
    const thrown = burst(/** @type {any} */ (view), 5, 20);
    assert.equal(thrown.length, 5);
    assert.ok(thrown.every((p) => p.tempo === 20 && p.age === 0 && p.life >= 1.4 && p.life < 2.4));
    assert.deepEqual(burst(/** @type {any} */ ({ ...view, reduced: true }), 5, 20), []);
});
