// @ts-check
// Startup watchdog: main.py reports Python-side startup errors itself, but if the runtime
// never gets that far (Pyodide or main.py fails to load, a config error, an uncaught
// Python exception) the page would say "Loading" forever. While <html data-state> is
// still "loading", any uncaught error switches it to "error" with a readable message.
import { reportStartupError } from "./startup.js";

const root = document.documentElement;

/** @param {any} reason  an uncaught error or rejection: any thrown value */
function fail(reason) {
    reportStartupError(String(reason?.message ?? reason ?? "unknown error").split("\n")[0]);
}

addEventListener("error", (event) => fail(event.error ?? event.message));
addEventListener("unhandledrejection", (event) => fail(event.reason));

// Offline play and fast repeat visits: the service worker (sw.js, at the site's top so that its
// scope covers every page) is registered once the game is ready, so that its download of the
// runtime never competes with the first boot. A new version it installed meanwhile (it waits
// while a page of the old one is open) is told to take over then: this page has loaded all it
// needs from the old version, and the next load comes wholly from the new one.
function registerServiceWorker() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker
        .register(new URL("../../../sw.js", import.meta.url), { updateViaCache: "none" })
        .then((registration) => {
            const activate = () => registration.waiting?.postMessage("activate");
            activate();
            registration.addEventListener("updatefound", () => {
                const worker = registration.installing;
                worker?.addEventListener("statechange", () => worker.state === "installed" && activate());
            });
        })
        .catch((error) => console.info(`No offline play: ${error?.message ?? error}`));
}

if (root.dataset.state === "ready") {
    registerServiceWorker();
} else {
    const watch = new MutationObserver(() => {
        if (root.dataset.state === "ready") {
            watch.disconnect();
            registerServiceWorker();
        }
    });
    watch.observe(root, { attributes: true, attributeFilter: ["data-state"] });
}
