// @ts-check
// The synthesiser's voices (sound.js, musicplayer.js): the few WebAudio building blocks every
// effect and every note of the music is made of, played into one context.
//
//   import { Synth } from "./synth.js";
//   const v = new Synth(ctx, master); // master: the node everything is connected to
//   v.bell(ctx.currentTime, midi(84), 0.8, 0.1, GLOCK); v.brass(t, 440, 0.3, 0.1);
//
// Every method takes the context time `t` it starts at and an optional destination node (the
// master by default; a loop's or the music's own gain bus otherwise). Pure WebAudio: it works
// the same in an OfflineAudioContext (tests/e2e/test_sound.py renders the sound with it).

import { GLOCK, PENTA, midi } from "./soundkit.js";

/** @typedef {import("./soundkit.js").Partials} Partials */

export class Synth {
    /**
     * @param {BaseAudioContext} ctx the context played into (an AudioContext, or an OfflineAudioContext)
     * @param {AudioNode} master the node everything is connected to by default
     */
    constructor(ctx, master) {
        /** @type {BaseAudioContext} */
        this.ctx = ctx;
        /** @type {AudioNode} */
        this.master = master;
        /** @type {AudioBuffer | null} one second of white noise, shared by every noise (made on first use) */
        this._noise = null;
    }

    /** The shared second of white noise (made on first use). @returns {AudioBuffer} */
    noiseBuffer() {
        if (!this._noise) {
            const ctx = this.ctx;
            const len = Math.floor(ctx.sampleRate * 1.0);
            const buf = ctx.createBuffer(1, len, ctx.sampleRate);
            const data = buf.getChannelData(0);
            // white noise in [-1, 1) from the platform's generator, a chunk of 16,384 at a time (its
            // most per call): a Math.random() per sample took 11 ms on a phone, in the first spin's tap
            const words = new Int32Array(16384);
            for (let k = 0; k < len; k += words.length) {
                crypto.getRandomValues(words);
                const n = Math.min(words.length, len - k);
                for (let i = 0; i < n; i++) data[k + i] = words[i] / 2147483648;
            }
            this._noise = buf;
        }
        return this._noise;
    }

    /**
     * Envelope gain node: fast attack, exponential decay, connected to `dest`.
     * @param {number} t
     * @param {number} attack seconds
     * @param {number} dur seconds
     * @param {number} peak
     * @param {AudioNode} [dest]
     * @returns {GainNode}
     */
    env(t, attack, dur, peak, dest = this.master) {
        const g = this.ctx.createGain();
        g.gain.setValueAtTime(0.0001, t);
        g.gain.linearRampToValueAtTime(peak, t + attack);
        g.gain.exponentialRampToValueAtTime(0.0001, t + Math.max(attack + 0.01, dur));
        g.connect(dest);
        return g;
    }

    /**
     * A single oscillator with an optional pitch glide to `toFreq`.
     * @param {number} t
     * @param {number} freq Hz
     * @param {number} dur seconds
     * @param {number} peak
     * @param {OscillatorType} [type]
     * @param {number | null} [toFreq] Hz
     * @param {AudioNode} [dest]
     */
    tone(t, freq, dur, peak, type = "sine", toFreq = null, dest = this.master) {
        const ctx = this.ctx;
        const osc = ctx.createOscillator();
        osc.type = type;
        osc.frequency.setValueAtTime(freq, t);
        if (toFreq) osc.frequency.exponentialRampToValueAtTime(toFreq, t + dur);
        osc.connect(this.env(t, 0.004, dur, peak, dest));
        osc.start(t);
        osc.stop(t + dur + 0.05);
    }

    /**
     * A bell: sine partials, higher ones decaying faster.
     * @param {number} t
     * @param {number} freq Hz
     * @param {number} dur seconds
     * @param {number} peak
     * @param {Partials} [partials]
     * @param {AudioNode} [dest]
     */
    bell(t, freq, dur, peak, partials = GLOCK, dest = this.master) {
        const ctx = this.ctx;
        const nyquist = ctx.sampleRate / 2;
        for (const [ratio, amp, decay] of partials) {
            const f = freq * ratio;
            if (f >= nyquist * 0.9) continue;
            const osc = ctx.createOscillator();
            osc.type = "sine";
            osc.frequency.setValueAtTime(f, t);
            const d = dur * decay;
            osc.connect(this.env(t, 0.002, d, peak * amp, dest));
            osc.start(t);
            osc.stop(t + d + 0.05);
        }
    }

    /**
     * A soft brass-like note: detuned triangles through a lowpass with a swell.
     * @param {number} t
     * @param {number} freq Hz
     * @param {number} dur seconds
     * @param {number} peak
     */
    brass(t, freq, dur, peak) {
        const ctx = this.ctx;
        const filter = ctx.createBiquadFilter();
        filter.type = "lowpass";
        filter.frequency.setValueAtTime(freq * 2, t);
        filter.frequency.linearRampToValueAtTime(freq * 5, t + 0.05);
        filter.frequency.exponentialRampToValueAtTime(freq * 2.5, t + dur);
        filter.Q.value = 0.7;
        const g = ctx.createGain();
        g.gain.setValueAtTime(0.0001, t);
        g.gain.linearRampToValueAtTime(peak, t + 0.03);
        g.gain.setValueAtTime(peak * 0.8, t + Math.max(0.04, dur * 0.7));
        g.gain.exponentialRampToValueAtTime(0.0001, t + dur + 0.18);
        filter.connect(g);
        g.connect(this.master);
        /** @type {ReadonlyArray<readonly [OscillatorType, number, number]>} [type, detune in cents, amplitude] */
        const oscillators = [["sawtooth", -6, 0.35], ["triangle", 5, 1]];
        for (const [type, detune, amp] of oscillators) {
            const osc = ctx.createOscillator();
            osc.type = type;
            osc.frequency.setValueAtTime(freq, t);
            osc.detune.setValueAtTime(detune, t);
            const a = ctx.createGain();
            a.gain.value = amp;
            osc.connect(a);
            a.connect(filter);
            osc.start(t);
            osc.stop(t + dur + 0.25);
        }
    }

    /** Noise through a biquad filter of `type` from time `t` for `dur` seconds; returns the
     *  filter, to be connected to an envelope.
     * @param {number} t
     * @param {number} dur seconds
     * @param {BiquadFilterType} type
     * @param {number} q
     * @param {number} offset the most seconds into the noise it starts at (a random point)
     * @returns {BiquadFilterNode}
     */
    filteredNoise(t, dur, type, q, offset) {
        const ctx = this.ctx;
        const src = ctx.createBufferSource();
        src.buffer = this.noiseBuffer();
        const filter = ctx.createBiquadFilter();
        filter.type = type;
        filter.Q.value = q;
        src.connect(filter);
        src.start(t, Math.random() * offset);
        src.stop(t + dur + 0.02);
        return filter;
    }

    /**
     * Filtered noise with a frequency sweep (whooshes).
     * @param {number} t
     * @param {number} dur seconds
     * @param {number} from Hz
     * @param {number} to Hz
     * @param {number} peak
     * @param {number} [q]
     * @param {AudioNode} [dest]
     */
    noiseSweep(t, dur, from, to, peak, q = 1, dest = this.master) {
        const filter = this.filteredNoise(t, dur, "bandpass", q, 0.4);
        filter.frequency.setValueAtTime(from, t);
        filter.frequency.exponentialRampToValueAtTime(to, t + dur);
        const g = this.ctx.createGain();
        g.gain.setValueAtTime(0.0001, t);
        g.gain.linearRampToValueAtTime(peak, t + dur * 0.45);
        g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
        filter.connect(g);
        g.connect(dest);
    }

    /**
     * A short burst of filtered noise.
     * @param {number} t
     * @param {number} dur seconds
     * @param {number} peak
     * @param {BiquadFilterType} type
     * @param {number} freq Hz
     * @param {number} [q]
     * @param {AudioNode} [dest]
     */
    noiseBurst(t, dur, peak, type, freq, q = 0.8, dest = this.master) {
        const filter = this.filteredNoise(t, dur, type, q, 0.5);
        filter.frequency.value = freq;
        filter.connect(this.env(t, 0.002, dur, peak, dest));
    }

    /**
     * Sleigh bells: rhythmic shakes of bright metallic jingles over `dur` seconds.
     * @param {number} t
     * @param {number} dur seconds
     * @param {number} peak
     */
    sleighBells(t, dur, peak) {
        const shakes = Math.max(2, Math.floor(dur / 0.11));
        for (let s = 0; s < shakes; s++) {
            const at = t + s * 0.11 + (Math.random() - 0.5) * 0.012;
            const accent = s % 2 === 0 ? 1 : 0.65;
            const fade = 1 - (s / shakes) * 0.5;
            this.noiseBurst(at, 0.07, peak * accent * fade, "bandpass", 7000 + Math.random() * 2500, 2.5);
            // Two or three tiny jingle bells per shake.
            for (let k = 0; k < 2 + (s % 2); k++) {
                const f = 3200 + Math.random() * 2600;
                this.bell(at + k * 0.012, f, 0.12, peak * 0.35 * accent * fade,
                    [[1, 1, 1], [1.5, 0.5, 0.6]]);
            }
        }
    }

    /**
     * A shimmer of random high pentatonic bells.
     * @param {number} t
     * @param {number} count bells
     * @param {number} span seconds they are spread over
     * @param {number} peak
     */
    sparkle(t, count, span, peak) {
        for (let k = 0; k < count; k++) {
            const n = PENTA[5 + Math.floor(Math.random() * (PENTA.length - 5))] + 12;
            this.bell(t + (k / count) * span + Math.random() * 0.02, midi(n), 0.35, peak, GLOCK);
        }
    }
}
