// Boot: the loading screen, then every part of the page built and wired once the engine is
// up. The parts, and how a round flows through them, are described in docs/frontend.md; the
// page's contract (data-state, window.game, embedding messages, URL options) in
// docs/page-contract.md.

import { StartupError, connect } from "./bridge.js";
import { Controller } from "./controller.js";
import { PageState, byId, pageState, setPageState } from "./dom.js";
import * as embed from "./embed.js";
import { Hud, makeFormat } from "./hud.js";
import { painted as early, restStops, symbolsOf } from "./firstpaint.js";
import { renderInfo } from "./info.js";
import { REELS } from "./layout.js";
import { Panels } from "./panels.js";
import { ReelSet } from "./reels.js";
import { Renderer } from "./renderer.js";
import { Replays } from "./replay.js";
import { parReady } from "./par.js";
import { SavedGame } from "./savedgame.js";
import { Sequencer } from "./sequencer.js";
import { SessionClock } from "./sessionclock.js";
import { SharedGame, loadRecord } from "./sharedgame.js";
import { Sound } from "./sound.js";
import { reportStartupError, showStartupFailure } from "./startup.js";
import * as store from "./store.js";
import { Tabs } from "./tabs.js";
import { PROFILES, ProfileError, profileFromUrl, refusal } from "./jurisdiction.js";
import { PlayerControls } from "./playercontrols.js";
import { t } from "./i18n.js";
import { languageReady } from "./language.js";

await languageReady; // the tables, before any text is written (language.js)

const params = new URLSearchParams(location.search);
const embedded = params.get("embed") === "1";
const demo = params.get("demo") === "feature";
const reducedMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
// ?speed=fast makes every animation very short (tests); ?speed=turbo is the quick-spin setting.
const speedParam = params.get("speed");
const format = makeFormat();
const status = byId("status");

let readyResolve;
let readyReject;
const ready = new Promise((resolve, reject) => { readyResolve = resolve; readyReject = reject; });
ready.catch(() => {}); // an unobserved failure is reported on the page, not as a console error

/** The parts, once built (null while loading). */
let game = null;
/** The jurisdiction profile (?jurisdiction=, ?reality=), read first thing in start(). */
let profile = PROFILES.default;

/** Every animation's duration is multiplied by this. */
function speed() {
    if (speedParam === "fast") return 0.04;
    if (reducedMotion) return 0.3;
    if (profile.turbo && (speedParam === "turbo" || game?.controller.state.turbo)) return 0.45;
    return 1;
}

// ---- the loading screen ------------------------------------------------------------------

const bar = byId("load-bar");
let progress = 0.05;
function stage(text, at) {
    if (pageState() !== PageState.LOADING) return;
    if (text) status.textContent = text;
    progress = Math.max(progress, at);
    bar.style.width = `${Math.round(progress * 100)}%`;
}
stage(t("load.runtime"), 0.08);
// The reels and the HUD are drawn from the model file while Python boots: `early`
// (firstpaint.js, started when it is imported).
addEventListener("py:progress", (ev) => {
    const detail = String(ev.detail ?? "");
    stage(detail.startsWith("Loaded") ? null : t("load.step", { detail }), Math.min(0.7, progress + 0.1));
});

function hideLoader() {
    stage(t("load.ready"), 1);
    status.textContent = t("load.ready");
    document.body.classList.add("loaded");
    const loader = byId("loader");
    const hide = () => { loader.hidden = true; };
    loader.addEventListener("transitionend", hide, { once: true });
    setTimeout(hide, speed() < 0.1 ? 0 : 700);
}

// ---- the page contract: window.game and the embedding commands ---------------------------

const quiet = (p) => p.catch(() => {}); // UI clicks report refusals on screen, not as errors

function gameState() {
    const c = game?.controller;
    const feature = game?.sequencer.feature;
    return {
        state: pageState(),
        balance: c?.state.balance ?? null,
        bet: c?.state.bet ?? null,
        lastWin: c?.lastWin ?? 0,
        muted: c?.state.muted ?? false,
        turbo: profile.turbo && (c?.state.turbo ?? false),
        speed: speed(),
        feature: feature?.on ?? false,
        freeSpin: feature?.on ? `${feature.number}/${feature.count}` : null,
        demo,
        seed: game?.bridge.seed ?? null,
        rng: game?.bridge.rngName ?? null,
        replay: game?.replays.playing ?? false,
        resumedFrom: c?.resumedFrom ?? null,
        saving: !demo && c !== undefined && store.notKept() === null,
        history: c?.state.history.length ?? 0,
        tab: game?.shared.role ?? null,
        revision: c?.state.revision ?? null,
        jurisdiction: profile.name,
        autoplay: game?.controls.driver.left ?? null,
        session: game ? game.clock.figures() : null,
    };
}

const spin = () => game.controller.play(false);
const buy = () => game.controller.play(true);

window.game = {
    ready,
    spin,
    buy,
    setBet: (minor) => game.controller.setBet(minor),
    state: gameState,
    history: () => game.replays.list(),
    replay: (index) => game.replays.replay(index),
    stopReplay: () => game.replays.stop(),
    playHere: () => game.shared.playHere(),
    setTurbo: (on) => game.controls.setTurbo(on),
    autoplay: (opts) => game.controls.autoplay(opts),
    stopAutoplay: () => game.controls.stopAutoplay(),
};


embed.listen({
    ready,
    whyNotReady: () => status.textContent,
    commands: {
        [embed.Incoming.SPIN]: () => spin(),
        [embed.Incoming.BUY]: () => {
            const no = refusal(profile, "buy");
            if (no) throw new Error(no);
            return buy();
        },
        [embed.Incoming.TURBO]: (msg) => game.controls.setTurbo(embed.flag(msg, "on", !game.controller.state.turbo)),
        [embed.Incoming.AUTOPLAY]: ({ rounds, stopOnFeature, singleWinAtLeast, lossLimit, winLimit }) =>
            game.controls.autoplay({ rounds, stopOnFeature, singleWinAtLeast, lossLimit, winLimit }),
        [embed.Incoming.STOP_AUTOPLAY]: () => game.controls.stopAutoplay(),
        [embed.Incoming.SET_BET]: (msg) => game.controller.setBet(msg.bet),
        [embed.Incoming.MUTE]: (msg) => game.controller.setMuted(embed.flag(msg, "muted", !game.controller.state.muted)),
    },
});

// ---- dialogs and keys ---------------------------------------------------------------------

const buyDialog = byId("buy-dialog");
const infoDialog = byId("info-dialog");

function askBuy() {
    const c = game.controller;
    if (c.busy || pageState() !== PageState.READY || !profile.buy) return;
    try { c.assertWritable(); } catch { return; } // another tab plays: said on screen
    const can = c.canPlay(true);
    if (!can.ok) { c.showRefusal(c.refusalFor(true, can)); return; }
    byId("buy-dialog-price").textContent = format(c.offer.buy_cost);
    byId("buy-dialog-bet").textContent = format(c.offer.bet);
    byId("buy-dialog-count").textContent = String(c.offer.free_spins);
    buyDialog.showModal();
}

async function openInfo() {
    const par = await parReady; // fetched with the game, so the figures are there offline
    renderInfo(byId("info-content"), { model: game.model, offer: game.controller.offer, par, format });
    game.controls.addInfo(byId("info-content"));
    if (!infoDialog.open) infoDialog.showModal();
}

function interactive(target) {
    return target instanceof Element && !!target.closest("button, select, input, a, dialog, textarea");
}

/** A click or key while something plays speeds up whatever is playing (where allowed). */
function hurry() {
    game.controls.hurry();
}

function wireInput(hud) {
    const c = game.controller;
    hud.on("spin", () => game.controls.pressSpin(() => quiet(spin())));
    hud.on("buy", askBuy);
    hud.on("bet", ({ bet }) => { try { c.setBet(bet); } catch { /* busy */ } });
    hud.on("topUp", () => { try { c.topUp(); } catch { /* another tab plays: said on screen */ } });
    hud.on("info", () => openInfo());
    hud.on("mute", () => c.setMuted(!c.state.muted));
    hud.on("turbo", () => { try { game.controls.setTurbo(); } catch { /* no quick spin here */ } });
    hud.on("history", () => { if (!game.replays.playing) game.replays.showHistory(); });
    buyDialog.addEventListener("close", () => {
        if (buyDialog.returnValue === "confirm") quiet(buy()); // the value of #buy-confirm
    });
    byId("info-close").addEventListener("click", () => infoDialog.close());
    byId("save-notice-close").addEventListener("click", () => { byId("save-notice").hidden = true; });
    byId("save-afresh").addEventListener("click", () => game.shared.startAfresh());
    byId("stage").addEventListener("pointerdown", (ev) => {
        if (c.busy && !ev.target.closest?.("button")) hurry();
    });
    document.addEventListener("keydown", (ev) => {
        if (pageState() === PageState.LOADING || pageState() === PageState.ERROR) return;
        const space = ev.key === " " || ev.key === "Enter";
        const dialogOpen = buyDialog.open || infoDialog.open || game.replays.dialog.open;
        if (ev.key === "Escape" && !dialogOpen) dismissToasts();
        if (c.busy) {
            if (space || ev.key === "Escape") ev.preventDefault();
            if (ev.key === "Escape" && game.replays.playing) game.replays.stop();
            else hurry();
            return;
        }
        if (space && !interactive(ev.target) && !dialogOpen && !document.querySelector("dialog[open]") && !c.autoplaying) {
            ev.preventDefault();
            quiet(spin());
        }
    });
}

/** Escape: the message and the save notice go away (the notice comes back with the next
 *  write that is not kept). */
function dismissToasts() {
    game.hud.hideMessage();
    if (byId("save-notice").contains(document.activeElement)) byId("spin").focus();
    byId("save-notice").hidden = true;
}

/** Shows or hides the notice that progress is not kept (storage blocked or full). */
function showSaveNotice({ notKept }) {
    if (notKept) {
        byId("save-notice-text").textContent = t("save.notKept", { why: notKept });
    }
    byId("save-notice").hidden = !notKept;
    byId("save-afresh").hidden = !store.isHeld(); // a record left untouched: offered for as long as it is
}

// ---- start ---------------------------------------------------------------------------------

/** The showcase (?demo=feature): buys features one after another on a balance of its own. */
async function demoLoop(controller) {
    byId("demo-banner").hidden = false;
    for (;;) {
        if (!controller.canPlay(true).ok) controller.topUp();
        try {
            await controller.play(true);
        } catch (err) {
            console.warn("demo round failed", err);
        }
        await new Promise((r) => setTimeout(r, 1800 * speed()));
    }
}

async function start() {
    profile = profileFromUrl(location.search); // a bad ?jurisdiction= or ?reality= plays nothing
    if (demo && !(profile.buy && profile.autoplay)) {
        // the showcase buys features one after another by itself: a profile without the buy or
        // without autoplay cannot run it, and says so rather than loop on refusals
        throw new ProfileError(t("demo.noProfile", { name: profile.name }));
    }
    if (embedded) document.body.classList.add("embed");
    if (reducedMotion) document.body.classList.add("reduced-motion");
    const bridge = await connect();
    stage(t("load.reels"), 0.85);
    const model = await bridge.model();
    if (model.reels.base.length !== REELS) throw new Error(`the model has ${model.reels.base.length} reels, not ${REELS}`);
    const offers = new Map(await Promise.all(model.bets.map(async (b) => [b, await bridge.offer(b)])));
    await parReady; // the info screen's figures come with the game (null: it says they are missing)
    const tabs = demo ? null : new Tabs();
    await tabs?.start(); // takes the writer lock when it is free
    const { state, problem } = await loadRecord({ bridge, model, demo, readOnly: tabs?.role === "waiting" });
    const saved = new SavedGame({ store, offers, demo, record: state });

    let sound = null;
    try {
        sound = new Sound();
        sound.muted = state.muted;
    } catch { /* the game plays silently */ }
    // The renderer and reels painted before Python was up, if the engine read the same model;
    // otherwise a resting view of the engine's strips, drawn now.
    const painted = await early;
    const drawn = (m) => JSON.stringify([m.reels.base, symbolsOf(m)]);
    const same = painted !== null && drawn(painted.model) === drawn(model);
    if (painted !== null && !same) console.warn("the model file differs from the engine's model: repainting");
    let renderer = same ? painted.renderer : null;
    let reels = same ? painted.reels : null;
    if (!same) {
        renderer = new Renderer(byId("reels"), { symbols: symbolsOf(model), wild: model.wild, reduced: reducedMotion });
        await renderer.load();
        await renderer.prepare();
        reels = new ReelSet(model.reels.base, restStops(model.reels.base));
        renderer.reels = reels;
    }
    renderer.speedFactor = speed();
    const panels = new Panels(byId("overlay"), { format });
    const hud = new Hud({ model, format });
    const makeSequencer = (meter) => new Sequencer({
        model, renderer, reels, hud, meter, panels, sound, format,
        speed: () => { renderer.speedFactor = speed(); return renderer.speedFactor; },
    });
    // The live sequencer shows the running total in #win, and is the one that writes it
    // during a round; embed.js posts its events to the parent.
    const sequencer = makeSequencer({ show: (minor, opts) => hud.setWin(minor, opts) });
    const clock = new SessionClock({ profile, format, saved });
    const controller = new Controller({ bridge, saved, sequencer, hud, format, profile, tabs, clock });
    const shared = new SharedGame({ bridge, model, demo, format, tabs, saved, controller, hud });
    embed.report({ controller, sequencer, clock });
    saved.on("saved", showSaveNotice);
    controller.on("muted", ({ muted }) => { try { if (sound) sound.muted = muted; } catch { /* optional */ } });
    controller.on("refused", () => { try { sound?.click(); } catch { /* optional */ } });
    controller.on("bet", () => { if (infoDialog.open) openInfo(); });
    // every outcome, a losing one too, and the balance after it, in the polite live region
    controller.on("roundEnd", ({ win, balance }) => hud.announce(t("say.roundEnd", {
        result: win > 0 ? t("say.win", { amount: format(win) }) : t("say.noWin"), balance: format(balance),
    })));
    const replays = new Replays({ controller, bridge, hud, format, makeSequencer });
    const controls = new PlayerControls({ profile, controller, clock, sequencer, replays, hud, format, post: embed.post });
    game = { bridge, model, controller, saved, sequencer, replays, renderer, hud, shared, clock, controls };
    if (params.get("debug") === "1") window.debugGame = { sequencer, reels, renderer, hud };

    wireInput(hud);
    controller.show(); // balance, bet, the last round's win, settings
    renderer.start();
    saved.persist(); // the record as read (or fresh), and the first test of whether storage writes
    hud.setBusy(false); // firstpaint.js locked the controls while loading
    hideLoader();

    const finishReady = () => {
        readyResolve();
        embed.post(embed.Outgoing.READY, { balance: saved.balance, bet: saved.bet });
    };
    if (state.pending && !shared.waiting) {
        // A round in progress (reload, closed tab): it resumes at its saved step before
        // anything else can start, and the game is ready once it has been credited.
        shared.begin(problem).then(finishReady);
    } else {
        setPageState(PageState.READY);
        finishReady();
        shared.begin(problem); // what became of the saved record; "open in another tab"
        if (demo) {
            demoLoop(controller);
        } else if (!shared.waiting && saved.broke) {
            controller.showRefusal(controller.refusalFor(false));
        }
    }
}

start().catch((err) => {
    if (err instanceof ProfileError) {
        console.warn(err.message);
        showStartupFailure(t("load.cannotStart", { reason: err.message }), { always: true });
    } else if (!(err instanceof StartupError)) {
        console.error(err);
        reportStartupError(err?.message ?? err, { always: true });
    }
    embed.post(embed.Outgoing.ERROR, { message: status.textContent });
    readyReject(err);
});
