"""The JSON-lines match log: a header, then one line per choice, then the result.

The header and the choices are enough to rebuild any position (a match is a pure function of game,
options, seed and choices). Each line is flushed as it is written, so an interrupted match loses nothing.
"""
from __future__ import annotations

import json

from ..errors import MeepleError

FORMAT = 1


class LogWriter:
    def __init__(self, path: str, header: dict, append: bool = False):
        if append:  # resuming: cut a line the interruption left half-written, then go on
            with open(path, "rb+") as f:
                data = f.read()
                keep = data[: data.rfind(b"\n") + 1] if not data.endswith(b"\n") else data
                f.seek(0)
                f.truncate()
                f.write(keep)
            self.f = open(path, "a", encoding="utf-8")
        else:
            self.f = open(path, "w", encoding="utf-8")
            self._write({"meeple_log": FORMAT, **header})

    def _write(self, obj) -> None:
        self.f.write(json.dumps(obj, ensure_ascii=False, sort_keys=True) + "\n")
        self.f.flush()

    def choice(self, seat: int, index: int, label: str) -> None:
        self._write({"seat": seat, "choice": index, "label": label})

    def result(self, result: dict) -> None:
        self._write({"result": result})

    def close(self) -> None:
        self.f.close()


def read_log(path: str) -> tuple[dict, list[int]]:
    """The header and the list of choices of a log file (a cut-off last line is ignored)."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise MeepleError(f"{path}: cannot read the log ({e.strerror})") from None
    header, choices, finished = None, [], False
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError:
            if n == len(lines):
                break  # written while the match was interrupted
            raise MeepleError(f"{path}:{n}: not a JSON line") from None
        if header is None:
            if not isinstance(obj, dict) or obj.get("meeple_log") != FORMAT:
                raise MeepleError(f"{path}:1: not a meeple match log")
            header = obj
        elif isinstance(obj, dict) and "result" in obj:
            finished = True
        elif isinstance(obj, dict) and "choice" in obj:
            if not isinstance(obj["choice"], int):
                raise MeepleError(f"{path}:{n}: a choice must be a number")
            choices.append(obj["choice"])
    if header is None:
        raise MeepleError(f"{path}: empty log")
    header["finished"] = finished
    return header, choices
