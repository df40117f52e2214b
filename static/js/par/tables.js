// Book of Christmas Eve, PAR page: the model's reel strips and paytable as tables
// (read from engine/data/model.json, the file the engine itself loads).

import { displayName, el, grouped, section, table } from "./dom.js";

function symbolOrder(model) {
    const order = [...Object.keys(model.paytable)];
    if (model.wild && !order.includes(model.wild)) order.push(model.wild);
    for (const set of Object.values(model.reels)) {
        for (const strip of set) for (const s of strip) if (!order.includes(s)) order.push(s);
    }
    return order;
}

function countsTable(model, strips, name) {
    const symbols = symbolOrder(model).filter((s) => strips.some((strip) => strip.includes(s)));
    const head = ["Symbol", ...strips.map((_, i) => `Reel ${i + 1}`)];
    const rows = symbols.map((s) => [displayName(s), ...strips.map((strip) => {
        const n = strip.filter((x) => x === s).length;
        return n ? `${n} (${((100 * n) / strip.length).toFixed(1)}%)` : "–";
    })]);
    rows.push(["Stops", ...strips.map((strip) => grouped(strip.length))]);
    return table("par-counts", head, rows, `${name}: symbols per reel (share of the strip)`);
}

function stripTable(strips, name) {
    const longest = Math.max(...strips.map((s) => s.length));
    const rows = [];
    for (let i = 0; i < longest; i++) rows.push([String(i), ...strips.map((s) => (i < s.length ? s[i] : ""))]);
    const wrap = table("par-strips", ["Stop", ...strips.map((_, i) => `Reel ${i + 1}`)], rows);
    const details = el("details", "par-details");
    details.appendChild(el("summary", "", `${name}: every stop, top to bottom (${strips.map((s) => s.length).join(" / ")} stops)`));
    details.appendChild(wrap);
    return details;
}

export function reelsSection(model) {
    const s = section("reels", "Reel strips",
        "Each reel stops at a uniformly random position of its strip; the three rows shown are " +
        "that stop and the next two (wrapping round). Free spins use their own strips.");
    const names = { base: "Base game", free_spins: "Free spins" };
    for (const [kind, strips] of Object.entries(model.reels)) {
        const name = names[kind] ?? kind;
        s.append(el("h3", "par-subheading", name), countsTable(model, strips, name), stripTable(strips, name));
    }
    return s;
}

export function paytableSection(model) {
    const s = section("paytable", "Paytable",
        `Pays per winning line, in line bets (the total bet covers ${model.paylines.length} lines), ` +
        `left to right from reel 1. The ${displayName(model.wild)} substitutes for every symbol and ` +
        "pays no line of its own.");
    const counts = [...new Set(Object.values(model.paytable).flatMap((p) => Object.keys(p)))]
        .map(Number).sort((a, b) => a - b);
    const rows = Object.entries(model.paytable).map(([sym, pays]) => [
        displayName(sym), ...counts.map((n) => (pays[n] !== undefined ? `${grouped(pays[n])}×` : "–")),
    ]);
    s.appendChild(table("par-paytable", ["Symbol", ...counts.map((n) => `${n} in a row`)], rows));
    const lines = model.paylines.map((line, i) => [String(i + 1), ...line.map((row) => ["top", "middle", "bottom"][row] ?? String(row))]);
    const details = el("details", "par-details");
    details.appendChild(el("summary", "", `The ${model.paylines.length} paylines (row on each reel)`));
    details.appendChild(table("par-lines", ["Line", ...model.paylines[0].map((_, i) => `Reel ${i + 1}`)], lines));
    s.appendChild(details);
    return s;
}
