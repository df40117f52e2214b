// @ts-check
// The symbols' sprites, for renderer.js: each symbol's image rasterised once at the canvas's
// scale, and its motion-blurred copies (the symbol smeared along the reel) at a few blur
// levels, made before the first spin needs them. Copying a sprite is the cheapest draw there is;
// drawing the SVG, or its ghosts one by one, in every frame was not.

import { symbolUrl } from "../core/dom.js";
import { CELL_H } from "./layout.js";

const BLUR_SPRITES_MAX = 160; // motion-blurred sprites kept (~13 MB at a DPR of 1)
// A reel's speed is drawn at one of a few blur levels (symbols per second): 4, 8, ... 28 up to
// full speed, then steps of 8 (quick spin). Ten symbols at each level of a normal spin are 70
// sprites, all kept; one per whole speed (about 270) thrashed the cache, and each spin made
// dozens of sprites in its first and last frames, while a tap waited for them.
const BLUR_STEP = 4;
// The smear of a moving symbol: the distance it travels in this many 60 Hz frames (a shutter a
// little longer than a frame: at full speed about 0.3 of a cell, the symbol still readable).
const STREAK_FRAMES = 1.1;
// The smear is made at half the sprite's resolution (a quarter of its pixels) and drawn back at
// full size: it is a blur, so nothing is lost, and a bake at full resolution took 50-80 ms on the
// phone profile (CPU slowed 4x), in idle moments that a tap then waited behind (taps while
// playing 184-384 ms, over the 200 ms budget).
const SMEAR_SCALE = 2;

/** The blur level of a reel moving at `v` symbols per second (v > 0).
 *  @param {number} v
 *  @returns {number} */
export function blurLevel(v) {
    if (v <= 30) return Math.max(BLUR_STEP, BLUR_STEP * Math.round(v / BLUR_STEP));
    return 32 + 8 * Math.round((v - 32) / 8);
}

// An idle moment's room (ms) left for another bake: a bake takes a few ms at a phone's speed.
const IDLE_ROOM_MS = 12;
// One idle moment of the main thread (a task while the page's own work goes on elsewhere).
// Without requestIdleCallback, `fn` gets no deadline.
/** @type {(fn: (deadline?: IdleDeadline) => void) => number} */
const whenIdle = (fn) => (typeof requestIdleCallback === "function"
    ? requestIdleCallback(fn, { timeout: 1000 }) : setTimeout(fn, 16));

/** @param {string} url
 *  @returns {Promise<HTMLImageElement>} */
function loadImage(url) {
    return new Promise((resolve, reject) => {
        const img = new Image();
        img.onload = () => resolve(img);
        img.onerror = () => reject(new Error(`image ${url} did not load`));
        img.src = url;
    });
}

/**
 * A symbol's motion-blurred sprite (SymbolSprites.blur).
 * @typedef {object} BlurSprite
 * @property {HTMLCanvasElement} canvas the sprite's width, taller by the smear
 * @property {number} lead the logical height of the smear above the symbol's own square
 */

/** A scratch canvas and its context (SymbolSprites._scratch).
 *  @typedef {{ canvas: HTMLCanvasElement, ctx: CanvasRenderingContext2D }} Scratch */

export class SymbolSprites {
    /** `names`: every symbol to draw.
     *  @param {Iterable<string>} names */
    constructor(names) {
        this.names = [...names];
        /** @type {Record<string, HTMLImageElement>} */
        this.images = {};
        /** @type {Record<string, HTMLCanvasElement>} */
        this.sprites = {}; // name -> canvas of px x px
        /** @type {Map<string, BlurSprite>} */
        this.blurred = new Map(); // "name|level" -> { canvas, lead }, least recently used first
        this.px = 0; // a sprite's side in device pixels (0: none made yet)
        this.scale = 1; // device pixels per logical pixel
        /** @type {Scratch[]} */
        this.scratch = []; // the blur's two scratch canvases (_scratch() makes them when first needed)
    }

    /** Loads the symbols' images (rasterise() then makes their sprites). */
    async load() {
        const imgs = await Promise.all(this.names.map((n) => loadImage(symbolUrl(n))));
        this.names.forEach((n, i) => { this.images[n] = imgs[i]; });
    }

    /** A new scale: every sprite is to be made again (rasterise, and the blur afresh).
     *  @param {number} px a sprite's side in device pixels
     *  @param {number} scale device pixels per logical pixel */
    rescale(px, scale) {
        this.px = px;
        this.scale = scale;
        this.blurred = new Map();
    }

    /** The functions that make each symbol's sprite, one symbol each (prepare() slices them).
     *  @returns {Array<() => void>} */
    rasterisers() {
        return Object.keys(this.images).map((name) => () => this.rasterise(name));
    }

    /** One symbol's sprite at the current scale.
     *  @param {string} name */
    rasterise(name) {
        const c = document.createElement("canvas");
        c.width = this.px;
        c.height = this.px;
        /** @type {CanvasRenderingContext2D} */ (c.getContext("2d")).drawImage(this.images[name], 0, 0, this.px, this.px);
        this.sprites[name] = c;
    }

    /** Makes the motion-blurred sprites of a spin at up to `velocity` symbols per second (every
     *  symbol at every level) one per idle moment, before the first spin needs them; stops when a
     *  rescale has started over.
     *  @param {number} velocity */
    prebake(velocity) {
        const map = this.blurred;
        /** @type {Array<[string, number]>} */
        const todo = [];
        for (let level = BLUR_STEP; level <= blurLevel(velocity); level += BLUR_STEP) {
            for (const name of Object.keys(this.sprites)) todo.push([name, level]);
        }
        // as many as the idle moment has room for (one at least): one per moment took longer
        // than the wait for a first spin, whose frames then made the rest while a tap waited
        /** @param {IdleDeadline} [deadline] none without requestIdleCallback */
        const step = (deadline) => {
            do {
                if (map !== this.blurred || !todo.length) return; // rescaled: its own prebake runs
                const [name, level] = /** @type {[string, number]} */ (todo.shift()); // todo is not empty
                if (!map.has(`${name}|${level}`)) this.blur(name, level);
            } while (deadline?.timeRemaining && !deadline.didTimeout && deadline.timeRemaining() > IDLE_ROOM_MS);
            whenIdle(step);
        };
        whenIdle(step);
    }

    /** Symbol `name`'s motion blur made nearest to blur level `speed` (that level itself when
     *  made), without making one; null while none of its levels is made.
     *  @param {string} name
     *  @param {number} speed
     *  @returns {BlurSprite | null} */
    nearestBlur(name, speed) {
        /** @type {BlurSprite | null} */
        let best = null;
        let gap = Infinity;
        for (const [key, baked] of this.blurred) {
            const bar = key.lastIndexOf("|");
            if (key.slice(0, bar) !== name) continue;
            const d = Math.abs(Number(key.slice(bar + 1)) - speed);
            if (d < gap) { best = baked; gap = d; }
        }
        return best;
    }

    /** Whether symbol `name`'s motion blur at level `speed` is made.
     *  @param {string} name
     *  @param {number} speed
     *  @returns {boolean} */
    hasBlur(name, speed) {
        return this.blurred.has(`${name}|${speed}`);
    }

    /** Symbol `name` with its motion blur at `speed` symbols per second (a blur level): the
     *  symbol smeared along the reel, as a camera's shutter sees it, drawn once per level. The
     *  smear is a box filter of the sprite over the distance it travels in STREAK_FRAMES of a
     *  60 Hz frame (centred on it), made by doubling: the sprite averaged with itself shifted by
     *  1, 2, 4 ... device pixels (a few canvas copies, not one per pixel). Three ghost copies
     *  strobed (icicles and letters showed four times over); a smear reads as speed.
     *  `lead` is the logical height of the smear above the symbol's own square.
     *  @param {string} name
     *  @param {number} speed
     *  @returns {BlurSprite} */
    blur(name, speed) {
        const key = `${name}|${speed}`;
        let baked = this.blurred.get(key);
        if (baked) {
            this.blurred.delete(key); // most recently used last
            this.blurred.set(key, baked);
            return baked;
        }
        const sprite = this.sprites[name];
        const k = this.scale;
        const amount = Math.min(1, speed / 30);
        const travel = (speed * CELL_H * STREAK_FRAMES) / 60; // logical pixels the shutter sees
        // the smear is made at 1/SMEAR_SCALE of the sprite's resolution and drawn back at full size
        const r = SMEAR_SCALE;
        const passes = Math.max(1, Math.round(Math.log2(Math.max(2, (travel * k) / r))));
        const length = (2 ** passes - 1) * r; // device pixels the box filter adds
        const c = document.createElement("canvas");
        c.width = sprite.width;
        c.height = sprite.height + length;
        const out = /** @type {CanvasRenderingContext2D} */ (c.getContext("2d")); // a new canvas: never null
        const w = Math.ceil(c.width / r);
        const h = Math.ceil(c.height / r);
        // ping-pong between two scratch canvases: each pass is the exact mean of the last one and
        // itself shifted down by 2^i ("lighter" adds premultiplied pixels; each at half strength)
        let src = this._scratch(0, w, h);
        let dst = this._scratch(1, w, h);
        src.ctx.clearRect(0, 0, src.canvas.width, src.canvas.height);
        src.ctx.drawImage(sprite, 0, 0, sprite.width / r, sprite.height / r);
        for (let i = 0; i < passes; i++) {
            const d = dst.ctx;
            d.globalCompositeOperation = "copy";
            d.globalAlpha = 0.5;
            d.drawImage(src.canvas, 0, 0);
            d.globalCompositeOperation = "lighter";
            d.drawImage(src.canvas, 0, 2 ** i);
            d.globalCompositeOperation = "source-over";
            d.globalAlpha = 1;
            [src, dst] = [dst, src];
        }
        out.drawImage(src.canvas, 0, 0, c.width / r, c.height / r, 0, 0, c.width, c.height);
        // a slow reel keeps some of its symbol: the sharp sprite, fading out as the speed grows
        const sharp = 0.6 * (1 - amount);
        if (sharp > 0.01) {
            out.globalAlpha = sharp;
            out.drawImage(sprite, 0, Math.round(length / 2));
            out.globalAlpha = 1;
        }
        // bounded memory (a turbo spin sweeps many speeds): the least recently used goes
        // (full: the first key is a key, never the iterator's end)
        if (this.blurred.size >= BLUR_SPRITES_MAX) this.blurred.delete(/** @type {string} */ (this.blurred.keys().next().value));
        baked = { canvas: c, lead: length / 2 / k };
        this.blurred.set(key, baked);
        return baked;
    }

    /** Scratch canvas `i` (of two, reused by every blur), at least `w` x `h` device pixels.
     *  @param {number} i
     *  @param {number} w
     *  @param {number} h
     *  @returns {Scratch} */
    _scratch(i, w, h) {
        let s = this.scratch[i];
        if (!s || s.canvas.width < w || s.canvas.height < h) {
            const canvas = s?.canvas ?? document.createElement("canvas");
            canvas.width = Math.max(w, canvas.width);
            canvas.height = Math.max(h, canvas.height);
            s = { canvas, ctx: /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d")) }; // a 2d canvas: never null
            this.scratch[i] = s;
        }
        return s;
    }
}
