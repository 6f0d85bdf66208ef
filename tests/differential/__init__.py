"""meeple against OpenSpiel, move for move: the harness, one adapter a game, and their tests."""
from __future__ import annotations

from .blackjack import Blackjack
from .bridge import Bridge, BridgeEastNorthSouth, BridgeSouthEastWest, BridgeWestBoth
from .crazy_eights import CrazyEights
from .cribbage import Cribbage, Cribbage3, Cribbage4
from .dou_dizhu import DouDizhu
from .euchre import Euchre
from .gin_rummy import GinRummy
from .goofspiel import Goofspiel
from .hanabi import Hanabi
from .hearts import Hearts
from .kuhn_poker import KuhnPoker, KuhnPoker3
from .leduc_poker import LeducPoker
from .liars_dice import LiarsDice
from .oh_hell import OhHell, OhHell4, OhHell5, OhHell6, OhHell7
from .skat import Skat
from .spades import Spades
from .tiny_bridge import TinyBridge

ADAPTERS = {getattr(a, "name", a.game): a
            for a in (Goofspiel, CrazyEights, Hearts, Hanabi, GinRummy, KuhnPoker, KuhnPoker3, LeducPoker,
                      Blackjack, LiarsDice, OhHell, OhHell4, OhHell5, OhHell6, OhHell7, Euchre, Skat, DouDizhu,
                      Spades, Cribbage, Cribbage3, Cribbage4, Bridge, BridgeEastNorthSouth, BridgeSouthEastWest,
                      BridgeWestBoth, TinyBridge)}
