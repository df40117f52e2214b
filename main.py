"""Bridge between the page and the rules engine: the only Python that touches the DOM.

PyScript runs this file once Pyodide is up (see index.html and pyscript.toml). It imports
the engine and switches <html data-state> from "loading" to "ready", or to "error" with a
readable message on the page (the traceback goes to the browser console only).
"""

import traceback

from pyscript import document, window


def start() -> None:
    import engine

    engine.load_model()  # reads engine/data/model.json: the data files reached Pyodide too

    # A tiny, stable hook for the end-to-end tests: proves `import engine` worked.
    window.engineModule = engine.__name__
    status = document.getElementById("status")
    if status:
        status.textContent = "Ready."
    document.documentElement.dataset.state = "ready"


def show_startup_error(exc: BaseException) -> None:
    window.console.error("".join(traceback.format_exception(exc)))
    document.documentElement.dataset.state = "error"
    status = document.getElementById("status")
    if status:
        status.textContent = (
            "Sorry, the game could not start "
            f"({type(exc).__name__}: {exc}). Please reload the page."
        )


try:
    start()
except Exception as exc:  # noqa: BLE001 (anything at startup must reach the player)
    show_startup_error(exc)
