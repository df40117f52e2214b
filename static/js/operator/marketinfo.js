// @ts-check
// What a launch adds around the controls: the Home link to the operator's lobby (`lobby=`), and
// under market=de the stake information beside the bet (#stake-info): the chance of the top
// prize ("1 in N", static/par.json max_win_odds.base, exact to the whole round) and the average
// payout per 1 EUR staked (the exact RTP, as a decimal amount of the currency).

import { byId } from "../core/dom.js";
import { t } from "../lang/i18n.js";

/** @typedef {import("./launch.js").Settings} Settings */

/** A Home link `a#home` to `settings.lobby` (an http(s) address: launch.js), opened in the top
 *  frame, first of the HUD's tools; nothing without a lobby. Made once: the first paint makes it
 *  (firstpaint.js), and app.js at ready when the first paint could not.
 *  @param {Pick<Settings, "lobby">} settings
 *  @returns {HTMLAnchorElement | null} */
export function showLobby(settings) {
    if (settings.lobby === null) return null;
    const shown = /** @type {HTMLAnchorElement | null} */ (byId("home")); // (the first paint's: firstpaint.js)
    if (shown) return shown;
    const a = document.createElement("a");
    a.id = "home";
    a.className = "btn-icon home-link";
    a.href = settings.lobby;
    a.target = "_top";
    a.rel = "noopener";
    a.setAttribute("aria-label", t("market.home"));
    a.textContent = "⌂";
    /** @type {HTMLElement} */ (document.querySelector(".hud-tools")).prepend(a); // (index.html's)
    return a;
}

/** #stake-info beside the bet under a market that asks for it (settings.stakeInfo); `par`:
 *  static/par.json (null: the figures are missing, and it says so). Made once, as the lobby's
 *  link: by the first paint (firstpaint.js), else by app.js at ready.
 *  @param {Pick<Settings, "stakeInfo" | "locale">} settings
 *  @param {import("../ui/info.js").ParFigures | null} par
 *  @returns {HTMLElement | null} */
export function showStakeInfo(settings, par) {
    if (!settings.stakeInfo) return null;
    const shown = /** @type {HTMLElement | null} */ (byId("stake-info"));
    if (shown) return shown;
    const p = document.createElement("p");
    p.id = "stake-info";
    p.className = "stake-info";
    const odds = par?.max_win_odds?.base;
    // the average payout after the max-win cap, as the player is paid it
    const rtp = typeof par?.rtp_capped === "number" ? par.rtp_capped : par?.rtp;
    if (typeof odds !== "number" || typeof rtp !== "number") {
        p.textContent = t("market.stakeMissing");
    } else {
        const whole = new Intl.NumberFormat(settings.locale, { maximumFractionDigits: 0 });
        const payout = new Intl.NumberFormat(settings.locale, {
            style: "currency", currency: "EUR", minimumFractionDigits: 4, maximumFractionDigits: 4,
        });
        // N to the whole round: the proven bounds round to the same N (engine/par/cap.py)
        p.dataset.odds = String(Math.round(odds));
        p.dataset.rtp = String(rtp);
        p.textContent = t("market.stakeInfo", {
            n: whole.format(Math.round(odds)), unit: payout.format(1).replace(/[.,]0000/, ""), payout: payout.format(rtp),
        });
    }
    /** @type {HTMLElement} */ (byId("bet").closest(".meter")).append(p); // under the bet control, inside its meter
    return p;
}
