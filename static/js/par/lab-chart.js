// @ts-check
// Book of Christmas Eve, PAR page: the RTP lab's live chart (a canvas).
//
// x: rounds played (log scale by default, linear on request); y: return to player.
// Drawn: the running RTP with its 95% band (rtp ± rtp_ci95, from the run's own figures), the
// exact RTP after the cap (a thin gold band between the sheet's bounds) and, dashed, the funnel
// exact ± 1.96·SD/√n in which 95% of runs should end (SD: the sheet's volatility).

import { LAB_COLOURS as C } from "./charts.js";
import { pct, short } from "./figures.js";
import { t } from "../lang/i18n.js";
import { uiFont } from "../core/dom.js";

const PAD = { left: 52, right: 14, top: 10, bottom: 30 };

/**
 * A point of the running RTP: after `n` rounds, the RTP and its 95% band rtp ± ci.
 * @typedef {object} LabPoint
 * @property {number} n
 * @property {number} rtp
 * @property {number} ci
 */
/**
 * What a run is drawn against.
 * @typedef {object} ChartRun
 * @property {number} target the run's length in rounds
 * @property {readonly [low: number, high: number]} exact the proven bounds of the exact RTP after the cap
 * @property {number} sd a round's standard deviation, in bets (the funnel; 0: none)
 */

export class LiveChart {
    /** @param {HTMLCanvasElement} canvas */
    constructor(canvas) {
        /** @type {HTMLCanvasElement} */
        this.canvas = canvas;
        /** @type {boolean} x on a log scale (else linear) */
        this.log = true;
        /** @type {LabPoint[]} the run's points so far */
        this.points = [];
        /** @type {number} the run's length in rounds */
        this.target = 1;
        /** @type {readonly [low: number, high: number]} the proven bounds of the exact RTP after the cap */
        this.exact = [0, 0];
        /** @type {number} a round's standard deviation, in bets (0: no funnel) */
        this.sd = 0;
        /** @type {boolean} a redraw is due at the next frame */
        this.pending = false;
    }

    /** A new run: no points yet. @param {ChartRun} run */
    reset({ target, exact, sd }) {
        this.points = [];
        this.target = target;
        this.exact = exact;
        this.sd = sd;
        this.request();
    }

    /** @param {LabPoint} point */
    add(point) {
        this.points.push(point);
        this.request();
    }

    /** @param {boolean} log */
    setLog(log) {
        this.log = log;
        this.draw();
    }

    /** Redraw at the next frame (progress can arrive faster than frames). */
    request() {
        if (this.pending) return;
        this.pending = true;
        requestAnimationFrame(() => {
            this.pending = false;
            this.draw();
        });
    }

    /** Draws the chart now, at the canvas's size. */
    draw() {
        const canvas = this.canvas;
        const cssW = Math.max(200, Math.round(canvas.clientWidth));
        const cssH = Math.max(160, Math.round(canvas.clientHeight));
        const dpr = Math.min(3, globalThis.devicePixelRatio || 1);
        if (canvas.width !== Math.round(cssW * dpr) || canvas.height !== Math.round(cssH * dpr)) {
            canvas.width = Math.round(cssW * dpr);
            canvas.height = Math.round(cssH * dpr);
        }
        const g = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d")); // (a canvas's 2d context is never null)
        g.setTransform(dpr, 0, 0, dpr, 0, 0);
        g.clearRect(0, 0, cssW, cssH);
        const plotW = cssW - PAD.left - PAD.right;
        const plotH = cssH - PAD.top - PAD.bottom;
        const mid = (this.exact[0] + this.exact[1]) / 2;
        const pts = this.points;

        // x range: from the first point (at most 1,000 rounds) to the run's length.
        const x0 = this.log ? Math.min(1000, pts[0]?.n ?? 1000) : 0;
        const x1 = Math.max(this.target, x0 * 10);
        /** @type {(n: number) => number} */
        const xs = this.log
            ? (n) => PAD.left + (Math.log10(Math.max(n, x0)) - Math.log10(x0)) / (Math.log10(x1) - Math.log10(x0)) * plotW
            : (n) => PAD.left + (n / x1) * plotW;
        // y range: around the exact RTP, wide enough for the latest band (and the funnel there).
        const last = pts[pts.length - 1];
        let span = 0.02;
        if (last) span = Math.max(span, 1.6 * (Math.abs(last.rtp - mid) + last.ci));
        if (this.sd > 0) span = Math.max(span, 1.3 * 1.96 * this.sd / Math.sqrt(last ? last.n : x0 * 10));
        span = Math.min(span, 2);
        const y0 = mid - span;
        const y1 = mid + span;
        /** @type {(v: number) => number} */
        const ys = (v) => PAD.top + (1 - (v - y0) / (y1 - y0)) * plotH;

        g.font = `11px ${uiFont()}`;
        g.lineWidth = 1;
        // grid and axes
        g.strokeStyle = C.grid;
        g.fillStyle = C.ink;
        g.textAlign = "right";
        g.textBaseline = "middle";
        const yStep = niceStep((y1 - y0) / 5);
        for (let v = Math.ceil(y0 / yStep) * yStep; v <= y1; v += yStep) {
            const y = ys(v);
            g.beginPath();
            g.moveTo(PAD.left, y);
            g.lineTo(PAD.left + plotW, y);
            g.stroke();
            g.fillText(pct(v, yStep < 0.001 ? 2 : yStep < 0.01 ? 1 : 0), PAD.left - 4, y);
        }
        g.textAlign = "center";
        g.textBaseline = "top";
        for (const n of xTicks(x0, x1, this.log)) {
            const x = xs(n);
            g.textAlign = x > PAD.left + plotW - 14 ? "right" : "center";
            g.beginPath();
            g.moveTo(x, PAD.top);
            g.lineTo(x, PAD.top + plotH);
            g.stroke();
            g.fillText(short(n), x, PAD.top + plotH + 4);
        }
        g.textAlign = "center";
        g.fillText(t("par.lab.axis"), PAD.left + plotW / 2, PAD.top + plotH + 16);

        g.save();
        g.beginPath();
        g.rect(PAD.left, PAD.top, plotW, plotH);
        g.clip();
        // the funnel: where 95% of runs of n rounds end
        if (this.sd > 0) {
            g.strokeStyle = C.exact;
            g.globalAlpha = 0.55;
            g.setLineDash([5, 4]);
            for (const sign of [-1, 1]) {
                g.beginPath();
                for (let i = 0; i <= 80; i++) {
                    const n = this.log ? x0 * (x1 / x0) ** (i / 80) : Math.max(x0 + 1, (x1 * i) / 80);
                    const v = mid + sign * 1.96 * this.sd / Math.sqrt(Math.max(n, 1));
                    if (i === 0) g.moveTo(xs(n), ys(v));
                    else g.lineTo(xs(n), ys(v));
                }
                g.stroke();
            }
            g.setLineDash([]);
            g.globalAlpha = 1;
        }
        // the running RTP's 95% band and the running RTP
        if (pts.length) {
            g.fillStyle = C.band;
            g.beginPath();
            pts.forEach((p, i) => (i ? g.lineTo(xs(p.n), ys(p.rtp + p.ci)) : g.moveTo(xs(p.n), ys(p.rtp + p.ci))));
            for (let i = pts.length - 1; i >= 0; i--) g.lineTo(xs(pts[i].n), ys(pts[i].rtp - pts[i].ci));
            g.closePath();
            g.fill();
            g.strokeStyle = C.line;
            g.lineWidth = 2;
            g.beginPath();
            pts.forEach((p, i) => (i ? g.lineTo(xs(p.n), ys(p.rtp)) : g.moveTo(xs(p.n), ys(p.rtp))));
            g.stroke();
        }
        // the exact RTP after the cap
        g.fillStyle = C.exact;
        const ya = ys(this.exact[1]);
        const yb = ys(this.exact[0]);
        g.fillRect(PAD.left, Math.min(ya, yb - 1), plotW, Math.max(2, yb - ya));
        g.restore();
        g.strokeStyle = C.ink;
        g.lineWidth = 1;
        g.strokeRect(PAD.left + 0.5, PAD.top + 0.5, plotW - 1, plotH - 1);
    }
}

/** A round step (1, 2 or 5 times a power of ten) at least `raw`.
 *  @param {number} raw
 *  @returns {number} */
function niceStep(raw) {
    const p = 10 ** Math.floor(Math.log10(raw));
    for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
    return 10 * p;
}

/**
 * The x axis's ticks from x0 to x1: powers of ten on a log scale, round steps otherwise.
 * @param {number} x0
 * @param {number} x1
 * @param {boolean} log
 * @returns {number[]}
 */
function xTicks(x0, x1, log) {
    const ticks = [];
    if (log) {
        for (let e = Math.ceil(Math.log10(x0)); 10 ** e <= x1 * 1.0001; e++) ticks.push(10 ** e);
    } else {
        const step = niceStep(x1 / 5);
        for (let n = 0; n <= x1 * 1.0001; n += step) ticks.push(n);
    }
    return ticks;
}
