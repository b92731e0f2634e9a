"""Plurals are words, not `(s)` (issue 37, item 15): every message counts with gettext's
`ngettext`, which picks the English form by the number and the French one as French counts (0
and 1 singular)."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

from click.testing import CliRunner

from referee.cli import cli
from referee.model import i18n

ROOT = Path(__file__).resolve().parent.parent
BRACKETED = re.compile(r"[A-Za-z]\(s\)")
STRINGS = {tokenize.STRING, *(getattr(tokenize, name) for name in ("FSTRING_MIDDLE",) if hasattr(tokenize, name))}


def bracketed_plurals(source: str) -> list[str]:
    """The string literals (f-strings' text too) of `source` that write a plural as `word(s)`."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return [t.string for t in tokens if t.type in STRINGS and BRACKETED.search(t.string)]


def test_no_message_writes_a_plural_as_s_in_brackets():
    found = {str(path.relative_to(ROOT)): hits
             for folder in ("referee", "tests/games")
             for path in sorted((ROOT / folder).rglob("*.py"))
             if (hits := bracketed_plurals(path.read_text(encoding="utf-8")))}
    assert found == {}


def test_the_check_finds_a_bracketed_plural_in_a_string_not_in_code():
    source = 'x = f"{n} card(s)"\ny = len(s)  # card(s) in a comment\nz = "Winner(s): " + w\n'
    assert len(bracketed_plurals(source)) == 2


def _croa(db, *words: str):
    return CliRunner().invoke(cli, ["--db", str(db), *words])


def test_undo_beyond_the_start_counts_one_action_or_several(tmp_path, monkeypatch):
    db = tmp_path / "s.db"
    assert _croa(db, "croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--digital", "--seed", "7"
                 ).exit_code == 0
    assert _croa(db, "croa", "move", "a1", "b2").exit_code == 0
    one = _croa(db, "undo", "--steps", "3")
    assert one.exit_code == 1 and "only 1 action can be undone" in one.output
    assert _croa(db, "croa", "bounce", "a3").exit_code == 0
    two = _croa(db, "undo", "--steps", "3")
    assert two.exit_code == 1 and "only 2 actions can be undone" in two.output
    french = _croa(db, "--lang", "fr", "undo", "--steps", "3")
    i18n.set_language(None)
    assert french.exit_code == 1 and "seules 2 actions peuvent être reprises" in french.output


def test_log_head_counts_actions_in_both_languages(tmp_path):
    db = tmp_path / "s.db"
    _croa(db, "croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--digital", "--seed", "7")
    _croa(db, "croa", "move", "a1", "b2")
    assert "`new` and 1 action\n" in _croa(db, "log").output
    _croa(db, "croa", "bounce", "a3")
    assert "`new` and 2 actions\n" in _croa(db, "log").output
    french = _croa(db, "--lang", "fr", "log").output
    i18n.set_language(None)
    assert "`new` et 2 actions\n" in french
