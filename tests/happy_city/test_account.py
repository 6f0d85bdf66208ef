"""Happy City: the printed account of a whole match says what happened: a declined optional question is printed
by the decline's own words ("Discard nothing"), never as a bare "(nothing)"."""
from __future__ import annotations

from .helpers import bot_match


def test_hc_act_2_a_declined_discard_is_printed_as_what_was_declined():
    """HC-ACT-2 (the account): every optional question of the game names its decline; none says "(nothing)"."""
    m = bot_match(3, 7, grozilla=True, mode="expert")
    assert any(line.strip().endswith(": Discard nothing") for line in m.lines), "a random match declines a discard"
    assert not any("(nothing)" in line for line in m.lines)
