// The symbols' sprites, for renderer.js: each symbol's image rasterised once at the canvas's
// scale, and its motion-blurred copies (the symbol with three trailing ghosts) at a few blur
// levels, made before the first spin needs them. Copying a sprite is the cheapest draw there is;
// drawing the SVG, or its ghosts one by one, in every frame was not.

import { symbolUrl } from "./dom.js";
import { CELL_H } from "./layout.js";

const BLUR_SPRITES_MAX = 160; // motion-blurred sprites kept (~13 MB at a DPR of 1)
// A reel's speed is drawn at one of a few blur levels (symbols per second): 4, 8, ... 28 up to
// full speed, then steps of 8 (quick spin). Ten symbols at each level of a normal spin are 70
// sprites, all kept; one per whole speed (about 270) thrashed the cache, and each spin made
// dozens of sprites in its first and last frames, while a tap waited for them.
const BLUR_STEP = 4;

/** The blur level of a reel moving at `v` symbols per second (v > 0). */
export function blurLevel(v) {
    if (v <= 30) return Math.max(BLUR_STEP, BLUR_STEP * Math.round(v / BLUR_STEP));
    return 32 + 8 * Math.round((v - 32) / 8);
}

// One idle moment of the main thread (a task while the page's own work goes on elsewhere).
const whenIdle = (fn) => (typeof requestIdleCallback === "function"
    ? requestIdleCallback(fn, { timeout: 1000 }) : setTimeout(fn, 16));

function loadImage(url) {
    return new Promise((resolve, reject) => {
        const img = new Image();
        img.onload = () => resolve(img);
        img.onerror = () => reject(new Error(`image ${url} did not load`));
        img.src = url;
    });
}

export class SymbolSprites {
    /** `names`: every symbol to draw. */
    constructor(names) {
        this.names = [...names];
        this.images = {};
        this.sprites = {}; // name -> canvas of px x px
        this.blurred = new Map(); // "name|level" -> { canvas, lead }, least recently used first
        this.px = 0; // a sprite's side in device pixels (0: none made yet)
        this.scale = 1; // device pixels per logical pixel
    }

    /** Loads the symbols' images (rasterise() then makes their sprites). */
    async load() {
        const imgs = await Promise.all(this.names.map((n) => loadImage(symbolUrl(n))));
        this.names.forEach((n, i) => { this.images[n] = imgs[i]; });
    }

    /** A new scale: every sprite is to be made again (rasterise, and the blur afresh). */
    rescale(px, scale) {
        this.px = px;
        this.scale = scale;
        this.blurred = new Map();
    }

    /** The functions that make each symbol's sprite, one symbol each (prepare() slices them). */
    rasterisers() {
        return Object.keys(this.images).map((name) => () => this.rasterise(name));
    }

    /** One symbol's sprite at the current scale. */
    rasterise(name) {
        const c = document.createElement("canvas");
        c.width = this.px;
        c.height = this.px;
        c.getContext("2d").drawImage(this.images[name], 0, 0, this.px, this.px);
        this.sprites[name] = c;
    }

    /** Makes the motion-blurred sprites of a spin at up to `velocity` symbols per second (every
     *  symbol at every level) one per idle moment, before the first spin needs them; stops when a
     *  rescale has started over. */
    prebake(velocity) {
        const map = this.blurred;
        const todo = [];
        for (let level = BLUR_STEP; level <= blurLevel(velocity); level += BLUR_STEP) {
            for (const name of Object.keys(this.sprites)) todo.push([name, level]);
        }
        const step = () => {
            if (map !== this.blurred || !todo.length) return; // rescaled: its own prebake runs
            const [name, level] = todo.shift();
            if (!map.has(`${name}|${level}`)) this.blur(name, level);
            whenIdle(step);
        };
        whenIdle(step);
    }

    /** Symbol `name` with its motion blur at `speed` symbols per second (a blur level): the
     *  symbol and three trailing ghosts above it, drawn once into one sprite per level.
     *  `lead` is the logical height of the ghosts above the symbol. */
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
        const step = (speed * CELL_H) / 60 / 4; // logical, as the ghosts were drawn one by one
        const c = document.createElement("canvas");
        c.width = sprite.width;
        c.height = sprite.height + Math.ceil(3 * step * k);
        const g2 = c.getContext("2d");
        for (let g = 3; g >= 0; g--) {
            g2.globalAlpha = g === 0 ? 1 - 0.55 * amount : 0.22 * amount;
            g2.drawImage(sprite, 0, (3 - g) * step * k);
        }
        // bounded memory (a turbo spin sweeps many speeds): the least recently used goes
        if (this.blurred.size >= BLUR_SPRITES_MAX) this.blurred.delete(this.blurred.keys().next().value);
        baked = { canvas: c, lead: 3 * step };
        this.blurred.set(key, baked);
        return baked;
    }
}
