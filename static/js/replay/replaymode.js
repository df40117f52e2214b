// @ts-check
// Replay mode (?replay=TEXT, a link a history entry's Share button made): the page shows one
// round the engine re-derived from the link's draws (bridge.openReplay) and nothing of the
// player's. No betting controls, no balance; #replay-play plays the round on the reels (again
// and again), its running win on #replay-win. Nothing is read from or written to the player's
// storage: no saved game, no writer lock, no tab channel (app.js builds none of them here).
//
//   const opened = await openLink(bridge, location.href);  // refuses a bad link: CannotStart
//   const replay = new LinkReplay({ opened, format, makeSequencer, hud });

import { CannotStart, EngineRefusal, Refused } from "../core/errors.js";
import { PageState, byId, interactive, pageState, setPageState } from "../core/dom.js";
import { ReplayShow } from "./replay.js";
import { t } from "../lang/i18n.js";

/** @typedef {import("../../../types/game").RoundRecord} RoundRecord */
/** @typedef {import("../round/bridge.js").OpenedReplay} OpenedReplay */
/** An amount in minor units as the launch writes it (core/money.js makeFormat).
 *  @typedef {(minor: number) => string} Format */

/** `<html data-mode>` in replay mode; set as soon as the URL asks for it, so no betting control
 *  shows even while the engine starts. */
export const REPLAY_MODE = "replay";

/** The link's round as the engine re-derived it, `{round, text, currency}`; an altered,
 *  truncated or other-model link is refused with the engine's reason, and a link whose text names
 *  another currency than the address's (`currency`: the launch's) is refused too, before anything
 *  is shown: a euro round's link with `&currency=JPY` would show its bet of 100 as JP¥100.
 *  @param {import("../round/bridge.js").Bridge} bridge
 *  @param {string} href  the page's address (or the link's text)
 *  @param {string} currency  the launch's
 *  @returns {Promise<OpenedReplay>} */
export async function openLink(bridge, href, currency) {
    let opened;
    try {
        opened = await bridge.openReplay(href);
    } catch (err) {
        if (err instanceof EngineRefusal) {
            throw new CannotStart(`this replay link was refused: ${err.message}`,
                { code: "start.replayRefused", params: { reason: err }, cause: err });
        }
        throw err;
    }
    if (opened.currency !== currency) {
        throw new CannotStart(`this replay link was refused: its round was played in ${opened.currency}, the address says ${currency}`,
            { code: "start.replayCurrency", params: { played: opened.currency, given: currency } });
    }
    return opened;
}

/** What replay mode takes off the page: the betting controls and the history (and below, the
 *  bet, balance and win meters). */
const BETTING = ["spin", "buy", "autoplay-button", "turbo", "history-button"];

export class LinkReplay extends ReplayShow {
    /**
     * @param {object} o
     * @param {OpenedReplay} o.opened  the link's round (openLink)
     * @param {Format} o.format
     * @param {import("./replay.js").MakeSequencer} o.makeSequencer
     * @param {import("../ui/hud.js").Hud} o.hud
     * @param {import("../sound/sound.js").Sound | null} o.sound  null where WebAudio is missing
     */
    constructor({ opened, format, makeSequencer, hud, sound }) {
        super({ format, makeSequencer });
        // (one assignment each, as Object.assign made them, so that the type check sees the fields)
        /** @type {import("../ui/hud.js").Hud} */
        this.hud = hud;
        /** @type {import("../sound/sound.js").Sound | null} */
        this.sound = sound;
        /** @type {RoundRecord} */
        this.round = opened.round;
        /** The link's text (the engine's). @type {string} */
        this.text = opened.text;
        for (const id of BETTING) byId(id)?.remove();
        for (const id of ["bet", "balance", "win"]) byId(id)?.closest(".meter")?.remove(); // the banner shows the win
        const { round } = this;
        const banner = byId("replay-banner");
        banner.dataset.link = "true";
        byId("replay-when").textContent = t("replay.sharedWhen");
        byId("replay-bet").textContent = format(round.bet);
        byId("replay-bet").dataset.minor = String(round.bet);
        const cost = byId("replay-cost");
        cost.textContent = round.buy ? t("replay.costBought", { cost: format(round.cost) }) : format(round.cost);
        cost.dataset.minor = String(round.cost);
        byId("replay-cost-part").hidden = false;
        this._showWin(round.total_win);
        const play = byId("replay-play");
        play.hidden = false;
        play.addEventListener("click", () => this.play().catch((err) => console.warn("the replay could not be shown:", err)));
        byId("replay-stop").addEventListener("click", () => this.stop());
        banner.hidden = false;
        hud.announce(t("say.sharedReplay", { bet: format(round.bet), win: format(round.total_win) }));
    }

    /** Space or Enter plays the round (again), Escape stops it; nothing while `dialog` is open.
     *  @param {HTMLDialogElement} dialog  the info dialog */
    listen(dialog) {
        byId("info-close").addEventListener("click", () => dialog.close());
        document.addEventListener("keydown", (ev) => {
            if (pageState() === PageState.ERROR || dialog.open) return;
            if (ev.key === "Escape") {
                this.stop();
            } else if ((ev.key === " " || ev.key === "Enter") && !interactive(ev.target) && !this.playing) {
                ev.preventDefault();
                this.play().catch((err) => console.warn("the replay could not be shown:", err));
            }
        });
    }

    /** The mute button: no saved setting here, the sound alone. */
    toggleMute() {
        if (!this.sound) return;
        this.sound.muted = !this.sound.muted;
        this.hud.setMuted(this.sound.muted);
    }

    /** No stored rounds here (game.history()).
     *  @returns {import("./replay.js").HistoryItem[]} */
    list() {
        return [];
    }

    /** Plays the link's round on the reels; resolves with it once shown.
     *  @returns {Promise<RoundRecord>} */
    async play() {
        if (this.playing) throw new Refused("the replay is already playing");
        this.playing = true;
        setPageState(PageState.PLAYING);
        /** @type {HTMLButtonElement} */
        const play = byId("replay-play");
        const stop = byId("replay-stop");
        play.disabled = true;
        stop.classList.add("on");
        document.body.classList.add("replaying");
        try {
            this._showWin(0);
            await this.sequencer.play(this.round);
        } finally {
            this._showWin(this.round.total_win); // a stopped replay still shows the round's win
            document.body.classList.remove("replaying");
            stop.classList.remove("on");
            play.disabled = false;
            play.textContent = t("replay.again");
            this.playing = false;
            setPageState(PageState.READY);
        }
        return this.round;
    }
}
