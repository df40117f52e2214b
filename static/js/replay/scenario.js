// @ts-check
// ?scenario=NAME: the page's next round is a round of the engine's scenario catalogue
// (engine/data/scenarios.json: a loss, each big-win tier, a trigger, every special symbol, the
// cap...), its draws replayed by the engine (bridge.playScenario) through the same path as
// any round: debited, revealed, credited. The page plays on a balance of its own, as the
// ?demo=feature showcase does: nothing is read from or written to the player's save.
//
//   const scenario = await openScenario(bridge, name, profile);  // refuses an unknown name
//   controller = new Controller({ ..., decide: scenario.decide });
//
// The scenario's round is the next Spin (a `base` scenario) or Buy (`buy`) at its bet; the
// page starts on that bet. Another round (the other button, another bet, or any round after
// it) is drawn as usual.

import { CannotStart, EngineRefusal } from "../core/errors.js";
import { byId } from "../core/dom.js";
import { refusal } from "../operator/jurisdiction.js";
import { has, t } from "../lang/i18n.js";

/** @typedef {import("../round/bridge.js").Bridge} Bridge */
/** @typedef {import("../round/bridge.js").ScenarioInfo} ScenarioInfo */
/** @typedef {import("../round/bridge.js").DecidedRound} DecidedRound */
/** An amount in minor units as the launch writes it (core/money.js makeFormat).
 *  @typedef {(minor: number) => string} Format */

/** The named scenario of the engine's catalogue, checked before anything is shown.
 *  @param {Bridge} bridge
 *  @param {string} name  the name ?scenario= gives
 *  @param {import("../operator/jurisdiction.js").Profile} profile  the launch's rules (a bought feature may be refused)
 *  @returns {Promise<Scenario>} */
export async function openScenario(bridge, name, profile) {
    let info;
    try {
        info = await bridge.scenario(name);
    } catch (err) {
        if (err instanceof EngineRefusal) throw new CannotStart(`?scenario= ${err.message}`,
            { code: "start.scenarioRefused", params: { reason: err }, cause: err });
        throw err;
    }
    const no = info.mode === "buy" ? refusal(profile, "buy") : null;
    if (no) throw new CannotStart(`scenario ${info.name} is a bought feature: ${no}`,
        { code: "start.scenarioBuy", params: { name: info.name, reason: no } });
    return new Scenario(bridge, info);
}

export class Scenario {
    /** @param {Bridge} bridge  @param {ScenarioInfo} info */
    constructor(bridge, info) {
        /** @type {Bridge} */
        this.bridge = bridge;
        /** @type {ScenarioInfo} */
        this.info = info;
        /** Its round has been drawn. @type {boolean} */
        this.played = false;
        /** The controller's `decide` (controller.js): this scenario's round once, then the bridge's.
         *  @type {import("../round/controller.js").Decide} */
        this.decide = (bet, buy) => this._decide(bet, buy);
    }

    /** For game.state().scenario: `{name, mode, bet, description, played}`.
     *  @returns {ScenarioInfo & { played: boolean }} */
    state() {
        return { ...this.info, played: this.played };
    }

    /** The scenario's round for its own button at its bet, the first time; otherwise a round as usual.
     *  @param {number} bet
     *  @param {boolean} buy
     *  @returns {Promise<DecidedRound>} */
    _decide(bet, buy) {
        const { name, mode } = this.info;
        if (this.played || bet !== this.info.bet || buy !== (mode === "buy")) return this.bridge.playRound(bet, buy);
        this.played = true;
        this._banner();
        return this.bridge.playScenario(name);
    }

    /** The banner over the reels: which scenario, what it shows, which button plays it.
     *  @param {Format} format */
    show(format) {
        /** @type {Format | undefined} (undefined until shown) */
        this.format = format;
        this._banner();
        byId("scenario-banner").hidden = false;
    }

    /** Writes the banner's words (the scenario's name, what it shows, which button plays it). */
    _banner() {
        const { name, mode, bet, description } = this.info;
        byId("scenario-name").textContent = name;
        // the tables' scenario.NAME, or the catalogue's English words for a scenario they lack
        byId("scenario-description").textContent = has(`scenario.${name}`) ? t(`scenario.${name}`) : description;
        byId("scenario-next").textContent = this.played
            ? t("scenario.played")
            : t(mode === "buy" ? "scenario.nextBuy" : "scenario.nextSpin", { bet: this.format?.(bet) ?? bet });
        byId("scenario-banner").dataset.played = String(this.played);
    }
}
