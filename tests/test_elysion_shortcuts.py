"""Fewer keystrokes, no silent slips (issue 12), for Elysion.

Players and Blessing/Shade names by a unique prefix (a Blessing kept among those just
drawn, a Shade among those face up), recorded in full; an ambiguous prefix is refused,
never guessed. `next` says which day it ended and what comes next, and is refused,
naming who is still to take, while the day is not done.
"""

from __future__ import annotations

from elysion_table import Journey

from referee.testing import Table

NEW = ("--player Ann --player Bob --player Cy --constellations --styx --row 12,20,27,33 "
       '--shades "Stone Giant,Ferryman,Old Sailor"')

DAY_TWO_IN_FULL = [
    "reveal Ann=32* Bob=33 Cy=7",
    "take Cy 7*",
    "take Ann 44 --drawn Nectar,Aegis",
    "keep Ann Aegis",
    'take Bob 15 --drawn "Golden Apple"',
    "next --row 17,22,42,61",
]
DAY_TWO_SHORT = [
    "reveal a=32* b=33 c=7",
    "take c 7*",
    "take a 44 --drawn nec,aeg",
    "keep a a",  # among the two just drawn, only Aegis starts with a
    "take b 15 --drawn gol",
    "next --row 17,22,42,61",
]


def _after_day_one() -> Table:
    t = Table("elysion", NEW, seed="1")
    for line in ("reveal Ann=2 Bob=5 Cy=8", "take Ann 12", "take Bob 33", "take Cy 27",
                 "next --row 7*,15,44,57"):
        t.ok(line)
    return t


def test_short_forms_record_the_same_day_as_the_names_in_full():
    # Day 2 of examples/elysion.txt, typed both ways: the same log, the same state.
    full, short = _after_day_one(), _after_day_one()
    for line in DAY_TWO_IN_FULL:
        full.ok(line)
    for line in DAY_TWO_SHORT:
        short.ok(line)
    assert [r["action"] for r in short.loaded.records] == [r["action"] for r in full.loaded.records]
    assert short.state == full.state
    assert short.state["blessings"] == {"Ann": ["Aegis"], "Bob": ["Golden Apple"], "Cy": []}
    # characters typed for the day (without Enter): 138 in full, 106 short
    assert (sum(map(len, DAY_TWO_IN_FULL)), sum(map(len, DAY_TWO_SHORT))) == (138, 106)


def test_an_ambiguous_player_prefix_is_refused_not_guessed():
    t = Table("elysion", "--player Ann --player Annika --player Bob --row 40,41,42,43", seed="1")
    out = t.refused("reveal an=5 annik=6 b=7", code=2, message="could be Ann or Annika")
    assert "type more of the name" in out.error["message"]
    t.ok("reveal ann=5 annik=6 b=7")  # an exact name beats a longer one it begins
    assert t.state["order"] == ["Ann", "Annika", "Bob"]
    t.refused("take annika 40", rule="Take order", message="it is Ann's turn (realm 5)")


def test_a_player_named_twice_through_a_prefix_is_refused():
    t = Table("elysion", "--player Ann --player Bob --row 40,41,42", seed="1")
    t.refused("reveal Ann=5 a=6 Bob=3", rule="Each player reveals one realm a day",
              message="Ann is named twice")


def test_blessing_prefix_ambiguous_in_the_catalog_is_refused_naming_the_candidates():
    t = _after_day_one()
    t.ok("reveal a=32* b=33 c=7")
    t.ok("take c 7*")
    out = t.refused("take a 44 --drawn a,nec", code=2, message="'a' fits")
    assert "Aegis" in out.error["message"] and "Ambrosia" in out.error["message"]


def test_a_shade_by_a_prefix_of_the_face_up_ones():
    # Day 3 of the Styx journey: Ann's earth 2, 12, 17 meet Stone Giant's goal.
    g = Journey(styx=True, hand=8, shades=["Stone Giant", "Ferryman", "Old Sailor"])
    g("reveal", realms={"Ann": "2", "Bob": "7", "Cy": "8"})
    for p, r in (("Ann", "40"), ("Bob", "41"), ("Cy", "42")):
        g("take", player=p, realm=r)
    g("next", row=["50", "51", "52", "53"])
    g("reveal", realms={"Ann": "12", "Bob": "13", "Cy": "9"})
    g("take", player="Cy", realm="50", drawn=["Trident"])
    g.ok("take an 51 --drawn aeg,nec")
    g.ok("keep an n")
    assert g.state["blessings"]["Ann"] == ["Nectar"]
    g("take", player="Bob", realm="52", drawn=["Olive Branch"])
    g("next", row=["54", "55", "56", "60"])
    g("reveal", realms={"Ann": "17", "Bob": "19", "Cy": "3"})
    g("take", player="Cy", realm="54")
    g.ok("take a 55 --drawn ambr,cad --keep amb")
    g.ok("shade a st")
    assert g.state["journeys"]["Ann"][-1] == {"realm": "17", "shade": "Stone Giant"}
    assert g.loaded.records[-1]["action"] == {"verb": "shade", "player": "Ann",
                                              "shade": "Stone Giant"}


def test_next_says_which_day_it_ended_and_what_comes_next():
    t = _after_day_one()
    day_one = t.loaded.records[-1]["events"]
    assert day_one[0]["text"] == "Day 1 is over. Realm 20 leaves the game."
    assert day_one[-1]["text"].startswith("Day 2: everyone picks a realm")


def test_next_before_the_day_is_done_is_refused_naming_who_is_still_to_take():
    t = Table("elysion", "--player Ann --player Bob --player Cy --row 40,41,42,43", seed="1")
    t.refused("next", rule="A day: reveal, then take in order, then next",
              message="the realms are not revealed yet")
    t.ok("reveal Ann=5 Bob=10 Cy=20")
    t.ok("take Ann 40")
    t.refused("next", rule="A day: reveal, then take in order, then next",
              message="Bob, Cy still to take a realm")
    t.ok("take Bob 41")
    t.ok("take Cy 42")
    assert t.ok("next").text.startswith("Day 1 is over. Realm 43 leaves the game.")
    t.refused("next", message="the realms are not revealed yet", rule="A day: reveal, then take in order, then next")  # a `next` too many


def test_a_second_look_back_is_refused_by_the_engine_and_shown_again_without_it():
    from test_elysion_lookback import play

    g = play(stop_before_lookback=True)[3]
    g.ok("lookback")
    assert g.summary["over"]
    g.refused("lookback --give-up Ann:32*=none", rule="The look back is scored once",
              message="scored already")
    shown = g.run("lookback")
    assert shown.code == 0 and shown.result["lookback"]["ranking"][0][1] == "Bob"


def test_pass_without_a_name_is_the_deciding_players_and_is_logged_with_it():
    # Day 4 of the example: Cy's Stone Giant decision; `pass` alone answers it.
    t = _after_day_one()
    for line in [
        *DAY_TWO_SHORT,
        "reveal a=12 b=15 c=7*", "take c 17 --drawn arg", "take a 22", "take b 42",
        "next --row 47,50,55,63", "reveal a=22 b=42 c=17", "take c 47 --drawn cyc",
    ]:
        t.ok(line)
    assert t.summary["pending"] == [
        {"player": "Cy", "decision": "take-shade", "choices": ["Stone Giant", "pass"]}]
    assert t.ok("pass").text.startswith("Cy takes no Shade.")
    assert t.loaded.records[-1]["action"] == {"verb": "pass", "player": "Cy"}
    t.refused("pass", rule="A take turn", message="Ann first takes a realm")  # nothing pending
