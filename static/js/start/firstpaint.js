// @ts-check
// The first paint: the frame, the reels and the HUD on screen before Python is ready.
// It starts when this module is evaluated: index.html loads it as an entry script of its own,
// before app.js (which imports it too), so that it runs as soon as its own small graph is in.
//
// The model file (engine/data/model.json) is data, not rules: its reel strips, symbols and bet
// levels are enough to draw the game at rest. This module reads it with fetch as soon as the
// page's scripts run, draws the reels at a resting position (the same one app.js used to show
// at `ready`), fills the bet selector, keeps spin, buy and the bet locked, and turns the
// full-screen loader into a slim progress bar over the stage. It then sets
// `performance.mark("reels-painted")` right after the canvas holds that first frame.
//
// Nothing here decides an amount: the balance and the buy price stay blank until the engine
// has answered (app.js fills them at `ready`). app.js takes the renderer and reels over once
// the engine is up, after checking that the engine read the same strips.
//
// A press of Spin (a click, a tap, Space where the launch allows it) once the reels are painted
// is held: the reels start turning at once, without a stop (reels.js spinFree), and app.js
// takes the press at ready (takeHeld) and plays it through the normal path (the controller's
// checks, the writer lock, the engine's decision, the debit saved with the round). Until then
// nothing is decided, debited or saved. One press holds at most one round: the next presses
// while it is held change nothing. Should the page end in an error instead, the reels coast to
// a rest. Buy stays locked: its price is the engine's offer, not known before `ready`. A press
// before the reels are painted (or on a replay link's page, which plays no round) is answered
// in words, at once: the game is still loading.

import { byId, interactive } from "../core/dom.js";
import { download } from "../core/download.js";
import { SWITCHED_CONTROLS, fillBets } from "../ui/hud.js";
import { makeFormat } from "../core/money.js";
import { readSettings, sessionBarShown } from "../operator/launch.js";
import { layOutSessionBar } from "../operator/sessionclock.js";
import { showLobby, showStakeInfo } from "../operator/marketinfo.js";
import { parReady } from "./parsheet.js";
import { REELS } from "../canvas/layout.js";
import { t } from "../lang/i18n.js";
import { languageReady } from "./language.js";
import { ReelSet } from "../canvas/reels.js";
import { Renderer } from "../canvas/renderer.js";
import { still } from "../core/still.js";

export const MODEL_URL = "./engine/data/model.json";

/** @typedef {import("../../../types/game").Model} Model */
/** @typedef {import("../core/money.js").Format} Format */
/** The launch settings, as read (launch.js). @typedef {ReturnType<typeof readSettings>} Settings */

/** Where each reel rests before the first round: a fixed, harmless position of the strip.
 *  @type {(strips: ReadonlyArray<ReadonlyArray<string>>) => number[]} */
export const restStops = (strips) => strips.map((s, i) => (i * 7 + 3) % s.length);

/** The symbols the renderer needs sprites for: the paytable's and the wild.
 *  @type {(model: Pick<Model, "paytable" | "wild">) => string[]} */
export const symbolsOf = (model) => [...Object.keys(model.paytable), model.wild];

/** The painted canvas a press can set turning (set once painted), and whether Space spins
 *  (the launch's `spacebar` switch, when the settings could be read); none on a replay link's
 *  page, which plays no round.
 *  @type {{ renderer: Renderer, reels: ReelSet, spacebar: boolean } | null} */
let view = null;
/** The press held while loading (holdSpin), until app.js takes it at ready.
 *  @typedef {{ at: number }} HeldPress */
/** @type {HeldPress | null} */
let held = null;
/** Brings held reels to rest should the start fail; disconnected at ready (unlockSpin). */
const onFailure = new MutationObserver((_, observer) => {
    if (document.documentElement.dataset.state !== "error") return;
    observer.disconnect();
    held = null;
    const spin = byId("spin");
    if (spin.dataset.locked === "held") spin.dataset.locked = "loading";
    spin.classList.remove("spinning");
    view?.reels.coast();
});

/** Locks the controls that start a round or change the bet (app.js unlocks them at ready).
 *  Spin is only aria-disabled, so that a press on it (or Space) is answered at once: held once
 *  the reels are painted, told why nothing happens before (pressWhileLoading). Buy and the bet
 *  are disabled outright. `<button id="spin" data-locked>` says which: "loading", then "held". */
function lockControls() {
    for (const id of ["buy", "bet", "bet-down", "bet-up"]) /** @type {HTMLButtonElement | HTMLSelectElement} */ (byId(id)).disabled = true;
    const spin = byId("spin");
    spin.setAttribute("aria-disabled", "true");
    spin.dataset.locked = "loading";
    spin.addEventListener("click", pressWhileLoading);
    document.addEventListener("keydown", keyWhileLoading);
    // a start that failed (startup.js) stops the reels a held press set turning
    onFailure.observe(document.documentElement, { attributes: true, attributeFilter: ["data-state"] });
}

/** What a press of Spin while loading is told before the reels are painted (the tables'
 *  load.spinLocked). */
export const loadingText = () => t("load.spinLocked");

/** A press of Spin while loading: held once the reels are painted (the reels turn in the same
 *  task), otherwise the reason in #message (no wait for Python). Removed by unlockSpin(). */
function pressWhileLoading() {
    const spin = byId("spin");
    if (document.documentElement.dataset.state !== "loading") return;
    if (spin.dataset.locked === "held") return; // one press holds one round
    if (view) {
        holdSpin(view);
        return;
    }
    const message = byId("message");
    message.dataset.kind = "notice";
    byId("message-text").textContent = loadingText();
    byId("top-up").hidden = true;
    message.hidden = false;
}

/** Space or Enter while loading, where the game's own keys would spin (input.js): the same as
 *  a press of Spin. (On a focused button the browser clicks it itself.)
 *  @param {KeyboardEvent} ev */
function keyWhileLoading(ev) {
    if (ev.key !== " " && ev.key !== "Enter") return;
    if (document.documentElement.dataset.state !== "loading" || !view?.spacebar) return;
    if (interactive(ev.target) || document.querySelector("dialog[open]")) return;
    ev.preventDefault();
    pressWhileLoading();
}

/** The press is held: the reels turn from this task on, the frame loop draws them.
 *  @param {NonNullable<typeof view>} painted */
function holdSpin({ renderer, reels }) {
    held = { at: performance.now() };
    const spin = byId("spin");
    spin.dataset.locked = "held";
    spin.classList.add("spinning"); // the look of a round playing (hud.js setBusy)
    reels.spinFree();
    renderer.run({ now: false }); // (the next frame draws them turning)
    byId("message").hidden = true; // (the loading answer, if a press before the paint had it)
    performance.mark("spin-held");
    // the first frame that draws them turning (make bench: a tap's first reel motion)
    requestAnimationFrame(() => performance.mark("reels-moving"));
}

/** At ready (app.js): the press held while loading, if any (once: it is app.js's to play). */
export function takeHeld() {
    const press = held;
    held = null;
    return press;
}

/** At ready (app.js): Spin plays; the loading answer goes, and its message if still shown. */
export function unlockSpin() {
    const spin = byId("spin");
    spin.removeEventListener("click", pressWhileLoading);
    document.removeEventListener("keydown", keyWhileLoading);
    onFailure.disconnect(); // (an error after ready is the game's, not the start's: startup.js)
    delete spin.dataset.locked;
    if (byId("message-text").textContent === loadingText()) byId("message").hidden = true;
}

/** @param {Model} model @param {Format} format @param {Settings | null} settings */
function paintHud(model, format, settings) {
    if (settings) layOutAround(settings, format);
    const bet = /** @type {HTMLSelectElement} */ (byId("bet"));
    fillBets(bet, model.bets, format);
    bet.value = String(model.default_bet);
    // The balance (the save, checked by the engine) and the buy price (the engine's offer)
    // are not known yet: a dash rather than a number nobody decided.
    byId("balance").textContent = "–";
    byId("buy-price").textContent = "–";
    // no round has won anything yet: nothing, in the launch's currency and language
    byId("win").textContent = format(0);
}

/** What the launch adds around the reels, laid out from the first paint so that nothing moves
 *  when the game becomes ready: without the controls its switches take away, with the session
 *  bar (its figures as at a session's start: no time, nothing won or lost), the lobby's Home
 *  link and the stake information (its figures fetched beside the model file). Laid out only at
 *  ready (app.js, playercontrols.js), they shrank the logo of a phone held upright and moved the
 *  reels and Spin, in the task a loading tap waited behind. */
/** @param {Settings} settings @param {Format} format */
function layOutAround(settings, format) {
    for (const [name, id] of Object.entries(SWITCHED_CONTROLS)) {
        if (!settings.switches[/** @type {import("../operator/launch.js").SwitchName} */ (name)]) byId(id).hidden = true;
    }
    layOutSessionBar({ sessionClock: sessionBarShown(settings), clock: Boolean(settings.switches.clock),
        net: Boolean(settings.switches.net) });
    byId("session-net").textContent = format(0);
    showLobby(settings);
    if (settings.stakeInfo) parReady.then((par) => showStakeInfo(settings, par));
}

/** The bet levels and the format the launch settings give (launch.js; the engine checks them
 *  again at ready), so the first paint shows the currency and levels the game will play in;
 *  the model's own, in euros, when a setting is bad (app.js then shows why); and the settings
 *  the launch lays out around the reels (layOutAround), if any. */
/** @param {Model} model @param {Format} format @returns {[Model, Format, Settings | null]} */
function launchView(model, format) {
    try {
        const params = new URLSearchParams(location.search);
        const s = readSettings(params, { model, warn: () => {} });
        const around = params.has("replay") ? null : s; // (a replay link's page has no session bar nor lobby: app.js)
        return [{ ...model, bets: s.bets, default_bet: s.bet }, makeFormat(s.currency, s.locale), around];
    } catch { // a bad setting: painted with the model's own levels, and app.js says why when it reads them again
        return [model, format, null];
    }
}

/**
 * Draws the game at rest. Resolves with `{model, renderer, reels}` (the model as fetched), or
 * with null if anything is missing (the page then paints at ready, as before).
 * @param {{ format: Format, reduced: boolean }} options
 * @returns {Promise<{ model: Model, renderer: Renderer, reels: ReelSet } | null>}
 */
export async function paintEarly({ format, reduced }) {
    lockControls();
    const loader = byId("loader");
    await languageReady; // the body is hidden until then; the canvas's words (the wild's label) need it
    try {
        // preloaded by index.html: the first try takes the preload's request; one that stalls is
        // given up and asked for again (core/download.js), and after its tries app.js paints at ready
        /** @type {Model} */
        const model = await download(MODEL_URL, { priority: "high", read: (response) => {
            if (!response.ok) throw new Error(`${MODEL_URL}: HTTP ${response.status}`);
            return response.json();
        } });
        if (model.reels.base.length !== REELS) throw new Error(`the model has ${model.reels.base.length} reels`);
        const [shown, shownFormat, around] = launchView(model, format);
        paintHud(shown, shownFormat, around);
        const reels = new ReelSet(model.reels.base, restStops(model.reels.base));
        const renderer = new Renderer(byId("reels"), { symbols: symbolsOf(model), wild: model.wild, reels, reduced, still });
        await renderer.load();
        // The loader shrinks to a bar over the stage; the stage then has its final size.
        byId("stage").append(loader);
        document.body.classList.add("painted");
        await renderer.prepare(); // sprites and layers, a piece per task
        renderer.drawNow(); // still until the game is ready, when app.js starts its frame loop
        if (!new URLSearchParams(location.search).has("replay")) {
            view = { renderer, reels, spacebar: around ? Boolean(around.switches.spacebar) : true };
        }
        performance.mark("reels-painted");
        return { model, renderer, reels };
    } catch (thrown) {
        const err = /** @type {{ message?: string } | null | undefined} any thrown value */ (thrown);
        console.info(`The reels are painted once the engine is ready: ${err?.message ?? err}`);
        return null;
    }
}

// Started as soon as the module is evaluated; app.js takes the result once the engine is up.
// (Loading this module before static/boot/pyodide.mjs was tried: on an emulated phone it painted
// no sooner, as the main thread is busy parsing the runtime's scripts, and delayed the boot.)
const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
export const painted = paintEarly({ format: makeFormat(), reduced });
