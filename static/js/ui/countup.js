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

export class CountUp {
    constructor(write, { onFrame = null } = {}) {
        this.write = write;
        this.onFrame = onFrame; // (value, target) after each frame's write
        this.value = 0;
        this.target = 0;
        this._raf = null;
        this._done = null;
        this._segments = [];
    }

    /** True while the shown value climbs toward the target. */
    get counting() {
        return this._raf !== null;
    }

    /** Shows `target` climbing from the value shown now, over `ms`; at once when `ms` is under a
     *  frame or the target is not above the value shown. Resolves once it shows the target. */
    to(target, ms) {
        return this.timeline([{ until: target, ms }], this.value <= target ? this.value : target);
    }

    /** Climbs from `from` through each segment's `until` in its `ms`; the last `until` is the
     *  target. Resolves when it lands (at its end, or on land()). */
    timeline(segments, from = 0) {
        this._stop();
        const target = segments.at(-1).until;
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
        const promise = new Promise((resolve) => { this._done = resolve; });
        if (this._segments.every((s) => s.ms < 16 || s.until <= s.from)) {
            this.land();
            return promise;
        }
        this._show(this.value);
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

    /** Shows `value` at once, with nothing climbing (a new round's 0, a restored total). */
    set(value) {
        this._stop();
        this.target = value;
        this._show(value);
        const done = this._done;
        this._done = null;
        done?.();
    }

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
 *  a small win a blink, a line of a few bets under a second, at most 1.6 s. */
export function meterMs(timesBet) {
    const x = Math.max(0, Number(timesBet) || 0);
    return Math.min(1600, 350 + 320 * Math.log2(1 + x));
}
