// @ts-check
// The winning symbols' own animations, for renderer.js: while a line (or all lines) shows, each
// winning symbol plays its loop: Santa bobs his hat and winks, the snowman grins and tilts, the
// gift's lid hops with sparkles, the bauble swings on its hook, the axe chops, the card ranks
// bounce, the book glows. Everything is drawn from the symbol's cached sprite (sprites.js):
// transforms of the whole sprite or of a slice of it (a hat, a lid, a mouth), small vector
// overlays (an eyelid, sparkles), and a shine sweep whose frames are baked once per symbol,
// clipped to the symbol's own pixels. No SVG is rasterised while the win shows.
//
// Coordinates in the table are the symbol's SVG units (its viewBox is 200 x 200), drawn in a frame
// where (0, 0) is the sprite's top left corner and 200 its side.

import { SYMBOL_SIZE, blit, cached } from "./layout.js";

/** @typedef {import("./renderer.js").View} View */

/**
 * A symbol's win animation (WIN_MOTIONS).
 * @typedef {object} WinMotion
 * @property {number} period one loop, ms
 * @property {(ctx: CanvasRenderingContext2D, sprite: HTMLCanvasElement, u: number, view: View, name: string) => void} draw
 *     draws the symbol at phase u (0 to 1) of its loop, in its SVG frame
 * @property {(view: View, cx: number, cy: number, u: number) => void} [under] drawn first, in the canvas's
 *     logical frame, the symbol centred on (cx, cy) (a glow behind it)
 */

const SVG = 200;             // the symbols' viewBox side
const SHINE_FRAMES = 14;     // baked frames of a shine sweep
const SHINE_RES = 0.5;       // a shine frame's resolution, of the sprite's (a soft band needs few pixels)
const TAU = Math.PI * 2;

/** @type {(u: number) => number} */
const smooth = (u) => u * u * (3 - 2 * u);
/** @type {(u: number) => number} */
const clamp01 = (u) => Math.max(0, Math.min(1, u));
/** 0 -> 1 -> 0 over [a, b] of the loop (a smooth hump), 0 elsewhere.
 *  @type {(u: number, a: number, b: number) => number} */
const hump = (u, a, b) => (u <= a || u >= b ? 0 : Math.sin(Math.PI * (u - a) / (b - a)));
/** 0 -> 1 over [a, b] (smoothstep), 0 before, 1 after.
 *  @type {(u: number, a: number, b: number) => number} */
const ramp = (u, a, b) => smooth(clamp01((u - a) / (b - a)));

/** Draws the sprite's slice (x, y, w, h) (SVG units) at its own place, offset by (dx, dy) and
 *  turned by `rot` about its centre, and scaled by (sx, sy) about it.
 *  @param {CanvasRenderingContext2D} ctx
 *  @param {HTMLCanvasElement} sprite
 *  @param {number} x
 *  @param {number} y
 *  @param {number} w
 *  @param {number} h
 *  @param {{ dx?: number, dy?: number, rot?: number, sx?: number, sy?: number }} [move] */
function slice(ctx, sprite, x, y, w, h, { dx = 0, dy = 0, rot = 0, sx = 1, sy = 1 } = {}) {
    const k = sprite.width / SVG;
    ctx.save();
    ctx.translate(x + w / 2 + dx, y + h / 2 + dy);
    if (rot) ctx.rotate(rot);
    if (sx !== 1 || sy !== 1) ctx.scale(sx, sy);
    ctx.drawImage(sprite, x * k, y * k, w * k, h * k, -w / 2, -h / 2, w, h);
    ctx.restore();
}

/** A four-pointed sparkle at (x, y), `r` long, of opacity `a`.
 *  @param {CanvasRenderingContext2D} ctx
 *  @param {number} x
 *  @param {number} y
 *  @param {number} r
 *  @param {number} a
 *  @param {string} [color] */
function sparkle(ctx, x, y, r, a, color = "#fff6c8") {
    if (a <= 0.01) return;
    ctx.globalAlpha = a;
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.moveTo(x, y - r);
    ctx.quadraticCurveTo(x, y, x + r * 0.55, y);
    ctx.quadraticCurveTo(x, y, x, y + r);
    ctx.quadraticCurveTo(x, y, x - r * 0.55, y);
    ctx.quadraticCurveTo(x, y, x, y - r);
    ctx.fill();
    ctx.globalAlpha = 1;
}

/** A shine sweeping once across the symbol over [a, b] of the loop: baked frames, each a bright
 *  diagonal band kept only where the symbol has pixels (composite destination-in).
 *  @param {CanvasRenderingContext2D} ctx
 *  @param {View} view
 *  @param {string} name
 *  @param {HTMLCanvasElement} sprite
 *  @param {number} u the loop's phase
 *  @param {number} a
 *  @param {number} b
 *  @param {string} color the band's colour at its brightest */
function shine(ctx, view, name, sprite, u, a, b, color) {
    if (u <= a || u >= b) return;
    const i = Math.min(SHINE_FRAMES - 1, Math.floor(((u - a) / (b - a)) * SHINE_FRAMES));
    const frame = shineFrame(view, name, sprite, i, color);
    ctx.globalCompositeOperation = "lighter";
    ctx.drawImage(frame, 0, 0, SVG, SVG);
    ctx.globalCompositeOperation = "source-over";
}

/** Frame `i` of symbol `name`'s shine sweep (made once per symbol, frame and sprite size).
 *  @param {View} view
 *  @param {string} name
 *  @param {HTMLCanvasElement} sprite
 *  @param {number} i
 *  @param {string} color
 *  @returns {HTMLCanvasElement} */
function shineFrame(view, name, sprite, i, color) {
    const cache = view.state.shineCache;
    const key = `${name}|${i}|${sprite.width}`;
    let c = cache.get(key);
    if (c) return c;
    if (cache.size > 24 * SHINE_FRAMES) cache.clear(); // a new scale: the old ones go
    const side = Math.max(8, Math.round(sprite.width * SHINE_RES));
    c = document.createElement("canvas");
    c.width = side;
    c.height = side;
    const g = /** @type {CanvasRenderingContext2D} */ (c.getContext("2d")); // a new canvas: never null
    const p = -0.45 + (1.9 * (i + 0.5)) / SHINE_FRAMES; // the band's centre, from left of the symbol to right of it
    const grad = g.createLinearGradient((p - 0.22) * side, 0, (p + 0.22) * side, side * 0.55);
    grad.addColorStop(0, "rgba(0,0,0,0)");
    grad.addColorStop(0.5, color);
    grad.addColorStop(1, "rgba(0,0,0,0)");
    g.fillStyle = grad;
    g.fillRect(0, 0, side, side);
    g.globalCompositeOperation = "destination-in";
    g.drawImage(sprite, 0, 0, side, side);
    cache.set(key, c);
    return c;
}

const GOLD_SHINE = "rgba(255,236,170,0.75)";
const WHITE_SHINE = "rgba(255,255,255,0.6)";

/** A card rank: a hop with a squash as it lands, and a gold shine across it (`color`).
 *  @param {string} color
 *  @returns {WinMotion} */
function rank(color) {
    return {
        period: 900,
        draw(ctx, s, u, view, name) {
            const up = hump(u, 0, 0.45);
            const land = hump(u, 0.45, 0.62);
            ctx.translate(100, 190 - 16 * up);
            ctx.scale(1 + 0.06 * land - 0.03 * up, 1 - 0.08 * land + 0.05 * up);
            ctx.translate(-100, -190);
            ctx.drawImage(s, 0, 0, SVG, SVG);
            shine(ctx, view, name, s, u, 0.35, 0.75, color);
        },
    };
}

/**
 * Every symbol's win animation: `period` (ms, one loop) and `draw(ctx, sprite, u, view, name)`
 * with u the loop's phase (0 to 1), in the symbol's SVG frame; optionally `under(view, cx, cy,
 * u)`, drawn first in the canvas's logical frame (a glow behind the symbol). Exported for tests and tools: a
 * symbol missing here would only pulse (`fallback`).
 * @type {Readonly<Partial<Record<string, WinMotion>>>}
 */
export const WIN_MOTIONS = {
    SANTA: {
        period: 1200,
        draw(ctx, s, u, view, name) {
            // a chuckle: he bobs and swells a little (no turn: a turned copy costs the most)
            const bob = hump(u, 0.05, 0.4) + 0.6 * hump(u, 0.4, 0.6);
            const swell = 1 + 0.04 * Math.sin(TAU * u);
            ctx.translate(100, 186 + 3 * bob);
            ctx.scale(swell, swell);
            ctx.translate(-100, -186);
            ctx.drawImage(s, 0, 0, SVG, SVG);
            // the hat lifts off his head and drops back (its slice drawn again, higher)
            slice(ctx, s, 40, 0, 146, 90, { dy: -11 * bob, sy: 1 + 0.04 * bob });
            // the wink: an eyelid over his left eye (on the right of the picture), a closed lid line
            const wink = hump(u, 0.55, 0.8);
            if (wink > 0.05) {
                const lid = Math.min(1, wink * 1.6);
                ctx.fillStyle = "#fbd3b2";
                ctx.beginPath();
                ctx.ellipse(112.5, 101 + 5.5 * lid, 10, 5.5 * lid + 0.5, 0, 0, TAU);
                ctx.fill();
                ctx.strokeStyle = "#3a1a10";
                ctx.lineWidth = 3.5;
                ctx.lineCap = "round";
                ctx.beginPath();
                ctx.moveTo(104, 104 + 3 * lid);
                ctx.quadraticCurveTo(112.5, 104 + 8 * lid, 121, 104 + 2 * lid);
                ctx.stroke();
                sparkle(ctx, 130, 96, 9 * wink, wink);
            }
            shine(ctx, view, name, s, u, 0.05, 0.4, GOLD_SHINE);
        },
    },
    SNOWMAN: {
        period: 1200,
        draw(ctx, s, u) {
            const tilt = 0.12 * Math.sin(TAU * u);
            ctx.translate(100, 196);
            ctx.rotate(tilt);
            ctx.translate(-100, -196);
            ctx.drawImage(s, 0, 0, SVG, SVG);
            // the grin widens: the mouth's slice stretched about its centre
            const grin = ramp(u, 0.1, 0.35) * (1 - ramp(u, 0.75, 0.95));
            if (grin > 0.01) slice(ctx, s, 74, 99, 54, 23, { sx: 1 + 0.3 * grin, sy: 1 + 0.22 * grin, dy: 1.5 * grin });
        },
    },
    GIFT: {
        period: 1100,
        draw(ctx, s, u) {
            const hop = hump(u, 0.05, 0.5);
            const squash = hump(u, 0.5, 0.65);
            ctx.translate(100, 182);
            ctx.scale(1 + 0.05 * squash, 1 - 0.06 * squash);
            ctx.translate(-100, -182);
            if (hop < 0.01) {
                ctx.drawImage(s, 0, 0, SVG, SVG);
                return;
            }
            slice(ctx, s, 0, 94, SVG, 106); // the box
            // inside the box, seen while the lid is up
            ctx.fillStyle = "#06301a";
            ctx.beginPath();
            ctx.moveTo(34, 94); ctx.lineTo(62, 82); ctx.lineTo(164, 82); ctx.lineTo(134, 94);
            ctx.closePath();
            ctx.fill();
            ctx.fillStyle = "rgba(255,230,120,0.55)"; // light from the present
            ctx.fill();
            slice(ctx, s, 0, 0, SVG, 94, { dy: -26 * hop, rot: -0.12 * hop });
            for (let i = 0; i < 5; i++) {
                const t = clamp01((u - 0.08 - i * 0.04) / 0.5);
                const a = hump(t, 0, 1);
                sparkle(ctx, 58 + i * 21, 86 - 60 * t - (i % 2) * 10, 6 + 5 * a, a, i % 2 ? "#fff6c8" : "#ffe27a");
            }
        },
    },
    BAUBLE: {
        period: 1200,
        draw(ctx, s, u, view, name) {
            const swing = 0.22 * Math.sin(TAU * u) * (0.8 + 0.2 * Math.cos(TAU * u));
            ctx.translate(100, 12);
            ctx.rotate(swing);
            ctx.translate(-100, -12);
            ctx.drawImage(s, 0, 0, SVG, SVG);
            shine(ctx, view, name, s, u, 0.2, 0.6, WHITE_SHINE);
            sparkle(ctx, 70, 78, 10 * hump(u, 0.35, 0.65), hump(u, 0.35, 0.65));
        },
    },
    AXE: {
        period: 1100,
        draw(ctx, s, u, view, name) {
            // wind back, chop forward past rest, settle
            const back = ramp(u, 0.0, 0.3);
            const chop = ramp(u, 0.3, 0.42);
            const settle = ramp(u, 0.42, 0.8);
            const rot = -0.42 * back + 0.62 * chop - 0.2 * settle;
            ctx.translate(66, 178);
            ctx.rotate(rot);
            ctx.translate(-66, -178);
            ctx.drawImage(s, 0, 0, SVG, SVG);
            shine(ctx, view, name, s, u, 0.4, 0.75, WHITE_SHINE);
            const hit = hump(u, 0.4, 0.6);
            for (let i = 0; i < 3; i++) sparkle(ctx, 40 + i * 16, 40 + (i % 2) * 14, 8 * hit, hit);
        },
    },
    BOOK: {
        period: 1200,
        // behind it, a gold glow that breathes (drawn once, copied pixel for pixel with the glow as opacity)
        under(view, cx, cy, u) {
            const side = SVG + 60;
            const size = (SYMBOL_SIZE * side) / SVG;
            view.ctx.globalAlpha = 0.35 + 0.5 * (0.5 + 0.5 * Math.sin(TAU * u));
            blit(view, cached(view, "win-book-glow", size, size, paintBookGlow), cx - size / 2, cy - size / 2, size, size);
            view.ctx.globalAlpha = 1;
        },
        draw(ctx, s, u, view, name) {
            const glow = 0.5 + 0.5 * Math.sin(TAU * u);
            // the cover lifts a little: the book grows wider and a touch shorter, then closes
            const open = hump(u, 0.2, 0.7);
            ctx.translate(100, 100);
            ctx.scale(1 + 0.08 * open, 1 - 0.03 * open + 0.03 * glow);
            ctx.translate(-100, -100);
            ctx.drawImage(s, 0, 0, SVG, SVG);
            shine(ctx, view, name, s, u, 0.3, 0.7, GOLD_SHINE);
        },
    },
    A: rank(GOLD_SHINE),
    K: rank(GOLD_SHINE),
    Q: rank(GOLD_SHINE),
    J: rank(GOLD_SHINE),
};

/** A gold radial glow filling a square of side `size` (logical).
 *  @param {CanvasRenderingContext2D} ctx */
function paintBookGlow(ctx) {
    const size = (SYMBOL_SIZE * (SVG + 60)) / SVG;
    const grad = ctx.createRadialGradient(size / 2, size / 2, size * 0.1, size / 2, size / 2, size / 2);
    grad.addColorStop(0, "rgba(255,226,122,0.9)");
    grad.addColorStop(0.55, "rgba(255,176,32,0.45)");
    grad.addColorStop(1, "rgba(255,128,0,0)");
    ctx.fillStyle = grad;
    ctx.fillRect(0, 0, size, size);
}

/** Draws winning symbol `name` centred on (cx, cy), `t` ms into its win show (its loop), at
 *  `scale` of its size.
 *  @param {View} view
 *  @param {string} name
 *  @param {number} cx
 *  @param {number} cy
 *  @param {number} t
 *  @param {number} [scale] */
export function drawWinSymbol(view, name, cx, cy, t, scale = 1) {
    const sprite = view.symbols.sprites[name];
    if (!sprite) return;
    const motion = WIN_MOTIONS[name];
    const ctx = view.ctx;
    const size = SYMBOL_SIZE * scale;
    const u = motion ? (((Math.max(0, t) / motion.period) % 1) + 1) % 1 : 0;
    motion?.under?.(view, cx, cy, u);
    ctx.save();
    ctx.translate(cx - size / 2, cy - size / 2);
    ctx.scale(size / SVG, size / SVG);
    if (motion) {
        motion.draw(ctx, sprite, u, view, name);
    } else {
        fallback(ctx, sprite, t);
    }
    ctx.restore();
}

/** A symbol without its own animation pulses.
 *  @param {CanvasRenderingContext2D} ctx
 *  @param {HTMLCanvasElement} sprite
 *  @param {number} t ms into its win show */
function fallback(ctx, sprite, t) {
    const s = 1 + 0.07 * Math.sin(t / 120);
    ctx.translate(100, 100);
    ctx.scale(s, s);
    ctx.drawImage(sprite, -100, -100, SVG, SVG);
}
