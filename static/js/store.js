// All of the player's state in one place: balance, bet, settings and the round in progress
// (its dict and the index of the next event to reveal). Saved as JSON in localStorage.
//
//   import * as store from "./store.js";
//   const s = store.load();          // always returns a usable state
//   s.balance -= cost; store.save(); // persist (a no-op when storage is unavailable)
//
// A later issue hardens this (checksums, history, hostile input); everything that touches
// player state goes through here so that it has one place to change.

const KEY = "boce.player.v1";
export const DEMO_BALANCE = 100000; // 1000.00 in minor units, the first visit's demo balance

function fresh() {
    return { balance: DEMO_BALANCE, bet: null, muted: false, turbo: false, pending: null };
}

let state = fresh();
let persistent = true;

function storage() {
    try {
        return globalThis.localStorage ?? null;
    } catch {
        return null; // access itself can throw (sandboxed frame, blocked cookies)
    }
}

function isMinor(x) {
    return Number.isSafeInteger(x) && x >= 0;
}

/** Reads the saved state; anything missing or malformed falls back to the defaults. */
export function load({ memoryOnly = false } = {}) {
    persistent = !memoryOnly;
    state = fresh();
    if (!persistent) return state;
    try {
        const raw = storage()?.getItem(KEY);
        if (!raw) return state;
        const saved = JSON.parse(raw);
        if (saved && typeof saved === "object") {
            if (isMinor(saved.balance)) state.balance = saved.balance;
            if (isMinor(saved.bet)) state.bet = saved.bet;
            state.muted = saved.muted === true;
            state.turbo = saved.turbo === true;
            const p = saved.pending;
            if (p && typeof p === "object" && p.round && Array.isArray(p.round.events)
                && Number.isInteger(p.step) && p.step >= 0 && p.step < p.round.events.length) {
                state.pending = { round: p.round, step: p.step };
            }
        }
    } catch {
        state = fresh(); // unreadable save: start again from the demo balance
    }
    return state;
}

/** Writes the state; returns false when it could not be saved (the game plays on anyway). */
export function save() {
    if (!persistent) return false;
    try {
        storage()?.setItem(KEY, JSON.stringify(state));
        return true;
    } catch {
        return false;
    }
}

export function get() {
    return state;
}
