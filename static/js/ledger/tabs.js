// @ts-check
// One writer at a time: of all the tabs (and frames) of one browser that show the game, only
// the one holding the Web Lock LOCK may play and write the saved game. The others show "The
// game is open in another tab" with a Play here button, keep what they show (reels, history,
// balance as they were), and write nothing.
//
//   const tabs = new Tabs();
//   tabs.on("granted", async () => ...);  // this tab now holds the lock (awaited by playHere)
//   tabs.on("lost", () => ...);           // this tab is about to let go of it
//   await tabs.start();   // "writer", "waiting", "solo" (no Web Locks) or "memory" (refused): see below
//   tabs.setBusy(busy);   // the holder says while it starts or a round or replay plays (the lock stays)
//   tabs.idle();          // after every round is credited and saved: hands over if asked
//   await tabs.playHere() // a waiting tab asks; resolves once it writes ("granted" has run)
//
// Play here posts "handover" on the BroadcastChannel CHANNEL and queues a request for the
// lock. The writer lets go at its next idle moment (at once when idle; otherwise when its
// round has been credited and saved, never mid-round), emitting "lost" first, so it has
// stopped writing before the lock moves. The lock is also let go when a tab closes or
// reloads, at any moment: the next tab that takes it re-reads the record ("granted"), where
// a round in progress is waiting to be resumed and credited.
//
// Without navigator.locks (an insecure http: origin, an old browser) every tab is "solo":
// it may play, and store.js's revision check is the only guard: a write over a record
// another tab changed is refused, and the tab re-reads the record before it plays on.
//
// Where the browser refuses Web Locks (navigator.locks.request throws or rejects: Chromium's
// third-party storage blocking, as private windows have it, makes it throw a SecurityError in a
// frame of another site, and refuses localStorage there too), the tab is "memory": it plays,
// and writes nothing to storage (`refusal` is the browser's error; app.js tells the Store, whose
// notice says progress is not being saved: docs/save-format.md).

import { Emitter } from "../core/emitter.js";

export const LOCK = "boce.writer";
export const CHANNEL = "boce.tabs";

/** A tab's part (start, above): it writes, it waits for the lock, it plays without Web Locks,
 *  or it plays in memory (the lock refused).
 *  @typedef {"writer" | "waiting" | "solo" | "memory"} TabRole */

/** @extends {Emitter<{ granted: {}, lost: {} }>} */
export class Tabs extends Emitter {
    /** `suffix`: the launch's scope (store.js scopeSuffix): tabs of other launches never meet.
     *  @param {{ suffix?: string, locks?: LockManager | null }} [options]  `locks`: the Web Locks (null: none) */
    constructor({ suffix = "", locks = globalThis.navigator?.locks ?? null } = {}) {
        super();
        /** @type {string} */
        this.lockName = LOCK + suffix;
        /** @type {boolean} */
        this.busy = true; // the page is starting, or a round or replay plays: the lock stays
        /** @type {TabRole | null} null until start() */
        this.role = null;
        /** @type {Promise<TabRole | null> | null} */
        this.asking = null; // the promise of a Play here in progress
        /** @type {boolean} */
        this.wanted = false; // another tab asked for the lock
        /** @type {((value?: unknown) => void) | null} lets go of the lock held */
        this.release = null;
        /** @type {unknown} */
        this.refusal = null; // the browser's error when it refused the lock (role "memory"): whatever it threw
        /** @type {LockManager | null} */
        this.locks = locks;
        try {
            /** @type {BroadcastChannel | null} */
            this.channel = new BroadcastChannel(CHANNEL + suffix);
            this.channel.onmessage = (ev) => {
                if (ev.data?.type === "handover" && this.role === "writer") {
                    this.wanted = true;
                    this.idle();
                }
            };
        } catch {
            this.channel = null; // the writer then lets go only when it closes or reloads
        }
    }

    /** Takes the lock if no other tab holds it; resolves with the role (never rejects: a
     *  refused lock is "memory").
     *  @returns {Promise<TabRole>} */
    start() {
        if (!this.locks) {
            this.role = "solo";
            return Promise.resolve(this.role);
        }
        return new Promise((resolve) => {
            /** @param {unknown} error  what the browser threw or rejected with */
            const refused = (error) => {
                if (this.role !== null) return; // (a rejection after the lock was granted: nothing to undo)
                const failure = /** @type {{ message?: unknown } | null | undefined} */ (error);
                console.warn(`the browser refused the game's lock, so nothing is saved: ${failure?.message ?? error}`);
                this.role = "memory";
                this.refusal = error ?? new Error("refused");
                resolve(this.role);
            };
            try {
                /** @type {LockManager} */ (this.locks).request(this.lockName, { ifAvailable: true }, (lock) => { // (checked above)
                    if (!lock) {
                        this.role = "waiting";
                        resolve(this.role);
                        return undefined;
                    }
                    this.role = "writer";
                    resolve(this.role);
                    return new Promise((release) => { this.release = release; });
                }).catch(refused);
            } catch (error) {
                refused(error); // Chromium throws at once ("The request was denied.")
            }
        });
    }

    /** The holder's round or replay has begun (true) or ended (false); false once the page is
     *  up (sharedgame.js begin), true until then.
     *  @param {boolean} busy */
    setBusy(busy) {
        this.busy = busy;
    }

    /** Let go of the lock now if another tab asked for it and this one is idle. */
    idle() {
        if (this.role !== "writer" || !this.wanted || this.busy) return;
        this.wanted = false;
        this.role = "waiting";
        const release = this.release;
        this.release = null;
        try {
            this.emit("lost");
        } finally {
            release?.();
        }
    }

    /** A waiting tab asks to play: resolves once it holds the lock and "granted" has run.
     *  @returns {Promise<TabRole | null>} */
    playHere() {
        if (this.role !== "waiting") return Promise.resolve(this.role);
        if (this.asking) return this.asking;
        this.asking = new Promise((resolve, reject) => {
            /** @type {LockManager} */ (this.locks).request(this.lockName, async () => { // (a waiting tab has Web Locks: start)
                this.role = "writer";
                this.wanted = false;
                const held = new Promise((release) => { this.release = release; });
                try {
                    await this.emitAndWait("granted");
                    resolve(this.role);
                } catch (err) {
                    reject(err);
                } finally {
                    this.asking = null;
                }
                this.idle(); // another tab may have asked meanwhile
                return held;
            }).catch(reject);
        });
        try {
            this.channel?.postMessage({ type: "handover" });
        } catch { /* a closed channel: the writer lets go when it closes */ }
        return this.asking;
    }
}
