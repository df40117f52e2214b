// @ts-check
// Every sound effect, synthesised with WebAudio (no audio files).
//
//   import { Sound } from "./sound.js";
//   const sound = new Sound();
//   sound.spinStart(); sound.reelStop(2); sound.win(3.5); sound.muted = true;
//   sound.music("base"); sound.music("feature"); sound.musicOn = false; sound.effectsOn = false;
//
// `muted` is the master switch (the HUD button, the parent's `mute`); `musicOn` and `effectsOn`
// switch the music and the effects separately. The music is musicplayer.js's (scheduled ahead
// on the AudioContext clock, never per frame; `duck(true)` lowers it under a celebration); it
// starts after the first gesture, and everything stops (context suspended, scheduler paused)
// while the page is hidden. Every effect is made of synth.js's voices.
//
// The AudioContext is made only after a user gesture (browsers block audio until then), and never
// inside a tap's own handling (making it is a long task the tap must not wait for): while the
// game loads (earlyaudio.js) or in an idle moment once it is up, else after the paint that
// follows the first sound. Before that, and when WebAudio is missing or fails, every method is
// a silent no-op.

import { CELESTA, GLOCK, MASTER_GAIN, PENTA, audioContextClass, midi, whenWhollyIdle } from "./soundkit.js";
import { afterFrame } from "../core/dom.js";
import { MusicPlayer, playNote } from "./musicplayer.js";
import { Synth } from "./synth.js";
import { bigWinFanfare, featureFanfare, maxWinFanfare, tierSting } from "./fanfares.js";

/** @typedef {import("./music.js").TrackName} TrackName */
/** @typedef {import("./music.js").Voice} Voice */
/** @typedef {import("./musicplayer.js").MusicAudio} MusicAudio */
/** The context played into: the page's, or an OfflineAudioContext rendering to a buffer (tests).
 *  @typedef {AudioContext | OfflineAudioContext} SoundContext */
/** A repeating effect's name (_loop). @typedef {"spin" | "anticipation"} LoopName */
/** Plays a repeating effect's k-th repeat at context time `t` into `dest`.
 *  @typedef {(t: number, dest: AudioNode, k: number) => void} LoopPattern */
/**
 * A repeating effect playing.
 * @typedef {object} PlayingLoop
 * @property {() => void} stop fades it out and ends it
 * @property {number} stopAt the context time its guard ends it at
 */
/**
 * The switches as the saved record holds them, and a context made already.
 * @typedef {object} SoundOptions
 * @property {boolean} [muted]
 * @property {boolean} [music]
 * @property {boolean} [effects]
 * @property {SoundContext | null} [context]
 */

export class Sound {
    /** `muted`, `music`, `effects`: the switches as the saved record holds them (store.js);
     *  the setters below change them later. `context`: an AudioContext made already (while the
     *  game loaded: earlyaudio.js), or null.
     *  @param {SoundOptions} [options] */
    constructor({ muted = false, music = true, effects = true, context = null } = {}) {
        /** @type {boolean} */
        this._muted = muted;
        /** @type {SoundContext | null} */
        this._ctx = null;
        /** @type {GainNode | null} the master gain (attach), made with the context */
        this._master = null;
        // The Synth playing into the context (attach). Null until then, but typed as set: only the
        // effects use it, inside _play and _loop, which run them once attach has set it.
        /** @type {Synth} */
        this._v = /** @type {Synth} */ (/** @type {unknown} */ (null));
        /** @type {boolean} WebAudio is missing or failed: every method is a silent no-op */
        this._failed = !audioContextClass();
        /** @type {boolean} a user gesture was seen */
        this._gestured = false;
        /** @type {boolean} */
        this._soon = false; // a context is to be made in an idle moment (_contextSoon)
        /** @type {number} context time of the last reel stop's thunk */
        this._lastReelStop = 0;
        /** @type {boolean} */
        this._musicOn = music;
        /** @type {boolean} */
        this._effectsOn = effects;
        /** @type {MusicPlayer} */
        this._music = new MusicPlayer({ audio: () => this._audio(), allowed: () => this._musicAllowed() });
        /** @type {number} performance.now() of the last count-up tick */
        this._lastTick = -1;
        /** @type {Map<LoopName, PlayingLoop>} */
        this._loops = new Map(); // "spin" | "anticipation" -> {stop()}
        /** @type {() => void} */
        this._onVisibility = () => this._visibility();
        // (no document to listen to, as in Node's tests: the sound then keeps on while hidden)
        try { globalThis.document?.addEventListener?.("visibilitychange", this._onVisibility); } catch { /* see above */ }
        // Note user gestures, and resume a suspended context inside one (iOS Safari only lets
        // audio start from within a gesture handler). The context itself is only created by the
        // first effect played after a gesture.
        /** @type {() => void} */
        this._onGesture = () => {
            this._gestured = true;
            if (this._music.track && !this._music.playing) afterFrame().then(() => this._music.update());
            try {
                if (this._ctx && this._ctx.state === "suspended" && !this._muted) {
                    this._ctx.resume().catch(() => {}); // the browser still refuses: the next gesture asks again
                }
            } catch { /* a context the browser closed: _context() makes none again (_failed), the game plays silently */ }
            this._warmSoon();
        };
        try {
            for (const type of ["pointerdown", "keydown", "touchend", "click"]) {
                globalThis.addEventListener?.(type, this._onGesture, { capture: true, passive: true });
            }
        } catch { /* not in a window */ }
        /** @type {boolean} an idle moment to make the context in is awaited (_warmSoon) */
        this._warming = false;
        if (context) this.attach(context);
        else this._warmSoon();
    }

    /**
     * Makes the AudioContext before the first sound needs it, once the player has touched the
     * page, in a moment with the main thread wholly idle (the game loading, or waiting for a
     * spin), never while a round plays. Made by the first sound, it came among the first
     * round's frames and the handling of its result, and a tap waited for all three
     * (earlyaudio.js, which makes it earlier still when the player touches the page while it
     * loads). Without a gesture nothing is made.
     */
    _warmSoon() {
        if (this._warming || this._ctx || this._failed || !this._hasGesture()) return;
        this._warming = whenWhollyIdle(() => {
            const state = globalThis.document?.documentElement?.dataset.state;
            // made already, or the game failed to start
            if (this._ctx || this._failed || (state !== "loading" && state !== "ready" && state !== "playing")) return "stop";
            return state === "playing" ? "wait" : "now";
        }, (now) => {
            this._warming = false;
            if (now && !this._muted && (this._effectsOn || this._musicOn) && !this._hidden()) this._context();
        });
    }

    /** @returns {boolean} */
    get muted() {
        return this._muted;
    }

    /** @param {boolean} value */
    set muted(value) {
        this._muted = Boolean(value);
        try {
            if (this._master && this._ctx) {
                const t = this._ctx.currentTime;
                this._master.gain.cancelScheduledValues(t);
                this._master.gain.setTargetAtTime(this._muted ? 0 : MASTER_GAIN, t, 0.02);
            }
        } catch { /* a closed context's gain refuses a value: the loops stop below, nothing more sounds */ }
        if (this._muted) this._stopLoops();
        this._music.update();
    }

    /** @returns {boolean} */
    get musicOn() {
        return this._musicOn;
    }

    /** @param {boolean} value */
    set musicOn(value) {
        this._musicOn = value !== false;
        this._music.update();
    }

    /** @returns {boolean} */
    get effectsOn() {
        return this._effectsOn;
    }

    /** @param {boolean} value */
    set effectsOn(value) {
        this._effectsOn = value !== false;
        if (!this._effectsOn) this._stopLoops();
    }

    // ---- music ---------------------------------------------------------------------------

    /** Plays the loop `name` ("base" | "feature") from now on, when music may sound.
     *  @param {TrackName} [name] */
    music(name = "base") {
        this._music.play(name);
    }

    /** Lowers the music under a celebration (on = true, panels.js), or brings it back.
     *  @param {boolean} [on] */
    duck(on = true) {
        this._music.duck(on);
    }

    /** Whether music notes are being scheduled now (game.state().music reads the switch).
     *  @returns {boolean} */
    get musicPlaying() {
        return this._music.playing;
    }

    /** One note of the music at context time `t`, into the music's bus (test_sound renders
     *  the loops with it in an OfflineAudioContext).
     *  @param {number} t
     *  @param {Voice} voice
     *  @param {number} note MIDI note
     *  @param {number} dur seconds
     *  @param {number} gain */
    playNote(t, voice, note, dur, gain) {
        const audio = this._audio();
        if (audio) playNote(audio.voices, t, voice, note, dur, gain, this._music.bus(audio));
    }

    /** @returns {boolean} */
    _hidden() {
        try { return Boolean(globalThis.document?.hidden); } catch { return false; } // no document to ask: taken as shown
    }

    /** @returns {boolean} */
    _musicAllowed() {
        return this._musicOn && !this._muted && !this._hidden() && !this._failed && this._hasGesture();
    }

    /** The context, its master and its voices; or null. A context not made yet (the music's
     *  first note) is made soon, in an idle moment, and the music then starts: made here, it was
     *  the first AudioContext's long task in the very task that makes the game ready, while
     *  the loading taps waited (bench phone.taps: 192-320 ms).
     *  @returns {MusicAudio | null} */
    _audio() {
        // the master is made with the context (attach)
        if (this._ctx) return { ctx: this._ctx, master: /** @type {GainNode} */ (this._master), voices: this._v };
        this._contextSoon();
        return null;
    }

    /** Makes the context soon, in an idle moment (or after a frame), then starts the music. */
    _contextSoon() {
        if (this._soon || this._failed || !this._hasGesture()) return;
        this._soon = true;
        const go = () => {
            this._soon = false;
            try {
                if (!this._ctx && !this._muted && !this._hidden()) this._context();
                this._music.update();
            } catch { /* the game plays silently */ }
        };
        // a wholly idle moment, or (a spin's frames leave none) the twentieth
        if (!whenWhollyIdle(() => "now", go, { tries: 20 })) afterFrame().then(go);
    }

    /** The page is hidden or shown: everything stops, or the music starts again. */
    _visibility() {
        const hidden = this._hidden();
        try {
            if (hidden) {
                this._stopLoops();
                this._music.stop();
                // as an AudioContext: an OfflineAudioContext's (a test's) suspend() wants a time, and rejects here, caught
                if (this._ctx && this._ctx.state === "running") /** @type {AudioContext} */ (this._ctx).suspend().catch(() => {});
            } else {
                // refused outside a gesture: the next gesture resumes it (_onGesture)
                if (this._ctx && this._ctx.state === "suspended" && !this._muted) this._ctx.resume().catch(() => {});
                this._music.update();
            }
        } catch { /* a closed context: nothing plays to stop or resume, and the game goes on silently */ }
    }

    // ---- effects -------------------------------------------------------------------------

    /** Reels start: a soft rising swish with a tiny wooden tick. */
    spinStart() {
        this._play((t) => {
            this._v.noiseSweep(t, 0.3, 500, 2600, 0.28, 1.4);
            this._v.tone(t, 520, 0.05, 0.08, "triangle", 380);
        });
    }

    /** Reel i (0..4) stops: a soft thunk, a little higher on each reel. @param {number} [i] */
    reelStop(i = 0) {
        this._play((t) => {
            const reel = Math.max(0, Math.min(4, Number(i) || 0));
            // Several reels stopping in the same instant should not stack into a loud bang.
            const quiet = t - this._lastReelStop < 0.03 ? 0.5 : 1;
            this._lastReelStop = t;
            const f = 120 + reel * 14;
            this._v.tone(t, f * 1.6, 0.2, 0.8 * quiet, "sine", f * 0.7);
            this._v.tone(t, f * 3.1, 0.05, 0.06 * quiet, "triangle", f * 2);
            this._v.noiseBurst(t, 0.045, 0.12 * quiet, "lowpass", 900 + reel * 120);
        });
    }

    /** A book lands: a magical rising chime with a sparkle on top. */
    book() {
        this._play((t) => {
            const notes = [88, 91, 95, 100]; // E6 G6 B6 E7
            notes.forEach((n, k) => this._v.bell(t + k * 0.055, midi(n), 0.9, 0.16, GLOCK));
            this._v.sparkle(t + 0.12, 6, 0.5, 0.035);
        });
    }

    /** A win of `amountInBets` total bets: a jingle that grows with the win. @param {number} [amountInBets] */
    win(amountInBets = 1) {
        const x = Number(amountInBets);
        if (!(x > 0)) return;
        this._play((t) => {
            const steps = x < 1 ? 2 : x < 3 ? 3 : x < 8 ? 4 : x < 15 ? 5 : 6;
            const gain = x < 1 ? 0.12 : x < 5 ? 0.15 : 0.18;
            const start = x < 3 ? 2 : 0;
            for (let k = 0; k < steps; k++) {
                this._v.bell(t + k * 0.085, midi(PENTA[start + k]), 0.6, gain, GLOCK);
            }
            const end = t + steps * 0.085;
            // A chord to close, with a whisper of sleigh bells on bigger wins.
            this._v.bell(end, midi(PENTA[start + steps - 1]), 0.9, gain * 0.8, CELESTA);
            this._v.bell(end, midi(PENTA[start + steps - 1] - 12), 0.9, gain * 0.5, CELESTA);
            if (x >= 5) this._v.sleighBells(t, 0.25 + steps * 0.08, 0.06);
        });
    }

    /** Big / mega / epic win (level 1..3): a festive brass-and-bells fanfare. @param {number} [level] */
    bigWin(level = 1) {
        const lv = /** @type {1 | 2 | 3} */ (Math.max(1, Math.min(3, Math.round(Number(level) || 1))));
        this._play((t) => bigWinFanfare(this._v, t, lv));
    }

    /** Free spins triggered: sleigh bells and a rising two-octave arpeggio. */
    featureStart() {
        this._play((t) => featureFanfare(this._v, t));
    }

    /** Each free spin: a small double bell with a jingle. */
    freeSpin() {
        this._play((t) => {
            this._v.bell(t, midi(84), 0.5, 0.1, GLOCK);
            this._v.bell(t + 0.08, midi(91), 0.6, 0.1, GLOCK);
            this._v.sleighBells(t, 0.3, 0.05);
        });
    }

    /** Symbols / books expand: a whoosh with a shimmer of bells. */
    expand() {
        this._play((t) => {
            this._v.noiseSweep(t, 0.55, 300, 5000, 0.2, 2.5);
            this._v.sparkle(t + 0.08, 10, 0.5, 0.035);
            this._v.bell(t + 0.45, midi(96), 0.9, 0.06, GLOCK);
        });
    }

    /** The max win is reached: the grand fanfare, with bells all round. */
    maxWin() {
        this._play((t) => maxWinFanfare(this._v, t));
    }

    /** The reels spin (on = true) or all stopped: a soft looping whirr of ticks. @param {boolean} [on] */
    spinLoop(on = true) {
        this._loop("spin", on, (t, dest) => {
            // A 0.12 s pattern of two soft wooden ticks, repeated by an interval.
            this._v.tone(t, 900, 0.03, 0.05, "triangle", 700, dest);
            this._v.noiseBurst(t + 0.06, 0.025, 0.03, "bandpass", 2400, 1.5, dest);
        }, 0.12);
    }

    /** Suspense on the last reels (on = true) until off: a rising noise-and-tone riser. @param {boolean} [on] */
    anticipation(on = true) {
        this._loop("anticipation", on, (t, dest, k) => {
            const f = 220 * Math.pow(2, Math.min(k, 24) / 12);
            this._v.tone(t, f, 0.22, 0.06, "sawtooth", f * 1.06, dest);
            this._v.noiseSweep(t, 0.24, 800 + k * 150, 3000 + k * 300, 0.05, 3, dest);
        }, 0.2);
    }

    /** The k-th expanding book of a free spin: a whoosh and a bell a step higher each time. @param {number} [k] */
    expandBook(k = 0) {
        const step = Math.max(0, Math.min(7, Math.round(Number(k) || 0)));
        this._play((t) => {
            this._v.noiseSweep(t, 0.4, 400, 4200, 0.16, 2.5);
            this._v.bell(t + 0.3, midi(PENTA[step % PENTA.length] + 12), 0.8, 0.1, GLOCK);
        });
    }

    /** A multiplier is revealed: ascending bells, one for each power of the multiplier. @param {number} [mult] */
    multiplier(mult = 2) {
        const m = Math.max(1, Number(mult) || 1);
        const steps = Math.max(2, Math.min(6, Math.round(Math.log2(m)) + 1));
        this._play((t) => {
            for (let k = 0; k < steps; k++) this._v.bell(t + k * 0.07, midi(PENTA[k + 3]), 0.5, 0.1, GLOCK);
            this._v.brass(t + steps * 0.07, midi(PENTA[steps + 2] - 12), 0.45, 0.08);
        });
    }

    /** The special symbol expands over its reels. */
    expandSymbol() {
        this._play((t) => {
            this._v.noiseSweep(t, 0.5, 250, 4500, 0.18, 2);
            this._v.tone(t, 180, 0.5, 0.12, "triangle", 520);
            this._v.sparkle(t + 0.2, 6, 0.4, 0.03);
        });
    }

    /** A count-up climbs into tier `level` (1 big, 2 mega, 3 epic, 4 max): a short sting. @param {number} [level] */
    tier(level = 1) {
        const lv = /** @type {1 | 2 | 3 | 4} */ (Math.max(1, Math.min(4, Math.round(Number(level) || 1))));
        this._play((t) => tierSting(this._v, t, lv));
    }

    /** The count-up climbs (fraction 0..1): a tick at most every 70 ms, rising with it. @param {number} [fraction] */
    tick(fraction = 0) {
        const now = globalThis.performance?.now?.() ?? Date.now();
        if (now - this._lastTick < 70) return;
        this._lastTick = now;
        const f = Math.max(0, Math.min(1, Number(fraction) || 0));
        this._play((t) => this._v.tone(t, 900 * Math.pow(2, f * 1.5), 0.035, 0.045, "sine"));
    }

    /** The count lands (level 0 plain, 1..3 tiers, 4 max): a closing chime. @param {number} [level] */
    countEnd(level = 0) {
        const lv = Math.max(0, Math.min(4, Math.round(Number(level) || 0)));
        this._play((t) => {
            this._v.bell(t, midi(84 + lv * 2), 0.8, 0.1, CELESTA);
            this._v.bell(t, midi(79 + lv * 2), 0.8, 0.07, CELESTA);
        });
    }

    /** UI button click: a tiny soft blip. */
    click() {
        this._play((t) => {
            this._v.tone(t, 1400, 0.04, 0.08, "sine", 1100);
        });
    }

    // ---- plumbing ------------------------------------------------------------------------

    /** Plays into `ctx` (the page's AudioContext, or an OfflineAudioContext to render to a
     *  buffer): the master gain through a gentle compressor to its destination.
     *  @param {SoundContext} ctx
     *  @returns {this} */
    attach(ctx) {
        const master = ctx.createGain();
        master.gain.value = this._muted ? 0 : MASTER_GAIN;
        const comp = ctx.createDynamicsCompressor();
        const settings = { threshold: -14, knee: 12, ratio: 4, attack: 0.003, release: 0.2 };
        for (const [name, value] of Object.entries(settings)) comp[/** @type {keyof typeof settings} */ (name)].value = value;
        master.connect(comp);
        comp.connect(ctx.destination);
        this._ctx = ctx;
        this._master = master;
        this._v = new Synth(ctx, master);
        this._music.reset();
        // the noise the whooshes and ticks share, made in an idle moment rather than by the
        // first of them (12 ms on a phone, inside the first spin's task)
        const Offline = globalThis.OfflineAudioContext;
        if (typeof globalThis.requestIdleCallback === "function" && !(Offline && ctx instanceof Offline)) {
            const voice = this._v;
            globalThis.requestIdleCallback(() => { try { voice.noiseBuffer(); } catch { /* made when first needed */ } });
        }
        return this;
    }

    /** Whether the player has touched the page (true where a browser cannot tell). @returns {boolean} */
    _hasGesture() {
        if (this._gestured) return true;
        try {
            const ua = globalThis.navigator?.userActivation;
            if (ua) return Boolean(ua.hasBeenActive);
        } catch { /* a browser without userActivation to read: no way to tell, as below */ }
        // No way to tell: try anyway (the context will simply stay suspended if blocked).
        return true;
    }

    /** The context, made (after a gesture) and resumed if need be; null without one.
     *  @returns {SoundContext | null} */
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
            // made above (attach) if it was not
            if (/** @type {SoundContext} */ (this._ctx).state === "suspended" && !this._muted && !this._hidden()) {
                const p = /** @type {SoundContext} */ (this._ctx).resume();
                // refused outside a gesture: it stays suspended, and the next gesture resumes it (_onGesture)
                if (p && typeof p.catch === "function") p.catch(() => {});
            }
            return this._ctx;
        } catch { // the browser would not make a context (too many, or audio blocked): the game plays silently
            this._failed = true;
            this._ctx = null;
            return null;
        }
    }

    /**
     * A repeating effect `name`, on until called with on = false (`pattern` and `every` are
     * needed only to start it).
     * @param {LoopName} name
     * @param {boolean} on
     * @param {LoopPattern} [pattern] plays the k-th repeat at context time `t` into `dest`
     * @param {number} [every] seconds between repeats
     */
    _loop(name, on, pattern, every) {
        const old = this._loops.get(name);
        if (!on) {
            if (old) old.stop();
            this._loops.delete(name);
            return;
        }
        if (old || this._muted || !this._effectsOn || this._hidden()) return;
        this._play(() => {
            // _play runs this only with the context, and its master, made
            const ctx = /** @type {SoundContext} */ (this._ctx);
            if (this._loops.has(name)) return;
            const bus = ctx.createGain();
            bus.connect(/** @type {GainNode} */ (this._master));
            let next = ctx.currentTime + 0.01;
            let k = 0;
            // pattern and every: given whenever a loop is turned on (the callers)
            const run = () => {
                while (next < ctx.currentTime + 0.4) {
                    /** @type {LoopPattern} */ (pattern)(next, bus, k++);
                    next += /** @type {number} */ (every);
                }
            };
            // (a pattern that throws on a context closed meanwhile: the loop falls silent, the guard below ends it)
            const timer = setInterval(() => { try { run(); } catch { /* see above */ } }, 150);
            // the first pattern now, the rest of the lookahead in a task of its own: the loop
            // starts with the reels, in the task that handles the round's result, and a tap
            // arriving meanwhile is answered between the two (its nodes cost ~30 ms on a phone)
            while (next < ctx.currentTime + /** @type {number} */ (every)) {
                /** @type {LoopPattern} */ (pattern)(next, bus, k++);
                next += /** @type {number} */ (every);
            }
            setTimeout(() => { try { run(); } catch { /* a closed context: as the interval's above */ } }, 0);
            const stopAt = ctx.currentTime + 12; // a loop left on never plays for ever
            const guard = setTimeout(() => this._loop(name, false), 12000);
            this._loops.set(name, { stop: () => {
                clearInterval(timer);
                clearTimeout(guard);
                try {
                    bus.gain.setTargetAtTime(0, ctx.currentTime, 0.03);
                    setTimeout(() => { try { bus.disconnect(); } catch { /* disconnected already, or its context closed */ } }, 800);
                } catch { /* a closed context's gain refuses a value: the loop is silent already */ }
            }, stopAt });
        });
    }

    /** Ends every repeating effect. */
    _stopLoops() {
        for (const name of [...this._loops.keys()]) this._loop(name, false);
    }

    /** Plays the effect `fn` (given the context time to start at) now, or once a context is made.
     *  @param {(t: number) => void} fn */
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
        afterFrame().then(() => {
            const waiting = this._waiting ?? [];
            /** @type {Array<(t: number) => void> | null | undefined} the effects awaiting the context, made after the next paint */
            this._waiting = null;
            if (!this._muted && this._effectsOn && !this._hidden()) for (const f of waiting) this._start(f);
        });
    }

    /** Plays `fn` at once, making the context if need be. @param {(t: number) => void} fn */
    _start(fn) {
        const ctx = this._context();
        if (!ctx || ctx.state === "closed") return;
        try {
            fn(ctx.currentTime + 0.01);
        } catch { /* a failed effect must never break the game */ }
    }
}
