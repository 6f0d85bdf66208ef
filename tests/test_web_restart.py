"""The server keeps every match (docs/web.md, "Where the matches are kept"): a real `meeple serve --db FILE`
killed with SIGKILL while answers are in flight, then started again on the same file."""
from __future__ import annotations

import random
import sqlite3
import threading
import time

import pytest
from test_web_security import SECRET, H, Serve, new, state

pytest.importorskip("httpx")


def answer_until(client, m, stop: threading.Event, acked: list) -> None:
    """Answers whoever is to decide in `m` until `stop` (or the server goes away); each answer the server
    acknowledges is kept as (the version it said, the position's version answered)."""
    rng = random.Random(m["id"])
    while not stop.is_set():
        try:
            st = client.get(f"/api/matches/{m['id']}/state", headers=H(m, 1)).json()
            if st.get("over") or not st.get("deciding"):
                return
            seat = st["deciding"]["seat"]
            mine = client.get(f"/api/matches/{m['id']}/state", headers=H(m, seat)).json()
            r = client.post(f"/api/matches/{m['id']}/choose", headers=H(m, seat),
                            json={"option": rng.randrange(len(mine["view"]["pending"]["options"])),
                                  "version": mine["version"]})
        except Exception:  # noqa: BLE001 - the server was killed under the request
            return
        if r.status_code == 200:
            acked.append(r.json()["version"])


def test_a_server_killed_with_answers_in_flight_resumes_every_match_losing_no_acknowledged_answer(tmp_path):
    db, logs = tmp_path / "matches.sqlite3", tmp_path / "logs"
    with Serve(SECRET, "--db", db, "--logs", logs, "--rate", 100_000) as client:
        served = Serve.last
        games = [new(client, ("remote", "bot")), new(client, ("remote", "remote")), new(client, ("remote", "bot"))]
        acked = {m["id"]: [] for m in games}
        stop = threading.Event()
        threads = [threading.Thread(target=answer_until, args=(client, m, stop, acked[m["id"]])) for m in games]
        for th in threads:
            th.start()
        deadline = time.monotonic() + 20
        while min(len(a) for a in acked.values()) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        served.p.kill()  # SIGKILL, answers still being sent
        served.p.wait(timeout=10)
        stop.set()
        for th in threads:
            th.join(timeout=30)
    assert min(len(a) for a in acked.values()) >= 3, acked
    stored = b"".join(p.read_bytes() for p in tmp_path.glob("matches.sqlite3*"))
    for m in games:  # a token is kept only as its hash
        assert not any(s["token"].encode() in stored for s in m["seats"] if s.get("token"))
    with Serve(SECRET, "--db", db, "--logs", logs, "--rate", 100_000) as client:
        for m in games:
            st = state(client, m)  # the same seat links
            assert st["version"] >= max(acked[m["id"]])  # every acknowledged answer is there
            assert st["over"] or st["deciding"]["seat"] == 1 or m["seats"][1]["kind"] == "human"  # bots played on
            # the match is live: its log and replay go to nobody, with or without a token, and it is not listed
            if not st["over"]:
                assert client.get(f"/api/matches/{m['id']}/log").status_code == 403
                assert client.get(f"/api/matches/{m['id']}/log", headers=H(m, 1)).status_code == 409
                assert client.post(f"/api/matches/{m['id']}/replay", json={}, headers=H(m, 1)).status_code == 409
                assert not any(m["id"] in entry["name"] for entry in client.get("/api/logs").json()["logs"])
                assert any(m["id"] in p.name for p in logs.iterdir())  # ...though --logs still writes it
        for m in games:  # played on to the end
            for _ in range(100):
                st = state(client, m)
                if st["over"]:
                    break
                seat = st["deciding"]["seat"]
                r = client.post(f"/api/matches/{m['id']}/choose", headers=H(m, seat),
                                json={"option": 0, "version": state(client, m, seat)["version"]})
                assert r.status_code == 200, r.text
            assert st["over"]
            assert client.get(f"/api/matches/{m['id']}/log", headers=H(m, 1)).status_code == 200
            assert any(m["id"] in entry["name"] for entry in client.get("/api/logs").json()["logs"])
    rows = sqlite3.connect(db).execute("SELECT status, COUNT(*) FROM matches GROUP BY status").fetchall()
    assert rows == [("finished", len(games))]


def test_a_resumed_match_is_the_same_position_for_every_seat(tmp_path):
    """Stopped between answers, a match comes back with the same version, views and account for each seat."""
    db = tmp_path / "m.sqlite3"
    with Serve(SECRET, "--db", db) as client:
        m = new(client, ("remote", "remote"))
        for _ in range(5):
            st = state(client, m)
            seat = st["deciding"]["seat"]
            r = client.post(f"/api/matches/{m['id']}/choose", headers=H(m, seat),
                            json={"option": 1, "version": st["version"]})
            assert r.status_code == 200, r.text
        before = {seat: state(client, m, seat) for seat in (1, 2)}
        Serve.last.p.kill()
        Serve.last.p.wait(timeout=10)
    with Serve(SECRET, "--db", db) as client:
        after = {seat: state(client, m, seat) for seat in (1, 2)}
    for seat in (1, 2):
        for key in ("version", "view", "log", "deciding", "scores"):
            assert after[seat][key] == before[seat][key], (seat, key)


def test_a_file_that_is_no_database_of_meeples_is_refused_with_a_message(tmp_path, capsys):
    from interpreter.command import main
    junk = tmp_path / "notes.txt"
    junk.write_text("not a database\n" * 100)
    assert main(["serve", "kaiju-inc", "--port", "0", "--db", str(junk)]) == 2
    assert "cannot keep the matches in this file" in capsys.readouterr().err
    other = tmp_path / "other.sqlite3"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE t (x)")
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()
    assert main(["serve", "kaiju-inc", "--port", "0", "--db", str(other)]) == 2
    assert "written by another version of meeple" in capsys.readouterr().err
