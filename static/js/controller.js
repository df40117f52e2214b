// The session and its money: the one place that moves the balance, and the one path a round
// takes from a click to the credited balance.
//
//   click / game.spin()
//     -> controller.play(buy)       checks the bet level and that the balance covers the
//                                   offer's cost BEFORE the engine draws anything
//     -> bridge.playRound           the engine decides the whole round (a Promise)
//     -> save                       debit + round in progress + generator state, one write
//     -> sequencer.play             shows the events; renderer and HUD only display
//     -> credit                     the round's total_win, once, here and nowhere else
//     -> save                       balance + history, one write
//     -> "roundEnd" to observers    (embedding, history dialog)
//
// Everything else (embedding, sound, dialogs) observes through `on(type, fn)`:
//   "roundEnd" {bet, win, balance}, "saved" {notKept}, "refused" {message}, "bet" {offer},
//   "muted" {muted}, "busy" {busy} (the lock taken or given back, or a round's reveal begun).
//
// The jurisdiction profile (jurisdiction.js) rules here too: a bought feature it forbids is
// refused; before each round `_beforeRound` waits for the session's reality check (sessionclock.js)
// and for the last round's cycle (its profile's minCycleMs from its start); the round in
// progress is saved with its profile's name and resumed under it; `celebrates(round)` tells the
// sequencer whether a win gets its sounds and panels.
// Autoplay, a multi-tab lock or a worker bridge plug in here: autoplay calls play() in a loop
// (it resolves once the round is credited); the bridge is already awaited, so a Worker behind
// bridge.js needs no change here.
//
// One writer at a time (session.js, tabs.js): in a tab that waits for another to finish,
// every request that would write is refused (`mayWrite`); when the tab takes over, or a
// write finds a record another tab changed ("conflict"), the session reads the record again
// and gives it to `adopt`. Before a round, a balance that could not hold the round's largest
// win is refused (`_mayHold`): a record is never written that its loader would refuse.

import { EngineRefusal } from "./bridge.js";
import { PageState, setPageState } from "./dom.js";
import { PROFILES, refusal } from "./jurisdiction.js";

/** What holds the page's one in-flight lock. */
export const Activity = Object.freeze({ ROUND: "round", REPLAY: "replay" });

/** A request the controller turned down (busy, not a bet level, balance too low). */
export class Refused extends Error {}

/** The record was written by another tab since this one read it (store.save "conflict"). */
class Conflict extends Error {}

/** A value as a refusal names it: strings quoted, arrays and objects as JSON. */
export function describeValue(value) {
    if (typeof value === "string") return JSON.stringify(value);
    if (value === undefined) return "nothing";
    try {
        return JSON.stringify(value) ?? String(value);
    } catch {
        return String(value);
    }
}

export class Controller {
    /**
     * @param {object} o
     * @param {import("./bridge.js").Bridge} o.bridge
     * @param {object} o.store       the store module (save, notKept, addHistory, DEMO_BALANCE)
     * @param {object} o.state       the store's state object (balance, bet, pending, history, ...)
     * @param {Map<number, object>} o.offers  the engine's offer for every bet level
     * @param {object} o.sequencer   plays a decided round's events
     * @param {object} o.hud         displays balance, bet, win, messages
     * @param {boolean} o.demo       the ?demo=feature showcase: nothing is saved
     * @param {object} o.profile    the URL's jurisdiction profile
     * @param {object} o.session    session.js Session (the tabs' lock and the record), or null
     * @param {object} o.playSession sessionclock.js PlaySession (reality check, net position), or null
     */
    constructor({ bridge, store, state, offers, sequencer, hud, format, demo = false, profile = PROFILES.default, session = null, playSession = null }) {
        Object.assign(this, { bridge, store, state, offers, sequencer, hud, format, demo, profile, session, playSession });
        this.roundProfile = null; // the profile of the round on screen (a resumed round keeps its own)
        this.autoplayer = null;   // controls.js AutoplayDriver, once the page has made one
        this._lastStart = -Infinity; // performance.now() at the last round's start
        this._lastCycle = 0;         // the least time from it to the next round's start
        this.bets = [...offers.keys()];
        this.activity = null;     // the one in-flight lock: an Activity, or null when idle
        this.lastWin = state.pending ? 0 : (state.history[0]?.win ?? 0);
        this.resumedFrom = null;  // the saved step a round in progress was resumed at on load
        this.stale = false;       // a write met another tab's record: read it again before playing
        this._listeners = new Map();
    }

    get busy() {
        return this.activity !== null;
    }

    get autoplaying() {
        return this.autoplayer?.running ?? false;
    }

    /** Whether `round`'s win gets its celebration under the profile it plays under. */
    celebrates(round) {
        const p = this.roundProfile ?? this.profile;
        return !p.celebrateOnlyAboveStake || round.total_win > round.cost;
    }

    /** The engine's offer at the current bet (cost, buy_cost, line_bet, paytable, cap, ...). */
    get offer() {
        return this.offers.get(this.state.bet);
    }

    on(type, fn) {
        if (!this._listeners.has(type)) this._listeners.set(type, []);
        this._listeners.get(type).push(fn);
    }

    _emit(type, data = {}) {
        for (const fn of this._listeners.get(type) ?? []) {
            try { fn(data); } catch (err) { console.error(`a ${type} observer failed`, err); }
        }
    }

    // ---- rounds ----------------------------------------------------------------------------

    /** Plays one round at the current bet (a bought feature when `buy`); resolves with the
     *  round once its reveal has ended and its win is credited. */
    async play(buy, { auto = false } = {}) {
        const no = buy ? refusal(this.profile, "buy") : null;
        if (no) throw new Refused(no);
        if (this.busy) throw new Refused("a round is already playing");
        if (this.autoplaying && !auto) throw new Refused("autoplay is running: stop it first");
        if (this.playSession?.ended) throw new Refused("the session has ended: reload the page to play again");
        this.mayWrite();
        if (this.stale || !this.store.current()) throw await this._resync();
        const cost = buy ? this.offer.buy_cost : this.offer.cost;
        if (cost > this.state.balance) throw this.refuse(buy);
        this._mayHold(cost);
        this._acquire(Activity.ROUND); // held from before the draw until the credit
        let round;
        try {
            await this._beforeRound();
            this.hud.hideMessage();
            const decided = await this.bridge.playRound(this.state.bet, buy);
            round = decided.round;
            // The round is decided: debit its cost and keep it as the round in progress,
            // with the seeded generator's state after it, in one write.
            this.state.balance -= round.cost;
            this.state.pending = { bet: round.bet, cost: round.cost, step: 0, round, profile: this.profile.name };
            if (this.state.seed !== null) this.state.rng = decided.rng;
            if (this.persist() === "conflict") throw new Conflict(); // never saved: never happened
            this.playSession?.staked(round.cost);
        } catch (err) {
            this._release();
            if (err instanceof EngineRefusal) this.hud.showMessage(err.message);
            if (err instanceof Conflict) throw await this._resync();
            throw err;
        }
        return this._reveal(round, 0, this.profile.name);
    }

    /** Finishes the round in progress found at load, from its saved step, under its profile. */
    resume() {
        const { round, step, profile } = this.state.pending;
        this.resumedFrom = step;
        this._acquire(Activity.ROUND);
        return this._reveal(round, step, profile);
    }

    /** With the lock held: waits while a reality check is open, then until the last round's
     *  cycle has passed (a round asked for sooner waits, whoever asked). */
    async _beforeRound() {
        await this.playSession?.gate();
        for (;;) {
            const wait = this._lastStart + Math.max(this._lastCycle, this.profile.minCycleMs) - performance.now();
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
            this._lastCycle = profile.minCycleMs;
        });
    }

    async _reveal(round, from, profileName = "default") {
        this.roundProfile = PROFILES[profileName] ?? this.profile;
        setPageState(PageState.PLAYING); // only once the round in progress is saved
        this._markStart(this.roundProfile);
        this._emit("busy", { busy: true });
        this.hud.setBalance(this.state.balance);
        try {
            await this.sequencer.play(round, { from, onStep: (i) => this._checkpoint(i) });
        } catch (err) {
            console.error("the reveal failed; crediting the round as decided", err);
        } finally {
            this._credit(round);
            this.roundProfile = null;
            this._release();
        }
        this._emit("roundEnd", { bet: round.bet, win: round.total_win, balance: this.state.balance });
        if (this.stale) await this._resync();
        this.session?.tabs?.idle(); // hands over now if another tab asked meanwhile
        return round;
    }

    /** The reveal reached event `step`: saved, so a reload resumes there. */
    _checkpoint(step) {
        if (this.state.pending.step === step) return;
        this.state.pending.step = step;
        this.persist();
    }

    /** The only place a win reaches the balance: once per round, when its reveal ends;
     *  balance, history and the end of the round in progress in one write. */
    _credit(round) {
        this.state.balance += round.total_win;
        this.state.pending = null;
        if (!this.demo) this.store.addHistory(round);
        this.lastWin = round.total_win;
        this.persist();
        this.playSession?.won(round.total_win);
        this.hud.setBalance(this.state.balance);
        this.hud.setWin(round.total_win, { quiet: !this.celebrates(round) });
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
            this.hud.setWin(this.lastWin);
            this.session?.tabs?.idle();
        }
    }

    /** Refuses what only the tab that plays may do (another tab holds the lock), saying why. */
    mayWrite() {
        if (!this.session?.waiting) return;
        const message = "The game is open in another tab. Press Play here to play in this tab.";
        this.hud.showMessage(message);
        this._emit("refused", { message });
        throw new Refused("the game is open in another tab");
    }

    /** The worst case of a round costing `cost`: debited, then the largest win (the cap)
     *  credited. A balance the record could not hold is refused here, never reset later. */
    _mayHold(cost) {
        if (this.store.fits(this.state.balance - cost + this.offer.cap)) return;
        const message = `Your balance of ${this.format(this.state.balance)} is too close to the game's `
            + `limit of ${this.format(this.store.MAX_BALANCE)}: the largest win at this bet could not be `
            + "added to it. Lower the bet.";
        this.hud.showMessage(message);
        this._emit("refused", { message });
        throw new Refused("the balance could not hold this round's largest win");
    }

    /** The record was changed by another tab: the session reads it again. */
    async _resync() {
        this.stale = false;
        await this.session.resync();
        return new Refused("the saved game was changed in another tab");
    }

    /** Makes a record read afresh (a takeover, a re-read) the session's state, and shows it. */
    adopt(state) {
        this.state = state;
        this.stale = false;
        this.lastWin = state.pending ? 0 : (state.history[0]?.win ?? 0);
        this.hud.setBalance(state.balance);
        this.hud.setBet(this.offer);
        this.hud.setWin(this.lastWin);
        this.hud.setMuted(state.muted);
        this.hud.setTurbo(state.turbo);
        this._emit("muted", { muted: state.muted });
        this._emit("loaded", { state });
    }

    _acquire(activity) {
        this.activity = activity;
        this.hud.setBusy(true);
        this._emit("busy", { busy: true });
    }

    _release() {
        this.activity = null;
        this.hud.setBusy(false);
        setPageState(PageState.READY);
        this._emit("busy", { busy: false });
    }

    /** Shows why a round at the current bet cannot be paid for; returns the error to throw. */
    refuse(buy) {
        const cost = buy ? this.offer.buy_cost : this.offer.cost;
        const { balance } = this.state;
        const what = buy ? `buy the feature (${this.format(cost)})` : `spin at ${this.format(cost)}`;
        const broke = balance < this.offers.get(this.bets[0]).cost;
        const message = `Your balance of ${this.format(balance)} is not enough to ${what}.`
            + (broke ? " Top up the demo balance to keep playing." : " Lower the bet or top up.");
        this.hud.showMessage(message, { topUp: true });
        this._emit("refused", { message });
        return new Refused(`insufficient balance: ${this.format(balance)} < ${this.format(cost)}`);
    }

    // ---- settings and the demo balance ------------------------------------------------------

    /** A bet is a level in minor units, a number: "200", "0x64", [300] or 100.5 are refused. */
    setBet(minor) {
        if (!Number.isSafeInteger(minor)) {
            throw new Refused(`a bet must be a whole number of minor units, not ${describeValue(minor)}`);
        }
        if (this.busy) throw new Refused("the bet cannot change while a round plays");
        if (this.autoplaying) throw new Refused("the bet cannot change during autoplay");
        this.mayWrite();
        if (!this.offers.has(minor)) throw new Refused(`${minor} is not a bet level (${this.bets.join(", ")})`);
        this.state.bet = minor;
        this.persist();
        this.hud.setBet(this.offer);
        this._emit("bet", { offer: this.offer });
        return minor;
    }

    setMuted(muted) {
        this.state.muted = muted;
        this.persist();
        this.hud.setMuted(muted);
        this._emit("muted", { muted });
    }

    setTurbo(on) {
        const no = refusal(this.profile, "turbo");
        if (no) throw new Refused(no);
        this.state.turbo = on;
        this.persist();
        this.hud.setTurbo(on);
    }

    /** The demo balance back up to its starting amount (never down). */
    topUp() {
        this.mayWrite();
        const { DEMO_BALANCE } = this.store;
        if (this.state.balance < DEMO_BALANCE) this.state.balance = DEMO_BALANCE;
        this.persist();
        this.hud.setBalance(this.state.balance);
        this.hud.hideMessage();
        this.hud.announce(`Demo balance topped up to ${this.format(this.state.balance)}`);
    }

    /** Writes the whole record (never in the demo); observers hear whether it was kept.
     *  Returns store.save()'s answer; a "conflict" marks the state stale. */
    persist() {
        if (this.demo) return "memory";
        const result = this.store.save();
        if (result === "conflict") this.stale = true;
        this._emit("saved", { notKept: this.store.notKept() });
        return result;
    }
}
