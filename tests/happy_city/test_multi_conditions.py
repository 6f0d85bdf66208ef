"""Happy City with Grozilla, GZ-MULTI-2: when a player claims a special building, each multi-coloured card of the
city counts as ONE of the colours shown on it, the player's choice. The condition is met exactly when some choice
of one colour per multi-coloured card, together with the single-coloured cards, covers it.

The expected answer is found here by trying every choice (the sheet's words), not by the content's shortcut; the
cities are built so that the choice fails for one set of colours only: two cards of one colour are never enough
for three colours, whatever is picked."""
from __future__ import annotations

import itertools
from collections import Counter

import pytest

from interpreter.runtime.state import own_fields

from .helpers import city, fn, game, make, market

COLOURS = ["yellow", "blue", "green", "orange", "purple"]


def multi_card(colours):
    """The one card of pile IV that shows exactly these colours (each pair and each triple is on one card)."""
    want = set(colours)
    found = [c.id for c in game(True).cards.values()
             if c.kind == "building" and c.fields["deck"] == 4 and set(c.fields["colours"]) == want]
    assert len(found) == 1, (colours, found)
    return found[0]


def some_pick_meets(need, singles, multis):
    """GZ-MULTI-2 by its words: some choice of one colour per multi-coloured card covers the condition."""
    need = Counter(need)
    for pick in itertools.product(*multis):
        have = Counter(singles) + Counter(pick)
        if all(have[c] >= n for c, n in need.items()):
            return True
    return False


def cities(subset):
    """A city whose multi-coloured cards cover every set of colours of the condition (one card lacking per colour
    of `subset`) except `subset` itself; and the same city with one more card that makes it coverable."""
    k = len(subset)
    rest = [c for c in COLOURS if c not in subset]
    if k == 1:
        (c,) = subset
        multis = [rest[:2], rest[2:]]
        more = [c, rest[0]]
    elif k == 2:
        multis = [list(subset), rest]
        more = list(subset) + [rest[0]]
    else:
        a, b, c = subset
        multis = [[a, b], [b, c], rest]
        more = [a, c]
    return multis, more


SUBSETS = [list(s) for k in (1, 2, 3) for s in itertools.combinations(COLOURS, k)]


@pytest.mark.parametrize("subset", SUBSETS, ids=["-".join(s) for s in SUBSETS])
def test_gz_multi_2_a_condition_no_choice_of_colours_covers_is_not_met(subset):
    """GZ-MULTI-2: the condition asks one card of each colour of `subset`; the multi-coloured cards of the city
    show those colours, and there are as many of them as the colours asked, yet no choice of one colour per card
    covers them all (fewer cards show the colours of `subset` than it asks). One more multi-coloured card showing
    one of those colours makes the condition met."""
    multis, more = cities(subset)
    assert sum(1 for m in multis if set(m) & set(subset)) < len(subset) <= len(multis)
    s = make(3, grozilla=True)
    market(s, 1)
    city(s, 1, *(multi_card(m) for m in multis))
    special = s.put("dinosaur_park", s.zone("specials"))
    own_fields(special)["need"] = list(subset)
    assert some_pick_meets(subset, [], multis) is False
    assert fn(s, "meets", s.p(1), special) is False
    city(s, 1, multi_card(more))
    assert some_pick_meets(subset, [], multis + [more]) is True
    assert fn(s, "meets", s.p(1), special) is True
