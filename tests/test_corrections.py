"""Correcting the past (issue 14), for every game, on the opening of each game's example.

Each game's scripted opening is typed through `Table`; the corrections are typed as a
user types them (`referee amend N -- WORDS`). Which early action can be struck without
breaking a later one, and which breaks one, was found by playing the opening: those
numbers are pinned here so a change in the replay is seen.
"""

from __future__ import annotations

import json
from functools import cache

import pytest
from corrections_support import root, scripted, words
from example_runner import example_games

from referee.after import export
from referee.record import session
from referee.record.store import ALL_STATUSES

# game -> (lines of the opening, an early action every later one survives without,
#          an early action a later one needs)
OPENINGS = {
    "kleos": (20, 7, 1),
    "kreus": (12, 4, 1),
    "cerebria": (14, 1, 2),
    "croa": (9, 6, 1),
    "elysion": (12, 9, 1),
}
GAMES = example_games()


@cache
def _opening(game: str) -> tuple[int, int, int]:
    """The game's pinned opening; for a game without one (a new game), found the way the pinned
    ones were, by dry runs on its example's first 12 actions: the last action every later one
    survives without, and the first a later one needs (a game where none is needed fails)."""
    if game in OPENINGS:
        return OPENINGS[game]
    count = 12
    t, lines = scripted(game, count)
    tried = {n: root(t, f"strike {n} --dry-run").code for n in range(1, len(lines) + 1)}
    fails = [n for n, code in tried.items() if code == 1]
    survives = [n for n, code in tried.items() if code == 0 and n >= 2]
    assert fails and survives, (f"{game}'s opening needs an action a later one needs and one none needs "
                                f"(tried: {tried}): pin them in OPENINGS")
    return count, survives[-1], fails[0]


def _state(t) -> str:
    loaded = t.loaded
    return json.dumps(loaded.engine.to_json(loaded.state), sort_keys=True)


def text_of(t, *args: str) -> str:
    """What a root command prints for people (Table.run asks for JSON)."""
    from click.testing import CliRunner

    from referee.cli import cli

    out = CliRunner().invoke(cli, ["--db", str(t.path), "--session", t.sid, *args])
    assert out.exit_code == 0, out.output
    return out.output


def _rows(t) -> list[tuple]:
    return [(r["idx"], r["status"], r["action_text"], r["results_text"], r["link"])
            for r in t.store.actions(t.sid, ALL_STATUSES)]


@pytest.mark.parametrize("game", GAMES)
def test_amending_an_action_to_itself_changes_nothing(game):
    t, lines = scripted(game, _opening(game)[0])
    before = _state(t)
    out = root(t, ["amend", "2", "--reason", "same", "--", *words(lines[1])])
    assert out.code == 0, out.error
    assert out.result["changed"] == [] and out.result["first_failing"] is None
    assert out.result["before"] == out.result["after"]
    assert _state(t) == before
    assert root(t, "verify").code == 0


@pytest.mark.parametrize("game", GAMES)
def test_strike_that_every_later_action_survives_then_insert_puts_it_back(game):
    count, n, _ = _opening(game)
    t, lines = scripted(game, count)
    before, live = _state(t), t.log_length()
    out = root(t, f"strike {n} --reason 'never played'")
    assert out.code == 0, out.error
    assert out.result["first_failing"] is None and out.result["rechecked"] == live - 1 - n
    assert t.log_length() == live - 1
    struck = t.store.actions(t.sid, ("struck",))
    assert len(struck) == 1 and struck[0]["reason"] == "never played" and struck[0]["changed"]
    # the forgotten action goes back where it was: the same state as before
    out = root(t, ["insert", str(n), "--reason", "it was played", "--", *words(lines[n - 1])])
    assert out.code == 0, out.error
    assert t.log_length() == live and _state(t) == before
    log = root(t, "log --all").result["log"]
    marks = {e["number"]: e["mark"] for e in log if e["number"] is not None}
    assert marks[n] == "inserted"
    assert [e["status"] for e in log].count("struck") == 1
    assert root(t, "verify").code == 0


@pytest.mark.parametrize("game", GAMES)
def test_a_correction_that_breaks_a_later_action_is_refused_naming_it(game):
    count, _, n = _opening(game)
    t, _lines = scripted(game, count)
    rows = _rows(t)
    out = root(t, f"strike {n}")
    assert out.code == 1
    message, rule = out.error["message"], out.error["rule"]
    assert rule and "no longer holds after this correction" in message
    failing = int(message.split()[1])
    assert failing > n and message.startswith(f"action {failing} (")
    assert _rows(t) == rows  # nothing changed, not even a link
    dry = root(t, f"strike {n} --dry-run")
    assert dry.code == 1 and dry.error == out.error


@pytest.mark.parametrize("game", GAMES)
def test_cut_keeps_the_history_up_to_the_broken_action_and_redo_retries_it(game):
    count, _, n = _opening(game)
    t, lines = scripted(game, count)
    before, live = _state(t), t.log_length()
    out = root(t, f"strike {n} --cut --reason 'not played'")
    assert out.code == 0, out.error
    failing = out.result["first_failing"]
    assert failing["number"] > n and failing["rule"] and failing["command"]
    # kept: the actions before the failing one, less the struck one
    assert t.log_length() == failing["number"] - 1
    assert len(t.store.actions(t.sid, ("undone",))) == live - failing["number"]
    # it no longer holds where it would come back: redo refuses it, naming it and the rule
    redo = root(t, "redo")
    assert redo.code == 1 and f"action {failing['number'] - 1} (" in redo.error["message"]
    assert redo.error["rule"]
    # put the struck action back: the undone ones fit again and redo brings them back one by one
    assert root(t, ["insert", str(n), "--", *words(lines[n - 1])]).code == 0
    while t.store.actions(t.sid, ("undone",)):
        assert root(t, "redo").code == 0
    assert _state(t) == before and t.log_length() == live
    assert root(t, "verify").code == 0


@pytest.mark.parametrize("game", GAMES)
def test_the_trail_shows_in_log_all_export_and_import(game, tmp_path):
    count, n, _ = _opening(game)
    t, lines = scripted(game, count)
    assert root(t, ["amend", "2", "--reason", "typo", "--", *words(lines[1])]).code == 0
    assert root(t, f"strike {n} --reason 'not played'").code == 0
    log = root(t, "log --all").result["log"]
    replaced = [e for e in log if e["status"] == "replaced"]
    assert len(replaced) == 1 and replaced[0]["reason"] == "typo" and replaced[0]["number"] is None
    amended = [e for e in log if e["mark"] == "amended"]
    assert [e["number"] for e in amended] == [1 if n < 2 else 2]  # striking action 1 moves it up
    # the text log marks them too: the old entry in brackets with its status and reason
    plain = text_of(t, "log", "--all")
    assert "(replaced: typo)" in plain and "(struck: not played)" in plain
    assert f"{1 if n < 2 else 2} amended" in plain
    data = json.loads(export.render(t.store, t.sid, "json", reveal_seed=True))
    statuses = [a["status"] for a in data["actions"]]
    assert statuses.count("replaced") == 1 and statuses.count("struck") == 1
    assert {a.get("reason") for a in data["actions"] if a["status"] in ("replaced", "struck")} == {"typo", "not played"}
    loaded, _ = export.import_session(t.store, export.parse(json.dumps(data)), unverified=True, copy=True)
    assert loaded.summary == t.summary
    again = t.store.actions(loaded.id, ALL_STATUSES)
    assert [(r["status"], r["reason"]) for r in again] == [
        (r["status"], r["reason"]) for r in t.store.actions(t.sid, ALL_STATUSES)]
    # jsonl too
    lines_out = export.render(t.store, t.sid, "jsonl", reveal_seed=True)
    assert export.import_session(t.store, export.parse(lines_out), copy=True)[0].summary == t.summary


@pytest.mark.parametrize("game", GAMES)
def test_an_edited_trail_is_refused_by_import(game):
    count, n, _ = _opening(game)
    t, _ = scripted(game, count)
    assert root(t, f"strike {n}").code == 0
    data = json.loads(export.render(t.store, t.sid, "json", reveal_seed=True))
    struck = next(a for a in data["actions"] if a["status"] == "struck")
    struck["status"] = "done"  # the struck action put back by hand: the chain no longer matches
    from referee.model.errors import RefereeError

    with pytest.raises(RefereeError):
        export.import_session(t.store, export.parse(json.dumps(data)), unverified=True, copy=True)
    assert session.load(t.store, t.sid).summary == t.summary


def test_import_rechecks_a_replaced_entry_where_it_stood():
    """A replaced entry must have applied at its place before the correction: an export whose
    links were stripped (so the chain cannot speak) and whose replaced entry was made illegal
    is refused, naming that entry."""
    from referee.model.errors import RefereeError

    t, _lines = scripted("croa", 9)
    assert root(t, ["amend", "5", "--reason", "tile", "--", "move", "a1", "b2", "-t", "m2"]).code == 0
    data = json.loads(export.render(t.store, t.sid, "json", reveal_seed=True))
    for a in data["actions"]:
        a.pop("link", None)
    assert export.import_session(t.store, export.parse(json.dumps(data)), unverified=True, copy=True)[0].summary == t.summary
    replaced = next(a for a in data["actions"] if a["status"] == "replaced")
    replaced["action"] = {**replaced["action"], "to": "h8"}  # no frog can jump there
    with pytest.raises(RefereeError) as caught:
        export.import_session(t.store, export.parse(json.dumps(data)), unverified=True, copy=True)
    assert f"action {replaced['index']}" in caught.value.message
    assert caught.value.rule == "Pond rules (règles de la mare): one frog moves to one of the 8 neighbouring squares"
