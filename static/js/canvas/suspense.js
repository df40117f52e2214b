// @ts-check
// Suspense on the reels: while reels that can still complete the free-spins trigger spin
// longer (the engine's `anticipation`, two books showing), those reels are lit (a pulsing gold
// frame and light rising through them) and the reels already stopped are dimmed, their books
// still glowing. The sequencer says which reels tease (renderer.tease); this only draws.

import { CELL_H, CELL_W, ROWS, blit, cached, cellRect } from "./layout.js";

/** @typedef {import("./renderer.js").View} View */

const PAD = 18; // logical room around a lit reel for its glow

/** @param {CanvasRenderingContext2D} ctx */
function paintLitFrame(ctx) {
    const w = CELL_W, h = ROWS * CELL_H;
    ctx.shadowColor = "#ffcf3a";
    ctx.shadowBlur = 22;
    ctx.strokeStyle = "rgba(255, 226, 120, 0.95)";
    ctx.lineWidth = 6;
    ctx.strokeRect(PAD + 3, PAD + 3, w - 6, h - 6);
    ctx.shadowBlur = 0;
    const rise = ctx.createLinearGradient(0, PAD + h, 0, PAD);
    rise.addColorStop(0, "rgba(255, 200, 60, 0.42)");
    rise.addColorStop(0.5, "rgba(255, 220, 110, 0.12)");
    rise.addColorStop(1, "rgba(255, 240, 180, 0)");
    ctx.fillStyle = rise;
    ctx.fillRect(PAD, PAD, w, h);
}

/** @param {CanvasRenderingContext2D} ctx */
function paintDim(ctx) {
    ctx.fillStyle = "rgba(2, 6, 24, 0.62)";
    ctx.fillRect(0, 0, CELL_W, CELL_H);
}

/** Draws the suspense of the state's `teasing` (a Set of reel indexes, or null) over the reels.
 *  @param {View} view
 *  @param {number} now performance.now() ms */
export function drawTease(view, now) {
    const lit = view.state.teasing;
    if (!lit || !view.reels) return;
    const ctx = view.ctx;
    const dim = cached(view, "tease-dim", CELL_W, CELL_H, paintDim);
    for (const reel of view.reels.reels) {
        if (lit.has(reel.index)) continue;
        for (let row = 0; row < ROWS; row++) {
            if (view.state.glows.has({ reel: reel.index, row })) continue; // a book that landed keeps its glow
            const c = cellRect(reel.index, row);
            blit(view, dim, c.x, c.y, CELL_W, CELL_H);
        }
    }
    const frame = cached(view, "tease-lit", CELL_W + 2 * PAD, ROWS * CELL_H + 2 * PAD, paintLitFrame);
    const pulse = view.reduced ? 1 : 0.65 + 0.35 * Math.sin((now - view.state.teaseT0) / 160);
    ctx.globalAlpha = pulse;
    for (const index of lit) {
        const c = cellRect(index, 0);
        blit(view, frame, c.x - PAD, c.y - PAD, CELL_W + 2 * PAD, ROWS * CELL_H + 2 * PAD);
    }
    ctx.globalAlpha = 1;
}
