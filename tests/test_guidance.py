"""Help where a newcomer is stuck: "did you mean" for a game typed almost right, a pager that
shows colours whatever LESS says, manual pages that never break a word at a line's end."""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner

from referee.cli import cli, output

MAN = Path(__file__).resolve().parent.parent / "man"


def test_play_with_a_game_typed_almost_right_says_did_you_mean(db):
    r = CliRunner().invoke(cli, ["play", "kleo"], input="")
    assert r.exit_code == 2
    assert "Did you mean 'kleos'?" in r.output and "neither a game" in r.output


def test_the_pager_shows_colours_when_less_is_unset(monkeypatch):
    monkeypatch.delenv("LESS", raising=False)
    output._pager_reads_colour()
    assert "R" in os.environ["LESS"]


def test_the_pager_keeps_the_users_less_options_and_adds_colours(monkeypatch):
    monkeypatch.setenv("LESS", "-i")
    output._pager_reads_colour()
    assert os.environ["LESS"] == "-i -R"
    monkeypatch.setenv("LESS", "-iR")
    output._pager_reads_colour()
    assert os.environ["LESS"] == "-iR"


def test_manual_pages_turn_hyphenation_off_so_words_stay_whole():
    for page in MAN.glob("*.1"):
        head = page.read_text(encoding="utf-8").splitlines()[:4]
        assert ".nh" in head, page.name
