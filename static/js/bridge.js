// The page's one door to the rules engine. main.py publishes `window.bridge` (synchronous
// functions that take and return JSON strings); this module wraps it so that every call
// returns a Promise of a parsed object. Nothing else in static/js touches window.bridge, so
// moving Python into a Web Worker later changes this file only.
//
//   const bridge = await connect();              // once main.py has started
//   const model = await bridge.model();
//   const offer = await bridge.offer(100);       // {bet, cost, buy_cost, line_bet, paytable, cap, big_win, ...}
//   const { round, rng } = await bridge.playRound(100, false);
//   const checked = await bridge.checkRound(savedRound, bet, cost);
//   await bridge.restoreRng(state);
//
// A request the engine refuses rejects with an `EngineRefusal` carrying the engine's words.

/** The engine said no (a bad bet, a round that does not verify, a refused generator state). */
export class EngineRefusal extends Error {}

/** A failure the loading screen already shows in its own words (main.py or boot.js). */
export class StartupError extends Error {}

function parsed(json) {
    const value = JSON.parse(json);
    if (value && typeof value === "object" && "error" in value) throw new EngineRefusal(value.error);
    return value;
}

export class Bridge {
    constructor(raw) {
        this._raw = raw;
        /** The `?seed=N` in use, or null (SystemRandom). */
        this.seed = raw.seed ?? null;
        /** "SystemRandom" or "Random(seed=N)". */
        this.rngName = raw.rngName ?? null;
    }

    /** The model (engine/data/model.json as the engine read it). */
    async model() {
        return JSON.parse(this._raw.modelJson);
    }

    /** What a bet costs and pays: cost, buy_cost, line_bet, paytable in minor units, cap,
     *  big-win tiers, free-spin count. */
    async offer(bet) {
        return parsed(this._raw.offer(bet));
    }

    /** Decides one whole round: `{round, rng}` (rng: the seeded generator's state after it, or null). */
    async playRound(bet, buy) {
        return parsed(this._raw.playRound(bet, buy));
    }

    /** A saved round re-derived by the engine from its stops: the full round with its events. */
    async checkRound(round, bet, cost) {
        return parsed(this._raw.checkRound(JSON.stringify(round), bet, cost)).round;
    }

    /** Puts the seeded generator back in a saved state. */
    async restoreRng(state) {
        const refused = this._raw.restoreRng(JSON.stringify(state));
        if (refused) throw new EngineRefusal(refused);
    }
}

/** The bridge, once main.py has fired `bridge-ready`; rejects with a StartupError if the page
 *  goes to its error state first (main.py's startup error, or boot.js's watchdog). */
export function connect() {
    const root = document.documentElement;
    if (window.bridge) return Promise.resolve(new Bridge(window.bridge));
    return new Promise((resolve, reject) => {
        const watch = new MutationObserver(failed);
        const stop = () => { watch.disconnect(); removeEventListener("bridge-ready", started); };
        function started() { stop(); resolve(new Bridge(window.bridge)); }
        function failed() {
            if (root.dataset.state !== "error") return;
            stop();
            reject(new StartupError(document.getElementById("status").textContent));
        }
        addEventListener("bridge-ready", started);
        watch.observe(root, { attributes: true, attributeFilter: ["data-state"] });
        failed();
    });
}
