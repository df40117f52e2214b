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

/** `mode`: "play" or replaymode.js REPLAY_MODE (a replay link's page). Returns the API's `spin`, `buy` and
 *  `autoplay` as the page's own controls use them. */
export function publish({ ready, parts, launched, ageGate, speed, params, mode, demo, ownBalance }) {
    /** The live game's controller; a replay link's page refuses, as it plays no rounds. */
    const live = () => {
        const game = parts();
        if (!game || pageState() === PageState.LOADING) throw new Refused("the game is still loading: await game.ready first");
        if (!game.controller) throw new Refused("a replay link plays no rounds: open the game to play");
        return game.controller;
    };
    const spin = async () => live().play(false);
    const buy = async () => live().play(true);
    /** Autoplay as the API and the parent ask for it: refused at once while the age gate holds. */
    const autoplay = async (opts) => {
        live();
        const held = ageGate.why();
        if (held) throw new Error(held);
        return parts().controls.autoplay(opts);
    };
    /** Still mode: the page laid out and painted afresh (settled() ends with it; a test holding a
     *  moment inside a round with its clock calls it). Elsewhere nothing. */
    const repaint = () => { if (still) repaintAll(); };
    const state = () => describeGame(parts(), {
        profile: launched()?.profile ?? null, settings: launched()?.settings ?? null, speed: speed(), demo, ownBalance, mode,
    });

    window.game = {
        ready,
        spin,
        buy,
        setBet: (minor) => live().setBet(minor),
        state,
        history: () => (parts().link ?? parts().replays).list(),
        replay: async (index) => { live(); return parts().replays.replay(index); },
        replayLink: async (index) => { live(); return parts().replays.replayLink(index); },
        playReplay: async () => {
            if (!parts().link) throw new Refused("only a replay link's page has a round to play: use replay(index)");
            return parts().link.play();
        },
        stopReplay: () => (parts().link ?? parts().replays).stop(),
        // still mode: the page painted afresh once settled, so a screenshot is the same every load
        settled: () => ready.then(() => settledWhen(() => !animating(parts()))).then(repaint),
        repaint,
        playHere: async () => { live(); return parts().shared.playHere(); },
        setTurbo: (on) => { live(); return parts().controls.setTurbo(on); },
        setSound: (settings) => { live().setSound(settings); },
        autoplay: (opts) => autoplay(opts),
        stopAutoplay: () => parts()?.controls?.stopAutoplay() ?? false,
    };

    embed.listen({
        ready,
        whyNotReady: () => byId("status").textContent,
        commands: {
            [embed.Incoming.SPIN]: () => spin(),
            [embed.Incoming.BUY]: () => {
                const no = refusal(launched().profile, "buy");
                if (no) throw new Error(no);
                return buy();
            },
            [embed.Incoming.TURBO]: (msg) => parts().controls.setTurbo(embed.flag(msg, "on", !live().state.turbo)),
            // the message's own fields (type, target) aside, every option the autoplay knows
            [embed.Incoming.AUTOPLAY]: (msg) => autoplay(Object.fromEntries(
                AUTOPLAY_OPTIONS.filter((k) => k in msg).map((k) => [k, msg[k]]))),
            [embed.Incoming.STOP_AUTOPLAY]: () => window.game.stopAutoplay(),
            [embed.Incoming.SET_BET]: (msg) => live().setBet(msg.bet),
            // new launch settings before the first round: the page starts again with them (operator.js)
            [embed.Incoming.CONFIGURE]: (msg) => reconfigure(msg.settings, {
                params, base: launched().base, bridge: parts().bridge,
                played: () => parts().controller.roundsDone > 0 || parts().controller.busy,
            }),
            [embed.Incoming.AGE_CONFIRMED]: () => ageGate.confirm(),
            [embed.Incoming.MUTE]: (msg) => live().setMuted(embed.flag(msg, "muted", !live().state.muted)),
        },
    });
    return { spin, buy, autoplay };
}
