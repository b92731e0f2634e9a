"""Poker Dice, the sixth game written from docs/engine.md alone (tests/games/poker/): its rules,
worked out by hand, and its cups kept from everyone but their player on every output path."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from referee.model import registry
from referee.model.chance import Chance
from referee.testing import Table, refused_by

NEW = "--player Ann --player Bob"
TURN_RULE = "Turn order"


def _engine():
    return registry.engine("poker")


def _hands():
    from games.poker import hands

    return hands


def _dealt(ann: str, bob: str, target: int = 3):
    """A game whose cups were rolled as given (the recorded draws handed back)."""
    return _engine().start({"players": ["Ann", "Bob"], "target": target}, Chance("poker", 0, recorded=[
        {"label": "cup Ann", "value": list(ann)}, {"label": "cup Bob", "value": list(bob)}]))


def _apply(state, action, ply, recorded=None):
    engine = _engine()
    state, events = engine.apply(state, action, Chance("poker", ply, recorded=recorded))
    engine.check_invariants(state)
    return state, events


# -- the hands ------------------------------------------------------------------------------

@pytest.mark.parametrize(("cup", "name"), [
    ("44444", "five of a kind"), ("26222", "four of a kind"), ("35353", "full house"),
    ("41352", "straight"), ("65432", "straight"), ("13456", "nothing"), ("61636", "three of a kind"),
    ("21251", "two pairs"), ("33146", "one pair"),
])
def test_each_hand_is_named_by_what_five_dice_make(cup, name):
    assert _hands().name(list(cup)) == name


def test_a_better_hand_beats_a_worse_and_equal_hands_compare_face_by_face():
    hands = _hands()
    # a full house beats a straight; 6 6 2 2 5 beats 5 5 4 4 6 (the higher pair first)
    assert hands.best({"Ann": list("12345"), "Bob": list("22333")}) == ["Bob"]
    assert hands.best({"Ann": list("66225"), "Bob": list("55446")}) == ["Ann"]
    # the same two pairs: the fifth die decides (3 over 1)
    assert hands.best({"Ann": list("66221"), "Bob": list("62623")}) == ["Bob"]
    # 2-6 beats 1-5; the same faces in another order tie
    assert hands.best({"Ann": list("54321"), "Bob": list("23456")}) == ["Bob"]
    assert hands.best({"Ann": list("14616"), "Bob": list("66411")}) == ["Ann", "Bob"]


# -- the round ------------------------------------------------------------------------------

def test_a_reroll_replaces_the_dice_at_those_places_and_passes_the_turn():
    state = _dealt("41545", "21213")
    state, events = _apply(state, {"verb": "reroll", "player": "Ann", "dice": "2,4"}, 1,
                           [{"label": "reroll Ann", "value": ["5", "5"]}])
    # places 2 and 4 (1 and 4) rolled again as 5 and 5: 4 5 5 5 5, four of a kind
    assert state["cups"]["Ann"] == list("45555") and state["rerolled"]["Ann"] == 2
    assert _engine().current(state) == "Bob"
    assert events[0]["to"] == "Ann" and "four of a kind" in events[0]["text"]
    assert events[0]["others"] == "Ann re-rolls 2 dice under the cup."


def test_the_showdown_gives_the_best_hand_a_point_and_rolls_new_cups_the_next_player_opening():
    state = _dealt("41545", "21213")
    state, _ = _apply(state, {"verb": "stand", "player": "Ann"}, 1)
    state, events = _apply(state, {"verb": "stand", "player": "Bob"}, 2,
                           [{"label": "cup Ann", "value": list("11111")}, {"label": "cup Bob", "value": list("23456")}])
    # two pairs of 5 and 4 beat two pairs of 2 and 1
    assert state["scores"] == {"Ann": 1, "Bob": 0} and state["best"] == ["Ann"]
    assert state["shown"] == {"Ann": list("41545"), "Bob": list("21213")}
    assert "Ann scores (1 of 3)" in events[1]["text"] and "to" not in events[1]
    assert state["round"] == 2 and _engine().current(state) == "Bob"
    assert state["cups"] == {"Ann": list("11111"), "Bob": list("23456")}


def test_a_tie_for_the_best_hand_scores_nobody():
    state = _dealt("66411", "14616")
    state, _ = _apply(state, {"verb": "stand", "player": "Ann"}, 1)
    state, events = _apply(state, {"verb": "stand", "player": "Bob"}, 2)
    assert state["scores"] == {"Ann": 0, "Bob": 0} and state["best"] == ["Ann", "Bob"]
    assert "Ann and Bob tie for the best hand: no point" in events[1]["text"]


def test_the_first_to_the_target_wins_and_the_game_is_over():
    state = _dealt("33333", "12346", target=1)
    state, _ = _apply(state, {"verb": "stand", "player": "Ann"}, 1)
    state, events = _apply(state, {"verb": "stand", "player": "Bob"}, 2)
    assert state["winner"] == "Ann" and _engine().is_over(state)
    assert _engine().summary(state)["winners"] == ["Ann"]
    assert events[-1]["text"] == "Ann has 1 point and wins."


def test_the_board_shows_each_hand_of_the_last_showdown_on_its_own_line_within_80_columns():
    engine = _engine()
    names = ["Annabel", "Bartholomew", "Cyprian", "Deirdre", "Evangeline"]
    state = engine.start({"players": names, "target": 3}, Chance("poker", 0, recorded=[
        {"label": f"cup {p}", "value": list(cup)} for p, cup in zip(names, ("66225", "55446", "12345", "33331", "14616"), strict=True)]))
    for ply, p in enumerate(names, 1):
        state, _ = _apply(state, {"verb": "stand", "player": p}, ply)
    board = engine.render(engine.masked(state)).splitlines()
    # Deirdre's four 3s win the round: a point, said as one point
    assert board[4].startswith("   Deirdre      1 point    cup: ? ? ? ? ?")
    at = board.index("Last showdown:")
    assert board[at + 1:at + 6] == [
        "   Annabel      6 6 2 2 5 (two pairs)", "   Bartholomew  5 5 4 4 6 (two pairs)",
        "   Cyprian      1 2 3 4 5 (straight)", "   Deirdre      3 3 3 3 1 (four of a kind)",
        "   Evangeline   1 4 6 1 6 (two pairs)"]
    assert max(len(line) for line in board) <= 80


def test_a_player_re_rolls_or_stands_once_a_round_in_turn():
    engine = _engine()
    state = _dealt("41545", "21213", target=3)
    with refused_by(TURN_RULE):
        engine.apply(engine.copy(state), {"verb": "stand", "player": "Bob"}, Chance("poker", 1))
    with Table("poker", NEW) as t:
        t.ok("reroll Ann 1")
        t.refused("reroll Ann 2", rule=TURN_RULE)
        t.refused("stand Ann", rule=TURN_RULE)
        t.ok("stand Bob")  # the showdown: a new round, Bob opens
        assert t.state["round"] == 2 and t.summary["current"] == "Bob"
        t.refused("stand Ann", rule=TURN_RULE)


@pytest.mark.parametrize(("places", "said"), [
    ("0", "place in the cup is 1-5"), ("6", "place in the cup is 1-5"), ("1,1", "each die is named once"),
    ("''", "name the dice to re-roll"), ("a", "place in the cup is 1-5"), ("1,,7", "place in the cup is 1-5"),
])
def test_a_reroll_names_places_one_to_five_each_once(places, said):
    with Table("poker", NEW) as t:
        t.refused(f"reroll Ann {places}", code=2, message=said)
        assert t.state["done"] == []


# -- who is looking -------------------------------------------------------------------------

def _cli(t: Table, *words: str) -> tuple[int, str]:
    from referee.cli.root import cli

    result = CliRunner().invoke(cli, ["--db", str(t.path), "--session", str(t.sid), *words])
    return result.exit_code, result.output


def test_no_cup_shows_to_the_table_or_another_seat_on_any_screen():
    with Table("poker", NEW, seed=None) as t:
        t.ok("reroll Ann 1,3")
        cups = {p: " ".join(c) for p, c in t.state["cups"].items()}
        ann = cups["Ann"]
        for who in ([], ["--as", "Bob"]):
            seen = {}
            for words in (["poker", "status"], ["--json", "poker", "status"], ["log"], ["log", "-v"],
                          ["--json", "log"], ["poker", "hint"], ["--json", "poker", "hint"],
                          ["export", "--format", "csv", "-o", "-"], ["export", "--format", "md", "-o", "-"],
                          ["export", "--format", "summary", "-o", "-"], ["export", "-o", "-"]):
                code, out = _cli(t, *who, *words)
                assert code == 0, (words, out)
                seen[" ".join(words)] = out
            for words, out in seen.items():
                assert "Ann's cup" not in out and "Ann re-rolls die" not in out, (who, words)
                if ann != cups["Bob"] or not who:
                    assert ann not in out, (who, words)
                    assert json.dumps(t.state["cups"]["Ann"]) not in out, (who, words)
            assert "Ann re-rolls 2 dice under the cup." in seen["log -v"]
        _code, status = _cli(t, "--json", "poker", "status")
        assert json.loads(status)["state"]["cups"] == {"Ann": ["?"] * 5, "Bob": ["?"] * 5}
        _code, table = _cli(t, "poker", "status")
        assert "cup: ? ? ? ? ?" in table and "re-rolled 2" in table
        _code, mine = _cli(t, "--as", "ann", "poker", "status")
        assert f"Ann's cup (for Ann alone): {', '.join(t.state['cups']['Ann'])}" in mine
        assert f"cup: {ann} (" in mine and "Bob's cup" not in mine


def test_the_showdown_shows_every_cup_to_everyone():
    with Table("poker", NEW, seed=None) as t:
        t.ok("stand Ann")
        before = {p: " ".join(c) for p, c in t.state["shown"].items()} if t.state["shown"] else None
        assert before is None
        t.ok("stand Bob")
        shown = t.state["shown"]
        code, table = _cli(t, "poker", "status")
        assert code == 0 and f"Last showdown:\n   Ann          {' '.join(shown['Ann'])}" in table
        code, logged = _cli(t, "log", "-v")
        assert code == 0 and f"Bob: {' '.join(shown['Bob'])}" in logged
