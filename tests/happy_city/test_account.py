"""Happy City: the printed account of a whole match says what happened: a declined optional question is printed
with its question, not as a bare "(nothing)"."""
from __future__ import annotations

from .helpers import bot_match


def test_hc_act_2_a_declined_discard_is_printed_with_its_question():
    """HC-ACT-2 (the account): "(nothing)" never stands alone; the question it answers is on the same line."""
    m = bot_match(3, 7, grozilla=True, mode="expert")
    declined = [line for line in m.lines if line.endswith("(nothing)")]
    assert declined, "a random match declines some optional question"
    assert all("?" in line for line in declined)
    assert not any(line.strip().endswith(": (nothing)") for line in m.lines)
