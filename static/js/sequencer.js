// Plays a decided round: its `events`, in order, one awaited handler per event type.
// Nothing here decides anything: every symbol, stop and amount comes from the round's events
// (the win meter shows each event's `total`, the running capped total the engine reported;
// anticipation and the big-win tier are fields of `reveal` and `roundEnd`). It never touches
// the balance or storage: the controller credits the round once `play` resolves.
//
//   const seq = new Sequencer({ model, renderer, reels, hud, meter, panels, sound, speed, format });
//   seq.on("step", ({ index }) => the controller saves the step);
//   await seq.play(round, { from: 0, quiet: false });
//
// `meter` is the display sink for the round's running total: `{ show(minor) }` (the HUD's #win
// for a live round, the replay banner for a replay); it is the only writer of that element
// while a round plays. Events (emitter.js), for whoever listens: "step" {index, event} as
// each event begins, "roundStart", "featureStart", "featureEnd" (the engine's event).
//
// `from` starts at any event index (a saved round interrupted mid-reveal): the state the
// earlier events built (feature mode, special symbol, counter, running total, reel stops) is
// restored without animation first. seq.hurry() (a click or key during the reveal) stops the
// reels at once and shortens what is left of the current spin's presentation. seq.stop() (a
// replay the player no longer wants to watch) ends the presentation after the current event.

import { Emitter } from "./emitter.js";
import { EventType, SpinKind } from "./events.js";
import { t } from "./i18n.js";

export class Sequencer extends Emitter {
    constructor({ model, renderer, reels, hud, meter, panels, sound, speed, format }) {
        super();
        Object.assign(this, { model, renderer, reels, hud, meter, panels, sound, speed, format });
        this.quiet = false;
        this._hurry = false;
        this._stopped = false;
        this._wake = null;
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

    /** Shows a round panel (intro, outro, big win, max win); none once stopped. */
    panel(kind, options) {
        return this._stopped ? Promise.resolve() : this.panels[kind](options);
    }

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

    sfx(name, ...args) {
        try { this.sound?.[name]?.(...args); } catch { /* sound is optional */ }
    }

    /** A win's sound, unless this round gets no celebration (play's `quiet`). */
    cheer(name, ...args) {
        if (!this.quiet) this.sfx(name, ...args);
    }

    /** The running total on the meter (without its pulse for a round without celebration). */
    show(minor) {
        this.meter.show(minor, { quiet: this.quiet });
    }

    /** Plays `round` from event `from`; `quiet` (a profile's rule: a win not above the stake
     *  is not celebrated): no win sounds, no meter pulse, no big-win panel; the amounts show. */
    async play(round, { from = 0, quiet = false } = {}) {
        this.round = round;
        this.quiet = quiet;
        this.feature = { on: false, special: null, count: 0, number: 0, total: 0 };
        this.grid = null;
        if (from > 0) this._restore(round, from);
        try {
            for (let i = from; i < round.events.length; i++) {
                const event = round.events[i];
                this.emit("step", { index: i, event });
                const handler = this[`on_${event.type}`];
                if (!handler) throw new Error(`no handler for event ${event.type}`);
                await handler.call(this, event);
                if (this._stopped) {
                    this._leaveFeature(); // a replay stopped mid-feature: the base game again
                    break;
                }
            }
        } finally {
            this.round = null;
            this._hurry = false;
            this._stopped = false;
        }
    }

    _restore(round, from) {
        let total = 0;
        for (const e of round.events.slice(0, from)) {
            if (e.type === EventType.FREE_SPINS_START) {
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
            }
        }
        this.renderer.setFree(this.feature.on);
        if (this.feature.on) {
            this.hud.showFeature(this.feature);
        }
        this.show(total);
    }

    _strips(reveal) {
        return reveal.kind === SpinKind.FREE ? this.model.reels.free_spins : this.model.reels.base;
    }

    // ---- one handler per event type ---------------------------------------------------

    async on_roundStart(e) {
        this.renderer.clearWins();
        this.show(0);
        this.emit("roundStart", e);
    }

    async on_reveal(e) {
        this._hurry = false;
        this.renderer.clearWins();
        this.grid = e.grid;
        const wild = this.model.wild;
        this.sfx("spinStart");
        await this.reels.spin({
            strips: this._strips(e), stops: e.stops, grid: e.grid, speedFactor: this.speedFactor,
            tease: e.anticipation, // the reels the engine says spin longer (two books showing)
            onLand: (i) => {
                this.sfx("reelStop", i);
                const row = e.grid[i].indexOf(wild);
                if (row >= 0) {
                    this.sfx("book");
                    this.renderer.glow([[i, row]]);
                }
            },
        });
        await this.wait(120);
        this.renderer.clearGlows();
    }

    async on_expandBooks(e) {
        for (const reel of e.reels) {
            const row = this.grid[reel].indexOf(this.model.wild);
            this.renderer.expandWild(reel, Math.max(0, row), e.multipliers[String(reel)]);
            this.sfx("expand");
            await this.wait(750);
        }
        if (e.reels.length > 1) {
            const parts = e.reels.map((r) => `x${e.multipliers[String(r)]}`).join(" · ");
            this.renderer.showBanner(`x${e.multiplier}`, t("canvas.multipliers", { parts }), 1300);
            this.hud.announce(t("say.wildReels", { multiplier: e.multiplier }));
            await this.wait(1300);
        }
    }

    /** Each line is shown with the amount it pays; the meter shows the engine's running total. */
    async on_lineWins(e) {
        const paylines = this.model.paylines;
        this.show(e.total);
        for (const w of e.wins) {
            const label = w.multiplier > 1 ? `${this.format(w.paid)} (x${w.multiplier})` : this.format(w.paid);
            this.renderer.showLine(w.line, paylines[w.line], w.positions, label);
            this.cheer("win", Number(w.times_bet)); // the engine's paid / bet, a decimal string
            await this.wait(e.wins.length > 4 ? 650 : 950);
        }
        this.renderer.showAllLines(e.wins, paylines);
        await this.wait(500);
    }

    async on_expandSymbol(e) {
        this.renderer.hideLines();
        this.renderer.expandSes(e.reels, e.symbol,
            `${t("canvas.sesPays", { symbol: t(`sym.${e.symbol}`), amount: this.format(e.paid) })}${e.multiplier > 1 ? ` (x${e.multiplier})` : ""}`);
        this.sfx("expand");
        this.show(e.total);
        this.cheer("win", Number(e.times_bet));
        this.hud.announce(t("say.expanding", { symbol: t(`sym.${e.symbol}`), amount: this.format(e.paid) }));
        await this.wait(1800);
    }

    async on_spinEnd(e) {
        this.show(e.total);
        if (this.feature.on) {
            this.feature.total = e.feature_total;
            this.hud.showFeature(this.feature);
            await this.wait(e.paid > 0 ? 700 : 350);
        } else if (e.paid > 0) {
            this.hud.announce(t("say.youWin", { amount: this.format(e.paid) }));
        }
    }

    async on_freeSpinsTrigger(e) {
        this.renderer.hideLines();
        this.renderer.glow(e.positions);
        this.sfx("book");
        this.renderer.showBanner(t("canvas.freeSpins"), t("canvas.books", { count: e.positions.length }), 1600);
        this.hud.announce(t("say.trigger", { count: e.positions.length }));
        await this.wait(1700);
    }

    async on_freeSpinsStart(e) {
        this.sfx("featureStart");
        Object.assign(this.feature, { on: true, special: e.special, count: e.count, number: 0, total: 0 });
        this.emit("featureStart", e);
        this.hud.announce(t("say.fsStart", { count: e.count, symbol: t(`sym.${e.special}`) }));
        await this.panel("intro", { count: e.count, special: e.special, symbols: Object.keys(this.model.paytable), speedFactor: this.speedFactor });
        this.renderer.clearWins();
        this.renderer.setFree(true);
        this.hud.showFeature(this.feature);
    }

    async on_freeSpin(e) {
        this.feature.number = e.number;
        this.renderer.clearWins();
        this.hud.showFeature(this.feature);
        this.sfx("freeSpin");
    }

    async on_maxWin(e) {
        this.sfx("maxWin");
        this.renderer.burst(120);
        this.hud.announce(t("say.maxWin", { amount: this.format(e.amount) }));
        await this.panel("maxWin", { amount: e.amount, forfeited: e.forfeited, cap: this.model.max_win, speedFactor: this.speedFactor });
    }

    async on_freeSpinsEnd(e) {
        this.feature.total = e.total;
        this.hud.announce(t("say.fsEnd", { amount: this.format(e.total) }));
        await this.panel("outro", { total: e.total, played: e.played, timesBet: e.times_bet, speedFactor: this.speedFactor });
        this._leaveFeature();
        this.emit("featureEnd", e);
    }

    /** Back to the base game's dress: no feature bar, no wild reels, no win lines. */
    _leaveFeature() {
        this.feature.on = false;
        this.renderer.setFree(false);
        this.renderer.clearWins();
        this.hud.hideFeature();
    }

    async on_roundEnd(e) {
        const tier = this.quiet ? null : e.big_win; // {name, level} from the model's tiers, or null
        if (tier) {
            this.sfx("bigWin", tier.level);
            this.renderer.burst(40 + 40 * tier.level);
            await this.panel("bigWin", { name: tier.name, level: tier.level, amount: e.total_win, speedFactor: this.speedFactor,
                onBurst: () => this.renderer.burst(30) });
        }
        this.show(e.total_win);
        if (e.total_win > 0) this.hud.announce(t("say.roundOver", { amount: this.format(e.total_win) }));
    }
}
