// @ts-check
// The one way a lower layer tells an upper one what happened: the upper layer subscribes
// (`on`), the lower one emits and never knows who listens. A listener that throws is logged
// and does not stop the others.
//
//   class Tabs extends Emitter { ... this.emit("lost") ... }
//   tabs.on("lost", () => ...);
//   await controller.emitAndWait("outdated");   // resolves once every listener's Promise settled
//
// A subclass names its events and their payloads in one map, which the type check holds every
// `on` and `emit` to:   /** @extends {Emitter<{ lost: {}, changed: { balance: number } }>} */
// so a renamed event fails `make typecheck-js` at each listener and each emit.
//
// An event's name says which of two things it is:
//   - something asked for, which the listener may refuse: "<thing>Asked" (the HUD's
//     "spinAsked", "betAsked"; the autoplay panel's "startAsked");
//   - something that has happened, which the listener can only follow: a past participle
//     ("roundEnded", "betChanged", "credited", "refused", "lost").
// The page's postMessage names to an embedding parent (embed.js Outgoing) are a published
// contract of their own and keep theirs ("roundEnd").

/** @template {Record<string, any>} [Events=Record<string, any>] an event's name -> its payload */
export class Emitter {
    constructor() {
        /** @type {Map<keyof Events, Array<(data: any) => unknown>>} each event's listeners, in order */
        this._listeners = new Map();
    }

    /**
     * Calls `fn` at each `type` from now on; returns what stops it (as `off(type, fn)`).
     * @template {keyof Events & string} K
     * @param {K} type
     * @param {(data: Events[K]) => unknown} fn
     * @returns {() => void}
     */
    on(type, fn) {
        let listeners = this._listeners.get(type);
        if (listeners === undefined) this._listeners.set(type, listeners = []);
        listeners.push(fn);
        return () => this.off(type, fn);
    }

    /**
     * `fn` is no longer called at `type` (once per `on`; a listener never added: nothing).
     * @template {keyof Events & string} K
     * @param {K} type
     * @param {(data: Events[K]) => unknown} fn
     */
    off(type, fn) {
        const listeners = this._listeners.get(type) ?? [];
        const i = listeners.indexOf(fn);
        if (i >= 0) listeners.splice(i, 1);
    }

    /**
     * Calls every listener of `type` in order; returns what they returned.
     * @template {keyof Events & string} K
     * @param {K} type
     * @param {Events[K]} [data]  (an event without a payload: {})
     * @returns {unknown[]}
     */
    emit(type, data = /** @type {Events[K]} */ ({})) {
        const results = [];
        for (const fn of [...(this._listeners.get(type) ?? [])]) { // (a copy: a listener may call off)
            try {
                results.push(fn(data));
            } catch (err) {
                console.error(`a ${type} listener failed`, err);
            }
        }
        return results;
    }

    /**
     * emit(), then waits for the listeners that answered with a Promise (a rejection rejects).
     * @template {keyof Events & string} K
     * @param {K} type
     * @param {Events[K]} [data]
     */
    async emitAndWait(type, data = /** @type {Events[K]} */ ({})) {
        await Promise.all(this.emit(type, data));
    }
}
