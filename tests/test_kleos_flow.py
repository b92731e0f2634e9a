"""The round and the end: Dusk area control, Daybreak (first player, Isles, Zeus' Pity),
the end of the Contest with its tie-breakers, and one full scripted Contest."""

from __future__ import annotations

import pytest
from kleos_table import CARDS, action_phase, do, glory_of, ledger, minion, new_game, place

from referee.games.kleos import ENGINE, flow


def end_of_day(g):
    """`next` through every remaining phase of the day: Dusk, then the next Daybreak;
    returns what the last `next` said."""
    day = g.state["day"]
    events = []
    while g.state["day"] == day and g.state["phase"] != "over":
        events = g.act(do("next"))
    return events


def test_round_order_play_phases_then_action_phases():
    g = new_game(deploy={"ares": ["Hoplite Warrior"]})
    g.act(do("next"))
    seen = [(g.state["phase"], ENGINE.summary(g.state)["current"])]
    for _ in range(3):
        g.act(do("next"))
        seen.append((g.state["phase"], ENGINE.summary(g.state)["current"]))
    assert seen == [("play", "Ann"), ("play", "Bob"), ("action", "Ann"), ("action", "Bob")]
    g.act(do("next"))  # Dusk of Day 1, Daybreak of Day 2
    assert g.state["day"] == 2 and g.state["phase"] == "play"


def test_first_player_rotates_clockwise_from_day_2():
    g = new_game(gods=("ares", "athena", "hermes"), temples={"athena": "h1", "ares": "h3",
                                                              "hermes": "h5"})
    g.act(do("next"))
    firsts = [ENGINE.summary(g.state)["current"]]
    for _ in range(2):
        end_of_day(g)
        firsts.append(ENGINE.summary(g.state)["current"])
    # seats: Ann (ares), Bob (athena), Cy (hermes); Bob holds Temple 1
    assert firsts == ["Bob", "Cy", "Ann"]


def dusk_game():
    g = new_game(deploy={"ares": ["Hoplite Warrior", "Hoplite Warrior"],
                         "athena": ["Hoplite Warrior", "Hoplite Warrior"]})
    g.act(do("next"))
    for ref in ("ares:1", "ares:2", "ares:champion", "athena:1", "athena:2", "athena:champion"):
        place(g, ref, "h1" if ref.startswith("ares") else "h5")
    return g


def test_dusk_most_minions_controls_and_port_gives_2():
    g = dusk_game()
    place(g, "ares:1", "port")
    place(g, "ares:2", "port")
    place(g, "athena:1", "port")
    place(g, "athena:2", "arena")
    end_of_day(g)
    # Port: Ares 2 vs Athena 1 -> Ann +2; Arena: Athena alone -> Bob +1
    assert glory_of(g, "ares") == 2 and glory_of(g, "athena") == 1
    reasons = {e["reason"] for e in ledger(g)}
    assert reasons == {"Dusk: control Port", "Dusk: control Arena"}


def test_dusk_champion_breaks_a_tie():
    g = dusk_game()
    place(g, "ares:champion", "market")
    place(g, "athena:1", "market")
    end_of_day(g)
    assert glory_of(g, "ares") == 1 and glory_of(g, "athena") == 0


def test_dusk_true_tie_scores_nothing():
    g = dusk_game()
    place(g, "ares:1", "port")
    place(g, "athena:1", "port")
    place(g, "ares:champion", "theater")
    place(g, "athena:champion", "theater")
    end_of_day(g)
    assert glory_of(g, "ares") == 0 and glory_of(g, "athena") == 0


def test_champion_counts_as_one_minion():
    g = dusk_game()
    place(g, "ares:champion", "theater")
    place(g, "athena:1", "theater")
    place(g, "athena:2", "theater")
    end_of_day(g)
    assert glory_of(g, "athena") == 1 and glory_of(g, "ares") == 0  # 2 minions beat 1 champion


def test_zeus_pity_announced_at_daybreak_for_5_or_more_behind():
    g = new_game(gods=("ares", "athena", "hermes"), temples={"ares": "h1", "athena": "h3",
                                                              "hermes": "h5"})
    ev = g.act(do("next"))
    ev = g.act(do("glory", god="ares", delta="+6", reason="a card"))
    ev = g.act(do("glory", god="athena", delta="+2", reason="a card"))
    ev = end_of_day(g)
    # leader 6: Athena 4 behind (no), Hermes 6 behind (yes)
    assert g.state["pity"] == ["hermes"]
    assert any("Zeus' Pity" in e["text"] and "Cy" in e["text"] for e in ev)


def test_isles_repopulate_only_when_empty_of_card_and_minions():
    g = new_game(deploy={"ares": ["Centaur", "Hoplite Warrior"]})
    action_phase(g)
    place(g, "ares:1", "isle1")
    g.act(do("recruit", minion="ares:1", dice="s-"))  # Myrina leaves isle1; two Ares minions stay
    end_of_day(g)
    assert "isle1" not in g.state["awaiting"]  # minions still there
    g.refuse(do("isle", isle="isle1", card="Minotaur"), "Greek Isles: populated at setup, then at Daybreak only when empty of card and minions")
    action_phase(g)  # Bob is first on Day 2
    g.act(do("next"))  # Ann's Action Phase
    g.act(do("move", minion="ares:1", to="port"))
    g.act(do("move", minion="ares:3", to="port"))
    end_of_day(g)
    assert "isle1" in g.state["awaiting"]
    # (a card not already on an Isle: the Epic deck holds one Minotaur, and it waits on isle2)
    g.act(do("isle", isle="isle1", card="Cyclops", stats={**CARDS["Cyclops"], "name": "Cyclops",
                                                      "disposition": 2}))
    assert g.state["isles"]["isle1"]["name"] == "Cyclops"


def test_glory_never_goes_below_zero():
    g = new_game()
    g.act(do("next"))
    g.act(do("glory", god="ares", delta="+1", reason="a card"))
    g.act(do("glory", god="ares", delta="-3", reason="a curse"))
    assert glory_of(g, "ares") == 0 and ledger(g)[-1]["delta"] == -1


def test_card_kill_gives_glory_to_the_player_named():
    g = new_game(deploy={"athena": ["Hoplite Warrior"]})
    g.act(do("next"))
    g.act(do("kill", minion="athena:1", by="ann", reason="Trickster"))
    assert glory_of(g, "ares") == 1 and "athena:1" not in g.state["minions"]
    g.act(do("kill", minion="athena:champion", by="ares", reason="Thunderbolt"))
    assert glory_of(g, "ares") == 3 and minion(g, "athena:champion")["location"] == "h5"
    g.refuse(do("kill", minion="athena:champion", by="ares", reason="X",
              slaughter=True), "Slaughter: never a champion")


# -- The end of the Contest ------------------------------------------------------------------

def finished(glory: dict, city: dict, **places):
    """A Day 5 state, ended by `flow.finish` after setting glory, Day 5 city glory and places."""
    g = new_game(deploy={"ares": ["Hoplite Warrior", "Hoplite Warrior"],
                         "athena": ["Hoplite Warrior", "Theseus"]})
    g.act(do("next"))
    for ref, loc in places.items():
        place(g, ref.replace("_", ":"), loc)
    state = g.state  # a copy rebuilt from the log: the end is worked out on it
    state["glory"] = dict(glory)
    state["city_glory"] = dict(city)
    flow.finish(state)
    return state["result"]


def test_winner_is_the_most_glory():
    assert finished({"ares": 9, "athena": 8}, {"ares": 0, "athena": 3}) == {
        "winners": ["ares"], "decided_by": "most glory"}


def test_tie_breaker_1_city_glory_on_day_5():
    res = finished({"ares": 8, "athena": 8}, {"ares": 1, "athena": 2})
    assert res["winners"] == ["athena"] and res["decided_by"].startswith("tie-breaker 1")


def test_tie_breaker_2_champion_on_the_highest_value_city_location():
    res = finished({"ares": 8, "athena": 8}, {"ares": 1, "athena": 1},
                   ares_champion="port", athena_champion="market")
    assert res["winners"] == ["ares"] and res["decided_by"].startswith("tie-breaker 2")


def test_tie_breaker_3_most_epic_minions():
    # both champions on 1-glory locations: tied; Athena controls Theseus (Epic)
    res = finished({"ares": 8, "athena": 8}, {"ares": 1, "athena": 1},
                   ares_champion="arena", athena_champion="market")
    assert res["winners"] == ["athena"] and res["decided_by"].startswith("tie-breaker 3")


def test_tie_breaker_4_most_minions_on_city_locations_then_shared():
    g = new_game(deploy={"ares": ["Hoplite Warrior", "Hoplite Warrior"],
                         "athena": ["Hoplite Warrior", "Hoplite Warrior"]})
    g.act(do("next"))
    # equal glory, no city glory, champions on their temples, no Epic minions
    place(g, "ares:1", "port")
    place(g, "ares:2", "arena")
    place(g, "athena:1", "market")
    state = g.state  # a copy rebuilt from the log: the end is worked out on it
    state["glory"] = {"ares": 4, "athena": 4}
    flow.finish(state)
    assert state["result"] == {"winners": ["ares"],
                               "decided_by": "tie-breaker 4: most minions on city locations"}
    place(g, "athena:2", "theater")  # now 2 against 2
    state = g.state
    state["glory"] = {"ares": 4, "athena": 4}
    flow.finish(state)
    assert state["result"] == {"winners": ["ares", "athena"],
                               "decided_by": "shared victory: every tie-breaker is equal"}


# -- A full Contest ----------------------------------------------------------------------------

CYCLOPS = {**CARDS["Cyclops"], "name": "Cyclops", "disposition": 2, "keywords": ["epic"]}


def test_full_two_player_contest_to_day_5():
    """Ann (Ares, H1) against Bob (Athena, H5), every roll typed. Glory by hand:

    Day 1, Ann first. Dusk: Port 1-1, no champion: nobody; Market Ann +1; Theater
      (Bob's champion) Bob +1.                                            Ann 1, Bob 1
    Day 2, Bob first. Bob's Hoplite kills Ann's at the Port: Bob +1. Ann's Centaur goes
      Market-Port-Isle 1 (Swift) and recruits Myrina: Ann +1. Achilles walks to the Port.
      Dusk: Port 1-1, Ann's champion breaks the tie: Ann +2; Theater Bob +1. Ann 4, Bob 3
    Day 3, Ann first. Myrina and the Centaur come to the Port; Achilles attacks Bob's
      Hoplite with 4 + Tactics 2 = 6 dice, 5 successes - Defense 2 = 3: slaughter,
      Ann +1 +1, and Olympus' Favor. Bob's champion comes to the Port and kills the
      Centaur (retaliation 2 + 2 dice, all blank): Bob +1. Dusk: Port 2-1: Ann +2;
      Theater (Bob's new Hoplite) Bob +1.                                 Ann 8, Bob 5
    Day 4, Bob first. Isle 1 is empty of card and minions: a Cyclops is drawn there.
      Bob's Hoplite attacks Myrina at the Port (2 + 2 dice, 1 success: miss); Myrina
      retaliates with 3 + 1 dice, 2 successes: Ann +1. Myrina goes to the Market.
      Dusk: Port 1-1, both champions: nobody; Market Ann +1.               Ann 10, Bob 5
    Day 5, Ann first. Zeus' Pity for Bob (5 behind). Bob's Zeus card: +3. Bob's champion
      goes to the Market and kills Myrina (3 successes vs 2, no slaughter): Bob +1.
      Dusk: Port (Achilles) Ann +2; Market (Bob's champion) Bob +1.        Ann 12, Bob 10
    """
    g = new_game(deploy={"ares": ["Hoplite Warrior", "Centaur"], "athena": ["Hoplite Warrior"]})
    g.act(do("next"))  # Deployment ends
    # Day 1 -----------------------------------------------------------------------------------
    g.act(do("next"))
    g.act(do("next"))  # Play Phases (nothing played)
    g.act(do("move", minion="ares:1", to="port"))
    g.act(do("move", minion="ares:2", to="market"))
    g.act(do("next"))
    g.act(do("move", minion="athena:1", to="port"))
    g.act(do("move", minion="athena:champion", to="theater"))
    g.act(do("next"))
    assert (glory_of(g, "ares"), glory_of(g, "athena")) == (1, 1)
    # Day 2 -----------------------------------------------------------------------------------
    assert g.state["day"] == 2 and ENGINE.summary(g.state)["current"] == "Bob"
    g.act(do("next"))
    g.act(do("next"))
    g.act(do("attack", minion="athena:1", target="ares:1", dice="ss", retaliation="--"))
    g.act(do("next"))
    g.act(do("move", minion="ares:2", to="port", to2="isle1"))
    g.act(do("recruit", minion="ares:2", dice="s-"))
    assert minion(g, "ares:1")["card"]["name"] == "Amazonian Queen Myrina"
    g.act(do("move", minion="ares:champion", to="port"))
    g.act(do("next"))
    assert (glory_of(g, "ares"), glory_of(g, "athena")) == (4, 3)
    # Day 3 -----------------------------------------------------------------------------------
    assert ENGINE.summary(g.state)["current"] == "Ann"
    assert "isle1" not in g.state["awaiting"]  # Ann's minions stand on it
    g.act(do("next"))
    g.act(do("play", god="athena", card="Hoplite Warrior"))  # athena:2 on H5
    g.act(do("next"))
    g.act(do("move", minion="ares:1", to="port"))
    g.act(do("move", minion="ares:2", to="port"))
    g.act(do("attack", minion="ares:champion", target="athena:1", dice="sssss-"))
    assert g.state["favor"] == "ares:champion"
    g.act(do("next"))
    g.act(do("move", minion="athena:2", to="theater"))
    g.act(do("move", minion="athena:champion", to="port"))
    g.act(do("attack", minion="athena:champion", target="ares:2", dice="ss-", retaliation="----"))
    g.act(do("next"))
    assert (glory_of(g, "ares"), glory_of(g, "athena")) == (8, 5)
    # Day 4 -----------------------------------------------------------------------------------
    assert g.state["awaiting"] == ["isle1"] and g.state["pity"] == []
    g.act(do("isle", isle="isle1", card="Cyclops", stats=CYCLOPS))
    g.act(do("next"))
    g.act(do("next"))
    g.act(do("move", minion="athena:2", to="port"))
    g.act(do("attack", minion="athena:2", target="ares:1", dice="s---", retaliation="ss--"))
    g.act(do("next"))
    g.act(do("move", minion="ares:1", to="market"))
    g.act(do("next"))
    assert (glory_of(g, "ares"), glory_of(g, "athena")) == (10, 5)
    # Day 5 -----------------------------------------------------------------------------------
    assert g.state["pity"] == ["athena"]
    g.act(do("next"))
    g.act(do("glory", god="athena", delta="+3", reason="Zeus card"))
    g.act(do("next"))
    g.act(do("next"))
    g.act(do("move", minion="athena:champion", to="market"))
    g.act(do("attack", minion="athena:champion", target="ares:1", dice="sss", retaliation="---"))
    g.act(do("next"))
    assert (glory_of(g, "ares"), glory_of(g, "athena")) == (12, 10)
    summary = ENGINE.summary(g.state)
    assert summary["over"] and summary["winners"] == ["Ann"] and summary["phase"] == "over"
    assert g.state["city_glory"] == {"ares": 2, "athena": 1}
    assert ENGINE.legal_actions(g.state) == []
    with pytest.raises(Exception) as info:
        g.act(do("next"))
    assert "over" in str(info.value) and "End of the Contest" in info.value.rule
    # the ledger explains every point
    assert sum(e["delta"] for e in ledger(g) if e["god"] == "ares") == 12


def test_daybreak_asks_for_a_card_only_on_isles_empty_of_card_and_minions():
    """An Isle left without its card (recruited) but with a minion on it at Daybreak is not
    populated: the rule asks for no card and no minion there."""
    g = new_game()
    action_phase(g)
    place(g, "ares:champion", "isle1")
    g.act(do("recruit", minion="ares:champion", dice="s-"))  # Myrina joins Ann on isle1
    end_of_day(g)
    assert g.state["isles"]["isle1"] is None and g.state["awaiting"] == []
    g.refuse(do("isle", isle="isle1", card="Cyclops",
              stats={**CARDS["Cyclops"], "name": "Cyclops", "disposition": 2}), "Greek Isles: populated at setup, then at Daybreak only when empty of card and minions")
