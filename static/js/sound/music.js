// @ts-check
// The music's note data: two loops arranged here from public-domain carols, and their timing.
//
//   import { TRACKS, loopSeconds } from "./music.js";
//   const t = TRACKS.base; // {tempo, beatsPerBar, bars, notes: [[beat, midi, beats, voice]]}
//   loopSeconds(t) === t.bars * t.beatsPerBar * 60 / t.tempo
//
// base: "O Tannenbaum" (German folk tune, public domain), slow 3/4, celesta over soft bass.
// feature: "Jingle Bells" chorus (James Lord Pierpont, 1857, public domain), lively 4/4 with
// sleigh-bell beats. Voices: "lead", "bass", "bell" (a sleigh-bell shake). Sound.js plays them.

/** A voice of the music: a melody, its bass, or a sleigh-bell shake. @typedef {"lead" | "bass" | "bell"} Voice */
/** A note: [beat it starts on, counted from the loop's start; MIDI note (0 for the bells); length
 *  in beats; voice]. @typedef {readonly [beat: number, midi: number, beats: number, voice: Voice]} Note */
/** A loop's name. @typedef {"base" | "feature"} TrackName */
/**
 * A loop: its tempo (beats per minute), metre, length in bars, gain, and notes (in no order).
 * @typedef {object} Track
 * @property {TrackName} name
 * @property {number} tempo
 * @property {number} beatsPerBar
 * @property {number} bars
 * @property {number} gain
 * @property {ReadonlyArray<Note>} notes
 * @property {ReadonlyArray<Note>} [_sorted] the notes sorted by beat, cached by musicplayer.js on first use
 */

// [beat, midi note, length in beats] for a melody; beats counted from the loop's start.
/** @type {(list: ReadonlyArray<readonly [note: number, beats: number]>, voice: Voice) => Note[]} */
const seq = (list, voice) => {
    let beat = 0;
    /** @type {Note[]} */
    const out = [];
    for (const [note, len] of list) {
        if (note) out.push([beat, note, len, voice]);
        beat += len;
    }
    return out;
};

// O Tannenbaum in F (3/4, pickup folded into bar 1), 8 bars.
const tannenbaumLead = seq([
    [60, 1], [65, 0.75], [65, 0.25], [65, 1],
    [67, 1], [69, 0.75], [69, 0.25], [69, 1],
    [69, 1], [67, 1], [69, 1],
    [70, 1.5], [64, 0.5], [67, 1],
    [65, 1], [0, 2],
    [72, 1], [72, 1], [69, 1],
    [74, 1.5], [72, 0.5], [72, 1],
    [70, 1], [70, 1], [0, 1],
], "lead");
const tannenbaumBass = seq([
    [41, 3], [41, 3], [41, 3], [36, 3], [41, 3], [41, 3], [46, 3], [36, 3],
], "bass");

// Jingle Bells chorus in G (4/4), 8 bars.
const jingleLead = seq([
    [71, 1], [71, 1], [71, 2],
    [71, 1], [71, 1], [71, 2],
    [71, 1], [74, 1], [67, 1.5], [69, 0.5],
    [71, 4],
    [72, 1], [72, 1], [72, 1.5], [72, 0.5],
    [72, 1], [71, 1], [71, 1], [71, 0.5], [71, 0.5],
    [74, 1], [74, 1], [72, 1], [69, 1],
    [67, 4],
], "lead");
const jingleBass = seq([
    [43, 2], [50, 2], [43, 2], [50, 2], [43, 2], [50, 2], [43, 2], [50, 2],
    [48, 2], [43, 2], [43, 2], [50, 2], [50, 2], [45, 2], [43, 2], [50, 2],
], "bass");
/** @type {Note[]} */
const jingleBells = Array.from({ length: 16 }, (_, k) => [k * 2 + 1, 0, 1, "bell"]);

/** @type {{ readonly [name in TrackName]: Track }} */
export const TRACKS = {
    base: { name: "base", tempo: 84, beatsPerBar: 3, bars: 8, gain: 0.5,
        notes: [...tannenbaumLead, ...tannenbaumBass] },
    feature: { name: "feature", tempo: 132, beatsPerBar: 4, bars: 8, gain: 0.55,
        notes: [...jingleLead, ...jingleBass, ...jingleBells] },
};

/** A loop's length in seconds: bars x beats per bar x 60 / tempo.
 *  @param {Pick<Track, "bars" | "beatsPerBar" | "tempo">} track
 *  @returns {number} */
export function loopSeconds(track) {
    return (track.bars * track.beatsPerBar * 60) / track.tempo;
}
