"""The cross-browser suite: dist/ served by Debian's nginx, played in Chromium, Firefox and WebKit.

Fixtures
--------
dist      session: the built dist/ folder (`make dist`; the suite fails when it is missing).
server    session: nginx (nginx.py) serving dist/ under /games/boce/, with three pages of the
          suite's own at its root: blank.html, frame.html?src=URL&w=W&h=H (the game in an
          iframe of that size, recording the messages it posts into `msgs`).
drv       session-scoped, parametrized over "chromium", "firefox", "webkit" (test ids name the
          browser): the browser's driver (drivers.py), launched once; pytest runs every test of
          one browser before the next, and ends each browser when moving on.
step      function: `with step("what"):` names the browser and the step in any failure. Before
          the test it starts a new browser session if the last one was lost (BrowserLost:
          WebKit ends its session when a page crashes or hangs); a test that lost its session
          runs once more (pytest-rerunfailures, only for BrowserLost), and the summary says so.

pytest prints how long each browser took to launch and to boot the game (terminal summary).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest
from drivers import CHROMIUM, CHROMIUM_ARGS, REPORT, ChromiumDriver, Driver, report
from nginx import REPO_ROOT, Nginx

BROWSERS = ["chromium", "firefox", "webkit"]

FRAME_PAGE = """<!doctype html><meta charset="utf-8"><title>frame</title>
<style>html, body { margin: 0; } iframe { border: 0; display: block; }</style>
<script>
window.msgs = [];
addEventListener('message', (e) => msgs.push(e.data));
const q = new URLSearchParams(location.search);
addEventListener('DOMContentLoaded', () => {
    const f = document.createElement('iframe');
    f.id = 'g';
    f.width = q.get('w') || 900;
    f.height = q.get('h') || 640;
    f.title = 'Book of Christmas Eve';
    f.src = q.get('src');
    document.body.appendChild(f);
});
</script>"""


@pytest.fixture(scope="session")
def dist() -> Path:
    path = REPO_ROOT / "dist"
    if not (path / "index.html").is_file() or not (path / "static" / "version.json").is_file():
        pytest.fail("dist/ is not built: run `make dist` (make test does)", pytrace=False)
    return path


@pytest.fixture(scope="session")
def server(dist: Path) -> Iterator[Nginx]:
    srv = Nginx.start(dist)
    srv.add_page("blank.html", "<!doctype html><title>blank</title>")
    srv.add_page("frame.html", FRAME_PAGE)
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    # Debian's Chromium for pytest-playwright's `browser` (the same as tests/e2e asks for, so
    # whichever suite runs first launches the one Chromium both use).
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


def launch(name: str, request: pytest.FixtureRequest, server: Nginx) -> Driver:
    if name == "chromium":
        return ChromiumDriver(request.getfixturevalue("browser"))
    if name == "firefox":
        from firefox_bidi import FirefoxDriver

        return FirefoxDriver()
    from webkit_wd import WebKitDriver

    return WebKitDriver(server.origin + "/blank.html")


@pytest.fixture(scope="session", params=BROWSERS)
def drv(request: pytest.FixtureRequest, server: Nginx) -> Iterator[Driver]:
    name = request.param
    start = time.monotonic()
    try:
        driver = launch(name, request, server)
    except Exception as exc:  # noqa: BLE001 (say which browser could not start, and why)
        pytest.fail(f"[{name}] could not launch: {type(exc).__name__}: {exc}", pytrace=False)
    report(name, f"{name} {driver.version}: launched in {time.monotonic() - start:.1f} s")
    try:
        yield driver
    finally:
        driver.close()


@pytest.fixture(autouse=True)
def rest_between_tests(request: pytest.FixtureRequest) -> Iterator[None]:
    """After a test in a browser, its page goes to a blank one: a game left open keeps drawing
    its scenery, and a browser's last page would stay open until the run ends (the session's
    browsers are closed then), taking CPU from the tests still running on the other worker."""
    yield
    if "drv" in request.fixturenames:
        drv: Driver = request.getfixturevalue("drv")
        blank = request.getfixturevalue("server").origin + "/blank.html"  # (served by `server`, above)
        with suppress(Exception):  # a session lost in the test: the next test's revive() starts anew
            drv.goto(blank)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # One more run, only for a test whose browser session was lost (drivers.BrowserLost: the
    # browser went away); a wrong value or a timeout fails at once.
    for item in items:
        if "drv" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=["BrowserLost"]))


@pytest.fixture
def step(drv: Driver, request: pytest.FixtureRequest) -> Callable[[str], AbstractContextManager[None]]:
    if drv.revive():
        report(drv.name, f"{drv.name}: its last session was lost; a new one runs {request.node.name}")
    @contextmanager
    def _step(what: str) -> Iterator[None]:
        try:
            yield
        except Exception as exc:
            raise AssertionError(f"[{drv.name} {drv.version}] step '{what}' failed: "
                                 f"{type(exc).__name__}: {exc}") from exc

    return _step


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if REPORT:
        terminalreporter.section("cross-browser timings")
        for lines in REPORT.values():
            for line in lines:
                terminalreporter.write_line(line)
