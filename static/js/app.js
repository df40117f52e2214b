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
import { Tabs } from "./tabs.js";
import { parReady } from "./par.js";

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
let tabs = null;          // the writer lock (tabs.js); null in ?demo=feature
let stale = false;        // a write met another tab's record: re-read it at the next idle moment

function speed() {
    if (speedParam === "fast") return 0.04;
    if (reducedMotion) return 0.3;
    if (speedParam === "turbo" || st?.turbo) return 0.45;
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
    if (demo) return "memory";
    const result = store.save();
    if (result === "conflict") stale = true;
    const why = store.notKept();
    const notice = document.getElementById("save-notice");
    if (why) {
        document.getElementById("save-notice-text").textContent =
            `Progress is not being saved: ${why}. You can keep playing, but your balance and history will be lost when this page closes.`;
    }
    notice.hidden = !why;
    return result;
}

/** Refuses what only the writing tab may do, saying why (tabs.js). */
function elsewhere() {
    if (tabs?.role !== "waiting") return null;
    hud.showMessage("The game is open in another tab. Press Play here to play in this tab.");
    return new Error("the game is open in another tab");
}

/** The player's worst case before a round: its cost debited, then the largest win a round
 *  can pay. A balance the record could not hold is refused here, never reset afterwards. */
function roomFor(buy) {
    const cost = costOf(buy);
    if (store.fits(st.balance - cost + model.max_win * st.bet)) return null;
    hud.showMessage(
        `Your balance of ${format(st.balance)} is too close to the game's limit of `
        + `${format(store.MAX_BALANCE)}: the largest win at this bet could not be added to it. Lower the bet.`,
    );
    return new Error("the balance could not hold this round's largest win");
}

async function play(buy) {
    if (busy) throw new Error("a round is already playing");
    const refused = elsewhere() ?? (stale ? resync() : null);
    if (refused) throw refused;
    if (costOf(buy) > st.balance) throw refuse(buy);
    const full = roomFor(buy);
    if (full) throw full;
    busy = true; // held from before the round is decided until its reveal has ended
    let round;
    try {
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
        st.pending = { bet: round.bet, cost: round.cost, step: 0, round };
        if (st.seed !== null) st.rng = decided.rng;
        if (persist() === "conflict") {
            busy = false;
            throw resync(); // another tab wrote: this round was never saved, so never happened
        }
    } catch (err) {
        busy = false;
        throw err;
    }
    return reveal(round, 0);
}

async function reveal(round, from) {
    busy = true;
    setState("playing");
    hud.setBusy(true);
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
        hud.setBusy(false);
        setState("ready");
    }
    if (stale) resync();
    tabs?.idle();
    return round;
}

/** Credit the round's win when its reveal ends (once): balance, history and the end of the
 *  round in progress in one write. */
function credit(round) {
    if (!st.pending || st.pending.round !== round) return;
    st.balance += round.total_win;
    st.pending = null;
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

/** A click or key while something plays speeds up whatever is playing. */
function hurry() {
    (replaying ? replaySeq : seq).hurry();
}

function setReplayWin(minor) {
    const el = document.getElementById("replay-win");
    el.textContent = format(minor);
    el.dataset.minor = String(minor);
}

// ---- tabs: one writer at a time (tabs.js) ---------------------------------------------------

function loadArgs() {
    return {
        model, memory: demo, readOnly: tabs?.role === "waiting",
        checkRound: (json, bet, cost) => window.bridge.checkRound(json, bet, cost),
    };
}

/** Makes a loaded record the game's state; ?seed=N goes on from the saved generator state
 *  when the save was made with the same N (the k-th round across reloads and tabs is
 *  CPython's k-th); any other save starts Random(N) afresh. Returns the load's problem. */
function adopt(loaded) {
    st = loaded.state;
    let problem = loaded.problem;
    if (demo) { st.balance = store.DEMO_BALANCE; st.pending = null; }
    if (!model.bets.includes(st.bet)) st.bet = model.default_bet;
    const bridge = window.bridge;
    if (bridge.seed !== null && bridge.seed !== undefined) {
        if (st.seed === bridge.seed && st.rng !== null) {
            const refused = bridge.restoreRng(JSON.stringify(st.rng));
            if (refused) {
                console.warn("saved generator state refused:", refused);
                ({ state: st, problem } = store.reject("its random generator state is not valid"));
                st.bet = model.default_bet;
            }
        }
        if (st.seed !== bridge.seed) st.rng = null;
        st.seed = bridge.seed;
    } else {
        st.seed = null;
        st.rng = null;
    }
    return problem;
}

/** Shows the whole state (after a load, a takeover or a re-read). */
function showAll() {
    showBalance();
    hud.setBet(st.bet);
    // #win is the last round's total (GAME.md): after a reload, the newest finished round's.
    lastWin = st.pending ? 0 : (st.history[0]?.win ?? 0);
    hud.setWin(lastWin);
    hud.setMuted(st.muted);
    hud.setTurbo(st.turbo);
    try { if (sound) sound.muted = st.muted; } catch { /* optional */ }
    if (historyDialog.open) showHistory();
}

function showProblem(problem) {
    const demoBalance = format(store.DEMO_BALANCE);
    if (problem?.kind === "newer") {
        hud.showMessage(
            `This game is older than your saved game (${problem.reason}). Your saved game is left `
            + `untouched: this game plays on the demo balance of ${demoBalance} and saves nothing. Open `
            + "the newer version to go on with it, or start afresh (your saved game is then set aside).",
            { kind: "notice", afresh: true },
        );
    } else if (problem?.kind === "corrupt" && problem.backup) {
        hud.showMessage(
            `Your saved game could not be used: ${problem.reason}. It has been set aside, and a `
            + `new game starts on the demo balance of ${demoBalance}.`,
            { kind: "notice" },
        );
    } else if (problem?.kind === "corrupt") {
        hud.showMessage(
            `Your saved game could not be used: ${problem.reason}. It could not be set aside either `
            + `(${problem.why}), so it is left as it is and this game, on the demo balance of `
            + `${demoBalance}, is not saved. Start afresh to replace it.`,
            { kind: "notice", afresh: true },
        );
    }
}

/** The player asked to replace a held record (newer version, or no room to set it aside). */
function startAfresh() {
    if (busy || elsewhere()) return;
    const { state, backup, why } = store.startAfresh();
    adopt({ state, problem: null });
    persist();
    showAll();
    hud.showMessage(
        `A new game starts on the demo balance of ${format(store.DEMO_BALANCE)}. `
        + (backup ? "Your earlier saved game is kept as a backup." : `Your earlier saved game could not be kept (${why}).`),
        { kind: "notice" },
    );
}

/** A round in progress (reload, closed tab, takeover) resumes at its saved step. */
function resume() {
    resumedFrom = st.pending.step;
    hud.showMessage("Welcome back! Finishing the round you started.", { kind: "notice" });
    return reveal(st.pending.round, st.pending.step).then(() => hud.hideMessage());
}

/** This tab now holds the lock: read the record afresh (what the other tab left, a round in
 *  progress included) and play on from it. */
async function takeOver() {
    hideWaiting();
    const problem = adopt(store.load(loadArgs()));
    showAll();
    hud.hideMessage();
    showProblem(problem);
    hud.announce("You are playing in this tab.");
    if (st.pending) await resume();
}

/** Another tab asked to play (this one is idle): stop writing, keep what is shown. */
function handOver() {
    store.stopWriting();
    showWaiting("The game is now played in another tab.");
}

/** A write met a record another tab changed (no Web Locks, or an earlier build's tab): read
 *  the record again and say so. Returns the refusal for a round that was about to start. */
function resync() {
    stale = false;
    const problem = adopt(store.load(loadArgs()));
    showAll();
    showProblem(problem);
    if (!problem) {
        hud.showMessage("Your saved game was changed in another tab: this tab now shows it as saved.", { kind: "notice" });
    }
    if (st.pending && !busy) quiet(resume());
    return new Error("the saved game was changed in another tab");
}

const tabNotice = document.getElementById("tab-notice");
function showWaiting(text) {
    document.getElementById("tab-notice-text").textContent = text;
    tabNotice.hidden = false;
    document.body.classList.add("elsewhere");
    hud.announce(text);
}

function hideWaiting() {
    tabNotice.hidden = true;
    document.body.classList.remove("elsewhere");
}

async function playHere() {
    if (tabs?.role !== "waiting") return tabs?.role ?? "demo";
    showWaiting("Waiting for the other tab to finish its round…");
    return tabs.playHere();
}

async function spin() {
    return play(false);
}

async function buy() {
    return play(true);
}

function setBet(minor) {
    minor = Number(minor);
    if (busy) throw new Error("the bet cannot change while a round plays");
    const refused = elsewhere();
    if (refused) throw refused;
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
        tab: demo ? "demo" : tabs?.role ?? null,
        revision: st?.revision ?? null,
    };
}

window.game = { ready, spin, buy, setBet, state: gameState, history: historyList, replay, stopReplay, playHere };

// ---- UI actions ----------------------------------------------------------------------------

const quiet = (p) => p.catch(() => {}); // UI clicks report refusals on screen, not as errors

const buyDialog = document.getElementById("buy-dialog");
function askBuy() {
    if (busy || root.dataset.state !== "ready" || elsewhere()) return;
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
    par = await parReady; // fetched with the game, so the figures are there offline
    renderInfo(document.getElementById("info-content"), { model, bet: st.bet, par, format });
    if (!infoDialog.open) infoDialog.showModal();
}

function toggleMute(value) {
    st.muted = typeof value === "boolean" ? value : !st.muted;
    try { if (sound) sound.muted = st.muted; } catch { /* optional */ }
    persist();
    hud.setMuted(st.muted);
}

function toggleTurbo() {
    st.turbo = !st.turbo;
    persist();
    hud.setTurbo(st.turbo);
}

function topUp() {
    if (elsewhere()) return;
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
    if ((ev.key === " " || ev.key === "Enter") && !interactive(ev.target) && !buyDialog.open && !infoDialog.open
        && !historyDialog.open) {
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
            if (msg.type === "spin") quiet(spin());
            else if (msg.type === "buy") quiet(buy());
            else if (msg.type === "setBet") setBet(msg.bet);
            else if (msg.type === "mute") toggleMute(msg.muted);
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

async function start() {
    if (embedded) document.body.classList.add("embed");
    if (reducedMotion) document.body.classList.add("reduced-motion");
    const bridge = await waitForBridge();
    stage("Preparing the reels…", 0.85);
    model = JSON.parse(bridge.modelJson);
    await parReady;
    if (!demo) {
        tabs = new Tabs({ isIdle: () => !busy, onGranted: takeOver, onLost: handOver });
        await tabs.start();
    }
    const problem = adopt(store.load(loadArgs()));
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
        onSpin: () => quiet(spin()),
        onBuy: askBuy,
        onBet: (b) => { try { setBet(b); } catch { /* busy */ } },
        onTopUp: topUp,
        onInfo: () => openInfo(),
        onMute: () => toggleMute(),
        onTurbo: toggleTurbo,
        onHistory: () => { if (!replaying) showHistory(); },
        onAfresh: startAfresh,
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
    seq = new Sequencer({
        model, renderer, reels, hud, panels, sound, format,
        speed: () => { renderer.k = speed(); return renderer.k; },
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
    document.getElementById("play-here").addEventListener("click", () => quiet(playHere()));
    showAll();
    renderer.start();
    if (params.get("debug") === "1") window.debugGame = { seq, reels, renderer, hud };

    const waiting = tabs?.role === "waiting";
    persist(); // the record as read (or fresh), and the first test of whether storage writes
    if (!waiting) showProblem(problem);

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
    if (waiting) {
        // Another tab plays: this one shows the saved game as it is and writes nothing.
        setState("ready");
        showWaiting("The game is open in another tab.");
        finishReady();
    } else if (st.pending) {
        // A round in progress (reload, closed tab): it resumes at its saved step before
        // anything else can start, and the game is ready once it has been credited.
        resume().then(finishReady);
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
    if (!(err instanceof StartupError)) {
        console.error(err);
        setState("error");
        status.textContent = `Sorry, the game could not start (${err?.message ?? err}). Please reload the page.`;
    }
    post("error", { message: status.textContent });
    readyReject(err);
});
