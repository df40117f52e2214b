// @ts-check
// The round: the one path a round takes from a click to the credited balance. The money
// itself is the saved game's (savedgame.js): the controller asks it, and it alone writes.
//
//   click / game.spin()
//     -> controller.play(buy)       checks the bet level and saved.canPlay(buy) (the balance
//                                   covers the offer's cost and could hold its largest win)
//                                   BEFORE the engine draws anything
//     -> bridge.playRound           the engine decides the whole round (a Promise)
//     -> saved.debit                cost out + round in progress + generator state, one write
//     -> sequencer.play             shows the events; renderer and HUD only display; its "stepShown"
//                                   events are checkpointed (saved.checkpoint)
//     -> saved.credit               the round's total_win, once, one write
//     -> "roundEnded" to listeners   (embedding, history dialog)
//
// `decide(bet, buy)` is how a round is drawn: the bridge's playRound, unless ?scenario= hands
// its round in (scenario.js). `timings` (timings.js) are the last rounds' start, outcome shown
// and next round possible, on the page's clock.
//
// Everything above listens through `on(type, fn)` (emitter.js) to what happened, as
// ControllerEvents below names it: "roundEnded", "refused", "betChanged", "muteChanged",
// "soundChanged", "busyChanged" (the lock taken or given back, or a round's reveal begun),
// "loaded", "outdated" (a write met a record another tab changed: sharedgame.js reads it
// again; awaited). What the player asks for comes in as calls (play, setBet, setMuted).
//
// The jurisdiction profile (jurisdiction.js) rules here too: a bought feature it forbids is
// refused; before each round `_beforeRound` waits for the session's reality check (sessionclock.js)
// and for the last round's cycle (its profile's minRound from its start); the round in
// progress is saved with its profile's name and resumed under it; `celebrates(round)` tells the
// sequencer whether a win gets its sounds and panels.
// Autoplay (autoplaydriver.js) calls play(buy, {auto: true}) in a loop and says when it runs
// (setAutoplaying); the bridge is already awaited, so a Worker behind bridge.js needs no change.
//
// One writer at a time (sharedgame.js, tabs.js): in a tab that waits for another to finish,
// every request that would write is refused (`assertWritable`; `canWrite()` only answers).

import { Conflict, EngineRefusal, Refused, describeValue } from "../core/errors.js";
import { MAX_BALANCE, whyNot } from "../core/amounts.js";
import { reasonOf } from "../lang/reasons.js";
import { PageState, setPageState } from "../core/dom.js";
import { Emitter } from "../core/emitter.js";
import { refusal, roundRules } from "../operator/jurisdiction.js";
import { RoundTimings } from "./timings.js";
import { t } from "../lang/i18n.js";

/** What holds the page's one in-flight lock. */
export const Activity = Object.freeze({ ROUND: "round", REPLAY: "replay" });

/** @typedef {import("../../../types/game").Offer} Offer */
/** @typedef {import("../../../types/game").RoundRecord} RoundRecord */
/** @typedef {import("./bridge.js").Bridge} Bridge */
/** @typedef {import("./bridge.js").DecidedRound} DecidedRound */
/** @typedef {import("./sequencer.js").Sequencer} Sequencer */
/** @typedef {import("./timings.js").RoundTiming} RoundTiming */
/** @typedef {import("../ledger/savedgame.js").SavedGame} SavedGame */
/** @typedef {import("../ledger/savedgame.js").CanPlay} CanPlay */
/** @typedef {import("../ledger/store.js").SaveState} SaveState */
/** @typedef {import("../ledger/tabs.js").Tabs} Tabs */
/** @typedef {import("../operator/sessionclock.js").SessionClock} SessionClock */
/** @typedef {import("../operator/operator.js").AgeGate} AgeGate */
/** @typedef {import("../operator/jurisdiction.js").Profile} Profile */
/** @typedef {import("../operator/jurisdiction.js").RoundRules} RoundRules */
/** @typedef {import("../ui/hud.js").Hud} Hud */

/** An amount in minor units as the launch writes it (core/money.js makeFormat).
 *  @typedef {(minor: number) => string} Format */
/** What holds the lock: "round" or "replay".
 *  @typedef {typeof Activity[keyof typeof Activity]} ActivityName */
/** How a round is drawn: the bridge's playRound, or a scenario's (scenario.js).
 *  @typedef {(bet: number, buy: boolean) => Promise<DecidedRound>} Decide */
/** The rules of the round on screen, with its market's name (a resumed round keeps its own).
 *  @typedef {{ name: string } & RoundRules} RoundProfile */
/** A refusal to show (refusalFor, showRefusal): the player's words, whether to offer the demo
 *  top-up, and the error to throw.
 *  @typedef {{ message: string, topUp?: boolean, error: Error }} Refusal */

/**
 * What the controller tells its listeners (see the top of this file).
 * @typedef {object} ControllerEvents
 * @property {{ bet: number, cost: number, buy: boolean, win: number, balance: number, timings: RoundTiming | null }} roundEnded
 * @property {{ message: string }} refused
 * @property {{ offer: Offer }} betChanged
 * @property {{ muted: boolean }} muteChanged
 * @property {{ music: boolean, effects: boolean }} soundChanged
 * @property {{ busy: boolean }} busyChanged
 * @property {{ state: SaveState }} loaded
 * @property {{}} outdated
 */

/** @extends {Emitter<ControllerEvents>} */
export class Controller extends Emitter {
    /**
     * @param {object} o
     * @param {Bridge} o.bridge
     * @param {SavedGame} o.saved  the ledger: balance, bet, round in progress
     * @param {Sequencer} o.sequencer   plays a decided round's events (emits "stepShown")
     * @param {Hud} o.hud         displays balance, bet, win, messages
     * @param {Format} o.format
     * @param {Profile} o.profile     the URL's jurisdiction profile
     * @param {Tabs | null} [o.tabs]  tabs.js Tabs (the writer lock), or null (the demo)
     * @param {SessionClock | null} [o.clock]  sessionclock.js SessionClock (reality check), or null
     * @param {AgeGate | null} [o.gate]  ?ageGate=1: asked before every round, or null
     * @param {Decide | null} [o.decide]
     *        draws a round (default: bridge.playRound)
     */
    constructor({ bridge, saved, sequencer, hud, format, profile, tabs = null, clock = null, gate = null, decide = null }) {
        super();
        // (one assignment each, as Object.assign made them, so that the type check sees the fields)
        /** @type {Bridge} */
        this.bridge = bridge;
        /** @type {SavedGame} */
        this.saved = saved;
        /** @type {Sequencer} */
        this.sequencer = sequencer;
        /** @type {Hud} */
        this.hud = hud;
        /** @type {Format} */
        this.format = format;
        /** @type {Profile} */
        this.profile = profile;
        /** @type {Tabs | null} */
        this.tabs = tabs;
        /** @type {SessionClock | null} */
        this.clock = clock;
        /** @type {AgeGate | null} */
        this.gate = gate;
        /** @type {Decide} */
        this.decide = decide ?? ((bet, buy) => bridge.playRound(bet, buy));
        this.timings = new RoundTimings();
        this.roundsDone = 0; // rounds finished in this page (a parent's configure must come before the first)
        /** @type {RoundProfile | null} */
        this.roundProfile = null; // the profile of the round on screen (a resumed round keeps its own)
        this.autoplaying = false; // autoplaydriver.js says while it runs
        this._lastStart = -Infinity; // performance.now() at the last round's start
        this._lastCycle = 0;         // the least time from it to the next round's start
        this.bets = saved.bets;
        /** @type {ActivityName | null} */
        this.activity = null;     // the one in-flight lock: an Activity, or null when idle
        /** @type {number | null} */
        this.resumedFrom = null;  // the saved step a round in progress was resumed at on load
        sequencer.on("stepShown", ({ index }) => this.saved.checkpoint(index));
        saved.on("balanceChanged", ({ balance }) => this.hud.setBalance(balance));
        saved.on("adopted", () => this.show());
    }

    get busy() {
        return this.activity !== null;
    }

    /** The record (read only: the saved game writes it). */
    get state() {
        return this.saved.record;
    }

    get lastWin() {
        return this.saved.lastWin;
    }

    /** The engine's offer at the current bet (cost, buy_cost, line_bet, paytable, cap, ...). */
    get offer() {
        return this.saved.offer;
    }

    /** Whether a round at the current bet can be paid for and held (SavedGame.canPlay).
     *  @param {boolean} buy
     *  @returns {CanPlay} */
    canPlay(buy) {
        return this.saved.canPlay(buy);
    }

    /** Whether `round`'s win gets its celebration under the profile it plays under.
     *  @param {RoundRecord} round
     *  @returns {boolean} */
    celebrates(round) {
        const p = this.roundProfile ?? this.profile;
        return !p.quietSmallWins || round.total_win > round.cost;
    }

    /** Autoplay (autoplaydriver.js) runs, or has ended: rounds not its own are refused meanwhile. */
    /** @param {boolean} running */
    setAutoplaying(running) {
        this.autoplaying = running;
    }

    // ---- rounds ----------------------------------------------------------------------------

    /** Plays one round at the current bet (a bought feature when `buy`); resolves with the
     *  round once its reveal has ended and its win is credited.
     *  @param {boolean} buy
     *  @param {{ auto?: boolean }} [options]  `auto`: autoplay's own round
     *  @returns {Promise<RoundRecord>} */
    async play(buy, { auto = false } = {}) {
        const no = buy ? refusal(this.profile, "buy") : null;
        if (no) throw new Refused(no);
        if (this.busy) throw new Refused("a round is already playing");
        if (this.autoplaying && !auto) throw new Refused("autoplay is running: stop it first");
        if (this.clock?.ended) throw new Refused("the session has ended: reload the page to play again");
        const held = this.gate?.why(); // ?ageGate=1 before the site's ageConfirmed
        if (held) throw this.showRefusal({ message: t("gate.refused", { reason: held }), error: new Refused(held) });
        this.assertWritable();
        if (this.saved.outOfDate) throw await this._resync();
        const can = this.canPlay(buy);
        if (!can.ok) throw this.showRefusal(this.refusalFor(buy, can));
        this._acquire(Activity.ROUND); // held from before the draw until the credit
        let round;
        try {
            await this._beforeRound();
            this.hud.hideMessage();
            const decided = await this.decide(this.saved.bet, buy);
            round = decided.round;
            // The round is decided: debit its cost and keep it as the round in progress,
            // with the seeded generator's state after it, in one write.
            // never saved: never happened
            if (this.saved.debit(decided, this.profile.name, roundRules(this.profile)) === "conflict") {
                throw new Conflict("another tab saved the game since this one read it");
            }
        } catch (err) {
            this._release();
            if (err instanceof EngineRefusal) this.hud.showMessage(reasonOf(err, this.format));
            if (err instanceof Conflict) throw await this._resync();
            throw err;
        }
        return this._reveal(round, 0, this.profile.name, roundRules(this.profile));
    }

    /** Finishes the round in progress found at load, from its saved step, under its profile.
     *  @returns {Promise<RoundRecord>} */
    resume() {
        // (a cast: called only when the record has a round in progress: sharedgame.js)
        const { round, step, profile, rules } = /** @type {import("../ledger/store.js").Pending} */ (this.saved.pending);
        this.resumedFrom = step;
        this._acquire(Activity.ROUND);
        return this._reveal(round, step, profile, rules);
    }

    /** With the lock held: waits while a reality check is open, then until the last round's
     *  cycle has passed (a round asked for sooner waits, whoever asked).
     *  @returns {Promise<void>} */
    async _beforeRound() {
        await this.clock?.gate();
        for (;;) {
            const wait = this._lastStart + Math.max(this._lastCycle, this.profile.minRound) - performance.now();
            if (wait <= 0) return;
            await new Promise((r) => setTimeout(r, wait));
        }
    }

    /** A round starts now (its reveal begins): the next may start one cycle later. Taken in a
     *  reaction queued after data-state's change, so an observer of data-state never sees two
     *  starts closer than the cycle.
     *  @param {{ minRound: number }} profile */
    _markStart(profile) {
        Promise.resolve().then(() => {
            this._lastStart = performance.now();
            this._lastCycle = profile.minRound;
            this.timings.start(this._lastStart);
        });
    }

    /** Shows `round` from event `from` under the profile `profileName` and its round `rules`,
     *  then credits it and gives the lock back.
     *  @param {RoundRecord} round
     *  @param {number} from
     *  @param {string} profileName
     *  @param {RoundRules} rules
     *  @returns {Promise<RoundRecord>} */
    async _reveal(round, from, profileName, rules) {
        this.roundProfile = { name: profileName, ...rules };
        setPageState(PageState.PLAYING); // only once the round in progress is saved
        this._markStart(this.roundProfile);
        this.emit("busyChanged", { busy: true });
        const quiet = !this.celebrates(round);
        try {
            // the sequencer's meter writes #win, the round's total last of all
            await this.sequencer.play(round, { from, quiet });
        } catch (err) {
            console.error("the reveal failed; crediting the round as decided", err);
            this.sequencer.meter.show(round.total_win, { quiet });
        } finally {
            this.timings.shown();
            this.saved.credit(round);
            this.roundProfile = null;
            this._release();
        }
        const timings = this.timings.enabled(Math.max(performance.now(), this._lastStart + this._lastCycle));
        this.roundsDone += 1;
        this.emit("roundEnded", {
            bet: round.bet, cost: round.cost, buy: round.buy, win: round.total_win, balance: this.saved.balance, timings,
        });
        if (this.saved.stale) await this._resync();
        this.tabs?.idle(); // hands over now if another tab asked meanwhile
        return round;
    }

    /** Runs `show` (a replay) with the page's lock held: no round can start meanwhile.
     *  @template T
     *  @param {() => Promise<T>} show
     *  @returns {Promise<T>} */
    async present(show) {
        if (this.busy) throw new Refused("a round is already playing");
        this._acquire(Activity.REPLAY);
        setPageState(PageState.PLAYING);
        try {
            return await show();
        } finally {
            this._release();
            this.tabs?.idle();
        }
    }

    /** Whether this tab may write: false while another tab holds the lock.
     *  @returns {boolean} */
    canWrite() {
        return this.tabs?.role !== "waiting";
    }

    /** Refuses what only the tab that plays may do (another tab holds the lock), saying why. */
    assertWritable() {
        if (this.canWrite()) return;
        throw this.showRefusal({
            message: t("tabs.openPlayHere"),
            error: new Refused("the game is open in another tab"),
        });
    }

    /** The record was changed by another tab: sharedgame.js reads it again (awaited) and the
     *  saved game adopts it.
     *  @returns {Promise<Refused>} the refusal to throw */
    async _resync() {
        await this.emitAndWait("outdated");
        return new Refused("the saved game was changed in another tab");
    }

    /** Shows the saved game as it is (at boot, and whenever a record read afresh is adopted). */
    show() {
        const { record } = this.saved;
        this.hud.setBalance(record.balance);
        this.hud.setBet(this.offer);
        this.hud.setWin(this.lastWin); // #win: the last round's total, after a reload too
        this.hud.setMuted(record.muted);
        this.hud.setTurbo(record.turbo);
        this.emit("muteChanged", { muted: record.muted });
        this.emit("loaded", { state: record });
    }

    /** @param {ActivityName} activity */
    _acquire(activity) {
        this.activity = activity;
        this.tabs?.setBusy(true);
        this.hud.setBusy(true);
        this.emit("busyChanged", { busy: true });
    }

    _release() {
        this.activity = null;
        this.tabs?.setBusy(false);
        this.hud.setBusy(false);
        setPageState(PageState.READY);
        this.emit("busyChanged", { busy: false });
    }

    /** Why a round at the current bet cannot be played (`can`: canPlay's answer):
     *  `{message, topUp, error}`, the player's words and the Refused to throw. Shows nothing.
     *  @param {boolean} buy
     *  @param {CanPlay} [can]
     *  @returns {Refusal} */
    refusalFor(buy, can = this.canPlay(buy)) {
        const { cost } = can;
        const { balance } = this.saved;
        // (a cast: asked of a round that cannot be played; an answer that is ok has no `why`)
        if (/** @type {{ why?: string }} */ (can).why === "limit") {
            return {
                message: t("refuse.tooClose", { balance: this.format(balance), limit: this.format(MAX_BALANCE) }),
                error: new Refused("the balance could not hold this round's largest win"),
            };
        }
        const amounts = { balance: this.format(balance), cost: this.format(cost) };
        return {
            message: `${t(buy ? "refuse.noBuy" : "refuse.noSpin", amounts)} ${t(this.saved.broke ? "refuse.broke" : "refuse.lower")}`,
            topUp: true,
            error: new Refused(`insufficient balance: ${this.format(balance)} < ${this.format(cost)}`),
        };
    }

    /** Shows a refusal (refusalFor's) on screen and tells the listeners; returns its error.
     *  @param {Refusal} refusal
     *  @returns {Error} */
    showRefusal({ message, topUp = false, error }) {
        this.hud.showMessage(message, { topUp });
        this.emit("refused", { message });
        return error;
    }

    // ---- settings and the demo balance ------------------------------------------------------

    /** A bet is a level in minor units, a number: "200", "0x64", [300] or 100.5 are refused.
     *  @param {unknown} minor  as the page contract's caller gave it (checked here)
     *  @returns {number} */
    setBet(minor) {
        // amounts.js; the levels decide the rest
        const bad = whyNot(minor, { key: "bet", text: false, min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
        if (bad) {
            throw new Refused(`a bet must be a whole number of minor units, not ${describeValue(minor)}`,
                { code: bad.code, params: bad.params, money: bad.money, cause: bad });
        }
        if (this.busy) throw new Refused("the bet cannot change while a round plays");
        if (this.autoplaying) throw new Refused("the bet cannot change during autoplay");
        this.assertWritable();
        // (casts: whyNot found a whole number of minor units)
        if (!this.saved.offers.has(/** @type {number} */ (minor))) {
            throw new Refused(`${minor} is not a bet level (${this.bets.join(", ")})`);
        }
        this.saved.change({ bet: /** @type {number} */ (minor) });
        this.hud.setBet(this.offer);
        this.emit("betChanged", { offer: this.offer });
        return /** @type {number} */ (minor);
    }

    /** @param {boolean} muted */
    setMuted(muted) {
        this.saved.change({ muted });
        this.hud.setMuted(muted);
        this.emit("muteChanged", { muted });
    }

    /** The music / effects switches (`{music}` or `{effects}`, booleans), saved with the game.
     *  Anything else is refused in words, changing nothing (a string "no" is not false).
     *  @param {unknown} settings  as the page contract's caller gave it (checked here) */
    setSound(settings) {
        if (settings === null || typeof settings !== "object" || Array.isArray(settings)) {
            throw new Refused(`setSound needs an object {music, effects}, not ${describeValue(settings)}`);
        }
        const unknown = Object.keys(settings).filter((k) => k !== "music" && k !== "effects");
        if (unknown.length) throw new Refused(`setSound takes music and effects, not ${unknown.join(", ")}`);
        for (const [key, value] of Object.entries(settings)) {
            if (typeof value !== "boolean") throw new Refused(`${key} must be true or false, not ${describeValue(value)}`);
        }
        /** @type {{ music?: boolean, effects?: boolean }} */
        const change = {};
        // (a cast: each value was found a boolean above)
        for (const key of /** @type {const} */ (["music", "effects"])) {
            if (key in settings) change[key] = /** @type {{ music?: boolean, effects?: boolean }} */ (settings)[key];
        }
        this.saved.change(change);
        this.emit("soundChanged", { music: this.saved.record.music !== false, effects: this.saved.record.effects !== false });
    }

    /** @param {unknown} on  as the caller gave it (checked here) */
    setTurbo(on) {
        if (typeof on !== "boolean") throw new Refused(`on must be true or false, not ${describeValue(on)}`);
        const no = refusal(this.profile, "turbo");
        if (no) throw new Refused(no);
        this.saved.change({ turbo: on });
        this.hud.setTurbo(on);
    }

    /** The demo balance back up to its starting amount (never down). */
    topUp() {
        this.assertWritable();
        this.saved.topUp();
        this.hud.hideMessage();
        this.hud.announce(t("msg.toppedUp", { balance: this.format(this.saved.balance) }));
    }
}
