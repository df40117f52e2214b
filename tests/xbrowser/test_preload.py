"""The published pages preload their whole module graph (tools/dist.py preload_modules): one
<link rel="modulepreload"> for each module the page's module scripts import, so the browser
fetches them at once rather than one level of imports per round trip.

Expected value, found by a second method: the modules the browser itself fetched for the page
(its Resource Timing: every .js the page fetched; the engine worker's modules are .mjs, which
Chromium lists there too, and they are the worker's own graph; sw.js, the service worker, is
registered once the page is ready, and WebKit lists it) are exactly the page's scripts
and its modulepreload links, in Chromium, Firefox and WebKit.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

from drivers import Driver, boot
from nginx import Nginx

Step = Callable[[str], AbstractContextManager[None]]

FETCHED = """[...new Set(performance.getEntriesByType('resource').map((e) => new URL(e.name))
    .filter((u) => /\\.js$/.test(u.pathname) && !u.pathname.endsWith('/sw.js'))
    .map((u) => u.pathname.slice(u.pathname.indexOf('/static/') + 1)))].sort()"""

LISTED = """[...new Set([...document.querySelectorAll('link[rel=modulepreload], script[src]')]
    .map((e) => new URL(e.href || e.src).pathname).filter((p) => /\\.m?js$/.test(p))
    .map((p) => p.slice(p.indexOf('/static/') + 1)))].sort()"""


def test_every_module_the_page_loads_is_preloaded(drv: Driver, server: Nginx, step: Step) -> None:
    for page in ("?speed=fast", "par.html"):
        with step(f"open {page}"):
            if page.startswith("?"):
                boot(drv, server.game + page)
            else:
                drv.goto(server.game + page)
                drv.wait("document.documentElement.dataset.state === 'ready'")
        with step(f"{page}: the modules fetched against the page's list"):
            listed = drv.eval(LISTED)
            assert len(listed) > 5  # the whole graph, not only the entry scripts
            assert drv.eval(FETCHED) == listed
