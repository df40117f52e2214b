// Boot: the loading screen, then every part of the page built and wired once the engine is
// up. The parts, and how a round flows through them, are described in docs/frontend.md; the
// page's contract (data-state, window.game, embedding messages, URL options) in
// docs/page-contract.md.

import { CannotStart, ProfileError, Refused, SettingsError, StartupError } from "../core/errors.js";
import { connect } from "../round/bridge.js";
import { Controller } from "../round/controller.js";
import { OPTIONS as AUTOPLAY_OPTIONS } from "../controls/autoplayrules.js";
import { PageState, afterFrame, byId, interactive, pageState, setPageState } from "../core/dom.js";
import * as embed from "../core/embed.js";
import { Hud, fitWidth } from "../ui/hud.js";
import { makeFormat } from "../core/money.js";
import { painted as early, restStops, symbolsOf, unlockSpin } from "../start/firstpaint.js";
import { renderInfo } from "../ui/info.js";
import { REELS } from "../canvas/layout.js";
import { showLobby, showStakeInfo } from "../operator/marketinfo.js";
import { Panels } from "../ui/panels.js";
import { ReelSet } from "../canvas/reels.js";
import { Renderer } from "../canvas/renderer.js";
import { Replays } from "../replay/replay.js";
import { LinkReplay, REPLAY_MODE, openLink } from "../replay/replaymode.js";
import { openScenario } from "../replay/scenario.js";
import { animating, describeGame, settledWhen } from "./gamestate.js";
import { parReady } from "./parsheet.js";
import { SavedGame } from "../ledger/savedgame.js";
import { Sequencer } from "../round/sequencer.js";
import { SessionClock } from "../operator/sessionclock.js";
import { SharedGame, loadRecord } from "../ledger/sharedgame.js";
import { Sound } from "../sound/sound.js";
import { DOWNLOAD, reportStartupError, showStartupFailure } from "../start/startup.js";
import * as store from "../ledger/store.js";
import { Tabs } from "../ledger/tabs.js";
import { refusal } from "../operator/jurisdiction.js";
import { codeOf, reasonOf } from "../lang/reasons.js";
import { AgeGate, launchEngine, reconfigure } from "../operator/operator.js";
import { demoLoop } from "../controls/showcase.js";
import { PlayerControls } from "../controls/playercontrols.js";
import { t } from "../lang/i18n.js";
import { languageReady } from "../start/language.js";

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
/** The launch settings (launch.js), the model file's own levels and default, and the rules the
 *  settings give (jurisdiction.js profileOf): set first thing in start() (operator.js). */
let settings = null, base = { bets: [], default_bet: 0 }, profile = null;

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

const gameState = () => describeGame(game, { profile, settings, speed: speed(), demo, ownBalance,
    mode: replayLink ? REPLAY_MODE : "play" });

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
    setSound: (settings) => { live().setSound(settings ?? {}); },
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
        // the message's own fields (type, target) aside, every option the autoplay knows
        [embed.Incoming.AUTOPLAY]: (msg) => autoplay(Object.fromEntries(AUTOPLAY_OPTIONS.filter((k) => k in msg).map((k) => [k, msg[k]]))),
        [embed.Incoming.STOP_AUTOPLAY]: () => window.game.stopAutoplay(),
        [embed.Incoming.SET_BET]: (msg) => live().setBet(msg.bet),
        [embed.Incoming.CONFIGURE]: (msg) => configure(msg.settings),
        [embed.Incoming.AGE_CONFIRMED]: () => ageGate.confirm(),
        [embed.Incoming.MUTE]: (msg) => live().setMuted(embed.flag(msg, "muted", !live().state.muted)),
    },
});

/** ?ageGate=1 (operator.js): the controller asks it before every round. */
const ageGate = new AgeGate(params);
/** Rounds started in this page (a configure message must come before the first). */
let roundsHere = 0;
const configure = (given) => reconfigure(given, {
    params, base, bridge: game.bridge, played: () => roundsHere > 0 || game.controller.busy,
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
    const price = byId("buy-dialog-price");
    price.textContent = format(c.offer.buy_cost);
    // a long amount (a high bet, or yen's and dinars' digits) is set smaller, on one line still
    price.classList.toggle("long", price.textContent.length > 10);
    byId("buy-dialog-bet").textContent = format(c.offer.bet);
    byId("buy-dialog-count").textContent = String(c.offer.free_spins);
    buyDialog.showModal();
}

async function openInfo() {
    const par = await parReady; // fetched with the game, so the figures are there offline
    renderInfo(byId("info-content"), {
        model: game.model, offer: game.controller?.offer ?? game.offer, par, format, rtp: profile.rtp, buy: profile.buy,
    });
    game.controls?.addInfo(byId("info-content"));
    if (!infoDialog.open) infoDialog.showModal();
    // a pay at a high bet in a long currency ("24.688.915,000 BHD") is set smaller to fit its
    // card; should one still not fit at 12 px, the cards go one column fewer, each wider
    const amounts = [...byId("info-content").querySelectorAll(".pay-amount")];
    amounts.forEach(fitWidth);
    if (amounts.some((a) => a.scrollWidth > a.clientWidth + 0.5)) {
        byId("info-content").querySelector(".info-pay-grid")?.classList.add("wide-pays");
        amounts.forEach(fitWidth);
    }
}

/** A click or key while something plays speeds up whatever is playing (where allowed). */
function hurry() {
    game.controls.hurry();
}

function wireInput(hud) {
    const c = game.controller;
    hud.on("spin", () => game.controls.pressSpinButton(() => quiet(spin())));
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
        if (space && profile.spacebar && !interactive(ev.target) && !dialogOpen && !document.querySelector("dialog[open]")
            && !c.autoplaying) {
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

/** The launch settings, the rules and the format they give; the engine configured. */
async function launch(bridge) {
    const launched = await launchEngine(bridge, params, { demo });
    ({ base, settings, profile, format } = launched);
    return launched.model;
}

async function start() {
    if (embedded) document.body.classList.add("embed");
    if (reducedMotion) document.body.classList.add("reduced-motion");
    if ([replayLink, scenarioName !== null, demo].filter(Boolean).length > 1) {
        throw new CannotStart("?replay=, ?scenario= and ?demo= each open a page of their own; give one of them", "start.oneMode");
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
    // Building the game (the record, the HUD, the controller, the controls, the first frame) is
    // ~100 ms of main thread on a phone: done in four pieces, each after a frame, so that a tap
    // while the game loads is answered between them (bench phone.taps: a loading tap waited
    // 224-320 ms behind it in one piece; budget 200; a hover event waits for a frame)
    await afterFrame();
    const { state, problem } = opened
        ? { state: { muted: false }, problem: null }
        : await loadRecord({ bridge, model, demo: ownBalance, readOnly: tabs?.role === "waiting" });
    if (scenario) state.bet = scenario.info.bet;

    let sound = null;
    try {
        sound = new Sound();
        sound.muted = state.muted;
        sound.musicOn = state.music !== false;
        sound.effectsOn = state.effects !== false;
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
        reels = new ReelSet(model.reels.base, restStops(model.reels.base));
        renderer = new Renderer(byId("reels"), { symbols: symbolsOf(model), wild: model.wild, reels, reduced: reducedMotion });
        await renderer.load();
        await renderer.prepare();
    }
    renderer.speedFactor = speed();
    const panels = new Panels(byId("overlay"), { format });
    const hud = new Hud({ model, format });
    const makeSequencer = (meter) => new Sequencer({
        model, renderer, reels, hud, meter, panels, sound, format,
        paytable: (bet) => offers.get(bet)?.paytable ?? null, // the engine's pays at a bet (as the info screen shows them)
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
        try { sound?.music("base"); } catch { /* optional: it starts after the first gesture */ }
        readyResolve();
        return;
    }
    await afterFrame(); // (see above)
    const saved = new SavedGame({ store, offers, demo: ownBalance, record: state });
    // The live sequencer shows the running total in #win, and is the one that writes it
    // during a round; embed.js posts its events to the parent.
    const sequencer = makeSequencer({ show: (minor, opts) => hud.setWin(minor, opts), land: () => hud.landWin(), drivesFeature: true });
    const clock = new SessionClock({ profile, format, saved });
    const controller = new Controller({ bridge, saved, sequencer, hud, format, profile, tabs, clock,
        gate: ageGate, decide: scenario?.decide });
    const shared = new SharedGame({ bridge, model, demo: ownBalance, format, tabs, saved, controller, hud });
    embed.report({ controller, sequencer, clock });
    saved.on("saved", showSaveNotice);
    controller.on("muted", ({ muted }) => { try { if (sound) sound.muted = muted; } catch { /* optional */ } });
    // The music and effects switches of the info dialog, saved with the game (store.js).
    const toggles = { music: document.getElementById("music-toggle"), effects: document.getElementById("effects-toggle") };
    const showSound = ({ music, effects }) => {
        try { if (sound) { sound.musicOn = music; sound.effectsOn = effects; } } catch { /* optional */ }
        toggles.music?.setAttribute("aria-pressed", String(music));
        toggles.effects?.setAttribute("aria-pressed", String(effects));
    };
    controller.on("sound", showSound);
    showSound({ music: saved.record.music !== false, effects: saved.record.effects !== false });
    for (const key of ["music", "effects"]) {
        toggles[key]?.addEventListener("click", () => controller.setSound({ [key]: saved.record[key] === false }));
    }
    controller.on("roundEnd", () => { roundsHere += 1; });
    controller.on("refused", () => { try { sound?.click(); } catch { /* optional */ } });
    controller.on("bet", () => { if (infoDialog.open) openInfo(); });
    // every outcome, a losing one too, and the balance after it, in the polite live region
    controller.on("roundEnd", ({ win, balance }) => hud.announce(t("say.roundEnd", {
        result: win > 0 ? t("say.win", { amount: format(win) }) : t("say.noWin"), balance: format(balance),
    })));
    const replays = new Replays({ controller, bridge, hud, format, makeSequencer });
    const controls = new PlayerControls({ profile, settings, controller, clock, sequencer, replays, hud, format, post: embed.post });
    await afterFrame(); // (see above; the game is published, wired and shown in one task)
    game = { bridge, model, controller, saved, sequencer, replays, renderer, reels, hud, shared, clock, controls, scenario };
    scenario?.show(format);
    // ageGate: tests/e2e/test_geometry.py lifts the gate of a page that has no parent to do it
    if (settings.debug) window.debugGame = { sequencer, reels, renderer, hud, ageGate };

    showLobby(settings);
    showStakeInfo(profile, par, settings);
    wireInput(hud);
    controller.show(); // balance, bet, the last round's win, settings
    renderer.start();
    saved.persist(); // the record as read (or fresh), and the first test of whether storage writes
    unlockSpin(); // firstpaint.js answered a press of Spin while loading
    hud.setBusy(false); // firstpaint.js locked the controls while loading
    hideLoader();

    const finishReady = () => {
        try { sound?.music("base"); } catch { /* optional: it starts after the first gesture */ }
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
            demoLoop(controller, speed);
        } else if (!shared.waiting && saved.broke) {
            controller.showRefusal(controller.refusalFor(false));
        }
    }
}

start().catch((err) => {
    if (err instanceof ProfileError || err instanceof SettingsError || err instanceof CannotStart) {
        console.warn(err.message);
        showStartupFailure(t("load.cannotStart", { reason: reasonOf(err) }), { always: true });
    } else if (!(err instanceof StartupError)) {
        console.error(err);
        reportStartupError(err?.message ?? err, { always: true });
    }
    // (a download that failed has told the parent already, naming the file: startup.js)
    if (!(err instanceof StartupError && err.code === DOWNLOAD)) embed.post(embed.Outgoing.ERROR,
        { message: status.textContent, ...codeOf(err) });
    readyReject(err);
});
