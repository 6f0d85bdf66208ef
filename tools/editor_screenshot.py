"""The screenshot of docs/editors.md: Neovim with `meeple lsp`, in tmux, rendered to PNG.

    python tools/editor_screenshot.py docs/screenshots/neovim-lsp.png

It copies Kaiju Incorporated into a temporary folder, misspells one verb (`mvoe`), opens game.yaml in Neovim
(0.7 or newer) with the server started as docs/editors.md says, types `p.` in a procedure, asks for completion,
and draws the terminal's cells (tmux capture-pane, with their colours) with Pillow.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from PIL import Image, ImageDraw, ImageFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SESSION = "meeple-lsp-screenshot"
COLS, ROWS = 118, 34
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
INIT = """
vim.o.termguicolors = true
vim.o.number = true
vim.o.signcolumn = "yes"
vim.o.completeopt = "menuone,noinsert"
vim.o.swapfile = false
vim.diagnostic.config({ update_in_insert = true })
vim.cmd("highlight Pmenu guibg=#3c3c3c guifg=#d4d4d4")
vim.cmd("highlight PmenuSel guibg=#264f78 guifg=#ffffff")
vim.api.nvim_create_autocmd("FileType", {
  pattern = "yaml",
  callback = function(args)
    local id = vim.lsp.start_client({ name = "meeple", cmd = { "meeple", "lsp" }, root_dir = vim.fn.getcwd() })
    vim.lsp.buf_attach_client(args.buf, id)
    vim.bo[args.buf].omnifunc = "v:lua.vim.lsp.omnifunc"
  end,
})
"""
PALETTE = [(0, 0, 0), (205, 49, 49), (13, 188, 121), (229, 229, 16), (36, 114, 200), (188, 63, 188), (17, 168, 205),
           (229, 229, 229), (102, 102, 102), (241, 76, 76), (35, 209, 139), (245, 245, 67), (59, 142, 234),
           (214, 112, 214), (41, 184, 219), (255, 255, 255)]


def _xterm(n: int) -> tuple:
    if n < 16:
        return PALETTE[n]
    if n < 232:
        n -= 16
        return tuple(0 if v == 0 else 55 + 40 * v for v in (n // 36, n // 6 % 6, n % 6))
    return (8 + 10 * (n - 232),) * 3


def render(ansi: str, out: str) -> None:
    """Terminal text with SGR colour codes -> a PNG, one cell per character."""
    font = ImageFont.truetype(FONT, 15)
    cw, ch = round(font.getlength("M")), 19
    fg0, bg0 = (212, 212, 212), (30, 30, 30)
    img = Image.new("RGB", (COLS * cw + 16, ROWS * ch + 16), bg0)
    draw = ImageDraw.Draw(img)
    for row, line in enumerate(ansi.split("\n")[:ROWS]):
        fg, bg, reverse, col = fg0, bg0, False, 0
        for m in re.finditer(r"\x1b\[([0-9;]*)m|([^\x1b]+)", line):
            if m.group(2) is None:
                codes = [int(c) if c else 0 for c in m.group(1).split(";")]
                i = 0
                while i < len(codes):
                    c = codes[i]
                    if c == 0:
                        fg, bg, reverse = fg0, bg0, False
                    elif c == 7:
                        reverse = True
                    elif c == 27:
                        reverse = False
                    elif 30 <= c <= 37 or 90 <= c <= 97:
                        fg = PALETTE[c - 30 if c < 90 else c - 82]
                    elif 40 <= c <= 47 or 100 <= c <= 107:
                        bg = PALETTE[c - 40 if c < 100 else c - 92]
                    elif c == 39:
                        fg = fg0
                    elif c == 49:
                        bg = bg0
                    elif c in (38, 48) and i + 1 < len(codes):
                        if codes[i + 1] == 5:
                            rgb, i = _xterm(codes[i + 2]), i + 2
                        else:
                            rgb, i = tuple(codes[i + 2:i + 5]), i + 4
                        fg, bg = (rgb, bg) if c == 38 else (fg, rgb)
                    i += 1
                continue
            f, b = (bg, fg) if reverse else (fg, bg)
            for char in m.group(2):
                x, y = 8 + col * cw, 8 + row * ch
                draw.rectangle([x, y, x + cw, y + ch], fill=b)
                draw.text((x, y + 1), char, font=font, fill=f)
                col += 1
    img.save(out)


def tmux(*args) -> str:
    """tmux on a server of its own (-L): the command's PATH is this one, whatever other sessions run."""
    return subprocess.run(["tmux", "-L", SESSION, *args], check=True, capture_output=True, text=True).stdout


def main(out: str) -> int:
    tmp = tempfile.mkdtemp()
    game = os.path.join(tmp, "kaiju-inc")
    shutil.copytree(os.path.join(ROOT, "content", "kaiju-inc"), game)
    path = os.path.join(game, "game.yaml")
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    typo = next(i for i, t in enumerate(lines) if "move(b, building_discard)" in t)
    lines[typo] = lines[typo].replace("move(", "mvoe(")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    where = next(i for i, t in enumerate(lines) if "move(c, p.products)" in t) + 1
    with open(os.path.join(tmp, "init.lua"), "w", encoding="utf-8") as f:
        f.write(INIT)
    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"], TERM="tmux-256color")
    subprocess.run(["tmux", "-L", SESSION, "new-session", "-d", "-s", SESSION, "-x", str(COLS), "-y", str(ROWS),
                    "-c", game, f"nvim -u {tmp}/init.lua +{where} game.yaml"], check=True, env=env)
    try:
        time.sleep(8)  # the server starts and publishes the misspelled verb's diagnostic
        tmux("send-keys", "-t", SESSION, "zz", "o", "p.")
        time.sleep(1)
        tmux("send-keys", "-t", SESSION, "C-x")
        tmux("send-keys", "-t", SESSION, "C-o")
        time.sleep(2)
        render(tmux("capture-pane", "-e", "-p", "-t", SESSION), out)
    finally:
        subprocess.run(["tmux", "-L", SESSION, "kill-server"], capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "screenshots", "neovim-lsp.png")))
