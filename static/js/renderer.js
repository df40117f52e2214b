// The canvas: one frame loop at the display's rate, crisp at any devicePixelRatio. It owns
// animation state only (reel offsets come from reels.js, effects from the sequencer's calls);
// what lands and what wins always comes from the round.

export const W = 1000;            // logical canvas size; drawn scaled to fit, times the DPR
export const H = 600;
export const CELL_W = 172;
export const CELL_H = 160;
export const GAP = 10;
export const X0 = (W - (5 * CELL_W + 4 * GAP)) / 2;
export const Y0 = (H - 3 * CELL_H) / 2;
const SYMBOL_SIZE = 146;
const LINE_COLORS = ["#ffd84a", "#ff5a5a", "#5ad1ff", "#7dff7a", "#ff8af0",
    "#ffa940", "#b48cff", "#40ffd0", "#ff4aa0", "#e8ff5a"];

const easeOutBack = (u) => 1 + 2.2 * Math.pow(u - 1, 3) + 1.2 * Math.pow(u - 1, 2);
const easeOutCubic = (u) => 1 - Math.pow(1 - u, 3);
const clamp01 = (u) => Math.max(0, Math.min(1, u));

export function cellRect(reel, row) {
    return { x: X0 + reel * (CELL_W + GAP), y: Y0 + row * CELL_H, w: CELL_W, h: CELL_H };
}

function loadImage(url) {
    return new Promise((resolve, reject) => {
        const img = new Image();
        img.onload = () => resolve(img);
        img.onerror = () => reject(new Error(`image ${url} did not load`));
        img.src = url;
    });
}

export class Renderer {
    constructor(canvas, { symbols, reduced = false }) {
        this.canvas = canvas;
        this.ctx = canvas.getContext("2d");
        this.symbolNames = symbols;
        this.reduced = reduced;
        this.images = {};
        this.sprites = {};
        this.scale = 1;
        this.reels = null;
        this.k = 1; // speed factor: every effect's duration is multiplied by it
        this.free = false;
        this.clearWins();
        this.particles = [];
        this.snow = reduced ? [] : Array.from({ length: 70 }, () => this._flake(true));
        this._last = performance.now();
    }

    async load(base = "./static/img/") {
        const names = [...this.symbolNames];
        const imgs = await Promise.all(names.map((n) => loadImage(`${base}${n.toLowerCase()}.svg`)));
        names.forEach((n, i) => { this.images[n] = imgs[i]; });
        this.resize();
    }

    /** Fit the canvas to its box (keeping the aspect ratio) and re-rasterise the sprites. */
    resize() {
        const box = this.canvas.parentElement.getBoundingClientRect();
        if (!box.width || !box.height) return;
        const cssW = Math.min(box.width, (box.height * W) / H);
        const cssH = (cssW * H) / W;
        const dpr = window.devicePixelRatio || 1;
        this.canvas.style.width = `${cssW}px`;
        this.canvas.style.height = `${cssH}px`;
        this.canvas.width = Math.round(cssW * dpr);
        this.canvas.height = Math.round(cssH * dpr);
        this.scale = (cssW * dpr) / W;
        const px = Math.max(8, Math.round(SYMBOL_SIZE * this.scale));
        for (const [name, img] of Object.entries(this.images)) {
            const c = document.createElement("canvas");
            c.width = px;
            c.height = px;
            c.getContext("2d").drawImage(img, 0, 0, px, px);
            this.sprites[name] = c;
        }
    }

    start() {
        const frame = (now) => {
            this._draw(now);
            requestAnimationFrame(frame);
        };
        // Paint the first frame now: the game announces ready right after start(), and the reels
        // must be on the canvas by then (a rAF-only first frame came late, WebKit most of all).
        this._draw(performance.now());
        requestAnimationFrame(frame);
        new ResizeObserver(() => this.resize()).observe(this.canvas.parentElement);
        window.matchMedia?.(`(resolution: ${window.devicePixelRatio}dppx)`)
            ?.addEventListener?.("change", () => this.resize());
    }

    // ---- effects the sequencer drives -------------------------------------------------

    clearWins() {
        this.lines = [];          // {points, color, label, labelAt, t0}
        this.winCells = new Set(); // "reel,row" whose symbols celebrate
        this.dimOthers = false;
        this.glows = new Map();   // "reel,row" -> t0 (book highlight)
        this.wild = new Map();    // reel -> {t0, row, mult}
        this.ses = null;          // {t0, reels, symbol, label}
        this.banner = null;       // {text, sub, t0, dur}
    }

    clearExpansions() {
        this.wild.clear();
        this.ses = null;
    }

    setFree(on) {
        this.free = on;
    }

    glow(positions) {
        const t0 = performance.now();
        for (const [reel, row] of positions) this.glows.set(`${reel},${row}`, t0);
    }

    showLine(lineIndex, rows, positions, label) {
        const points = rows.map((row, reel) => {
            const c = cellRect(reel, row);
            return [c.x + c.w / 2, c.y + c.h / 2];
        });
        const [lr, lrow] = positions[positions.length - 1];
        const c = cellRect(lr, lrow);
        this.lines = [{ points, color: LINE_COLORS[lineIndex % 10], label,
            labelAt: [c.x + c.w / 2, c.y + c.h - 18], t0: performance.now(), positions }];
        this.winCells = new Set(positions.map(([r, row]) => `${r},${row}`));
        this.dimOthers = true;
    }

    showAllLines(wins, paylines) {
        const t0 = performance.now();
        this.lines = wins.map((w) => ({
            points: paylines[w.line].map((row, reel) => {
                const c = cellRect(reel, row);
                return [c.x + c.w / 2, c.y + c.h / 2];
            }),
            color: LINE_COLORS[w.line % 10], label: null, t0, positions: w.positions,
        }));
        this.winCells = new Set(wins.flatMap((w) => w.positions.map(([r, row]) => `${r},${row}`)));
        this.dimOthers = wins.length > 0;
    }

    hideLines() {
        this.lines = [];
        this.winCells = new Set();
        this.dimOthers = false;
    }

    expandWild(reel, row, mult) {
        this.wild.set(reel, { t0: performance.now(), row, mult });
    }

    expandSes(reels, symbol, label) {
        this.ses = { t0: performance.now(), reels, symbol, label };
        this.dimOthers = true;
        this.winCells = new Set();
    }

    showBanner(text, sub = "", dur = 1400) {
        this.banner = { text, sub, t0: performance.now(), dur: dur * Math.max(this.k, 0.05) };
    }

    burst(count = 40) {
        if (this.reduced) return;
        for (let i = 0; i < count; i++) {
            const a = Math.random() * Math.PI * 2;
            const s = 250 + Math.random() * 550;
            this.particles.push({
                x: W / 2 + (Math.random() - 0.5) * 200, y: H / 2,
                vx: Math.cos(a) * s, vy: Math.sin(a) * s - 300, life: 1.4 + Math.random(),
                age: 0, star: Math.random() < 0.35, size: 7 + Math.random() * 9,
                spin: Math.random() * 6,
            });
        }
    }

    // ---- drawing --------------------------------------------------------------------

    _flake(anywhere) {
        return { x: Math.random() * W, y: anywhere ? Math.random() * H : -10,
            r: 0.8 + Math.random() * 2.4, vy: 18 + Math.random() * 40, drift: Math.random() * 6.28 };
    }

    _draw(now) {
        const dt = Math.min(0.05, (now - this._last) / 1000);
        this._last = now;
        const ctx = this.ctx;
        if (!this.canvas.width) return;
        if (this.reels) this.reels.update(now);
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
        ctx.setTransform(this.scale, 0, 0, this.scale, 0, 0);
        this._drawFrameBack(now);
        if (this.reels) this._drawReels(now);
        this._drawWild(now);
        this._drawSes(now);
        this._drawLines(now);
        this._drawFrameFront(now);
        this._drawBanner(now);
        this._drawParticles(dt);
        this._drawSnow(dt, now);
    }

    _roundRect(x, y, w, h, r) {
        const ctx = this.ctx;
        ctx.beginPath();
        ctx.roundRect(x, y, w, h, r);
    }

    _drawFrameBack() {
        const ctx = this.ctx;
        const fx = X0 - 30, fy = Y0 - 34, fw = 5 * CELL_W + 4 * GAP + 60, fh = 3 * CELL_H + 68;
        // velvet surround
        const velvet = ctx.createLinearGradient(0, fy, 0, fy + fh);
        velvet.addColorStop(0, "#5a0d1c");
        velvet.addColorStop(1, "#2a0410");
        ctx.fillStyle = velvet;
        this._roundRect(fx, fy, fw, fh, 26);
        ctx.fill();
        // reel windows
        for (let reel = 0; reel < 5; reel++) {
            const c = cellRect(reel, 0);
            const g = ctx.createLinearGradient(0, Y0, 0, Y0 + 3 * CELL_H);
            if (this.free) {
                g.addColorStop(0, "#2c1048"); g.addColorStop(0.5, "#431a5e"); g.addColorStop(1, "#2c1048");
            } else {
                g.addColorStop(0, "#0b1436"); g.addColorStop(0.5, "#1b2a5e"); g.addColorStop(1, "#0b1436");
            }
            ctx.fillStyle = g;
            this._roundRect(c.x, c.y, CELL_W, 3 * CELL_H, 10);
            ctx.fill();
        }
    }

    _drawFrameFront(now) {
        const ctx = this.ctx;
        const fx = X0 - 30, fy = Y0 - 34, fw = 5 * CELL_W + 4 * GAP + 60, fh = 3 * CELL_H + 68;
        // inner shadow at the reel window edges
        const top = ctx.createLinearGradient(0, Y0, 0, Y0 + 36);
        top.addColorStop(0, "rgba(0,0,0,0.55)"); top.addColorStop(1, "rgba(0,0,0,0)");
        ctx.fillStyle = top;
        ctx.fillRect(X0, Y0, 5 * CELL_W + 4 * GAP, 36);
        const bot = ctx.createLinearGradient(0, Y0 + 3 * CELL_H - 36, 0, Y0 + 3 * CELL_H);
        bot.addColorStop(0, "rgba(0,0,0,0)"); bot.addColorStop(1, "rgba(0,0,0,0.55)");
        ctx.fillStyle = bot;
        ctx.fillRect(X0, Y0 + 3 * CELL_H - 36, 5 * CELL_W + 4 * GAP, 36);
        // gold border
        const gold = ctx.createLinearGradient(0, fy, 0, fy + fh);
        gold.addColorStop(0, "#fff3b0"); gold.addColorStop(0.25, "#e2a528");
        gold.addColorStop(0.5, "#fff0a0"); gold.addColorStop(0.75, "#b8740e"); gold.addColorStop(1, "#ffe07a");
        ctx.strokeStyle = gold;
        ctx.lineWidth = 9;
        this._roundRect(fx, fy, fw, fh, 26);
        ctx.stroke();
        ctx.lineWidth = 2;
        ctx.strokeStyle = "rgba(255,240,180,0.6)";
        this._roundRect(X0 - 8, Y0 - 8, 5 * CELL_W + 4 * GAP + 16, 3 * CELL_H + 16, 14);
        ctx.stroke();
        // garland of twinkling bulbs along the top and bottom edges
        const colors = ["#ff4d4d", "#ffd84a", "#4dff88", "#4dc3ff", "#ff7af0"];
        const n = 26;
        for (const [y, phase] of [[fy, 0], [fy + fh, 1.7]]) {
            ctx.strokeStyle = "#1d5a2a";
            ctx.lineWidth = 3;
            ctx.beginPath();
            for (let i = 0; i <= n; i++) {
                const x = fx + 40 + ((fw - 80) * i) / n;
                const yy = y + 6 * Math.sin(i * 1.3);
                if (i === 0) ctx.moveTo(x, yy); else ctx.lineTo(x, yy);
            }
            ctx.stroke();
            for (let i = 0; i <= n; i++) {
                const x = fx + 40 + ((fw - 80) * i) / n;
                const yy = y + 6 * Math.sin(i * 1.3) + 5;
                const tw = this.reduced ? 1 : 0.55 + 0.45 * Math.sin(now / 380 + i * 2.1 + phase);
                ctx.globalAlpha = tw;
                ctx.fillStyle = colors[i % colors.length];
                ctx.shadowColor = colors[i % colors.length];
                ctx.shadowBlur = 10 * tw;
                ctx.beginPath();
                ctx.ellipse(x, yy, 4.5, 6.5, 0, 0, Math.PI * 2);
                ctx.fill();
            }
            ctx.shadowBlur = 0;
            ctx.globalAlpha = 1;
        }
        // holly at the four corners
        for (const [x, y] of [[fx + 8, fy + 8], [fx + fw - 8, fy + 8], [fx + 8, fy + fh - 8], [fx + fw - 8, fy + fh - 8]]) {
            this._holly(x, y);
        }
    }

    _holly(x, y) {
        const ctx = this.ctx;
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

    _drawSymbol(name, cx, cy, scale = 1, alpha = 1) {
        const sprite = this.sprites[name];
        if (!sprite) return;
        const s = SYMBOL_SIZE * scale;
        this.ctx.globalAlpha = alpha;
        this.ctx.drawImage(sprite, cx - s / 2, cy - s / 2, s, s);
        this.ctx.globalAlpha = 1;
    }

    _drawReels(now) {
        const ctx = this.ctx;
        for (const reel of this.reels.reels) {
            const c = cellRect(reel.index, 0);
            ctx.save();
            ctx.beginPath();
            ctx.rect(c.x, c.y, CELL_W, 3 * CELL_H);
            ctx.clip();
            const j0 = Math.floor(reel.p);
            const frac = reel.p - j0;
            const blur = Math.min(1, Math.abs(reel.velocity) / 30);
            for (let r = -1; r <= 3; r++) {
                const name = reel.symbol(j0 + r);
                const cx = c.x + CELL_W / 2;
                const cy = c.y + (r - frac) * CELL_H + CELL_H / 2;
                if (blur > 0.05 && !this.reduced) {
                    // motion blur: trailing ghosts along the direction of travel, stretched
                    const step = (Math.abs(reel.velocity) * CELL_H) / 60 / 4;
                    for (let g = 3; g >= 0; g--) {
                        this._drawSymbol(name, cx, cy - g * step, 1, g === 0 ? 1 - 0.55 * blur : 0.22 * blur);
                    }
                    continue;
                }
                const row = j0 + r;
                const key = `${reel.index},${row}`;
                let scale = 1;
                let alpha = 1;
                if (!reel.spinning && row >= 0 && row <= 2) {
                    if (this.winCells.has(key)) {
                        scale = this.reduced ? 1.04 : 1 + 0.07 * Math.sin(now / 120);
                    } else if (this.dimOthers) {
                        alpha = 0.35;
                    }
                    const g = this.glows.get(key);
                    if (g !== undefined) {
                        const pulse = 0.6 + 0.4 * Math.sin((now - g) / 140);
                        ctx.save();
                        const grad = ctx.createRadialGradient(cx, cy, 10, cx, cy, CELL_W * 0.62);
                        grad.addColorStop(0, `rgba(255,220,90,${0.75 * pulse})`);
                        grad.addColorStop(1, "rgba(255,200,60,0)");
                        ctx.fillStyle = grad;
                        ctx.fillRect(c.x, cy - CELL_H / 2, CELL_W, CELL_H);
                        ctx.restore();
                        scale = this.reduced ? 1.05 : 1 + 0.08 * pulse;
                        alpha = 1;
                    }
                }
                this._drawSymbol(name, cx, cy, scale, alpha);
            }
            ctx.restore();
        }
        // a winning cell gets a gold box
        for (const key of this.winCells) {
            const [reel, row] = key.split(",").map(Number);
            const c = cellRect(reel, row);
            ctx.strokeStyle = "rgba(255,226,120,0.95)";
            ctx.lineWidth = 4;
            ctx.shadowColor = "#ffd84a";
            ctx.shadowBlur = 12;
            this._roundRect(c.x + 5, c.y + 5, c.w - 10, c.h - 10, 12);
            ctx.stroke();
            ctx.shadowBlur = 0;
        }
    }

    _column(reel, row, u) {
        // the rectangle of a reel growing from one row to the full column (u from 0 to 1)
        const c = cellRect(reel, 0);
        const e = easeOutCubic(u);
        const top = c.y + row * CELL_H * (1 - e);
        const bottom = c.y + (row + 1) * CELL_H + (3 - row - 1) * CELL_H * e;
        return { x: c.x, y: top, w: CELL_W, h: bottom - top };
    }

    /** A rounded column filled with a vertical dark-light-dark gradient and a glow. */
    _glowColumn(r, dark, light, glow, blur) {
        const ctx = this.ctx;
        const g = ctx.createLinearGradient(0, r.y, 0, r.y + r.h);
        g.addColorStop(0, dark); g.addColorStop(0.5, light); g.addColorStop(1, dark);
        ctx.fillStyle = g;
        ctx.shadowColor = glow;
        ctx.shadowBlur = blur;
        this._roundRect(r.x + 2, r.y + 2, r.w - 4, r.h - 4, 12);
        ctx.fill();
        ctx.shadowBlur = 0;
    }

    _drawWild(now) {
        const ctx = this.ctx;
        for (const [reel, w] of this.wild) {
            const u = clamp01((now - w.t0) / (520 * Math.max(this.k, 0.05)));
            const r = this._column(reel, w.row, u);
            ctx.save();
            this._glowColumn(r, "#7a4a08", "#f6c544", "#ffd84a", 24);
            // rays
            const cx = r.x + r.w / 2, cy = r.y + r.h / 2;
            ctx.globalAlpha = 0.25;
            ctx.fillStyle = "#fff6c8";
            for (let i = 0; i < 10; i++) {
                const a = (now / 1500) * (this.reduced ? 0 : 1) + (i * Math.PI) / 5;
                ctx.beginPath();
                ctx.moveTo(cx, cy);
                ctx.lineTo(cx + Math.cos(a) * 200, cy + Math.sin(a) * 200);
                ctx.lineTo(cx + Math.cos(a + 0.15) * 200, cy + Math.sin(a + 0.15) * 200);
                ctx.fill();
            }
            ctx.globalAlpha = 1;
            ctx.beginPath();
            ctx.rect(r.x, r.y, r.w, r.h);
            ctx.clip();
            this._drawSymbol("BOOK", cx, cy, 1.05 + 0.1 * u);
            ctx.restore();
            ctx.fillStyle = "#fff";
            ctx.font = "800 22px system-ui, sans-serif";
            ctx.textAlign = "center";
            ctx.fillText("WILD", cx, r.y + 32);
            // multiplier badge pops in after the expansion
            const bu = clamp01((now - w.t0 - 420 * Math.max(this.k, 0.05)) / (300 * Math.max(this.k, 0.05)));
            if (bu > 0) {
                const s = easeOutBack(bu);
                const by = cellRect(reel, 2).y + CELL_H - 34;
                ctx.save();
                ctx.translate(cx, by);
                ctx.scale(s, s);
                ctx.fillStyle = "#b3001e";
                ctx.strokeStyle = "#ffe07a";
                ctx.lineWidth = 4;
                ctx.beginPath();
                ctx.arc(0, 0, 30, 0, Math.PI * 2);
                ctx.fill();
                ctx.stroke();
                ctx.fillStyle = "#fff";
                ctx.font = "900 28px system-ui, sans-serif";
                ctx.textBaseline = "middle";
                ctx.fillText(`x${w.mult}`, 0, 1);
                ctx.restore();
            }
        }
    }

    _drawSes(now) {
        if (!this.ses) return;
        const ctx = this.ctx;
        const s = this.ses;
        const u = clamp01((now - s.t0) / (600 * Math.max(this.k, 0.05)));
        for (const reel of s.reels) {
            if (this.wild.has(reel)) continue; // book reels are already full
            const r = this._column(reel, 1, u);
            ctx.save();
            this._glowColumn(r, "#0f4a2a", "#2fa35a", "#7dff9a", 22);
            ctx.beginPath();
            ctx.rect(r.x, r.y, r.w, r.h);
            ctx.clip();
            for (let row = 0; row < 3; row++) {
                const c = cellRect(reel, row);
                this._drawSymbol(s.symbol, c.x + c.w / 2, c.y + c.h / 2, 0.95);
            }
            ctx.restore();
        }
        for (const reel of s.reels) {
            const c = cellRect(reel, 0);
            ctx.strokeStyle = "#aaffc0";
            ctx.lineWidth = 4;
            this._roundRect(c.x + 3, c.y + 3, c.w - 6, 3 * CELL_H - 6, 12);
            ctx.stroke();
        }
        if (s.label && u >= 1) this._pill(W / 2, H / 2, s.label, "#1f7a34", 34);
    }

    _pill(x, y, text, color, size = 24) {
        const ctx = this.ctx;
        ctx.font = `900 ${size}px system-ui, sans-serif`;
        const w = ctx.measureText(text).width + size * 1.2;
        const h = size * 1.7;
        ctx.fillStyle = "rgba(10,10,30,0.88)";
        ctx.strokeStyle = color;
        ctx.lineWidth = 3;
        this._roundRect(x - w / 2, y - h / 2, w, h, h / 2);
        ctx.fill();
        ctx.stroke();
        ctx.fillStyle = "#fff7d0";
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText(text, x, y + 1);
        ctx.textBaseline = "alphabetic";
    }

    _drawLines(now) {
        const ctx = this.ctx;
        for (const line of this.lines) {
            const u = clamp01((now - line.t0) / (260 * Math.max(this.k, 0.05)));
            const pts = line.points;
            ctx.save();
            ctx.lineJoin = "round";
            ctx.lineCap = "round";
            ctx.strokeStyle = line.color;
            ctx.shadowColor = line.color;
            ctx.shadowBlur = 14;
            ctx.lineWidth = 7;
            ctx.beginPath();
            const total = pts.length - 1;
            const upTo = u * total;
            ctx.moveTo(X0 - 18, pts[0][1]);
            ctx.lineTo(pts[0][0], pts[0][1]);
            for (let i = 1; i <= total; i++) {
                if (i <= upTo) ctx.lineTo(pts[i][0], pts[i][1]);
                else {
                    const f = upTo - (i - 1);
                    if (f > 0) ctx.lineTo(pts[i - 1][0] + (pts[i][0] - pts[i - 1][0]) * f,
                        pts[i - 1][1] + (pts[i][1] - pts[i - 1][1]) * f);
                    break;
                }
            }
            if (u >= 1) ctx.lineTo(W - X0 + 18, pts[total][1]);
            ctx.stroke();
            ctx.shadowBlur = 0;
            ctx.lineWidth = 2.5;
            ctx.strokeStyle = "rgba(255,255,255,0.85)";
            ctx.stroke();
            ctx.restore();
            if (line.label && u >= 1) this._pill(line.labelAt[0], line.labelAt[1], line.label, line.color, 22);
        }
    }

    _drawBanner(now) {
        const b = this.banner;
        if (!b) return;
        const u = (now - b.t0) / b.dur;
        if (u >= 1) { this.banner = null; return; }
        const ctx = this.ctx;
        const a = u < 0.15 ? u / 0.15 : u > 0.8 ? (1 - u) / 0.2 : 1;
        const s = this.reduced ? 1 : 0.8 + 0.2 * easeOutBack(clamp01(u / 0.2));
        ctx.save();
        ctx.globalAlpha = a;
        ctx.translate(W / 2, H / 2);
        ctx.scale(s, s);
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.font = "900 76px system-ui, sans-serif";
        ctx.lineWidth = 10;
        ctx.strokeStyle = "#3a0610";
        ctx.strokeText(b.text, 0, b.sub ? -22 : 0);
        const g = ctx.createLinearGradient(0, -60, 0, 30);
        g.addColorStop(0, "#fffbe0"); g.addColorStop(0.5, "#ffd84a"); g.addColorStop(1, "#d8930e");
        ctx.fillStyle = g;
        ctx.fillText(b.text, 0, b.sub ? -22 : 0);
        if (b.sub) {
            ctx.font = "800 34px system-ui, sans-serif";
            ctx.lineWidth = 7;
            ctx.strokeText(b.sub, 0, 42);
            ctx.fillStyle = "#fff";
            ctx.fillText(b.sub, 0, 42);
        }
        ctx.restore();
    }

    _drawParticles(dt) {
        const ctx = this.ctx;
        this.particles = this.particles.filter((p) => (p.age += dt) < p.life);
        for (const p of this.particles) {
            p.vy += 900 * dt;
            p.x += p.vx * dt;
            p.y += p.vy * dt;
            ctx.globalAlpha = 1 - p.age / p.life;
            ctx.save();
            ctx.translate(p.x, p.y);
            ctx.rotate(p.spin * p.age);
            if (p.star) {
                ctx.fillStyle = "#fff6b0";
                ctx.beginPath();
                for (let i = 0; i < 10; i++) {
                    const r = i % 2 ? p.size * 0.45 : p.size;
                    ctx.lineTo(Math.cos((i * Math.PI) / 5) * r, Math.sin((i * Math.PI) / 5) * r);
                }
                ctx.fill();
            } else {
                ctx.scale(1, Math.abs(Math.cos(p.age * 7)) + 0.2);
                ctx.fillStyle = "#f4b72a";
                ctx.strokeStyle = "#8a5a05";
                ctx.lineWidth = 2;
                ctx.beginPath();
                ctx.arc(0, 0, p.size, 0, Math.PI * 2);
                ctx.fill();
                ctx.stroke();
            }
            ctx.restore();
        }
        ctx.globalAlpha = 1;
    }

    _drawSnow(dt, now) {
        const ctx = this.ctx;
        ctx.fillStyle = "rgba(255,255,255,0.8)";
        for (let i = 0; i < this.snow.length; i++) {
            const f = this.snow[i];
            f.y += f.vy * dt;
            f.x += Math.sin(now / 900 + f.drift) * 12 * dt;
            if (f.y > H + 5) this.snow[i] = this._flake(false);
            ctx.globalAlpha = 0.35 + f.r / 6;
            ctx.beginPath();
            ctx.arc(f.x, f.y, f.r, 0, Math.PI * 2);
            ctx.fill();
        }
        ctx.globalAlpha = 1;
    }
}
