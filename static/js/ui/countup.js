// @ts-check
// A count-up: a number shown climbing toward an amount the engine reported. Only the shown
// text moves; whoever owns the element keeps the engine's amount in data-minor at once. The
// value shown is a whole number of minor units, never above the target and never going down
// while it climbs (a lower target, a new round's 0, is shown at once).
//
//   const count = new CountUp((v) => { el.textContent = format(v); });
//   count.to(1250, 800);   // from what it shows now up to 1250 in 800 ms, easing out
//   count.land();          // at 1250 now (a tap)
//
// `timeline` (panels' celebrations) is the same climb over segments of their own lengths:
// [{until: 1500, ms: 1200}, {until: 4000, ms: 1800}] climbs to 1500 in 1.2 s, then to 4000.

/** One segment of a climb: up to `until` (minor units) in `ms`.
 *  @typedef {{ until: number, ms: number }} Segment */
/** A segment as the climb runs it: from `from` up to `until`, starting at `t0` (performance.now()).
 *  @typedef {{ from: number, until: number, ms: number, t0: number }} TimedSegment */

export class CountUp {
    /**
     * @param {(value: number) => void} write  shows `value` (minor units)
     * @param {{ onFrame?: ((value: number, target: number) => void) | null }} [options]
     */
    constructor(write, { onFrame = null } = {}) {
        /** @type {(value: number) => void} */
        this.write = write;
        /** @type {((value: number, target: number) => void) | null} */
        this.onFrame = onFrame; // (value, target) after each frame's write
        /** The value shown now. @type {number} */
        this.value = 0;
        /** The value the climb lands on. @type {number} */
        this.target = 0;
        /** The pending animation frame's id; null when nothing climbs. @type {number | null} */
        this._raf = null;
        /** Resolves the promise of the climb in progress. @type {(() => void) | null} */
        this._done = null;
        /** @type {TimedSegment[]} */
        this._segments = [];
    }

    /** True while the shown value climbs toward the target. */
    get counting() {
        return this._raf !== null;
    }

    /** Shows `target` climbing from the value shown now, over `ms`; at once when `ms` is under a
     *  frame or the target is not above the value shown. Resolves once it shows the target.
     *  @param {number} target  @param {number} ms  @returns {Promise<void>} */
    to(target, ms) {
        return this.timeline([{ until: target, ms }], this.value <= target ? this.value : target);
    }

    /** Climbs from `from` through each segment's `until` in its `ms`; the last `until` is the
     *  target. Resolves when it lands (at its end, or on land()).
     *  @param {readonly Segment[]} segments  at least one
     *  @param {number} [from]
     *  @returns {Promise<void>} */
    timeline(segments, from = 0) {
        this._stop();
        const target = /** @type {Segment} */ (segments.at(-1)).until; // (segments is never empty)
        this.target = target;
        this.value = Math.min(from, target);
        let start = this.value;
        let t0 = performance.now();
        this._segments = segments.map((s) => {
            const seg = { from: start, until: Math.min(s.until, target), ms: Math.max(0, s.ms), t0 };
            start = seg.until;
            t0 += seg.ms;
            return seg;
        });
        /** @type {Promise<void>} */
        const promise = new Promise((resolve) => { this._done = resolve; });
        if (this._segments.every((s) => s.ms < 16 || s.until <= s.from)) {
            this.land();
            return promise;
        }
        this._show(this.value);
        /** @param {number} now */
        const frame = (now) => {
            this._raf = null;
            const seg = this._segments.find((s) => now < s.t0 + s.ms);
            if (!seg) { this.land(); return; }
            const u = Math.max(0, (now - seg.t0) / seg.ms);
            // each segment eases out, the last one more: the eye reads the landing
            const last = seg === this._segments.at(-1);
            const eased = 1 - Math.pow(1 - u, last ? 3 : 1.6);
            const v = Math.floor(seg.from + (seg.until - seg.from) * eased);
            this._show(Math.max(this.value, Math.min(v, this.target)));
            this._raf = requestAnimationFrame(frame);
        };
        this._raf = requestAnimationFrame(frame);
        return promise;
    }

    /** Shows the target now and resolves the climb. */
    land() {
        this._stop();
        this._show(this.target);
        const done = this._done;
        this._done = null;
        done?.();
    }

    /** Shows `value` at once, with nothing climbing (a new round's 0, a restored total).
     *  @param {number} value */
    set(value) {
        this._stop();
        this.target = value;
        this._show(value);
        const done = this._done;
        this._done = null;
        done?.();
    }

    /** @param {number} v */
    _show(v) {
        this.value = v;
        this.write(v);
        this.onFrame?.(v, this.target);
    }

    _stop() {
        if (this._raf !== null) cancelAnimationFrame(this._raf);
        this._raf = null;
    }
}

/** How long a meter takes to count a win of `timesBet` total bets (a decimal string or number):
 *  a small win a blink, a line of a few bets under a second, at most 1.6 s.
 *  @param {string | number} timesBet  @returns {number} */
export function meterMs(timesBet) {
    const x = Math.max(0, Number(timesBet) || 0);
    return Math.min(1600, 350 + 320 * Math.log2(1 + x));
}
