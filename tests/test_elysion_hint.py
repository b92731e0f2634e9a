"""The Elysion hint as the table reads it (play-test issue 20, item 18): the `--drawn` note only
where Blessings are still to be drawn, card names quoted readably, never a verb with nothing
after it."""

from __future__ import annotations

import shlex

from click.testing import CliRunner
from test_elysion_shortcuts import _after_day_one

from referee.cli import cli
from referee.testing import Table

NOTE = "add --drawn B,B,... for what the table drew or rolled"


def _hint_text(t: Table, *viewer: str) -> str:
    result = CliRunner().invoke(cli, ["--db", str(t.path), "--session", str(t.sid), *viewer, "elysion", "hint"])
    assert result.exit_code == 0, result.output
    return result.output


def _day_two_ann_to_keep() -> Table:
    t = _after_day_one()
    t.ok("reveal Ann=32* Bob=33 Cy=7")
    t.ok("take Cy 7*")
    t.ok("take Ann 44 --drawn \"Oracle's Smoke\",Nectar")
    return t


def test_blessings_drawn_note_on_the_take_that_draws_them():
    t = _after_day_one()
    t.ok("reveal Ann=32* Bob=33 Cy=7")
    t.ok("take Cy 7*")
    text = _hint_text(t)  # Ann draws 2 Blessings with her take (and may name the one kept)
    assert ("Ann may take: 15 44 57 -> (as is), --keep KEEP (30 choices: Tab completes them)\n  "
            + NOTE) in text


def test_keep_one_of_the_blessings_drawn_has_no_drawn_note():
    t = _day_two_ann_to_keep()
    text = _hint_text(t, "--as", "Ann")  # the Blessings drawn are Ann's: her view names them
    assert "Ann may keep: \"Oracle's Smoke\", Nectar\n" in text
    assert "--drawn" not in text
    table = _hint_text(t)  # the table's screen: what she may keep, not which
    assert "Ann may keep: BLESSING\n" in table and "Nectar" not in table


def test_card_names_are_quoted_readably_and_still_paste_into_a_shell():
    t = _day_two_ann_to_keep()
    commands = [a["command"] for a in t.run(["--as", "Ann", "elysion", "hint"], game=False).result["actions"]]
    assert commands == ["keep Ann \"Oracle's Smoke\"", "keep Ann Nectar"]
    assert shlex.split(commands[0]) == ["keep", "Ann", "Oracle's Smoke"]
    assert "'\"'\"'" not in _hint_text(t, "--as", "Ann")


def example_day_eight() -> Table:
    """examples/elysion.txt up to day 8's reveal: Bob draws 5 Blessings and takes no realm
    (Ann keeps Aegis; Nectar lies under the deck, below 13 Blessings never drawn)."""
    from example_runner import EXAMPLES

    lines = (EXAMPLES / "elysion.txt").read_text(encoding="utf-8").splitlines()
    t = Table("elysion", None)
    end = next(i for i, line in enumerate(lines) if line.startswith("reveal a=10 b=4 c=23*"))
    for line in lines[: end + 1]:
        words = shlex.split(line, comments=True)
        if not words or words[0] in ("status", "undo", "redo"):
            if words and words[0] in ("undo", "redo"):
                assert t.run(words, game=False).code == 0
            continue
        out = t.run(words)
        if words[0] == "new":
            t.sid = out.envelope["session"]
    assert t.state["day"] == 8
    return t


def test_day_eight_take_is_shown_as_a_whole_command():
    t = example_day_eight()
    text = _hint_text(t)
    assert "Bob may take: take Bob\n  " + NOTE + "\n" in text


def _bash(db, words: list[str]) -> list[str]:
    import os
    import subprocess
    import sys

    env = {**os.environ, "REFEREE_DB": str(db), "_REFEREE_COMPLETE": "bash_complete",
           "COMP_WORDS": " ".join(["referee", "elysion", *words]), "COMP_CWORD": str(len(words) + 1)}
    env.pop("REFEREE_SESSION", None)
    done = subprocess.run([sys.executable, "-m", "referee"], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return [shlex.split(line.split(",", 1)[1])[0] for line in done.stdout.splitlines()
            if line.startswith("plain,")]


def test_realms_are_revealed_together_completion_offers_name_equals_realm():
    # Day 2 of the example: Ann holds 12 (taken from the row) and two hidden realms, Bob 33
    # and two hidden, Cy 27 and two hidden. Each NAME=REALM word is a realm that can be in
    # that hand: the one taken, or any realm nobody has seen (nothing hidden is told).
    t = _after_day_one()
    # the names first (issue 37: not "Display all 192 possibilities?"), a name's realms once typed
    assert _bash(t.path, ["reveal", ""]) == ["Ann=", "Bob=", "Cy="]
    offered = [w for name in ("Ann=", "Bob=", "Cy=") for w in _bash(t.path, ["reveal", name])]
    assert {w.split("=")[0] for w in offered} == {"Ann", "Bob", "Cy"}
    assert "Ann=12" in offered and "Bob=33" in offered and "Ann=33" not in offered
    assert "Ann=20" not in offered  # 20 left the game with the row
    assert "Ann=32*" in offered and "Cy=7" in offered
    after_bob = _bash(t.path, ["reveal", "Bob=33", "Ann=3"])
    assert after_bob[:4] == ["Ann=3", "Ann=3*", "Ann=30", "Ann=31"]
    assert all(w.startswith("Ann=3") for w in after_bob)
    assert _bash(t.path, ["reveal", "Ann=32*", "b=33", "C"]) == ["Cy="]
    assert _bash(t.path, ["reveal", "Ann=32*", "b=33", "Cy="])[0] == "Cy=27"  # Cy's own 27 first
