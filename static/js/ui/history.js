// The history panel: the player's last rounds (newest first), each with Replay, Share and
// Export buttons. It only renders; replay.js owns the dialog and what the buttons do,
// store.js the entries.

import { el, symbolUrl } from "../core/dom.js";
import { lang, t } from "../lang/i18n.js";

// Made on first use, once per language: building an Intl formatter loads locale data, a long
// task on a slow phone that the page's start-up does not need.
const dateFormats = new Map();
export const timeFormat = {
    format(date) {
        const code = lang();
        if (!dateFormats.has(code)) dateFormats.set(code, new Intl.DateTimeFormat(code, {
            month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit",
        }));
        return dateFormats.get(code).format(date);
    },
};

function action(label, className, aria, disabled, onClick) {
    const button = el("button", `btn btn-small ${className}`, label);
    button.type = "button";
    button.disabled = disabled;
    button.setAttribute("aria-label", aria);
    button.addEventListener("click", onClick);
    return button;
}

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
    table.tHead.append(head);
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
