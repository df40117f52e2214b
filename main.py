"""Bridge between the page and the rules engine: the only Python the page's code talks to.

`EngineBridge` holds the engine for one page: the model, read once, and the generator. The
engine's Web Worker (static/boot/engine-worker.mjs, docs/boot.md) imports this file as the module
`main` (the memory snapshot holds it imported), makes one with the page's query string
(`worker_start`) and calls `EngineBridge.handle` for every request;
static/js/round/bridge.js publishes the answers as `window.bridge`, whose functions return Promises of
the same JSON strings. With `?engine=page` PyScript runs this file on the page instead (as
`__main__`), and `start()` hands its `EngineBridge.handle` to static/js/round/bridge.js in an
`engine-ready` event (a startup error in an `engine-failed` one); bridge.js publishes
`window.bridge` the same way for both.

`window.bridge`, for the JavaScript game (static/js/app/app.js through static/js/round/bridge.js):

* `bridge.modelJson`: the model as a JSON string (`Model.to_json()`), read once at startup;
* `bridge.offer(bet)`: the figures of a bet level as a JSON string (`engine.offer`: cost,
  buy cost, line bet, all levels, the paytable at this bet, the cap, the big-win thresholds,
  the free-spins count, all in minor units), or `{"error": ...}` for a bet that is no level;
* `bridge.playRound(bet, buy)`: decides one whole round with the engine and returns
  `{"round": Round.to_dict(), "rng": state}` as a JSON string (`{"error": ...}` for a refused
  bet or buy: the engine's own message; a non-integer bet or non-boolean buy is refused, never
  coerced, see engine/page.py), where `state` is the seeded generator's `getstate()` after the round (JSON lists), or
  null for SystemRandom. One call per round (one message to the worker and its answer);
  nothing calls back into Python while the round is revealed. The page saves the round and that state in one write;
* `bridge.checkRound(json, bet, cost)`: a saved round (its dict, with or without `events`)
  read back with `Round.from_dict` and re-derived from its stops with `Round.verify(model)`
  (`engine.page.check_saved`); its bet and cost must equal the saved record's. Returns `{"round": to_dict()}` (events
  rebuilt by the engine) or `{"error": why}`: a mismatch is a corrupt or tampered save;
* `bridge.openReplay(link)`: a replay link (or its bare text) decoded and replayed through the
  rules (`engine.page.open_replay`): `{"round": to_dict(), "text": ...}` or `{"error": why}`
  for an altered, truncated or other-model link;
* `bridge.shareSaved(json, pageUrl)`: a saved history round as `{"text", "link", "export"}`
  (`engine.page.share_saved`: its replay link on `pageUrl` and the record an Export saves);
* `bridge.scenario(name)`: a scenario of the catalogue (`engine.page.scenario_info`: name,
  mode, bet, description) or `{"error": why}` for an unknown name;
* `bridge.playScenario(name)`: that scenario's round as `playRound` answers it
  (`engine.page.play_scenario`; `rng` is the generator's state, which the scenario left alone);
* `bridge.restoreRng(json)`: `rng.setstate(...)` from a saved state when the page plays
  `?seed=N` and the save was made with the same N; returns "" or why it was refused;
* `bridge.seed`: the `?seed=N` in use, or null; `bridge.rngName`: "SystemRandom" or
  "Random(seed=N)".

With `?seed=N` the rounds come from one `random.Random(N)` kept for the page's life, so the
k-th round equals the k-th `play_round(model, bet, random.Random(N))` on CPython. Otherwise
`random.SystemRandom()` (Web Crypto in Pyodide).

Then `bridge-ready` fires on window; app.js switches <html data-state> to "ready". A failure at
start-up reaches bridge.js, whose one reporter (static/js/start/startup.js) switches it to "error"
with a readable message, `Sorry, the game could not start (<Error>: <why>)...` (the traceback
goes to the console only). Nothing here imports `js` or
`pyscript` at module level: the worker has no page.
"""

import json
import traceback
from urllib.parse import parse_qs


def seed_from_query(search: str) -> int | None:
    """The `?seed=N` of a page's query string (`location.search`), or None."""
    from engine.launch import PAGE_SEED_RANGE, whole_number

    values = parse_qs(str(search).lstrip("?"), keep_blank_values=True).get("seed")
    if not values:
        return None
    if len(values) > 1:
        raise ValueError(f"?seed= is given {len(values)} times; give it once")
    return whole_number(values[0], "?seed=", *PAGE_SEED_RANGE)


def _py(value: object) -> object:
    """A value from JavaScript as Python sees it: JS null is None (Pyodide hands it over as
    `jsnull`); numbers, strings and booleans already arrive as int/float, str and bool."""
    from pyodide.ffi import jsnull

    return None if value is jsnull else value


# The calls of `window.bridge` (their JavaScript names) and the EngineBridge method answering
# each: the one list. static/js/round/bridge.js publishes one function per name (BRIDGE_METHODS, which
# tests/test_lists.py checks against this table, with a method of its Bridge class for each).
METHODS = {
    "offer": "offer", "playRound": "play_round", "checkRound": "check_round", "restoreRng": "restore_rng",
    "configure": "configure", "checkLaunch": "check_launch", "openReplay": "open_replay",
    "shareSaved": "share_saved", "scenario": "scenario", "playScenario": "play_scenario", "warm": "warm",
}


class EngineBridge:
    """The engine for one page: its model, its generator and the calls of `window.bridge`, each
    taking plain values and answering a JSON string. Touches no page: the engine's worker
    (static/boot/engine-worker.mjs) makes one with the page's query string and calls `handle`."""

    def __init__(self, search: str) -> None:
        import random

        import engine

        self.model = engine.load_model()  # reads engine/data/model.json: the data files reached Pyodide
        self.base_model = self.model  # the model file's own levels; configure() may set others
        self.max_stake: int | None = None
        self.seed = seed_from_query(search)
        self.rng: random.Random = random.Random(self.seed) if self.seed is not None else engine.secure_rng()
        self.model_json = json.dumps(self.model.to_json())
        self.rng_name = "SystemRandom" if self.seed is None else f"Random(seed={self.seed})"

    def rng_state(self) -> object:
        return None if self.seed is None else self.rng.getstate()

    def check_launch(self, launch_json: object) -> str:
        """What `configure` would answer for `launch_json`, changing nothing: `{"model": ...}`
        or `{"error": why}` (a parent's configure message is checked before the page reloads)."""
        model, limit = self.model, self.max_stake
        try:
            return self.configure(launch_json)
        finally:
            self.model, self.max_stake = model, limit

    def configure(self, launch_json: object) -> str:
        """The launch's bet levels and stake limit, as JSON text `{"bets": [minor units, ...],
        "bet": default level, "maxBet": limit or null}` (text, so a list crosses from the page
        as it does from the worker), checked by the engine: `{"model": ...}` as `modelJson` is,
        now with those levels, or `{"error": why}`. Every later round and offer is under them."""
        from engine import page

        try:
            launch = json.loads(str(launch_json))
            bets, default_bet, max_stake = launch["bets"], launch.get("bet"), launch.get("maxBet")
        except (ValueError, TypeError, KeyError) as exc:
            return json.dumps({"error": f"the launch settings are not a JSON object with bets ({exc})"})
        answer = page.configure(self.base_model, bets, default_bet, max_stake)
        if isinstance(answer, dict):
            return json.dumps(answer)
        self.model, self.max_stake = answer
        return json.dumps({"model": self.model.to_json()})

    def play_round(self, bet: object, buy: object = False) -> str:
        from engine import page

        answer = page.play(self.model, self.rng, _py(bet), _py(buy), self.max_stake)
        if "round" in answer:
            answer["rng"] = self.rng_state()
        return json.dumps(answer)

    def check_round(self, data: object, bet: object, cost: object) -> str:
        from engine import page

        return json.dumps(page.check_saved(self.model, str(data), _py(bet), _py(cost)))

    def open_replay(self, link: object) -> str:
        from engine import page

        return json.dumps(page.open_replay(self.model, _py(link)))

    def share_saved(self, data: object, page_url: object) -> str:
        from engine import page

        return json.dumps(page.share_saved(self.model, str(data), _py(page_url)))

    def scenario(self, name: object) -> str:
        from engine import page

        return json.dumps(page.scenario_info(_py(name)))

    def play_scenario(self, name: object) -> str:
        from engine import page

        answer = page.play_scenario(self.model, _py(name))
        if "round" in answer:
            answer["rng"] = self.rng_state()
        return json.dumps(answer)

    def warm(self) -> str:
        """A round played and answered as play_round does, on a generator of its own (seed 0),
        and thrown away: the interpreter's first round runs code the start never ran (its
        WebAssembly is compiled on first use), about 150 ms on the phone profile. The page asks
        for it while it builds the game, so that the player's first round is decided as fast as
        the next. Nothing of the player's is read or changed: not the generator, not the model."""
        import random

        from engine import page

        answer = page.play(self.model, random.Random(0), self.model.default_bet, False, self.max_stake)
        json.dumps(answer)
        return "null"

    def offer(self, bet: object) -> str:
        from engine import page

        return json.dumps(page.offer_for(self.model, _py(bet)))

    def restore_rng(self, data: object) -> str:
        from engine import page

        if self.seed is None:
            return "the page plays with SystemRandom, which has no state to restore"
        return page.restore_rng(self.rng, self.seed, str(data))

    def handle(self, method: str, args_json: str) -> str:
        """One call of the worker's protocol: `window.bridge`'s method name and its arguments as
        a JSON list (JSON keeps JavaScript's types: a float, a string or null stays one, and the
        engine refuses it in its own words). A non-integer bet is never coerced."""
        if method not in METHODS:
            raise ValueError(f"no bridge method {method!r}")
        answer: str = getattr(self, METHODS[method])(*json.loads(args_json))
        return answer

    def started(self) -> dict[str, object]:
        """What the page needs of the started engine (static/js/round/bridge.js): the model as JSON,
        the seed, the generator's name and the engine package's name."""
        import engine

        return {"modelJson": self.model_json, "seed": self.seed, "rngName": self.rng_name,
                "engineModule": engine.__name__}


def startup_failure(exc: BaseException) -> dict[str, object]:
    """Why the engine could not start, as the page shows it (`message`) and its console gets it
    (`traceback`)."""
    return {"message": f"{type(exc).__name__}: {exc}", "traceback": "".join(traceback.format_exception(exc))}


worker_bridge: EngineBridge | None = None  # the worker's, once worker_start made it


def worker_start(search: str) -> str:
    """In the engine's worker (static/boot/engine-worker.mjs): the page's EngineBridge made for
    its query string and kept as `worker_bridge`; JSON text of its `started()`, or of
    `startup_failure` (`message` and `traceback`) if it could not start. The memory snapshot
    holds this module imported already (tools/build_runtime.mjs), so a start compiles no Python
    source."""
    global worker_bridge
    try:
        worker_bridge = EngineBridge(search)
        return json.dumps(worker_bridge.started())
    except Exception as exc:  # noqa: BLE001 (anything at start-up must reach the player)
        return json.dumps(startup_failure(exc))


def _tell_page(event: str, detail: dict[str, object]) -> None:
    """A CustomEvent `event` with `detail` on the page's window, for static/js/round/bridge.js."""
    from pyscript import ffi, window

    window.dispatchEvent(window.CustomEvent.new(event, ffi.to_js({"detail": detail}, dict_converter=window.Object.fromEntries)))


def start() -> None:
    """On the page (PyScript runs this file as __main__): the engine's EngineBridge handed to
    static/js/round/bridge.js, which publishes `window.bridge` as it does for the worker."""
    from pyscript import document, ffi, window

    status = document.getElementById("status")
    if status:
        status.textContent = "Loading the rules engine…"
    engine_bridge = EngineBridge(str(window.location.search))
    _tell_page("engine-ready", {
        "handle": ffi.create_proxy(engine_bridge.handle),  # kept by JS for the page's life
        **engine_bridge.started(),
    })


def show_startup_error(exc: BaseException) -> None:
    """Why the engine could not start, to static/js/round/bridge.js (which says it on the page)."""
    _tell_page("engine-failed", startup_failure(exc))


if __name__ == "__main__":
    try:
        start()
    except Exception as exc:  # noqa: BLE001 (anything at startup must reach the player)
        show_startup_error(exc)
