// @ts-check
// The history panel: the player's last rounds (newest first), each with Replay, Share and
// Export buttons. It only renders; replay.js owns the dialog and what the buttons do,
// store.js the entries.

import { el, symbolUrl } from "../core/dom.js";
import { lang, t } from "../lang/i18n.js";

/** A history entry as the panel shows it (ledger/store.js historyEntry keeps more): when the
 *  round ended (ms since the epoch), its bet and total win in minor units, whether the feature
 *  was bought or won, and its special symbol (null without a feature).
 * @typedef {object} HistoryRow
 * @property {number} time
 * @property {number} bet
 * @property {boolean} buy
 * @property {number} win
 * @property {boolean} feature
 * @property {string | null} special
 */

/**
 * What renderHistory draws and what its buttons call, with the entry's index (0 = newest).
 * @typedef {object} HistoryOptions
 * @property {readonly HistoryRow[]} entries  newest first
 * @property {(minor: number) => string} format
 * @property {boolean} busy  a round plays: Replay is disabled
 * @property {(index: number) => void} onReplay
 * @property {(index: number) => void} onShare
 * @property {(index: number) => void} onExport
 */

// Made on first use, once per language: building an Intl formatter loads locale data, a long
// task on a slow phone that the page's start-up does not need.
/** @type {Map<string, Intl.DateTimeFormat>} */
const dateFormats = new Map();
export const timeFormat = {
    /** A round's time as the history shows it, in the page's language.
     *  @param {Date | number} date  @returns {string} */
    format(date) {
        const code = lang();
        if (!dateFormats.has(code)) dateFormats.set(code, new Intl.DateTimeFormat(code, {
            month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit",
        }));
        return /** @type {Intl.DateTimeFormat} */ (dateFormats.get(code)).format(date); // (made above)
    },
};

/** One of a row's buttons.
 *  @param {string} label  @param {string} className  @param {string} aria  its aria-label
 *  @param {boolean} disabled  @param {() => void} onClick  @returns {HTMLButtonElement} */
function action(label, className, aria, disabled, onClick) {
    const button = el("button", `btn btn-small ${className}`, label);
    button.type = "button";
    button.disabled = disabled;
    button.setAttribute("aria-label", aria);
    button.addEventListener("click", onClick);
    return button;
}

/** Fills `root` with the history's table (or says it is empty), replacing what it held.
 *  @param {Element} root  @param {HistoryOptions} options */
export function renderHistory(root, { entries, format, busy, onReplay, onShare, onExport }) {
    if (!entries.length) {
        root.replaceChildren(el("p", "history-empty", t("history.empty")));
        return;
    }
    const table = el("table", "history-table");
    const head = el("tr");
    for (const h of ["time", "bet", "win", "feature", "special"]) head.append(el("th", "", t(`history.${h}`)));
    head.append(el("th"));
    table.append(el("thead"));
    /** @type {HTMLTableSectionElement} */ (table.tHead).append(head); // (the <thead> appended above)
    const body = el("tbody");
    entries.forEach((h, i) => {
        const row = el("tr", h.win > 0 ? "history-row won" : "history-row");
        row.dataset.index = String(i);
        const time = el("td", "history-time", timeFormat.format(new Date(h.time)));
        const bet = el("td", "history-bet", format(h.bet));
        bet.dataset.minor = String(h.bet);
        if (h.buy) bet.append(el("span", "history-bought", t("history.bought")));
        const win = el("td", "history-win", format(h.win));
        win.dataset.minor = String(h.win);
        const feature = el("td", "history-feature", t(h.feature ? "history.yes" : "history.no"));
        const special = el("td", "history-special");
        if (h.special) {
            const img = el("img", "history-symbol");
            img.src = symbolUrl(h.special);
            img.alt = t(`sym.${h.special}`);
            img.title = img.alt;
            special.append(img);
        } else {
            special.textContent = "–";
        }
        const actions = el("td", "history-actions");
        const when = { time: time.textContent };
        actions.append(
            action(t("history.replay"), "history-replay", t("history.replayLabel", when), busy, () => onReplay(i)),
            action(t("history.share"), "history-share", t("history.shareLabel", when), false, () => onShare(i)),
            action(t("history.export"), "history-export", t("history.exportLabel", when), false, () => onExport(i)),
        );
        row.append(time, bet, win, feature, special, actions);
        body.append(row);
    });
    table.append(body);
    root.replaceChildren(
        el("p", "history-note", t("history.note")),
        table,
    );
}
