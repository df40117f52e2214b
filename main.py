"""Bridge between the page and the rules engine: the only Python that touches the DOM.

PyScript runs this file once Pyodide is up (see index.html and pyscript.toml). It loads the
model and publishes `window.bridge` for the JavaScript game (static/js/app.js):

* `bridge.modelJson`: the model as a JSON string (`Model.to_json()`), read once at startup;
* `bridge.playRound(bet, buy)`: decides one whole round with the engine and returns its
  `Round.to_dict()` as a JSON string (`{"error": ...}` for a refused bet). One FFI call per
  round; nothing calls back into Python while the round is revealed;
* `bridge.seed`: the `?seed=N` in use, or null.

With `?seed=N` the rounds come from one `random.Random(N)` kept for the page's life, so the
k-th round equals the k-th `play_round(model, bet, random.Random(N))` on CPython. Otherwise
`random.SystemRandom()` (Web Crypto in Pyodide).

It then fires `bridge-ready` on window; app.js switches <html data-state> to "ready". A failure
here switches it to "error" with a readable message (the traceback goes to the console only).
"""

import json
import traceback
from urllib.parse import parse_qs

from pyscript import document, ffi, window


def _seed_from_url() -> int | None:
    values = parse_qs(str(window.location.search).lstrip("?")).get("seed")
    if not values:
        return None
    raw = values[0]
    try:
        return int(raw)
    except ValueError:
        raise ValueError(f"?seed={raw!r} is not an integer") from None


def start() -> None:
    import random

    import engine

    status = document.getElementById("status")
    if status:
        status.textContent = "Loading the rules engine…"
    model = engine.load_model()  # reads engine/data/model.json: the data files reached Pyodide
    seed = _seed_from_url()
    rng: random.Random = random.Random(seed) if seed is not None else engine.secure_rng()

    def play_round(bet: object, buy: object = False) -> str:
        try:
            rnd = engine.play_round(model, int(bet), rng, buy=bool(buy))  # type: ignore[call-overload]
        except (TypeError, ValueError) as exc:
            return json.dumps({"error": str(exc)})
        return json.dumps(rnd.to_dict())

    bridge = window.Object.new()
    bridge.modelJson = json.dumps(model.to_json())
    bridge.seed = seed
    bridge.playRound = ffi.create_proxy(play_round)  # kept by JS for the page's life
    window.bridge = bridge
    # A tiny, stable hook for the end-to-end tests: proves `import engine` worked.
    window.engineModule = engine.__name__
    window.dispatchEvent(window.CustomEvent.new("bridge-ready"))


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
