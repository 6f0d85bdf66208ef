"""docs/editors.md's Neovim set-up, run in a real Neovim (headless) against a copy of Kaiju Incorporated with a
misspelled verb: the diagnostic on its line, completion, the quick fix applied until the diagnostic is gone,
signature help. Debian 12's Neovim is 0.7.2, the oldest the set-up serves; without Neovim the test skips.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NVIM = shutil.which("nvim")
PROBE = r"""
local out = {}
vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
out.diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(out.diagnostics, { d.lnum, d.col, d.message }) end
local line = vim.fn.search("shufle(") - 1
local col = vim.fn.col(".") - 1
local doc = { uri = vim.uri_from_bufnr(0) }
local function ask(method, params)
  for _, res in pairs(vim.lsp.buf_request_sync(0, method, params, 20000) or {}) do return res.result end
end
local items = ask("textDocument/completion", { textDocument = doc, position = { line = line, character = col + 3 } })
out.completion = {}
for _, it in ipairs(items and (items.items or items) or {}) do table.insert(out.completion, it.label) end
local diags = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(diags, { message = d.message, code = d.code, range = {
    start = { line = d.lnum, character = d.col }, ["end"] = { line = d.end_lnum, character = d.end_col } } })
end
out.actions = {}
for _, a in ipairs(ask("textDocument/codeAction", { textDocument = doc, range = diags[1].range,
                                                    context = { diagnostics = diags } }) or {}) do
  table.insert(out.actions, a.title)
  vim.lsp.util.apply_workspace_edit(a.edit, "utf-16")
end
out.fixed = vim.api.nvim_buf_get_lines(0, line, line + 1, false)[1]
vim.wait(30000, function() return #vim.diagnostic.get(0) == 0 end, 50)
out.after = #vim.diagnostic.get(0)
local sig = ask("textDocument/signatureHelp", { textDocument = doc, position = { line = line, character = col + 8 } })
out.signature = sig and sig.signatures[1].label or ""
out.version = vim.version().major .. "." .. vim.version().minor
vim.fn.writefile({ vim.fn.json_encode(out) }, vim.env.PROBE_OUT)
vim.cmd("qa!")
"""


def _setup() -> str:
    """The Lua of docs/editors.md's Neovim set-up, starting this checkout's server."""
    doc = (ROOT / "docs" / "editors.md").read_text(encoding="utf-8")
    lua = re.search(r"### Neovim 0\.7 and newer.*?```lua\n(.*?)```", doc, re.S).group(1)
    assert 'cmd = { "meeple", "lsp" }' in lua
    server = ", ".join(json.dumps(a) for a in (sys.executable, "-m", "interpreter.command", "lsp"))
    return lua.replace('cmd = { "meeple", "lsp" }', f"cmd = {{ {server} }}")


@pytest.mark.skipif(NVIM is None, reason="no Neovim (Debian: apt-get install neovim)")
def test_the_documented_neovim_setup_gets_diagnostics_completion_a_quick_fix_and_signature_help(tmp_path):
    game = tmp_path / "kaiju-inc"
    shutil.copytree(ROOT / "content" / "kaiju-inc", game)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("shuffle(", "shufle(", 1), encoding="utf-8")
    line = next(i for i, t in enumerate(text.split("\n")) if "shuffle(" in t)
    (tmp_path / "init.lua").write_text(_setup(), encoding="utf-8")
    (tmp_path / "probe.lua").write_text(PROBE, encoding="utf-8")
    out = tmp_path / "out.json"
    subprocess.run([NVIM, "--headless", "-u", str(tmp_path / "init.lua"), str(game / "game.yaml"),
                    "-c", f"luafile {tmp_path / 'probe.lua'}"], cwd=ROOT, timeout=180, check=False,
                   env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PROBE_OUT": str(out),
                        "PYTHONPATH": str(ROOT)}, capture_output=True)
    got = json.loads(out.read_text(encoding="utf-8"))
    assert [(d[0], d[1]) for d in got["diagnostics"]] == [(line, text.split("\n")[line].index("shuffle("))]
    assert "did you mean `shuffle`?" in got["diagnostics"][0][2]
    assert got["completion"][0] == "shuffle"
    assert got["actions"] == ["Change `shufle` to `shuffle`"] and got["fixed"] == text.split("\n")[line]
    assert got["after"] == 0
    from interpreter.runtime.verbs import REGISTRY
    assert got["signature"] == REGISTRY["shuffle"].signature()
