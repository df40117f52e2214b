// Startup watchdog: main.py reports Python-side startup errors itself, but if the runtime
// never gets that far (Pyodide or main.py fails to load, a config error, an uncaught
// Python exception) the page would say "Loading" forever. While <html data-state> is
// still "loading", any uncaught error switches it to "error" with a readable message.
const root = document.documentElement;

function fail(reason) {
    if (root.dataset.state !== "loading") return;
    root.dataset.state = "error";
    const status = document.getElementById("status");
    if (status) {
        const detail = String(reason?.message ?? reason ?? "unknown error").split("\n")[0];
        status.textContent = `Sorry, the game could not start (${detail}). Please reload the page.`;
    }
}

addEventListener("error", (event) => fail(event.error ?? event.message));
addEventListener("unhandledrejection", (event) => fail(event.reason));
