"""Taking back an answer over HTTP (web/undo.py): allowed while the answer showed nobody anything hidden and no
other seat has answered since, refused otherwise with the reason; the log and the account record it, the store
forgets the answer taken back."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

from interpreter.runtime.record import read_log  # noqa: E402
from interpreter.web import create_app  # noqa: E402
from tests.web_client import OPEN, served  # noqa: E402

MARKET = Path(__file__).resolve().parent / "e2e" / "games" / "open-market"
TAKE, DRAW = "Take from the market", "Draw blind"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    logs = tmp_path_factory.mktemp("logs")
    app = create_app(str(MARKET), bot_delay=0, log_dir=str(logs), limits=OPEN)
    with served(app) as client:
        yield client


def new(client, seats):
    r = client.post("/api/matches", json={"game": "open-market", "players": len(seats), "seats": seats})
    assert r.status_code == 201, r.text
    m = r.json()
    return m, client.app.state.tables.tables[m["id"]]


def H(m, seat):
    return {"X-Meeple-Token": m["seats"][seat - 1]["token"]}


def state(client, m, seat):
    r = client.get(f"/api/matches/{m['id']}/state", params={"viewer": seat}, headers=H(m, seat))
    assert r.status_code == 200, r.text
    return r.json()


def choose(client, m, seat, option):
    v = state(client, m, seat)["version"]
    r = client.post(f"/api/matches/{m['id']}/choose", json={"option": option, "version": v}, headers=H(m, seat))
    assert r.status_code == 200, r.text


def undo(client, m, seat, version=None):
    v = state(client, m, seat)["version"] if version is None else version
    return client.post(f"/api/matches/{m['id']}/undo", json={"version": v}, headers=H(m, seat))


def refused(r, status, words):
    assert r.status_code == status, (r.status_code, r.text)
    assert words in r.json()["error"], r.json()["error"]


def test_an_answer_that_showed_nothing_hidden_is_taken_back_and_the_log_says_so(server):
    m, t = new(server, ["here", "bot"])
    before = state(server, m, 1)
    assert before["undo"] == {"allowed": False, "reason": "there is no answer of yours to take back"}
    choose(server, m, 1, TAKE)  # the market is public: nothing hidden comes to light
    st = state(server, m, 1)
    assert st["undo"] == {"allowed": True, "reason": None}
    assert "which gem" in st["view"]["pending"]["prompt"]
    r = undo(server, m, 1)
    assert r.status_code == 200, r.text
    back = state(server, m, 1)
    assert back["view"] == before["view"]  # the position before the answer, the same options
    assert back["version"] > st["version"] and back["undo"]["allowed"] is False
    assert back["log"][-1] == f"  Ann takes back: {TAKE}"
    assert t.history == [] and t.match.choices == []
    assert server.app.state.store.load(m["id"])["history"] == []  # a resumed server would not play it
    choose(server, m, 1, TAKE)  # and the match goes on from there
    rows = [json.loads(line) for line in t.log_text().splitlines()]
    assert rows[1] == {"undone": {"seat": 1, "choice": 0, "label": TAKE}} and rows[2]["choice"] == 0
    header, choices = read_log(t.log_path)  # the --logs file, written again: the answer taken back is not played
    assert choices == [h["choice"] for h in t.history]
    assert '"undone"' in Path(t.log_path).read_text()


def test_an_answer_that_turned_up_a_hidden_card_stands(server):
    m, t = new(server, ["remote", "remote"])
    choose(server, m, 1, DRAW)  # the deck is face down: the gem drawn is news to everyone
    st = state(server, m, 1)
    assert st["undo"]["allowed"] is False and "hidden" in st["undo"]["reason"]
    refused(undo(server, m, 1), 409, "your last answer stands: it showed a card that was hidden from someone")
    assert len(t.history) == 1


def test_an_answer_cannot_be_taken_back_once_another_seat_has_answered(server):
    m, t = new(server, ["remote", "remote"])
    choose(server, m, 1, TAKE)
    choose(server, m, 1, 0)
    choose(server, m, 2, TAKE)  # Ben has answered since
    refused(undo(server, m, 1), 409, "another seat has answered since (Ben)")
    assert state(server, m, 1)["undo"] == {"allowed": False, "reason": "another seat has answered since (Ben)"}
    r = undo(server, m, 2)  # Ben's own answer is his to take back
    assert r.status_code == 200, r.text
    refused(undo(server, m, 2), 409, "there is no answer of yours to take back")  # one step back, no more


def test_undo_is_refused_to_the_watch_link_to_an_old_position_and_after_the_end(server):
    m, t = new(server, ["here", "bot"])
    choose(server, m, 1, TAKE)
    watch = {"X-Meeple-Token": m["watch_url"].split("#")[1]}
    r = server.post(f"/api/matches/{m['id']}/undo", json={"version": t.version}, headers=watch)
    refused(r, 403, "the watch link only watches")
    refused(undo(server, m, 1, version=t.version - 1), 409, "the position has changed")
    refused(server.post(f"/api/matches/{m['id']}/undo", json={}, headers=H(m, 1)), 400, "version")
    while not t.match.over:
        choose(server, m, 1, 0)
    refused(undo(server, m, 1), 409, "the match is over")
