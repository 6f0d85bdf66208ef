"""Attacks on a real `meeple serve` process on 127.0.0.1, each by a player or by a web page of another site,
each trying a way to hidden cards or to another table: the seed, a forged replay, cross-site requests, a
flood of new matches, deep JSON, repeated answers, tokens in URLs, server paths in logs, and a slow table
against a quick one. Every loop here is bounded and every server is stopped by its own process id."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

GAMES = Path(__file__).resolve().parent / "e2e" / "games"
SECRET = GAMES / "secret-hands"  # hands only their owner sees, a face-down deck
SLOW = GAMES / "slow-turns"  # "think long" keeps the rules busy for a second or more
ROOT = Path(__file__).resolve().parent.parent


class Serve:
    """`meeple serve ARGS --port 0` in its own process; the address is read from its first line. `Serve.last`
    is the one started last (its process is `.p`)."""

    last = None

    def __init__(self, *args):
        self.args = [str(a) for a in args]
        if "--db" not in self.args:  # a server of its own: no other test's matches resumed
            self.args += ["--db", os.path.join(tempfile.mkdtemp(dir=os.environ["XDG_DATA_HOME"]), "m.sqlite3")]

    def __enter__(self) -> httpx.Client:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.p = subprocess.Popen([sys.executable, "-m", "interpreter.command", "serve", *self.args,
                                   "--host", "127.0.0.1", "--port", "0", "--bot-delay", "0"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        first = self.p.stdout.readline()  # the process ends (and this returns "") if it cannot start
        if "http://" not in first:
            self.stop()
            raise AssertionError(f"meeple serve did not start: {first}{self.p.stderr.read()[-2000:]}")
        self.base = first.split("http://")[1].split("/")[0]
        self.client = httpx.Client(base_url=f"http://{self.base}", timeout=30)
        self.client.db = self.args[self.args.index("--db") + 1]
        Serve.last = self
        return self.client

    def stop(self) -> None:
        if self.p.poll() is None:
            self.p.terminate()
            try:
                self.p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.p.kill()
                self.p.wait(timeout=10)

    def __exit__(self, *exc) -> None:
        self.client.close()
        self.stop()


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    return tmp_path_factory.mktemp("logs")


@pytest.fixture(scope="module")
def secret(logs):
    # many requests from one address in a few seconds: a rate that lets them (the flood tests keep the default)
    with Serve(SECRET, "--logs", logs, "--rate", 100_000) as client:
        yield client


def new(client, seats=("remote", "remote")):
    r = client.post("/api/matches", json={"game": "secret-hands", "players": len(seats), "seats": list(seats)})
    assert r.status_code == 201, r.text
    return r.json()


def H(m, seat):
    return {"X-Meeple-Token": m["seats"][seat - 1]["token"]}


def state(client, m, seat=1):
    r = client.get(f"/api/matches/{m['id']}/state", headers=H(m, seat))
    assert r.status_code == 200, r.text
    return r.json()


def choose(client, m, option=0, version=None):
    """An answer for whoever is to decide (a human seat), to the position the server is at now."""
    st = state(client, m)
    seat = st["deciding"]["seat"]
    body = {"option": option, "version": st["version"] if version is None else version}
    return client.post(f"/api/matches/{m['id']}/choose", json=body, headers=H(m, seat))


def play_out(client, m) -> dict:
    """The match's last state, once played out."""
    for _ in range(100):  # a match of Secret Hands takes about twenty answers
        last = state(client, m)
        if last["over"]:
            return last
        assert choose(client, m).status_code == 200
    raise AssertionError("the match did not end in 100 answers")


def live_header(logs, m) -> dict:
    """What only the server knows: the header of the live match's log, written in its --logs folder."""
    path = next(p for p in logs.iterdir() if m["id"] in p.name)
    return json.loads(path.read_text().splitlines()[0])


def first_event(client, m, seat=1) -> str:
    t = client.post(f"/api/matches/{m['id']}/ticket", json={"viewer": seat}, headers=H(m, seat))
    assert t.status_code == 201, t.text
    with client.stream("GET", f"/api/matches/{m['id']}/events", params={"ticket": t.json()["ticket"]}) as r:
        assert r.status_code == 200
        for line in r.iter_lines():
            if line.startswith("data: "):
                return line
    raise AssertionError("no event")


def refused(r, status, words=""):
    assert r.status_code == status, (r.status_code, r.text)
    assert words.lower() in r.json()["error"].lower(), r.json()["error"]
    assert "Traceback" not in r.text


# ---- channel 1: the seed

def test_the_seed_reaches_nobody_through_any_endpoint_before_the_end(secret, logs):
    m = new(secret)
    seed = live_header(logs, m)["seed"]
    assert str(seed) not in json.dumps(m)  # the answer to the match's creator
    said = [secret.get("/api/games").text, secret.get("/api/logs").text, secret.get("/").text]
    for seat in (1, 2):
        said.append(json.dumps(state(secret, m, seat)))
        said.append(first_event(secret, m, seat))
        said.append(secret.get(f"/api/matches/{m['id']}/log", headers=H(m, seat)).text)
        said.append(secret.post(f"/api/matches/{m['id']}/replay", json={}, headers=H(m, seat)).text)
    said.append(secret.get(f"/api/matches/{m['id']}/state", headers={"X-Meeple-Token": m["watch_url"].split("#")[1]}).text)
    said.append(choose(secret, m).text)
    assert not [s for s in said if str(seed) in s]
    # the same search finds it once the match is over: the log is given out then
    play_out(secret, m)
    assert str(seed) in secret.get(f"/api/matches/{m['id']}/log", headers=H(m, 1)).text


def test_seeds_are_drawn_from_64_bits(secret, logs):
    seeds = [live_header(logs, new(secret))["seed"] for _ in range(3)]
    assert len(set(seeds)) == 3 and all(0 <= s < 2 ** 64 for s in seeds)
    assert max(seeds) >= 2 ** 32  # all three below 2^32 by chance: once in 2^96


def test_a_forged_log_claiming_a_live_seed_opens_no_replay(secret, logs):
    m = new(secret)
    header = live_header(logs, m)
    forged = json.dumps({"meeple_log": 1, "game": "secret-hands", "players": 2, "seed": header["seed"],
                         "options": header["options"]}) + "\n"
    refused(secret.post("/api/replays", json={"text": forged, "name": "x.jsonl"}), 409, "being played")
    live_file = next(p.name for p in logs.iterdir() if m["id"] in p.name)
    refused(secret.post("/api/replays", json={"saved": live_file}), 404)
    assert live_file not in secret.get("/api/logs").text
    # the match's own view routes give no other seat: a viewer parameter needs that seat's token
    refused(secret.get(f"/api/matches/{m['id']}/state", params={"viewer": 2}, headers=H(m, 1)), 403)
    refused(secret.post(f"/api/matches/{m['id']}/ticket", json={"viewer": 2}, headers=H(m, 1)), 403)


def test_a_forged_log_with_a_live_seed_written_otherwise_opens_no_replay(secret, logs):
    """Seeds are checked by what they deal: the negated seed of a live match deals the very same cards."""
    from interpreter import Match, load_game
    m = new(secret)
    header = live_header(logs, m)
    seed = header["seed"]
    game = load_game(SECRET)
    assert Match(game, 2, -seed).view(1) == Match(game, 2, seed).view(1)  # the same deal, seen by seat 1
    forged = {"meeple_log": 1, "game": "secret-hands", "players": 2, "seed": -seed, "options": header["options"]}
    refused(secret.post("/api/replays", json={"text": json.dumps(forged) + "\n", "name": "x.jsonl"}), 409,
            "being played")
    # nor a saved log under another name, finished (its result written) with the negated seed
    (logs / "forged.jsonl").write_text(json.dumps(forged) + "\n" +
                                        json.dumps({"result": {"winners": [1]}}) + "\n")
    assert "forged.jsonl" not in secret.get("/api/logs").text
    refused(secret.post("/api/replays", json={"saved": "forged.jsonl"}), 404)
    (logs / "forged.jsonl").unlink()


# ---- channel 6: the server

FOREIGN = ["http://evil.example", "null", "http://127.0.0.1.evil.example"]


def test_a_page_of_another_site_changes_nothing(secret):
    m = new(secret)
    v = state(secret, m)["version"]
    url = f"/api/matches/{m['id']}"
    for origin in FOREIGN:
        o = {"Origin": origin}
        refused(secret.post("/api/matches", json={"game": "secret-hands"}, headers=o), 403, "another site")
        refused(secret.post(f"{url}/choose", json={"option": 0, "version": v}, headers=H(m, 1) | o), 403)
        refused(secret.post(f"{url}/ticket", json={}, headers=H(m, 1) | o), 403)
        refused(secret.post("/api/replays", json={"text": "x"}, headers=o), 403)
    assert state(secret, m)["version"] == v
    own = {"Origin": str(secret.base_url).rstrip("/")}  # this server's own page
    assert secret.post("/api/matches", json={"game": "secret-hands"}, headers=own).status_code == 201


def test_a_body_that_is_not_declared_json_changes_nothing(secret):
    m = new(secret)
    v = state(secret, m)["version"]
    body = json.dumps({"option": 0, "version": v})
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None):
        h = H(m, 1) | ({"Content-Type": kind} if kind else {})
        refused(secret.post(f"/api/matches/{m['id']}/choose", content=body, headers=h), 415, "JSON")
        refused(secret.post("/api/matches", content='{"game": "secret-hands"}',
                            headers={"Content-Type": kind} if kind else {}), 415)
    assert state(secret, m)["version"] == v


def test_deep_json_is_refused_with_a_400_everywhere(secret):
    m = new(secret)
    deep = ("[" * 20_000 + "]" * 20_000).encode()
    deep_obj = ('{"a":' * 5_000 + "1" + "}" * 5_000).encode()
    j = {"Content-Type": "application/json"}
    for path in ("/api/matches", f"/api/matches/{m['id']}/choose", f"/api/matches/{m['id']}/ticket", "/api/replays"):
        for body in (deep, deep_obj):
            refused(secret.post(path, content=body, headers=j | H(m, 1)), 400, "nested")
    line = json.dumps({"meeple_log": 1, "game": "secret-hands", "players": 2, "seed": 1}) + "\n"
    text = line + '{"choice": 0, "x": ' + "[" * 50_000 + "]" * 50_000 + "}\n"
    refused(secret.post("/api/replays", json={"text": text}), 400, "nested")


def test_an_answer_needs_its_version_and_twenty_at_once_apply_once(secret):
    m = new(secret)
    st = state(secret, m)
    url = f"/api/matches/{m['id']}/choose"
    h = H(m, st["deciding"]["seat"])

    def at_once(body) -> list[int]:
        start = threading.Barrier(20)
        codes = []

        def send():  # one client, many connections (httpx's clients may be shared between threads)
            start.wait(timeout=30)
            codes.append(secret.post(url, json=body, headers=h).status_code)

        threads = [threading.Thread(target=send) for _ in range(20)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        return sorted(codes)

    assert at_once({"option": 0}) == [400] * 20  # no version: nothing applied
    assert state(secret, m)["version"] == st["version"]
    refused(secret.post(url, json={"option": 0}, headers=h), 400, "`version` is missing")
    assert at_once({"option": 0, "version": st["version"]}) == [200] + [409] * 19
    after = state(secret, m)
    assert after["version"] == st["version"] + 1 and after["deciding"]["seat"] != st["deciding"]["seat"]


def test_a_token_in_a_url_is_refused_and_a_stream_ticket_opens_once(secret):
    m = new(secret)
    token = H(m, 1)["X-Meeple-Token"]
    with secret.stream("GET", f"/api/matches/{m['id']}/events", params={"token": token}) as r:
        assert r.status_code == 400  # (read no further: a stream that opened would never end)
    refused(secret.get(f"/api/matches/{m['id']}/state", params={"token": token}), 400, "never goes in a URL")
    t = secret.post(f"/api/matches/{m['id']}/ticket", json={"viewer": 1}, headers=H(m, 1)).json()["ticket"]
    assert token not in t
    with secret.stream("GET", f"/api/matches/{m['id']}/events", params={"ticket": t}) as r:
        assert r.status_code == 200
    refused(secret.get(f"/api/matches/{m['id']}/events", params={"ticket": t}), 403, "used")
    # the links handed out keep the token after "#": browsers never send that part
    assert all("#" in s["url"] and "?" not in s["url"] for s in m["seats"])


def test_a_downloaded_log_names_no_path_of_the_server(secret):
    m = new(secret, seats=("remote", "bot"))
    play_out(secret, m)
    text = secret.get(f"/api/matches/{m['id']}/log", headers=H(m, 1)).text
    header = json.loads(text.splitlines()[0])
    assert header["game"] == "secret-hands" and not Path(header["folder"]).is_absolute()
    assert str(ROOT) not in text and str(SECRET) not in text

    def strings(x):
        if isinstance(x, str):
            yield x
        elif isinstance(x, dict):
            for k, v in x.items():
                yield k
                yield from strings(v)
        elif isinstance(x, list):
            for v in x:
                yield from strings(v)

    assert not [s for line in text.splitlines() for s in strings(json.loads(line)) if s.startswith(("/", "\\"))]


def test_a_flood_of_new_matches_never_evicts_a_match_in_play():
    with Serve(SECRET) as client:  # the limits a server has by default
        human = new(client, seats=("remote", "bot"))
        codes = [client.post("/api/matches", json={"game": "secret-hands"}).status_code for _ in range(205)]
        assert set(codes) <= {201, 429} and codes.count(201) <= 19  # one address: at most 20 matches in play
        assert state(client, human)["view"]  # still there
        r = client.post("/api/matches", json={"game": "secret-hands"})
        refused(r, 429)


def test_a_full_server_says_so_and_makes_room_from_finished_matches_only():
    """A finished match put aside to make room stays in the store: it comes back when there is room again."""
    with Serve(SECRET, "--max-tables", 3) as client:
        human = new(client, seats=("remote", "bot"))
        done = new(client, seats=("remote", "bot"))
        new(client)
        refused(client.post("/api/matches", json={"game": "secret-hands"}), 503, "the server is full")
        final = play_out(client, done)
        assert client.post("/api/matches", json={"game": "secret-hands"}).status_code == 201  # in place of `done`
        refused(client.get(f"/api/matches/{done['id']}/state", headers=H(done, 1)), 503, "full")
        refused(client.post("/api/matches", json={"game": "secret-hands"}), 503, "full")
        assert state(client, human)["view"]
    with Serve(SECRET, "--max-tables", 4, "--db", client.db) as client:  # started again with room for it
        again = state(client, done)
        assert (again["version"], again["result"], again["view"]) == (final["version"], final["result"], final["view"])


def test_a_new_match_with_slow_bots_answers_with_its_links_and_the_bots_play_after():
    """A bot that thinks longer than the budget (an mcts bot's second, against 0.3 s) moves first: the new
    match's answer still carries every link; the bot's overrun stops the match after, and says so."""
    with Serve(SECRET, "--budget", 0.3) as client:
        m = new(client, ({"kind": "mcts", "seconds": 1}, "remote"))
        assert m["seats"][1]["token"] and m["seats"][1]["url"].endswith(m["seats"][1]["token"])
        for _ in range(200):  # while the bot thinks, its lane is busy (503); bounded
            r = client.get(f"/api/matches/{m['id']}/state", headers=H(m, 2))
            if r.status_code != 503:
                break
            time.sleep(0.05)
        assert r.status_code == 200, r.text
        assert "longer than 0.3 s" in r.json()["error"]


def test_a_slow_table_freezes_no_other_and_stops_past_its_budget():
    with Serve(SLOW, "--budget", 1) as client:
        def game():
            r = client.post("/api/matches", json={"game": "slow-turns", "players": 2, "seats": ["remote", "remote"]})
            assert r.status_code == 201, r.text
            return r.json()

        slow, quick = game(), game()
        answered = {}

        def think_long():
            answered["slow"] = client.post(f"/api/matches/{slow['id']}/choose",
                                           json={"option": "think long", "version": 0}, headers=H(slow, 1))

        t = threading.Thread(target=think_long)
        t.start()
        time.sleep(0.2)  # the slow answer is on its way (an order of events, not a measure of speed)
        assert choose(client, quick, "quick").status_code == 200  # the quick table plays on meanwhile
        assert "slow" not in answered
        t.join(timeout=60)
        refused(answered["slow"], 503, "longer than 1 s")
        refused(client.post(f"/api/matches/{slow['id']}/choose", json={"option": 0, "version": 1},
                            headers=H(slow, 2)), 409, "has stopped")  # at once, while the rules still run
        assert choose(client, quick, "quick").status_code == 200
