"""The `meeple` command's contract: list, play, simulate --json, validate, replay; deterministic output."""
from __future__ import annotations

import json

from interpreter.cli.main import main


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_list_names_the_bundled_games_and_player_counts(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0 and "kaiju-inc: Kaiju Incorporated, 2-5 players" in out
    assert "hearts: Hearts, 4 players" in out  # a single count is said once, not "4-4"


def test_play_bot_match_is_told_and_deterministic(capsys):
    code, a, _ = run(capsys, "play", "kaiju-inc", "--players", "3", "--bots", "all", "--seed", "7")
    assert code == 0
    assert "== Round 1" in a and "Winner:" in a and "score" in a
    _, b, _ = run(capsys, "play", "kaiju-inc", "--players", "3", "--bots", "all", "--seed", "7")
    assert a == b
    _, c, _ = run(capsys, "play", "kaiju-inc", "--players", "3", "--bots", "all", "--seed", "8")
    assert a != c


def test_play_log_then_replay_prints_the_same_account(capsys, tmp_path):
    log = tmp_path / "m.jsonl"
    code, played, _ = run(capsys, "play", "kaiju-inc", "--players", "4", "--bots", "all", "--seed", "3",
                          "--log", str(log))
    assert code == 0
    lines = log.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["game"] == "kaiju-inc" and header["seed"] == 3 and header["players"] == 4
    assert "result" in json.loads(lines[-1])
    assert len(lines) - 2 == int(played.split(" decisions.")[0].rsplit(" ", 1)[1])
    code, replayed, _ = run(capsys, "replay", str(log))
    assert code == 0 and replayed == played


def test_play_with_chosen_agents_plays_as_simulate_does_and_logs_them(capsys, tmp_path):
    log = tmp_path / "m.jsonl"
    code, played, _ = run(capsys, "play", "kaiju-inc", "--players", "2", "--bots", "all", "--seed", "3",
                          "--agent", "greedy", "--agent", "2=random", "--agent-opt", "budget=4", "--log", str(log))
    assert code == 0
    header = json.loads(log.read_text().splitlines()[0])
    assert header["agents"] == ["greedy", "2=random"] and header["agent_options"] == {"budget": "4"}
    result = json.loads(log.read_text().splitlines()[-1])["result"]
    code, _, _ = run(capsys, "simulate", "kaiju-inc", "--players", "2", "--games", "1", "--seed", "3", "--jobs", "1",
                     "--agent", "greedy", "--agent", "2=random", "--agent-opt", "budget=4",
                     "--json", str(tmp_path / "s.json"))
    sim = json.loads((tmp_path / "s.json").read_text())["results"][0]
    assert code == 0 and sim["scores"] == result["scores"] and sim["decisions"] == result["decisions"]
    code, _, err = run(capsys, "play", "kaiju-inc", "--bots", "all", "--agent", "random", "--agent-opt", "budget=4")
    assert code != 0 and "no agent here takes the option `budget`" in err


def test_replay_of_a_cut_log_stops_where_it_was(capsys, tmp_path):
    log = tmp_path / "m.jsonl"
    run(capsys, "play", "kaiju-inc", "--players", "2", "--bots", "all", "--seed", "5", "--log", str(log))
    lines = log.read_text().splitlines()
    (tmp_path / "cut.jsonl").write_text("\n".join(lines[:11]) + "\n" + lines[11][:5])
    code, out, _ = run(capsys, "replay", str(tmp_path / "cut.jsonl"))
    assert code == 0 and "the log stops here" in out


def test_simulate_json_contract(capsys, tmp_path):
    out_file = tmp_path / "r.json"
    code, out, _ = run(capsys, "simulate", "kaiju-inc", "--games", "6", "--players", "3", "--seed", "11",
                       "--json", str(out_file))
    assert code == 0 and "6 matches" in out
    data = json.loads(out_file.read_text())
    assert data["game"] == "kaiju-inc" and data["players"] == 3 and isinstance(data["options"], dict)
    assert [r["seed"] for r in data["results"]] == list(range(11, 17))
    for r in data["results"]:
        assert {"seed", "winner", "outcome", "reason", "rounds", "decisions", "scores"} <= set(r)
        assert r["winner"] in (1, 2, 3) and r["outcome"] == "ranked" and r["rounds"] > 0
        assert max(r["scores"].values()) == r["scores"][str(r["winner"])]
    assert data["summary"]["games"] == 6


def test_unknown_game_option_and_player_count_are_clear_errors(capsys):
    code, _, err = run(capsys, "play", "kaiju-ink", "--bots", "all")
    assert code == 2 and "did you mean `kaiju-inc`" in err
    code, _, err = run(capsys, "play", "kaiju-inc", "--players", "9", "--bots", "all")
    assert code == 2 and "2 to 5 players" in err
    code, out, err = run(capsys, "play", "kaiju-inc", "--bots", "all", "--option", "turbo=on")
    assert code == 2 and "no option `turbo`" in err
    assert out == ""  # said before the match's header, not after it
    assert "Traceback" not in err


def test_validate_bundled_content(capsys):
    code, out, err = run(capsys, "validate", "content")
    assert code == 0, out + err


def test_schema_prints_the_json_schemas(capsys):
    code, out, _ = run(capsys, "schema")
    data = json.loads(out)
    assert code == 0 and set(data) == {"game", "cards", "mod", "scenario"}
    assert data["game"]["$schema"].endswith("2020-12/schema")


def test_the_command_ends_validate_and_schema_at_once_with_every_line_written(tmp_path):
    """`meeple validate` and `meeple schema` end their process without tidying up (cli/main.py `run`): the
    exit code, every line of a long output through a pipe, and what the disk cache parsed anew are kept."""
    import os
    import subprocess
    import sys
    env = dict(os.environ, MEEPLE_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("MEEPLE_CACHE", None)
    env.pop("PYTHONUNBUFFERED", None)  # output kept in buffers, as it is where nobody set it

    def command(*argv):
        return subprocess.run([sys.executable, "-m", "interpreter.cli.main", *argv], env=env, capture_output=True,
                              text=True, timeout=300)
    schema = command("schema")
    assert schema.returncode == 0 and set(json.loads(schema.stdout)) == {"game", "cards", "mod", "scenario"}
    assert len(schema.stdout) > 10_000  # more than a pipe's buffer at once
    broken = tmp_path / "broken.yaml"
    broken.write_text("cards:\n  - id: x\n    kind: gadgte\n", encoding="utf-8")
    found = command("validate", str(broken), "--format", "json")
    assert found.returncode == 1 and json.loads(found.stdout), found.stderr
    ok = command("validate", "content")
    assert ok.returncode == 0 and "0 error(s)" in ok.stderr
    kept = [p.name.split("-")[0] for p in (tmp_path / "cache").iterdir()]
    assert kept and set(kept) == {"parse"}  # the parsed texts (a file a folder of content), no bytecode
    closed = subprocess.run([sys.executable, "-m", "interpreter.cli.main", "schema"], env=env, capture_output=False,
                            stderr=subprocess.PIPE, text=True, timeout=300, preexec_fn=lambda: os.close(1))
    assert closed.returncode == 0 and "Traceback" not in closed.stderr, closed.stderr  # no output: no crash


def test_resume_a_cut_log_to_the_same_end(tmp_path):
    """A log cut mid-match, its last line half-written (what a kill leaves), resumes to the same end."""
    full = tmp_path / "full.jsonl"
    run_args = ["play", "kaiju-inc", "--players", "3", "--bots", "all", "--seed", "21"]
    assert main(run_args + ["--log", str(full)]) == 0
    cut = tmp_path / "cut.jsonl"
    lines = full.read_text().splitlines(keepends=True)
    cut.write_text("".join(lines[:40]) + lines[40][:7])
    assert main(["play", "--resume", str(cut)]) == 0
    assert cut.read_text() == full.read_text()
    assert main(["play", "--resume", str(cut)]) == 2  # over: nothing to resume


def test_any_prefix_of_a_log_replays_and_resumes_to_the_same_end_losing_nothing(tmp_path, capsys):
    """A last line whole but without its new line (a write interrupted between the two) is a choice played:
    replayed, and kept when the match resumes; a line cut anywhere else is dropped and played again."""
    full = tmp_path / "full.jsonl"
    assert main(["play", "goofspiel", "--players", "2", "--bots", "all", "--seed", "3", "--log", str(full)]) == 0
    data = full.read_bytes()
    ends = [i for i, b in enumerate(data) if b == ord("\n")]
    for cut in (ends[5], ends[5] + 1, ends[5] + 9, ends[9] - 1, ends[-2]):  # a line without its new line, at a
        # line's start, inside a line, a line without its last character, the last choice without its new line
        prefix = tmp_path / f"cut{cut}.jsonl"
        prefix.write_bytes(data[:cut])
        capsys.readouterr()
        assert main(["replay", str(prefix)]) == 0, cut
        assert main(["play", "--resume", str(prefix)]) == 0, cut
        assert prefix.read_bytes() == data, cut
    over = tmp_path / "over.jsonl"
    over.write_bytes(data[:-1])  # the result's line without its new line: the match is over
    assert main(["replay", str(over)]) == 0 and main(["play", "--resume", str(over)]) == 2


def test_resume_a_killed_process(tmp_path):
    """A real process killed while it waits for a human at seat 1 is resumed with bots to the same end as an
    uninterrupted bot match (the choices logged before the kill are the bots' own)."""
    import subprocess
    import sys
    import time
    full, killed = tmp_path / "full.jsonl", tmp_path / "killed.jsonl"
    base = ["play", "kaiju-inc", "--players", "3", "--seed", "21"]
    assert main(base + ["--bots", "all", "--log", str(full)]) == 0
    p = subprocess.Popen([sys.executable, "-m", "interpreter.cli.main", *base, "--bots", "2,3", "--log", str(killed)],
                         stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    for _ in range(500):  # wait until it blocks on seat 1's question (the log stops growing)
        time.sleep(0.02)
        if killed.exists() and killed.read_text().count("\n") >= 1:
            size = killed.stat().st_size
            time.sleep(0.2)
            if killed.stat().st_size == size:
                break
    p.kill()
    p.wait()
    assert p.returncode != 0
    assert main(["play", "--resume", str(killed), "--bots", "all"]) == 0
    assert killed.read_text().splitlines()[1:] == full.read_text().splitlines()[1:]


def test_every_bundled_content_file_names_its_schema():
    from pathlib import Path
    root = Path(__file__).resolve().parents[1] / "content"
    for f in root.rglob("*.yaml"):
        first = f.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), f
        schema = (f.parent / first.split("$schema=")[1]).resolve()
        assert schema.is_file() and schema.parent.name == "grammar", f
