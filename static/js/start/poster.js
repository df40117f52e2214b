// @ts-check
// Marketing embeds. `?poster=1`: the game's art (the reels painted at rest, firstpaint.js, and
// the title) with a Play button `#poster-play`; no part of the Python runtime is downloaded
// until it is pressed (bridge.js starts the engine on `released`). A video or screenshot of a
// game needs no age check; a playable demo does (`?ageGate=1`, app.js), and a poster costs a
// visitor nothing until they choose to play.
//
//   import { released } from "./poster.js";
//   released.then(startTheEngine);   // at once without ?poster=1

import { byId } from "../core/dom.js";

const POSTER = new URLSearchParams(location.search).get("poster") === "1";

/** @param {(value?: undefined) => void} resolve */
function showPoster(resolve) {
    const poster = byId("poster");
    document.documentElement.dataset.poster = "";
    poster.hidden = false;
    const play = byId("poster-play");
    play.addEventListener("click", () => {
        poster.hidden = true;
        delete document.documentElement.dataset.poster;
        resolve();
    }, { once: true });
    play.focus({ preventScroll: true });
}

/** Resolves when the engine may start: at once, or when the poster's Play is pressed. */
/** @type {Promise<void>} */
export const released = POSTER ? new Promise(showPoster) : Promise.resolve();
