"""Run the suite in a shuffled order, to show no test depends on another's running first: a
pytest plugin (tests/ is on pytest's pythonpath).

    .venv/bin/pytest -p shuffle --shuffle=random       # a new seed, printed
    .venv/bin/pytest -p shuffle --shuffle=1224         # that order again
    .venv/bin/pytest -p shuffle --shuffle=random -n 2 --dist loadgroup -p parallel   # on both cores

The files run in a shuffled order, and each file's tests in a shuffled order. What a shuffle
keeps together is what pytest's own order keeps together for a reason: the tests of one value
of a session-scoped parameter (the cross-browser suite's browser: each is launched once) and,
within a file, of one value of a module-scoped parameter (a page booted once per language).
Those groups run in a shuffled order too.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from _pytest.scope import Scope


def pytest_addoption(parser: Any) -> None:
    parser.addoption("--shuffle", default=None, metavar="SEED|random",
                     help="run the files and their tests in an order shuffled by SEED (tests/shuffle.py)")


def group_key(item: Any, scope: Scope) -> tuple[tuple[str, int], ...]:
    """The item's indices of the parameters of `scope` (session or module), as a sortable key."""
    spec = getattr(item, "callspec", None)
    if spec is None:
        return ()
    return tuple(sorted((name, spec.indices[name]) for name, s in spec._arg2scope.items() if s is scope))


def order(items: list[Any], rng: random.Random) -> list[Any]:
    files: dict[str, list[Any]] = {}
    for item in items:
        files.setdefault(item.nodeid.split("::")[0], []).append(item)
    names = sorted(files)
    rng.shuffle(names)
    out: list[Any] = []
    for name in names:
        tests = files[name]
        rng.shuffle(tests)
        out += together(tests, Scope.Module, rng)
    return together(out, Scope.Session, rng)


def together(items: list[Any], scope: Scope, rng: random.Random) -> list[Any]:
    """`items` with those of one value of `scope`'s parameters next to each other (in their
    order), the groups in a shuffled order."""
    groups: dict[tuple[tuple[str, int], ...], list[Any]] = {}
    for item in items:
        groups.setdefault(group_key(item, scope), []).append(item)
    keys = list(groups)
    if len(keys) > 1:
        rng.shuffle(keys)
    return [item for key in keys for item in groups[key]]


def pytest_configure(config: Any) -> None:
    given = config.getoption("--shuffle")
    if given is None:
        return
    # under pytest-xdist a worker takes its controller's seed: every worker must collect the
    # tests in the same order (xdist checks it), and `random` would draw one seed each
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None and "shuffle_seed" in workerinput:
        config._shuffle_seed = workerinput["shuffle_seed"]
    else:
        config._shuffle_seed = random.randrange(10**6) if given == "random" else int(given)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:  # pytest-xdist's, on the controller, for each worker
    seed = getattr(node.config, "_shuffle_seed", None)
    if seed is not None:
        node.workerinput["shuffle_seed"] = seed


@pytest.hookimpl(tryfirst=True)  # before tests/parallel.py groups them and xdist reads the groups
def pytest_collection_modifyitems(session: Any, config: Any, items: list[Any]) -> None:
    seed = getattr(config, "_shuffle_seed", None)
    if seed is not None:
        items[:] = order(items, random.Random(seed))


def pytest_report_header(config: Any) -> str | None:
    given = config.getoption("--shuffle")
    return None if given is None else f"shuffle: the order is shuffled (tests/shuffle.py); --shuffle={given}"


def pytest_terminal_summary(terminalreporter: Any, config: Any) -> None:
    seed = getattr(config, "_shuffle_seed", None)
    if seed is not None:
        terminalreporter.write_line(f"shuffle: this order again with -p shuffle --shuffle={seed}")
