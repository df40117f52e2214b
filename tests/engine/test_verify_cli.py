"""``python -m engine verify LINK_OR_FILE`` and ``python -m engine scenarios --json``, run as
the user runs them (a subprocess) where the exit code and streams matter, in-process
(``engine.__main__.main``) for the rest."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import zlib

import pytest

from book_models import ROOT, SHIPPED, TEST, TEST_MODEL_PATH
from engine import play_round
from engine.__main__ import main, money
from engine.replaylink import export_round, model_fingerprint, replay_link, round_text
from engine.scenarios import SCENARIOS_PATH


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_verify_a_link_prints_bet_cost_and_win() -> None:
    r = play_round(SHIPPED, 200, random.Random(8), buy=True)
    p = run("verify", replay_link("https://a.example/play/?embed=1", r))
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("genuine: a bought feature")
    lines = p.stdout.splitlines()
    # By hand: bet 200 minor units is 2.00; a bought feature costs 85 x 200 = 17000, 170.00.
    assert "bet" in lines[1] and "2.00  (200 minor units)" in lines[1]
    assert "cost" in lines[2] and "170.00  (17000 minor units)" in lines[2]
    assert f"({r.total_win} minor units)" in lines[3] and money(r.total_win) in lines[3]


def test_money_by_hand() -> None:
    assert (money(0), money(5), money(100), money(12345), money(20168 * 10000)) == (
        "0.00", "0.05", "1.00", "123.45", "2,016,800.00")


def test_verify_a_bare_text_and_an_exported_file(tmp_path, capsys) -> None:
    r = play_round(TEST, 100, random.Random(2))
    assert main(["--model", str(TEST_MODEL_PATH), "verify", round_text(r)]) == 0
    assert f"({r.total_win} minor units)" in capsys.readouterr().out
    path = tmp_path / "round.json"
    path.write_text(json.dumps(export_round(r)), encoding="utf-8")
    assert main(["--model", str(TEST_MODEL_PATH), "verify", str(path)]) == 0
    assert "genuine" in capsys.readouterr().out


def test_verify_refuses_with_exit_1_and_the_reason() -> None:
    text = round_text(play_round(SHIPPED, 100, random.Random(5)))
    altered = text[:-1] + ("0" if text[-1] != "0" else "1")
    p = run("verify", altered)
    assert p.returncode == 1 and p.stdout == ""
    assert "not genuine" in p.stderr and "altered" in p.stderr
    p = run("--model", str(TEST_MODEL_PATH), "verify", f"https://a.example/?replay={text}")
    assert p.returncode == 1 and "another model" in p.stderr


@pytest.mark.parametrize("content, reason", [
    ("not json", "Expecting value"),
    ("[1]", "is a JSON object"),
    ('{"format": "x"}', "not an exported round"),
])
def test_verify_refuses_a_bad_file(tmp_path, capsys, content: str, reason: str) -> None:
    path = tmp_path / "round.json"
    path.write_text(content, encoding="utf-8")
    assert main(["verify", str(path)]) == 1
    assert reason in capsys.readouterr().err


def test_verify_refuses_a_missing_file(tmp_path, capsys) -> None:
    assert main(["verify", str(tmp_path / "absent.json")]) == 1
    assert "cannot be read" in capsys.readouterr().err


def test_verify_refuses_an_edited_export(tmp_path, capsys) -> None:
    r = play_round(TEST, 100, random.Random(2), buy=True)
    e = export_round(r)
    e["win"] = e["win"] + 10
    path = tmp_path / "round.json"
    path.write_text(json.dumps(e), encoding="utf-8")
    assert main(["--model", str(TEST_MODEL_PATH), "verify", str(path)]) == 1
    assert "exported win" in capsys.readouterr().err


def test_scenarios_prints_the_catalogue() -> None:
    p = run("scenarios", "--json")
    assert p.returncode == 0, p.stderr
    assert p.stdout == SCENARIOS_PATH.read_text(encoding="utf-8")


def test_verify_refuses_a_link_with_a_huge_draw_without_a_traceback(capsys) -> None:
    # issue 47's link: 2,800 base-36 digits (about 4,350 decimal digits, past Python's limit for
    # writing an int) with its real CRC-32; before, `verify` ended in a ValueError's traceback
    body = f"1.{model_fingerprint(SHIPPED)}.100.b.{'z' * 2800}"
    text = f"{body}.{zlib.crc32(body.encode()):08x}"
    assert main(["verify", f"https://a.example/?replay={text}"]) == 1
    err = capsys.readouterr().err
    assert "not genuine" in err and "a draw of 2800 digits" in err and "Traceback" not in err


def test_verify_names_a_links_currency(capsys) -> None:
    # a round shared from a page in yen: its text names JPY, and verify gives minor units of it
    r = play_round(SHIPPED, 100, random.Random(8))
    assert main(["verify", replay_link("https://a.example/?currency=JPY&bets=10,100", r)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].split() == ["bet", "100", "(minor", "units", "of", "JPY)"]
