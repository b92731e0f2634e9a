"""Correcting the past on the whole example games (examples/*.txt), with the outcome worked out by hand.

Each example is played once into a store (as `referee play GAME < examples/GAME.txt` does);
each test corrects a copy. The final scores before the correction are the ones the example
tests pin (tests/test_*_example.py).
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from corrections_support import root
from example_runner import example_games, play_quietly

from referee.record import session
from referee.testing import Table

_PLAYED: dict[str, Path] = {}


def played(game: str, tmp_path: Path) -> Table:
    """A Table on a copy of the store where examples/GAME.txt was played to its end."""
    if game not in _PLAYED:
        where = Path(tempfile.mkdtemp(prefix="referee-example-")) / "played.db"
        play_quietly(game, where)
        _PLAYED[game] = where
    copy = tmp_path / "table.db"
    shutil.copy(_PLAYED[game], copy)
    t = Table(game, path=copy)
    t.sid = session.resolve(t.store, game, None)
    return t


def scores(t: Table) -> dict:
    return {p["name"]: p["score"] for p in t.summary["players"]}


def refused_naming(t: Table, command: str, number: int, rule: str, message: str = "") -> dict:
    rows = t.store.actions(t.sid, ("done", "undone", "dropped", "replaced", "struck"))
    out = root(t, command)
    assert out.code == 1, out.error
    assert out.error["message"].startswith(f"action {number} ("), out.error
    assert rule.casefold() in out.error["rule"].casefold()
    assert message.casefold() in out.error["message"].casefold()
    assert t.store.actions(t.sid, ("done", "undone", "dropped", "replaced", "struck")) == rows
    return out.error


# -- Kleos: Ann (Ares) 16, Bob (Athena) 16, Bob wins the tie on city glory ---------------------------

def test_kleos_forgotten_glory_inserted_early_gives_ann_the_win(tmp_path):
    t = played("kleos", tmp_path)
    assert scores(t) == {"Ann": 16, "Bob": 16} and t.summary["winners"] == ["Bob"]
    # Ann's +2 glory, forgotten on Day 1 (before action 20): every later action still holds,
    # and it is 2 more glory for Ann at the end: 18 to 16, no tie-breaker needed.
    out = root(t, "insert 20 --reason 'temple bonus forgotten' -- glory ares +2 --reason Temple")
    assert out.code == 0, out.error
    assert out.result["first_failing"] is None and out.result["rechecked"] == 53
    assert {c["what"]: (c["before"], c["after"]) for c in out.result["changed"]} == {
        "score Ann": (16, 18), "winners": (["Bob"], ["Ann"])}
    assert scores(t) == {"Ann": 18, "Bob": 16} and t.summary["winners"] == ["Ann"]
    assert t.log_length() == 74
    assert root(t, "verify").code == 0


def test_kleos_zeus_card_amended_from_three_to_five_glory(tmp_path):
    t = played("kleos", tmp_path)
    action = t.store.actions(t.sid)[53]["action"]  # the Zeus card's +3 for Bob (Athena)
    assert action["verb"] == "glory" and str(action["delta"]) in ("3", "+3")
    out = root(t, "amend 53 --reason 'it was +5' -- glory athena +5 --reason 'Zeus card'")
    assert out.code == 0, out.error
    assert scores(t) == {"Ann": 16, "Bob": 18} and t.summary["winners"] == ["Bob"]


def test_kleos_attack_amended_to_a_kill_breaks_a_later_move(tmp_path):
    t = played("kleos", tmp_path)
    # ss instead of s-: athena:3 now kills ares:2, which Ann moves at action 37
    cmd = "amend 27 -- attack athena:3 ares:2 --dice ss --retaliation s--"
    refused_naming(t, cmd, 37, "", "ares:2 is not in play")
    out = root(t, cmd.replace("amend 27", "amend 27 --cut"))
    assert out.code == 0 and out.result["first_failing"]["number"] == 37
    assert t.log_length() == 37  # `new` and actions 1-36
    redo = root(t, "redo")
    assert redo.code == 1 and redo.error["message"].startswith("kleos-1 (Kleos, Ann vs Bob): action 37 (")
    assert "cannot be redone" in redo.error["message"] and redo.error["rule"]
    # the attack as it really was: everything redoes, and the game ends as before
    assert root(t, "amend 27 -- attack athena:3 ares:2 --dice s- --retaliation s--").code == 0
    assert root(t, "redo --steps 36").code == 0
    assert scores(t) == {"Ann": 16, "Bob": 16} and t.summary["winners"] == ["Bob"]
    assert root(t, "verify").code == 0


def test_kleos_undo_after_a_correction_takes_back_the_last_action_not_the_correction(tmp_path):
    t = played("kleos", tmp_path)
    assert root(t, "amend 53 -- glory athena +5 --reason 'Zeus card'").code == 0
    assert root(t, "undo").code == 0  # the last action (72, the final `next`) is taken back
    assert t.log_length() == 72 and not t.summary["over"]
    assert root(t, "redo").code == 0
    assert scores(t) == {"Ann": 16, "Bob": 18}  # the correction still stands
    log = root(t, "log --all").result["log"]
    assert [e["status"] for e in log].count("replaced") == 1


# -- Kreus: a success for the whole team ------------------------------------------------------------

def test_kreus_cy_takes_no_token_so_dee_takes_one_more(tmp_path):
    t = played("kreus", tmp_path)
    energy = {p["name"]: p["energy"] for p in t.summary["players"]}
    assert energy == {"Ann": 0, "Bob": 3, "Cy": 2, "Dee": 1} and t.summary["outcome"] == "success"
    # Setup: each takes what they wish, the last player (Dee) the rest: one token moves from Cy to Dee
    out = root(t, "amend 3 -- tokens Cy 0")
    assert out.code == 0, out.error
    assert {p["name"]: p["energy"] for p in t.summary["players"]} == {"Ann": 0, "Bob": 3, "Cy": 1, "Dee": 2}
    assert t.summary["outcome"] == "success"


def test_kreus_more_tokens_for_ann_leave_dee_short_for_a_retrieve(tmp_path):
    t = played("kreus", tmp_path)
    refused_naming(t, "amend 1 -- tokens Ann 2", 15, "", "costs 3 Energy tokens")


# -- Cerebria: Ann wins single-minded with 13 Bliss, 1 Gloom -----------------------------------------

def test_cerebria_mood_gloom_moves_annes_vibe_bonus_to_gloom(tmp_path):
    t = played("cerebria", tmp_path)
    # Revelation 2: Ann's four-of-a-kind red bonus (4) follows the Mood: Gloom, not Bliss.
    out = root(t, "amend 29 -- next-cycle --keep red-steal --mood gloom")
    assert out.code == 0, out.error
    assert t.state["scored"]["Ann"] == {"bliss": 9, "gloom": 5}
    assert scores(t)["Ann"] == 14  # the total stays 6 + 4 + the earlier 4
    assert not t.summary["over"]  # 9 Bliss and 5 Gloom: neither single-minded nor balanced yet


def test_cerebria_a_cancel_struck_breaks_a_later_action(tmp_path):
    t = played("cerebria", tmp_path)
    out = root(t, "strike 14")
    assert out.code == 1 and out.error["rule"]
    assert int(out.error["message"].split()[1]) > 14


# -- Crôa!: Ann wins ----------------------------------------------------------------------------------

def test_croa_tile_retyped_keeps_the_game(tmp_path):
    t = played("croa", tmp_path)
    out = root(t, "amend 5 -- move a1 b2 -t m2")
    assert out.code == 0, out.error
    assert out.result["changed"] == [] and t.summary["winners"] == ["Ann"]


def test_croa_reeds_tile_earlier_empties_the_pile_for_a_later_move(tmp_path):
    t = played("croa", tmp_path)
    refused_naming(t, "amend 4 -- move h7 g6 -t r", 16, "", "no reeds left")


# -- Elysion: Bob 75, Ann 60, Cy 52 ------------------------------------------------------------------

def test_elysion_ann_keeps_nectar_and_gives_it_up_at_the_look_back(tmp_path):
    t = played("elysion", tmp_path)
    assert scores(t) == {"Ann": 60, "Bob": 75, "Cy": 52}
    # Her constellation 32* makes her give up a Blessing at the look back: Aegis there, Nectar now.
    out = root(t, "amend 9 -- keep Ann Nectar")
    assert out.code == 0, out.error
    assert scores(t) == {"Ann": 60, "Bob": 75, "Cy": 52} and t.summary["winners"] == ["Bob"]


def test_elysion_another_order_of_play_breaks_the_next_take(tmp_path):
    t = played("elysion", tmp_path)
    refused_naming(t, "amend 1 -- reveal Ann=2 Bob=8 Cy=5", 3, "", "it is Cy's turn")


@pytest.mark.parametrize("game", example_games())
def test_whole_game_with_its_first_action_amended_to_itself_verifies_and_round_trips(game, tmp_path):
    from corrections_support import opening, words

    from referee.after import export

    t = played(game, tmp_path)
    before, length = t.summary, t.log_length()
    first = opening(game, 1)[2][0]
    out = root(t, ["amend", "1", "--reason", "retyped", "--", *words(first)])
    assert out.code == 0, out.error
    assert out.result["changed"] == [] and out.result["rechecked"] == length - 2
    assert t.summary == before
    assert root(t, "verify").code == 0
    text = export.render(t.store, t.sid, "json", reveal_seed=True)
    assert export.import_session(t.store, export.parse(text), copy=True)[0].summary == before  # a second copy


def test_kleos_later_attack_whose_recorded_dice_no_longer_fit_does_not_hold(tmp_path):
    t = played("kleos", tmp_path)
    # athena:1 kills ares:1 with a godly success (sg): later, at action 47, the retaliation rolls
    # a different number of dice than the two it recorded. Not a storage error: exit 1, named.
    error = refused_naming(t, "amend 19 -- attack athena:1 ares:1 --dice sg --retaliation s--", 47,
                           "keep the results they recorded", "recorded results no longer fit")
    assert "3 dice are rolled here" in error["message"]
    dry = root(t, "amend 19 --dry-run -- attack athena:1 ares:1 --dice sg --retaliation s--")
    assert dry.code == 1 and dry.error == error
