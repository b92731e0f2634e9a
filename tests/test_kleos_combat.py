"""Combat: the Tactics tally, kills, slaughter, retaliation, champions, Olympus' Favor,
and opportunity attacks."""

from __future__ import annotations

from test_kleos_support import MINOTAUR_IN_HAND, new_game, queue

from referee.games.kleos import ENGINE, minions


def tactics_game():
    """Hermes (Ann, H1, first): Hoplite Warrior, Centaur (Tactics 1), Priest (Tactics 3) at the
    Market, Theseus at the Arena. Ares (Bob, H5): a Hoplite Warrior at the Market."""
    g = new_game(gods=("hermes", "ares"), deploy={
        "hermes": ["Hoplite Warrior", "Centaur", "Priest of the Olympian Gods", "Theseus"],
        "ares": ["Hoplite Warrior", "Cyclops"]})
    g.to_action_phase()
    for ref in ("hermes:1", "hermes:2", "hermes:3", "ares:1"):
        g.place(ref, "market")
    g.place("hermes:4", "arena")
    return g


def combat_rows(g):
    return next(e for e in g.events if "combat" in e)["combat"]


def test_tactics_example_hoplite_with_centaur_and_priest_is_plus_4():
    """Rulebook: Centaur (1) + Priest (3) at the same location = +4 Tactics; Theseus elsewhere
    adds nothing. Hoplite Attack 2 + 4 = 6 dice."""
    g = tactics_game()
    g.do("attack", minion="hermes:1", target="ares:1", dice="s-----", retaliation="--")
    first, retaliation = combat_rows(g)
    assert first["tactics"] == 4 and first["dice"] == 6
    assert retaliation["tactics"] == 0 and retaliation["dice"] == 2  # Ares has no one else there


def test_kill_at_successes_equal_to_defense_and_retaliation_still_happens():
    g = tactics_game()
    # 2 successes = Hoplite Defense 2: killed after retaliation; retaliation 0 successes
    g.do("attack", minion="hermes:1", target="ares:1", dice="ss----", retaliation="-g")
    assert "ares:1" not in g.state["minions"] and "Hoplite Warrior" in g.state["hades"]
    assert g.glory("hermes") == 1 and g.glory("ares") == 0  # kill: 1 glory
    assert [r["label"] for r in g.results] == ["attack", "retaliation"]
    assert g.m("hermes:1")["actions"] == 1


def test_both_minions_may_die():
    g = tactics_game()
    g.do("attack", minion="hermes:1", target="ares:1", dice="ss----", retaliation="ss")
    assert "ares:1" not in g.state["minions"] and "hermes:1" not in g.state["minions"]
    assert g.glory("hermes") == 1 and g.glory("ares") == 1


def test_slaughter_on_three_over_defense_skips_retaliation_and_gives_plus_one_and_favor():
    g = tactics_game()
    # 5 successes - Defense 2 = 3: slaughter; 1 (kill) + 1 (slaughter) = 2 glory
    g.do("attack", minion="hermes:1", target="ares:1", dice="sssss-")
    assert g.glory("hermes") == 2
    assert [r["label"] for r in g.results] == ["attack"]  # no retaliation roll
    assert g.state["favor"] == "hermes:1"
    reasons = [e["reason"] for e in g.state["ledger"]]
    assert reasons == ["kill ares:1 Hoplite Warrior (attack)", "slaughter ares:1 Hoplite Warrior"]


def test_two_over_defense_is_not_a_slaughter():
    g = tactics_game()
    g.do("attack", minion="hermes:1", target="ares:1", dice="ssss--", retaliation="--")
    assert g.glory("hermes") == 1 and g.state["favor"] is None


def test_winner_may_decline_olympus_favor():
    g = tactics_game()
    g.do("attack", minion="hermes:1", target="ares:1", dice="sssss-", favor=False)
    assert g.state["favor"] is None and g.glory("hermes") == 2


def test_only_one_minion_holds_olympus_favor():
    g = tactics_game()
    g.do("favor", minion="ares:1")
    g.do("attack", minion="hermes:1", target="ares:1", dice="sssss-")  # slaughter takes it
    assert g.state["favor"] == "hermes:1"
    g.refused("favor", "one holder", minion="hermes:1")


def test_slaughter_by_the_holder_of_olympus_favor_keeps_it():
    """One holder at a time: a minion that already holds the Favor and slaughters again keeps
    it; nothing changes hands, so the log says so and never that it "takes" it."""
    g = tactics_game()
    g.do("attack", minion="hermes:1", target="ares:1", dice="sssss-")  # slaughter: takes it
    assert g.state["favor"] == "hermes:1" and "takes Olympus' Favor" in g.text
    g.place("ares:2", "market")  # Cyclops, Defense 3
    # Attack 2 + Tactics 4 (Centaur 1, Priest 3) = 6 Godly dice; 6 - 3 = 3: a slaughter
    g.do("attack", minion="hermes:1", target="ares:2", dice="sssssg")
    assert g.state["favor"] == "hermes:1" and g.glory("hermes") == 4  # (1 + 1) twice
    assert "hermes:1 Hoplite Warrior already holds Olympus' Favor and keeps it" in g.text
    assert "takes" not in g.text and "loses" not in g.text


def test_holder_of_olympus_favor_declining_it_after_a_slaughter_still_keeps_it():
    """--no-favor declines taking the Favor; a minion holding it already does not give it up."""
    g = tactics_game()
    g.do("favor", minion="hermes:1")
    g.do("attack", minion="hermes:1", target="ares:1", dice="sssss-", favor=False)
    assert g.state["favor"] == "hermes:1"
    assert "keeps it" in g.text and "declines" not in g.text


def test_retaliating_minion_cannot_slaughter():
    g = tactics_game()
    g.place("ares:2", "market")  # Cyclops: Attack 4, Tactics -2 (not a combatant here)
    g.do("attack", minion="hermes:1", target="ares:2", dice="------", retaliation="sssss")
    # Cyclops retaliates with Attack 4 + Ares' tally (the Hoplite's Tactics 1) = 5 dice;
    # 5 successes - Defense 2 = 3 would slaughter on a first attack, not on a retaliation
    ret = combat_rows(g)[1]
    assert ret["dice"] == 5 and ret["tactics"] == 1
    assert g.glory("ares") == 1 and g.state["favor"] is None  # kill 1, no slaughter bonus


def test_negative_tactics_lower_the_attack():
    g = tactics_game()
    g.place("ares:2", "market")  # Cyclops, Tactics -2, a non-combatant for Ares
    g.do("next")  # Bob's Action Phase
    g.do("attack", minion="ares:1", target="hermes:1", dice="", retaliation="s-----")
    first, ret = combat_rows(g)
    assert first["tactics"] == -2 and first["dice"] == 0  # Hoplite 2 - 2 = 0 dice
    assert ret["dice"] == 6  # Hoplite 2 + Hermes' Centaur 1 + Priest 3


def test_attacking_a_minion_at_another_location_is_refused():
    g = tactics_game()
    g.refused("attack", "same location", minion="hermes:4", target="ares:1")


def test_attacking_your_own_minion_is_refused():
    g = tactics_game()
    g.refused("attack", "opposing minion", minion="hermes:1", target="hermes:2")


def test_champion_is_never_slaughtered_and_returns_to_its_temple():
    g = tactics_game()
    g.place("ares:champion", "market")
    g.state["minions"]["ares:champion"]["attachments"].append(
        {"card": "Aegis", "as": "blessing", "by": "ares", "mod": {}})
    # Hoplite 2 + Tactics 4 = 6 dice, 6 successes vs Defense 3: 3 over, but a champion;
    # Achilles retaliates with Attack 4 + Ares' tally 1 (the Hoplite) = 5 dice
    g.do("attack", minion="hermes:1", target="ares:champion", dice="ssssss", retaliation="-----")
    champ = g.m("ares:champion")
    assert champ["location"] == "h5" and champ["attachments"] == []
    assert "Aegis" in g.state["hades"]
    assert g.glory("hermes") == 2  # defeat a champion: 2, no slaughter bonus
    assert [r["label"] for r in g.results] == ["attack", "retaliation"]  # a champion retaliates


def test_champion_defeated_keeps_its_remaining_actions():
    g = tactics_game()
    g.place("hermes:champion", "market")
    # Autolycus (Attack 3 + Hermes' tally 5: Hoplite 1, Centaur 1, Priest 3) attacks the Hoplite
    g.do("attack", minion="hermes:champion", target="ares:1", dice="--------", retaliation="ss")
    champ = g.m("hermes:champion")
    assert champ["location"] == "h1" and champ["actions"] == 1
    assert g.glory("ares") == 2
    g.do("move", minion="hermes:champion", to="port")  # it can still act


def test_hunter_bonus_only_when_alone():
    """Rulebook: the Minotaur gains +2 Attack and +1 Defense with no ally at its location."""
    g = new_game(deploy={"athena": ["Minotaur"]}, isles=MINOTAUR_IN_HAND)
    g.to_action_phase()
    mino = g.m("athena:1")
    g.place("athena:1", "arena")
    assert minions.stat(g.state, mino, "attack") == 5  # 3 + 2 alone
    assert minions.stat(g.state, mino, "defense") == 4  # 3 + 1 alone
    g.place("ares:champion", "arena")  # an enemy is not an ally: still alone
    assert minions.hunting(g.state, mino)
    g.place("athena:champion", "arena")
    assert minions.stat(g.state, mino, "attack") == 3 and not minions.hunting(g.state, mino)


# -- Opportunity attacks -------------------------------------------------------------------

def oa_game(gods=("ares", "dionysus")):
    """Ares (first) Minion 2 and Dionysus Minion 4 share the Market."""
    g = new_game(gods=gods, deploy={
        "ares": ["Hoplite Warrior", "Hoplite Warrior", "Priest of the Olympian Gods"],
        gods[1]: ["Hoplite Warrior", "Hoplite Warrior", "Priest of the Olympian Gods",
                  "Hoplite Warrior"]})
    g.to_action_phase()
    for ref in ("ares:1", "ares:2", f"{gods[1]}:3", f"{gods[1]}:4"):
        g.place(ref, "market")
    return g


def test_opportunity_attack_example_no_tactics_no_retaliation():
    """Rulebook: Ares' Minion 2 moves away; Dionysus' Minion 4 may make an opportunity attack."""
    g = oa_game()
    g.do("move", minion="ares:2", to="arena")
    summary = ENGINE.summary(g.state)["pending"]
    assert summary == [{"player": "Bob", "decision": "opportunity-attack",
                        "choices": ["dionysus:3", "dionysus:4", "pass"]}]
    assert g.m("ares:2")["location"] == "market"  # not gone yet
    # Hoplite Attack 2 and no Tactics (the Priest's 3 does not count): 2 dice
    g.do("oa", minion="dionysus:4", dice="s-")
    row = combat_rows(g)[0]
    assert row["dice"] == 2 and row["tactics"] == 0
    assert [r["label"] for r in g.results] == ["opportunity attack"]  # no retaliation
    assert g.state["pending"] == [] and g.m("ares:2")["location"] == "arena"


def test_killed_fleeing_minion_stops_its_move():
    g = oa_game()
    g.do("move", minion="ares:2", to="arena")
    g.do("oa", minion="dionysus:4", dice="ss")  # 2 successes = Defense 2
    assert "ares:2" not in g.state["minions"] and g.glory("dionysus") == 1
    assert g.state["pending"] == []


def test_second_opportunity_attack_by_the_same_minion_that_day_is_refused():
    g = oa_game()
    g.do("move", minion="ares:2", to="arena")
    g.do("oa", minion="dionysus:4", dice="--")
    g.do("move", minion="ares:1", to="arena")
    g.refused("oa", "one per minion per day", minion="dionysus:4")
    g.do("oa", minion="dionysus:3", dice="-")  # Priest: Attack 1 -> one die, a miss
    assert g.state["pending"] == [] and g.m("ares:1")["location"] == "arena"


def test_opportunity_attacks_refresh_at_daybreak():
    g = oa_game()
    g.do("move", minion="ares:2", to="arena")
    g.do("oa", minion="dionysus:4", dice="--")
    g.do("next")
    g.do("next")  # Dusk, then Daybreak of Day 2
    assert not g.m("dionysus:4")["oa_used"]


def test_opportunity_attacks_offered_in_turn_order_from_the_first_player():
    g = new_game(gods=("ares", "athena", "hermes"),
                 temples={"athena": "h1", "ares": "h3", "hermes": "h5"},
                 deploy={"ares": ["Hoplite Warrior"], "athena": ["Hoplite Warrior"],
                         "hermes": ["Hoplite Warrior"]})
    g.to_action_phase()
    g.do("next")  # Athena first; now Hermes? turn order athena > hermes > ares
    g.do("next")
    for ref in ("ares:1", "athena:1", "hermes:1"):
        g.place(ref, "arena")
    g.do("move", minion="ares:1", to="market")
    assert queue(g) == ["athena", "hermes"]
    g.refused("oa", "turn order", minion="hermes:1")
    g.do("pass")
    assert queue(g) == ["hermes"]
    g.do("oa", minion="hermes:1", dice="--")
    assert g.m("ares:1")["location"] == "market"


def test_leaving_the_port_never_provokes():
    g = oa_game()
    for ref in ("ares:2", "dionysus:4"):
        g.place(ref, "port")
    g.do("move", minion="ares:2", to="isle1")
    assert g.state["pending"] == [] and g.m("ares:2")["location"] == "isle1"


def test_swift_double_move_provokes_only_where_it_left():
    g = new_game(deploy={"ares": ["Centaur"], "athena": ["Hoplite Warrior", "Hoplite Warrior"]})
    g.to_action_phase()
    g.place("ares:1", "market")
    g.place("athena:2", "port")
    g.do("move", minion="ares:1", to="port", to2="isle2")
    assert g.state["pending"] == []  # no one at the Market; the Port passed through is ignored
    assert g.m("ares:1")["location"] == "isle2"


def test_opportunity_attack_can_slaughter():
    g = oa_game()
    g.place("dionysus:1", "market")
    g.do("move", minion="ares:2", to="arena")
    g.m("dionysus:4")["attachments"].append({"card": "Fury", "as": "blessing", "by": "dionysus",
                                             "mod": {"attack": 3}})
    g.do("oa", minion="dionysus:4", dice="sssss")  # 5 - 2 = 3: slaughter
    assert g.glory("dionysus") == 2 and g.state["favor"] == "dionysus:4"


def test_only_answers_are_taken_while_an_opportunity_attack_is_pending():
    g = oa_game()
    g.do("move", minion="ares:2", to="arena")
    g.refused("move", "Pending decisions", minion="ares:1", to="port")
    g.refused("next", "Pending decisions")


def test_answering_with_no_pending_decision_is_refused():
    g = oa_game()
    g.refused("pass", "Pending decisions")
    g.refused("oa", "Pending decisions", minion="dionysus:4")


def test_godly_dice_when_a_card_says_so():
    """RULINGS: the godly face succeeds under Olympus' Favor, or when a card says the dice are
    Godly. Hoplite 2 + Tactics 4 = 6 dice, `gg----` Godly = 2 successes = Defense 2: a kill;
    the retaliation's dice stay ordinary."""
    g = tactics_game()
    g.do("attack", minion="hermes:1", target="ares:1", dice="gg----", retaliation="--",
         godly=True)
    first, retaliation = combat_rows(g)
    assert first["godly"] and first["successes"] == 2 and not retaliation["godly"]
    assert "ares:1" not in g.state["minions"] and g.glory("hermes") == 1
