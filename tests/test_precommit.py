"""The pre-commit hook, run as pre-commit runs it: its entry with the changed files of a sample repository."""
from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

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
    assert {h["id"] for h in HOOKS} == {"meeple-validate", "meeple-validate-strict"}
    for h in HOOKS:
        assert h["language"] == "python" and h["pass_filenames"] and h["entry"].startswith("meeple validate")


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
