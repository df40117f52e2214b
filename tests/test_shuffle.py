"""tests/shuffle.py's order: every test once, files kept whole, the groups pytest keeps together
(one browser's tests; one module-scoped page's) still together, and the same seed the same order.
Expected values: built here by hand from a dozen fake items whose groups are known."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from _pytest.scope import Scope
from shuffle import order


@dataclass
class Spec:
    indices: dict[str, int] = field(default_factory=dict)
    _arg2scope: dict[str, Scope] = field(default_factory=dict)


@dataclass
class Item:
    nodeid: str
    callspec: Spec | None = None


def items() -> list[Item]:
    out = []
    for browser in range(3):  # a session-scoped parameter, as tests/xbrowser's drv
        for f in ("a", "b"):
            for t in range(2):
                out.append(Item(f"x/test_{f}.py::t{t}[{browser}]", Spec({"drv": browser}, {"drv": Scope.Session})))
    for page in range(2):  # a module-scoped parameter: one page booted per value
        for t in range(3):
            out.append(Item(f"e/test_page.py::t{t}[{page}]", Spec({"page": page}, {"page": Scope.Module})))
    out += [Item(f"plain/test_{n}.py::t") for n in range(4)]
    return out


def runs(seq: list[int]) -> list[int]:
    """`seq` with repeats next to each other collapsed: [0, 0, 1, 1, 0] -> [0, 1, 0]."""
    return [v for i, v in enumerate(seq) if i == 0 or seq[i - 1] != v]


def test_every_test_once_and_the_order_changes_with_the_seed() -> None:
    given = items()
    orders = {tuple(i.nodeid for i in order(list(given), random.Random(seed))) for seed in range(20)}
    assert all(sorted(o) == sorted(i.nodeid for i in given) for o in orders)
    assert len(orders) > 10  # shuffled: 20 seeds, (almost) as many orders
    assert len({tuple(i.nodeid for i in order(list(given), random.Random(5))) for _ in range(3)}) == 1


def test_a_browser_and_a_page_keep_their_tests_together() -> None:
    for seed in range(50):
        out = order(items(), random.Random(seed))
        browsers = [i.callspec.indices["drv"] for i in out if i.callspec and "drv" in i.callspec.indices]
        assert sorted(runs(browsers)) == [0, 1, 2], (seed, browsers)  # each browser's tests in one run
        pages = [i.callspec.indices["page"] for i in out if i.callspec and "page" in i.callspec.indices]
        assert sorted(runs(pages)) == [0, 1], (seed, pages)
