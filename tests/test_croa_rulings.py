"""Crôa! rulings (issue 20): the lily pad's way back, a frog with nowhere to bounce, and a
colony with no frog that can move."""

from __future__ import annotations

from croa_table import Pond

from referee.testing import Table

WAY_BACK = "Lily pad (nénuphar): the way back"


def _stuck(square: str):
    def change(state) -> None:
        for f in state["colonies"][0]["frogs"]:
            if f["square"] == square:
                f["stuck"] = 1

    return change


# -- the way back ---------------------------------------------------------------------------


def test_lily_pad_the_way_back_opens_in_a_corner_when_a_log_holds_an_own_servant():
    # a8 (corner): neighbours b8, a7, b7. b8 holds Ann's servant, a7 a log with Ann's servant,
    # b7 is the square just left: every other neighbour is held, so b7 opens; a7's log still
    # lets the servant in.
    t = Pond()
    for sq in ("b7", "a7", "b8"):
        t.place("Ann", sq)
    t.tile("a7", "log")
    t.tile("b8", "reeds")
    t.tile("a8", "lilypad")
    t.move("b7", "a8")
    assert t.summary["pending"] == [{"player": "Ann", "decision": "bounce",
                                     "choices": ["a7", "b7"]}]
    t.do("bounce", to="b7", tile="reeds")
    assert t.at("b7") == "r" and t.at("a8") == "" and t.current == "Bob"


def test_lily_pad_the_way_back_a_servant_may_choose_the_log_instead():
    t = Pond()
    for sq in ("b7", "a7", "b8"):
        t.place("Ann", sq)
    t.tile("a7", "log")
    t.tile("b8", "reeds")
    t.tile("a8", "lilypad")
    t.move("b7", "a8")
    t.do("bounce", to="a7")
    assert t.at("a7") == "rr" and t.at("b7") == "" and t.current == "Bob"


def test_lily_pad_the_way_back_stays_closed_while_another_neighbour_is_free():
    # a8 (corner): a7 holds Ann's servant, b8 is free: b7, just left, is not a choice
    t = Pond()
    for sq in ("b7", "a7"):
        t.place("Ann", sq)
    t.tile("a8", "lilypad")
    t.move("b7", "a8")
    assert t.summary["pending"][0]["choices"] == ["b8"]
    out = t.refuse({"verb": "bounce", "to": "b7", "tile": "reeds"}, rule=WAY_BACK)
    assert "it just left it" in out.message
    assert t.at("a8") == "r"


def test_lily_pad_the_way_back_on_the_edge_counts_only_the_five_neighbours():
    # e1 (bottom edge): d2 e2 f2 d1 f1. With d2 e2 f2 d1 held by Ann, f1 (just left) is the
    # only way out: the frog goes straight back.
    t = Pond()
    t.lift("a2")
    for sq in ("d2", "e2", "f2", "d1", "f1"):
        t.place("Ann", sq)
    t.tile("e1", "lilypad")
    t.tile("f1", "reeds")
    t.move("f1", "e1")
    assert "must bounce to f1 (the only choice)" in t.text
    assert t.at("f1") == "r" and t.at("e1") == "" and t.current == "Bob"


def test_lily_pad_the_way_back_on_the_edge_stays_closed_with_one_free_neighbour():
    t = Pond()
    t.lift("a2")
    for sq in ("d2", "e2", "d1", "f1"):
        t.place("Ann", sq)
    t.tile("e1", "lilypad")
    t.move("f1", "e1")
    assert t.summary["pending"][0]["choices"] == ["f2"]
    t.refuse({"verb": "bounce", "to": "f1", "tile": "reeds"}, rule=WAY_BACK)


def test_lily_pad_the_way_back_in_a_chain_is_the_previous_lily_pad():
    # b1 -> b2 (lily pad) -> c2 (lily pad): from c2 the square just left is b2, not b1
    t = Pond()
    t.tile("c2", "lilypad")
    t.move("b1", "b2", tile="lilypad", bounce=["c2"])
    choices = t.summary["pending"][0]["choices"]
    assert "b1" in choices and "b2" not in choices
    t.refuse({"verb": "bounce", "to": "b2"}, rule=WAY_BACK)
    t.do("bounce", to="b1", tile="reeds")
    assert t.at("b1") == "r" and t.current == "Bob"


def test_lily_pad_the_way_back_refused_at_the_command_line_with_exit_1():
    t = Table("croa", "--player Ann:red --player Bob:blue", seed="5")
    t.ok("move a1 b2 -t li")
    out = t.refused("bounce a1", rule=WAY_BACK)
    assert out.code == 1 and t.log_length() == 2


# -- nowhere to bounce ------------------------------------------------------------------------


def test_lily_pad_a_frog_with_no_square_at_all_stays_and_the_referee_says_why():
    # Ann's queen and a servant share b7; a7 and b8 hold her servants. The servant leaves b7
    # for the lily pad a8: a7 and b8 are held, and the way back b7 holds her queen.
    t = Pond()
    t.place("Ann", "b7", kind="queen")
    for sq in ("b7", "a7", "b8"):
        t.place("Ann", sq)
    t.tile("a8", "lilypad")
    t.move("b7:servant", "a8")
    assert ("Ann's servant cannot bounce: every square around a8 (the way back too) holds one "
            "of Ann's frogs, so it stays on the lily pad.") in t.text
    assert t.at("a8") == "r" and t.at("b7") == "R" and t.current == "Bob"


def test_lily_pad_a_forced_bounce_that_would_loop_for_ever_stops():
    # a8 and b8 are lily pads, each the other's only way out (a7 b7 c7 c8 held by Ann)
    t = Pond()
    t.place("Ann", "a7", kind="queen")
    for sq in ("a7", "b7", "c7", "c8"):
        t.place("Ann", sq)
    t.tile("a8", "lilypad")
    t.tile("b8", "lilypad")
    t.move("a7:servant", "a8")
    assert "would bounce round the same lily pads for ever: it stops on b8" in t.text
    assert t.at("b8") == "r" and t.current == "Bob"


# -- no frog that can move ------------------------------------------------------------------


def test_no_move_a_colony_whose_frogs_are_all_stuck_passes_its_turn_and_says_why():
    t = Pond()
    t.lift("a2")
    t.lift("b1")
    t.place("Ann", "e5", kind="queen")
    t.tile("e5", "mud")
    t.arrange(_stuck("e5"))
    t.refuse({"verb": "move", "from": "e5", "to": "e6", "tile": "reeds"}, rule="Mud")
    # Ann's turn is the first: the check comes when the turn reaches her, so let Bob play once
    t.arrange(lambda s: s.update(current=1))
    t.move("h7", "h6", tile="reeds")
    assert "Ann has no frog that can move (all stuck in the mud): the turn passes." in t.text
    assert t.current == "Bob" and "free of the mud" in t.text


def test_no_move_a_mandatory_move_that_is_possible_is_not_skipped():
    # Ann's queen and a servant share b2; her other servant is stuck on a3: the shared pair
    # must move, and the turn is hers
    t = Pond()
    t.lift("a2")
    t.lift("b1")
    t.place("Ann", "b2", kind="queen")
    t.place("Ann", "b2")
    t.place("Ann", "a3")
    t.tile("a3", "mud")
    t.arrange(_stuck("a3"))
    t.arrange(lambda s: s.update(current=1))
    t.move("h7", "h6", tile="reeds")
    assert t.current == "Ann" and "no frog that can move" not in t.text
    t.refuse({"verb": "pass"}, rule="Pond rules")
    t.refuse({"verb": "move", "from": "a3", "to": "a4", "tile": "reeds"}, rule="Mud")
    t.move("b2:servant", "c3", tile="reeds")
    assert t.at("c3") == "r" and t.current == "Bob"
