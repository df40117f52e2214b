// @ts-check
// The page's programming interface: window.game and the embedding commands a parent posts
// (docs/page-contract.md). Both exist from the first moment (window.game.ready resolves when
// the game is), over the parts app.js builds once the engine is up (`parts()`: null until
// then) and the launch they were built under (`launched()`).
//
//   publish({ ready, parts, launched, ageGate, speed, params, mode, demo, ownBalance })

import { OPTIONS as AUTOPLAY_OPTIONS } from "../controls/autoplayrules.js";
import { Refused } from "../core/errors.js";
import * as embed from "../core/embed.js";
import { PageState, byId, pageState } from "../core/dom.js";
import { reconfigure } from "../operator/operator.js";
import { refusal } from "../operator/jurisdiction.js";
import { repaintAll, still } from "../core/still.js";
import { animating, describeGame, settledWhen } from "./gamestate.js";

/** @typedef {import("./app.js").Parts} Parts */
/** @typedef {import("./app.js").GameParts} GameParts */
/** @typedef {import("./app.js").LinkParts} LinkParts */
/** @typedef {import("../operator/operator.js").Launched} Launched */
/** @typedef {import("../round/controller.js").Controller} Controller */
/** @typedef {import("../controls/playercontrols.js").PlayerControls} PlayerControls */
/** @typedef {import("../replay/replay.js").Replays} Replays */
/** @typedef {import("../replay/replaymode.js").LinkReplay} LinkReplay */
/**
 * window.game (docs/page-contract.md: each call's meaning). The arguments are `unknown` where
 * the page contract's caller may give anything: the part that answers checks them.
 * @typedef {object} GameApi
 * @property {Promise<void>} ready
 * @property {() => ReturnType<Controller["play"]>} spin
 * @property {() => ReturnType<Controller["play"]>} buy
 * @property {Controller["setBet"]} setBet
 * @property {() => import("./gamestate.js").GameStateReport} state
 * @property {() => ReturnType<Replays["list"] | LinkReplay["list"]>} history
 * @property {(index: unknown) => ReturnType<Replays["replay"]>} replay
 * @property {(index: unknown) => ReturnType<Replays["replayLink"]>} replayLink
 * @property {() => ReturnType<LinkReplay["play"]>} playReplay
 * @property {() => ReturnType<Replays["stop"] | LinkReplay["stop"]>} stopReplay
 * @property {() => Promise<void>} settled
 * @property {() => void} repaint
 * @property {() => Promise<import("../ledger/tabs.js").TabRole | "demo" | null>} playHere
 * @property {(on?: unknown) => ReturnType<PlayerControls["setTurbo"]>} setTurbo
 * @property {(settings: unknown) => void} setSound
 * @property {(opts: unknown) => ReturnType<PlayerControls["autoplay"]>} autoplay
 * @property {() => boolean} stopAutoplay
 */
/** The page's window, with its API.
 *  @typedef {typeof window & { game: GameApi }} GameWindow */

/** `mode`: "play" or replaymode.js REPLAY_MODE (a replay link's page). Returns the API's `spin`, `buy` and
 *  `autoplay` as the page's own controls use them.
 *  @param {object} o
 *  @param {Promise<void>} o.ready  resolves once the game is ready
 *  @param {() => Parts | null} o.parts  the parts app.js built (null while loading)
 *  @param {() => Launched | null} o.launched  the launch (null while loading)
 *  @param {import("../operator/operator.js").AgeGate} o.ageGate
 *  @param {() => number} o.speed  every animation's duration is multiplied by it
 *  @param {URLSearchParams} o.params  the page's address's
 *  @param {import("./gamestate.js").PageMode} o.mode
 *  @param {boolean} o.demo
 *  @param {boolean} o.ownBalance
 *  @returns {Pick<GameApi, "spin" | "buy" | "autoplay">} */
export function publish({ ready, parts, launched, ageGate, speed, params, mode, demo, ownBalance }) {
    /** The page's parts once it has loaded; refused while it loads. */
    const loaded = () => {
        const game = parts();
        if (!game || pageState() === PageState.LOADING) throw new Refused("the game is still loading: await game.ready first");
        return game;
    };
    /** The live game's parts; a replay link's page refuses, as it plays no rounds. */
    const game = () => {
        const p = loaded();
        if (!p.controller) throw new Refused("a replay link plays no rounds: open the game to play");
        return /** @type {GameParts} */ (p);
    };
    /** The live game's controller. */
    const live = () => game().controller;
    const spin = async () => live().play(false);
    const buy = async () => live().play(true);
    /** Autoplay as the API and the parent ask for it: refused at once while the age gate holds.
     *  @param {unknown} opts */
    const autoplay = async (opts) => {
        live();
        const held = ageGate.why();
        if (held) throw new Error(held);
        return /** @type {GameParts} */ (parts()).controls.autoplay(opts); // (live(): the game's parts)
    };
    /** Still mode: the page laid out and painted afresh (settled() ends with it; a test holding a
     *  moment inside a round with its clock calls it). Elsewhere nothing. */
    const repaint = () => { if (still) repaintAll(); };
    const state = () => describeGame(parts(), {
        profile: launched()?.profile ?? null, settings: launched()?.settings ?? null, speed: speed(), demo, ownBalance, mode,
    });

    // After live() (which refuses while loading and on a replay link's page), parts() are the
    // game's (GameParts); the embedding commands run once `ready` resolved (embed.js listen), so
    // parts() and launched() are set there.
    /** @type {GameWindow} */ (window).game = {
        ready,
        spin,
        buy,
        setBet: (minor) => live().setBet(minor),
        state,
        history: () => (loaded().link ?? /** @type {Replays} */ (loaded().replays)).list(),
        replay: async (index) => game().replays.replay(index),
        replayLink: async (index) => game().replays.replayLink(index),
        playReplay: async () => {
            const link = loaded().link;
            if (!link) throw new Refused("only a replay link's page has a round to play: use replay(index)");
            return link.play();
        },
        stopReplay: () => (loaded().link ?? /** @type {Replays} */ (loaded().replays)).stop(),
        // still mode: the page painted afresh once settled, so a screenshot is the same every load
        settled: () => ready.then(() => settledWhen(() => !animating(parts()))).then(repaint),
        repaint,
        playHere: async () => game().shared.playHere(),
        setTurbo: (on) => game().controls.setTurbo(on),
        setSound: (settings) => { live().setSound(settings); },
        autoplay: (opts) => autoplay(opts),
        stopAutoplay: () => parts()?.controls?.stopAutoplay() ?? false,
    };

    embed.listen({
        ready,
        whyNotReady: () => /** @type {string} */ (byId("status").textContent), // (an element's: never null)
        commands: {
            [embed.Incoming.SPIN]: () => spin(),
            [embed.Incoming.BUY]: () => {
                const no = refusal(/** @type {Launched} */ (launched()).profile, "buy");
                if (no) throw new Error(no);
                return buy();
            },
            [embed.Incoming.TURBO]: (msg) => game().controls.setTurbo(embed.flag(msg, "on", !live().state.turbo)),
            // the message's own fields (type, target) aside, every option the autoplay knows
            [embed.Incoming.AUTOPLAY]: (msg) => autoplay(Object.fromEntries(
                AUTOPLAY_OPTIONS.filter((k) => k in msg).map((k) => [k, msg[k]]))),
            [embed.Incoming.STOP_AUTOPLAY]: () => /** @type {GameWindow} */ (window).game.stopAutoplay(),
            [embed.Incoming.SET_BET]: (msg) => live().setBet(msg.bet),
            // new launch settings before the first round: the page starts again with them (operator.js)
            // (a replay link's page plays no rounds: it is refused before the settings are read)
            [embed.Incoming.CONFIGURE]: (msg) => {
                const c = live();
                return reconfigure(msg.settings, {
                    params, base: /** @type {Launched} */ (launched()).base, bridge: loaded().bridge,
                    played: () => c.roundsDone > 0 || c.busy,
                });
            },
            [embed.Incoming.AGE_CONFIRMED]: () => ageGate.confirm(),
            [embed.Incoming.MUTE]: (msg) => live().setMuted(embed.flag(msg, "muted", !live().state.muted)),
        },
    });
    return { spin, buy, autoplay };
}
