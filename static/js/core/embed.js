// @ts-check
// Embedding: with ?embed=1 the game sits in another page's iframe. It tells its parent what
// happens (postMessage) and obeys a few commands from the parent, and from the parent only.
// The message names and fields are the page contract (docs/page-contract.md).

import { describeValue } from "./errors.js";

export const SOURCE = "book-of-christmas-eve";

/** Messages the game posts to its parent, each `{source: SOURCE, type, ...fields}`. */
export const Outgoing = Object.freeze({
    READY: "ready",               // {balance, bet}
    ROUND_START: "roundStart",    // {bet}
    FEATURE_START: "featureStart",
    FEATURE_END: "featureEnd",    // {win}
    ROUND_END: "roundEnd",        // {bet, cost, buy, win, balance, timings}, once the win is credited
    ERROR: "error",               // {message, code?}: the game could not start;
                                  // {command, reason, code?}: a command of the parent was refused
    AUTOPLAY_START: "autoplayStart", // {rounds (null: until stopped), stopOnFeature, singleWinAtLeast, lossLimit, winLimit}
    AUTOPLAY_END: "autoplayEnd",  // {played, reason}
    REALITY_CHECK: "realityCheck", // {elapsedMs, staked, won, net}
    SESSION_END: "sessionEnd",    // {elapsedMs, staked, won, net}: the player left at a reality check
});

/** Commands the parent may post, each `{target: SOURCE, type, ...fields}`. */
export const Incoming = Object.freeze({
    SPIN: "spin", BUY: "buy", SET_BET: "setBet", MUTE: "mute",
    TURBO: "turbo",                // {on}
    AUTOPLAY: "autoplay",          // {rounds, stopOnFeature, singleWinAtLeast, lossLimit, winLimit}
    STOP_AUTOPLAY: "stopAutoplay",
    AGE_CONFIRMED: "ageConfirmed", // ?ageGate=1: the site confirmed the player's age; play may begin
    CONFIGURE: "configure",        // {settings: {lang, currency, bets, market, ...}}: before the first round
});

/**
 * Posts `{source: SOURCE, type, ...data}` to the parent (nothing without one).
 * @param {string} type  an Outgoing name
 * @param {Readonly<Record<string, unknown>>} [data]
 */
export function post(type, data = {}) {
    if (window.parent === window) return;
    try {
        window.parent.postMessage({ source: SOURCE, type, ...data }, "*");
    } catch { /* a closed or hostile parent must not break the game */ }
}

/**
 * A command's boolean field: `fallback` when absent; anything but true or false is refused.
 * @template F
 * @param {Readonly<Record<string, unknown>>} msg
 * @param {string} name
 * @param {F} fallback
 * @returns {boolean | F}
 */
export function flag(msg, name, fallback) {
    if (!(name in msg)) return fallback;
    const value = msg[name];
    if (typeof value !== "boolean") {
        throw new Error(`${name} must be true or false, not ${describeValue(value)}`);
    }
    return value;
}

/**
 * Obeys the parent's commands once `ready` has resolved. `commands` maps an Incoming type to
 * a function of the message (a Promise for spin and buy, settled when the round is credited).
 * Every refusal goes back to the parent as `{type: "error", command, reason}`: an unknown
 * type, a bad field, a spin while a round plays, a buy the balance cannot cover, another tab
 * playing. `whyNotReady()` is the text posted when the game could not start.
 * @param {{ ready: Promise<unknown>, commands: Readonly<Record<string, (msg: Record<string, any>) => unknown>>,
 *           whyNotReady: () => string }} parts
 */
export function listen({ ready, commands, whyNotReady }) {
    addEventListener("message", (ev) => {
        if (window.parent === window || ev.source !== window.parent) return;
        const msg = ev.data;
        if (!msg || typeof msg !== "object" || msg.target !== SOURCE) return;
        /** @type {string | null} */
        const command = typeof msg.type === "string" ? msg.type : null;
        ready.then(async () => {
            if (command === null || !Object.values(Incoming).some((name) => name === command)) {
                post(Outgoing.ERROR, {
                    command,
                    reason: `unknown command ${JSON.stringify(msg.type) ?? "(none)"}; ` +
                        `the commands are ${Object.values(Incoming).join(", ")}`,
                });
                return;
            }
            try {
                await commands[command](msg);
            } catch (thrown) {
                // the English reason, and the refusal's stable code when it has one (reasons.js)
                const err = /** @type {{ code?: unknown, message?: unknown } | null | undefined} any thrown value */ (thrown);
                const code = typeof err?.code === "string" ? { code: err.code } : {};
                post(Outgoing.ERROR, { command, reason: String(err?.message ?? thrown), ...code });
            }
        }, () => post(Outgoing.ERROR, { message: whyNotReady() }));
    });
}

/**
 * Posts to the parent what the controller, the live sequencer and the session clock tell
 * (roundEnd; roundStart, featureStart, featureEnd; realityCheck, sessionEnd): it only listens.
 * @param {{ controller: import("../round/controller.js").Controller, sequencer: import("../round/sequencer.js").Sequencer,
 *           clock: import("../operator/sessionclock.js").SessionClock | null }} parts
 */
export function report({ controller, sequencer, clock }) {
    controller.on("roundEnded", (e) => post(Outgoing.ROUND_END, {
        bet: e.bet, cost: e.cost, buy: e.buy, win: e.win, balance: e.balance, timings: e.timings,
    }));
    sequencer.on("roundStarted", (e) => post(Outgoing.ROUND_START, { bet: e.bet }));
    sequencer.on("featureStarted", () => post(Outgoing.FEATURE_START));
    sequencer.on("featureEnded", (e) => post(Outgoing.FEATURE_END, { win: e.total }));
    clock?.on("checkDue", (figures) => post(Outgoing.REALITY_CHECK, figures));
    clock?.on("sessionEnded", (figures) => post(Outgoing.SESSION_END, figures));
}
