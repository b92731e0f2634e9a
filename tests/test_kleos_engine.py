"""The engine's faces: status rendering, summary, vocabulary, log lines, stat checks, and
robustness against anything a user can type."""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as hs
from test_kleos_support import CARDS, new_game

from referee.errors import RefereeError
from referee.games.kleos import ENGINE


def action_game():
    g = new_game(deploy={"ares": ["Hoplite Warrior", "Centaur"], "athena": ["Hoplite Warrior"]})
    g.to_action_phase()
    return g


def test_status_shows_board_turn_pending_and_glory_track():
    g = action_game()
    g.place("ares:1", "market")
    g.place("athena:1", "market")
    g.do("favor", minion="ares:2")
    g.do("glory", god="ares", delta="+2", reason="a card")
    g.do("move", minion="ares:1", to="arena")
    text = ENGINE.render(g.state)
    assert "Day 1 of 5 · Action Phase · Ann (Ares) to act" in text
    assert "WAITING: Bob (Athena) may make an opportunity attack on ares:1" in text
    assert "`oa athena:1`" in text and "`pass`" in text
    assert "Olympus' Favor" in text and "Swift" in text
    assert "Amazonian Queen Myrina" in text  # the Isles table
    glory_line = next(line for line in text.splitlines() if line.startswith("Ann "))
    assert " 2 " in glory_line and "+2" in glory_line and "first player" in glory_line


def test_status_shows_the_winner_at_the_end():
    g = new_game()
    while g.state["phase"] != "over":
        g.do("next")
    assert "Winner:" in ENGINE.render(g.state)
    assert ENGINE.summary(g.state)["winners"] == ["Ann", "Bob"]  # 0-0, all tied: shared


def test_vocabulary_lists_minions_locations_cards_and_verbs():
    g = action_game()
    vocab = ENGINE.vocabulary(g.state)
    assert {"ares:1", "ares:2", "ares:champion", "ares:c", "athena:1"} <= set(vocab["minions"])
    assert {"port", "market", "arena", "theater", "isle1", "h1", "h5"} <= set(vocab["locations"])
    assert "h3" not in vocab["locations"]  # no temple there with two players
    assert {"move", "attack", "recruit", "oa", "pass", "next", "play"} <= set(vocab["verbs"])
    # names with spaces come quoted, ready for the shell's command line
    assert '"Amazonian Queen Myrina"' in vocab["cards"] and "Minotaur" in vocab["cards"]
    assert vocab["players"] == ["Ann", "Bob"]


def test_describe_reads_like_the_table_says_it():
    assert ENGINE.describe({"verb": "move", "minion": "ares:2", "to": "port", "to2": "isle1"}) == \
        "ares:2 moves to port then isle1"
    assert ENGINE.describe({"verb": "attack", "minion": "ares:1", "target": "athena:1",
                            "dice": "ss-"}) == "ares:1 attacks athena:1 (dice=ss-)"


def test_stat_check_against_a_number_and_a_competing_check():
    g = action_game()
    g.do("check", minion="ares:2", stat="cunning", need=1, dice="-s")  # Centaur Cunning 2
    assert g.events[0]["text"] == "Cunning check: success (needs 1)"
    before = g.state
    g.do("check", minion="ares:2", stat="cunning", against="athena:1", dice="ss", against_dice="s")
    assert g.events[0]["text"] == "Cunning check: ares:2 wins"
    assert g.state["minions"] == before["minions"]  # a check changes nothing
    assert g.m("ares:2")["actions"] == 2


def test_champion_cards_are_never_played():
    g = new_game()
    g.refused("deploy", "always in play", god="ares", cards=["Achilles"])


def test_move_by_a_card_effect_spends_no_action_and_still_offers_opportunity_attacks():
    g = action_game()
    g.place("ares:1", "market")
    g.place("athena:1", "market")
    g.do("move", minion="athena:1", to="isle4", effect=True)  # a Siren drags it away
    assert g.state["pending"]["queue"] == ["ares"]
    g.do("pass")
    assert g.m("athena:1")["location"] == "isle4" and g.m("athena:1")["actions"] == 2


TEXT = hs.text(alphabet=string.ascii_letters + string.digits + ":-+/ =,", max_size=12)
VERBS = ["isle", "deploy", "next", "play", "attach", "move", "oa", "pass", "attack", "recruit",
         "replace", "kill", "glory", "favor", "check", "bogus"]
FIELDS = ["minion", "target", "to", "to2", "god", "card", "isle", "slot", "dice", "retaliation",
          "stat", "reason", "delta", "by", "as", "mod", "replace", "need", "against", "bonus"]


@settings(max_examples=300, deadline=None)
@given(verb=hs.sampled_from(VERBS),
       fields=hs.dictionaries(hs.sampled_from(FIELDS), TEXT | hs.integers(-5, 9), max_size=6),
       cards=hs.lists(TEXT, max_size=3), pending=hs.booleans())
def test_any_typed_input_gives_a_result_or_a_clear_error(verb, fields, cards, pending):
    g = action_game()
    if pending:  # an opportunity attack waits for Bob
        g.place("ares:1", "market")
        g.place("athena:1", "market")
        g.do("move", minion="ares:1", to="arena")
    action = {"verb": verb, **fields}
    if verb == "deploy":
        action["cards"] = cards
    try:
        g.do(verb=verb, **{k: v for k, v in action.items() if k != "verb"})
    except RefereeError as exc:
        assert exc.message


def test_unknown_card_stats_are_checked():
    g = new_game(isles=False)
    bad = {**CARDS["Centaur"], "name": "Centaur", "attack": -1}
    assert "cannot be below 0" in g.bad_input("deploy", god="ares", cards=["Centaur"],
                                               stats=[bad]).message
