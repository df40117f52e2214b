// The game page's glue: boots on the bridge (main.py), wires HUD, renderer, reels and the
// sequencer, owns the money flow, and publishes the page's contract (window.game, data-state,
// postMessage in ?embed=1, the ?demo=feature showcase). See /GAME.md "The page's contract".

import { renderHistory, timeFormat } from "./history.js";
import { renderInfo } from "./info.js";
import { Hud, makeFormat } from "./hud.js";
import { Panels } from "./panels.js";
import { ReelSet } from "./reels.js";
import { Renderer } from "./renderer.js";
import { Sequencer } from "./sequencer.js";
import { Sound } from "./sound.js";
import * as store from "./store.js";
import { AutoplayDriver, AutoplayPanel } from "./controls.js";
import { PROFILES, ProfileError, profileFromUrl, profilesSection, refusal } from "./jurisdiction.js";
import { Session } from "./session.js";

const SOURCE = "book-of-christmas-eve";
const root = document.documentElement;
const params = new URLSearchParams(location.search);
const embedded = params.get("embed") === "1";
const demo = params.get("demo") === "feature";
const reducedMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
// ?speed=fast makes every animation very short (tests); ?speed=turbo is the quick-spin setting.
const speedParam = params.get("speed");
const format = makeFormat();

let readyResolve;
let readyReject;
const ready = new Promise((resolve, reject) => { readyResolve = resolve; readyReject = reject; });
ready.catch(() => {}); // an unobserved failure is reported on the page, not as a console error

let model = null;
let st = null;            // the store's state object
let hud = null;
let seq = null;
let renderer = null;
let sound = null;
let busy = false;         // the one in-flight guard: a round (or replay) is decided or showing
let replaying = false;
let replaySeq = null;
let resumedFrom = null;   // the saved step a round in progress was resumed at on load
let lastWin = 0;
let profile = PROFILES.default; // the URL's (?jurisdiction=, ?reality=), set first thing in start()
let roundProfile = null;  // the profile of the live round on screen (a resumed round keeps its own)
let lastStart = -Infinity; // performance.now() when the last live round started
let lastCycle = 0;        // the least time from that round's start to the next one's (its profile)
let autoplayer = null;    // controls.js AutoplayDriver
let session = null;       // session.js Session: clock, net position, reality check

function speed() {
    if (speedParam === "fast") return 0.04;
    if (reducedMotion) return 0.3;
    if (profile.turbo && (speedParam === "turbo" || st?.turbo)) return 0.45;
    return 1;
}

function setState(s) {
    root.dataset.state = s;
}

function post(type, data = {}) {
    if (window.parent === window) return;
    try {
        window.parent.postMessage({ source: SOURCE, type, ...data }, "*");
    } catch { /* a closed or hostile parent must not break the game */ }
}

// ---- loading screen ----------------------------------------------------------------------

const status = document.getElementById("status");
const bar = document.getElementById("load-bar");
let progress = 0.05;
function stage(text, at) {
    if (root.dataset.state !== "loading") return;
    if (text) status.textContent = text;
    progress = Math.max(progress, at);
    bar.style.width = `${Math.round(progress * 100)}%`;
}
stage("Loading the Python runtime…", 0.08);
addEventListener("py:progress", (ev) => {
    const detail = String(ev.detail ?? "");
    stage(detail.startsWith("Loaded") ? null : `${detail}…`, Math.min(0.7, progress + 0.1));
});

/** The Python bridge, once main.py has started; rejects if the page goes to its error state
 *  first (main.py's startup error, or boot.js's watchdog), so `game.ready` never hangs. */
function waitForBridge() {
    if (window.bridge) return Promise.resolve(window.bridge);
    return new Promise((resolve, reject) => {
        const watch = new MutationObserver(failed);
        const stop = () => { watch.disconnect(); removeEventListener("bridge-ready", started); };
        function started() { stop(); resolve(window.bridge); }
        function failed() {
            if (root.dataset.state !== "error") return;
            stop();
            reject(new StartupError(status.textContent));
        }
        addEventListener("bridge-ready", started);
        watch.observe(root, { attributes: true, attributeFilter: ["data-state"] });
        failed();
    });
}

/** A failure the error screen already shows in its own words. */
class StartupError extends Error {}

// ---- money and rounds --------------------------------------------------------------------

function costOf(buy) {
    return buy ? st.bet * model.buy_price : st.bet;
}

function showBalance() {
    hud.setBalance(st.balance);
}

function refuse(buy) {
    const cost = costOf(buy);
    const what = buy ? `buy the feature (${format(cost)})` : `spin at ${format(cost)}`;
    const broke = st.balance < model.bets[0];
    hud.showMessage(
        `Your balance of ${format(st.balance)} is not enough to ${what}.`
        + (broke ? " Top up the demo balance to keep playing." : " Lower the bet or top up."),
        { topUp: true },
    );
    try { sound?.click(); } catch { /* optional */ }
    return new Error(`insufficient balance: ${format(st.balance)} < ${format(cost)}`);
}

/** Writes the whole record; shows or clears the notice that progress is not kept. */
function persist() {
    if (demo) return;
    store.save();
    const why = store.notKept();
    const notice = document.getElementById("save-notice");
    if (why) {
        document.getElementById("save-notice-text").textContent =
            `Progress is not being saved: ${why}. You can keep playing, but your balance and history will be lost when this page closes.`;
    }
    notice.hidden = !why;
}

async function play(buy, { auto = false } = {}) {
    if (buy && !profile.buy) throw new Error(refusal(profile, "buy"));
    if (busy) throw new Error("a round is already playing");
    if (autoplayer?.running && !auto) throw new Error("autoplay is running: stop it first");
    if (session?.ended) throw new Error("the session has ended: reload the page to play again");
    if (costOf(buy) > st.balance) throw refuse(buy);
    busy = true; // held from before the round is decided until its reveal has ended
    let round;
    try {
        await beforeRound();
        if (costOf(buy) > st.balance) throw refuse(buy);
        hud.hideMessage();
        const decided = JSON.parse(window.bridge.playRound(st.bet, buy));
        if (decided.error) {
            hud.showMessage(decided.error);
            throw new Error(decided.error);
        }
        round = decided.round;
        if (!(round.cost <= st.balance)) throw refuse(buy); // never below zero
        // The round is decided: debit its cost and keep it as the round in progress, with the
        // seeded generator's state after it, in one write.
        st.balance -= round.cost;
        st.pending = { bet: round.bet, cost: round.cost, step: 0, round, profile: profile.name };
        if (st.seed !== null) st.rng = decided.rng;
        persist();
        session.staked(round.cost);
    } catch (err) {
        busy = false;
        throw err;
    }
    return reveal(round, 0);
}

/** Waits until a round may start: no reality check open, and the last round's cycle (its
 *  profile's minCycleMs from its start) over; then marks the start. Holds `busy`. */
async function beforeRound() {
    await session.gate();
    for (;;) {
        const wait = lastStart + Math.max(lastCycle, profile.minCycleMs) - performance.now();
        if (wait <= 0) break;
        await new Promise((r) => setTimeout(r, wait));
    }
}

/** The spin button's job now: stop autoplay, stop the reels, or spin. */
function spinMode() {
    if (autoplayer?.running) return "autoplay";
    if (busy && !replaying && roundProfile?.slamStop) return "slam";
    return "spin";
}

function showSpinMode() {
    hud.setSpinMode(spinMode(), autoplayer?.left ?? null);
}

async function reveal(round, from, name = profile.name) {
    busy = true;
    roundProfile = PROFILES[name] ?? profile;
    setState("playing");
    // the round's start, taken after data-state's change is observed (a MutationObserver's
    // callback is queued before this reaction), so an observer never sees starts closer than
    // the cycle
    if (from === 0) Promise.resolve().then(() => { lastStart = performance.now(); lastCycle = roundProfile.minCycleMs; });
    else { lastStart = performance.now(); lastCycle = roundProfile.minCycleMs; }
    session.setBusy(true);
    hud.setBusy(true);
    showSpinMode();
    showBalance();
    try {
        await seq.play(round, {
            from,
            onStep: (i) => {
                if (st.pending && st.pending.round === round && st.pending.step !== i) {
                    st.pending.step = i;
                    persist();
                }
            },
        });
    } catch (err) {
        console.error("the reveal failed; crediting the round as decided", err);
        credit(round);
    } finally {
        credit(round); // a no-op when roundEnd credited it
        busy = false;
        roundProfile = null;
        hud.setBusy(false);
        showSpinMode();
        setState("ready");
        session.setBusy(false);
    }
    return round;
}

/** Credit the round's win when its reveal ends (once): balance, history and the end of the
 *  round in progress in one write. */
function credit(round) {
    if (!st.pending || st.pending.round !== round) return;
    st.balance += round.total_win;
    st.pending = null;
    session.won(round.total_win);
    if (!demo) store.addHistory(round);
    lastWin = round.total_win;
    persist();
    showBalance();
    hud.setWin(round.total_win);
    if (historyDialog.open) showHistory();
}

// ---- history and replays ------------------------------------------------------------------

const historyDialog = document.getElementById("history-dialog");
const replayBanner = document.getElementById("replay-banner");

function historyList() {
    return st.history.map((h) => ({
        time: h.time, bet: h.bet, cost: h.cost, buy: h.buy, win: h.win, feature: h.feature, special: h.special,
    }));
}

function showHistory() {
    renderHistory(document.getElementById("history-list"), {
        entries: st.history, format, busy, onReplay: (i) => { historyDialog.close(); quiet(replay(i)); },
    });
    if (!historyDialog.open) historyDialog.showModal();
}

/** Plays history entry `index` (0 = newest) again from its stored record: no money moves,
 *  the win meter keeps the credited win, nothing is saved. */
async function replay(index) {
    if (busy) throw new Error("a round is already playing");
    const entry = st.history[index];
    if (!entry) throw new Error(`no round ${index} in the history`);
    const checked = JSON.parse(window.bridge.checkRound(JSON.stringify(entry.round), entry.bet, entry.cost));
    if (checked.error) {
        console.warn("history entry refused by the engine:", checked.error);
        hud.showMessage("This round cannot be replayed: its record is damaged.");
        throw new Error(checked.error);
    }
    busy = true;
    replaying = true;
    setState("playing");
    hud.setBusy(true);
    document.body.classList.add("replaying");
    document.getElementById("replay-when").textContent = timeFormat.format(new Date(entry.time));
    document.getElementById("replay-bet").textContent = format(entry.bet);
    setReplayWin(0);
    replayBanner.hidden = false;
    hud.announce("Replay of an earlier round: no money is played");
    try {
        await replaySeq.play(checked.round);
    } finally {
        replaying = false;
        busy = false;
        replayBanner.hidden = true;
        document.body.classList.remove("replaying");
        hud.setBusy(false);
        hud.setWin(lastWin);
        setState("ready");
    }
    return checked.round;
}

/** Ends the replay on screen after its current step (the Stop button, Escape). */
function stopReplay() {
    if (replaying) replaySeq.stop();
}

/** A click or key while something plays speeds up whatever is playing: a replay, or the live
 *  round's current step (slam stop) where its profile allows it. */
function hurry() {
    if (replaying) replaySeq.hurry();
    else if (roundProfile?.slamStop) seq.hurry();
}

function setReplayWin(minor) {
    const el = document.getElementById("replay-win");
    el.textContent = format(minor);
    el.dataset.minor = String(minor);
}

async function spin() {
    return play(false);
}

async function buy() {
    return play(true);
}

/** game.autoplay(opts): resolves {played, reason} (see autoplay.js); rejects when refused. */
async function autoplay(opts) {
    const result = await autoplayer.run(opts);
    autoplayEnded(result);
    return result;
}

const ENDED = {
    rounds: "all rounds played",
    feature: "free spins won",
    singleWin: "a single win reached your amount",
    lossLimit: "the loss limit was reached",
    winLimit: "the win limit was reached",
    balance: "the balance cannot cover the next bet",
    stopped: "stopped",
    hidden: "the game was hidden",
    error: "an error",
};

/** Tells the player why autoplay ended. */
function autoplayEnded({ played, reason }) {
    const text = `Autoplay ended after ${played} ${played === 1 ? "round" : "rounds"}: ${ENDED[reason] ?? reason}.`;
    if (reason === "balance") refuse(false);
    else if (reason !== "error") hud.showMessage(text, { kind: "notice" });
    else hud.announce(text);
}

function stopAutoplay() {
    return autoplayer.stop("stopped");
}

function setTurbo(on) {
    const no = refusal(profile, "turbo");
    if (no) throw new Error(no);
    st.turbo = typeof on === "boolean" ? on : !st.turbo;
    persist();
    hud.setTurbo(st.turbo);
    return st.turbo;
}

function setBet(minor) {
    minor = Number(minor);
    if (busy) throw new Error("the bet cannot change while a round plays");
    if (autoplayer.running) throw new Error("the bet cannot change during autoplay");
    if (!model.bets.includes(minor)) throw new Error(`${minor} is not a bet level (${model.bets.join(", ")})`);
    st.bet = minor;
    persist();
    hud.setBet(minor);
    if (infoOpen()) openInfo();
    return minor;
}

function gameState() {
    return {
        state: root.dataset.state,
        balance: st?.balance ?? null,
        bet: st?.bet ?? null,
        lastWin,
        muted: st?.muted ?? false,
        turbo: st?.turbo ?? false,
        speed: speed(),
        feature: seq?.feature?.on ?? false,
        freeSpin: seq?.feature?.on ? `${seq.feature.number}/${seq.feature.count}` : null,
        demo,
        seed: window.bridge?.seed ?? null,
        rng: window.bridge?.rngName ?? null,
        replay: replaying,
        resumedFrom,
        saving: !demo && st !== null && store.notKept() === null,
        history: st?.history.length ?? 0,
        jurisdiction: profile.name,
        autoplay: autoplayer?.left ?? null,
        session: session ? session.figures() : null,
    };
}

window.game = {
    ready, spin, buy, setBet, setTurbo, state: gameState, history: historyList, replay, stopReplay,
    autoplay, stopAutoplay,
};

// ---- UI actions ----------------------------------------------------------------------------

const quiet = (p) => p.catch(() => {}); // UI clicks report refusals on screen, not as errors

const buyDialog = document.getElementById("buy-dialog");
function askBuy() {
    if (busy || root.dataset.state !== "ready" || !profile.buy) return;
    if (costOf(true) > st.balance) { refuse(true); return; }
    document.getElementById("buy-dialog-price").textContent = format(costOf(true));
    document.getElementById("buy-dialog-bet").textContent = format(st.bet);
    document.getElementById("buy-dialog-count").textContent = String(model.free_spins.count);
    buyDialog.showModal();
}
buyDialog.addEventListener("close", () => {
    if (buyDialog.returnValue === "confirm") quiet(buy());
});

const infoDialog = document.getElementById("info-dialog");
let par = null;
function infoOpen() {
    return infoDialog.open;
}
async function openInfo() {
    if (par === null) {
        try {
            par = await (await fetch("./static/par.json")).json();
        } catch { par = null; }
    }
    renderInfo(document.getElementById("info-content"), { model, bet: st.bet, par, format });
    document.querySelector("#info-content .boce-info")?.append(profilesSection(profile));
    if (!infoDialog.open) infoDialog.showModal();
}

function toggleMute(value) {
    st.muted = typeof value === "boolean" ? value : !st.muted;
    try { if (sound) sound.muted = st.muted; } catch { /* optional */ }
    persist();
    hud.setMuted(st.muted);
}

function toggleTurbo() {
    try { setTurbo(); } catch { /* no turbo under this profile: no button either */ }
}

function topUp() {
    st.balance = Math.max(st.balance, store.DEMO_BALANCE);
    persist();
    showBalance();
    hud.hideMessage();
    hud.announce(`Demo balance topped up to ${format(st.balance)}`);
}

function interactive(target) {
    return target instanceof Element && !!target.closest("button, select, input, a, dialog, textarea");
}

document.addEventListener("keydown", (ev) => {
    if (root.dataset.state === "loading" || root.dataset.state === "error") return;
    if (busy) {
        if (ev.key === " " || ev.key === "Enter" || ev.key === "Escape") ev.preventDefault();
        if (ev.key === "Escape" && replaying) stopReplay();
        else hurry();
        return;
    }
    if ((ev.key === " " || ev.key === "Enter") && !interactive(ev.target) && !document.querySelector("dialog[open]")
        && !autoplayer.running) {
        ev.preventDefault();
        quiet(spin());
    }
});

// ---- embedding ------------------------------------------------------------------------------

addEventListener("message", (ev) => {
    if (window.parent === window || ev.source !== window.parent) return;
    const msg = ev.data;
    if (!msg || typeof msg !== "object" || msg.target !== SOURCE) return;
    ready.then(() => {
        try {
            const reply = (p) => p.catch((err) => post("error", { message: String(err.message ?? err) }));
            if (msg.type === "spin") quiet(spin());
            else if (msg.type === "buy") { if (!profile.buy) throw new Error(refusal(profile, "buy")); quiet(buy()); }
            else if (msg.type === "setBet") setBet(msg.bet);
            else if (msg.type === "mute") toggleMute(msg.muted);
            else if (msg.type === "turbo") setTurbo(msg.on);
            else if (msg.type === "autoplay") {
                const { rounds, stopOnFeature, singleWinAtLeast, lossLimit, winLimit } = msg;
                reply(autoplay({ rounds, stopOnFeature, singleWinAtLeast, lossLimit, winLimit }));
            } else if (msg.type === "stopAutoplay") stopAutoplay();
        } catch (err) {
            post("error", { message: String(err.message ?? err) });
        }
    }, () => post("error", { message: status.textContent }));
});

// ---- start ---------------------------------------------------------------------------------

function initialStops(strips) {
    // a resting view of the real strips (the last round's stops once one was played)
    return strips.map((s, i) => (i * 7 + 3) % s.length);
}

async function demoLoop() {
    const banner = document.getElementById("demo-banner");
    banner.hidden = false;
    for (;;) {
        if (costOf(true) > st.balance) st.balance = store.DEMO_BALANCE;
        try {
            await buy();
        } catch (err) {
            console.warn("demo round failed", err);
        }
        await new Promise((r) => setTimeout(r, 1800 * speed()));
    }
}

/** The spin button: stops autoplay, or the reels (slam stop), or spins. */
function pressSpin() {
    if (autoplayer.running) stopAutoplay();
    else if (busy) hurry();
    else quiet(spin());
}

/** What the profile forbids has no button at all. */
function removeForbidden() {
    if (!profile.buy) document.getElementById("buy").remove();
    if (!profile.turbo) document.getElementById("turbo").remove();
    if (!profile.autoplay) document.getElementById("autoplay-button").remove();
    root.dataset.jurisdiction = profile.name;
}

async function start() {
    profile = profileFromUrl(location.search); // a bad ?jurisdiction= or ?reality= plays nothing
    if (embedded) document.body.classList.add("embed");
    if (reducedMotion) document.body.classList.add("reduced-motion");
    const bridge = await waitForBridge();
    stage("Preparing the reels…", 0.85);
    model = JSON.parse(bridge.modelJson);
    const loaded = store.load({
        model, memory: demo,
        checkRound: (json, bet, cost) => bridge.checkRound(json, bet, cost),
    });
    st = loaded.state;
    let problem = loaded.problem;
    if (demo) { st.balance = store.DEMO_BALANCE; st.pending = null; }
    if (!model.bets.includes(st.bet)) st.bet = model.default_bet;
    // ?seed=N: go on from the saved generator state when the save was made with the same N
    // (the k-th round across reloads is CPython's k-th); any other save starts Random(N) afresh.
    if (bridge.seed !== null && bridge.seed !== undefined) {
        if (st.seed === bridge.seed && st.rng !== null) {
            const refused = bridge.restoreRng(JSON.stringify(st.rng));
            if (refused) {
                console.warn("saved generator state refused:", refused);
                st = store.reject();
                st.bet = model.default_bet;
                problem = { kind: "corrupt", reason: "its random generator state is not valid" };
            }
        }
        if (st.seed !== bridge.seed) st.rng = null;
        st.seed = bridge.seed;
    } else {
        st.seed = null;
        st.rng = null;
    }
    try {
        sound = new Sound();
        sound.muted = st.muted;
    } catch { sound = null; }

    const symbols = [...Object.keys(model.paytable), model.wild];
    renderer = new Renderer(document.getElementById("reels"), { symbols, reduced: reducedMotion });
    await renderer.load();
    const reels = new ReelSet(model.reels.base, initialStops(model.reels.base));
    renderer.reels = reels;
    renderer.k = speed();
    const panels = new Panels(document.getElementById("overlay"), { format });
    hud = new Hud({
        model, format,
        onSpin: pressSpin,
        onBuy: askBuy,
        onBet: (b) => { try { setBet(b); } catch { /* busy */ } },
        onTopUp: topUp,
        onInfo: () => openInfo(),
        onMute: () => toggleMute(),
        onTurbo: toggleTurbo,
        onHistory: () => { if (!replaying) showHistory(); },
    });
    // Replays get a sequencer of their own: no hooks (no credit, no messages to the parent)
    // and a HUD whose win meter writes go to the replay banner instead.
    const replayHud = Object.create(hud);
    replayHud.setWin = (minor) => setReplayWin(minor);
    replayHud.rollWin = (minor) => setReplayWin(minor);
    replaySeq = new Sequencer({
        model, renderer, reels, hud: replayHud, panels, sound, format,
        speed: () => { renderer.k = speed(); return renderer.k; },
        hooks: {},
    });
    removeForbidden();
    session = new Session({
        profile, format,
        onCheck: (f) => { autoplayer?.stop("stopped"); post("realityCheck", f); },
        onLeave: (f) => post("sessionEnd", f),
    });
    autoplayer = new AutoplayDriver({
        profile, post,
        playOne: () => play(false, { auto: true }),
        balance: () => st.balance,
        cost: () => costOf(false),
        busy: () => busy,
        onChange: () => showSpinMode(),
    });
    const autoplayPanel = new AutoplayPanel({
        format,
        canOpen: () => (busy ? "a round is playing" : null),
        onRefused: () => {},
        onStart: (opts) => autoplay(opts).catch((err) => hud.showMessage(`Autoplay did not start: ${err.message}.`)),
    });
    hud.el.auto.addEventListener("click", () => {
        if (autoplayer.running) stopAutoplay();
        else autoplayPanel.open();
    });
    seq = new Sequencer({
        model, renderer, reels, hud, panels, sound, format,
        speed: () => { renderer.k = speed(); return renderer.k; },
        // a profile may allow no celebration of a win that is not above the stake
        celebrate: (round) => !(roundProfile ?? profile).celebrateOnlyAboveStake || round.total_win > round.cost,
        hooks: {
            roundStart: (e) => post("roundStart", { bet: e.bet }),
            featureStart: () => post("featureStart"),
            featureEnd: (e) => post("featureEnd", { win: e.total }),
            roundEnd: () => {
                const round = st.pending?.round;
                if (round) credit(round);
                post("roundEnd", { bet: round?.bet ?? st.bet, win: round?.total_win ?? 0, balance: st.balance });
            },
        },
    });
    document.getElementById("stage").addEventListener("pointerdown", (ev) => {
        if (busy && !ev.target.closest?.("button")) hurry();
    });
    document.getElementById("replay-stop").addEventListener("click", stopReplay);
    document.getElementById("info-close").addEventListener("click", () => infoDialog.close());
    document.getElementById("history-close").addEventListener("click", () => historyDialog.close());
    document.getElementById("save-notice-close").addEventListener("click", () => {
        document.getElementById("save-notice").hidden = true;
    });
    showBalance();
    hud.setBet(st.bet);
    // #win is the last round's total (GAME.md): after a reload, the newest finished round's.
    lastWin = st.pending ? 0 : (st.history[0]?.win ?? 0);
    hud.setWin(lastWin);
    hud.setMuted(st.muted);
    hud.setTurbo(st.turbo);
    renderer.start();
    if (params.get("debug") === "1") window.debugGame = { seq, reels, renderer, hud };

    persist(); // the record as read (or fresh), and the first test of whether storage writes
    if (problem?.kind === "corrupt") {
        hud.showMessage(
            `Your saved game could not be used: ${problem.reason}. It has been set aside, and a `
            + `new game starts on the demo balance of ${format(store.DEMO_BALANCE)}.`,
            { kind: "notice" },
        );
    }

    stage("Ready.", 1);
    status.textContent = "Ready.";
    document.body.classList.add("loaded");
    const loader = document.getElementById("loader");
    const hideLoader = () => { loader.hidden = true; };
    loader.addEventListener("transitionend", hideLoader, { once: true });
    setTimeout(hideLoader, speed() < 0.1 ? 0 : 700);

    const finishReady = () => {
        readyResolve();
        post("ready", { balance: st.balance, bet: st.bet });
    };
    if (st.pending) {
        // A round in progress (reload, closed tab): it resumes at its saved step before
        // anything else can start, and the game is ready once it has been credited.
        resumedFrom = st.pending.step;
        hud.showMessage("Welcome back! Finishing the round you started.", { kind: "notice" });
        reveal(st.pending.round, st.pending.step, st.pending.profile ?? "default").then(() => {
            hud.hideMessage();
            finishReady();
        });
    } else {
        setState("ready");
        finishReady();
        if (demo) {
            demoLoop();
        } else if (st.balance < model.bets[0]) {
            refuse(false);
        }
    }
}

start().catch((err) => {
    if (err instanceof ProfileError) {
        console.warn(err.message);
        setState("error");
        status.textContent = `This game cannot start: ${err.message}.`;
    } else if (!(err instanceof StartupError)) {
        console.error(err);
        setState("error");
        status.textContent = `Sorry, the game could not start (${err?.message ?? err}). Please reload the page.`;
    }
    post("error", { message: status.textContent });
    readyReject(err);
});
