"""A trial's matches, played where a worker is (this process, a local worker process, a Dask worker): the job
carries the trial's mod as text, so a worker needs only the game's folder, as `simulate`'s workers do."""
from __future__ import annotations

import functools
import hashlib
import os
import shutil
import tempfile

from ..sim.batch import run_one
from .vary import write_mod


def mod_folder(files: tuple) -> str:
    """The mod's files written once per worker machine, in a folder named by what they hold."""
    key = hashlib.sha256(repr(files).encode()).hexdigest()[:16]
    root = os.path.join(tempfile.gettempdir(), "meeple-tune")
    os.makedirs(root, exist_ok=True)
    folder = os.path.join(root, key)
    if not os.path.isdir(folder):
        part = tempfile.mkdtemp(prefix=key + ".", dir=root)
        write_mod(dict(files), part)
        try:
            os.rename(part, folder)
        except OSError:  # another worker wrote the same files first
            shutil.rmtree(part, ignore_errors=True)
    return folder


@functools.lru_cache(maxsize=8)
def _game(folder: str, mods: tuple, files: tuple, options: tuple):
    from ..model.pipeline import load_game
    return load_game(folder, [*mods, mod_folder(files)] if files else list(mods), options=dict(options))


def play_chunk(job: dict) -> list:
    """Plays the job's seeds on the game with the trial's mod: the matches' results (no per-card details)."""
    game = _game(job["folder"], tuple(job["mods"]), job["files"], tuple(sorted(job["options"].items())))
    return [run_one(game, job["players"], s, job["options"], job["names"], job["agent_options"], details=False)
            for s in job["seeds"]]
