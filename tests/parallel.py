"""Which tests must share a worker when `make test` runs the suite on both cores: a pytest plugin
(`-p parallel`, with pytest-xdist's `-n 2 --dist loadgroup`; tests/ is on pytest's pythonpath).

xdist's `loadgroup` sends each test to whichever worker is free, except the tests of one
`xdist_group`, which one worker runs, in their order. This plugin gives a group to the tests that
would pay twice if split, and to none of the others:

- the cross-browser suite (tests/xbrowser) is one group: each of its browsers and its nginx is
  launched once per run, not once per worker;
- the tests of a file that share a module-scoped fixture (a page booted once for the file, the
  PAR page's seventeen languages) are the file's group, so its pages boot once; a module whose
  tests only take function-scoped pages is spread over both workers, and so is one whose module
  fixture is cheap to make twice and says so (`SPREAD_OVER_WORKERS = True`: the geometry's
  contexts, one per screen size, each booting nothing).

A file whose tests measure time or take screenshots of moving things says `RUN_ALONE = True`
(or names those tests: `RUN_ALONE = {"test_taps"}`): each such test (its fixtures' set-up and teardown included) runs while the other worker waits
between two tests, so it has the machine as in a one-process run. The workers agree through two
`flock` files (`Alone`): a test takes a shared lock, one that runs alone an exclusive lock, after a
turnstile that stops new shared locks while it waits.

Each worker launches its own Chromium (one per worker) and its own static server (an ephemeral
port). A file that a test writes is named after its worker where two workers could write it
(`worker_suffix()`). One thing is shared: a figure that takes long to work out and is the same
for every worker (the shipped model's PAR sheet, some 25 s of CPU) is worked out by the first
worker to ask and read by the other (`once_per_run`).
"""

from __future__ import annotations

import fcntl
import json
import os
import tempfile
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from _pytest.nodeid import coerce_node_id

XBROWSER = "tests/xbrowser/"


def worker_suffix() -> str:
    """"" in a serial run, ".gw0", ".gw1"... in an xdist worker: for a report file a test writes."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return f".{worker}" if worker else ""


def once_per_run(name: str, work_out: Callable[[], Any]) -> Any:
    """`work_out()`'s JSON value, worked out once in this run: on both cores the first worker to
    ask writes it to a file named after the run (xdist's PYTEST_XDIST_TESTRUNUID) and `name`,
    under a lock, and the other reads it; in one process it is worked out. Either way it comes
    back through one JSON round trip, so both get the same value."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if not run:
        return json.loads(json.dumps(work_out()))
    shared = Path(tempfile.gettempdir()) / f"boce-{name}-{run}.json"
    with open(shared.with_suffix(".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not shared.exists():
            shared.write_text(json.dumps(work_out()), encoding="utf-8")
        return json.loads(shared.read_text(encoding="utf-8"))


def pytest_configure(config: Any) -> None:
    # the controller names the run (xdist's --testrunuid, made here when not given), so that at
    # its end it can remove once_per_run's files
    if "PYTEST_XDIST_WORKER" not in os.environ and getattr(config.option, "testrunuid", False) is None:
        config.option.testrunuid = uuid.uuid4().hex


def pytest_unconfigure(config: Any) -> None:
    run = getattr(config.option, "testrunuid", None)
    if "PYTEST_XDIST_WORKER" not in os.environ and run:
        for left in Path(tempfile.gettempdir()).glob(f"boce-*-{run}.*"):
            left.unlink(missing_ok=True)


def shares_a_module_fixture(item: Any) -> bool:
    """True when the test takes a fixture of module (or package) scope: the file's tests then run
    in one worker, so that it is set up once."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    for name in info.names_closure:
        for definition in info.name2fixturedefs.get(name, ()):
            if definition.scope in ("module", "package", "class"):
                return True
    return False


def group_of(item: Any) -> str | None:
    path = item.nodeid.split("::")[0]
    if path.startswith(XBROWSER):
        return "xbrowser"
    if shares_a_module_fixture(item) and not getattr(item.module, "SPREAD_OVER_WORKERS", False):
        return path
    return None


def pytest_collection_modifyitems(session: Any, config: Any, items: list[Any]) -> None:
    if not config.getvalue("loadgroup"):  # set in an xdist worker of `--dist loadgroup`
        return
    for item in items:
        group = group_of(item)
        if group is not None:
            set_group(item, group)


def set_group(item: Any, group: str) -> None:
    """What an `xdist_group` mark does: the group after an "@" at the end of the test's node id,
    which xdist's scheduler reads. xdist 3.8 writes it to `item._nodeid`, which pytest 9.2 no
    longer reads (the id is `item._id`, a parsed NodeId), so a mark would be lost: this sets the
    id itself (tests/test_parallel.py fails if the grouping stops working)."""
    item._id = coerce_node_id(f"{item.nodeid}@{group}")


class Alone:
    """Tests that run alone and tests that share the machine, across processes: `shared()` for a
    test that may run beside others, `alone()` for one that may not. Two lock files in `folder`:
    the turnstile, which an `alone()` holds while it waits for the shared holders to finish (so
    the other worker's next test waits instead of taking a new shared lock and starving it), and
    the lock itself."""

    def __init__(self, folder: Path) -> None:
        self.turnstile = folder / "boce-tests-turnstile.lock"
        self.lock = folder / "boce-tests.lock"

    @contextmanager
    def shared(self) -> Iterator[None]:
        with self.lock.open("a") as lock:
            with self.turnstile.open("a") as turnstile:  # waits while a test that runs alone waits or runs
                fcntl.flock(turnstile, fcntl.LOCK_SH)
            fcntl.flock(lock, fcntl.LOCK_SH)
            yield  # closing the file releases the lock

    @contextmanager
    def alone(self) -> Iterator[None]:
        with self.turnstile.open("a") as turnstile, self.lock.open("a") as lock:
            fcntl.flock(turnstile, fcntl.LOCK_EX)
            fcntl.flock(lock, fcntl.LOCK_EX)
            yield


def runs_alone(item: Any) -> bool:
    """RUN_ALONE = True in a file: each of its tests runs alone; a set of test names: those."""
    alone = getattr(getattr(item, "module", None), "RUN_ALONE", False)
    if isinstance(alone, (set, frozenset, tuple, list)):
        return getattr(item, "originalname", None) in alone
    return bool(alone)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: Any, nextitem: Any) -> Iterator[None]:
    if "PYTEST_XDIST_WORKER" not in os.environ:  # one process has the machine to itself
        return (yield)
    # the machine's, not the run's: a second suite running on it meanwhile waits too (and no
    # folder a run is left behind)
    locks = Alone(Path(tempfile.gettempdir()))
    with locks.alone() if runs_alone(item) else locks.shared():
        return (yield)
