"""Crôa! play-test findings (issue 10): names in messages, one tile spelling, shared squares
and the round in `status`."""

from __future__ import annotations

from croa_table import Pond
from test_croa_cards import hand, table

from referee.games.croa import ENGINE
from referee.record import session
from referee.scorers.croa import next_tile

# -- messages name the colony as a possessive ---------------------------------------------


def test_log_push_off_names_the_owner_of_the_servant():
    t = Pond()
    t.tile("b2", "log")
    t.place("Bob", "b2")
    t.place("Ann", "b2")
    t.move("b1", "b2")
    text = t.do("remove", which="Bob")
    assert "Bob's servant is pushed off the log at b2 to the reserve." in text
    assert "A Bob" not in text


def test_one_more_frog_names_the_owner_of_the_servant():
    t = table()
    hand(t, "Ann", "one_more_frog", "twins", "the_force")
    text = t.do("card", card="one_more_frog", to="b2", tile="reeds")
    assert "One more frog: Ann's servant joins the pond on b2" in text
    assert "a Ann" not in text


# -- the lily pad: typed either way, printed `lilypad` -------------------------------------


def test_lily_pad_typed_either_way_is_recorded_and_shown_as_lilypad():
    for typed in ("lilypad", "lily_pad", "lily-pad", "Lily pad"):
        t = Pond()
        t.move("a2", "a3", tile=typed)
        assert t.state["tiles"]["a3"] == "lilypad"
        assert t.state["piles"]["blue"]["lilypad"] == 3 and "lily_pad" not in t.state["piles"]["blue"]


def test_odds_print_lilypad_whichever_spelling_was_typed():
    # blue: 16 tiles, 4 lily pads; one revealed (typed the old way) leaves 3 of 15
    result = next_tile("blue", ["lily_pad"])
    assert result["exact"]["lilypad"] == "1/5" and "lily_pad" not in result["exact"]
    assert "lily_pad" not in ENGINE.lexicon.vocabulary(Pond().state)["tiles"]


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


# -- status: frogs sharing a square, and the round --------------------------------------------

FOUR = ("Ann:red", "Bob:blue", "Cy:green", "Dee:yellow")


def test_status_says_a_queen_and_her_baby_share_a_square_before_her_colony_plays():
    t = Pond()
    t.tile("b2", "male1")
    t.move("a1", "b2")  # Ann's queen makes a baby on b2; Bob plays next
    text = ENGINE.render(t.state)
    assert "Turn 2 (round 1) · Bob (blue) to play." in text
    assert "Ann's queen and a servant share b2: one must move on Ann's next turn." in text
    t.move("h7", "h6", tile="reeds")
    text = ENGINE.render(t.state)
    assert "Ann's queen and a servant share b2: one must move this turn." in text
    assert "next turn" not in text


def _shuttle(t: Pond, moves: int) -> None:
    """Each colony moves one servant back and forth between two reeds in its zone."""
    lanes = {"Ann": ("a3", "a4"), "Bob": ("a6", "a5"), "Cy": ("h6", "h5"), "Dee": ("h3", "h4")}
    starts = {"Ann": "a2", "Bob": "a7", "Cy": "h7", "Dee": "h2"}
    for one, two in lanes.values():
        t.tile(one, "reeds")
        t.tile(two, "reeds")
    where = dict(starts)
    for _ in range(moves):
        who = t.current
        one, two = lanes[who]
        to = one if where[who] != one else two
        t.move(where[who], to)
        where[who] = to


def test_round_counts_one_turn_per_colony_turn_31_of_four_is_round_8():
    t = Pond(FOUR)
    _shuttle(t, 30)
    assert t.state["turn"] == 31 and t.current == "Cy"  # 30 turns done: 31 = 4 * 7 + 3
    assert "Turn 31 (round 8) · Cy (green) to play." in ENGINE.render(t.state)
    _shuttle_more = Pond(FOUR)
    _shuttle(_shuttle_more, 32)  # turn 33: the first colony opens round 9
    assert "Turn 33 (round 9) · Ann (red) to play." in ENGINE.render(_shuttle_more.state)


def test_round_follows_the_colonies_still_in_the_pond_after_an_elimination():
    t = Pond(("Ann:red", "Bob:blue", "Cy:green"))

    def bob_out(state) -> None:
        bob = state["colonies"][1]
        bob["alive"] = False
        for f in bob["frogs"]:
            f["square"] = None

    t.arrange(bob_out)
    t.move("a2", "a3", tile="reeds")  # turn 1 Ann, then Cy (Bob is out)
    t.move("h7", "h6", tile="reeds")  # turn 2 Cy, then Ann again: a new round
    # 3 turns with 2 colonies left: round 2, where ceil(3 / 3 seats) would say round 1
    assert t.state["turn"] == 3 and t.current == "Ann"
    assert "Turn 3 (round 2) · Ann (red) to play." in ENGINE.render(t.state)


def test_pond_status_fits_80_columns_with_four_colonies_and_cards():
    t = Pond(("Annabel:red", "Bob:blue", "Cy:green", "Dee:yellow"), cards=True, deal=True)

    def arrange(state) -> None:
        state["colonies"][1]["force"] = True  # the force lies in front of Bob: "4 + force"
        state["deck"]["the_force"] -= 1
        state["colonies"][2]["alive"] = False  # the longest status word: eliminated
        for f in state["colonies"][2]["frogs"]:
            f["square"] = None

    t.arrange(arrange)
    t.tile("b2", "male1")
    t.move("a1", "b2")
    text = ENGINE.render(t.state)
    assert "eliminated" in text and "share b2" in text
    widest = max(text.splitlines(), key=len)
    assert len(widest) <= 80, widest
