// @ts-check
// Plays a decided round: its `events`, in order, one awaited handler per event type.
// Nothing here decides anything: every symbol, stop and amount comes from the round's events
// (the win meter shows each event's `total`, the running capped total the engine reported;
// anticipation and the big-win tier are fields of `reveal` and `roundEnd`). It never touches
// the balance or storage: the controller credits the round once `play` resolves.
//
//   const seq = new Sequencer({ model, renderer, reels, hud, meter, panels, sound, speed, format });
//   seq.on("stepShown", ({ index }) => the controller saves the step);
//   await seq.play(round, { from: 0, quiet: false });
//
// `meter` is the display sink for the round's running total: `{ show(minor) }` (the HUD's #win
// for a live round, the replay banner for a replay); it is the only writer of that element
// while a round plays. Events (emitter.js), for whoever listens: "stepShown" {index, event}
// as each event begins, "roundStarted", "featureStarted", "featureEnded" (the engine's event).
//
// `from` starts at any event index (a saved round interrupted mid-reveal): the state the
// earlier events built (feature mode, special symbol, counter, running total, reel stops) is
// restored without animation first. seq.hurry() (a click or key during the reveal) stops the
// reels at once and shortens what is left of the current spin's presentation. seq.stop() (a
// replay the player no longer wants to watch) ends the presentation after the current event.

import { meterMs } from "../ui/countup.js";
import { Emitter } from "../core/emitter.js";
import { afterFrame } from "../core/dom.js";
import { BEAT } from "../core/beats.js";
import { EventType, SpinKind } from "./events.js";
import { t } from "../lang/i18n.js";
import { grouped } from "../lang/numbers.js";

/** @typedef {import("../../../types/game").Model} Model */
/** @typedef {import("../../../types/game").Offer} Offer */
/** @typedef {import("../../../types/game").RoundRecord} RoundRecord */
/** @typedef {import("../../../types/engine").EngineEvent} EngineEvent */
/** @typedef {import("../../../types/engine").EngineEventType} EngineEventType */
/** @typedef {import("../../../types/engine").EventMap} EventMap */
/** @typedef {import("../../../types/engine").RoundStartEvent} RoundStartEvent */
/** @typedef {import("../../../types/engine").FreeSpinsStartEvent} FreeSpinsStartEvent */
/** @typedef {import("../../../types/engine").FreeSpinEvent} FreeSpinEvent */
/** @typedef {import("../../../types/engine").RevealEvent} RevealEvent */
/** @typedef {import("../../../types/engine").ExpandBooksEvent} ExpandBooksEvent */
/** @typedef {import("../../../types/engine").LineWinsEvent} LineWinsEvent */
/** @typedef {import("../../../types/engine").ExpandSymbolEvent} ExpandSymbolEvent */
/** @typedef {import("../../../types/engine").SpinEndEvent} SpinEndEvent */
/** @typedef {import("../../../types/engine").FreeSpinsTriggerEvent} FreeSpinsTriggerEvent */
/** @typedef {import("../../../types/engine").MaxWinEvent} MaxWinEvent */
/** @typedef {import("../../../types/engine").FreeSpinsEndEvent} FreeSpinsEndEvent */
/** @typedef {import("../../../types/engine").RoundEndEvent} RoundEndEvent */
/** @typedef {import("../sound/sound.js").Sound} Sound */
/** @typedef {import("../ui/panels.js").Panels} Panels */

/** An amount in minor units as the launch writes it (core/money.js makeFormat).
 *  @typedef {(minor: number) => string} Format */

/**
 * The display sink of the round's running total: the HUD's #win for a live round, the replay
 * banner for a replay.
 * @typedef {object} Meter
 * @property {(minor: number, options: { quiet?: boolean, ms?: number }) => void} show  shows `minor`,
 *     counting up to it for `ms` (0: at once), without its pulse when `quiet`
 * @property {() => void} [land]  a count-up under way ends now, at its target
 * @property {boolean} [drivesFeature]  it writes the feature bar's win too (the live meter does, every frame)
 */

/**
 * What a sequencer shows a round with (app.js stageFor).
 * @typedef {object} SequencerOptions
 * @property {Model} model
 * @property {import("../canvas/renderer.js").Renderer} renderer
 * @property {import("../canvas/reels.js").ReelSet} reels
 * @property {import("../ui/hud.js").Hud} hud
 * @property {Meter} meter
 * @property {Panels} panels
 * @property {Sound | null} sound  null where WebAudio is missing (the round plays silently)
 * @property {() => number} speed  the factor of every wait and animation now (1: as designed)
 * @property {Format} format
 * @property {(bet: number) => Offer["paytable"] | null} [paytable]  the engine's pays at a bet (its offer's)
 */

/** The free-spins feature as the round has shown it so far (Hud.showFeature reads it).
 *  @typedef {{ on: boolean, special: string | null, count: number, number: number, total: number }} FeatureState */
/** The feature's state once its freeSpinsStart has set the special symbol (a cast where the
 *  HUD shows it: there the feature has started).
 *  @typedef {FeatureState & { special: string }} StartedFeature */

/** The name of one of Sound's methods: an effect, or the music (the round and its panels play
 *  them by name).
 *  @typedef {{ [K in keyof Sound]: Sound[K] extends (...args: never[]) => unknown ? K : never }[keyof Sound]} SoundName */
/** What a sound is given (sound.js: a reel's index, on / off, a level, a track's name).
 *  @typedef {number | boolean | string} SoundArg */
/** What the sound `N` is given: its method's parameters (`sfx("music", "feature")` is checked
 *  against Sound.music's TrackName).
 *  @template {SoundName} N @typedef {Sound[N] extends (...args: infer A) => unknown ? A : never} SoundArgs */

/**
 * A sequencer while it plays a round: what play() sets before any event is shown. The event
 * handlers, and what play() calls, run with it (`@this`).
 * @typedef {Sequencer & {
 *     round: RoundRecord, feature: FeatureState, grid: RevealEvent["grid"] | null, total: number,
 *     capped: MaxWinEvent | null, _revealed: boolean,
 * }} Playing
 */

/** How a playing sequencer shows one engine event: a row of HANDLERS.
 *  @template {EngineEventType} K @typedef {(s: Playing, e: EventMap[K]) => Promise<void>} Handler */

/**
 * What a sequencer tells its listeners: each event as it begins ("stepShown", the controller saves
 * it), and the engine's events of the round's start and of the feature's start and end.
 * @typedef {object} SequencerEvents
 * @property {{ index: number, event: EngineEvent }} stepShown
 * @property {RoundStartEvent} roundStarted
 * @property {FreeSpinsStartEvent} featureStarted
 * @property {FreeSpinsEndEvent} featureEnded
 */

/**
 * @extends {Emitter<SequencerEvents>}
 */
export class Sequencer extends Emitter {
    /** @param {SequencerOptions} options */
    constructor({ model, renderer, reels, hud, meter, panels, sound, speed, format, paytable = () => null }) {
        super();
        // (one assignment each, as Object.assign made them, so that the type check sees the fields)
        /** @type {Model} */
        this.model = model;
        /** @type {import("../canvas/renderer.js").Renderer} */
        this.renderer = renderer;
        /** @type {import("../canvas/reels.js").ReelSet} */
        this.reels = reels;
        /** @type {import("../ui/hud.js").Hud} */
        this.hud = hud;
        /** @type {Meter} */
        this.meter = meter;
        /** @type {Panels} */
        this.panels = panels;
        /** @type {Sound | null} */
        this.sound = sound;
        /** @type {() => number} */
        this.speed = speed;
        /** @type {Format} */
        this.format = format;
        /** @type {(bet: number) => Offer["paytable"] | null} */
        this.paytable = paytable;
        /** No win sounds, pulse or big-win panel for this round (play's `quiet`). @type {boolean} */
        this.quiet = false;
        /** A click or key asked to hurry the current spin (hurry()). @type {boolean} */
        this._hurry = false;
        /** The presentation is to end after the current event (stop()). @type {boolean} */
        this._stopped = false;
        /** Ends the current wait early (set while one runs), or null. @type {(() => void) | null} */
        this._wake = null;
        /** The round being played, or null when none is. @type {RoundRecord | null} */
        this.round = null;
    }

    /** Every wait and animation's duration is multiplied by this (1: as designed). */
    get speedFactor() {
        return this.speed();
    }

    /** A click or key while a round plays: stop the reels now, shorten the rest. */
    hurry() {
        if (!this.round) return;
        this._hurry = true;
        this.reels.slam();
        this.meter.land?.();
        if (this._wake) this._wake();
    }

    /** Stop presenting: the current event's waits and panels end now and no later event plays.
     *  Only for replays; a live round always plays to its end (its money is credited there). */
    stop() {
        if (!this.round) return;
        this._stopped = true;
        this.panels.dismiss();
        this.hurry();
    }

    /** Shows a round panel (intro, outro, big win, max win); none once stopped.
     *  @template {"intro" | "outro" | "bigWin"} K
     *  @param {K} kind
     *  @param {Parameters<Panels[K]>[0]} options
     *  @returns {Promise<void>} */
    panel(kind, options) {
        // (a cast: indexed by a generic name, the call would take the three panels' options at once)
        return this._stopped ? Promise.resolve() : /** @type {(options: Parameters<Panels[K]>[0]) => Promise<void>} */ (
            this.panels[kind])(options);
    }

    /** Resolves after `ms` times the speed factor (at most 120 ms once hurried; at once once stopped).
     *  @param {number} ms
     *  @returns {Promise<void>} */
    wait(ms) {
        if (this._stopped) return Promise.resolve();
        if (this._hurry) ms = Math.min(ms, 120);
        const t = ms * this.speedFactor;
        if (t < 1) return Promise.resolve();
        return new Promise((resolve) => {
            const timer = setTimeout(done, t);
            function done() { clearTimeout(timer); resolve(); }
            this._wake = () => { this._wake = null; setTimeout(done, Math.min(t, 120 * this.speedFactor)); };
        });
    }

    /** Plays one of the sound's effects (or its music), if there is sound.
     *  @template {SoundName} N
     *  @param {N} name
     *  @param {SoundArgs<N>} args */
    sfx(name, ...args) {
        this._sound(name, /** @type {SoundArg[]} */ (args)); // (Sound's parameters are all SoundArgs)
    }

    /** sfx() for a name given as a string (panels.js names the sounds of its count-ups).
     *  @param {SoundName} name
     *  @param {SoundArg[]} args */
    _sound(name, args) {
        // (a cast: the method is called by name, with the arguments sound.js gives it)
        try {
            /** @type {((...a: SoundArg[]) => unknown) | undefined} */ (this.sound?.[name])?.(...args);
        } catch { /* sound is optional: a browser whose WebAudio fails plays the round silent */ }
    }

    /** A win's sound, unless this round gets no celebration (play's `quiet`).
     *  @template {SoundName} N
     *  @param {N} name
     *  @param {SoundArgs<N>} args */
    cheer(name, ...args) {
        if (!this.quiet) this.sfx(name, ...args);
    }

    /** The running total on the meter (without its pulse for a round without celebration),
     *  its text counting up to it for a win of `timesBet` total bets; in a feature the bar's
     *  feature win follows (the live meter drives both, every frame).
     *  @param {number} minor
     *  @param {number | string} [timesBet]  the engine's decimal string, or a number */
    show(minor, timesBet = 0) {
        const ms = this._hurry || this.quiet ? 0 : meterMs(timesBet) * this.speedFactor;
        this.total = minor;
        this.meter.show(minor, { quiet: this.quiet, ms });
        if (!this.meter.drivesFeature) this.hud.setFeatureWin(minor);
    }

    /** What a win tag says a win added: its amount, or that the cap cut it (what it added, or
     *  that it added nothing more).
     *  @param {number} paid  what the win added to the round (the cap may have cut it)
     *  @param {number} amount  what it pays
     *  @param {number} [multiplier]
     *  @returns {string} */
    tag(paid, amount, multiplier = 1) {
        const mult = multiplier > 1 ? ` (x${multiplier})` : "";
        if (paid >= amount) return `${this.format(paid)}${mult}`;
        return paid > 0 ? t("canvas.capCut", { amount: this.format(paid) }) : t("canvas.capNothing");
    }

    /** Plays `round` from event `from`; `quiet` (a profile's rule: a win not above the stake
     *  is not celebrated): no win sounds, no meter pulse, no big-win panel; the amounts show.
     *  @param {RoundRecord} round
     *  @param {{ from?: number, quiet?: boolean }} [options]
     *  @returns {Promise<void>} */
    async play(round, { from = 0, quiet = false } = {}) {
        this.round = round;
        this.quiet = quiet;
        /** @type {FeatureState | undefined} (undefined before the first round) */
        this.feature = { on: false, special: null, count: 0, number: 0, total: 0 };
        /** @type {RevealEvent["grid"] | null | undefined} the grid of the spin on the reels */
        this.grid = null;
        /** @type {number | undefined} the round's running total on the meter */
        this.total = 0;
        /** @type {MaxWinEvent | null | undefined} */
        this.capped = null; // the maxWin event of a round the cap ended
        /** @type {boolean | undefined} */
        this._revealed = false; // no spin of this round shown yet
        // (`this` is Playing from here: its round and state are set)
        if (from > 0) /** @type {Playing} */ (this)._restore(round, from);
        try {
            // the round's first spin starts after the next frame: its result was handled (its
            // debit saved) in this task, and a tap that came meanwhile is answered before the
            // spin's first frame and sounds (one task of 60-70 ms on the phone profile, now
            // two). A press meanwhile (a slam stop) counts: the round is this one already.
            await afterFrame();
            for (let i = from; i < round.events.length; i++) {
                const event = round.events[i];
                this.emit("stepShown", { index: i, event });
                // (a cast: the row is found by the event's type, so it takes this event)
                const handler = /** @type {Handler<EngineEventType> | undefined} */ (HANDLERS[event.type]);
                if (!handler) throw new Error(`no handler for event ${event.type}`); // a round from a newer engine
                await handler(/** @type {Playing} */ (this), /** @type {never} */ (event));
                if (this._stopped) {
                    /** @type {Playing} */ (this)._leaveFeature(); // a replay stopped mid-feature: the base game again
                    break;
                }
            }
        } finally {
            this.round = null;
            this._hurry = false;
            this._stopped = false;
        }
    }

    /** The state the events before `from` built, shown without animation.
     *  @this {Playing}
     *  @param {RoundRecord} round
     *  @param {number} from */
    _restore(round, from) {
        let total = 0;
        let base = 0;
        for (const e of round.events.slice(0, from)) {
            if (e.type === EventType.FREE_SPINS_START) {
                base = total; // what the triggering spin won
                Object.assign(this.feature, { on: true, special: e.special, count: e.count });
            } else if (e.type === EventType.FREE_SPIN) {
                this.feature.number = e.number;
            } else if (e.type === EventType.FREE_SPINS_END) {
                this.feature.on = false;
            } else if (e.type === EventType.REVEAL) {
                this.grid = e.grid;
                const strips = this._strips(e);
                this.reels.reels.forEach((r, i) => r.rest(strips[i], e.stops[i]));
            } else if (e.type === EventType.SPIN_END) {
                total = e.total;
                this.feature.total = e.feature_total;
            } else if (e.type === EventType.MAX_WIN) {
                this.capped = e;
            }
        }
        this.renderer.setFree(this.feature.on);
        if (this.feature.on) {
            this.hud.enterFeature(base);
            this.hud.showFeature(/** @type {StartedFeature} */ (this.feature));
        }
        this.show(total);
    }

    /** The strips `reveal`'s spin stopped on (the base game's or the free spins').
     *  @param {RevealEvent} reveal */
    _strips(reveal) {
        return reveal.kind === SpinKind.FREE ? this.model.reels.free_spins : this.model.reels.base;
    }

    // ---- one handler per event type ---------------------------------------------------

    /** @this {Playing} @param {RoundStartEvent} e */
    async on_roundStart(e) {
        this.renderer.clearWins();
        this.show(0);
        this.emit("roundStarted", e);
    }

    /** @this {Playing} @param {RevealEvent} e */
    async on_reveal(e) {
        if (this._revealed) this._hurry = false; // a slam stops one spin (the first: since the round began)
        this._revealed = true;
        this.renderer.clearWins();
        this.grid = e.grid;
        const wild = this.model.wild;
        const tease = e.anticipation ?? []; // the reels the engine says spin longer (two books showing)
        let left = this.reels.reels.length;
        this.sfx("spinStart");
        this.sfx("spinLoop", true);
        const spun = this.reels.spin({
            strips: this._strips(e), stops: e.stops, grid: e.grid, speedFactor: this.speedFactor, tease,
            onLand: (i) => {
                left -= 1;
                this.sfx("reelStop", i);
                const row = e.grid[i].indexOf(wild);
                if (row >= 0) {
                    this.sfx("book");
                    this.renderer.glow([[i, row]]);
                }
                // suspense: once every reel before the teased ones has stopped, those still able
                // to complete the trigger are lit, the others dimmed, with a rising sound
                if (tease.length && !this._hurry) {
                    const teasing = tease.filter((r) => r > i);
                    if (teasing.length && i === tease[0] - 1) {
                        this.renderer.tease(teasing);
                        this.sfx("anticipation", true);
                    } else if (this.renderer.state.teasing) {
                        this.renderer.tease(teasing);
                        if (!teasing.length) this.sfx("anticipation", false);
                    }
                }
                if (left === 0) this.sfx("spinLoop", false);
            },
        });
        if (this._hurry) this.reels.slam(); // pressed before the reels turned
        await spun;
        this.renderer.tease(null);
        this.sfx("anticipation", false);
        this.sfx("spinLoop", false);
        await this.wait(BEAT.reelsStopped);
        this.renderer.clearGlows();
    }

    /** @this {Playing} @param {ExpandBooksEvent} e */
    async on_expandBooks(e) {
        let k = 0;
        for (const reel of e.reels) {
            // (a cast: the spin's reveal came first and set the grid)
            const row = /** @type {RevealEvent["grid"]} */ (this.grid)[reel].indexOf(this.model.wild);
            const mult = e.multipliers[String(reel)];
            this.renderer.expandWild(reel, Math.max(0, row), mult, this.speedFactor);
            this.sfx("expandBook", k++);
            await this.wait(BEAT.bookExpanded);
            if (mult > 1) this.sfx("multiplier", mult); // x1 changes nothing: no reveal, no sound
            await this.wait(mult > 1 ? BEAT.multiplierShown : BEAT.noMultiplier);
        }
        if (e.reels.length > 1) {
            const parts = e.reels.map((r) => `x${e.multipliers[String(r)]}`).join(" · ");
            this.renderer.showBanner(`x${e.multiplier}`, t("canvas.multipliers", { parts }), BEAT.multipliersBanner, this.speedFactor);
            this.hud.announce(t("say.wildReels", { multiplier: e.multiplier }));
            if (e.multiplier > 1) this.sfx("multiplier", e.multiplier);
            await this.wait(BEAT.multipliersBanner);
        }
    }

    /** Each line is shown with what it added to the round; the meter counts up to the engine's
     *  running total while the lines show (and the feature bar with it).
     *  @this {Playing}
     *  @param {LineWinsEvent} e */
    async on_lineWins(e) {
        const paylines = this.model.paylines;
        this.show(e.total, e.paid / this.round.bet);
        for (const w of e.wins) {
            this.renderer.showLine(w.line, paylines[w.line], w.positions, this.tag(w.paid, w.amount, w.multiplier), this.speedFactor);
            this.cheer("win", Number(w.times_bet)); // the engine's paid / bet, a decimal string
            await this.wait(e.wins.length > 4 ? BEAT.lineWinsMany : BEAT.lineWinsFew);
        }
        this.renderer.showAllLines(e.wins, paylines, this.speedFactor);
        await this.wait(BEAT.lineWinsEnd);
    }

    /** @this {Playing} @param {ExpandSymbolEvent} e */
    async on_expandSymbol(e) {
        this.renderer.hideLines();
        const symbol = t(`sym.${e.symbol}`);
        const label = e.paid >= e.amount
            ? `${t("canvas.sesPays", { symbol, amount: this.format(e.paid) })}${e.multiplier > 1 ? ` (x${e.multiplier})` : ""}`
            : `${symbol}: ${this.tag(e.paid, e.amount)}`;
        this.renderer.expandSes(e.reels, e.symbol, label, this.speedFactor);
        this.sfx("expandSymbol");
        this.show(e.total, e.times_bet);
        this.cheer("win", Number(e.times_bet));
        // said as shown: a win the cap cut is said with its tag ("max win already reached"), not as
        // "pays €0.00"
        this.hud.announce(e.paid >= e.amount ? t("say.expanding", { symbol, amount: this.format(e.paid) }) : label);
        await this.wait(BEAT.symbolExpanded);
    }

    /** @this {Playing} @param {SpinEndEvent} e */
    async on_spinEnd(e) {
        this.show(e.total, 0);
        if (this.feature.on) {
            this.feature.total = e.feature_total;
            this.hud.showFeature(/** @type {StartedFeature} */ (this.feature));
            await this.wait(e.paid > 0 ? BEAT.freeSpinWon : BEAT.freeSpinLost);
        } else if (e.paid > 0) {
            this.hud.announce(t("say.youWin", { amount: this.format(e.paid) }));
        }
    }

    /** @this {Playing} @param {FreeSpinsTriggerEvent} e */
    async on_freeSpinsTrigger(e) {
        this.renderer.hideLines();
        this.renderer.glow(e.positions);
        this.sfx("book");
        const books = t("canvas.books", { count: e.positions.length });
        this.renderer.showBanner(t("canvas.freeSpins"), books, BEAT.triggerBanner, this.speedFactor);
        this.hud.announce(t("say.trigger", { count: e.positions.length }));
        await this.wait(BEAT.triggered);
    }

    /** @this {Playing} @param {FreeSpinsStartEvent} e */
    async on_freeSpinsStart(e) {
        this.sfx("featureStart");
        Object.assign(this.feature, { on: true, special: e.special, count: e.count, number: 0, total: 0 });
        this.emit("featureStarted", e);
        this.hud.announce(t("say.fsStart", { count: e.count, symbol: t(`sym.${e.special}`) }));
        this.meter.land?.();
        // the special symbol's pays at this round's bet: the engine's offer (what the info screen lists)
        const pays = this.paytable(this.round.bet)?.[e.special] ?? null;
        await this.panel("intro", { count: e.count, special: e.special, symbols: Object.keys(this.model.paytable),
            pays, speedFactor: this.speedFactor });
        this.renderer.clearWins();
        this.renderer.setFree(true);
        this.sfx("music", "feature");
        this.hud.enterFeature(this.total); // the feature win counts from here: what the trigger won is the base
        this.hud.showFeature(/** @type {StartedFeature} */ (this.feature));
    }

    /** @this {Playing} @param {FreeSpinEvent} e */
    async on_freeSpin(e) {
        this.feature.number = e.number;
        this.renderer.clearWins();
        this.hud.showFeature(/** @type {StartedFeature} */ (this.feature));
        this.sfx("freeSpin");
    }

    /** The cap is reached: the round ends here. Said at once (a banner, the fanfare's opening);
     *  the round's celebration (roundEnd) then counts up to the max win, the last thing shown.
     *  @this {Playing}
     *  @param {MaxWinEvent} e */
    async on_maxWin(e) {
        this.capped = e;
        this.meter.land?.();
        this.renderer.hideLines();
        this.renderer.burst(60, this.speedFactor);
        const cap = t("panel.cap", { cap: grouped(this.model.max_win) });
        this.renderer.showBanner(t("panel.maxWin"), cap, BEAT.maxWinBanner, this.speedFactor);
        this.sfx("tier", 4);
        this.hud.announce(t("say.maxWin", { amount: this.format(e.amount) }));
        await this.wait(BEAT.maxWin);
    }

    /** @this {Playing} @param {FreeSpinsEndEvent} e */
    async on_freeSpinsEnd(e) {
        this.feature.total = e.total;
        this.hud.announce(t("say.fsEnd", { amount: this.format(e.total) }));
        await this.panel("outro", { total: e.total, played: e.played, timesBet: e.times_bet, speedFactor: this.speedFactor,
            // (the panel names Sound's methods)
            sfx: (name, ...a) => { if (!this.quiet) this._sound(/** @type {SoundName} */ (name), a); } });
        this._leaveFeature();
        this.emit("featureEnded", e);
    }

    /** Back to the base game's dress: no feature bar, no wild reels, no win lines.
     *  @this {Playing} */
    _leaveFeature() {
        this.feature.on = false;
        this.renderer.setFree(false);
        this.renderer.clearWins();
        this.hud.hideFeature();
        this.sfx("music", "base");
    }

    /** @this {Playing} @param {RoundEndEvent} e */
    async on_roundEnd(e) {
        this.meter.land?.();
        const capped = e.end === "max_win";
        const tier = this.quiet && !capped ? null : e.big_win; // {name, level} from the model's tiers, or null
        if (tier || capped) {
            const level = tier?.level ?? 0;
            this.renderer.burst(40 + 40 * level, this.speedFactor);
            await this.panel("bigWin", {
                name: tier?.name ?? "", level, amount: e.total_win, bet: this.round.bet, tiers: this.model.big_wins,
                max: capped ? { cap: this.model.max_win, forfeited: this.capped?.forfeited ?? 0 } : null,
                // (the panel names Sound's methods)
                speedFactor: this.speedFactor, sfx: (name, ...a) => this._sound(/** @type {SoundName} */ (name), a),
                onBurst: (lv) => this.renderer.burst(lv ? 50 + 30 * lv : 24, this.speedFactor),
            });
        }
        this.show(e.total_win, 0);
        if (e.total_win > 0) this.hud.announce(t("say.roundOver", { amount: this.format(e.total_win) }));
    }
}

/**
 * The sequencer's handler of each of the engine's event types (types/engine.d.ts EventMap,
 * generated from engine/events.py): an event type the engine adds, renames or drops without its
 * row here changed is a type error in `make typecheck-js`.
 * @type {{ readonly [K in EngineEventType]: Handler<K> }}
 */
const HANDLERS = Object.freeze({
    roundStart: (s, e) => s.on_roundStart(e),
    reveal: (s, e) => s.on_reveal(e),
    expandBooks: (s, e) => s.on_expandBooks(e),
    lineWins: (s, e) => s.on_lineWins(e),
    expandSymbol: (s, e) => s.on_expandSymbol(e),
    spinEnd: (s, e) => s.on_spinEnd(e),
    freeSpinsTrigger: (s, e) => s.on_freeSpinsTrigger(e),
    freeSpinsStart: (s, e) => s.on_freeSpinsStart(e),
    freeSpin: (s, e) => s.on_freeSpin(e),
    maxWin: (s, e) => s.on_maxWin(e),
    freeSpinsEnd: (s, e) => s.on_freeSpinsEnd(e),
    roundEnd: (s, e) => s.on_roundEnd(e),
});
