"""Browser tests: Playwright driving the system's Chromium (Debian's `chromium` package, never a downloaded
browser). They skip, saying why, where no Chromium or no Playwright is installed.

MEEPLE_CHROMIUM names another Chromium binary; MEEPLE_SCREENSHOTS=DIR saves each game's page there
(`MEEPLE_SCREENSHOTS=docs/screenshots python -m pytest tests/e2e` refreshes README's pictures).
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SECRET = Path(__file__).resolve().parent / "games" / "secret-hands"


def chromium_path() -> str | None:
    for candidate in (os.environ.get("MEEPLE_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright for Python is not installed (pip install -e '.[dev]')")
    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium found (apt-get install -y chromium; or set MEEPLE_CHROMIUM)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield b
        b.close()


def _refusal(text: str) -> bool:
    """The browser's own note on a 4xx answer: a refusal the page shows, not a problem of the page."""
    return "Failed to load resource: the server responded with a status of 4" in text


@pytest.fixture
def new_page(browser):
    """A page in a fresh browser context (its own cookies and storage: another person); console errors and
    page errors are collected and must stay empty."""
    contexts = []

    def make(width=1400, height=1000):
        ctx = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(ctx)
        page = ctx.new_page()
        page.problems = []
        page.requests = []  # every URL the page asked for (no token may be in one)
        page.on("request", lambda r: page.requests.append(r.url))
        page.on("pageerror", lambda e: page.problems.append(f"page error: {e}"))
        page.on("console", lambda m: m.type == "error" and not _refusal(m.text)
                and page.problems.append(f"console: {m.text}"))
        page.set_default_timeout(15_000)
        return page

    yield make
    for ctx in contexts:
        ctx.close()


def _serve(target, bot_delay=0, **kw):
    pytest.importorskip("uvicorn")
    from interpreter.web import create_app
    from interpreter.web.limits import Limits
    from interpreter.web.server import Running
    # pages clicked through by a program ask faster than people do: limits that let them
    app = create_app(target, bot_delay=bot_delay, limits=Limits(per_client=10_000, burst=10 ** 9, refill=10 ** 9), **kw)
    running = Running(app)
    base = running.__enter__()
    running.app.base = base
    return running


@pytest.fixture(scope="module")
def site():
    """Every bundled game, bots answering at once."""
    running = _serve(None)
    yield running.app
    running.__exit__(None, None, None)


@pytest.fixture(scope="module")
def secret_site():
    """The test game with hands only their owner sees."""
    running = _serve(str(SECRET))
    yield running.app
    running.__exit__(None, None, None)


@pytest.fixture(scope="session")
def shots():
    d = os.environ.get("MEEPLE_SCREENSHOTS")
    if d:
        Path(d).mkdir(parents=True, exist_ok=True)
    return Path(d) if d else None
