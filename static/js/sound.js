// Every sound effect, synthesised with WebAudio (no audio files).
//
//   import { Sound } from "./sound.js";
//   const sound = new Sound();
//   sound.spinStart(); sound.reelStop(2); sound.win(3.5); sound.muted = true;
//   sound.music("base"); sound.music("feature"); sound.musicOn = false; sound.effectsOn = false;
//
// `muted` is the master switch (the HUD button, the parent's `mute`); `musicOn` and `effectsOn`
// switch the music and the effects separately. The music (music.js's loops) is scheduled ahead
// on the AudioContext clock by a lookahead timer (4 times a second, 0.8 s ahead), so no frame
// does audio work; it starts after the first gesture, and everything stops (context suspended,
// scheduler paused) while the page is hidden.
//
// The AudioContext is created lazily, after the paint that follows the first call after a user
// gesture (browsers block audio until then; making it is a long task the tap must not wait for).
// Before that, and when WebAudio is missing or fails, every method is a silent no-op.

import { CELESTA, GLOCK, MASTER_GAIN, PENTA, afterPaint, audioContextClass, midi } from "./soundkit.js";
import { TRACKS, loopSeconds } from "./music.js";

const LOOKAHEAD = 0.8; // seconds of music scheduled ahead
const SCHEDULE_MS = 250; // how often the scheduler runs
const MUSIC_GAIN = 0.45; // the music bus under the effects

export class Sound {
    constructor() {
        this._muted = false; // the page sets it from the saved record (store.js)
        this._ctx = null;
        this._master = null;
        this._noise = null;
        this._failed = !audioContextClass();
        this._gestured = false;
        this._lastReelStop = 0;
        this._musicOn = true;
        this._effectsOn = true;
        this._track = null; // the loop wanted ("base" | "feature"), played when allowed
        this._timer = null;
        this._loopStart = 0; // context time of the current loop pass's start
        this._nextNote = 0; // index into the track's notes sorted by beat
        this._lastTick = -1;
        this._loops = new Map(); // "spin" | "anticipation" -> {stop()}
        this._onVisibility = () => this._visibility();
        try { globalThis.document?.addEventListener?.("visibilitychange", this._onVisibility); } catch { /* ignore */ }
        // Note user gestures, and resume a suspended context inside one (iOS Safari only lets
        // audio start from within a gesture handler). The context itself is only created by the
        // first effect played after a gesture.
        this._onGesture = () => {
            this._gestured = true;
            if (this._track && !this._timer) afterPaint(() => this._musicUpdate());
            try {
                if (this._ctx && this._ctx.state === "suspended" && !this._muted) {
                    this._ctx.resume().catch(() => {});
                }
            } catch { /* ignore */ }
        };
        try {
            for (const type of ["pointerdown", "keydown", "touchend", "click"]) {
                globalThis.addEventListener?.(type, this._onGesture, { capture: true, passive: true });
            }
        } catch { /* not in a window */ }
    }

    get muted() {
        return this._muted;
    }

    set muted(value) {
        this._muted = Boolean(value);
        try {
            if (this._master && this._ctx) {
                const t = this._ctx.currentTime;
                this._master.gain.cancelScheduledValues(t);
                this._master.gain.setTargetAtTime(this._muted ? 0 : MASTER_GAIN, t, 0.02);
            }
        } catch { /* ignore */ }
        if (this._muted) this._stopLoops();
        this._musicUpdate();
    }

    get musicOn() {
        return this._musicOn;
    }

    set musicOn(value) {
        this._musicOn = value !== false;
        this._musicUpdate();
    }

    get effectsOn() {
        return this._effectsOn;
    }

    set effectsOn(value) {
        this._effectsOn = value !== false;
        if (!this._effectsOn) this._stopLoops();
    }

    // ---- music ---------------------------------------------------------------------------

    /** Plays the loop `name` ("base" | "feature") from now on, when music may sound. */
    music(name = "base") {
        const track = TRACKS[name] ? name : "base";
        if (track === this._track && this._timer) return;
        this._track = track;
        this._stopMusic();
        this._musicUpdate();
    }

    _hidden() {
        try { return Boolean(globalThis.document?.hidden); } catch { return false; }
    }

    _musicAllowed() {
        return Boolean(this._track) && this._musicOn && !this._muted && !this._hidden() && !this._failed;
    }

    /** Starts or stops the scheduler to match the switches. */
    _musicUpdate() {
        if (!this._musicAllowed()) return this._stopMusic();
        if (this._timer || !this._hasGesture()) return;
        const ctx = this._context();
        if (!ctx) return;
        this._ensureMusicBus();
        this._loopStart = ctx.currentTime + 0.1;
        this._nextNote = 0;
        this._timer = setInterval(() => this._schedule(), SCHEDULE_MS);
        this._schedule();
    }

    _stopMusic() {
        if (this._timer) clearInterval(this._timer);
        this._timer = null;
        try {
            if (this._musicBus && this._ctx) {
                // Notes already scheduled fade out: a new bus for the next ones.
                const t = this._ctx.currentTime;
                this._musicBus.gain.setTargetAtTime(0, t, 0.05);
                const old = this._musicBus;
                setTimeout(() => { try { old.disconnect(); } catch { /* ignore */ } }, 1500);
                this._musicBus = null;
            }
        } catch { /* ignore */ }
    }

    _ensureMusicBus() {
        if (this._musicBus) return this._musicBus;
        const bus = this._ctx.createGain();
        bus.gain.value = MUSIC_GAIN;
        bus.connect(this._master);
        this._musicBus = bus;
        return bus;
    }

    /** Schedules the notes that start within the lookahead window. */
    _schedule() {
        const ctx = this._ctx;
        if (!ctx || !this._musicAllowed()) return this._stopMusic();
        if (ctx.state !== "running") return; // the clock is stopped: nothing to catch up
        const track = TRACKS[this._track];
        const notes = (track._sorted ??= [...track.notes].sort((a, b) => a[0] - b[0]));
        const beat = 60 / track.tempo;
        const span = loopSeconds(track);
        const until = ctx.currentTime + LOOKAHEAD;
        // A context that was suspended and resumed must not play a burst of past notes.
        if (this._loopStart + span < ctx.currentTime) {
            this._loopStart = ctx.currentTime + 0.05;
            this._nextNote = 0;
        }
        try {
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
                this.playNote(t, voice, note, len * beat, track.gain);
            }
        } catch { /* the music must never break the game */ }
    }

    /** One note of a track's `voice` at context time `t` into the music bus (or `dest`). */
    playNote(t, voice, note, dur, gain, dest = this._ensureMusicBus()) {
        if (voice === "bell") {
            for (let k = 0; k < 2; k++) this._noiseBurst(t + k * 0.06, 0.06, 0.07 * gain, "bandpass", 8000, 2.5, dest);
            return;
        }
        if (voice === "bass") {
            this._tone(t, midi(note), Math.min(dur, 1.2), 0.35 * gain, "triangle", null, dest);
            return;
        }
        this._bell(t, midi(note), Math.max(0.5, dur * 1.4), 0.3 * gain, CELESTA, dest);
    }

    _visibility() {
        const hidden = this._hidden();
        try {
            if (hidden) {
                this._stopLoops();
                this._stopMusic();
                if (this._ctx && this._ctx.state === "running") this._ctx.suspend().catch(() => {});
            } else {
                if (this._ctx && this._ctx.state === "suspended" && !this._muted) this._ctx.resume().catch(() => {});
                this._musicUpdate();
            }
        } catch { /* ignore */ }
    }

    // ---- effects -------------------------------------------------------------------------

    /** Reels start: a soft rising swish with a tiny wooden tick. */
    spinStart() {
        this._play((t) => {
            this._noiseSweep(t, 0.3, 500, 2600, 0.28, 1.4);
            this._tone(t, 520, 0.05, 0.08, "triangle", 380);
        });
    }

    /** Reel i (0..4) stops: a soft thunk, a little higher on each reel. */
    reelStop(i = 0) {
        this._play((t) => {
            const reel = Math.max(0, Math.min(4, Number(i) || 0));
            // Several reels stopping in the same instant should not stack into a loud bang.
            const quiet = t - this._lastReelStop < 0.03 ? 0.5 : 1;
            this._lastReelStop = t;
            const f = 120 + reel * 14;
            this._tone(t, f * 1.6, 0.2, 0.8 * quiet, "sine", f * 0.7);
            this._tone(t, f * 3.1, 0.05, 0.06 * quiet, "triangle", f * 2);
            this._noiseBurst(t, 0.045, 0.12 * quiet, "lowpass", 900 + reel * 120);
        });
    }

    /** A book lands: a magical rising chime with a sparkle on top. */
    book() {
        this._play((t) => {
            const notes = [88, 91, 95, 100]; // E6 G6 B6 E7
            notes.forEach((n, k) => this._bell(t + k * 0.055, midi(n), 0.9, 0.16, GLOCK));
            this._sparkle(t + 0.12, 6, 0.5, 0.035);
        });
    }

    /** A win of `amountInBets` total bets: a jingle that grows with the win. */
    win(amountInBets = 1) {
        const x = Number(amountInBets);
        if (!(x > 0)) return;
        this._play((t) => {
            const steps = x < 1 ? 2 : x < 3 ? 3 : x < 8 ? 4 : x < 15 ? 5 : 6;
            const gain = x < 1 ? 0.12 : x < 5 ? 0.15 : 0.18;
            const start = x < 3 ? 2 : 0;
            for (let k = 0; k < steps; k++) {
                this._bell(t + k * 0.085, midi(PENTA[start + k]), 0.6, gain, GLOCK);
            }
            const end = t + steps * 0.085;
            // A chord to close, with a whisper of sleigh bells on bigger wins.
            this._bell(end, midi(PENTA[start + steps - 1]), 0.9, gain * 0.8, CELESTA);
            this._bell(end, midi(PENTA[start + steps - 1] - 12), 0.9, gain * 0.5, CELESTA);
            if (x >= 5) this._sleighBells(t, 0.25 + steps * 0.08, 0.06);
        });
    }

    /** Big / mega / epic win (level 1..3): a festive brass-and-bells fanfare. */
    bigWin(level = 1) {
        const lv = Math.max(1, Math.min(3, Math.round(Number(level) || 1)));
        this._play((t) => {
            const up = (lv - 1) * 2; // each level a whole tone higher
            const phrase = [[67, 0.0, 0.14], [72, 0.14, 0.14], [76, 0.28, 0.14], [79, 0.42, 0.5]];
            let end = 0;
            for (let rep = 0; rep < lv; rep++) {
                const o = rep * 0.62;
                const shift = up + rep * 5;
                for (const [n, at, dur] of phrase) this._brass(t + o + at, midi(n + shift), dur, 0.11);
                end = o + 0.92;
            }
            // Final chord: brass triad plus a bell cascade and sleigh bells.
            const root = 72 + up + (lv - 1) * 5;
            for (const n of [0, 4, 7, 12]) this._brass(t + end, midi(root + n), 0.8 + lv * 0.2, 0.07);
            for (let k = 0; k < 5 + lv * 2; k++) {
                this._bell(t + end + k * 0.06, midi(PENTA[(k + lv) % PENTA.length] + 12), 0.7, 0.07, GLOCK);
            }
            this._sleighBells(t, end + 0.9, 0.07);
        });
    }

    /** Free spins triggered: sleigh bells and a rising two-octave arpeggio. */
    featureStart() {
        this._play((t) => {
            this._sleighBells(t, 1.6, 0.09);
            const arp = [60, 64, 67, 72, 76, 79, 84, 88, 91, 96];
            arp.forEach((n, k) => this._bell(t + 0.1 + k * 0.09, midi(n), 0.8, 0.1 + k * 0.006, GLOCK));
            const top = t + 0.1 + arp.length * 0.09;
            for (const n of [72, 76, 79, 84]) this._bell(top, midi(n), 1.6, 0.08, CELESTA);
            this._sparkle(top, 8, 0.8, 0.03);
        });
    }

    /** Each free spin: a small double bell with a jingle. */
    freeSpin() {
        this._play((t) => {
            this._bell(t, midi(84), 0.5, 0.1, GLOCK);
            this._bell(t + 0.08, midi(91), 0.6, 0.1, GLOCK);
            this._sleighBells(t, 0.3, 0.05);
        });
    }

    /** Symbols / books expand: a whoosh with a shimmer of bells. */
    expand() {
        this._play((t) => {
            this._noiseSweep(t, 0.55, 300, 5000, 0.2, 2.5);
            this._sparkle(t + 0.08, 10, 0.5, 0.035);
            this._bell(t + 0.45, midi(96), 0.9, 0.06, GLOCK);
        });
    }

    /** The max win is reached: the grand fanfare, with bells all round. */
    maxWin() {
        this._play((t) => {
            const line = [[72, 0, 0.18], [72, 0.18, 0.1], [72, 0.28, 0.1], [79, 0.38, 0.45],
                [77, 0.86, 0.14], [76, 1.0, 0.14], [74, 1.14, 0.14], [84, 1.28, 1.2]];
            for (const [n, at, dur] of line) {
                this._brass(t + at, midi(n), dur, 0.11);
                this._brass(t + at, midi(n - 12), dur, 0.05);
            }
            for (const n of [60, 64, 67, 72]) this._brass(t + 1.28, midi(n), 1.2, 0.05);
            const cascade = [96, 93, 91, 88, 86, 84, 81, 79, 76, 74, 72];
            cascade.forEach((n, k) => this._bell(t + 1.3 + k * 0.07, midi(n), 0.9, 0.08, GLOCK));
            this._sleighBells(t, 2.6, 0.09);
        });
    }

    /** The reels spin (on = true) or all stopped: a soft looping whirr of ticks. */
    spinLoop(on = true) {
        this._loop("spin", on, (t, dest) => {
            // A 0.12 s pattern of two soft wooden ticks, repeated by an interval.
            this._tone(t, 900, 0.03, 0.05, "triangle", 700, dest);
            this._noiseBurst(t + 0.06, 0.025, 0.03, "bandpass", 2400, 1.5, dest);
        }, 0.12);
    }

    /** Suspense on the last reels (on = true) until off: a rising noise-and-tone riser. */
    anticipation(on = true) {
        this._loop("anticipation", on, (t, dest, k) => {
            const f = 220 * Math.pow(2, Math.min(k, 24) / 12);
            this._tone(t, f, 0.22, 0.06, "sawtooth", f * 1.06, dest);
            this._noiseSweep(t, 0.24, 800 + k * 150, 3000 + k * 300, 0.05, 3, dest);
        }, 0.2);
    }

    /** The k-th expanding book of a free spin: a whoosh and a bell a step higher each time. */
    expandBook(k = 0) {
        const step = Math.max(0, Math.min(7, Math.round(Number(k) || 0)));
        this._play((t) => {
            this._noiseSweep(t, 0.4, 400, 4200, 0.16, 2.5);
            this._bell(t + 0.3, midi(PENTA[step % PENTA.length] + 12), 0.8, 0.1, GLOCK);
        });
    }

    /** A multiplier is revealed: ascending bells, one for each power of the multiplier. */
    multiplier(mult = 2) {
        const m = Math.max(1, Number(mult) || 1);
        const steps = Math.max(2, Math.min(6, Math.round(Math.log2(m)) + 1));
        this._play((t) => {
            for (let k = 0; k < steps; k++) this._bell(t + k * 0.07, midi(PENTA[k + 3]), 0.5, 0.1, GLOCK);
            this._brass(t + steps * 0.07, midi(PENTA[steps + 2] - 12), 0.45, 0.08);
        });
    }

    /** The special symbol expands over its reels. */
    expandSymbol() {
        this._play((t) => {
            this._noiseSweep(t, 0.5, 250, 4500, 0.18, 2);
            this._tone(t, 180, 0.5, 0.12, "triangle", 520);
            this._sparkle(t + 0.2, 6, 0.4, 0.03);
        });
    }

    /** A count-up climbs into tier `level` (1 big, 2 mega, 3 epic, 4 max): a short sting. */
    tier(level = 1) {
        const lv = Math.max(1, Math.min(4, Math.round(Number(level) || 1)));
        this._play((t) => {
            const root = 67 + lv * 2;
            for (const n of [0, 4, 7]) this._brass(t, midi(root + n), 0.35, 0.07);
            this._bell(t + 0.05, midi(root + 24), 0.7, 0.08, GLOCK);
            if (lv >= 3) this._sleighBells(t, 0.5, 0.05);
        });
    }

    /** The count-up climbs (fraction 0..1): a tick at most every 70 ms, rising with it. */
    tick(fraction = 0) {
        const now = globalThis.performance?.now?.() ?? Date.now();
        if (now - this._lastTick < 70) return;
        this._lastTick = now;
        const f = Math.max(0, Math.min(1, Number(fraction) || 0));
        this._play((t) => this._tone(t, 900 * Math.pow(2, f * 1.5), 0.035, 0.045, "sine"));
    }

    /** The count lands (level 0 plain, 1..3 tiers, 4 max): a closing chime. */
    countEnd(level = 0) {
        const lv = Math.max(0, Math.min(4, Math.round(Number(level) || 0)));
        this._play((t) => {
            this._bell(t, midi(84 + lv * 2), 0.8, 0.1, CELESTA);
            this._bell(t, midi(79 + lv * 2), 0.8, 0.07, CELESTA);
        });
    }

    /** UI button click: a tiny soft blip. */
    click() {
        this._play((t) => {
            this._tone(t, 1400, 0.04, 0.08, "sine", 1100);
        });
    }

    // ---- plumbing ------------------------------------------------------------------------

    /** Plays into `ctx` (the page's AudioContext, or an OfflineAudioContext to render to a
     *  buffer): the master gain through a gentle compressor to its destination. */
    attach(ctx) {
        const master = ctx.createGain();
        master.gain.value = this._muted ? 0 : MASTER_GAIN;
        const comp = ctx.createDynamicsCompressor();
        const settings = { threshold: -14, knee: 12, ratio: 4, attack: 0.003, release: 0.2 };
        for (const [name, value] of Object.entries(settings)) comp[name].value = value;
        master.connect(comp);
        comp.connect(ctx.destination);
        this._ctx = ctx;
        this._master = master;
        this._musicBus = null;
        this._noise = null;
        return this;
    }

    _hasGesture() {
        if (this._gestured) return true;
        try {
            const ua = globalThis.navigator?.userActivation;
            if (ua) return Boolean(ua.hasBeenActive);
        } catch { /* ignore */ }
        // No way to tell: try anyway (the context will simply stay suspended if blocked).
        return true;
    }

    _context() {
        if (this._failed) return null;
        try {
            if (!this._ctx) {
                if (!this._hasGesture()) return null;
                const Ctx = audioContextClass();
                if (!Ctx) {
                    this._failed = true;
                    return null;
                }
                this.attach(new Ctx());
            }
            if (this._ctx.state === "suspended" && !this._muted && !this._hidden()) {
                const p = this._ctx.resume();
                if (p && typeof p.catch === "function") p.catch(() => {});
            }
            return this._ctx;
        } catch {
            this._failed = true;
            this._ctx = null;
            return null;
        }
    }

    /** A repeating effect `name`, on until called with on = false. */
    _loop(name, on, pattern, every) {
        const old = this._loops.get(name);
        if (!on) {
            if (old) old.stop();
            this._loops.delete(name);
            return;
        }
        if (old || this._muted || !this._effectsOn || this._hidden()) return;
        this._play(() => {
            const ctx = this._ctx;
            if (this._loops.has(name)) return;
            const bus = ctx.createGain();
            bus.connect(this._master);
            let next = ctx.currentTime + 0.01;
            let k = 0;
            const run = () => {
                while (next < ctx.currentTime + 0.4) { pattern(next, bus, k++); next += every; }
            };
            const timer = setInterval(() => { try { run(); } catch { /* ignore */ } }, 150);
            run();
            const stopAt = ctx.currentTime + 12; // a loop left on never plays for ever
            const guard = setTimeout(() => this._loop(name, false), 12000);
            this._loops.set(name, { stop: () => {
                clearInterval(timer);
                clearTimeout(guard);
                try {
                    bus.gain.setTargetAtTime(0, ctx.currentTime, 0.03);
                    setTimeout(() => { try { bus.disconnect(); } catch { /* ignore */ } }, 800);
                } catch { /* ignore */ }
            }, stopAt });
        });
    }

    _stopLoops() {
        for (const name of [...this._loops.keys()]) this._loop(name, false);
    }

    _play(fn) {
        // nothing while the page is hidden: an effect (an autoplay round in the background) would
        // otherwise resume the context the hiding suspended
        if (this._muted || !this._effectsOn || this._hidden()) return;
        if (this._ctx) return this._start(fn);
        // Making the AudioContext is a main-thread task of 0.1-0.5 s, and the first sound comes
        // from the tap on Spin: made after the next paint, so the tap is answered first.
        if (this._failed || !this._hasGesture()) return;
        (this._waiting ??= []).push(fn);
        if (this._waiting.length > 1) return;
        afterPaint(() => {
            const waiting = this._waiting ?? [];
            this._waiting = null;
            if (!this._muted && this._effectsOn && !this._hidden()) for (const f of waiting) this._start(f);
        });
    }

    _start(fn) {
        const ctx = this._context();
        if (!ctx || ctx.state === "closed") return;
        try {
            fn(ctx.currentTime + 0.01);
        } catch { /* a failed effect must never break the game */ }
    }

    _noiseBuffer() {
        if (!this._noise) {
            const ctx = this._ctx;
            const len = Math.floor(ctx.sampleRate * 1.0);
            const buf = ctx.createBuffer(1, len, ctx.sampleRate);
            const data = buf.getChannelData(0);
            for (let k = 0; k < len; k++) data[k] = Math.random() * 2 - 1;
            this._noise = buf;
        }
        return this._noise;
    }

    /** Envelope gain node: fast attack, exponential decay, connected to `dest`. */
    _env(t, attack, dur, peak, dest = this._master) {
        const g = this._ctx.createGain();
        g.gain.setValueAtTime(0.0001, t);
        g.gain.linearRampToValueAtTime(peak, t + attack);
        g.gain.exponentialRampToValueAtTime(0.0001, t + Math.max(attack + 0.01, dur));
        g.connect(dest);
        return g;
    }

    /** A single oscillator with an optional pitch glide to `toFreq`. */
    _tone(t, freq, dur, peak, type = "sine", toFreq = null, dest = this._master) {
        const ctx = this._ctx;
        const osc = ctx.createOscillator();
        osc.type = type;
        osc.frequency.setValueAtTime(freq, t);
        if (toFreq) osc.frequency.exponentialRampToValueAtTime(toFreq, t + dur);
        osc.connect(this._env(t, 0.004, dur, peak, dest));
        osc.start(t);
        osc.stop(t + dur + 0.05);
    }

    /** A bell: sine partials, higher ones decaying faster. */
    _bell(t, freq, dur, peak, partials = GLOCK, dest = this._master) {
        const ctx = this._ctx;
        const nyquist = ctx.sampleRate / 2;
        for (const [ratio, amp, decay] of partials) {
            const f = freq * ratio;
            if (f >= nyquist * 0.9) continue;
            const osc = ctx.createOscillator();
            osc.type = "sine";
            osc.frequency.setValueAtTime(f, t);
            const d = dur * decay;
            osc.connect(this._env(t, 0.002, d, peak * amp, dest));
            osc.start(t);
            osc.stop(t + d + 0.05);
        }
    }

    /** A soft brass-like note: detuned triangles through a lowpass with a swell. */
    _brass(t, freq, dur, peak) {
        const ctx = this._ctx;
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
        g.connect(this._master);
        for (const [type, detune, amp] of [["sawtooth", -6, 0.35], ["triangle", 5, 1]]) {
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
     *  filter, to be connected to an envelope. */
    _filteredNoise(t, dur, type, q, offset) {
        const ctx = this._ctx;
        const src = ctx.createBufferSource();
        src.buffer = this._noiseBuffer();
        const filter = ctx.createBiquadFilter();
        filter.type = type;
        filter.Q.value = q;
        src.connect(filter);
        src.start(t, Math.random() * offset);
        src.stop(t + dur + 0.02);
        return filter;
    }

    /** Filtered noise with a frequency sweep (whooshes). */
    _noiseSweep(t, dur, from, to, peak, q = 1, dest = this._master) {
        const filter = this._filteredNoise(t, dur, "bandpass", q, 0.4);
        filter.frequency.setValueAtTime(from, t);
        filter.frequency.exponentialRampToValueAtTime(to, t + dur);
        const g = this._ctx.createGain();
        g.gain.setValueAtTime(0.0001, t);
        g.gain.linearRampToValueAtTime(peak, t + dur * 0.45);
        g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
        filter.connect(g);
        g.connect(dest);
    }

    /** A short burst of filtered noise. */
    _noiseBurst(t, dur, peak, type, freq, q = 0.8, dest = this._master) {
        const filter = this._filteredNoise(t, dur, type, q, 0.5);
        filter.frequency.value = freq;
        filter.connect(this._env(t, 0.002, dur, peak, dest));
    }

    /** Sleigh bells: rhythmic shakes of bright metallic jingles over `dur` seconds. */
    _sleighBells(t, dur, peak) {
        const shakes = Math.max(2, Math.floor(dur / 0.11));
        for (let s = 0; s < shakes; s++) {
            const at = t + s * 0.11 + (Math.random() - 0.5) * 0.012;
            const accent = s % 2 === 0 ? 1 : 0.65;
            const fade = 1 - (s / shakes) * 0.5;
            this._noiseBurst(at, 0.07, peak * accent * fade, "bandpass", 7000 + Math.random() * 2500, 2.5);
            // Two or three tiny jingle bells per shake.
            for (let k = 0; k < 2 + (s % 2); k++) {
                const f = 3200 + Math.random() * 2600;
                this._bell(at + k * 0.012, f, 0.12, peak * 0.35 * accent * fade,
                    [[1, 1, 1], [1.5, 0.5, 0.6]]);
            }
        }
    }

    /** A shimmer of random high pentatonic bells. */
    _sparkle(t, count, span, peak) {
        for (let k = 0; k < count; k++) {
            const n = PENTA[5 + Math.floor(Math.random() * (PENTA.length - 5))] + 12;
            this._bell(t + (k / count) * span + Math.random() * 0.02, midi(n), 0.35, peak, GLOCK);
        }
    }
}
