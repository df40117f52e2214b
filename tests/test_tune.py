"""tools/tune.py's command line: its --help explains every option and how to choose it, and bad
input ends in a one-line message, never a traceback. Expected values: the options the parser
declares (tools/tune.py) and argparse's own exit status for a usage error, 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tools_support import tool

ROOT = Path(__file__).resolve().parents[1]
TUNE = ROOT / "tools" / "tune.py"
SPEC = json.loads((ROOT / "tools" / "model_spec.json").read_text(encoding="utf-8"))


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TUNE), *args], capture_output=True, text=True, timeout=60)


def test_help_explains_every_option_and_the_recipe() -> None:
    proc = run("--help")
    assert proc.returncode == 0, proc.stderr
    text = " ".join(proc.stdout.split())
    for option in ("--check", "--cap-loss", "--seed", "--base-rounds", "--free-rounds", "--reprice"):
        assert option in text, option
    # every option has a help of its own: none left with a bare name (argparse's default)
    for action in ("--check print", "--cap-loss FRACTION the RTP", "--seed SEED seed",
                   "--base-rounds STEPS search steps", "--free-rounds STEPS search steps"):
        assert action in text, action
    # how to pick --cap-loss: where its figure comes from, and today's value
    assert "rtp - rtp_capped in static/par.json" in text and "--cap-loss 0.0017" in text
    assert "make par" in text  # the step after a search


@pytest.mark.parametrize("args, says", [
    (["--cap-loss", "x"], "is not a number"),
    (["--cap-loss", "nan"], "is not from 0 to 0.05"),
    (["--cap-loss", "-0.01"], "is not from 0 to 0.05"),
    (["--cap-loss", "0.2"], "is not from 0 to 0.05"),
    (["--base-rounds", "-1"], "is below 0"),
    (["--free-rounds", "many"], "is not a whole number"),
    (["--seed", "1.5"], "is not a whole number"),
    (["--cap"], "expected one argument"),  # a prefix of --cap-loss, without its value
    (["--speed"], "unrecognized arguments"),
])
def test_bad_input_is_a_usage_error_not_a_traceback(args: list[str], says: str) -> None:
    proc = run(*args)
    assert proc.returncode == 2, proc
    assert "Traceback" not in proc.stderr and says in proc.stderr, proc.stderr
    assert proc.stderr.startswith("usage: tune.py"), proc.stderr


@pytest.mark.parametrize("text, says", [
    (None, "No such file"),
    ("{", "Expecting property name"),
    ("[]", 'no "counts" object'),
    ('{"counts": {}}', "missing 'base' in \"counts\""),
    (json.dumps({k: v for k, v in SPEC.items() if k != "wild"}), "model: missing field 'wild'"),
])
def test_a_bad_spec_is_named_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str | None,
                                         says: str) -> None:
    # tools/tune.py puts tools/ on sys.path when loaded: undone after the test
    monkeypatch.setattr(sys, "path", list(sys.path))
    tune = tool("tune")
    spec = tmp_path / "model_spec.json"
    if text is not None:
        spec.write_text(text)
    monkeypatch.setattr(tune, "SPEC", spec)
    monkeypatch.setattr(tune, "ROOT", tmp_path)
    with pytest.raises(SystemExit) as exc:
        tune.main(["--check"])
    message = str(exc.value.code)
    assert message.startswith("tune.py: model_spec.json: ") and says in message, message


def _spec_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **changes: object):  # type: ignore[no-untyped-def]
    """tools/tune.py with its spec and model in tmp_path: the shipped spec with `changes`."""
    monkeypatch.setattr(sys, "path", list(sys.path))
    tune = tool("tune")
    spec = tmp_path / "model_spec.json"
    spec.write_text(json.dumps({**SPEC, **changes}))
    monkeypatch.setattr(tune, "SPEC", spec)
    monkeypatch.setattr(tune, "OUT", tmp_path / "model.json")
    monkeypatch.setattr(tune, "ROOT", tmp_path)
    return tune, spec


def test_the_owners_buy_price_cap_and_bets_are_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    # issue 51: an owner's buy price of 100x came back as 85x in both files with no word. The
    # spec's own values (set here: 100, a cap of 10000, three bets) are what the search writes.
    tune, spec = _spec_in(tmp_path, monkeypatch, buy_price=100, max_win=10000, bets=[10, 20, 50], default_bet=20)
    tune.main(["--base-rounds", "0", "--free-rounds", "0"])
    model = json.loads((tmp_path / "model.json").read_text())
    written = json.loads(spec.read_text())
    for d in (model, written):
        assert (d["buy_price"], d["max_win"], d["bets"], d["default_bet"]) == (100, 10000, [10, 20, 50], 20)
    assert "buy_price 100, max_win 10000 and the bets kept" in capsys.readouterr().err


def test_reprice_recomputes_the_buy_price_and_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    # the shipped spec's strips unchanged (0 search steps): the price the maths gives is the one
    # the shipped model was written with (engine/data/model.json, searched from this spec)
    shipped = json.loads((ROOT / "engine" / "data" / "model.json").read_text())["buy_price"]
    tune, spec = _spec_in(tmp_path, monkeypatch, buy_price=100)
    tune.main(["--base-rounds", "0", "--free-rounds", "0", "--reprice"])
    assert json.loads((tmp_path / "model.json").read_text())["buy_price"] == shipped
    assert json.loads(spec.read_text())["buy_price"] == shipped
    assert f"buy_price 100 -> {shipped} (--reprice: from the maths)" in capsys.readouterr().err
