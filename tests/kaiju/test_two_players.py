"""Kaiju Incorporated: the 2-player variant (KI-2P-1 .. KI-2P-3)."""
from __future__ import annotations

from interpreter import Match

from .helpers import line_index, stack, tableau

DRAFT, TURN_END = 0, 1
ROW5 = ["tokyo_capsule_shelters", "moscow_samovar_smelter", "london_tube_shelter", "rio_carnival_float_factory",
        "mumbai_gateway_bastion"]
ROW5_NAMES = ["Capsule Hotel Shelters", "Samovar Smelter", "Blitz-Era Tube Shelter", "Carnival Float Factory",
              "Gateway of India Bastion"]
SIXTH = "sydney_bondi_sonar"  # technology, Rival's Turn
NEXT = ["london_royal_society", "rio_samba_school", "tokyo_shrine_wards", "st_louis_gmo_feed_silos",
        "moscow_red_square_arena", "hong_kong_bamboo_scaffold"]


def two_player_position(scenario):
    s = scenario("kaiju-inc", 2)
    ann, ben = s.match.players
    s.match.first = ben
    stack(s, s.zone("building_deck"), *ROW5, SIXTH, *NEXT)
    tableau(s, 1, "start_gwai_harbourfront_towers")  # YT construction 3¥ 0R 1K
    tableau(s, 2, "start_kaijumoto_electronics")  # YT technology 3¥ 0R 1K
    return s, ann, ben


def test_ki_2p_1_row_of_five_and_a_sixth_card_face_up(scenario):
    """KI-2P-1: with 2 players a row of 5 Building cards is dealt and a 6th card is turned face up on the deck."""
    s, ann, ben = two_player_position(scenario)
    d = s.run(s.game.phases[DRAFT].body)
    assert s.ids(s.zone("row")) == ROW5
    assert s.ids(s.zone("sixth")) == [SIXTH]
    assert s.zone("sixth").spec.visibility == "public"
    assert s.ids(s.zone("building_deck")) == list(reversed(NEXT))
    assert d.player is ben and d.labels() == ROW5_NAMES
    line_index(s, "Face up on the deck: Bondi Shark-and-Kaiju Sonar.")


def test_ki_2p_2_players_alternate_two_cards_each_fifth_discarded(scenario):
    """KI-2P-2: the 2 players alternate (A, B, A, B) taking cards from the 5-card row, each acting on the card taken;
    then the 5th card is discarded."""
    s, ann, ben = two_player_position(scenario)
    d = s.run(s.game.phases[DRAFT].body)
    asked = []
    script = [("Capsule Hotel Shelters", "Build"), ("Blitz-Era Tube Shelter", "Build"),
              ("Samovar Smelter", "Discard"), ("Carnival Float Factory", "Discard")]
    for card, action in script:
        asked.append(d.player)
        assert len(d.labels()) == 5 - len(asked) + 1
        d = s.answer(card)
        assert d is not None and d.player is asked[-1]  # the build / income menu of the same player
        d = s.answer(action)
    assert d is None
    assert asked == [ben, ann, ben, ann]
    assert s.ids(ben.zones["tableau"]) == ["start_kaijumoto_electronics", "tokyo_capsule_shelters"]
    assert s.ids(ann.zones["tableau"]) == ["start_gwai_harbourfront_towers", "london_tube_shelter"]
    assert (ben.counters["money"], ann.counters["money"]) == (3, 4)
    assert s.ids(s.zone("row")) == ["mumbai_gateway_bastion"]
    s.run(s.game.phases[TURN_END].body)
    assert s.zone("row").items == []
    assert s.ids(s.zone("building_discard"))[:3] == ["moscow_samovar_smelter", "rio_carnival_float_factory",
                                                     "mumbai_gateway_bastion"]


def test_ki_2p_3_rival_turn_income_for_the_sixth_card_then_discarded(scenario):
    """KI-2P-3: after the picks, both players (clockwise from the start player) take Rival's Turn income for the
    6th card's suit - Your Turn cards do not pay - with Eureka and kaiju attacks as usual; then the 6th card is
    discarded, the start player passes and the next turn begins."""
    s, ann, ben = two_player_position(scenario)
    s.put("godzillionaire", s.zone("kaiju_current"))
    s.put("gazhonga", s.zone("kaiju_deck"))
    for pid in ("mecha_grade_rebar", "giant_robot_chassis", "kaiju_dna_sequencer"):
        s.put(pid, s.zone("products"))
    s.put("catastrophe_bonds", s.zone("product_deck"))
    tableau(s, 1, "st_louis_seed_vault")  # Ann: RT technology 0¥ 2R 1K
    tableau(s, 1, "hong_kong_mong_kok_arcade")  # Ann: YT technology (does not pay here)
    tableau(s, 2, "moscow_sputnik_radar", "tokyo_akihabara_otaku_hub")  # Ben: RT technology 0¥1R0K + 1¥2R0K
    ann.counters.update(kaiju=5)
    ben.counters.update(research=2)
    script = ["Capsule Hotel Shelters", "Build", "Blitz-Era Tube Shelter", "Build",
              "Samovar Smelter", "Discard", "Carnival Float Factory", "Discard"]
    assert s.run(s.game.phases[DRAFT].body, answers=script) is None
    assert (ann.counters["money"], ben.counters["money"]) == (4, 3)
    d = s.run(s.game.phases[TURN_END].body)
    assert d.player is ben and "Eureka" in d.prompt  # Ben collects first: 2 + 3 R passes Eureka
    assert s.answer("Kaiju DNA Sequencer") is None
    i_ben = line_index(s, "Ben collects 1¥ 3R 0K from 2 technology buildings.")
    i_ann = line_index(s, "Ann collects 0¥ 2R 1K from 1 technology building.")
    assert line_index(s, "Income on a rival's turn for technology, the card on the deck (Bondi Shark-and-Kaiju Sonar)") < i_ben < i_ann
    assert ben.counters == {"money": 4, "research": 0, "kaiju": 0}
    assert s.ids(ben.zones["products"]) == ["kaiju_dna_sequencer"]
    assert ann.counters["research"] == 2 and ann.counters["kaiju"] == 0
    assert ann.counters["money"] == 2  # Godzillionaire ate half of 4
    line_index(s, "Godzillionaire attacks Ann!", i_ann)
    assert s.ids(s.zone("kaiju_current")) == ["gazhonga"]
    assert s.zone("sixth").items == []
    assert s.ids(s.zone("building_discard"))[-2:] == ["mumbai_gateway_bastion", SIXTH]
    assert s.match.first is ann
    d = s.run(s.game.phases[DRAFT].body)  # the next turn: Ann starts, with a new row and sixth card
    assert d.player is ann
    assert s.ids(s.zone("row")) == NEXT[:5] and s.ids(s.zone("sixth")) == NEXT[5:]


def test_ki_2p_3_sixth_card_of_a_suit_nobody_has(scenario):
    """KI-2P-3: a 6th card of a suit without Rival's Turn buildings pays nobody, and is still discarded."""
    s, ann, ben = two_player_position(scenario)
    s.put("london_thames_barrier", s.zone("sixth"))  # construction: Ann's construction card is Your Turn
    assert s.run(s.game.phases[TURN_END].body) is None
    assert ann.counters == {"money": 5, "research": 0, "kaiju": 0}
    assert ben.counters == {"money": 5, "research": 0, "kaiju": 0}
    assert s.ids(s.zone("building_discard")) == ["london_thames_barrier"]
    assert s.zone("sixth").items == [] and s.match.first is ann


def test_ki_2p_1_2_3_full_match_rounds(kaiju):
    """KI-2P-1, KI-2P-2, KI-2P-3: in a full 2-player match every round shows a 5-card row with a 6th card, the picks
    go A, B, A, B with the start player alternating between rounds, and a Rival's Turn round ends each turn."""
    m = Match(kaiju, 2, seed=5)
    rounds = {}
    while not m.over and m.round <= 6:
        d = m.pending
        if "card do you take from the row" in d.prompt:
            if not rounds.get(m.round):
                assert len(d.options) == 5
                assert len(m.zones["sixth"].items) == 1
            rounds.setdefault(m.round, []).append(d.player.seat)
            m.choose(0)
        else:
            labels = d.labels()
            m.choose(next((i for i, lab in enumerate(labels) if lab.startswith("Discard")), 0))
    for r in range(1, 6):
        a, b = rounds[r][0], 3 - rounds[r][0]
        assert rounds[r] == [a, b, a, b]
        assert rounds[r + 1][0] == b
    assert sum(line.startswith("Income on a rival's turn for") for line in m.lines) >= 5
