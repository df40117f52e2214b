// The player's session: elapsed time and net position on screen, and the reality check.
//
//   import { SessionClock } from "./sessionclock.js";
//   const clock = new SessionClock({ profile, format, saved });
//   clock.on("check", (figures) => ...); clock.on("leave", (figures) => ...);
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

/** "1:02:03" (hours, minutes, seconds) for a span of `ms`. */
export function clock(ms) {
    const s = Math.max(0, Math.floor(ms / 1000));
    const pad = (n) => String(n).padStart(2, "0");
    return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/** Spoken form, "1 hour 2 minutes 3 seconds": each unit in its plural form, joined as the
 *  language joins a list of units (Intl.ListFormat: Arabic with «و», Japanese with none). */
export function spoken(ms) {
    const s = Math.max(0, Math.floor(ms / 1000));
    const parts = [[Math.floor(s / 3600), "hour"], [Math.floor(s / 60) % 60, "minute"], [s % 60, "second"]];
    const words = parts.filter(([n], i) => n > 0 || (i === 2 && s === 0)).map(([n, w]) => plural(`time.${w}`, n));
    return new Intl.ListFormat(locale(), { type: "unit", style: "narrow" }).format(words);
}

/** The session bar shown or not, with each figure and its label as the launch's net and clock
 *  switches say (`profile`: its `sessionClock`, `clock`, `net`). firstpaint.js lays it out from
 *  the first paint: shown only at ready, it shrank the logo and moved the reels then (a layout
 *  of the page and a repaint of the title in the task a loading tap waited behind). */
export function layOutSessionBar({ sessionClock, clock, net }, root = document) {
    const $ = (id) => root.getElementById(id);
    const show = (node, on) => { if (node.hidden === on) node.hidden = !on; }; // (unchanged: untouched)
    show($("session-bar"), sessionClock);
    for (const [figure, on] of [[$("session-time"), clock], [$("session-net"), net]]) {
        show(figure, on);
        show(figure.previousElementSibling, on);
    }
}

/** When the next reality check is due after `now`: the first of start + k x interval (k = 1, 2,
 *  3, ...) past `now`, in one step. (A loop adding the interval until it passed `now` never ended
 *  for an interval below the clock's resolution: 6e-6 ms added to 1.8e12 ms changes nothing.) A
 *  sum that rounds to `now` or before (an interval below the clock's resolution) is `now` + 1 ms. */
export function nextCheckAfter(startedAt, intervalMs, now) {
    const k = Math.floor((now - startedAt) / intervalMs) + 1;
    const next = startedAt + Math.max(1, k) * intervalMs;
    return next > now ? next : now + Math.max(intervalMs, 1);
}

export class SessionClock extends Emitter {
    /** `root`: the document (or a test's) that holds the session bar and the reality dialog. */
    /** `still` (`?still=1`): the bar's clock shows 0:00:00 for the whole session, so a
     *  screenshot never depends on how long a round took; the reality check keeps real time. */
    constructor({ profile, format, saved, now = () => Date.now(), root = document, still = false }) {
        super();
        const $ = (id) => root.getElementById(id);
        Object.assign(this, { profile, format, saved, now, still });
        this.startedAt = now();
        this.firstRound = saved.roundsPlayed; // the session's rounds are the saved game's from here
        this.ended = false;
        this.checks = 0;
        this._open = null; // the Promise of the reality check on screen
        this._release = null;
        this._busy = false;
        this.el = {
            bar: $("session-bar"), time: $("session-time"), net: $("session-net"),
            dialog: $("reality-dialog"), elapsed: $("reality-elapsed"), rnet: $("reality-net"),
            staked: $("reality-staked"), won: $("reality-won"), cont: $("reality-continue"),
            leave: $("reality-leave"), ended: $("session-ended"), endedText: $("session-ended-text"),
        };
        const minutes = profile.reality;
        this.intervalMs = minutes ? minutes * 60000 : null;
        this.nextCheck = this.intervalMs ? this.startedAt + this.intervalMs : Infinity;
        const e = this.el;
        layOutSessionBar(profile, root);
        e.cont.addEventListener("click", () => this._close(false));
        e.leave.addEventListener("click", () => this._close(true));
        e.dialog.addEventListener("cancel", (ev) => { ev.preventDefault(); this._close(false); }); // Escape: continue
        saved.on("balance", () => this.render());
        this.render();
        this._timer = setInterval(() => this.tick(), Math.min(1000, this.intervalMs ?? 1000));
    }

    get elapsed() {
        return this.now() - this.startedAt;
    }

    get net() {
        return this.saved.totals(this.firstRound).net;
    }

    /** The controller says whether a round is playing (a check never interrupts one). */
    setBusy(busy) {
        this._busy = busy;
        if (!busy) this.tick();
    }

    get due() {
        return this.now() >= this.nextCheck;
    }

    get paused() {
        return this._open !== null;
    }

    tick() {
        this.render();
        if (!this._busy && this.due && !this._open && !this.ended) this._show();
    }

    /** Before each round: resolves when play may go on (no check due or open); rejects with
     *  SessionEnded once the player has left. */
    async gate() {
        if (this.ended) throw new SessionEnded("the session has ended: reload the page to play again");
        if (this.due && !this._open) this._show();
        if (this._open) await this._open;
        if (this.ended) throw new SessionEnded("the session has ended: reload the page to play again");
    }

    figures() {
        const { staked, won, net } = this.saved.totals(this.firstRound);
        return { elapsedMs: this.elapsed, staked, won, net };
    }

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
        this.emit("check", f);
    }

    _close(leave) {
        if (!this._open) return;
        const e = this.el;
        e.dialog.close();
        if (this.intervalMs) this.nextCheck = nextCheckAfter(this.startedAt, this.intervalMs, this.now());
        if (leave) this.leave();
        const release = this._release;
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
        this.emit("leave", f);
    }
}
