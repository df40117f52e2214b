// @ts-check
// The loading screen: its progress bar and status line while the engine boots, hidden once
// the game is ready (app.js). The status line stays: it is the page's live region of the
// loading steps and of why the page could not start (startup.js).

import { PageState, byId, pageState } from "../core/dom.js";
import { t } from "../lang/i18n.js";

export class Loader {
    /** @param {{ screen?: HTMLElement, bar?: HTMLElement, status?: HTMLElement }} [elements]  the loading screen, its bar
     *      and its status line (index.html's by default) */
    constructor({ screen = byId("loader"), bar = byId("load-bar"), status = byId("status") } = {}) {
        Object.assign(this, { screen, bar, status });
        /** @type {HTMLElement} */
        this.screen; // (these three set by the Object.assign above)
        /** @type {HTMLElement} */
        this.bar;
        /** @type {HTMLElement} */
        this.status;
        /** @type {number} */
        this.progress = 0.05; // of the bar, 0 to 1: it only moves forward
    }

    /** A loading step: its words (null: the line stays) and the bar at least at `at`.
     *  @param {string | null} text
     *  @param {number} at */
    stage(text, at) {
        if (pageState() !== PageState.LOADING) return;
        if (text) this.status.textContent = text;
        this.progress = Math.max(this.progress, at);
        this.bar.style.width = `${Math.round(this.progress * 100)}%`;
    }

    /** The runtime's own progress events (PyScript's `py:progress`) move the bar on.
     *  @param {EventTarget} [target] */
    listen(target = globalThis) {
        target.addEventListener("py:progress", (ev) => {
            const detail = String(/** @type {CustomEvent} */ (ev).detail ?? "");
            this.stage(detail.startsWith("Loaded") ? null : t("load.step", { detail }), Math.min(0.7, this.progress + 0.1));
        });
    }

    /** The game is ready: the screen fades out (at once when `fast`: ?speed=fast).
     *  @param {{ fast?: boolean }} [options] */
    hide({ fast = false } = {}) {
        this.stage(t("load.ready"), 1);
        this.status.textContent = t("load.ready");
        document.body.classList.add("loaded");
        const hide = () => { this.screen.hidden = true; };
        this.screen.addEventListener("transitionend", hide, { once: true });
        setTimeout(hide, fast ? 0 : 700);
    }
}
