"""`referee cerebria ...` end to end: exit codes, the --json envelope, status, calculators."""

from __future__ import annotations

import json

from click.testing import CliRunner

from referee.cli import cli
from referee.games.cerebria import cards

NEW = ["cerebria", "new", "--player", "Ann", "--player", "Bob", "--player", "Cy",
       "--first", "Ann", "--mood", "gloom", "--seed", "5",
       "--impulse", "mild-bliss-red-destroy", "--impulse", "strong-gloom-blue-steal",
       "--impulse", "brightness-green"]


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def jrun(*args: str) -> tuple[int, dict]:
    result = run("--json", *args)
    return result.exit_code, json.loads(result.output)


def test_new_prints_the_table_and_the_json_summary(db):
    result = run(*NEW)
    assert result.exit_code == 0, result.output
    for words in ("Impulse", "mild-bliss-red-destroy", "Mood Marker: Gloom", "Ann to play",
                  "mulligan still open"):
        assert words in result.output
    code, data = jrun("cerebria", "status")
    assert code == 0 and data["ok"] and data["session"]
    summary = data["state"]["summary"]
    assert summary["game"] == "cerebria" and summary["current"] == "Ann"
    assert summary["players"][0] == {"name": "Ann", "score": 0, "bliss": 0, "gloom": 0}
    assert summary["phase"] == "cycle" and summary["over"] is False
    assert data["state"]["hands"]["Bob"] == {"count": 4, "known": []}


def test_actions_print_what_happened_and_refusals_name_the_rule(db):
    run(*NEW)
    result = run("cerebria", "invoke", "Ann", "strong-gloom-blue-draw")
    assert result.exit_code == 0
    assert "gains strong-gloom-blue-draw with 2 gloom fragments" in result.output
    assert "Ann: 1 action left" in result.output
    result = run("cerebria", "impulse", "Bob", "1")
    assert result.exit_code == 1
    assert "it is Ann's turn" in result.output and "rule: Turn order" in result.output
    code, data = jrun("cerebria", "end-turn")
    assert code == 1 and data == {"ok": False, "error": {
        "kind": "illegal", "message": "Ann still has 1 action to take",
        "rule": "A turn: exactly 2 actions (Impulse or Invoke)"}}


def test_malformed_input_is_a_usage_error_never_a_traceback(db):
    run(*NEW)
    for args in (["invoke", "Ann", "mild-bliss-pink-draw"], ["invoke", "Ann", "x"],
                 ["impulse", "Ann", "4"], ["impulse", "Ann", "one"], ["impulse", "Zed", "1"],
                 ["ability", "Ann", "1", "fly"], ["ability", "Ann", "9", "draw"],
                 ["cancel", "Bob"], ["new", "--player", "A", "--player", "A"],
                 ["next-cycle", "--mood", "happy"]):
        result = run("cerebria", *args)
        assert result.exit_code == 2, (args, result.output)
        assert "Traceback" not in result.output
    code, data = jrun("cerebria", "invoke", "Ann", "mild-bliss-pink-draw")
    assert code == 2 and data["error"]["kind"] == "usage" and "no vibe 'pink'" in \
        data["error"]["message"]


def test_too_few_players_is_refused(db):
    result = run("cerebria", "new", "--player", "Ann")
    assert result.exit_code == 1 and "2-5 players" in result.output


def test_ability_counter_act_and_pass_through_the_cli(db):
    run(*NEW)
    run("cerebria", "invoke", "Ann", "mild-bliss-red-draw")
    run("cerebria", "invoke", "Ann", "brightness-red")
    run("cerebria", "end-turn")
    for who in ("Bob", "Cy"):
        run("cerebria", "impulse", who, "2")
        run("cerebria", "impulse", who, "3")
        run("cerebria", "end-turn")
    result = run("cerebria", "ability", "Ann", "1", "draw", "--absorb", "2")
    assert result.exit_code == 0, result.output
    assert "brightness-red absorbs it" in result.output and "waiting: Bob" in result.output
    status = run("cerebria", "status").output
    assert "Waiting: Bob may counter-act Ann's draw" in status
    assert run("cerebria", "cancel", "Bob", "--discard", "bleakness-blue").exit_code == 1
    result = run("cerebria", "pass")
    assert result.exit_code == 0 and "Draw: Ann draws 2 cards" in result.output
    _code, data = jrun("cerebria", "status")
    ann = data["state"]["mindsets"]["Ann"]
    assert ann[1]["absorbed"] == 1 and data["state"]["hands"]["Ann"]["count"] == 4
    # 4 dealt - 2 invoked + 2 drawn = 4


def test_dry_run_records_nothing_and_undo_takes_back(db):
    run(*NEW)
    result = run("cerebria", "impulse", "Ann", "1", "--dry-run")
    assert result.exit_code == 0 and "dry run" in result.output
    _, data = jrun("cerebria", "status")
    assert data["state"]["impulse"][0] == "mild-bliss-red-destroy"
    run("cerebria", "impulse", "Ann", "1", "--reveal", "bleakness-red")
    _, data = jrun("cerebria", "status")
    assert data["state"]["impulse"][0] == "bleakness-red"
    assert run("undo").exit_code == 0
    _, data = jrun("cerebria", "status")
    assert data["state"]["impulse"][0] == "mild-bliss-red-destroy"


def test_export_and_import_replay_a_cerebria_session(db, tmp_path):
    run(*NEW)
    run("cerebria", "impulse", "Ann", "1")
    run("cerebria", "invoke", "Ann", "strong-gloom-blue-draw")
    out = tmp_path / "game.json"
    assert run("export", "--format", "json", "-o", str(out)).exit_code == 0
    code, data = jrun("import", "--copy", str(out))  # into the store that holds the game: a second copy
    assert code == 0
    assert data["state"]["mindsets"]["Ann"][0]["card"] == "strong-gloom-blue-draw"


def test_custom_deck_file_replaces_the_shipped_composition(db, tmp_path):
    deck = dict(cards.default_deck())
    deck.pop("mild-bliss-red-destroy")
    deck["brightness-red"] += 1  # one Mild Bliss short: refused
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"cards": deck}))
    result = run("cerebria", "new", "--player", "Ann", "--player", "Bob", "--deck", str(bad))
    assert result.exit_code == 2 and "96 cards" not in result.output
    assert "16 mild bliss cards are needed, this deck has 15" in result.output
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    result = run("cerebria", "new", "--player", "Ann", "--player", "Bob", "--deck", str(broken))
    assert result.exit_code == 2 and "is not JSON" in result.output
    for empty in ("null", "{}", "[]"):  # never the shipped deck in disguise
        broken.write_text(empty)
        result = run("cerebria", "new", "--player", "Ann", "--player", "Bob", "--deck",
                     str(broken))
        assert result.exit_code == 2 and "deck" in result.output, empty
    deck = dict(cards.default_deck())
    deck.pop("mild-bliss-red-destroy")
    deck["mild-bliss-red-swap"] = 1  # a different Mild card: fine
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"cards": deck}))
    result = run("cerebria", "new", "--player", "Ann", "--player", "Bob", "--deck", str(good),
                 "--impulse", "mild-bliss-red-swap", "--first", "Ann")
    assert result.exit_code == 0, result.output
    result = run("cerebria", "invoke", "Ann", "mild-bliss-red-destroy")
    assert result.exit_code == 2 and "not in this game's deck" in result.output


def test_vibes_calculator_has_the_fixed_keys(db):
    code, data = jrun("cerebria", "vibes", "red", "red", "blue", "blue")
    assert code == 0 and data["result"] == {"combination": "two-pairs", "bonus": 2}
    result = run("cerebria", "vibes", "red", "Yellow", "green")
    assert result.exit_code == 0 and "three-different, bonus 1" in result.output
    assert run("cerebria", "vibes", "pink").exit_code == 2
    assert run("cerebria", "vibes").exit_code == 2


def test_winner_calculator_has_the_fixed_keys(db):
    code, data = jrun("cerebria", "winner", "--player", "Ann=12/0", "--player", "Bob=9/9/5")
    assert code == 0
    assert data["result"] == {"winners": ["Ann"], "condition": "single-minded", "tie_break": None}
    result = run("cerebria", "winner", "--player", "Ann=7/7/3", "--player", "Bob=7/8/1")
    assert "Bob wins: Balanced" in result.output and "total" in result.output
    result = run("cerebria", "winner", "--player", "Ann=1/2", "--player", "Bob=0/3")
    assert result.exit_code == 0 and "Nobody meets" in result.output
    for bad in ("Ann", "Ann=1", "Ann=a/b", "=1/2", "Ann=-1/2"):
        assert run("cerebria", "winner", "--player", bad).exit_code == 2, bad
    assert run("cerebria", "winner", "--player", "A=1/1", "--player", "a=2/2").exit_code == 2


def test_unseen_lists_the_cards_a_reveal_can_still_be(db):
    run(*NEW)
    code, data = jrun("cerebria", "unseen")
    # 96 - 3 face-up Impulse cards = 93; brightness-green: 4 copies, 1 in the Impulse
    assert code == 0 and data["result"]["count"] == 93
    assert data["result"]["unseen"]["brightness-green"] == 3
    assert "mild-bliss-red-destroy" not in data["result"]["unseen"]
    result = run("cerebria", "unseen")
    assert "93 cards not yet seen" in result.output and "brightness: blue x4, green x3" in \
        result.output


def test_deprive_second_discard_through_the_cli_survives_undo_export_and_import(db, tmp_path):
    run(*NEW)
    run("cerebria", "invoke", "Ann", "mild-bliss-red-deprive")
    run("cerebria", "invoke", "Ann", "brightness-red")
    run("cerebria", "end-turn")
    for who in ("Bob", "Cy"):
        run("cerebria", "impulse", who, "3")
        run("cerebria", "impulse", who, "3")
        run("cerebria", "end-turn")
    assert run("cerebria", "ability", "Ann", "1", "deprive", "2").exit_code == 0
    result = run("cerebria", "pass")
    # strong-gloom-blue-steal (slot 2) is discarded and refilled; the second discard is owed
    assert result.exit_code == 0, result.output
    assert "strong-gloom-blue-steal is discarded" in result.output
    assert "waiting: Ann — deprive" in result.output
    status = run("cerebria", "status").output
    assert "Waiting: Ann discards a second Impulse card for Deprive" in status
    refused = run("cerebria", "end-turn")
    assert refused.exit_code == 1 and "deprive Ann 1" in refused.output  # the commands to type
    out = tmp_path / "owed.json"
    assert run("export", "--format", "json", "-o", str(out)).exit_code == 0
    code, data = jrun("import", "--copy", str(out))  # into the store that holds the game: a second copy
    assert code == 0 and data["state"]["pending"][0]["player"] == "Ann"
    assert data["state"]["pending"][0]["decision"] == "deprive"
    result = run("cerebria", "deprive", "Ann", "1", "--reveal", "bleakness-red")
    assert result.exit_code == 0, result.output
    assert "mild-bliss-red-destroy is discarded" in result.output
    assert "Impulse slot 1 now shows bleakness-red" in result.output
    assert run("log").output.count("deprive Ann 1") == 1
    assert run("undo").exit_code == 0
    _, data = jrun("cerebria", "status")
    assert data["state"]["pending"][0]["player"] == "Ann"
    assert data["state"]["impulse"][0] == "mild-bliss-red-destroy"


def test_an_ability_option_meant_for_another_ability_is_a_usage_error(db):
    # --card is Steal's, --keep Drain's, --merge/--discard Summon's: never silently ignored
    run(*NEW)
    run("cerebria", "invoke", "Ann", "mild-bliss-red-draw")
    for extra in (["--card", "brightness-red"], ["--keep", "absorb"], ["--merge", "brightness-red"],
                  ["--discard", "1"]):
        result = run("cerebria", "ability", "Ann", "1", "draw", *extra)
        assert result.exit_code == 2 and "only, not draw" in result.output, extra


def test_next_cycle_keep_names_the_shown_cards_each_trimmed_hand_keeps(db):
    run(*NEW)
    for args in (["impulse", "Ann", "1", "--reveal", "brightness-red"],   # stack 1: 4 left
                 ["impulse", "Ann", "1", "--reveal", "brightness-blue"],  # 3
                 ["end-turn"],
                 ["impulse", "Bob", "1", "--reveal", "bleakness-red"],    # 2
                 ["impulse", "Bob", "1", "--reveal", "bleakness-blue"],   # 1
                 ["end-turn"],
                 ["impulse", "Cy", "1", "--reveal", "brightness-green"],  # 0
                 ["impulse", "Cy", "1"]):                                 # Revelation
        assert run("cerebria", *args).exit_code == 0, args
    # each holds 4 + 2 shown = 6; Ann shows mild-bliss-red-destroy and brightness-red
    result = run("cerebria", "next-cycle", "--keep", "brightness-yellow")
    assert result.exit_code == 1 and "no hand above 4 is known to hold" in result.output
    result = run("cerebria", "next-cycle", "--keep", "Bob:brightness-red")
    assert result.exit_code == 1 and "not a shown card of Bob's hand" in result.output
    assert run("cerebria", "next-cycle", "--keep", "Ann:pink").exit_code == 2
    code, data = jrun("cerebria", "next-cycle", "--mood", "bliss",
                      "--keep", "brightness-red", "--keep", "Cy:brightness-green")
    assert code == 0, data
    hands = data["state"]["hands"]
    assert hands["Ann"] == {"count": 4, "known": ["brightness-red"]}
    assert hands["Bob"] == {"count": 4, "known": []}
    assert hands["Cy"] == {"count": 4, "known": ["brightness-green"]}
    code, data = jrun("log")
    assert data["result"]["log"][-1]["action"]["keep"] == ["brightness-red", "Cy:brightness-green"]


def test_steal_help_says_no_card_takes_an_unseen_card_and_none_takes_nothing(db):
    result = run("cerebria", "ability", "--help")
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    # the ability list and the --card option both say it plainly
    assert "no --card: an unseen card is taken" in text
    assert "--card none: nothing is taken" in text
    assert "Without --card, an unseen card is taken; none: nothing is taken" in text
