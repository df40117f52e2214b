// Boot: the loading screen, then every part of the page built and wired once the engine is
// up. The parts, and how a round flows through them, are described in docs/frontend.md; the
// page's contract (data-state, window.game, embedding messages, URL options) in
// docs/page-contract.md.

import { EngineRefusal, StartupError, connect } from "./bridge.js";
import { Controller, Refused } from "./controller.js";
import { CannotStart, PageState, byId, interactive, pageState, setPageState } from "./dom.js";
import * as embed from "./embed.js";
import { Hud, makeFormat } from "./hud.js";
import { painted as early, restStops, symbolsOf } from "./firstpaint.js";
import { renderInfo } from "./info.js";
import { REELS } from "./layout.js";
import { showLobby, showStakeInfo } from "./marketinfo.js";
import { Panels } from "./panels.js";
import { ReelSet } from "./reels.js";
import { Renderer } from "./renderer.js";
import { Replays } from "./replay.js";
import { LinkReplay, REPLAY_MODE, openLink } from "./replaymode.js";
import { openScenario } from "./scenario.js";
import { animating, describeGame, settledWhen } from "./gamestate.js";
import { parReady } from "./par.js";
import { SavedGame } from "./savedgame.js";
import { Sequencer } from "./sequencer.js";
import { SessionClock } from "./sessionclock.js";
import { SharedGame, loadRecord } from "./sharedgame.js";
import { Sound } from "./sound.js";
import { reportStartupError, showStartupFailure } from "./startup.js";
import * as store from "./store.js";
import { Tabs } from "./tabs.js";
import { ProfileError, profileOf, refusal } from "./jurisdiction.js";
import { SettingsError, readSettings } from "./launch.js";
import { PlayerControls } from "./playercontrols.js";
import { t } from "./i18n.js";
import { languageReady } from "./language.js";

await languageReady; // the tables, before any text is written (language.js)

const params = new URLSearchParams(location.search);
const embedded = params.get("embed") === "1";
const demo = params.get("demo") === "feature";
// ?replay=TEXT: one shared round shown, nothing of the player's (replaymode.js);
// ?scenario=NAME: the next round is a catalogue round, on a balance of its own (scenario.js)
const replayLink = params.has("replay");
const scenarioName = params.get("scenario");
/** The page plays on a balance of its own: nothing read from or written to the player's save. */
const ownBalance = demo || scenarioName !== null;
if (replayLink) document.documentElement.dataset.mode = REPLAY_MODE;
const reducedMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
// ?speed=fast makes every animation very short (tests); ?speed=turbo is the quick-spin setting.
const speedParam = params.get("speed");
/** Amounts as the launch's currency and language write them (set in start()). */
let format = makeFormat();
const status = byId("status");

let readyResolve;
let readyReject;
const ready = new Promise((resolve, reject) => { readyResolve = resolve; readyReject = reject; });
ready.catch(() => {}); // an unobserved failure is reported on the page, not as a console error

/** The parts, once built (null while loading). */
let game = null;
/** The launch settings (launch.js: the address's, checked), read first thing in start(). */
let settings = null;
/** The model file's own bet levels and default (a launch may set others). */
let base = { bets: [], default_bet: 0 };
/** The rules they give (jurisdiction.js profileOf). */
let profile = null;

/** Every animation's duration is multiplied by this. */
function speed() {
    if (speedParam === "fast") return 0.04;
    if (reducedMotion) return 0.3;
    if (profile?.turbo && (speedParam === "turbo" || game?.controller?.state.turbo)) return 0.45;
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

const gameState = () => describeGame(game, { profile, settings, speed: speed(), demo, ownBalance, mode: replayLink ? REPLAY_MODE : "play" });

/** What a replay link's page refuses: it plays no rounds and changes nothing. */
function live() {
    if (!game.controller) throw new Refused("a replay link plays no rounds: open the game to play");
    return game.controller;
}
const spin = async () => live().play(false);
const buy = async () => live().play(true);
/** Autoplay as the API and the parent ask for it: refused at once while the age gate holds. */
const autoplay = async (opts) => {
    live();
    const held = ageGate.why();
    if (held) throw new Error(held);
    return game.controls.autoplay(opts);
};

window.game = {
    ready,
    spin,
    buy,
    setBet: (minor) => live().setBet(minor),
    state: gameState,
    history: () => (game.link ?? game.replays).list(),
    replay: async (index) => { live(); return game.replays.replay(index); },
    replayLink: async (index) => { live(); return game.replays.replayLink(index); },
    playReplay: async () => {
        if (!game.link) throw new Refused("only a replay link's page has a round to play: use replay(index)");
        return game.link.play();
    },
    stopReplay: () => (game.link ?? game.replays).stop(),
    settled: () => ready.then(() => settledWhen(() => !animating(game))),
    playHere: async () => { live(); return game.shared.playHere(); },
    setTurbo: (on) => { live(); return game.controls.setTurbo(on); },
    autoplay: (opts) => autoplay(opts),
    stopAutoplay: () => game.controls?.stopAutoplay() ?? false,
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
        [embed.Incoming.TURBO]: (msg) => game.controls.setTurbo(embed.flag(msg, "on", !live().state.turbo)),
        [embed.Incoming.AUTOPLAY]: ({ rounds, stopOnFeature, singleWinAtLeast, lossLimit, winLimit }) =>
            autoplay({ rounds, stopOnFeature, singleWinAtLeast, lossLimit, winLimit }),
        [embed.Incoming.STOP_AUTOPLAY]: () => window.game.stopAutoplay(),
        [embed.Incoming.SET_BET]: (msg) => live().setBet(msg.bet),
        [embed.Incoming.CONFIGURE]: (msg) => configure(msg.settings),
        [embed.Incoming.AGE_CONFIRMED]: () => ageGate.confirm(),
        [embed.Incoming.MUTE]: (msg) => live().setMuted(embed.flag(msg, "muted", !live().state.muted)),
    },
});

/** ?ageGate=1: nothing plays (button, key, API, command) until the parent posts
 *  `ageConfirmed`. The controller asks `ageGate.why()` before every round. */
const ageGate = {
    confirmed: params.get("ageGate") !== "1",
    why() { return this.confirmed ? null : t("age.why"); },
    confirm() {
        this.confirmed = true;
        byId("age-gate").hidden = true;
        delete document.documentElement.dataset.ageGate;
    },
};
if (!ageGate.confirmed) {
    byId("age-gate").hidden = false;
    document.documentElement.dataset.ageGate = "waiting";
}

/** Rounds started in this page (a configure message must come before the first). */
let roundsHere = 0;

/** The parent's launch settings (a `configure` message): checked as the address's are, then
 *  the game starts again with them in its address; nothing has been played, so nothing is
 *  lost, and the parent hears `ready` again. Refused after the first round, or for a bad
 *  value (the reason goes back to the parent; the game goes on as it was). */
async function configure(given) {
    if (given === null || typeof given !== "object" || Array.isArray(given)) {
        throw new Error("configure needs settings: an object of launch settings");
    }
    if (roundsHere > 0 || game.controller.busy) throw new Error("configure comes before the first round");
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(given)) {
        if (v === null || !["string", "number", "boolean"].includes(typeof v)) {
            throw new Error(`configure: ${k} must be a string or a number`);
        }
        next.set(k, typeof v === "boolean" ? (v ? "1" : "0") : String(v));
    }
    if (next.has("market")) next.delete("jurisdiction"); // the message's market is the one
    const s = readSettings(next, { model: base, warn: () => {} });
    await game.bridge.checkLaunch({ bets: s.bets, bet: s.bet, maxBet: s.maxBet }); // the engine's word on the levels
    if (roundsHere > 0 || game.controller.busy) throw new Error("configure comes before the first round");
    location.replace(`${location.pathname}?${next}${location.hash}`);
}

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
    renderInfo(byId("info-content"), { model: game.model, offer: game.controller?.offer ?? game.offer, par, format, rtp: profile.rtp });
    game.controls?.addInfo(byId("info-content"));
    if (!infoDialog.open) infoDialog.showModal();
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
        if (space && profile.spacebar && !interactive(ev.target) && !dialogOpen && !document.querySelector("dialog[open]") && !c.autoplaying) {
            ev.preventDefault();
            quiet(spin());
        }
    });
}

/** Escape: the message and the save notice go away (the notice comes back with the next
 *  write that is not kept). */
function dismissToasts() {
    game.hud.hideMessage();
    if (byId("save-notice").contains(document.activeElement)) byId("spin")?.focus();
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
    // a looping demo can be paused (marketing pages): between rounds, until resumed
    const pause = byId("demo-pause");
    let resume = null;
    pause.hidden = false;
    pause.addEventListener("click", () => {
        const paused = pause.getAttribute("aria-pressed") !== "true";
        pause.setAttribute("aria-pressed", String(paused));
        pause.textContent = t(paused ? "demo.resume" : "demo.pause");
        document.documentElement.toggleAttribute("data-demo-paused", paused);
        if (!paused) resume?.();
    });
    for (;;) {
        if (pause.getAttribute("aria-pressed") === "true") {
            document.documentElement.dataset.demo = "paused"; // parked between rounds
            await new Promise((r) => { resume = r; });
            delete document.documentElement.dataset.demo;
        }
        if (!controller.canPlay(true).ok) controller.topUp();
        try {
            await controller.play(true);
        } catch (err) {
            console.warn("demo round failed", err);
        }
        await new Promise((r) => setTimeout(r, 1800 * speed()));
    }
}

/** The launch settings of the address, under the engine's model; the engine configured with
 *  their bet levels and stake limit. Throws SettingsError (nothing is played then). */
async function launch(bridge) {
    let model = await bridge.model();
    base = { bets: model.bets, default_bet: model.default_bet };
    settings = readSettings(params, { model }); // a bad value of money or rules plays nothing
    profile = profileOf(settings);
    document.documentElement.dataset.market = settings.market;
    if (demo && !(profile.buy && profile.autoplay)) {
        // the showcase buys features one after another by itself: a profile without the buy or
        // without autoplay cannot run it, and says so rather than loop on refusals
        throw new ProfileError(t("demo.noProfile", { name: profile.name }));
    }
    format = makeFormat(settings.currency, settings.locale);
    const own = settings.bets.join() === model.bets.join() && settings.bet === model.default_bet;
    if (!own || settings.maxBet !== null) {
        try {
            model = await bridge.configure({ bets: settings.bets, bet: settings.bet, maxBet: settings.maxBet });
        } catch (err) {
            if (err instanceof EngineRefusal) throw new SettingsError("bets", settings.bets.join(","), err.message);
            throw err;
        }
    }
    return model;
}

async function start() {
    if (embedded) document.body.classList.add("embed");
    if (reducedMotion) document.body.classList.add("reduced-motion");
    if ([replayLink, scenarioName !== null, demo].filter(Boolean).length > 1) {
        throw new CannotStart("?replay=, ?scenario= and ?demo= each open a page of their own; give one of them");
    }
    const bridge = await connect();
    stage(t("load.reels"), 0.85);
    const model = await launch(bridge); // the launch settings first: nothing plays under bad ones
    // a replay link or a scenario is checked by the engine before anything is shown
    const opened = replayLink ? await openLink(bridge, location.href) : null;
    const scenario = scenarioName !== null ? await openScenario(bridge, scenarioName, profile) : null;
    if (model.reels.base.length !== REELS) throw new Error(`the model has ${model.reels.base.length} reels, not ${REELS}`);
    const offers = new Map(await Promise.all(model.bets.map(async (b) => [b, await bridge.offer(b)])));
    const par = await parReady; // the info screen's figures come with the game (null: it says they are missing)
    // A replay link's page has no saved game, no writer lock, no tab channel: nothing of the
    // player's is read or written. A scenario or the showcase plays on a record in memory; the
    // game itself on the launch's own saved game (its currency and levels).
    const suffix = store.scopeSuffix(settings.currency, settings.bets, base.bets);
    store.useScope(suffix);
    const tabs = ownBalance || opened ? null : new Tabs({ suffix });
    await tabs?.start(); // takes the writer lock when it is free
    const { state, problem } = opened
        ? { state: { muted: false }, problem: null }
        : await loadRecord({ bridge, model, demo: ownBalance, readOnly: tabs?.role === "waiting" });
    if (scenario) state.bet = scenario.info.bet;

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
    if (opened) {
        const link = new LinkReplay({ opened, format, makeSequencer, hud, sound });
        game = { bridge, model, link, sequencer: link.sequencer, renderer, reels, hud, offer: offers.get(opened.round.bet) };
        hud.on("info", () => openInfo());
        hud.on("mute", () => link.toggleMute());
        link.listen(infoDialog);
        renderer.start();
        hideLoader();
        setPageState(PageState.READY);
        readyResolve();
        return;
    }
    const saved = new SavedGame({ store, offers, demo: ownBalance, record: state });
    // The live sequencer shows the running total in #win, and is the one that writes it
    // during a round; embed.js posts its events to the parent.
    const sequencer = makeSequencer({ show: (minor, opts) => hud.setWin(minor, opts) });
    const clock = new SessionClock({ profile, format, saved });
    const controller = new Controller({ bridge, saved, sequencer, hud, format, profile, tabs, clock, gate: ageGate, decide: scenario?.decide });
    const shared = new SharedGame({ bridge, model, demo: ownBalance, format, tabs, saved, controller, hud });
    embed.report({ controller, sequencer, clock });
    saved.on("saved", showSaveNotice);
    controller.on("muted", ({ muted }) => { try { if (sound) sound.muted = muted; } catch { /* optional */ } });
    controller.on("roundEnd", () => { roundsHere += 1; });
    controller.on("refused", () => { try { sound?.click(); } catch { /* optional */ } });
    controller.on("bet", () => { if (infoDialog.open) openInfo(); });
    // every outcome, a losing one too, and the balance after it, in the polite live region
    controller.on("roundEnd", ({ win, balance }) => hud.announce(t("say.roundEnd", {
        result: win > 0 ? t("say.win", { amount: format(win) }) : t("say.noWin"), balance: format(balance),
    })));
    const replays = new Replays({ controller, bridge, hud, format, makeSequencer });
    const controls = new PlayerControls({ profile, settings, controller, clock, sequencer, replays, hud, format, post: embed.post });
    game = { bridge, model, controller, saved, sequencer, replays, renderer, reels, hud, shared, clock, controls, scenario };
    scenario?.show(format);
    if (params.get("debug") === "1") window.debugGame = { sequencer, reels, renderer, hud };

    showLobby(settings);
    showStakeInfo(profile, par, settings);
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
    if (err instanceof ProfileError || err instanceof SettingsError || err instanceof CannotStart) {
        console.warn(err.message);
        showStartupFailure(t("load.cannotStart", { reason: err.message }), { always: true });
    } else if (!(err instanceof StartupError)) {
        console.error(err);
        reportStartupError(err?.message ?? err, { always: true });
    }
    embed.post(embed.Outgoing.ERROR, { message: status.textContent });
    readyReject(err);
});
