"""Whole Debtzilla matches: every configuration ends with one of its four reasons; the play command tells a match
readably; sensible play can win; and the FAQ's "no W transfers" (DZ-FAQ-1)."""
from __future__ import annotations

import io
import re
from contextlib import redirect_stdout

import pytest

from interpreter.cli.main import main
from interpreter.sim.batch import simulate
from interpreter.sim.run import play, seat_agents

from .conftest import debtzilla
from .helpers import heroes, value
from .strategy import play_cooperatively

REASONS = {"boss defeated", "no boss fight card to defeat", "all citizens bankrupt", "debt apocalypse"}


def test_the_play_command_tells_a_whole_match(capsys):
    """`meeple play debtzilla --players 3 --bots all --seed 1` plays a full match to a win or a loss."""
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["play", "debtzilla", "--players", "3", "--bots", "all", "--seed", "1"]) == 0
    text = out.getvalue()
    for fragment in ("== Round 1", "-- Working phase", "-- Shopping phase", "-- Vigilante phase", "-- Resolve phase",
                     "Boss Health", " scams: ", "== Result"):
        assert fragment in text
    m = re.search(r"The players have (won|lost): (.*)\.", text)
    assert m and m.group(2) in REASONS


@pytest.mark.parametrize("boss", ["debtzilla", "inflationsaurus"])
@pytest.mark.parametrize("mode", ["standard", "family"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_configuration_ends_with_a_reason(boss, mode, players):
    """Random bots: every match ends (well before the round limit) with one of the four reasons."""
    data = simulate(debtzilla(boss), 3, players, 11, {"boss": boss, "mode": mode})
    for r in data["results"]:
        assert r["reason"] in REASONS and r["outcome"] in ("won", "lost") and r["rounds"] < 150


def test_sensible_play_can_win():
    """The designed cards leave the game winnable: a simple cooperative strategy (tests/debtzilla/strategy.py)
    defeats every villain and then every Boss Fight card in some matches, at each player count."""
    game = debtzilla()
    fought = False
    for players in (2, 3, 4):
        for seed in range(60):
            m = play_cooperatively(game, players, seed, {"heroes": "random"})
            if m.result.outcome == "won":
                assert m.result.reason in ("boss defeated", "no boss fight card to defeat")
                fought |= m.result.reason == "boss defeated" and any(c.card.kind == "boss_card" for c in m.zones["jail"].items)
                break
        else:
            pytest.fail(f"no win in 60 matches of {players} players")
    assert fought  # at least one of those wins went through a real Boss Fight


def test_dz_faq_1_no_w_transfers(dz):
    """DZ-FAQ-1: W cannot be transferred: no menu of a match ever offers to give W to another player, and a
    player's conditions and costs (Iron Girl's 3W, a Summon Cost) count their own W only."""
    for seed in range(3):
        m = play(debtzilla(), 3, seed, {"heroes": "random"}, seat_agents(3, "all", seed))
        decisions = [line for line in m.lines if re.match(r"  (Ann|Ben|Cleo): ", line)]
        assert decisions and not [line for line in decisions if re.search(r"\b(give|transfer|lend)\b", line, re.I)]
    s = dz(2)
    iron, _ = heroes(s, "iron_girl", "the_oracle")
    s.p(1).counters["wonga"] = 2
    s.p(2).counters["wonga"] = 50
    assert not value(s, "ability_ready", s.p(1), iron, "before_roll")
    assert s.call("summons") is not None and s.match.pending.player is s.p(2)  # only the rich player may summon
