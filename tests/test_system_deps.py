"""tools/system-deps.sh: the check that `make play` and `make test` run before anything else.

A package is made to look missing with a list of our own (SYSTEM_DEPS_LIST) naming a command
that exists nowhere; `id`, `sudo` and `apt-get` are stand-ins put first on PATH, so the test
decides whether the script runs as root and sees what it would install, without installing.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "system-deps.sh"
LIST = ROOT / "tools" / "system-deps.txt"
FAKE_PKG = "boce-fake-package"
# A command no machine has: the check must find it missing.
FAKE_LIST = f"""# for  package  check
test  {FAKE_PKG}  command  boce-no-such-command-9f3a
play,test  coreutils  command  sh
"""


def shipped() -> list[tuple[str, str, str, str]]:
    rows = []
    for line in LIST.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            need, pkg, kind, what = line.split(maxsplit=3)
            rows.append((need, pkg, kind, what))
    return rows


def stub(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)


def run(tmp_path: Path, *args: str, uid: int, sudo_works: bool = False,
        listing: str = FAKE_LIST) -> tuple[subprocess.CompletedProcess[str], str]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    log = tmp_path / "apt.log"
    log.write_text("")
    stub(bin_dir, "id", f"echo {uid}")
    stub(bin_dir, "sudo", 'shift; exec "$@"' if sudo_works else "exit 1")
    stub(bin_dir, "apt-get", f'echo "$@" >> {log}')
    (tmp_path / "list.txt").write_text(listing)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}",
           "SYSTEM_DEPS_LIST": str(tmp_path / "list.txt")}
    proc = subprocess.run(["bash", str(SCRIPT), *args], env=env, capture_output=True,
                          text=True, timeout=60)
    return proc, log.read_text()


def test_check_only_names_the_missing_package_and_the_command(tmp_path: Path) -> None:
    proc, apt = run(tmp_path, "test", "--check", uid=0)
    assert proc.returncode == 1
    assert f"missing system packages: {FAKE_PKG}" in proc.stderr
    assert f"sudo apt-get install -y {FAKE_PKG}" in proc.stderr
    assert "coreutils" not in proc.stderr  # `sh` is on every PATH: not missing
    assert apt == ""  # --check never installs


def test_not_root_without_sudo_stops_before_installing(tmp_path: Path) -> None:
    proc, apt = run(tmp_path, "test", uid=1000, sudo_works=False)
    assert proc.returncode == 1
    assert FAKE_PKG in proc.stderr and "sudo needs a password" in proc.stderr
    assert apt == ""


@pytest.mark.parametrize("uid, sudo_works", [(0, False), (1000, True)])
def test_root_or_sudo_installs_the_missing_packages_only(tmp_path: Path, uid: int,
                                                         sudo_works: bool) -> None:
    proc, apt = run(tmp_path, "test", uid=uid, sudo_works=sudo_works)
    calls = apt.splitlines()
    # apt-get update, then install of exactly the one missing package (the stand-in installs
    # nothing, so the re-check still finds it missing and says so).
    assert calls == ["update -qq", f"install -y -qq {FAKE_PKG}"]
    assert proc.returncode == 1 and "still missing after apt-get install" in proc.stderr


def test_a_package_needed_only_by_test_is_not_asked_for_by_play(tmp_path: Path) -> None:
    proc, apt = run(tmp_path, "play", uid=0)
    assert (proc.returncode, proc.stderr, apt) == (0, "", "")


def test_bad_usage_is_refused(tmp_path: Path) -> None:
    proc, _ = run(tmp_path, "deploy", uid=0)
    assert proc.returncode == 2 and "usage" in proc.stderr


def test_the_shipped_list_is_well_formed_and_satisfied_here() -> None:
    rows = shipped()
    kinds = {"command", "file", "python"}
    assert rows and all(kind in kinds and set(need.split(",")) <= {"play", "test"}
                        for need, _, kind, _ in rows)
    # `make test` runs this check before pytest, so on any machine that got here by the README's
    # command every package is present.
    proc = subprocess.run(["bash", str(SCRIPT), "test", "--check"], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr


def test_readme_names_every_package_once_and_the_commands_run_the_check_first() -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Two commands", 1)[1].split("\n## ", 1)[0]
    for _, pkg, _, _ in shipped():
        assert f"`{pkg}`" in section, pkg
    makefile = (ROOT / "Makefile").read_text()
    for target in ("play", "test"):
        prerequisites = re.search(rf"^{target}: (.*)$", makefile, re.M)
        assert prerequisites and prerequisites[1].split()[0] == f"system-deps-{target}"
    ci = (ROOT / ".ci" / "run").read_text()
    code = [line for line in ci.splitlines() if not line.lstrip().startswith("#")]
    assert "exec make test" in code and not any("apt-get" in line for line in code)
