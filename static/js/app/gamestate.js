// @ts-check
// What window.game reports of the page (docs/page-contract.md): game.state()'s fields, and
// when the page is settled (game.settled()). Read only: it looks at the parts app.js built
// (`game`: null while loading).

import { byId, pageState } from "../core/dom.js";

/** @typedef {import("./app.js").Parts} Parts */
/** @typedef {import("./app.js").GameParts} GameParts */
/** The page's mode: the game, or a replay link's page (replaymode.js REPLAY_MODE).
 *  @typedef {"play" | "replay"} PageMode */
/**
 * What describeGame reads besides the parts: the launch (null while loading) and the page's own.
 * @typedef {object} DescribeOptions
 * @property {import("../operator/jurisdiction.js").Profile | null} profile
 * @property {import("../operator/launch.js").Settings | null} settings
 * @property {number} speed  every animation's duration is multiplied by it
 * @property {boolean} demo  ?demo=feature
 * @property {boolean} ownBalance  a balance of its own (the showcase, a scenario): nothing saved
 * @property {PageMode} mode
 */
/**
 * game.state() (docs/page-contract.md, `state()`: each field's meaning). Null where the page
 * has no such thing yet (loading) or at all (a replay link's page).
 * @typedef {object} GameStateReport
 * @property {string | undefined} state  <html data-state>
 * @property {number | null} balance
 * @property {number | null} bet
 * @property {number} lastWin
 * @property {boolean} muted
 * @property {boolean} music
 * @property {boolean} effects
 * @property {boolean} turbo
 * @property {number} speed
 * @property {boolean} feature
 * @property {string | null} freeSpin  "N/COUNT" during the feature
 * @property {boolean} demo
 * @property {number | null} seed
 * @property {string | null} rng
 * @property {boolean} replay
 * @property {PageMode} mode
 * @property {ReturnType<import("./app.js").Scenario["state"]> | null} scenario
 * @property {ReadonlyArray<import("../round/timings.js").RoundTiming>} timings
 * @property {number | null} resumedFrom
 * @property {boolean} saving
 * @property {number} history
 * @property {import("../ledger/tabs.js").TabRole | "demo" | null} tab
 * @property {number | null} revision
 * @property {string | null} jurisdiction
 * @property {string | null} market
 * @property {import("../operator/launch.js").Settings | null} settings
 * @property {number | null} autoplay
 * @property {import("../operator/sessionclock.js").Figures | null} session
 */

/** game.state(): the page's state, as the page contract lists it.
 *  @param {Parts | null} game  null while loading
 *  @param {DescribeOptions} options
 *  @returns {GameStateReport} */
export function describeGame(game, { profile, settings, speed, demo, ownBalance, mode }) {
    const c = game?.controller;
    const feature = game?.sequencer.feature;
    const replaying = game?.link ?? game?.replays;
    return {
        state: pageState(),
        balance: c?.state.balance ?? null,
        bet: c?.state.bet ?? null,
        lastWin: c?.lastWin ?? 0,
        muted: c?.state.muted ?? false,
        music: c ? c.state.music !== false : true,
        effects: c ? c.state.effects !== false : true,
        turbo: (profile?.turbo ?? false) && (c?.state.turbo ?? false),
        speed,
        feature: feature?.on ?? false,
        freeSpin: feature?.on ? `${feature.number}/${feature.count}` : null,
        demo,
        seed: game?.bridge.seed ?? null,
        rng: game?.bridge.rngName ?? null,
        replay: replaying?.playing ?? false,
        mode,
        scenario: game?.scenario?.state() ?? null,
        timings: c?.timings.list() ?? [],
        resumedFrom: c?.resumedFrom ?? null,
        saving: !ownBalance && c !== undefined && /** @type {GameParts} */ (game).store.notKept() === null, // (a controller: the game's)
        history: c?.state.history.length ?? 0,
        tab: game?.shared?.role ?? null,
        revision: c?.state.revision ?? null,
        jurisdiction: profile?.name ?? null,
        market: settings?.market ?? null,
        settings,
        autoplay: game?.controls?.driver.left ?? null,
        session: game?.clock?.figures() ?? null,
    };
}

/** Whether a round animation runs: a round or replay on screen, a reel spinning, a round panel
 *  open, coins of a win still falling (the ambient snow and the resting win pulse are not round
 *  animations).
 *  @param {Parts | null} game  null while loading
 *  @returns {boolean} */
export function animating(game) {
    return !!(game?.controller?.busy || (game?.link ?? game?.replays)?.playing
        || game?.reels.reels.some((r) => r.spinning) || !byId("overlay").hidden
        // (while loading, no renderer: undefined > 0 is false)
        || /** @type {number} */ (game?.renderer.state.particles.length) > 0);
}

/** Resolves when `idle()` is true: checked at once, then every 20 ms (timers, not frames: a
 *  hidden tab has no frames).
 *  @param {() => boolean} idle
 *  @returns {Promise<void>} */
export function settledWhen(idle) {
    return new Promise((resolve) => {
        const check = () => (idle() ? resolve() : setTimeout(check, 20));
        check();
    });
}
