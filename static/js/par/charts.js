// @ts-check
// Book of Christmas Eve, PAR page: charts as inline SVG built from the PAR sheet's numbers.
//
// Each chart is redrawn at its box's real width (so its text stays readable on a phone), and each
// bar carries the figure it draws in data-key / data-value, like the page's other figures.

import { el, mark, responsive, svg } from "./figures.js";
import { dir, t } from "../lang/i18n.js";
import { uiFont } from "../core/dom.js";

/** Where a chart's text stands at its x: its "left" or "right" edge, or its "middle".
 *  @typedef {"left" | "right" | "middle"} Side */
/**
 * A bar of barChart.
 * @typedef {object} BarItem
 * @property {string} label
 * @property {number} value
 * @property {string} [key] the JSON path of the figure the bar draws (data-key)
 * @property {string} text the value as shown
 */
/**
 * @typedef {object} BarChartOptions
 * @property {string} [title]
 * @property {number} [max] the value of a full bar (the largest by default)
 * @property {{ value: number, label: string }} [ref] a reference line, and its label
 * @property {string} [className]
 */
/**
 * A part of stackChart's bar.
 * @typedef {object} StackPart
 * @property {string} label
 * @property {number} value
 * @property {string} [key] the JSON path of the figure the part draws (data-key)
 * @property {string} text the value as shown
 * @property {string} cls its class (its colour, par.css)
 */
/**
 * @typedef {object} StackChartOptions
 * @property {string} [title]
 * @property {number} [total] the value of the whole bar
 * @property {ReadonlyArray<readonly [value: number, label: string]>} [scaleLabels] the scale's marks under the bar
 */

// A chart's words. The drawing is laid out left to right in every language (par.css), but each
// text reads in the page's direction; `side` says where x is: the text's "left" or "right" edge,
// or its "middle".
/**
 * @param {number} x
 * @param {number} y
 * @param {Side} side
 * @param {string} cls
 * @param {string} text
 * @returns {SVGTextElement}
 */
function words(x, y, side, cls, text) {
    const rtl = dir() === "rtl";
    const anchor = side === "middle" ? "middle" : (side === "left") !== rtl ? "start" : "end";
    const node = svg("text", { x, y, "text-anchor": anchor, class: cls }, text);
    if (rtl) node.style.direction = "rtl";
    return node;
}

/** A tooltip: "label: value". @type {(label: string, value: string) => SVGTitleElement} */
const tip = (label, value) => svg("title", {}, t("par.chart.item", { label, value }));

const FONT = 12;

// The width of a label as the chart draws it (a word's length differs by language).
// (a new canvas's 2d context is never null)
const ruler = /** @type {CanvasRenderingContext2D} */ (document.createElement("canvas").getContext("2d"));
/**
 * @param {string} text
 * @param {number} [px] the font's size
 * @returns {number}
 */
function textWidth(text, px = FONT) {
    ruler.font = `${px}px ${uiFont()}`; // par.css, through fonts.css
    return ruler.measureText(text).width;
}

/**
 * A chart's <figure>: the box it is drawn in, and its caption.
 * @param {string} className
 * @param {string} [title]
 * @returns {{ figure: HTMLElement, box: HTMLDivElement }}
 */
function chartBox(className, title) {
    const figure = el("figure", `par-chart ${className}`);
    const box = el("div", "par-chart-box");
    figure.appendChild(box);
    if (title) figure.appendChild(el("figcaption", "par-chart-caption", title));
    return { figure, box };
}

/**
 * Horizontal bars, one row per item: label on the left, bar, formatted value on the right.
 * items: [{ label, value, key, text }]; options: { max, ref: { value, label } }.
 * @param {ReadonlyArray<BarItem>} items
 * @param {BarChartOptions} [options]
 * @returns {HTMLElement}
 */
export function barChart(items, { title, max, ref, className = "" } = {}) {
    const { figure, box } = chartBox(`par-bars ${className}`, title);
    const top = max ?? Math.max(...items.map((d) => d.value), ref?.value ?? 0);
    const row = 26;
    const head = ref ? 18 : 4;
    responsive(box, (width) => {
        const longest = Math.max(0, ...items.map((d) => textWidth(d.label)));
        const labelW = Math.min(Math.ceil(longest) + 4, Math.round(width * 0.45));
        const valueW = Math.min(96, Math.round(width * 0.24));
        const plotW = Math.max(40, width - labelW - valueW - 12);
        const height = head + items.length * row + 4;
        const root = svg("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img" });
        root.setAttribute("aria-label", title || t("par.chart.bars"));
        const x0 = labelW + 6;
        root.appendChild(svg("line", { x1: x0, y1: head - 2, x2: x0, y2: height - 2, class: "axis" }));
        items.forEach((d, i) => {
            const y = head + i * row;
            const w = top > 0 ? (d.value / top) * plotW : 0;
            const label = words(labelW, y + row / 2 + FONT / 3, "right", "label", d.label);
            // a label wider than its column (a language's long words on a phone) is set smaller
            // to fit it, never under 9 px; its bar's tooltip holds it too
            const wide = textWidth(d.label);
            if (wide > labelW) label.style.fontSize = `${Math.max(9, Math.floor(((FONT * labelW) / wide) * 10) / 10)}px`;
            root.appendChild(label);
            const bar = svg("rect", { x: x0, y: y + 4, width: Math.max(0, w), height: row - 8, rx: 3, class: `bar bar-${i % 2}` });
            if (d.key) mark(bar, d.key, d.value);
            bar.appendChild(tip(d.label, d.text));
            root.appendChild(bar);
            root.appendChild(words(x0 + w + 6, y + row / 2 + FONT / 3, "left", "value", d.text));
        });
        if (ref) {
            const x = x0 + (ref.value / top) * plotW;
            root.appendChild(svg("line", { x1: x, y1: head - 4, x2: x, y2: height - 2, class: "ref" }));
            root.appendChild(words(x, head - 7, x > width - 80 ? "right" : "middle", "ref-label", ref.label));
        }
        box.replaceChildren(root);
    });
    return figure;
}

/**
 * One stacked bar of parts that add up to at most `total` (e.g. the RTP split of a 100% bet),
 * with a legend underneath. parts: [{ label, value, key, text, cls }].
 * @param {ReadonlyArray<StackPart>} parts
 * @param {StackChartOptions} [options]
 * @returns {HTMLElement}
 */
export function stackChart(parts, { title, total = 1, scaleLabels = [] } = {}) {
    const { figure, box } = chartBox("par-stack", title);
    responsive(box, (width) => {
        const barH = 34;
        const legendRow = 20;
        const perRow = width < 480 ? 1 : 2;
        const rows = Math.ceil(parts.length / perRow);
        const height = barH + 22 + rows * legendRow + 6;
        const root = svg("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img" });
        root.setAttribute("aria-label", title || t("par.chart.stack"));
        const w = width - 2;
        let x = 1;
        parts.forEach((p) => {
            const pw = (p.value / total) * w;
            const rect = svg("rect", { x, y: 1, width: Math.max(0, pw), height: barH, class: `seg ${p.cls}` });
            if (p.key) mark(rect, p.key, p.value);
            rect.appendChild(tip(p.label, p.text));
            root.appendChild(rect);
            if (pw > 60) {
                root.appendChild(words(x + pw / 2, barH / 2 + FONT / 3 + 1, "middle", "seg-text", p.text));
            }
            x += pw;
        });
        root.appendChild(svg("rect", { x: 1, y: 1, width: w, height: barH, class: "frame" }));
        for (const [value, label] of scaleLabels) {
            const sx = 1 + (value / total) * w;
            root.appendChild(svg("line", { x1: sx, y1: barH + 1, x2: sx, y2: barH + 6, class: "axis" }));
            const side = value === 0 ? "left" : value >= total ? "right" : "middle";
            root.appendChild(words(sx, barH + 17, side, "tick", label));
        }
        const colW = w / perRow;
        parts.forEach((p, i) => {
            const lx = 1 + (i % perRow) * colW;
            const ly = barH + 26 + Math.floor(i / perRow) * legendRow;
            root.appendChild(svg("rect", { x: lx, y: ly, width: 12, height: 12, rx: 2, class: `seg ${p.cls}` }));
            root.appendChild(words(lx + 18, ly + 10, "left", "legend", `${p.label} ${p.text}`));
        });
        box.replaceChildren(root);
    });
    return figure;
}

/** The lab's colours for the series of its live chart (kept here with the other chart styles).
 *  @type {Readonly<Record<"band" | "line" | "exact" | "grid" | "ink", string>>} */
export const LAB_COLOURS = {
    band: "rgba(127, 220, 255, 0.22)",
    line: "#7fdcff",
    exact: "#ffd84a",
    grid: "rgba(255, 247, 224, 0.12)",
    ink: "#c9d2ee", // the axes and their labels
};

