// The history dialog and replays. A replay plays a stored round again through a sequencer of
// its own whose win meter is the replay banner: no money moves, nothing is saved, nothing is
// posted to an embedding parent. The controller's lock keeps rounds out meanwhile.
// Each entry also has Share (its replay link, made by the engine: bridge.shareSaved, shown in
// #share-link and copied where the browser lets it) and Export (one JSON file, the engine's
// export record, that `python -m engine verify FILE` accepts).

import { Refused } from "../core/errors.js";
import { renderHistory, timeFormat } from "../ui/history.js";
import { byId, el } from "../core/dom.js";
import { describeValue } from "../core/errors.js";
import { t } from "../lang/i18n.js";

/** What a history replay and a replay link's page share: a sequencer of their own whose meter
 *  is the banner's #replay-win, and Stop. */
/** The launch settings a replay link keeps: those without which its page could not write the
 *  round's amounts as they were played (a round in yen needs `currency=JPY` and its `bets`;
 *  virtual coins need `market=social`; a market with a stake limit in euros needs `maxBet` in another currency),
 *  and those that change how it is shown but never the round (`speed`, `lang`, `still`: a test
 *  at `speed=fast` or a player reading German opens the link as they played). Never `seed`,
 *  `scenario`, `demo` or anything else that decides rounds. */
const SHOWN_WITH = ["market", "jurisdiction", "currency", "bets", "maxBet", "speed", "lang", "still"];

export class ReplayShow {
    constructor({ format, makeSequencer }) {
        this.format = format;
        this.playing = false;
        this.sequencer = makeSequencer({ show: (minor) => this._showWin(minor) });
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

export class Replays extends ReplayShow {
    /**
     * @param {object} o
     * @param {import("../round/controller.js").Controller} o.controller
     * @param {import("../round/bridge.js").Bridge} o.bridge  re-derives a stored round (checkRound)
     * @param {(meter: {show(minor:number):void}) => object} o.makeSequencer  a sequencer showing
     *        its running total on `meter`
     */
    constructor({ controller, bridge, makeSequencer, hud, format }) {
        super({ format, makeSequencer });
        Object.assign(this, { controller, bridge, hud });
        this.dialog = byId("history-dialog");
        this.banner = byId("replay-banner");
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
            onShare: (i) => this._share(i),
            onExport: (i) => this.exportRound(i).catch((err) => this._shareProblem(err)),
        });
        if (!this.dialog.open) this.dialog.showModal();
    }

    /** History entry `index` (0 = newest); any other index is refused, saying why. */
    _entry(index, what = "a replay") {
        const { history } = this.controller.state;
        if (!Number.isSafeInteger(index) || index < 0 || index >= history.length) {
            throw new Refused(history.length
                ? `${what} needs the index of a history entry, a whole number from 0 (the newest) ` +
                    `to ${history.length - 1}, not ${describeValue(index)}`
                : `there is no round in the history for ${what}`);
        }
        return history[index];
    }

    /** History entry `index`'s `{text, link, export}` from the engine (its replay link is an
     *  absolute URL of this page with ?replay=, and the launch settings that say how its amounts
     *  are written: the market, the currency (which the text names too) and the levels). */
    async share(index) {
        const entry = this._entry(index, "a replay link");
        const page = new URL(location.pathname, location.origin);
        const launch = new URLSearchParams(location.search);
        for (const key of SHOWN_WITH) if (launch.has(key)) page.searchParams.set(key, launch.get(key));
        return this.bridge.shareSaved(entry.round, page.href);
    }

    /** The replay link of history entry `index` (game.replayLink). */
    async replayLink(index) {
        return (await this.share(index)).link;
    }

    /** Downloads history entry `index` as one JSON file (the engine's export record). */
    async exportRound(index) {
        const entry = this._entry(index, "an export");
        const { export: record } = await this.share(index);
        const stamp = new Date(entry.time).toISOString().replace(/[:.]/g, "-");
        const url = URL.createObjectURL(new Blob([`${JSON.stringify(record, null, 1)}\n`], { type: "application/json" }));
        const a = el("a");
        a.href = url;
        a.download = `book-of-christmas-eve-round-${stamp}.json`;
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
        return record;
    }

    async _share(index) {
        let link;
        try {
            link = await this.replayLink(index);
        } catch (err) {
            this._shareProblem(err);
            return;
        }
        const field = byId("share-link");
        field.value = link;
        byId("share-box").hidden = false;
        field.select();
        navigator.clipboard?.writeText(link).then(
            () => { byId("share-copied").hidden = false; },
            () => { byId("share-copied").hidden = true; }, // not allowed here: the link is shown to copy
        );
    }

    _shareProblem(err) {
        console.warn("history entry cannot be shared:", err.message);
        this.hud.showMessage(t("history.shareDamaged"));
    }

    /** Plays history entry `index` (0 = newest) again from its stored record; resolves with
     *  the round as the engine re-derived it. */
    async replay(index) {
        const entry = this._entry(index);
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
}
