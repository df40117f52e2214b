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

import { ROWS } from "./layout.js";

export const VELOCITY = 26;      // symbols per second at full speed (scaled by the speed factor)
const ACCEL = 0.16;       // seconds to reach full speed
const DECEL = 0.34;       // seconds to brake
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
 * @property {number} tc seconds at full speed (unscaled)
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
        const previous = Array.from({ length: ROWS + 1 }, (_, j) => this._tape(j + Math.round(this.p)));
        const cruise = Math.max(0.15, duration - ACCEL / 2 - DECEL / 2);
        const distance = Math.max(6, Math.round(VELOCITY * (ACCEL / 2 + cruise + DECEL / 2)));
        const tc = distance / VELOCITY - ACCEL / 2 - DECEL / 2;
        this._tape = (j) => (j < distance
            ? strip[mod(stop + j, strip.length)]
            : previous[Math.min(j - distance, ROWS)]);
        this.strip = strip;
        this.stop = stop;
        this.p = distance;
        this.spinning = true;
        return new Promise((resolve) => {
            this._anim = {
                t0: now + delay * speedFactor * 1000, speedFactor, distance, tc, landed: false, onLand,
                resolve, slam: null,
            };
        });
    }

    /** Brake now (the player asked to stop the reels).
     *  @param {number} now */
    slam(now) {
        const a = this._anim;
        if (!a || a.landed || a.slam) return;
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
            const u = Math.min(1, (now - a.slam.t0) / a.slam.dur);
            p = a.slam.p0 * Math.pow(1 - u, 3);
            v = (3 * a.slam.p0 * Math.pow(1 - u, 2)) / (a.slam.dur / 1000);
            if (u >= 1) this._land(now);
        } else if (!a.landed) {
            let t = (now - a.t0) / 1000 / a.speedFactor; // unscaled seconds since the spin began
            if (t < 0) {
                p = a.distance;
            } else if (t < WINDUP) {
                p = a.distance + WINDUP_DEPTH * Math.sin((Math.PI * t) / WINDUP);
            } else {
                t -= WINDUP;
                let s;
                if (t < ACCEL) {
                    s = (V * t * t) / (2 * ACCEL);
                    v = (V * t) / ACCEL;
                } else if (t < ACCEL + a.tc) {
                    s = (V * ACCEL) / 2 + V * (t - ACCEL);
                    v = V;
                } else {
                    const u = Math.min(t - ACCEL - a.tc, DECEL);
                    s = (V * ACCEL) / 2 + V * a.tc + V * u - (V * u * u) / (2 * DECEL);
                    v = V * (1 - u / DECEL);
                }
                p = Math.max(0, a.distance - s);
                v /= a.speedFactor;
                if (p <= 1e-6 || t >= ACCEL + a.tc + DECEL) { p = 0; this._land(now); }
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
        let extra = 0;
        const jobs = this.reels.map((reel, i) => {
            if (tease.includes(i)) extra += 1.1;
            return reel.spin({
                strip: strips[i], stop: stops[i], expected: grid?.[i], now,
                delay: 0, duration: 0.55 + 0.2 * i + extra, speedFactor, onLand,
            });
        });
        return Promise.all(jobs);
    }

    slam() {
        const now = performance.now();
        for (const r of this.reels) r.slam(now);
    }
}
