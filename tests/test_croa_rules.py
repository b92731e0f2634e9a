"""Crôa! rules, one test per rule (board, moves, arrival, tiles, turn order, end)."""

from __future__ import annotations

import pytest
from croa_table import Pond

from referee.games.croa import ENGINE
from referee.model.chance import Chance
from referee.model.errors import InputError
from referee.testing import refused_by

THREE = ("Ann:red", "Bob:blue", "Cy:green")

# -- board: the piles ------------------------------------------------------------------------


def test_typed_tile_refused_when_its_zone_has_none_of_that_kind_left():
    t = Pond()
    t.tile("c3", "pike")  # blue's only pike is already in the pond
    with refused_by("Setup (mise en place): each zone's pile holds 4 lily pads, 2 mosquitoes, 1 mud, 1 pike, 4 reeds, 1 log and 3 males", match="blue pile has no pike") as err:
        t.move("a2", "a3", tile="pike")
    assert err.value.rule.startswith("Setup (mise en place)")
    assert "a3" not in t.state["tiles"]


def test_typed_male_refused_outside_its_zones():
    t = Pond()  # blue holds male1-3 in the default layout, never male4
    with refused_by("Males (mâles): three different males per zone, each male in two different zones", match="no male4: its males are male1, male2, male3") as err:
        t.move("a2", "a3", tile="male4")
    assert err.value.rule.startswith("Males (mâles): three different males per zone")


def test_unknown_tile_name_is_an_input_error():
    t = Pond()
    with pytest.raises(InputError, match="no tile 'frog'"):
        t.move("a2", "a3", tile="frog")


def test_physical_move_onto_bare_square_needs_the_revealed_tile():
    t = Pond()
    with pytest.raises(InputError, match="a3 has no tile yet"):
        t.move("a2", "a3")


def test_revealed_tile_leaves_its_zone_pile():
    t = Pond()
    t.move("a2", "a3", tile="reeds")
    # blue: 4 reeds - 1 = 3 left, 15 tiles in all
    assert t.state["tiles"]["a3"] == "reeds"
    assert t.state["piles"]["blue"]["reeds"] == 3
    assert sum(t.state["piles"]["blue"].values()) == 15


def test_typed_tile_must_match_a_tile_already_there():
    t = Pond()
    t.tile("a3", "reeds")
    t.refuse({"verb": "move", "from": "a2", "to": "a3", "tile": "mud"},
             rule="Tile effects (effets des tuiles): a revealed tile stays where it lies")
    assert t.at("a3") == "" and t.state["tiles"]["a3"] == "reeds"


def test_digital_session_reveals_tiles_itself_and_refuses_typed_ones():
    t = Pond(digital=True)
    with pytest.raises(InputError, match="digital"):
        t.move("a2", "a3", tile="reeds")
    t.move("a2", "a3")
    kind = t.state["tiles"]["a3"]
    assert sum(t.state["piles"]["blue"].values()) == 15
    assert f"a3: {kind.replace('_', ' ')} (revealed)" in t.text


def test_digital_draw_comes_from_what_is_left_in_the_zone_pile():
    t = Pond(digital=True)
    from referee.games.croa.board import ZONE_SQUARES

    # lay 15 of blue's 16 tiles elsewhere in the zone: only male3 is left for a3
    rest = [k for k, n in t.state["piles"]["blue"].items() for _ in range(n) if k != "male3"]
    for sq, kind in zip([sq for sq in ZONE_SQUARES["blue"] if sq != "a3"], rest, strict=False):
        t.tile(sq, kind)
    t.move("a2", "a3")
    assert t.state["tiles"]["a3"] == "male3"
    assert t.events[0]["tile"] == "male3"


# -- moves -----------------------------------------------------------------------------------


def test_a_frog_moves_to_one_of_its_eight_neighbours_only():
    t = Pond()
    with refused_by("Pond rules (règles de la mare): one frog moves to one of the 8 neighbouring squares") as err:
        t.move("a2", "a4", tile="reeds")
    assert "8 neighbouring" in err.value.rule
    t.move("b1", "c2", tile="reeds")  # diagonal is a neighbour
    assert t.at("c2") == "r"


def test_never_onto_an_own_frog():
    t = Pond()
    with refused_by("Pond rules (règles de la mare): never onto one of your own frogs, except on a log") as err:
        t.move("a1", "a2")
    assert "own frogs" in err.value.rule


def test_onto_an_own_frog_on_a_log_is_allowed():
    t = Pond()
    t.tile("b2", "log")
    t.place("Ann", "b2")
    t.move("b1", "b2")
    assert t.at("b2") == "rr"


def test_a_colony_moves_only_its_own_frogs():
    t = Pond()
    with refused_by("Pond rules (règles de la mare): a colony moves only its own frogs", match="Bob's, not Ann's"):
        t.move("h8", "g7", tile="reeds")
    with refused_by("Pond rules (règles de la mare): move one of your frogs", match="no frog on c5"):
        t.move("c5", "c6", tile="reeds")


def test_bad_square_is_an_input_error():
    t = Pond()
    with pytest.raises(InputError, match="not a square"):
        t.move("a2", "z9")
    with pytest.raises(InputError, match="not a square"):
        t.move("", "a3")


def test_stuck_frog_cannot_move_on_its_owners_next_turn_and_is_freed_at_its_end():
    t = Pond()
    t.move("a2", "a3", tile="mud")
    assert t.state["colonies"][0]["frogs"][1]["stuck"] == 1  # one owner's turn-end to go
    t.move("h7", "h6", tile="reeds")
    with refused_by("Mud (vase): a stuck frog cannot move on its owner's next turn") as err:
        t.move("a3", "a4", tile="reeds")
    assert err.value.rule.startswith("Mud (vase)")
    t.move("b1", "c1", tile="reeds")
    assert "free of the mud" in t.text
    t.move("h6", "h5", tile="reeds")
    t.move("a3", "a4", tile="reeds")  # free again
    assert t.at("a4") == "r"


def test_a_servant_sharing_the_queens_square_or_the_queen_must_move():
    t = Pond()
    t.tile("b2", "male1")
    t.move("a1", "b2")  # the queen makes a baby on b2
    assert t.at("b2") == "Rr"
    t.move("h7", "h6", tile="reeds")
    with refused_by("Pond rules (règles de la mare): one frog per square; when a servant shares the queen's square (or twins share one), one of them must move") as err:
        t.move("a2", "a3", tile="reeds")
    assert "one of them must move" in err.value.rule
    with pytest.raises(InputError, match="b2:queen or b2:servant"):
        t.move("b2", "c3", tile="reeds")
    t.move("b2:servant", "c3", tile="reeds")
    assert t.at("b2") == "R" and t.at("c3") == "r"


def test_crowded_frogs_that_cannot_move_do_not_block_the_turn():
    t = Pond()
    t.place("Ann", "a1")  # a baby with the queen on a1, whose neighbours a2 b1 b2 are all Ann's
    t.place("Ann", "b2")
    with refused_by("Pond rules (règles de la mare): never onto one of your own frogs, except on a log", match="holds one of your frogs"):
        t.move("a1:queen", "b2")
    t.move("a2", "a3", tile="reeds")
    assert t.at("a3") == "r"


# -- arrival ---------------------------------------------------------------------------------


def test_arrival_removes_opposing_servants_to_their_reserve():
    t = Pond()
    t.place("Bob", "a3")  # Bob: h7, g8 and a3 in the pond, 3 in reserve
    t.move("a2", "a3", tile="reeds")
    assert t.at("a3") == "r"
    assert t.reserve("Bob") == 4 and t.in_pond("Bob") == 2


def test_arriving_on_an_opposing_queen_eliminates_her_colony_and_gains_a_servant():
    t = Pond(THREE)
    t.place("Bob", "b3", "queen")
    t.tile("b3", "reeds")
    t.move("a2", "b3")
    assert not t.state["colonies"][1]["alive"]
    assert t.in_pond("Bob") == 0
    # Ann: a2 servant now on b3, b1, plus the gained servant on her queen's a1 = 3 in the pond
    assert t.at("a1") == "Rr" and t.in_pond("Ann") == 3 and t.reserve("Ann") == 3
    assert "gains a servant" in t.text
    assert t.current == "Cy"  # Bob is skipped from now on
    t.move("h7", "h6", tile="reeds")
    assert t.current == "Ann"
    # the gained servant shares the queen's square: one of the two must move now
    with refused_by("Pond rules (règles de la mare): one frog per square; when a servant shares the queen's square (or twins share one), one of them must move", match="one of them must move"):
        t.move("b1", "c1", tile="reeds")
    t.move("a1:servant", "a2", tile="reeds")


def test_the_servant_gained_by_an_elimination_joins_the_queen_at_once():
    # The gain comes with the removal of the opposing frogs, before the tile acts.
    # Ann's servant c3 lands on Cy's queen on a mosquito at d4: Cy is out, Ann (3 servants in
    # the pond: a2, b1, d4) gains one on her queen's a1 at once, while the mosquito waits
    # (reserve 4 - 1 placed by hand - 1 gained = 2). The mosquito then moves the queen to b2:
    # the gained servant stays on a1 (not placed at b2 at the end of the move).
    t = Pond(THREE)
    t.place("Ann", "c3")
    t.place("Cy", "d4", "queen")
    t.tile("d4", "mosquito")
    t.move("c3", "d4")
    assert t.summary["pending"][0]["decision"] == "mosquito"
    assert t.at("a1") == "Rr" and t.in_pond("Ann") == 4 and t.reserve("Ann") == 2
    assert "a1:queen-b2" in t.summary["pending"][0]["choices"]
    t.do("mosquito", from_="a1:queen", to="b2", tile="reeds")
    assert t.at("a1") == "r" and t.at("b2") == "R"
    assert t.in_pond("Ann") == 4 and t.current == "Bob"


def test_no_servant_gained_with_six_already_in_the_pond():
    t = Pond(THREE)
    for sq in ("c1", "d1", "e1", "f1"):
        t.place("Ann", sq)
    assert t.in_pond("Ann") == 6
    t.place("Bob", "b3", "queen")
    t.tile("b3", "reeds")
    t.move("a2", "b3")
    assert t.in_pond("Ann") == 6 and t.at("a1") == "R"
    assert "no servant gained" in t.text


def test_a_queen_eaten_by_the_pike_eliminates_her_colony_and_the_last_queen_wins():
    t = Pond()
    t.move("a1", "b2", tile="pike")
    s = t.summary
    assert s["over"] and s["winners"] == ["Bob"] and s["current"] is None
    assert t.in_pond("Ann") == 0
    assert ENGINE.legal_actions(t.state) == []
    with refused_by("End of the game (fin de partie): one queen is left", match="over"):
        t.move("h7", "h6", tile="reeds")


def test_a_servant_eaten_by_the_pike_goes_back_to_the_reserve():
    t = Pond()
    t.move("a2", "a3", tile="pike")
    assert t.at("a3") == "" and t.reserve("Ann") == 5
    assert t.current == "Bob"


# -- lily pads ---------------------------------------------------------------------------------


def test_lily_pad_bounce_is_a_pending_choice_not_back_nor_onto_own_frogs():
    t = Pond()
    t.move("a1", "b2", tile="lily_pad")
    # b2's neighbours: a3 b3 c3 a2 c2 a1 b1 c1; a2 and b1 hold Ann's servants, a1 was just left
    assert t.summary["pending"] == [{"player": "Ann", "decision": "bounce",
                                     "choices": ["a3", "b3", "c3", "c2", "c1"]}]
    with refused_by("Lily pad (nénuphar): the way back, only when every other neighbour holds one of your frogs", match="cannot bounce") as err:
        t.do("bounce", to="a1")
    assert "Lily pad" in err.value.rule
    with refused_by("Pending decision: only its answer is accepted now", match="must first answer the bounce"):
        t.move("a2", "a3", tile="reeds")
    t.do("bounce", to="c3", tile="reeds")
    assert t.at("c3") == "R" and t.at("b2") == "" and t.current == "Bob"


def test_lily_pad_bounces_back_when_every_other_neighbour_holds_an_own_frog():
    t = Pond()
    for sq in ("b7", "a7", "b8"):
        t.place("Ann", sq)
    t.tile("b7", "reeds")
    t.tile("a8", "lilypad")
    t.move("b7", "a8")
    assert "must bounce to b7 (the only choice)" in t.text
    assert t.at("b7") == "r" and t.at("a8") == ""


def test_bounce_chain_ending_on_a_pike_eats_the_queen():
    t = Pond()
    t.tile("c3", "lilypad")
    t.tile("d4", "pike")
    t.move("a1", "b2", tile="lily_pad", bounce=["c3", "d4"])
    assert "eaten by the pike on d4" in t.text
    assert t.summary["winners"] == ["Bob"]


def test_bounce_chain_answered_one_step_at_a_time():
    t = Pond()
    t.move("a1", "b2", tile="lily_pad")
    t.do("bounce", to="c3:lily_pad")
    assert t.summary["pending"][0]["decision"] == "bounce"
    assert "b2" not in t.summary["pending"][0]["choices"]
    t.do("bounce", to="d4", tile="reeds")
    assert t.at("d4") == "R" and t.current == "Bob"


def test_bounce_onto_an_opposing_frog_removes_it():
    t = Pond()
    t.place("Bob", "c3")
    t.tile("c3", "reeds")
    t.move("a2", "b3", tile="lily_pad", bounce=["c3"])
    assert t.at("c3") == "r" and t.reserve("Bob") == 4


# -- mosquito ----------------------------------------------------------------------------------


def test_mosquito_moves_another_own_frog_with_its_tile_effect():
    t = Pond()
    t.move("a2", "a3", tile="mosquito")
    pending = t.summary["pending"][0]
    assert pending["decision"] == "mosquito" and "b1-c2" in pending["choices"]
    assert pending["choices"][-1] == "pass"
    with refused_by("Mosquito (moustique): move another of your frogs one step (not a stuck one)", match="another frog"):
        t.do("mosquito", from_="a3", to="a4", tile="reeds")
    t.do("mosquito", from_="b1", to="c2", tile="pike")  # the moved servant is eaten
    assert t.at("c2") == "" and t.reserve("Ann") == 5 and t.current == "Bob"


def test_mosquito_answer_takes_its_tile_as_sq_tile_like_a_bounce():
    # The missing-tile refusal offers SQ:TILE for bounce and mosquito answers alike.
    t = Pond()
    t.move("a2", "a3", tile="mosquito")
    t.do("mosquito", from_="b1", to="c2:reeds")
    assert t.at("c2") == "r" and t.state["tiles"]["c2"] == "reeds" and t.current == "Bob"


def test_mosquito_chain_moves_a_third_frog():
    t = Pond()
    t.tile("c2", "mosquito")
    t.move("a2", "a3", tile="mosquito")
    t.do("mosquito", from_="b1", to="c2")  # lands on the zone's other mosquito
    choices = t.summary["pending"][0]["choices"]
    assert "a1-b1" in choices and not any(ch.startswith("c2") for ch in choices)
    assert any(ch.startswith("a3-") for ch in choices)  # the first frog may move again
    t.do("mosquito", from_="a1", to="b2", tile="reeds")
    assert t.at("b2") == "R" and t.current == "Bob"


def test_mosquito_may_be_declined():
    t = Pond()
    t.move("a2", "a3", tile="mosquito")
    t.do("pass")
    assert "No mosquito move" in t.text and t.current == "Bob"


def test_mosquito_answer_given_up_front_chains_into_a_bounce():
    t = Pond()
    t.move("a2", "a3", tile="mosquito", mosquito=["b1:c2:lily_pad"], bounce=["d3:reeds"])
    assert t.at("d3") == "r" and t.current == "Bob"


def test_pass_without_a_mosquito_is_refused():
    t = Pond()
    with refused_by("Pond rules (règles de la mare): a colony moves one of its frogs each turn") as err:
        t.do("pass")
    assert err.value.rule.startswith("Pond rules (règles de la mare): a colony moves one")


# -- log ---------------------------------------------------------------------------------------


def test_log_holds_two_servants_of_any_colours():
    t = Pond()
    t.tile("c2", "log")
    t.place("Bob", "c2")
    t.move("b1", "c2")
    assert t.at("c2") == "rb" and t.reserve("Bob") == 3


def test_a_third_servant_on_a_log_removes_the_one_of_its_choice():
    t = Pond()
    t.tile("b2", "log")
    t.place("Bob", "b2")
    t.place("Ann", "b2")
    t.move("b1", "b2")
    assert t.summary["pending"][0] == {"player": "Ann", "decision": "log-removal",
                                       "choices": ["b2:blue", "b2:red"]}
    with pytest.raises(InputError, match="no colony 'green'"):
        t.do("remove", which="b2:green")
    with refused_by("Log (rondin): a third servant pushes off one of the two already there", match="crowded log is at b2, not b3"):
        t.do("remove", which="b3:blue")
    with pytest.raises(InputError, match="write b2:COLOR"):
        t.do("remove", which="b2")
    t.do("remove", which="Bob")
    # Bob had h7, g8, b2 in the pond: back to 2, reserve 4; Ann keeps two servants on the log
    assert t.at("b2") == "rr" and t.reserve("Bob") == 4


def test_log_removal_given_up_front_and_automatic_when_both_alike():
    t = Pond()
    t.tile("b2", "log")
    t.place("Bob", "b2")
    t.place("Ann", "b2")
    t.move("b1", "b2", remove="b2:red")
    assert t.at("b2") == "rb" and t.reserve("Ann") == 4
    t2 = Pond()
    t2.tile("b2", "log")
    t2.place("Bob", "b2")
    t2.place("Bob", "b2")
    t2.move("b1", "b2")
    assert t2.at("b2") == "rb" and t2.summary["pending"] == []


def test_a_queen_arriving_on_a_log_removes_every_servant_her_own_too():
    t = Pond()
    t.tile("b2", "log")
    t.place("Bob", "b2")
    t.place("Ann", "b2")
    t.move("a1", "b2")
    assert t.at("b2") == "R"
    # Ann: a2, b1 in the pond (the log servant went home) = reserve 4; Bob reserve 4
    assert t.reserve("Ann") == 4 and t.reserve("Bob") == 4


def test_a_queen_on_a_log_is_eaten_by_any_opposing_frog_arriving():
    t = Pond()
    t.tile("b3", "log")
    t.place("Bob", "b3", "queen")
    t.move("a2", "b3")
    assert "reached Bob's queen on the log at b3" in t.text
    assert t.summary["winners"] == ["Ann"]


# -- males -------------------------------------------------------------------------------------


def test_queen_on_a_male_makes_a_baby_and_discards_its_token():
    t = Pond()
    t.move("a1", "b2", tile="male2")
    col = t.state["colonies"][0]
    assert "male2" not in col["males"] and len(col["males"]) == 5
    assert t.at("b2") == "Rr" and t.reserve("Ann") == 3 and t.current == "Bob"


def test_the_twin_male_no_longer_works_for_her():
    t = Pond()
    t.arrange(lambda state: state["colonies"][0]["males"].remove("male2"))  # used in blue
    t.tile("a4", "reeds")
    t.place("Ann", "a5", "queen")
    t.move("a5", "b6", tile="male2")  # yellow's copy of male2
    assert "already used male2" in t.text and t.at("b6") == "R" and t.reserve("Ann") == 4


def test_a_servant_on_a_male_does_nothing():
    t = Pond()
    t.move("a2", "b3", tile="male1")
    assert t.at("b3") == "r" and t.reserve("Ann") == 4
    assert "male1" in t.state["colonies"][0]["males"]


def test_no_baby_without_a_servant_in_reserve():
    t = Pond()
    for sq in ("c1", "d1", "e1", "f1"):
        t.place("Ann", sq)
    t.move("a1", "b2", tile="male3")
    assert "no servant in reserve" in t.text
    assert "male3" in t.state["colonies"][0]["males"]


# -- reeds, turn order, end --------------------------------------------------------------------


def test_reeds_do_nothing_and_the_next_colony_plays():
    t = Pond(THREE)
    t.move("a2", "a3", tile="reeds")
    assert t.current == "Bob"
    t.move("a7", "a6", tile="reeds")
    assert t.current == "Cy"
    t.move("h7", "h6", tile="reeds")
    assert t.current == "Ann" and t.summary["turn"] == 4


def test_four_colonies_play_clockwise_and_skip_an_eliminated_colony():
    # Seats a1, a8, h8, h1 go round the pond clockwise. Bob's servant lands on Cy's queen:
    # from then on the order is Ann, Bob, Dee, Ann, Bob, Dee...
    t = Pond(("Ann:red", "Bob:blue", "Cy:green", "Dee:yellow"))
    t.place("Cy", "b6", "queen")
    t.tile("b6", "reeds")
    t.move("a2", "a3", tile="reeds")
    t.move("a7", "b6")
    assert not t.state["colonies"][2]["alive"] and t.current == "Dee"
    t.move("h2", "h3", tile="reeds")
    assert t.current == "Ann"
    t.move("a3", "a4", tile="reeds")
    assert t.current == "Bob"
    # Bob's gained servant shares his queen's a8: one of the two moves
    t.move("a8:servant", "a7", tile="reeds")
    assert t.current == "Dee" and t.summary["turn"] == 6  # Ann 1, Bob 2, Dee 3, Ann 4, Bob 5


def test_a_colony_with_no_movable_frog_is_skipped():
    t = Pond()
    t.move("a2", "a3", tile="mud")
    # Ann's servant b1 goes home and her queen sits stuck on e5: nothing of hers can move

    def stuck(state) -> None:
        state["colonies"][0]["frogs"][2]["square"] = None
        state["colonies"][0]["frogs"][0]["square"] = "e5"
        state["colonies"][0]["frogs"][0]["stuck"] = 1

    t.arrange(stuck)
    t.tile("e5", "mud")
    t.move("h7", "h6", tile="reeds")
    assert "Ann has no frog that can move" in t.text
    assert t.current == "Bob" and t.summary["turn"] == 4
    assert "free of the mud" in t.text


def test_unknown_verb_is_an_input_error():
    t = Pond()
    with pytest.raises(InputError, match="unknown"):
        t.do("jump")


def test_replayed_log_gives_the_same_state():
    t = Pond(digital=True, seed="r")
    t.move("a2", "a3")
    state = ENGINE.setup({"players": ["Ann:red", "Bob:blue"], "digital": True, "cards": False},
                         Chance("r", 0))
    chance = Chance("r", 1)
    ENGINE.apply(state, {"verb": "move", "from": "a2", "to": "a3"}, chance)
    assert state["tiles"] == t.state["tiles"]
