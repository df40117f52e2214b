"""What the page asks of the engine, answered as JSON-safe dicts: the logic behind ``main.py``.

``main.py`` only moves values across the JavaScript/Python boundary; every check and every
answer is here, so it runs (and is tested) on CPython as well.

Values from JavaScript arrive through Pyodide's FFI: a JS number as a Python ``int`` when it
is integral and a ``float`` otherwise (a ``float`` may also arrive for an integral value, e.g.
from a typed array), a boolean as ``bool``, a string as ``str``, ``null`` as ``None`` (main.py
turns Pyodide's ``jsnull`` into it). JavaScript has no integer type, so an integral number
*is* an integer bet: :func:`from_js` turns an integral ``float`` into that ``int`` and passes
everything else on unchanged, for the engine to refuse with its own message. Nothing is
coerced: ``100.7``, ``"100"`` and ``true`` are refused bets, ``"false"`` and ``1`` are refused
buys. Every amount (a bet, a level, the stake limit) is first checked by
:func:`engine.launch.check_amount`: an exact integer, never past ``Number.MAX_SAFE_INTEGER``, within
its limit of :func:`engine.launch.limits` (the balance ceiling and the model), refused with the
same ``amount.*`` codes as the page's own check (static/js/core/amounts.js).

A refusal is ``{"error": the English message, "code", "params", "money"}`` (:func:`refusal`):
the page shows the player its language's text for the code, the console and the CLI the
message.

Only :class:`~engine.errors.EngineError` is caught here: a value from JavaScript that the
standard library would refuse with another exception (text that is not JSON, a list that is
not a generator state) is turned into a :class:`~engine.errors.SavedRoundError` where it
enters, so any other exception is a bug and is not hidden.

>>> import random
>>> from engine import load_model
>>> model = load_model()
>>> play(model, random.Random(1), 100.7, False)
{'error': 'bet=100.7: not a whole number of minor units', 'code': 'amount.notWhole', 'params': {'key': 'bet', 'value': 100.7}, 'money': []}
>>> play(model, random.Random(1), 2**53 + 1, False)["code"]
'amount.unsafe'
>>> play(model, random.Random(1), 100, "false")["error"]
"buy 'false' is not true or false"
>>> play(model, random.Random(1), 100.0, False)["round"]["bet"]
100
"""

from __future__ import annotations

import json
import random
from typing import Any

from .errors import EngineError, ReplayLinkError, SavedRoundError
from .launch import MAX_BALANCE, check_amount, check_stake, max_level, with_bets
from .model import Model
from .offer import offer
from .replaylink import export_round, parse_replay, replay_link, round_from_text, round_text, text_currency
from .rng import Rng
from .round import Round, play_round


def from_js(value: object) -> object:
    """A JavaScript number's integer value when it is integral; anything else unchanged."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def refusal(exc: EngineError, message: str | None = None) -> dict[str, Any]:
    """What the page gets for a refusal: ``{"error": message (``str(exc)`` by default), "code",
    "params", "money"}`` (:meth:`~engine.errors.EngineError.to_dict`)."""
    why = exc.to_dict()
    del why["message"]
    return {"error": str(exc) if message is None else message, **why}


def play(model: Model, rng: Rng, bet: object, buy: object = False,
         max_stake: int | None = None) -> dict[str, Any]:
    """``{"round": Round.to_dict()}`` for one round decided now, or ``{"error": why}`` when the
    bet or buy is refused (a BetError or BuyError; nothing drawn then), a round costing more
    than ``max_stake`` (the launch's stake limit) included."""
    try:
        bet = check_amount(from_js(bet), "bet", high=max_level(model))
        if max_stake is not None:
            price = offer(model, bet)
            check_stake(price.buy_cost if buy is True else price.cost, max_stake, buy is True)
        rnd = play_round(model, bet, rng, buy=buy)  # type: ignore[arg-type]
    except EngineError as exc:
        return refusal(exc)
    return {"round": rnd.to_dict()}


def configure(model: Model, bets: object, default_bet: object = None,
              max_stake: object = None) -> tuple[Model, int | None] | dict[str, Any]:
    """The model with an operator's bet levels (minor units of the launch currency) and the
    stake limit, both checked (:func:`engine.launch.with_bets`), or ``{"error": why}``. A stake
    limit below every level's bet is refused: nothing could be played."""
    try:
        configured = with_bets(model, [from_js(b) for b in bets] if isinstance(bets, list) else bets,
                               from_js(default_bet))
        limit = None if max_stake is None else check_amount(from_js(max_stake), "maxBet", high=MAX_BALANCE)
        if limit is not None:
            check_stake(configured.bets[0], limit)
    except EngineError as exc:
        return refusal(exc)
    return configured, limit


def offer_for(model: Model, bet: object) -> dict[str, Any]:
    """:func:`engine.offer.offer` at ``bet`` as a dict, or ``{"error": why}`` for a bad bet."""
    try:
        return offer(model, check_amount(from_js(bet), "bet", high=max_level(model))).to_dict()
    except EngineError as exc:
        return refusal(exc)


def check_saved(model: Model, data: str, bet: object, cost: object) -> dict[str, Any]:
    """A saved round (its dict as JSON text, with or without ``events``) read back and checked
    against ``model``; its bet and cost must be the saved record's. ``{"round": to_dict()}``
    with the events rebuilt by the engine, or ``{"error": "SavedRoundError: why"}`` for a corrupt
    or tampered save.

    Saved events, when present, must agree with the rebuilt ones on every field they carry
    (a round saved by an older version lacks the newer fields; that is not a fault)."""
    try:
        d = _json(data, "the saved round")
        rnd = Round.from_dict(d, model)
        rnd.verify(model)
        # The record's amounts are checked as every amount from the page is (check_amount):
        # a bet or cost past the balance ceiling or 2^53 is refused before it is compared.
        bet = check_amount(from_js(bet), "bet", high=MAX_BALANCE)
        cost = check_amount(from_js(cost), "cost", high=MAX_BALANCE)
        if rnd.bet != bet or rnd.cost != cost:
            raise SavedRoundError(f"the round's bet {rnd.bet} and cost {rnd.cost} are not the "
                                  f"saved {bet} and {cost}")
        out = rnd.to_dict()
        saved = d.get("events") if isinstance(d, dict) else None
        if saved is not None and not _agree(saved, out["events"]):
            raise SavedRoundError("the round's events do not follow from its spins")
    except EngineError as exc:  # every fault of a saved round is a SavedRoundError
        return refusal(exc, f"{type(exc).__name__}: {exc}")
    return {"round": out}


def open_replay(model: Model, link_or_text: object) -> dict[str, Any]:
    """A replay link (the page's own URL with ``?replay=``) or bare replay text decoded and
    replayed through the rules: ``{"round": Round.to_dict(), "text": its text form, "currency": the
    currency the text names}``, the
    round's dict as :func:`play` gives it, or ``{"error": why}`` for a text that is altered,
    cut short, made with another model or does not fit it (nothing of the player's changes)."""
    try:
        text = parse_replay(link_or_text)
        rnd = round_from_text(text, model)
    except EngineError as exc:
        return refusal(exc)
    return {"round": rnd.to_dict(), "text": text, "currency": text_currency(text)}


def share_saved(model: Model, data: str, page_url: object) -> dict[str, Any]:
    """What a history entry shares: a saved round (its dict as JSON text, read and checked as
    :func:`check_saved` does) as ``{"text": its text form, "link": page_url with ?replay=,
    "export": the record an Export button saves}``, or ``{"error": why}``."""
    try:
        rnd = Round.from_dict(_json(data, "the saved round"), model)
        rnd.verify(model)
        if not isinstance(page_url, str):
            raise ReplayLinkError("format", f"a page URL is a string, not {type(page_url).__name__}")
        link = replay_link(page_url, rnd)
        text = parse_replay(link)
        return {"text": text, "link": link, "export": export_round(rnd, text_currency(text))}
    except EngineError as exc:  # every fault of a saved round is a SavedRoundError
        return refusal(exc, f"{type(exc).__name__}: {exc}")


def restore_rng(rng: random.Random, seed: int, data: str) -> str:
    """Set ``rng`` to a generator state saved as JSON (``getstate()`` with lists for tuples):
    ``""``, or why it was refused (``"SavedRoundError: why"``), ``rng`` then seeded afresh with
    ``seed``."""
    try:
        _set_state(rng, _json(data, "the saved generator state"))
    except EngineError as exc:
        rng.seed(seed)
        return f"{type(exc).__name__}: {exc}"
    return ""


def _set_state(rng: random.Random, state: Any) -> None:
    """``rng.setstate`` from a state read from JSON; SavedRoundError, in setstate's own words,
    when it is not one (not three items, internal state of the wrong length or values)."""
    try:
        version, internal, gauss = state
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError) as exc:
        raise SavedRoundError(f"the saved generator state is not one ({exc})") from None


def _json(data: str, what: str) -> Any:
    """``data`` read as JSON; SavedRoundError naming ``what`` when it is not JSON the engine reads
    (malformed, an integer of too many digits, or nested too deep)."""
    try:
        return json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise SavedRoundError(f"{what} is not JSON ({exc})") from None


def scenario_info(name: object, catalogue: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """What the page shows of a named scenario of the catalogue (``engine/data/scenarios.json``,
    :mod:`engine.scenarios`) before its round is played: ``{"name", "mode": "base"|"buy",
    "bet", "description"}``, or ``{"error": why}`` for a name the catalogue does not hold."""
    from .scenarios import load_scenarios

    scenarios = load_scenarios() if catalogue is None else catalogue
    if not isinstance(name, str) or name not in scenarios:
        return {"error": f"no scenario {describe(name)}; the scenarios are {', '.join(scenarios)}",
                "code": "scenario.unknown", "params": {"name": describe(name), "scenarios": ", ".join(scenarios)},
                "money": []}
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
    except EngineError as exc:
        return refusal(exc, f"scenario {name}: {exc}")
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
