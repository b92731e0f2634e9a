"""Combat: the Tactics tally, kills, slaughter, retaliation, champions, Olympus' Favor,
and opportunity attacks."""

from __future__ import annotations

from kleos_table import (
    MINOTAUR_IN_HAND,
    action_phase,
    do,
    glory_of,
    ledger,
    minion,
    new_game,
    place,
    queue,
    results,
    said,
)

from referee.games.kleos import ENGINE, minions


def tactics_game(aegis: bool = False):
    """Hermes (Ann, H1, first): Hoplite Warrior, Centaur (Tactics 1), Priest (Tactics 3) at the
    Market, Theseus at the Arena. Ares (Bob, H5): a Hoplite Warrior at the Market; with
    `aegis`, Bob has blessed his champion with an Aegis in his Play Phase."""
    g = new_game(gods=("hermes", "ares"), deploy={
        "hermes": ["Hoplite Warrior", "Centaur", "Priest of the Olympian Gods", "Theseus"],
        "ares": ["Hoplite Warrior", "Cyclops"]})
    if aegis:
        g.act(do("next"))
        g.act(do("next"))
        g.act(do("attach", god="ares", card="Aegis", to="ares:champion", **{"as": "blessing"}))
    action_phase(g)
    for ref in ("hermes:1", "hermes:2", "hermes:3", "ares:1"):
        place(g, ref, "market")
    place(g, "hermes:4", "arena")
    return g


def combat_rows(events):
    return next(e for e in events if "combat" in e)["combat"]


def test_tactics_example_hoplite_with_centaur_and_priest_is_plus_4():
    """Rulebook: Centaur (1) + Priest (3) at the same location = +4 Tactics; Theseus elsewhere
    adds nothing. Hoplite Attack 2 + 4 = 6 dice."""
    g = tactics_game()
    ev = g.act(do("attack", minion="hermes:1", target="ares:1", dice="s-----", retaliation="--"))
    first, retaliation = combat_rows(ev)
    assert first["tactics"] == 4 and first["dice"] == 6
    assert retaliation["tactics"] == 0 and retaliation["dice"] == 2  # Ares has no one else there


def test_kill_at_successes_equal_to_defense_and_retaliation_still_happens():
    g = tactics_game()
    # 2 successes = Hoplite Defense 2: killed after retaliation; retaliation 0 successes
    g.act(do("attack", minion="hermes:1", target="ares:1", dice="ss----", retaliation="-g"))
    assert "ares:1" not in g.state["minions"] and "Hoplite Warrior" in g.state["hades"]
    assert glory_of(g, "hermes") == 1 and glory_of(g, "ares") == 0  # kill: 1 glory
    assert [r["label"] for r in results(g)] == ["attack", "retaliation"]
    assert minion(g, "hermes:1")["actions"] == 1


def test_both_minions_may_die():
    g = tactics_game()
    g.act(do("attack", minion="hermes:1", target="ares:1", dice="ss----", retaliation="ss"))
    assert "ares:1" not in g.state["minions"] and "hermes:1" not in g.state["minions"]
    assert glory_of(g, "hermes") == 1 and glory_of(g, "ares") == 1


def test_slaughter_on_three_over_defense_skips_retaliation_and_gives_plus_one_and_favor():
    g = tactics_game()
    # 5 successes - Defense 2 = 3: slaughter; 1 (kill) + 1 (slaughter) = 2 glory
    g.act(do("attack", minion="hermes:1", target="ares:1", dice="sssss-"))
    assert glory_of(g, "hermes") == 2
    assert [r["label"] for r in results(g)] == ["attack"]  # no retaliation roll
    assert g.state["favor"] == "hermes:1"
    reasons = [e["reason"] for e in ledger(g)]
    assert reasons == ["kill ares:1 Hoplite Warrior (attack)", "slaughter ares:1 Hoplite Warrior"]


def test_two_over_defense_is_not_a_slaughter():
    g = tactics_game()
    g.act(do("attack", minion="hermes:1", target="ares:1", dice="ssss--", retaliation="--"))
    assert glory_of(g, "hermes") == 1 and g.state["favor"] is None


def test_winner_may_decline_olympus_favor():
    g = tactics_game()
    g.act(do("attack", minion="hermes:1", target="ares:1", dice="sssss-", favor=False))
    assert g.state["favor"] is None and glory_of(g, "hermes") == 2


def test_only_one_minion_holds_olympus_favor():
    g = tactics_game()
    g.act(do("favor", minion="ares:1"))
    g.act(do("attack", minion="hermes:1", target="ares:1", dice="sssss-"))  # slaughter takes it
    assert g.state["favor"] == "hermes:1"
    g.refuse(do("favor", minion="hermes:1"), "Olympus' Favor: one holder at a time")


def test_slaughter_by_the_holder_of_olympus_favor_keeps_it():
    """One holder at a time: a minion that already holds the Favor and slaughters again keeps
    it; nothing changes hands, so the log says so and never that it "takes" it."""
    g = tactics_game()
    ev = g.act(do("attack", minion="hermes:1", target="ares:1", dice="sssss-"))  # slaughter: takes it
    assert g.state["favor"] == "hermes:1" and "takes Olympus' Favor" in said(ev)
    place(g, "ares:2", "market")  # Cyclops, Defense 3
    # Attack 2 + Tactics 4 (Centaur 1, Priest 3) = 6 Godly dice; 6 - 3 = 3: a slaughter
    ev = g.act(do("attack", minion="hermes:1", target="ares:2", dice="sssssg"))
    assert g.state["favor"] == "hermes:1" and glory_of(g, "hermes") == 4  # (1 + 1) twice
    assert "hermes:1 Hoplite Warrior already holds Olympus' Favor and keeps it" in said(ev)
    assert "takes" not in said(ev) and "loses" not in said(ev)


def test_holder_of_olympus_favor_declining_it_after_a_slaughter_still_keeps_it():
    """--no-favor declines taking the Favor; a minion holding it already does not give it up."""
    g = tactics_game()
    ev = g.act(do("favor", minion="hermes:1"))
    ev = g.act(do("attack", minion="hermes:1", target="ares:1", dice="sssss-", favor=False))
    assert g.state["favor"] == "hermes:1"
    assert "keeps it" in said(ev) and "declines" not in said(ev)


def test_retaliating_minion_cannot_slaughter():
    g = tactics_game()
    place(g, "ares:2", "market")  # Cyclops: Attack 4, Tactics -2 (not a combatant here)
    ev = g.act(do("attack", minion="hermes:1", target="ares:2", dice="------", retaliation="sssss"))
    # Cyclops retaliates with Attack 4 + Ares' tally (the Hoplite's Tactics 1) = 5 dice;
    # 5 successes - Defense 2 = 3 would slaughter on a first attack, not on a retaliation
    ret = combat_rows(ev)[1]
    assert ret["dice"] == 5 and ret["tactics"] == 1
    assert glory_of(g, "ares") == 1 and g.state["favor"] is None  # kill 1, no slaughter bonus


def test_negative_tactics_lower_the_attack():
    g = tactics_game()
    place(g, "ares:2", "market")  # Cyclops, Tactics -2, a non-combatant for Ares
    ev = g.act(do("next"))  # Bob's Action Phase
    ev = g.act(do("attack", minion="ares:1", target="hermes:1", dice="", retaliation="s-----"))
    first, ret = combat_rows(ev)
    assert first["tactics"] == -2 and first["dice"] == 0  # Hoplite 2 - 2 = 0 dice
    assert ret["dice"] == 6  # Hoplite 2 + Hermes' Centaur 1 + Priest 3


def test_attacking_a_minion_at_another_location_is_refused():
    g = tactics_game()
    g.refuse(do("attack", minion="hermes:4", target="ares:1"), "Attack: only a minion at the same location")


def test_attacking_your_own_minion_is_refused():
    g = tactics_game()
    g.refuse(do("attack", minion="hermes:1", target="hermes:2"), "Attack: an opposing minion")


def test_champion_is_never_slaughtered_and_returns_to_its_temple():
    g = tactics_game(aegis=True)
    place(g, "ares:champion", "market")
    # Hoplite 2 + Tactics 4 = 6 dice, 6 successes vs Defense 3: 3 over, but a champion;
    # Achilles retaliates with Attack 4 + Ares' tally 1 (the Hoplite) = 5 dice
    g.act(do("attack", minion="hermes:1", target="ares:champion", dice="ssssss", retaliation="-----"))
    champ = minion(g, "ares:champion")
    assert champ["location"] == "h5" and champ["attachments"] == []
    assert "Aegis" in g.state["hades"]
    assert glory_of(g, "hermes") == 2  # defeat a champion: 2, no slaughter bonus
    assert [r["label"] for r in results(g)] == ["attack", "retaliation"]  # a champion retaliates


def test_champion_defeated_keeps_its_remaining_actions():
    g = tactics_game()
    place(g, "hermes:champion", "market")
    # Autolycus (Attack 3 + Hermes' tally 5: Hoplite 1, Centaur 1, Priest 3) attacks the Hoplite
    g.act(do("attack", minion="hermes:champion", target="ares:1", dice="--------", retaliation="ss"))
    champ = minion(g, "hermes:champion")
    assert champ["location"] == "h1" and champ["actions"] == 1
    assert glory_of(g, "ares") == 2
    g.act(do("move", minion="hermes:champion", to="port"))  # it can still act


def test_hunter_bonus_only_when_alone():
    """Rulebook: the Minotaur gains +2 Attack and +1 Defense with no ally at its location."""
    g = new_game(deploy={"athena": ["Minotaur"]}, isles=MINOTAUR_IN_HAND)
    action_phase(g)
    place(g, "athena:1", "arena")
    state = g.state
    mino = state["minions"]["athena:1"]
    assert minions.stat(state, mino, "attack") == 5  # 3 + 2 alone
    assert minions.stat(state, mino, "defense") == 4  # 3 + 1 alone
    place(g, "ares:champion", "arena")  # an enemy is not an ally: still alone
    state = g.state
    assert minions.hunting(state, state["minions"]["athena:1"])
    place(g, "athena:champion", "arena")
    state = g.state
    mino = state["minions"]["athena:1"]
    assert minions.stat(state, mino, "attack") == 3 and not minions.hunting(state, mino)


# -- Opportunity attacks -------------------------------------------------------------------

def oa_game(gods=("ares", "dionysus"), fury: bool = False):
    """Ares (first) Minion 2 and Dionysus Minion 4 share the Market; with `fury`, Dionysus'
    player has blessed his Minion 4 with a Fury (+3 Attack) in his Play Phase."""
    g = new_game(gods=gods, deploy={
        "ares": ["Hoplite Warrior", "Hoplite Warrior", "Priest of the Olympian Gods"],
        gods[1]: ["Hoplite Warrior", "Hoplite Warrior", "Priest of the Olympian Gods",
                  "Hoplite Warrior"]})
    if fury:
        g.act(do("next"))
        g.act(do("next"))
        g.act(do("attach", god=gods[1], card="Fury", to=f"{gods[1]}:4", mod="atk=+3",
                 **{"as": "blessing"}))
    action_phase(g)
    for ref in ("ares:1", "ares:2", f"{gods[1]}:3", f"{gods[1]}:4"):
        place(g, ref, "market")
    return g


def test_opportunity_attack_example_no_tactics_no_retaliation():
    """Rulebook: Ares' Minion 2 moves away; Dionysus' Minion 4 may make an opportunity attack."""
    g = oa_game()
    ev = g.act(do("move", minion="ares:2", to="arena"))
    summary = ENGINE.summary(g.state)["pending"]
    assert summary == [{"player": "Bob", "decision": "opportunity-attack",
                        "choices": ["dionysus:3", "dionysus:4", "pass"]}]
    assert minion(g, "ares:2")["location"] == "market"  # not gone yet
    # Hoplite Attack 2 and no Tactics (the Priest's 3 does not count): 2 dice
    ev = g.act(do("oa", minion="dionysus:4", dice="s-"))
    row = combat_rows(ev)[0]
    assert row["dice"] == 2 and row["tactics"] == 0
    assert [r["label"] for r in results(g)] == ["opportunity attack"]  # no retaliation
    assert g.state["pending"] == [] and minion(g, "ares:2")["location"] == "arena"


def test_killed_fleeing_minion_stops_its_move():
    g = oa_game()
    g.act(do("move", minion="ares:2", to="arena"))
    g.act(do("oa", minion="dionysus:4", dice="ss"))  # 2 successes = Defense 2
    assert "ares:2" not in g.state["minions"] and glory_of(g, "dionysus") == 1
    assert g.state["pending"] == []


def test_second_opportunity_attack_by_the_same_minion_that_day_is_refused():
    g = oa_game()
    g.act(do("move", minion="ares:2", to="arena"))
    g.act(do("oa", minion="dionysus:4", dice="--"))
    g.act(do("move", minion="ares:1", to="arena"))
    g.refuse(do("oa", minion="dionysus:4"), "Opportunity attacks: one per minion per day")
    g.act(do("oa", minion="dionysus:3", dice="-"))  # Priest: Attack 1 -> one die, a miss
    assert g.state["pending"] == [] and minion(g, "ares:1")["location"] == "arena"


def test_opportunity_attacks_refresh_at_daybreak():
    g = oa_game()
    g.act(do("move", minion="ares:2", to="arena"))
    g.act(do("oa", minion="dionysus:4", dice="--"))
    g.act(do("next"))
    g.act(do("next"))  # Dusk, then Daybreak of Day 2
    assert not minion(g, "dionysus:4")["oa_used"]


def test_opportunity_attacks_offered_in_turn_order_from_the_first_player():
    g = new_game(gods=("ares", "athena", "hermes"),
                 temples={"athena": "h1", "ares": "h3", "hermes": "h5"},
                 deploy={"ares": ["Hoplite Warrior"], "athena": ["Hoplite Warrior"],
                         "hermes": ["Hoplite Warrior"]})
    action_phase(g)
    g.act(do("next"))  # Athena first; now Hermes? turn order athena > hermes > ares
    g.act(do("next"))
    for ref in ("ares:1", "athena:1", "hermes:1"):
        place(g, ref, "arena")
    g.act(do("move", minion="ares:1", to="market"))
    assert queue(g) == ["athena", "hermes"]
    g.refuse(do("oa", minion="hermes:1"), "Opportunity attacks: offered in turn order from the first player")
    g.act(do("pass"))
    assert queue(g) == ["hermes"]
    g.act(do("oa", minion="hermes:1", dice="--"))
    assert minion(g, "ares:1")["location"] == "market"


def test_leaving_the_port_never_provokes():
    g = oa_game()
    for ref in ("ares:2", "dionysus:4"):
        place(g, ref, "port")
    g.act(do("move", minion="ares:2", to="isle1"))
    assert g.state["pending"] == [] and minion(g, "ares:2")["location"] == "isle1"


def test_swift_double_move_provokes_only_where_it_left():
    g = new_game(deploy={"ares": ["Centaur"], "athena": ["Hoplite Warrior", "Hoplite Warrior"]})
    action_phase(g)
    place(g, "ares:1", "market")
    place(g, "athena:2", "port")
    g.act(do("move", minion="ares:1", to="port", to2="isle2"))
    assert g.state["pending"] == []  # no one at the Market; the Port passed through is ignored
    assert minion(g, "ares:1")["location"] == "isle2"


def test_opportunity_attack_can_slaughter():
    g = oa_game(fury=True)
    place(g, "dionysus:1", "market")
    g.act(do("move", minion="ares:2", to="arena"))
    g.act(do("oa", minion="dionysus:4", dice="sssss"))  # 5 - 2 = 3: slaughter
    assert glory_of(g, "dionysus") == 2 and g.state["favor"] == "dionysus:4"


def test_only_answers_are_taken_while_an_opportunity_attack_is_pending():
    g = oa_game()
    g.act(do("move", minion="ares:2", to="arena"))
    g.refuse(do("move", minion="ares:1", to="port"), "Pending decisions")
    g.refuse(do("next"), "Pending decisions")


def test_answering_with_no_pending_decision_is_refused():
    g = oa_game()
    g.refuse(do("pass"), "Pending decisions")
    g.refuse(do("oa", minion="dionysus:4"), "Pending decisions")


def test_godly_dice_when_a_card_says_so():
    """docs/rulings/kleos.md: the godly face succeeds under Olympus' Favor, or when a card says the dice are
    Godly. Hoplite 2 + Tactics 4 = 6 dice, `gg----` Godly = 2 successes = Defense 2: a kill;
    the retaliation's dice stay ordinary."""
    g = tactics_game()
    ev = g.act(do("attack", minion="hermes:1", target="ares:1", dice="gg----", retaliation="--",
         godly=True))
    first, retaliation = combat_rows(ev)
    assert first["godly"] and first["successes"] == 2 and not retaliation["godly"]
    assert "ares:1" not in g.state["minions"] and glory_of(g, "hermes") == 1
