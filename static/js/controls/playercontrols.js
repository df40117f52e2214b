// @ts-check
// The player's controls that the jurisdiction profile governs, wired into the page: autoplay
// (autoplaydriver.js, autoplaypanel.js), slam stop, quick spin, the feature buy's button, the
// reality check stopping autoplay (sessionclock.js), and the info screen's settings in force
// (with the operator's view under ?debug=1). docs/controls.md has the rules.
//
//   const pc = new PlayerControls({ profile, controller, clock, sequencer, replays, hud, format, post });
//   pc.pressSpin(spin)   the spin button: stops autoplay, or the reels (slam), or spins
//   pc.pressSpinButton(spin)  the same, saying at once why a press while a round plays does nothing
//   pc.hurry()           a click or key during a reveal (replays always; live rounds if allowed)
//   pc.autoplay(opts), pc.stopAutoplay(), pc.setTurbo(on)          window.game and embed commands

import { AutoplayDriver } from "./autoplaydriver.js";
import { AutoplayPanel } from "./autoplaypanel.js";
import { byId } from "../core/dom.js";
import { MessageKind, SWITCHED_CONTROLS } from "../ui/hud.js";
import { inForceSection, operatorSection, refusal } from "../operator/jurisdiction.js";
import { has, plural, t } from "../lang/i18n.js";
import { reasonOf } from "../lang/reasons.js";

/** @typedef {import("../operator/jurisdiction.js").Profile} Profile */
/** @typedef {import("../operator/launch.js").Settings} Settings */
/** @typedef {import("../core/money.js").Format} Format */
/** @typedef {import("../round/controller.js").Controller} Controller */
/** @typedef {import("../round/sequencer.js").Sequencer} Sequencer */
/** @typedef {import("../operator/sessionclock.js").SessionClock} SessionClock */
/** @typedef {import("../replay/replay.js").Replays} Replays */
/** @typedef {import("../ui/hud.js").Hud} Hud */
/** @typedef {import("./autoplaydriver.js").Post} Post */

/**
 * The game's parts the controls are wired to (app.js buildGame).
 * @typedef {object} PlayerControlsParts
 * @property {Profile} profile
 * @property {Settings} settings
 * @property {Controller} controller
 * @property {SessionClock | null} clock  null without a session clock
 * @property {Sequencer} sequencer  the live rounds' sequencer
 * @property {Replays} replays
 * @property {Hud} hud
 * @property {Format} format
 * @property {Post} post  tells an embedding parent (embed.js post)
 */

/** Why autoplay ended, in the player's words (the tables' ap.why.REASON).
 *  @param {string} reason  @returns {string} */
const ended = (reason) => (has(`ap.why.${reason}`) ? t(`ap.why.${reason}`) : reason);

export class PlayerControls {
    /** @param {PlayerControlsParts} parts */
    constructor({ profile, settings, controller, clock, sequencer, replays, hud, format, post }) {
        Object.assign(this, { profile, settings, controller, clock, sequencer, replays, hud, format, post });
        // (each set just above; declarations only)
        /** @type {Profile} */
        this.profile;
        /** @type {Settings} */
        this.settings;
        /** @type {Controller} */
        this.controller;
        /** @type {SessionClock | null} */
        this.clock;
        /** @type {Sequencer} */
        this.sequencer;
        /** @type {Replays} */
        this.replays;
        /** @type {Hud} */
        this.hud;
        /** @type {Format} */
        this.format;
        /** @type {Post} */
        this.post;
        const c = controller;
        // what the profile forbids has no button at all
        for (const [name, id] of Object.entries(SWITCHED_CONTROLS)) {
            if (!profile[/** @type {keyof typeof SWITCHED_CONTROLS} */ (name)]) byId(id).remove(); // (a key of SWITCHED_CONTROLS)
        }
        document.documentElement.dataset.jurisdiction = profile.name;
        /** @type {AutoplayDriver} */
        this.driver = new AutoplayDriver({ profile, controller, post });
        this.driver.on("changed", () => this.showSpinMode());
        /** @type {AutoplayPanel} */
        this.panel = new AutoplayPanel({
            format,
            canOpen: () => (c.busy ? t("refuse.playing") : !c.canWrite() ? t("tabs.open") : null),
        });
        this.panel.on("startAsked", (opts) => this.autoplay(opts).catch((err) => {
            hud.showMessage(t("ap.notStarted", { reason: reasonOf(err, format) }));
        }));
        hud.el.auto.addEventListener("click", () => {
            if (this.driver.running) this.stopAutoplay();
            else this.panel.open();
        });
        c.on("busyChanged", ({ busy }) => {
            this.showSpinMode();
            clock?.setBusy(busy || c.busy);
        });
        // a reality check stops autoplay (after the round playing)
        clock?.on("checkDue", () => this.driver.stop("stopped"));
    }

    /** The spin button's job now: stop autoplay, stop the reels, or spin.
     *  @returns {import("../ui/hud.js").SpinMode} */
    spinMode() {
        const c = this.controller;
        if (this.driver.running) return "autoplay";
        if (c.busy && !this.replays.playing && c.roundProfile?.slamstop) return "slam";
        return "spin";
    }

    showSpinMode() {
        this.hud.setSpinMode(this.spinMode(), this.driver.left);
    }

    /** The spin button: stops autoplay, or hurries the round playing, or calls `spin`.
     *  @param {() => void} spin */
    pressSpin(spin) {
        if (this.driver.running) this.stopAutoplay();
        else if (this.controller.busy) this.hurry();
        else spin();
    }

    /** A click or key while something plays: a replay speeds up; a live round's current step
     *  is cut short (slam stop) where the round's profile allows it. */
    hurry() {
        if (this.replays.playing) this.replays.sequencer.hurry();
        else if (this.controller.roundProfile?.slamstop) this.sequencer.hurry();
    }

    /** A press of Spin: stops autoplay, or the reels (slam), or spins; while a round plays
     *  under a profile without slam stop, says at once why the press does nothing.
     *  @param {() => void} spin */
    pressSpinButton(spin) {
        const c = this.controller;
        const why = refusal(c.roundProfile ?? this.profile, "slamstop");
        if (!this.driver.running && c.busy && !this.replays.playing && why) {
            this.hud.showMessage(t("spin.stopsOnItsOwn", { why }), { kind: MessageKind.NOTICE });
            return;
        }
        this.pressSpin(spin);
    }

    /** game.autoplay(opts): resolves {played, reason}; rejects when refused (nothing played).
     *  @param {unknown} opts  anything a caller gives (autoplayrules.js checkOptions checks it)
     *  @returns {Promise<import("./autoplayrules.js").AutoplayResult>} */
    async autoplay(opts) {
        this.controller.assertWritable(); // another tab plays: refused, said on screen
        const result = await this.driver.run(opts);
        const { played, reason } = result;
        const text = plural("ap.ended", played, { why: ended(reason) });
        if (reason === "balance") this.controller.showRefusal(this.controller.refusalFor(false));
        else if (reason !== "error") this.hud.showMessage(text, { kind: MessageKind.NOTICE });
        else this.hud.announce(text);
        return result;
    }

    /** game.stopAutoplay(): false when autoplay is off. @returns {boolean} */
    stopAutoplay() {
        return this.driver.stop("stopped");
    }

    /** Quick spin on or off (toggled without `on`); returns whether it is on now.
     *  @param {unknown} [on]  as window.game.setTurbo was given it: the controller refuses anything but a boolean
     *  @returns {boolean} */
    setTurbo(on) {
        const c = this.controller;
        c.setTurbo(on === undefined ? !c.state.turbo : on); // without `on`: toggled; "yes" is refused
        return c.state.turbo;
    }

    /** Whether quick spin may speed the game up under this profile. @returns {boolean} */
    get turboAllowed() {
        return refusal(this.profile, "turbo") === null;
    }

    /** Adds the settings in force, in the player's words, to the info screen's content; and
     *  under ?debug=1 the operator's view (the markets, the raw settings, the build).
     *  @param {ParentNode} container  the info dialog's content, filled by info.js renderInfo */
    addInfo(container) {
        const root = container.querySelector(".boce-info");
        root?.append(inForceSection(this.profile, this.settings, this.format));
        if (this.settings.debug) root?.append(operatorSection(this.profile, this.settings));
    }
}
