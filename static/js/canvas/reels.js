// @ts-check
// Reel motion: animation state only (which strip symbol sits where, how fast it moves).
// The renderer draws it; the sequencer tells it where to stop.
//
// A reel is a tape of symbols read downwards from a float position `p` (in symbol heights):
// the window shows tape(p), tape(p+1), tape(p+2). A spin builds a new tape whose first
// `distance` entries are the REAL strip read from the target stop onwards
// (tape(j) = strip[(stop + j) % len], so tape(0..2) is the landed window, exactly
// grid[reel][row] = strip[(stop + row) % len]), followed by the symbols that were showing.
// p then runs from `distance` down to 0: the strip scrolls by downwards, in its real order,
// and lands exactly on the stop.
//
// A press of Spin while the engine loads has no stop to run to yet: spinFree() turns the reel
// on its own strip (p runs from 0 below zero, without end) until either a round's spin()
// takes it over at full speed, with no pause nor jump (the tape's next entries are the round's
// strip, read as above), or coast() brakes it onto the nearest whole symbol, where it then
// rests (a press refused once the engine answered: nothing was decided, nothing lands).

import { ROWS } from "./layout.js";

export const VELOCITY = 26;      // symbols per second at full speed (scaled by the speed factor)
const ACCEL = 0.16;       // seconds to reach full speed
const DECEL = 0.34;       // seconds to brake
// A held press's round (reels turning since the press, while the engine loaded) lands at once:
// its reels brake quicker and closer together, all five down within about 0.22 s of the decision
// (a brake about as short as quick spin's: the player has watched them turn for seconds already)
const HELD_DECEL = 0.12;  // seconds to brake a reel that was already turning
const HELD_STAGGER = 0.02; // seconds between their stops, left to right
const WINDUP = 0.12;      // seconds of the little upward pull before the spin
const BOUNCE = 0.16;      // seconds of the landing bounce
const WINDUP_DEPTH = 0.16;
const BOUNCE_DEPTH = 0.14;

/** @type {(a: number, n: number) => number} */
const mod = (a, n) => ((a % n) + n) % n;

/** A reel strip: its symbols, top to bottom (the model's reels).
 *  @typedef {ReadonlyArray<string>} Strip */

/**
 * A spin in progress (Reel.spin until the landing bounce ends).
 * @typedef {object} ReelAnim
 * @property {number} t0 when the spin begins (performance.now() ms, after its delay)
 * @property {number} speedFactor the pace: durations are multiplied by it
 * @property {number} distance the tape's entries the spin runs through
 * @property {number} lead how far beyond `distance` p starts, in symbols, less the acceleration's
 *     run (a spin that takes over a free one: its fraction of a symbol, at full speed)
 * @property {number} tc seconds at full speed (unscaled)
 * @property {number} decel seconds of braking (unscaled)
 * @property {boolean} free no stop yet (spinFree): it turns until spin() or coast()
 * @property {number} [coastTo] the tape position a coasting reel brakes onto (coast())
 * @property {boolean} landed whether the reel has stopped (the bounce then plays)
 * @property {number} [landedAt] when it stopped (set with `landed`)
 * @property {((reel: number) => void) | undefined} onLand
 * @property {() => void} resolve resolves the spin's promise once the reel has settled
 * @property {{ t0: number, p0: number, dur: number } | null} slam the brake the player asked for
 *     (when, from which position, over how many ms), null while none
 */

/**
 * Reel.spin's options.
 * @typedef {object} ReelSpin
 * @property {Strip} strip
 * @property {number} stop
 * @property {ReadonlyArray<string>} [expected] the landed window the round says (grid[reel])
 * @property {number} now performance.now() at the start
 * @property {number} delay seconds
 * @property {number} duration seconds
 * @property {number} speedFactor
 * @property {(reel: number) => void} [onLand]
 */

/**
 * ReelSet.spin's options.
 * @typedef {object} ReelSetSpin
 * @property {ReadonlyArray<Strip>} strips one per reel
 * @property {ReadonlyArray<number>} stops one per reel
 * @property {ReadonlyArray<ReadonlyArray<string>>} [grid] the round's grid[reel][row], checked on landing
 * @property {number} speedFactor
 * @property {ReadonlyArray<number>} [tease] reels that spin longer (anticipation)
 * @property {(reel: number) => void} [onLand] called with each reel's index as it stops
 */

export class Reel {
    /** @param {number} index the reel's place, 0 to 4 from the left
     *  @param {Strip} strip
     *  @param {number} stop the strip's index shown in the top row */
    constructor(index, strip, stop) {
        this.index = index;
        this.p = 0; // the tape's position (symbol heights) at the window's top row
        this.velocity = 0; // symbols per second, for motion blur
        this.spinning = false;
        /** @type {ReelAnim | null} */
        this._anim = null;
        // declared for the type check (no effect): rest() sets them
        /** @type {Strip} */ this.strip;
        /** @type {number} */ this.stop;
        /** @type {(j: number) => string} */ this._tape; // the symbol at tape index j
        this.rest(strip, stop);
    }

    /** Show `strip` at `stop` at once, without motion (a resumed round's earlier spins).
     *  @param {Strip} strip
     *  @param {number} stop */
    rest(strip, stop) {
        this.strip = strip;
        this.stop = stop;
        this._tape = (j) => strip[mod(stop + j, strip.length)];
    }

    /** The symbol at tape index j (row r of the window is j = floor(p) + r).
     *  @param {number} j
     *  @returns {string} */
    symbol(j) {
        return this._tape(j);
    }

    /**
     * Spin to `stop` on `strip`, checking that the landed window equals `expected` (the
     * round's grid column). `delay`, `duration` are seconds before scaling by `speedFactor`.
     * Returns a Promise resolved once the reel has settled; `onLand` fires at the stop.
     * @param {ReelSpin} options
     * @returns {Promise<void>}
     */
    spin({ strip, stop, expected, now, delay, duration, speedFactor, onLand }) {
        const landed = Array.from({ length: ROWS }, (_, r) => strip[mod(stop + r, strip.length)]);
        if (expected && landed.join() !== expected.join()) {
            console.error(`reel ${this.index}: strip at stop ${stop} shows ${landed} but the round says ${expected}`);
        }
        // a reel turning without a stop (spinFree) goes on from where it is, at full speed
        const held = this.held;
        const base = held ? Math.floor(this.p) : Math.round(this.p);
        const frac = held ? this.p - base : 0;
        const previous = Array.from({ length: ROWS + 1 }, (_, j) => this._tape(j + base));
        const decel = held ? HELD_DECEL : DECEL;
        let distance;
        let tc;
        if (held) {
            // (ROWS at least: the landed window is all the round's strip, none of what was showing)
            distance = Math.max(ROWS, Math.round(VELOCITY * (Math.max(0, duration) + decel / 2)));
            tc = (distance + frac) / VELOCITY - decel / 2;
        } else {
            const cruise = Math.max(0.15, duration - ACCEL / 2 - DECEL / 2);
            distance = Math.max(6, Math.round(VELOCITY * (ACCEL / 2 + cruise + DECEL / 2)));
            tc = distance / VELOCITY - ACCEL / 2 - DECEL / 2;
        }
        this._tape = (j) => (j < distance
            ? strip[mod(stop + j, strip.length)]
            : previous[Math.min(j - distance, ROWS)]);
        this.strip = strip;
        this.stop = stop;
        this.p = distance + frac;
        this.spinning = true;
        const pace = speedFactor * 1000;
        return new Promise((resolve) => {
            this._anim = {
                // a held reel is past its wind-up and acceleration already: its clock starts there
                t0: held ? now - (WINDUP + ACCEL) * pace : now + delay * pace, speedFactor, distance,
                lead: held ? frac + (VELOCITY * ACCEL) / 2 : 0, tc, decel, free: false, landed: false, onLand,
                resolve, slam: null,
            };
        });
    }

    /** Whether the reel turns without a stop yet (spinFree, not coasting). */
    get held() {
        const a = this._anim;
        return Boolean(a && a.free && !a.landed && a.coastTo === undefined);
    }

    /**
     * Turn from `now` without a stop yet: the wind-up, the acceleration, then full speed until
     * spin() gives the stop or coast() brakes it. Nothing if the reel turns already.
     * @param {number} now performance.now()
     */
    spinFree(now) {
        if (this._anim) return;
        this.p = 0;
        this.spinning = true;
        this._anim = {
            t0: now, speedFactor: 1, distance: 0, lead: 0, tc: Infinity, decel: DECEL, free: true, landed: false,
            onLand: undefined, resolve: () => {}, slam: null,
        };
    }

    /**
     * A free reel (spinFree) brakes from `now` onto a whole symbol a little further on, and
     * rests there. Resolves once it has settled; at once if it was not turning freely.
     * @param {number} now
     * @returns {Promise<void>}
     */
    coast(now) {
        const a = this._anim;
        if (!a || !a.free || a.landed || a.coastTo !== undefined) return Promise.resolve();
        const dur = DECEL * 1000;
        a.coastTo = Math.floor(this.p - (VELOCITY * DECEL) / 3);
        a.slam = { t0: now, p0: this.p, dur };
        return new Promise((resolve) => { a.resolve = resolve; });
    }

    /** Brake now (the player asked to stop the reels).
     *  @param {number} now */
    slam(now) {
        const a = this._anim;
        if (!a || a.free || a.landed || a.slam) return; // (a free reel has no stop to brake onto)
        a.slam = { t0: now, p0: this.p, dur: 0.14 * Math.max(a.speedFactor, 0.3) * 1000 };
    }

    /** Moves the reel to where it is at `now` (performance.now() ms).
     *  @param {number} now */
    update(now) {
        const a = this._anim;
        if (!a) return;
        const V = VELOCITY;
        let p;
        let v = 0;
        if (a.slam && !a.landed) {
            // (a slam brakes onto the stop, p = 0; a coast onto the whole symbol it chose)
            const to = a.coastTo ?? 0;
            const u = Math.min(1, (now - a.slam.t0) / a.slam.dur);
            p = to + (a.slam.p0 - to) * Math.pow(1 - u, 3);
            v = (3 * (a.slam.p0 - to) * Math.pow(1 - u, 2)) / (a.slam.dur / 1000);
            if (u >= 1) this._land(now);
        } else if (!a.landed) {
            // (a free reel is a spin of distance 0 that never brakes: tc is Infinity)
            let t = (now - a.t0) / 1000 / a.speedFactor; // unscaled seconds since the spin began
            if (t < 0) {
                p = a.distance;
            } else if (t < WINDUP) {
                p = a.distance + WINDUP_DEPTH * Math.sin((Math.PI * t) / WINDUP);
            } else {
                t -= WINDUP;
                const D = a.decel;
                let s;
                if (t < ACCEL) {
                    s = (V * t * t) / (2 * ACCEL);
                    v = (V * t) / ACCEL;
                } else if (t < ACCEL + a.tc) {
                    s = (V * ACCEL) / 2 + V * (t - ACCEL);
                    v = V;
                } else {
                    const u = Math.min(t - ACCEL - a.tc, D);
                    s = (V * ACCEL) / 2 + V * a.tc + V * u - (V * u * u) / (2 * D);
                    v = V * (1 - u / D);
                }
                const run = a.distance + a.lead - s;
                v /= a.speedFactor;
                if (a.free) {
                    p = run; // no stop yet: on down the tape without end
                } else {
                    p = Math.max(0, run);
                    if (p <= 1e-6 || t >= ACCEL + a.tc + D) { p = 0; this._land(now); }
                }
            }
        }
        if (a.landed) {
            // landedAt: _land() sets it with `landed`
            const u = Math.min(1, (now - /** @type {number} */ (a.landedAt)) / (BOUNCE * a.speedFactor * 1000));
            p = -BOUNCE_DEPTH * Math.sin(Math.PI * u) * (1 - u);
            v = 0;
            if (u >= 1) {
                p = 0;
                this._anim = null;
                this.spinning = false;
                a.resolve();
            }
        }
        this.p = /** @type {number} */ (p); // set on every path above (landed or not), which TS cannot follow
        this.velocity = v;
    }

    /** @param {number} now */
    _land(now) {
        const a = /** @type {ReelAnim} */ (this._anim); // called by update() only, while a spin runs
        if (a.landed) return;
        a.landed = true;
        a.landedAt = now;
        const strip = this.strip;
        // a coasting reel rests where it braked: that place of its strip is its stop from now on
        if (a.coastTo !== undefined) this.stop = mod(this.stop + a.coastTo, strip.length);
        const stop = this.stop;
        this._tape = (j) => strip[mod(stop + j, strip.length)];
        if (a.onLand) a.onLand(this.index);
    }
}

/** Five reels, spun together and stopped one by one left to right. */
export class ReelSet {
    /** @param {ReadonlyArray<Strip>} strips one per reel
     *  @param {ReadonlyArray<number>} stops one per reel */
    constructor(strips, stops) {
        this.reels = strips.map((strip, i) => new Reel(i, strip, stops[i]));
    }

    /** @param {number} now */
    update(now) {
        for (const r of this.reels) r.update(now);
    }

    /**
     * Spin every reel to its stop. `tease` lists reels that spin longer (anticipation).
     * Resolves when all have settled.
     * @param {ReelSetSpin} options
     * @returns {Promise<void[]>}
     */
    spin({ strips, stops, grid, speedFactor, tease = [], onLand }) {
        const now = performance.now();
        // reels already turning (a press held while the engine loaded) have spun long enough:
        // they stop soon after the round is decided, a little apart
        const held = this.held;
        if (held) {
            performance.mark("held-stops"); // the round is decided: its stops are given
            if (tease.length) performance.mark("held-teased"); // (its suspense makes it land later)
        }
        let extra = 0;
        let left = this.reels.length;
        /** @param {number} i */
        const landed = (i) => {
            left -= 1;
            // the held press's round has landed: its last reel stopped (make bench: after `ready`)
            if (held && left === 0) performance.mark("held-landed");
            onLand?.(i);
        };
        const jobs = this.reels.map((reel, i) => {
            if (tease.includes(i)) extra += 1.1;
            return reel.spin({
                strip: strips[i], stop: stops[i], expected: grid?.[i], now,
                delay: 0, duration: (held ? HELD_STAGGER * i : 0.55 + 0.2 * i) + extra, speedFactor, onLand: landed,
            });
        });
        return Promise.all(jobs);
    }

    /** Whether the reels turn without a stop yet (spinFree). */
    get held() {
        return this.reels.some((r) => r.held);
    }

    /** Every reel turns from now on without a stop yet (a press of Spin while the engine loads). */
    spinFree() {
        const now = performance.now();
        for (const r of this.reels) r.spinFree(now);
    }

    /** Free reels brake onto whole symbols and rest (the held press was refused). Resolves
     *  once all have settled. @returns {Promise<void[]>} */
    coast() {
        const now = performance.now();
        return Promise.all(this.reels.map((r) => r.coast(now)));
    }

    slam() {
        const now = performance.now();
        for (const r of this.reels) r.slam(now);
    }
}
