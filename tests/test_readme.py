"""README.md stays true: its maths figures are the generated ones."""

import json
from pathlib import Path

from tools_support import tool

ROOT = Path(__file__).resolve().parents[1]
updated = tool("readme_figures").updated


def test_readme_figures_are_generated_from_par_json() -> None:
    # The expected block is rendered from static/par.json by the same tool `make par` runs;
    # a README edited by hand, or a par.json regenerated without the README, fails here.
    readme = (ROOT / "README.md").read_text()
    par = json.loads((ROOT / "static" / "par.json").read_text())
    assert updated(readme, par) == readme, "README figures are stale: run `make par`"
