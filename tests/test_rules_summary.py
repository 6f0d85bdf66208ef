"""What a game tells a newcomer: its rules in short (`rules:` in game.yaml, GameDef.rules, `meeple rules GAME`)
and the names its prompts give zones (W-ZONE-NAME); the checks of both, placed."""
from __future__ import annotations

import pytest
from conftest import CONTENT, MINI_CARDS, MINI_GAME, game, write_game

from interpreter import bundled_games, load_game
from interpreter.cli.main import main
from interpreter.errors import ContentError

BUNDLED = sorted(bundled_games())

RULES = """
rules:
  goal: Gather the most coins.
  turn: Each player in turn takes a token.
  phases:
    main: Take a token from the deck; it pays its value in coins.
"""


def mini_with(tmp_path, extra: str = RULES, game_text: str = MINI_GAME):
    return write_game(tmp_path / "mini", {"game.yaml": game_text + extra, "cards/tokens.yaml": MINI_CARDS})


def warnings_of(folder, options=None) -> list:
    w: list = []
    load_game(folder, warnings=w, options=options)
    return w


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("name", BUNDLED)
def test_every_bundled_game_says_its_goal_its_round_and_every_phase(name):
    g = game(name)
    r = g.rules
    assert r is not None, f"{name} has no `rules:`"
    assert isinstance(r["goal"], str) and len(r["goal"]) > 20
    assert isinstance(r["turn"], str) and len(r["turn"]) > 20
    assert list(r["phases"]) == [p.name for p in g.phases]  # each phase a line, in the round's order
    assert all(isinstance(line, str) and line for line in r["phases"].values())
    assert not warnings_of(CONTENT / name)  # `validate --strict` finds nothing to say of it


def test_a_file_an_option_includes_adds_its_notes_to_the_rules():
    """Grozilla and each Debtzilla boss are included files: what they change is a note of their own."""
    assert not any("Stop-Zilla" in n for n in game("happy-city").rules.get("notes", []))
    assert any("Stop-Zilla" in n for n in game("happy-city", {"grozilla": "on"}).rules["notes"])
    boss = game("debtzilla", {"boss": "inflationsaurus"}).rules["notes"]
    assert any("Inflationsaurus" in n for n in boss) and not any("is Debtzilla" in n for n in boss)
    assert any("is Debtzilla" in n for n in game("debtzilla").rules["notes"])


def test_a_game_without_rules_gives_none(mini):
    g = load_game(mini)
    assert g.rules is None
    assert not warnings_of(mini)  # no `rules:` is no lint: a phase without a line is


def test_a_phase_the_round_does_not_have_is_an_error_at_its_name(tmp_path):
    folder = mini_with(tmp_path, RULES + "    mian: a typo\n")
    with pytest.raises(ContentError) as e:
        load_game(folder)
    (d,) = [d for d in e.value.diagnostics if d.severity == "error"]
    assert d.code == "E-UNKNOWN-NAME" and "`mian`" in d.message and "did you mean `main`?" in d.hint
    line = (folder / "game.yaml").read_text().splitlines()[d.place.line - 1]
    assert line.strip().startswith("mian:") and d.place.col == line.index("mian") + 1


def test_a_phase_without_a_line_is_a_warning_that_fails_only_under_strict(tmp_path, capsys):
    two_phases = MINI_GAME.replace("score: me.coins", "  - phase: tally\n    do: say(\"tally\")\nscore: me.coins")
    folder = mini_with(tmp_path, RULES, two_phases)
    (w,) = warnings_of(folder)
    assert w.code == "W-RULES-PHASE" and "`tally`" in w.message
    assert run(capsys, "validate", str(folder))[0] == 0
    code, out, _ = run(capsys, "validate", "--strict", str(folder))
    assert code == 1 and "W-RULES-PHASE" in out
    assert load_game(mini_with(tmp_path / "b", RULES + "    tally: Nothing.\n", two_phases)).rules["phases"] == {
        "main": "Take a token from the deck; it pays its value in coins.", "tally": "Nothing."}


def test_rules_without_a_goal_are_refused_by_the_schema(tmp_path):
    with pytest.raises(ContentError) as e:
        load_game(mini_with(tmp_path, RULES.replace("  goal: Gather the most coins.\n", "")))
    assert any("goal" in d.message for d in e.value.diagnostics)


def test_meeple_rules_prints_the_goal_the_round_each_phase_and_the_notes(capsys):
    code, out, _ = run(capsys, "rules", "happy-city", "--option", "grozilla=on")
    assert code == 0
    assert out.startswith("Happy City: the rules in short\n")
    for head in ("Goal: Build the happiest city", "A round: ", "  income: ", "  actions: ", "  finish: ",
                 "The end: ", "- Grozilla: "):
        assert head in out
    assert max(len(line) for line in out.splitlines()) <= 100
    assert run(capsys, "rules", "no-such-game")[0] != 0


# ---- W-ZONE-NAME: a prompt calls a zone by its label

ZONED = MINI_GAME.replace("  pool: {visibility: public}", "  pool: {visibility: public, doc: \"the market: tokens for sale\"}")


def lint(tmp_path, prompt: str, label: str = "") -> list:
    text = ZONED.replace('prompt "{p.name}: take a token"', f'prompt "{prompt}"')
    if label:
        text = text.replace("  pool: {visibility: public,", f"  pool: {{visibility: public, label: {label},")
    folder = write_game(tmp_path / f"z{len(list(tmp_path.iterdir())) if tmp_path.exists() else 0}",
                        {"game.yaml": text, "cards/tokens.yaml": MINI_CARDS})
    return [w for w in warnings_of(folder) if w.code == "W-ZONE-NAME"]


def test_a_prompt_calling_a_zone_by_its_docs_name_while_the_table_labels_it_otherwise_is_a_lint(tmp_path):
    (w,) = lint(tmp_path, "{p.name}: buy which token of the market?")
    assert "`pool`" in w.message and '"market"' in w.message and '"pool"' in w.message
    assert "label: market" in w.hint
    line = open(w.place.path, encoding="utf-8").read().splitlines()[w.place.line - 1]
    assert line[w.place.col - 1:].startswith('"{p.name}: buy which token of the market?"')  # at the prompt


def test_a_zone_labelled_as_the_prompt_calls_it_or_a_prompt_using_the_label_is_no_lint(tmp_path):
    assert lint(tmp_path, "{p.name}: buy which token of the market?", label="market") == []
    assert lint(tmp_path, "{p.name}: buy which token of the pool?") == []  # its name, which is its label
    assert lint(tmp_path, "{p.name}: take a token") == []


def test_a_prompt_calling_a_labelled_zone_by_its_name_is_a_lint(tmp_path):
    (w,) = lint(tmp_path, "{p.name}: take which token from the pool?", label="market")
    assert '"pool"' in w.message and '"market"' in w.message


def test_the_bundled_zones_are_labelled_as_their_prompts_and_options_call_them():
    """Happy City's piles are "Pile I".."Pile IV" on the table as in its options, its supply the central area."""
    g = game("happy-city", {"grozilla": "on"})
    assert [g.zones[z].label for z in ("deck1", "deck2", "deck3", "deck4", "supply")] == [
        "Pile I", "Pile II", "Pile III", "Pile IV", "central area"]
    assert g.constants["piles"] == ["Pile I", "Pile II", "Pile III", "Pile IV"]


def test_rules_notes_prints_the_authors_notes_the_table_leaves_out(capsys):
    """`meeple rules GAME --notes`: besides the rules in short, every doc of game.yaml's declarations and every
    card's `note:`, whole, as the authors wrote them (the page's tooltips speak to players and leave them out)."""
    code, out, _ = run(capsys, "rules", "debtzilla", "--notes")
    assert code == 0 and out.startswith("Debtzilla: the rules in short")
    notes = out[out.index("Debtzilla: the authors' notes"):]
    flat = " ".join(notes.split())
    assert "hero: a Hero card; `ability_steps` / `special_steps` say at which moments" in flat
    assert "happiness: DZ-SETUP-2, DZ-INC-LIF: the Happiness Meter" in flat  # a player counter's doc, whole
    assert "Tweetman (tweetman): Ability and Special Move as printed in the rulebook." in flat
    code, out, _ = run(capsys, "rules", "happy-city", "--notes")
    assert "market.colours: empty on the white side; [coloured_side] once turned (expert)" in " ".join(out.split())
    code, out, _ = run(capsys, "rules", "debtzilla")
    assert "the authors' notes" not in out  # only when asked
