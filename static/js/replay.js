// The history dialog and replays. A replay plays a stored round again through a sequencer of
// its own whose win meter is the replay banner: no money moves, nothing is saved, nothing is
// posted to an embedding parent. The controller's lock keeps rounds out meanwhile.

import { renderHistory, timeFormat } from "./history.js";
import { byId } from "./dom.js";
import { Refused, describeValue } from "./controller.js";
import { t } from "./i18n.js";

export class Replays {
    /**
     * @param {object} o
     * @param {import("./controller.js").Controller} o.controller
     * @param {import("./bridge.js").Bridge} o.bridge  re-derives a stored round (checkRound)
     * @param {(meter: {show(minor:number):void}) => object} o.makeSequencer  a sequencer showing
     *        its running total on `meter`
     */
    constructor({ controller, bridge, makeSequencer, hud, format }) {
        Object.assign(this, { controller, bridge, hud, format });
        this.dialog = byId("history-dialog");
        this.banner = byId("replay-banner");
        this.sequencer = makeSequencer({ show: (minor) => this._showWin(minor) });
        this.playing = false;
        byId("replay-stop").addEventListener("click", () => this.stop());
        byId("history-close").addEventListener("click", () => this.dialog.close());
        controller.on("roundEnd", () => { if (this.dialog.open) this.showHistory(); });
    }

    /** The history as the page contract lists it (game.history()): no stored rounds. */
    list() {
        return this.controller.state.history.map((h) => ({
            time: h.time, bet: h.bet, cost: h.cost, buy: h.buy, win: h.win, feature: h.feature, special: h.special,
        }));
    }

    showHistory() {
        renderHistory(byId("history-list"), {
            entries: this.controller.state.history, format: this.format, busy: this.controller.busy,
            onReplay: (i) => { this.dialog.close(); this.replay(i).catch(() => {}); },
        });
        if (!this.dialog.open) this.dialog.showModal();
    }

    /** Plays history entry `index` (0 = newest) again from its stored record; resolves with
     *  the round as the engine re-derived it. */
    async replay(index) {
        const { history } = this.controller.state;
        if (!Number.isSafeInteger(index) || index < 0 || index >= history.length) {
            throw new Refused(history.length
                ? `a replay needs the index of a history entry, a whole number from 0 (the newest) to ${history.length - 1}, not ${describeValue(index)}`
                : "there is no round in the history to replay");
        }
        const entry = history[index];
        return this.controller.present(async () => {
            let round;
            try {
                round = await this.bridge.checkRound(entry.round, entry.bet, entry.cost);
            } catch (err) {
                console.warn("history entry refused by the engine:", err.message);
                this.hud.showMessage(t("replay.damaged"));
                throw err;
            }
            this.playing = true;
            document.body.classList.add("replaying");
            byId("replay-when").textContent = timeFormat.format(new Date(entry.time));
            byId("replay-bet").textContent = this.format(entry.bet);
            this._showWin(0);
            this.banner.hidden = false;
            this.hud.announce(t("say.replay"));
            try {
                await this.sequencer.play(round);
            } finally {
                this.playing = false;
                this.banner.hidden = true;
                document.body.classList.remove("replaying");
            }
            return round;
        });
    }

    /** Ends the replay on screen after its current step (the Stop button, Escape). */
    stop() {
        if (this.playing) this.sequencer.stop();
    }

    _showWin(minor) {
        const win = byId("replay-win");
        win.textContent = this.format(minor);
        win.dataset.minor = String(minor);
    }
}
