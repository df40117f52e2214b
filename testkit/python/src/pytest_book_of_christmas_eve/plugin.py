"""The pytest plugin (entry point `pytest11`): fixtures `game`, `embed_host`, `assert_screenshot`,
`expected_round`, the option --update-screenshots, and Debian's Chromium by default."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from . import chromium
from .game import EmbedHost, EmbedHostFixture, Game
from .rounds import expected_round as _expected_round
from .screenshots import ScreenshotAsserter


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("book-of-christmas-eve")
    group.addoption("--update-screenshots", action="store_true", default=False,
                    help="assert_screenshot writes the baselines (__screenshots__/ beside each test) "
                         "instead of comparing with them")


def pytest_configure(config: pytest.Config) -> None:
    # pytest-playwright 0.10's base_url fixture (from pytest-base-url) trips a deprecation of
    # pytest 9 on every run; it is not the integrator's to fix, so it is not shown
    config.addinivalue_line("filterwarnings", "ignore:Session-scoped fixtures defined as instance methods")
    # Registered now, after every plugin of an entry point (pytest-playwright's among them), so
    # its browser_type_launch_args wraps pytest-playwright's instead of being shadowed by it.
    if not config.pluginmanager.has_plugin(chromium.__name__):
        config.pluginmanager.register(chromium, chromium.__name__)


@pytest.fixture
def game(page: Page, base_url: str | None) -> Game:
    """The game in the test's page: `game.open(**settings)`, then the page API (README.md)."""
    return Game(page, base_url)


@pytest.fixture(scope="session")
def _boce_embed_server() -> Iterator[EmbedHost]:
    server = EmbedHost()
    yield server
    server.close()


@pytest.fixture
def embed_host(_boce_embed_server: EmbedHost, page: Page, base_url: str | None) -> EmbedHostFixture:
    """`embed_host.open(settings, width=, height=)`: the game framed by a served host page."""
    return EmbedHostFixture(_boce_embed_server, page, base_url)


@pytest.fixture
def assert_screenshot(request: pytest.FixtureRequest) -> ScreenshotAsserter:
    """`assert_screenshot(page_or_locator, name)` against __screenshots__/TEST-NAME.png."""
    return ScreenshotAsserter(Path(str(request.node.path)), request.node.name,
                              bool(request.config.getoption("--update-screenshots")))


@pytest.fixture(scope="session")
def expected_round() -> Callable[..., dict[str, Any]]:
    """`expected_round(seed=, bet=, buy=False, index=0)`: the engine's round on CPython."""
    return _expected_round
