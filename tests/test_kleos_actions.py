"""Minion actions: movement on the map, two actions, turn order, recruiting, the four-minion limit,
playing minions and attachments."""

from __future__ import annotations

from test_kleos_support import CARDS, MINOTAUR_IN_HAND, new_game

from referee.games.kleos import ENGINE


def action_game(**kw):
    """Ann (Ares, H1, first) and Bob (Athena, H5); Ann has a Hoplite and a Centaur; Bob a
    Hoplite."""
    g = new_game(deploy={"ares": ["Hoplite Warrior", "Centaur"], "athena": ["Hoplite Warrior"]},
                 **kw)
    g.to_action_phase()
    return g


# -- Movement ---------------------------------------------------------------------------

def test_move_to_an_adjacent_location_spends_one_action():
    g = action_game()
    g.do("move", minion="ares:1", to="port")
    assert g.m("ares:1")["location"] == "port" and g.m("ares:1")["actions"] == 1


def test_moving_isle_to_isle_is_refused():
    g = action_game()
    g.place("ares:1", "isle1")
    g.refused("move", "an Isle connects only to the Port", minion="ares:1", to="isle2")


def test_isle_moves_only_back_to_the_port():
    g = action_game()
    g.place("ares:1", "isle1")
    g.refused("move", "an Isle connects only to the Port", minion="ares:1", to="market")
    g.do("move", minion="ares:1", to="port")
    g.do("move", minion="ares:1", to="isle4")  # the Port reaches any Isle
    assert g.m("ares:1")["location"] == "isle4"


def test_move_to_a_location_not_adjacent_is_refused():
    g = action_game()
    g.refused("move", "adjacent location", minion="ares:1", to="arena")  # h1 touches market, port


def test_a_third_action_is_refused():
    g = action_game()
    g.do("move", minion="ares:1", to="port")
    g.do("move", minion="ares:1", to="isle1")
    g.refused("move", "two actions per minion", minion="ares:1", to="port")


def test_acting_out_of_turn_is_refused():
    g = action_game()
    g.refused("move", "Turn order", minion="athena:1", to="port")
    g.do("next")  # Bob's Action Phase
    g.refused("move", "Turn order", minion="ares:1", to="port")


def test_minion_actions_are_refused_in_the_play_phase():
    g = new_game(deploy={"ares": ["Hoplite Warrior"]})
    g.do("next")
    g.refused("move", "Action Phase", minion="ares:1", to="port")


def test_swift_moves_two_locations_with_its_first_move_only():
    g = action_game()
    g.do("move", minion="ares:2", to="port", to2="isle1")  # Centaur is Swift
    assert g.m("ares:2")["location"] == "isle1" and g.m("ares:2")["actions"] == 1
    g.refused("move", "Swift", minion="ares:2", to="port", to2="market")


def test_only_swift_minions_move_two():
    g = action_game()
    g.refused("move", "Swift", minion="ares:1", to="port", to2="isle1")


def test_swift_double_move_still_follows_the_map():
    g = action_game()
    g.refused("move", "adjacent location", minion="ares:2", to="port", to2="arena")


def test_unknown_location_is_an_input_error():
    g = action_game()
    assert "no location 'olympus'" in g.bad_input("move", minion="ares:1", to="olympus").message
    assert "GOD:SLOT" in g.bad_input("move", minion="ares", to="port").message
    assert "slot" in g.bad_input("move", minion="ares:7", to="port").message


def test_minion_not_in_play_is_refused():
    g = action_game()
    g.refused("move", "only minions in play", minion="ares:4", to="port")


# -- Recruit ----------------------------------------------------------------------------

def test_recruiting_example_at_myrinas_isle():
    """Rulebook: Minion 4 moves from the Port to Myrina's Isle, then recruits; Disposition 1
    means one success is enough."""
    g = new_game(gods=("dionysus", "ares"),
                 deploy={"dionysus": ["Hoplite Warrior", "Hoplite Warrior", "Centaur", "Centaur"]})
    g.to_action_phase()
    g.place("dionysus:4", "port")
    g.do("move", minion="dionysus:4", to="isle1")
    assert g.m("dionysus:4")["actions"] == 1
    # Centaur: Cunning 2 -> two dice; one success (s) meets Disposition 1
    g.do("recruit", minion="dionysus:4", dice="s-", replace="1")
    assert g.glory("dionysus") == 1  # recruit: 1 glory
    myrina = g.m("dionysus:1")
    assert myrina["card"]["name"] == "Amazonian Queen Myrina"
    assert myrina["location"] == "isle1" and myrina["exhausted"] and myrina["actions"] == 0
    assert g.state["isles"]["isle1"] is None
    assert g.state["ledger"][-1]["reason"] == "recruit Amazonian Queen Myrina"


def test_failed_recruit_spends_the_action_and_may_be_retried():
    g = action_game()
    g.place("ares:1", "isle2")  # Minotaur, Disposition 2; Hoplite Cunning 1
    g.do("recruit", minion="ares:1", dice="s")  # 1 success < 2
    assert g.state["isles"]["isle2"]["name"] == "Minotaur" and g.glory("ares") == 0
    g.do("recruit", minion="ares:1", dice="-")
    assert g.m("ares:1")["actions"] == 0


def test_godly_face_counts_only_under_olympus_favor():
    g = action_game()
    g.place("ares:1", "isle1")
    g.do("recruit", minion="ares:1", dice="g")  # Disposition 1, not Godly: 0 successes
    assert g.state["isles"]["isle1"] is not None
    g.do("favor", minion="ares:1", reason="test")
    g.do("recruit", minion="ares:1", dice="g")  # Godly now: 1 success
    assert g.state["isles"]["isle1"] is None and g.glory("ares") == 1


def test_recruiting_away_from_an_isle_is_refused():
    g = action_game()
    g.do("move", minion="ares:1", to="port")
    g.refused("recruit", "only at a Greek Isle", minion="ares:1")


def test_recruiting_an_empty_isle_is_refused():
    g = action_game()
    g.place("ares:1", "isle1")
    g.do("recruit", minion="ares:1", dice="s")  # Myrina joins Ann: isle1 holds no card now
    g.refused("recruit", "Epic card on the Isle", minion="ares:1")


def test_recruited_minion_is_exhausted_that_day():
    g = action_game()
    g.place("ares:1", "isle1")
    g.do("recruit", minion="ares:1", dice="s")
    assert g.m("ares:3")["exhausted"]
    g.refused("move", "exhausted", minion="ares:3", to="port")


def test_typed_dice_are_checked_for_count_and_faces():
    g = action_game()
    g.place("ares:2", "isle1")  # Centaur, Cunning 2
    assert "2 dice are rolled" in g.bad_input("recruit", minion="ares:2", dice="s").message
    assert "no die face 'x'" in g.bad_input("recruit", minion="ares:2", dice="sx").message
    g.do("recruit", minion="ares:2", dice="bs")  # b is a blank
    assert g.glory("ares") == 1


# -- The four-minion limit ------------------------------------------------------------------

def full_game():
    g = new_game(deploy={"ares": ["Hoplite Warrior", "Centaur", "Cyclops", "Hoplite Warrior"]})
    g.to_action_phase()
    g.place("ares:1", "isle1")
    return g


def test_fifth_minion_from_a_recruit_asks_which_goes_to_hades():
    g = full_game()
    g.do("recruit", minion="ares:1", dice="s")
    pend = g.state["pending"]
    assert pend[0]["decision"] == "make-room"
    from referee.games.kleos import ENGINE

    assert ENGINE.summary(g.state)["pending"][0]["choices"] == ["1", "2", "3", "4", "new"]
    g.refused("next", "Pending decisions")
    g.do("replace", slot="3")  # the Cyclops goes to Hades; Myrina takes space 3
    assert g.m("ares:3")["card"]["name"] == "Amazonian Queen Myrina"
    assert "Cyclops" in g.state["hades"] and g.state["pending"] == []


def test_cursed_minion_cannot_be_sent_to_hades_to_make_room():
    g = full_game()
    g.m("ares:2")["attachments"].append({"card": "Hex", "as": "curse", "by": "athena", "mod": {}})
    g.do("recruit", minion="ares:1", dice="s")
    g.refused("replace", "cursed minions cannot be replaced", slot="2")
    g.do("replace", slot="new")  # the entering card goes to Hades instead
    assert "Amazonian Queen Myrina" in g.state["hades"] and g.glory("ares") == 1


def test_fifth_minion_played_asks_which_goes_to_hades():
    """Play a Minion with four in play: a pending choice (an uncursed minion, or the card
    entering), not a refusal; --replace may give the answer up front."""
    g = new_game(deploy={"ares": ["Hoplite Warrior", "Centaur", "Cyclops", "Hoplite Warrior"]})
    g.do("next")
    g.m("ares:2")["attachments"].append({"card": "Hex", "as": "curse", "by": "athena", "mod": {}})
    g.do("play", god="ares", card="Centaur")
    assert g.state["pending"][0]["decision"] == "make-room"
    # slot 2 is cursed: the choices are 1, 3, 4 or the Centaur itself
    assert ENGINE.summary(g.state)["pending"][0]["choices"] == ["1", "3", "4", "new"]
    assert "`replace new` (Centaur itself)" in ENGINE.render(g.state)
    g.refused("next", "Pending decisions")
    g.refused("replace", "cursed minions cannot be replaced", slot="2")
    g.do("replace", slot="3")  # the Cyclops goes to Hades; the Centaur enters at the temple
    assert g.m("ares:3")["card"]["name"] == "Centaur" and g.m("ares:3")["location"] == "h1"
    assert not g.m("ares:3")["exhausted"] and g.m("ares:3")["actions"] == 2  # played, not recruited
    assert "Cyclops" in g.state["hades"] and g.state["pending"] == []
    g.do("play", god="ares", card="Theseus", replace="4")
    assert g.m("ares:4")["card"]["name"] == "Theseus" and g.m("ares:4")["location"] == "h1"
    g.do("play", god="ares", card="Centaur")
    g.do("replace", slot="new")  # the card entering goes to Hades instead
    assert g.state["hades"][-1] == "Centaur" and g.state["pending"] == []


def test_deployment_is_limited_to_four_minions():
    g = new_game(deploy={"ares": ["Hoplite Warrior", "Centaur", "Cyclops"]})
    g.refused("deploy", "four minions", god="ares", cards=["Centaur", "Centaur"])


def test_deploy_only_during_deployment():
    g = new_game()
    g.do("next")
    g.refused("deploy", "Deployment", god="ares", cards=["Centaur"])


# -- Play Phase: playing minions and attachments -------------------------------------------

def play_game():
    g = new_game(deploy={"ares": ["Hoplite Warrior", "Theseus"], "athena": ["Minotaur", "Centaur"]},
                 isles=MINOTAUR_IN_HAND)
    g.do("next")  # Ann's Play Phase
    return g


def test_play_a_minion_enters_at_the_temple():
    g = play_game()
    g.do("play", god="ares", card="Centaur", stats={**CARDS["Centaur"], "name": "Centaur"})
    assert g.m("ares:3")["location"] == "h1" and g.m("ares:3")["actions"] == 2


def test_playing_out_of_turn_is_refused():
    g = play_game()
    g.refused("play", "Turn order", god="athena", card="Centaur")


def test_cursing_a_champion_is_refused():
    g = play_game()
    g.refused("attach", "never on a champion", god="ares", card="Hex", to="athena:champion",
              **{"as": "curse"})


def test_curse_goes_on_an_opposing_minion_and_changes_its_stats():
    g = play_game()
    g.refused("attach", "opposing minions", god="ares", card="Hex", to="ares:1", **{"as": "curse"})
    g.do("attach", god="ares", card="Hex", to="athena:2", mod="atk=-1,def=-1", **{"as": "curse"})
    from referee.games.kleos import minions

    assert minions.stat(g.state, g.m("athena:2"), "attack") == 1  # 2 - 1
    assert minions.stat(g.state, g.m("athena:2"), "defense") == 1  # 2 - 1


def test_one_attachment_of_a_name_per_minion():
    g = play_game()
    g.do("attach", god="ares", card="Aegis", to="ares:1", mod="def=+1", **{"as": "blessing"})
    g.refused("attach", "one of the same name", god="ares", card="aegis", to="ares:1",
              **{"as": "blessing"})
    g.do("attach", god="ares", card="Laurel", to="ares:1", **{"as": "blessing"})
    assert len(g.m("ares:1")["attachments"]) == 2


def test_mount_and_offering_only_on_your_own_minions_blessing_on_any():
    g = play_game()
    g.refused("attach", "only on a minion you control", god="ares", card="Pegasus", to="athena:1",
              **{"as": "offering"})
    g.do("attach", god="ares", card="Gift of Ares", to="athena:2", **{"as": "blessing"})
    assert g.m("athena:2")["attachments"][0]["by"] == "ares"


def test_mount_only_on_a_hero_and_a_new_one_replaces_the_old():
    g = play_game()
    g.refused("attach", "only on Heroes", god="ares", card="Amazonian Cavalry", to="ares:1",
              mod="cun=+2,swift", **{"as": "mount"})
    g.do("attach", god="ares", card="Amazonian Cavalry", to="ares:2", mod="cun=+2,swift",
         **{"as": "mount"})
    from referee.games.kleos import minions

    theseus = g.m("ares:2")
    assert minions.swift(theseus) and minions.stat(g.state, theseus, "cunning") == 5  # 3 + 2
    g.do("attach", god="ares", card="Pegasus", to="ares:2", mod="atk=+1", **{"as": "mount"})
    assert [a["card"] for a in g.m("ares:2")["attachments"]] == ["Pegasus"]
    assert "Amazonian Cavalry" in g.state["hades"]


def test_offering_only_on_a_monster():
    g = play_game()
    g.do("next")  # Bob's Play Phase
    g.refused("attach", "only on Monsters", god="athena", card="Nymph", to="athena:2",
              **{"as": "offering"})
    g.do("attach", god="athena", card="Nymph", to="athena:1", mod="def=+1", **{"as": "offering"})


def test_bad_modifier_is_an_input_error():
    g = play_game()
    err = g.bad_input("attach", god="ares", card="X", to="ares:1", mod="str=+9",
                      **{"as": "blessing"})
    assert "atk=N" in err.message


def test_recruit_replace_naming_a_cursed_minion_is_refused_before_the_roll():
    """A cursed minion can never make room, so `recruit --replace 2` is refused whatever the
    dice would say (here a failed check, '-', which used to hide the bad choice)."""
    g = full_game()
    g.m("ares:2")["attachments"].append({"card": "Hex", "as": "curse", "by": "athena", "mod": {}})
    g.refused("recruit", "cursed minions cannot be replaced", minion="ares:1", dice="-",
              replace="2")
    g.do("recruit", minion="ares:1", dice="s", replace="new")  # the card goes to Hades
    assert "Amazonian Queen Myrina" in g.state["hades"] and g.glory("ares") == 1


def test_recruit_with_godly_dice_from_a_card():
    """Myrina's Disposition is 1: a lone `g` fails on ordinary dice, succeeds on Godly ones."""
    g = full_game()
    g.do("recruit", minion="ares:1", dice="g", godly=True, replace="new")
    assert g.glory("ares") == 1 and g.state["isles"]["isle1"] is None
