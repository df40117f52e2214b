"""pyscript.toml must ship every engine file to the browser, and nothing that is not there.

PyScript copies only the files listed under [files] into Pyodide's file system, so a new
engine module or data file that is not listed breaks `import engine` in the page (and only
there: the Python tests would still pass). A listed file that does not exist makes the
page fail to boot with a 404.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
CONFIG = REPO_ROOT / "pyscript.toml"
NOT_FOR_THE_PAGE: set[str] = set()
"""Engine files the page does without (none: the scenario catalogue, engine/data/scenarios.json,
is read when the page plays `?scenario=NAME`)."""


def _engine_files() -> set[str]:
    engine = REPO_ROOT / "engine"
    paths = [*engine.rglob("*.py"), *(engine / "data").glob("*.json")]
    return {
        p.relative_to(REPO_ROOT).as_posix()
        for p in paths
        if "__pycache__" not in p.parts
    } - NOT_FOR_THE_PAGE


def _config() -> dict[str, object]:
    with CONFIG.open("rb") as f:
        return tomllib.load(f)


def _listed_files() -> dict[str, str]:
    files = _config().get("files", {})
    assert isinstance(files, dict), "[files] must be a table"
    # Sources resolve relative to pyscript.toml, which sits at the repo root.
    return {src.removeprefix("./"): str(dest) for src, dest in files.items()}


def test_every_engine_file_is_listed() -> None:
    missing = sorted(_engine_files() - _listed_files().keys())
    lines = "\n".join(f'"./{path}" = "./{path}"' for path in missing)
    assert not missing, f"add these lines to [files] in pyscript.toml:\n{lines}"


def test_every_listed_file_exists_and_keeps_its_path() -> None:
    for src, dest in _listed_files().items():
        assert (REPO_ROOT / src).is_file(), f"pyscript.toml lists {src}, which does not exist"
        # main.py imports `engine` from Pyodide's working directory, so the tree must
        # land there unchanged (engine/model.py finds data/ next to itself).
        assert dest.removeprefix("./") == src, f"{src} should be copied to ./{src}, not {dest}"


def test_interpreter_is_self_hosted() -> None:
    # our loader (static/boot/pyodide.mjs), which imports the self-hosted Pyodide; without a
    # local interpreter PyScript loads Pyodide from a CDN
    interpreter = _config().get("interpreter")
    assert interpreter == "./static/boot/pyodide.mjs"
    loader = (REPO_ROOT / "static/boot/pyodide.mjs").read_text()
    assert 'from "../vendor/pyodide/pyodide.mjs"' in loader
    assert "https:" not in loader and "http:" not in loader
