// @ts-check
// The canvas's geometry, in logical pixels (the renderer scales it to the screen): where each
// cell of the 5x3 grid sits, and the path and easing helpers every drawing layer shares.

/** The grid: reels (columns) and rows, as in the engine (engine/grid.py). */
export const REELS = 5;
export const ROWS = 3;

export const W = 1000;            // logical canvas width; drawn scaled to fit, times the DPR
export const CELL_W = 172;
export const GAP = 10;
export const REELS_W = REELS * CELL_W + (REELS - 1) * GAP; // the width of the reel windows
export const X0 = (W - REELS_W) / 2;
export const SYMBOL_SIZE = 146;

// The height is the canvas's one free dimension: a cell is CELL_H_MIN tall in a landscape box
// (the canvas 1000x600, as it always was) and grows up to CELL_H_MAX in a portrait one, so that on
// a phone held upright the reels fill the width and take the height the screen has (a symbol
// stays SYMBOL_SIZE square, centred in its taller cell). setCellHeight() moves these; the modules
// that import them read the new values (ES module bindings are live).
export const CELL_H_MIN = 160;
export const CELL_H_MAX = 280;   // a cell at most about 1.6 times as tall as wide
export const MARGIN_Y = 60;      // logical rows above and below the reel windows (the frame's room)
export let CELL_H = CELL_H_MIN;
export let REELS_H = ROWS * CELL_H;
export let H = REELS_H + 2 * MARGIN_Y;
export let Y0 = MARGIN_Y;

/** A logical rectangle: its top left corner and its size.
 *  @typedef {{ x: number, y: number, w: number, h: number }} Rect */

/**
 * What the layer helpers below need of the view they draw for (the renderer, renderer.js): its
 * context, and of its state (RenderState) the scale and the two layer caches, which they fill.
 * @typedef {object} LayerView
 * @property {CanvasRenderingContext2D} ctx the canvas's context, in the view's own transform
 * @property {Readonly<Pick<import("./renderer.js").RenderState, "scale" | "layerCache" | "layerSlots">>} state
 */

/** One slot()'s canvas and the key ("key@scale/height") it was last drawn for (null: never).
 *  @typedef {{ key: string | null, layer: HTMLCanvasElement }} LayerSlot */

/** Paints a layer, in logical pixels (its context already scaled).
 *  @typedef {(ctx: CanvasRenderingContext2D) => void} Paint */

/** A cell of the grid: its reel (column, 0 to REELS - 1) and its row (0 to ROWS - 1, from the top).
 *  The engine's positions are [reel, row] arrays (cellOf() reads one); no cell is ever a string.
 *  @typedef {{ readonly reel: number, readonly row: number }} Cell */

/** The cell at the engine's position `[reel, row]`.
 *  @param {ReadonlyArray<number>} position
 *  @returns {Cell} */
export const cellOf = ([reel, row]) => ({ reel, row });

/** One number per cell (a Map's key), for whole numbers 0 to 65535: reel and row each. */
const KEY_SPAN = 65536;
/** @type {(cell: Cell) => number} */
const cellKey = ({ reel, row }) => reel * KEY_SPAN + row;

/** Cells, each once, in the order first given (a set of cells by value), fixed once made. */
export class CellSet {
    /** @type {Map<number, Cell>} */
    #cells = new Map();

    /** @param {Iterable<Cell>} [cells] */
    constructor(cells = []) {
        for (const cell of cells) if (!this.#cells.has(cellKey(cell))) this.#cells.set(cellKey(cell), cell);
    }

    /** @param {Cell} cell */
    has(cell) {
        return this.#cells.has(cellKey(cell));
    }

    get size() {
        return this.#cells.size;
    }

    /** The cells, in the order first given. */
    [Symbol.iterator]() {
        return this.#cells.values();
    }
}

/** A value per cell (a Map keyed by cells by value).
 *  @template V */
export class CellMap {
    /** @type {Map<number, V>} */
    #values = new Map();

    /** @param {Cell} cell
     *  @param {V} value */
    set(cell, value) {
        this.#values.set(cellKey(cell), value);
    }

    /** @param {Cell} cell
     *  @returns {V | undefined} */
    get(cell) {
        return this.#values.get(cellKey(cell));
    }

    /** @param {Cell} cell */
    has(cell) {
        return this.#values.has(cellKey(cell));
    }

    clear() {
        this.#values.clear();
    }

    /** How many cells have a value. */
    get size() {
        return this.#values.size;
    }
}

/** The cell height for a box of `width` x `height` CSS px: the tallest, within its bounds, that
 *  lets the canvas fill the box's width.
 *  @param {number} width
 *  @param {number} height
 *  @returns {number} */
export function cellHeightFor(width, height) {
    if (!(width > 0 && height > 0)) return CELL_H_MIN;
    const logicalH = (height * W) / width; // the canvas's height at the box's full width
    const fit = Math.floor((logicalH - 2 * MARGIN_Y) / ROWS);
    return Math.max(CELL_H_MIN, Math.min(CELL_H_MAX, fit));
}

/** Moves the geometry to cells `cellH` logical pixels tall; true when it changed.
 *  @param {number} cellH
 *  @returns {boolean} */
export function setCellHeight(cellH) {
    const h = Math.max(CELL_H_MIN, Math.min(CELL_H_MAX, Math.round(cellH)));
    if (h === CELL_H) return false;
    CELL_H = h;
    REELS_H = ROWS * CELL_H;
    H = REELS_H + 2 * MARGIN_Y;
    Y0 = MARGIN_Y;
    return true;
}

/** @type {(u: number) => number} */
export const easeOutBack = (u) => 1 + 2.2 * Math.pow(u - 1, 3) + 1.2 * Math.pow(u - 1, 2);
/** @type {(u: number) => number} */
export const easeOutCubic = (u) => 1 - Math.pow(1 - u, 3);
/** @type {(u: number) => number} */
export const clamp01 = (u) => Math.max(0, Math.min(1, u));

/** The logical rectangle of the cell of `reel` (0-4) and `row` (0-2).
 *  @param {number} reel
 *  @param {number} row
 *  @returns {Rect} */
export function cellRect(reel, row) {
    return { x: X0 + reel * (CELL_W + GAP), y: Y0 + row * CELL_H, w: CELL_W, h: CELL_H };
}

/** The rectangle of a reel growing from one row to the full column (u from 0 to 1).
 *  @param {number} reel
 *  @param {number} row
 *  @param {number} u
 *  @returns {Rect} */
export function column(reel, row, u) {
    const c = cellRect(reel, 0);
    const e = easeOutCubic(u);
    const top = c.y + row * CELL_H * (1 - e);
    const bottom = c.y + (row + 1) * CELL_H + (ROWS - row - 1) * CELL_H * e;
    return { x: c.x, y: top, w: CELL_W, h: bottom - top };
}

/** Starts a rounded-rectangle path.
 *  @param {CanvasRenderingContext2D} ctx
 *  @param {number} x
 *  @param {number} y
 *  @param {number} w
 *  @param {number} h
 *  @param {number} r the corners' radius */
export function roundRect(ctx, x, y, w, h, r) {
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, r);
}

// ---- cached layers: drawn once at the screen's resolution, copied each frame ----

const CACHE_MAX = 64; // layers kept; the least recently used goes first (win lines, labels vary)

/** An offscreen canvas of `w` x `h` logical pixels at the view's scale, drawn once by `draw`.
 *  @param {LayerView} view
 *  @param {string} key
 *  @param {number} w
 *  @param {number} h
 *  @param {Paint} draw
 *  @returns {HTMLCanvasElement} */
export function cached(view, key, w, h, draw) {
    const cache = view.state.layerCache, scale = view.state.scale;
    const fullKey = `${key}@${scale}/${H}`; // a layer is drawn for one scale and one height
    let layer = cache.get(fullKey);
    if (layer) {
        cache.delete(fullKey); // most recently used last
        cache.set(fullKey, layer);
    } else {
        for (const k of cache.keys()) if (k.startsWith(`${key}@`)) cache.delete(k);
        // the cache holds CACHE_MAX keys here: the first is a key, never the iterator's end
        while (cache.size >= CACHE_MAX) cache.delete(/** @type {string} */ (cache.keys().next().value));
        layer = document.createElement("canvas");
        layer.width = Math.max(1, Math.ceil(w * scale));
        layer.height = Math.max(1, Math.ceil(h * scale));
        const ctx = /** @type {CanvasRenderingContext2D} */ (layer.getContext("2d")); // a new canvas: never null
        ctx.setTransform(scale, 0, 0, scale, 0, 0);
        draw(ctx);
        cache.set(fullKey, layer);
    }
    return layer;
}

/** Copies a cached layer drawn for the logical rectangle (x, y, w, h) (w and h: the size it was
 *  drawn for), pixel for pixel with its corner on the screen's pixel grid. A copy scaled by even
 *  a pixel (the layer's size is rounded up to whole pixels) or placed between pixels is filtered,
 *  several times slower without a GPU and a little blurred. Needs the view's own transform.
 *  @param {LayerView} view
 *  @param {HTMLCanvasElement} layer
 *  @param {number} x
 *  @param {number} y
 *  @param {number} _w
 *  @param {number} _h */
export function blit(view, layer, x, y, _w, _h) {
    const k = view.state.scale;
    view.ctx.drawImage(layer, Math.round(x * k) / k, Math.round(y * k) / k, layer.width / k, layer.height / k);
}

/** Like cached(), for a layer whose content changes now and then (the win lines, a banner): one
 *  canvas per `name`, redrawn by `draw` only when `key` (or the scale) differs from last time.
 *  @param {LayerView} view
 *  @param {string} name
 *  @param {string} key
 *  @param {number} w
 *  @param {number} h
 *  @param {Paint} draw
 *  @returns {HTMLCanvasElement} */
export function slot(view, name, key, w, h, draw) {
    const slots = view.state.layerSlots, scale = view.state.scale;
    let s = slots.get(name);
    if (!s) {
        s = { key: null, layer: document.createElement("canvas") };
        slots.set(name, s);
    }
    const fullKey = `${key}@${scale}/${H}`;
    if (s.key !== fullKey) {
        const layer = s.layer;
        layer.width = Math.max(1, Math.ceil(w * scale)); // also clears it
        layer.height = Math.max(1, Math.ceil(h * scale));
        const ctx = /** @type {CanvasRenderingContext2D} */ (layer.getContext("2d")); // a 2d canvas: never null
        ctx.setTransform(scale, 0, 0, scale, 0, 0);
        draw(ctx);
        s.key = fullKey;
    }
    return s.layer;
}


/** Copies the logical rectangle (x, y, w, h) of a canvas-sized layer (one drawn for (0, 0, W, H))
 *  to the same place, its edges on whole screen pixels so that parts copied side by side meet
 *  without a seam. Copying only the parts that hold something saves a pass over empty pixels.
 *  @param {LayerView} view
 *  @param {HTMLCanvasElement} layer
 *  @param {number} x
 *  @param {number} y
 *  @param {number} w
 *  @param {number} h */
export function blitPart(view, layer, x, y, w, h) {
    const k = view.state.scale;
    const sx = Math.max(0, Math.floor(x * k)), sy = Math.max(0, Math.floor(y * k));
    const ex = Math.min(layer.width, Math.ceil((x + w) * k)), ey = Math.min(layer.height, Math.ceil((y + h) * k));
    if (ex <= sx || ey <= sy) return;
    view.ctx.drawImage(layer, sx, sy, ex - sx, ey - sy, sx / k, sy / k, (ex - sx) / k, (ey - sy) / k);
}
