"""Scenario files (tests/*.yaml beside game.yaml or mod.yaml) and `meeple test`: a scenario that holds passes, one
that expects a wrong value fails at its line with what was expected and what found, a refused choice, mods, -k,
the output formats, and the seam that runs a folder's scenarios on another copy of its game."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from interpreter.cli.main import main
from interpreter.scenario import run_scenarios
from tests.conftest import CONTENT, MINI_CARDS, MINI_GAME, write_game

# MINI-1 (the mini game of tests/conftest.py): in the main phase each player in turn takes a token of value > 0
# from the deck and gains its value in coins; an empty deck ends the game after the round.
TAKE = """
- name: a token taken pays its value
  rule: MINI-1
  players: [ann, ben]
  position:
    deck: [red_one, blue_two]      # Blue Two on top
    ann: {coins: 3}
  steps:
    - phase: main
    - asks:
        by: ann
        prompt: take a token
        options: [Red One, Blue Two]
    - {by: ann, choose: Blue Two}
    - asks: nobody                   # Ben has one token left to take: no question
    - expect:
        - ann.coins == 3 + 2
        - ben.coins == 1
        - count(deck) == 0
    - holds:
        ann.hand: [blue_two]
        ben.hand: [red_one]
    - said: ["Ann: Blue Two"]
"""


def game(tmp_path: Path, scenarios: str = TAKE, name: str = "mini") -> Path:
    return write_game(tmp_path / name, {"game.yaml": MINI_GAME, "cards/tokens.yaml": MINI_CARDS,
                                        "tests/take.yaml": scenarios})


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(["test", *map(str, argv)])
    out = capsys.readouterr()
    return code, out.out, out.err


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_mini_1_a_scenario_that_holds_passes(tmp_path, capsys):
    code, out, _ = run(capsys, game(tmp_path))
    assert code == 0, out
    assert "1 scenario(s): 1 passed, 0 failed" in out and "a token taken pays its value [MINI-1]" in out


def test_mini_1_a_wrong_expectation_fails_at_its_line_with_expected_and_found(tmp_path, capsys):
    folder = game(tmp_path, TAKE.replace("ann.coins == 3 + 2", "ann.coins == 3 + 3"))
    code, out, _ = run(capsys, folder)
    assert code == 1
    f = folder / "tests" / "take.yaml"
    assert f"tests/take.yaml:{line_of(f, 'ann.coins == 3 + 3')}:11: error: expected ann.coins == 3 + 3" in out
    assert "    expected: ann.coins == 3 + 3\n    found:    5 == 6" in out
    assert "1 scenario(s): 0 passed, 1 failed" in out


def test_mini_1_every_kind_of_check_fails_when_it_does_not_hold(tmp_path, capsys):
    wrong = (TAKE.replace("options: [Red One, Blue Two]", "options: [Blue Two, Red One]")
             .replace("ann.hand: [blue_two]", "ann.hand: [red_one]")
             .replace('said: ["Ann: Blue Two"]', 'said: ["Ben: Blue Two"]'))
    folder = game(tmp_path, wrong)
    code, out, _ = run(capsys, "--format", "json", folder)
    assert code == 1
    failures = json.loads(out)["scenarios"][0]["failures"]
    f = folder / "tests" / "take.yaml"
    assert [(x["line"], x["expected"], x["found"]) for x in failures] == [
        (line_of(f, "  - asks:"), "[Blue Two, Red One]", "[Red One, Blue Two]"),
        (line_of(f, "ann.hand:"), "[red_one]", "[blue_two]"),
        (line_of(f, "said:"), "Ben: Blue Two", failures[2]["found"]),
    ]
    assert "Ann: Blue Two" in failures[2]["found"]  # the account's last lines, to see what was said


def test_mini_1_a_refused_choice_with_its_reason(tmp_path, capsys):
    refused = TAKE.replace("    - {by: ann, choose: Blue Two}\n",
                           "    - {by: ann, choose: Green Three, refused: is not an option}\n"
                           "    - {by: ann, choose: Blue Two}\n")
    assert run(capsys, game(tmp_path / "a", refused))[0] == 0
    # a choice the match accepts, or refuses for another reason, fails the scenario
    accepted = TAKE.replace("{by: ann, choose: Blue Two}", "{by: ann, choose: Blue Two, refused: is not an option}")
    code, out, _ = run(capsys, game(tmp_path / "b", accepted))
    assert code == 1 and "the choice was accepted" in out
    other = refused.replace("refused: is not an option", "refused: costs too much")
    code, out, _ = run(capsys, game(tmp_path / "c", other))
    assert code == 1 and "refused for another reason" in out and "'Green Three' is not an option" in out


def test_mini_1_a_choice_by_the_wrong_seat_stops_the_scenario(tmp_path, capsys):
    folder = game(tmp_path, TAKE.replace("{by: ann, choose: Blue Two}", "{by: ben, choose: Blue Two}"))
    code, out, _ = run(capsys, folder)
    assert code == 1
    assert "ben cannot choose: ann has to decide" in out
    assert "expected ann.coins" not in out  # the steps after it are not run


def test_a_failure_of_the_scenarios_own_statements_is_placed_at_its_step(tmp_path, capsys):
    broken = TAKE.replace("    - phase: main\n", "    - do: ann.coins = 10 / (ann.coins - 3)\n    - phase: main\n")
    folder = game(tmp_path, broken)
    code, out, _ = run(capsys, folder)
    assert code == 1
    assert f"tests/take.yaml:{line_of(folder / 'tests' / 'take.yaml', 'do: ann.coins')}:7: error: the content failed: " \
        "division by zero" in out


def test_bots_play_until_an_expression_holds_or_the_match_ends(tmp_path, capsys):
    scenarios = TAKE + """
- name: the bots play a whole match from its setup; an empty deck ends it after the round
  rule: MINI-END
  players: 2
  start: match
  steps:
    - bots: random
      until: round == 2
    - expect: round == 2
    - bots: random
    - result:
        outcome: ranked
        reason: the deck is empty
- name: bots whose until never holds
  rule: MINI-END
  players: 2
  start: match
  steps:
    - bots: random
      until: round == 99
"""
    code, out, _ = run(capsys, game(tmp_path, scenarios))
    assert code == 1
    assert "ok    " in out.split("the bots play a whole match")[0].splitlines()[-1]
    assert "FAIL" in out.split("bots whose until never holds")[0].splitlines()[-1]
    assert "`until` never held" in out and "3 scenario(s): 2 passed, 1 failed" in out


def test_k_picks_scenarios_by_name_rule_or_card(tmp_path, capsys):
    two = TAKE + TAKE.replace("a token taken pays its value", "another take").replace("MINI-1", "MINI-2")
    folder = game(tmp_path, two)
    assert "2 scenario(s)" in run(capsys, folder)[1]
    assert "1 scenario(s)" in run(capsys, "-k", "another", folder)[1]
    assert "1 scenario(s)" in run(capsys, "-k", "mini-2", folder)[1]
    assert "2 scenario(s)" in run(capsys, "-k", "MINI-1", "-k", "another", folder)[1]
    assert "0 scenario(s)" in run(capsys, "-k", "nothing like it", folder)[1]


def test_github_format_annotates_the_failing_line(tmp_path, capsys):
    folder = game(tmp_path, TAKE.replace("ben.coins == 1", "ben.coins == 7"))
    code, out, err = run(capsys, "--format", "github", folder)
    assert code == 1
    line = line_of(folder / "tests" / "take.yaml", "ben.coins == 7")
    assert out.startswith(f"::error file={folder / 'tests' / 'take.yaml'},line={line},col=11,title=E-EXPECTATION::")
    assert "expected ben.coins == 7; found 1 == 7" in out and "0 passed, 1 failed" in err


MOD = """
mod: greens
extends: mini
cards: [cards/*.yaml]
"""
GREEN = """
- id: green_three
  name: Green Three
  kind: token
  colour: blue
  value: 3
"""
GREEN_TEST = """
- name: the mod's token pays 3
  card: green_three
  players: [ann, ben]
  position:
    deck: [green_three]
  steps:
    - phase: main
    - expect: ann.coins == 3
"""


def test_mod_scenarios_run_on_the_game_with_the_mod(tmp_path, capsys):
    folder = game(tmp_path)
    mod = write_game(tmp_path / "greens", {"mod.yaml": MOD, "cards/green.yaml": GREEN, "tests/green.yaml": GREEN_TEST})
    code, out, _ = run(capsys, folder, "--mod", mod)
    assert code == 0, out
    assert "2 scenario(s): 2 passed" in out and "the mod's token pays 3 (card green_three)" in out
    # the mod's scenario reads the mod's card: on the game alone it names a card that does not exist
    assert main(["validate", str(folder)]) == 0
    report = run_scenarios(mod, folder, ())
    assert [d.code for d in report.diagnostics] == ["E-UNKNOWN-CARD"] * 2 and not report.outcomes  # card:, deck:


def test_mod_of_a_bundled_game_runs_with_only_mod(tmp_path, capsys):
    mod = write_game(tmp_path / "rich", {
        "mod.yaml": "mod: rich\nextends: happy-city\nname: Rich\n",
        "tests/rich.yaml": """
            - name: the scoring example holds with the mod
              rule: HC-EX-1
              players: 2
              position:
                ann:
                  city: [happy_market_yellow, museum, zoo, house, spa, school, luxury_residence, shoe_store, steel_mill, film_studios]
              steps:
                - expect: final_score(ann) == 40
            """})
    code, out, _ = run(capsys, "--mod", mod)
    assert code == 0, out
    assert "1 scenario(s): 1 passed" in out


def test_validate_checks_scenario_files_with_the_game(tmp_path, capsys):
    assert main(["validate", str(game(tmp_path / "good"))]) == 0
    bad = TAKE.replace("phase: main", "phase: mian").replace("ann: {coins: 3}", "ann: {coins: 30}")
    folder = game(tmp_path / "bad", bad)
    capsys.readouterr()
    assert main(["validate", str(folder), "--format", "json"]) == 1
    found = {(d["code"], d["line"]) for d in json.loads(capsys.readouterr().out)}
    f = folder / "tests" / "take.yaml"
    assert found == {("E-UNKNOWN-NAME", line_of(f, "phase: mian")), ("E-POSITION", line_of(f, "coins: 30"))}


def test_scenario_files_are_not_cards_and_the_game_loads_as_before(tmp_path):
    from interpreter import load_game
    g = load_game(game(tmp_path))
    assert set(g.cards) == {"red_one", "blue_two"}


def test_the_seam_runs_a_folders_scenarios_on_a_changed_copy_of_its_game(tmp_path):
    """`meeple test --mutate` runs the scenarios of the original folder on each mutant: a pass or a fail each."""
    folder = game(tmp_path / "original")
    mutant = tmp_path / "mutant"
    shutil.copytree(folder, mutant)
    shutil.rmtree(mutant / "tests")
    cards = mutant / "cards" / "tokens.yaml"
    cards.write_text(cards.read_text().replace("value: 2", "value: 3"))
    assert [(o.name, o.passed) for o in run_scenarios(folder, folder).outcomes] == [("a token taken pays its value", True)]
    report = run_scenarios(folder, mutant)
    assert [(o.name, o.passed) for o in report.outcomes] == [("a token taken pays its value", False)]
    assert report.outcomes[0].failures[0].found == "6 == 5"


def test_the_bundled_games_scenarios_pass(capsys):
    code, out, _ = run(capsys, *(CONTENT / g for g in ("kaiju-inc", "debtzilla", "happy-city")))
    assert code == 0, out
    for rule in ("KI-EX-1", "HC-EX-1", "GZ-EX-1", "GZ-EX-2", "GZ-EX-3", "DZ-EX-1"):
        assert f"[{rule}]" in out


def test_meeple_schema_exports_the_scenario_schema(capsys):
    assert main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out)["scenario"]["type"] == "array"



def test_mutate_reports_the_mutants_no_scenario_catches(capsys):
    """Goofspiel's bidding scenarios score the 7 of points and never read the 1 under it: every mutant of the
    7 is killed, and the 1's value survives, named by file, line and card."""
    from interpreter.cli.main import main
    game = str(CONTENT / "goofspiel")
    assert main(["test", game, "--mutate", "--where", "point_7", "--where", "point_1", "--jobs", "1",
                 "--format", "json"]) == 0
    (report,) = json.loads(capsys.readouterr().out)
    assert report["mutants"] > report["killed"] > 0 and report["equivalent"] == 0
    assert not [s for s in report["survivors"] if "[point_7]" in s]
    assert any(s.startswith("cards/cards.yaml:") and "[point_1] `value: 1` -> 2" in s for s in report["survivors"])
