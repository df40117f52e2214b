"""Write tests/js/fixtures/rounds.json: rounds the engine played on CPython, answered exactly as the
page's bridge answers them, for the Node unit tests of the round path (tests/js/roundpath.test.mjs:
the controller, the sequencer and the saved game fed with the engine's own rounds).

    .venv/bin/python tools/record_rounds.py            # writes the fixture
    .venv/bin/python tools/record_rounds.py --check    # exit 1, saying so, when it is not current

Every answer comes through the page's own door to the engine: main.py's ``worker_start(search)``
makes the ``EngineBridge`` for a page's query string and ``EngineBridge.handle(method, argsJson)``
answers each call, as static/boot/engine-worker.mjs calls them for static/js/round/bridge.js
(``window.bridge``: playRound, playScenario, scenario, offer, checkRound, configure). main.py reads
Pyodide's ``jsnull`` for JavaScript's null; on CPython a stand-in module gives it an object nothing
equals (every argument here crosses as JSON, as in the worker, so none is ever ``jsnull``).

What is recorded (the names the tests use):

* ``model``, ``offers``: ``bridge.model()`` and ``bridge.offer(bet)`` at every level of the model;
* ``rounds.loss`` and ``rounds.lineWin``: the first two rounds of one ``?seed=N`` page at the
  model's default bet, N the first seed whose first round wins nothing and whose second wins on a
  line without the feature (a search on CPython, so a change of the rules moves it);
* ``rounds.feature``: the scenario ``trigger`` (a base spin showing three books: the free spins,
  with books expanding and the special symbol too), as ``?scenario=trigger`` plays it
  (engine/data/scenarios.json), with ``bridge.scenario`` and ``bridge.checkRound`` of it saved
  without its events (a reload resumes it through that call);
* ``rounds.capped``: the scenario ``max-win`` (a bought feature the cap ends);
* ``rounds.refused``: a bought feature above the launch's stake limit, which the engine refuses
  (``{"error", "code", ...}``; bridge.js throws it as an EngineRefusal).

`make check` runs the check (tests/test_round_fixture.py): a change of the engine that changes any
answer fails there until the fixture is written anew.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "tests" / "js" / "fixtures" / "rounds.json"
SEEDS = range(1000)  # where the seeded session is looked for
SCENARIOS = {"feature": "trigger", "capped": "max-win"}
# A launch with a stake limit below the bought feature's price (minor units): the engine refuses the buy.
STAKE_LIMIT = 1000
ABOUT = ("Written by tools/record_rounds.py from main.py's EngineBridge on CPython: do not edit "
         "(make check fails when it is not current; run .venv/bin/python tools/record_rounds.py).")


@contextlib.contextmanager
def _jsnull_stand_in() -> Iterator[None]:
    """Pyodide's ``pyodide.ffi.jsnull`` (main.py imports it in each call) for as long as the rounds
    are recorded: an object nothing read from JSON is. Taken away after, so that nothing else in
    the process (a pytest run) sees a module named pyodide."""
    if "pyodide.ffi" in sys.modules:  # in Pyodide itself
        yield
        return
    ffi = types.ModuleType("pyodide.ffi")
    ffi.jsnull = object()  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    added = {"pyodide": pyodide, "pyodide.ffi": ffi}
    sys.modules.update(added)
    try:
        yield
    finally:
        for name in added:
            sys.modules.pop(name, None)


def _page_main() -> types.ModuleType:
    """main.py as a module (the worker imports it as ``main``)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    spec = importlib.util.spec_from_file_location("record_rounds_main", ROOT / "main.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Page:
    """One page's bridge, as the worker makes it for the page's query string ``search``."""

    def __init__(self, main: types.ModuleType, search: str) -> None:
        self.search = search
        self.started = json.loads(main.worker_start(search))
        if "message" in self.started:
            raise RuntimeError(f"the engine did not start for {search!r}: {self.started['message']}")
        self.bridge = main.worker_bridge

    def call(self, method: str, *args: Any) -> Any:
        """``window.bridge[method](...args)``'s answer, parsed (JSON text both ways, as in the worker)."""
        return json.loads(self.bridge.handle(method, json.dumps(list(args))))

    def recorded(self, method: str, *args: Any) -> dict[str, Any]:
        """The call and its answer, as the fixture holds them."""
        return {"search": self.search, "call": {"method": method, "args": list(args)}, "answer": self.call(method, *args)}


def _types(round_: dict[str, Any]) -> list[str]:
    return [e["type"] for e in round_["events"]]


def _seeded(main: types.ModuleType, bet: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The first ``?seed=N`` page whose first round loses and whose second wins on a line alone."""
    for seed in SEEDS:
        page = Page(main, f"?seed={seed}")
        first = page.recorded("playRound", bet, False)
        if first["answer"]["round"]["total_win"] != 0:
            continue
        second = page.recorded("playRound", bet, False)
        r = second["answer"]["round"]
        if r["total_win"] > 0 and "lineWins" in _types(r) and r["special"] is None:
            return {**first, "index": 0}, {**second, "index": 1}
    raise RuntimeError(f"no seed in {SEEDS} gives a loss then a line win")


def _scenario(main: types.ModuleType, name: str) -> dict[str, Any]:
    page = Page(main, f"?scenario={name}")
    info = page.call("scenario", name)
    return {**page.recorded("playScenario", name), "scenario": info}


def record() -> dict[str, Any]:
    """Everything the fixture holds (see the module's doc)."""
    with _jsnull_stand_in():
        return _record(_page_main())


def _record(main: types.ModuleType) -> dict[str, Any]:
    plain = Page(main, "")
    model = json.loads(plain.started["modelJson"])
    offers = {str(bet): plain.call("offer", bet) for bet in model["bets"]}
    bet = model["default_bet"]
    loss, line_win = _seeded(main, bet)
    rounds: dict[str, Any] = {"loss": loss, "lineWin": line_win}
    for key, name in SCENARIOS.items():
        rounds[key] = _scenario(main, name)
    feature = rounds["feature"]["answer"]["round"]
    # a reload mid-round: the saved round (without its events) re-derived by the engine
    compact = {k: v for k, v in feature.items() if k != "events"}
    check = plain.call("checkRound", json.dumps(compact), feature["bet"], feature["cost"])
    if "error" in check:
        raise RuntimeError(f"the engine refused its own round: {check['error']}")
    rounds["feature"]["checkRound"] = check
    refusing = Page(main, "")
    launch = {"bets": model["bets"], "bet": bet, "maxBet": STAKE_LIMIT}
    configured = refusing.call("configure", json.dumps(launch))
    if "error" in configured:
        raise RuntimeError(f"the engine refused the launch {launch}: {configured['error']}")
    rounds["refused"] = {**refusing.recorded("playRound", bet, True), "launch": launch}
    if "error" not in rounds["refused"]["answer"]:
        raise RuntimeError(f"the engine played a bought feature above the stake limit {STAKE_LIMIT}")
    _premises(model, rounds)
    return {"about": ABOUT, "model": model, "offers": offers, "rounds": rounds}


def _premises(model: dict[str, Any], rounds: dict[str, Any]) -> None:
    """What the tests take each round to be: said here, so a change of the rules stops here first."""
    feature = rounds["feature"]["answer"]["round"]
    capped = rounds["capped"]["answer"]["round"]
    want = {
        "the feature round plays the free spins": "freeSpinsStart" in _types(feature) and "freeSpinsEnd" in _types(feature),
        "the feature round ends complete": feature["end"] == "complete",
        "the capped round ends at the cap": capped["end"] == "max_win" and "maxWin" in _types(capped),
        "the capped round pays max_win bets": capped["total_win"] == model["max_win"] * capped["bet"],
    }
    failed = [what for what, ok in want.items() if not ok]
    if failed:
        raise RuntimeError("the recorded rounds are not what the tests need: " + "; ".join(failed))


def render() -> str:
    return _layout(record(), "") + "\n"


def _layout(value: Any, indent: str) -> str:
    """JSON with one key of an object a line and a list of plain values on one line (a generator
    state, a grid's column, a spin's stops): small, and a change shows as the lines it changed."""
    inner = indent + " "
    if isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(k)}: {_layout(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and any(isinstance(v, (dict, list)) and v for v in value):
        return "[\n" + ",\n".join(inner + _layout(v, inner) for v in value) + "\n" + indent + "]"
    return json.dumps(value)


def stale(text: str | None = None) -> str | None:
    """Why the committed fixture is not what the engine answers now, or None when it is."""
    text = render() if text is None else text
    name = OUTPUT.relative_to(ROOT)
    if not OUTPUT.is_file():
        return f"{name} is missing: run .venv/bin/python tools/record_rounds.py"
    if OUTPUT.read_text(encoding="utf-8") == text:
        return None
    old, new = json.loads(OUTPUT.read_text(encoding="utf-8")), json.loads(text)
    where = _first_difference(old, new, "")
    return (f"{name} is not what the engine answers now (first difference at {where or 'its layout'}): "
            "run .venv/bin/python tools/record_rounds.py and commit it")


def _first_difference(a: Any, b: Any, path: str) -> str | None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in [*a, *(k for k in b if k not in a)]:
            if key not in a or key not in b:
                return f"{path}.{key}"
            found = _first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            found = _first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None if len(a) == len(b) else f"{path} (length {len(a)} -> {len(b)})"
    return None if a == b and type(a) is type(b) else path or "(the top)"


def main(argv: list[str]) -> int:
    if argv[1:] == ["--check"]:
        why = stale()
        if why:
            print(why, file=sys.stderr)
            return 1
        return 0
    if argv[1:]:
        print("usage: .venv/bin/python tools/record_rounds.py [--check]", file=sys.stderr)
        return 2
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    text = render()
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)} ({len(text.encode()) // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
