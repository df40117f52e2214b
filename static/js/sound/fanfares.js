// @ts-check
// The game's fanfares (sound.js plays them): the big-win tiers, the tier stings of a count-up,
// the feature's start and the max win. Each is a function of the voices (synth.js's Synth) and
// the context time `t` it starts at; sound.js decides when, and whether, one plays.

import { CELESTA, GLOCK, PENTA, midi } from "./soundkit.js";

/** @typedef {import("./synth.js").Synth} Synth */

/**
 * Big / mega / epic win (level 1..3): a festive brass-and-bells fanfare.
 * @param {Synth} v
 * @param {number} t
 * @param {1 | 2 | 3} lv
 */
export function bigWinFanfare(v, t, lv) {
    const up = (lv - 1) * 2; // each level a whole tone higher
    const phrase = [[67, 0.0, 0.14], [72, 0.14, 0.14], [76, 0.28, 0.14], [79, 0.42, 0.5]];
    let end = 0;
    for (let rep = 0; rep < lv; rep++) {
        const o = rep * 0.62;
        const shift = up + rep * 5;
        for (const [n, at, dur] of phrase) v.brass(t + o + at, midi(n + shift), dur, 0.11);
        end = o + 0.92;
    }
    // Final chord: brass triad plus a bell cascade and sleigh bells.
    const root = 72 + up + (lv - 1) * 5;
    for (const n of [0, 4, 7, 12]) v.brass(t + end, midi(root + n), 0.8 + lv * 0.2, 0.07);
    for (let k = 0; k < 5 + lv * 2; k++) {
        v.bell(t + end + k * 0.06, midi(PENTA[(k + lv) % PENTA.length] + 12), 0.7, 0.07, GLOCK);
    }
    v.sleighBells(t, end + 0.9, 0.07);
}

/**
 * The max win is reached: the grand fanfare, with bells all round.
 * @param {Synth} v
 * @param {number} t
 */
export function maxWinFanfare(v, t) {
    const line = [[72, 0, 0.18], [72, 0.18, 0.1], [72, 0.28, 0.1], [79, 0.38, 0.45],
        [77, 0.86, 0.14], [76, 1.0, 0.14], [74, 1.14, 0.14], [84, 1.28, 1.2]];
    for (const [n, at, dur] of line) {
        v.brass(t + at, midi(n), dur, 0.11);
        v.brass(t + at, midi(n - 12), dur, 0.05);
    }
    for (const n of [60, 64, 67, 72]) v.brass(t + 1.28, midi(n), 1.2, 0.05);
    const cascade = [96, 93, 91, 88, 86, 84, 81, 79, 76, 74, 72];
    cascade.forEach((n, k) => v.bell(t + 1.3 + k * 0.07, midi(n), 0.9, 0.08, GLOCK));
    v.sleighBells(t, 2.6, 0.09);
}

/**
 * Free spins triggered: sleigh bells and a rising two-octave arpeggio.
 * @param {Synth} v
 * @param {number} t
 */
export function featureFanfare(v, t) {
    v.sleighBells(t, 1.6, 0.09);
    const arp = [60, 64, 67, 72, 76, 79, 84, 88, 91, 96];
    arp.forEach((n, k) => v.bell(t + 0.1 + k * 0.09, midi(n), 0.8, 0.1 + k * 0.006, GLOCK));
    const top = t + 0.1 + arp.length * 0.09;
    for (const n of [72, 76, 79, 84]) v.bell(top, midi(n), 1.6, 0.08, CELESTA);
    v.sparkle(top, 8, 0.8, 0.03);
}

/**
 * A count-up climbs into tier `level` (1 big, 2 mega, 3 epic, 4 max): a short sting.
 * @param {Synth} v
 * @param {number} t
 * @param {1 | 2 | 3 | 4} lv
 */
export function tierSting(v, t, lv) {
    const root = 67 + lv * 2;
    for (const n of [0, 4, 7]) v.brass(t, midi(root + n), 0.35, 0.07);
    v.bell(t + 0.05, midi(root + 24), 0.7, 0.08, GLOCK);
    if (lv >= 3) v.sleighBells(t, 0.5, 0.05);
}
