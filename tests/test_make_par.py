"""`make par` regenerates everything derived from the model (docs/contributing.md "Change the
model and regenerate the figures"): each file it must write, the command that writes it, and the
test that fails while that file is stale. Expected: the Makefile's own dry run (`make -n`), so a
derived file dropped from the target, or a target that forgets the scenario catalogue, fails here.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# (what `make par` runs to write it, the test that holds it to the model, the derived file)
DERIVED = [
    ("-m engine scenarios --json > engine/data/scenarios.json.tmp", "tests/engine/test_scenarios.py",
     "engine/data/scenarios.json"),
    ("-m engine par --json --workers 2 > static/par.json.tmp", "tests/engine/test_par_json.py", "static/par.json"),
    ("tools/readme_figures.py", "tests/test_readme.py", "README.md"),
]


def dry_run(target: str) -> list[str]:
    # -o: the venv's stamp counts as built (a dry run must not plan to rebuild the venv); -B: every
    # step is listed whether or not its files look new.
    out = subprocess.run(["make", "-n", "-B", "-o", ".venv/.installed", target], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    return out.splitlines()


def test_make_par_writes_every_file_derived_from_the_model() -> None:
    steps = dry_run("par")
    for command, test, path in DERIVED:
        at = [i for i, line in enumerate(steps) if command in line]
        assert at, f"`make par` does not regenerate {path} ({command!r} not in {steps})"
        assert (ROOT / test).is_file(), f"{path} has no staleness test ({test})"
        assert "make par" in (ROOT / test).read_text(encoding="utf-8"), f"{test} should say to run `make par`"
    # the README figures are read from the par.json just written
    written = next(i for i, line in enumerate(steps) if "mv static/par.json.tmp static/par.json" in line)
    assert written < next(i for i, line in enumerate(steps) if "tools/readme_figures.py" in line)


def test_make_scenarios_still_runs_alone() -> None:
    steps = dry_run("scenarios")
    assert any(DERIVED[0][0] in line for line in steps), steps
    assert not any("engine par" in line for line in steps), steps
