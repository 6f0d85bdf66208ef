"""An installed meeple (a wheel, `pip install .`, the environment pre-commit makes for the hook) carries what a
source checkout reads beside the package: the grammar with its schemas, the bundled games, the web page's
files (pyproject.toml, interpreter/files.py). The package is built as a wheel is built, by setuptools from
pyproject.toml's configuration, and run from there, away from the checkout."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytest.importorskip("setuptools")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("built")
    script = "import sys, setuptools; sys.argv = ['setup.py', '-q', 'build_py', '--build-lib', sys.argv[1]]; setuptools.setup()"
    r = subprocess.run([sys.executable, "-c", script, str(out)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    return out


def _files(folder: Path, pattern: str = "*") -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob(pattern)
            if p.is_file() and "__pycache__" not in p.parts}


def test_the_built_package_holds_the_code_the_grammar_the_games_and_the_web_files(built):
    pkg = built / "interpreter"
    assert _files(ROOT / "interpreter", "*.py") <= _files(pkg, "*.py")  # no subpackage forgotten
    assert _files(ROOT / "grammar") == _files(pkg / "grammar") and "effects.lark" in _files(pkg / "grammar")
    made = {f for f in _files(pkg / "grammar") if not f.endswith(".schema.json")}
    assert made == {"effects.lark"}  # lark reads the grammar itself: nothing made from it is shipped beside it
    assert _files(ROOT / "content") == _files(pkg / "content")
    assert _files(ROOT / "interpreter" / "web" / "static") == _files(pkg / "web" / "static")


def _run(built: Path, tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(built), MEEPLE_CACHE="off")
    return subprocess.run([sys.executable, *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)


def test_the_built_package_finds_its_files_inside_itself(built, tmp_path):
    r = _run(built, tmp_path, "-c", "from interpreter import files, bundled_games; "
             "print(files.GRAMMAR_DIR); print(files.CONTENT_DIR); print(sorted(bundled_games()))")
    assert r.returncode == 0, r.stderr
    grammar, content, games = r.stdout.splitlines()
    assert Path(grammar) == built / "interpreter" / "grammar" and Path(content) == built / "interpreter" / "content"
    assert games == str(sorted(p.name for p in (ROOT / "content").iterdir() if (p / "game.yaml").is_file()))


def test_the_built_package_validates_content_and_plays_a_bundled_game(built, tmp_path):
    ok = _run(built, tmp_path, "-m", "interpreter.cli.main", "validate", str(built / "interpreter" / "content"))
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "0 error(s)" in ok.stdout + ok.stderr
    match = _run(built, tmp_path, "-m", "interpreter.cli.main", "play", "kaiju-inc", "--players", "3", "--bots", "all",
                 "--seed", "7")
    assert match.returncode == 0, match.stderr
    assert "decisions" in match.stdout
