"""The account `meeple play` prints: one line per action (an answer and what it did said once), in words a
player uses, no "(s)" plurals. Read from a seeded bot match of every bundled game; then the folding itself
(interpreter/cli/account.py) on lines made by hand."""
from __future__ import annotations

import re

import pytest

from interpreter import bundled_games
from interpreter.cli.account import Account
from interpreter.cli.main import main
from interpreter.runtime.secrecy import Echo

MATCHES = [(name, None) for name in sorted(bundled_games())] + [("kaiju-inc", 2), ("happy-city", 5)]
SAID_BY = re.compile(r"^\s*([A-Z][a-z]+): (.+)$")  # "  Cleo: No-Bid Contract": an answer, or a status line
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
        # an answer followed by the content's sentence about the same player says the action twice
        answer, said = words(what), set(words(b))
        twice = set(answer[1:]) <= said and (len(answer) > 1 or {answer[0], answer[0] + "s", answer[0] + "es"} & said)
        assert not (b.strip().startswith(who + " ") and twice), f"{name}: said twice:\n{a}\n{b}"
        # two answers where the second repeats the first ("Cleo: X" then "Cleo: Play X") are one action
        again = SAID_BY.match(b)
        assert not (again and again.group(1) == who and what != again.group(2) and what in again.group(2)), \
            f"{name}: said twice:\n{a}\n{b}"


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
        "  Ben: draw (no other choice)", "  Ben: draw (no other choice)", "  Ben plays 5♥."]


def test_an_answer_taken_without_asking_says_it_had_no_other_choice():
    forced = Echo('  Cleo: draw (the only answer to "play a card, draw or pass?")', "Cleo", "  Cleo: draw")
    assert fold(forced, "- Ann's turn") == ["  Cleo: draw (no other choice)", "- Ann's turn"]
    # masked for this terminal: printed as masked
    assert fold((forced, "  Cleo: (a hidden choice)"), "x") == ["  Cleo: (a hidden choice)", "x"]


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
