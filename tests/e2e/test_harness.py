"""The harness's own logic, without a browser."""

from __future__ import annotations

import pytest
from e2e_harness import is_loopback_url


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8000/",
        "http://127.8.9.10/x.js",
        "http://localhost:1234/a",
        "http://[::1]:8000/",
        "data:text/plain,hi",
        "blob:http://127.0.0.1:8000/0b5c",
    ],
)
def test_local_urls_are_allowed(url: str) -> None:
    assert is_loopback_url(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://cdn.jsdelivr.net/pyodide/v314.0.7/full/pyodide.mjs",
        "http://10.0.0.1/",
        "http://192.168.1.1:8000/",
        "http://0.0.0.0:8000/",
        "http://127.0.0.1.example.com/",
        "ws://example.com/socket",
    ],
)
def test_other_urls_are_external(url: str) -> None:
    assert not is_loopback_url(url)
