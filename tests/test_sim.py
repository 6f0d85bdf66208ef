"""Simulation: agents per seat, the same results whatever the backend and the number of workers (a real
local Dask cluster included), per-card figures and traces, and the hand-written baseline's equivalence."""
from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from interpreter import load_game
from interpreter.cli.main import main
from interpreter.errors import UsageError
from interpreter.sim.batch import lineup, rotated, simulate
from interpreter.sim.run import play, seat_agents

ROOT = Path(__file__).resolve().parents[1]


def test_lineup_reads_agent_flags():
    assert lineup(None, 3) == ["random"] * 3
    assert lineup(["greedy"], 3) == ["greedy"] * 3
    assert lineup(["mcts", "greedy"], 3) == ["mcts", "greedy", "random"]
    assert lineup(["greedy", "2=mcts"], 3) == ["greedy", "mcts", "greedy"]
    with pytest.raises(UsageError, match="no seat 4"):
        lineup(["4=mcts"], 3)
    with pytest.raises(UsageError, match="unknown agent `clever`"):
        lineup(["clever"], 2)
    assert [rotated(["a", "b", "c"], i, True) for i in range(3)] == [["a", "b", "c"], ["c", "a", "b"], ["b", "c", "a"]]


def _strip(data):
    return {k: v for k, v in data.items()}


def test_results_do_not_depend_on_the_number_of_workers(kaiju):
    one = simulate(kaiju, 8, 2, 40, {}, jobs=1)
    two = simulate(kaiju, 8, 2, 40, {}, jobs=2)
    assert one == two
    assert [r["seed"] for r in one["results"]] == list(range(40, 48))


def test_with_another_thread_running_workers_load_the_game_instead_of_forking(kaiju, monkeypatch):
    """A process running threads does not fork (a lock another thread holds would stay held in the child):
    each worker loads the game from its folder, with the same results."""
    import multiprocessing
    import threading

    import interpreter.sim.batch as batch
    contexts = []
    real = multiprocessing.get_context
    monkeypatch.setattr(multiprocessing, "get_context", lambda method=None: contexts.append(method) or real(method))
    stop = threading.Event()
    other = threading.Thread(target=stop.wait, daemon=True)
    other.start()
    try:
        two = batch.simulate(kaiju, 4, 2, 40, {}, jobs=2)
    finally:
        stop.set()
        other.join()
    assert contexts == ["spawn"]
    assert two == simulate(kaiju, 4, 2, 40, {}, jobs=1)


def test_the_command_forks_its_workers_with_the_same_results(kaiju, tmp_path):
    """`meeple simulate --jobs 2` in a process of its own (no other thread: its workers are forked, inheriting
    the game) gives the results of one worker here."""
    out = tmp_path / "two.json"
    done = subprocess.run([sys.executable, "-m", "interpreter.cli.main", "simulate", "kaiju-inc", "--players", "2",
                           "--games", "4", "--seed", "40", "--jobs", "2", "--json", str(out)],
                          cwd=Path(__file__).resolve().parents[1], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text())["results"] == simulate(kaiju, 4, 2, 40, {}, jobs=1)["results"]


def test_mixed_agents_rotate_and_are_summed_by_agent(kaiju):
    data = simulate(kaiju, 3, 2, 0, {}, ["mcts", "random"], agent_options={"iterations": 1}, rotate=True, jobs=1)
    assert data["agents"] == ["mcts", "random"]
    assert [r["agents"]["1"] for r in data["results"]] == ["mcts", "random", "mcts"]
    w = data["summary"]["wins_by_agent"]
    assert set(w) == {"mcts", "random"} and w["mcts"]["played"] == 3
    assert w["mcts"]["wins"] + w["random"]["wins"] == 3


def test_one_seats_agent_option_does_not_rotate_with_the_agents(kaiju):
    with pytest.raises(UsageError, match="--rotate-agents"):
        simulate(kaiju, 3, 2, 0, {}, ["mcts", "random"], agent_options={"1:iterations": 1}, rotate=True, jobs=1)
    data = simulate(kaiju, 1, 2, 0, {}, ["mcts", "mcts"], agent_options={"2:iterations": 1}, jobs=1)
    assert data["agent_options"] == {"2:iterations": 1}


def test_a_card_bought_is_counted_however_the_compiled_code_moves_it(tmp_path):
    """`bought` counts the cards that entered a player's zone in a step where that player paid. The compiled
    code moves a card in place (no call a recorder could watch): each token taken into a hand is paid for with
    a coin and never leaves it, so what the hands hold at the end is what was bought, in every match."""
    from conftest import MINI_CARDS, MINI_GAME, write_game

    from interpreter import load_game
    from interpreter.sim.batch import run_one
    text = MINI_GAME.replace("coins: {initial: 0, min: 0, max: 20}", "coins: {initial: 10, min: 0, max: 20}")
    text = text.replace("          gain(p, c.value)", "          p.coins -= 1")
    game = load_game(write_game(tmp_path, {"game.yaml": text, "cards/t.yaml": MINI_CARDS}))
    assert "V_move" not in game.phases[0].body.__code__.co_names  # moved in place
    for seed in range(3):
        cards = run_one(game, 2, seed, {}, ["random", "random"], None)["cards"]
        held = Counter(c for ids in cards["held"].values() for c in ids)
        assert cards["taken"] and cards["bought"] == dict(held)


@pytest.mark.parametrize("name", ["kaiju-inc", "happy-city", "debtzilla"])
def test_details_are_the_same_whether_bots_answer_in_place_or_through_the_protocol(name):
    """A simulation's random bots answer in place (Match's `auto`), the recorder seeing each answer through the
    match's `watch`; bots that must be asked through the protocol give the very same match and details."""
    from interpreter import bundled_games
    from interpreter.agents import RandomAgent
    from interpreter.sim.details import Recorder
    from interpreter.sim.run import play

    class Asked(RandomAgent):  # the same answers, through Decision and Match.choose
        def __init__(self, seed):
            super().__init__(seed)
            self.pick_later, self.pick = self.pick, None

        def choose(self, view, decision):
            return self.pick_later(decision.size)
    game = load_game(bundled_games()[name])
    for seed in range(3):
        seen = []
        for agent in (RandomAgent, Asked):
            watch = Recorder()
            m = play(game, 2, seed, {}, [agent(f"{seed}:{s}") for s in (1, 2)], watch=watch, narrate=False)
            seen.append((m._auto is not None, m.choices, m.result.as_dict(), watch.as_dict()))
        (in_place, *first), (asked, *second) = seen
        assert in_place and not asked and first == second


def test_each_match_records_cards_and_counters_over_the_rounds(kaiju):
    data = simulate(kaiju, 3, 3, 5, {}, jobs=1)
    for r in data["results"]:
        cards = r["cards"]
        assert sum(cards["taken"].values()) > 0 and sum(cards["bought"].values()) > 0
        assert set(cards["held"]) == {"1", "2", "3"}
        assert set(cards["bought"]) <= set(cards["taken"]) | {c for ids in cards["held"].values() for c in ids}
        trace = r["trace"]
        assert trace[0]["round"] == 1 and trace[-1].get("end") and trace[-1]["round"] == r["rounds"]
        assert [t["round"] for t in trace[:-1]] == list(range(1, r["rounds"] + 1))
        assert set(trace[0]["players"]["1"]) >= {"money", "research", "kaiju"}


def test_results_hold_plain_values_only(kaiju):
    """Results go back from the workers through a pipe: no string of the loader, which carries its place
    (pickling those made two workers do a tenth more work than one)."""
    plain = (str, int, float, bool, type(None))

    def check(x):
        if isinstance(x, dict):
            for k, v in x.items():
                check(k)
                check(v)
        elif isinstance(x, list):
            for v in x:
                check(v)
        else:
            assert type(x) in plain, (type(x), x)
    for r in simulate(kaiju, 2, 3, 5, {}, jobs=1)["results"]:
        check(r)


def test_details_do_not_change_the_match(kaiju):
    with_details = simulate(kaiju, 3, 2, 9, {}, jobs=1)
    without = simulate(kaiju, 3, 2, 9, {}, jobs=1, details=False)
    for a, b in zip(with_details["results"], without["results"], strict=True):
        assert {k: v for k, v in a.items() if k not in ("cards", "trace")} == b


def test_a_match_that_fails_in_a_worker_names_its_seed_and_content_place(mini, capsys):
    p = mini / "game.yaml"
    text = p.read_text()
    p.write_text(text.replace("score: me.coins\n", "score: me.coins / (me.coins - me.coins)\n"))
    code = main(["simulate", str(mini), "--players", "2", "--games", "4", "--seed", "30", "--jobs", "2",
                 "--agent", "greedy"])
    err = capsys.readouterr().err
    line = text.splitlines().index("score: me.coins") + 1
    assert code == 1 and f"game.yaml:{line}:" in err and "division by zero" in err
    assert "in the match of seed 3" in err and "2 players, agents greedy, greedy" in err


def test_cli_simulate_with_agents_and_jobs(capsys, tmp_path):
    out = tmp_path / "r.json"
    code = main(["simulate", "kaiju-inc", "--players", "2", "--games", "2", "--agent", "mcts", "--agent", "2=random",
                 "--agent-opt", "iterations=1", "--jobs", "2", "--json", str(out)])
    text = capsys.readouterr().out
    assert code == 0 and "agents: seat 1 mcts, seat 2 random" in text
    data = json.loads(out.read_text())
    assert data["agents"] == ["mcts", "random"] and data["agent_options"] == {"iterations": "1"}
    code = main(["simulate", "kaiju-inc", "--games", "1", "--agent", "random", "--agent-opt", "iterations=5"])
    assert code == 2 and "no agent here takes the option `iterations`" in capsys.readouterr().err


# ---- the hand-written baseline plays the very same matches
def test_baseline_kaiju_plays_the_same_matches_as_the_interpreter(kaiju):
    import importlib.util  # by path: the name `kaiju` is also the package tests/kaiju
    spec = importlib.util.spec_from_file_location("baseline_kaiju", ROOT / "tools" / "baseline" / "kaiju.py")
    hand = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hand)
    records = hand.load_cards()
    assert [r["id"] for r in records] == [p.card.id for p in _box(kaiju)], "card order differs from the game's"
    for players in (2, 3, 4, 5):
        for seed in range(6):
            a = hand.play(records, players, seed)
            m = play(kaiju, players, seed, {}, seat_agents(players, "all", seed)).result
            assert (a["winner"], a["scores"], a["rounds"], a["decisions"], a["reason"]) == \
                   (m.winner, m.scores, m.rounds, m.decisions, m.reason), \
                   f"tools/baseline/kaiju.py no longer plays the game of content/kaiju-inc ({players} players, seed {seed})"


def _box(game):
    from interpreter import Match
    return Match(game, 2, 0, start=False).zones["box"].items


def test_bench_baseline_and_parallel_figures_have_their_fields(kaiju, tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import bench
    finally:
        sys.path.pop(0)
    b = bench.baseline(kaiju, 2, 0.01)
    assert set(b) == {"game", "players", "handwritten_games_per_second", "interpreted_games_per_second", "ratio"}
    assert b["ratio"] > 0
    t = bench.timed(kaiju, 2, 0.01)
    assert t["games_per_second"] > 0 and t["decisions_per_second"] > 0
    assert bench.new_match_cost(kaiju, 2, 5) > 0
    p = bench.parallel(kaiju, 2, 4, str(tmp_path))
    assert set(p) == {"game", "players", "games", "start_seconds", "jobs_1_seconds", "jobs_2_seconds",
                      "jobs_1_cpu_seconds", "jobs_2_cpu_seconds", "speedup"}
    assert p["speedup"] > 0 and p["jobs_1_cpu_seconds"] > 0 and p["start_seconds"] > 0


def test_bench_times_validate_and_first_loads_in_new_processes(tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import bench
    finally:
        sys.path.pop(0)
    v = bench.validate_times(str(tmp_path), repeats=1)
    assert set(v) == {"cold_cpu_seconds", "cached_cpu_seconds", "start_cpu_seconds", "games",
                      "cold_cpu_seconds_per_game"}
    assert min(v["cold_cpu_seconds"], v["cached_cpu_seconds"], v["start_cpu_seconds"]) > 0 and v["games"] >= 10
    assert list(tmp_path.glob("parse-*.pickle"))  # the cached run had a cache to read
    assert bench.new_process_load(ROOT / "content" / "kaiju-inc", str(tmp_path), repeats=1) > 0


# ---- a real Dask cluster on loopback: a scheduler and two worker processes
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for_workers(address: str, n: int, timeout: float = 60) -> None:
    from distributed import Client
    with Client(address, timeout="30s") as c:
        c.wait_for_workers(n, timeout=timeout)


def test_dask_backend_gives_the_same_results_as_local(tmp_path, capsys):
    pytest.importorskip("distributed")
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    logs = open(tmp_path / "dask.log", "w")
    procs = [subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                               "--port", str(port), "--dashboard-address", "127.0.0.1:0", "--no-show"],
                              stdout=logs, stderr=subprocess.STDOUT, env=env, cwd=tmp_path)]
    try:
        time.sleep(0.5)
        for i in range(2):
            procs.append(subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address,
                                           "--nthreads", "1", "--no-nanny", "--host", "127.0.0.1",
                                           "--no-dashboard", "--name", f"w{i}", "--local-directory", str(tmp_path)],
                                          stdout=logs, stderr=subprocess.STDOUT, env=env, cwd=tmp_path))
        _wait_for_workers(address, 2)
        local, remote = tmp_path / "local.json", tmp_path / "dask.json"
        args = ["simulate", "kaiju-inc", "--players", "3", "--games", "10", "--seed", "21"]
        assert main(args + ["--jobs", "1", "--json", str(local)]) == 0
        assert main(args + ["--backend", "dask", "--address", address, "--json", str(remote)]) == 0
        capsys.readouterr()
        a, b = json.loads(local.read_text()), json.loads(remote.read_text())
        assert a == b and len(a["results"]) == 10
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in reversed(procs):
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        logs.close()


def test_dask_backend_without_a_scheduler_is_a_clear_error(capsys):
    pytest.importorskip("distributed")
    code = main(["simulate", "kaiju-inc", "--games", "1", "--backend", "dask", "--address", f"tcp://127.0.0.1:{_free_port()}"])
    assert code == 2 and "cannot reach the Dask scheduler" in capsys.readouterr().err
    code = main(["simulate", "kaiju-inc", "--games", "1", "--backend", "dask"])
    assert code == 2 and "needs --address" in capsys.readouterr().err


def _our_cyclic_garbage():
    """The objects of meeple's own classes that only the cycle collector would free. Other threads (a Dask client
    shutting down, a progress bar's monitor) may leave garbage of their own meanwhile: it is not counted."""
    import gc
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        return [o for o in gc.garbage if type(o).__module__.startswith("interpreter.")]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


@pytest.mark.parametrize("folder", ["kaiju-inc", "happy-city", "debtzilla"])
def test_a_closed_match_leaves_nothing_to_the_cycle_collector(folder):
    """A finished match's pieces, zones and players point at one another; closed (as `meeple simulate` and the
    search agents close theirs), it is freed by reference counting alone, its result still readable. One left
    waiting for a decision is closed too."""
    import gc

    from interpreter.runtime.match import Match
    game = load_game(ROOT / "content" / folder)
    gc.collect()
    gc.disable()
    try:
        m = play(game, 3, 5, {}, seat_agents(3, "all", 5), narrate=False)
        result = m.result
        m.close()
        assert m.result is result and len(m.choices) == result.decisions
        del m
        assert _our_cyclic_garbage() == []
        m = Match(game, 3, 5, narrate=False)  # suspended at its first decision
        assert m.pending is not None
        m.close()
        del m
        assert _our_cyclic_garbage() == []
        m = play(game, 3, 5, {}, seat_agents(3, "all", 5), narrate=False)
        del m
        # the test sees what it claims to: unclosed, the match is cyclic garbage
        assert any(type(o) is Match for o in _our_cyclic_garbage())
    finally:
        gc.enable()


TIES = """
game: ties
name: Ties
players: {min: 2, max: 3}
cards: []
player:
  counters:
    coins: {initial: 0, min: 0, max: 9}
round:
  - phase: main
    do: |
      ask by players[0] "How many coins for the last seat?" {
        "None" { players[count(players) - 1].coins += 0 }
        "One" { players[count(players) - 1].coins += 1 }
      }
      trigger_end("one round")
score: me.coins
"""


@pytest.mark.parametrize("players", [2, 3])
def test_a_tie_at_the_top_shares_the_win(tmp_path, players):
    """Every seat at 0 coins ties: all are winners, and simulate gives each an equal share of the match; one
    coin for the last seat makes it the only winner (not the lower seat, as a tie-break by seat would)."""
    folder = tmp_path / "ties"
    folder.mkdir()
    (folder / "game.yaml").write_text(TIES)
    game = load_game(folder)
    from interpreter import Match
    tied, alone = Match(game, players, 1), Match(game, players, 1)
    tied.choose("None")
    alone.choose("One")
    assert tied.result.winners == list(range(1, players + 1)) and tied.result.as_dict()["winners"] == tied.result.winners
    assert alone.result.winners == [players] and alone.result.winner == players
    data = simulate(game, 40, players, 0, {})
    s = data["summary"]
    ties = sum(len(r["winners"]) > 1 for r in data["results"])
    assert s["ties"] == ties and 0 < ties < 40
    share = {str(p): 0.0 for p in range(1, players + 1)}
    for r in data["results"]:
        for w in r["winners"]:
            share[str(w)] += 1 / len(r["winners"])
    assert {k: v["wins"] for k, v in s["wins_by_seat"].items()} == {k: pytest.approx(v, abs=1e-4) for k, v in share.items()}
    assert sum(v["wins"] for v in s["wins_by_seat"].values()) == pytest.approx(40, abs=1e-3)


def test_bench_against_gives_old_content_the_defaults_an_untyped_engine_read(tmp_path):
    """`tools/bench.py --against REV` plays REV's content with this engine: a field a card left out (which an
    engine without typed records read as 0, false, "" or []) is an error here until the copy adds defaults."""
    import shutil

    from interpreter import load_game
    from interpreter.errors import ContentError
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import bench
    src = tmp_path / "old"
    shutil.copytree(os.path.join(ROOT, "content", "goofspiel"), src, ignore=shutil.ignore_patterns("tests"))
    game = (src / "game.yaml").read_text()
    (src / "game.yaml").write_text(game.replace("fields: {value: int}\n    face: {label: bid}",
                                                "fields: {value: int, weight: int, marks: 'list[int]', shy: bool, "
                                                "nick: str, spare: int?}\n    face: {label: bid}"))
    with pytest.raises(ContentError) as e:
        load_game(src)
    assert {d.code for d in e.value.diagnostics} == {"E-MISSING-FIELD"}
    bench.with_old_defaults(str(src), str(tmp_path / "new"))
    card = next(c for c in load_game(tmp_path / "new").cards.values() if c.kind == "bid")
    assert (card.fields["weight"], card.fields["marks"], card.fields["shy"], card.fields["nick"],
            card.fields["spare"]) == (0, [], False, "", None)


def test_breakdown_parts_add_up_to_a_match(kaiju):
    """tools/breakdown.py: a match's parts (creation, setup, result, the decisions) are each timed, share the whole
    match between them, and the content's bodies are named by their place in the content."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import breakdown
    finally:
        sys.path.pop(0)
    r = breakdown.breakdown(kaiju, 3, 6)
    assert r["decisions_per_match"] > 10
    assert all(v > 0 for v in r["per_match_us"].values()), r["per_match_us"]
    assert r["per_decision_us"]["decide"] > 0
    assert abs(sum(r["shares"].values()) - 1.0) < 0.35, r["shares"]  # each part timed apart: about the whole
    content, *top = r["bodies"]
    assert 0 < content["content_share"] < 1
    assert top and all(re.search(r"\.yaml:\d+:\d+$", b["place"]) for b in top), top
