"""One small driver interface over three browser engines (the cross-browser suite uses only this).

    drv.open(url)          a fresh page (no saved game, no cookies) showing `url`
    drv.goto(url)          navigate the current page; drv.reload()
    drv.eval(expr)         the value of a JavaScript expression in the page, awaited when it
                           is a Promise, passed through JSON (so plain data only)
    drv.wait(expr, t)      until `expr` is truthy (polls drv.eval), or a StepError after t s
    drv.wait_state(t)      until <html data-state> leaves "loading"; returns it
    drv.screenshot()       PNG bytes of the viewport
    drv.set_viewport(w, h) the page's inner size in CSS pixels
    drv.requests()         every URL the current page requested since open() (best each engine
                           can say: see each driver)
    drv.close()            end the browser (session teardown only)

Implementations: Chromium through Playwright (this module), Firefox ESR through WebDriver BiDi
(firefox_bidi.py), WebKitGTK through W3C WebDriver (webkit_wd.py). Each is launched once per
pytest session.
"""

from __future__ import annotations

import json
import subprocess
import time
from typing import Any

from page_support import CHROMIUM, CHROMIUM_ARGS  # noqa: F401 (conftest.py launches it)

BOOT_TIMEOUT = 150.0  # WebKit on a loaded 2-core machine with software rendering needs ~25 s


REPORT: dict[str, list[str]] = {}  # per browser: lines for the terminal summary (conftest.py)


def report(browser: str, line: str) -> None:
    REPORT.setdefault(browser, []).append(line)


class StepError(AssertionError):
    """A step that failed in a browser (the test adds which browser and which step)."""


class BrowserLost(StepError):
    """The browser ended the session (its page crashed or hung): the test runs once more in a
    new session (conftest.py); a wrong value is a StepError, never this."""


def stop_process(process: subprocess.Popen[Any], timeout: float) -> None:
    """Ends `process`: SIGTERM, then SIGKILL when it is still running after `timeout` s; reaped."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wrap(expr: str) -> str:
    """An async function body returning JSON of `expr`'s (awaited) value."""
    return f"return JSON.stringify(await ({expr})) ?? 'null';"


class Driver:
    name = "?"
    version = "?"

    def open(self, url: str, service_workers: bool = False) -> None:
        """A fresh page at `url`. Service workers: Chromium's contexts block them unless asked
        (a test of offline play asks); Firefox's user contexts and WebKit's page allow them."""
        raise NotImplementedError

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def _eval_json(self, body: str, timeout: float) -> str:
        raise NotImplementedError

    def eval(self, expr: str, timeout: float = 120.0) -> Any:
        return json.loads(self._eval_json(wrap(expr), timeout))

    def wait(self, expr: str, timeout: float = 60.0, interval: float = 0.1) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            value = self.eval(expr)
            if value:
                return value
            if time.monotonic() > deadline:
                raise StepError(f"still false after {timeout:.0f} s: {expr}")
            time.sleep(interval)

    def wait_state(self, timeout: float = BOOT_TIMEOUT) -> str:
        state: str = self.wait("document.documentElement.dataset.state !== 'loading' "
                               "&& document.documentElement.dataset.state", timeout, 0.2)
        return state

    def screenshot(self) -> bytes:
        raise NotImplementedError

    def set_viewport(self, width: int, height: int) -> None:
        raise NotImplementedError

    def requests(self) -> list[str]:
        raise NotImplementedError

    def revive(self) -> bool:
        """Starts a new session if the last one was lost (True); see webkit_wd.py."""
        return False

    def close(self) -> None:
        raise NotImplementedError


class ChromiumDriver(Driver):
    """Debian's Chromium through Playwright: pytest-playwright's session `browser`, which the
    end-to-end suite shares, so one pytest run launches Chromium once.

    A fresh browser context per open(); requests() is Playwright's log of every request of
    that context (frames and workers included)."""

    name = "chromium"

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.version = self.browser.version
        self.context: Any = None
        self.page: Any = None
        self._requests: list[str] = []

    def open(self, url: str, service_workers: bool = False) -> None:
        if self.context is not None:
            self.context.close()
        self._requests = []
        self.context = self.browser.new_context(service_workers="allow" if service_workers else "block")
        self.context.on("request", lambda r: self._requests.append(r.url))
        self.context.set_default_timeout(60_000)
        self.context.set_default_navigation_timeout(60_000)
        self.page = self.context.new_page()
        self.page.goto(url)

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def _eval_json(self, body: str, timeout: float) -> str:
        result: str = self.page.evaluate(f"async () => {{ {body} }}")
        return result

    def screenshot(self) -> bytes:
        data: bytes = self.page.screenshot()
        return data

    def set_viewport(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def requests(self) -> list[str]:
        return list(self._requests)

    def close(self) -> None:
        if self.context is not None:
            self.context.close()  # the browser itself is pytest-playwright's to close


def boot(drv: Driver, url: str) -> float:
    """Open `url` in a fresh page and wait for data-state "ready"; returns the seconds it took."""
    start = time.monotonic()
    drv.open(url)
    state = drv.wait_state()
    seconds = time.monotonic() - start
    assert state == "ready", f"data-state is {state!r}: " + str(drv.eval(
        "document.getElementById('status')?.textContent"))
    report(drv.name, f"{drv.name}: {url.split('/')[-1] or '/'} ready in {seconds:.1f} s")
    return seconds
