"""Rule breaks are refusals, not usage errors (play-test issue 20, items 7 and 14).

Well-formed input that breaks a rule of the game exits 1 naming the rule, and nothing is
recorded; exit 2 stays for input that cannot be read at all.
"""

from __future__ import annotations

from elysion_table import Journey
from test_elysion_rules import _styx_three_days
from test_elysion_shortcuts import NEW, _after_day_one

from referee.testing import Table

DRAW_RULE = "Blessings: draw 1 + Charon's coins when today's realm is higher"


def _day_two_to_take() -> Table:
    """Day 2 of the example: Cy has taken 7*; Ann draws 2 Blessings, then Bob draws 1."""
    t = _after_day_one()
    t.ok("reveal Ann=32* Bob=33 Cy=7")
    t.ok("take Cy 7*")
    return t


def test_blessings_drawn_a_wrong_number_of_them_is_refused_naming_the_rule():
    t = _day_two_to_take()
    t.ok("take Ann 44 --drawn Nectar,Aegis --keep Aegis")
    # Bob (33 > 5, no coin) draws 1: two typed is a rule broken, not a usage error.
    out = t.refused('take Bob 15 --drawn "Golden Apple,Nectar"', rule=DRAW_RULE,
                    message="1 Blessing is drawn here, 2 given")
    assert out.error["kind"] == "illegal"
    t.refused("take Ann 44 --drawn Nectar", rule="Take order")  # (Bob's turn: unchanged)
    t.ok('take Bob 15 --drawn "Golden Apple"')


def test_each_card_is_unique_a_blessing_typed_twice_is_refused():
    t = _day_two_to_take()
    t.refused("take Ann 44 --drawn Nectar,Nectar", rule="Each card is unique",
              message="the same card is given twice")


def test_each_card_is_unique_a_shade_seen_already_is_refused():
    g = Journey(styx=True, hand=8, shades=["Stone Giant", "Ferryman", "Old Sailor"])
    _styx_three_days(g, ann_takes_shade=True)  # one Shade to turn up at the day's end
    exc = g.refuse({"verb": "next", "shades": ["Ferryman"]}, rule="Each card is unique")
    assert "Ferryman cannot be drawn: it has been seen already" in exc.message
    assert exc.exit_code == 1


def test_the_row_holds_one_realm_more_than_there_are_players():
    t = Table("elysion", NEW, seed="1")
    t.ok("reveal Ann=2 Bob=5 Cy=8")
    for line in ("take Ann 12", "take Bob 33", "take Cy 27"):
        t.ok(line)
    t.refused("next --row 7*,15", rule="The row holds one realm more than there are players",
              message="4 realms are drawn here, 2 given")


def test_a_realm_is_taken_from_the_row_a_take_without_one_is_refused():
    t = Table("elysion", NEW, seed="1")
    t.ok("reveal Ann=2 Bob=5 Cy=8")
    t.refused("take Ann", rule="A realm is taken from the row",
              message="Ann takes a realm from the row first (12, 20, 27, 33)")


def test_keep_one_of_the_blessings_drawn_a_keep_naming_none_is_refused():
    t = _day_two_to_take()
    t.ok("take Ann 44 --drawn Nectar,Aegis")
    t.refused("keep Ann", rule="Keep one of the Blessings drawn",  # Ann's draw is hers: not named
              message="name it (Ann's own screen shows them")


def test_each_player_reveals_one_realm_a_day():
    t = Table("elysion", NEW, seed="1")
    t.refused("reveal Ann=2 Bob=5 Cy=8 ann=3", rule="Each player reveals one realm a day",
              message="Ann is named twice")


def test_setup_a_deck_too_small_for_the_hands_and_the_row_is_refused():
    small = ('[catalog]\nname = "Five"\nfactions = ["sky"]\n'
             + "".join(f'[[realm]]\nnumber = {n}\nfaction = "sky"\n' for n in range(1, 6)))
    t = Table("elysion", None)
    out = t.run(["new", "--player", "Ann", "--player", "Bob", "--catalog", str(_write(t, small))])
    assert out.code == 1, out.output
    assert out.error["rule"] == ("Setup: starting hands, then a row of one realm more than "
                                 "there are players")
    assert "too few for 2 hands of 3" in out.error["message"]


def _write(t: Table, text: str):
    path = t.path.parent / "small.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_malformed_input_is_still_a_usage_error():
    t = _day_two_to_take()
    t.refused("take Ann 44 --drawn Nectar,Zeus", code=2, message="no Blessing 'Zeus'")
    t.refused("reveal Ann", code=2)
