// @ts-check
// What an operator's launch decides on the page (docs/page-contract.md "Launch settings"):
// the settings read and the engine configured before anything plays (launchEngine), a
// parent's `configure` message before the first round (reconfigure), and the age gate of a
// marketing embed (`?ageGate=1`, AgeGate).
//
//   checkBeforeTheEngine(params, modelFile);  // SettingsError: the engine is not needed
//   const launch = await launchEngine(bridge, params, { demo });  // SettingsError, ProfileError
//   launch.model, launch.settings, launch.profile, launch.format, launch.base
//   await reconfigure(given, { params, base: launch.base, bridge, played })  // reloads the page
//   const gate = new AgeGate(params); gate.why(); gate.confirm();

import { AmountError, EngineRefusal, ProfileError, SettingsError, clipped } from "../core/errors.js";
import { amount, limitsOf } from "../core/amounts.js";
import { byId } from "../core/dom.js";
import { t } from "../lang/i18n.js";
import { makeFormat } from "../core/money.js";
import { profileOf } from "./jurisdiction.js";
import { LAUNCH_SETTINGS, readSettings } from "./launch.js";

/** @typedef {import("../../../types/game").Model} Model */
/** @typedef {import("../round/bridge.js").Bridge} Bridge */
/** @typedef {import("./launch.js").Settings} Settings */
/** The model file's own levels and default bet, and the limits of every amount under its maths
 *  (amounts.js limitsOf): what a configure message's settings are read against.
 *  @typedef {{ bets: ReadonlyArray<number>, default_bet: number, limits: import("./launch.js").Limits }} LaunchBase */
/**
 * The launch (launchEngine): the engine's model under the launch's levels, the model file's own
 * (`base`), the settings, the rules they give and the format of amounts in their currency.
 * @typedef {object} Launched
 * @property {Model} model
 * @property {LaunchBase} base
 * @property {Settings} settings
 * @property {import("./jurisdiction.js").Profile} profile
 * @property {import("../core/money.js").Format} format
 */

/** The launch settings of `params` read against the model file the reels were painted from,
 *  before the engine is up: a bad value of money or rules throws its SettingsError now, as
 *  launchEngine would once the engine answered (the engine reads the same file; the levels'
 *  checks against its maths still wait for it). Warnings are launchEngine's to give.
 *  @param {URLSearchParams} params
 *  @param {Model} model  the model file, as firstpaint.js fetched it */
export function checkBeforeTheEngine(params, model) {
    readSettings(params, { model, warn: () => {} });
}

/** The launch settings of `params` under the engine's model, and the engine configured with
 *  their bet levels and stake limit. `demo`: the showcase was asked for. Throws SettingsError
 *  or ProfileError: nothing is played then.
 *  @param {Bridge} bridge
 *  @param {URLSearchParams} params  the page's address's
 *  @param {{ demo: boolean }} options
 *  @returns {Promise<Launched>} */
export async function launchEngine(bridge, params, { demo }) {
    let model = await bridge.model();
    // the model file's own levels, and the limits of every amount (amounts.js) under its maths
    /** @type {LaunchBase} */
    const base = { bets: model.bets, default_bet: model.default_bet, limits: limitsOf(model) };
    const settings = readSettings(params, { model, limits: base.limits }); // a bad value of money or rules plays nothing
    const profile = profileOf(settings);
    document.documentElement.dataset.market = settings.market;
    if (demo && !(profile.buy && profile.autoplay)) {
        // the showcase buys features one after another by itself: a profile without the buy or
        // without autoplay cannot run it, and says so rather than loop on refusals
        throw new ProfileError(t("demo.noProfile", { name: profile.name }));
    }
    const own = settings.bets.join() === model.bets.join() && settings.bet === model.default_bet;
    if (!own || settings.maxBet !== null) {
        try {
            model = await bridge.configure({ bets: settings.bets, bet: settings.bet, maxBet: settings.maxBet });
        } catch (err) {
            if (err instanceof EngineRefusal) throw new SettingsError(err.message,
                { code: "settings.engine", key: "bets", value: settings.bets.join(","), params: { reason: err }, cause: err });
            throw err;
        }
    }
    return { model, base, settings, profile, format: makeFormat(settings.currency, settings.locale) };
}

/** The parent's launch settings (a `configure` message): checked as the address's are (the
 *  engine checks the levels), then the game starts again with them in its address; nothing
 *  has been played, so nothing is lost, and the parent hears `ready` again. Refused after the
 *  first round (`played()` true), or for a bad value: the game goes on as it was.
 *  @param {unknown} given  the message's `settings`: anything a parent posts, checked here
 *  @param {object} o
 *  @param {URLSearchParams} o.params  the page's address's
 *  @param {LaunchBase} o.base
 *  @param {Bridge} o.bridge
 *  @param {() => boolean} o.played  whether a round has begun
 *  @returns {Promise<void>} */
export async function reconfigure(given, { params, base, bridge, played }) {
    if (given === null || typeof given !== "object" || Array.isArray(given)) {
        throw new Error("configure needs settings: an object of launch settings");
    }
    if (played()) throw new Error("configure comes before the first round");
    // only the launch settings the contract documents: a parent may not set the player's seed,
    // open a replay or a scenario, or write anything else into the address
    const unknown = Object.keys(given).filter((k) => !LAUNCH_SETTINGS.includes(k));
    if (unknown.length) {
        const names = unknown.map((k) => clipped(k)).join(", ");
        const are = unknown.length > 1 ? "are not launch settings" : "is not a launch setting";
        throw new Error(`configure: ${names} ${are}; the settings are ${LAUNCH_SETTINGS.join(", ")}`);
    }
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(given)) {
        if (v === null || !["string", "number", "boolean"].includes(typeof v)) {
            throw new Error(`configure: ${k} must be a string or a number`);
        }
        next.set(k, AMOUNTS.includes(k) ? amountText(k, v) : typeof v === "boolean" ? (v ? "1" : "0") : String(v));
    }
    if (next.has("market")) next.delete("jurisdiction"); // the message's market is the one
    const s = readSettings(next, { model: base, limits: base.limits, warn: () => {} });
    await bridge.checkLaunch({ bets: s.bets, bet: s.bet, maxBet: s.maxBet }); // the engine's word on the levels
    if (played()) throw new Error("configure comes before the first round");
    location.replace(`${location.pathname}?${next}${location.hash}`);
}

/** The settings that are amounts: a message gives each as text (checked as the address's is)
 *  or as one number (bets: a single level), never a boolean. */
const AMOUNTS = ["bets", "bet", "maxBet", "balance"];

/** A configure message's amount `v` as the address writes it: text as given; a number only
 *  when it is an exact integer (amounts.js), so String() writes its own digits.
 *  @param {string} key
 *  @param {string | number} v
 *  @returns {string} */
function amountText(key, v) {
    if (typeof v === "string") return v;
    try {
        return String(amount(v, { key, min: 0, max: Number.MAX_SAFE_INTEGER, text: false }));
    } catch (err) {
        if (!(err instanceof AmountError)) throw err;
        throw new SettingsError(err.why, { code: err.code, key, value: err.value, params: err.params, money: err.money, cause: err });
    }
}

/** ?ageGate=1: nothing plays (button, key, API, command) until the parent posts
 *  `ageConfirmed`. The controller asks `why()` before every round. */
export class AgeGate {
    /** @param {URLSearchParams} params  the page's address's */
    constructor(params) {
        /** @type {boolean} */
        this.confirmed = params.get("ageGate") !== "1";
        if (!this.confirmed) {
            byId("age-gate").hidden = false;
            document.documentElement.dataset.ageGate = "waiting";
        }
    }

    /** Why nothing may be played yet, or null.
     *  @returns {string | null} */
    why() {
        return this.confirmed ? null : t("age.why");
    }

    /** The site confirmed the player's age: play may begin. */
    confirm() {
        this.confirmed = true;
        byId("age-gate").hidden = true;
        delete document.documentElement.dataset.ageGate;
    }
}
