// Starts the engine's worker (static/boot/engine-worker.mjs) from the top of index.html, as soon
// as the HTML arrives: a classic async script, run the moment it is loaded, before the page's
// stylesheets and module scripts (which wait for each other and for the whole HTML). On a phone's
// network the module scripts ran about 1.4 s after the first byte; the worker, which then
// downloads the runtime, started only then. bridge.js takes the worker over when it runs, with
// the messages the worker sent meanwhile (handOver below); without this script (or under
// ?poster=1, where nothing of the runtime loads before Play, and ?engine=page, where Python runs
// on the page) bridge.js starts the worker itself, as before.
(() => {
    const params = new URLSearchParams(location.search);
    if (params.get("poster") === "1" || params.get("engine") === "page" || typeof Worker !== "function") return;
    const worker = new Worker(new URL("../boot/engine-worker.mjs", document.currentScript.src), { type: "module", credentials: "omit" });
    const held = []; // the events so far, in their order
    const hold = (event) => held.push(event);
    worker.addEventListener("message", hold);
    worker.addEventListener("error", hold);
    worker.postMessage({ type: "start", search: location.search });
    globalThis.__boceEngineWorker = {
        worker,
        /** bridge.js's listeners from now on, after the events held so far (in their order). */
        handOver(onMessage, onError) {
            worker.removeEventListener("message", hold);
            worker.removeEventListener("error", hold);
            worker.addEventListener("message", onMessage);
            worker.addEventListener("error", onError);
            for (const event of held.splice(0)) (event.type === "message" ? onMessage : onError)(event);
        },
    };
})();
