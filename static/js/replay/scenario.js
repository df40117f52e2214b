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

/** The named scenario of the engine's catalogue, checked before anything is shown. */
export async function openScenario(bridge, name, profile) {
    let info;
    try {
        info = await bridge.scenario(name);
    } catch (err) {
        if (err instanceof EngineRefusal) throw new CannotStart(`?scenario= ${err.message}`, "start.scenarioRefused", { reason: err });
        throw err;
    }
    const no = info.mode === "buy" ? refusal(profile, "buy") : null;
    if (no) throw new CannotStart(`scenario ${info.name} is a bought feature: ${no}`, "start.scenarioBuy", { name: info.name, reason: no });
    return new Scenario(bridge, info);
}

export class Scenario {
    constructor(bridge, info) {
        this.bridge = bridge;
        this.info = info;
        this.played = false;
        this.decide = (bet, buy) => this._decide(bet, buy);
    }

    /** For game.state().scenario: `{name, mode, bet, description, played}`. */
    state() {
        return { ...this.info, played: this.played };
    }

    _decide(bet, buy) {
        const { name, mode } = this.info;
        if (this.played || bet !== this.info.bet || buy !== (mode === "buy")) return this.bridge.playRound(bet, buy);
        this.played = true;
        this._banner();
        return this.bridge.playScenario(name);
    }

    /** The banner over the reels: which scenario, what it shows, which button plays it. */
    show(format) {
        this.format = format;
        this._banner();
        byId("scenario-banner").hidden = false;
    }

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
