// @ts-check
// The help / paytable panel.
//
//   import { renderInfo } from "./info.js";
//   renderInfo(panel, { model, offer, par, format, rtp, buy });
//
// Fills `panel` (replacing whatever it held) with the paytable at the offer's bet, the
// paylines, the rules and the RTP figures: what a player reads. The settings in force and the
// operator's view are added after it (jurisdiction.js, through playercontrols.js addInfo).
// Every amount comes from the engine's `offer` for that bet (minor units: paytable, line bet,
// cap, buy cost); the model gives the rules' numbers (lines, free spins, multipliers, max win
// and buy price as multiples of the bet).
// `format(minor)` turns minor units into a currency string. `par` (the parsed static/par.json)
// may be null: then only the max win is shown. The styles live in static/css/info.css.

import { el, symbolUrl } from "../core/dom.js";
import { has, plural, t } from "../lang/i18n.js";
import { fixed, grouped, listOf, pct } from "../lang/numbers.js";

/** @typedef {import("../../../types/game").Model} Model */
/** @typedef {import("../../../types/game").Offer} Offer */
/** @typedef {import("./hud.js").Format} Format */

/**
 * The figures of static/par.json this screen reads (engine/par writes them). Each is `unknown`
 * and checked before use: the file is downloaded, and may be older than the page or damaged.
 * @typedef {object} ParFigures
 * @property {unknown} [rtp]
 * @property {unknown} [rtp_capped]
 * @property {unknown} [buy_rtp]
 * @property {unknown} [buy_rtp_capped]
 * @property {unknown} [hit_frequency]
 * @property {unknown} [free_spins_every]
 * @property {unknown} [free_spins_frequency]
 * @property {unknown} [volatility]  a number (the standard deviation), or a word
 * @property {{ readonly base?: unknown, readonly buy?: unknown } | null} [max_win_odds]
 */

/** What every section is drawn from (renderInfo's options, and the book's symbol).
 * @typedef {object} InfoContext
 * @property {Model} model
 * @property {Offer} offer
 * @property {ParFigures | null} par
 * @property {Format} format
 * @property {string} wild  the book (model.wild)
 * @property {boolean} buy  the profile has the feature buy
 */

const SVG_NS = "http://www.w3.org/2000/svg";

/** A symbol's name in the player's language (sym.NAME; an unknown one in title case).
 *  @param {string} symbol  @returns {string} */
function displayName(symbol) {
    return has(`sym.${symbol}`) ? t(`sym.${symbol}`) : symbol[0] + symbol.slice(1).toLowerCase();
}

/** A new SVG element `tag` with the attributes `attrs`.
 *  @param {string} tag  @param {Readonly<Record<string, string | number>>} [attrs]  @returns {SVGElement} */
function svg(tag, attrs = {}) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    return node;
}

// Numbers as the page's language writes them, in the locale its amounts are in
// (lang/numbers.js): "20,168×" in English is "20.168×" in German.
/** Whether `v` is a finite number (a figure of par.json that can be shown).
 *  @type {(v: unknown) => v is number} */
const isNum = (v) => typeof v === "number" && Number.isFinite(v);


/** The reels (numbered from 1) whose base strip holds the book.
 *  @param {Model} model  @param {string} wild  @returns {number[]} */
function bookReels(model, wild) {
    /** @type {number[]} */
    const reels = [];
    model.reels.base.forEach((strip, i) => {
        if (strip.includes(wild)) reels.push(i + 1);
    });
    return reels;
}

/** @param {number} sd  the standard deviation of a round's win, in bets  @returns {string} */
function volatilityLabel(sd) {
    if (sd < 3) return t("info.volLow");
    if (sd < 7) return t("info.volMedium");
    if (sd < 12) return t("info.volHigh");
    return t("info.volVeryHigh");
}

// ---- sections ----------------------------------------------------------------------------

/** A section of the info screen: its heading between two snowflakes.
 *  @param {string} title  @param {string} className  @returns {HTMLElement} */
export function section(title, className) {
    const s = el("section", `info-section ${className}`);
    const h = el("h3", "info-heading");
    h.append(el("span", "info-heading-deco", "\u2744"), el("span", "info-heading-text", title),
        el("span", "info-heading-deco", "\u2744"));
    s.appendChild(h);
    return s;
}

/** @param {string} symbol  @returns {HTMLImageElement} */
function symbolImage(symbol) {
    const img = el("img", "info-symbol-img");
    img.src = symbolUrl(symbol);
    img.alt = displayName(symbol);
    img.width = 88;
    img.height = 88;
    img.decoding = "async";
    img.draggable = false;
    return img;
}

/** @param {InfoContext} ctx  @returns {HTMLElement} */
function paytableSection(ctx) {
    const { model, offer, format, wild } = ctx;
    const s = section(t("info.paytable"), "info-paytable");
    s.appendChild(el("p", "info-note",
        plural("info.winsShown", model.paylines.length, { bet: format(offer.bet), lineBet: format(offer.line_bet) })));

    const grid = el("div", "info-pay-grid");
    const symbols = Object.keys(offer.paytable).filter((sym) => sym !== wild);
    symbols.forEach((symbol, index) => {
        const pays = offer.paytable[symbol];
        const counts = Object.keys(pays).map(Number).filter((c) => pays[c] > 0).sort((a, b) => b - a);
        const card = el("div", "info-pay-card");
        card.dataset.symbol = symbol;
        if (index < 2) card.classList.add("is-high");
        else if (index < 7) card.classList.add("is-mid");
        else card.classList.add("is-low");
        card.appendChild(symbolImage(symbol));
        const body = el("div", "info-pay-body");
        body.appendChild(el("div", "info-pay-name", displayName(symbol)));
        const list = el("ul", "info-pay-list");
        for (const count of counts) {
            const minor = pays[count]; // the engine's amount at this bet, in minor units
            const row = el("li", "info-pay-row");
            row.appendChild(el("span", "info-pay-count", `${count}\u00d7`));
            const amount = el("span", "pay-amount", format(minor));
            amount.dataset.symbol = symbol;
            amount.dataset.count = String(count);
            amount.dataset.minor = String(minor);
            row.appendChild(amount);
            list.appendChild(row);
        }
        body.appendChild(list);
        card.appendChild(body);
        grid.appendChild(card);
    });
    s.appendChild(grid);

    // The book: wild and scatter.
    const reels = bookReels(model, wild);
    const fsCount = model.free_spins.count;
    const book = el("div", "info-book-card");
    book.appendChild(symbolImage(wild));
    const text = el("div", "info-book-body");
    const reelWords = listOf(reels);
    text.appendChild(el("div", "info-pay-name", t("info.bookName", { name: displayName(wild) })));
    text.appendChild(el("p", "info-book-text", t("info.bookSubstitutes", { reels: reelWords })));
    const books = plural("info.books", reels.length); // "3 books", in the count's form
    text.appendChild(el("p", "info-book-text", plural("info.bookTrigger", fsCount, { books, reels: reelWords })));
    book.appendChild(text);
    s.appendChild(book);
    return s;
}

/** A payline's picture: its cell on each reel, joined.
 *  @param {readonly number[]} line  a row per reel  @param {number} number  from 1  @returns {SVGElement} */
function paylineSvg(line, number) {
    const reels = line.length;
    const rows = 3;
    const cell = 14;
    const gap = 2;
    const pad = 2;
    const w = pad * 2 + reels * cell + (reels - 1) * gap;
    const h = pad * 2 + rows * cell + (rows - 1) * gap;
    const root = svg("svg", {
        viewBox: `0 0 ${w} ${h}`,
        class: "info-line-svg",
        role: "img",
        "aria-label": t("info.lineLabel", { number, rows: line.map((r) => r + 1).join(", ") }),
    });
    root.appendChild(svg("rect", { x: 0, y: 0, width: w, height: h, rx: 3, class: "info-line-frame" }));
    const cx = (/** @type {number} */ reel) => pad + reel * (cell + gap) + cell / 2;
    const cy = (/** @type {number} */ row) => pad + row * (cell + gap) + cell / 2;
    for (let reel = 0; reel < reels; reel++) {
        for (let row = 0; row < rows; row++) {
            const on = line[reel] === row;
            root.appendChild(svg("rect", {
                x: pad + reel * (cell + gap),
                y: pad + row * (cell + gap),
                width: cell,
                height: cell,
                rx: 2,
                class: on ? "info-line-cell is-on" : "info-line-cell",
            }));
        }
    }
    root.appendChild(svg("polyline", {
        points: line.map((row, reel) => `${cx(reel)},${cy(row)}`).join(" "),
        class: "info-line-path",
    }));
    return root;
}

/** @param {InfoContext} ctx  @returns {HTMLElement} */
function paylinesSection(ctx) {
    const { model } = ctx;
    const s = section(t("info.paylines"), "info-paylines");
    s.appendChild(el("p", "info-note", plural("info.paylinesNote", model.paylines.length)));
    const grid = el("ol", "info-lines-grid");
    model.paylines.forEach((line, i) => {
        const item = el("li", "info-line");
        item.dataset.line = String(i + 1);
        item.appendChild(el("span", "info-line-num", i + 1));
        item.appendChild(paylineSvg(line, i + 1));
        grid.appendChild(item);
    });
    s.appendChild(grid);
    return s;
}

/** The rules whose plural form is chosen by the lines' count (the others': the free spins').
 *  @type {Readonly<Record<string, "lines">>} */
const COUNTED = { "info.rule.lines.1": "lines", "info.rule.free.5": "lines" };

/** @param {InfoContext} ctx  @returns {HTMLElement} */
function rulesSection(ctx) {
    const { model, offer, format, wild, buy: canBuy } = ctx;
    const s = section(t("info.howTo"), "info-rules");
    const reels = bookReels(model, wild);
    const reelWords = listOf(reels);
    const fsCount = model.free_spins.count;
    // the multipliers a book reel can reveal: those with a weight
    const multKeys = Object.entries(model.free_spins.multiplier_weights)
        .filter(([, weight]) => weight > 0).map(([m]) => Number(m)).sort((a, b) => a - b);
    const multLo = multKeys[0];
    const multHi = multKeys[multKeys.length - 1];
    const lines = model.paylines.length;
    const maxWin = model.max_win;
    const buy = model.buy_price;

    // each group: its title's key, then its rules' keys (info.rule.GROUP.N), filled from `vars`;
    // a rule in plural forms takes the form of its count: the free spins', or the lines' (COUNTED)
    const vars = {
        lines, reels: reelWords, books: plural("info.books", reels.length), count: fsCount, book: displayName(wild),
        lo: multLo, hi: multHi, max: grouped(maxWin), cap: format(offer.cap), buy: grouped(buy), cost: format(offer.buy_cost),
    };
    // where the market has no feature buy, the max win's group says nothing of one
    /** @type {ReadonlyArray<readonly [string, number]>} */
    const groups = [["lines", 3], ["book", 3], ["free", 7], ["max", canBuy ? 2 : 1]];
    for (const [group, count] of groups) {
        const block = el("div", "info-rule-group");
        const title = group === "max" && !canBuy ? t("info.maxWin") : t(`info.group.${group}`);
        block.appendChild(el("h4", "info-subheading", title));
        const ul = el("ul", "info-rule-list");
        for (let i = 1; i <= count; i++) {
            const key = `info.rule.${group}.${i}`;
            ul.appendChild(el("li", "info-rule", t(key, { ...vars, count: vars[COUNTED[key] ?? "count"] })));
        }
        block.appendChild(ul);
        s.appendChild(block);
    }
    return s;
}

/** @param {InfoContext} ctx  @returns {HTMLElement} */
function statsSection(ctx) {
    const { model, offer, par, format, buy } = ctx;
    const hasPar = par !== null && typeof par === "object"; // (a condition the checker narrows `par` by)
    const s = section(t(hasPar ? "info.rtpTitle" : "info.maxWin"), "info-stats");
    const dl = el("dl", "info-stats-list");
    /** @param {string} label  @param {string} value  @param {string} key  @param {string} [sub] */
    const add = (label, value, key, sub) => {
        const row = el("div", "info-stat");
        row.dataset.stat = key;
        const dd = el("dd", "info-stat-value");
        dd.appendChild(el("span", "info-stat-main", value));
        if (sub) dd.appendChild(el("span", "info-stat-sub", sub));
        row.append(el("dt", "info-stat-label", label), dd);
        dl.appendChild(row);
    };
    if (hasPar) {
        // the return a player gets is the one after the max-win cap (par.json rtp_capped: exact
        // within proven bounds, engine/par/cap.py); the uncapped figure only where it is missing
        const rtp = isNum(par.rtp_capped) ? par.rtp_capped : par.rtp;
        const buyRtp = isNum(par.buy_rtp_capped) ? par.buy_rtp_capped : par.buy_rtp;
        if (isNum(rtp)) add(t("info.rtp"), pct(rtp), "rtp", t("info.rtpSub"));
        if (buy && isNum(buyRtp)) {
            add(t("info.buyRtp"), pct(buyRtp), "buy_rtp", t("info.buyRtpSub", { buy: grouped(model.buy_price) }));
        }
        if (isNum(par.hit_frequency) && par.hit_frequency > 0) {
            add(t("info.hit"), pct(par.hit_frequency), "hit_frequency",
                t("info.hitSub", { n: fixed(1 / par.hit_frequency, 2) }));
        }
        let every = isNum(par.free_spins_every) ? par.free_spins_every : null;
        if (every === null && isNum(par.free_spins_frequency) && par.free_spins_frequency > 0) {
            every = 1 / par.free_spins_frequency;
        }
        if (every !== null) add(t("info.fs"), t("info.oneIn", { n: grouped(Math.round(every)) }), "free_spins_every", t("info.fsSub"));
        if (isNum(par.volatility)) {
            add(t("info.vol"), volatilityLabel(par.volatility), "volatility", t("info.volSub", { sd: fixed(par.volatility, 1) }));
        } else if (typeof par.volatility === "string" && par.volatility) {
            add(t("info.vol"), par.volatility, "volatility");
        }
    }
    add(t("info.maxWin"), t("info.timesBet", { n: grouped(model.max_win) }), "max_win", t("info.atBet", { amount: format(offer.cap) }));
    // par.max_win_odds: {base, buy}, each N of "1 in N" (exact to the whole round), or null
    const odds = hasPar ? par.max_win_odds : null;
    const oneIn = (/** @type {number} */ n) => t("info.oneIn", { n: grouped(Math.round(n)) });
    if (isNum(odds?.base)) add(t("info.odds"), oneIn(odds.base), "max_win_odds_base", t("info.oddsSub"));
    if (buy && isNum(odds?.buy)) add(t("info.oddsBuy"), oneIn(odds.buy), "max_win_odds_buy", t("info.oddsBuySub"));
    s.appendChild(dl);
    if (!hasPar) {
        s.appendChild(el("p", "info-note info-missing", t("info.missing")));
    }
    if (par && isNum(par.rtp)) {
        s.appendChild(el("p", "info-note", t("info.rtpNote")));
    }
    return s;
}

// ---- entry point -------------------------------------------------------------------------

/**
 * Fill `container` with the help screen. Calling it again replaces the content.
 * @param {Element} container  an element shown as a modal panel
 * @param {{model: Model, offer: Offer, par?: ParFigures | null, format: Format,
 *          rtp?: boolean, buy?: boolean}} options
 *        offer: the engine's offer at the current bet (bridge.offer); rtp, buy: the profile's
 *        switches (without the buy, its rule and its figures are left out)
 * @returns {HTMLElement}  the screen's root (.boce-info)
 */
export function renderInfo(container, { model, offer, par = null, format, rtp = true, buy = true }) {
    const ctx = { model, offer, par, format, wild: model.wild, buy };
    const root = el("div", "boce-info");
    root.dataset.bet = String(offer.bet);
    const header = el("header", "info-header");
    header.appendChild(el("h2", "info-title", t("game.name")));
    header.appendChild(el("p", "info-subtitle", t("info.subtitle")));
    root.appendChild(header);
    root.append(paytableSection(ctx), paylinesSection(ctx), rulesSection(ctx));
    if (rtp) root.append(statsSection(ctx)); // the launch's rtp switch (a market may hide it)
    container.replaceChildren(root);
    return root;
}
