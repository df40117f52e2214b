// @ts-check
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

/** @typedef {import("../../../types/game").RoundRecord} RoundRecord */
/** @typedef {import("../round/sequencer.js").Sequencer} Sequencer */
/** @typedef {import("../round/bridge.js").SharedRound} SharedRound */
/** @typedef {import("../ledger/store.js").HistoryEntry} HistoryEntry */
/** An amount in minor units as the launch writes it (core/money.js makeFormat).
 *  @typedef {(minor: number) => string} Format */
/** A sequencer of its own showing its running total on `meter` (app.js stageFor).
 *  @typedef {(meter: import("../round/sequencer.js").Meter) => Sequencer} MakeSequencer */
/** A history entry as the page contract lists it (game.history()): without its stored round.
 *  @typedef {Omit<HistoryEntry, "round">} HistoryItem */

/** The launch settings a replay link keeps: those without which its page could not write the
 *  round's amounts as they were played (a round in yen needs `currency=JPY` and its `bets`;
 *  virtual coins need `market=social`; a market with a stake limit in euros needs `maxBet` in another currency),
 *  and those that change how it is shown but never the round (`speed`, `lang`, `still`: a test
 *  at `speed=fast` or a player reading German opens the link as they played). Never `seed`,
 *  `scenario`, `demo` or anything else that decides rounds. */
const SHOWN_WITH = ["market", "jurisdiction", "currency", "bets", "maxBet", "speed", "lang", "still"];

/** What a history replay and a replay link's page share: a sequencer of their own whose meter
 *  is the banner's #replay-win, and Stop. */
export class ReplayShow {
    /** @param {{ format: Format, makeSequencer: MakeSequencer }} options */
    constructor({ format, makeSequencer }) {
        /** @type {Format} */
        this.format = format;
        /** A replay is on screen. @type {boolean} */
        this.playing = false;
        /** @type {Sequencer} */
        this.sequencer = makeSequencer({ show: (minor) => this._showWin(minor) });
    }

    /** Ends the replay on screen after its current step (the Stop button, Escape). */
    stop() {
        if (this.playing) this.sequencer.stop();
    }

    /** The replay's running total on the banner's #replay-win.
     *  @param {number} minor */
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
     * @param {MakeSequencer} o.makeSequencer  a sequencer showing
     *        its running total on `meter`
     * @param {import("../ui/hud.js").Hud} o.hud
     * @param {Format} o.format
     */
    constructor({ controller, bridge, makeSequencer, hud, format }) {
        super({ format, makeSequencer });
        // (one assignment each, as Object.assign made them, so that the type check sees the fields)
        /** @type {import("../round/controller.js").Controller} */
        this.controller = controller;
        /** @type {import("../round/bridge.js").Bridge} */
        this.bridge = bridge;
        /** @type {import("../ui/hud.js").Hud} */
        this.hud = hud;
        /** @type {HTMLDialogElement} */
        this.dialog = byId("history-dialog");
        /** @type {HTMLElement} */
        this.banner = byId("replay-banner");
        byId("replay-stop").addEventListener("click", () => this.stop());
        byId("history-close").addEventListener("click", () => this.dialog.close());
        controller.on("roundEnded", () => { if (this.dialog.open) this.showHistory(); });
    }

    /** The history as the page contract lists it (game.history()): no stored rounds.
     *  @returns {HistoryItem[]} */
    list() {
        return this.controller.state.history.map((h) => ({
            time: h.time, bet: h.bet, cost: h.cost, buy: h.buy, win: h.win, feature: h.feature, special: h.special,
        }));
    }

    /** Opens the history dialog (or shows it afresh while open). */
    showHistory() {
        renderHistory(byId("history-list"), {
            entries: this.controller.state.history, format: this.format, busy: this.controller.busy,
            // (an entry the engine refuses is said on screen and in the console by replay(); Replay is
            // disabled while a round plays, history.js)
            onReplay: (i) => { this.dialog.close(); this.replay(i).catch(() => {}); },
            onShare: (i) => this._share(i),
            onExport: (i) => this.exportRound(i).catch((err) => this._shareProblem(err)),
        });
        if (!this.dialog.open) this.dialog.showModal();
    }

    /** History entry `index` (0 = newest); any other index is refused, saying why.
     *  @param {unknown} index  as the page contract's caller gave it (checked here)
     *  @param {string} [what]  what asks for it, in the refusal's words
     *  @returns {HistoryEntry} */
    _entry(index, what = "a replay") {
        const { history } = this.controller.state;
        // (casts: compared once it is found a whole number)
        if (!Number.isSafeInteger(index) || /** @type {number} */ (index) < 0 || /** @type {number} */ (index) >= history.length) {
            throw new Refused(history.length
                ? `${what} needs the index of a history entry, a whole number from 0 (the newest) ` +
                    `to ${history.length - 1}, not ${describeValue(index)}`
                : `there is no round in the history for ${what}`);
        }
        return history[/** @type {number} */ (index)]; // (a cast: a whole number in range, checked above)
    }

    /** History entry `index`'s `{text, link, export}` from the engine (its replay link is an
     *  absolute URL of this page with ?replay=, and the launch settings that say how its amounts
     *  are written: the market, the currency (which the text names too) and the levels).
     *  @param {unknown} index  as the page contract's caller gave it (checked: _entry)
     *  @returns {Promise<SharedRound>} */
    async share(index) {
        const entry = this._entry(index, "a replay link");
        const page = new URL(location.pathname, location.origin);
        const launch = new URLSearchParams(location.search);
        for (const key of SHOWN_WITH) if (launch.has(key)) page.searchParams.set(key, /** @type {string} */ (launch.get(key)));
        return this.bridge.shareSaved(entry.round, page.href);
    }

    /** The replay link of history entry `index` (game.replayLink).
     *  @param {unknown} index  as the page contract's caller gave it (checked: _entry)
     *  @returns {Promise<string>} */
    async replayLink(index) {
        return (await this.share(index)).link;
    }

    /** Downloads history entry `index` as one JSON file (the engine's export record).
     *  @param {unknown} index  as the page contract's caller gave it (checked: _entry)
     *  @returns {Promise<SharedRound["export"]>} */
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

    /** Shows history entry `index`'s replay link in #share-link, copied where the browser lets it.
     *  @param {number} index */
    async _share(index) {
        let link;
        try {
            link = await this.replayLink(index);
        } catch (err) {
            this._shareProblem(err);
            return;
        }
        /** @type {HTMLInputElement} */
        const field = byId("share-link");
        field.value = link;
        byId("share-box").hidden = false;
        field.select();
        navigator.clipboard?.writeText(link).then(
            () => { byId("share-copied").hidden = false; },
            () => { byId("share-copied").hidden = true; }, // not allowed here: the link is shown to copy
        );
    }

    /** @param {unknown} err  why the engine could not share it (an Error) */
    _shareProblem(err) {
        console.warn("history entry cannot be shared:", /** @type {Error} */ (err).message);
        this.hud.showMessage(t("history.shareDamaged"));
    }

    /** Plays history entry `index` (0 = newest) again from its stored record; resolves with
     *  the round as the engine re-derived it.
     *  @param {unknown} index  as the page contract's caller gave it (checked: _entry)
     *  @returns {Promise<RoundRecord>} */
    async replay(index) {
        const entry = this._entry(index);
        return this.controller.present(async () => {
            let round;
            try {
                round = await this.bridge.checkRound(entry.round, entry.bet, entry.cost);
            } catch (err) {
                console.warn("history entry refused by the engine:", /** @type {Error} */ (err).message); // (the engine's refusal)
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
