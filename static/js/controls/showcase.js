// @ts-check
// The showcase (?demo=feature): buys features one after another on a balance of its own, for
// marketing pages; `#demo-pause` pauses it between rounds and resumes it
// (`<html data-demo="paused">` while it is parked).

import { byId } from "../core/dom.js";
import { t } from "../lang/i18n.js";

/** Runs the showcase on `controller` for ever; `speed()` scales the pause between rounds.
 *  @param {import("../round/controller.js").Controller} controller
 *  @param {() => number} speed  the game's pace factor (1 normal, smaller faster)
 *  @returns {Promise<never>} */
export async function demoLoop(controller, speed) {
    byId("demo-banner").hidden = false;
    const pause = byId("demo-pause");
    /** Resumes the loop parked between rounds; null while it runs. @type {(() => void) | null} */
    let resume = null;
    pause.hidden = false;
    pause.addEventListener("click", () => {
        const paused = pause.getAttribute("aria-pressed") !== "true";
        pause.setAttribute("aria-pressed", String(paused));
        pause.textContent = t(paused ? "demo.resume" : "demo.pause");
        if (!paused) resume?.();
    });
    for (;;) {
        if (pause.getAttribute("aria-pressed") === "true") {
            document.documentElement.dataset.demo = "paused"; // parked between rounds
            await /** @type {Promise<void>} */ (new Promise((r) => { resume = r; }));
            delete document.documentElement.dataset.demo;
        }
        if (!controller.canPlay(true).ok) controller.topUp();
        try {
            await controller.play(true);
        } catch (err) {
            console.warn("demo round failed", err);
        }
        await new Promise((r) => setTimeout(r, 1800 * speed()));
    }
}
