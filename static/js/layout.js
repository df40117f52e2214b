// The canvas's geometry, in logical pixels (the renderer scales it to the screen): where each
// cell of the 5x3 grid sits, and the path and easing helpers every drawing layer shares.

/** The grid: reels (columns) and rows, as in the engine (engine/grid.py). */
export const REELS = 5;
export const ROWS = 3;

export const W = 1000;            // logical canvas size; drawn scaled to fit, times the DPR
export const H = 600;
export const CELL_W = 172;
export const CELL_H = 160;
export const GAP = 10;
export const REELS_W = REELS * CELL_W + (REELS - 1) * GAP; // the width of the reel windows
export const REELS_H = ROWS * CELL_H;
export const X0 = (W - REELS_W) / 2;
export const Y0 = (H - REELS_H) / 2;
export const SYMBOL_SIZE = 146;

export const easeOutBack = (u) => 1 + 2.2 * Math.pow(u - 1, 3) + 1.2 * Math.pow(u - 1, 2);
export const easeOutCubic = (u) => 1 - Math.pow(1 - u, 3);
export const clamp01 = (u) => Math.max(0, Math.min(1, u));

export function cellRect(reel, row) {
    return { x: X0 + reel * (CELL_W + GAP), y: Y0 + row * CELL_H, w: CELL_W, h: CELL_H };
}

/** The rectangle of a reel growing from one row to the full column (u from 0 to 1). */
export function column(reel, row, u) {
    const c = cellRect(reel, 0);
    const e = easeOutCubic(u);
    const top = c.y + row * CELL_H * (1 - e);
    const bottom = c.y + (row + 1) * CELL_H + (ROWS - row - 1) * CELL_H * e;
    return { x: c.x, y: top, w: CELL_W, h: bottom - top };
}

/** Starts a rounded-rectangle path. */
export function roundRect(ctx, x, y, w, h, r) {
    ctx.beginPath();
    ctx.roundRect(x, y, w, h, r);
}

// ---- cached layers: drawn once at the screen's resolution, copied each frame ----

/** An offscreen canvas of `w` x `h` logical pixels at the view's scale, drawn once by `draw`. */
export function cached(view, key, w, h, draw) {
    const cache = view.layerCache ??= new Map();
    const fullKey = `${key}@${view.scale}`;
    let layer = cache.get(fullKey);
    if (!layer) {
        for (const k of cache.keys()) if (k.startsWith(`${key}@`)) cache.delete(k);
        layer = document.createElement("canvas");
        layer.width = Math.max(1, Math.ceil(w * view.scale));
        layer.height = Math.max(1, Math.ceil(h * view.scale));
        const ctx = layer.getContext("2d");
        ctx.setTransform(view.scale, 0, 0, view.scale, 0, 0);
        draw(ctx);
        cache.set(fullKey, layer);
    }
    return layer;
}

/** Copies a cached layer drawn for the logical rectangle (x, y, w, h). */
export function blit(view, layer, x, y, w, h) {
    view.ctx.drawImage(layer, x, y, w, h);
}
