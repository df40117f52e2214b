"""Bridge between the page and the rules engine: the only Python that touches the DOM.

PyScript runs this file once Pyodide is up (see index.html and pyscript.toml). It loads the
model and publishes `window.bridge` for the JavaScript game (static/js/app.js):

* `bridge.modelJson`: the model as a JSON string (`Model.to_json()`), read once at startup;
* `bridge.offer(bet)`: the figures of a bet level as a JSON string (`engine.offer`: cost,
  buy cost, line bet, all levels, the paytable at this bet, the cap, the big-win thresholds,
  the free-spins count, all in minor units), or `{"error": ...}` for a bet that is no level;
* `bridge.playRound(bet, buy)`: decides one whole round with the engine and returns
  `{"round": Round.to_dict(), "rng": state}` as a JSON string (`{"error": ...}` for a refused
  bet or buy: the engine's own message; a non-integer bet or non-boolean buy is refused, never
  coerced, see engine/page.py), where `state` is the seeded generator's `getstate()` after the round (JSON lists), or
  null for SystemRandom. One FFI call per round; nothing calls back into Python while the
  round is revealed. The page saves the round and that state in one write;
* `bridge.checkRound(json, bet, cost)`: a saved round (its dict, with or without `events`)
  read back with `Round.from_dict` and re-derived from its stops with `Round.verify(model)`
  (`engine.page.check_saved`); its bet and cost must equal the saved record's. Returns `{"round": to_dict()}` (events
  rebuilt by the engine) or `{"error": why}`: a mismatch is a corrupt or tampered save;
* `bridge.restoreRng(json)`: `rng.setstate(...)` from a saved state when the page plays
  `?seed=N` and the save was made with the same N; returns "" or why it was refused;
* `bridge.seed`: the `?seed=N` in use, or null; `bridge.rngName`: "SystemRandom" or
  "Random(seed=N)".

With `?seed=N` the rounds come from one `random.Random(N)` kept for the page's life, so the
k-th round equals the k-th `play_round(model, bet, random.Random(N))` on CPython. Otherwise
`random.SystemRandom()` (Web Crypto in Pyodide).

It then fires `bridge-ready` on window; app.js switches <html data-state> to "ready". A failure
here switches it to "error" with a readable message (the traceback goes to the console only).
"""

import json
import traceback
from urllib.parse import parse_qs

from pyodide.ffi import jsnull
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


def _py(value: object) -> object:
    """A value from JavaScript as Python sees it: JS null is None (Pyodide hands it over as
    `jsnull`); numbers, strings and booleans already arrive as int/float, str and bool."""
    return None if value is jsnull else value


def start() -> None:
    import random

    import engine
    from engine import page

    status = document.getElementById("status")
    if status:
        status.textContent = "Loading the rules engine…"
    model = engine.load_model()  # reads engine/data/model.json: the data files reached Pyodide
    seed = _seed_from_url()
    rng: random.Random = random.Random(seed) if seed is not None else engine.secure_rng()

    def rng_state() -> object:
        return None if seed is None else rng.getstate()

    def play_round(bet: object, buy: object = False) -> str:
        answer = page.play(model, rng, _py(bet), _py(buy))
        if "round" in answer:
            answer["rng"] = rng_state()
        return json.dumps(answer)

    def check_round(data: object, bet: object, cost: object) -> str:
        return json.dumps(page.check_saved(model, str(data), _py(bet), _py(cost)))

    def offer(bet: object) -> str:
        return json.dumps(page.offer_for(model, _py(bet)))

    def restore_rng(data: object) -> str:
        if seed is None:
            return "the page plays with SystemRandom, which has no state to restore"
        try:
            version, internal, gauss = json.loads(str(data))
            rng.setstate((version, tuple(internal), gauss))
        except Exception as exc:  # noqa: BLE001
            rng.seed(seed)
            return f"{type(exc).__name__}: {exc}"
        return ""

    bridge = window.Object.new()
    bridge.modelJson = json.dumps(model.to_json())
    bridge.seed = seed
    bridge.rngName = "SystemRandom" if seed is None else f"Random(seed={seed})"
    bridge.playRound = ffi.create_proxy(play_round)  # kept by JS for the page's life
    bridge.checkRound = ffi.create_proxy(check_round)
    bridge.offer = ffi.create_proxy(offer)
    bridge.restoreRng = ffi.create_proxy(restore_rng)
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
