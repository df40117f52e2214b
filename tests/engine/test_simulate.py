"""engine.simulate and the command line's `par` and `simulate` (docs/engine.md "Command line").

The seeded Monte Carlo must agree with the exact PAR sheet of the shipped model.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from typing import Any

import pytest

import engine
from book_models import ROOT, capped_model_data
from engine.par import par_sheet, sheet_json
from engine.simulate import simulate
from test_par_shared import shipped_sheet

# Why 1,000,000 rounds: a round's win has an SD of about 20-22 total bets (the sheet's
# `volatility`), so the simulated RTP's standard error is sd / sqrt(N) ~ 21 / 1000 = 0.021 and its
# 95% half-width ~ 0.042 (4 points of RTP; the 99.9% band below ~ 0.07). The RTP check is
# therefore coarse (it catches gross disagreement, e.g. a feature paid twice); the hit and
# free-spins frequencies, with binomial errors of ~ 0.0005 and ~ 0.00006, are sharp. At about
# 100k rounds per second with 2 workers the run takes ~10 s.
ROUNDS = 1_000_000
SEED = 20168
Z999 = 3.29  # two-sided 99.9% normal quantile; the sheet's rtp_ci95 uses 1.96


def run(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "engine", *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.fixture(scope="module")
def cli(tmp_path_factory: pytest.TempPathFactory) -> dict[str, subprocess.CompletedProcess[str]]:
    """The three command lines, started together (they run while the other tests compute). Both
    forms of the sheet are the capped test model's (a cap of 20 line bets: its sheet takes no
    time; the shipped model's takes some 25 s of CPU, which `make par` spends writing
    static/par.json, and tests/test_make_par.py checks that file against the model)."""
    capped = tmp_path_factory.mktemp("par") / "capped.json"
    capped.write_text(json.dumps(capped_model_data()), encoding="utf-8")
    procs = {
        "par-json": run("--model", str(capped), "par", "--json", "--workers", "2"),
        "par": run("--model", str(capped), "par"),
        "simulate": run("simulate", "--rounds", "20000", "--seed", "1", "--json"),
    }
    out = {}
    for name, p in procs.items():
        stdout, stderr = p.communicate(timeout=120)
        out[name] = subprocess.CompletedProcess(p.args, p.returncode, stdout, stderr)
    return out


@pytest.fixture(scope="module")
def sim() -> dict[str, Any]:
    return simulate(engine.load_model(), rounds=ROUNDS, seed=SEED, workers=2)


def test_simulated_rtp_agrees_with_the_exact_rtp(sim: dict[str, Any]) -> None:
    # Expected: the capped RTP, the sheet's rtp_capped between its proven bounds cap.rtp_capped;
    # the simulation's own rtp_ci95 widened from 95% to 99.9% (x 3.29 / 1.96).
    sheet = shipped_sheet()
    lo, hi = sheet["cap"]["rtp_capped"]
    assert sim["rounds"] == ROUNDS
    half = sim["rtp_ci95"] * Z999 / 1.96
    assert lo - half <= sim["rtp"] <= hi + half, (sim["rtp"], half, lo, hi)
    # The half-width is what the comment above says (volatility ~ 20x: ~0.04 at 95%).
    assert 0.01 < sim["rtp_ci95"] < 0.08
    # The simulated base-game RTP (no cap involved) has a much smaller error (base wins are
    # at most ~ 1000x but mostly small); use the round's CI as a safe bound.
    assert abs(sim["base_rtp"] - sheet["base_rtp"]) <= half


@pytest.mark.parametrize("name", ["hit_frequency", "free_spins_frequency"])
def test_simulated_frequencies_agree_with_the_exact_ones(sim: dict[str, Any], name: str) -> None:
    # Expected: the sheet's exact p; a count of N Bernoulli(p) trials has SE sqrt(p (1-p) / N);
    # allow 3.29 SE (99.9%).
    p = shipped_sheet()[name]
    se = math.sqrt(p * (1 - p) / ROUNDS)
    assert abs(sim[name] - p) <= Z999 * se, (name, sim[name], p, se)


BUY_ROUNDS = 200_000


@pytest.fixture(scope="module")
def sim_buy() -> dict[str, Any]:
    return simulate(engine.load_model(), rounds=BUY_ROUNDS, seed=SEED, buy=True, workers=2)


def test_simulated_bought_features_agree_with_the_capped_figures(sim_buy: dict[str, Any]) -> None:
    # Expected: the sheet's bought-feature RTP after the cap (between its proven bounds), within
    # the run's rtp_ci95 widened to 99.9%; and the count of features that reached the cap, a
    # Poisson count of mean BUY_ROUNDS / N (N of max_win_odds.buy, about 38,120: mean 5.25),
    # at most 14 (P(X >= 15) = 4e-4 at that mean; X = 0 has chance 0.005, so no lower end).
    sheet = shipped_sheet()
    lo, hi = sheet["cap"]["buy_rtp_capped"]
    half = sim_buy["rtp_ci95"] * Z999 / 1.96
    assert lo - half <= sim_buy["rtp"] <= hi + half, (sim_buy["rtp"], half, lo, hi)
    assert 0.005 < sim_buy["rtp_ci95"] < 0.03  # 1.96 x 328.6 / 85 / sqrt(200,000) = 0.017
    mean = BUY_ROUNDS / sheet["max_win_odds"]["buy"]
    assert 5 < mean < 5.5
    assert 0 <= sim_buy["capped_rounds"] <= 14, sim_buy["capped_rounds"]


def test_volatility_agrees_roughly(sim: dict[str, Any]) -> None:
    # Expected: the sheet's exact SD (uncapped). The sample SD of a heavy-tailed win converges
    # slowly (its error depends on the 4th moment, which the sheet does not give; a single
    # 5,000x round among 10^6 adds 5000^2 / 10^6 = 25 to a variance of ~ 490), so only a factor
    # of 2 either way is checked: it catches a wrong unit (minor units, line bets, percent).
    vol = shipped_sheet()["volatility"]
    assert vol / 2 <= sim["volatility"] <= vol * 2


def test_same_result_for_any_number_of_workers() -> None:
    # engine/simulate.py: chunk i draws from Random(f"{seed}:{i}") whatever the workers, so the
    # figures are equal (45,000 rounds: two whole chunks of 20,000 and a partial one).
    model = engine.load_model()
    one = simulate(model, rounds=45_000, seed=7, workers=1)
    two = simulate(model, rounds=45_000, seed=7, workers=2)
    for key in ("rounds_per_second", "seconds", "workers"):
        one.pop(key)
        two.pop(key)
    assert one == two


def test_cli_simulate_json_has_the_documented_fields(cli: dict[str, Any]) -> None:
    # docs/engine.md "Command line": rounds, rtp, rtp_ci95, hit_frequency, free_spins_frequency,
    # max_win_seen, rounds_per_second.
    p = cli["simulate"]
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    for key in ("rounds", "rtp", "rtp_ci95", "hit_frequency", "free_spins_frequency",
                "max_win_seen", "rounds_per_second"):
        assert key in out, key
    assert out["rounds"] == 20000
    assert 0 < out["rtp"] < 10 and out["rtp_ci95"] > 0  # a fraction, not a percentage
    assert 0 < out["hit_frequency"] < 1 and 0 <= out["free_spins_frequency"] < 1
    # Deterministic: the same figures as the function with the same seed and rounds.
    again = simulate(engine.load_model(), rounds=20000, seed=1)
    for key in ("rounds", "rtp", "rtp_ci95", "hit_frequency", "free_spins_frequency", "max_win_seen"):
        assert out[key] == again[key], key


def test_cli_par_json_has_the_documented_fields(cli: dict[str, Any]) -> None:
    # docs/engine.md "Command line": rtp, base_rtp, free_spins_rtp, buy_rtp, hit_frequency,
    # free_spins_frequency, volatility, max_win; fractions (0.96, not 96). Expected values:
    # par_sheet of the capped test model, computed here.
    p = cli["par-json"]
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    for key in ("rtp", "base_rtp", "free_spins_rtp", "buy_rtp", "hit_frequency",
                "free_spins_frequency", "volatility", "max_win"):
        assert key in out, key
    # (the capped test model pays far above its stake: the shipped model's figures, fractions
    # such as 0.96, are tests/engine/test_par_json.py's)
    assert out["rtp"] == pytest.approx(out["base_rtp"] + out["free_spins_rtp"], rel=1e-12)
    assert out == json.loads(json.dumps(sheet_json(par_sheet(engine.load_model(capped_model_data())))))


def test_cli_par_prints_a_readable_sheet(cli: dict[str, Any]) -> None:
    # Expected: par_sheet of the capped test model, its figures as the text form writes them.
    p = cli["par"]
    assert p.returncode == 0, p.stderr
    assert "RTP" in p.stdout
    assert not p.stdout.lstrip().startswith("{")
    sheet = par_sheet(engine.load_model(capped_model_data()))
    assert f"RTP                     {100 * sheet.rtp:.4f}%" in p.stdout
    assert f"RTP after the cap       {100 * sheet.rtp_capped:.4f}%" in p.stdout
    odds = sheet.max_win_odds
    assert odds.base is not None and odds.buy is not None
    assert f"1 in {round(odds.base):,} base rounds; 1 in {round(odds.buy):,} bought features" in p.stdout
