"""Crôa! play-test findings (issue 10): names in messages, one tile spelling, shared squares
and the round in `status`."""

from __future__ import annotations

from test_croa_cards import hand, table
from test_croa_fixtures import Table

from referee import session
from referee.games.croa import ENGINE
from scorers.croa import next_tile

# -- messages name the colony as a possessive ---------------------------------------------


def test_log_push_off_names_the_owner_of_the_servant():
    t = Table()
    t.tile("b2", "log")
    t.place("Bob", "b2")
    t.place("Ann", "b2")
    t.move("b1", "b2")
    text = t.act("remove", which="Bob")
    assert "Bob's servant is pushed off the log at b2 to the reserve." in text
    assert "A Bob" not in text


def test_one_more_frog_names_the_owner_of_the_servant():
    t = table()
    hand(t, "Ann", "one_more_frog", "twins", "the_force")
    text = t.act("card", card="one_more_frog", to="b2", tile="reeds")
    assert "One more frog: Ann's servant joins the pond on b2" in text
    assert "a Ann" not in text


# -- the lily pad: typed either way, printed `lilypad` -------------------------------------


def test_lily_pad_typed_either_way_is_recorded_and_shown_as_lilypad():
    for typed in ("lilypad", "lily_pad", "lily-pad", "Lily pad"):
        t = Table()
        t.move("a2", "a3", tile=typed)
        assert t.state["tiles"]["a3"] == "lilypad"
        assert t.state["piles"]["blue"]["lilypad"] == 3 and "lily_pad" not in t.state["piles"]["blue"]


def test_odds_print_lilypad_whichever_spelling_was_typed():
    # blue: 16 tiles, 4 lily pads; one revealed (typed the old way) leaves 3 of 15
    result = next_tile("blue", ["lily_pad"])
    assert result["exact"]["lilypad"] == "1/5" and "lily_pad" not in result["exact"]
    assert "lily_pad" not in ENGINE.vocabulary(Table().state)["tiles"]


def test_an_old_log_recording_lily_pad_still_replays_and_reads_lilypad():
    records = [
        {"action": {"verb": "new", "players": ["Ann:red", "Bob:blue"], "digital": True}},
        {"action": {"verb": "move", "from": "a2", "to": "a3"},
         "results": [{"label": "tile a3", "value": "lily_pad", "source": "referee"}]},
        {"action": {"verb": "bounce", "to": "b3"},
         "results": [{"label": "tile b3", "value": "reeds", "source": "referee"}]},
    ]
    state = session.replay(ENGINE, "1", records)
    assert state["tiles"] == {"a3": "lilypad", "b3": "reeds"}
    physical = {"verb": "move", "from": "a2", "to": "a3", "tile": "lily_pad",
                "bounce": ["b3:lily_pad"]}
    assert ENGINE.describe(physical) == "move a2 -> a3 (lilypad), bounce b3:lilypad"
