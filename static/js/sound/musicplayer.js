// @ts-check
// The music (music.js's loops), played by a lookahead scheduler (sound.js owns one).
//
//   import { MusicPlayer } from "./musicplayer.js";
//   const music = new MusicPlayer({ audio, allowed }); // audio(): {ctx, master, voices} or null
//   music.play("feature"); music.update(); music.duck(true); music.stop();
//
// Notes are scheduled ahead on the AudioContext clock by a timer (10 times a second, up to
// 0.8 s ahead), so no frame does audio work. A run reaches at most 0.2 s further than the last:
// the first reached the whole 0.8 s at once, a task of 36 ms on the phone profile (CPU slowed
// 4x) in the moment the game became ready, while a tap waited; now the music's work comes in
// pieces of a few ms. The notes go through their own gain bus under the
// effects; `duck(true)` lowers it while a celebration plays its fanfare and count (the music
// steps back, as in a casino's big-win show), `duck(false)` brings it back. `allowed()` says
// whether music may sound now (a track chosen, music on, not muted, the page visible, after a
// gesture); `update()` starts or stops the scheduler to match it.

import { CELESTA, midi } from "./soundkit.js";
import { TRACKS, loopSeconds } from "./music.js";

/** @typedef {import("./music.js").TrackName} TrackName */
/** @typedef {import("./music.js").Voice} Voice */
/** @typedef {import("./synth.js").Synth} Synth */
/**
 * The audio the music plays into (Sound's, once its context is made).
 * @typedef {object} MusicAudio
 * @property {BaseAudioContext} ctx
 * @property {AudioNode} master the node the music's bus is connected to
 * @property {Synth} voices the voices playing into `ctx`
 */
/**
 * @typedef {object} MusicPlayerOptions
 * @property {() => MusicAudio | null} audio the audio to play into, or null (none made yet)
 * @property {() => boolean} allowed whether music may sound now
 */

const LOOKAHEAD = 0.8; // seconds of music scheduled ahead
const SCHEDULE_MS = 100; // how often the scheduler runs
const REACH = 0.2; // seconds by which one run may carry the scheduled horizon further
export const MUSIC_GAIN = 0.45; // the music bus under the effects
export const DUCKED = 0.12; // the bus's gain, relative to MUSIC_GAIN, under a celebration

export class MusicPlayer {
    /** @param {MusicPlayerOptions} options */
    constructor({ audio, allowed }) {
        /** @type {() => MusicAudio | null} */
        this._audio = audio;
        /** @type {() => boolean} */
        this._allowed = allowed;
        /** @type {TrackName | null} */
        this.track = null; // the loop wanted ("base" | "feature"), played when allowed
        /** @type {boolean} whether the music is lowered under a celebration (duck) */
        this.ducked = false;
        /** @type {ReturnType<typeof setInterval> | null} the scheduler's timer, while it runs */
        this._timer = null;
        /** @type {GainNode | null} the music's gain bus (made on first use) */
        this._bus = null;
        /** @type {number | null} */
        this._loopStart = 0; // context time of the current loop pass's start (null: the next run starts one)
        /** @type {number} */
        this._nextNote = 0; // index into the track's notes sorted by beat
        /** @type {number} */
        this._horizon = 0; // context time up to which notes are scheduled
    }

    /** Whether the scheduler runs (notes are being scheduled). @returns {boolean} */
    get playing() {
        return this._timer !== null;
    }

    /** Plays the loop `name` ("base" | "feature") from now on, when music may sound.
     *  @param {TrackName} [name] */
    play(name = "base") {
        const track = TRACKS[name] ? name : "base";
        if (track === this.track && this._timer) return;
        this.track = track;
        this.stop();
        this.update();
    }

    /** Starts or stops the scheduler to match `allowed()`. @returns {void} */
    update() {
        if (!this.track || !this._allowed()) return this.stop();
        if (this._timer) return;
        const audio = this._audio();
        if (!audio) return;
        this.bus(audio);
        this._loopStart = null; // the first run starts the loop 0.1 s ahead of its clock
        this._nextNote = 0;
        // the first notes with the first run, not now: the music starts in the task that makes
        // the game ready, and a tap answered there is painted first (scheduled in a task of
        // their own at once, they came between a tap's handling and its frame)
        this._timer = setInterval(() => this._schedule(), SCHEDULE_MS);
    }

    /** Stops scheduling; notes already scheduled fade out. */
    stop() {
        if (this._timer) clearInterval(this._timer);
        this._timer = null;
        try {
            if (this._bus) {
                // Notes already scheduled fade out: a new bus for the next ones.
                const old = this._bus;
                old.gain.cancelScheduledValues(old.context.currentTime);
                old.gain.setTargetAtTime(0, old.context.currentTime, 0.05);
                setTimeout(() => { try { old.disconnect(); } catch { /* disconnected already, or its context closed */ } }, 1500);
                this._bus = null;
            }
        } catch { /* a closed context's gain refuses a value: its notes are silent already */ }
    }

    /** Lowers the music under a celebration (on = true), or brings it back. @param {boolean} [on] */
    duck(on = true) {
        this.ducked = Boolean(on);
        try {
            const bus = this._bus;
            if (!bus) return;
            const t = bus.context.currentTime;
            bus.gain.cancelScheduledValues(t);
            bus.gain.setTargetAtTime(this._level(), t, this.ducked ? 0.08 : 0.4);
        } catch { /* a closed context's gain refuses a value: the music is silent, nothing to duck */ }
    }

    /** A new context (Sound.attach): the old bus belongs to the old one. */
    reset() {
        this.stop();
        this._bus = null;
    }

    /** The bus's gain now (lowered under a celebration). @returns {number} */
    _level() {
        return this.ducked ? MUSIC_GAIN * DUCKED : MUSIC_GAIN;
    }

    /** The music's gain bus in `audio`'s context (made on first use).
     *  @param {MusicAudio} audio
     *  @returns {GainNode} */
    bus(audio) {
        if (this._bus) return this._bus;
        const bus = audio.ctx.createGain();
        bus.gain.value = this._level();
        bus.connect(audio.master);
        this._bus = bus;
        return bus;
    }

    /** Schedules the notes that start within the lookahead window. @returns {void} */
    _schedule() {
        const audio = this._audio();
        if (!audio || !this._allowed()) return this.stop();
        const { ctx } = audio;
        if (ctx.state !== "running") return; // the clock is stopped: nothing to catch up
        // never null: the timer runs only once update() has seen a track, and none is unset
        const track = TRACKS[/** @type {TrackName} */ (this.track)];
        const notes = (track._sorted ??= [...track.notes].sort((a, b) => a[0] - b[0]));
        const beat = 60 / track.tempo;
        const span = loopSeconds(track);
        if (this._loopStart === null) this._loopStart = this._horizon = ctx.currentTime + 0.1;
        const until = Math.min(ctx.currentTime + LOOKAHEAD, Math.max(this._horizon, ctx.currentTime) + REACH);
        this._horizon = until;
        // A context that was suspended and resumed must not play a burst of past notes.
        if (this._loopStart + span < ctx.currentTime) {
            this._loopStart = ctx.currentTime + 0.05;
            this._nextNote = 0;
        }
        try {
            const dest = this.bus(audio);
            for (let guard = 0; guard < 256; guard++) {
                if (this._nextNote >= notes.length) {
                    this._loopStart += span;
                    this._nextNote = 0;
                }
                const [at, note, len, voice] = notes[this._nextNote];
                const t = this._loopStart + at * beat;
                if (t >= until) break;
                this._nextNote++;
                if (t < ctx.currentTime) continue;
                playNote(audio.voices, t, voice, note, len * beat, track.gain, dest);
            }
        } catch { /* the music must never break the game */ }
    }
}

/**
 * One note of a track's `voice` at context time `t`, played by `voices` (a Synth) into `dest`.
 * @param {Synth} voices
 * @param {number} t
 * @param {Voice} voice
 * @param {number} note MIDI note (unused by the sleigh bells)
 * @param {number} dur seconds
 * @param {number} gain the track's gain
 * @param {AudioNode} dest
 */
export function playNote(voices, t, voice, note, dur, gain, dest) {
    if (voice === "bell") {
        for (let k = 0; k < 2; k++) voices.noiseBurst(t + k * 0.06, 0.06, 0.07 * gain, "bandpass", 8000, 2.5, dest);
        return;
    }
    if (voice === "bass") {
        voices.tone(t, midi(note), Math.min(dur, 1.2), 0.35 * gain, "triangle", null, dest);
        return;
    }
    voices.bell(t, midi(note), Math.max(0.5, dur * 1.4), 0.3 * gain, CELESTA, dest);
}
