"""docs/modding.md, run as a new modder would: its files are written in order, every command in it is run (its
exit code and the lines it shows checked), the CI files it gives are the ones run (the pre-commit hooks named
exist and pass, the workflow's commands are the page's), and what it says a mistake reads is what is said."""
from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import yaml

from interpreter.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "modding.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"```(\w+)([^\n]*)\n(.*?)```", re.S)
QUOTED = r'"((?:[^"\\]|\\.)*)"'


def _unquote(s: str) -> str:
    return s.replace('\\"', '"').replace("\\n", "\n")


def _run(words: list, capsys) -> tuple[int, str]:
    code = main(words)
    out = capsys.readouterr()
    assert "Traceback" not in out.err and "internal error" not in out.err, out.err
    return code, out.out + out.err


def test_the_modding_page_works(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    here, ran, in_mod = tmp_path, [], []
    for lang, info, body in BLOCK.findall(DOC):
        if lang == "console":
            lines = body.splitlines()
            for i, line in enumerate(lines):
                if not line.startswith("$ "):
                    continue
                shown = []
                for after in lines[i + 1:]:
                    if after.startswith("$ "):
                        break
                    shown.append(after)
                cmd, _, comment = line[2:].partition("#")
                words = shlex.split(cmd)
                want = int(comment.split("exit")[1]) if "exit" in comment else 0
                if words[0] == "mkdir":
                    (here / words[1]).mkdir()
                elif words[0] == "cd":
                    here = here / words[1]
                    monkeypatch.chdir(here)
                elif words[0] == "cp":
                    assert words[1] == "-r" and words[2].startswith("content/")
                    shutil.copytree(ROOT / words[2], here / words[3])
                else:
                    assert words[0] == "meeple", line
                    code, out = _run(words[1:], capsys)
                    assert code == want, f"{line}: exit {code}\n{out}"
                    for s in shown:  # what the page shows the command saying
                        assert s in out.splitlines(), f"{line}: {s!r} not in\n{out}"
                    if words[1] == "test":
                        assert re.search(r"^[1-9]\d* scenario\(s\): \d+ passed, 0 failed$", out, re.M), out
                    if here != tmp_path:
                        in_mod.append(cmd.strip())
                ran.append(words[0])
        elif lang == "yaml" and "file=" in info:
            path = tmp_path / re.search(r"file=(\S+)", info).group(1)
            path.parent.mkdir(parents=True, exist_ok=True)
            if "replace=" in info:
                old, new = (_unquote(x) for x in re.search(f"replace={QUOTED} with={QUOTED}", info).groups())
                text = path.read_text(encoding="utf-8")
                assert text.count(old) == 1, old
                path.write_text(text.replace(old, new), encoding="utf-8")
            else:
                path.write_text(body, encoding="utf-8")
    assert ran.count("meeple") >= 8
    mod = tmp_path / "gold-bug"
    _the_ci_files_are_what_ran(mod, in_mod, capsys)
    monkeypatch.chdir(tmp_path)
    _the_requires_error_reads_as_shown(mod, capsys)
    monkeypatch.chdir(mod)
    _the_annotation_reads_as_shown(mod, capsys)


def _the_ci_files_are_what_ran(mod: Path, in_mod: list, capsys) -> None:
    """The workflow's meeple steps are the commands the page ran in the mod's folder; the pre-commit hooks it
    names are meeple's, and each passes on the mod's files as pre-commit runs it (its entry, the files)."""
    flow = yaml.safe_load((mod / ".github" / "workflows" / "meeple.yml").read_text(encoding="utf-8"))
    runs = [s["run"] for s in flow["jobs"]["check"]["steps"] if "run" in s]
    assert [r for r in runs if r.startswith("meeple ")] == in_mod and any("--format github" in r for r in runs)
    config = yaml.safe_load((mod / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    hooks = {h["id"]: h for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    named = [h["id"] for r in config["repos"] for h in r["hooks"]]
    assert named and set(named) <= set(hooks)
    files = sorted(str(p.relative_to(mod)) for p in mod.rglob("*.yaml") if ".github" not in p.parts)
    for hook_id in named:
        hook = hooks[hook_id]
        entry = shlex.split(hook["entry"])
        code, out = _run([*entry[1:], *[f for f in files if re.search(hook["files"], f)]], capsys)
        assert code == 0, f"{hook_id}: {out}"


def _the_requires_error_reads_as_shown(mod: Path, capsys) -> None:
    said = re.search(r"```text\n(gold-bug/mod.yaml:[^\n]*E-REQUIRES\])\n```", DOC).group(1)
    ranged = re.search(r'`requires: \{game: debtzilla, version: "([^"]+)"\}`', DOC).group(1)
    path = mod / "mod.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('">=1.0, <2"', f'"{ranged}"'), encoding="utf-8")
    code, out = _run(["validate", "gold-bug"], capsys)
    path.write_text(text, encoding="utf-8")
    assert code == 1 and said in out.splitlines(), out


def _the_annotation_reads_as_shown(mod: Path, capsys) -> None:
    wrong, right = re.search(r"With `(\w+)` written for `(\w+)` in the boss file", DOC).groups()
    said = re.search(r"the annotation reads\n`(::error [^\n]*)`:", DOC).group(1)
    path = mod / "bosses" / "gold_bug.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f'{right}(2, "the gold rush")', f'{wrong}(2, "the gold rush")'), encoding="utf-8")
    code, out = _run(["validate", ".", "--format", "github"], capsys)
    path.write_text(text, encoding="utf-8")
    assert code == 1 and said in out.splitlines(), out
