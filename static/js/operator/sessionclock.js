// @ts-check
// The player's session: elapsed time and net position on screen, and the reality check.
//
//   import { SessionClock } from "./sessionclock.js";
//   const clock = new SessionClock({ profile, format, saved });
//   clock.on("checkDue", (figures) => ...); clock.on("sessionEnded", (figures) => ...);
//   await clock.gate();                        // before each round: waits while a check is open
//   clock.setBusy(false);                      // the game is between rounds: show a due check now
//
// The session starts when the SessionClock is made (the page is ready). Its figures (staked,
// won, net = won - staked) are the saved game's totals over the rounds played since then
// (savedgame.js: a round resumed after a reload counts its win; its stake was counted in the
// session that started it); the bar follows each move of the balance. The bar (#session-bar) shows while
// profile.sessionClock is on. With profile.reality = N, a check is due at N, 2N,
// 3N... minutes of session time; it shows between rounds (at once when the game is idle, else
// when the next round would start) in #reality-dialog, and play waits until the player picks
// Continue (or Escape) or Leave. Leave ends the session: every later round is refused.

import { SessionEnded } from "../core/errors.js";
import { Emitter } from "../core/emitter.js";
import { plural, t } from "../lang/i18n.js";
import { locale } from "../lang/numbers.js";

/** The session's figures: its time (ms) and the money of its rounds (minor units; net = won - staked).
 *  @typedef {{ elapsedMs: number, staked: number, won: number, net: number }} Figures */
/** What lays the session bar out: whether it shows, and each of its figures.
 *  @typedef {{ readonly sessionClock: boolean, readonly clock: boolean, readonly net: boolean }} BarSwitches */
/** The rules the session reads (jurisdiction.js Profile): the bar's switches and the reality check's minutes.
 *  @typedef {BarSwitches & { readonly reality: number | null }} SessionRules */
/** The saved game as the session reads it (savedgame.js SavedGame): its rounds' totals and its balance's moves.
 *  @typedef {Pick<import("../ledger/savedgame.js").SavedGame, "roundsPlayed" | "totals" | "on">} SessionSaved */
/** Where the session's elements are: the document, or a test's.
 *  @typedef {Pick<Document, "getElementById">} ElementRoot */
/**
 * The session bar's and the reality check's elements.
 * @typedef {object} SessionElements
 * @property {HTMLElement} bar
 * @property {HTMLElement} time
 * @property {HTMLElement} net
 * @property {HTMLDialogElement} dialog  the reality check
 * @property {HTMLElement} elapsed
 * @property {HTMLElement} rnet     the reality check's net
 * @property {HTMLElement} staked
 * @property {HTMLElement} won
 * @property {HTMLButtonElement} cont  Continue
 * @property {HTMLButtonElement} leave
 * @property {HTMLElement} ended    the "session ended" screen
 * @property {HTMLElement} endedText
 */

/** "1:02:03" (hours, minutes, seconds) for a span of `ms`.
 *  @param {number} ms
 *  @returns {string} */
export function clock(ms) {
    const s = Math.max(0, Math.floor(ms / 1000));
    /** @param {number} n */
    const pad = (n) => String(n).padStart(2, "0");
    return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/** Spoken form, "1 hour 2 minutes 3 seconds": each unit in its plural form, joined as the
 *  language joins a list of units (Intl.ListFormat: Arabic with «و», Japanese with none).
 *  @param {number} ms
 *  @returns {string} */
export function spoken(ms) {
    const s = Math.max(0, Math.floor(ms / 1000));
    /** @type {Array<[number, string]>} */
    const parts = [[Math.floor(s / 3600), "hour"], [Math.floor(s / 60) % 60, "minute"], [s % 60, "second"]];
    const words = parts.filter(([n], i) => n > 0 || (i === 2 && s === 0)).map(([n, w]) => plural(`time.${w}`, n));
    return new Intl.ListFormat(locale(), { type: "unit", style: "narrow" }).format(words);
}

/** The session bar shown or not, with each figure and its label as the launch's net and clock
 *  switches say (`profile`: its `sessionClock`, `clock`, `net`). firstpaint.js lays it out from
 *  the first paint: shown only at ready, it shrank the logo and moved the reels then (a layout
 *  of the page and a repaint of the title in the task a loading tap waited behind).
 *  @param {BarSwitches} switches
 *  @param {ElementRoot} [root] */
export function layOutSessionBar({ sessionClock, clock, net }, root = document) {
    /** @param {string} id */
    const $ = (id) => /** @type {HTMLElement} */ (root.getElementById(id)); // (index.html's)
    /** @param {HTMLElement} node @param {boolean} on */
    const show = (node, on) => { if (node.hidden === on) node.hidden = !on; }; // (unchanged: untouched)
    show($("session-bar"), sessionClock);
    for (const [figure, on] of /** @type {Array<[HTMLElement, boolean]>} */ ([[$("session-time"), clock], [$("session-net"), net]])) {
        show(figure, on);
        show(/** @type {HTMLElement} */ (figure.previousElementSibling), on); // (its label)
    }
}

/** When the next reality check is due after `now`: the first of start + k x interval (k = 1, 2,
 *  3, ...) past `now`, in one step. (A loop adding the interval until it passed `now` never ended
 *  for an interval below the clock's resolution: 6e-6 ms added to 1.8e12 ms changes nothing.) A
 *  sum that rounds to `now` or before (an interval below the clock's resolution) is `now` + 1 ms.
 *  @param {number} startedAt  ms
 *  @param {number} intervalMs
 *  @param {number} now  ms
 *  @returns {number} */
export function nextCheckAfter(startedAt, intervalMs, now) {
    const k = Math.floor((now - startedAt) / intervalMs) + 1;
    const next = startedAt + Math.max(1, k) * intervalMs;
    return next > now ? next : now + Math.max(intervalMs, 1);
}

/** Its events, each a thing that happened: a reality check fell due ("checkDue"), the session
 *  ended at its limit ("sessionEnded"); both with the session's figures.
 *  @extends {Emitter<{ checkDue: Figures, sessionEnded: Figures }>} */
export class SessionClock extends Emitter {
    /** `root`: the document (or a test's) that holds the session bar and the reality dialog. */
    /** `still` (`?still=1`): the bar's clock shows 0:00:00 for the whole session, so a
     *  screenshot never depends on how long a round took; the reality check keeps real time.
     *  @param {object} o
     *  @param {SessionRules} o.profile  the launch's rules (jurisdiction.js profileOf)
     *  @param {(minor: number) => string} o.format  writes an amount as the HUD does
     *  @param {SessionSaved} o.saved
     *  @param {() => number} [o.now]  the time, ms
     *  @param {ElementRoot} [o.root]
     *  @param {boolean} [o.still] */
    constructor({ profile, format, saved, now = () => Date.now(), root = document, still = false }) {
        super();
        /** @param {string} id */
        const $ = (id) => /** @type {HTMLElement} */ (root.getElementById(id)); // (index.html's)
        Object.assign(this, { profile, format, saved, now, still });
        /** @type {SessionRules} */
        this.profile; // (these five set by the Object.assign above)
        /** @type {(minor: number) => string} */
        this.format;
        /** @type {SessionSaved} */
        this.saved;
        /** @type {() => number} */
        this.now;
        /** @type {boolean} */
        this.still;
        /** @type {number} when the session started, ms */
        this.startedAt = now();
        /** @type {number} */
        this.firstRound = saved.roundsPlayed; // the session's rounds are the saved game's from here
        /** @type {boolean} the player left: every later round is refused */
        this.ended = false;
        /** @type {number} how many reality checks were shown */
        this.checks = 0;
        /** @type {Promise<void> | null} */
        this._open = null; // the Promise of the reality check on screen
        /** @type {(() => void) | null} resolves _open */
        this._release = null;
        /** @type {boolean} */
        this._busy = false;
        /** @type {SessionElements} */
        this.el = {
            bar: $("session-bar"), time: $("session-time"), net: $("session-net"),
            dialog: /** @type {HTMLDialogElement} */ ($("reality-dialog")), elapsed: $("reality-elapsed"), rnet: $("reality-net"),
            staked: $("reality-staked"), won: $("reality-won"), cont: /** @type {HTMLButtonElement} */ ($("reality-continue")),
            leave: /** @type {HTMLButtonElement} */ ($("reality-leave")), ended: $("session-ended"), endedText: $("session-ended-text"),
        };
        const minutes = profile.reality;
        /** @type {number | null} ms between reality checks (null: none) */
        this.intervalMs = minutes ? minutes * 60000 : null;
        /** @type {number} when the next check is due, ms (Infinity: never) */
        this.nextCheck = this.intervalMs ? this.startedAt + this.intervalMs : Infinity;
        const e = this.el;
        layOutSessionBar(profile, root);
        e.cont.addEventListener("click", () => this._close(false));
        e.leave.addEventListener("click", () => this._close(true));
        e.dialog.addEventListener("cancel", (ev) => { ev.preventDefault(); this._close(false); }); // Escape: continue
        saved.on("balanceChanged", () => this.render());
        this.render();
        /** @type {ReturnType<typeof setInterval>} */
        this._timer = setInterval(() => this.tick(), Math.min(1000, this.intervalMs ?? 1000));
    }

    /** The session's time so far, ms. @returns {number} */
    get elapsed() {
        return this.now() - this.startedAt;
    }

    /** The session's net position (won - staked), minor units. @returns {number} */
    get net() {
        return this.saved.totals(this.firstRound).net;
    }

    /** The controller says whether a round is playing (a check never interrupts one).
     *  @param {boolean} busy */
    setBusy(busy) {
        this._busy = busy;
        if (!busy) this.tick();
    }

    /** A reality check is due. @returns {boolean} */
    get due() {
        return this.now() >= this.nextCheck;
    }

    /** A reality check is on screen. @returns {boolean} */
    get paused() {
        return this._open !== null;
    }

    tick() {
        this.render();
        if (!this._busy && this.due && !this._open && !this.ended) this._show();
    }

    /** Before each round: resolves when play may go on (no check due or open); rejects with
     *  SessionEnded once the player has left.
     *  @returns {Promise<void>} */
    async gate() {
        if (this.ended) throw new SessionEnded("the session has ended: reload the page to play again");
        if (this.due && !this._open) this._show();
        if (this._open) await this._open;
        if (this.ended) throw new SessionEnded("the session has ended: reload the page to play again");
    }

    /** @returns {Figures} */
    figures() {
        const { staked, won, net } = this.saved.totals(this.firstRound);
        return { elapsedMs: this.elapsed, staked, won, net };
    }

    /** An amount with its sign: "+€1.00", "−€1.00" (a minus sign), "€0.00".
     *  @param {number} minor
     *  @returns {string} */
    signed(minor) {
        return minor > 0 ? `+${this.format(minor)}` : minor < 0 ? `−${this.format(-minor)}` : this.format(0);
    }

    render() {
        const e = this.el;
        if (!this.profile.sessionClock) return;
        const shown = this.still ? 0 : this.elapsed;
        e.time.textContent = clock(shown);
        e.time.setAttribute("aria-label", spoken(shown));
        e.net.textContent = this.signed(this.net);
        e.net.dataset.minor = String(this.net);
        e.net.classList.toggle("down", this.net < 0);
    }

    _show() {
        const e = this.el;
        this.checks += 1;
        const f = this.figures();
        e.elapsed.textContent = spoken(f.elapsedMs);
        e.rnet.textContent = this.signed(f.net);
        e.rnet.dataset.minor = String(f.net);
        e.staked.textContent = this.format(f.staked);
        e.won.textContent = this.format(f.won);
        this._open = new Promise((resolve) => { this._release = resolve; });
        if (!e.dialog.open) e.dialog.showModal();
        e.cont.focus();
        this.emit("checkDue", f);
    }

    /** The player closed the reality check: Continue, or Leave (`leave`).
     *  @param {boolean} leave */
    _close(leave) {
        if (!this._open) return;
        const e = this.el;
        e.dialog.close();
        if (this.intervalMs) this.nextCheck = nextCheckAfter(this.startedAt, this.intervalMs, this.now());
        if (leave) this.leave();
        const release = /** @type {() => void} */ (this._release); // (set with _open)
        this._open = null;
        this._release = null;
        release();
    }

    /** Ends the session: the game refuses every later round and says so on screen. */
    leave() {
        if (this.ended) return;
        this.ended = true;
        clearInterval(this._timer);
        const f = this.figures();
        this.el.endedText.textContent = t("ended.text", {
            elapsed: spoken(f.elapsedMs), net: this.signed(f.net), staked: this.format(f.staked), won: this.format(f.won),
        });
        this.el.ended.hidden = false;
        this.el.ended.querySelector("h2")?.focus();
        this.emit("sessionEnded", f);
    }
}
