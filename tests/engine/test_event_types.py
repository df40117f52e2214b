"""The event types: one TypedDict each in engine/events.py, the same names in the page's list
(static/js/round/events.js) and in docs/engine.md, and rounds whose events have exactly the fields and
types their TypedDict declares.

Expected values: the names come from the other side of each comparison (the page's file, the
docs' table, the events rounds actually produce), never from EVENT_TYPES itself.
"""

from __future__ import annotations

import random
import re
import types
import typing
from typing import Any, Literal, get_args, get_origin, get_type_hints

from hypothesis import given, settings

from book_models import CAPPED, MODELS, ROOT, TEST
from engine import EVENT_TYPES, play_round
from engine.events import EVENT_CLASSES
from round_cases import rounds

EVENTS_JS = ROOT / "static" / "js" / "round" / "events.js"
DOCS = ROOT / "docs" / "engine.md"


def js_event_types() -> list[tuple[str, str]]:
    """(constant, name) of each entry of `export const EventType = Object.freeze({...})`, in
    the file's order."""
    text = EVENTS_JS.read_text(encoding="utf-8")
    block = re.search(r"export const EventType = Object\.freeze\(\{(.*?)\}\);", text, re.S)
    assert block, "static/js/round/events.js has no EventType object"
    entries = [e.strip() for e in block.group(1).split(",") if e.strip()]
    pairs = [re.fullmatch(r'([A-Z_]+): "(\w+)"', e) for e in entries]
    assert all(pairs), f"an EventType entry is not NAME: \"type\": {entries}"
    return [(m.group(1), m.group(2)) for m in pairs if m]


def test_the_page_lists_the_engines_event_types_in_order() -> None:
    # Fails when either side adds, drops, renames or reorders a type.
    names = [name for _, name in js_event_types()]
    assert names == list(EVENT_TYPES)


def test_the_pages_constants_are_the_names_in_capitals() -> None:
    # events.js's convention: roundStart is ROUND_START.
    for constant, name in js_event_types():
        assert constant == re.sub(r"(?<!^)(?=[A-Z])", "_", name).upper()


def docs_events() -> list[tuple[str, set[str]]]:
    """(type, fields) of each row of docs/engine.md's "Events, one by one" table; a field's
    note in parentheses is not a field."""
    section = DOCS.read_text(encoding="utf-8").split("## Events, one by one", 1)[1].split("\n## ", 1)[0]
    out = []
    for row in re.findall(r"^\| `(\w+)` \| (.*) \|$", section, re.M):
        fields = row[1]
        while re.search(r"\([^()]*\)", fields):
            fields = re.sub(r"\([^()]*\)", "", fields)
        out.append((row[0], set(re.findall(r"`(\w+)`", fields))))
    return out


def test_the_docs_list_each_event_with_its_fields() -> None:
    assert [name for name, _ in docs_events()] == list(EVENT_TYPES)
    for (name, fields), cls in zip(docs_events(), EVENT_CLASSES):
        assert fields == set(cls.__required_keys__) - {"type"}, name  # type: ignore[attr-defined]


def conforms(value: object, hint: Any) -> bool:
    """Whether ``value`` (JSON-like data) has the type ``hint``: a TypedDict (exactly its keys),
    Literal, a union, list[...], dict[..., ...], int (not bool), bool, str or None."""
    origin = get_origin(hint)
    if typing.is_typeddict(hint):
        hints = get_type_hints(hint)
        return (isinstance(value, dict) and set(value) == set(hints)
                and all(conforms(value[k], h) for k, h in hints.items()))
    if origin is Literal:
        return any(value == a and type(value) is type(a) for a in get_args(hint))
    if origin in (typing.Union, types.UnionType):
        return any(conforms(value, h) for h in get_args(hint))
    if origin is list:
        return isinstance(value, list) and all(conforms(v, get_args(hint)[0]) for v in value)
    if origin is dict:
        k, v = get_args(hint)
        return isinstance(value, dict) and all(conforms(a, k) and conforms(b, v) for a, b in value.items())
    if hint is type(None):
        return value is None
    return type(value) is hint


def test_conforms_can_say_no() -> None:
    # The checker below is only as good as its refusals.
    cls = EVENT_CLASSES[EVENT_TYPES.index("maxWin")]
    assert conforms({"type": "maxWin", "amount": 5, "forfeited": 0}, cls)
    assert not conforms({"type": "maxWin", "amount": True, "forfeited": 0}, cls)      # bool is no int
    assert not conforms({"type": "maxWin", "amount": 5}, cls)                         # a key missing
    assert not conforms({"type": "maxWin", "amount": 5, "forfeited": 0, "x": 1}, cls)  # one too many
    assert not conforms({"type": "roundEnd", "amount": 5, "forfeited": 0}, cls)       # another type


@settings(deadline=None)
@given(rounds())
def test_each_event_is_its_typeddict(case: tuple[str, int, int, bool]) -> None:
    name, bet, seed, buy = case
    for event in play_round(MODELS[name], bet, random.Random(seed), buy=buy).to_dict()["events"]:
        assert event["type"] in EVENT_TYPES, event
        cls = EVENT_CLASSES[EVENT_TYPES.index(event["type"])]
        assert conforms(event, cls), (cls.__name__, event)


def test_every_event_type_occurs() -> None:
    # No name in the list is dead: base and bought rounds of the test model, and bought rounds
    # of the capped one (where the cap, hence maxWin, is reached), show every type.
    seen: set[str] = set()
    for seed in range(3000):
        for model, buy in ((TEST, False), (TEST, True), (CAPPED, True)):
            d = play_round(model, 100, random.Random(seed), buy=buy).to_dict()
            seen |= {e["type"] for e in d["events"]}
        if len(seen) == len(EVENT_TYPES):
            break
    assert seen == set(EVENT_TYPES)
