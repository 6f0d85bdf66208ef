"""`meeple tune`: a designed number tuned to its known fair value, a study resumed from its file, a tuned mod
validated and played, only designed values varied unless said, and the trials played on a real Dask cluster."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from functools import cache
from pathlib import Path

import pytest

from interpreter import load_game
from interpreter.cli.main import main
from interpreter.errors import UsageError

optuna = pytest.importorskip("optuna")
from interpreter.tune import tune  # noqa: E402  (after the skip: the package needs optuna)
from interpreter.tune.goals import measure, read_goal  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
HEAD_START = ROOT / "tests" / "games" / "head-start"
SPACES = "cards.head_start.spaces"


def first_player_wins(head_start: int, goal: int = 20, sides: int = 6) -> float:
    """By the game's rules (tests/games/head-start): the two racers roll a die in turn, the first player first,
    and whoever reaches the goal space first wins; the second starts `head_start` spaces ahead."""
    @cache
    def mover_wins(a: int, b: int) -> float:  # the racer to move is at a, the other at b
        return sum(1.0 if a + r >= goal else 1.0 - mover_wins(b, a + r) for r in range(1, sides + 1)) / sides
    return mover_wins(0, head_start)


def fair_head_start() -> float:
    """Where the first player's chance crosses 1/2, between two whole head starts (linear in between)."""
    k = next(k for k in range(20) if first_player_wins(k + 1) <= 0.5)
    a, b = first_player_wins(k), first_player_wins(k + 1)
    return k + (a - 0.5) / (a - b)


def test_the_fair_head_start_by_the_rules_lies_between_one_and_two_spaces():
    assert first_player_wins(1) > 0.5 > first_player_wins(2)  # moving first is worth about 1.8 spaces
    assert 1.5 < fair_head_start() < 2


def test_tune_finds_the_known_fair_head_start(tmp_path):
    """The one designed number, tuned for `fair` over 13 possible head starts, lands within half a space of the
    fair value the rules give (the only whole number there is 2); the fresh seeds agree."""
    d = tune(HEAD_START, vary=[f"{SPACES}=0..12"], goals=["fair"], out_dir=str(tmp_path), players=2, games=400,
             trials=15, seed=3, say=None)
    best = d["best"]["params"][SPACES]
    assert abs(best - fair_head_start()) < 0.5
    assert d["trials"][0]["params"] == {SPACES: 0}  # the game as it is, measured first
    after, before = d["check"]["after"], d["check"]["before"]
    assert after["measure"]["value"] < before["measure"]["value"]
    assert before["measure"]["parts"]["fair"]["rows"]["seat 1"]["ci95"][0] > 0.5  # the first player's edge, seen
    lo, hi = after["measure"]["parts"]["fair"]["rows"]["seat 1"]["ci95"]
    assert lo <= first_player_wins(best) <= hi
    assert any(t["state"] == "pruned" for t in d["trials"])  # the hopeless head starts stopped early
    game = load_game(HEAD_START, [tmp_path / "mod"])
    assert game.cards["head_start"].fields["spaces"] == best
    assert "spaces 0 -> 2" in game.cards["head_start"].source["note"]
    page = (tmp_path / "index.html").read_text()
    assert "The best values" in page and "On fresh seeds" in page and "<img" in page
    assert json.loads((tmp_path / "tune.json").read_text())["best"]["params"] == {SPACES: best}


def test_a_stopped_tuning_goes_on_from_its_study_file(tmp_path):
    """The study is kept in SQLite: a second run with more trials keeps the first run's trials and plays only the
    new ones; a trial left running by a process that is gone is marked failed and asked again."""
    study = tmp_path / "kept.db"
    args = dict(vary=[f"{SPACES}=0..12"], goals=["fair"], players=2, games=80, seed=5, study=str(study),
                check_games=0, say=None)
    first = tune(HEAD_START, out_dir=str(tmp_path / "a"), trials=3, **args)
    s = optuna.load_study(study_name="meeple-tune", storage=f"sqlite:///{study}")
    stale = s.ask()  # as a tuning stopped in the middle of a trial leaves it
    stale.set_user_attr("owner", f"{os.uname().nodename}:999999999")
    played = []
    second = tune(HEAD_START, out_dir=str(tmp_path / "b"), trials=5,
                  **{**args, "say": lambda n, params, m, note: played.append(n)})
    assert second["trials"][:3] == first["trials"]
    assert len(second["trials"]) == 5 and stale.number not in [t["number"] for t in second["trials"]]
    assert len(played) == 2
    states = {t.number: t.state for t in optuna.load_study(study_name="meeple-tune", storage=f"sqlite:///{study}").trials}
    assert states[stale.number] == optuna.trial.TrialState.FAIL
    with pytest.raises(UsageError, match="made for another tuning.*games"):
        tune(HEAD_START, out_dir=str(tmp_path / "c"), trials=5, **{**args, "games": 100})


def test_a_tuned_mod_is_validated_and_played(tmp_path, capsys):
    out = tmp_path / "out"
    mod = out / "mod"
    card = "cards.start_kaijumoto_electronics.money"
    assert main(["tune", "kaiju-inc", "--players", "3", "--vary", f"{card}=4..5", "--goal", "fair", "--goal",
                 "0.5*length=18", "--games", "40", "--trials", "3", "--jobs", "1", "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "best (trial" in printed and "on 80 fresh matches" in printed
    best = json.loads((out / "tune.json").read_text())["best"]["params"][card]
    assert main(["validate", str(mod)]) == 0
    assert main(["play", "kaiju-inc", "--mod", str(mod), "--players", "3", "--bots", "all", "--seed", "2"]) == 0
    assert "Winner:" in capsys.readouterr().out
    game = load_game(ROOT / "content" / "kaiju-inc", [mod])
    assert best in (4, 5) and game.cards["start_kaijumoto_electronics"].fields["money"] == best
    assert game.cards["start_kaijumoto_electronics"].source["provenance"] == "designed"
    assert f"money 3 -> {best}" in game.cards["start_kaijumoto_electronics"].source["note"]
    assert [c.id for c in game.cards.values() if c.source.get("replace")] == ["start_kaijumoto_electronics"]


def test_an_empty_result_is_said_and_writes_no_mod(tmp_path):
    """A head start of 2 is fair already: the best trial is the game as it is, so no mod is written (and the
    last run's is taken away), and the summary and the page say so."""
    from interpreter.tune import summary
    fair = tmp_path / "fair"
    (fair / "cards").mkdir(parents=True)
    (fair / "mod.yaml").write_text("mod: fair\nextends: head-start\ncards: [cards/*.yaml]\n")
    (fair / "cards" / "c.yaml").write_text("- {id: head_start, name: Head Start, kind: handicap, provenance: designed, "
                                           "spaces: 2, replace: true}\n")
    (tmp_path / "out" / "mod").mkdir(parents=True)
    (tmp_path / "out" / "mod" / "mod.yaml").write_text("mod: tuned\nextends: head-start\n")  # a last run's
    d = tune(HEAD_START, mods=[fair], vary=[f"{SPACES}=1..3"], goals=["fair"], out_dir=str(tmp_path / "out"),
             players=2, games=200, trials=3, seed=3, check_games=0, say=None)
    assert d["kept"] and d["best"]["params"] == {SPACES: 2} and d["mod"] is None
    assert not (tmp_path / "out" / "mod").exists()
    assert "no trial beat the game as it is: no mod written" in summary(d)[-1]
    assert "no mod is written" in (tmp_path / "out" / "index.html").read_text()


def test_the_result_is_the_best_trial_and_no_values_are_played_twice(tmp_path):
    """Four head starts, six trials asked: each value is played once (a value the search proposes again is not
    a trial: another value is played instead), the search stops when all were, and the answer is the trial of
    the lowest loss."""
    d = tune(HEAD_START, vary=[f"{SPACES}=0..3"], goals=["fair"], out_dir=str(tmp_path), players=2, games=120,
             trials=6, seed=4, check_games=0, prune=False, say=None)
    played = [t["params"][SPACES] for t in d["trials"]]
    assert sorted(played) == [0, 1, 2, 3]
    lowest = min(d["trials"], key=lambda t: t["value"])
    assert d["best"]["params"] == lowest["params"] and d["best"]["value"] == lowest["value"]


def test_ctrl_c_stops_a_tuning_with_one_line(tmp_path, capsys, monkeypatch):
    """An interrupt while matches are played: the command says in one line where the finished trials are kept
    and how to go on (exit 130), no traceback."""
    import interpreter.tune.trials as trials

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(trials, "run_one", interrupted)
    code = main(["tune", "kaiju-inc", "--vary", "cards.start_kaijumoto_electronics.money=2..4", "--goal", "fair",
                 "--games", "8", "--trials", "2", "--jobs", "1", "-o", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 130 and len(err.strip().splitlines()) == 1
    assert "stopped" in err and str(tmp_path / "study.db") in err and "Traceback" not in err


def test_the_reports_suggested_command_runs_as_printed(tmp_path, capsys, monkeypatch):
    """A company holds no number: the report names the cards with numbers its seats hold far more often than
    the others, or without such a record the first cards that share its home city (its start buildings), and
    the agents the results were played by; the command runs as printed."""
    import shlex

    from interpreter.report import build
    factions = {"1": "Kaijumoto Keiretsu", "2": "Gwai Group", "3": "Monstersanto"}
    results = [{"seed": i, "winner": w, "winners": [w], "outcome": "ranked", "reason": "r", "rounds": 10,
                "decisions": 50, "scores": {}, "factions": factions, "agents": {"1": "greedy", "2": "random",
                                                                                  "3": "random"},
                "cards": {"taken": {}, "bought": {}, "held": {}}} for i, w in enumerate([1] * 180 + [2, 3] * 60)]
    flagged = {f["what"]: f for f in build([{"game": "kaiju-inc", "players": 3, "options": {}, "_path": "r.json",
                                             "results": results}])["flags"]}
    command = flagged["Kaijumoto Keiretsu"]["command"]
    assert "--agent greedy --agent random --agent random" in command and "ID.FIELD" not in command
    for card in ("start_kaijumoto_electronics", "start_kaijumoto_heavy_industries",
                 "start_kaijumoto_rebuild_estates"):
        assert f"--vary cards.{card}." in command
    for r in results:  # the cards its seats hold far more often than the others come first (stats.held_with)
        r["cards"]["held"] = {"1": ["kaijumoto_keiretsu", "start_kaijumoto_heavy_industries"], "2": [], "3": []}
    held = {f["what"]: f for f in build([{"game": "kaiju-inc", "players": 3, "options": {}, "_path": "r.json",
                                          "results": results}])["flags"]}["Kaijumoto Keiretsu"]["command"]
    assert "--vary cards.start_kaijumoto_heavy_industries.research=" in held and "electronics" not in held
    args = shlex.split(command)
    assert args[:2] == ["meeple", "tune"]
    monkeypatch.chdir(tmp_path)
    assert main([*args[1:], "--games", "2", "--rungs", "1", "--trials", "1", "--check-games", "0", "--jobs", "1"]) == 0
    assert (tmp_path / "tuned" / "tune.json").is_file()


def test_only_designed_values_are_varied_unless_allowed(tmp_path, capsys):
    printed = "cards.hostile_takeover_industrial.cost=0..2"
    code = main(["tune", "kaiju-inc", "--vary", printed, "--goal", "fair", "-o", str(tmp_path)])
    assert code == 2 and "not a designed value (provenance: rulebook)" in capsys.readouterr().err
    other = "cards.hostile_takeover_industrial.cost=1..2"  # (the game's 0 left out: a mod is written)
    assert main(["tune", "kaiju-inc", "--vary", other, "--goal", "fair", "--allow-printed", "--games", "8",
                 "--rungs", "1", "--trials", "1", "--check-games", "0", "--jobs", "1", "-o", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert "WARNING: --allow-printed: cards.hostile_takeover_industrial.cost" in err
    assert "Printed values varied" in (tmp_path / "index.html").read_text()
    assert "not designed varied: cards.hostile_takeover_industrial.cost" in (tmp_path / "mod" / "mod.yaml").read_text()


@pytest.mark.parametrize("vary, message", [
    ("cards.nobody.cost=1..3", "no card `nobody`"),
    ("cards.start_kaijumoto_electronics.monie=1..3", "did you mean `money`"),
    ("cards.start_kaijumoto_electronics.money=4..1", "the range is empty"),
    ("cards.start_kaijumoto_electronics.money=a|b", "not of that type"),
    ("cards.kaijumoto_keiretsu.city=tokyo|atlantis", "atlantis"),  # refused by the game's own checks
    ("options.backward_attacks=on|sideways", "no value 'sideways'"),
    ("counters.nothing.initial=1..2", "no `nothing` under `counters`"),
    ("cards.start_kaijumoto_electronics.money", "PATH=RANGE"),
])
def test_a_wrong_vary_is_said_before_any_match(vary, message, tmp_path, capsys):
    code = main(["tune", "kaiju-inc", "--vary", vary, "--goal", "fair", "--allow-printed", "-o", str(tmp_path)])
    assert code == 2 and message in capsys.readouterr().err
    assert not (tmp_path / "study.db").exists()


def test_goals_read_and_measure_with_intervals():
    results = [{"outcome": "ranked", "winner": 1, "winners": [1], "rounds": 10, "scores": {"1": 10, "2": 5}},
               {"outcome": "ranked", "winner": 2, "winners": [2], "rounds": 14, "scores": {"1": 4, "2": 8}}] * 50
    fair = measure([read_goal("fair")], results, 2)
    assert fair.value == 0 and fair.low == 0 and 0 < fair.high < 0.15  # 50 of 100 each: fair, within noise
    length = measure([read_goal("length=10")], results, 2)
    assert length.value == pytest.approx(0.2) and length.low < 0.2 < length.high  # 12 rounds on average, not 10
    spread = measure([read_goal("spread")], results, 2)
    assert spread.value == pytest.approx(0.5)  # each winner leads by half its score
    both = measure([read_goal("2*length=10"), read_goal("spread")], results, 2)
    assert both.value == pytest.approx(2 * 0.2 + 0.5) and set(both.parts) == {"2*length=10", "spread"}
    team = [{"outcome": "won", "rounds": 9}] * 30 + [{"outcome": "lost", "rounds": 9}] * 70
    win = measure([read_goal("win-rate=0.5")], team, 2)
    assert win.value == pytest.approx(0.2) and win.low < 0.2 < win.high  # 30 % won, 50 % aimed at
    assert measure([read_goal("win-rate=0.3")], team, 2).low == 0  # aimed at: 0, its interval from 0
    for bad, message in [("fast", "no goal"), ("win-rate=2", "between 0 and 1"), ("x*fair", "a weight"),
                         ("fair=colour", "factions or seats")]:
        with pytest.raises(UsageError, match=message):
            read_goal(bad)


def test_a_cooperative_game_is_tuned_for_a_win_rate_not_for_fairness(tmp_path, capsys):
    code = main(["tune", "debtzilla", "--vary", "cards.savings.copies=1..3", "--goal", "fair", "-o", str(tmp_path)])
    assert code == 2 and "cooperative" in capsys.readouterr().err


def test_tune_plays_its_trials_on_a_real_dask_cluster(tmp_path):
    """A scheduler and two worker processes on loopback (as tests/test_sim.py starts them): the trials' matches
    are played there, and give what one process gives."""
    pytest.importorskip("distributed")
    from test_sim import _free_port, _wait_for_workers
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
        # unpruned trials of a seeded random search: which values each trial tries does not depend on when the
        # others end, and a trial's matches depend on its values alone, so the cluster and one process agree
        args = dict(vary=[f"{SPACES}=0..12"], goals=["fair"], players=2, games=60, trials=4, seed=8, say=None,
                    sampler="random", prune=False, check_games=40)
        remote = tune(HEAD_START, out_dir=str(tmp_path / "dask"), backend="dask", address=address, **args)
        from distributed import Client
        with Client(address, timeout="30s") as c:
            loaded = c.run(lambda: __import__("interpreter.tune.trials", fromlist=["_game"])._game.cache_info().currsize)
        assert len(loaded) == 2 and sum(loaded.values()) > 0  # the workers loaded the trials' games and played them
        here = tune(HEAD_START, out_dir=str(tmp_path / "here"), jobs=1, **args)
        assert [(t["params"], t["value"], t["games"]) for t in remote["trials"]] == \
            [(t["params"], t["value"], t["games"]) for t in here["trials"]]
        assert remote["best"] == here["best"] and remote["check"] == here["check"]
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


def test_an_option_and_a_game_yaml_entry_become_a_mod_that_loads(kaiju):
    """Values outside the cards: an option's value becomes its default, a game.yaml entry is given again whole
    with the one value changed; neither marks provenance, so both count as printed."""
    import yaml

    from interpreter.tune.trials import mod_folder
    from interpreter.tune.vary import mod_files, read_vary
    folder = str(ROOT / "content" / "kaiju-inc")
    option = read_vary("options.backward_attacks=on|off", kaiju, folder)
    counter = read_vary("player.counters.money.initial=3..7", kaiju, folder)
    assert not option.designed and not counter.designed and counter.current == 5
    files = mod_files(kaiju, folder, (), [option, counter], {option.path: "off", counter.path: 6}, "a test")
    mod = yaml.safe_load(files["mod.yaml"])
    assert mod["options"] == {"backward_attacks": {"values": ["off"], "default": "off"}}
    assert mod["player"]["counters"]["money"]["initial"] == 6 and "cards" not in mod
    game = load_game(folder, [mod_folder(tuple(sorted(files.items())))])
    assert game.options["backward_attacks"].default == "off" and game.player_counters["money"].initial == 6
