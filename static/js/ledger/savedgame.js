// @ts-check
// The saved game: the one ledger of the page. Its methods are the ONLY writers of the balance
// and of the round in progress, and each persists the whole record through the store
// (store.save(record)); everything else reads.
//
//   const saved = new SavedGame({ store, offers, demo, record });   // record: store.load()'s
//   saved.canPlay(buy)        can a round at the current bet be paid, and held? (see below)
//   saved.debit(decided, p)   the engine's decided round: cost out, kept as the round in progress
//   saved.checkpoint(step)    the reveal reached event `step`
//   saved.credit(round)       total_win in, the history, no round in progress
//   saved.topUp()             the demo balance back up to its starting amount (never down)
//   saved.change({bet})       a setting (bet, muted, turbo)
//   saved.adopt(record)       a record read afresh (a takeover, a re-read) replaces this one
//   saved.totals(from)        {rounds, staked, won, net} of this page's rounds from `from` on
//
// Events (Emitter): "saved" {notKept} after every write; "adopted" {record}; "balance"
// {balance} when the balance moved (debit, credit, top-up); "credited" {round, balance}.
//
// The session's figures (sessionclock.js) and autoplay's limits are read from `totals()`:
// the rounds this page debited or credited since it started. A round resumed after a reload
// counts its win, not its stake (the page that started it counted that).

import { Emitter } from "../core/emitter.js";
import { DEMO_BALANCE, HISTORY_MAX, fits, historyEntry } from "./store.js";

/** @typedef {import("../../../types/game").Offer} Offer */
/** @typedef {import("../../../types/game").RoundRecord} RoundRecord */
/** @typedef {import("./store.js").Store} Store */
/** @typedef {import("./store.js").SaveState} SaveState */
/** @typedef {import("./store.js").Pending} Pending */
/** @typedef {import("./store.js").HistoryEntry} HistoryEntry */
/** @typedef {import("./store.js").SaveResult} SaveResult */
/** The settings change() writes.
 *  @typedef {Partial<Pick<SaveState, "bet" | "muted" | "turbo" | "music" | "effects">>} RecordSettings */
/** This page's rounds from some index on (totals): how many, their stakes, wins and net (won - staked).
 *  @typedef {{ rounds: number, staked: number, won: number, net: number }} Totals */
/**
 * canPlay's answer: the round's cost, and whether it may be played (`why` not: "balance", "limit").
 * @typedef {{ ok: true, cost: number } | { ok: false, why: "balance" | "limit", cost: number }} CanPlay
 */
/**
 * The saved game's events and their payloads.
 * @typedef {object} SavedGameEvents
 * @property {{ notKept: string | null }} saved  after every write: why progress is not kept, or null
 * @property {{ record: SaveState }} adopted
 * @property {{ balance: number }} balanceChanged
 * @property {{ round: RoundRecord, balance: number }} credited
 */

/** @extends {Emitter<SavedGameEvents>} */
export class SavedGame extends Emitter {
    /**
     * @param {object} o
     * @param {Store} o.store    the launch's Store (store.js): save, current, notKept
     * @param {Map<number, Offer>} o.offers  the engine's offer for every bet level
     * @param {boolean} [o.demo]    a balance of its own (?demo=feature, ?scenario=): nothing is saved
     * @param {boolean} [o.history] the rounds are kept in the history (in memory under `demo`): all
     *                            but the showcase, whose loop would fill it; a scenario's round is
     *                            shared and replayed like any other
     * @param {SaveState} o.record   the record as store.load() (or a re-read) gave it
     */
    constructor({ store, offers, demo = false, history = !demo, record }) {
        super();
        Object.assign(this, { store, offers, demo, keepsHistory: history });
        /** @type {Store} */
        this.store; // (each of these four set by the Object.assign above)
        /** @type {Map<number, Offer>} */
        this.offers;
        /** @type {boolean} */
        this.demo;
        /** @type {boolean} */
        this.keepsHistory;
        /** @type {number[]} the bet levels, lowest first */
        this.bets = [...offers.keys()];
        /** @type {Array<{ cost: number, win: number | null }>} */
        this._rounds = []; // this page's rounds: {cost, win} (win null until credited)
        /** @type {SaveState} */
        this._record; // (these three set by _take)
        /** @type {boolean} */
        this.stale;
        /** @type {number} the last round's win (0 while one is in progress) */
        this.lastWin;
        this._take(record);
    }

    /** @param {SaveState} record */
    _take(record) {
        this._record = record;
        this.stale = false; // a write met another tab's record: read it again before playing
        this.lastWin = record.pending ? 0 : (record.history[0]?.win ?? 0);
    }

    /** The record (read it; write it only through these methods). @returns {SaveState} */
    get record() { return this._record; }
    /** @returns {number} */
    get balance() { return this._record.balance; }
    /** @returns {number} */
    get bet() { return this._record.bet; }
    /** @returns {Pending | null} */
    get pending() { return this._record.pending; }
    /** @returns {HistoryEntry[]} */
    get history() { return this._record.history; }

    /** The engine's offer at the current bet (cost, buy_cost, line_bet, paytable, cap, ...).
     *  @returns {Offer} */
    get offer() {
        return /** @type {Offer} */ (this.offers.get(this._record.bet)); // (the bet is always a level)
    }

    /** True when the stored record is no longer the one this page holds (another tab wrote).
     *  @returns {boolean} */
    get outOfDate() {
        return this.stale || !this.store.current();
    }

    /** Whether the balance cannot pay even a round at the lowest bet.
     *  @returns {boolean} */
    get broke() {
        return this.balance < /** @type {Offer} */ (this.offers.get(this.bets[0])).cost; // (an offer for every level)
    }

    /**
     * Whether a round at the current bet (a bought feature when `buy`) can be played:
     * `{ok: true, cost}`, or `{ok: false, why, cost}` with `why` "balance" (the balance does
     * not cover the offer's cost) or "limit" (debited, then the largest win, the offer's cap,
     * credited, the balance would pass what a record may hold).
     * @param {boolean} buy
     * @returns {CanPlay}
     */
    canPlay(buy) {
        const offer = this.offer;
        const cost = buy ? offer.buy_cost : offer.cost;
        if (cost > this.balance) return { ok: false, why: "balance", cost };
        if (!fits(this.balance - cost + offer.cap)) return { ok: false, why: "limit", cost };
        return { ok: true, cost };
    }

    /** The engine decided `round` (`rng`: the seeded generator's state after it): its cost out
     *  and the round kept in progress under the market `profile` and its round `rules`
     *  (jurisdiction.js roundRules), in one write. Returns the write's answer; after a
     *  "conflict" nothing happened (the record is read again).
     *  @param {import("../round/bridge.js").DecidedRound} decided
     *  @param {string} profile  the market's name
     *  @param {import("../operator/jurisdiction.js").RoundRules} rules
     *  @returns {SaveResult} */
    debit({ round, rng }, profile, rules) {
        const r = this._record;
        r.balance -= round.cost;
        r.pending = { bet: round.bet, cost: round.cost, step: 0, round, profile, rules };
        if (r.seed !== null) r.rng = rng;
        const result = this.persist();
        if (result !== "conflict") {
            this._rounds.push({ cost: round.cost, win: null });
            this.emit("balanceChanged", { balance: r.balance });
        }
        return result;
    }

    /** The reveal reached event `step`: saved, so a reload resumes there.
     *  @param {number} step */
    checkpoint(step) {
        // (a reveal's steps come while its round is in progress: pending is set)
        if (/** @type {Pending} */ (this._record.pending).step === step) return;
        /** @type {Pending} */ (this._record.pending).step = step;
        this.persist();
    }

    /** The only place a win reaches the balance: once per round, when its reveal ends;
     *  balance, history and the end of the round in progress in one write.
     *  @param {RoundRecord} round */
    credit(round) {
        const r = this._record;
        r.balance += round.total_win;
        r.pending = null;
        if (this.keepsHistory) {
            r.history.unshift(historyEntry(round));
            r.history.length = Math.min(r.history.length, HISTORY_MAX);
        }
        this.lastWin = round.total_win;
        this.persist();
        const open = this._rounds.at(-1);
        if (open && open.win === null) open.win = round.total_win;
        else this._rounds.push({ cost: 0, win: round.total_win }); // resumed: staked before this page
        this.emit("balanceChanged", { balance: r.balance });
        this.emit("credited", { round, balance: r.balance });
    }

    /** The demo balance back up to its starting amount (never down). */
    topUp() {
        const r = this._record;
        if (r.balance < DEMO_BALANCE) r.balance = DEMO_BALANCE;
        this.persist();
        this.emit("balanceChanged", { balance: r.balance });
    }

    /** Changes settings (`bet`, `muted`, `turbo`) and writes the record.
     *  @param {RecordSettings} settings */
    change(settings) {
        Object.assign(this._record, settings);
        this.persist();
    }

    /** A record read afresh (a takeover, a re-read, a start afresh) becomes the saved game.
     *  @param {SaveState} record */
    adopt(record) {
        this._take(record);
        this.emit("adopted", { record });
    }

    /** How many rounds this page has played (debited, or credited after a resume).
     *  @returns {number} */
    get roundsPlayed() {
        return this._rounds.length;
    }

    /** This page's rounds from index `from` on: {rounds, staked, won, net}.
     *  @param {number} [from]
     *  @returns {Totals} */
    totals(from = 0) {
        let staked = 0;
        let won = 0;
        const rounds = this._rounds.slice(from);
        for (const { cost, win } of rounds) {
            staked += cost;
            won += win ?? 0;
        }
        return { rounds: rounds.length, staked, won, net: won - staked };
    }

    /** Writes the whole record (never in the demo); listeners hear whether it was kept.
     *  Returns store.save()'s answer; a "conflict" marks the record stale.
     *  @returns {SaveResult} */
    persist() {
        if (this.demo) return "memory";
        const result = this.store.save(this._record);
        if (result === "conflict") this.stale = true;
        this.emit("saved", { notKept: this.store.notKept() });
        return result;
    }
}
