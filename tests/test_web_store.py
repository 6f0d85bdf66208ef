"""The file a server keeps its matches in (interpreter/web/store.py; docs/web.md, "Where the matches are
kept"): one server a file, the file and its folder its owner's alone, and a bad row or page said with its
place while every other match is served."""
from __future__ import annotations

import pytest
from test_web_security import SECRET, Serve, new

from interpreter.command import main
from interpreter.errors import MeepleError
from interpreter.web.store import Store


def test_a_second_server_on_one_file_is_refused_naming_the_file_and_the_other_process(tmp_path, capsys):
    db = tmp_path / "m.sqlite3"
    with Serve(SECRET, "--db", db) as client:
        new(client)
        first = Serve.last.p.pid
        assert main(["serve", str(SECRET), "--port", "0", "--db", str(db)]) == 2
        err = capsys.readouterr().err
        assert str(db) in err and f"process {first}" in err and "another meeple server" in err
        assert client.get("/api/games").status_code == 200  # the first one serves on
    # stopped (here by SIGTERM; a SIGKILL lets go of the lock all the same), the file is free again
    Store(str(db)).close()


def test_a_store_holds_its_file_until_it_is_closed(tmp_path):
    path = str(tmp_path / "m.sqlite3")
    first = Store(path)
    with pytest.raises(MeepleError, match="another meeple server"):
        Store(path)
    first.close()
    Store(path).close()
