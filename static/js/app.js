// The game page's glue: boots on the bridge (main.py), wires HUD, renderer, reels and the
// sequencer, owns the money flow, and publishes the page's contract (window.game, data-state,
// postMessage in ?embed=1, the ?demo=feature showcase). See /GAME.md "The page's contract".

import { renderInfo } from "./info.js";
import { Hud, makeFormat } from "./hud.js";
import { Panels } from "./panels.js";
import { ReelSet } from "./reels.js";
import { Renderer } from "./renderer.js";
import { Sequencer } from "./sequencer.js";
import { Sound } from "./sound.js";
import * as store from "./store.js";

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
let busy = false;
let lastWin = 0;

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

function waitForBridge() {
    if (window.bridge) return Promise.resolve(window.bridge);
    return new Promise((resolve) => addEventListener("bridge-ready", () => resolve(window.bridge), { once: true }));
}

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

async function play(buy) {
    if (busy) throw new Error("a round is already playing");
    if (costOf(buy) > st.balance) throw refuse(buy);
    hud.hideMessage();
    const round = JSON.parse(window.bridge.playRound(st.bet, buy));
    if (round.error) {
        hud.showMessage(round.error);
        throw new Error(round.error);
    }
    // The round is decided: debit its cost now, keep it as the round in progress.
    st.balance -= round.cost;
    st.pending = { round, step: 0 };
    store.save();
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
                if (st.pending) { st.pending.step = i; store.save(); }
            },
        });
    } catch (err) {
        console.error("the reveal failed; crediting the round as decided", err);
        credit(round);
    } finally {
        busy = false;
        hud.setBusy(false);
        setState("ready");
    }
    return round;
}

/** Credit the round's win when its reveal ends (once). */
function credit(round) {
    if (!st.pending || st.pending.round !== round) return;
    st.balance += round.total_win;
    st.pending = null;
    lastWin = round.total_win;
    store.save();
    showBalance();
    hud.setWin(round.total_win);
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
    if (!model.bets.includes(minor)) throw new Error(`${minor} is not a bet level (${model.bets.join(", ")})`);
    st.bet = minor;
    store.save();
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
    };
}

window.game = { ready, spin, buy, setBet, state: gameState };

// ---- UI actions ----------------------------------------------------------------------------

const quiet = (p) => p.catch(() => {}); // UI clicks report refusals on screen, not as errors

const buyDialog = document.getElementById("buy-dialog");
function askBuy() {
    if (busy) return;
    if (costOf(true) > st.balance) { refuse(true); return; }
    document.getElementById("buy-dialog-price").textContent = format(costOf(true));
    document.getElementById("buy-dialog-bet").textContent = format(st.bet);
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
    if (!infoDialog.open) infoDialog.showModal();
}

function toggleMute(value) {
    st.muted = typeof value === "boolean" ? value : !st.muted;
    try { if (sound) sound.muted = st.muted; } catch { /* optional */ }
    store.save();
    hud.setMuted(st.muted);
}

function toggleTurbo() {
    st.turbo = !st.turbo;
    store.save();
    hud.setTurbo(st.turbo);
}

function topUp() {
    st.balance = Math.max(st.balance, store.DEMO_BALANCE);
    store.save();
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
        seq.hurry();
        return;
    }
    if ((ev.key === " " || ev.key === "Enter") && !interactive(ev.target) && !buyDialog.open && !infoDialog.open) {
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
    });
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
    st = store.load({ memoryOnly: demo });
    if (demo) { st.balance = store.DEMO_BALANCE; st.pending = null; }
    if (!model.bets.includes(st.bet)) st.bet = model.default_bet;
    try {
        sound = new Sound();
        sound.muted = st.muted;
    } catch { sound = null; }

    const symbols = [...Object.keys(model.paytable), model.wild];
    renderer = new Renderer(document.getElementById("reels"), { symbols, reduced: reducedMotion });
    await renderer.load();
    const pendingView = st.pending?.round;
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
    document.getElementById("stage").addEventListener("pointerdown", () => { if (busy) seq.hurry(); });
    document.getElementById("info-close").addEventListener("click", () => infoDialog.close());
    showBalance();
    hud.setBet(st.bet);
    hud.setWin(0);
    hud.setMuted(st.muted);
    hud.setTurbo(st.turbo);
    renderer.start();
    if (params.get("debug") === "1") window.debugGame = { seq, reels, renderer, hud };

    stage("Ready.", 1);
    status.textContent = "Ready.";
    setState("ready");
    document.body.classList.add("loaded");
    const loader = document.getElementById("loader");
    const hideLoader = () => { loader.hidden = true; };
    loader.addEventListener("transitionend", hideLoader, { once: true });
    setTimeout(hideLoader, speed() < 0.1 ? 0 : 700);
    readyResolve();
    post("ready", { balance: st.balance, bet: st.bet });

    if (pendingView) {
        hud.showMessage("Welcome back: finishing the round you started.");
        reveal(pendingView, st.pending.step).then(() => hud.hideMessage());
    } else if (demo) {
        demoLoop();
    } else if (st.balance < model.bets[0]) {
        refuse(false);
    }
}

start().catch((err) => {
    console.error(err);
    setState("error");
    status.textContent = `Sorry, the game could not start (${err?.message ?? err}). Please reload the page.`;
    readyReject(err);
});
