"""tests/parallel.py on both cores: a small suite, made here, run by pytest-xdist (`-n 2 --dist
loadgroup -p parallel`, as `make test` runs ours). Each test writes which worker ran it; the
expected grouping is the plugin's rule, by hand for each file: a file sharing a module fixture on
one worker, the xbrowser folder on one worker, a file saying SPREAD_OVER_WORKERS and a file of
function-scoped tests free to use both (and, with eight slow tests and two workers, using both).
A file saying RUN_ALONE runs each of its tests (or those RUN_ALONE names) while no other test runs: each test records when it
started and ended (the wall clock, one machine), and no other test's span may overlap one of
those."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

RECORD = '''
import json, os, time
from pathlib import Path
import pytest

def record(request, started):
    Path(os.environ["WHERE"], request.node.name + ".json").write_text(
        json.dumps([request.node.nodeid, os.environ.get("PYTEST_XDIST_WORKER"), started, time.time()]))
'''

MODULE_FIXTURE = '''
@pytest.fixture(scope="module")
def booted():
    return object()
'''

ONCE = '''
from parallel import once_per_run

def work():
    with open(Path(os.environ["WHERE"], "work.log"), "a") as log:
        log.write("ran\\n")
    time.sleep(0.5)
    return {"figure": [1, 2.5], "pid": os.getpid()}
'''

FILES = {
    "test_shared.py": RECORD + MODULE_FIXTURE + "".join(
        f"\ndef test_shared_{i}(booted, request):\n    t = time.time()\n    time.sleep(0.3)\n    record(request, t)\n" for i in range(6)),
    "test_spread.py": RECORD + MODULE_FIXTURE + "SPREAD_OVER_WORKERS = True\n" + "".join(
        f"\ndef test_spread_{i}(booted, request):\n    t = time.time()\n    time.sleep(0.3)\n    record(request, t)\n" for i in range(8)),
    "test_plain.py": RECORD + "".join(
        f"\ndef test_plain_{i}(request):\n    t = time.time()\n    time.sleep(0.3)\n    record(request, t)\n" for i in range(8)),
    "test_alone.py": RECORD + "RUN_ALONE = True\n" + "".join(
        f"\ndef test_alone_{i}(request):\n    t = time.time()\n    time.sleep(0.4)\n    record(request, t)\n"
        for i in range(3)),
    # one test of the file alone (RUN_ALONE naming it), the other as any
    "test_part_alone.py": RECORD + "RUN_ALONE = {'test_part_0'}\n" + "".join(
        f"\ndef test_part_{i}(request):\n    t = time.time()\n    time.sleep(0.4)\n    record(request, t)\n"
        for i in range(2)),
    # once_per_run: two tests asking for one figure; the work appends a line per time it runs
    **{f"test_once_{k}.py": RECORD + ONCE + f"\ndef test_once_{k}(request):\n    t = time.time()\n"
       f"    value = once_per_run('figure', work)\n    Path(os.environ['WHERE'], 'once_{k}.value').write_text(json.dumps(value))\n"
       "    record(request, t)\n" for k in "ab"},
    "xbrowser/test_engines.py": RECORD + "".join(
        f"\ndef test_engine_{i}(request):\n    t = time.time()\n    time.sleep(0.2)\n    record(request, t)\n" for i in range(4)),
    "xbrowser/test_more.py": RECORD + "".join(
        f"\ndef test_more_{i}(request):\n    t = time.time()\n    time.sleep(0.2)\n    record(request, t)\n" for i in range(4)),
}


def run(tmp_path: Path) -> dict[str, tuple[str, float, float]]:
    suite = tmp_path / "tests"
    for name, text in FILES.items():
        (suite / name).parent.mkdir(parents=True, exist_ok=True)
        (suite / name).write_text(text)
    where = tmp_path / "where"
    where.mkdir()
    # its own lock files (parallel.Alone, in the temp folder): this test may itself run in a worker
    # of our suite, holding the machine's shared lock, which the small suite's RUN_ALONE would wait for
    # and a run of its own: none of xdist's variables of a worker of ours running this test (the
    # small suite's controller would take itself for a worker, and its files for our run's)
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST")},
           "WHERE": str(where), "PYTHONPATH": str(ROOT / "tests"), "TMPDIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "parallel",
                           "-n", "2", "--dist", "loadgroup", "-p", "no:randomly", "tests"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    ran = [json.loads(p.read_text()) for p in where.glob("*.json")]
    # once_per_run: the work ran once in the run, both tests got its value, and no file is left
    assert (where / "work.log").read_text() == "ran\n"
    values = [json.loads((where / f"once_{k}.value").read_text()) for k in "ab"]
    assert values[0] == values[1] and values[0]["figure"] == [1, 2.5]
    assert list(tmp_path.glob("boce-figure-*")) == []
    assert len(ran) == sum(text.count("\ndef test_") for text in FILES.values()) == 37
    return {nodeid: (worker, started, ended) for nodeid, worker, started, ended in ran}


@pytest.fixture(scope="module")
def spans(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[str, float, float]]:
    return run(tmp_path_factory.mktemp("parallel"))


@pytest.fixture(scope="module")
def workers(spans: dict[str, tuple[str, float, float]]) -> dict[str, str]:
    return {nodeid: worker for nodeid, (worker, _, _) in spans.items()}


def of(workers: dict[str, str], path: str) -> set[str]:
    return {w for nodeid, w in workers.items() if nodeid.startswith(path)}


def test_a_file_sharing_a_module_fixture_runs_on_one_worker(workers: dict[str, str]) -> None:
    assert len(of(workers, "tests/test_shared.py")) == 1


def test_the_cross_browser_folder_runs_on_one_worker(workers: dict[str, str]) -> None:
    # both of its files together: each browser and nginx launched once a run
    assert len(of(workers, "tests/xbrowser/")) == 1


def test_the_other_files_use_both_workers(workers: dict[str, str]) -> None:
    assert of(workers, "tests/test_plain.py") == {"gw0", "gw1"}
    assert of(workers, "tests/test_spread.py") == {"gw0", "gw1"}  # its module fixture made twice


def test_a_file_that_runs_alone_has_the_machine_to_itself(spans: dict[str, tuple[str, float, float]]) -> None:
    alone = {n: span for n, span in spans.items()
             if n.startswith("tests/test_alone.py") or n.startswith("tests/test_part_alone.py::test_part_0")}
    assert len(alone) == 4
    for name, (_, start, end) in alone.items():
        overlapping = [n for n, (_, s, e) in spans.items() if n != name and s < end and e > start]
        assert overlapping == [], f"{name} ran beside {overlapping}"
    # and the rest still used both workers at once somewhere (the lock is not a global one)
    others = sorted((s, e) for n, (_, s, e) in spans.items() if n not in alone)
    assert any(b[0] < a[1] for a, b in zip(others, others[1:]))


def test_a_test_that_a_file_does_not_name_alone_may_share_the_machine() -> None:
    import parallel

    class Module:
        RUN_ALONE = {"test_taps"}

    class Item:
        module = Module
        def __init__(self, name: str) -> None:
            self.originalname = name

    assert parallel.runs_alone(Item("test_taps")) and not parallel.runs_alone(Item("test_memory"))
    Module.RUN_ALONE = True  # type: ignore[assignment]
    assert parallel.runs_alone(Item("test_memory"))
