// The page's one reporter of a start that failed: <html data-state> goes to "error" and
// #status says why, in one sentence. boot.js (an uncaught error while loading), bridge.js (the
// engine's worker failed) and app.js (a start that threw) all report through it; main.py says
// the same sentence when Python runs on the page (?engine=page).

import { t } from "./i18n.js";

/** The sentence the loading screen shows when the game could not start because of `detail`. */
export function startupMessage(detail) {
    return t("load.failed", { detail });
}

/** Shows the start as failed with `text` (the whole sentence): only while the page is loading,
 *  unless `always`. Returns whether it did. */
export function showStartupFailure(text, { always = false } = {}) {
    const root = document.documentElement;
    if (!always && root.dataset.state !== "loading") return false;
    root.dataset.state = "error";
    const status = document.getElementById("status");
    if (status) status.textContent = text;
    return true;
}

/** Shows the start as failed because of `detail` (startupMessage). */
export function reportStartupError(detail, options) {
    return showStartupFailure(startupMessage(detail), options);
}
