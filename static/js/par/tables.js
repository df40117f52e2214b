// @ts-check
// Book of Christmas Eve, PAR page: the model's reel strips and paytable as tables
// (read from engine/data/model.json, the file the engine itself loads).

import { displayName, el, grouped, pct, section, table, times } from "./figures.js";
import { plural, t } from "../lang/i18n.js";

/** @typedef {import("../../../types/game").Model} Model */
/** A set of reel strips: a list of symbols per reel. @typedef {Model["reels"]["base"]} Strips */

/** "Reel 1", "Reel 2", ...: a heading per reel. @type {(strips: ReadonlyArray<unknown>) => string[]} */
const reelHeads = (strips) => strips.map((_, i) => t("par.col.reel", { n: grouped(i + 1) }));

/** Every symbol of the model: the paytable's, the wild, then any other on a strip.
 *  @param {Model} model
 *  @returns {string[]} */
function symbolOrder(model) {
    const order = [...Object.keys(model.paytable)];
    if (model.wild && !order.includes(model.wild)) order.push(model.wild);
    for (const set of Object.values(model.reels)) {
        for (const strip of set) for (const s of strip) if (!order.includes(s)) order.push(s);
    }
    return order;
}

/** How often each symbol stands on each strip of `strips`.
 *  @param {Model} model
 *  @param {Strips} strips
 *  @param {string} name the set's name (base game, free spins)
 *  @returns {HTMLElement} */
function countsTable(model, strips, name) {
    const symbols = symbolOrder(model).filter((s) => strips.some((strip) => strip.includes(s)));
    const head = [t("par.col.symbol"), ...reelHeads(strips)];
    const rows = symbols.map((s) => [displayName(s), ...strips.map((strip) => {
        const n = strip.filter((x) => x === s).length;
        return n ? `${grouped(n)} (${pct(n / strip.length, 1)})` : "–";
    })]);
    rows.push([t("par.col.stops"), ...strips.map((strip) => grouped(strip.length))]);
    return table("par-counts", head, rows, { caption: t("par.reels.counts", { name }) });
}

/** Every stop of `strips`, folded away.
 *  @param {Strips} strips
 *  @param {string} name the set's name (base game, free spins)
 *  @returns {HTMLDetailsElement} */
function stripTable(strips, name) {
    const longest = Math.max(...strips.map((s) => s.length));
    const rows = [];
    for (let i = 0; i < longest; i++) rows.push([String(i), ...strips.map((s) => (i < s.length ? s[i] : ""))]);
    const stops = strips.map((s) => grouped(s.length)).join(" / ");
    const title = t("par.reels.every", { name, stops });
    const details = el("details", "par-details");
    details.appendChild(el("summary", "", title));
    details.appendChild(table("par-strips", [t("par.col.stop"), ...reelHeads(strips)], rows, { label: title }));
    return details;
}

/** The reels section: each set of strips, counted and in full.
 *  @param {Model} model
 *  @returns {HTMLElement} */
export function reelsSection(model) {
    const s = section("reels", t("par.reels.title"), t("par.reels.intro"));
    /** @type {Readonly<Partial<Record<string, string>>>} a set's key of the tables */
    const names = { base: "par.base", free_spins: "par.free" };
    for (const [kind, strips] of Object.entries(model.reels)) {
        const name = names[kind] ? t(names[kind]) : kind;
        s.append(el("h3", "par-subheading", name), countsTable(model, strips, name), stripTable(strips, name));
    }
    return s;
}

/** The paytable section: what each symbol pays, and the lines.
 *  @param {Model} model
 *  @returns {HTMLElement} */
export function paytableSection(model) {
    const s = section("paytable", t("par.pay.title"),
        plural("par.pay.intro", model.paylines.length, { count: grouped(model.paylines.length), wild: displayName(model.wild) }));
    const counts = [...new Set(Object.values(model.paytable).flatMap((p) => Object.keys(p)))]
        .map(Number).sort((a, b) => a - b);
    const rows = Object.entries(model.paytable).map(([sym, pays]) => [
        displayName(sym), ...counts.map((n) => (pays[n] !== undefined ? times(pays[n], 0) : "–")),
    ]);
    s.appendChild(table("par-paytable", [t("par.col.symbol"), ...counts.map((n) => t("par.col.inRow", { n: grouped(n) }))], rows,
        { label: t("par.pay.title") }));
    const rowNames = ["top", "middle", "bottom"].map((row) => t(`par.row.${row}`));
    const lines = model.paylines.map((line, i) => [grouped(i + 1), ...line.map((row) => rowNames[row] ?? grouped(row))]);
    const title = plural("par.pay.lines", model.paylines.length, { count: grouped(model.paylines.length) });
    const details = el("details", "par-details");
    details.appendChild(el("summary", "", title));
    details.appendChild(table("par-lines", [t("par.col.line"), ...reelHeads(model.paylines[0])], lines, { label: title }));
    s.appendChild(details);
    return s;
}
