"""After the game: stats across sessions, the chat summary, the spreadsheet CSV, the Markdown
standings and the cached `details`, on a store of scripted games of every game."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from club import EXAMPLES, KLEOS_SHARED, KLEOS_UNFINISHED, KREUS_DEFEAT, play
from example_runner import example_games

from referee.cli import cli
from referee.model import registry
from referee.record.store import Store


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> dict:
    """A store with: every example (Kleos 16-16 won by Bob on tie-breaker 1, a Kreus success,
    Cerebria won Single-minded by Ann 14-2-0, Crôa! won by Ann, Elysion Bob 75 Ann 60 Cy 52),
    a shared Kleos victory, a Kreus defeat and an unfinished Kleos game."""
    db = tmp_path_factory.mktemp("club") / "club.db"
    ids = {}
    for game in example_games():
        ids[game] = play(db, game, (EXAMPLES / f"{game}.txt").read_text(encoding="utf-8"))
    ids["kleos-shared"] = play(db, "kleos", KLEOS_SHARED)
    ids["kreus-defeat"] = play(db, "kreus", KREUS_DEFEAT)
    ids["kleos-unfinished"] = play(db, "kleos", KLEOS_UNFINISHED)
    return {"db": db, "ids": ids}


def run(db: Path, *args: str, input: str | None = None):
    return CliRunner().invoke(cli, ["--db", str(db), *args], input=input)


def stats(db: Path, *args: str) -> list[dict]:
    result = run(db, "--json", "stats", *args)
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["result"]["rows"]
    for r in rows:
        assert r.pop("last_played")  # when, checked separately
    return rows


def test_the_scripted_games_ended_as_their_scripts_say(club):
    store = Store(club["db"])
    got = {k: store.session(sid)["summary"] for k, sid in club["ids"].items()}
    assert got["kleos"]["winners"] == ["Bob"] and got["kleos"]["details"]["tie_break"] == 1
    assert got["kleos-shared"]["winners"] == ["Ann", "Bob"] and got["kleos-shared"]["details"]["tie_break"] is None
    assert got["kreus"]["outcome"] == "success" and got["kreus-defeat"]["outcome"] == "defeat"
    assert got["kreus-defeat"]["winners"] == []
    assert got["cerebria"]["details"] == {"condition": "single-minded", "tie_break": None}
    assert got["croa"]["details"] == {"frogs": {"Ann": 4, "Bob": 0}}
    assert got["elysion"]["details"]["tie_break"] is False
    assert not got["kleos-unfinished"]["over"] and "details" not in got["kleos-unfinished"]


def test_stats_worked_out_by_hand_for_every_game(club):
    # Kleos, finished: the example (Ann 16, Bob 16, Bob by tie-breaker 1) and the shared
    # 0-0 (both win). Ann: 2 plays, 1 win (shared), scores 16+0 -> average 8, best 16.
    # Bob: 2 plays, 2 wins (one shared, one by tie-breaker), average 8, best 16.
    # Cy only played the unfinished game: no row. Kreus: success then defeat for all four.
    assert stats(club["db"]) == [
        {"player": "Bob", "game": "kleos", "plays": 2, "wins": 2, "win_rate": 1.0, "average_score": 8.0,
         "best_score": 16, "shared_wins": 1, "tie_break_wins": 1},
        {"player": "Ann", "game": "kleos", "plays": 2, "wins": 1, "win_rate": 0.5, "average_score": 8.0,
         "best_score": 16, "shared_wins": 1, "tie_break_wins": 0},
        *[{"player": p, "game": "kreus", "plays": 2, "wins": 1, "win_rate": 0.5, "average_score": None,
           "best_score": None, "outcomes": {"defeat": 1, "success": 1}} for p in ("Ann", "Bob", "Cy", "Dee")],
        {"player": "Ann", "game": "cerebria", "plays": 1, "wins": 1, "win_rate": 1.0, "average_score": 14.0,
         "best_score": 14, "shared_wins": 0, "single_minded_wins": 1, "balanced_wins": 0},
        {"player": "Bob", "game": "cerebria", "plays": 1, "wins": 0, "win_rate": 0.0, "average_score": 2.0,
         "best_score": 2, "shared_wins": 0, "single_minded_wins": 0, "balanced_wins": 0},
        {"player": "Cy", "game": "cerebria", "plays": 1, "wins": 0, "win_rate": 0.0, "average_score": 0.0,
         "best_score": 0, "shared_wins": 0, "single_minded_wins": 0, "balanced_wins": 0},
        {"player": "Ann", "game": "croa", "plays": 1, "wins": 1, "win_rate": 1.0, "average_score": None,
         "best_score": None, "shared_wins": 0},
        {"player": "Bob", "game": "croa", "plays": 1, "wins": 0, "win_rate": 0.0, "average_score": None,
         "best_score": None, "shared_wins": 0},
        {"player": "Bob", "game": "elysion", "plays": 1, "wins": 1, "win_rate": 1.0, "average_score": 75.0,
         "best_score": 75, "shared_wins": 0, "tie_break_wins": 0},
        {"player": "Ann", "game": "elysion", "plays": 1, "wins": 0, "win_rate": 0.0, "average_score": 60.0,
         "best_score": 60, "shared_wins": 0, "tie_break_wins": 0},
        {"player": "Cy", "game": "elysion", "plays": 1, "wins": 0, "win_rate": 0.0, "average_score": 52.0,
         "best_score": 52, "shared_wins": 0, "tie_break_wins": 0},
    ]


def test_stats_filters_by_game_player_and_date(club):
    assert [(r["player"], r["plays"]) for r in stats(club["db"], "--game", "kleos")] == [("Bob", 2), ("Ann", 2)]
    # any case; across games: Cy played Kreus, Cerebria and Elysion (the Kleos one is unfinished)
    assert [(r["game"], r["wins"]) for r in stats(club["db"], "--player", "cy")] == [
        ("kreus", 1), ("cerebria", 0), ("elysion", 0)]
    assert stats(club["db"], "--since", "2999-01-01") == []
    assert len(stats(club["db"], "--since", "2000-01-01")) == 14  # 2 + 4 + 3 + 2 + 3 rows
    assert run(club["db"], "stats", "--since", "yesterday").exit_code == 2


def test_stats_text_names_shared_tie_break_and_tiers(club):
    out = run(club["db"], "stats", "--game", "kleos").output
    assert "1 shared; 1 by tie-breaker" in out and "100%" in out and "50%" in out
    out = run(club["db"], "stats", "--game", "kreus", "--player", "Dee").output
    assert "defeat 1, success 1" in out
    assert run(club["db"], "stats", "--player", "Zed").output == "No finished games match.\n"


def test_a_deleted_session_leaves_the_stats_and_a_restored_one_comes_back(club, tmp_path):
    db = tmp_path / "copy.db"
    with sqlite3.connect(club["db"]) as src, sqlite3.connect(db) as dst:
        src.backup(dst)
    sid = club["ids"]["kleos-shared"]
    assert run(db, "sessions", "delete", sid, "--yes").exit_code == 0
    assert [(r["player"], r["plays"]) for r in stats(db, "--game", "kleos")] == [("Bob", 1), ("Ann", 1)]
    assert run(db, "sessions", "restore", sid).exit_code == 0
    assert [(r["player"], r["plays"]) for r in stats(db, "--game", "kleos")] == [("Bob", 2), ("Ann", 2)]


def test_last_played_is_the_latest_finished_session(club):
    store = Store(club["db"])
    rows = json.loads(run(club["db"], "--json", "stats", "--game", "kleos").output)["result"]["rows"]
    latest = max(store.session(club["ids"][k])["updated"] for k in ("kleos", "kleos-shared"))
    import datetime as dt

    assert rows[0]["last_played"] == dt.datetime.fromtimestamp(latest).isoformat(timespec="seconds")


# -- exports ----------------------------------------------------------------------------

def test_csv_is_flat_and_its_last_scores_are_the_final_standings(club):
    store = Store(club["db"])
    for key in ("kleos", "cerebria", "elysion", "kleos-shared"):
        sid = club["ids"][key]
        result = run(club["db"], "export", sid, "--format", "csv")
        assert result.exit_code == 0, result.output
        rows = list(csv.DictReader(io.StringIO(result.output)))
        played = store.actions(sid)
        assert [r["number"] for r in rows] == [str(r["idx"]) for r in played]
        assert [r["verb"] for r in rows] == [r["action"]["verb"] for r in played]
        summary = store.session(sid)["summary"]
        final = {f"score_{p['name']}": str(p["score"]) for p in summary["players"]}
        assert {k: v for k, v in rows[-1].items() if k.startswith("score_")} == final
        for r in rows[1:]:  # flat: no cell holds a JSON object (the `new` row's options aside)
            assert not any(v.startswith("{") for v in r.values() if v), r
        turn_word = registry.engine(summary["game"]).turn_word
        turns = [int(r[turn_word]) for r in rows]  # the turn each action was played in
        assert turns == sorted(turns) and summary["turn"] - 1 <= turns[-1] <= summary["turn"]


def test_csv_of_the_kleos_example_flattens_dice_and_names_the_player(club):
    rows = list(csv.DictReader(io.StringIO(run(club["db"], "export", club["ids"]["kleos"], "--format", "csv").output)))
    attack = next(r for r in rows if r["verb"] == "attack")
    assert attack["arg_minion"] and attack["result_attack"] == attack["arg_dice"] and attack["results_from"] == "table"
    assert attack["player"] in ("Ann", "Bob") and attack["day"].isdigit()
    assert [k for k in rows[0] if k.startswith("score_")] == ["score_Ann", "score_Bob"]


def test_csv_of_games_without_a_score_charts_their_own_numbers(club):
    kreus = list(csv.DictReader(io.StringIO(run(club["db"], "export", club["ids"]["kreus"], "--format", "csv").output)))
    assert kreus[-1]["planet_elements"] == "4"  # the example's Planet: 4 Elements
    croa = list(csv.DictReader(io.StringIO(run(club["db"], "export", club["ids"]["croa"], "--format", "csv").output)))
    assert (croa[0]["frogs_Ann"], croa[-1]["frogs_Ann"], croa[-1]["frogs_Bob"]) == ("2", "4", "0")


def _head(club: dict, key: str) -> str:
    store = Store(club["db"])
    try:
        return store.head(club["ids"][key])[:16]
    finally:
        store.close()


def test_chat_summary_says_winner_scores_how_and_length(club):
    out = run(club["db"], "export", club["ids"]["kleos"], "--format", "summary").output.splitlines()
    assert out[0].startswith(f"Kleos · {club['ids']['kleos']} · ")
    assert out[1:] == ["Winner: Bob", "Scores: Bob 16 · Ann 16", "Glory: Ann (ares) 16, Bob (athena) 16",
                       "Tied on glory; tie-breaker 1 decided it (glory from city control on Day 5)",
                       "Length: 72 actions over 5 days", f"Head of the record: {_head(club, 'kleos')}"]
    shared = run(club["db"], "export", club["ids"]["kleos-shared"], "--format", "summary").output
    assert "Shared victory: Ann and Bob" in shared and "a shared victory" in shared
    defeat = run(club["db"], "export", club["ids"]["kreus-defeat"], "--format", "summary").output
    assert "The team loses" in defeat and "defeat by Uranus' Aggression" in defeat
    assert "Length: 9 actions over 1 turn\n" in defeat
    unfinished = run(club["db"], "export", club["ids"]["kleos-unfinished"], "--format", "summary").output
    assert "Not finished yet" in unfinished and "Scores so far: Ann 0 · Cy 0" in unfinished


def test_markdown_has_standings_and_each_games_deciding_numbers(club):
    def md(key: str) -> str:
        return run(club["db"], "export", club["ids"][key], "--format", "md").output

    assert "## Standings" in md("kleos") and "**Winner: Bob**" in md("kleos")
    assert "| place | player | score | god |" in md("kleos")
    assert "| 1 | Bob | 16 | athena |" in md("kleos") and "| 2 | Ann | 16 | ares |" in md("kleos")
    assert "| 1 | Ann | 14 | 13 | 1 |" in md("cerebria") and "| player | score | bliss | gloom |" in md("cerebria")
    assert "- Ann 13 Bliss / 1 Gloom" not in md("cerebria")
    assert "Fragments: Ann 13 Bliss / 1 Gloom (14)" in md("cerebria")
    assert "Won by Single-minded" in md("cerebria")
    assert "Colonies: Ann (red) in the pond, 4 frogs, Bob (blue) eliminated, 0 frogs" in md("croa")
    assert "realm numbers 201" in md("elysion")
    assert "The team (Ann, Bob, Cy, Dee) wins: success" in md("kreus")
    assert "**The team loses**" in md("kreus-defeat")


def _insert(store: Store, sid: str, summary: dict, when: float = 1_700_000_000.0) -> None:
    """A finished session's row as the session layer caches it (no log needed by `stats`)."""
    store.db.execute(
        "INSERT INTO sessions (id, game, name, seed, rules_version, status, summary, created, updated, used)"
        " VALUES (?, ?, '', '1', '1', ?, ?, ?, ?, ?)",
        (sid, summary["game"], "over" if summary["over"] else "open", json.dumps(summary), when, when, when))
    store.reseal(sid, checked=True)  # sealed and marked checked in full, as the end of a real game leaves it


def _over(game: str, players: list[dict], winners: list[str], outcome: str | None = None, **details) -> dict:
    return {"game": game, "players": players, "current": None, "phase": "over", "turn": 3, "pending": [],
            "over": True, "winners": winners, "outcome": outcome, "details": details}


def test_stats_tally_rules_on_cached_summaries(tmp_path):
    db = tmp_path / "s.db"
    store = Store(db)
    three = [{"name": "Ann", "score": None}, {"name": "Bob", "score": None}, {"name": "Cy", "score": None}]
    # Kreus: may-sustain-life is the lowest winning tier (a win), unstable a loss
    _insert(store, "kreus-1", _over("kreus", three, ["Ann", "Bob", "Cy"], "may-sustain-life"))
    _insert(store, "kreus-2", _over("kreus", three, [], "unstable"))
    # Cerebria: Ann balanced 8+7; then Ann and BOB (typed in capitals) share a Single-minded win
    _insert(store, "cerebria-1", _over("cerebria", [{"name": "Ann", "score": 15}, {"name": "Bob", "score": 9}],
                                       ["Ann"], "balanced", condition="balanced", tie_break=None))
    _insert(store, "cerebria-2", _over("cerebria", [{"name": "Ann", "score": 13}, {"name": "BOB", "score": 13}],
                                       ["Ann", "BOB"], "single-minded", condition="single-minded", tie_break="shared"),
            when=1_700_000_100.0)
    # Elysion: 40-40, Bob's lower realm numbers win; an older store's summary has no details
    _insert(store, "elysion-1", _over("elysion", [{"name": "Ann", "score": 40}, {"name": "Bob", "score": 40}],
                                      ["Bob"], realm_sums={"Ann": 200, "Bob": 150}, tie_break=True))
    old = _over("elysion", [{"name": "Ann", "score": 31}, {"name": "Bob", "score": 20}], ["Ann"])
    del old["details"]
    _insert(store, "elysion-2", old)
    store.close()
    rows = {(r["game"], r["player"]): r for r in stats(db)}
    assert rows["kreus", "Cy"] == {"player": "Cy", "game": "kreus", "plays": 2, "wins": 1, "win_rate": 0.5,
                                   "average_score": None, "best_score": None,
                                   "outcomes": {"may-sustain-life": 1, "unstable": 1}}
    # Ann: 2 plays, 2 wins (1 balanced, 1 single-minded shared), (15 + 13) / 2 = 14
    assert rows["cerebria", "Ann"] == {"player": "Ann", "game": "cerebria", "plays": 2, "wins": 2, "win_rate": 1.0,
                                       "average_score": 14.0, "best_score": 15, "shared_wins": 1,
                                       "single_minded_wins": 1, "balanced_wins": 1}
    # Bob and BOB are one player, shown as last typed: (9 + 13) / 2 = 11
    assert rows["cerebria", "BOB"]["plays"] == 2 and rows["cerebria", "BOB"]["wins"] == 1
    assert rows["cerebria", "BOB"]["average_score"] == 11.0 and rows["cerebria", "BOB"]["shared_wins"] == 1
    assert (rows["elysion", "Bob"]["tie_break_wins"], rows["elysion", "Ann"]["tie_break_wins"]) == (1, 0)
    assert rows["elysion", "Ann"]["average_score"] == 35.5 and rows["elysion", "Ann"]["wins"] == 1


def test_csv_cells_join_dice_faces_but_list_single_digit_numbers():
    from referee.after.records import cell

    assert cell(["s", "g", "-"]) == "sg-"
    assert cell(["3", "4", "5"]) == "3, 4, 5"  # Elysion realms 3, 4 and 5, not 345
    assert cell([12, 20]) == "12, 20" and cell(True) == "true" and cell(None) == ""
    assert cell("x" * 300) == "(300 characters: see the JSON export)"


# -- issue 37, item 15: each player's totals, how long games last, a CSV a score-keeping app
# imports, and who took each action in the log -------------------------------------------------

def test_stats_totals_per_player_over_every_game_worked_out_by_hand(club):
    # From the rows above: Ann 2 Kleos (1 win) + 2 Kreus (1) + Cerebria (won) + Crôa! (won) +
    # Elysion (lost) = 7 games, 4 wins; Bob 2 (2) + 2 (1) + 1 (0) + 1 (0) + 1 (1) = 7, 4;
    # Cy 2 Kreus (1) + Cerebria (0) + Elysion (0) = 4, 1; Dee 2 Kreus (1) = 2, 1.
    result = json.loads(run(club["db"], "--json", "stats").output)["result"]
    assert result["totals"] == [
        {"player": "Ann", "games": 7, "wins": 4, "win_rate": 0.5714},
        {"player": "Bob", "games": 7, "wins": 4, "win_rate": 0.5714},
        {"player": "Dee", "games": 2, "wins": 1, "win_rate": 0.5},
        {"player": "Cy", "games": 4, "wins": 1, "win_rate": 0.25},
    ]
    text = run(club["db"], "stats").output
    assert "Each player, every game:" in text and "How long the games last" in text
    assert [line.split()[:4] for line in text.splitlines() if line.startswith("Cy ") and "%" in line][-1] == \
        ["Cy", "4", "1", "25%"]


def test_stats_csv_is_one_row_per_finished_game(club):
    result = run(club["db"], "stats", "--csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert list(rows[0]) == ["date", "game", "session", "players", "scores", "winner", "turns", "actions", "minutes"]
    by = {r["session"]: r for r in rows}
    ids = club["ids"]
    assert set(by) == {ids[k] for k in ("kleos", "kreus", "cerebria", "croa", "elysion", "kleos-shared",
                                        "kreus-defeat")}  # the unfinished Kleos game is not one
    kleos, shared = by[ids["kleos"]], by[ids["kleos-shared"]]
    assert (kleos["game"], kleos["players"], kleos["scores"], kleos["winner"], kleos["turns"]) == \
        ("Kleos", "Ann; Bob", "Ann 16; Bob 16", "Bob", "5")  # five Days
    assert (shared["scores"], shared["winner"]) == ("Ann 0; Bob 0", "Ann; Bob")
    assert (by[ids["cerebria"]]["scores"], by[ids["cerebria"]]["winner"]) == ("Ann 14; Bob 2; Cy 0", "Ann")
    assert (by[ids["croa"]]["game"], by[ids["croa"]]["scores"], by[ids["croa"]]["winner"]) == ("Crôa!", "", "Ann")
    assert by[ids["elysion"]]["scores"] == "Ann 60; Bob 75; Cy 52" and by[ids["elysion"]]["winner"] == "Bob"
    # the defeat: three players take a token (Dee takes the rest), four cards face down,
    # `next`, and Ann's first reveal loses on turn 1: 9 actions, no winner
    defeat = by[ids["kreus-defeat"]]
    assert (defeat["players"], defeat["winner"], defeat["turns"], defeat["actions"]) == \
        ("Ann; Bob; Cy; Dee", "", "1", "9")
    store = Store(club["db"])
    import datetime as dt

    assert defeat["date"] == dt.datetime.fromtimestamp(store.session(ids["kreus-defeat"])["created"]).strftime(
        "%Y-%m-%d %H:%M")
    assert all(r["minutes"] == "0" for r in rows)  # scripted in seconds
    assert [r["session"] for r in rows] == [r["session"] for r in sorted(rows, key=lambda r: r["date"])]
    only = list(csv.DictReader(io.StringIO(run(club["db"], "stats", "--csv", "--player", "dee").output)))
    assert {r["session"] for r in only} == {ids["kreus"], ids["kreus-defeat"]}


def test_game_lengths_average_and_extremes():
    from referee.after.stats import lengths

    rows = [{"game": "kleos", "turns": 5, "actions": 40, "minutes": 30},
            {"game": "kleos", "turns": 5, "actions": 60, "minutes": 100},
            {"game": "kleos", "turns": 4, "actions": 20, "minutes": 50},
            {"game": "croa", "turns": 17, "actions": 20, "minutes": 12}]
    assert lengths(rows) == [
        {"game": "kleos", "games": 3, "average_turns": 4.7, "average_actions": 40.0, "average_minutes": 60.0,
         "shortest_minutes": 30, "longest_minutes": 100},
        {"game": "croa", "games": 1, "average_turns": 17.0, "average_actions": 20.0, "average_minutes": 12.0,
         "shortest_minutes": 12, "longest_minutes": 12},
    ]


def test_log_names_who_took_each_action(club):
    """Who acted: the player an action names, else the one whose turn or decision it was; an
    opportunity attack is the defender's though it is the mover's turn (Bob's Centaur on Ann's
    Myrina in the Kleos example)."""
    log = json.loads(run(club["db"], "--json", "log", club["ids"]["kleos"]).output)["result"]["log"]
    assert log[0]["player"] is None  # `new`: the table's
    oa = [e for e in log if e["action"]["verb"] == "oa"]
    assert [e["player"] for e in oa] == ["Bob"]
    text = run(club["db"], "log", club["ids"]["croa"], "-n", "3").output
    assert text.splitlines()[1].split()[:3] == ["#", "player", "action"]
    croa = json.loads(run(club["db"], "--json", "log", club["ids"]["croa"]).output)["result"]["log"]
    assert {e["player"] for e in croa[1:]} <= {"Ann", "Bob"} and croa[1]["player"] == "Ann"


def test_stats_taller_than_the_screen_goes_through_the_pager(club):
    """On an 80x24 terminal the three tables (about 35 lines with the club's games) are paged;
    piped, they are printed whole (issue 37, item 15: 29 lines went by unpaged)."""
    import os
    import subprocess
    import sys

    import pexpect

    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES", "PAGER")}
    env.update({"REFEREE_DB": str(club["db"]), "TERM": "xterm", "PAGER": "sed s/^/PAGED:/"})
    child = pexpect.spawn(sys.executable, ["-m", "referee", "stats"], env=env, dimensions=(24, 80),
                          encoding="utf-8", timeout=60)
    child.expect(pexpect.EOF)
    child.close()
    lines = [line for line in child.before.splitlines() if line.strip()]
    assert len(lines) > 24 and all(line.startswith("PAGED:") for line in lines)
    piped = subprocess.run([sys.executable, "-m", "referee", "stats"], capture_output=True, text=True, env=env,
                           check=True).stdout
    assert "PAGED:" not in piped and "Each player, every game:" in piped
