"""The web server's API, driven over HTTP against a real server on 127.0.0.1: seats and their tokens, what
each seat is sent (never another seat's hidden cards, never a face-down deck's order), refusals with
their reasons (4xx, never a 500 or a traceback), pushed updates, logs and replays."""
from __future__ import annotations

import itertools
import json
import time
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from interpreter import Match, bundled_games, load_game  # noqa: E402
from interpreter.agents import make_agent  # noqa: E402
from interpreter.runtime.record import read_log  # noqa: E402
from interpreter.runtime.secrecy import HIDDEN  # noqa: E402
from interpreter.sim.run import play  # noqa: E402
from interpreter.web import create_app  # noqa: E402
from interpreter.web.limits import Limits  # noqa: E402
from tests.web_client import OPEN, served  # noqa: E402

SECRET = Path(__file__).resolve().parent / "e2e" / "games" / "secret-hands"
# these tests make many matches quickly from one address: limits that let them (test_web_security.py tries
# the real ones against a real `meeple serve`)


@pytest.fixture(scope="module")
def server():
    app = create_app(None, bot_delay=0, limits=OPEN)
    with served(app) as client:
        yield client


@pytest.fixture(scope="module")
def secret(tmp_path_factory):
    logs = tmp_path_factory.mktemp("logs")
    app = create_app(str(SECRET), bot_delay=0, log_dir=str(logs), limits=OPEN)
    with served(app) as client:
        client.logs = logs
        yield client


def new(client, game="kaiju-inc", **body):
    body.setdefault("players", 3)
    r = client.post("/api/matches", json={"game": game, **body})
    assert r.status_code == 201, r.text
    return r.json()


def tok(m, seat):
    return m["seats"][seat - 1]["token"]


def H(token):
    return {"X-Meeple-Token": token}


JSON = {"Content-Type": "application/json"}


def refused(r, status, words=""):
    assert r.status_code == status, (r.status_code, r.text)
    reason = r.json()["error"]
    assert words.lower() in reason.lower(), reason
    assert "Traceback" not in r.text
    return reason


def table(client, m):
    """The match's table on the server; unpaced bots answer after the request that made the match (from a
    task of the server's), so this waits for them (bounded) before the table is read."""
    t = client.app.state.tables.tables[m["id"]]
    for _ in range(1000):
        if t.bot_delay > 0 or t._bots is None or t._bots.done():
            break
        time.sleep(0.01)
    return t


def choose(client, m, seat, option):
    """An answer for `seat` to the position the server is at now."""
    return client.post(f"/api/matches/{m['id']}/choose", json={"option": option, "version": table(client, m).version},
                       headers=H(tok(m, seat)))


def ticket(client, m, token, viewer=None):
    r = client.post(f"/api/matches/{m['id']}/ticket", json={"viewer": viewer}, headers=H(token))
    assert r.status_code == 201, r.text
    return {"ticket": r.json()["ticket"]}


def names_in(zone) -> set[str]:
    return {p.card.name for p in zone.items}


# ---- the lobby's data

def test_games_lists_each_bundled_game_with_its_players_and_options(server):
    data = server.get("/api/games").json()
    games = {g["id"]: g for g in data["games"]}
    assert set(games) == set(bundled_games())
    k = games["kaiju-inc"]
    assert k["name"] == "Kaiju Incorporated" and k["players"] == {"min": 2, "max": 5}
    assert all({"name", "values", "default"} <= set(o) for o in k["options"])


def test_a_new_match_gives_tokens_to_human_seats_only(server):
    m = new(server, seats=["here", "remote", "bot"])
    assert [s["kind"] for s in m["seats"]] == ["human", "human", "bot"]
    assert "token" not in m["seats"][2]
    assert len({tok(m, 1), tok(m, 2)}) == 2 and len(tok(m, 1)) >= 20
    assert m["play_url"] == f"/play/{m['id']}#{tok(m, 1)}"  # the token stays in the fragment
    assert m["seats"][1]["url"].endswith("#" + tok(m, 2))


def test_the_first_state_shows_the_seat_its_options(server):
    m = new(server, seats=["here", "bot", "bot"])
    st = server.get(f"/api/matches/{m['id']}/state", headers=H(tok(m, 1))).json()
    assert st["viewer"] == 1 and st["deciding"]["seat"] == 1
    assert st["view"]["pending"]["options"] and st["meta"]["game"]["id"] == "kaiju-inc"
    assert st["log"] and st["log_size"] == len(st["log"])
    assert {z["name"] for z in st["meta"]["table"]} == set(st["view"]["zones"])


# ---- tokens

def test_a_missing_or_forged_token_is_refused_everywhere(server):
    m = new(server, seats=["here", "remote", "bot"])
    other = new(server, seats=["here", "bot", "bot"])
    mid = m["id"]
    for method, path in [("GET", "state"), ("POST", "ticket"), ("POST", "choose"), ("GET", "log"), ("POST", "replay"),
                         ("POST", "undo"), ("POST", "again")]:
        url = f"/api/matches/{mid}/{path}"
        body = {"json": {"option": 0, "version": 0}}
        if path in ("state", "ticket"):  # without a token: a spectator, who is sent the public view only
            r = server.request(method, url, **body)
            assert r.status_code in (200, 201), r.text
            refused(server.request(method, url, params={"viewer": 1}, json={"viewer": 1}), 403, "not seat 1's")
        else:
            refused(server.request(method, url, **body), 403, "token is needed")
        refused(server.request(method, url, headers=H("forged-token-123"), **body), 403, "not a seat of this match")
        refused(server.request(method, url, headers=H(tok(other, 1)), **body), 403, "not a seat of this match")
        refused(server.request(method, url, params={"token": tok(m, 1)}, **body), 400, "never goes in a URL")
    events = f"/api/matches/{mid}/events"
    refused(server.get(events), 403, "ticket")
    refused(server.get(events, params={"ticket": "forged"}), 403, "ticket")
    refused(server.get(events, params={"ticket": ticket(server, other, tok(other, 1))["ticket"]}), 403, "ticket")
    refused(server.get(events, params={"token": tok(m, 1)}), 400, "never goes in a URL")


def test_a_token_opens_only_its_own_seat(server):
    m = new(server, seats=["here", "remote", "bot"])
    refused(server.get(f"/api/matches/{m['id']}/state", params={"viewer": 2}, headers=H(tok(m, 1))), 403,
            "not seat 2's")
    refused(server.get(f"/api/matches/{m['id']}/state", params={"viewer": 3}, headers=H(tok(m, 1))), 403)
    refused(server.get(f"/api/matches/{m['id']}/state", params={"viewer": "x"}, headers=H(tok(m, 1))), 400)
    pub = server.get(f"/api/matches/{m['id']}/state", params={"viewer": "public"}, headers=H(tok(m, 1))).json()
    assert pub["viewer"] is None and "options" not in pub["view"]["pending"]


def test_the_watch_link_sees_the_public_view_and_cannot_choose(server):
    m = new(server, seats=["here", "bot", "bot"])
    watch = m["watch_url"].split("#")[1]
    st = server.get(f"/api/matches/{m['id']}/state", headers=H(watch)).json()
    assert st["viewer"] is None and "options" not in st["view"]["pending"]
    refused(server.post(f"/api/matches/{m['id']}/choose", json={"option": 0, "version": 0}, headers=H(watch)), 403,
            "only watches")
    refused(server.get(f"/api/matches/{m['id']}/state", params={"viewer": 1}, headers=H(watch)), 403)


# ---- choices

def test_choices_are_checked_and_a_refusal_gives_the_engines_reason(server):
    m = new(server, seats=["here", "remote", "bot"])
    url = f"/api/matches/{m['id']}/choose"
    d = table(server, m).match.pending.player  # the first player is drawn: Ann or Ben (the bots have moved)
    t1, t2 = H(tok(m, d.seat)) | JSON, H(tok(m, 3 - d.seat))
    before = list(table(server, m).match.choices)
    refused(server.post(url, content=b"{not json", headers=t1), 400, "not JSON")
    refused(server.post(url, content=b"", headers=t1), 400, "empty")
    refused(server.post(url, json=[0], headers=t1), 400, "JSON object")
    refused(server.post(url, json={}, headers=t1), 400, "`option` is missing")
    v = table(server, m).version
    refused(server.post(url, json={"option": True, "version": v}, headers=t1), 400, "index")
    refused(server.post(url, json={"option": 1.5, "version": v}, headers=t1), 400, "index")
    refused(server.post(url, json={"option": 0, "version": "x"}, headers=t1), 400, "version")
    refused(server.post(url, json={"option": 0}, headers=t1), 400, "`version` is missing")
    refused(server.post(url, json={"option": 99, "version": v}, headers=t1), 422, "out of range")
    refused(server.post(url, json={"option": -1, "version": v}, headers=t1), 422, "out of range")
    refused(server.post(url, json={"option": "no such label", "version": v}, headers=t1), 422, "is not an option")
    refused(server.post(url, json={"option": 0, "version": v}, headers=t2), 409, f"{d.name}'s decision")
    refused(server.post(url, json={"option": 0, "version": 12345}, headers=t1), 409, "changed")
    refused(server.post(url, content=b"x" * 70_000, headers=t1), 413)
    assert table(server, m).match.choices == before  # nothing refused was applied


def test_an_answer_moves_the_match_and_the_bots_answer_until_a_human_decides(server):
    m = new(server, seats=["here", "bot", "bot"])
    t = table(server, m)
    label = t.match.pending.options[1].label
    before, made = t.version, len(t.match.choices)
    r = server.post(f"/api/matches/{m['id']}/choose", json={"option": label, "version": before},
                    headers=H(tok(m, 1)))
    assert r.status_code == 200, r.text
    assert t.match.choices[made] == 1 and t.version > before  # a label is an answer too
    assert t.match.over or t.match.pending.player.seat == 1


def test_a_whole_match_with_one_human_reaches_its_result_over_http(server):
    m = new(server, seats=["bot", "here", "bot"])
    rng = make_agent("random", 2, 5)
    for _ in range(400):
        st = server.get(f"/api/matches/{m['id']}/state", headers=H(tok(m, 2))).json()
        if st["over"]:
            break
        assert st["deciding"]["seat"] == 2
        k = rng.rng.randrange(len(st["view"]["pending"]["options"]))
        r = server.post(f"/api/matches/{m['id']}/choose", json={"option": k, "version": st["version"]},
                        headers=H(tok(m, 2)))
        assert r.status_code == 200, r.text
    assert st["over"] and st["result"]["ranking"] and st["result"]["names"]["2"] == "Ben"
    refused(choose(server, m, 2, 0), 409, "over")


# ---- the match's creation

@pytest.mark.parametrize("body, status, words", [
    ({"game": "kaiju-incc"}, 400, "did you mean"),
    ({}, 400, "`game` is missing"),
    ({"game": "kaiju-inc", "players": 9}, 400, "2 to 5 players"),
    ({"game": "kaiju-inc", "players": "3"}, 400, "`players` must be a number"),
    ({"game": "kaiju-inc", "options": {"nope": "on"}}, 400, "no option `nope`"),
    ({"game": "kaiju-inc", "options": {"backward_attacks": "maybe"}}, 400, "takes one of"),
    ({"game": "kaiju-inc", "options": ["x"]}, 400, "mapping"),
    ({"game": "kaiju-inc", "players": 2, "seats": ["here"]}, 400, "1 seat(s) for 2 players"),
    ({"game": "kaiju-inc", "players": 2, "seats": ["here", "alien"]}, 400, "`seats`"),
    ({"game": "kaiju-inc", "players": 2, "seats": ["bot", "bot"]}, 400, "at least one seat must be a human"),
    ({"game": "kaiju-inc", "seed": "seven"}, 400, "draws each match's seed"),
    ({"game": "kaiju-inc", "seed": 7}, 400, "draws each match's seed"),
    ({"game": "kaiju-inc", "names": "Ann"}, 400, "`names`"),
    ({"game": ["kaiju-inc"]}, 400, "`game` is missing"),
])
def test_a_bad_new_match_is_refused_with_a_reason(server, body, status, words):
    refused(server.post("/api/matches", json=body), status, words)


def test_names_and_options_reach_the_match(server):
    m = new(server, players=2, seats=["here", "bot"], names=["Zoe", ""], options={"backward_attacks": "on"})
    t = table(server, m)
    assert [s["name"] for s in m["seats"]] == ["Zoe", "Player 2"]
    assert t.match.options.values["backward_attacks"] == "on"


def test_nothing_answers_with_a_500(server):
    m = new(server, seats=["here", "bot", "bot"])
    mid = m["id"]
    probes = [
        ("GET", "/api/matches/nope/state", {}), ("POST", "/api/matches/nope/choose", {"json": {"option": 0}}),
        ("GET", "/api/replays/nope", {}), ("GET", "/api/nothing", {}), ("DELETE", "/api/games", {}),
        ("POST", "/api/matches", {"content": b"\xff\xfe", "headers": JSON}), ("POST", "/api/matches", {"content": b"null", "headers": JSON}),
        ("POST", "/api/matches", {"content": b"[]", "headers": JSON}), ("POST", "/api/matches", {"content": b"1e999999", "headers": JSON}),
        ("POST", "/api/matches", {"content": b'{"game": "kaiju-inc", "players": 1e9}'}),
        ("POST", "/api/replays", {"content": b"{}", "headers": JSON}), ("POST", "/api/replays", {"json": {"text": 5}}),
        ("POST", "/api/replays", {"json": {"saved": "../../etc/passwd"}}),
        ("POST", "/api/replays", {"json": {"text": "garbage\n"}}),
        ("POST", "/api/replays", {"json": {"text": '{"meeple_log": 1, "game": "kaiju-inc"}\n'}}),
        ("POST", "/api/replays", {"json": {"text": '{"meeple_log": 1, "game": "x", "players": 3, "seed": 1}\n'}}),
        ("GET", f"/api/matches/{mid}/state", {"headers": H("," * 40), "params": {"viewer": 1}}),
        ("GET", f"/api/matches/{mid}/state", {"params": {"token": "a" * 5000}}),
        ("GET", f"/api/matches/{mid}/state", {"params": {"token": "\u00e9\u732b"}}),
        ("GET", f"/api/matches/{mid}/state", {"headers": {"X-Meeple-Token": "\u00e9t\u00e9".encode("latin-1")}}),
        ("GET", f"/api/matches/{mid}/state", {"params": {"token": tok(m, 1), "viewer": "\u0661"}}),
        ("POST", f"/api/matches/{mid}/choose", {"headers": H(tok(m, 1)), "json": {"option": "x" * 10000, "version": 0}}),
        ("POST", f"/api/matches/{mid}/choose", {"headers": H(tok(m, 1)), "json": {"option": 10 ** 40, "version": 0}}),
        ("GET", "/static/../app.py", {}), ("GET", "/static/nothing.js", {}),
    ]
    for method, path, kw in probes:
        r = server.request(method, path, **kw)
        assert 400 <= r.status_code < 500, (method, path, r.status_code, r.text)
        assert "Traceback" not in r.text and "File \"" not in r.text
        if path.startswith("/api"):
            assert r.json()["error"]


def test_another_host_name_is_refused(server):
    r = server.get("/api/games", headers={"Host": "evil.example"})
    assert r.status_code == 400


def test_pages_forbid_inline_scripts_and_framing(server):
    r = server.get("/")
    assert r.status_code == 200 and "default-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["referrer-policy"] == "no-referrer"
    for page in ("/play/abc", "/replay/abc", "/static/board.js", "/static/meeple.css"):
        assert server.get(page).status_code == 200


# ---- hidden information

def hand_game(secret, **body):
    body.setdefault("players", 2)
    body.setdefault("seats", ["remote", "remote"])
    return new(secret, game="secret-hands", **body)


def test_a_seat_is_never_sent_another_seats_hand_or_the_decks_order(secret):
    m = hand_game(secret, players=3, seats=["remote", "remote", "bot"])
    t = table(secret, m)
    for step in range(6):
        hands = {p.seat: names_in(p.zones["hand"]) for p in t.match.players}
        deck = names_in(t.match.zones["deck"])
        assert all(hands.values()) and deck
        for seat in (1, 2):
            st = secret.get(f"/api/matches/{m['id']}/state", headers=H(tok(m, seat)))
            text = st.text
            own = st.json()["view"]["players"][seat - 1]["zones"]["hand"]
            assert {c["name"] for c in own["cards"]} == hands[seat]
            for other, names in hands.items():
                if other != seat:
                    assert not any(n in text for n in names), (seat, other, names)
                    assert "cards" not in st.json()["view"]["players"][other - 1]["zones"]["hand"]
            assert not any(n in text for n in deck)
            assert st.json()["view"]["zones"]["deck"] == {"count": len(deck), "visibility": "hidden"}
        watch = secret.get(f"/api/matches/{m['id']}/state", headers=H(m["watch_url"].split("#")[1])).text
        assert not any(n in watch for names in hands.values() for n in names)
        d = t.match.pending
        choose(secret, m, d.player.seat, step % len(d.options))


def test_a_choice_from_a_hidden_hand_is_hidden_in_the_others_account(secret):
    m = hand_game(secret)
    t = table(secret, m)
    label = t.match.pending.options[0].label
    choose(secret, m, 1, 0)
    mine = secret.get(f"/api/matches/{m['id']}/state", headers=H(tok(m, 1))).json()["log"]
    theirs = secret.get(f"/api/matches/{m['id']}/state", headers=H(tok(m, 2))).json()["log"]
    assert f"  Ann: {label}" in mine
    assert f"  Ann: {HIDDEN}" in theirs and f"  Ann: {label}" not in theirs
    assert len(mine) == len(theirs)


def test_one_links_tickets_never_refuse_another_links_stream(secret):
    """A spectator with the watch link asks for a hundred tickets after a seat asked for its own: the seat's
    ticket still opens its stream (each link has a pool of its own); the watch link's oldest tickets are the
    ones that lapse."""
    m = hand_game(secret)
    url = f"/api/matches/{m['id']}/events"
    watch = m["watch_url"].split("#")[1]
    mine = ticket(secret, m, tok(m, 1))
    first_watch = ticket(secret, m, watch, "public")
    for _ in range(100):
        last_watch = ticket(secret, m, watch, "public")
    refused(secret.get(url, params=first_watch), 403, "ticket")  # pushed out of the watch link's own pool
    for t in (mine, last_watch):
        with secret.stream("GET", url, params=t) as r:
            assert r.status_code == 200
            assert any(line.startswith("data: ") for line in itertools.islice(r.iter_lines(), 4))


def test_spectators_behind_one_address_never_push_out_each_others_tickets(secret):
    """Twenty spectators at the match's plain address, all behind one address (this test's), each ask for a
    ticket before any opens its stream (more than a link's pool of eight): each ticket opens its own stream of
    the public view. Past the spectators' tickets one address may have waiting, a new one is refused and every
    ticket given still opens."""
    from interpreter.web.tables import SPECTATOR_TICKETS
    m = hand_game(secret)
    url = f"/api/matches/{m['id']}/events"

    def spectator_ticket():
        return secret.post(f"/api/matches/{m['id']}/ticket", json={"viewer": "public"})

    def opens(t):
        with secret.stream("GET", url, params={"ticket": t}) as r:
            assert r.status_code == 200
            data = next(line for line in itertools.islice(r.iter_lines(), 4) if line.startswith("data: "))
            assert json.loads(data[6:])["key"] == "public"

    tickets = [spectator_ticket().json()["ticket"] for _ in range(20)]
    for t in tickets:
        opens(t)
    waiting = [spectator_ticket() for _ in range(SPECTATOR_TICKETS)]
    assert all(r.status_code == 201 for r in waiting)
    refused(spectator_ticket(), 503, "try again")
    opens(waiting[0].json()["ticket"])
    opens(waiting[-1].json()["ticket"])


def test_the_event_stream_pushes_each_seats_own_view(secret):
    m = hand_game(secret)
    t = table(secret, m)
    hand1 = names_in(t.match.players[0].zones["hand"])
    url = f"/api/matches/{m['id']}/events"
    pass_ = ticket(secret, m, tok(m, 2))
    with secret.stream("GET", url, params=pass_) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        data = None
        for line in r.iter_lines():
            if line.startswith("data: "):
                data = json.loads(line[6:])
                break
    assert data["key"] == "2" and data["state"]["viewer"] == 2
    assert data["state"]["meta"]["game"]["id"] == "secret-hands"
    assert not any(n in json.dumps(data) for n in hand1)
    refused(secret.get(url, params=pass_), 403, "used")  # a ticket opens one stream, once
    # a screen with both seats (hot-seat) follows one viewer at a time: the public view between turns
    both = H(f"{tok(m, 1)},{tok(m, 2)}")
    state = secret.get(f"/api/matches/{m['id']}/state", params={"viewer": "public"}, headers=both).json()
    assert state["held"] == [1, 2] and state["viewer"] is None
    with secret.stream("GET", url, params=ticket(secret, m, both["X-Meeple-Token"], "public")) as r:
        for line in r.iter_lines():
            if line.startswith("data: "):
                data = json.loads(line[6:])
                break
    assert data["key"] == "public" and data["state"]["viewer"] is None
    assert not any(n in json.dumps(data) for n in hand1)


def test_an_update_is_pushed_after_a_choice(secret):
    m = hand_game(secret)
    url = f"/api/matches/{m['id']}/events"
    versions = []
    with secret.stream("GET", url, params=ticket(secret, m, tok(m, 2))) as r:
        for line in r.iter_lines():
            if line.startswith("data: "):
                msg = json.loads(line[6:])
                versions.append(msg["version"])
                if len(versions) == 1:
                    assert choose(secret, m, 1, 0).status_code == 200
                else:
                    st = msg["state"]
                    assert st["log_from"] > 0 and "meta" not in st  # only what is new
                    assert st["deciding"]["seat"] == 2
                    break
    assert versions[1] > versions[0]


# ---- logs and replays

def test_the_log_is_given_out_only_when_the_match_is_over(server):
    m = new(server, players=2, seats=["here", "bot"])
    t = table(server, m)
    refused(server.get(f"/api/matches/{m['id']}/log", headers=H(tok(m, 1))), 409, "not over")
    refused(server.post(f"/api/matches/{m['id']}/replay", json={}, headers=H(tok(m, 1))), 409, "not over")
    while not t.match.over:
        choose(server, m, 1, 0)
    r = server.get(f"/api/matches/{m['id']}/log", headers=H(tok(m, 1)))
    assert r.status_code == 200
    rows = [json.loads(x) for x in r.text.splitlines()]
    assert rows[0]["meeple_log"] == 1 and rows[0]["seed"] == t.seed and "result" in rows[-1]
    assert rows[0]["game"] == "kaiju-inc" and "folder" not in rows[0]  # a bundled game: found by its name
    assert [x["choice"] for x in rows[1:-1]] == t.match.choices
    rep = server.post(f"/api/matches/{m['id']}/replay", json={}, headers=H(tok(m, 1)))
    assert rep.status_code == 201
    rid = rep.json()["id"]
    end = server.get(f"/api/replays/{rid}", params={"step": rep.json()["steps"]}).json()
    assert end["over"] and end["result"]["scores"] == t.match.result.as_dict()["scores"]


def test_a_log_written_by_meeple_play_replays_step_by_step(server, tmp_path):
    game = load_game(bundled_games()["kaiju-inc"])
    path = tmp_path / "m.jsonl"
    agents = [make_agent("random", s, 4) for s in (1, 2, 3)]
    match = play(game, 3, 4, {}, agents, str(path))
    r = server.post("/api/replays", json={"text": path.read_text(), "name": "m.jsonl"})
    assert r.status_code == 201, r.text
    rid, steps = r.json()["id"], r.json()["steps"]
    assert steps == len(match.choices)
    first = server.get(f"/api/replays/{rid}", params={"step": 0}).json()
    fresh = Match(game, 3, 4)
    assert first["step"] == 0 and first["next"]["label"] == fresh.pending.options[match.choices[0]].label
    mid = server.get(f"/api/replays/{rid}", params={"step": 10, "viewer": 2}).json()
    assert mid["step"] == 10 and mid["viewer"] == 2
    back = server.get(f"/api/replays/{rid}", params={"step": 3}).json()
    assert back["step"] == 3 and len(back["log"]) < len(mid["log"])
    end = server.get(f"/api/replays/{rid}", params={"step": 10 ** 6}).json()
    assert end["step"] == steps and end["over"] and end["log"] == match.lines
    refused(server.get(f"/api/replays/{rid}", params={"step": "x"}), 400, "`step`")
    refused(server.get(f"/api/replays/{rid}", params={"viewer": 9}), 400, "no seat 9")


def test_an_interrupted_log_replays_to_where_it_stops(server, tmp_path):
    game = load_game(bundled_games()["kaiju-inc"])
    path = tmp_path / "m.jsonl"
    play(game, 2, 9, {}, [make_agent("random", s, 9) for s in (1, 2)], str(path))
    lines = path.read_text().splitlines()
    cut = "\n".join(lines[:12]) + '\n{"seat": 1, "cho'  # cut off while writing
    r = server.post("/api/replays", json={"text": cut, "name": "cut.jsonl"})
    assert r.status_code == 201, r.text
    end = server.get(f"/api/replays/{r.json()['id']}", params={"step": 99}).json()
    assert end["steps"] == 11 and not end["finished"] and not end["over"] and end["deciding"]


def test_a_bad_log_is_refused_with_its_place(server):
    refused(server.post("/api/replays", json={"text": "{}\n", "name": "x.jsonl"}), 400, "x.jsonl:1: not a meeple")
    bad = '{"meeple_log": 1, "game": "kaiju-inc", "players": 2, "seed": 1, "options": {}}\n{"choice": 77}\n'
    refused(server.post("/api/replays", json={"text": bad}), 400, "choice 1 of the log is refused")
    other = '{"meeple_log": 1, "game": "chess", "players": 2, "seed": 1}\n'
    refused(server.post("/api/replays", json={"text": other}), 400, "does not offer")
    mods = '{"meeple_log": 1, "game": "kaiju-inc", "players": 2, "seed": 1, "mods": ["/tmp/x"]}\n'
    refused(server.post("/api/replays", json={"text": mods}), 400, "mods")


def test_logs_saved_by_the_server_can_be_opened_once_not_live(secret):
    m = hand_game(secret, seats=["here", "bot"])
    t = table(secret, m)
    assert Path(t.log_path).parent == secret.logs
    names = [x["name"] for x in secret.get("/api/logs").json()["logs"]]
    assert Path(t.log_path).name not in names  # a live match's log holds its seed: not listed
    refused(secret.post("/api/replays", json={"saved": Path(t.log_path).name}), 404)
    while not t.match.over:
        choose(secret, m, 1, 0)
    header, choices = read_log(t.log_path)
    assert header["finished"] and choices == t.match.choices and header["bots"] == "2"
    listed = {x["name"]: x for x in secret.get("/api/logs").json()["logs"]}
    assert listed[Path(t.log_path).name]["finished"]
    r = secret.post("/api/replays", json={"saved": Path(t.log_path).name})
    assert r.status_code == 201 and r.json()["steps"] == len(choices)


# ---- limits

def test_a_full_server_makes_room_from_finished_then_idle_matches():
    limits = Limits(max_tables=3, per_client=10, idle=60.0, burst=10 ** 9, refill=10 ** 9)
    app = create_app(str(SECRET), bot_delay=0, limits=limits)
    with served(app) as client:
        a, b = (hand_game(client, seats=["remote", "bot"]) for _ in range(2))
        table(client, a).touched -= 61  # left alone for longer than `idle`: no longer in play
        c = hand_game(client, seats=["remote", "bot"])
        table(client, b).touched -= 61
        table(client, c).touched -= 120
        while not table(client, b).match.over:
            choose(client, b, 1, 0)
        table(client, b).touched -= 61  # finished, and touched later than `a`: it goes first all the same
        hand_game(client, seats=["remote", "bot"])
        live = app.state.tables.tables
        assert b["id"] not in live and a["id"] in live and c["id"] in live
        hand_game(client, seats=["remote", "bot"])  # then the idle one left alone longest
        assert c["id"] not in live and a["id"] in live
        state = client.get(f"/api/matches/{a['id']}/state", headers=H(tok(a, 1)))  # `a` is back: in play
        assert state.status_code == 200 and table(client, a).in_play(limits.idle)
        refused(client.post("/api/matches", json={"game": "secret-hands"}), 503, "the server is full")


# ---- the command

def test_meeple_serve_refuses_an_unknown_game_and_a_busy_port(capsys):
    from interpreter.command import main
    assert main(["serve", "no-such-game"]) == 2
    assert "no bundled game or game folder `no-such-game`" in capsys.readouterr().err
    for bad in (["--max-tables", "0"], ["--per-client", "0"], ["--budget", "0"], ["--rate", "-1"]):
        assert main(["serve", "kaiju-inc", *bad]) == 2
        assert "must be" in capsys.readouterr().err
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(1)
    try:
        assert main(["serve", "kaiju-inc", "--port", str(s.getsockname()[1])]) == 2
        assert "cannot listen on 127.0.0.1" in capsys.readouterr().err
    finally:
        s.close()


def test_paced_bots_answer_one_by_one_and_each_answer_is_pushed():
    app = create_app(str(SECRET), bot_delay=0.02)
    with served(app) as client:
        m = new(client, game="secret-hands", players=3, seats=["bot", "bot", "here"])
        t = app.state.tables.tables[m["id"]]
        versions = []
        with client.stream("GET", f"/api/matches/{m['id']}/events", params=ticket(client, m, tok(m, 3))) as r:
            for line in r.iter_lines():
                if line.startswith("data: "):
                    st = json.loads(line[6:])["state"]
                    versions.append(st["version"])
                    if st["deciding"]["seat"] == 3:
                        break
                    assert st["deciding"]["bot"]
        assert len(t.match.choices) == 2 and versions[-1] >= 2  # each bot answer was its own update


def test_random_bodies_never_get_a_500(server):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
    m = new(server, seats=["here", "bot", "bot"])
    leaf = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8))
    body = st.recursive(leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["game", "players", "seed", "options", "seats", "names", "option", "version", "text",
                         "saved", "name"]), inner, max_size=4), max_leaves=8)

    @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
    @given(body, st.sampled_from(["/api/matches", f"/api/matches/{m['id']}/choose", "/api/replays"]))
    def post(data, path):
        r = server.post(path, json=data, headers=H(tok(m, 1)))
        assert r.status_code < 500, (path, data, r.text)

    post()


def test_an_option_that_picks_a_card_carries_the_card_for_its_chooser_alone(secret):
    m = new(secret, game="secret-hands", players=2, seats=["remote", "remote"])
    t = table(secret, m)
    seat = t.match.pending.player.seat
    mine = secret.get(f"/api/matches/{m['id']}/state", headers=H(tok(m, seat))).json()
    hand = {p.uid: p for p in t.match.players[seat - 1].zones["hand"].items}
    cards = mine["option_cards"]
    assert [c["uid"] for c in cards] == [v.uid for v in t.match.pending.values] and set(hand) >= {c["uid"] for c in cards}
    assert all(c["name"] == hand[c["uid"]].card.name and c["value"] == hand[c["uid"]].f["value"] for c in cards)
    other = secret.get(f"/api/matches/{m['id']}/state", headers=H(tok(m, 3 - seat))).json()
    watch = secret.get(f"/api/matches/{m['id']}/state?viewer=public", headers=H(tok(m, 3 - seat))).json()
    for st in (other, watch):  # the others are told nothing of the chooser's hand
        assert "option_cards" not in st
        assert not any(p.card.name in json.dumps(st) for p in hand.values())


def test_a_state_carries_the_content_scoreboard_of_the_position(server):
    m = new(server, game="happy-city", players=3)
    st = server.get(f"/api/matches/{m['id']}/state", headers=H(tok(m, 1))).json()
    t = table(server, m)
    labels = [e["label"] for e in st["meta"]["scoreboard"]]
    assert labels and len(st["scores"]["players"]["1"]) == len(labels)
    i = labels.index("coins")
    assert {int(s): row[i] for s, row in st["scores"]["players"].items()} == \
        {p.seat: p.counters["coins"] for p in t.match.players}


def test_a_hero_choice_shows_each_heros_abilities_to_its_chooser(server):
    m = new(server, game="debtzilla", players=3)
    t = table(server, m)
    st = server.get(f"/api/matches/{m['id']}/state", headers=H(tok(m, 1))).json()
    d = t.match.pending
    assert d.player.seat == 1 and all(v.card.kind == "hero" for v in d.values)  # the game starts with it
    cards = st["option_cards"]
    assert [c["name"] for c in cards] == st["view"]["pending"]["options"]
    for c, v in zip(cards, d.values, strict=True):  # each Hero from the box, as the content defines it
        assert (c["ability_text"], c["special_text"]) == (v.card.fields["ability_text"], v.card.fields["special_text"])


# ---- play again, bots of every kind

def test_play_again_starts_the_same_seats_anew_once_the_match_is_over(server):
    m = new(server, game="kuhn-poker", players=2, seats=["remote", {"kind": "mcts", "seconds": 0.05}],
            names=["Ann", "Bot"])
    t = table(server, m)
    refused(server.post(f"/api/matches/{m['id']}/again", json={}, headers=H(tok(m, 1))), 409, "not over")
    while not t.match.over:
        assert choose(server, m, 1, 0).status_code == 200
    refused(server.post(f"/api/matches/{m['id']}/again", json={}), 403, "token is needed")
    r = server.post(f"/api/matches/{m['id']}/again", json={}, headers=H(tok(m, 1)))
    assert r.status_code == 201, r.text
    again = r.json()
    n = server.app.state.tables.tables[again["id"]]
    assert [s.public() for s in n.seats] == [s.public() for s in t.seats]
    assert n.seats[1].agent.seconds == 0.05 and n.options == t.options
    new_token = again["seats"][0]["url"].split("#")[1]
    assert new_token != tok(m, 1) and again["play_url"] == f"/play/{n.id}#{new_token}"  # the asker's own new link
    refused(server.get(f"/api/matches/{n.id}/state", params={"viewer": 1}, headers=H(tok(m, 1))), 403,
            "not a seat of this match")
    assert server.get(f"/api/matches/{n.id}/state", params={"viewer": 1}, headers=H(new_token)).status_code == 200


def test_a_seat_is_a_person_or_a_bot_of_a_known_kind(server):
    for bad, words in [(["here", "wizard"], "must list one of"), (["here", {"kind": "human"}], "is a bot"),
                       (["here", {"kind": "mcts", "seconds": 60}], "from 0.01 to 5"),
                       (["here", {"kind": "greedy", "seconds": 1}], "an mcts bot's time")]:
        refused(server.post("/api/matches", json={"game": "kaiju-inc", "players": 2, "seats": bad}), 400, words)
    m = new(server, players=3, seats=["here", "greedy", "mcts"])
    kinds = [(s["kind"], s["agent"]) for s in m["seats"]]
    assert kinds == [("human", None), ("bot", "greedy"), ("bot", "mcts")]
    assert table(server, m).seats[2].agent.seconds == 1.0  # an mcts bot's time by default
