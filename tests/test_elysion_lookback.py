"""The look back, worked out by hand for a 3-player game with the practice catalog.

Constellations and Beyond the Styx are in play; each player starts with 8
realms in hand so every reveal comes from the secret hand. Rows, Blessings and
Shades are typed as dealt, so nothing is left to chance.

Journeys (day 1 -> 8), with what the practice catalog prints:
  Ann: 12 earth A | 32* sky (give up 1 Blessing: 10) | 5 sky | 42 earth L (offering A+L: 5)
       | 22 earth (offering L+F: 10 per complete set of factions) | 63 sea GF | 1 underworld C
       | 68 sea (offering 2 L: 13)
       Blessings kept: Nectar (G, 1 per sea), Aegis (G, 4), Ambrosia (1 per earth),
       Olive Branch (F, 4).
  Bob: 57 earth GA | 2 earth CL | 37 earth AL + Shade Stone Giant (A, 5) | 15 sky GLL
       | 44 sky L (offering L: 8) | 16 underworld CA | 48 sea AL (offering F: 9) | 3 sea GA
       Blessings: Hermes' Sandals (C, 2 per coin), Golden Apple (G, 2 per lotus),
       Trident (C, 2 per fleece).
  Cy:  8 sea | 7* earth G (needs faction_max >= 4: 8) | 27 earth GF | 47 earth | 17 earth
       | 67 earth | 36 underworld CF (offering F: 7) | 30 sky A (offering A+L: 1 per sky)
       Blessings: Argo Plank (G, 1 per earth), Cyclops Eye (G, 7 if 3+ gates),
       Sickle of Cronos (A, 9 if 5+ of one faction, else 1).
"""

from __future__ import annotations

import pytest
from elysion_table import Journey

from referee.games.elysion import ENGINE as E
from referee.games.elysion import catalog as cat
from referee.games.elysion import lookback

JOURNEYS = {
    "Ann": ["12", "32*", "5", "42", "22", "63", "1", "68"],
    "Bob": ["57", "2", "37", "15", "44", "16", "48", "3"],
    "Cy": ["8", "7*", "27", "47", "17", "67", "36", "30"],
}
ROWS = [
    ["4", "6", "9", "10"],
    ["11", "13", "14", "18"],
    ["19", "20", "21", "23"],
    ["24", "25", "26", "28"],
    ["29", "31", "33", "34"],
    ["35", "38", "39", "40"],
    ["41", "43", "45", "46"],
]
# (day, player): (Blessings drawn at the table, the one kept)
KEEPS = {
    (2, "Ann"): (["Nectar"], "Nectar"),  # 32* > 12: 1 + 0 coins
    (4, "Ann"): (["Aegis"], "Aegis"),  # 42 > 5: 1 + 0 coins
    (6, "Ann"): (["Ambrosia"], "Ambrosia"),  # 63 > 22
    (8, "Ann"): (["Dionysus' Cup", "Olive Branch"], "Olive Branch"),  # 68 > 1: 1 + 1 coin (realm 1)
    (3, "Bob"): (["Hermes' Sandals", "Titan's Chain"], "Hermes' Sandals"),  # 1 + coin of realm 2
    (5, "Bob"): (["Winged Helm", "Caduceus", "Golden Apple"], "Golden Apple"),  # 1 + 2 coins
    # day 7: 1 + 3 coins; Caduceus and Winged Helm lie under the deck since day 5
    (7, "Bob"): (["Lyre of Orpheus", "Bow of Artemis", "Trident", "Starlit Veil"], "Trident"),
    (3, "Cy"): (["Argo Plank"], "Argo Plank"),
    (4, "Cy"): (["Cyclops Eye"], "Cyclops Eye"),
    (6, "Cy"): (["Sickle of Cronos"], "Sickle of Cronos"),
}


def play(give_up: dict | None = None, stop_before_lookback: bool = False):
    """Play the scripted game through the engine: (state, look-back events, Shade offers)."""
    opts = {
        "players": ["Ann", "Bob", "Cy"],
        "constellations": True,
        "styx": True,
        "hand": 8,
        "row": ROWS[0],
        "shades": ["Stone Giant", "Ferryman", "Weeping Queen"],
    }
    g = Journey(seed="t", **opts)
    offers = []

    def act(action):
        return g(**action)

    for day in range(1, 9):
        act({"verb": "reveal", "realms": {p: j[day - 1] for p, j in JOURNEYS.items()}})
        while g.state["phase"] == "take":
            p = g.state["order"][g.state["turn"]]
            if not g.state["pending"]:
                drawn, keep = KEEPS.get((day, p), (None, None))
                realm = ROWS[day - 1][g.state["turn"]] if day < 8 else None
                act({"verb": "take", "player": p, "realm": realm, "drawn": drawn, "keep": keep})
            else:
                offers.append((day, p, g.summary["pending"][0]["choices"]))
                if (day, p) == (3, "Bob"):
                    act({"verb": "shade", "player": p, "shade": "Stone Giant"})
                else:
                    act({"verb": "pass", "player": p})
        if day < 8:
            act(
                {
                    "verb": "next",
                    "row": ROWS[day] if day < 7 else None,
                    "shades": ["Lost Poet"] if day == 3 else None,
                }
            )
    if stop_before_lookback:
        return g.state, [], offers, g
    evs = act({"verb": "lookback", "give_up": give_up})
    return g.state, evs, offers


@pytest.fixture(scope="module")
def game():
    return play()


def test_look_back_totals_worked_by_hand(game):
    # Ann 51, Bob 64, Cy 64: see the three tests below for each card.
    state, _, _ = game
    assert state["glory"] == {"Ann": 51, "Bob": 64, "Cy": 64}
    assert E.summary(state)["players"] == [
        {"name": "Ann", "score": 51},
        {"name": "Bob", "score": 64},
        {"name": "Cy", "score": 64},
    ]


def test_tie_goes_to_lowest_sum_of_realm_numbers(game):
    # Bob and Cy tie on 64. Bob: 57+2+37+15+44+16+48+3 = 222; Cy: 8+7+27+47+17+67+36+30 = 239.
    state, _, _ = game
    assert state["winners"] == ["Bob"]
    assert state["lookback"]["ranking"] == [
        [1, "Bob", 64, 222],
        [2, "Cy", 64, 239],
        [3, "Ann", 51, 245],
    ]
    assert E.summary(state)["over"] and E.legal_actions(state) == []


def _glory_column(state, player):
    return [(row[1], row[3]) for row in state["lookback"]["players"][player]["rows"]]


def test_ann_constellation_digit_rule_offerings_and_given_up_blessing(game):
    # 32* keeps every realm ending in 2 face up from the start: 12, 22, 42 (and 32* itself).
    # Day 8  68 sea: offering 2 lotus; only 42's lotus in sight -> missed, 0.
    # Day 7  1: 2 per amphora; 12's amphora is face up -> 2 (total 2).
    # Day 6  63: min(3 per lotus, 12); lotus 1 (42) -> 3 (5).
    # Day 5  22: offering lotus 1 (42) + fleece 2 (63, Olive Branch) met;
    #        factions sky 1 (32*), sea 2, earth 3, underworld 1 -> one set -> 10 (15).
    # Day 4  42: offering amphora (12) + lotus (42) met -> 5 (20).
    # Day 3  5: coin 1 (realm 1) < 3 -> 2 (22).
    # Day 2  32*: gives up one Blessing to score 10; Nectar (worth 1 per sea = 2) costs least -> 32.
    # Day 1  12: earth 3 (12, 42, 22) and lotus 1 -> 8 (40).
    # Blessings: Aegis 4 (44), Ambrosia 1 per earth = 3 (47), Olive Branch 4 (51); Nectar 0.
    state, _, _ = game
    assert _glory_column(state, "Ann") == [
        ("68 sea", 0),
        ("1 underworld", 2),
        ("63 sea", 3),
        ("22 earth (face up)", 10),
        ("42 earth (face up)", 5),
        ("5 sky", 2),
        ("32* sky (face up)", 10),
        ("12 earth (face up)", 8),
        ("Blessing Aegis", 4),
        ("Blessing Ambrosia", 3),
        ("Blessing Olive Branch", 4),
        ("Blessing Nectar", 0),
    ]
    rows = state["lookback"]["players"]["Ann"]["rows"]
    assert "offering missed: lotus 1/2" in rows[0][2]
    assert rows[6][2] == "gave up Nectar"
    assert rows[-1][2] == "given up: counts for nothing"
    assert state["lookback"]["players"]["Ann"]["given_up"] == ["Nectar"]


def test_bob_shade_scores_right_after_its_realm(game):
    # No constellation: each realm sees only its own day on.
    # Day 8  3: sets(amphora 1, fleece 0) = 0.   Day 7  48: offering fleece 0/1 missed, 0.
    # Day 6  16: 1 per underworld = 1 (1).       Day 5  44: offering lotus 2/1 met, 8 (9).
    # Day 4  15: lotus 15x2 + 44 + 48 = 4 -> 8 (17).
    # Day 3  37: 4 factions -> 8 (25); Shade Stone Giant under it: 5 (30).
    # Day 2  2: earth 2 (2, 37) -> 2 (32).       Day 1  57: lotus 6 -> 12 (44).
    # Blessings: Hermes' Sandals coins 4 (2, 16, Hermes, Trident) -> 8 (52);
    #            Golden Apple lotus 6 -> 12 (64); Trident fleece 0 -> 0 (64).
    state, _, _ = game
    assert _glory_column(state, "Bob") == [
        ("3 sea", 0),
        ("48 sea", 0),
        ("16 underworld", 1),
        ("44 sky", 8),
        ("15 sky", 8),
        ("37 earth", 8),
        ("+ Shade Stone Giant", 5),
        ("2 earth", 2),
        ("57 earth", 12),
        ("Blessing Hermes' Sandals", 8),
        ("Blessing Golden Apple", 12),
        ("Blessing Trident", 0),
    ]


def test_cy_constellation_need_met_and_offerings(game):
    # 7* keeps 7*, 27, 47, 17, 67 face up: earth 5, gates 2 (7*, 27), fleece 1 (27).
    # Day 8  30: offering amphora 2/1 met but lotus 0/1 missed -> 0.
    # Day 7  36: offering fleece 2/1 (36, 27) met -> 7 (7).
    # Day 6  67: 3 Blessings -> 3 (10).      Day 5  17: sets(amphora 2, fleece 2) x3 = 6 (16).
    # Day 4  47: coin 1 < 3 -> 2 (18).       Day 3  27: max(2 x 1 coin, 7 realms) = 7 (25).
    # Day 2  7*: needs faction_max >= 4, earth 5 -> 8 (33).
    # Day 1  8: one set of the four factions -> 10 (43).
    # Blessings: Argo Plank earth 5 (48); Cyclops Eye gates 4 >= 3 -> 7 (55);
    #            Sickle of Cronos earth 5 >= 5 -> 9 (64).
    state, _, _ = game
    assert [g for _, g in _glory_column(state, "Cy")] == [0, 7, 3, 6, 2, 7, 8, 10, 5, 7, 9]
    assert state["lookback"]["players"]["Cy"]["rows"][0][2] == (
        "sky 1; offering missed: amphora 2/1, lotus 0/1"
    )


def test_shade_offered_only_when_goal_met_and_today_adds(game):
    # Day 3: Bob's earth 57, 2, 37 meets Stone Giant (earth >= 3) and 37 is earth.
    # Day 4: lotus 2, 37, 15 meets Weeping Queen (lotus >= 2); 15 has lotus.
    # Day 6: coins 2, 16, Hermes' Sandals meet Ferryman (coin >= 3); 16 has a coin.
    # Ann and Cy never meet a face-up Shade's goal with today's card adding to it.
    _, _, offers = game
    assert offers == [
        (3, "Bob", ["Stone Giant", "pass"]),
        (4, "Bob", ["Weeping Queen", "pass"]),
        (5, "Bob", ["Weeping Queen", "pass"]),
        (6, "Bob", ["Ferryman", "pass"]),
        (7, "Bob", ["Ferryman", "Weeping Queen", "pass"]),
    ]


def test_given_up_blessing_typed_by_the_table():
    # Ann gives up Aegis (4) instead of Nectar (2): 51 - 4 + 2 = 49.
    state, _, _ = play(give_up={"Ann": {"32*": ["Aegis"]}})
    assert state["glory"]["Ann"] == 49


def test_declining_to_give_up_leaves_the_constellation_unscored():
    # Ann keeps her Blessings: 32* scores 0 and Nectar scores 2: 51 - 10 + 2 = 43.
    state, _, _ = play(give_up={"Ann": {"32*": None}})
    assert state["glory"]["Ann"] == 43
    assert state["lookback"]["players"]["Ann"]["given_up"] == []


def test_give_up_refusals_name_the_rule():
    g = play(stop_before_lookback=True)[3]
    bad = [
        ({"Ann": {"32*": ["Trident"]}}, "does not hold", "Constellations: giving up Blessings"),
        ({"Ann": {"32*": ["Nectar", "Aegis"]}}, "exactly 1", "Constellations: giving up Blessings"),
        ({"Ann": {"12": ["Nectar"]}}, "asks no Blessing", "Constellations: giving up Blessings"),
        ({"Bob": {"32*": ["Trident"]}}, "not on Bob's journey",
         "Constellations: a player gives up Blessings for their own constellations"),
    ]
    for give_up, words, rule in bad:
        assert words in g.refusal("lookback", rule=rule, give_up=give_up)


def test_realm_and_its_shade_count_a_gate_once():
    catalog = cat.get(None)
    # realm 27 has a gate, Shade Gatekeeper has a gate: one gate for the pair.
    journey = [{"realm": "27", "shade": "Gatekeeper"}]
    from referee.games.elysion.sight import counts, units

    assert counts(catalog, units(catalog, journey), [])["gate"] == 1
    # realm 8 has no gate: the Shade's gate counts.
    assert counts(catalog, units(catalog, [{"realm": "8", "shade": "Gatekeeper"}]), [])["gate"] == 1


def test_best_give_up_plan_weighs_what_the_blessings_would_score():
    catalog = cat.get(None)
    kept = ["Golden Apple", "Nymph's Spring"]  # each scores 2 per lotus
    # 61* (give up 2 Blessings: 16), 15 sky GLL (2 per lotus), 65 sky L (2 per factions).
    # Day 3 65: sky + earth (61* face up) -> 4.  Day 2 15: lotus 3 -> 6.
    # Giving both up: 16 + Blessings 0 -> 26.  Keeping them: 0 + 2 x (2 x 3 lotus) -> 22.
    journey = [{"realm": r, "shade": None} for r in ("61*", "15", "65")]
    plan = lookback.best_plan(catalog, journey, kept, {})
    assert plan == {"61*": ["Golden Apple", "Nymph's Spring"]}
    assert lookback.score_player(catalog, journey, kept, plan).glory == 26
    # Two more lotus (2 and 4): each Blessing now worth 2 x 5 = 10, 20 > 16: keep them.
    journey += [{"realm": r, "shade": None} for r in ("2", "4")]
    assert lookback.best_plan(catalog, journey, kept, {}) == {"61*": None}
