"""The file a server keeps its matches in (interpreter/web/store.py; docs/web.md, "Where the matches are
kept"): one server a file, the file and its folder its owner's alone, and a bad row or page said with its
place while every other match is served."""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from test_web_security import SECRET, Serve, new

from interpreter.command import main
from interpreter.errors import MeepleError
from interpreter.web.store import Store, default_path


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


SEED = 2**64 - 7  # a seed past SQLite's signed integers, as a served match's may be


def record(mid="m1", seed=SEED, status="live") -> dict:
    """A match as tables.py adds it (the store reads no game: any values of the right shapes do)."""
    return {"id": mid, "game": "g", "mods": [], "players": 2, "seed": seed, "options": {}, "names": ["Ann", "Ben"],
            "kinds": ["remote", "random"], "tokens": ["0" * 64, None], "watch": "1" * 64, "bot_seeds": [None, 5],
            "client": "127.0.0.1", "created": 1.0, "touched": 1.0, "log": None, "version": 0, "status": status,
            "error": None, "result": None}


def mode(path) -> int:
    return path.stat().st_mode & 0o777


@pytest.fixture
def loose_umask():
    old = os.umask(0o022)  # what most systems give: files 0644, folders 0755
    yield
    os.umask(old)


def test_the_file_its_wal_and_shm_and_the_default_folder_are_the_owners_alone(tmp_path, monkeypatch, loose_umask):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    store = Store(default_path())
    store.add(record())
    db = Path(default_path())
    assert db.parent == tmp_path / "data" / "meeple"
    assert mode(db.parent) == 0o700
    for f in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
        assert f.exists() and mode(f) == 0o600, f
    store.close()
    # a file and a default folder made before, readable by all, are tightened when a server opens them
    os.chmod(db.parent, 0o755)
    for f in db.parent.iterdir():
        os.chmod(f, 0o644)
    Store(default_path()).close()
    assert mode(db.parent) == 0o700 and mode(db) == 0o600


def test_a_folder_meeple_makes_for_a_given_file_is_the_owners_alone(tmp_path, loose_umask):
    Store(str(tmp_path / "new" / "m.sqlite3")).close()
    assert mode(tmp_path / "new") == 0o700 and mode(tmp_path / "new" / "m.sqlite3") == 0o600


def test_no_row_of_the_match_list_holds_a_seed(tmp_path):
    path = str(tmp_path / "m.sqlite3")
    store = Store(path)
    store.add(record())
    assert store.load("m1")["seed"] == SEED and store.seed_in_play(SEED)
    store.close()
    db = sqlite3.connect(path)
    columns = [r[1] for r in db.execute("PRAGMA table_info(matches)")]
    assert "seed" not in columns and "bot_seeds" not in columns
    assert not any(str(SEED) in str(v) for row in db.execute("SELECT * FROM matches") for v in row)


def test_a_file_of_the_first_format_is_opened_with_its_seeds_moved_out_of_the_match_list(tmp_path):
    path = str(tmp_path / "m.sqlite3")
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE matches (id TEXT PRIMARY KEY, game TEXT NOT NULL, mods TEXT NOT NULL, players INTEGER NOT NULL,
            seed TEXT NOT NULL, options TEXT NOT NULL, names TEXT NOT NULL, kinds TEXT NOT NULL,
            tokens TEXT NOT NULL, watch TEXT NOT NULL, bot_seeds TEXT NOT NULL, client TEXT NOT NULL,
            created REAL NOT NULL, touched REAL NOT NULL, log TEXT, version INTEGER NOT NULL, status TEXT NOT NULL,
            error TEXT, result TEXT);
        CREATE TABLE choices (match TEXT NOT NULL REFERENCES matches(id), n INTEGER NOT NULL, seat INTEGER NOT NULL,
            choice INTEGER NOT NULL, label TEXT NOT NULL, PRIMARY KEY (match, n));
        CREATE INDEX matches_status ON matches(status);
        PRAGMA user_version = 1;""")
    db.execute("INSERT INTO matches VALUES ('m1', 'g', '[]', 2, ?, '{}', '[\"Ann\", \"Ben\"]', "
               "'[\"remote\", \"random\"]', '[null, null]', 'w', '[null, 5]', 'c', 1, 1, NULL, 3, 'live', NULL, NULL)",
               (str(SEED),))
    db.execute("INSERT INTO choices VALUES ('m1', 0, 1, 2, 'Ruby')")
    db.commit()
    db.close()
    store = Store(path)
    got = store.load("m1")
    assert got["seed"] == SEED and got["bot_seeds"] == [None, 5] and got["version"] == 3
    assert got["history"] == [{"seat": 1, "choice": 2, "label": "Ruby"}]
    assert store.seed_in_play(SEED)
    store.close()
    db = sqlite3.connect(path)
    assert "seed" not in [r[1] for r in db.execute("PRAGMA table_info(matches)")]
    assert db.execute("PRAGMA user_version").fetchone()[0] == 2
