// @ts-check
// Still mode (`?still=1`, docs/page-contract.md): the picture depends only on the address and
// the rounds played, for screenshots that compare pixel for pixel. Read here, once, by every
// module that draws (firstpaint.js paints before app.js runs); app.js marks the page and warns.
//
//   import { still, randomFor } from "../core/still.js";
//   const random = randomFor(7); // seeded in still mode, Math.random otherwise

/** The parameter as given (null when absent): `1` turns still mode on, `0` or absent leaves it off. */
export const stillParam = new URLSearchParams(globalThis.location?.search ?? "").get("still");
/** Whether the page is in still mode. */
export const still = stillParam === "1";

/** mulberry32: a small 32-bit generator, the same numbers from the same seed in every browser. */
/** @param {number} seed @returns {() => number} */
export function mulberry32(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/** The random numbers of one part of the picture (the snow, the coins): in still mode a
 *  generator seeded with `seed` (each part its own, so one part's draws never shift another's),
 *  Math.random otherwise. */
/** @param {number} seed @param {boolean} [on] @returns {() => number} */
export function randomFor(seed, on = still) {
    return on ? mulberry32(seed) : Math.random;
}

/** Still mode's last step before `settled()` resolves: the whole page laid out and painted
 *  afresh. A round repaints only the parts that change, as they change; those partial repaints
 *  anti-alias the edges beside them differently from one load to the next (the control bar's
 *  button rings and amounts, 1 to 42 levels, measured on two cold loads after the same rounds),
 *  while a full repaint depends on the picture alone. Nothing moves, the focus stays, and no
 *  frame shows the page hidden (it is shown again before the browser paints). */
export function repaintAll(doc = globalThis.document) {
    const body = doc?.body;
    if (!body) return;
    const display = body.style.display;
    body.style.display = "none";
    void body.offsetHeight; // the layout without the page...
    body.style.display = display;
    void body.offsetHeight; // ...and with it again: the next frame paints every part anew
}
