"""The command line, run as the user runs it: ``python -m engine ...`` in a subprocess."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

import engine
from book_models import ROOT, TEST, TEST_MODEL_PATH, fresh_test_data


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


def test_help_lists_the_subcommands() -> None:
    p = run("--help")
    assert p.returncode == 0
    for command in ("round", "evaluate", "check"):
        assert command in p.stdout.split("COMMAND", 1)[1]
    assert "--model" in p.stdout


def test_help_lists_the_documented_commands() -> None:
    # docs/engine.md "Command line": `python -m engine par --json` and `python -m engine simulate ...`.
    p = run("--help")
    assert "par" in p.stdout and "simulate" in p.stdout


def test_round_prints_the_round_dict() -> None:
    # Second method: the same call in-process. Default bet and the shipped model.
    p = run("round", "--seed", "3")
    assert p.returncode == 0, p.stderr
    model = engine.load_model()
    assert json.loads(p.stdout) == engine.play_round(model, model.default_bet, random.Random(3)).to_dict()


def test_round_with_model_bet_and_buy() -> None:
    p = run("--model", str(TEST_MODEL_PATH), "round", "--seed", "9", "--bet", "50", "--buy")
    assert p.returncode == 0, p.stderr
    want = engine.play_round(TEST, 50, random.Random(9), buy=True).to_dict()
    assert json.loads(p.stdout) == want
    assert want["buy"] is True and want["cost"] == 50 * 100


def test_bad_model_path_exits_2_with_a_message(tmp_path) -> None:
    path = tmp_path / "absent.json"
    p = run("--model", str(path), "round", "--seed", "1")
    assert p.returncode == 2
    assert p.stdout == ""
    assert str(path) in p.stderr and "cannot be read" in p.stderr


def test_invalid_model_exits_2_naming_the_fault(tmp_path) -> None:
    data = fresh_test_data()
    data["reels"]["free_spins"][4][0] = "BOOK"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    p = run("--model", str(path), "check")
    assert p.returncode == 2
    assert "reels.free_spins[4][0]" in p.stderr and "BOOK on reel 5" in p.stderr


def test_bad_bet_exits_2() -> None:
    p = run("--model", str(TEST_MODEL_PATH), "round", "--seed", "1", "--bet", "35")
    assert p.returncode == 2
    assert "bet 35 is not a listed level" in p.stderr


def test_evaluate_command() -> None:
    # The grid of test_rules.py's test_books_alone_make_the_expanding_count: 355 in lines plus
    # 1000 expanding, 1355 line bets, derived by hand there.
    p = run("--model", str(TEST_MODEL_PATH), "evaluate", "A K Q|BOOK GIFT AXE|J BOOK GIFT|AXE GIFT BOOK|K Q J",
            "--special", "SANTA", "--multiplier", "1=1", "--multiplier", "2=1", "--multiplier", "3=1")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert (out["total"], out["expanding_win"], out["books"], out["triggers_free_spins"]) == (1355, 1000, 3, False)
    # The base-game reading: lines 7 and 9 pay A x4 and K x4, 40 each; 3 books trigger.
    p = run("--model", str(TEST_MODEL_PATH), "evaluate", "A K Q|BOOK GIFT AXE|J BOOK GIFT|AXE GIFT BOOK|K Q J")
    out = json.loads(p.stdout)
    assert (out["total"], out["triggers_free_spins"]) == (80, True)
    assert [(w["line"], w["symbol"], w["count"], w["win"]) for w in out["line_wins"]] == [(7, "A", 4, 40), (9, "K", 4, 40)]


def test_evaluate_bad_grid_exits_2() -> None:
    p = run("evaluate", "BOOK A K|Q Q J|A A A|K K K|J Q SANTA")
    assert p.returncode == 2 and "BOOK on reel 1" in p.stderr


def test_check_command() -> None:
    p = run("--model", str(TEST_MODEL_PATH), "check")
    assert p.returncode == 0, p.stderr
    # Strip lengths of the test model, counted in its file: 9 9 8 7 8 base, 8 8 7 9 6 free.
    assert "[9, 9, 8, 7, 8] / [8, 8, 7, 9, 6]" in p.stdout and "OK" in p.stdout


def test_every_refusal_is_a_message_not_a_traceback() -> None:
    # A simulation of 0 rounds is a SimulationError, a multiplier outside 1..5 a FreeSpinError
    # (both EngineErrors: "error: why", exit 2); a --multiplier that is not REEL=M is a usage
    # error of argparse (exit 2). None of them may end in a Python traceback.
    cases = [
        (("simulate", "--rounds", "0", "--seed", "1"), "rounds 0 must be at least 1"),
        (("evaluate", "SANTA A K|BOOK Q J|A A A|K K K|J Q SANTA", "--special", "Q",
          "--multiplier", "1=9"), "multiplier 9 of reel 1"),
        (("evaluate", "SANTA A K|BOOK Q J|A A A|K K K|J Q SANTA", "--special", "Q",
          "--multiplier", "x=2"), "'x=2' is not REEL=M"),
    ]
    for args, why in cases:
        p = run(*args)
        assert p.returncode == 2 and why in p.stderr, (args, p.stderr)
        assert "Traceback" not in p.stderr
