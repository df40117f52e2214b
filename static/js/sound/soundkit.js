// @ts-check
// The sound's building blocks (sound.js): its tuning, the WebAudio constructor of this browser,
// and when a new AudioContext may be made.

export const MASTER_GAIN = 0.25;

// The most an idle moment lasts (ms): one that long has no frame due and no task waiting. The
// AudioContext, a long task, is made only in one (earlyaudio.js, sound.js).
export const IDLE_MS = 49;

/** What an idle callback asks before acting: act "now" (in a wholly idle moment), "wait" for a
 *  later moment, or "stop" waiting. @typedef {"now" | "wait" | "stop"} IdleAnswer */
/** A window as far as whenWhollyIdle uses one: its idle callbacks (absent in some browsers).
 *  @typedef {{ requestIdleCallback?: (callback: IdleRequestCallback) => unknown }} IdleRoot */
/** A sound's partials: [frequency ratio, amplitude, decay factor] each.
 *  @typedef {ReadonlyArray<readonly [ratio: number, amplitude: number, decay: number]>} Partials */

/**
 * Waits for a wholly idle moment of `root` (an idle callback with at least IDLE_MS left) to do a
 * long piece of work. Each idle callback asks `when()`: "now" (act in this moment if it is
 * wholly idle, else wait for the next), "wait" (not yet, whatever the room), or "stop" (give up).
 * `act(true)` is then called in the moment, or `act(false)` on "stop"; after `tries` moments
 * answered "now", the last acts whatever its room (a spin's frames may leave none). Returns
 * false, calling nothing, where `root` has no idle callbacks.
 * @param {() => IdleAnswer} when
 * @param {(now: boolean) => void} act
 * @param {{ root?: IdleRoot, tries?: number }} [options]
 * @returns {boolean}
 */
export function whenWhollyIdle(when, act, { root = globalThis, tries = Infinity } = {}) {
    const idle = root.requestIdleCallback;
    if (typeof idle !== "function") return false;
    let asked = 0;
    /** @param {IdleDeadline} deadline */
    const step = (deadline) => {
        const answer = when();
        if (answer === "stop") act(false);
        else if (answer === "now" && (deadline.timeRemaining() >= IDLE_MS || ++asked >= tries)) act(true);
        else idle.call(root, step);
    };
    idle.call(root, step);
    return true;
}

/** Note frequencies (equal temperament, A4 = 440 Hz) by MIDI number. @type {(n: number) => number} */
export const midi = (n) => 440 * Math.pow(2, (n - 69) / 12);
// C major pentatonic from C5 upwards, for bells that always sound festive together.
/** @type {ReadonlyArray<number>} */
export const PENTA = [72, 74, 76, 79, 81, 84, 86, 88, 91, 93, 96];
// Glockenspiel-like inharmonic partials: [ratio, amplitude, decay factor].
/** @type {Partials} */
export const GLOCK = [[1, 1, 1], [2.76, 0.32, 0.55], [5.4, 0.14, 0.35], [8.93, 0.06, 0.22]];
// A softer, warmer bell (tubular / celesta-ish).
/** @type {Partials} */
export const CELESTA = [[1, 1, 1], [2, 0.28, 0.6], [3, 0.1, 0.4], [4.2, 0.05, 0.3]];

/** This browser's AudioContext constructor (older Safari's prefixed one), or null without WebAudio.
 *  @returns {typeof AudioContext | null} */
export function audioContextClass() {
    try {
        // webkitAudioContext: older Safari's, unknown to the DOM types
        return globalThis.AudioContext || /** @type {{ webkitAudioContext?: typeof AudioContext }} */ (globalThis).webkitAudioContext
            || null;
    } catch { // a global that throws when read (a locked-down embed): no WebAudio, the game plays silently
        return null;
    }
}

