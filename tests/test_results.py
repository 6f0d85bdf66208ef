"""What decided a result: a score given as named parts, ranking keys by name, the tie-break that decided (or a
shared win), and teams (tests/games/partners: the players at seats 1 and 3 against those at 2 and 4), in the
Result, its JSON, the terminal's end and simulate's summary."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import write_game

from interpreter import Match, load_game
from interpreter.errors import ContentError, RuntimeContentError
from interpreter.sim.batch import summarize, won
from interpreter.testing import Scenario, finish

PARTNERS = Path(__file__).parent / "games" / "partners"


@pytest.fixture(scope="module")
def partners():
    return load_game(PARTNERS)


def _deal(s, hands):
    for seat, cards in enumerate(hands, 1):
        for v in cards:
            s.put(f"c{v}", s.zone("hand", seat))


def _play(partners, hands, first_trick):
    """Both tricks played from the hands dealt: each player's card of the first trick given, the second forced."""
    s = Scenario(partners, 4)
    _deal(s, hands)
    phase = partners.phases[0].body
    s.run(phase, answers=[str(v) for v in first_trick])
    s.run(phase)
    assert s.match.end_reason == "both tricks are played"
    return s, finish(s)


def test_a_team_that_takes_both_tricks_wins_as_one(partners):
    """Ann and Cleo (north-south) take both tricks: the team wins, by the score, one win for both partners."""
    s, r = _play(partners, [(8, 7), (1, 2), (6, 5), (3, 4)], (8, 1, 6, 3))
    assert r.teams == {1: "north-south", 2: "east-west", 3: "north-south", 4: "east-west"}
    assert r.scores == {1: 2, 2: 0, 3: 0, 4: 0}
    assert r.winners == [1, 3] and r.winner == 1
    assert r.ranking == [1, 3, 2, 4]  # the team's players together, the better first
    assert [r.outcome_of(seat) for seat in (1, 2, 3, 4)] == ["won", "lost", "won", "lost"]
    assert r.decided == {"by": "score", "key": None, "level": ["north-south"]}
    assert r.told({p.seat: p.name for p in s.match.players}) == \
        ["team north-south (Ann and Cleo) scored the most: 2 (next: team east-west 0)."]
    d = r.as_dict()
    assert d["teams"] == {"1": "north-south", "2": "east-west", "3": "north-south", "4": "east-west"}
    assert won(d, 1) == won(d, 3) == 1.0 and won(d, 2) == won(d, 4) == 0.0
    summary = summarize([d], 4)
    assert summary["ties"] == 0
    assert summary["wins_by_team"]["north-south"] == {"played": 1, "wins": 1, "rate": 1.0, "ci95": [0.2065, 1.0]}
    assert summary["wins_by_team"]["east-west"]["wins"] == 0


def test_a_tie_of_tricks_goes_to_the_team_whose_tricks_hold_more(partners):
    """One trick each (Ann takes 8+7+6+5 = 26, Dev 1+2+3+4 = 10): the ranking key `cards won`, summed over each
    team's players, decides for north-south."""
    s, r = _play(partners, [(8, 1), (7, 2), (6, 3), (5, 4)], (8, 7, 6, 5))
    assert r.scores == {1: 1, 2: 0, 3: 0, 4: 1}
    assert r.keys == {1: [26], 2: [0], 3: [0], 4: [10]}
    assert r.standing() == {"north-south": (1, 26), "east-west": (1, 10)}
    assert r.winners == [1, 3]
    assert r.decided == {"by": "ranking", "key": "cards won", "level": ["north-south", "east-west"]}
    assert r.told({p.seat: p.name for p in s.match.players}) == [
        "team north-south (Ann and Cleo) and team east-west (Dev and Ben) tied at 1; the tie-break cards won "
        "(team north-south 26, team east-west 10) decided: team north-south wins."]
    assert r.outcome_of(3) == "won" and r.outcome_of(4) == "lost"


def test_teams_level_on_every_key_share_the_win_between_two_teams(partners):
    """One trick each, and 8+1+2+7 = 18 against 3+6+4+5 = 18: a shared win, half a win for each team (not a
    quarter for each of four tied seats), a draw for every player."""
    s, r = _play(partners, [(8, 3), (1, 6), (2, 4), (7, 5)], (8, 1, 2, 7))
    assert r.standing() == {"north-south": (1, 18), "east-west": (1, 18)}
    assert sorted(r.winners) == [1, 2, 3, 4]
    assert r.decided["by"] == "shared"
    assert [r.outcome_of(seat) for seat in (1, 2, 3, 4)] == ["draw"] * 4
    assert r.told({p.seat: p.name for p in s.match.players}) == [
        "team north-south (Ann and Cleo) and team east-west (Ben and Dev) tied at 1 and on every tie-break "
        "(cards won (team north-south 18, team east-west 18)): they share the win."]
    d = r.as_dict()
    assert [won(d, seat) for seat in (1, 2, 3, 4)] == [0.5] * 4
    summary = summarize([d], 4)
    assert summary["ties"] == 1
    assert summary["wins_by_team"]["north-south"]["wins"] == 0.5


def test_the_terminal_names_the_winning_team_and_each_part(partners, capsys):
    """`meeple play` of the partners game: the team's win, what decided it, the parts and the keys."""
    from interpreter.cli.main import main
    assert main(["play", str(PARTNERS), "--bots", "all", "--seed", "1"]) == 0
    out = capsys.readouterr().out.split("== Result", 1)[1].splitlines()
    assert out[1].startswith("Winner: team ") and " and " in out[1]
    assert "tied at" in out[2] or "scored the most" in out[2]
    assert out[3].split() == ["seat", "player", "team", "score", "tricks", "cards", "won"]


def test_simulate_counts_a_team_win_once(partners):
    """Over bot matches, each team's wins add up to the matches (a tie shared between the two teams), and the
    partners of a team have the same win count."""
    from interpreter.sim.batch import simulate
    data = simulate(partners, 60, 4, 1, {})
    s = data["summary"]
    teams = s["wins_by_team"]
    assert teams["north-south"]["played"] == teams["east-west"]["played"] == 60
    assert teams["north-south"]["wins"] + teams["east-west"]["wins"] == 60
    assert s["wins_by_seat"]["1"]["wins"] == s["wins_by_seat"]["3"]["wins"] == teams["north-south"]["wins"]
    assert all(r["teams"] for r in data["results"])


def test_end_game_naming_a_player_makes_their_team_win(tmp_path):
    """`end_game(winner=p)` in a game of teams: p's partner wins with p."""
    folder = write_game(tmp_path, {"game.yaml": _TEAM_GAME.format(team="me.side", setup=_CHOSEN,
                                                                    end='end_game("Cleo calls it", winner=players[2])'),
                                   "cards/c.yaml": _CARDS})
    m = Match(load_game(folder), 4, seed=1)
    m.choose("Dev")  # chosen at setup: Ann's partner is Dev
    r = m.result
    assert r.teams == {1: "1", 2: "2", 3: "2", 4: "1"}
    assert r.winner == 3 and r.winners == [3, 2]
    assert r.decided == {} and r.told({}) == []  # the game's end said why
    assert r.outcome_of(2) == "won" and r.outcome_of(1) == "lost"


# ---------------------------------------------------------------- the score's parts

_CARDS = """
- {id: token, name: Token, kind: token, colour: red, value: 1, provenance: designed}
"""

_TEAM_GAME = """
game: teamed
name: Teamed
players: {{min: 2, max: 4}}
cards: [cards/*.yaml]
kinds:
  token:
    fields: {{colour: str, value: int}}
player:
  vars: {{side: 0}}
  counters: {{coins: {{initial: 0, min: 0, max: 99}}}}
setup: |
  {setup}
round:
  - phase: end
    do: |
      {end}
team: {team}
score:
  coins: me.coins
"""
_CHOSEN = """let mate = choose p from rivals(players[0]) by players[0] prompt "Ann: choose a partner"
  for p in players { p.side = 1 if p == players[0] or p == mate else 2 }"""


_PARTS = """
game: parts
name: Parts
players: {{min: 2, max: 3}}
cards: [cards/*.yaml]
kinds:
  token:
    fields: {{colour: str, value: int}}
player:
  counters:
    coins: {{initial: 0, min: 0, max: 99}}
    gems: {{initial: 0, min: 0, max: 99}}
round:
  - phase: end
    do: |
      trigger_end("one round")
score:
{parts}
{ranking}
"""


def _parts_game(tmp_path, parts, ranking=""):
    return write_game(tmp_path, {"game.yaml": _PARTS.format(parts=parts, ranking=ranking), "cards/c.yaml": _CARDS})


def test_a_score_of_parts_is_their_sum_and_each_is_kept(tmp_path):
    """`score:` as `name: expression` terms: the score is their sum; the result keeps each; the ranking keys
    carry their names; a tie of the score broken by the second key says so."""
    folder = _parts_game(tmp_path, "  coins: me.coins\n  gems: 2 * me.gems",
                         "ranking:\n  more coins: me.coins\n  later seat: me.seat")
    s = Scenario(load_game(folder), 3)
    for p, coins, gems in zip(s.match.players, (4, 2, 4), (1, 2, 1), strict=True):
        p.counters["coins"], p.counters["gems"] = coins, gems
    r = finish(s)
    assert r.scores == {1: 6, 2: 6, 3: 6}
    assert r.parts == {1: {"coins": 4, "gems": 2}, 2: {"coins": 2, "gems": 4}, 3: {"coins": 4, "gems": 2}}
    assert r.key_names == ["more coins", "later seat"]
    assert r.winners == [3] and r.ranking == [3, 1, 2]
    assert r.decided == {"by": "ranking", "key": "later seat", "level": [3, 1, 2]}
    assert r.told({1: "Ann", 2: "Ben", 3: "Cleo"}) == [
        "Cleo, Ann and Ben tied at 6; the tie-breaks in order more coins (Cleo 4, Ann 4, Ben 2), then later seat "
        "(Cleo 3, Ann 1) decided: Cleo wins."]
    d = r.as_dict()
    assert d["parts"]["2"] == {"coins": 2, "gems": 4} and d["keys"]["3"] == [4, 3]
    assert d["decided"]["key"] == "later seat"
    assert r.outcome_of(3) == "won" and r.outcome_of(1) == "lost"


def test_without_ranking_keys_a_tie_is_a_shared_win(tmp_path):
    folder = _parts_game(tmp_path, "  coins: me.coins")
    s = Scenario(load_game(folder), 2)
    r = finish(s)
    assert r.winners == [1, 2] and r.decided["by"] == "shared" and r.outcome_of(1) == "draw"
    assert r.told({1: "Ann", 2: "Ben"}) == ["Ann and Ben tied at 0, and the game breaks no tie: they share the win."]
    assert "key_names" not in r.as_dict() and "teams" not in r.as_dict()


def test_a_single_expression_score_still_works_and_has_no_parts(tmp_path):
    folder = write_game(tmp_path, {"game.yaml": _PARTS.format(parts="  me.coins", ranking="").replace(
        "score:\n  me.coins", "score: me.coins"), "cards/c.yaml": _CARDS})
    s = Scenario(load_game(folder), 2)
    s.p(2).counters["coins"] = 3
    r = finish(s)
    assert r.scores == {1: 0, 2: 3} and r.parts == {} and "parts" not in r.as_dict()
    assert r.decided == {"by": "score", "key": None, "level": [2]}


def _line_of(folder, text: str) -> int:
    lines = (folder / "game.yaml").read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


def _refused(folder) -> list:
    with pytest.raises(ContentError) as e:
        load_game(folder)
    return [(d.code, d.place.line, d.message) for d in e.value.diagnostics]


def test_a_part_known_not_to_be_a_number_is_refused_at_its_place(tmp_path):
    folder = _parts_game(tmp_path, "  coins: me.coins\n  name: me.name")
    line = _line_of(folder, "name: me.name")
    assert ("E-TYPE", line, "the score's part `name` is a number, not a string") in _refused(folder)


def test_a_score_of_no_parts_is_refused(tmp_path):
    folder = _parts_game(tmp_path, "  {}")
    found = _refused(folder)
    assert any(code == "E-VALUE" and "`score:` names no term" in msg for code, _, msg in found)


def test_a_team_known_not_to_be_a_name_is_refused(tmp_path):
    folder = write_game(tmp_path, {"game.yaml": _TEAM_GAME.format(team="players", setup="let x = 1",
                                                                    end='trigger_end("one round")'),
                                   "cards/c.yaml": _CARDS})
    found = _refused(folder)
    assert any(code == "E-TYPE" and msg.startswith("a team is named by a string or a number, not") for code, _, msg in found)


def test_a_part_that_gives_none_in_play_is_a_placed_error(tmp_path):
    """A part whose value is known only in play (a var that holds none) fails at its line, not as a traceback."""
    folder = write_game(tmp_path, {"game.yaml": _PARTS.format(parts="  coins: me.coins\n  bonus: me.bonus",
                                                              ranking="").replace(
        "player:\n", "player:\n  vars: {bonus: null}\n"), "cards/c.yaml": _CARDS})
    s = Scenario(load_game(folder), 2)
    with pytest.raises(RuntimeContentError) as e:
        finish(s)
    assert "the score's part `bonus` is a number, not none" in str(e.value)
    assert (e.value.place.line, e.value.place.col) == (_line_of(folder, "bonus: me.bonus"), 10)


def test_a_part_says_how_the_rules_count_it_with_its_figures(tmp_path):
    """A part written `{expr, counted}`: `counted` is a text the result keeps for each player (issue 49: "people
    7 x hearts 4 = 28"), in `as_dict` too; a part without it has none."""
    folder = _parts_game(tmp_path, '  gems and coins:\n    expr: me.gems * me.coins\n'
                                   '    counted: \'"gems {me.gems} × coins {me.coins}"\'\n  bonus: 1')
    s = Scenario(load_game(folder), 2)
    s.p(1).counters.update(gems=7, coins=4)
    r = finish(s)
    assert r.parts[1] == {"gems and coins": 28, "bonus": 1} and r.scores[1] == 29
    assert r.counted == {1: {"gems and coins": "gems 7 × coins 4"}, 2: {"gems and coins": "gems 0 × coins 0"}}
    assert r.as_dict()["counted"]["1"] == {"gems and coins": "gems 7 × coins 4"}
    plain = finish(Scenario(load_game(_parts_game(tmp_path / "plain", "  coins: me.coins")), 2))
    assert plain.counted == {} and "counted" not in plain.as_dict()


def test_how_a_part_is_counted_is_checked_at_its_place(tmp_path):
    folder = _parts_game(tmp_path, '  gems:\n    expr: me.gems\n    counted: \'"gems {me.gemz}"\'')
    line = _line_of(folder, "counted:")
    found = _refused(folder)
    assert any(line == ln and "gemz" in msg for _, ln, msg in found), found
    folder = _parts_game(tmp_path / "no-expr", '  gems:\n    counted: \'"gems"\'')
    assert _refused(folder)  # a part needs its expression
    folder = _parts_game(tmp_path / "a-number", '  gems:\n    expr: me.gems\n    counted: me.gems')
    with pytest.raises(RuntimeContentError) as e:
        finish(Scenario(load_game(folder), 2))
    assert "how the score's part `gems` is counted is a text, not" in str(e.value)


@pytest.mark.parametrize("scoring,sign", [("multiply", "×"), ("add", "+")])
def test_happy_citys_people_and_hearts_say_their_arithmetic(scoring, sign):
    """HC-END-3 (people × hearts) and HC-END-5 (scoring=add: people + hearts): the part says its figures as the
    rules count them, and they make the part ("people 7 × hearts 4" for 28)."""
    import random
    import re

    from interpreter import Match, bundled_games
    game = load_game(bundled_games()["happy-city"], options={"scoring": scoring})
    m = Match(game, players=3, seed=5, options={"scoring": scoring})
    rng = random.Random(5)
    while not m.over:
        m.choose(rng.randrange(len(m.pending.options)))
    for seat, said in m.result.counted.items():
        people, hearts = map(int, re.fullmatch(rf"people (-?\d+) \{sign} hearts (-?\d+)", said["people and hearts"]).groups())
        value = m.result.parts[seat]["people and hearts"]
        assert value == (people + hearts if scoring == "add" else people * hearts if people >= 0 or hearts >= 0
                         else -people * hearts)
