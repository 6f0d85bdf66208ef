"""The file a server keeps its matches in (interpreter/web/store.py; docs/web.md, "Where the matches are
kept"): one server a file, the file and its folder its owner's alone, and a bad row or page said with its
place while every other match is served."""
from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from test_web_security import SECRET, H, Serve, new

from interpreter.command import main
from interpreter.errors import MeepleError
from interpreter.web.store import BadRow, Store, default_path, integrity, recover


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


def test_a_live_matchs_log_in_the_logs_folder_is_the_owners_alone(tmp_path, loose_umask):
    logs = tmp_path / "logs"
    with Serve(SECRET, "--logs", logs) as client:
        m = new(client)
        log = next(p for p in logs.iterdir() if m["id"] in p.name)
        assert "seed" in json.loads(log.read_text().splitlines()[0])  # the header: what a seat may not know
        assert mode(log) == 0o600


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


# ---- rows and pages that are not what a server wrote

def test_a_bad_row_is_set_aside_with_its_place_and_every_other_match_is_served(tmp_path):
    db = tmp_path / "m.sqlite3"
    with Serve(SECRET, "--db", db) as client:
        good, bad_options, bad_kinds = (new(client) for _ in range(3))
        before = client.get(f"/api/matches/{good['id']}/state", headers=H(good, 1)).json()
    with sqlite3.connect(db) as f:
        f.execute("UPDATE matches SET options = '{not json' WHERE id = ?", (bad_options["id"],))
        f.execute("UPDATE matches SET kinds = '5' WHERE id = ?", (bad_kinds["id"],))
    with Serve(SECRET, "--db", db) as client:
        kept = Serve.last.p.stdout.readline()
        assert "(1 resumed, 2 set aside" in kept, kept
        after = client.get(f"/api/matches/{good['id']}/state", headers=H(good, 1))
        assert after.status_code == 200 and after.json()["view"] == before["view"]
        for m, column in ((bad_options, "options"), (bad_kinds, "kinds")):
            r = client.get(f"/api/matches/{m['id']}/state", headers=H(m, 1))
            assert r.status_code == 409, r.text
            said = r.json()["error"]
            assert "set aside" in said and m["id"] in said and f"`{column}`" in said
            assert str(tmp_path) not in said  # a client is told no path of the server's machine
        assert new(client)["id"]  # and new matches are made
        server = Serve.last
    logged = server.p.stderr.read()
    assert f"{db}: match {bad_options['id']}, column `options`: not JSON" in logged, logged
    assert f"{db}: match {bad_kinds['id']}, column `kinds`: not a list of 2 kinds of seat" in logged, logged


def test_a_row_missing_its_seed_is_refused_with_its_place(tmp_path):
    path = str(tmp_path / "m.sqlite3")
    store = Store(path)
    store.add(record("m1"))
    store.add(record("m2"))
    store._db.execute("DELETE FROM seeds WHERE match = 'm1'")
    with pytest.raises(BadRow, match=r"m.sqlite3: match m1, column `seed`: missing"):
        store.load("m1")
    assert store.load("m2")["seed"] == SEED
    store.close()


def damage_a_page(path: str, ids: list[str]) -> set[str]:
    """Junk over the page of the file that holds the row of the middle match; the matches whose rows were on
    that page (found by a text only their row holds)."""
    data = bytearray(Path(path).read_bytes())
    size = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()[0]
    page = {mid: data.index(f"Ann-{mid}-".encode()) // size for mid in ids}
    hit = page[ids[len(ids) // 2]]
    data[hit * size + 8:hit * size + 40] = b"\xa5" * 32  # its cells' places: the page reads no row
    Path(path).write_bytes(bytes(data))
    return {mid for mid, p in page.items() if p == hit}


def test_a_damaged_page_is_said_in_integrity_checks_words_and_what_can_be_read_is_copied(tmp_path, capsys):
    path = str(tmp_path / "m.sqlite3")
    store = Store(path)
    ids = [f"m{i}" for i in range(40)]
    for mid in ids:
        store.add(record(mid) | {"names": [f"Ann-{mid}-" + "x" * 300, "Ben"],
                                 "history": [{"seat": 1, "choice": 0, "label": "first"}]})
    store.close()
    lost = damage_a_page(path, ids)
    assert 0 < len(lost) < len(ids)
    said = integrity(sqlite3.connect(path))  # what SQLite says, up to the error it ends with
    assert said != ["ok"] and "On tree page" in said[0]
    with pytest.raises(MeepleError) as e:
        Store(path)
    assert "integrity_check says" in str(e.value) and "--recover" in str(e.value)
    assert all(line in str(e.value) for line in said)
    assert main(["serve", str(SECRET), "--port", "0", "--db", path]) == 2
    err = capsys.readouterr().err
    assert path in err and said[0] in err
    # the offer taken: every match not on the damaged page, copied whole; each one left out said with its place
    copy = str(tmp_path / "m-recovered.sqlite3")
    kept, left_out = recover(path, copy)
    assert kept == len(ids) - len(lost)
    assert sorted(why.split("match ")[1].split(",")[0] for why in left_out) == sorted(lost)
    assert all(why.startswith(f"{path}: match ") for why in left_out)
    again = Store(copy)  # checked whole, and sound
    for mid in ids:
        if mid not in lost:
            got = again.load(mid)
            assert got["names"][0].startswith(f"Ann-{mid}-") and got["seed"] == SEED
            assert got["history"] == [{"seat": 1, "choice": 0, "label": "first"}]
    again.close()
    assert mode(Path(copy)) == 0o600


def test_serve_recover_serves_the_copy_and_says_what_was_left_out(tmp_path):
    path = str(tmp_path / "m.sqlite3")
    store = Store(path)
    ids = [f"m{i}" for i in range(40)]
    for mid in ids:
        store.add(record(mid) | {"names": [f"Ann-{mid}-" + "x" * 300, "Ben"]})
    store.close()
    lost = damage_a_page(path, ids)
    with Serve(SECRET, "--db", path, "--recover") as client:
        said = [Serve.last.p.stdout.readline() for _ in range(1 + len(lost))]
        assert f"{len(ids) - len(lost)} matches read from {path}" in said[0], said
        assert sorted(line.split("match ")[1].split(",")[0] for line in said[1:]) == sorted(lost)
        assert new(client)["id"]
    assert Path(tmp_path / "m-recovered.sqlite3").exists()
