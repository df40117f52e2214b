"""WebKitGTK (the engine of Safari) through WebKitWebDriver, a W3C WebDriver server, in Xvfb.

Xvfb picks a free display itself (-displayfd); WebKitWebDriver listens on a free loopback port;
one WebDriver session (one MiniBrowser in --automation mode) serves the whole pytest session,
driven by plain HTTP. WebDriver has no browser contexts: open() first clears the origin's
storage from a blank page on the same server (`blank_url`), then loads the game. requests()
is what the page's Resource Timing lists (the document and every resource it fetched), since
WebDriver has no network log.

WebKit ends a session when its page crashes or hangs (the command in flight answers "Could not
parse script result", every later one "invalid session id"). That is the browser going away, not
a wrong value: the driver raises BrowserLost (with the tail of WebKitWebDriver's and
MiniBrowser's log), starts a new session before the next test (conftest.py), and the test that
lost it runs once more; any other failure fails at once.
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from typing import Any

from drivers import BrowserLost, Driver, StepError, stop_process
from nginx import free_port
from page_support import WORKER_RESOURCES

MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"

ASYNC = """const done = arguments[arguments.length - 1];
(async () => { %s })().then((v) => done({ ok: v }), (e) => done({ error: String((e && e.stack) || e) }));"""


def minibrowser() -> str:
    """The MiniBrowser of the installed libwebkit2gtk (its path depends on the architecture)."""
    if os.path.exists(MINIBROWSER):
        return MINIBROWSER
    out = subprocess.run(["dpkg", "-L", "libwebkit2gtk-4.1-0"], capture_output=True, text=True).stdout
    found = [line for line in out.splitlines() if line.endswith("/MiniBrowser")]
    if not found:
        raise RuntimeError("MiniBrowser not found: apt-get install libwebkit2gtk-4.1-0 webkit2gtk-driver")
    return found[0]


class WebKitDriver(Driver):
    name = "webkit"

    def __init__(self, blank_url: str) -> None:
        self.blank_url = blank_url
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24",
                                      "-nolisten", "tcp"], pass_fds=(write,),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as f:
            display = f.readline().strip()
        if not display:
            self.xvfb.kill()
            raise RuntimeError("Xvfb did not start")
        self.port = free_port()
        # No GPU here (as Chromium's --disable-gpu): WebKit otherwise paints and composites with
        # OpenGL, which under Xvfb is Mesa's software rasteriser, and its web process crashed
        # inside it (SIGSEGV in swrast_dri.so on WebKit's painting thread; seen about once in ten
        # tests once the page animated more). Skia paints on the CPU and the page is composited
        # without OpenGL, as WebKitGTK does on a machine without a usable GPU.
        env = {**os.environ, "DISPLAY": f":{display}", "WEBKIT_SKIA_ENABLE_CPU_RENDERING": "1",
               "WEBKIT_DISABLE_COMPOSITING_MODE": "1"}
        # WebKitWebDriver's output and MiniBrowser's (its child) go to one log, quoted when the
        # session is lost
        self.log = tempfile.NamedTemporaryFile(prefix="boce-webkit-", suffix=".log", delete=False)
        self.driver = subprocess.Popen(["WebKitWebDriver", f"--port={self.port}"], env=env,
                                       stdout=self.log, stderr=subprocess.STDOUT)
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                self._http("GET", "/status")
                break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline:
                    self._stop_processes()
                    raise RuntimeError("WebKitWebDriver did not answer within 30 s") from None
                time.sleep(0.2)
        self.lost: str | None = None
        self._new_session()

    def _new_session(self) -> None:
        caps = {"browserName": "MiniBrowser", "pageLoadStrategy": "normal",
                "webkitgtk:browserOptions": {"binary": minibrowser(), "args": ["--automation"]}}
        value = self._http("POST", "/session", {"capabilities": {"alwaysMatch": caps}}, timeout=120)
        self.session = value["sessionId"]
        self.version = value["capabilities"].get("browserVersion", "?")
        self.lost = None
        self.cmd("POST", "/timeouts", {"script": 300_000, "pageLoad": 120_000})

    def revive(self) -> bool:
        """A new session when the last one was lost (True), else nothing (False)."""
        if self.lost is None:
            return False
        try:
            self._http("DELETE", f"/session/{self.session}", timeout=30)
        except StepError:
            pass  # already gone
        self._new_session()
        return True

    def log_tail(self, lines: int = 30) -> str:
        try:
            text = open(self.log.name, errors="replace").read()
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def _http(self, method: str, path: str, body: Any = None, timeout: float = 120.0) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return json.loads(resp.read() or b"{}").get("value")
        except urllib.error.HTTPError as exc:
            try:
                value = json.loads(exc.read()).get("value", {})
            except ValueError:
                value = {}
            error, message = value.get("error", exc.code), value.get("message", "")
            what = f"WebDriver {method} {path}: {error}: {message}"
            if path.startswith("/session/") and (error == "invalid session id"
                                                 or message == "Could not parse script result"):
                self.lost = what
                raise BrowserLost(f"{what}\n--- WebKitWebDriver/MiniBrowser log ---\n{self.log_tail()}") from None
            raise StepError(what) from None

    def cmd(self, method: str, path: str, body: Any = None, timeout: float = 120.0) -> Any:
        return self._http(method, f"/session/{self.session}{path}", body, timeout)

    def open(self, url: str, service_workers: bool = False) -> None:
        self.goto(self.blank_url)
        self.eval("(localStorage.clear(), sessionStorage.clear(), true)")
        self.goto(url)

    def goto(self, url: str) -> None:
        self.cmd("POST", "/url", {"url": url})

    def reload(self) -> None:
        self.cmd("POST", "/refresh", {})

    def _eval_json(self, body: str, timeout: float) -> str:
        result = self.cmd("POST", "/execute/async", {"script": ASYNC % body, "args": []}, timeout + 10)
        if "error" in result:
            raise StepError(f"JavaScript error: {result['error']}")
        value: str = result["ok"]
        return value

    def screenshot(self) -> bytes:
        return base64.b64decode(self.cmd("GET", "/screenshot"))

    def set_viewport(self, width: int, height: int) -> None:
        # The window rect includes MiniBrowser's own frame: set it, measure, correct once.
        w, h = width, height
        for _ in range(3):
            self.cmd("POST", "/window/rect", {"width": w, "height": h})
            inner = self.eval("[innerWidth, innerHeight]")
            if inner == [width, height]:
                return
            w, h = w + width - inner[0], h + height - inner[1]
        raise StepError(f"could not size the viewport to {width}x{height} (it is {inner})")

    def requests(self) -> list[str]:
        # The page's Resource Timing, plus, on the game page (it has window.bridge), the engine
        # worker's own, where the runtime is fetched: asked of the worker's Python through
        # static/js/round/bridge.js (the page's module instance; other pages never import it here).
        urls: list[str] = self.eval(f"""(async () => [
            location.href, ...performance.getEntriesByType('resource').map((e) => e.name),
            ...(await {WORKER_RESOURCES}).map(([url]) => url)])()""")
        return urls

    def _stop_processes(self) -> None:
        for p in (self.driver, self.xvfb):
            stop_process(p, 10)

    def close(self) -> None:
        try:
            self._http("DELETE", f"/session/{self.session}", timeout=30)
        except Exception:  # noqa: BLE001 (stopping anyway)
            pass
        self._stop_processes()
        self.log.close()
        os.unlink(self.log.name)
