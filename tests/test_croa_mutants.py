"""Crôa! rules pinned down by the mutation run (tests/mutation.py, docs/mutation.md): each test
kills a mutant of a rule check that no other rules test noticed."""

from __future__ import annotations

from croa_table import Pond
from test_croa_cards import table

from referee.testing import Table, refused_by

MOSQUITO = "Mosquito (moustique): move another of your frogs one step (not a stuck one)"


def _stuck(t: Pond, square: str) -> None:
    """Ann's frog on `square` stuck in the mud (the zone's mud laid under it)."""
    t.tile(square, "mud")

    def stick(state) -> None:
        next(f for f in state["colonies"][0]["frogs"] if f["square"] == square)["stuck"] = True

    t.arrange(stick)


def _only_the_mover_free(t: Pond) -> None:
    """Ann: her queen stuck on a1, her servant of b1 back in reserve, the servant on a2 free."""
    t.lift("b1")
    _stuck(t, "a1")


def test_mosquito_with_no_other_frog_free_refuses_a_mosquito_answer_naming_the_rule():
    t = Pond()
    _only_the_mover_free(t)
    with refused_by(MOSQUITO, match="no other frog of yours can move now") as err:
        t.move("a2", "a3", tile="mosquito", mosquito=["b1:c2:reeds"])
    assert err.value.rule.startswith("Mosquito (moustique)")
    assert t.at("a2") == "r" and "a3" not in t.state["tiles"]


def test_mosquito_with_no_other_frog_free_ends_the_move():
    t = Pond()
    _only_the_mover_free(t)
    t.move("a2", "a3", tile="mosquito")
    assert "The mosquito: no other frog can move." in t.text
    assert t.at("a3") == "r" and t.current == "Bob" and not t.summary["pending"]


def test_move_card_onto_a_revealed_tile_needs_no_tile_typed():
    # Tile effects: a revealed tile stays where it lies; the table types none for it.
    t = table()
    t.tile("c3", "reeds")
    t.do("card", card="mega_jump", from_="a1", to="c3")
    assert t.at("c3") == "R" and t.state["tiles"]["c3"] == "reeds" and t.current == "Bob"


def test_mosquito_may_not_move_a_frog_stuck_in_the_mud_and_says_so():
    t = Pond()
    _stuck(t, "b1")
    t.move("a2", "a3", tile="mosquito")
    with refused_by(MOSQUITO, match="the frog on b1 is stuck in the mud"):
        t.do("mosquito", from_="b1", to="c2", tile="reeds")
    assert t.at("b1") == "r*" and t.summary["pending"][0]["decision"] == "mosquito"  # * stuck


def test_croa_hand_refused_with_real_cards_says_the_referee_dealt_none():
    t = Table("croa", "--player Ann:red --player Bob:blue --cards", seed=None)
    out = t.refused(["hand", "Ann"], rule="Cards: dealt hands")
    assert "the referee dealt no hands in this session" in out.error["message"]


def test_a_move_is_told_naming_the_frog_that_moved():
    assert Pond().move("a2", "a3", tile="reeds") == "Ann's servant a2 -> a3: reeds (revealed)."
