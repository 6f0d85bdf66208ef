"""Games with OpenSpiel's rules, move for move against OpenSpiel's own, through one adapter each
(tests/differential/<game>.py): legal moves, what each player sees, and the returns.

- Goofspiel (`goofspiel`).
- Blackjack (`rules=openspiel`, `blackjack`): the player's cards, the dealer's face-up ones, the hole card hidden.
- Liar's Dice (`rules=openspiel`, `liars_dice`): every higher bid, and the call once a bid was made; a player
  sees its die and the bids.
- Euchre (`rules=openspiel`, `euchre`): making trumps in two rounds, the dealer stuck, the discard, going alone,
  following suit with the left bower a trump.
- Bridge (`bridge`, use_double_dummy_result=false): the auction with doubles and redoubles, the declarer playing
  the faced dummy, duplicate scoring; North dealing with none vulnerable, and West with both (a board takes a
  quarter of a second: `matches` lowers its count here).
- Tiny Bridge (`tiny_bridge_2p`): the uncontested auction, and the returns averaged over the opponents' cards.
"""
from __future__ import annotations

import os

import pytest

pytest.importorskip("pyspiel")

from .blackjack import Blackjack  # noqa: E402
from .bridge import Bridge, BridgeWestBoth  # noqa: E402
from .euchre import Euchre  # noqa: E402
from .goofspiel import Goofspiel  # noqa: E402
from .harness import play  # noqa: E402
from .liars_dice import LiarsDice  # noqa: E402
from .tiny_bridge import TinyBridge  # noqa: E402

MATCHES = int(os.environ.get("MEEPLE_DIFFERENTIAL_MATCHES", "500"))
ADAPTED = [Goofspiel, Blackjack, LiarsDice, Euchre, Bridge, BridgeWestBoth, TinyBridge]


@pytest.mark.parametrize("adapter", ADAPTED, ids=lambda a: a.__name__)
def test_the_game_agrees_with_openspiel(adapter):
    for seed in range(min(MATCHES, getattr(adapter, "matches", MATCHES))):
        play(adapter(), seed)


@pytest.mark.slow
@pytest.mark.parametrize("adapter", ADAPTED, ids=lambda a: a.__name__)
def test_the_game_agrees_with_openspiel_over_10000_matches(adapter):
    for seed in range(10_000):
        play(adapter(), seed)
