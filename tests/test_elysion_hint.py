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


def _hint_text(t: Table) -> str:
    result = CliRunner().invoke(cli, ["--db", str(t.path), "--session", str(t.sid), "elysion", "hint"])
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
    text = _hint_text(t)  # Ann draws 2 Blessings with her take
    assert "Ann may take: 15 44 57\n  " + NOTE in text


def test_keep_one_of_the_blessings_drawn_has_no_drawn_note():
    text = _hint_text(_day_two_ann_to_keep())
    assert "Ann may keep: \"Oracle's Smoke\", Nectar\n" in text
    assert "--drawn" not in text


def test_card_names_are_quoted_readably_and_still_paste_into_a_shell():
    t = _day_two_ann_to_keep()
    commands = [a["command"] for a in t.run("hint").result["actions"]]
    assert commands == ["keep Ann \"Oracle's Smoke\"", "keep Ann Nectar"]
    assert shlex.split(commands[0]) == ["keep", "Ann", "Oracle's Smoke"]
    assert "'\"'\"'" not in _hint_text(t)


def test_day_eight_take_is_shown_as_a_whole_command():
    # examples/elysion.txt up to day 8's reveal: Bob draws 5 Blessings and takes no realm.
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
    text = _hint_text(t)
    assert "Bob may take: take Bob\n  " + NOTE + "\n" in text
