"""Pig, the test-only game (tests/games/pig/): its rules through `Engine.apply`, then the whole
referee around it (new, actions, the shell, hint, completion, undo, amend, log, export and
import, stats, report, manual), none of which Pig wrote: everything but its rules is the core's.

Pig is registered only for the tests (REFEREE_TEST_GAMES=1, set by conftest.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.model import registry
from referee.model.chance import REFEREE, TABLE, Chance
from referee.model.errors import IllegalAction, InputError
from referee.testing import Table

HOLD_RULE = "Hold: roll at least once before holding"
TURN_RULE = "Turn order"
OVER_RULE = "End of the game: the first to 100 points has won"
NEW = "--player Ann --player Bob"


# -- the rules, at engine speed ---------------------------------------------------------------

@pytest.fixture
def engine():
    return registry.engine("pig")


def _start(engine, players=("Ann", "Bob")):
    return engine.start({"players": list(players)}, Chance("pig", 0))


def _apply(engine, state, action, ply=1):
    chance = Chance("pig", ply)
    state, events = engine.apply(state, action, chance)
    engine.check_invariants(state)
    return state, events, chance.results


def test_a_roll_adds_its_face_to_the_turn_points(engine):
    state = _start(engine)
    state, events, _ = _apply(engine, state, {"verb": "roll", "player": "Ann", "die": "4"})
    state, events, _ = _apply(engine, state, {"verb": "roll", "player": "Ann", "die": "5"})
    assert state["rolls"] == [4, 5] and state["scores"] == {"Ann": 0, "Bob": 0}
    assert engine.current(state) == "Ann"  # still Ann's turn
    assert events[0]["text"] == "Ann rolls 5: 9 this turn"


def test_a_one_loses_the_turn_points_and_passes_the_die(engine):
    state = _start(engine)
    state, _, _ = _apply(engine, state, {"verb": "roll", "player": "Ann", "die": "6"})
    state, events, _ = _apply(engine, state, {"verb": "roll", "player": "Ann", "die": "1"})
    assert state["scores"]["Ann"] == 0 and state["rolls"] == []
    assert engine.current(state) == "Bob" and engine.summary(state)["turn"] == 2
    assert "loses the 6 points" in events[0]["text"]


def test_hold_banks_the_turn_points_and_passes_the_die(engine):
    state = _start(engine)
    for die in ("3", "2"):
        state, _, _ = _apply(engine, state, {"verb": "roll", "player": "Ann", "die": die})
    state, events, _ = _apply(engine, state, {"verb": "hold", "player": "Ann"})
    assert state["scores"] == {"Ann": 5, "Bob": 0} and engine.current(state) == "Bob"
    assert events[0]["text"] == "Ann holds 5: 5 points; Bob's turn"


def test_hold_before_rolling_is_refused_naming_the_rule(engine):
    state = _start(engine)
    with pytest.raises(IllegalAction) as refused:
        engine.apply(engine.copy(state), {"verb": "hold", "player": "Ann"}, Chance("pig", 1))
    assert refused.value.rule == HOLD_RULE


def test_first_to_100_wins_and_ends_the_game(engine):
    state = _start(engine)
    state["scores"]["Ann"] = 96
    state, _, _ = _apply(engine, state, {"verb": "roll", "player": "Ann", "die": "3"})
    state, _, _ = _apply(engine, state, {"verb": "hold", "player": "Ann"})  # 99: not yet
    assert not engine.is_over(state) and engine.current(state) == "Bob"
    state, _, _ = _apply(engine, state, {"verb": "roll", "player": "Bob", "die": "1"})
    state, _, _ = _apply(engine, state, {"verb": "roll", "player": "Ann", "die": "2"})
    state, events, _ = _apply(engine, state, {"verb": "hold", "player": "Ann"})  # 101
    assert engine.is_over(state) and engine.summary(state)["winners"] == ["Ann"]
    assert events[0]["text"] == "Ann holds 2: 101 points, and wins"
    assert engine.legal_actions(state) == []
    with pytest.raises(IllegalAction) as refused:
        engine.apply(engine.copy(state), {"verb": "roll", "player": "Bob"}, Chance("pig", 9))
    assert refused.value.rule == OVER_RULE


def test_turn_order_only_the_player_whose_turn_it_is_rolls(engine):
    state = _start(engine)
    with pytest.raises(IllegalAction) as refused:
        engine.apply(engine.copy(state), {"verb": "roll", "player": "Bob", "die": "3"}, Chance("pig", 1))
    assert refused.value.rule.startswith(TURN_RULE)


def test_a_die_face_outside_one_to_six_is_malformed_input(engine):
    state = _start(engine)
    with pytest.raises(InputError):
        engine.apply(engine.copy(state), {"verb": "roll", "player": "Ann", "die": "7"}, Chance("pig", 1))


def test_the_die_is_typed_at_the_table_or_rolled_by_the_referee(engine):
    state = _start(engine)
    state, _, typed = _apply(engine, state, {"verb": "roll", "player": "Ann", "die": "4"})
    assert typed == [{"label": "die", "value": ["4"], "source": TABLE}]
    state, _, rolled = _apply(engine, state, {"verb": "roll", "player": "Ann"}, ply=2)
    assert len(rolled) == 1 and rolled[0]["source"] == REFEREE and rolled[0]["value"][0] in "123456"


def test_players_two_to_six(engine):
    with pytest.raises(IllegalAction) as refused:
        _start(engine, ["Ann"])
    assert refused.value.rule.startswith("Players")
    assert _start(engine, ["A", "B", "C", "D", "E", "F"])["players"][-1] == "F"


def test_the_legal_actions_are_roll_then_roll_or_hold(engine):
    state = _start(engine)
    assert engine.legal_actions(state) == [{"verb": "roll", "player": "Ann"}]
    state, _, _ = _apply(engine, state, {"verb": "roll", "player": "Ann", "die": "2"})
    assert engine.legal_actions(state) == [{"verb": "roll", "player": "Ann"}, {"verb": "hold", "player": "Ann"}]


# -- through the CLI: everything below is the core's -------------------------------------------
# (Pig's Click group is the one the core builds from its declaration)

def _won(t: Table) -> None:
    """Ann rolls seventeen 6s (102) and holds: she wins on the first turn."""
    for _ in range(17):
        t.ok("roll Ann --die 6")
    t.ok("hold Ann")


def test_cli_new_roll_hold_and_refusals_name_the_rule():
    with Table("pig", NEW) as t:
        assert t.summary["current"] == "Ann" and t.summary["game"] == "pig"
        t.refused("hold Ann", rule=HOLD_RULE)
        t.refused("roll Bob --die 3", rule=TURN_RULE)
        t.refused("roll Ann --die 9", code=2)  # not a die face: malformed
        out = t.ok("roll Ann --die 4")
        assert out.text == "Ann rolls 4: 4 this turn"
        t.ok("hold a")  # a unique prefix of the name is enough
        assert t.summary["players"] == [{"name": "Ann", "score": 4}, {"name": "Bob", "score": 0}]
        assert t.summary["current"] == "Bob"
        assert [r["action"] for r in t.store.actions(t.sid)][1:] == [
            {"verb": "roll", "player": "Ann", "die": "4"}, {"verb": "hold", "player": "Ann"}]


def test_cli_the_referee_rolls_when_the_table_types_no_die():
    with Table("pig", NEW, seed="3") as t:
        out = t.ok("roll Ann")
        assert out.result["results"][0]["source"] == REFEREE


def test_cli_player_count_is_checked_by_the_core():
    with Table("pig") as t:
        out = t.run("new --player Ann")
        assert out.code == 1 and out.error["rule"].startswith("Players")


def test_cli_first_to_100_wins_and_then_every_action_is_refused():
    with Table("pig", NEW) as t:
        _won(t)
        assert t.summary["over"] and t.summary["winners"] == ["Ann"]
        t.refused("roll Bob", rule="End of the game")


def test_hint_lists_exactly_roll_then_roll_and_hold():
    with Table("pig", NEW) as t:
        assert [a["command"] for a in t.run("hint").result["actions"]] == ["roll Ann"]
        t.ok("roll Ann --die 5")
        hint = t.run("hint").result
        assert [a["command"] for a in hint["actions"]] == ["roll Ann", "hold Ann"]
        assert hint.get("complete", True)  # Pig's list is proven exact (legal_exact)
        assert t.dry_run_listed() == 2  # each listed command is accepted by a dry run


def _bash(db: Path, words: list[str]) -> list[str]:
    env = {**os.environ, "REFEREE_DB": str(db), "_REFEREE_COMPLETE": "bash_complete",
           "COMP_WORDS": " ".join(["referee", *words]), "COMP_CWORD": str(len(words))}
    env.pop("REFEREE_SESSION", None)
    done = subprocess.run([sys.executable, "-m", "referee"], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return [line.split(",", 1)[1] for line in done.stdout.splitlines() if line.startswith("plain,")]


def test_completion_offers_the_verbs_and_the_player_whose_turn_it_is():
    with Table("pig", NEW) as t:
        assert {"roll", "rules"} <= set(_bash(t.path, ["pig", "r"]))
        assert _bash(t.path, ["pig", "roll", ""]) == ["Ann"]
        t.ok("roll Ann --die 2")
        t.ok("hold Ann")
        assert _bash(t.path, ["pig", "roll", ""]) == ["Bob"]


def test_play_in_the_shell_runs_the_same_commands(tmp_path, capsys):
    from referee.cli.context import Referee
    from referee.cli.shell import Shell
    from referee.record import session

    ref = Referee()
    ref.configure(str(tmp_path / "s.db"), None, False)
    shell = Shell(ref, game="pig")
    script = ["new --player Ann --player Bob --seed 2", "roll Ann --die 3", "hold Bob", "hold Ann", "status"]
    assert shell.run_script(script) == 0
    out, err = capsys.readouterr()
    assert "Ann holds 3: 3 points; Bob's turn" in out
    assert "rule: Turn order" in err and "Traceback" not in out + err
    store = ref.store()
    assert session.load(store, session.resolve(store, "pig", None)).summary["current"] == "Bob"


def _root(t: Table, *args: str) -> tuple[int, str]:
    from referee.cli import cli

    done = CliRunner().invoke(cli, ["--db", str(t.path), *args])
    assert "Traceback" not in done.output
    return done.exit_code, done.output


def test_undo_amend_and_log():
    with Table("pig", NEW) as t:
        t.ok("roll Ann --die 4")
        t.ok("roll Ann --die 5")
        assert _root(t, "undo")[0] == 0
        assert t.state["rolls"] == [4]
        assert _root(t, "amend", "1", "--", "roll", "Ann", "--die", "6")[0] == 0
        assert t.state["rolls"] == [6]
        code, log = _root(t, "log")
        assert code == 0 and "roll Ann --die 6" in log and "new" in log


def test_export_and_import_round_trip(tmp_path):
    with Table("pig", NEW) as t:
        _won(t)
        path = tmp_path / "pig.json"
        assert _root(t, "export", t.sid, "-o", str(path))[0] == 0
        assert json.loads(path.read_text(encoding="utf-8"))["game"] == "pig"
        code, out = _root(t, "import", str(path), "--copy")
        assert code == 0, out
        again = [s["id"] for s in t.store.sessions("pig", include_over=True) if s["id"] != t.sid]
        assert len(again) == 1
        from referee.record import session

        assert session.load(t.store, again[0]).summary == t.summary


def test_stats_and_report_after_a_won_game(tmp_path):
    with Table("pig", NEW) as t:
        _won(t)
        code, out = _root(t, "--json", "stats", "--game", "pig")
        rows = {r["player"]: r for r in json.loads(out)["result"]["rows"]}
        assert code == 0 and rows["Ann"]["wins"] == 1 and rows["Ann"]["best_score"] == 102
        assert rows["Bob"]["wins"] == 0 and rows["Bob"]["plays"] == 1
        report = tmp_path / "pig.md"
        assert _root(t, "report", t.sid, "-o", str(report))[0] == 0
        text = report.read_text(encoding="utf-8")
        assert "**Winner: Ann**" in text and "| 1 | **Ann** (winner) | 102 |" in text


def test_manual_page_of_pig():
    from referee.cli import cli

    done = CliRunner().invoke(cli, ["manual", "pig"])
    assert done.exit_code == 0
    assert "referee-pig" in done.output and "roll" in done.output and "hold" in done.output


def test_a_test_game_is_registered_only_when_the_tests_ask():
    assert "pig" in registry.names() and "pig" not in registry.shipped()
    code = "from referee.model import registry; print(registry.names())"
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_TEST_GAMES"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True, timeout=120).stdout
    assert "pig" not in out and "kleos" in out
    shown = subprocess.run([sys.executable, "-m", "referee", "--help"], env=env, capture_output=True,
                           text=True, check=True, timeout=120).stdout
    assert "pig" not in shown.lower() and "kleos" in shown
    from referee.cli import cli

    assert "pig" in CliRunner().invoke(cli, ["--help"]).output  # here, where the tests enabled it
