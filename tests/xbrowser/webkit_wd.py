"""WebKitGTK (the engine of Safari) through WebKitWebDriver, a W3C WebDriver server, in Xvfb.

Xvfb picks a free display itself (-displayfd); WebKitWebDriver listens on a free loopback port;
one WebDriver session (one MiniBrowser in --automation mode) serves the whole pytest session,
driven by plain HTTP. WebDriver has no browser contexts: open() first clears the origin's
storage from a blank page on the same server (`blank_url`), then loads the game. requests()
is what the page's Resource Timing lists (the document and every resource it fetched), since
WebDriver has no network log.
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import time
import urllib.error
import urllib.request
from typing import Any

from drivers import Driver, StepError
from nginx import free_port

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
        env = {**os.environ, "DISPLAY": f":{display}"}
        self.driver = subprocess.Popen(["WebKitWebDriver", f"--port={self.port}"], env=env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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
        caps = {"browserName": "MiniBrowser", "pageLoadStrategy": "normal",
                "webkitgtk:browserOptions": {"binary": minibrowser(), "args": ["--automation"]}}
        value = self._http("POST", "/session", {"capabilities": {"alwaysMatch": caps}}, timeout=120)
        self.session = value["sessionId"]
        self.version = value["capabilities"].get("browserVersion", "?")
        self.cmd("POST", "/timeouts", {"script": 300_000, "pageLoad": 120_000})

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
            raise StepError(f"WebDriver {method} {path}: {value.get('error', exc.code)}: "
                            f"{value.get('message', '')}") from None

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
        # static/js/bridge.js (the page's module instance; other pages never import it here).
        urls: list[str] = self.eval("""(async () => {
            const own = [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)];
            if (!window.bridge) return own;
            const { engine, engineMode } = await import('./static/js/bridge.js');
            if (engineMode !== 'worker') return own;
            const names = await engine.python(
                "import js, json\\njson.dumps([e.name for e in js.performance.getEntriesByType('resource')])");
            return [...own, ...JSON.parse(names)];
        })()""")
        return urls

    def _stop_processes(self) -> None:
        for p in (self.driver, self.xvfb):
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()

    def close(self) -> None:
        try:
            self._http("DELETE", f"/session/{self.session}", timeout=30)
        except Exception:  # noqa: BLE001 (stopping anyway)
            pass
        self._stop_processes()
