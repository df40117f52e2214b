// @ts-check
// Book of Christmas Eve, PAR page (par.html): every figure of static/par.json, charts drawn from
// them, the model's reel strips and paytable, and the RTP lab (lab.js).
//
// The page needs no Python to show the sheet: static/par.json is `python -m engine par --json`
// (`make par` writes it, a test keeps it fresh). Every figure is an element with data-key (its
// JSON path, dot-separated) and data-value (its raw value). <html data-state> goes "loading" ->
// "ready" (or "error"); the lab keeps its own state in <html data-lab>.

// (imported here too so that the page's module graph, and so its modulepreload links, hold it)
import { barChart, stackChart } from "./charts.js";
import {
    displayName, el, figure, fixed, grouped, oneIn, parts, pct, sci, section, smallPct, stat, table, times, timesBet,
} from "./figures.js";
import { dir, english, t } from "../lang/i18n.js";
import { languageReady } from "../start/language.js";
import { initLab } from "./lab.js";
import { paytableSection, reelsSection } from "./tables.js";

/** @typedef {import("../../../types/game").Model} Model */
/** @typedef {import("./figures.js").Content} Content */

/**
 * The feature when one symbol is the special expanding symbol (engine/par/sheet.py SpecialFigures).
 * @typedef {object} SpecialFigures
 * @property {number} probability the chance the draw picks it
 * @property {number} feature_value the feature's mean win (uncapped)
 * @property {number} free_spin_mean a free spin's mean win
 * @property {number} free_spin_max the best single free spin
 * @property {number} feature_sd the feature win's standard deviation
 */
/** Which ways to play: a base-game round, or a bought feature. @typedef {"base" | "buy"} PlayKind */
/** The keys of the cap's proven bounds. @typedef {"rtp_capped" | "buy_rtp_capped" | `max_win_odds_${PlayKind}`} BoundsKey */
/**
 * What the max-win cap does (engine/par/sheet.py CapEffect, with render.py's exact and note):
 * each figure lies between proven bounds.
 * @typedef {object} CapEffect
 * @property {boolean} exact
 * @property {string} note in English (the page shows its translation)
 * @property {number} rtp_loss what the cap takes off the RTP
 * @property {number} buy_rtp_loss what it takes off the bought feature's RTP
 * @property {readonly [number, number]} rtp_capped bounds on the RTP after the cap
 * @property {readonly [number, number]} buy_rtp_capped bounds on the bought feature's RTP after the cap
 * @property {readonly [number, number | null] | null} max_win_odds_base bounds on N of "1 in N" base rounds
 *     reaching the cap (the high one null: unbounded; the pair null: never reached)
 * @property {readonly [number, number | null] | null} max_win_odds_buy the same per bought feature
 * @property {Readonly<Record<BoundsKey, number | null>>} width each pair's width (null: unbounded)
 * @property {number} step the grid step in line bets
 * @property {number} precision decimal digits the bounds were computed with
 */
/**
 * static/par.json: `python -m engine par --json` (engine/par/sheet.py ParSheet, through
 * render.py sheet_json). Amounts in total bets; RTPs and frequencies as fractions of 1.
 * @typedef {object} ParSheet
 * @property {string} name
 * @property {number} rtp
 * @property {string | null} rtp_exact the RTP as an exact fraction "p/q" (null: too long a q)
 * @property {number} rtp_capped the RTP after the cap (the midpoint of cap.rtp_capped)
 * @property {number} base_rtp
 * @property {number} free_spins_rtp
 * @property {number} buy_rtp
 * @property {number} buy_rtp_capped
 * @property {number} hit_frequency the share of base spins that win
 * @property {number} free_spins_frequency
 * @property {number | null} free_spins_every base spins per feature (null: never triggered)
 * @property {number} volatility a round's standard deviation
 * @property {number} buy_volatility
 * @property {number} max_win
 * @property {number} buy_price
 * @property {number} free_spins
 * @property {number} feature_value
 * @property {number} largest_round the largest round the strips allow, uncapped
 * @property {boolean} cap_reachable
 * @property {CapEffect} cap
 * @property {Readonly<Record<PlayKind, number | null>>} max_win_odds N of "1 in N" rounds reaching the cap (null: never)
 * @property {Readonly<Record<string, SpecialFigures>>} specials by symbol
 * @property {Readonly<Record<string, number>>} symbol_rtp each symbol's share of the RTP
 * @property {Readonly<Record<string, number>>} base_win_bands a base spin's chance of a win in each band ("0", "<1x", "1-2x", ...)
 * @property {number} base_spin_max
 */

const PAR_URL = "./static/par.json";
const MODEL_URL = "./engine/data/model.json";

/**
 * A fraction, a command: left to right on its own in a right-to-left line too.
 * @template {HTMLElement} E
 * @param {E} node
 * @returns {E}
 */
const ltr = (node) => Object.assign(node, { dir: "ltr" });
/** A table's column headings: par.col.NAME of each name. @type {(...names: string[]) => string[]} */
const heads = (...names) => names.map((name) => t(`par.col.${name}`));
/** "The cap takes LOSS": the figure cap.<loss>. @type {(loss: "rtp_loss" | "buy_rtp_loss", cap: CapEffect) => Content[]} */
const capTakes = (loss, cap) => parts("par.capTakes", { loss: figure(`cap.${loss}`, cap[loss], pct(cap[loss], 4)) });
/** "proven between LOW and HIGH (width W)": the bounds cap.<key> = [LOW, HIGH] (HIGH null:
 *  unbounded) the figure is the midpoint of, each end formatted by `text`.
 *  @param {CapEffect} cap
 *  @param {BoundsKey} key
 *  @param {(x: number) => string} text
 *  @returns {Content[]} */
function capBounds(cap, key, text) {
    // (never null: maxWinOdds shows the odds' bounds only where there are some)
    const [low, high] = /** @type {readonly [number, number | null]} */ (cap[key]);
    const width = cap.width[key];
    return parts("par.capBounds", {
        low: figure(`cap.${key}.0`, low, text(low)),
        high: figure(`cap.${key}.1`, high === null ? "null" : high, high === null ? "?" : text(high)),
        width: figure(`cap.width.${key}`, width === null ? "null" : width, width === null ? "?" : sci(width)),
    });
}

/**
 * @param {ParSheet} par
 * @returns {HTMLElement}
 */
function rtpSection(par) {
    const cap = par.cap;
    const s = section("rtp", t("par.rtp.title"), t("par.rtp.intro"));
    const grid = el("div", "par-stats");
    grid.append(
        stat(t("par.rtp.uncapped"), figure("rtp", par.rtp, pct(par.rtp, 4)),
            parts("par.rtp.exactly", { value: ltr(figure("rtp_exact", par.rtp_exact, par.rtp_exact, "code")) })),
        stat(t("par.rtp.capped", { max: times(par.max_win, 0) }),
            figure("rtp_capped", par.rtp_capped, pct(par.rtp_capped, 4)),
            capTakes("rtp_loss", cap), capBounds(cap, "rtp_capped", (x) => pct(x, 12))),
        stat(t("par.rtp.base"), figure("base_rtp", par.base_rtp, pct(par.base_rtp, 3)), t("par.rtp.baseNote")),
        stat(t("par.free"), figure("free_spins_rtp", par.free_spins_rtp, pct(par.free_spins_rtp, 3)), t("par.rtp.freeNote")),
        stat(t("par.rtp.buy"), figure("buy_rtp", par.buy_rtp, pct(par.buy_rtp, 4)),
            parts("par.rtp.price", { price: figure("buy_price", par.buy_price, timesBet(par.buy_price, 0)) }),
            capTakes("buy_rtp_loss", cap)),
        stat(t("par.rtp.buyCapped"), figure("buy_rtp_capped", par.buy_rtp_capped, pct(par.buy_rtp_capped, 4)),
            capBounds(cap, "buy_rtp_capped", (x) => pct(x, 12))),
    );
    s.appendChild(grid);
    const note = el("p", "par-note");
    // the engine's note is English: its translation when it is the one the tables know
    const capNote = cap.note === english("par.capNote") ? t("par.capNote") : cap.note;
    note.append(...parts("par.capExact", {
        exact: figure("cap.exact", cap.exact, t(cap.exact ? "par.yes" : "par.no")),
        note: figure("cap.note", cap.note, capNote),
    }), " ", ...parts("par.capMethod", {
        step: figure("cap.step", cap.step, grouped(cap.step)),
        precision: figure("cap.precision", cap.precision, grouped(cap.precision)),
    }));
    s.appendChild(note);
    const edge = 1 - par.rtp;
    s.appendChild(stackChart([
        { label: t("par.base"), value: par.base_rtp, key: "base_rtp", text: pct(par.base_rtp, 1), cls: "seg-base" },
        { label: t("par.free"), value: par.free_spins_rtp, key: "free_spins_rtp", text: pct(par.free_spins_rtp, 1), cls: "seg-free" },
        { label: t("par.rtp.edge"), value: edge, text: pct(edge, 1), cls: "seg-edge" },
    ], {
        title: t("par.rtp.split"),
        scaleLabels: [[0, pct(0, 0)], [0.5, pct(0.5, 0)], [1, t("par.rtp.ofBet", { pct: pct(1, 0) })]],
    }));
    return s;
}

/**
 * @param {ParSheet} par
 * @returns {HTMLElement}
 */
function oddsSection(par) {
    const s = section("odds", t("par.odds.title"), t("par.odds.intro"));
    const grid = el("div", "par-stats");
    grid.append(
        stat(t("par.odds.hit"), figure("hit_frequency", par.hit_frequency, pct(par.hit_frequency, 2)),
            t("par.odds.hitNote", { odds: oneIn(par.hit_frequency) })),
        stat(t("par.odds.fs"), figure("free_spins_frequency", par.free_spins_frequency, smallPct(par.free_spins_frequency)),
            parts("par.odds.fsNote", {
                // null for a model whose feature never triggers: a dash, not fixed(null)'s "0.00"
                n: figure("free_spins_every", par.free_spins_every,
                    par.free_spins_every === null ? "—" : fixed(par.free_spins_every, 2)),
            })),
        stat(t("par.odds.perFeature"), figure("free_spins", par.free_spins, grouped(par.free_spins)), t("par.odds.noRetrigger")),
        stat(t("par.odds.feature"), figure("feature_value", par.feature_value, timesBet(par.feature_value)),
            t("par.odds.featureNote")),
        stat(t("par.odds.vol"), figure("volatility", par.volatility, timesBet(par.volatility, 3)), t("par.odds.volNote")),
        stat(t("par.odds.buyVol"), figure("buy_volatility", par.buy_volatility, timesBet(par.buy_volatility, 3)),
            t("par.odds.buyVolNote")),
    );
    s.appendChild(grid);
    return s;
}

// max_win_odds.<kind> is N of "1 in N" (null: never), shown to the whole round: the midpoint of
// the proven bounds cap.max_win_odds_<kind>, which round to the same N (engine/par/cap.py).
/**
 * @param {ParSheet} par
 * @param {PlayKind} kind
 * @param {string} label
 * @param {string} note
 * @returns {HTMLElement}
 */
function maxWinOdds(par, kind, label, note) {
    const n = par.max_win_odds?.[kind];
    /** @type {BoundsKey} */
    const key = `max_win_odds_${kind}`;
    if (n === null || n === undefined || !par.cap[key]) {
        return stat(label, figure(`max_win_odds.${kind}`, "null", t("par.never")), note,
            [figure(`cap.${key}`, "null", t("par.never")), " ", figure(`cap.width.${key}`, par.cap.width[key], "0")]);
    }
    const main = el("span");
    main.append(...parts("par.oneIn", { n: figure(`max_win_odds.${kind}`, n, grouped(Math.round(n))) }));
    return stat(label, main, note, capBounds(par.cap, key, (x) => fixed(x, 3)));
}

/**
 * @param {ParSheet} par
 * @returns {HTMLElement}
 */
function maxWinSection(par) {
    const s = section("maxwin", t("par.max.title"), t("par.max.intro"));
    const grid = el("div", "par-stats par-stats-4");
    grid.append(
        stat(t("par.max.cap"), figure("max_win", par.max_win, timesBet(par.max_win, 0))),
        stat(t("par.max.largest"), figure("largest_round", par.largest_round, timesBet(par.largest_round, 1)),
            t("par.max.largestNote")),
        stat(t("par.max.reachable"), figure("cap_reachable", par.cap_reachable, t(par.cap_reachable ? "par.yes" : "par.no")),
            t("par.max.reachableNote")),
        stat(t("par.max.baseSpin"), figure("base_spin_max", par.base_spin_max, timesBet(par.base_spin_max, 1)),
            t("par.max.baseSpinNote")),
        maxWinOdds(par, "base", t("par.max.odds"), t("par.max.oddsNote")),
        maxWinOdds(par, "buy", t("par.max.oddsBuy"), t("par.max.oddsBuyNote")),
    );
    s.appendChild(grid);
    return s;
}

/**
 * @param {ParSheet} par
 * @returns {HTMLElement}
 */
function specialsSection(par) {
    const s = section("specials", t("par.specials.title"), t("par.specials.intro"));
    const rows = Object.entries(par.specials).map(([sym, f]) => {
        const k = `specials.${sym}`;
        return [displayName(sym),
            figure(`${k}.probability`, f.probability, pct(f.probability, 2)),
            figure(`${k}.feature_value`, f.feature_value, times(f.feature_value)),
            figure(`${k}.feature_sd`, f.feature_sd, times(f.feature_sd, 1)),
            figure(`${k}.free_spin_mean`, f.free_spin_mean, times(f.free_spin_mean, 3)),
            figure(`${k}.free_spin_max`, f.free_spin_max, times(f.free_spin_max, 1))];
    });
    s.appendChild(barChart(Object.entries(par.specials).map(([sym, f]) => ({
        label: displayName(sym), value: f.feature_value, key: `specials.${sym}.feature_value`, text: times(f.feature_value, 1),
    })), {
        title: t("par.specials.chart"),
        ref: { value: par.feature_value, label: t("par.specials.average", { x: times(par.feature_value, 1) }) },
    }));
    s.appendChild(table("par-specials", heads("symbol", "chance", "value", "sd", "mean", "best"), rows,
        { label: t("par.specials.title") }));
    return s;
}

/**
 * @param {ParSheet} par
 * @returns {HTMLElement}
 */
function symbolsSection(par) {
    const s = section("symbols", t("par.symbols.title"), t("par.symbols.intro"));
    const entries = Object.entries(par.symbol_rtp);
    s.appendChild(barChart(entries.map(([sym, v]) => ({
        label: displayName(sym), value: v, key: `symbol_rtp.${sym}`, text: pct(v, 2),
    })), { title: t("par.symbols.chart") }));
    const total = entries.reduce((a, [, v]) => a + v, 0);
    const rows = entries.map(([sym, v]) => [displayName(sym), figure(`symbol_rtp.${sym}`, v, pct(v, 3)), pct(v / total, 1)]);
    s.appendChild(table("par-symbols", heads("symbol", "share", "ofRtp"), rows, { label: t("par.symbols.title") }));
    return s;
}

// A band of base_win_bands ("0", "<1x", "1-2x", ">100x") in words, and short for the chart.
/**
 * @param {string} band
 * @returns {string}
 */
function bandName(band) {
    if (band === "0") return t("par.bands.none");
    if (band === "<1x") return t("par.bands.less");
    const over = /^>(\d+)x$/.exec(band);
    if (over) return t("par.bands.over", { x: times(Number(over[1]), 0) });
    return bandShort(band);
}
/**
 * @param {string} band
 * @returns {string}
 */
function bandShort(band) {
    const text = band.replace(/\d+/g, (n) => grouped(Number(n))).replace(/-/, "–").replace(/x$/, "×");
    return dir() === "rtl" ? `\u2066${text}\u2069` : text; // "1–2×" reads as a figure (isolated, left to right)
}

/**
 * @param {ParSheet} par
 * @returns {HTMLElement}
 */
function bandsSection(par) {
    const s = section("bands", t("par.bands.title"), t("par.bands.intro"));
    const entries = Object.entries(par.base_win_bands);
    s.appendChild(barChart(entries.map(([band, p]) => ({
        label: bandShort(band), value: p, key: `base_win_bands.${band}`, text: smallPct(p),
    })), { title: t("par.bands.chart") }));
    const rows = entries.map(([band, p]) => [bandName(band), figure(`base_win_bands.${band}`, p, smallPct(p)), oneIn(p, 1)]);
    s.appendChild(table("par-bands", heads("win", "chance", "often"), rows, { label: t("par.bands.title") }));
    return s;
}

/** The page's table of contents: a link to each section.
 *  @param {ReadonlyArray<readonly [id: string, text: string]>} ids
 *  @returns {HTMLElement} */
function nav(ids) {
    const n = el("nav", "par-nav");
    n.setAttribute("aria-label", t("par.nav.label"));
    for (const [id, text] of ids) {
        const a = el("a", "", text);
        a.href = `#${id}`;
        n.appendChild(a);
    }
    return n;
}

/**
 * @param {string} url
 * @returns {Promise<unknown>} the parsed JSON
 */
async function getJSON(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json();
}

async function main() {
    await languageReady; // the tables first (language.js)
    const status = /** @type {HTMLElement} */ (document.getElementById("status"));
    try {
        const [par, model] = /** @type {[ParSheet, Model]} */ (await Promise.all([getJSON(PAR_URL), getJSON(MODEL_URL)]));
        const content = /** @type {HTMLElement} */ (document.getElementById("par-content"));
        const name = /** @type {HTMLElement} */ (document.getElementById("par-name"));
        name.replaceChildren(figure("name", par.name, par.name));
        content.replaceChildren(
            nav(["rtp", "odds", "maxwin", "specials", "symbols", "bands", "reels", "paytable", "lab"]
                .map((id) => [id, t(`par.nav.${id}`)])),
            rtpSection(par), oddsSection(par), maxWinSection(par), specialsSection(par), symbolsSection(par),
            bandsSection(par), reelsSection(model), paytableSection(model),
        );
        initLab(/** @type {HTMLElement} */ (document.getElementById("lab")), par);
        content.appendChild(/** @type {HTMLElement} */ (document.getElementById("lab")));
        status.textContent = "";
        document.documentElement.dataset.state = "ready";
    } catch (err) {
        // whatever was thrown: an Error's message, else itself
        status.textContent = t("par.failed", { reason: /** @type {Error | null | undefined} */ (err)?.message ?? err });
        document.documentElement.dataset.state = "error";
        console.error(err);
    }
}

main();
