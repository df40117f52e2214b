"""The page's saved record, written from Python for the end-to-end tests.

An independent implementation of static/js/ledger/store.js's format, so a test that seeds
localStorage with a record made here also checks the page's canonical JSON and checksum:

    {"version": 1, "revision", "balance", "bet", "muted", "turbo", "seed", "rng", "pending",
     "history", "checksum"}

(`revision`, the count of writes, is absent from the records of earlier builds, and from the
ones made here unless a test gives it.)

`checksum` is the 32-bit FNV-1a (8 lowercase hex digits) of the UTF-8 bytes of the record
without its checksum as canonical JSON: keys sorted at every level, no whitespace.
"""

from __future__ import annotations

import json
from typing import Any

KEY = "boce.save"
BACKUP_KEY = "boce.save.backup"  # the one backup slot of earlier builds
BACKUP_PREFIX = "boce.save.bad."  # + time: the bad records kept now
LEGACY_KEY = "boce.player.v1"
DEMO_BALANCE = 100000  # store.js DEMO_BALANCE: 1000.00 on a first visit


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def fnv1a(text: str) -> str:
    h = 0x811C9DC5
    for byte in text.encode("utf-8"):
        h ^= byte
        h = (h * 0x01000193) & 0xFFFFFFFF
    return f"{h:08x}"


def seal(record: dict[str, Any]) -> dict[str, Any]:
    """The record with its checksum (re)computed."""
    body = {k: v for k, v in record.items() if k != "checksum"}
    return {**body, "checksum": fnv1a(canonical(body))}


def compact(round_dict: dict[str, Any]) -> dict[str, Any]:
    """A round as the page stores it: Round.to_dict() without its derived events."""
    return {k: v for k, v in round_dict.items() if k != "events"}


def record(**fields: Any) -> dict[str, Any]:
    """A sealed record: a fresh game's fields, overridden by `fields`."""
    base: dict[str, Any] = {
        "version": 1, "balance": DEMO_BALANCE, "bet": 100, "muted": False, "turbo": False,
        "seed": None, "rng": None, "pending": None, "history": [],
    }
    return seal({**base, **fields})


def store_script(key: str, text: str) -> str:
    """An init script that puts `text` under `key` before the page's own scripts run."""
    return f"localStorage.setItem({json.dumps(key)}, {json.dumps(text)})"
