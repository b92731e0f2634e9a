"""The engine's faces: status rendering, summary, vocabulary, log lines, stat checks, and
robustness against anything a user can type."""

from __future__ import annotations

import re
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from kleos_table import CARDS, MINOTAUR_IN_HAND, action_phase, do, minion, new_game, place, queue

from referee.games.kleos import ENGINE
from referee.model.errors import InputError, RefereeError


def action_game():
    g = new_game(deploy={"ares": ["Hoplite Warrior", "Centaur"], "athena": ["Hoplite Warrior"]})
    action_phase(g)
    return g


def test_status_shows_board_turn_pending_and_glory_track():
    g = action_game()
    place(g, "ares:1", "market")
    place(g, "athena:1", "market")
    g.act(do("favor", minion="ares:2"))
    g.act(do("glory", god="ares", delta="+2", reason="a card"))
    g.act(do("move", minion="ares:1", to="arena"))
    text = ENGINE.render(g.state)
    assert "Day 1 of 5 · Action Phase · Ann (Ares) to act" in text
    assert "WAITING: Bob (Athena) may make an opportunity attack on ares:1" in text
    assert "`oa athena:1`" in text and "`pass`" in text
    assert "Olympus' Favor" in text and "Swift" in text
    assert "Amazonian Queen Myrina" in text  # the Isles table
    glory_line = next(line for line in text.splitlines() if line.startswith("Ann "))
    assert " 2 " in glory_line and "+2" in glory_line and "first player" in glory_line


def _board_row(text: str, ref: str) -> list[str]:
    """A minion's row on the status board, split into its columns."""
    line = next(line for line in text.splitlines() if line.startswith(f"  {ref} "))
    return re.split(r"\s{2,}", line.strip())


def test_status_shows_each_sides_tactics_tally_and_the_dice_each_minion_fights_with():
    """What decides the next fight: each side's Tactics at the location, and each minion's
    Attack dice there (Attack + its allies' Tactics, its own left out)."""
    g = new_game(gods=("hermes", "ares"), deploy={
        "hermes": ["Hoplite Warrior", "Centaur", "Priest of the Olympian Gods", "Theseus"],
        "ares": ["Hoplite Warrior", "Cyclops"]})
    action_phase(g)
    for ref in ("hermes:1", "hermes:2", "hermes:3", "ares:1", "ares:2"):
        place(g, ref, "market")
    place(g, "hermes:4", "arena")
    text = ENGINE.render(g.state)
    # Ann (Hermes): Hoplite 1 + Centaur 1 + Priest 3 = +5; Bob (Ares): Hoplite 1 + Cyclops -2
    assert "market · 1 glory · Tactics: Ann +5, Bob -1" in text.splitlines()
    assert "arena · 1 glory · Tactics: Ann +2" in text.splitlines()  # Theseus alone
    # the rulebook's example: the Hoplite fights with 2 + 4 = 6 dice; the Priest 1 + 2 = 3
    assert _board_row(text, "hermes:1") == ["hermes:1", "Hoplite Warrior", "2/2/1/+1", "6", "2"]
    assert _board_row(text, "hermes:3")[3] == "3" and _board_row(text, "hermes:4")[3] == "3"
    # Bob's Hoplite: 2 + (-2) = 0 dice; his Cyclops: 4 + 1 = 5
    assert _board_row(text, "ares:1")[3] == "0" and _board_row(text, "ares:2")[3] == "5"


def test_status_shows_a_hunter_bonus_only_while_in_force():
    """Hunter: the Minotaur's +2 Attack/+1 Defense show in its stats and notes when no ally
    shares its location, and vanish when one joins it."""
    g = new_game(deploy={"athena": ["Minotaur", "Hoplite Warrior"]}, isles=MINOTAUR_IN_HAND)
    action_phase(g)
    place(g, "athena:1", "arena")
    row = _board_row(ENGINE.render(g.state), "athena:1")
    assert row == ["athena:1", "Minotaur", "5/4/1/-1", "5", "2", "hunting +2/+1"]
    place(g, "athena:2", "arena")
    row = _board_row(ENGINE.render(g.state), "athena:1")
    assert row == ["athena:1", "Minotaur", "3/3/1/-1", "4", "2"]  # 3 + the Hoplite's 1


def test_status_player_row_shows_zeus_pity_due_and_drawn():
    """5+ glory behind the leader: the player row says Zeus' Pity comes at Daybreak, then that
    it was drawn today; a player 4 behind gets no such note."""
    g = new_game()
    g.act(do("next"))
    g.act(do("glory", god="ares", delta="+4", reason="a card"))

    def bob() -> str:
        return next(line for line in ENGINE.render(g.state).splitlines() if line.startswith("Bob "))

    assert "Zeus' Pity" not in bob()
    g.act(do("glory", god="ares", delta="+1", reason="a card"))
    assert "5 behind: Zeus' Pity at Daybreak" in bob()
    while g.state["day"] == 1:
        g.act(do("next"))
    assert g.state["pity"] == ["athena"] and "Zeus' Pity today" in bob()


def test_status_fits_in_80_columns():
    """Five gods, every minion space used, attachments, a pending opportunity attack and a
    pending choice of which minion goes to Hades: no line of `status` is wider than 80."""
    gods = ("dionysus", "artemis", "athena", "hermes", "ares")
    temples = {g: f"h{i + 1}" for i, g in enumerate(gods)}
    four = ["Priest of the Olympian Gods", "Centaur", "Hoplite Warrior", "Cyclops"]
    g = new_game(gods=gods, temples=temples, deploy=dict.fromkeys(gods, four))
    widths = [max(map(len, ENGINE.render(g.state).splitlines()))]
    g.act(do("next"))  # Dee's (Dionysus) Play Phase
    g.act(do("attach", god="dionysus", card="Curse of the Long-Winded Furies", to="ares:1",
         mod="atk=-1,def=-1,cun=-1,tac=-1", **{"as": "curse"}))
    g.act(do("favor", minion="dionysus:1"))
    g.act(do("play", god="dionysus", card="Theseus"))  # a fifth minion: which goes to Hades?
    widths.append(max(map(len, ENGINE.render(g.state).splitlines())))
    g.act(do("replace", slot="new"))
    action_phase(g)
    for god in gods:
        for slot in ("1", "2", "3", "4", "champion"):
            place(g, f"{god}:{slot}", "market")
    g.act(do("move", minion="dionysus:1", to="h1"))
    assert g.state["pending"]
    widths.append(max(map(len, ENGINE.render(g.state).splitlines())))
    assert max(widths) <= 80, widths


def test_status_shows_the_winner_at_the_end():
    g = new_game()
    while g.state["phase"] != "over":
        g.act(do("next"))
    assert "Winner:" in ENGINE.render(g.state)
    assert ENGINE.summary(g.state)["winners"] == ["Ann", "Bob"]  # 0-0, all tied: shared


def test_vocabulary_lists_minions_locations_cards_and_verbs():
    g = action_game()
    vocab = ENGINE.lexicon.vocabulary(g.state)
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
    ev = g.act(do("check", minion="ares:2", stat="cunning", need=1, dice="-s"))  # Centaur Cunning 2
    assert ev[0]["text"] == "Cunning check: success (needs 1)"
    before = g.state
    ev = g.act(do("check", minion="ares:2", stat="cunning", against="athena:1", dice="ss", against_dice="s"))
    assert ev[0]["text"] == "Cunning check: ares:2 wins"
    assert g.state["minions"] == before["minions"]  # a check changes nothing
    assert minion(g, "ares:2")["actions"] == 2


def test_champion_cards_are_never_played():
    g = new_game()
    g.refuse(do("deploy", god="ares", cards=["Achilles"]), "Champion: one per god, always in play")


def test_move_by_a_card_effect_spends_no_action_and_still_offers_opportunity_attacks():
    g = action_game()
    place(g, "ares:1", "market")
    place(g, "athena:1", "market")
    g.act(do("move", minion="athena:1", to="isle4", effect=True))  # a Siren drags it away
    assert queue(g) == ["ares"]
    g.act(do("pass"))
    assert minion(g, "athena:1")["location"] == "isle4" and minion(g, "athena:1")["actions"] == 2


TEXT = hs.text(alphabet=string.ascii_letters + string.digits + ":-+/ =,", max_size=12)
VERBS = ["isle", "deploy", "next", "play", "attach", "move", "oa", "pass", "attack", "recruit",
         "replace", "kill", "glory", "favor", "check", "bogus"]
FIELDS = ["minion", "target", "to", "to2", "god", "card", "isle", "slot", "dice", "retaliation",
          "stat", "reason", "delta", "by", "as", "mod", "replace", "need", "against", "bonus"]


@pytest.fixture(scope="module")
def fuzz_tables():
    """Two positions, built once: Ann's Action Phase, and the same with an opportunity
    attack waiting for Bob. The typed input is tried on them with --dry-run."""
    plain = action_game()
    waiting = action_game()
    place(waiting, "ares:1", "market")
    place(waiting, "athena:1", "market")
    waiting.act(do("move", minion="ares:1", to="arena"))
    yield {False: plain, True: waiting}
    plain.close()
    waiting.close()


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(verb=hs.sampled_from(VERBS),
       fields=hs.dictionaries(hs.sampled_from(FIELDS), TEXT | hs.integers(-5, 9), max_size=6),
       cards=hs.lists(TEXT, max_size=3), pending=hs.booleans())
def test_any_typed_input_gives_a_result_or_a_clear_error(fuzz_tables, verb, fields, cards,
                                                        pending):
    g = fuzz_tables[pending]
    action = {"verb": verb, **fields}
    if verb == "deploy":
        action["cards"] = cards
    try:
        g.act(do(verb, **{k: v for k, v in action.items() if k != "verb"}), dry_run=True)
    except RefereeError as exc:
        assert exc.message


def test_unknown_card_stats_are_checked():
    g = new_game(isles=False)
    bad = {**CARDS["Centaur"], "name": "Centaur", "attack": -1}
    assert "cannot be below 0" in g.refuse(do("deploy", god="ares", cards=["Centaur"],
                                               stats=[bad]), kind=InputError).message
