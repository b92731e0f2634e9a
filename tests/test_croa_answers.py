"""Crôa! at the table (issue 12): no window nobody can answer, `pass all`, unique prefixes."""

from __future__ import annotations

import pytest
from croa_table import Pond
from test_croa_cards import hand, table

from referee.games.croa import ENGINE
from referee.model.errors import InputError
from referee.testing import Table, refused_by

THREE = ("Ann:red", "Bob:blue", "Cy:green")


def _all_face_up(t: Pond, card: str, copies: int) -> None:
    """Every copy of a card lies in the discard pile (played earlier), out of the real deck."""

    def discard(state) -> None:
        state["deck"]["?"] -= copies
        state["discard"][card] = copies

    t.arrange(discard)


# -- no window when the referee knows nobody can answer ---------------------------------------


def test_a_window_for_an_answer_does_not_tell_who_holds_the_card():
    # The referee dealt the hands and knows Bob holds neither a Doesn't work! nor a
    # Thunderclap while Cy holds both; still each window asks both of them, as a table with
    # real cards would: who is asked tells nobody who holds one.
    t = Pond(THREE, cards=True, deal=True)
    hand(t, "Ann", "mating_season", "twins", "the_force")
    hand(t, "Bob", "mega_jump", "mega_jump", "bodyguard")
    hand(t, "Cy", "doesnt_work", "thunderclap", "bodyguard")
    t.do("card", card="mating_season", male="male1")
    assert [(p["player"], p["decision"]) for p in t.summary["pending"]] == [
        ("Bob", "doesnt-work"), ("Cy", "doesnt-work")]
    assert "Bob and Cy may cancel Mating season" in ENGINE.render(t.state)
    t.do("pass", player="Bob")  # Bob, who holds none, passes like anyone asked
    t.do("pass", player="Cy")
    assert t.at("a1") == "Rr"
    t.move("a1:servant", "b2", tile="lilypad")  # Ann has played her card: she is not asked
    assert [(p["player"], p["decision"]) for p in t.summary["pending"]] == [
        ("Ann", "bounce"), ("Bob", "thunderclap"), ("Cy", "thunderclap")]
    assert "(Bob and Cy may hold one)" in ENGINE.render(t.state)
    refused = t.refuse({"verb": "card", "card": "thunderclap", "player": "Bob"},
                       rule="Card module (module cartes): play from your hand")
    assert "mega_jump" not in refused.message and "croa hand Bob" in refused.message


def test_no_window_when_every_doesnt_work_lies_face_up_with_dealt_hands():
    t = table(THREE)  # every Doesn't work! lies face up: nobody can answer
    hand(t, "Ann", "mating_season", "twins", "the_force")
    t.do("card", card="mating_season", male="male1")
    assert t.summary["pending"] == [] and t.at("a1") == "Rr"
    assert "works" not in t.text  # no window was opened, so none is settled


def test_no_window_when_every_doesnt_work_lies_face_up():
    # Real hands: any card may be a Doesn't work!, unless all 9 of them are in the discard.
    t = Pond(cards=True)
    _all_face_up(t, "doesnt_work", 9)
    t.do("card", card="mating_season", male="male1")
    assert t.summary["pending"] == [] and t.at("a1") == "Rr"
    with refused_by("Card module (module cartes): play from your hand", match="every Doesn't work! lies face up"):
        t.do("card", card="doesnt_work", player="Bob")


def test_a_window_still_opens_while_one_doesnt_work_may_be_in_a_real_hand():
    t = Pond(cards=True)
    _all_face_up(t, "doesnt_work", 8)
    t.do("card", card="mating_season", male="male1")
    assert [p["player"] for p in t.summary["pending"]] == ["Bob"]


def test_a_single_bounce_is_automatic_when_every_thunderclap_lies_face_up():
    # the same pond as test_a_single_bounce_waits_while_someone_holds_a_thunderclap, real
    # hands, but all 7 thunderclaps are in the discard: nobody can stop the only bounce
    t = Pond(cards=True)
    _all_face_up(t, "thunderclap", 7)
    for sq in ("b7", "a7", "b8"):
        t.place("Ann", sq)
    t.tile("b7", "reeds")
    t.tile("a8", "lilypad")
    t.move("b7", "a8")
    assert "must bounce to b7 (the only choice)" in t.text and t.summary["pending"] == []


# -- pass: one colony, or all of them at once ------------------------------------------------


def test_pass_all_closes_a_window_for_every_colony_asked():
    t = Pond(THREE, cards=True)
    t.do("card", card="mating_season", male="male1")
    assert [p["player"] for p in t.summary["pending"]] == ["Bob", "Cy"]
    t.do("pass", player="all")
    assert "Mating season! works" in t.text
    assert t.summary["pending"] == [] and t.at("a1") == "Rr"


def test_pass_name_answers_for_one_and_the_window_waits_for_the_others():
    t = Pond(THREE, cards=True)
    t.do("card", card="mating_season", male="male1")
    t.do("pass", player="bo")  # a unique prefix names Bob
    assert [p["player"] for p in t.summary["pending"]] == ["Cy"]
    assert "Cy may still answer" in t.text and t.at("a1") == "R"
    t.do("pass")  # one colony asked: a bare pass is hers
    assert t.at("a1") == "Rr" and t.summary["pending"] == []


def test_a_bare_pass_is_refused_while_several_may_answer():
    t = Pond(THREE, cards=True)
    t.do("card", card="mating_season", male="male1")
    with pytest.raises(InputError, match="Bob and Cy may answer: `pass all`"):
        t.do("pass")
    with refused_by("Card module (module cartes): one card in your own turn, at its timing; orange cards also in others' turns", match="Ann is not asked"):
        t.do("pass", player="Ann")
    assert len(t.summary["pending"]) == 2


def test_pass_all_typed_at_the_command_line():
    t = Table("croa", "--player Ann:red --player Bob:blue --player Cy:green --cards", seed="5")
    t.ok("card mating_season --male male1")
    t.refused("pass", code=2, message="pass all")
    t.ok("pass ALL")
    # the baby joins Ann's queen on a1
    assert t.summary["pending"] == []
    assert [f["square"] for f in t.state["colonies"][0]["frogs"]].count("a1") == 2


# -- unique prefixes: cards, colours, tiles -------------------------------------------------


def test_a_card_named_by_a_unique_prefix_is_recorded_by_its_full_name():
    t = Table("croa", "--player Ann:red --player Bob:blue --cards", seed="5")
    t.ok("card mat --male m1")
    assert t.loaded.records[-1]["action"]["card"] == "mating_season"
    t.ok("pass")
    assert t.state["discard"] == {"mating_season": 1}
    out = t.refused("card t", code=2)  # thunderclap, the force or twins?
    assert "could be the_force or thunderclap or twins" in out.error["message"]


def test_a_colony_named_by_a_unique_prefix_of_its_colour_or_player():
    t = Pond(THREE, cards=True)
    t.do("card", card="mating_season", male="male1")
    t.do("card", card="doesnt_work", player="gr")  # green: Cy
    assert "Cy plays Doesn't work!" in t.text
    with pytest.raises(InputError, match="no player 'purple'"):
        t.do("card", card="doesnt_work", player="purple")


def test_colours_and_tiles_by_a_unique_prefix():
    t = Table("croa", "--player Ann:r --player Bob:blu", seed="5")
    assert [c["color"] for c in t.state["colonies"]] == ["red", "blue"]
    t.ok("move a2 a3 -t li")
    assert t.state["tiles"]["a3"] == "lilypad"
    t.refused("bounce b3:m", code=2, message="could be male1 or")
    t.ok("bounce b3:mo")
    t.ok("mosquito b1-c2:r")
    assert t.state["tiles"]["b3"] == "mosquito" and t.state["tiles"]["c2"] == "reeds"
    bad = Table("croa", None)
    out = bad.run(["new", "--player", "Ann:b", "--player", "Bob:red"])
    assert out.code == 2 and "could be blue or black or brown" in out.error["message"]


def test_an_old_logs_bare_pass_still_speaks_for_every_colony_asked():
    # Logs written before `pass all` recorded a bare `pass` for the whole window: they replay.
    from referee.games.croa import ENGINE
    from referee.record import session

    new = {"verb": "new", "players": list(THREE), "cards": True}
    records = [{"action": new, "results": []},
               {"action": {"verb": "card", "card": "mating_season", "male": "male1"},
                "results": []},
               {"action": {"verb": "pass"}, "results": []}]
    state = session.replay(ENGINE, "old", records)
    assert state["pending"] == [] and state["window"] is None
    assert [f["square"] for f in state["colonies"][0]["frogs"]].count("a1") == 2
