// @ts-check
// The saved game as the tabs and frames of one browser share it: loading it (with the seeded
// generator put back where it was), telling the player about a record the game could not use,
// and the hand-over between tabs (tabs.js): a waiting tab shows "The game is open in another
// tab" with Play here; the tab that takes the lock reads the record afresh, a round in
// progress included, and plays on from it (SavedGame.adopt).
//
//   const tabs = demo ? null : new Tabs(); await tabs?.start();    // takes the lock if free
//   const { state, problem } = await loadRecord({ store, bridge, model, demo, readOnly, balance });
//   ... the SavedGame, the controller ...
//   const shared = new SharedGame({ store, bridge, model, demo, format, tabs, saved, controller, hud });
//   await shared.begin(problem);                       // messages; resumes a round in progress
//
// It listens to the tabs ("granted", "lost") and to the controller ("outdated": a write met a
// record another tab changed) and acts on the layers below it; none of them calls it.

import { byId } from "../core/dom.js";
import { MessageKind } from "../ui/hud.js";
import { DEMO_BALANCE, Problem } from "./store.js";
import { t } from "../lang/i18n.js";
import { reasonOf } from "../lang/reasons.js";

/** @typedef {import("../../../types/game").Model} Model */
/** @typedef {import("../round/bridge.js").Bridge} Bridge */
/** @typedef {import("./store.js").Store} Store */
/** @typedef {import("./store.js").SaveState} SaveState */
/** @typedef {import("./store.js").LoadProblem} LoadProblem */
/** @typedef {import("./tabs.js").Tabs} Tabs */
/** @typedef {import("./tabs.js").TabRole} TabRole */
/** @typedef {import("./savedgame.js").SavedGame} SavedGame */
/** @typedef {import("../round/controller.js").Controller} Controller */
/** @typedef {import("../ui/hud.js").Hud} Hud */
/** @typedef {import("../ui/hud.js").Format} Format */
/** What loadRecord and load() give: the player's state, and why the saved record could not be used (or null).
 *  @typedef {{ state: SaveState, problem: LoadProblem | null }} Loaded */

/** The saved game (or a fresh one); ?seed=N goes on from the saved generator state when the
 *  save was made with the same N (the k-th round across reloads and tabs is CPython's k-th);
 *  any other save starts Random(N) afresh. A waiting tab (`readOnly`) reads and never writes.
 *  `store`: the launch's Store (store.js); `balance`: the demo's or scenario's starting balance
 *  (`demo` true: a record in memory), or null.
 *  @param {object} o
 *  @param {Store} o.store
 *  @param {Bridge} o.bridge
 *  @param {Pick<Model, "bets" | "default_bet">} o.model
 *  @param {boolean} o.demo
 *  @param {boolean} o.readOnly
 *  @param {number | null} [o.balance]
 *  @returns {Promise<Loaded>} */
export async function loadRecord({ store, bridge, model, demo, readOnly, balance = null }) {
    let { state, problem } = await store.load({
        model, memory: demo, readOnly,
        checkRound: (round, bet, cost) => bridge.checkRound(round, bet, cost),
    });
    // the launch's `balance` (launch.js: given only with ?demo=feature or ?scenario=): the
    // starting balance of a record in memory, never of the player's saved game
    if (balance !== null) {
        if (!demo) throw new Error("a starting balance is for a record in memory only");
        state.balance = balance;
    }
    // (a fresh record's bet, null, is no level either)
    if (!model.bets.includes(/** @type {number} */ (state.bet))) state.bet = model.default_bet;
    if (bridge.seed !== null) {
        if (state.seed === bridge.seed && state.rng !== null) {
            try {
                await bridge.restoreRng(state.rng);
            } catch (err) {
                console.warn("saved generator state refused:", /** @type {Error} */ (err).message);
                ({ state, problem } = store.reject("its random generator state is not valid", "save.rngRefused"));
                state.bet = model.default_bet;
            }
        }
        if (state.seed !== bridge.seed) state.rng = null;
        state.seed = bridge.seed;
    } else {
        state.seed = null;
        state.rng = null;
    }
    return { state: /** @type {SaveState} */ (state), problem }; // (its bet is a level now)
}

export class SharedGame {
    /**
     * @param {object} o
     * @param {Store} o.store
     * @param {Bridge} o.bridge
     * @param {Model} o.model
     * @param {boolean} o.demo  a record in memory (the showcase, a scenario)
     * @param {Format} o.format
     * @param {Tabs | null} o.tabs  null for a record in memory
     * @param {SavedGame} o.saved
     * @param {Controller} o.controller
     * @param {Hud} o.hud
     */
    constructor({ store, bridge, model, demo, format, tabs, saved, controller, hud }) {
        Object.assign(this, { store, bridge, model, demo, format, tabs, saved, controller, hud });
        /** @type {Store} */
        this.store; // (each of these nine set by the Object.assign above)
        /** @type {Bridge} */
        this.bridge;
        /** @type {Model} */
        this.model;
        /** @type {boolean} */
        this.demo;
        /** @type {Format} */
        this.format;
        /** @type {Tabs | null} */
        this.tabs;
        /** @type {SavedGame} */
        this.saved;
        /** @type {Controller} */
        this.controller;
        /** @type {Hud} */
        this.hud;
        tabs?.on("granted", () => this.takeOver());
        tabs?.on("lost", () => this.handOver());
        controller.on("outdated", () => this.resync());
        byId("play-here").addEventListener("click", () => this.playHere().catch((err) => console.warn("Play here failed:", err)));
    }

    /** "writer", "waiting", "solo" (no Web Locks), "memory" (the lock refused) or "demo".
     *  @returns {TabRole | "demo" | null} (null: the tabs not started yet) */
    get role() {
        return this.tabs?.role ?? "demo";
    }

    /** @returns {boolean} */
    get waiting() {
        return this.role === "waiting";
    }

    /** @returns {Promise<Loaded>} */
    load() {
        const { store, bridge, model, demo } = this;
        return loadRecord({ store, bridge, model, demo, readOnly: this.waiting });
    }

    /** After boot: says what became of the saved record, then finishes a round in progress;
     *  a waiting tab only says that another tab plays.
     *  @param {LoadProblem | null} problem */
    async begin(problem) {
        this.tabs?.setBusy(false); // the page is up: the lock may go to a tab that asks
        if (this.waiting) {
            this.showNotice(t("tabs.open"));
            return;
        }
        this.showProblem(problem);
        if (this.saved.pending) await this.resume();
        else this.tabs?.idle(); // another tab asked while this one started
    }

    /** Says what became of the saved record (nothing when it was used).
     *  @param {LoadProblem | null} problem */
    showProblem(problem) {
        const demoBalance = this.format(DEMO_BALANCE);
        const notice = { kind: MessageKind.NOTICE };
        if (problem?.kind === Problem.NEWER) {
            this.hud.showMessage(t("saved.newer", { reason: reasonOf({ ...problem, message: problem.reason }), balance: demoBalance }),
                notice);
        } else if (problem?.kind === Problem.CORRUPT && problem.backup) {
            this.hud.showMessage(t("saved.corrupt", { reason: reasonOf({ ...problem, message: problem.reason }), balance: demoBalance }),
                notice);
        } else if (problem?.kind === Problem.CORRUPT) {
            this.hud.showMessage(t("saved.corruptHeld", { reason: reasonOf({ ...problem, message: problem.reason }), why: problem.why,
                balance: demoBalance }), notice);
        }
    }

    /** The player asked to replace a held record (newer version, or no room to set it aside). */
    startAfresh() {
        const c = this.controller;
        if (c.busy || this.waiting) return;
        const { state, backup, why } = this.store.startAfresh();
        state.bet = this.model.default_bet;
        state.seed = this.bridge.seed;
        this.saved.adopt(/** @type {SaveState} */ (state)); // (its bet is a level now)
        this.saved.persist();
        this.hud.showMessage(
            `${t("saved.afresh", { balance: this.format(DEMO_BALANCE) })} ` +
                `${backup ? t("saved.afreshKept") : t("saved.afreshLost", { why })}`,
            { kind: MessageKind.NOTICE },
        );
    }

    /** A round in progress (reload, closed tab, takeover) resumes at its saved step. */
    async resume() {
        this.hud.showMessage(t("saved.resume"), { kind: MessageKind.NOTICE });
        await this.controller.resume();
        this.hud.hideMessage();
    }

    /** This tab now holds the lock: read the record afresh and play on from it. */
    async takeOver() {
        this.hideNotice();
        const { state, problem } = await this.load();
        this.saved.adopt(state);
        this.hud.hideMessage();
        this.showProblem(problem);
        this.hud.announce(t("tabs.nowHere"));
        if (state.pending) await this.resume();
    }

    /** Another tab asked to play and this one is idle: stop writing, keep what is shown. */
    handOver() {
        this.store.stopWriting();
        this.showNotice(t("tabs.nowThere"));
    }

    /** A write met a record another tab changed (no Web Locks, or a tab of an earlier build):
     *  read the record again, say so, and finish a round in progress found there. */
    async resync() {
        const { state, problem } = await this.load();
        this.saved.adopt(state);
        this.showProblem(problem);
        if (!problem) {
            this.hud.showMessage(t("tabs.changed"),
                { kind: MessageKind.NOTICE });
        }
        if (state.pending && !this.controller.busy) {
            this.resume().catch((err) => console.warn("the round in progress could not be finished:", err));
        }
    }

    /** A waiting tab asks to play; resolves with the role once it plays.
     *  @returns {Promise<TabRole | "demo" | null>} */
    async playHere() {
        if (!this.waiting) return this.role;
        this.showNotice(t("tabs.waiting"));
        const role = await /** @type {Tabs} */ (this.tabs).playHere(); // (a waiting tab has its tabs)
        byId("spin").focus();
        return role;
    }

    /** "The game is open in another tab" (or `text`'s like words), with Play here.
     *  @param {string} text */
    showNotice(text) {
        byId("tab-notice-text").textContent = text;
        byId("tab-notice").hidden = false;
        document.body.classList.add("elsewhere");
        this.hud.announce(text);
        // a keyboard player lands on Play here, not on a control that is refused
        const active = document.activeElement;
        if (document.hasFocus() && (active === document.body || active?.closest?.(".hud"))) byId("play-here").focus();
    }

    hideNotice() {
        byId("tab-notice").hidden = true;
        document.body.classList.remove("elsewhere");
    }
}
