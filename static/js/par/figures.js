// @ts-check
// Book of Christmas Eve, PAR page: small DOM and number-formatting helpers shared by its modules.
//
// A figure of static/par.json is shown by `figure(key, value, text)`: an element whose text is the
// formatted value and whose data-key / data-value hold the JSON path and the raw value, so a
// reader (or a test) can check every number against `python -m engine par --json`.
//
// Words come from the tables (static/i18n/, through t()); numbers are formatted in the locale
// the game uses for the page's language (languages.js), as its
// amounts are. A sentence holding a figure element is built by `parts(key, vars)`: the
// translated text split on its {{placeholders}}, each replaced by its node or string.

import { dir, has, t } from "../lang/i18n.js";
import { fixed, numberFormat, pct } from "../lang/numbers.js";

export const SVG_NS = "http://www.w3.org/2000/svg";

/** A figure's raw value as par.json holds it (a JSON scalar). @typedef {string | number | boolean | null} Scalar */
/** What a sentence, a card or a cell holds: text, or a node (a figure). @typedef {Node | string} Content */
/**
 * @typedef {object} TableOptions
 * @property {string} [caption] the table's caption (and the name of its box)
 * @property {string} [label] the box's name, for a table without a caption (every table has one or the other)
 */

/** A symbol's name in the page's language (the game's sym.NAME texts; unknown: as it is).
 *  @param {string} symbol
 *  @returns {string} */
export function displayName(symbol) {
    return has(`sym.${symbol}`) ? t(`sym.${symbol}`) : symbol;
}

/** The text of `key` as a list of strings and nodes: each {{name}} is vars[name] (a Node, such
 *  as a figure, stays itself; anything else becomes a string).
 *  @param {string} key
 *  @param {Readonly<Record<string, unknown>>} [vars]
 *  @returns {Content[]} */
export function parts(key, vars = {}) {
    return t(key).split(/\{\{(\w+)\}\}/).map((part, i) => {
        if (i % 2 === 0) return part;
        if (!Object.hasOwn(vars, part)) return `{{${part}}}`;
        return vars[part] instanceof Node ? vars[part] : String(vars[part]);
    }).filter((part) => part !== "");
}

/**
 * An element holding the text of `key` with its figures (see parts).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} className
 * @param {string} key
 * @param {Readonly<Record<string, unknown>>} [vars]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function sentence(tag, className, key, vars) {
    const node = el(tag, className);
    node.append(...parts(key, vars));
    return node;
}

/**
 * A new `tag` element with an optional class name and text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {string | number | null} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
}

/**
 * A new SVG `tag` element with attributes `attrs` and an optional text.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Readonly<Record<string, string | number>>} [attrs]
 * @param {string | number} [text]
 * @returns {SVGElementTagNameMap[K]}
 */
export function svg(tag, attrs = {}, text) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = String(text);
    return node;
}

/** The raw value as data-value holds it: numbers in JS's shortest round-trip form.
 *  @param {Scalar} value
 *  @returns {string} */
export function rawValue(value) {
    return typeof value === "string" ? value : String(value);
}

/**
 * Mark `node` as showing the figure at JSON path `key` (dot-separated) with raw `value`.
 * @template {HTMLElement | SVGElement} N
 * @param {N} node
 * @param {string} key
 * @param {Scalar} value
 * @returns {N}
 */
export function mark(node, key, value) {
    node.dataset.key = key;
    node.dataset.value = rawValue(value);
    return node;
}

/** A <span class="fig"> with the formatted text of the figure at `key`.
 *  @param {string} key
 *  @param {Scalar} value
 *  @param {string | null} text
 *  @param {keyof HTMLElementTagNameMap} [tag]
 *  @returns {HTMLElement} */
export function figure(key, value, text, tag = "span") {
    return mark(el(tag, "fig", text), key, value);
}

/** Read the value at a dot-separated path of `obj` (keys themselves never hold dots).
 *  @param {unknown} obj parsed JSON, of any shape
 *  @param {string} key
 *  @returns {unknown} */
export function at(obj, key) {
    return key.split(".").reduce((o, k) => (o == null ? undefined : /** @type {Record<string, unknown>} */ (o)[k]), obj);
}

export { fixed, grouped, locale, pct } from "../lang/numbers.js";
const format = numberFormat;

/** The sign of a multiple; in a right-to-left page held to its number as Intl holds "%" there
 *  (between left-to-right marks), so "12×" does not read "×12".
 *  @type {() => string} */
export const timesSign = () => (dir() === "rtl" ? "\u200e×\u200e" : "×");
/** "12×": a multiple with `digits` decimals. @type {(x: number, digits?: number) => string} */
export const times = (x, digits = 2) => `${fixed(x, digits)}${timesSign()}`;
/** A small width in scientific notation: 1.6E-12. @type {(x: number) => string} */
export const sci = (x) => format({ notation: "scientific", maximumFractionDigits: 1 }).format(x);
/** A count in short form for a chart's axis: 10k, 1M (10.000, 1 Mio. in German). @type {(n: number) => string} */
export const short = (n) => format({ notation: "compact", maximumFractionDigits: 1 }).format(n);
/** "12× bet" (a multiple of the total bet) in the page's words. @type {(x: number, digits?: number) => string} */
export const timesBet = (x, digits = 2) => t("par.timesBet", { x: times(x, digits) });

/** A percentage with enough digits to show a small fraction (e.g. 0.0102%).
 *  @param {number} fraction
 *  @returns {string} */
export function smallPct(fraction) {
    const p = fraction * 100;
    if (p === 0) return pct(0, 0);
    const digits = Math.min(6, Math.max(2, 2 - Math.floor(Math.log10(Math.abs(p)))));
    return pct(fraction, digits);
}

/** "1 in 3.30" for a probability.
 *  @param {number} p
 *  @param {number} [digits]
 *  @returns {string} */
export function oneIn(p, digits = 2) {
    return p > 0 ? t("par.oneIn", { n: fixed(1 / p, digits) }) : t("par.never");
}

/**
 * A section of the page: its heading `title` between snowflakes, and an optional introduction.
 * @param {string} id
 * @param {string} title
 * @param {string} [intro]
 * @returns {HTMLElement}
 */
export function section(id, title, intro) {
    const s = el("section", "par-section");
    s.id = id;
    const h = el("h2", "par-heading");
    h.append(el("span", "par-deco", "\u2744"), el("span", "", title), el("span", "par-deco", "\u2744"));
    s.appendChild(h);
    if (intro) s.appendChild(el("p", "par-intro", intro));
    return s;
}

/** A card: a label, a big figure and an optional note (nodes or strings).
 *  @param {string} label
 *  @param {Content} main
 *  @param {...(Content | Content[])} notes each a line: a node, a string, or a list of them
 *  @returns {HTMLElement} */
export function stat(label, main, ...notes) {
    const card = el("div", "par-stat");
    card.appendChild(el("div", "par-stat-label", label));
    const value = el("div", "par-stat-value");
    value.append(main);
    card.appendChild(value);
    for (const note of notes) {
        const p = el("div", "par-stat-note");
        p.append(...(Array.isArray(note) ? note : [note]));
        card.appendChild(p);
    }
    return card;
}

/** A table from a header row and rows of cells (strings or nodes), in a box that scrolls where
 *  the table is wider than the page (or, folded in a .par-details, taller than its box). A
 *  keyboard reaches the box (tabindex 0) to scroll it with the arrow keys, and a screen reader
 *  names it: a region named by the table's caption, or by `label` for a table without one
 *  (the heading or summary above it says what it is).
 *  @param {string} className
 *  @param {ReadonlyArray<string>} head
 *  @param {ReadonlyArray<ReadonlyArray<Content>>} rows
 *  @param {TableOptions} [options]
 *  @returns {HTMLElement} */
export function table(className, head, rows, { caption, label = caption } = {}) {
    const t = el("table", `par-table ${className || ""}`.trim());
    if (caption) t.appendChild(el("caption", "", caption));
    const thead = el("thead");
    const tr = el("tr");
    for (const h of head) tr.appendChild(el("th", "", h)).setAttribute("scope", "col");
    thead.appendChild(tr);
    const tbody = el("tbody");
    for (const row of rows) {
        const r = el("tr");
        row.forEach((cell, i) => {
            const c = el(i === 0 ? "th" : "td");
            if (i === 0) c.setAttribute("scope", "row");
            c.append(cell instanceof Node ? cell : String(cell));
            r.appendChild(c);
        });
        tbody.appendChild(r);
    }
    t.append(thead, tbody);
    const wrap = el("div", "par-table-wrap");
    wrap.setAttribute("role", "region");
    wrap.setAttribute("aria-label", /** @type {string} */ (label)); // every caller gives a caption or a label
    wrap.tabIndex = 0;
    wrap.appendChild(t);
    return wrap;
}

/** Call draw(width) now and whenever `box` changes width (charts sized in real pixels).
 *  @param {HTMLElement} box
 *  @param {(width: number) => void} draw */
export function responsive(box, draw) {
    let last = -1;
    const redraw = () => {
        const w = Math.round(box.clientWidth);
        if (w > 0 && w !== last) {
            last = w;
            draw(w);
        }
    };
    if (typeof ResizeObserver === "function") new ResizeObserver(redraw).observe(box);
    else addEventListener("resize", redraw);
    redraw();
}
