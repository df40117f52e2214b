// @ts-check
// The page's one reporter of a start that failed: <html data-state> goes to "error" and
// #status says why, in one sentence. watchdog.js (an uncaught error while loading), bridge.js (the
// engine's worker failed) and app.js (a start that threw) all report through it; main.py says
// the same sentence when Python runs on the page (?engine=page).
//
// A download the boot needs that failed all its tries (docs/boot.md "Failed downloads"): the
// worker's files (static/boot/engine-worker.mjs), the worker's script (bridge.js), the page's
// own modules (static/js/start/earlyworker.js) end in reportDownloadFailure: the message, the Retry
// button (#retry: the same URL loaded again, so every launch setting and the saved game, which a
// failed boot never writes, are kept) and the parent's `error` message.

import * as embed from "../core/embed.js";
import { DOWNLOAD } from "../core/download.js";
import { t } from "../lang/i18n.js";

// The numbers of the tries and the stall timeout are the download helper's (core/download.js),
// exported on from here for the modules that report through this one
export { ATTEMPTS, BACKOFF_MS, DOWNLOAD, backoff, pause, stallMsOf } from "../core/download.js";

/** @type {{ code: string, file: string } | null} the download that failed, once reported */
let failure = null;

/** The sentence the loading screen shows when the game could not start because of `detail`.
 *  @param {string} detail @returns {string} */
export function startupMessage(detail) {
    return t("load.failed", { detail });
}

/** Shows the start as failed with `text` (the whole sentence): only while the page is loading,
 *  unless `always`. Returns whether it did.
 *  @param {string} text @param {{ always?: boolean }} [options] @returns {boolean} */
export function showStartupFailure(text, { always = false } = {}) {
    const root = document.documentElement;
    if (!always && root.dataset.state !== "loading") return false;
    root.dataset.state = "error";
    const status = document.getElementById("status");
    if (status) status.textContent = text;
    return true;
}

/** Shows the start as failed because of `detail` (startupMessage).
 *  @param {string} detail @param {{ always?: boolean }} [options] @returns {boolean} */
export function reportStartupError(detail, options) {
    return showStartupFailure(startupMessage(detail), options);
}

/** The loading screen's Retry button, shown and focused: it loads the same address again. */
function offerRetry() {
    const retry = document.getElementById("retry");
    if (!retry) return;
    retry.textContent = t("boot.retry");
    retry.addEventListener("click", () => location.reload(), { once: true });
    retry.hidden = false;
    retry.focus();
}

/** `file` (its path from the site's root) did not download after its tries: the message in the
 *  player's language, the Retry button, and the parent told ({message, code, file}). Only while
 *  loading, once; returns whether it did.
 *  @param {string} file @returns {boolean} */
export function reportDownloadFailure(file) {
    if (failure || !showStartupFailure(t("boot.failed", { file }))) return false;
    failure = { code: DOWNLOAD, file: String(file) };
    offerRetry();
    embed.post(embed.Outgoing.ERROR, { message: document.getElementById("status")?.textContent ?? "", ...failure });
    return true;
}

/** The download failure reported, `{code, file}`, or null. */
export const downloadFailure = () => failure;

/** The stable code of an engine whose worker is gone after it started (bridge.js). */
export const ENGINE_LOST = "engine.lost";
let engineLost = false;

/** The engine's worker is gone (`detail`: why, in English): the error screen at any time (after
 *  `ready` too), its words in the player's language, the Retry button (the same URL loaded
 *  again: the saved game is kept, and a round the engine did not decide was never debited),
 *  and the parent told, unless the page is still loading (app.js tells it then). Once.
 *  @param {string} detail @returns {boolean} */
export function reportEngineLost(detail) {
    const loading = document.documentElement.dataset.state === "loading";
    if (engineLost || failure || !showStartupFailure(t("engine.lost", { detail }), { always: true })) return false;
    engineLost = true;
    document.getElementById("loader")?.removeAttribute("hidden"); // (hidden at ready: loader.js)
    offerRetry();
    if (!loading) embed.post(embed.Outgoing.ERROR, { message: document.getElementById("status")?.textContent ?? "", code: ENGINE_LOST });
    return true;
}
