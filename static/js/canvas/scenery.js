// @ts-check
// The scenery layer: what is always there whatever the round does (the frame with its garland
// and holly, the reel windows, the snow). Each function draws on the renderer's context, except
// fallSnow(), which hands the renderer its snow's next step.

import { CELL_W, H, REELS, REELS_H, REELS_W, W, X0, Y0, blit, blitPart, cached, cellRect, roundRect } from "./layout.js";

// The frame does not change from one frame to the next (only the bulbs twinkle), so its layers
// are drawn once into offscreen canvases at the screen's resolution and copied each frame:
// gradients, the shadow blur of the bulbs and the holly paths cost far more than a copy when
// the canvas is drawn without a GPU. The cache is keyed by the scale (a resize redraws it).

/** @typedef {import("./renderer.js").View} View */

/**
 * A snowflake, in logical pixels (flake(), fallSnow(), drawSnow()).
 * @typedef {object} Flake
 * @property {number} x
 * @property {number} y
 * @property {number} r its radius
 * @property {number} vy its fall, logical pixels per second
 * @property {number} drift the phase of its sideways sway (radians)
 */

// the frame's rectangle (its height follows the cells': layout.js setCellHeight)
const FX = X0 - 30, FW = REELS_W + 60;
const frameY = () => Y0 - 34;
const frameH = () => REELS_H + 68;
const BULB_COLORS = ["#ff4d4d", "#ffd84a", "#4dff88", "#4dc3ff", "#ff7af0"];
const BULBS = 26;
const BULB_PAD = 18; // room around a bulb sprite for its glow (a 10 px blur)
const HOLLY_R = 36;  // half the side of the holly sprite

/** @param {CanvasRenderingContext2D} ctx
 *  @param {boolean} free whether the free spins' colours */
function paintBack(ctx, free) {
    const FY = frameY(), FH = frameH();
    // velvet surround
    const velvet = ctx.createLinearGradient(0, FY, 0, FY + FH);
    velvet.addColorStop(0, "#5a0d1c");
    velvet.addColorStop(1, "#2a0410");
    ctx.fillStyle = velvet;
    roundRect(ctx, FX, FY, FW, FH, 26);
    ctx.fill();
    // reel windows
    for (let reel = 0; reel < REELS; reel++) {
        const c = cellRect(reel, 0);
        const g = ctx.createLinearGradient(0, Y0, 0, Y0 + REELS_H);
        if (free) {
            g.addColorStop(0, "#2c1048"); g.addColorStop(0.5, "#431a5e"); g.addColorStop(1, "#2c1048");
        } else {
            g.addColorStop(0, "#0b1436"); g.addColorStop(0.5, "#1b2a5e"); g.addColorStop(1, "#0b1436");
        }
        ctx.fillStyle = g;
        roundRect(ctx, c.x, c.y, CELL_W, REELS_H, 10);
        ctx.fill();
    }
}

/** @param {CanvasRenderingContext2D} ctx */
function paintFront(ctx) {
    // inner shadow at the reel window edges
    const top = ctx.createLinearGradient(0, Y0, 0, Y0 + 36);
    top.addColorStop(0, "rgba(0,0,0,0.55)"); top.addColorStop(1, "rgba(0,0,0,0)");
    ctx.fillStyle = top;
    ctx.fillRect(X0, Y0, REELS_W, 36);
    const bot = ctx.createLinearGradient(0, Y0 + REELS_H - 36, 0, Y0 + REELS_H);
    bot.addColorStop(0, "rgba(0,0,0,0)"); bot.addColorStop(1, "rgba(0,0,0,0.55)");
    ctx.fillStyle = bot;
    ctx.fillRect(X0, Y0 + REELS_H - 36, REELS_W, 36);
    const FY = frameY(), FH = frameH();
    // gold border
    const gold = ctx.createLinearGradient(0, FY, 0, FY + FH);
    gold.addColorStop(0, "#fff3b0"); gold.addColorStop(0.25, "#e2a528");
    gold.addColorStop(0.5, "#fff0a0"); gold.addColorStop(0.75, "#b8740e"); gold.addColorStop(1, "#ffe07a");
    ctx.strokeStyle = gold;
    ctx.lineWidth = 9;
    roundRect(ctx, FX, FY, FW, FH, 26);
    ctx.stroke();
    ctx.lineWidth = 2;
    ctx.strokeStyle = "rgba(255,240,180,0.6)";
    roundRect(ctx, X0 - 8, Y0 - 8, REELS_W + 16, REELS_H + 16, 14);
    ctx.stroke();
    // the garland's wire along the top and bottom edges
    for (const y of [FY, FY + FH]) {
        ctx.strokeStyle = "#1d5a2a";
        ctx.lineWidth = 3;
        ctx.beginPath();
        for (let i = 0; i <= BULBS; i++) {
            const x = FX + 40 + ((FW - 80) * i) / BULBS;
            const yy = y + 6 * Math.sin(i * 1.3);
            if (i === 0) ctx.moveTo(x, yy); else ctx.lineTo(x, yy);
        }
        ctx.stroke();
    }
}

/** @param {CanvasRenderingContext2D} ctx
 *  @param {string} color */
function paintBulb(ctx, color) {
    ctx.fillStyle = color;
    ctx.shadowColor = color;
    ctx.shadowBlur = 10;
    ctx.beginPath();
    ctx.ellipse(BULB_PAD, BULB_PAD, 4.5, 6.5, 0, 0, Math.PI * 2);
    ctx.fill();
}

/** The velvet surround and the reel windows (purple in free spins), behind the symbols. Copied
 *  over the whole canvas, replacing what the last frame left (so no separate clearing pass).
 *  @param {View} view */
export function drawFrameBack(view) {
    const free = view.state.free;
    const ctx = view.ctx;
    ctx.globalCompositeOperation = "copy";
    blit(view, cached(view, `back-${free}`, W, H, (c) => paintBack(c, free)), 0, 0, W, H);
    ctx.globalCompositeOperation = "source-over";
}

// The front layer holds nothing inside the reel windows below their top shadow and above their
// bottom one: it is copied in four bands around that empty middle.
const BAND = 38; // logical rows of the top and bottom inner shadows (36) and a margin
const frontBands = () => [
    [0, 0, W, Y0 + BAND],
    [0, Y0 + REELS_H - BAND, W, H - (Y0 + REELS_H - BAND)],
    [0, Y0 + BAND, X0, REELS_H - 2 * BAND],
    [W - X0, Y0 + BAND, X0, REELS_H - 2 * BAND],
];

/** Shadows, the gold border, the garland of bulbs and the holly, over the symbols.
 *  @param {View} view
 *  @param {number} now the loops' time, ms (Renderer.loopTime) */
export function drawFrameFront(view, now) {
    const ctx = view.ctx;
    const front = cached(view, "front", W, H, paintFront);
    for (const [x, y, w, h] of frontBands()) blitPart(view, front, x, y, w, h);
    const FY = frameY(), FH = frameH();
    // the bulbs twinkle: one glowing sprite per colour, drawn with the twinkle as its opacity
    const side = 2 * BULB_PAD;
    for (const [y, phase] of [[FY, 0], [FY + FH, 1.7]]) {
        for (let i = 0; i <= BULBS; i++) {
            const color = BULB_COLORS[i % BULB_COLORS.length];
            const bulb = cached(view, `bulb-${color}`, side, side, (c) => paintBulb(c, color));
            const x = FX + 40 + ((FW - 80) * i) / BULBS;
            const yy = y + 6 * Math.sin(i * 1.3) + 5;
            ctx.globalAlpha = view.reduced ? 1 : 0.55 + 0.45 * Math.sin(now / 380 + i * 2.1 + phase);
            blit(view, bulb, x - BULB_PAD, yy - BULB_PAD, side, side);
        }
    }
    ctx.globalAlpha = 1;
    // holly at the four corners
    const sprite = cached(view, "holly", 2 * HOLLY_R, 2 * HOLLY_R, (c) => holly(c, HOLLY_R, HOLLY_R));
    for (const [x, y] of [[FX + 8, FY + 8], [FX + FW - 8, FY + 8], [FX + 8, FY + FH - 8], [FX + FW - 8, FY + FH - 8]]) {
        blit(view, sprite, x - HOLLY_R, y - HOLLY_R, 2 * HOLLY_R, 2 * HOLLY_R);
    }
}

/** A sprig of holly (three leaves, three berries) centred on (x, y).
 *  @param {CanvasRenderingContext2D} ctx
 *  @param {number} x
 *  @param {number} y */
export function holly(ctx, x, y) {
    ctx.save();
    ctx.translate(x, y);
    ctx.fillStyle = "#1f7a34";
    ctx.strokeStyle = "#0d3d18";
    ctx.lineWidth = 1.5;
    for (const a of [-0.5, 0.5 + Math.PI, 2.1]) {
        ctx.save();
        ctx.rotate(a);
        ctx.beginPath();
        ctx.ellipse(16, 0, 17, 7, 0, 0, Math.PI * 2);
        ctx.fill();
        ctx.stroke();
        ctx.restore();
    }
    ctx.fillStyle = "#d8142a";
    for (const [bx, by] of [[-4, -3], [4, -2], [0, 5]]) {
        ctx.beginPath();
        ctx.arc(bx, by, 5, 0, Math.PI * 2);
        ctx.fill();
    }
    ctx.fillStyle = "rgba(255,255,255,0.6)";
    ctx.beginPath();
    ctx.arc(-5, -5, 1.6, 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
}

/** A new snowflake: anywhere on the canvas, or just above it; `random` gives its numbers (a
 *  seeded generator in still mode: core/still.js).
 *  @param {boolean} anywhere
 *  @param {() => number} [random] numbers in [0, 1)
 *  @returns {Flake} */
export function flake(anywhere, random = Math.random) {
    return { x: random() * W, y: anywhere ? random() * H : -10,
        r: 0.8 + random() * 2.4, vy: 18 + random() * 40, drift: random() * 6.28 };
}

const FLAKE_R = 4; // the flake sprite's radius; flakes are 0.8 to 3.2 logical pixels

/** The flakes of `snow` `dt` seconds later: each fallen and swayed, one fallen out of sight
 *  replaced by a new one above the canvas. New objects, for the renderer to keep (`snow` is left
 *  as it was).
 *  @param {ReadonlyArray<Flake>} snow
 *  @param {number} dt seconds since the last frame (0: the flakes stay)
 *  @param {number} now the loops' time, ms (Renderer.loopTime)
 *  @returns {Flake[]} */
export function fallSnow(snow, dt, now) {
    return snow.map((f) => {
        const y = f.y + f.vy * dt;
        const x = f.x + Math.sin(now / 900 + f.drift) * 12 * dt;
        return y > H + 5 ? flake(false) : { ...f, x, y };
    });
}

/** Falling snow over everything (none with reduced motion; moved by fallSnow()): one round
 *  sprite, copied at each flake's size and opacity (cheaper than filling a circle path per flake
 *  per frame).
 *  @param {View} view */
export function drawSnow(view) {
    const snow = view.state.snow;
    if (!snow.length) return;
    const ctx = view.ctx;
    const side = 2 * FLAKE_R + 2;
    const sprite = cached(view, "flake", side, side, (c) => {
        c.fillStyle = "rgba(255,255,255,0.8)";
        c.beginPath();
        c.arc(side / 2, side / 2, FLAKE_R, 0, Math.PI * 2);
        c.fill();
    });
    for (const f of snow) {
        ctx.globalAlpha = 0.35 + f.r / 6;
        const d = (side * f.r) / FLAKE_R;
        ctx.drawImage(sprite, f.x - d / 2, f.y - d / 2, d, d);
    }
    ctx.globalAlpha = 1;
}
