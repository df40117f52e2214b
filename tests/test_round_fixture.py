"""tests/js/fixtures/rounds.json (the rounds the Node tests of the round path feed the controller,
tests/js/roundpath.test.mjs) is what the engine answers now: tools/record_rounds.py plays them again
through main.py's EngineBridge, in this process (a few rounds: well under a second), and compares.
A change of the engine that changes any answer fails here (make check) until the fixture is
written anew with `.venv/bin/python tools/record_rounds.py`.

Expected values: the generator's own output (the engine's answers now) against the committed file."""

from __future__ import annotations

import json

from tools_support import tool

record_rounds = tool("record_rounds")


def test_the_recorded_rounds_are_what_the_engine_answers_now() -> None:
    assert record_rounds.stale() is None


def test_a_stale_fixture_is_named_with_its_first_difference() -> None:
    # expected: the generator's check names the first field that differs and how to write it anew
    current = json.loads(record_rounds.OUTPUT.read_text(encoding="utf-8"))
    current["rounds"]["loss"]["answer"]["round"]["total_win"] += 1
    why = record_rounds.stale(json.dumps(current))
    assert why is not None
    assert ".rounds.loss.answer.round.total_win" in why and "tools/record_rounds.py" in why


def test_the_fixture_is_small() -> None:
    # the brief's bound for a fixture committed with the tests: under 200 KB
    assert record_rounds.OUTPUT.stat().st_size < 200 * 1024
