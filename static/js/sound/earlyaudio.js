// @ts-check
// The page's AudioContext made while the game loads, once the player has touched the page, in a
// moment with the main thread wholly idle (the reels painted and still, the engine downloading
// in its worker); Sound is given it when it is made (app.js).
//
// A page's first AudioContext is one main-thread task of 25-150 ms on the phone profile (CPU
// slowed 4x; about 40 ms unthrottled). Sound is made near the end of the load (it needs the
// saved switches), so until now the first sound of the first round made it, among that round's
// frames and the handling of its result: a tap arriving then waited for all three (the bench's
// slowest taps, 150-270 ms against a budget of 200, all came within half a second of `ready`).
// While loading, a tap meets it alone. Nothing is made before a gesture (the browser would
// refuse to start it, and say so in the console), nor once the game is up (Sound's own turn).

import { audioContextClass, whenWhollyIdle } from "./soundkit.js";

/**
 * A window as far as EarlyAudio uses one (each part may be missing: then it is done without).
 * @typedef {object} AudioRoot
 * @property {(callback: IdleRequestCallback) => unknown} [requestIdleCallback]
 * @property {(type: string, listener: () => void, options: AddEventListenerOptions) => void} [addEventListener]
 * @property {(type: string, listener: () => void, options: EventListenerOptions) => void} [removeEventListener]
 * @property {{ userActivation?: { readonly hasBeenActive: boolean } }} [navigator]
 * @property {{ documentElement?: { dataset: DOMStringMap } }} [document]
 */

const GESTURES = ["pointerdown", "keydown"];
/** Idle moments waited for a wholly idle one: a press of Spin held while loading turns the
 *  reels at every frame, which leaves none, and a context made by the held round's first sound
 *  took 80-135 ms of its landing on the phone profile; after these it is made in the next. */
export const EARLY_TRIES = 40;

export class EarlyAudio {
    /** `root`: the window listened to (its gestures, its idle moments, its page state).
     *  @param {AudioRoot} [root] */
    constructor(root = globalThis) {
        /** @type {AudioRoot} */
        this._root = root;
        /** @type {AudioContext | null} the context made, until handed over */
        this._ctx = null;
        /** @type {boolean} */
        this._waiting = false; // an idle moment is awaited
        /** @type {boolean} */
        this._done = false; // handed over (take): nothing more is made here
        /** @type {() => void} */
        this._onGesture = () => this._soon();
        if (!root.requestIdleCallback || !audioContextClass()) return;
        for (const type of GESTURES) root.addEventListener?.(type, this._onGesture, { capture: true, passive: true });
        if (root.navigator?.userActivation?.hasBeenActive) this._soon();
    }

    /** The context made so far (or null), handed over once; from then on nothing is made here.
     *  @returns {AudioContext | null} */
    take() {
        this._done = true;
        for (const type of GESTURES) this._root.removeEventListener?.(type, this._onGesture, { capture: true });
        const ctx = this._ctx;
        this._ctx = null;
        return ctx;
    }

    /** Makes the context in the next wholly idle moment while the page loads. */
    _soon() {
        if (this._done || this._ctx || this._waiting) return;
        const state = () => this._root.document?.documentElement?.dataset.state;
        // handed over, or the load is over: Sound's turn
        this._waiting = whenWhollyIdle(() => (this._done || state() !== "loading" ? "stop" : "now"), (now) => {
            this._waiting = false;
            if (!now) return;
            try {
                // never null here: the constructor listens only where there is one (null would throw, caught)
                const Ctx = /** @type {typeof AudioContext} */ (audioContextClass());
                this._ctx = new Ctx();
            } catch { /* Sound makes one when it needs it */ }
        }, { root: this._root, tries: EARLY_TRIES });
    }
}
