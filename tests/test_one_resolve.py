"""An action resolves the session it goes to once: the card library's look into the session's
own cards (`prepare`) takes the session the action already resolved instead of asking again."""

from __future__ import annotations

from click.testing import CliRunner

from referee.cli import cli
from referee.record import session


def _run(db, *args: str):
    return CliRunner().invoke(cli, ["--db", str(db), *args])


def test_a_kleos_card_action_resolves_its_session_once(db, monkeypatch):
    made = _run(db, "kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena",
                "--champion", "ares=3/3/3/3", "--champion", "athena=3/3/3/3", "--seed", "42")
    assert made.exit_code == 0, made.output
    assert _run(db, "kleos", "card", "add", "Myrina", "--stats", "2/2/2/2", "--disposition", "1").exit_code == 0
    calls: list[tuple] = []
    real = session.resolve
    monkeypatch.setattr(session, "resolve", lambda *a: calls.append(a) or real(*a))
    done = _run(db, "kleos", "isle", "isle1", "Myrina")
    assert done.exit_code == 0, done.output
    assert len(calls) == 1
    calls.clear()  # a name the library lacks: the session's own cards are read, the session not resolved again
    refused = _run(db, "kleos", "isle", "isle2", "Nobody")
    assert refused.exit_code != 0 and "Nobody" in refused.output
    assert len(calls) == 1
