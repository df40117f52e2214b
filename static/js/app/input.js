// @ts-check
// The page's own input around the HUD: the buy dialog, the info dialog, the save notice, a tap
// on the reels and the keys. app.js builds it with the parts (`game`) and wires the HUD's
// events to it (wire); a replay link's page uses only its info dialog.

import { PageState, byId, interactive, pageState } from "../core/dom.js";
import { fitWidth } from "../ui/hud.js";
import { renderInfo } from "../ui/info.js";
import { parReady } from "../start/parsheet.js";
import { fillPlural, t } from "../lang/i18n.js";

/** @typedef {import("./app.js").Parts} Parts */
/** @typedef {import("./app.js").GameParts} GameParts */
/** A round asked for by the page API (pageapi.js spin, buy): settles once it is credited.
 *  @typedef {() => Promise<unknown>} Play */

/** @param {Promise<unknown>} p */
const quiet = (p) => p.catch(() => {}); // UI clicks report refusals on screen, not as errors

export class PageInput {
    /** `game`: the parts app.js built; `profile`, `format`: the launch's rules and amounts;
     *  `store`: the saved game's storage (store.js); `spin`, `buy`: the page API's (pageapi.js).
     *  A replay link's page gives only `game`, `profile` and `format`, and uses only the info dialog.
     *  @param {object} o
     *  @param {Parts} o.game
     *  @param {import("../operator/jurisdiction.js").Profile} o.profile
     *  @param {import("../core/money.js").Format} o.format
     *  @param {import("../ledger/store.js").Store | null} [o.store]
     *  @param {Play | null} [o.spin]
     *  @param {Play | null} [o.buy] */
    constructor({ game, profile, format, store = null, spin = null, buy = null }) {
        Object.assign(this, { game, profile, format, store, spin, buy });
        /** @type {Parts} */
        this.game; // (these six set by the Object.assign above)
        /** @type {import("../operator/jurisdiction.js").Profile} */
        this.profile;
        /** @type {import("../core/money.js").Format} */
        this.format;
        /** @type {import("../ledger/store.js").Store | null} */
        this.store;
        /** @type {Play | null} */
        this.spin;
        /** @type {Play | null} */
        this.buy;
        /** @type {HTMLDialogElement} */
        this.buyDialog = byId("buy-dialog");
        /** @type {HTMLDialogElement} */
        this.infoDialog = byId("info-dialog");
    }

    /** The buy dialog, with the price at this bet (refused on screen where the buy may not be). */
    askBuy() {
        const c = /** @type {GameParts} */ (this.game).controller; // (the game's page only: wire)
        if (c.busy || pageState() !== PageState.READY || !this.profile.buy) return;
        try { c.assertWritable(); } catch { return; } // another tab plays: said on screen
        const can = c.canPlay(true);
        if (!can.ok) { c.showRefusal(c.refusalFor(true, can)); return; }
        const price = byId("buy-dialog-price");
        price.textContent = this.format(c.offer.buy_cost);
        price.dataset.minor = String(c.offer.buy_cost);
        // a long amount (a high bet, or yen's and dinars' digits) is set smaller, on one line still
        price.classList.toggle("long", price.textContent.length > 10);
        const bet = byId("buy-dialog-bet");
        bet.textContent = this.format(c.offer.bet);
        bet.dataset.minor = String(c.offer.bet);
        byId("buy-dialog-count").textContent = String(c.offer.free_spins);
        fillPlural(byId("buy-dialog-spins"), c.offer.free_spins); // "10 free spins": the count's plural form
        this.buyDialog.showModal();
    }

    /** The info dialog (rules, pays at this bet, figures), opened or redrawn in place. */
    async openInfo() {
        const game = this.game;
        const par = await parReady; // fetched with the game, so the figures are there offline
        const content = byId("info-content");
        renderInfo(content, {
            model: game.model, offer: game.controller ? game.controller.offer : game.offer,
            par, format: this.format,
            rtp: this.profile.rtp, buy: this.profile.buy,
        });
        game.controls?.addInfo(content);
        if (!this.infoDialog.open) this.infoDialog.showModal();
        // a pay at a high bet in a long currency ("24.688.915,000 BHD") is set smaller to fit its
        // card; should one still not fit at 12 px, the cards go one column fewer, each wider
        const amounts = [.../** @type {NodeListOf<HTMLElement>} */ (content.querySelectorAll(".pay-amount"))];
        amounts.forEach((a) => fitWidth(a));
        if (amounts.some((a) => a.scrollWidth > a.clientWidth + 0.5)) {
            content.querySelector(".info-pay-grid")?.classList.add("wide-pays");
            amounts.forEach((a) => fitWidth(a));
        }
    }

    /** The HUD's buttons, the dialogs, a tap on the reels and the keys, wired to the game (its
     *  page only: a replay link's wires its own).
     *  @param {import("../ui/hud.js").Hud} hud */
    wire(hud) {
        const { buyDialog, infoDialog } = this;
        const game = /** @type {GameParts} */ (this.game);
        const c = game.controller;
        /** A click or key while something plays speeds up whatever is playing (where allowed). */
        const hurry = () => game.controls.hurry();
        // (the game's page gives spin and buy)
        hud.on("spinAsked", () => game.controls.pressSpinButton(() => quiet(/** @type {Play} */ (this.spin)())));
        hud.on("buyAsked", () => this.askBuy());
        // a bet refused (a round or autoplay plays, another tab plays: Controller.setBet) changes nothing
        hud.on("betAsked", ({ bet }) => { try { c.setBet(bet); } catch { /* see above */ } });
        hud.on("topUpAsked", () => { try { c.topUp(); } catch { /* another tab plays: said on screen */ } });
        hud.on("infoAsked", () => this.openInfo());
        hud.on("muteAsked", () => c.setMuted(!c.state.muted));
        hud.on("turboAsked", () => { try { game.controls.setTurbo(); } catch { /* no quick spin here */ } });
        hud.on("historyAsked", () => { if (!game.replays.playing) game.replays.showHistory(); });
        buyDialog.addEventListener("close", () => {
            if (buyDialog.returnValue === "confirm") quiet(/** @type {Play} */ (this.buy)()); // the value of #buy-confirm
        });
        byId("info-close").addEventListener("click", () => infoDialog.close());
        byId("save-notice-close").addEventListener("click", () => { byId("save-notice").hidden = true; });
        byId("save-afresh").addEventListener("click", () => game.shared.startAfresh());
        byId("stage").addEventListener("pointerdown", (ev) => {
            if (c.busy && !/** @type {Element} */ (ev.target).closest?.("button")) hurry(); // (an element of #stage)
        });
        document.addEventListener("keydown", (ev) => {
            if (pageState() === PageState.LOADING || pageState() === PageState.ERROR) return;
            const space = ev.key === " " || ev.key === "Enter";
            const dialogOpen = buyDialog.open || infoDialog.open || game.replays.dialog.open;
            if (ev.key === "Escape" && !dialogOpen) this.dismissToasts();
            if (c.busy) {
                if (space || ev.key === "Escape") ev.preventDefault();
                if (ev.key === "Escape" && game.replays.playing) game.replays.stop();
                else hurry();
                return;
            }
            if (space && this.profile.spacebar && !interactive(ev.target) && !dialogOpen && !document.querySelector("dialog[open]")
                && !c.autoplaying) {
                ev.preventDefault();
                quiet(/** @type {Play} */ (this.spin)());
            }
        });
    }

    /** Escape: the message and the save notice go away (the notice comes back with the next
     *  write that is not kept). */
    dismissToasts() {
        this.game.hud.hideMessage();
        if (byId("save-notice").contains(document.activeElement)) byId("spin")?.focus();
        byId("save-notice").hidden = true;
    }

    /** Shows or hides the notice that progress is not kept (storage blocked or full): after each
     *  write of the game's page (savedgame.js "saved").
     *  @param {{ notKept: string | null }} saved */
    showSaveNotice({ notKept }) {
        if (notKept) {
            byId("save-notice-text").textContent = t("save.notKept", { why: notKept });
        }
        byId("save-notice").hidden = !notKept;
        // a record left untouched: offered for as long as it is (the game's page has a store)
        byId("save-afresh").hidden = !(/** @type {import("../ledger/store.js").Store} */ (this.store)).isHeld();
    }
}
