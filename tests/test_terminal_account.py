"""The account `meeple play` prints: one line per action (an answer and what it did said once), in words a
player uses, no "(s)" plurals. Read from a seeded bot match of every bundled game; then the folding itself
(interpreter/cli/account.py) on lines made by hand."""
from __future__ import annotations

import re

import pytest

from interpreter import bundled_games
from interpreter.cli.account import Account, asked
from interpreter.cli.main import main
from interpreter.runtime.secrecy import Echo

MATCHES = [(name, None) for name in sorted(bundled_games())] + [("kaiju-inc", 2), ("happy-city", 5)]
SAID_BY = re.compile(r"^\s*([A-Z][a-z]+): (.+)$")  # "  Cleo: No-Bid Contract": an answer, or a status line
FORCED = re.compile(r"^  [A-Z][a-z]+: (?P<question>.+?[?:]) (?P<answer>.+) \(no other choice\)$")  # and its question
def words(text: str) -> list[str]:
    return re.findall(r"[^\s(),.;:!?\"]+", text.lower())


JARGON = ["(s)", "the only answer to", "Your Turn", "Rival's Turn"]  # rules' banners and engine's words


def account(capsys, name: str, players: int | None, seed: int = 1) -> list[str]:
    argv = ["play", name, "--bots", "all", "--seed", str(seed)] + (["--players", str(players)] if players else [])
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    return lines[:lines.index("== Result")] if "== Result" in lines else lines


@pytest.mark.parametrize("name,players", MATCHES, ids=[f"{n}-{p or 'default'}" for n, p in MATCHES])
def test_a_bot_match_is_told_one_line_an_action_in_a_players_words(capsys, name, players):
    lines = account(capsys, name, players)
    assert len(lines) > 4
    for line in lines:
        for word in JARGON:
            assert word not in line, f"{name}: {word!r} in {line!r}"
    for a, b in zip(lines, lines[1:], strict=False):
        said = SAID_BY.match(a)
        if not said:
            continue
        who, what = said.groups()
        what = FORCED.match(a)["answer"] if FORCED.match(a) else what  # a forced line: its answer, not its question
        # an answer followed by the content's sentence about the same player says the action twice
        answer, said = words(what), set(words(b))
        twice = set(answer[1:]) <= said and (len(answer) > 1 or {answer[0], answer[0] + "s", answer[0] + "es"} & said)
        assert not (b.strip().startswith(who + " ") and twice), f"{name}: said twice:\n{a}\n{b}"
        # two answers where the second repeats the first ("Cleo: X" then "Cleo: Play X") are one action
        again = SAID_BY.match(b)
        if again and FORCED.match(b):
            again = SAID_BY.match(f"  {again.group(1)}: {FORCED.match(b)['answer']}")
        assert not (again and again.group(1) == who and what != again.group(2) and what in again.group(2)), \
            f"{name}: said twice:\n{a}\n{b}"


def test_every_answer_taken_without_asking_names_its_question(capsys):
    """"Ben: Ann (no other choice)" says nothing: a forced answer's line says what was decided, in seeded
    matches of every bundled game (the question before the answer, as the decision asked it)."""
    forced = {}
    for name in sorted(bundled_games()):
        for seed in (1, 2, 3):
            forced.setdefault(name, []).extend(
                line for line in account(capsys, name, None, seed) if "(no other choice)" in line)
    assert len([name for name, lines in forced.items() if lines]) >= 5  # most games take some answer unasked
    for name, lines in forced.items():
        for line in lines:
            said = FORCED.match(line)
            assert said and words(said["question"]), f"{name}: a forced answer without its question: {line!r}"


def test_the_kaiju_turn_the_issue_quotes_is_said_once(capsys):
    """Seed 7, 3 players: Cleo plays No-Bid Contract in the first round; the account says it in one line."""
    lines = account(capsys, "kaiju-inc", 3, seed=7)
    first = lines[lines.index("== Round 1"):lines.index("== Round 2")]
    assert [line for line in first if "No-Bid Contract" in line] == [  # the row, Cleo's action, what it did
        "Row: Cornfield Kaiju Sensors, Kaiju Mind Control, No-Bid Contract, Akihabara Mecha Otaku Hub.",
        "  Cleo plays No-Bid Contract.",
        "  No-Bid Contract: Kwun Tong Kaiju Cannery is awarded without a tender"]
    assert "  Ann builds Cornfield Kaiju Sensors (St. Louis, technology) for 2¥." in first
    assert not [line for line in first if "Cornfield" in line and line.startswith("  Ann: ")]  # said in that line


# ---- the folding, line by line

def fold(*lines) -> list[str]:
    out: list[str] = []
    acc = Account(out.append)
    for line in lines:
        acc.add(*line) if isinstance(line, tuple) else acc.add(line)
    acc.flush()
    return out


def test_echoes_the_content_narrates_next_are_left_out():
    assert fold(Echo("  Cleo: No-Bid Contract", "Cleo"), Echo("  Cleo: Play No-Bid Contract", "Cleo"),
                "  Cleo plays No-Bid Contract.") == ["  Cleo plays No-Bid Contract."]


def test_an_echo_the_content_does_not_narrate_is_kept():
    # the next line is about another player, or about no player, or is the end of the account
    assert fold(Echo("  Ann: Pile I", "Ann"), "  Ben reveals Zoo.") == ["  Ann: Pile I", "  Ben reveals Zoo."]
    assert fold(Echo("  Ann: Pile I", "Ann"), "  Ann's city has 10 cards.") == [
        "  Ann: Pile I", "  Ann's city has 10 cards."]  # not a sentence about Ann
    assert fold(Echo("  Ben: fold", "Ben"), "  Ben folds; Ann takes the pot.") == ["  Ben folds; Ann takes the pot."]
    assert fold(Echo("  Ann: J♣", "Ann"), "  Ann wins the trick.") == [
        "  Ann: J♣", "  Ann wins the trick."]  # about Ann, but not what she played
    assert fold(Echo("  Ann: Pile I", "Ann")) == ["  Ann: Pile I"]
    # answers by two players before a line about one of them: both kept, in order
    assert fold(Echo("  Ann: 3", "Ann"), Echo("  Ben: 5", "Ben"), "  Ben takes the 7.") == [
        "  Ann: 3", "  Ben: 5", "  Ben takes the 7."]


def test_a_menus_choice_before_the_answer_the_content_narrates_goes_with_it():
    assert fold(Echo("  Ann: Done shopping", "Ann"), Echo("  Ben: Buy a gadget", "Ben"),
                Echo("  Ben: Helping Hand", "Ben"), "  Ben buys Helping Hand for 1W.") == [
        "  Ann: Done shopping", "  Ben buys Helping Hand for 1W."]
    draw = Echo('  Ben: draw (the only answer to "play?")', "Ben", "  Ben: draw")
    assert fold(draw, draw, Echo("  Ben: 5♥", "Ben"), "  Ben plays 5♥.") == [  # moves of their own are kept
        "  Ben: play? draw (no other choice)", "  Ben: play? draw (no other choice)", "  Ben plays 5♥."]


def test_an_answer_taken_without_asking_says_it_had_no_other_choice_and_what_it_answers():
    forced = Echo('  Cleo: draw (the only answer to "play a card, draw or pass?")', "Cleo", "  Cleo: draw")
    assert fold(forced, "- Ann's turn") == ["  Cleo: play a card, draw or pass? draw (no other choice)",
                                            "- Ann's turn"]
    # masked for this terminal: printed as masked
    assert fold((forced, "  Cleo: (a hidden choice)"), "x") == ["  Cleo: (a hidden choice)", "x"]


def test_a_question_is_named_in_short():
    """The question a forced line names is the prompt's first question, from the start of its sentence: the
    options the prompt lists after it, and what it says before it, are the answer's business."""
    assert asked("which citizen?") == "which citizen?"
    assert asked("you have 0W at the Shopping Board (Coin Flipper 2W, Lucky Penny 2W). What do you do?") == \
        "What do you do?"
    assert asked("Tweetman: scam which Citizen 3W? (Poor or Middle-Class: -1 Wealth more; Rich: a bonus die) "
                 "1: Midge Mortgage 2/5W") == "Tweetman: scam which Citizen 3W?"
    assert asked("you have 1 coin. Buy a building, buy a residence, or take 1 coin?") == \
        "Buy a building, buy a residence, or take 1 coin?"
    assert asked("build in St. Louis which?") == "build in St. Louis which?"  # a dot that ends no sentence
    assert asked("Choose") == "Choose:"


def test_an_echo_masked_at_this_terminal_is_kept_whatever_the_next_line_says():
    """Whether an echo is left out depends on what this terminal reads of it, never on the hidden answer."""
    hidden = Echo("  Cleo: Baron", "Cleo")
    assert fold((hidden, "  Cleo: (a hidden choice)"), "  Cleo plays the Baron.") == [
        "  Cleo: (a hidden choice)", "  Cleo plays the Baron."]
    assert fold(hidden, "  Cleo plays the Baron.") == ["  Cleo plays the Baron."]  # read here: said once


def test_an_echo_survives_a_copy_and_a_pickle():
    import copy
    import pickle
    e = Echo("  Ann: Pile I", "Ann", "  Ann: Pile I")
    for c in (copy.copy(e), pickle.loads(pickle.dumps(e))):
        assert c == e and type(c) is Echo and (c.who, c.alone) == ("Ann", "  Ann: Pile I")
