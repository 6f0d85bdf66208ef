"""Goofspiel by OpenSpiel's rules (its `goofspiel` game, default parameters): scenario tests of each rule."""
from __future__ import annotations

import pytest

from tests.classics.helpers import Stacked
from tests.conftest import game as bundled


def _match(order=range(1, 14), players=2):
    from interpreter import Match
    return Match(bundled("goofspiel"), players, 1, rng=Stacked([f"point_{v}" for v in order]))  # the first turned up first


def test_each_player_holds_1_to_13_and_a_point_card_is_turned_up():
    m = _match([5, *[v for v in range(1, 14) if v != 5]])
    for p in m.players:
        assert sorted(c.f["value"] for c in p.zones["hand"].items) == list(range(1, 14))
    assert [c.f["value"] for c in m.zones["point"].items] == [5]
    assert m.pending.player.seat == 1 and m.pending.size == 13


def test_the_highest_bid_takes_the_point_card_value():
    m = _match([7, *[v for v in range(1, 14) if v != 7]])
    m.choose("3")
    m.choose("4")
    assert [p.counters["points"] for p in m.players] == [0, 7]
    assert [c.f["value"] for c in m.players[1].zones["won"].items] == [7]


def test_a_tie_for_the_highest_bid_discards_the_point_card():
    m = _match([9, *[v for v in range(1, 14) if v != 9]])
    m.choose("6")
    m.choose("6")
    assert [p.counters["points"] for p in m.players] == [0, 0]
    assert [c.f["value"] for c in m.zones["point_discard"].items] == [9]


def test_with_three_players_a_tie_below_the_highest_bid_does_not_matter():
    m = _match([9, *[v for v in range(1, 14) if v != 9]], players=3)
    for bid in ("5", "5", "8"):
        m.choose(bid)
    assert [p.counters["points"] for p in m.players] == [0, 0, 9]


def test_a_bid_is_secret_until_every_player_has_bid():
    """The second bidder's view holds the first bid face down: no value, only that it is there."""
    m = _match()
    m.choose("12")
    seen = m.view(2)
    bid = seen["players"][0]["zones"]["bid"]
    assert bid["count"] == 1 and "cards" not in bid
    assert "cards" not in seen["players"][0]["zones"]["hand"]
    m.choose("1")
    assert [c["value"] for c in m.view(2)["players"][0]["zones"]["played"]["cards"]] == [12]


@pytest.mark.parametrize("order", [list(range(1, 14)), list(range(13, 0, -1))])
def test_after_13_turns_the_most_points_wins(order):
    """Seat 1 always bids its highest card and seat 2 its lowest: on turn t (from 0) 13 - t meets 1 + t, so
    seat 1 takes the first six point cards, the seventh is a tie (7 against 7) and is discarded, and seat 2
    takes the last six: the order of the point cards decides who wins."""
    m = _match(order)
    while not m.over:
        labels = m.pending.labels()
        values = [int(x) for x in labels]
        m.choose(str(max(values)) if m.pending.player.seat == 1 else str(min(values)))
    r = m.result
    scores = {1: sum(order[:6]), 2: sum(order[7:])}
    assert r.rounds == 13 and r.scores == scores
    assert r.winners == [max(scores, key=scores.get)]
    assert [c.f["value"] for c in m.zones["point_discard"].items] == [order[6]]
