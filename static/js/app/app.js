// @ts-check
// Boot: the loading screen, then every part of the page built and wired once the engine is
// up. The parts, and how a round flows through them, are described in docs/frontend.md; the
// page's contract (data-state, window.game, embedding messages, URL options) in
// docs/page-contract.md.

import { CannotStart, ProfileError, SettingsError, StartupError } from "../core/errors.js";
import { connect, engine } from "../round/bridge.js";
import { Controller } from "../round/controller.js";
import { PageState, afterFrame, byId, setPageState } from "../core/dom.js";
import * as embed from "../core/embed.js";
import { Hud } from "../ui/hud.js";
import { painted as early, restStops, symbolsOf, takeHeld, unlockSpin } from "../start/firstpaint.js";
import { REELS } from "../canvas/layout.js";
import { showLobby, showStakeInfo } from "../operator/marketinfo.js";
import { Panels } from "../ui/panels.js";
import { ReelSet } from "../canvas/reels.js";
import { Renderer } from "../canvas/renderer.js";
import { Replays } from "../replay/replay.js";
import { LinkReplay, REPLAY_MODE, openLink } from "../replay/replaymode.js";
import { openScenario } from "../replay/scenario.js";
import { parReady } from "../start/parsheet.js";
import { SavedGame } from "../ledger/savedgame.js";
import { Sequencer } from "../round/sequencer.js";
import { SessionClock } from "../operator/sessionclock.js";
import { SharedGame, loadRecord } from "../ledger/sharedgame.js";
import { Sound } from "../sound/sound.js";
import { EarlyAudio } from "../sound/earlyaudio.js";
import { DOWNLOAD, reportStartupError, showStartupFailure } from "../start/startup.js";
import { Problem, Store, scopeSuffix } from "../ledger/store.js";
import { Tabs } from "../ledger/tabs.js";
import { codeOf, reasonOf } from "../lang/reasons.js";
import { AgeGate, checkBeforeTheEngine, launchEngine } from "../operator/operator.js";
import { demoLoop } from "../controls/showcase.js";
import { PlayerControls } from "../controls/playercontrols.js";
import { t } from "../lang/i18n.js";
import { languageReady } from "../start/language.js";
import { Loader } from "./loader.js";
import { PageInput } from "./input.js";
import { publish } from "./pageapi.js";
import { still, stillParam } from "../core/still.js";

/** @typedef {import("../../../types/game").Model} Model */
/** @typedef {import("../../../types/game").Offer} Offer */
/** @typedef {import("../round/bridge.js").Bridge} Bridge */
/** @typedef {import("../operator/operator.js").Launched} Launched */
/** @typedef {import("../round/sequencer.js").Meter} Meter */
/** @typedef {import("../ledger/store.js").SaveState} SaveState */
/** @typedef {import("../ledger/store.js").LoadProblem} LoadProblem */
/** A scenario the engine opened (?scenario=NAME: scenario.js).
 *  @typedef {Awaited<ReturnType<typeof openScenario>>} Scenario */
/**
 * What both pages show a round with (stageFor): the sound (null without WebAudio), the canvas,
 * the HUD, and sequencers over them, each with its own meter.
 * @typedef {object} Stage
 * @property {Sound | null} sound
 * @property {Renderer} renderer
 * @property {ReelSet} reels
 * @property {Hud} hud
 * @property {(meter: Meter) => Sequencer} makeSequencer
 */
/**
 * The game's parts, once built (buildGame): each given its collaborators and wired. The fields of
 * a replay link's page (LinkParts) are absent.
 * @typedef {object} GameParts
 * @property {Bridge} bridge
 * @property {Model} model
 * @property {Store} store
 * @property {Controller} controller
 * @property {SavedGame} saved
 * @property {Sequencer} sequencer  the live one
 * @property {Replays} replays
 * @property {Renderer} renderer
 * @property {ReelSet} reels
 * @property {Hud} hud
 * @property {SharedGame} shared
 * @property {SessionClock} clock
 * @property {PlayerControls} controls
 * @property {Scenario | null} scenario
 * @property {Sound | null} sound
 * @property {undefined} [link]
 * @property {undefined} [offer]
 */
/**
 * A replay link's parts (showLinkPage): the shared round and what shows it; no saved game, no
 * controller. The fields of the game's (GameParts) are absent.
 * @typedef {object} LinkParts
 * @property {Bridge} bridge
 * @property {Model} model
 * @property {LinkReplay} link
 * @property {Sequencer} sequencer  the link's
 * @property {Renderer} renderer
 * @property {ReelSet} reels
 * @property {Hud} hud
 * @property {Offer} offer  the engine's offer at the round's bet; at the model's default bet when the link's
 *     bet is not one of the launch's levels (the engine replays it all the same; the info screen
 *     then lists the pays at the bet it names)
 * @property {undefined} [store]
 * @property {undefined} [controller]
 * @property {undefined} [saved]
 * @property {undefined} [replays]
 * @property {undefined} [shared]
 * @property {undefined} [clock]
 * @property {undefined} [controls]
 * @property {undefined} [scenario]
 * @property {undefined} [sound]
 */
/** The parts of either page.
 *  @typedef {GameParts | LinkParts} Parts */

// the AudioContext, made while the game loads once the player has touched the page (earlyaudio.js)
const earlyAudio = new EarlyAudio();

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
// ?still=1: the picture depends only on the address and the rounds played (core/still.js reads
// it, for firstpaint.js too): the canvas's loops held, the snow seeded, no music, every
// animation as short as ?speed=fast's, CSS animations and transitions at their end (screens.css)
if (still) document.documentElement.dataset.still = "";
else if (stillParam !== null && stillParam !== "0") console.warn(`?still=${stillParam} is ignored: still mode is ?still=1`);

// The page's state: the two things set once the engine is up, and nothing else.
/** The launch settings (launch.js), the model file's own levels, the rules the settings give
 *  (jurisdiction.js profileOf) and the format of amounts (operator.js launchEngine). */
/** @type {Launched | null} */
let launched = null;
/** The parts, once built (null while loading). @type {Parts | null} */
let game = null;

/** window.game.ready: resolved once the game is ready, rejected when it cannot start. */
const ready = (() => {
    // (all three set here)
    const d = /** @type {{ promise: Promise<void>, resolve: () => void, reject: (reason: unknown) => void }} */ ({});
    d.promise = new Promise((resolve, reject) => { d.resolve = resolve; d.reject = reject; });
    return d;
})();
ready.promise.catch(() => {}); // an unobserved failure is reported on the page, not as a console error

/** Whether a round's frames are thinned as the scenery's at rest (renderer.js _thinned()): at
 *  ?speed=fast, a test's speed (nobody watches a round at 0.04 of its pace, and each frame costs
 *  the machine running the tests); every frame drawn at a player's speeds and in still mode.
 *  @returns {boolean} */
function thinRounds() {
    return speedParam === "fast" && !still;
}

/** Every animation's duration is multiplied by this.
 *  @returns {number} */
function speed() {
    if (speedParam === "fast" || still) return 0.04;
    if (reducedMotion) return 0.3;
    if (launched?.profile.turbo && (speedParam === "turbo" || game?.controller?.state.turbo)) return 0.45;
    return 1;
}

// The reels and the HUD are drawn from the model file while Python boots: `early`
// (firstpaint.js, started when it is imported).
const loader = new Loader();
loader.stage(t("load.runtime"), 0.08);
loader.listen();

/** ?ageGate=1 (operator.js): the controller asks it before every round. */
const ageGate = new AgeGate(params);
const api = publish({
    ready: ready.promise, parts: () => game, launched: () => launched, ageGate, speed, params,
    mode: replayLink ? REPLAY_MODE : "play", demo, ownBalance,
});

// ---- start ---------------------------------------------------------------------------------

async function start() {
    if (embedded) document.body.classList.add("embed");
    if (reducedMotion) document.body.classList.add("reduced-motion");
    if ([replayLink, scenarioName !== null, demo].filter(Boolean).length > 1) {
        throw new CannotStart("?replay=, ?scenario= and ?demo= each open a page of their own; give one of them", { code: "start.oneMode" });
    }
    // a bad value of money or rules stops the game before the engine is needed: read against the
    // model file the reels were painted from, and the engine's download and boot are ended
    // (a player's mistyped link says why at once; launchEngine reads them again, under the engine)
    const painted = await early;
    if (painted !== null) {
        try {
            checkBeforeTheEngine(params, painted.model);
        } catch (err) {
            if (err instanceof SettingsError) engine.stop?.();
            throw err;
        }
    }
    const bridge = await connect();
    loader.stage(t("load.reels"), 0.85);
    // the launch settings, the rules and the format they give, and the engine configured:
    // first, so that nothing plays under bad ones
    launched = await launchEngine(bridge, params, { demo });
    const { model, base, settings, profile } = launched;
    // a replay link or a scenario is checked by the engine before anything is shown
    const opened = replayLink ? await openLink(bridge, location.href, settings.currency) : null;
    const scenario = scenarioName !== null ? await openScenario(bridge, scenarioName, profile) : null;
    if (model.reels.base.length !== REELS) throw new Error(`the model has ${model.reels.base.length} reels, not ${REELS}`);
    const offers = new Map(await Promise.all(model.bets.map(async (b) => /** @type {const} */ ([b, await bridge.offer(b)]))));
    // the engine's first round costs more than the next (main.py warm): paid now, in the worker,
    // while this thread builds the game, rather than by a press held while loading
    if (!opened) bridge.warm();
    // A replay link's page has no saved game, no writer lock, no tab channel: nothing of the
    // player's is read or written. A scenario or the showcase plays on a record in memory; the
    // game itself on the launch's own saved game (its currency and levels).
    if (opened) {
        showLinkPage({ bridge, model, opened, offers, ...await stageFor({ model, offers, state: { muted: false } }) });
        return;
    }
    const suffix = scopeSuffix(settings.currency, settings.bets, base.bets);
    const store = new Store({ suffix });
    const tabs = ownBalance ? null : new Tabs({ suffix });
    await tabs?.start(); // takes the writer lock when it is free
    if (tabs?.role === "memory") store.refuse(tabs.refusal); // the browser refused it: play in memory
    // Building the game (the record, the HUD, the controller, the controls, the first frame) is
    // ~100 ms of main thread on a phone: done in pieces, each after a frame, so that a tap
    // while the game loads is answered between them (bench phone.taps: a loading tap waited
    // 224-320 ms behind it in one piece; budget 200; a hover event waits for a frame)
    await afterFrame();
    const { state, problem } = await loadRecord({
        store, bridge, model, demo: ownBalance, readOnly: tabs?.role === "waiting", balance: settings.balance,
    });
    if (scenario) state.bet = scenario.info.bet;
    const drawn = await stageFor({ model, offers, state });
    await afterFrame();
    game = buildGame({ bridge, model, store, tabs, offers, scenario, state, ...drawn });
    await afterFrame();
    await goLive(game, { state, problem });
}

/** What both pages show a round with: the sound, the canvas, the HUD, the panels, and
 *  sequencers over them (`makeSequencer(meter)`). `state`: the saved record (its switches).
 *  @param {{ model: Model, offers: Map<number, Offer>, state: SoundSwitches }} o
 *  @returns {Promise<Stage>} */
async function stageFor({ model, offers, state }) {
    const { format } = /** @type {Launched} */ (launched); // (start() launched first)
    const sound = makeSound(state);
    const { renderer, reels } = await canvasFor(model);
    const panels = new Panels(byId("overlay"), { format });
    const hud = new Hud({ model, format });
    /** @param {Meter} meter */
    const makeSequencer = (meter) => new Sequencer({
        model, renderer, reels, hud, meter, panels, sound, format,
        paytable: (bet) => offers.get(bet)?.paytable ?? null, // the engine's pays at a bet (as the info screen shows them)
        speed, // the sequencer gives each animation its pace as it starts it
    });
    return { sound, renderer, reels, hud, makeSequencer };
}

/** A replay link's page: the shared round, its info dialog and its sound switch; ready at once.
 *  @param {Stage & { bridge: Bridge, model: Model, opened: import("../round/bridge.js").OpenedReplay,
 *      offers: Map<number, Offer> }} o */
function showLinkPage({ bridge, model, opened, offers, sound, renderer, reels, hud, makeSequencer }) {
    const { profile, format } = /** @type {Launched} */ (launched); // (start() launched first)
    const link = new LinkReplay({ opened, format, makeSequencer, hud, sound });
    const offer = offers.get(opened.round.bet) ?? /** @type {Offer} */ (offers.get(model.default_bet)); // (a level's)
    game = { bridge, model, link, sequencer: link.sequencer, renderer, reels, hud, offer };
    const input = new PageInput({ game, profile, format });
    hud.on("infoAsked", () => input.openInfo());
    hud.on("muteAsked", () => link.toggleMute());
    link.listen(input.infoDialog);
    renderer.thinRounds = thinRounds();
    renderer.start();
    loader.hide({ fast: speed() < 0.1 });
    setPageState(PageState.READY);
    try { sound?.music("base"); } catch { /* optional: it starts after the first gesture */ }
    ready.resolve();
}

/** The game's parts over the saved record `state`, each given its collaborators, and wired:
 *  the ledger, the live sequencer, the session clock, the controller, the tabs' hand-over,
 *  the replays and the player's controls.
 *  @param {Stage & { bridge: Bridge, model: Model, store: Store, tabs: Tabs | null, offers: Map<number, Offer>,
 *      scenario: Scenario | null, state: SaveState }} o
 *  @returns {GameParts} */
function buildGame({ bridge, model, store, tabs, offers, scenario, state, sound, renderer, reels, hud, makeSequencer }) {
    const { profile, settings, format } = /** @type {Launched} */ (launched); // (start() launched first)
    const saved = new SavedGame({ store, offers, demo: ownBalance, history: !demo, record: state });
    // The live sequencer shows the running total in #win, and is the one that writes it
    // during a round; embed.js posts its events to the parent.
    const sequencer = makeSequencer({ show: (minor, opts) => hud.setWin(minor, opts), land: () => hud.landWin(), drivesFeature: true });
    const clock = new SessionClock({ profile, format, saved, still });
    const controller = new Controller({ bridge, saved, sequencer, hud, format, profile, tabs, clock,
        gate: ageGate, decide: scenario?.decide });
    const shared = new SharedGame({ store, bridge, model, demo: ownBalance, format, tabs, saved, controller, hud });
    embed.report({ controller, sequencer, clock });
    wireSound({ controller, saved, sound });
    // every outcome, a losing one too, and the balance after it, in the polite live region
    controller.on("roundEnded", ({ win, balance }) => hud.announce(t("say.roundEnd", {
        result: win > 0 ? t("say.win", { amount: format(win) }) : t("say.noWin"), balance: format(balance),
    })));
    const replays = new Replays({ controller, bridge, hud, format, makeSequencer });
    const controls = new PlayerControls({ profile, settings, controller, clock, sequencer, replays, hud, format, post: embed.post });
    return { bridge, model, store, controller, saved, sequencer, replays, renderer, reels, hud, shared, clock, controls, scenario, sound };
}

/** The sound follows the controller: mute, the music and effects switches of the info dialog
 *  (saved with the game), and a click for a refusal.
 *  @param {{ controller: Controller, saved: SavedGame, sound: Sound | null }} o */
function wireSound({ controller, saved, sound }) {
    const toggles = { music: byId("music-toggle"), effects: byId("effects-toggle") };
    /** @param {{ music: boolean, effects: boolean }} switches */
    const showSound = ({ music, effects }) => {
        // still mode never plays music (the switch still shows the player's choice)
        // (a sound that fails leaves the game silent, here and below, and never stops it)
        try { if (sound) { sound.musicOn = music && !still; sound.effectsOn = effects; } } catch { /* see above */ }
        toggles.music?.setAttribute("aria-pressed", String(music));
        toggles.effects?.setAttribute("aria-pressed", String(effects));
    };
    controller.on("muteChanged", ({ muted }) => { try { if (sound) sound.muted = muted; } catch { /* a sound that fails: silent */ } });
    controller.on("soundChanged", showSound);
    showSound({ music: saved.record.music !== false, effects: saved.record.effects !== false });
    for (const key of /** @type {const} */ (["music", "effects"])) {
        toggles[key]?.addEventListener("click", () => controller.setSound({ [key]: saved.record[key] === false }));
    }
    controller.on("refused", () => { try { sound?.click(); } catch { /* the sound fails: the refusal is on screen all the same */ } });
}

/** The built game shown and made playable: the page's input, the first frame, the record's
 *  first write, the loader gone; ready at once, or once a round in progress has resumed.
 *  @param {GameParts} parts
 *  @param {{ state: SaveState, problem: LoadProblem | null }} loaded */
async function goLive(parts, { state, problem }) {
    const { profile, settings, format } = /** @type {Launched} */ (launched); // (start() launched first)
    const { controller, saved, sequencer, renderer, reels, hud, shared, scenario, sound, store } = parts;
    const input = new PageInput({ game: parts, profile, format, store, spin: api.spin, buy: api.buy });
    saved.on("saved", (e) => input.showSaveNotice(e));
    controller.on("betChanged", () => { if (input.infoDialog.open) input.openInfo(); });
    scenario?.show(format);
    // ageGate: tests/e2e/test_geometry.py lifts the gate of a page that has no parent to do it
    if (settings.debug) {
        /** @type {Window & { debugGame?: object }} */ (window).debugGame = { sequencer, reels, renderer, hud, ageGate };
    }
    showLobby(settings);
    showStakeInfo(settings, await parReady); // (null: the figures are missing, and it says so)
    input.wire(hud);
    controller.show(); // balance, bet, the last round's win, settings
    await afterFrame(); // (see start(); the rest makes the game playable in one task)
    renderer.thinRounds = thinRounds();
    renderer.start();
    saved.persist(); // the record as read (or fresh), and the first test of whether storage writes
    const press = takeHeld(); // a press of Spin held while loading: its reels turn (firstpaint.js)
    unlockSpin(); // firstpaint.js answered a press of Spin while loading
    hud.setBusy(false); // firstpaint.js locked the controls while loading
    loader.hide({ fast: speed() < 0.1 });

    const finishReady = () => {
        try { sound?.music("base"); } catch { /* optional: it starts after the first gesture */ }
        ready.resolve();
        embed.post(embed.Outgoing.READY, { balance: saved.balance, bet: saved.bet });
    };
    if (state.pending && !shared.waiting) {
        // A round in progress (reload, closed tab): it resumes at its saved step before
        // anything else can start, and the game is ready once it has been credited. A press
        // held meanwhile was for the round on screen: its reels rest first, and it plays nothing.
        if (press) await reels.coast();
        shared.begin(problem).then(finishReady);
    } else {
        setPageState(PageState.READY);
        shared.begin(problem); // what became of the saved record; "open in another tab"
        // A press held while loading asks for its round now, before the rest of ready (the
        // music, the parent told), which runs while the engine decides it. Not when the saved
        // game had a problem to tell (a corrupt or newer save set aside): a round would take
        // its notice away, so the reels come to rest under it.
        if (press && !demo) {
            if (problem && problem.kind !== Problem.STORAGE) reels.coast();
            else playHeld(parts);
        }
        finishReady();
        if (demo) {
            // the showcase plays by itself: its first round lands the reels a press set turning
            demoLoop(controller, speed);
        } else if (!press && !shared.waiting && saved.broke) {
            controller.showRefusal(controller.refusalFor(false));
        }
    }
}

/** The press of Spin held while loading (firstpaint.js), played now as a press made at ready:
 *  the controller's checks, the writer lock, the engine's decision and the debit, then the
 *  reveal, whose spin takes the turning reels over (reels.js). Refused (another tab plays, the
 *  balance does not cover it, a reality check, the market's rules), the reels coast to a rest
 *  and the refusal is on screen as any press's; nothing was debited.
 *  @param {GameParts} parts */
function playHeld({ controls, reels }) {
    // (a refusal is on screen already, as for any press: the reels only come to rest)
    controls.pressSpinButton(() => api.spin().catch(() => reels.coast()));
}

/** The sound switches of a record (a replay link's page gives only `muted`: the others are on).
 *  @typedef {{ muted: boolean, music?: boolean, effects?: boolean }} SoundSwitches */

/** The sound, set as the saved game left it; null where WebAudio is missing (the game plays
 *  silently).
 *  @param {SoundSwitches} state
 *  @returns {Sound | null} */
function makeSound(state) {
    try {
        return new Sound({ muted: state.muted, music: state.music !== false && !still, effects: state.effects !== false,
            context: earlyAudio.take() });
    } catch { // no WebAudio here, or none the browser will give: the game plays silently
        return null;
    }
}

/** The renderer and reels painted before Python was up, if the engine read the same model;
 *  otherwise a resting view of the engine's strips, drawn now.
 *  @param {Model} model
 *  @returns {Promise<{ renderer: Renderer, reels: ReelSet }>} */
async function canvasFor(model) {
    const painted = await early;
    /** @param {Model} m */
    const drawn = (m) => JSON.stringify([m.reels.base, symbolsOf(m)]);
    if (painted !== null && drawn(painted.model) === drawn(model)) return { renderer: painted.renderer, reels: painted.reels };
    if (painted !== null) console.warn("the model file differs from the engine's model: repainting");
    const reels = new ReelSet(model.reels.base, restStops(model.reels.base));
    const renderer = new Renderer(byId("reels"), { symbols: symbolsOf(model), wild: model.wild, reels, reduced: reducedMotion, still });
    await renderer.load();
    await renderer.prepare();
    return { renderer, reels };
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
        { message: byId("status").textContent, ...codeOf(err) });
    ready.reject(err);
});
