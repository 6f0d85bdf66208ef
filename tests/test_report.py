"""`meeple report`: statistics from simulate --json results and one self-contained HTML page with plots."""
from __future__ import annotations

import json
import re

import pytest

from interpreter.cli.main import main
from interpreter.errors import UsageError
from interpreter.report import build, load_results, write_report
from interpreter.report.html import page
from interpreter.report.stats import cards, counter_over_rounds, win_rates
from interpreter.sim.batch import simulate


@pytest.fixture(scope="module")
def results(tmp_path_factory, kaiju):
    d = tmp_path_factory.mktemp("results")
    paths = []
    for players in (2, 3):
        data = simulate(kaiju, 6, players, 100, {}, jobs=1)
        p = d / f"r{players}.json"
        p.write_text(json.dumps(data))
        paths.append(str(p))
    return paths


def test_win_rates_by_player_count_seat_and_company(results):
    stats = build(load_results(results))
    assert [g["players"] for g in stats["groups"]] == [2, 3]
    for g in stats["groups"]:
        assert not g["cooperative"] and g["games"] == 6
        assert sum(e["wins"] for e in g["seats"].values()) == 6
        for e in list(g["seats"].values()) + list(g["factions"].values()):
            assert 0 <= e["ci95"][0] <= e["rate"] <= e["ci95"][1] <= 1
    assert stats["matches"] == 12 and sum(stats["reasons"].values()) == 12
    assert stats["rounds"]["min"] <= stats["rounds"]["mean"] <= stats["rounds"]["max"]


def test_cooperative_results_give_the_team_win_rate():
    data = {"players": 2, "options": {}, "results": [
        {"seed": i, "winner": None, "outcome": "won" if i < 3 else "lost", "reason": "r", "rounds": 5,
         "decisions": 10, "scores": {}} for i in range(4)]}
    g = win_rates(data)
    assert g["cooperative"] and g["team"]["wins"] == 3 and g["seats"]["1"]["wins"] == 3


def test_card_figures_and_a_counter_over_the_rounds(results):
    every = [r for p in results for r in json.load(open(p))["results"]]
    rows = cards(every)
    assert rows and all(r["taken"] >= 0 and r["in_winners_hands"] <= r["held"] for r in rows)
    assert sum(r["bought"] for r in rows) > 0
    assert sum(r["in_winners_hands"] > 0 for r in rows) > 5
    c = counter_over_rounds(every, "money")
    assert c["scope"] == "player" and c["rounds"][0] == 1 and c["mean"][0] == 5
    # a mean may lie outside p10..p90 (three matches left: 6, 7 and 11 give p90 7, mean 8): the bank's bounds hold
    assert all(lo <= hi and 0 <= m <= 11 for lo, m, hi in zip(c["p10"], c["mean"], c["p90"], strict=True))
    assert counter_over_rounds(every, "nonsense")["missing"]


def test_the_page_is_self_contained_with_its_plots(results, tmp_path):
    path = write_report(results, str(tmp_path / "out"), counter="kaiju")
    page = open(path, encoding="utf-8").read()
    assert page.startswith("<!doctype html>") and page.rstrip().endswith("</html>")
    assert len(re.findall(r'<img alt="[^"]+" src="data:image/png;base64,', page)) == 3
    assert not re.search(r'(src|href)="(https?:)?//', page)  # nothing fetched from elsewhere
    for text in ("Win rates", "2 players", "3 players", "Match length", "End reasons", "kaiju", "Cards",
                 "the winner", "holders"):
        assert text in page


def test_cli_report_and_its_errors(results, tmp_path, capsys):
    assert main(["report", *results, "-o", str(tmp_path / "rep")]) == 0
    assert "report written to" in capsys.readouterr().out
    assert (tmp_path / "rep" / "index.html").is_file() and (tmp_path / "rep" / "report.json").is_file()
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["report", str(bad), "-o", str(tmp_path / "x")]) == 2
    assert "not JSON" in capsys.readouterr().err
    with pytest.raises(UsageError, match="not the output of"):
        load_results([str(tmp_path / "rep" / "report.json")])


def _ranked(winners: list, factions: dict, held: dict) -> list:
    return [{"seed": i, "winner": w, "winners": [w], "outcome": "ranked", "reason": "r", "rounds": 10,
             "decisions": 50, "scores": {}, "factions": factions, "cards": {"taken": {}, "bought": {}, "held": held}}
            for i, w in enumerate(winners)]


def test_the_report_flags_an_unfair_faction_and_the_card_that_moves_the_win_rate_with_the_command_to_tune_it():
    factions = {"1": "Kaijumoto Keiretsu", "2": "Gwai Group", "3": "Monstersanto"}
    held = {"1": ["start_kaijumoto_electronics"], "2": ["start_gwai_harbourfront_towers"],
            "3": ["start_monstersanto_agrochemical_plant"]}
    unfair = {"game": "kaiju-inc", "players": 3, "options": {}, "_path": "r.json",
              "results": _ranked([1] * 180 + [2] * 60 + [3] * 60, factions, held)}
    flagged = {f["what"]: f for f in build([unfair])["flags"]}
    assert "more than its fair share of 33.3%" in flagged["Kaijumoto Keiretsu"]["text"]  # 60 % (54-65 %)
    assert "less than" in flagged["Gwai Group"]["text"] and "seat 1" in flagged  # 20 % (16-25 %)
    card = flagged["start_kaijumoto_electronics"]
    assert "its holders win 60.0%" in card["text"] and "the other seats 20.0%" in card["text"]
    assert card["command"].startswith("meeple tune kaiju-inc --players 3 --vary cards.start_kaijumoto_electronics.")
    assert "--vary cards.start_kaijumoto_electronics.money=1..5" in card["command"]  # money 3, two steps either side
    assert "--allow-printed" not in card["command"]  # a designed card
    fair = {**unfair, "results": _ranked([1, 2, 3] * 100, factions, held)}
    assert build([fair])["flags"] == []  # each at exactly its fair share: nothing to look at
    from interpreter.report.html import page
    shown = page(build([unfair]))
    assert "To look at" in shown and "meeple tune kaiju-inc --players 3 --vary cards.start_kaijumoto" in shown


def _agents_results(wins_of_greedy: int, games: int = 20) -> dict:
    """Results of a 2-player game, greedy in seat 1 and random in seat 2, greedy winning `wins_of_greedy`."""
    rows = [{"seed": i, "outcome": "finished", "winners": [1] if i < wins_of_greedy else [2], "rounds": 5,
             "decisions": 10, "scores": {"1": 1, "2": 0}, "reason": "the end", "agents": {"1": "greedy", "2": "random"}}
            for i in range(games)]
    return {"game": "kuhn-poker", "players": 2, "agents": ["greedy", "random"], "results": rows, "_path": "r.json"}


def test_the_report_names_its_bots_and_warns_where_they_are_weak():
    """A stronger bot that does not beat a weaker one by 10 points over its fair share (50 % in a 2-player game)
    is weak at the game: at 11 of 20 (55 %) the report says so, at 13 of 20 (65 %) it does not."""
    weak = build([_agents_results(11)])
    assert weak["agents"] == ["greedy", "random"]
    assert len(weak["bot_warnings"]) == 1 and weak["bot_warnings"][0].startswith("greedy wins 55.0% of its seats against random")
    assert build([_agents_results(13)])["bot_warnings"] == []
    assert build([_agents_results(12)])["bot_warnings"] == []  # 12 of 20 is 60 %: at the margin, not below it


def test_a_report_of_random_bots_says_its_figures_are_of_random_play(results):
    stats = build(load_results(results))
    assert stats["agents"] == ["random"]
    assert stats["bot_warnings"] == ["these matches were played by random bots: their figures say how the rules "
                                     "play at random, not with skill (`meeple simulate kaiju-inc --agent mcts` plays "
                                     "them with the search)"]
    assert "Played by: random" in page(stats)
