// The one way a lower layer tells an upper one what happened: the upper layer subscribes
// (`on`), the lower one emits and never knows who listens. A listener that throws is logged
// and does not stop the others.
//
//   class Tabs extends Emitter { ... this.emit("lost") ... }
//   tabs.on("lost", () => ...);
//   await ledger.emitAndWait("stale");   // resolves once every listener's Promise settled

export class Emitter {
    constructor() {
        this._listeners = new Map();
    }

    on(type, fn) {
        if (!this._listeners.has(type)) this._listeners.set(type, []);
        this._listeners.get(type).push(fn);
    }

    /** Calls every listener of `type` in order; returns what they returned. */
    emit(type, data = {}) {
        const results = [];
        for (const fn of this._listeners.get(type) ?? []) {
            try {
                results.push(fn(data));
            } catch (err) {
                console.error(`a ${type} listener failed`, err);
            }
        }
        return results;
    }

    /** emit(), then waits for the listeners that answered with a Promise (a rejection rejects). */
    async emitAndWait(type, data = {}) {
        await Promise.all(this.emit(type, data));
    }
}
