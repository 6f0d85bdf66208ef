"""Shared fixtures: games are loaded and compiled once per test session."""
from __future__ import annotations

import functools
import os
import shutil
import tempfile
import textwrap
from pathlib import Path

import pytest

from interpreter import load_game
from interpreter.testing import Scenario

# The run's own disk cache (interpreter/dsl/disk_cache.py), shared by the tests and the processes they start,
# removed at the end: the suite never writes into the user's cache, and it runs with the cache as users do.
_CACHE_DIR = os.environ.setdefault("MEEPLE_CACHE_DIR", tempfile.mkdtemp(prefix="meeple-test-cache-"))
# ...and its own data directory: a `meeple serve` the tests start keeps its matches there, not in the user's
_DATA_DIR = tempfile.mkdtemp(prefix="meeple-test-data-", dir=_CACHE_DIR)
os.environ["XDG_DATA_HOME"] = _DATA_DIR


def pytest_collection_modifyitems(session, config, items):
    """The browser tests last: Playwright's browser, kept open for the whole session (tests/e2e/conftest.py), holds
    an event loop running in this thread, and the language server's client tests (pytest-lsp, on asyncio) cannot
    start theirs beside it."""
    items.sort(key=lambda item: "e2e" in Path(str(item.fspath)).parts)  # a stable sort: the order otherwise kept


def pytest_sessionfinish(session, exitstatus):
    if hasattr(session.config, "workerinput"):  # a worker of pytest-xdist: the run's controller removes the cache last
        return
    if Path(_CACHE_DIR).name.startswith("meeple-test-cache-"):
        shutil.rmtree(_CACHE_DIR, ignore_errors=True)

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"


@functools.cache
def _game(name: str, include_choice: frozenset):
    return load_game(CONTENT / name, options=dict(include_choice))


def game(name: str, options: dict | None = None):
    """A bundled game, loaded once per choice of the options that pick its included files."""
    from interpreter.loader.layers import include_options
    keys = include_options(CONTENT / name)
    return _game(name, frozenset((k, v) for k, v in (options or {}).items() if k in keys))


@pytest.fixture(scope="session")
def kaiju():
    return game("kaiju-inc")


@pytest.fixture
def scenario():
    def make(name, players, **kw):
        return Scenario(game(name, kw.get("options")), players, **kw)
    return make


def write_game(tmp_path: Path, files: dict) -> Path:
    """A game folder from {relative path: text}; texts are dedented."""
    for rel, text in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            p.write_bytes(text)
        else:
            p.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return tmp_path


MINI_GAME = """
game: mini
name: Mini
players: {min: 1, max: 4}
cards: [cards/*.yaml]
enums:
  colour: [red, blue]
kinds:
  token:
    fields: {colour: colour, value: int}
    effects: [use]
    expressions: [worth]
zones:
  deck: {visibility: hidden}
  pool: {visibility: public}
player:
  zones:
    hand: {visibility: owner}
  counters:
    coins: {initial: 0, min: 0, max: 20}
    wheel: {wrap: 4, on_wrap: lap}
  vars:
    laps: 0
counters:
  level: {initial: 0, thresholds: [3, 6], on_threshold: alarm}
vars:
  alarms: []
events:
  lap: [player]
  alarm: [value]
on:
  lap: |
    player.laps += 1
  alarm: |
    alarms += [value]
procedures:
  gain:
    params: [p, n]
    do: p.coins += n
setup: |
  move(box, deck)
  shuffle(deck)
round:
  - phase: main
    do: |
      for p in players {
        let c = choose c from deck where c.value > 0 by p prompt "{p.name}: take a token"
        if c != none {
          move(c, p.hand)
          gain(p, c.value)
        }
      }
      if deck.size == 0 { trigger_end("the deck is empty") }
score: me.coins
"""

MINI_CARDS = """
- id: red_one
  name: Red One
  kind: token
  colour: red
  value: 1
  copies: 2
- id: blue_two
  name: Blue Two
  kind: token
  colour: blue
  value: 2
  worth: this.value * 10
  use: |
    me.coins += 5
"""


@pytest.fixture
def mini(tmp_path):
    """A tiny valid game folder, to break in tests."""
    return write_game(tmp_path / "mini", {"game.yaml": MINI_GAME, "cards/tokens.yaml": MINI_CARDS})
