"""A rematch in one command (`GAME new --like ID`) and session housekeeping (rename, delete,
restore, purge, `sessions --player`)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.model import registry
from referee.record.store import Store


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, list(args), input=input)


def jrun(*args: str) -> dict:
    result = run("--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def new_action(db, sid: str) -> dict:
    return Store(db).actions(sid)[0]["action"]


KLEOS = ["--player", "Ann:ares", "--player", "Bob:athena", "--champion", "ares=4/3/2/1",
         "--champion", "athena=3/3/4/2", "--temple", "athena:h1", "--seed", "4"]
FIRST = {  # each game's `new` with options worth copying, and what a rematch must not copy
    "kleos": (KLEOS, ()),
    "kreus": (["--player", "Ann", "--player", "Bob", "--player", "Cy", "--first", "Bob", "--altered",
               "--first-game"], ("first",)),
    "cerebria": (["--player", "Ann", "--player", "Bob", "--first", "Bob", "--mood", "gloom"], ("first", "mood")),
    "croa": (["--player", "Ann:red", "--player", "Bob:blue", "--player", "Cy:green", "--digital", "--cards"], ()),
    "elysion": (["--player", "Ann", "--player", "Bob", "--styx", "--constellations", "--hand", "4",
                 "--row", "12,20,27"], ("row",)),
}


PLAIN = (["--player", "Ann", "--player", "Bob"], ())  # a game with nothing more to copy


@pytest.mark.parametrize("game", registry.names())
def test_new_like_copies_players_seats_and_options_but_not_the_deal(db, game):
    args, dealt = FIRST.get(game, PLAIN)
    sid = jrun(game, "new", *args)["session"]
    again = jrun(game, "new", "--like", sid)
    assert again["session"] != sid
    before, after = new_action(db, sid), new_action(db, again["session"])
    assert after == {k: v for k, v in before.items() if k not in dealt}
    assert all(k in before for k in dealt)  # the deal was there, and was left out


def test_kleos_like_with_new_players_takes_their_gods_anew(db):
    sid = jrun("kleos", "new", *KLEOS)["session"]
    again = jrun("kleos", "new", "--like", sid, "--player", "Cy:hermes", "--player", "Dee:ares",
                 "--champion", "hermes=3/3/3/3", "--champion", "ares=2/2/2/2")["session"]
    action = new_action(db, again)
    assert action["players"] == [{"name": "Cy", "god": "hermes"}, {"name": "Dee", "god": "ares"}]
    assert "temples" not in action  # athena's temple went with Bob
    assert set(action["champions"]) == {"hermes", "ares"} and action["champions"]["ares"]["attack"] == 2


def test_kleos_like_merges_a_typed_champion_into_the_copied_ones(db):
    sid = jrun("kleos", "new", *KLEOS)["session"]
    again = jrun("kleos", "new", "--like", sid, "--champion", "ares=1/1/1/1")["session"]
    action = new_action(db, again)
    assert action["champions"]["ares"]["attack"] == 1 and action["champions"]["athena"]["attack"] == 3
    assert action["temples"] == {"athena": "h1"} and action["players"] == new_action(db, sid)["players"]


def test_options_typed_with_like_override_the_copied_ones(db):
    sid = jrun("elysion", "new", *FIRST["elysion"][0])["session"]
    again = jrun("elysion", "new", "--like", sid, "--hand", "2", "--player", "Cy", "--player", "Dee")["session"]
    action = new_action(db, again)
    assert action["hand"] == 2 and action["players"] == ["Cy", "Dee"] and action["styx"] is True
    kreus = jrun("kreus", "new", *FIRST["kreus"][0])["session"]
    action = new_action(db, jrun("kreus", "new", "--like", kreus, "--first", "Cy")["session"])
    assert action["first"] == "Cy" and action["altered"] is True and action["players"] == ["Ann", "Bob", "Cy"]


def test_like_refuses_another_games_session_and_an_unknown_one(db):
    sid = jrun("croa", "new", *FIRST["croa"][0])["session"]
    result = run("kleos", "new", "--like", sid)
    assert result.exit_code == 3 and "not kleos" in result.output
    assert run("croa", "new", "--like", "croa-99").exit_code == 3
    assert run("kleos", "new").exit_code == 2  # without --like, --player is still required
    assert Store(db).sessions("kleos", include_over=True) == []


def test_like_with_dry_run_records_nothing(db):
    sid = jrun("cerebria", "new", *FIRST["cerebria"][0])["session"]
    result = run("cerebria", "new", "--like", sid, "--dry-run")
    assert result.exit_code == 0 and "nothing recorded" in result.output
    assert [r["id"] for r in Store(db).sessions("cerebria", include_over=True)] == [sid]


# -- housekeeping -----------------------------------------------------------------------

def _two_sessions() -> tuple[str, str]:
    first = jrun("croa", "new", "--player", "Ann:red", "--player", "Bob:blue")["session"]
    second = jrun("croa", "new", "--player", "Cy:red", "--player", "Dee:blue")["session"]
    return first, second


def test_sessions_listing_keeps_working_and_filters_by_player(db):
    first, second = _two_sessions()
    assert first in run("sessions").output and second in run("sessions", "--game", "croa", "--all").output
    listed = jrun("sessions", "--player", "dee")["result"]["sessions"]
    assert [s["id"] for s in listed] == [second]
    assert "No sessions open (try --all) with Zed." in run("sessions", "--player", "Zed").output


def test_rename_shows_in_the_listing(db):
    first, _ = _two_sessions()
    assert run("sessions", "rename", first, "Friday final").exit_code == 0
    names = {s["id"]: s["name"] for s in jrun("sessions")["result"]["sessions"]}
    assert names[first] == "Friday final"
    assert run("sessions", "rename", "croa-9", "x").exit_code == 3


def test_delete_asks_then_hides_the_session_until_restored(db):
    first, second = _two_sessions()
    kept = run("sessions", "delete", second, input="n\n")
    assert kept.exit_code == 0 and "Nothing deleted" in kept.output
    assert run("sessions", "delete", second, input="y\n").exit_code == 0
    assert [s["id"] for s in jrun("sessions", "--all")["result"]["sessions"]] == [first]
    # the current croa session is now the other one; the deleted one is refused by name
    assert jrun("croa", "status")["session"] == first
    refused = run("show", second)
    assert refused.exit_code == 3 and f"sessions restore {second}" in refused.output
    assert [s["id"] for s in jrun("sessions", "--deleted")["result"]["sessions"]] == [second]
    assert run("sessions", "restore", second).exit_code == 0
    assert jrun("show", second)["session"] == second
    assert run("sessions", "restore", second).exit_code == 3  # not deleted any more


def test_purge_removes_deleted_sessions_for_good(db):
    first, second = _two_sessions()
    assert run("sessions", "delete", first, "--yes").exit_code == 0
    assert run("sessions", "purge", input="n\n").output.endswith("Nothing purged.\n")
    assert jrun("sessions", "purge", "--yes")["result"]["purged"] == [first]
    assert run("sessions", "restore", first).exit_code == 3
    assert Store(db).actions(first) == [] and [s["id"] for s in Store(db).sessions()] == [second]
