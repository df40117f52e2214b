// Globals the page's scripts share (not modules' exports), for the front end's type check.

/** The engine's worker started early by static/js/start/earlyworker.js (a classic script), which
 *  static/js/round/bridge.js takes over with the messages it sent meanwhile. */
interface BoceEngineWorker {
    readonly worker: Worker;
    handOver(onMessage: (event: MessageEvent) => void, onError: (event: ErrorEvent) => void): void;
}

declare var __boceEngineWorker: BoceEngineWorker | undefined;
