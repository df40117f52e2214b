// @ts-check
// The driver that runs the player's autoplay on the page (its panel: autoplaypanel.js).
//
//   import { AutoplayDriver } from "./autoplaydriver.js";
//   const driver = new AutoplayDriver({ profile, controller, post });
//   driver.on("changed", ({ left }) => ...);               // rounds not yet started, null at the end
//   const { played, reason } = await driver.run(opts);   // game.autoplay(opts)
//   driver.stop();                                        // game.stopAutoplay()
//
// The driver wraps autoplayrules.js's runner with what the page adds: it refuses when the profile
// has no autoplay, while a round or another autoplay plays, or on bad options (a clear Error);
// it keeps <html data-autoplay> at the rounds not yet started ("Infinity" with no count) and
// removes it at the end; it stops autoplay ("stopped") on any player input (a trusted pointer
// press or key anywhere on the page) and ("hidden") when the tab is hidden; it posts
// autoplayStart {rounds (null = until stopped), stopOnFeature, singleWinAtLeast, lossLimit,
// winLimit} and autoplayEnd {played, reason} to an embedding parent. Nothing of it is saved:
// a reload resumes the round in progress (the controller does) and never autoplay. It plays
// through the controller (play, {auto: true}) and tells it while it runs (setAutoplaying).

import { Autoplay, checkOptions } from "./autoplayrules.js";
import { Emitter } from "../core/emitter.js";
import { refusal } from "../operator/jurisdiction.js";
import { Refused } from "../core/errors.js";

/** @typedef {import("./autoplayrules.js").AutoplayOptions} AutoplayOptions */
/** @typedef {import("./autoplayrules.js").AutoplayResult} AutoplayResult */
/** @typedef {import("../operator/jurisdiction.js").Profile} Profile */
/**
 * What the driver asks of the game's controller (round/controller.js Controller).
 * @typedef {object} AutoplayController
 * @property {boolean} busy  a round plays
 * @property {(buy: boolean, options: { auto: boolean }) => ReturnType<import("./autoplayrules.js").AutoplayEnv["playOne"]>} play
 *     plays one round; resolves with it once credited
 * @property {(buy: boolean) => ReturnType<import("./autoplayrules.js").AutoplayEnv["canPlay"]>} canPlay
 * @property {import("./autoplayrules.js").AutoplayEnv["saved"]} saved  the ledger
 * @property {(running: boolean) => void} setAutoplaying
 */
/** Tells an embedding parent what happened (embed.js post): the message's type and fields.
 *  @typedef {(type: string, data?: Readonly<Record<string, unknown>>) => void} Post */
/** The driver's events: "changed" with the rounds not yet started (null: autoplay ended).
 *  @typedef {{ changed: { left: number | null } }} AutoplayDriverEvents */

const root = document.documentElement;

/** @extends {Emitter<AutoplayDriverEvents>} */
export class AutoplayDriver extends Emitter {
    /** @param {{ profile: Profile, controller: AutoplayController, post?: Post }} options */
    constructor({ profile, controller, post = () => {} }) {
        super();
        Object.assign(this, { profile, controller, post });
        // (each set just above; declarations only)
        /** @type {Profile} */
        this.profile;
        /** @type {AutoplayController} */
        this.controller;
        /** @type {Post} */
        this.post;
        /** The run in progress, null when autoplay is off. @type {Autoplay | null} */
        this.run_ = null;
        /** Player input stops autoplay (a trusted pointer press or key). @type {(ev: Event) => void} */
        this._onInput = (ev) => { if (ev.isTrusted) this.stop("stopped"); };
        /** @type {() => void} */
        this._onVisibility = () => { if (document.visibilityState === "hidden") this.stop("hidden"); };
    }

    /** @returns {boolean} */
    get running() {
        return this.run_ !== null;
    }

    /** Rounds not yet started, or null when autoplay is off. @returns {number | null} */
    get left() {
        return this.run_ ? this.run_.left : null;
    }

    /** Checks everything that would refuse `opts` now; returns the checked options.
     *  @param {unknown} opts  anything a caller gives (checkOptions says what is wrong)  @returns {AutoplayOptions} */
    check(opts) {
        const no = refusal(this.profile, "autoplay");
        if (no) throw new Error(no);
        const options = checkOptions(opts ?? null);
        if (this.running) throw new Refused("autoplay is already running", { code: "autoplay.running" });
        if (this.controller.busy) throw new Refused("a round is already playing", { code: "autoplay.playing" });
        return options;
    }

    /** Runs autoplay with `opts` (game.autoplay): resolves once it has ended; rejects when refused.
     *  @param {unknown} opts  @returns {Promise<AutoplayResult>} */
    async run(opts) {
        const options = this.check(opts);
        const c = this.controller;
        const run = new Autoplay(options, {
            playOne: () => c.play(false, { auto: true }),
            canPlay: () => c.canPlay(false),
            saved: c.saved,
        });
        run.on("progressed", ({ left }) => this._show(left));
        this.run_ = run;
        c.setAutoplaying(true);
        if (document.visibilityState === "hidden") run.stop("hidden");
        document.addEventListener("pointerdown", this._onInput, true);
        document.addEventListener("keydown", this._onInput, true);
        document.addEventListener("visibilitychange", this._onVisibility);
        this.post("autoplayStart", { ...options, rounds: Number.isFinite(options.rounds) ? options.rounds : null });
        this._show(run.left);
        /** @type {AutoplayResult} */
        let result;
        try {
            result = await run.start();
        } finally {
            document.removeEventListener("pointerdown", this._onInput, true);
            document.removeEventListener("keydown", this._onInput, true);
            document.removeEventListener("visibilitychange", this._onVisibility);
            this.run_ = null;
            c.setAutoplaying(false);
            delete root.dataset.autoplay;
            this.emit("changed", { left: null });
        }
        this.post("autoplayEnd", { played: result.played, reason: result.reason });
        return result;
    }

    /** Stops autoplay before its next round (the round playing ends as usual); false if none runs.
     *  @param {string} [reason]  "stopped" or "hidden" (autoplayrules.js REASONS)  @returns {boolean} */
    stop(reason = "stopped") {
        if (!this.run_) return false;
        this.run_.stop(reason);
        return true;
    }

    /** @param {number} left */
    _show(left) {
        root.dataset.autoplay = String(left);
        this.emit("changed", { left });
    }
}
