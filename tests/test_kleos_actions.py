"""Minion actions: movement on the map, two actions, turn order, recruiting, the four-minion limit,
playing minions and attachments."""

from __future__ import annotations

from kleos_table import (
    CARDS,
    MINOTAUR_IN_HAND,
    action_phase,
    do,
    glory_of,
    ledger,
    minion,
    new_game,
    place,
)

from referee.games.kleos import ENGINE
from referee.model.errors import InputError


def action_game(**kw):
    """Ann (Ares, H1, first) and Bob (Athena, H5); Ann has a Hoplite and a Centaur; Bob a
    Hoplite."""
    g = new_game(deploy={"ares": ["Hoplite Warrior", "Centaur"], "athena": ["Hoplite Warrior"]},
                 **kw)
    action_phase(g)
    return g


# -- Movement ---------------------------------------------------------------------------

def test_move_to_an_adjacent_location_spends_one_action():
    g = action_game()
    g.act(do("move", minion="ares:1", to="port"))
    assert minion(g, "ares:1")["location"] == "port" and minion(g, "ares:1")["actions"] == 1


def test_moving_isle_to_isle_is_refused():
    g = action_game()
    place(g, "ares:1", "isle1")
    g.refuse(do("move", minion="ares:1", to="isle2"), "Movement: an Isle connects only to the Port")


def test_isle_moves_only_back_to_the_port():
    g = action_game()
    place(g, "ares:1", "isle1")
    g.refuse(do("move", minion="ares:1", to="market"), "Movement: an Isle connects only to the Port")
    g.act(do("move", minion="ares:1", to="port"))
    g.act(do("move", minion="ares:1", to="isle4"))  # the Port reaches any Isle
    assert minion(g, "ares:1")["location"] == "isle4"


def test_move_to_a_location_not_adjacent_is_refused():
    g = action_game()
    g.refuse(do("move", minion="ares:1", to="arena"), "Movement: to an adjacent location")  # h1 touches market, port


def test_a_third_action_is_refused():
    g = action_game()
    g.act(do("move", minion="ares:1", to="port"))
    g.act(do("move", minion="ares:1", to="isle1"))
    g.refuse(do("move", minion="ares:1", to="port"), "Action Phase: two actions per minion")


def test_acting_out_of_turn_is_refused():
    g = action_game()
    g.refuse(do("move", minion="athena:1", to="port"), "Turn order")
    g.act(do("next"))  # Bob's Action Phase
    g.refuse(do("move", minion="ares:1", to="port"), "Turn order")


def test_minion_actions_are_refused_in_the_play_phase():
    g = new_game(deploy={"ares": ["Hoplite Warrior"]})
    g.act(do("next"))
    g.refuse(do("move", minion="ares:1", to="port"), "Action Phase")


def test_swift_moves_two_locations_with_its_first_move_only():
    g = action_game()
    g.act(do("move", minion="ares:2", to="port", to2="isle1"))  # Centaur is Swift
    assert minion(g, "ares:2")["location"] == "isle1" and minion(g, "ares:2")["actions"] == 1
    g.refuse(do("move", minion="ares:2", to="port", to2="market"), "Swift")


def test_only_swift_minions_move_two():
    g = action_game()
    g.refuse(do("move", minion="ares:1", to="port", to2="isle1"), "Swift")


def test_swift_double_move_still_follows_the_map():
    g = action_game()
    g.refuse(do("move", minion="ares:2", to="port", to2="arena"), "Movement: to an adjacent location")


def test_unknown_location_is_an_input_error():
    g = action_game()
    assert "no location 'olympus'" in g.refuse(do("move", minion="ares:1", to="olympus"), kind=InputError).message
    assert "GOD:SLOT" in g.refuse(do("move", minion="ares", to="port"), kind=InputError).message
    assert "slot" in g.refuse(do("move", minion="ares:7", to="port"), kind=InputError).message


def test_minion_not_in_play_is_refused():
    g = action_game()
    g.refuse(do("move", minion="ares:4", to="port"), "Minions: only minions in play can act or be targeted")


# -- Recruit ----------------------------------------------------------------------------

def test_recruiting_example_at_myrinas_isle():
    """Rulebook: Minion 4 moves from the Port to Myrina's Isle, then recruits; Disposition 1
    means one success is enough."""
    g = new_game(gods=("dionysus", "ares"),
                 deploy={"dionysus": ["Hoplite Warrior", "Hoplite Warrior", "Centaur", "Centaur"]})
    action_phase(g)
    place(g, "dionysus:4", "port")
    g.act(do("move", minion="dionysus:4", to="isle1"))
    assert minion(g, "dionysus:4")["actions"] == 1
    # Centaur: Cunning 2 -> two dice; one success (s) meets Disposition 1
    g.act(do("recruit", minion="dionysus:4", dice="s-", replace="1"))
    assert glory_of(g, "dionysus") == 1  # recruit: 1 glory
    myrina = minion(g, "dionysus:1")
    assert myrina["card"]["name"] == "Amazonian Queen Myrina"
    assert myrina["location"] == "isle1" and myrina["exhausted"] and myrina["actions"] == 0
    assert g.state["isles"]["isle1"] is None
    assert ledger(g)[-1]["reason"] == "recruit Amazonian Queen Myrina"


def test_failed_recruit_spends_the_action_and_may_be_retried():
    g = action_game()
    place(g, "ares:1", "isle2")  # Minotaur, Disposition 2; Hoplite Cunning 1
    g.act(do("recruit", minion="ares:1", dice="s"))  # 1 success < 2
    assert g.state["isles"]["isle2"]["name"] == "Minotaur" and glory_of(g, "ares") == 0
    g.act(do("recruit", minion="ares:1", dice="-"))
    assert minion(g, "ares:1")["actions"] == 0


def test_godly_face_counts_only_under_olympus_favor():
    g = action_game()
    place(g, "ares:1", "isle1")
    g.act(do("recruit", minion="ares:1", dice="g"))  # Disposition 1, not Godly: 0 successes
    assert g.state["isles"]["isle1"] is not None
    g.act(do("favor", minion="ares:1", reason="test"))
    g.act(do("recruit", minion="ares:1", dice="g"))  # Godly now: 1 success
    assert g.state["isles"]["isle1"] is None and glory_of(g, "ares") == 1


def test_recruiting_away_from_an_isle_is_refused():
    g = action_game()
    g.act(do("move", minion="ares:1", to="port"))
    g.refuse(do("recruit", minion="ares:1"), "Recruit: only at a Greek Isle")


def test_recruiting_an_empty_isle_is_refused():
    g = action_game()
    place(g, "ares:1", "isle1")
    g.act(do("recruit", minion="ares:1", dice="s"))  # Myrina joins Ann: isle1 holds no card now
    g.refuse(do("recruit", minion="ares:1"), "Recruit: an Epic card on the Isle")


def test_recruited_minion_is_exhausted_that_day():
    g = action_game()
    place(g, "ares:1", "isle1")
    g.act(do("recruit", minion="ares:1", dice="s"))
    assert minion(g, "ares:3")["exhausted"]
    g.refuse(do("move", minion="ares:3", to="port"), "Recruit: a recruited minion is exhausted that day")


def test_typed_dice_are_checked_for_count_and_faces():
    g = action_game()
    place(g, "ares:2", "isle1")  # Centaur, Cunning 2
    assert "2 dice are rolled" in g.refuse(do("recruit", minion="ares:2", dice="s"), kind=InputError).message
    assert "no die face 'x'" in g.refuse(do("recruit", minion="ares:2", dice="sx"), kind=InputError).message
    g.act(do("recruit", minion="ares:2", dice="bs"))  # b is a blank
    assert glory_of(g, "ares") == 1


# -- The four-minion limit ------------------------------------------------------------------

def full_game(hex_on_2: bool = False):
    """Ann (Ares) with four minions, her Hoplite on Myrina's Isle; with `hex_on_2`, Bob
    (Athena) has cursed her Centaur in his Play Phase."""
    g = new_game(deploy={"ares": ["Hoplite Warrior", "Centaur", "Cyclops", "Hoplite Warrior"]})
    if hex_on_2:
        g.act(do("next"))
        g.act(do("next"))
        g.act(do("attach", god="athena", card="Hex", to="ares:2", **{"as": "curse"}))
    action_phase(g)
    place(g, "ares:1", "isle1")
    return g


def test_fifth_minion_from_a_recruit_asks_which_goes_to_hades():
    g = full_game()
    g.act(do("recruit", minion="ares:1", dice="s"))
    pend = g.state["pending"]
    assert pend[0]["decision"] == "make-room"
    from referee.games.kleos import ENGINE

    assert ENGINE.summary(g.state)["pending"][0]["choices"] == ["1", "2", "3", "4", "new"]
    g.refuse(do("next"), "Pending decisions")
    g.act(do("replace", slot="3"))  # the Cyclops goes to Hades; Myrina takes space 3
    assert minion(g, "ares:3")["card"]["name"] == "Amazonian Queen Myrina"
    assert "Cyclops" in g.state["hades"] and g.state["pending"] == []


def test_cursed_minion_cannot_be_sent_to_hades_to_make_room():
    g = full_game(hex_on_2=True)
    g.act(do("recruit", minion="ares:1", dice="s"))
    g.refuse(do("replace", slot="2"), "Minion limit: cursed minions cannot be replaced")
    g.act(do("replace", slot="new"))  # the entering card goes to Hades instead
    assert "Amazonian Queen Myrina" in g.state["hades"] and glory_of(g, "ares") == 1


def test_fifth_minion_played_asks_which_goes_to_hades():
    """Play a Minion with four in play: a pending choice (an uncursed minion, or the card
    entering), not a refusal; --replace may give the answer up front."""
    g = new_game(deploy={"ares": ["Hoplite Warrior", "Centaur", "Cyclops", "Hoplite Warrior"]})
    while g.state["day"] == 1:  # to Day 2, when Bob's Play Phase comes first
        g.act(do("next"))
    g.act(do("attach", god="athena", card="Hex", to="ares:2", **{"as": "curse"}))
    g.act(do("next"))  # Ann's Play Phase
    g.act(do("play", god="ares", card="Centaur"))
    assert g.state["pending"][0]["decision"] == "make-room"
    # slot 2 is cursed: the choices are 1, 3, 4 or the Centaur itself
    assert ENGINE.summary(g.state)["pending"][0]["choices"] == ["1", "3", "4", "new"]
    assert "`replace new` (Centaur itself)" in ENGINE.render(g.state)
    g.refuse(do("next"), "Pending decisions")
    g.refuse(do("replace", slot="2"), "Minion limit: cursed minions cannot be replaced")
    g.act(do("replace", slot="3"))  # the Cyclops goes to Hades; the Centaur enters at the temple
    assert minion(g, "ares:3")["card"]["name"] == "Centaur" and minion(g, "ares:3")["location"] == "h1"
    assert not minion(g, "ares:3")["exhausted"] and minion(g, "ares:3")["actions"] == 2  # played, not recruited
    assert "Cyclops" in g.state["hades"] and g.state["pending"] == []
    g.act(do("play", god="ares", card="Theseus", replace="4"))
    assert minion(g, "ares:4")["card"]["name"] == "Theseus" and minion(g, "ares:4")["location"] == "h1"
    g.act(do("play", god="ares", card="Centaur"))
    g.act(do("replace", slot="new"))  # the card entering goes to Hades instead
    assert g.state["hades"][-1] == "Centaur" and g.state["pending"] == []


def test_deployment_is_limited_to_four_minions():
    g = new_game(deploy={"ares": ["Hoplite Warrior", "Centaur", "Cyclops"]})
    g.refuse(do("deploy", god="ares", cards=["Centaur", "Centaur"]), "Minion limit: four minions plus the champion")


def test_deploy_only_during_deployment():
    g = new_game()
    g.act(do("next"))
    g.refuse(do("deploy", god="ares", cards=["Centaur"]), "The round: Deployment, then each day every Play Phase, then every Action Phase")


# -- Play Phase: playing minions and attachments -------------------------------------------

def play_game():
    g = new_game(deploy={"ares": ["Hoplite Warrior", "Theseus"], "athena": ["Minotaur", "Centaur"]},
                 isles=MINOTAUR_IN_HAND)
    g.act(do("next"))  # Ann's Play Phase
    return g


def test_play_a_minion_enters_at_the_temple():
    g = play_game()
    g.act(do("play", god="ares", card="Centaur", stats={**CARDS["Centaur"], "name": "Centaur"}))
    assert minion(g, "ares:3")["location"] == "h1" and minion(g, "ares:3")["actions"] == 2


def test_playing_out_of_turn_is_refused():
    g = play_game()
    g.refuse(do("play", god="athena", card="Centaur"), "Turn order")


def test_cursing_a_champion_is_refused():
    g = play_game()
    g.refuse(do("attach", god="ares", card="Hex", to="athena:champion",
              **{"as": "curse"}), "Curses: never on a champion")


def test_curse_goes_on_an_opposing_minion_and_changes_its_stats():
    g = play_game()
    g.refuse(do("attach", god="ares", card="Hex", to="ares:1", **{"as": "curse"}), "Curses: attached to opposing minions")
    g.act(do("attach", god="ares", card="Hex", to="athena:2", mod="atk=-1,def=-1", **{"as": "curse"}))
    from referee.games.kleos import minions

    assert minions.stat(g.state, minion(g, "athena:2"), "attack") == 1  # 2 - 1
    assert minions.stat(g.state, minion(g, "athena:2"), "defense") == 1  # 2 - 1


def test_one_attachment_of_a_name_per_minion():
    g = play_game()
    g.act(do("attach", god="ares", card="Aegis", to="ares:1", mod="def=+1", **{"as": "blessing"}))
    g.refuse(do("attach", god="ares", card="aegis", to="ares:1",
              **{"as": "blessing"}), "Attachments: one of the same name per minion")
    g.act(do("attach", god="ares", card="Laurel", to="ares:1", **{"as": "blessing"}))
    assert len(minion(g, "ares:1")["attachments"]) == 2


def test_mount_and_offering_only_on_your_own_minions_blessing_on_any():
    g = play_game()
    g.refuse(do("attach", god="ares", card="Pegasus", to="athena:1",
              **{"as": "offering"}), "Monstrous Offering: only on a minion you control")
    g.act(do("attach", god="ares", card="Gift of Ares", to="athena:2", **{"as": "blessing"}))
    assert minion(g, "athena:2")["attachments"][0]["by"] == "ares"


def test_mount_only_on_a_hero_and_a_new_one_replaces_the_old():
    g = play_game()
    g.refuse(do("attach", god="ares", card="Amazonian Cavalry", to="ares:1",
              mod="cun=+2,swift", **{"as": "mount"}), "Heroic Mount: only on Heroes")
    g.act(do("attach", god="ares", card="Amazonian Cavalry", to="ares:2", mod="cun=+2,swift",
         **{"as": "mount"}))
    from referee.games.kleos import minions

    theseus = minion(g, "ares:2")
    assert minions.swift(theseus) and minions.stat(g.state, theseus, "cunning") == 5  # 3 + 2
    g.act(do("attach", god="ares", card="Pegasus", to="ares:2", mod="atk=+1", **{"as": "mount"}))
    assert [a["card"] for a in minion(g, "ares:2")["attachments"]] == ["Pegasus"]
    assert "Amazonian Cavalry" in g.state["hades"]


def test_offering_only_on_a_monster():
    g = play_game()
    g.act(do("next"))  # Bob's Play Phase
    g.refuse(do("attach", god="athena", card="Nymph", to="athena:2",
              **{"as": "offering"}), "Monstrous Offering: only on Monsters")
    g.act(do("attach", god="athena", card="Nymph", to="athena:1", mod="def=+1", **{"as": "offering"}))


def test_bad_modifier_is_an_input_error():
    g = play_game()
    err = g.refuse(do("attach", god="ares", card="X", to="ares:1", mod="str=+9",
                      **{"as": "blessing"}), kind=InputError)
    assert "atk=N" in err.message


def test_recruit_replace_naming_a_cursed_minion_is_refused_before_the_roll():
    """A cursed minion can never make room, so `recruit --replace 2` is refused whatever the
    dice would say (here a failed check, '-', which used to hide the bad choice)."""
    g = full_game(hex_on_2=True)
    g.refuse(do("recruit", minion="ares:1", dice="-",
              replace="2"), "Minion limit: cursed minions cannot be replaced")
    g.act(do("recruit", minion="ares:1", dice="s", replace="new"))  # the card goes to Hades
    assert "Amazonian Queen Myrina" in g.state["hades"] and glory_of(g, "ares") == 1


def test_recruit_with_godly_dice_from_a_card():
    """Myrina's Disposition is 1: a lone `g` fails on ordinary dice, succeeds on Godly ones."""
    g = full_game()
    g.act(do("recruit", minion="ares:1", dice="g", godly=True, replace="new"))
    assert glory_of(g, "ares") == 1 and g.state["isles"]["isle1"] is None
