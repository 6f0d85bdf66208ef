"""docs/authoring.md's tutorial, run step by step: its files are written, its commands run, its test passes."""
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
    assert ran >= 7
