"""Games with OpenSpiel's rules, move for move against OpenSpiel's own, through one adapter each
(tests/differential/<game>.py): legal moves, what each player sees, and the returns.

- Goofspiel (`goofspiel`).
- Blackjack (`rules=openspiel`, `blackjack`): the player's cards, the dealer's face-up ones, the hole card hidden.
- Liar's Dice (`rules=openspiel`, `liars_dice`): every higher bid, and the call once a bid was made; a player
  sees its die and the bids.
- Euchre (`rules=openspiel`, `euchre`): making trumps in two rounds, the dealer stuck, the discard, going alone,
  following suit with the left bower a trump.
- Skat (`rules=openspiel`, `skat`): a game type named in seat order, the skat picked up and two cards laid away,
  following suit with the jacks trumps (none in null), a null game ended by the declarer's first trick.
- Dou Dizhu (`rules=openspiel`, `dou_dizhu`): the auction, every combination a hand may lead or beat with (each
  move found by OpenSpiel's own string of it), bombs and the rocket; a player sees its hand and the cards played.
- Spades (`rules=openspiel`, `spades`): the bids with the partners' at most 13, following suit, spades never
  broken, nil, bags and their cost.
- Cribbage (`rules=openspiel`, `cribbage`, 2, 3 and 4 players): the deal and the crib, the starter, every card
  played and every point pegged; 20 matches a player count in the default suite (a match is some 300 moves).
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
from .cribbage import Cribbage, Cribbage3, Cribbage4  # noqa: E402
from .dou_dizhu import DouDizhu  # noqa: E402
from .euchre import Euchre  # noqa: E402
from .goofspiel import Goofspiel  # noqa: E402
from .harness import play  # noqa: E402
from .liars_dice import LiarsDice  # noqa: E402
from .skat import Skat  # noqa: E402
from .spades import Spades  # noqa: E402
from .tiny_bridge import TinyBridge  # noqa: E402

MATCHES = int(os.environ.get("MEEPLE_DIFFERENTIAL_MATCHES", "500"))
ADAPTED = [Goofspiel, Blackjack, LiarsDice, Euchre, Skat, DouDizhu, Spades, Cribbage, Cribbage3, Cribbage4, Bridge,
           BridgeWestBoth, TinyBridge]


@pytest.mark.parametrize("adapter", ADAPTED, ids=lambda a: a.__name__)
def test_the_game_agrees_with_openspiel(adapter):
    for seed in range(min(MATCHES, getattr(adapter, "matches", MATCHES))):
        play(adapter(), seed)


@pytest.mark.slow
@pytest.mark.parametrize("adapter", ADAPTED, ids=lambda a: a.__name__)
def test_the_game_agrees_with_openspiel_over_10000_matches(adapter):
    for seed in range(10_000):
        play(adapter(), seed)
