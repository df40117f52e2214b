// The scenery layer: what is always there whatever the round does (the frame with its garland
// and holly, the reel windows, the snow). Each function draws on the renderer's context.

import { CELL_W, H, REELS, REELS_H, REELS_W, W, X0, Y0, cellRect, roundRect } from "./layout.js";

/** The velvet surround and the reel windows (purple in free spins), behind the symbols. */
export function drawFrameBack(view) {
    const ctx = view.ctx;
    const fx = X0 - 30, fy = Y0 - 34, fw = REELS_W + 60, fh = REELS_H + 68;
    // velvet surround
    const velvet = ctx.createLinearGradient(0, fy, 0, fy + fh);
    velvet.addColorStop(0, "#5a0d1c");
    velvet.addColorStop(1, "#2a0410");
    ctx.fillStyle = velvet;
    roundRect(ctx, fx, fy, fw, fh, 26);
    ctx.fill();
    // reel windows
    for (let reel = 0; reel < REELS; reel++) {
        const c = cellRect(reel, 0);
        const g = ctx.createLinearGradient(0, Y0, 0, Y0 + REELS_H);
        if (view.free) {
            g.addColorStop(0, "#2c1048"); g.addColorStop(0.5, "#431a5e"); g.addColorStop(1, "#2c1048");
        } else {
            g.addColorStop(0, "#0b1436"); g.addColorStop(0.5, "#1b2a5e"); g.addColorStop(1, "#0b1436");
        }
        ctx.fillStyle = g;
        roundRect(ctx, c.x, c.y, CELL_W, REELS_H, 10);
        ctx.fill();
    }
}

/** Shadows, the gold border, the garland of bulbs and the holly, over the symbols. */
export function drawFrameFront(view, now) {
    const ctx = view.ctx;
    const fx = X0 - 30, fy = Y0 - 34, fw = REELS_W + 60, fh = REELS_H + 68;
    // inner shadow at the reel window edges
    const top = ctx.createLinearGradient(0, Y0, 0, Y0 + 36);
    top.addColorStop(0, "rgba(0,0,0,0.55)"); top.addColorStop(1, "rgba(0,0,0,0)");
    ctx.fillStyle = top;
    ctx.fillRect(X0, Y0, REELS_W, 36);
    const bot = ctx.createLinearGradient(0, Y0 + REELS_H - 36, 0, Y0 + REELS_H);
    bot.addColorStop(0, "rgba(0,0,0,0)"); bot.addColorStop(1, "rgba(0,0,0,0.55)");
    ctx.fillStyle = bot;
    ctx.fillRect(X0, Y0 + REELS_H - 36, REELS_W, 36);
    // gold border
    const gold = ctx.createLinearGradient(0, fy, 0, fy + fh);
    gold.addColorStop(0, "#fff3b0"); gold.addColorStop(0.25, "#e2a528");
    gold.addColorStop(0.5, "#fff0a0"); gold.addColorStop(0.75, "#b8740e"); gold.addColorStop(1, "#ffe07a");
    ctx.strokeStyle = gold;
    ctx.lineWidth = 9;
    roundRect(ctx, fx, fy, fw, fh, 26);
    ctx.stroke();
    ctx.lineWidth = 2;
    ctx.strokeStyle = "rgba(255,240,180,0.6)";
    roundRect(ctx, X0 - 8, Y0 - 8, REELS_W + 16, REELS_H + 16, 14);
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
            const tw = view.reduced ? 1 : 0.55 + 0.45 * Math.sin(now / 380 + i * 2.1 + phase);
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
        holly(ctx, x, y);
    }
}

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

/** A new snowflake: anywhere on the canvas, or just above it. */
export function flake(anywhere) {
    return { x: Math.random() * W, y: anywhere ? Math.random() * H : -10,
        r: 0.8 + Math.random() * 2.4, vy: 18 + Math.random() * 40, drift: Math.random() * 6.28 };
}

/** Falling snow over everything (none with reduced motion). */
export function drawSnow(view, dt, now) {
    const ctx = view.ctx;
    ctx.fillStyle = "rgba(255,255,255,0.8)";
    for (let i = 0; i < view.snow.length; i++) {
        const f = view.snow[i];
        f.y += f.vy * dt;
        f.x += Math.sin(now / 900 + f.drift) * 12 * dt;
        if (f.y > H + 5) view.snow[i] = flake(false);
        ctx.globalAlpha = 0.35 + f.r / 6;
        ctx.beginPath();
        ctx.arc(f.x, f.y, f.r, 0, Math.PI * 2);
        ctx.fill();
    }
    ctx.globalAlpha = 1;
}
