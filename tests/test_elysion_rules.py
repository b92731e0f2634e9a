"""The journey's rules, one by one: reveals, Blessings, take order, the row, day 8, Shades."""

from __future__ import annotations

import contextlib
import random

import pytest
from elysion_table import Journey as Game
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.elysion import ENGINE as E
from referee.games.elysion.catalog import get as get_catalog
from referee.model.errors import IllegalAction, InputError
from referee.record import session
from referee.scorers.elysion import blessings_drawn, higher
from referee.testing import refused_by

# -- the Blessings calculator ------------------------------------------------------------


def test_no_blessings_on_day_one():
    assert blessings_drawn(1, None, 60, coins=3) == 0


def test_blessings_one_plus_coins_when_higher():
    # 30 after 12, 2 coins in sight on the journey and Blessings: 1 + 2 = 3.
    assert blessings_drawn(2, 12, 30, coins=2) == 3
    assert blessings_drawn(5, 30, 12, coins=2) == 0


def test_constellation_is_higher_on_equal_numbers():
    assert higher(12, True, 12, False)
    assert not higher(12, False, 12, True)
    assert blessings_drawn(3, 12, 12, coins=0, played_star=True) == 1
    assert blessings_drawn(3, 12, 12, coins=0, previous_star=True) == 0


def test_blessings_calculator_rejects_bad_days():
    with pytest.raises(ValueError):
        blessings_drawn(9, 1, 2)
    with pytest.raises(ValueError):
        blessings_drawn(2, None, 2)


# -- setup --------------------------------------------------------------------------------


def test_row_holds_one_realm_more_than_players():
    g = Game(players=["Ann", "Bob"], row=None)
    assert len(g.state["row"]) == 3
    g = Game(players=["A", "B", "C", "D", "E", "F", "G"], row=None)
    assert len(g.state["row"]) == 8


def test_player_count_is_two_to_seven():
    with refused_by("Setup: 2 to 7", match="2-7 players"):
        Game(players=["Ann"], row=None)
    with refused_by("Setup: 2 to 7"):
        Game(players=[f"P{i}" for i in range(8)], row=None)


def test_typed_row_must_have_players_plus_one_unseen_realms():
    with refused_by("The row holds one realm more than there are players", match="4 realms"):
        Game(row=["1", "2"])
    with pytest.raises(InputError, match="no realm 99"):
        Game(row=["1", "2", "3", "99"])
    with refused_by("Constellations are an add-on", match="Constellations add-on"):
        Game(row=["1", "2", "3", "7*"])


def test_add_on_shades_need_styx():
    with refused_by("Beyond the Styx is an add-on", match="Beyond the Styx"):
        Game(shades=["Ferryman", "Gatekeeper", "Old Sailor"])


# -- reveal -------------------------------------------------------------------------------


def test_reveal_needs_every_player_at_once():
    g = Game()
    assert "Bob" in g.refusal("reveal", realms={"Ann": "1", "Cy": "2"}, rule="Realms are revealed together")


def test_reveal_refuses_a_realm_in_the_row_or_twice():
    g = Game()
    assert "in the row" in g.refusal("reveal", realms={"Ann": "40", "Bob": "2", "Cy": "3"}, rule="A realm is played from the hand")
    assert "both" in g.refusal("reveal", realms={"Ann": "5", "Bob": "5", "Cy": "3"}, rule="Each card is unique")


def test_reveal_refuses_unknown_players_and_realms():
    g = Game()
    g.refusal("reveal", error=InputError, realms={"Ann": "1", "Bob": "2", "Zed": "3"})
    g.refusal("reveal", error=InputError, realms={"Ann": "1", "Bob": "2", "Cy": "99"})
    g.refusal("reveal", error=InputError, realms={"Ann": "x1", "Bob": "2", "Cy": "3"})
    assert "Constellations" in g.refusal("reveal", realms={"Ann": "7*", "Bob": "2", "Cy": "3"}, rule="Constellations are an add-on")


def test_take_order_lowest_realm_first_constellation_after_equal_number():
    g = Game(constellations=True)
    g("reveal", realms={"Ann": "7*", "Bob": "7", "Cy": "3"})
    assert g.state["order"] == ["Cy", "Bob", "Ann"]
    assert "it is Cy's turn" in g.refusal("take", player="Ann", realm="40", rule="Take order: lowest realm played first")


def _day_one(g, reveals=None):
    g("reveal", realms=reveals or {"Ann": "5", "Bob": "10", "Cy": "20"})
    g("take", player="Ann", realm="40")
    g("take", player="Bob", realm="41")
    g("take", player="Cy", realm="42")


def test_untaken_realm_leaves_the_game_and_a_new_row_is_dealt():
    g = Game()
    _day_one(g)
    assert g.state["phase"] == "day-end"
    g("next", row=["1", "2", "3", "4"])
    assert g.state["discard"] == ["43"] and g.state["row"] == ["1", "2", "3", "4"]
    assert g.state["day"] == 2
    # a realm that left the game cannot be played
    assert "out of the game" in g.refusal("reveal", realms={"Ann": "43", "Bob": "6", "Cy": "7"}, rule="A realm is played from the hand")


def test_a_realm_taken_is_known_to_be_in_that_hand():
    g = Game()
    _day_one(g)
    g("next", row=["1", "2", "3", "4"])
    assert "in Ann's hand" in g.refusal("reveal", realms={"Ann": "6", "Bob": "40", "Cy": "7"}, rule="A realm is played from the hand")
    g("reveal", realms={"Ann": "40", "Bob": "41", "Cy": "42"})
    assert g.state["hands"]["Ann"] == {"known": [], "secret": 2}


def test_a_player_who_played_the_starting_hand_plays_only_realms_taken():
    g = Game(hand=1)
    _day_one(g)
    g("next", row=["1", "2", "3", "4"])
    message = g.refusal("reveal", realms={"Ann": "6", "Bob": "41", "Cy": "42"}, rule="A realm is played from the hand")
    assert "holds only 40" in message


def test_blessings_drawn_only_when_higher_and_one_is_kept():
    g = Game()
    _day_one(g, {"Ann": "6", "Bob": "10", "Cy": "20"})  # realm 6 has a coin
    g("next", row=["1", "2", "3", "4"])
    g("reveal", realms={"Ann": "30", "Bob": "9", "Cy": "21"})  # Ann 30 > 6; Cy 21 > 20
    # Ann: 1 + the coin of realm 6 = 2; Bob 9 < 10: none; Cy: 1 + the coin of today's 21 = 2
    assert g.state["draws"] == {"Ann": 2, "Bob": 0, "Cy": 2}
    assert "draws no Blessings" in g.refusal("take", player="Bob", realm="1", keep="Nectar", rule="Blessings: only when the realm is higher than yesterday's")
    g("take", player="Bob", realm="1")
    assert "2 Blessings are drawn here" in g.refusal(
        "take", player="Cy", realm="2", drawn=["Nectar"]
    , rule="Blessings: draw 1 + Charon's coins when today's realm is higher")
    g("take", player="Cy", realm="2")  # drawn by the referee: a decision is pending
    pending = E.summary(g.state)["pending"]
    assert pending[0]["player"] == "Cy" and pending[0]["decision"] == "keep-blessing"
    drawn = pending[0]["choices"]
    assert len(drawn) == 2 and g.results[0]["source"] == "referee"
    assert E.legal_actions(g.state) == [
        {"verb": "keep", "player": "Cy", "blessing": b} for b in drawn
    ]
    assert "first keeps" in g.refusal("take", player="Cy", realm="3", rule="A take turn: realm, then Blessing, then Shade")
    assert "it is Cy's turn" in g.refusal("take", player="Ann", realm="3", rule="Take order: lowest realm played first")
    others = [b for b in ("Nectar", "Aegis", "Ambrosia", "Caduceus") if b not in drawn]
    assert "just drawn" in g.refusal("keep", player="Cy", blessing=others[0], rule="Keep one of the Blessings drawn")
    g("keep", player="Cy", blessing=drawn[1])
    assert g.state["blessings"]["Cy"] == [drawn[1]]
    g("take", player="Ann", realm="3", drawn=others[:2], keep=others[1].upper())
    assert g.state["blessings"]["Ann"] == [others[1]]
    assert g.state["phase"] == "day-end"


def test_a_kept_blessing_cannot_be_drawn_again():
    g = Game()
    _day_one(g)
    g("next", row=["1", "2", "3", "4"])
    g("reveal", realms={"Ann": "30", "Bob": "31", "Cy": "32"})
    g("take", player="Ann", realm="1", drawn=["Aegis"])
    assert "Ann keeps it" in g.refusal("take", player="Bob", realm="2", drawn=["Aegis"], rule="Each card is unique")


def test_next_only_when_everyone_has_taken():
    g = Game()
    assert "not revealed" in g.refusal("next", rule="A day: reveal, then take in order, then next")
    g("reveal", realms={"Ann": "5", "Bob": "10", "Cy": "20"})
    assert "take turns" in g.refusal("next", rule="A day: reveal, then take in order, then next")
    assert "take turns" in g.refusal("reveal", realms={"Ann": "6", "Bob": "7", "Cy": "8"}, rule="A day: reveal, then take in order, then next")
    assert "take turns" in g.refusal("lookback", rule="The look back comes after day 8")


def _play_to_day_eight(g):
    """Days 1-7: reveals 3..23 from the secret hands, rows typed from 40 up; first legal choices."""
    for day in range(1, 8):
        g("reveal", realms={p: str(day * 3 + i) for i, p in enumerate(g.state["players"])})
        while g.state["phase"] == "take":
            g.first_legal()
        g("next", row=[str(40 + 4 * day + i) for i in range(4)] if day < 7 else None)


def test_no_realm_is_taken_on_day_eight():
    g = Game(hand=8)
    _play_to_day_eight(g)
    assert g.state["day"] == 8 and g.state["row"] == []
    assert "not revealed" in g.refusal("next", rule="A day: reveal, then take in order, then next")
    g("reveal", realms={"Ann": "24", "Bob": "25", "Cy": "2"})
    # Ann 24 > 21 and Bob 25 > 22 draw Blessings; Cy 2 < 23 has nothing to do and is skipped.
    assert g.state["order"] == ["Cy", "Ann", "Bob"] and E.summary(g.state)["current"] == "Ann"
    assert "nobody takes a realm" in g.refusal("take", player="Ann", realm="1", rule="Day 8: no realm is taken")
    listed = E.legal_actions(g.state)  # take, or keep drawing and keeping in one go
    assert listed[0] == {"verb": "take", "player": "Ann"} and {"verb": "keep", "player": "Ann"} in listed
    assert {a["verb"] for a in listed} == {"take", "keep"}
    g("take", player="Ann")
    while g.state["pending"] and g.state["pending"][0]["decision"] == "keep-blessing":
        g("keep", player="Ann", blessing=g.state["pending"][0]["choices"][0])
    n = g.state["draws"]["Bob"]
    under = [b for batch in g.state["blessings_under"] for b in batch]
    free = [  # the deck from its top: never drawn, then those put back under it
        *(
            b
            for b in get_catalog(None).blessings
            if not any(b in g.state["blessings"][p] for p in g.state["players"]) and b not in under
        ),
        *under,
    ][:n]
    g("keep", player="Bob", blessing=free[-1], drawn=free)  # day 8: draw and keep in one go
    assert g.state["blessings"]["Bob"][-1] == free[-1]
    assert g.state["phase"] == "lookback"
    assert "journey is over" in g.refusal("next", rule="A day: reveal, then take in order, then next")
    g("lookback")
    assert E.summary(g.state)["over"] and E.legal_actions(g.state) == []


def test_the_game_ends_even_when_the_deck_runs_out():
    # 7 players without constellations need 7 x 3 + 7 x 8 = 77 realms; the deck has 68.
    g = Game(players=["A", "B", "C", "D", "E", "F", "G"], row=None)
    rng = random.Random(3)
    shortest_row = 8
    for _ in range(400):
        legal = E.playout_choices(g.state)
        if not legal:
            break
        if g.state["phase"] == "reveal" and g.state["day"] < 8:
            shortest_row = min(shortest_row, len(g.state["row"]))
        action = dict(rng.choice(legal))
        g(action.pop("verb"), **action)
        E.check_invariants(g.state)
    assert E.summary(g.state)["over"]
    assert shortest_row < 8


# -- Beyond the Styx -------------------------------------------------------------------------


def _styx_three_days(g, ann_takes_shade):
    """Ann plays earth 2, 12, 17: on day 3 Stone Giant (earth >= 3) answers her."""
    g("reveal", realms={"Ann": "2", "Bob": "7", "Cy": "8"})  # Ann: earth CL
    g("take", player="Ann", realm="40")
    g("take", player="Bob", realm="41")
    g("take", player="Cy", realm="42")
    g("next", row=["50", "51", "52", "53"])
    # Ann 12 > 2 draws 1 + the coin of realm 2 = 2 Blessings
    g("reveal", realms={"Ann": "12", "Bob": "13", "Cy": "9"})
    g("take", player="Cy", realm="50", drawn=["Trident"])
    g("take", player="Ann", realm="51", drawn=["Aegis", "Nectar"], keep="Aegis")
    g("take", player="Bob", realm="52", drawn=["Olive Branch"])
    g("next", row=["54", "55", "56", "60"])
    # day 3: Ann plays 17 (earth): 2, 12, 17 are earth -> Stone Giant answers.
    g("reveal", realms={"Ann": "17", "Bob": "19", "Cy": "3"})
    g("take", player="Cy", realm="54")
    g("take", player="Ann", realm="55", drawn=["Ambrosia", "Caduceus"], keep="Ambrosia")
    assert E.summary(g.state)["pending"] == [
        {"player": "Ann", "decision": "take-shade", "choices": ["Stone Giant", "pass"]}
    ]
    assert "Ferryman" in g.refusal("shade", player="Ann", shade="Ferryman", rule="Beyond the Styx: goal met, and today's realm or Blessing adds to it")
    assert "first keeps" not in g.refusal("take", player="Bob", realm="56", rule="Take order: lowest realm played first")
    if ann_takes_shade:
        g("shade", player="Ann", shade="Stone Giant")
        # one Shade a turn: Ann's take turn is over
        assert "Ann took Shade Stone Giant this turn already" in g.refusal(
            "shade", player="Ann", shade="Ferryman"
        , rule="Beyond the Styx: one Shade a turn")
    else:
        g("pass", player="Ann")
    g("take", player="Bob", realm="56", drawn=["Siren Song"])


def test_shade_needs_goal_met_and_todays_card_adding_to_it():
    # Stone Giant: earth >= 3.  Ferryman: coin >= 3.  Next in the deck: Old Sailor.
    g = Game(styx=True, hand=8, shades=["Stone Giant", "Ferryman", "Old Sailor"])
    assert g.state["shades_up"] == ["Stone Giant", "Ferryman"]
    assert g.state["shade_top"] == "Old Sailor"
    assert "not face up" in g.refusal("shade", player="Ann", shade="Old Sailor", rule="Beyond the Styx: take one of the two face-up Shades")
    _styx_three_days(g, ann_takes_shade=True)
    assert g.state["journeys"]["Ann"][-1] == {"realm": "17", "shade": "Stone Giant"}
    assert g.state["shades_up"] == ["Ferryman"]
    assert "day 3 is done" in g.refusal("shade", player="Ann", shade="Ferryman", rule="A day: reveal, then take in order, then next")
    assert "1 Shade is drawn here, 2 given" in g.refusal(
        "next", shades=["Gatekeeper", "Lost Poet"]
    , rule="Beyond the Styx: two Shades by the row, refilled at the day's end")
    g("next", shades=["Hound of Hades"])
    # refilled to two from the deck's top; the next card turns up
    assert g.state["shades_up"] == ["Ferryman", "Old Sailor"]
    assert g.state["shade_top"] == "Hound of Hades"


def test_shade_refused_when_todays_realm_does_not_add():
    g = Game(styx=True, hand=8, shades=["Stone Giant", "Ferryman", "Old Sailor"])
    _styx_three_days(g, ann_takes_shade=False)
    g("next", row=["57", "58", "59", "61"])
    # day 4: Ann's earth 2, 12, 17 still meets the goal, but today's 5 is sky (and no Blessing).
    g("reveal", realms={"Ann": "5", "Bob": "21", "Cy": "1"})
    g("take", player="Cy", realm="57")
    g("take", player="Ann", realm="58")
    assert E.summary(g.state)["current"] == "Bob"  # no Shade decision for Ann
    message = g.refusal("shade", player="Ann", shade="Stone Giant", rule="Beyond the Styx: goal met, and today's realm or Blessing adds to it")
    assert "today's realm 5 does not add to its goal (no Blessing kept today)" in message


def test_pass_and_shade_only_during_ones_own_shade_decision():
    g = Game(styx=True, shades=["Stone Giant", "Ferryman", "Old Sailor"])
    assert "not revealed" in g.refusal("pass", player="Ann", rule="A day: reveal, then take in order, then next")
    assert "Beyond the Styx" in Game().refusal("shade", player="Ann", shade="Ferryman", rule="Beyond the Styx is an add-on")


# -- malformed input never escapes as a Python error -----------------------------------------

_junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 99),
    st.text(max_size=8),
    st.lists(st.text(max_size=6), max_size=3),
    st.dictionaries(st.text(max_size=4), st.text(max_size=4), max_size=3),
)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["reveal", "take", "keep", "shade", "pass", "next", "lookback", "nope"]),
    st.dictionaries(
        st.sampled_from(
            [
                "player",
                "realm",
                "realms",
                "drawn",
                "keep",
                "blessing",
                "shade",
                "row",
                "shades",
                "give_up",
            ]
        ),
        _junk,
        max_size=4,
    ),
)
def test_fuzz_malformed_actions_are_refused_cleanly(verb, fields):
    for state in _FUZZ_STATES:
        before = E.copy(state)
        with contextlib.suppress(IllegalAction, InputError):  # names as the log keeps them
            E.normalize(state, {"verb": verb, **fields})
        assert state == before
        with contextlib.suppress(IllegalAction, InputError):
            session.run(E, E.copy(state), {"verb": verb, **fields}, "f", 5)


def _fuzz_states():
    g = Game(styx=True, constellations=True, shades=["Stone Giant", "Ferryman", "Old Sailor"])
    states = [E.copy(g.state)]
    g("reveal", realms={"Ann": "5", "Bob": "7*", "Cy": "20"})
    states.append(E.copy(g.state))
    return states


_FUZZ_STATES = _fuzz_states()


# -- what the table sees -------------------------------------------------------------------------


def test_status_shows_journeys_row_shades_and_the_pending_decision():
    g = Game(styx=True, hand=8, shades=["Stone Giant", "Ferryman", "Old Sailor"])
    _styx_three_days(g, ann_takes_shade=True)
    text = E.render(g.state)
    for words in (
        "Day 3 of 8",
        "all have taken: `next`",
        "17 earth A + Stone Giant",  # the Shade's amphora counts with its realm
        "Aegis, Ambrosia",
        "Next Shade in the deck: Old Sailor",
        "Ferryman",
        "Icons: C Charon's coin",
    ):
        assert words in text, words
    g("next", shades=["Hound of Hades"])
    g("reveal", realms={"Ann": "18", "Bob": "20", "Cy": "4"})
    text = E.render(g.state)
    # Cy 4 after 3: higher, 1 + the coins of realm 4 and Trident = 3 Blessings.
    assert "Take order" in text
    assert "Cy takes a realm from the row, then draws 3 Blessings and keeps one" in text
    assert "(`take Cy REALM`)" in text
    assert E.summary(g.state)["current"] == "Cy" and E.summary(g.state)["phase"] == "take"


def test_vocabulary_offers_players_realms_and_card_names():
    g = Game(constellations=True)
    words = E.lexicon.vocabulary(g.state)
    assert words["players"] == ["Ann", "Bob", "Cy"]
    assert "7*" in words["realms"] and "68" in words["realms"]
    assert "hermes-sandals" in words["blessings"] and words["row"] == ["40", "41", "42", "43"]
    assert "Ann=" in words["reveal"]
    assert "7*" not in E.lexicon.vocabulary(Game().state)["realms"]


def test_log_lines_read_as_the_table_would_say_them():
    assert E.describe({"verb": "reveal", "realms": {"Ann": "5", "Bob": "7*"}}) == (
        "reveal Ann 5, Bob 7*"
    )
    assert (
        E.describe(
            {
                "verb": "take",
                "player": "Ann",
                "realm": "40",
                "drawn": ["Aegis", "Nectar"],
                "keep": "Aegis",
            }
        )
        == "Ann takes 40, draws Aegis, Nectar, keeps Aegis"
    )
    assert E.describe({"verb": "shade", "player": "Bob", "shade": "Ferryman"}) == (
        "Bob takes Shade Ferryman"
    )
    assert E.describe({"verb": "take", "player": "Bob", "drawn": ["Nectar", "Aegis"]}) == (
        "Bob draws Nectar, Aegis"
    )
    assert E.describe({"verb": "take", "player": "Bob"}) == "Bob draws Blessings"
    assert E.describe({"verb": "next", "shades": ["Lost Poet"]}) == (
        "next day, Shades turned up: Lost Poet"
    )


def test_constellation_on_an_equal_number_draws_blessings():
    # Day 2: Ann plays 7* after 7: equal numbers, the constellation is higher -> 1 + 0 coins.
    # Bob plays 3 after 3*: the constellation was higher -> no Blessings.
    g = Game(constellations=True, hand=4)
    g("reveal", realms={"Ann": "7", "Bob": "3*", "Cy": "20"})
    for p, r in (("Bob", "40"), ("Ann", "41"), ("Cy", "42")):
        g("take", player=p, realm=r)
    g("next", row=["50", "51", "52", "53"])
    g("reveal", realms={"Ann": "7*", "Bob": "3", "Cy": "21"})
    assert g.state["draws"] == {"Ann": 1, "Bob": 0, "Cy": 2}


# -- a Shade's goal "most cards of one faction": only a card of a largest faction adds ------

_FACTION_DECK = (
    '[catalog]\nname = "Two factions"\nfactions = ["sky", "sea"]\n'
    + "".join(
        f'[[realm]]\nnumber = {n}\nfaction = "{"sky" if n % 2 else "sea"}"\nscore = "1"\n'
        for n in range(1, 41)
    )
    + "".join(f'[[blessing]]\nname = "Gift {n}"\nscore = "1"\n' for n in range(1, 6))
    + '[[shade]]\nname = "Twin"\ngoal = "faction_max >= 2"\nscore = "3"\n'
    + '[[shade]]\nname = "Far"\ngoal = "realms >= 9"\nscore = "1"\n'
    + '[[shade]]\nname = "Deep"\ngoal = "blessings >= 9"\nscore = "1"\n'
)


def test_shade_goal_of_one_faction_counts_only_a_realm_of_that_faction():
    # Realms: odd numbers sky, even numbers sea. Twin: faction_max >= 2.
    # Day 2: Ann 1, 3 (sky 2): met, today's 3 is sky -> offered. Bob 2, 4 (sea 2): offered.
    # Day 3: Ann adds 6 (sea): sky 2 still meets it, but sea 1 is not a largest faction,
    #        so today's realm does not add to "2 of one faction" -> no offer (and refused).
    g = Game(
        catalog=_FACTION_DECK,
        players=["Ann", "Bob"],
        row=["20", "21", "22"],
        styx=True,
        shades=["Twin", "Far", "Deep"],
    )
    g("reveal", realms={"Ann": "1", "Bob": "2"})
    g("take", player="Ann", realm="20")
    g("take", player="Bob", realm="21")
    g("next", row=["23", "24", "25"])
    g("reveal", realms={"Ann": "3", "Bob": "4"})
    g("take", player="Ann", realm="23", drawn=["Gift 1"])
    assert E.summary(g.state)["pending"][0]["choices"] == ["Twin", "pass"]
    g("pass", player="Ann")
    g("take", player="Bob", realm="24", drawn=["Gift 2"])
    assert E.summary(g.state)["pending"][0]["choices"] == ["Twin", "pass"]
    g("pass", player="Bob")
    g("next", row=["26", "27", "28"])
    g("reveal", realms={"Ann": "6", "Bob": "5"})
    g("take", player="Bob", realm="26", drawn=["Gift 3"])  # sea 2, sky 1: 5 is sky, no offer
    assert E.summary(g.state)["current"] == "Ann"
    g("take", player="Ann", realm="27", drawn=["Gift 4"])
    assert g.state["phase"] == "day-end"
    message = g.refusal("shade", player="Ann", shade="Twin", rule="A day: reveal, then take in order, then next")
    assert "day 3 is done" in message


def test_shade_refusal_names_why_todays_realm_does_not_add_to_one_faction():
    g = Game(
        catalog=_FACTION_DECK,
        players=["Ann", "Bob"],
        row=["20", "21", "22"],
        styx=True,
        shades=["Twin", "Far", "Deep"],
    )
    g("reveal", realms={"Ann": "1", "Bob": "2"})
    g("take", player="Ann", realm="20")
    g("take", player="Bob", realm="21")
    g("next", row=["23", "24", "25"])
    g("reveal", realms={"Ann": "3", "Bob": "6"})  # Bob sea 2 with today's 6: offered
    g("take", player="Ann", realm="23", drawn=["Gift 1"])
    g("pass", player="Ann")
    g("take", player="Bob", realm="24", drawn=["Gift 2"])
    g("pass", player="Bob")
    g("next", row=["26", "27", "28"])
    g("reveal", realms={"Ann": "8", "Bob": "9"})  # Ann: sky 2, sea 1 (8): 8 does not add
    g("take", player="Ann", realm="26", drawn=["Gift 3"])
    assert E.summary(g.state)["current"] == "Bob"
    assert "neither today's realm 8 nor Blessing Gift 3 adds to its goal" in g.refusal(
        "shade", player="Ann", shade="Twin"
    , rule="Beyond the Styx: goal met, and today's realm or Blessing adds to it")


# -- typed draws: the count is the rule's, and the refusal names it ---------------------------


def test_typed_row_of_the_wrong_size_names_the_row_rule():
    with refused_by("The row holds one realm more than there are players") as info:
        Game(row=["1", "2"])
    assert info.value.rule == "The row holds one realm more than there are players"


def test_typed_blessings_of_the_wrong_count_name_the_blessing_rule():
    g = Game()
    _day_one(g, {"Ann": "6", "Bob": "10", "Cy": "20"})
    g("next", row=["1", "2", "3", "4"])
    g("reveal", realms={"Ann": "30", "Bob": "9", "Cy": "21"})  # Ann draws 1 + 1 coin = 2
    g("take", player="Bob", realm="1")
    g("take", player="Cy", realm="2", drawn=["Aegis", "Nectar"], keep="Aegis")
    refused = g.refuse(
        {"verb": "take", "player": "Ann", "realm": "3", "drawn": ["Ambrosia"]}, kind=IllegalAction
    , rule="Blessings: draw 1 + Charon's coins when today's realm is higher")
    assert "Blessings: draw 1 + Charon's coins" in (refused.rule or "")


# -- the deck is what nobody has seen minus the hidden hands ---------------------------------

_SMALL_DECK = (
    '[catalog]\nname = "Eight realms"\nfactions = ["sky"]\n'
    + "".join(f'[[realm]]\nnumber = {n}\nfaction = "sky"\nscore = "1"\n' for n in range(1, 9))
    + '[[blessing]]\nname = "Gift"\nscore = "1"\n'
)


def _small_game():
    # 8 realms; the row 1, 2, 3 is dealt; Ann and Bob hide 2 realms each among 4..8 unseen.
    return Game(catalog=_SMALL_DECK, players=["Ann", "Bob"], hand=2, row=["1", "2", "3"])


def test_row_is_dealt_from_the_deck_not_from_the_hidden_hands():
    # After day 1 (Ann 8 and Bob 7 from their hands): unseen 4, 5, 6; still hidden in the
    # hands: 1 + 1 = 2. So the deck holds 3 - 2 = 1 realm and the row for day 2 is 1 realm,
    # not players + 1 = 3 (two of those three are in someone's hand).
    g = _small_game()
    g("reveal", realms={"Ann": "8", "Bob": "7"})
    g("take", player="Bob", realm="1")
    g("take", player="Ann", realm="2")
    message = g.refusal("next", row=["4", "5", "6"], rule="The row holds one realm more than there are players")
    assert "1 realm is drawn here, 3 given" in message
    g("next", row=["4"])
    assert g.state["row"] == ["4"]
    # drawn by the referee: also a single realm
    g2 = _small_game()
    g2("reveal", realms={"Ann": "8", "Bob": "7"})
    g2("take", player="Bob", realm="1")
    g2("take", player="Ann", realm="2")
    g2("next")
    assert len(g2.state["row"]) == 1


def test_the_journey_ends_when_nobody_holds_a_realm():
    # Day 2: Bob 1, Ann 2 (taken yesterday); Bob takes the row's 4, Ann finds the row empty.
    # Day 3: the deck is out (unseen 5, 6 are both hidden). Ann plays her last hidden realm,
    # Bob plays 4. Day 4: only Bob holds one (hidden); afterwards nobody holds a realm, so
    # the journey ends on day 4 instead of waiting for a reveal nobody can make.
    g = _small_game()
    g("reveal", realms={"Ann": "8", "Bob": "7"})
    g("take", player="Bob", realm="1")
    g("take", player="Ann", realm="2")
    g("next", row=["4"])
    g("reveal", realms={"Ann": "2", "Bob": "1"})
    g("take", player="Bob", realm="4")
    assert "The row is empty: Ann takes no realm" in g.text
    g("next")
    assert g.state["row"] == []
    g("reveal", realms={"Ann": "5", "Bob": "4"})
    while g.state["phase"] == "take":
        g.first_legal()
    g("next")
    assert "Ann has no realm left" in g.refusal("reveal", realms={"Ann": "6", "Bob": "6"}, rule="A realm is played from the hand")
    g("reveal", realms={"Bob": "6"})
    while g.state["phase"] == "take":
        g.first_legal()
    g("next")
    assert g.state["phase"] == "lookback" and g.state["day"] == 4
    assert "nobody holds a realm any more" in g.text
    g("lookback")
    assert E.summary(g.state)["over"]
    assert [len(g.state["journeys"][p]) for p in ("Ann", "Bob")] == [3, 4]


def test_catalog_too_small_for_the_hands_and_the_first_row_is_refused():
    # 2 players x 4 in hand + a row of 3 = 11 realms needed; the catalog has 8.
    with refused_by("Setup: starting hands, then a row of one realm more than there are players", match="too few for 2 hands of 4") as info:
        Game(catalog=_SMALL_DECK, players=["Ann", "Bob"], hand=4, row=None)
    assert info.value.rule


def test_random_games_with_a_short_deck_always_reach_the_look_back():
    # A deck too short for eight days: hands run dry, rows shrink, the journey may end early;
    # at every step there is a legal action until the game is over.
    deck_text = (
        '[catalog]\nname = "Short"\nfactions = ["sky", "sea"]\n'
        + "".join(
            f'[[realm]]\nnumber = {n}\nfaction = "{"sky" if n % 2 else "sea"}"\n'
            f'icons = {{ coin = {n % 2} }}\nscore = "1 per sky"\n'
            for n in range(1, 21)
        )
        + '[[constellation]]\nnumber = 3\nfaction = "sea"\nscore = "2"\ngive_up = 1\n'
        + "".join(f'[[blessing]]\nname = "Gift {n}"\nscore = "1"\n' for n in range(1, 4))
        + "".join(
            f'[[shade]]\nname = "S{n}"\ngoal = "coin >= {n}"\nscore = "1"\n' for n in (1, 2, 3)
        )
    )
    for seed in range(40):
        rng = random.Random(seed)
        players = ["A", "B", "C", "D", "E"][: rng.randint(2, 5)]
        options = {"catalog": deck_text, "players": players, "hand": rng.randint(1, 2)}
        options |= {"constellations": rng.random() < 0.5, "styx": rng.random() < 0.5}
        # in memory, as the shared playouts (test_consistency) do: 40 journeys stay fast
        state, _, _ = session.run(E, None, {"verb": "new", **options}, f"s{seed}", 0)
        for ply in range(1, 500):
            E.check_invariants(state)
            if E.summary(state)["over"]:
                break
            legal = E.playout_choices(state)
            assert legal, (seed, state["phase"], state["day"])
            state, _, _ = session.run(E, E.copy(state), rng.choice(legal), f"s{seed}", ply)
        assert E.summary(state)["over"], seed


def test_no_shade_is_taken_on_day_eight():
    # A Shade is taken at the end of a take turn; on day 8 nobody takes a realm, so none is.
    # Ann: 2 earth C, 5, 7 earth, 10, 14, 6 underworld C, 9 sky GF: 2 coins by day 7 (no Shade
    # answers: Ferryman needs coin >= 3, Stone Giant earth >= 3 and she has 2 earth).
    # Day 8: 61 underworld C makes 3 coins and adds a coin: Ferryman's goal is met, yet no Shade.
    g = Game(
        styx=True,
        hand=8,
        row=["11", "12", "13", "15"],
        shades=["Ferryman", "Stone Giant", "Old Sailor"],
    )
    ann = ["2", "5", "7", "10", "14", "6", "9", "61"]
    bob = ["68", "67", "66", "65", "64", "63", "62", "59"]
    cy = ["58", "57", "56", "55", "54", "53", "52", "51"]
    rows = [
        ["16", "17", "18", "19"],
        ["20", "21", "22", "23"],
        ["24", "25", "26", "27"],
        ["28", "29", "30", "31"],
        ["32", "33", "34", "35"],
        ["36", "37", "38", "39"],
    ]
    drawn = {
        2: ["Ambrosia", "Aegis"],
        3: ["Caduceus", "Medusa's Gaze"],
        4: ["Muse's Scroll", "Hearth of Hestia"],
        5: ["Thread of Ariadne", "Athena's Owl"],
        7: ["Olive Branch", "Winged Helm", "Golden Apple"],
    }
    for day in range(1, 8):
        g("reveal", realms={"Ann": ann[day - 1], "Bob": bob[day - 1], "Cy": cy[day - 1]})
        assert g.state["order"] == ["Ann", "Cy", "Bob"]
        for p in ("Ann", "Cy", "Bob"):
            typed = drawn.get(day) if p == "Ann" else None
            g(
                "take",
                player=p,
                realm=g.state["row"][0],
                drawn=typed,
                keep=typed[0] if typed else None,
            )
            assert [e["decision"] for e in g.state["pending"]] != ["take-shade"]
        g("next", row=rows[day - 1] if day < 7 else None)
    g("reveal", realms={"Ann": ann[7], "Bob": bob[7], "Cy": cy[7]})
    assert g.state["draws"]["Ann"] == 4  # 61 > 9: 1 + coins of 2, 6, 61
    g(
        "take",
        player="Ann",
        drawn=["Nectar", "Trident", "Laurel Wreath", "Lyre of Orpheus"],
        keep="Lyre of Orpheus",
    )
    assert g.state["phase"] == "lookback" and E.summary(g.state)["pending"] == []
    message = g.refusal("shade", player="Ann", shade="Ferryman", rule="Beyond the Styx: a Shade is taken at the end of a take turn")
    assert "no Shade is taken on day 8" in message


def test_blessings_not_kept_go_back_under_the_deck():
    # Day 2: Ann 12 > 2 draws 1 + 1 coin = 2 (Nectar, Aegis) and keeps Aegis: Nectar goes under
    # the deck. 27 Blessings never drawn lie above it, so Bob (13 > 5: 1 Blessing) cannot draw it.
    g = Game(hand=8)
    g("reveal", realms={"Ann": "2", "Bob": "5", "Cy": "8"})
    for p, r in (("Ann", "40"), ("Bob", "41"), ("Cy", "42")):
        g("take", player=p, realm=r)
    g("next", row=["50", "51", "52", "53"])
    g("reveal", realms={"Ann": "12", "Bob": "13", "Cy": "9"})
    g("take", player="Cy", realm="50", drawn=["Trident"])
    g("take", player="Ann", realm="51", drawn=["Nectar", "Aegis"], keep="Aegis")
    assert g.state["blessings_under"] == [["Nectar"]]
    message = g.refusal("take", player="Bob", realm="52", drawn=["Nectar"], rule="Blessings not kept go back under the deck")
    assert "Nectar was drawn and put back under the deck earlier" in message
    assert "every Blessing above it must be drawn first" in message
    assert "27" not in message  # how deep it lies is nobody's to know (the probe's last leak)
    g("take", player="Bob", realm="52")  # drawn by the referee: from the top, never Nectar
    assert g.state["blessings"]["Bob"] != ["Nectar"]


def test_blessings_put_back_come_up_once_the_deck_above_them_is_drawn():
    # Everything but Caduceus and Cornucopia is kept; under the deck lie [Nectar] then
    # [Aegis, Ambrosia]. A draw of 4: the 2 never drawn, Nectar, then one of Aegis/Ambrosia.
    from referee.games.elysion import deck
    from referee.model.chance import Chance

    catalog = get_catalog(None)
    state = E.copy(Game().state)
    state["blessings_under"] = [["Nectar"], ["Aegis", "Ambrosia"]]
    state["blessings"]["Cy"] = [
        b
        for b in catalog.blessings
        if b not in ("Caduceus", "Cornucopia", "Nectar", "Aegis", "Ambrosia")
    ]
    rule = "Blessings: draw 1 + Charon's coins when today's realm is higher"
    drawn = deck.draw_blessings(Chance("s", 1), "b", E.copy(state), catalog, 4, None, rule)
    assert set(drawn[:3]) == {"Caduceus", "Cornucopia", "Nectar"}
    assert drawn[3] in ("Aegis", "Ambrosia")
    typed = ["Cornucopia", "Caduceus", "Nectar", "Ambrosia"]  # either of the last batch
    left = E.copy(state)
    assert deck.draw_blessings(Chance("s", 1), "b", left, catalog, 4, typed, rule) == typed
    assert left["blessings_under"] == [["Aegis"]]
    with refused_by("Blessings not kept go back under the deck", match="Aegis was drawn and put back"):
        # Nectar lies above Aegis: it must come up first
        deck.draw_blessings(
            Chance("s", 1),
            "b",
            E.copy(state),
            catalog,
            3,
            ["Caduceus", "Cornucopia", "Aegis"],
            rule,
        )


def test_seven_journeys_are_split_into_readable_parts():
    # 7 players on day 1: cells like "21 underworld CGA" make one table ~130 columns wide;
    # the journeys are split in parts (seating order kept), each at most 100 columns.
    seven = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
    g = Game(players=seven, row=["30", "31", "32", "33", "34", "35", "36", "37"], hand=8)
    g("reveal", realms=dict(zip(seven, ["21", "51", "56", "26", "63", "15", "41"], strict=True)))
    text = E.render(g.state)
    journeys = text[text.index("Journeys") : text.index("player    in hand")]
    assert "Journeys (2 parts, in seating order)" in journeys
    assert all(len(line) <= 100 for line in journeys.splitlines())
    headers = [line.split() for line in journeys.splitlines() if line.startswith("  ")]
    assert [name for header in headers for name in header] == seven


def test_status_names_the_shades_that_answer_the_pending_decision():
    # Day 3: Ann's 2, 12, 17 are earth: Stone Giant (earth >= 3) answers; Ferryman does not.
    g = Game(styx=True, hand=8, shades=["Stone Giant", "Ferryman", "Old Sailor"])
    g("reveal", realms={"Ann": "2", "Bob": "7", "Cy": "8"})
    for p, r in (("Ann", "40"), ("Bob", "41"), ("Cy", "42")):
        g("take", player=p, realm=r)
    g("next", row=["50", "51", "52", "53"])
    g("reveal", realms={"Ann": "12", "Bob": "13", "Cy": "9"})
    g("take", player="Cy", realm="50", drawn=["Trident"])
    g("take", player="Ann", realm="51", drawn=["Aegis", "Nectar"], keep="Aegis")
    g("take", player="Bob", realm="52", drawn=["Olive Branch"])
    g("next", row=["54", "55", "56", "60"])
    g("reveal", realms={"Ann": "17", "Bob": "19", "Cy": "3"})
    g("take", player="Cy", realm="54")
    g("take", player="Ann", realm="55", drawn=["Ambrosia", "Caduceus"], keep="Ambrosia")
    # a headline too long for 80 columns goes under the day
    assert "Day 3 of 8\nAnn may take a Shade (Stone Giant answers): `shade Ann NAME`" in (
        E.render(g.state)
    )


def test_refill_from_an_empty_shade_deck_still_turns_up_the_visible_top():
    # Beyond the Styx: the deck's top card is visible; with the deck out, refilling moves that
    # card by the row and says so (it used to move silently), and the deck shows "none".
    from referee.games.elysion import deck
    from referee.model.chance import Chance

    catalog = get_catalog(None)
    state = E.copy(Game(styx=True, shades=["Stone Giant", "Ferryman", "Old Sailor"]).state)
    state["shades_seen"] = list(catalog.shades)  # every other Shade is taken already
    state["shades_up"] = ["Ferryman"]
    events = deck.refill_shades(state, catalog, Chance("s", 1), None)
    assert state["shades_up"] == ["Ferryman", "Old Sailor"] and state["shade_top"] is None
    assert [e["text"] for e in events] == [
        "Shades by the row: Ferryman, Old Sailor; next in the deck: none (the deck is out)"
    ]
