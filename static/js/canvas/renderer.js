// @ts-check
// The canvas: one frame loop at the display's rate, sharp at the screen's devicePixelRatio (up to
// MAX_DPR: beyond 2 the eye sees no difference, the canvas costs 2.25x the pixels). It holds
// animation state only (reel offsets come from reels.js, effects from the sequencer's calls);
// what lands and what wins always comes from the round. Drawing is done in layers:
// scenery.js (frame, reel windows, snow), the reels here (from sprites.js's sprites), effects.js
// (wins, banners, coins), the winning symbols' own animations (symbolmotion.js); layout.js holds
// the geometry they share. All it keeps between frames is one RenderState (below), which only
// the Renderer changes: the layers read it and hand changes back.

import {
    burst, drawBanner, drawLines, drawParticles, drawSes, drawWild, linesKey, moveParticles, prepareParticles,
} from "./effects.js";
import {
    CELL_H, CELL_W, CellMap, CellSet, H, ROWS, SYMBOL_SIZE, W, blit, cached, cellHeightFor, cellOf, cellRect, roundRect,
    setCellHeight,
} from "./layout.js";
import { VELOCITY } from "./reels.js";
import { drawTease } from "./suspense.js";
import { drawFrameBack, drawFrameFront, drawSnow, fallSnow, flake } from "./scenery.js";
import { SymbolSprites, blurLevel } from "./sprites.js";
import { randomFor } from "../core/still.js";
import { drawWinSymbol } from "./symbolmotion.js";

/** @typedef {import("./reels.js").ReelSet} ReelSet */
/** @typedef {import("./effects.js").Particle} Particle */
/** @typedef {import("./scenery.js").Flake} Flake */
/** @typedef {import("./layout.js").Cell} Cell */
/** @typedef {import("./layout.js").LayerSlot} LayerSlot */
/** @typedef {import("../../../types/engine").PaidLineWin} PaidLineWin */
/** [reel, row] of a cell, as the engine gives it (layout.js cellOf() makes it a Cell).
 *  @typedef {ReadonlyArray<number>} Position */

/**
 * The Renderer's options.
 * @typedef {object} RendererOptions
 * @property {Iterable<string>} symbols every symbol name to draw
 * @property {string} wild the model's wild (drawn on expanded reels)
 * @property {ReelSet} reels the reels it draws
 * @property {boolean} [reduced] reduced motion: no motion blur, snow or coins, the effects held still
 * @property {boolean} [still] still mode (?still=1)
 */

/**
 * A win line shown (showLine, showAllLines; drawn by effects.js drawLines), in logical pixels.
 * @typedef {object} WinLineBase
 * @property {ReadonlyArray<ReadonlyArray<number>>} points [x, y] of each reel's cell on the line
 * @property {string} color
 * @property {number} t0 when it started (performance.now() ms)
 * @property {number} sf its pace (its durations times this)
 */
/**
 * A win line with its label and where the label goes (showLine), or without (showAllLines).
 * @typedef {WinLineBase & ({ label: string, labelAt: readonly [number, number] } | { label: null })} WinLine
 */

/**
 * A reel expanded by a book (expandWild; drawn by effects.js drawWild).
 * @typedef {object} WildShow
 * @property {number} t0 when it started (performance.now() ms)
 * @property {number} row the book's row, where the column grows from
 * @property {number} mult the reel's multiplier
 * @property {number} sf its pace
 * @property {boolean} medal its medallion has been drawn (and listed in the canvas's data-medals: medalShown())
 */

/**
 * The special symbol's expansion (expandSes; drawn by effects.js drawSes).
 * @typedef {object} SesShow
 * @property {number} t0 when it started (performance.now() ms)
 * @property {ReadonlyArray<number>} reels
 * @property {string} symbol
 * @property {string} label
 * @property {number} sf its pace
 */

/**
 * A banner (showBanner; drawn by effects.js drawBanner).
 * @typedef {object} Banner
 * @property {string} text
 * @property {string} sub the line under it ("": none)
 * @property {number} t0 when it started (performance.now() ms)
 * @property {number} dur how long it shows, ms (paced)
 */

/**
 * The renderer's state: everything on the canvas that changes, declared here and nowhere else.
 * createRenderState() makes it with every field set, and only the Renderer's methods change it;
 * the drawing layers (effects.js, scenery.js, suspense.js, symbolmotion.js) read it through a
 * View (read-only) and hand back what changes (the coins' and the snow's next step, a banner's
 * end) or call the Renderer (a medallion shown). The caches' Maps are filled by their helpers
 * (layout.js cached() and slot(), effects.js pill(), symbolmotion.js's shine frames). The
 * Renderer's other fields are what it was made with, none changed after its constructor.
 * @typedef {object} RenderState
 * @property {number} scale device pixels per logical pixel (the backing store's, _fit())
 * @property {boolean} painted a frame has been drawn (a resize then redraws at once)
 * @property {boolean} started the game is ready and its frame loop runs (start())
 * @property {boolean} looping the frame loop runs (run(): from a press held while loading, or start())
 * @property {boolean} observed the canvas's box is watched for resizes (_observe())
 * @property {number} last the last frame's time (performance.now() ms): the coins' and snow's step
 * @property {boolean} dirty something the picture shows changed since the last frame (the effects'
 *   methods say so); the frame loop then draws, whatever the rest rate (_wanted())
 * @property {boolean} moving the last frame drawn had the round on the reels (_moving())
 * @property {ReadonlyArray<unknown>} reelsAt each reel's strip, stop and place at the last frame drawn
 * @property {number} bakes motion-blurred sprites the frame being drawn may still make (_drawReels())
 * @property {boolean} free free spins: the reel windows' colours (setFree())
 * @property {ReadonlySet<number> | null} teasing the reels lit by the suspense (tease()); null: no suspense
 * @property {number} teaseT0 when the suspense began (performance.now() ms)
 * @property {ReadonlyArray<WinLine>} lines the win lines shown together (showLine(), showAllLines())
 * @property {string} linesKey the key of their layer (effects.js linesKey(); "" with no lines)
 * @property {CellSet} winCells the cells whose symbols celebrate, each in a gold box
 * @property {number} winT0 when they started (performance.now() ms; their loops count from it)
 * @property {boolean} dimOthers the symbols of the other cells are dimmed
 * @property {CellMap<number>} glows book highlights: cell -> when it began (performance.now() ms)
 * @property {Map<number, WildShow>} wilds the expanded book reels, reel -> its show, in the order expanded
 * @property {SesShow | null} ses the special symbol's expansion (null: none)
 * @property {Banner | null} banner the banner showing (null: none)
 * @property {ReadonlyArray<Particle>} particles the coins and stars in flight (burst())
 * @property {ReadonlyArray<Flake>} snow the snowflakes (none with reduced motion)
 * @property {Map<string, HTMLCanvasElement>} layerCache layout.js cached(): "key@scale/height" -> layer, least recently used first
 * @property {Map<string, LayerSlot>} layerSlots layout.js slot(): name -> its canvas and the key it was drawn for
 * @property {Map<string, HTMLCanvasElement>} shineCache symbolmotion.js: "symbol|frame|sprite px" -> a shine sweep's frame
 * @property {Map<string, number>} pillSizes effects.js pill(): "font size|text" -> the label's width, logical pixels
 */

/** The renderer as the drawing layers see it: its state read-only (they hand changes back, or
 *  call its methods).
 *  @typedef {Omit<Renderer, "state"> & { readonly state: Readonly<RenderState> }} View */

const LINE_COLORS = ["#ffd84a", "#ff5a5a", "#5ad1ff", "#7dff7a", "#ff8af0",
    "#ffa940", "#b48cff", "#40ffd0", "#ff4aa0", "#e8ff5a"];

const MAX_DPR = 2; // the canvas's backing store is at most twice its CSS size
const BOX_PAD = 30; // logical room around a win box for its glow
const WIN_WAVE_MS = 90; // a winning symbol's loop starts this much after the one on the reel before
// Motion-blurred sprites a frame may make when the idle moments have not made them all before a
// spin (sprites.js prebake): each is a few ms on a phone, and the first spin right after
// `ready` made dozens in its first frames (frames of 40-50 ms with the CPU slowed 4x, while a
// tap waited). The others show the nearest level made meanwhile.
const BAKES_PER_FRAME = 2;
// At rest, the scenery's frames are drawn at least this far apart (ms): every second frame of a
// 60 Hz display, 30 a second (_wanted()). A round's frames are all drawn, but at a test speed
// (?speed=fast, _thinned()).
const REST_FRAME_MS = 30;
// Still mode's random streams (core/still.js): the snow's and the coins'.
const SNOW_SEED = 1224, COIN_SEED = 2512;

/** @param {CanvasRenderingContext2D} ctx */
function paintWinBox(ctx) {
    ctx.strokeStyle = "rgba(255,226,120,0.95)";
    ctx.lineWidth = 4;
    ctx.shadowColor = "#ffd84a";
    ctx.shadowBlur = 12;
    roundRect(ctx, BOX_PAD + 5, BOX_PAD + 5, CELL_W - 10, CELL_H - 10, 12);
    ctx.stroke();
}

/** The book highlight behind a cell: a radial gold glow, at full strength (the pulse is opacity).
 *  @param {CanvasRenderingContext2D} ctx */
function paintBookGlow(ctx) {
    const cx = CELL_W / 2, cy = CELL_H / 2;
    const grad = ctx.createRadialGradient(cx, cy, 10, cx, cy, CELL_W * 0.62);
    grad.addColorStop(0, "rgba(255,220,90,0.75)");
    grad.addColorStop(1, "rgba(255,200,60,0)");
    ctx.fillStyle = grad;
    ctx.fillRect(0, 0, CELL_W, CELL_H);
}

/** Resolves in a later task: the browser renders and handles input in between.
 *  @type {() => Promise<void>} */
export const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
// The main-thread time prepare() takes before it lets the page go on (a tap, a frame).
const PREPARE_SLICE_MS = 40;

/** An effect's pace: its durations times this (at least 0.05, so that it still shows a frame).
 *  @type {(speedFactor: number) => number} */
const pace = (speedFactor) => Math.max(speedFactor, 0.05);

/** A new state: every field at its start (no effects; the snow as given).
 *  @param {ReadonlyArray<Flake>} snow
 *  @returns {RenderState} */
function createRenderState(snow) {
    return {
        scale: 1, painted: false, started: false, looping: false, observed: false, last: performance.now(), bakes: 0,
        dirty: true, moving: false, reelsAt: [],
        free: false, teasing: null, teaseT0: 0,
        lines: [], linesKey: "", winCells: new CellSet(), winT0: 0, dimOthers: false, glows: new CellMap(),
        wilds: new Map(), ses: null, banner: null, particles: [], snow,
        layerCache: new Map(), layerSlots: new Map(), shineCache: new Map(), pillSizes: new Map(),
    };
}

export class Renderer {
    /** `symbols`: every symbol name to draw; `wild`: the model's wild (drawn on expanded reels);
     *  `reels`: the ReelSet it draws (reels.js). `still` (?still=1): the snow seeded and frozen,
     *  every loop (the bulbs, the winning symbols, the book glow, the rays) held at one frame.
     *  @param {HTMLCanvasElement} canvas
     *  @param {RendererOptions} options */
    constructor(canvas, { symbols, wild, reels, reduced = false, still = false }) {
        // What it is made with, none of it changed afterwards; all that changes is in `state`.
        /** @readonly */ this.canvas = canvas; // the page's canvas
        /** @readonly */ this.ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d")); // only ever 2d: never null
        /** @readonly */ this.wild = wild; // the model's wild (drawn on expanded reels)
        /** @readonly */ this.reduced = reduced; // reduced motion
        /** @readonly */ this.still = still; // still mode (?still=1)
        /** A round's frames drawn REST_FRAME_MS apart, as at rest (_thinned(); app.js at ready) */
        this.thinRounds = false;
        /** @readonly */ this.random = randomFor(COIN_SEED, still); // the coins of a burst (effects.js)
        /** @readonly */ this.symbols = new SymbolSprites(symbols); // the symbols' sprites (sprites.js keeps them)
        /** @readonly */ this.reels = reels; // the reels it draws (reels.js moves them)
        const snowRandom = randomFor(SNOW_SEED, still);
        /** @readonly */ this.state = createRenderState(reduced ? [] : Array.from({ length: 70 }, () => flake(true, snowRandom)));
        this.clearWins();
    }

    /** Loads the symbols' images. prepare() (or resize()) then makes their sprites. */
    load() {
        return this.symbols.load();
    }

    /**
     * Fits the canvas to its box and makes what the first frame needs (each symbol's sprite, the
     * frame's cached layers) in slices of about PREPARE_SLICE_MS. Done in one go, rasterising the
     * SVG symbols and painting the layers was a main-thread task of 0.3-0.4 s on a phone-like
     * CPU, which froze the loading bar; one piece per task let a frame of the loading screen in
     * after each of the thirteen, which on the phone profile put the reels ~0.2 s later.
     */
    async prepare() {
        if (!this._fit()) return;
        const pieces = [
            ...this.symbols.rasterisers(),
            // each layer draws on the canvas too, which the first frame then covers
            () => drawFrameBack(this), () => drawFrameFront(this, performance.now()),
            () => this._snow(0, performance.now()),
        ];
        let slice = performance.now();
        for (const piece of pieces) {
            piece();
            if (performance.now() - slice >= PREPARE_SLICE_MS) {
                await nextTask();
                slice = performance.now();
            }
        }
    }

    /** In idle moments before the first spin: the motion blur of a normal spin and the coins of a
     *  celebration (neither with reduced motion). */
    _prebake() {
        if (!this.reduced) this.symbols.prebake(VELOCITY);
        prepareParticles(this); // (at this scale)
    }

    /** Fit the canvas to its box (keeping the aspect ratio) and re-rasterise the sprites. */
    resize() {
        if (!this._fit()) return;
        for (const make of this.symbols.rasterisers()) make();
        if (this.state.painted) this._draw(performance.now());
        if (this.state.started) this._prebake();
    }

    /** Sizes the canvas to its box; true when its backing store changed (the sprites are then
     *  to be made again at the new scale) or the sprites were never made. */
    _fit() {
        const box = /** @type {HTMLElement} */ (this.canvas.parentElement).getBoundingClientRect(); // the page's reel box
        if (!box.width || !box.height) return false;
        // a portrait box gets taller cells (layout.js): the same canvas width, more of the height
        const moved = setCellHeight(cellHeightFor(box.width, box.height));
        const cssW = Math.min(box.width, (box.height * W) / H);
        const cssH = (cssW * H) / W;
        const dpr = Math.min(MAX_DPR, window.devicePixelRatio || 1);
        this.canvas.style.width = `${cssW}px`;
        this.canvas.style.height = `${cssH}px`;
        const width = Math.round(cssW * dpr);
        const height = Math.round(cssH * dpr);
        // Setting a canvas's size clears it: only on a real change, and redrawn at once by
        // resize(), so the reels are never blank between a resize and the next frame.
        if (!moved && width === this.canvas.width && height === this.canvas.height && this.symbols.px) return false;
        this.canvas.width = width;
        this.canvas.height = height;
        const scale = this.state.scale = (cssW * dpr) / W;
        this.symbols.rescale(Math.max(8, Math.round(SYMBOL_SIZE * scale)), scale);
        return true;
    }

    /** Draws one frame now (the first paint, before the frame loop runs), and from then on draws
     *  again on a resize. */
    drawNow() {
        this.state.painted = true;
        this.state.last = performance.now();
        this._draw(this.state.last);
        this._observe();
    }

    /** Refits and redraws the canvas when its box or the screen's pixel ratio changes. */
    _observe() {
        if (this.state.observed) return;
        this.state.observed = true;
        new ResizeObserver(() => this.resize()).observe(/** @type {HTMLElement} */ (this.canvas.parentElement));
        window.matchMedia?.(`(resolution: ${window.devicePixelRatio}dppx)`)
            ?.addEventListener?.("change", () => this.resize());
    }

    /**
     * Starts the frame loop (the snow, the reels, the effects) and the making of the motion blur,
     * once the game is ready. While the engine loads, the reels painted early stay still: a frame
     * a display refresh and the blur made in idle moments took the CPU the engine's worker boots
     * with (on the phone profile, `ready` came about 0.4 s later with them).
     */
    start() {
        if (this.state.started) return;
        this.state.started = true;
        this.run();
        this._prebake();
    }

    /** Starts the frame loop alone (a press of Spin held while the engine loads sets the reels
     *  turning: firstpaint.js); start() adds the rest at ready. `now`: draw a frame at once too
     *  (start(); a held press leaves it to the next frame, which shows the reels moving, so
     *  that the tap's own task stays short).
     *  @param {{ now?: boolean }} [options] */
    run({ now = true } = {}) {
        if (this.state.looping) return;
        this.state.looping = true;
        /** @param {number} now */
        const frame = (now) => {
            if (this._wanted(now)) {
                if (this._thinned(now)) this.reels?.update(now); // the reels' state moves on, undrawn
                else this._draw(now);
            }
            requestAnimationFrame(frame);
        };
        // Paint the first frame now: the game announces ready right after start(), and the reels
        // must be on the canvas by then (a rAF-only first frame came late, WebKit most of all).
        this.state.painted = true;
        this.state.last = performance.now();
        if (now) this._draw(this.state.last);
        requestAnimationFrame(frame);
        this._observe();
    }

    /** Whether the frame at `now` is to be drawn. A round's frames are all drawn (the reels
     *  turning, and every effect while it is on the reels); at rest the scenery alone moves (the
     *  snow's drift, the bulbs' twinkle), slowly: it is drawn REST_FRAME_MS apart, half a 60 Hz
     *  display's rate, which about halves what a game left open costs the device (docs/speed.md);
     *  with nothing moving at all (reduced motion, still mode) a frame is drawn only when
     *  something changed. The frame after a round's last is drawn too (its effects just ended).
     *  @param {number} now */
    _wanted(now) {
        const s = this.state;
        const moving = this._moving();
        const was = s.moving;
        s.moving = moving;
        if (moving || was || s.dirty || this._reelsMoved()) return true;
        return !this.reduced && !this.still && now - s.last >= REST_FRAME_MS;
    }

    /** Whether the frame at `now`, wanted (_wanted()), is left undrawn: at a test speed
     *  (`thinRounds`, set by app.js for ?speed=fast) a round's frames while something moves are
     *  drawn at most REST_FRAME_MS apart, as at rest. Nobody watches a round at 0.04 of its pace, and
     *  every frame drawn costs the machine running the tests (a bought feature drew about 135
     *  frames in 2.5 s: 3.3 s of CPU). A change (`dirty`: an effect begun) and the frame after
     *  the round's last are drawn at once, as at every speed.
     *  @param {number} now */
    _thinned(now) {
        const s = this.state;
        return this.thinRounds && s.moving && !s.dirty && now - s.last < REST_FRAME_MS;
    }

    /** Whether the round shows anything on the reels: a reel turning, a win, a book's glow, an
     *  expansion, the suspense, a banner or coins in flight. */
    _moving() {
        const s = this.state;
        return Boolean(this.reels?.reels.some((r) => r.spinning) || s.particles.length || s.banner || s.teasing
            || s.wilds.size || s.ses || s.lines.length || s.winCells.size || s.glows.size);
    }

    /** Whether a reel shows another place than at the last frame drawn (rest(): a resumed
     *  round's earlier spins, shown without motion). */
    _reelsMoved() {
        const reels = this.reels?.reels ?? [];
        const before = this.state.reelsAt;
        // (compared in place: this runs on every frame at rest, and allocates only on a change)
        if (before.length === 3 * reels.length
            && reels.every((r, i) => r.strip === before[3 * i] && r.stop === before[3 * i + 1] && r.p === before[3 * i + 2])) return false;
        this.state.reelsAt = reels.flatMap((r) => [r.strip, r.stop, r.p]);
        return true;
    }

    // ---- effects the sequencer drives -------------------------------------------------

    /** Ends every effect of the round: lines, winning cells, book highlights, expanded reels, banner. */
    clearWins() {
        const s = this.state;
        this._setLines([], new CellSet(), 0, false);
        s.glows = new CellMap();
        s.wilds = new Map();
        s.ses = null;
        s.banner = null;
        delete this.canvas.dataset.wilds; delete this.canvas.dataset.medals; delete this.canvas.dataset.ses;
    }

    /** @param {boolean} on */
    setFree(on) {
        this.state.dirty = true;
        this.state.free = on;
    }

    /** Suspense: `reels` (indexes) still spinning lit, the others dimmed; null ends it. The
     *  canvas's data-tease lists the lit reels ("3,4"), for tests and tools.
     *  @param {ReadonlyArray<number> | null} reels */
    tease(reels) {
        this.state.dirty = true;
        const lit = reels?.length ? new Set(reels) : null;
        if (lit && !this.state.teasing) this.state.teaseT0 = performance.now();
        this.state.teasing = lit;
        if (lit) this.canvas.dataset.tease = [...lit].join(",");
        else delete this.canvas.dataset.tease;
    }

    /** Book highlights on the cells at `positions`.
     *  @param {Iterable<Position>} positions */
    glow(positions) {
        this.state.dirty = true;
        const t0 = performance.now();
        for (const position of positions) this.state.glows.set(cellOf(position), t0);
    }

    clearGlows() {
        this.state.dirty = true;
        this.state.glows.clear();
    }

    // Each effect is given its pace when it starts (`speedFactor`: its durations are multiplied
    // by it, as reels.spin's are); the renderer keeps no pace of its own.

    /** Win line `lineIndex` (its `rows`, one per reel) with its winning cells and its label.
     *  @param {number} lineIndex
     *  @param {ReadonlyArray<number>} rows
     *  @param {ReadonlyArray<Position>} positions
     *  @param {string} label
     *  @param {number} [speedFactor] */
    showLine(lineIndex, rows, positions, label, speedFactor = 1) {
        const points = rows.map((row, reel) => {
            const c = cellRect(reel, row);
            return [c.x + c.w / 2, c.y + c.h / 2];
        });
        const last = cellOf(positions[positions.length - 1]);
        const c = cellRect(last.reel, last.row);
        /** @type {WinLine} */
        const line = { points, color: LINE_COLORS[lineIndex % 10], label,
            labelAt: [c.x + c.w / 2, c.y + c.h - 18], t0: performance.now(), sf: pace(speedFactor) };
        this._setLines([line], new CellSet(positions.map(cellOf)), performance.now(), true);
    }

    /** Every line of `wins` together, without labels.
     *  @param {ReadonlyArray<PaidLineWin>} wins
     *  @param {import("../../../types/game").Model["paylines"]} paylines
     *  @param {number} [speedFactor] */
    showAllLines(wins, paylines, speedFactor = 1) {
        const t0 = performance.now(), sf = pace(speedFactor);
        /** @type {WinLine[]} */
        const lines = wins.map((w) => ({
            points: paylines[w.line].map((row, reel) => {
                const c = cellRect(reel, row);
                return [c.x + c.w / 2, c.y + c.h / 2];
            }),
            color: LINE_COLORS[w.line % 10], label: null, t0, sf,
        }));
        this._setLines(lines, new CellSet(wins.flatMap((w) => w.positions.map(cellOf))), t0, wins.length > 0);
    }

    hideLines() {
        this._setLines([], new CellSet(), this.state.winT0, false);
    }

    /** Shows `lines` (none: []) and `cells` celebrating from `t0`, the others dimmed or not.
     *  @param {ReadonlyArray<WinLine>} lines
     *  @param {CellSet} cells
     *  @param {number} t0 performance.now() ms
     *  @param {boolean} dim */
    _setLines(lines, cells, t0, dim) {
        const s = this.state;
        s.dirty = true;
        s.lines = lines;
        s.linesKey = linesKey(lines);
        s.winCells = cells;
        s.winT0 = t0;
        s.dimOthers = dim;
    }

    /** @param {number} reel
     *  @param {number} row the book's
     *  @param {number} mult the reel's multiplier
     *  @param {number} [speedFactor] */
    expandWild(reel, row, mult, speedFactor = 1) {
        this.state.dirty = true;
        this.state.wilds.set(reel, { t0: performance.now(), row, mult, sf: pace(speedFactor), medal: false });
        // the reels expanded so far, in the order they were, with their multipliers ("1:x2,3:x1"): for tests and tools
        this.canvas.dataset.wilds = [...this.state.wilds].map(([r, w]) => `${r}:x${w.mult}`).join(",");
    }

    /** The medallion of expanded reel `reel` has been drawn (effects.js drawWild says so once).
     *  @param {number} reel */
    medalShown(reel) {
        const w = this.state.wilds.get(reel);
        if (!w || w.medal) return;
        w.medal = true;
        // the reels whose medallion is drawn ("3:x2"): for tests and tools
        this.canvas.dataset.medals = [...this.state.wilds].filter(([, x]) => x.medal).map(([r, x]) => `${r}:x${x.mult}`).join(",");
    }

    /** @param {ReadonlyArray<number>} reels
     *  @param {string} symbol
     *  @param {string} label
     *  @param {number} [speedFactor] */
    expandSes(reels, symbol, label, speedFactor = 1) {
        this.state.dirty = true;
        this.state.ses = { t0: performance.now(), reels, symbol, label, sf: pace(speedFactor) };
        this.canvas.dataset.ses = `${symbol}:${reels.join(",")}`; // for tests and tools
        this.state.dimOthers = true;
        this.state.winCells = new CellSet();
    }

    /** @param {string} text
     *  @param {string} [sub]
     *  @param {number} [dur] ms
     *  @param {number} [speedFactor] */
    showBanner(text, sub = "", dur = 1400, speedFactor = 1) {
        this.state.dirty = true;
        this.state.banner = { text, sub, t0: performance.now(), dur: dur * pace(speedFactor) };
    }

    /** Coins and stars thrown; in a quicker round (`speedFactor` below 1) they fly and fall
     *  quicker, as every animation of the round is shortened. In still mode they keep their own
     *  time, so that settled() resolves a while after the round, as when the stored pictures were
     *  taken: resolving at once raced the page's last repaint of the win's glow and Spin's ring
     *  (6,429 pixels differed in one fresh-clone run of two).
     *  @param {number} [count]
     *  @param {number} [speedFactor] */
    burst(count = 40, speedFactor = 1) {
        this.state.dirty = true;
        const tempo = this.still ? 1 : 1 / pace(speedFactor);
        this.state.particles = [...this.state.particles, ...burst(this, count, tempo)];
    }

    // ---- drawing --------------------------------------------------------------------

    /** The time the loops are drawn at (the bulbs' twinkle, the rays, the snow's drift): `now`,
     *  or in still mode always 0, so that their frame depends on nothing but the round.
     *  @param {number} now
     *  @returns {number} */
    loopTime(now) {
        return this.still ? 0 : now;
    }

    /** @param {number} now performance.now() ms */
    _draw(now) {
        const s = this.state;
        const dt = Math.min(0.05, (now - s.last) / 1000);
        s.last = now;
        s.dirty = false;
        const ctx = this.ctx;
        if (!this.canvas.width) return;
        if (this.reels) this.reels.update(now);
        ctx.setTransform(s.scale, 0, 0, s.scale, 0, 0);
        drawFrameBack(this); // replaces the whole canvas: no clearing first
        if (this.reels) this._drawReels(now);
        drawTease(this, now);
        drawWild(this, now);
        drawSes(this, now);
        drawLines(this, now);
        drawFrameFront(this, this.loopTime(now));
        if (drawBanner(this, now)) s.banner = null; // its time is over
        if (s.particles.length) s.particles = moveParticles(s.particles, dt);
        drawParticles(this);
        this._snow(this.still ? 0 : dt, this.loopTime(now)); // still: where it was made
    }

    /** Moves the snow `dt` seconds on and draws it (scenery.js).
     *  @param {number} dt seconds (0: the flakes stay)
     *  @param {number} now the loops' time, ms (loopTime()) */
    _snow(dt, now) {
        this.state.snow = fallSnow(this.state.snow, dt, now);
        drawSnow(this);
    }

    /** Draws symbol `name` centred on (cx, cy). At its own size the sprite is copied pixel for
     *  pixel onto the screen's pixel grid (the cheapest copy, and the sharpest).
     *  @param {string} name
     *  @param {number} cx
     *  @param {number} cy
     *  @param {number} [scale]
     *  @param {number} [alpha] */
    drawSymbol(name, cx, cy, scale = 1, alpha = 1) {
        const sprite = this.symbols.sprites[name];
        if (!sprite) return;
        this.ctx.globalAlpha = alpha;
        if (scale === 1) {
            const k = this.state.scale;
            const px = sprite.width;
            this.ctx.drawImage(sprite, Math.round(cx * k - px / 2) / k, Math.round(cy * k - px / 2) / k, px / k, px / k);
        } else {
            const s = SYMBOL_SIZE * scale;
            this.ctx.drawImage(sprite, cx - s / 2, cy - s / 2, s, s);
        }
        this.ctx.globalAlpha = 1;
    }

    /** @param {number} now performance.now() ms */
    _drawReels(now) {
        const ctx = this.ctx, s = this.state;
        s.bakes = BAKES_PER_FRAME;
        for (const reel of this.reels.reels) {
            const c = cellRect(reel.index, 0);
            ctx.save();
            ctx.beginPath();
            ctx.rect(c.x, c.y, CELL_W, ROWS * CELL_H);
            ctx.clip();
            const j0 = Math.floor(reel.p);
            const frac = reel.p - j0;
            const blur = Math.min(1, Math.abs(reel.velocity) / 30);
            for (let r = -1; r <= 3; r++) {
                const name = reel.symbol(j0 + r);
                const cx = c.x + CELL_W / 2;
                const cy = c.y + (r - frac) * CELL_H + CELL_H / 2;
                if (blur > 0.05 && !this.reduced) {
                    // motion blur: the symbol smeared along the reel (centred on it), baked per speed;
                    // a frame makes at most BAKES_PER_FRAME, and draws the nearest made level (or
                    // the sharp symbol) until the rest are made
                    const level = blurLevel(Math.abs(reel.velocity));
                    const baked = this.symbols.hasBlur(name, level) || s.bakes-- > 0
                        ? this.symbols.blur(name, level) : this.symbols.nearestBlur(name, level);
                    if (!baked) {
                        this.drawSymbol(name, cx, cy);
                        continue;
                    }
                    const k = s.scale;
                    const px = baked.canvas.width;
                    const x = Math.round(cx * k - px / 2) / k;
                    const y = Math.round((cy - baked.lead) * k - px / 2) / k;
                    ctx.drawImage(baked.canvas, x, y, px / k, baked.canvas.height / k);
                    continue;
                }
                const row = j0 + r;
                const cell = { reel: reel.index, row };
                let scale = 1;
                let alpha = 1;
                if (!reel.spinning && row >= 0 && row < ROWS) {
                    if (s.winCells.has(cell)) {
                        if (!this.reduced && !s.glows.has(cell)) {
                            // its own loop, each reel a beat after the one before (a wave along the
                            // line); still mode: each at its loop's first frame, the symbol at rest
                            drawWinSymbol(this, name, cx, cy, this.still ? 0 : now - s.winT0 - WIN_WAVE_MS * reel.index);
                            continue;
                        }
                        scale = 1.04; // reduced motion: a still, slightly larger symbol
                    } else if (s.dimOthers) {
                        alpha = 0.35;
                    }
                    const g = s.glows.get(cell);
                    if (g !== undefined) {
                        const pulse = this.still ? 1 : 0.6 + 0.4 * Math.sin((now - g) / 140);
                        // the gradient drawn once at full strength, copied with the pulse as opacity
                        ctx.globalAlpha = pulse;
                        blit(this, cached(this, "book-glow", CELL_W, CELL_H, paintBookGlow), c.x, cy - CELL_H / 2, CELL_W, CELL_H);
                        ctx.globalAlpha = 1;
                        scale = this.reduced ? 1.05 : 1 + 0.08 * pulse;
                        alpha = 1;
                    }
                }
                this.drawSymbol(name, cx, cy, scale, alpha);
            }
            ctx.restore();
        }
        // a winning cell gets a gold box (a glowing sprite drawn once)
        if (s.winCells.size) {
            const box = cached(this, "win-box", CELL_W + 2 * BOX_PAD, CELL_H + 2 * BOX_PAD, paintWinBox);
            for (const { reel, row } of s.winCells) {
                const c = cellRect(reel, row);
                blit(this, box, c.x - BOX_PAD, c.y - BOX_PAD, CELL_W + 2 * BOX_PAD, CELL_H + 2 * BOX_PAD);
            }
        }
    }

}
