"""Firefox ESR driven over WebDriver BiDi by a small client (the `websockets` package).

Firefox starts headless with `--remote-debugging-port=0` and a throw-away profile; it prints the
BiDi WebSocket address on stderr, and one BiDi session serves the whole pytest session. Its
environment has MOZ_DISABLE_NONLOCAL_CONNECTIONS=1: Firefox makes none of its own start-up
look-ups and crashes on any connection to a host that is not loopback, a tripwire for a page
that reaches outside. open() gives every test a fresh user context (its own storage) and tab;
requests() is what `network.beforeRequestSent` reported since (frames included).
"""

from __future__ import annotations

import base64
import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from contextlib import ExitStack
from typing import Any

from drivers import Driver, StepError, stop_process
from websockets.sync.client import connect

FIREFOX = shutil.which("firefox-esr") or "/usr/bin/firefox-esr"
PREFS = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "browser.safebrowsing.update.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
}


class FirefoxDriver(Driver):
    name = "firefox"

    def __init__(self) -> None:
        self.profile = tempfile.mkdtemp(prefix="boce-firefox-")
        with open(os.path.join(self.profile, "user.js"), "w") as f:
            for key, value in PREFS.items():
                f.write(f'user_pref("{key}", {json.dumps(value)});\n')
        env = {**os.environ, "MOZ_DISABLE_NONLOCAL_CONNECTIONS": "1", "MOZ_CRASHREPORTER_DISABLE": "1"}
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", self.profile, "--remote-debugging-port=0"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.stderr: list[str] = []
        url = self._bidi_address()
        threading.Thread(target=self._drain_stderr, daemon=True).start()
        self._stack = ExitStack()  # the connection, closed in close()
        self.ws = self._stack.enter_context(connect(url + "/session", max_size=None, open_timeout=30))
        self._ids = itertools.count(1)
        self._pending: dict[int, tuple[threading.Event, list[Any]]] = {}
        self._lock = threading.Lock()
        self._requests: list[str] = []
        self._closed = False
        threading.Thread(target=self._read, daemon=True, name="bidi-reader").start()
        caps = self.send("session.new", {"capabilities": {}})["capabilities"]
        self.version = caps.get("browserVersion", "?")
        self.send("session.subscribe", {"events": ["network.beforeRequestSent"]})
        self.user_context: str | None = None
        self.context: str | None = None

    def _bidi_address(self) -> str:
        assert self.process.stderr is not None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = self.process.stderr.readline()
            if not line and self.process.poll() is not None:
                break
            self.stderr.append(line)
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                return found.group(1)
        self.process.kill()
        raise RuntimeError("firefox-esr did not open its BiDi port:\n" + "".join(self.stderr[-20:]))

    def _drain_stderr(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.stderr = (self.stderr + [line])[-50:]

    def _read(self) -> None:
        try:
            for raw in self.ws:
                msg = json.loads(raw)
                if "id" in msg:
                    with self._lock:
                        waiter = self._pending.pop(msg["id"], None)
                    if waiter:
                        waiter[1].append(msg)
                        waiter[0].set()
                elif msg.get("method") == "network.beforeRequestSent":
                    self._requests.append(msg["params"]["request"]["url"])
        except Exception:  # noqa: BLE001 (the connection closed: waiters time out and say so)
            pass

    def send(self, method: str, params: dict[str, Any], timeout: float = 60.0) -> Any:
        n = next(self._ids)
        done = threading.Event()
        box: list[Any] = []
        with self._lock:
            self._pending[n] = (done, box)
        self.ws.send(json.dumps({"id": n, "method": method, "params": params}))
        if not done.wait(timeout):
            alive = "running" if self.process.poll() is None else f"exited ({self.process.returncode})"
            raise StepError(f"BiDi {method}: no answer in {timeout:.0f} s; firefox {alive}; stderr:\n"
                            + "".join(self.stderr[-10:]))
        msg = box[0]
        if msg.get("type") == "error":
            raise StepError(f"BiDi {method}: {msg.get('error')}: {msg.get('message')}")
        return msg["result"]

    def open(self, url: str, service_workers: bool = False) -> None:
        if self.context is not None:
            self.send("browsingContext.close", {"context": self.context})
            self.send("browser.removeUserContext", {"userContext": self.user_context})
        self.user_context = self.send("browser.createUserContext", {})["userContext"]
        self.context = self.send("browsingContext.create",
                                 {"type": "tab", "userContext": self.user_context})["context"]
        self._requests = []
        self.goto(url)

    def goto(self, url: str) -> None:
        self.send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self.send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def _eval_json(self, body: str, timeout: float) -> str:
        result = self.send("script.evaluate", {
            "expression": f"(async () => {{ {body} }})()", "target": {"context": self.context},
            "awaitPromise": True, "resultOwnership": "none"}, timeout)
        if result["type"] == "exception":
            details = result["exceptionDetails"]
            raise StepError(f"JavaScript error: {details.get('text')}")
        value: str = result["result"]["value"]
        return value

    def screenshot(self) -> bytes:
        data = self.send("browsingContext.captureScreenshot", {"context": self.context})["data"]
        return base64.b64decode(data)

    def set_viewport(self, width: int, height: int) -> None:
        self.send("browsingContext.setViewport",
                  {"context": self.context, "viewport": {"width": width, "height": height}})

    def requests(self) -> list[str]:
        return list(self._requests)

    def close(self) -> None:
        try:
            self.send("session.end", {}, timeout=10)
        except Exception:  # noqa: BLE001 (ending anyway)
            pass
        try:
            self._stack.close()
        finally:
            stop_process(self.process, 15)
            shutil.rmtree(self.profile, ignore_errors=True)
