"""What the page asks of the engine, answered as JSON-safe dicts: the logic behind ``main.py``.

``main.py`` only moves values across the JavaScript/Python boundary; every check and every
answer is here, so it runs (and is tested) on CPython as well.

Values from JavaScript arrive through Pyodide's FFI: a JS number as a Python ``int`` when it
is integral and a ``float`` otherwise (a ``float`` may also arrive for an integral value, e.g.
from a typed array), a boolean as ``bool``, a string as ``str``, ``null`` as ``None`` (main.py
turns Pyodide's ``jsnull`` into it). JavaScript has no integer
type, so an integral number *is* an integer bet: :func:`from_js` turns an integral ``float``
into that ``int`` and passes everything else on unchanged, for the engine to refuse with its
own message. Nothing is coerced: ``100.7``, ``"100"`` and ``true`` are refused bets, ``"false"``
and ``1`` are refused buys, exactly as :func:`engine.play_round` refuses them from Python.

>>> import random
>>> from engine import load_model
>>> model = load_model()
>>> play(model, random.Random(1), 100.7, False)
{'error': 'bet 100.7 is not a whole number of minor units'}
>>> play(model, random.Random(1), 100, "false")
{'error': "buy 'false' is not true or false"}
>>> play(model, random.Random(1), 100.0, False)["round"]["bet"]
100
"""

from __future__ import annotations

import json
from typing import Any

from .model import Model
from .offer import offer
from .replaylink import export_round, parse_replay, replay_link
from .rng import Rng
from .round import Round, play_round


def from_js(value: object) -> object:
    """A JavaScript number's integer value when it is integral; anything else unchanged."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def play(model: Model, rng: Rng, bet: object, buy: object = False) -> dict[str, Any]:
    """``{"round": Round.to_dict()}`` for one round decided now, or ``{"error": why}`` when the
    bet or buy is refused (nothing drawn then)."""
    try:
        rnd = play_round(model, from_js(bet), rng, buy=buy)  # type: ignore[arg-type]
    except (TypeError, ValueError) as exc:
        return {"error": str(exc)}
    return {"round": rnd.to_dict()}


def offer_for(model: Model, bet: object) -> dict[str, Any]:
    """:func:`engine.offer.offer` at ``bet`` as a dict, or ``{"error": why}`` for a bad bet."""
    try:
        return offer(model, from_js(bet)).to_dict()
    except ValueError as exc:
        return {"error": str(exc)}


def check_saved(model: Model, data: str, bet: object, cost: object) -> dict[str, Any]:
    """A saved round (its dict as JSON text, with or without ``events``) read back and checked
    against ``model``; its bet and cost must be the saved record's. ``{"round": to_dict()}``
    with the events rebuilt by the engine, or ``{"error": why}`` for a corrupt or tampered save.

    Saved events, when present, must agree with the rebuilt ones on every field they carry
    (a round saved by an older version lacks the newer fields; that is not a fault)."""
    try:
        d = json.loads(data)
        rnd = Round.from_dict(d, model)
        rnd.verify(model)
        bet, cost = from_js(bet), from_js(cost)
        if rnd.bet != bet or rnd.cost != cost:
            raise ValueError(f"the round's bet {rnd.bet} and cost {rnd.cost} are not the "
                             f"saved {bet} and {cost}")
        out = rnd.to_dict()
        saved = d.get("events") if isinstance(d, dict) else None
        if saved is not None and not _agree(saved, out["events"]):
            raise ValueError("the round's events do not follow from its spins")
    except Exception as exc:  # noqa: BLE001 (any fault in a saved round is a bad save)
        return {"error": f"{type(exc).__name__}: {exc}"}
    return {"round": out}


def open_replay(model: Model, link_or_text: object) -> dict[str, Any]:
    """A replay link (the page's own URL with ``?replay=``) or bare replay text decoded and
    replayed through the rules: ``{"round": Round.to_dict(), "text": its text form}``, the
    round's dict as :func:`play` gives it, or ``{"error": why}`` for a text that is altered,
    cut short, made with another model or does not fit it (nothing of the player's changes)."""
    try:
        text = parse_replay(link_or_text)
        rnd = Round.from_text(text, model)
    except ValueError as exc:
        return {"error": str(exc)}
    return {"round": rnd.to_dict(), "text": text}


def share_saved(model: Model, data: str, page_url: object) -> dict[str, Any]:
    """What a history entry shares: a saved round (its dict as JSON text, read and checked as
    :func:`check_saved` does) as ``{"text": its text form, "link": page_url with ?replay=,
    "export": the record an Export button saves}``, or ``{"error": why}``."""
    try:
        rnd = Round.from_dict(json.loads(data), model)
        rnd.verify(model)
        if not isinstance(page_url, str):
            raise ValueError(f"a page URL is a string, not {type(page_url).__name__}")
        return {"text": rnd.to_text(), "link": replay_link(page_url, rnd), "export": export_round(rnd)}
    except Exception as exc:  # noqa: BLE001 (any fault in a saved round is a bad save)
        return {"error": f"{type(exc).__name__}: {exc}"}


def scenario_info(name: object, catalogue: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """What the page shows of a named scenario of the catalogue (``engine/data/scenarios.json``,
    :mod:`engine.scenarios`) before its round is played: ``{"name", "mode": "base"|"buy",
    "bet", "description"}``, or ``{"error": why}`` for a name the catalogue does not hold."""
    from .scenarios import load_scenarios

    scenarios = load_scenarios() if catalogue is None else catalogue
    if not isinstance(name, str) or name not in scenarios:
        return {"error": f"no scenario {describe(name)}; the scenarios are {', '.join(scenarios)}"}
    entry = scenarios[name]
    return {"name": name, "mode": entry["mode"], "bet": entry["bet"], "description": entry["description"]}


def play_scenario(model: Model, name: object, catalogue: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The named scenario's round, its draws replayed through the rules
    (:func:`engine.scenarios.scenario_round`), answered as :func:`play` answers:
    ``{"round": Round.to_dict(), "scenario": name}``, or ``{"error": why}`` for an unknown name
    or draws that do not fit ``model``."""
    from .scenarios import load_scenarios, scenario_round

    scenarios = load_scenarios() if catalogue is None else catalogue
    info = scenario_info(name, scenarios)
    if "error" in info:
        return info
    try:
        rnd = scenario_round(model, scenarios[str(name)])
    except (TypeError, ValueError) as exc:
        return {"error": f"scenario {name}: {exc}"}
    return {"round": rnd.to_dict(), "scenario": name}


def describe(value: object) -> str:
    """A value from JavaScript as a refusal names it (a string quoted)."""
    return repr(value) if isinstance(value, str) else f"{type(value).__name__} {value!r}"


def _agree(saved: object, rebuilt: object) -> bool:
    """Whether ``saved`` matches ``rebuilt`` on every key it has (recursively into objects and
    lists of the same length)."""
    if isinstance(saved, dict) and isinstance(rebuilt, dict):
        return all(k in rebuilt and _agree(v, rebuilt[k]) for k, v in saved.items())
    if isinstance(saved, list) and isinstance(rebuilt, list):
        return len(saved) == len(rebuilt) and all(_agree(a, b) for a, b in zip(saved, rebuilt))
    return saved == rebuilt and type(saved) is type(rebuilt)
