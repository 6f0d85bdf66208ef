"""The pre-commit hook, run as pre-commit runs it: its entry with the changed files of a sample repository."""
from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
HOOKS = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())


def run_hook(hook_id: str, repo: Path, files: list[str]) -> subprocess.CompletedProcess:
    hook = next(h for h in HOOKS if h["id"] == hook_id)
    import re
    files = [f for f in files if re.search(hook["files"], f)]
    entry = shlex.split(hook["entry"])
    assert entry[0] == "meeple"
    cmd = [sys.executable, "-m", "interpreter.cli.main", *entry[1:], *files]
    return subprocess.run(cmd, cwd=repo, capture_output=True, text=True)


def test_hooks_declare_a_python_entry_on_yaml_files():
    assert {h["id"] for h in HOOKS} == {"meeple-validate", "meeple-validate-strict", "meeple-test"}
    for h in HOOKS:
        assert h["language"] == "python" and h["pass_filenames"] and h["entry"].split()[:2] in (
            ["meeple", "validate"], ["meeple", "test"])


def test_the_test_hook_runs_the_scenarios_of_the_changed_game(tmp_path):
    repo = tmp_path / "repo"
    shutil.copytree(ROOT / "content" / "happy-city", repo / "games" / "city")
    files = ["games/city/cards/buildings.yaml"]
    ok = run_hook("meeple-test", repo, files)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    example = repo / "games" / "city" / "tests" / "scoring-example.yaml"
    example.write_text(example.read_text().replace("final_score(ann) == 40", "final_score(ann) == 41"))
    fail = run_hook("meeple-test", repo, files)
    assert fail.returncode == 1
    assert "games/city/tests/scoring-example.yaml:" in fail.stdout and "found:    40 == 41" in fail.stdout


def test_the_hook_passes_good_content_and_fails_bad_content(tmp_path):
    repo = tmp_path / "repo"
    shutil.copytree(ROOT / "content" / "kaiju-inc", repo / "games" / "kaiju")
    (repo / "README.txt").write_text("not yaml")
    files = ["games/kaiju/game.yaml", "games/kaiju/cards/kaiju.yaml", "README.txt"]
    ok = run_hook("meeple-validate", repo, files)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    bad = repo / "games" / "kaiju" / "cards" / "kaiju.yaml"
    bad.write_text(bad.read_text().replace("kind: kaiju", "kind: kaiyu", 1))
    fail = run_hook("meeple-validate", repo, files)
    assert fail.returncode == 1
    assert "games/kaiju/cards/kaiju.yaml:" in fail.stdout and "unknown card kind `kaiyu`" in fail.stdout
    assert "did you mean `kaiju`?" in fail.stdout


def test_pre_commit_try_repo_installs_meeple_and_runs_the_hook(tmp_path):
    """`pre-commit try-repo`, as a user runs it: pre-commit installs this repository into an environment of its
    own (`pip install .`, not an editable install: what the wheel carries is all there is) and runs the hook
    on a sample repository; good content passes, a misspelt kind fails with its place."""
    pytest.importorskip("pre_commit")
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and this repository's history")
    repo = tmp_path / "repo"
    shutil.copytree(ROOT / "content" / "kaiju-inc", repo / "games" / "kaiju")
    git = ["git", "-c", "user.name=meeple", "-c", "user.email=meeple@example.org"]
    for cmd in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "sample"]):
        subprocess.run([*git, *cmd], cwd=repo, check=True, capture_output=True)
    env = dict(os.environ, PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"), MEEPLE_CACHE="off")
    run = [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "meeple-validate", "--all-files"]
    ok = subprocess.run(run, cwd=repo, env=env, capture_output=True, text=True, timeout=600)
    assert ok.returncode == 0, ok.stdout[-3000:] + ok.stderr[-3000:]
    assert "meeple validate" in ok.stdout and "Passed" in ok.stdout
    bad = repo / "games" / "kaiju" / "cards" / "kaiju.yaml"
    bad.write_text(bad.read_text().replace("kind: kaiju", "kind: kaiyu", 1))
    fail = subprocess.run(run, cwd=repo, env=env, capture_output=True, text=True, timeout=600)
    assert fail.returncode == 1
    assert "games/kaiju/cards/kaiju.yaml:" in fail.stdout and "unknown card kind `kaiyu`" in fail.stdout
