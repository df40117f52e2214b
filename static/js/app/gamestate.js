// What window.game reports of the page (docs/page-contract.md): game.state()'s fields, and
// when the page is settled (game.settled()). Read only: it looks at the parts app.js built
// (`game`: null while loading).

import { byId, pageState } from "../core/dom.js";

/** game.state(): the page's state, as the page contract lists it. */
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
        saving: !ownBalance && c !== undefined && game.store.notKept() === null,
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
 *  animations). */
export function animating(game) {
    return !!(game?.controller?.busy || (game?.link ?? game?.replays)?.playing
        || game?.reels.reels.some((r) => r.spinning) || !byId("overlay").hidden
        || game?.renderer.particles.length > 0);
}

/** Resolves when `idle()` is true: checked at once, then every 20 ms (timers, not frames: a
 *  hidden tab has no frames). */
export function settledWhen(idle) {
    return new Promise((resolve) => {
        const check = () => (idle() ? resolve() : setTimeout(check, 20));
        check();
    });
}
