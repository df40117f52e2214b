// The player's autoplay: the panel that sets it up and the driver that runs it.
//
//   import { AutoplayDriver, AutoplayPanel } from "./controls.js";
//   const driver = new AutoplayDriver({ profile, playOne, balance, cost, busy, post, onChange });
//   const { played, reason } = await driver.run(opts);   // game.autoplay(opts)
//   driver.stop();                                        // game.stopAutoplay()
//   new AutoplayPanel({ format, onStart: (opts) => driver.run(opts) });
//
// The driver wraps autoplay.js's runner with what the page adds: it refuses when the profile
// has no autoplay, while a round or another autoplay plays, or on bad options (a clear Error);
// it keeps <html data-autoplay> at the rounds not yet started ("Infinity" with no count) and
// removes it at the end; it stops autoplay ("stopped") on any player input (a trusted pointer
// press or key anywhere on the page) and ("hidden") when the tab is hidden; it posts
// autoplayStart {rounds (null = until stopped), stopOnFeature, singleWinAtLeast, lossLimit,
// winLimit} and autoplayEnd {played, reason} to an embedding parent. Nothing of it is saved:
// a reload resumes the round in progress (the controller does) and never autoplay.

import { Autoplay, checkOptions } from "./autoplay.js";
import { refusal } from "./jurisdiction.js";

const root = document.documentElement;
const $ = (id) => document.getElementById(id);

export class AutoplayDriver {
    constructor({ profile, playOne, balance, cost, busy, post = () => {}, onChange = () => {} }) {
        Object.assign(this, { profile, playOne, balance, cost, busy, post, onChange });
        this.run_ = null;
        this._onInput = (ev) => { if (ev.isTrusted) this.stop("stopped"); };
        this._onVisibility = () => { if (document.visibilityState === "hidden") this.stop("hidden"); };
    }

    get running() {
        return this.run_ !== null;
    }

    /** Rounds not yet started, or null when autoplay is off. */
    get left() {
        return this.run_ ? this.run_.left : null;
    }

    /** Checks everything that would refuse `opts` now; returns the checked options. */
    check(opts) {
        const no = refusal(this.profile, "autoplay");
        if (no) throw new Error(no);
        const options = checkOptions(opts ?? null);
        if (this.running) throw new Error("autoplay is already running");
        if (this.busy()) throw new Error("a round is already playing");
        return options;
    }

    async run(opts) {
        const options = this.check(opts);
        const run = new Autoplay(options, {
            playOne: this.playOne,
            balance: this.balance,
            cost: this.cost,
            onProgress: (left) => this._show(left),
        });
        this.run_ = run;
        if (document.visibilityState === "hidden") run.stop("hidden");
        document.addEventListener("pointerdown", this._onInput, true);
        document.addEventListener("keydown", this._onInput, true);
        document.addEventListener("visibilitychange", this._onVisibility);
        this.post("autoplayStart", { ...options, rounds: Number.isFinite(options.rounds) ? options.rounds : null });
        this._show(run.left);
        let result;
        try {
            result = await run.start();
        } finally {
            document.removeEventListener("pointerdown", this._onInput, true);
            document.removeEventListener("keydown", this._onInput, true);
            document.removeEventListener("visibilitychange", this._onVisibility);
            this.run_ = null;
            delete root.dataset.autoplay;
            this.onChange(null);
        }
        this.post("autoplayEnd", { played: result.played, reason: result.reason });
        return result;
    }

    /** Stops autoplay before its next round (the round playing ends as usual); false if none runs. */
    stop(reason = "stopped") {
        if (!this.run_) return false;
        this.run_.stop(reason);
        return true;
    }

    _show(left) {
        root.dataset.autoplay = String(left);
        this.onChange(left);
    }
}

/** Minor units of a typed amount ("12", "12.5", "12.50", "12,50"), null when empty, NaN when bad. */
export function parseAmount(text) {
    const t = String(text ?? "").trim().replace(",", ".");
    if (t === "") return null;
    const m = /^(\d{1,10})(?:\.(\d{0,2}))?$/.exec(t);
    if (!m) return NaN;
    return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** The autoplay panel (#autoplay-dialog): round count, stop conditions, Start. */
export class AutoplayPanel {
    constructor({ format, onStart, canOpen = () => null, onRefused = () => {} }) {
        Object.assign(this, { format, onStart, canOpen, onRefused });
        this.dialog = $("autoplay-dialog");
        this.form = $("autoplay-form");
        this.error = $("autoplay-error");
        this.inputs = {
            feature: $("ap-feature"), single: $("ap-single"), loss: $("ap-loss"), win: $("ap-win"),
        };
        const symbol = format(0).replace(/[\d.,\s]/g, "") || "";
        for (const s of this.dialog.querySelectorAll(".ap-currency")) s.textContent = symbol;
        this.form.addEventListener("submit", (ev) => this._submit(ev));
        // Cancel is a plain button, so Enter in an amount field submits Start (the form's default)
        $("autoplay-cancel").addEventListener("click", () => this.dialog.close("cancel"));
        this.dialog.addEventListener("close", () => { this.error.hidden = true; });
        for (const input of Object.values(this.inputs)) {
            input.addEventListener("input", () => { input.removeAttribute("aria-invalid"); });
        }
    }

    open() {
        const why = this.canOpen();
        if (why) { this.onRefused(why); return false; }
        this.error.hidden = true;
        this.dialog.showModal();
        this.form.querySelector("input[name=rounds]:checked")?.focus();
        return true;
    }

    /** The options the panel shows now, or an Error naming the first bad field (focused). */
    options() {
        const i = this.inputs;
        const fields = [
            ["lossLimit", i.loss, "The loss limit"],
            ["singleWinAtLeast", i.single, "The single win amount"],
            ["winLimit", i.win, "The win limit"],
        ];
        const opts = {
            rounds: this.form.elements.rounds.value,
            stopOnFeature: i.feature.checked,
        };
        for (const [key, input, name] of fields) {
            const v = parseAmount(input.value);
            if (Number.isNaN(v) || v === 0) {
                input.setAttribute("aria-invalid", "true");
                input.focus();
                throw new Error(`${name} must be an amount such as ${this.format(5000)}, more than zero.`);
            }
            if (key === "lossLimit" && v === null) {
                input.setAttribute("aria-invalid", "true");
                input.focus();
                throw new Error("Set a loss limit: autoplay stops when the balance has fallen by this much.");
            }
            opts[key] = v;
        }
        return opts;
    }

    _submit(ev) {
        let opts;
        try {
            opts = this.options();
        } catch (err) {
            ev.preventDefault();
            this.error.textContent = err.message;
            this.error.hidden = false;
            return;
        }
        // the dialog closes (method="dialog"); autoplay starts once it has
        this.dialog.addEventListener("close", () => this.onStart(opts), { once: true });
    }
}
