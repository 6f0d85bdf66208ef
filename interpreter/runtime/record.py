"""The JSON-lines match log: a header, then one line per choice, then the result.

The header and the choices are enough to rebuild any position (a match is a pure function of game,
options, seed and choices). Each line is flushed as it is written, so an interrupted match loses nothing: any prefix of a log resumes
(`play --resume`) and replays, its last line read if it is whole, with or without its new line.
"""
from __future__ import annotations

import json

from ..errors import MeepleError

FORMAT = 1


def _whole(data: bytes) -> bytes:
    """What of a log's bytes `read_log` reads, ending with a new line: an interrupted write may leave a last line
    without its new line, whole (kept: its choice was played) or cut short (dropped: it was never read)."""
    if not data or data.endswith(b"\n"):
        return data
    cut = data.rfind(b"\n") + 1
    try:
        json.loads(data[cut:])
    except ValueError:
        return data[:cut]
    return data + b"\n"


class LogWriter:
    def __init__(self, path: str, header: dict, append: bool = False):
        if append:  # resuming: the log made whole as read_log read it, then go on after it
            with open(path, "rb+") as f:
                data = f.read()
                keep = _whole(data)
                if keep != data:
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
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise MeepleError(f"{path}: cannot read the log ({e.strerror})") from None
    whole = _whole(data)  # a last line cut short by an interruption is not read
    try:
        lines = whole.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        raise MeepleError(f"{path}: not a text file") from None
    header, choices, finished = None, [], False
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError:
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
