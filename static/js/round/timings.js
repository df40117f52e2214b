// @ts-check
// When each round happened on the page's clock (performance.now()), for the page contract's
// game.state().timings and the embedding roundEnd message: the round's start (its reveal
// began: data-state "playing"), its outcome fully shown (the reveal ended, the win on the
// meter) and when the next round could be started (the round credited and the lock given
// back, and the profile's least cycle from the start passed). The last ten, oldest first.

/** How many rounds' timings are kept. */
export const KEPT = 10;

/**
 * One round's times on the page's clock (performance.now(), ms): null while not reached yet.
 * @typedef {object} RoundTiming
 * @property {number} start    its reveal began
 * @property {number | null} outcome  its outcome was fully shown
 * @property {number | null} enabled  the next round could start
 */

export class RoundTimings {
    constructor() {
        /** @type {RoundTiming[]} the finished rounds', oldest first (at most KEPT) */
        this._list = [];
        /** @type {RoundTiming | null} the round being shown, until `enabled` */
        this._current = null;
    }

    /** A round's reveal began at `at`.
     *  @param {number} at */
    start(at) {
        this._current = { start: at, outcome: null, enabled: null };
    }

    /** Its outcome is fully shown (now).
     *  @param {number} [at] */
    shown(at = performance.now()) {
        if (this._current) this._current.outcome = at;
    }

    /** The next round can start at `at`: the round's timings are complete; returns a copy
     *  (null when no round was started).
     *  @param {number} at
     *  @returns {RoundTiming | null} */
    enabled(at) {
        const t = this._current;
        if (!t) return null;
        t.outcome ??= at;
        t.enabled = at;
        this._current = null;
        this._list.push(t);
        if (this._list.length > KEPT) this._list.shift();
        return { ...t };
    }

    /** The last rounds' `{start, outcome, enabled}`, oldest first.
     *  @returns {RoundTiming[]} */
    list() {
        return this._list.map((t) => ({ ...t }));
    }
}
