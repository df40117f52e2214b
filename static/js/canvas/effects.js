// @ts-check
// The effects layer: what the sequencer asks the renderer to show for a round (win lines, the
// expanded book reels, the special symbol's expansion, banners, coin bursts). Each function
// draws the renderer's current effect state (renderer.js RenderState, read-only here) on its
// context, or hands the renderer what changes (a burst's coins, their next step, a banner's end,
// the lines' layer key); none decides anything.

import { t } from "../lang/i18n.js";
import { uiFont } from "../core/dom.js";
import { MEDAL_AT } from "../core/beats.js";
import {
    CELL_H, CELL_W, H, REELS_H, ROWS, W, X0, blit, cached, clamp01,
        cellRect, column, easeOutBack, easeOutCubic, roundRect, slot, SYMBOL_SIZE, Y0,
} from "./layout.js";

/** @typedef {import("./renderer.js").View} View */
/** @typedef {import("./renderer.js").WinLine} WinLine */
/** @typedef {import("./renderer.js").Banner} Banner */
/** @typedef {import("./layout.js").Rect} Rect */

/**
 * A coin or star of a burst (burst(), moveParticles(), drawParticles()), in logical pixels and seconds.
 * @typedef {object} Particle
 * @property {number} x
 * @property {number} y
 * @property {number} vx
 * @property {number} vy
 * @property {number} life seconds it lasts
 * @property {number} age seconds it has flown
 * @property {boolean} star a star (else a coin)
 * @property {number} size its radius
 * @property {number} spin its turn, radians per second
 * @property {number} tempo its seconds to a second of the page's clock: 1 at normal speed, more
 *   in a quicker round (1 / the speed factor, as every animation of the round is shortened)
 */

/** A rounded column filled with a vertical dark-light-dark gradient and a glow.
 *  @param {CanvasRenderingContext2D} ctx
 *  @param {Rect} r
 *  @param {string} dark
 *  @param {string} light
 *  @param {string} glow the shadow's colour
 *  @param {number} blur the shadow's blur */
export function glowColumn(ctx, r, dark, light, glow, blur) {
    const g = ctx.createLinearGradient(0, r.y, 0, r.y + r.h);
    g.addColorStop(0, dark); g.addColorStop(0.5, light); g.addColorStop(1, dark);
    ctx.fillStyle = g;
    ctx.shadowColor = glow;
    ctx.shadowBlur = blur;
    roundRect(ctx, r.x + 2, r.y + 2, r.w - 4, r.h - 4, 12);
    ctx.fill();
    ctx.shadowBlur = 0;
}

const GLOW_PAD = 40; // logical room around a cached column for its glow

const CAP = GLOW_PAD + 16; // logical rows of a cached column's top and bottom kept unstretched

/** glowColumn for a reel column growing to its full height (r: column(reel, row, u)), drawn once
 *  at full height and then copied: the shadow blur is the costly part when the canvas has no GPU.
 *  A shorter column (the expansion) is the same layer in three slices: the rounded, glowing top
 *  and bottom as they are, the middle stretched, so the corners and the glow keep their shape.
 *  @param {View} view
 *  @param {Rect} r
 *  @param {string} dark
 *  @param {string} light
 *  @param {string} glow
 *  @param {number} blur */
function fullColumn(view, r, dark, light, glow, blur) {
    const full = REELS_H;
    const w = r.w + 2 * GLOW_PAD, h = full + 2 * GLOW_PAD;
    const layer = cached(view, `column-${dark}-${light}-${glow}-${blur}-${r.w}x${full}`, w, h, (ctx) => {
        glowColumn(ctx, { x: GLOW_PAD, y: GLOW_PAD, w: r.w, h: full }, dark, light, glow, blur);
    });
    const x = r.x - GLOW_PAD, y = r.y - GLOW_PAD;
    if (r.h >= full - 0.5) {
        blit(view, layer, x, y, w, h);
        return;
    }
    const ky = layer.height / h; // layer pixels per logical unit
    const cap = CAP * ky;
    const ctx = view.ctx;
    const dh = r.h + 2 * GLOW_PAD;
    ctx.drawImage(layer, 0, 0, layer.width, cap, x, y, w, CAP);
    ctx.drawImage(layer, 0, cap, layer.width, layer.height - 2 * cap, x, y + CAP, w, dh - 2 * CAP);
    ctx.drawImage(layer, 0, layer.height - cap, layer.width, cap, x, y + dh - CAP, w, CAP);
}

const WORD_H = 64; // the WILD word's layer: a reel's width by this

/** "WILD" in big gold letters with a dark outline, fitted to a reel's width.
 *  @param {CanvasRenderingContext2D} ctx
 *  @param {string} text */
function paintWildWord(ctx, text) {
    let size = 46;
    ctx.font = `900 ${size}px ${uiFont()}`;
    const room = CELL_W - 22;
    const wide = ctx.measureText(text).width;
    if (wide > room) { size = Math.floor(size * room / wide); ctx.font = `900 ${size}px ${uiFont()}`; }
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    const x = CELL_W / 2, y = WORD_H / 2 + 2;
    ctx.lineJoin = "round";
    ctx.shadowColor = "rgba(0,0,0,0.7)";
    ctx.shadowBlur = 8;
    ctx.lineWidth = 9;
    ctx.strokeStyle = "#2a1202";
    ctx.strokeText(text, x, y);
    ctx.shadowBlur = 0;
    const g = ctx.createLinearGradient(0, y - size / 2, 0, y + size / 2);
    g.addColorStop(0, "#ffffff"); g.addColorStop(0.45, "#fff1a8"); g.addColorStop(0.55, "#ffd23a"); g.addColorStop(1, "#c07a06");
    ctx.fillStyle = g;
    ctx.fillText(text, x, y);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = "rgba(255,255,255,0.6)";
    ctx.strokeText(text, x, y);
}

const MEDAL_R = 38; // the multiplier medallion's radius
const MEDAL_S = 2 * MEDAL_R + 24; // its layer's side (room for the glow)

/** The multiplier medallion: a gold-rimmed ruby disc with "x2" in white on a dark outline.
 *  @param {CanvasRenderingContext2D} ctx
 *  @param {number} mult */
function paintMedal(ctx, mult) {
    const c = MEDAL_S / 2;
    ctx.shadowColor = "#ffd84a";
    ctx.shadowBlur = 14;
    const rim = ctx.createLinearGradient(0, c - MEDAL_R, 0, c + MEDAL_R);
    rim.addColorStop(0, "#fff3b0"); rim.addColorStop(0.5, "#e0a21c"); rim.addColorStop(1, "#7a4a08");
    ctx.fillStyle = rim;
    ctx.beginPath(); ctx.arc(c, c, MEDAL_R, 0, Math.PI * 2); ctx.fill();
    ctx.shadowBlur = 0;
    const disc = ctx.createRadialGradient(c - 10, c - 12, 4, c, c, MEDAL_R - 6);
    disc.addColorStop(0, "#ff5a6a"); disc.addColorStop(0.6, "#b3001e"); disc.addColorStop(1, "#5a0010");
    ctx.fillStyle = disc;
    ctx.beginPath(); ctx.arc(c, c, MEDAL_R - 6, 0, Math.PI * 2); ctx.fill();
    ctx.strokeStyle = "rgba(255,240,180,0.7)";
    ctx.lineWidth = 1.5;
    ctx.beginPath(); ctx.arc(c, c, MEDAL_R - 9, 0, Math.PI * 2); ctx.stroke();
    const text = `x${mult}`;
    let size = 34;
    ctx.font = `900 ${size}px ${uiFont()}`;
    const wide = ctx.measureText(text).width;
    if (wide > 2 * MEDAL_R - 18) { size = Math.floor(size * (2 * MEDAL_R - 18) / wide); ctx.font = `900 ${size}px ${uiFont()}`; }
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.lineJoin = "round";
    ctx.lineWidth = 6;
    ctx.strokeStyle = "#3a0008";
    ctx.strokeText(text, c, c + 1);
    ctx.fillStyle = "#fffbe8";
    ctx.fillText(text, c, c + 1);
}

const FLASH_S = 220; // the medallion's flash: a white-gold radial burst, this side

/** @param {CanvasRenderingContext2D} ctx */
function paintFlash(ctx) {
    const c = FLASH_S / 2;
    const g = ctx.createRadialGradient(c, c, 0, c, c, c);
    g.addColorStop(0, "rgba(255,255,255,1)"); g.addColorStop(0.3, "rgba(255,240,170,0.8)"); g.addColorStop(1, "rgba(255,200,60,0)");
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, FLASH_S, FLASH_S);
}

const GROW_MS = 520; // a book grows from its cell to its full reel
const MEDAL_MS = 520; // it spins and scales in over this

/** Expanded book reels (free spins), each revealed by the sequencer in the engine's order: the
 *  book grows from its cell to a golden full-reel column with rays and a big "WILD", then its
 *  multiplier spins in on a medallion with an overshoot and a flash.
 *  x1 shows no medallion: it multiplies nothing, and a badge on the reel would read as a bonus
 *  the player did not get (the sequencer plays no multiplier sound for it either).
 *  @param {View} view
 *  @param {number} now performance.now() ms */
export function drawWild(view, now) {
    const ctx = view.ctx;
    for (const [reel, w] of view.state.wilds) {
        const sf = w.sf;
        const u = clamp01((now - w.t0) / (GROW_MS * sf));
        const r = column(reel, w.row, u);
        ctx.save();
        fullColumn(view, r, "#7a4a08", "#f6c544", "#ffd84a", 24);
        // rays
        const cx = r.x + r.w / 2, cy = r.y + r.h / 2;
        ctx.beginPath();
        ctx.rect(r.x, r.y, r.w, r.h);
        ctx.clip();
        ctx.globalAlpha = 0.25;
        ctx.fillStyle = "#fff6c8";
        ctx.beginPath();
        for (let i = 0; i < 10; i++) {
            const a = (view.loopTime(now) / 1500) * (view.reduced ? 0 : 1) + (i * Math.PI) / 5;
            ctx.moveTo(cx, cy);
            ctx.lineTo(cx + Math.cos(a) * 260, cy + Math.sin(a) * 260);
            ctx.lineTo(cx + Math.cos(a + 0.15) * 260, cy + Math.sin(a + 0.15) * 260);
        }
        ctx.fill();
        ctx.globalAlpha = 1;
        view.drawSymbol(view.wild, cx, cy, 1.05 + 0.1 * u);
        ctx.restore();
        // the word, once the reel is grown: in the top cell, above the book
        if (u > 0.6) {
            const word = cached(view, `wild-word-${t("canvas.wild")}`, CELL_W, WORD_H, (c) => paintWildWord(c, t("canvas.wild")));
            ctx.globalAlpha = clamp01((u - 0.6) / 0.4);
            blit(view, word, r.x, cellRect(reel, 0).y + 10, CELL_W, WORD_H);
            ctx.globalAlpha = 1;
        }
        if (w.mult <= 1) continue; // x1: no medallion (see above)
        const mu = clamp01((now - w.t0 - MEDAL_AT * sf) / (MEDAL_MS * sf));
        if (mu <= 0) continue;
        const mx = cx, my = cellRect(reel, ROWS - 1).y + CELL_H - MEDAL_R - 14;
        if (mu < 1 && !view.reduced) {
            // the flash, brightest as the medallion lands
            const fa = Math.sin(Math.PI * clamp01((mu - 0.35) / 0.65));
            if (fa > 0) {
                const fs = FLASH_S * (0.5 + 0.7 * mu);
                ctx.globalAlpha = fa;
                ctx.drawImage(cached(view, "medal-flash", FLASH_S, FLASH_S, paintFlash), mx - fs / 2, my - fs / 2, fs, fs);
                ctx.globalAlpha = 1;
            }
        }
        if (!w.medal) view.medalShown(reel); // listed in the canvas's data-medals, for tests and tools
        const medal = cached(view, `medal-${w.mult}`, MEDAL_S, MEDAL_S, (c) => paintMedal(c, w.mult));
        if (mu >= 1 || view.reduced) {
            blit(view, medal, mx - MEDAL_S / 2, my - MEDAL_S / 2, MEDAL_S, MEDAL_S);
            continue;
        }
        // spins in: two and a half turns about its upright axis (a squash), scaling in with an overshoot
        const s = easeOutBack(mu);
        const turn = Math.cos((1 - easeOutCubic(mu)) * Math.PI * 5);
        ctx.save();
        ctx.translate(mx, my);
        ctx.scale(s * Math.max(0.06, Math.abs(turn)), s);
        ctx.drawImage(medal, -MEDAL_S / 2, -MEDAL_S / 2, MEDAL_S, MEDAL_S);
        ctx.restore();
    }
}

/** The gold frame of an expanded special-symbol reel (a reel's width, the reels' height): a
 *  double gold rule with a glow and corner studs.
 *  @param {CanvasRenderingContext2D} ctx */
function paintSesFrame(ctx) {
    const w = CELL_W, h = REELS_H;
    const g = ctx.createLinearGradient(0, 0, 0, h);
    g.addColorStop(0, "#fff3b0"); g.addColorStop(0.25, "#e0a21c"); g.addColorStop(0.5, "#fff0a0");
    g.addColorStop(0.75, "#c0800a"); g.addColorStop(1, "#fff3b0");
    ctx.shadowColor = "#ffd84a";
    ctx.shadowBlur = 14;
    ctx.strokeStyle = g;
    ctx.lineWidth = 6;
    roundRect(ctx, GLOW_PAD + 4, GLOW_PAD + 4, w - 8, h - 8, 12);
    ctx.stroke();
    ctx.shadowBlur = 0;
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = "rgba(255,240,170,0.8)";
    roundRect(ctx, GLOW_PAD + 12, GLOW_PAD + 12, w - 24, h - 24, 8);
    ctx.stroke();
    ctx.fillStyle = g;
    for (const [x, y] of [[12, 12], [w - 12, 12], [12, h - 12], [w - 12, h - 12]]) {
        ctx.beginPath();
        ctx.arc(GLOW_PAD + x, GLOW_PAD + y, 6, 0, Math.PI * 2);
        ctx.fill();
    }
}

/** A warm halo behind the enlarged symbol, so that any symbol (a green gift too) stands out.
 *  @param {CanvasRenderingContext2D} ctx */
function paintSesHalo(ctx) {
    const c = CELL_W / 2, r = CELL_W * 0.62;
    const g = ctx.createRadialGradient(c, r, 0, c, r, r);
    g.addColorStop(0, "rgba(255,236,160,0.55)"); g.addColorStop(0.55, "rgba(255,190,60,0.18)"); g.addColorStop(1, "rgba(255,190,60,0)");
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, CELL_W, 2 * r);
}

const SES_MS = 600; // the column grows from the middle row to the whole reel

/** The special symbol's expansion: each of its reels becomes one tall column (a dark night-blue
 *  and plum backdrop, the one symbol drawn large in its middle on a warm halo, a gold frame with
 *  a glow), so the symbol reads against its reel whatever its colours; then the label.
 *  @param {View} view
 *  @param {number} now performance.now() ms */
export function drawSes(view, now) {
    const s = view.state.ses;
    if (!s) return;
    const ctx = view.ctx;
    const u = clamp01((now - s.t0) / (SES_MS * s.sf));
    const e = easeOutBack(u);
    for (const reel of s.reels) {
        if (view.state.wilds.has(reel)) continue; // book reels are already full
        const r = column(reel, 1, u);
        ctx.save();
        fullColumn(view, r, "#0b0a26", "#3a1650", "#ffcf4a", 26);
        ctx.beginPath();
        ctx.rect(r.x, r.y, r.w, r.h);
        ctx.clip();
        const cx = r.x + r.w / 2, cy = r.y + r.h / 2;
        const halo = cached(view, "ses-halo", CELL_W, CELL_W * 1.24, paintSesHalo);
        blit(view, halo, r.x, cy - CELL_W * 0.62, CELL_W, CELL_W * 1.24);
        // large: the reel's width (the sprite is SYMBOL_SIZE square), a little more in a tall cell
        const big = Math.min(1.16, (CELL_W - 8) / SYMBOL_SIZE * (CELL_H > 200 ? 1.05 : 1));
        view.drawSymbol(s.symbol, cx, cy, (0.9 + (big - 0.9) * e));
        ctx.restore();
        const frame = cached(view, "ses-frame", CELL_W + 2 * GLOW_PAD, REELS_H + 2 * GLOW_PAD, paintSesFrame);
        if (u >= 1) {
            blit(view, frame, r.x - GLOW_PAD, r.y - GLOW_PAD, CELL_W + 2 * GLOW_PAD, REELS_H + 2 * GLOW_PAD);
        } else {
            ctx.globalAlpha = u;
            ctx.drawImage(frame, r.x - GLOW_PAD, r.y - GLOW_PAD, CELL_W + 2 * GLOW_PAD, r.h + 2 * GLOW_PAD);
            ctx.globalAlpha = 1;
        }
    }
    // the label between the enlarged symbols and the book reels' medallions, covering neither
    const symbolBottom = 1.5 * CELL_H + SYMBOL_SIZE * 0.57, medalTop = 3 * CELL_H - 2 * MEDAL_R - 14;
    if (s.label && u >= 1) pill(view, W / 2, Y0 + (symbolBottom + medalTop) / 2, s.label, "#ffd84a", 34);
}

/** A label in a dark rounded pill centred on (x, y), drawn once into a layer and then copied
 *  (text is slow to draw on a canvas without a GPU).
 *  @param {View} view the renderer, in whose state pill() keeps its labels' widths (pillSizes)
 *  @param {number} x
 *  @param {number} y
 *  @param {string} text
 *  @param {string} color the border's
 *  @param {number} [size] the font's, logical pixels */
export function pill(view, x, y, text, color, size = 24) {
    const ctx = view.ctx;
    const sizes = view.state.pillSizes;
    const key = `${size}|${text}`;
    let w = sizes.get(key);
    if (w === undefined) {
        ctx.font = `900 ${size}px ${uiFont()}`;
        w = ctx.measureText(text).width + size * 1.2;
        if (sizes.size > 64) sizes.clear();
        sizes.set(key, w);
    }
    const h = size * 1.7;
    const pad = 4; // room for the border's stroke
    const layer = cached(view, `pill-${color}-${key}`, w + 2 * pad, h + 2 * pad,
        (c) => paintPill(c, w / 2 + pad, h / 2 + pad, w, h, text, color, size));
    blit(view, layer, x - w / 2 - pad, y - h / 2 - pad, w + 2 * pad, h + 2 * pad);
}

/** @param {CanvasRenderingContext2D} ctx
 *  @param {number} x
 *  @param {number} y
 *  @param {number} w
 *  @param {number} h
 *  @param {string} text
 *  @param {string} color
 *  @param {number} size */
function paintPill(ctx, x, y, w, h, text, color, size) {
    ctx.font = `900 ${size}px ${uiFont()}`;
    ctx.fillStyle = "rgba(10,10,30,0.88)";
    ctx.strokeStyle = color;
    ctx.lineWidth = 3;
    roundRect(ctx, x - w / 2, y - h / 2, w, h, h / 2);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = "#fff7d0";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(text, x, y + 1);
    ctx.textBaseline = "alphabetic";
}

/** One win line, complete: a glowing coloured stroke with a white core.
 *  @param {CanvasRenderingContext2D} ctx
 *  @param {WinLine} line */
function paintLine(ctx, line) {
    const pts = line.points;
    const total = pts.length - 1;
    ctx.save();
    ctx.lineJoin = "round";
    ctx.lineCap = "round";
    ctx.strokeStyle = line.color;
    ctx.shadowColor = line.color;
    ctx.shadowBlur = 14;
    ctx.lineWidth = 7;
    ctx.beginPath();
    ctx.moveTo(X0 - 18, pts[0][1]);
    for (const [x, y] of pts) ctx.lineTo(x, y);
    ctx.lineTo(W - X0 + 18, pts[total][1]);
    ctx.stroke();
    ctx.shadowBlur = 0;
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = "rgba(255,255,255,0.85)";
    ctx.stroke();
    ctx.restore();
}

/** The key of the layer of `lines` shown together (the renderer keeps it with them: linesKey).
 *  @param {ReadonlyArray<WinLine>} lines
 *  @returns {string} */
export function linesKey(lines) {
    return lines.map((l) => `${l.color}:${l.points.join(";")}`).join("|");
}

/** Win lines drawn out from the left, with their labels once complete. The lines shown
 *  together are drawn once, complete, into one layer (their glow is a shadow blur, slow without
 *  a GPU); while they grow, the layer is copied up to the lines' tip. Every line's points share
 *  the reels' x positions, so lines started together have one tip.
 *  @param {View} view
 *  @param {number} now performance.now() ms */
export function drawLines(view, now) {
    const lines = view.state.lines;
    if (!lines.length) return;
    const ctx = view.ctx;
    const layer = slot(view, "lines", view.state.linesKey, W, H, (c) => { for (const line of lines) paintLine(c, line); });
    const u = clamp01((now - lines[0].t0) / (260 * lines[0].sf));
    if (u >= 1) {
        blit(view, layer, 0, 0, W, H);
    } else {
        const pts = lines[0].points;
        const upTo = u * (pts.length - 1);
        const i = Math.floor(upTo);
        const tip = i + 1 < pts.length ? pts[i][0] + (pts[i + 1][0] - pts[i][0]) * (upTo - i) : pts[i][0];
        ctx.save();
        ctx.beginPath();
        ctx.rect(0, 0, tip + 3.5, H); // 3.5: the round cap of the 7-wide stroke
        ctx.clip();
        blit(view, layer, 0, 0, W, H);
        ctx.restore();
    }
    for (const line of lines) {
        const lu = clamp01((now - line.t0) / (260 * line.sf));
        if (line.label && lu >= 1) pill(view, line.labelAt[0], line.labelAt[1], line.label, line.color, 22);
    }
}

const BANNER_W = W, BANNER_H = 240; // the banner's layer, centred on the canvas's centre
const BANNER_RES = 1.1; // drawn a little larger than needed: it pops in scaled up to ~1.02

/** A smaller font where a language's words would run past the banner's width.
 *  @param {CanvasRenderingContext2D} ctx
 *  @param {string} text
 *  @param {number} size
 *  @param {number} weight */
function fitFont(ctx, text, size, weight) {
    const room = BANNER_W * 0.92;
    const wide = ctx.measureText(text).width;
    if (wide > room) ctx.font = `${weight} ${Math.floor(size * room / wide)}px ${uiFont()}`;
}

/** @param {CanvasRenderingContext2D} ctx
 *  @param {Banner} b */
function paintBanner(ctx, b) {
    ctx.translate(BANNER_W / 2, BANNER_H / 2);
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.font = `900 76px ${uiFont()}`;
    fitFont(ctx, b.text, 76, 900);
    ctx.lineWidth = 10;
    ctx.strokeStyle = "#3a0610";
    ctx.strokeText(b.text, 0, b.sub ? -22 : 0);
    const g = ctx.createLinearGradient(0, -60, 0, 30);
    g.addColorStop(0, "#fffbe0"); g.addColorStop(0.5, "#ffd84a"); g.addColorStop(1, "#d8930e");
    ctx.fillStyle = g;
    ctx.fillText(b.text, 0, b.sub ? -22 : 0);
    if (b.sub) {
        ctx.font = `800 34px ${uiFont()}`;
        fitFont(ctx, b.sub, 34, 800);
        ctx.lineWidth = 7;
        ctx.strokeText(b.sub, 0, 42);
        ctx.fillStyle = "#fff";
        ctx.fillText(b.sub, 0, 42);
    }
}

/** A big centred title that fades in and out (free spins, multipliers), drawn once into a layer
 *  and copied scaled and faded each frame. True when its time is over (drawn no more: the
 *  renderer then drops it).
 *  @param {View} view
 *  @param {number} now performance.now() ms
 *  @returns {boolean} */
export function drawBanner(view, now) {
    const b = view.state.banner;
    if (!b) return false;
    const u = (now - b.t0) / b.dur;
    if (u >= 1) return true;
    const ctx = view.ctx;
    const a = u < 0.15 ? u / 0.15 : u > 0.8 ? (1 - u) / 0.2 : 1;
    const s = (view.reduced ? 1 : 0.8 + 0.2 * easeOutBack(clamp01(u / 0.2))) / BANNER_RES;
    const layer = slot(view, "banner", `${b.text}|${b.sub}`, BANNER_W * BANNER_RES, BANNER_H * BANNER_RES, (c) => {
        c.scale(BANNER_RES, BANNER_RES);
        paintBanner(c, b);
    });
    const w = BANNER_W * BANNER_RES * s, h = BANNER_H * BANNER_RES * s;
    ctx.globalAlpha = a;
    ctx.drawImage(layer, W / 2 - w / 2, H / 2 - h / 2, w, h);
    ctx.globalAlpha = 1;
    return false;
}

// A coin's or star's size (its radius, logical pixels): SIZE_MIN up to SIZE_MIN + SIZE_SPAN.
const SIZE_MIN = 7;
const SIZE_SPAN = 9;

/** A particle's sprite: one per kind and whole-pixel size `n`.
 *  @param {View} view
 *  @param {boolean} star
 *  @param {number} n
 *  @returns {HTMLCanvasElement} */
function particleSprite(view, star, n) {
    const side = 2 * n + 6;
    return cached(view, `${star ? "star" : "coin"}-${n}`, side, side, (c) => (star ? paintStar : paintCoin)(c, side / 2, n));
}

/** Makes the sprites a burst can need (each kind at each whole-pixel size) in idle moments, as
 *  many as each has room for: made by a celebration's first frame, they were 20 new canvases in
 *  one frame (40-70 ms at 4x CPU on the phone profile) that a tap then waited behind.
 *  @param {View} view */
export function prepareParticles(view) {
    if (view.reduced || typeof requestIdleCallback !== "function") return;
    /** @type {Array<[boolean, number]>} */
    const todo = [];
    for (let n = SIZE_MIN; n <= SIZE_MIN + SIZE_SPAN; n++) todo.push([false, n], [true, n]);
    /** @param {IdleDeadline} deadline */
    const step = (deadline) => {
        // todo is not empty here (a step is asked for only while it is not)
        do particleSprite(view, .../** @type {[boolean, number]} */ (todo.pop())); while (todo.length && deadline.timeRemaining() > 4);
        if (todo.length) requestIdleCallback(step);
    };
    requestIdleCallback(step);
}

/** `count` coins and stars thrown from the middle of the reels (none with reduced motion), for
 *  the renderer to add to those in flight; `tempo`: how fast their time runs (Particle).
 *  @param {View} view
 *  @param {number} [count]
 *  @param {number} [tempo]
 *  @returns {Particle[]} */
export function burst(view, count = 40, tempo = 1) {
    /** @type {Particle[]} */
    const thrown = [];
    if (view.reduced) return thrown;
    const random = view.random; // seeded in still mode (renderer.js)
    for (let i = 0; i < count; i++) {
        const a = random() * Math.PI * 2;
        const s = 250 + random() * 550;
        thrown.push({
            x: W / 2 + (random() - 0.5) * 200, y: H / 2,
            vx: Math.cos(a) * s, vy: Math.sin(a) * s - 300, life: 1.4 + random(),
            age: 0, star: random() < 0.35, size: SIZE_MIN + random() * SIZE_SPAN,
            spin: random() * 6, tempo,
        });
    }
    return thrown;
}

/** @param {CanvasRenderingContext2D} ctx
 *  @param {number} c its centre's x and y
 *  @param {number} size */
function paintStar(ctx, c, size) {
    ctx.fillStyle = "#fff6b0";
    ctx.beginPath();
    for (let i = 0; i < 10; i++) {
        const r = i % 2 ? size * 0.45 : size;
        ctx.lineTo(c + Math.cos((i * Math.PI) / 5) * r, c + Math.sin((i * Math.PI) / 5) * r);
    }
    ctx.fill();
}

/** @param {CanvasRenderingContext2D} ctx
 *  @param {number} c its centre's x and y
 *  @param {number} size */
function paintCoin(ctx, c, size) {
    ctx.fillStyle = "#f4b72a";
    ctx.strokeStyle = "#8a5a05";
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(c, c, size, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
}

/** The coins and stars of `particles` `dt` seconds later (each `dt` times its tempo of its own
 *  time), falling under gravity: those still flying, for the renderer to keep (new objects;
 *  `particles` is left as it was).
 *  @param {ReadonlyArray<Particle>} particles
 *  @param {number} dt seconds since the last frame
 *  @returns {Particle[]} */
export function moveParticles(particles, dt) {
    /** @type {Particle[]} */
    const flying = [];
    for (const p of particles) {
        const step = dt * p.tempo;
        const age = p.age + step;
        if (age >= p.life) continue;
        const vy = p.vy + 900 * step;
        flying.push({ ...p, age, vy, x: p.x + p.vx * step, y: p.y + vy * step });
    }
    return flying;
}

/** Coins and stars thrown by burst() (moved by moveParticles()). Each is a sprite drawn once per
 *  whole-pixel size and copied turned, squashed (a coin's flip) and faded.
 *  @param {View} view */
export function drawParticles(view) {
    const particles = view.state.particles;
    if (!particles.length) return;
    const ctx = view.ctx;
    const k = view.state.scale;
    for (const p of particles) {
        const n = Math.max(1, Math.round(p.size));
        const side = 2 * n + 6;
        const sprite = particleSprite(view, p.star, n);
        ctx.globalAlpha = 1 - p.age / p.life;
        ctx.setTransform(k, 0, 0, k, 0, 0);
        ctx.translate(p.x, p.y);
        ctx.rotate(p.spin * p.age);
        if (!p.star) ctx.scale(1, Math.abs(Math.cos(p.age * 7)) + 0.2);
        const f = (p.size / n) * side;
        ctx.drawImage(sprite, -f / 2, -f / 2, f, f);
    }
    ctx.setTransform(k, 0, 0, k, 0, 0);
    ctx.globalAlpha = 1;
}
