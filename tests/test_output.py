"""Output that fits and reads (issue 12, Deliver 5): tables wrapped to the terminal on word
boundaries, colour only on a terminal and never under NO_COLOR, `log -n N`, the pager.

Terminal behaviour is driven through a real pseudo-terminal (pexpect)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner
from example_runner import example_games, play_quietly
from tabulate import tabulate

from referee.cli import cli
from referee.cli.output import paint
from referee.model.tables import render, text_width

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def run(*args: str, env: dict | None = None):
    return CliRunner().invoke(cli, list(args), env=env)


@pytest.fixture(scope="module")
def croa_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Crôa! example game (about forty actions) played to its end."""
    path = tmp_path_factory.mktemp("croa") / "referee.db"
    play_quietly("croa", path)
    return path


def spawn(args: list[str], db: Path, **env: str) -> pexpect.spawn:
    """`referee ARGS` in a 24x80 pseudo-terminal."""
    environ = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES", "PAGER")}
    environ.update({"REFEREE_DB": str(db), "TERM": "xterm", **env})
    return pexpect.spawn(sys.executable, ["-m", "referee", *args], env=environ, dimensions=(24, 80),
                         encoding="utf-8", timeout=20)


def transcript(child: pexpect.spawn) -> str:
    child.expect(pexpect.EOF)
    child.close()
    return child.before


# -- tables ------------------------------------------------------------------------------

def test_table_wraps_a_long_cell_between_words_to_fit_the_width():
    # room 12 - 2 (gap) = 10; "three" (5) is the narrowest column 1 can be, column 2 keeps 3:
    # column 1 gives way from 13 to 7, so "one two three" wraps after "two".
    assert render(["a", "b"], [["one two three", "x"]], width=12) == (
        "a        b\n"
        "-------  ---\n"
        "one two  x\n"
        "three")


def test_table_never_cuts_a_word_that_can_fit():
    word = "strong-bliss-yellow-draw"
    text = render(["#", "action", "what happened"],
                  [[1, f"invoke Ann {word} --merge brightness-yellow", f"Ann's Mindset gains {word} " * 3]],
                  width=60)
    assert all(text_width(line) <= 60 for line in text.splitlines())
    assert text.count(word) == 4  # the card name is never split, at its hyphens or elsewhere


def test_hyphens_give_way_only_when_whole_words_cannot_fit():
    text = render(["a", "b"], [["strong-bliss-yellow-draw", "mild-gloom-green-deprive"]], width=30)
    assert all(text_width(line) <= 30 for line in text.splitlines())
    assert "strong-bliss-yellow-draw" not in text and "strong-" in text


def test_header_words_wrap_when_the_headers_alone_are_too_wide():
    headers = ["player", "collected bliss", "collected gloom", "vibes", "combination", "bonus",
               "scored bliss", "scored gloom", "total"]
    text = render(headers, [["Ann", 2, 1, "blue yellow green", "three-different", "+1 bliss", 3, 1, 4]], width=80)
    assert all(text_width(line) <= 80 for line in text.splitlines())
    assert text.splitlines()[1].split() == ["bliss", "gloom", "bliss", "gloom"]


def test_without_a_width_the_table_is_tabulates_simple_format():
    rows = [["1", "move a2 a3 --tile lilypad", "Ann's servant lands on a lily pad\nand must bounce"], ["2", "", None]]
    headers = ["#", "action", "what happened"]
    assert render(headers, rows) == tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)


def test_log_fits_the_columns_it_is_given(croa_db):
    for columns in (60, 80, 120):
        for details in ([], ["--details"]):
            result = run("--db", str(croa_db), "log", *details, env={"COLUMNS": str(columns)})
            assert result.exit_code == 0
            assert max(map(text_width, result.output.splitlines())) <= columns
    wide = run("--db", str(croa_db), "log", "-v", env={"COLUMNS": "200"}).output
    narrow = run("--db", str(croa_db), "log", "-v", env={"COLUMNS": "60"}).output
    assert len(wide.splitlines()) < len(narrow.splitlines())


def test_piped_output_keeps_its_lines_whole(croa_db):
    # no terminal and no COLUMNS: nothing is reflowed (grep sees whole lines)
    piped = run("--db", str(croa_db), "log", "--details").output
    assert piped == run("--db", str(croa_db), "log", "--details", env={"COLUMNS": "1000"}).output
    assert max(map(text_width, piped.splitlines())) > 80


@pytest.mark.parametrize("game", example_games())
def test_log_reads_one_action_a_line_in_80_columns(game, tmp_path):
    # each game's example played to its end: `log` gives each action one line of at most 80
    # columns (cut short with "…"), `log --details` adds what happened, wrapped to 80
    db = str(tmp_path / "referee.db")
    play_quietly(game, tmp_path / "referee.db")
    entries = len(__import__("json").loads(run("--db", db, "--json", "log").output)["result"]["log"])
    lines = run("--db", db, "log", env={"COLUMNS": "80"}).output.splitlines()
    assert len(lines) == 3 + entries  # the title, the headers, the rule, one line an action
    assert max(map(text_width, lines)) <= 80
    assert [int(line.split()[0]) for line in lines[3:]] == list(range(entries))
    details = run("--db", db, "log", "--details", env={"COLUMNS": "80"}).output.splitlines()
    assert "what happened" in details[1] and len(details) > len(lines)
    assert max(map(text_width, details)) <= 80
    piped = run("--db", db, "log").output  # no width: one line an action, nothing cut
    assert len(piped.splitlines()) == 3 + entries and "…" not in piped


# -- log -n ------------------------------------------------------------------------------

def _numbers(output: str) -> list[int]:
    return [int(line.split()[0]) for line in output.splitlines() if re.match(r"\d+\s", line)]


def test_log_n_shows_only_the_last_n_actions(croa_db):
    full = _numbers(run("--db", str(croa_db), "log").output)
    last3 = run("--db", str(croa_db), "log", "-n", "3")
    assert last3.exit_code == 0
    assert _numbers(last3.output) == full[-3:]
    assert "(the last 3)" in last3.output
    data = run("--db", str(croa_db), "--json", "log", "-n", "2")
    assert [e["index"] for e in __import__("json").loads(data.output)["result"]["log"]] == full[-2:]


def test_log_n_refuses_zero_as_a_usage_error(croa_db):
    assert run("--db", str(croa_db), "log", "-n", "0").exit_code == 2


# -- colour ------------------------------------------------------------------------------

def test_paint_colours_names_score_changes_and_refusals():
    assert paint("refused: no", []).startswith("\x1b[31m\x1b[1mrefused:")
    text = paint("Bob (Athena) +1 glory; Port Bob +2; Ann -1 glory", ["Ann", "Bob"])
    assert "\x1b[32m\x1b[1m+1\x1b[0m glory" in text and "\x1b[32m\x1b[1m+2" in text
    assert "\x1b[31m\x1b[1m-1\x1b[0m glory" in text
    assert "\x1b[36m\x1b[1mAnn" in text and "\x1b[35m\x1b[1mBob" in text  # a colour per seat


def test_paint_leaves_card_stats_zero_and_other_words_alone():
    for plain in ("Centaur 2/2/1/+1", "Hunter +2/+1", "tactics +0 glory", "Annabel moves", "--mod atk=+1 glory"):
        assert ANSI.sub("", paint(plain, ["Ann"])) == plain
        assert paint(plain, ["Ann"]) == plain


def test_color_flag_forces_colour_even_into_a_pipe(croa_db):
    forced = run("--db", str(croa_db), "--color", "croa", "status")
    assert ANSI.search(forced.output)
    assert not ANSI.search(run("--db", str(croa_db), "croa", "status").output)


def test_colour_on_a_terminal(croa_db):
    text = transcript(spawn(["croa", "status"], croa_db))
    assert "\x1b[" in text and "Ann" in ANSI.sub("", text)


def test_no_color_turns_colour_off_on_a_terminal(croa_db):
    text = transcript(spawn(["croa", "status"], croa_db, NO_COLOR="1"))
    assert "\x1b[" not in text and "Game over" in text
    refused = transcript(spawn(["croa", "pass"], croa_db, NO_COLOR="1"))
    assert "refused:" in refused and "\x1b[" not in refused


def test_refusal_label_is_red_on_a_terminal_and_no_color_flag_wins(croa_db):
    assert "\x1b[31m\x1b[1mrefused:" in transcript(spawn(["croa", "pass"], croa_db))
    assert "\x1b[" not in transcript(spawn(["--no-color", "croa", "pass"], croa_db))


# -- the pager ---------------------------------------------------------------------------

PAGER = "sed s/^/PAGED:/"  # a pager that shows it was used


def test_a_log_taller_than_the_screen_goes_through_the_pager(croa_db):
    text = transcript(spawn(["log", "--details"], croa_db, PAGER=PAGER))
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) > 24 and all(line.startswith("PAGED:") for line in lines)


def test_a_short_log_and_json_skip_the_pager(croa_db):
    short = transcript(spawn(["log", "-n", "2"], croa_db, PAGER=PAGER))
    assert "PAGED:" not in short and "(the last 2)" in short
    as_json = transcript(spawn(["--json", "log"], croa_db, PAGER=PAGER))
    assert "PAGED:" not in as_json and as_json.lstrip().startswith("{")


def test_piped_output_never_pages(croa_db):
    import subprocess

    env = {**os.environ, "REFEREE_DB": str(croa_db), "PAGER": PAGER}
    out = subprocess.run([sys.executable, "-m", "referee", "log", "--details"], capture_output=True, text=True, env=env,
                         check=True).stdout
    assert "PAGED:" not in out and len(out.splitlines()) > 24


def test_usage_errors_are_red_when_colour_is_on_and_unchanged_otherwise(db):
    coloured = run("--color", "klos")
    assert coloured.exit_code == 2 and "\x1b[31m\x1b[1mError:\x1b[0m No such command 'klos'." in coloured.output
    assert "Try 'cli --help' for help." in coloured.output  # CliRunner names the program cli
    plain = run("klos")
    assert plain.output == ANSI.sub("", coloured.output)
