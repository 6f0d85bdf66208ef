"""docs/authoring.md's tutorial, run step by step: its files are written, its commands run (its scenarios among
them), its test passes, and a scenario made wrong fails as it says."""
from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

from interpreter.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
TUTORIAL = DOC[DOC.index("## Tutorial"):DOC.index("## Checking content in CI")]
BLOCK = re.compile(r"```(\w+)([^\n]*)\n(.*?)```", re.S)


def test_the_tutorial_works(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "grammar", tmp_path / "grammar")
    ran = 0
    for lang, info, body in BLOCK.findall(TUTORIAL):
        attrs = dict(re.findall(r'(\w+)="?([^"\s]+(?: \d+)?)"?', info))
        if lang == "console":
            for line in body.splitlines():
                if not line.startswith("$ "):
                    continue
                cmd, _, comment = line[2:].partition("#")
                words = shlex.split(cmd)
                want = int(comment.split("exit")[1]) if "exit" in comment else 0
                if words[0] == "cp":
                    shutil.copytree(ROOT / words[2], tmp_path / words[3])
                    continue
                assert words[0] == "meeple"
                words = [str(ROOT / w) if w.startswith("content/") else w for w in words[1:]]
                code = main(words)
                out = capsys.readouterr()
                assert code == want, f"{line}: exit {code}\n{out.out}\n{out.err}"
                if want == 1:
                    assert "declares 117 `all` cards, but the card files hold 118" in out.out
                if words[0] == "test" and "--mutate" in words:  # what the doc says the scenario pins
                    assert "8 of 8 mutants killed (100.0%)" in out.out, out.out
                elif words[0] == "test":  # scenarios ran, and passed
                    assert re.search(r"^[1-9]\d* scenario\(s\): \d+ passed, 0 failed$", out.out, re.M), out.out
                ran += 1
        elif lang == "yaml" and "file" in attrs:
            path = tmp_path / attrs["file"]
            path.parent.mkdir(parents=True, exist_ok=True)
            if "replace" in attrs:
                m = re.search(r'replace="([^"]*)" with="([^"]*)"', info)
                path.write_text(path.read_text().replace(m.group(1), m.group(2)))
            elif attrs.get("mode") == "append":
                path.write_text(path.read_text() + body)
            else:
                path.write_text(body)
        elif lang == "python":
            code = body.replace('"content/kaiju-inc"', repr(str(ROOT / "content" / "kaiju-inc")))
            ns: dict = {}
            exec(compile(code, "authoring.md", "exec"), ns)
            for name, fn in ns.items():
                if name.startswith("test_"):
                    fn()
                    ran += 1
    assert ran >= 9
    # what the tutorial says of a scenario that expects a wrong value: placed, with what was expected and found
    said = re.search(r"with `([^`]+)`,\s+`meeple test my-kaiju` says `([^`]+)`, then\s+`(expected: [^`]+)` and "
                     r"`(found: [^`]+)`", TUTORIAL)
    aquarium = tmp_path / "my-kaiju" / "tests" / "aquarium.yaml"
    aquarium.write_text(aquarium.read_text().replace("ann.money == 3 + 2", said.group(1)))
    assert main(["test", "my-kaiju"]) == 1
    out = capsys.readouterr().out
    assert said.group(2) in out
    assert re.sub(r":\s+", ": ", said.group(3)) in re.sub(r":\s+", ": ", out)
    assert re.sub(r":\s+", ": ", said.group(4)) in re.sub(r":\s+", ": ", out)
