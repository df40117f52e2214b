// The round: the one path a round takes from a click to the credited balance. The money
// itself is the saved game's (savedgame.js): the controller asks it, and it alone writes.
//
//   click / game.spin()
//     -> controller.play(buy)       checks the bet level and saved.canPlay(buy) (the balance
//                                   covers the offer's cost and could hold its largest win)
//                                   BEFORE the engine draws anything
//     -> bridge.playRound           the engine decides the whole round (a Promise)
//     -> saved.debit                cost out + round in progress + generator state, one write
//     -> sequencer.play             shows the events; renderer and HUD only display; its "step"
//                                   events are checkpointed (saved.checkpoint)
//     -> saved.credit               the round's total_win, once, one write
//     -> "roundEnd" to listeners    (embedding, history dialog)
//
// `decide(bet, buy)` is how a round is drawn: the bridge's playRound, unless ?scenario= hands
// its round in (scenario.js). `timings` (timings.js) are the last rounds' start, outcome shown
// and next round possible, on the page's clock.
//
// Everything above listens through `on(type, fn)` (emitter.js):
//   "roundEnd" {bet, cost, buy, win, balance, timings}, "refused" {message}, "bet" {offer}, "muted" {muted}, "sound" {music, effects},
//   "busy" {busy} (the lock taken or given back, or a round's reveal begun), "loaded" {state},
//   "stale" (a write met a record another tab changed: sharedgame.js reads it again; awaited).
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


export class Controller extends Emitter {
    /**
     * @param {object} o
     * @param {import("./bridge.js").Bridge} o.bridge
     * @param {import("../ledger/savedgame.js").SavedGame} o.saved  the ledger: balance, bet, round in progress
     * @param {object} o.sequencer   plays a decided round's events (emits "step")
     * @param {object} o.hud         displays balance, bet, win, messages
     * @param {object} o.profile     the URL's jurisdiction profile
     * @param {object} o.tabs        tabs.js Tabs (the writer lock), or null (the demo)
     * @param {object} o.clock       sessionclock.js SessionClock (reality check), or null
     * @param {(bet: number, buy: boolean) => Promise<{round: object, rng: object}>} [o.decide]
     *        draws a round (default: bridge.playRound)
     */
    constructor({ bridge, saved, sequencer, hud, format, profile, tabs = null, clock = null, gate = null, decide = null }) {
        super();
        Object.assign(this, { bridge, saved, sequencer, hud, format, profile, tabs, clock, gate });
        this.decide = decide ?? ((bet, buy) => bridge.playRound(bet, buy));
        this.timings = new RoundTimings();
        this.roundsDone = 0; // rounds finished in this page (a parent's configure must come before the first)
        this.roundProfile = null; // the profile of the round on screen (a resumed round keeps its own)
        this.autoplaying = false; // autoplaydriver.js says while it runs
        this._lastStart = -Infinity; // performance.now() at the last round's start
        this._lastCycle = 0;         // the least time from it to the next round's start
        this.bets = saved.bets;
        this.activity = null;     // the one in-flight lock: an Activity, or null when idle
        this.resumedFrom = null;  // the saved step a round in progress was resumed at on load
        sequencer.on("step", ({ index }) => this.saved.checkpoint(index));
        saved.on("balance", ({ balance }) => this.hud.setBalance(balance));
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

    /** Whether a round at the current bet can be paid for and held (SavedGame.canPlay). */
    canPlay(buy) {
        return this.saved.canPlay(buy);
    }

    /** Whether `round`'s win gets its celebration under the profile it plays under. */
    celebrates(round) {
        const p = this.roundProfile ?? this.profile;
        return !p.quietSmallWins || round.total_win > round.cost;
    }

    /** Autoplay (autoplaydriver.js) runs, or has ended: rounds not its own are refused meanwhile. */
    setAutoplaying(running) {
        this.autoplaying = running;
    }

    // ---- rounds ----------------------------------------------------------------------------

    /** Plays one round at the current bet (a bought feature when `buy`); resolves with the
     *  round once its reveal has ended and its win is credited. */
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
            if (this.saved.debit(decided, this.profile.name, roundRules(this.profile)) === "conflict") throw new Conflict();
        } catch (err) {
            this._release();
            if (err instanceof EngineRefusal) this.hud.showMessage(reasonOf(err, this.format));
            if (err instanceof Conflict) throw await this._resync();
            throw err;
        }
        return this._reveal(round, 0, this.profile.name, roundRules(this.profile));
    }

    /** Finishes the round in progress found at load, from its saved step, under its profile. */
    resume() {
        const { round, step, profile, rules } = this.saved.pending;
        this.resumedFrom = step;
        this._acquire(Activity.ROUND);
        return this._reveal(round, step, profile, rules);
    }

    /** With the lock held: waits while a reality check is open, then until the last round's
     *  cycle has passed (a round asked for sooner waits, whoever asked). */
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
     *  starts closer than the cycle. */
    _markStart(profile) {
        Promise.resolve().then(() => {
            this._lastStart = performance.now();
            this._lastCycle = profile.minRound;
            this.timings.start(this._lastStart);
        });
    }

    async _reveal(round, from, profileName, rules) {
        this.roundProfile = { name: profileName, ...rules };
        setPageState(PageState.PLAYING); // only once the round in progress is saved
        this._markStart(this.roundProfile);
        this.emit("busy", { busy: true });
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
        this.emit("roundEnd", {
            bet: round.bet, cost: round.cost, buy: round.buy, win: round.total_win, balance: this.saved.balance, timings,
        });
        if (this.saved.stale) await this._resync();
        this.tabs?.idle(); // hands over now if another tab asked meanwhile
        return round;
    }

    /** Runs `show` (a replay) with the page's lock held: no round can start meanwhile. */
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

    /** Whether this tab may write: false while another tab holds the lock. */
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
     *  saved game adopts it. */
    async _resync() {
        await this.emitAndWait("stale");
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
        this.emit("muted", { muted: record.muted });
        this.emit("loaded", { state: record });
    }

    _acquire(activity) {
        this.activity = activity;
        this.tabs?.setBusy(true);
        this.hud.setBusy(true);
        this.emit("busy", { busy: true });
    }

    _release() {
        this.activity = null;
        this.tabs?.setBusy(false);
        this.hud.setBusy(false);
        setPageState(PageState.READY);
        this.emit("busy", { busy: false });
    }

    /** Why a round at the current bet cannot be played (`can`: canPlay's answer):
     *  `{message, topUp, error}`, the player's words and the Refused to throw. Shows nothing. */
    refusalFor(buy, can = this.canPlay(buy)) {
        const { cost } = can;
        const { balance } = this.saved;
        if (can.why === "limit") {
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

    /** Shows a refusal (refusalFor's) on screen and tells the listeners; returns its error. */
    showRefusal({ message, topUp = false, error }) {
        this.hud.showMessage(message, { topUp });
        this.emit("refused", { message });
        return error;
    }

    // ---- settings and the demo balance ------------------------------------------------------

    /** A bet is a level in minor units, a number: "200", "0x64", [300] or 100.5 are refused. */
    setBet(minor) {
        // amounts.js; the levels decide the rest
        const bad = whyNot(minor, { key: "bet", text: false, min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
        if (bad) {
            throw Object.assign(new Refused(`a bet must be a whole number of minor units, not ${describeValue(minor)}`),
                { code: bad.code, params: bad.params, money: bad.money });
        }
        if (this.busy) throw new Refused("the bet cannot change while a round plays");
        if (this.autoplaying) throw new Refused("the bet cannot change during autoplay");
        this.assertWritable();
        if (!this.saved.offers.has(minor)) throw new Refused(`${minor} is not a bet level (${this.bets.join(", ")})`);
        this.saved.change({ bet: minor });
        this.hud.setBet(this.offer);
        this.emit("bet", { offer: this.offer });
        return minor;
    }

    setMuted(muted) {
        this.saved.change({ muted });
        this.hud.setMuted(muted);
        this.emit("muted", { muted });
    }

    /** The music / effects switches (`{music}` or `{effects}`, booleans), saved with the game.
     *  Anything else is refused in words, changing nothing (a string "no" is not false). */
    setSound(settings) {
        if (settings === null || typeof settings !== "object" || Array.isArray(settings)) {
            throw new Refused(`setSound needs an object {music, effects}, not ${describeValue(settings)}`);
        }
        const unknown = Object.keys(settings).filter((k) => k !== "music" && k !== "effects");
        if (unknown.length) throw new Refused(`setSound takes music and effects, not ${unknown.join(", ")}`);
        for (const [key, value] of Object.entries(settings)) {
            if (typeof value !== "boolean") throw new Refused(`${key} must be true or false, not ${describeValue(value)}`);
        }
        const change = {};
        for (const key of ["music", "effects"]) if (key in settings) change[key] = settings[key];
        this.saved.change(change);
        this.emit("sound", { music: this.saved.record.music !== false, effects: this.saved.record.effects !== false });
    }

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
