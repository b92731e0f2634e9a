"""Each finished game's sealed result row and the aggregates kept from it (issue 38 item 4, the
store's side): stats, standings and ratings read them, and give what counting every session gave.

The small league is worked out by hand (the finishing order of each game from its result, the
points from the league's rules); the ratings' numbers come from openskill's own API on those
hand-derived orders, not through the referee."""

from __future__ import annotations

import json
import sqlite3

import pytest
from click.testing import CliRunner
from club import KREUS_DEFEAT, play

from referee.cli import cli
from referee.record import results
from referee.record.store import Store
from referee.record.stores import open_store

openskill = pytest.importorskip("openskill.models", reason="openskill (the `ratings` extra) is not installed")

T0 = 1_700_000_000.0


def _insert(store: Store, sid: str, summary: dict, when: float, checked: bool = True) -> None:
    store.db.execute(
        "INSERT INTO sessions (id, game, name, seed, rules_version, status, summary, created, updated, used)"
        " VALUES (?, ?, '', '1', '1', 'over', ?, ?, ?, ?)",
        (sid, summary["game"], json.dumps(summary), when, when, when))
    store.reseal(sid, checked=checked)  # as the full check at a game's end marks it: its row is written then


def _over(game: str, players: list[tuple[str, object]], winners: list[str], **more) -> dict:
    rows = [{"name": n, "score": s} for n, s in players]
    return {"game": game, "players": rows, "current": None, "phase": "over", "turn": 3, "pending": [],
            "over": True, "winners": winners, "outcome": more.pop("outcome", None), "details": more}


def _league(tmp_path, tampered: bool = False) -> str:
    """Kleos: (1) Ann 20 wins, Bob and Cy 16 each; (2) Ann and Bob share the victory on 18, Cy 10;
    (3) Bob and Cy 16 each, Cy wins on the first tie-breaker. Kreus: (1) Ann, Bob, Cy win
    (success); (2) Ann, Bob, Dee lose (defeat). Every Kleos game in the league "Cup"."""
    db = tmp_path / "r.db"
    store = Store(db)
    store.league_new("Cup", "kleos", {"win": 3, "shared": 1, "loss": 0})
    _insert(store, "kleos-1", _over("kleos", [("Ann", 20), ("Bob", 16), ("Cy", 16)], ["Ann"]), T0 + 1)
    _insert(store, "kleos-2", _over("kleos", [("Ann", 18), ("Bob", 18), ("Cy", 10)], ["Ann", "Bob"]), T0 + 2)
    _insert(store, "kleos-3", _over("kleos", [("Bob", 16), ("Cy", 16)], ["Cy"], tie_break=1), T0 + 3)
    for sid in ("kleos-1", "kleos-2", "kleos-3"):
        store.league_add("Cup", sid)
    _insert(store, "kreus-1", _over("kreus", [("Ann", None), ("Bob", None), ("Cy", None)], ["Ann", "Bob", "Cy"],
                                    outcome="success"), T0 + 5)
    _insert(store, "kreus-2", _over("kreus", [("Ann", None), ("Bob", None), ("Dee", None)], [], outcome="defeat"),
            T0 + 6)
    store.close()
    return str(db)


def referee(*args: str, db: str) -> tuple[int, dict | str, str]:
    result = CliRunner().invoke(cli, ["--db", db, *args])
    assert "Traceback" not in result.output
    out = json.loads(result.stdout)["result"] if "--json" in args and result.stdout.startswith("{") else result.stdout
    return result.exit_code, out, result.stderr


def _by_hand() -> tuple[dict, dict, dict]:
    """openskill on the hand-derived orders: Kleos, overall (every game in the order they ended),
    and the Kreus game's own rating."""
    model = openskill.PlackettLuce()
    kleos: dict = {}
    overall: dict = {}
    kreus: dict = {}

    def rate(book: dict, names: list[list[str]], ranks: list[int]) -> None:
        teams = [[book.setdefault(n, model.rating()) for n in team] for team in names]
        for team, rated in zip(names, model.rate(teams, ranks=ranks), strict=True):
            for n, r in zip(team, rated, strict=True):
                book[n] = model.rating(mu=r.mu, sigma=r.sigma)

    for book in (kleos, overall):
        rate(book, [["Ann"], ["Bob"], ["Cy"]], [1, 2, 2])  # kleos-1: Bob and Cy share second
        rate(book, [["Ann"], ["Bob"], ["Cy"]], [1, 1, 3])  # kleos-2: a shared victory is a shared first
        rate(book, [["Cy"], ["Bob"]], [1, 2])  # kleos-3: the tie-breaker's winner first
    for book in (kreus, overall):
        rate(book, [["Ann", "Bob", "Cy"], ["GAME"]], [1, 2])  # kreus-1: the team beats the game
        rate(book, [["Ann", "Bob", "Dee"], ["GAME"]], [2, 1])  # kreus-2: the game wins
    return kleos, overall, kreus


def _assert_rated(rows: list[dict], opponents: list[dict]) -> None:
    by = {(r["game"], r["player"]): r for r in rows}
    kleos, overall, kreus = _by_hand()
    for game, book in (("kleos", kleos), ("all", overall), ("kreus", kreus)):
        for name, r in book.items():
            if name != "GAME":
                assert (by[game, name]["mu"], by[game, name]["sigma"]) == (round(r.mu, 3), round(r.sigma, 3))
    game = {o["game"]: o for o in opponents}["kreus"]
    assert game["mu"] == round(kreus["GAME"].mu, 3) and game["games"] == 2


def test_ratings_read_from_the_kept_steps_are_the_hand_worked_ones_shared_victory_and_kreus_team(tmp_path,
                                                                                                   monkeypatch):
    db = _league(tmp_path)
    store = Store(db)
    assert store.db.execute("SELECT count(*) FROM results").fetchone()[0] == 5  # one sealed row per finished game
    store.close()
    code, result, _err = referee("--json", "ratings", db=db)
    assert code == 0 and result["sessions"] == 5 and result.get("left_out", []) == []
    _assert_rated(result["rows"], result["opponents"])
    # read from the kept ratings: nothing is rated again
    monkeypatch.setattr(results, "rate", lambda *a: pytest.fail("rated again instead of read"))
    assert referee("--json", "ratings", db=db)[1] == result


def test_standings_and_stats_from_the_kept_tallies_are_the_hand_worked_ones(tmp_path, monkeypatch):
    db = _league(tmp_path)
    code, table, _ = referee("--json", "league", "standings", "Cup", db=db)
    # by hand: Ann won kleos-1 (3) and shared kleos-2 (1); Cy won kleos-3 (3); Bob shared kleos-2 (1)
    assert code == 0 and table["finished"] == 3 and table.get("left_out", []) == []
    assert [(r["player"], r["points"], r["wins"], r["shared"], r["losses"], r["glory"]) for r in table["rows"]] == [
        ("Ann", 4, 1, 1, 0, 38), ("Cy", 3, 1, 0, 2, 42), ("Bob", 1, 0, 1, 2, 50)]
    _code, kept, _ = referee("--json", "stats", db=db)
    rows = {(r["game"], r["player"]): r for r in kept["rows"]}
    # Kleos, Ann: 2 plays, 2 wins (one shared), (20 + 18) / 2 = 19; Kreus, Bob: the team won once of two
    assert (rows["kleos", "Ann"]["plays"], rows["kleos", "Ann"]["wins"], rows["kleos", "Ann"]["shared_wins"],
            rows["kleos", "Ann"]["average_score"]) == (2, 2, 1, 19.0)
    assert rows["kreus", "Bob"]["outcomes"] == {"defeat": 1, "success": 1} and rows["kreus", "Bob"]["wins"] == 1
    _code, ann, _ = referee("--json", "stats", "--player", "ANN", db=db)  # her own tallies
    assert [(r["game"], r["plays"]) for r in ann["rows"]] == [("kleos", 2), ("kreus", 2)]
    assert [(g["game"], g["games"]) for g in ann["lengths"]] == [("kleos", 2), ("kreus", 2)]
    # the same counted from the rows (as when an aggregate fails its seal)
    monkeypatch.setattr(results, "tallies", lambda *a, **k: None)
    monkeypatch.setattr(results, "tallies_of", lambda *a, **k: None)
    assert referee("--json", "stats", db=db)[1] == kept
    assert referee("--json", "stats", "--player", "ANN", db=db)[1] == ann
    assert referee("--json", "league", "standings", "Cup", db=db)[1] == table


def test_a_finished_session_without_a_row_that_fails_its_check_is_left_out_and_named(tmp_path):
    db = _league(tmp_path)
    store = Store(db)
    # finished without the full check at its end (no checked mark) and with no log to check it by now
    _insert(store, "kleos-9", _over("kleos", [("Dee", 30), ("Ann", 1)], ["Dee"]), T0 + 9, checked=False)
    store.league_add("Cup", "kleos-9")
    assert store.db.execute("SELECT 1 FROM results WHERE session_id = 'kleos-9'").fetchone() is None
    store.close()
    code, rated, err = referee("--json", "ratings", db=db)
    assert code == 0 and [o["id"] for o in rated["left_out"]] == ["kleos-9"]
    _assert_rated(rated["rows"], rated["opponents"])  # as if it were not there: Dee has no Kleos rating
    assert ("kleos", "Dee") not in {(r["game"], r["player"]) for r in rated["rows"]}
    code, table, _ = referee("--json", "league", "standings", "Cup", db=db)
    assert [o["id"] for o in table["left_out"]] == ["kleos-9"] and "Dee" not in [r["player"] for r in table["rows"]]
    code, _out, err = referee("stats", db=db)
    assert code == 0 and "session kleos-9 is not counted: it fails its check" in err


def test_a_correction_after_the_end_rewrites_the_row_and_the_aggregates(store_target):
    db, sid = _kreus_defeat(store_target)
    energy = {r["player"]: r["energy"] for r in referee("--json", "league", "standings", "Moon", db=db)[1]["rows"]}
    assert energy == {"Ann": 1, "Bob": 1, "Cy": 1, "Dee": 4}
    store = open_store(db)
    head = store.db.execute("SELECT head FROM results").fetchone()[0]
    store.close()
    assert referee("amend", "1", "--reason", "two tokens", "--", "tokens", "Ann", "2", db=db)[0] == 0
    store = open_store(db)
    new_head, body = store.db.execute("SELECT head, body FROM results").fetchone()
    assert new_head != head and new_head == store.session(sid)["head"]  # computed from the corrected log
    store.close()
    assert {p["name"]: p["own"] for p in json.loads(body)["players"]} == {"Ann": 2, "Bob": 1, "Cy": 1, "Dee": 3}
    energy = {r["player"]: r["energy"] for r in referee("--json", "league", "standings", "Moon", db=db)[1]["rows"]}
    assert energy == {"Ann": 2, "Bob": 1, "Cy": 1, "Dee": 3}
    # an undo that reopens the game withdraws its row (and its place in every aggregate); redo brings it back
    assert referee("undo", db=db)[0] == 0
    assert referee("--json", "stats", db=db)[1]["rows"] == []
    assert referee("--json", "ratings", db=db)[1]["rows"] == []
    assert referee("--json", "league", "standings", "Moon", db=db)[1]["finished"] == 0
    assert referee("redo", db=db)[0] == 0
    assert [r["plays"] for r in referee("--json", "stats", db=db)[1]["rows"]] == [1, 1, 1, 1]


def _kreus_defeat(target: str) -> tuple[str, str]:
    """A real game (Kreus: Ann, Bob, Cy 1 energy token each, Dee 4; the game wins at once), in the
    league "Moon", in the store at `target` (an SQLite file or a club's server)."""
    sid = play(target, "kreus", KREUS_DEFEAT)  # type: ignore[arg-type]  # a path or a URL
    assert referee("league", "new", "Moon", "--game", "kreus", db=target)[0] == 0
    assert referee("league", "add", "Moon", sid, db=target)[0] == 0
    return target, sid


def _edit(target: str, statement: str) -> None:
    """An edit made outside the referee, straight into the store's tables (one row)."""
    if "://" in target:
        import psycopg

        with psycopg.connect(target, autocommit=True) as conn:
            assert conn.execute(statement).rowcount == 1
        return
    raw = sqlite3.connect(target)
    raw.execute(statement)
    assert raw.total_changes == 1
    raw.commit()
    raw.close()


def test_a_tampered_result_row_is_refused_and_named_by_stats_and_verify(store_target):
    db, sid = _kreus_defeat(store_target)
    assert referee("verify", "--all", db=db)[0] == 0
    assert referee("--json", "stats", db=db)[1].get("left_out") is None  # every row checked (and remembered)
    # Dee's energy in the result row raised by hand (its seal not made again: nobody can without the key)
    _edit(db, "UPDATE results SET body = replace(body, '\"name\":\"Dee\",\"own\":4', '\"name\":\"Dee\","
              "\"own\":9')")
    code, kept, _err = referee("--json", "stats", db=db)
    assert code == 0 and [o["id"] for o in kept["left_out"]] == [sid] and kept["rows"] == []
    assert "result row was changed outside the referee" in kept["left_out"][0]["problem"]
    code, table, _ = referee("--json", "league", "standings", "Moon", db=db)
    assert [o["id"] for o in table["left_out"]] == [sid] and table["finished"] == 0
    code, out, err = referee("verify", sid, db=db)
    assert code != 0 and "result row was changed outside the referee" in out + err
    # the row is made again from its session, which holds, and it counts again
    code, out, err = referee("verify", "--all", "--reseal", db=db)
    assert f"{sid}: its result row made again from its checked session" in out + err
    assert referee("--json", "stats", db=db)[1].get("left_out") is None
    energy = {r["player"]: r["energy"] for r in referee("--json", "league", "standings", "Moon", db=db)[1]["rows"]}
    assert energy == {"Ann": 1, "Bob": 1, "Cy": 1, "Dee": 4}
    assert referee("verify", "--all", db=db)[0] == 0


def test_a_tampered_aggregate_is_not_believed_and_verify_names_it(store_target):
    db, _sid = _kreus_defeat(store_target)
    before = referee("--json", "league", "standings", "Moon", db=db)[1]
    _edit(db, "UPDATE tallies SET data = replace(data, '\"losses\":1', '\"losses\":0') WHERE kind = 'league'"
              " AND player = 'p:ann'")
    assert referee("--json", "league", "standings", "Moon", db=db)[1] == before  # counted from the rows instead
    code, out, err = referee("verify", "--all", db=db)
    assert code != 0 and "league tally Moon/ann fails its check: an aggregate was changed outside the referee" in out + err
    code, out, err = referee("verify", "--all", "--reseal", db=db)
    assert "the aggregates (stats, standings, ratings) made again from the result rows" in out + err
    assert referee("verify", "--all", db=db)[0] == 0


def test_a_session_whose_log_moved_after_its_row_was_sealed_is_left_out_and_named(tmp_path):
    db = _league(tmp_path)
    raw = sqlite3.connect(db)
    raw.execute("UPDATE sessions SET head = 'f00d' WHERE id = 'kleos-1'")  # its log's end replaced by hand
    raw.commit()
    raw.close()
    _code, result, _err = referee("--json", "ratings", "--game", "kleos", db=db)
    assert [o["id"] for o in result["left_out"]] == ["kleos-1"] and "the end of the log was replaced" in result[
        "left_out"][0]["problem"]
    assert result["sessions"] == 2


def test_verify_names_a_session_whose_summary_was_edited_after_its_row_was_sealed(tmp_path):
    db, sid = _kreus_defeat(str(tmp_path / "k.db"))
    raw = sqlite3.connect(db)
    raw.execute("UPDATE sessions SET summary = replace(summary, '\"defeat\"', '\"success\"')")
    assert raw.total_changes == 1
    raw.commit()
    raw.close()
    # the session fails its check: left out and named, neither the edited summary nor the row believed
    _code, kept, _err = referee("--json", "stats", db=db)
    assert kept["rows"] == [] and [o["id"] for o in kept["left_out"]] == [sid]
    code, out, err = referee("verify", sid, db=db)
    assert code != 0 and "changed outside the referee" in out + err


def test_the_upgrade_of_a_schema_5_store_gives_every_finished_game_its_row(tmp_path):
    db = _league(tmp_path)
    kept = referee("--json", "ratings", db=db)[1]
    raw = sqlite3.connect(db)
    for table in ("result_players", "rating_steps", "tallies", "results"):
        raw.execute(f"DROP TABLE {table}")
    raw.execute("PRAGMA user_version = 5")
    raw.commit()
    raw.close()
    store = Store(db)
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == 6
    assert store.db.execute("SELECT count(*) FROM results").fetchone()[0] == 5
    store.close()
    assert referee("--json", "ratings", db=db)[1] == kept


def test_an_old_game_put_in_a_league_later_is_rated_there_in_finishing_order(tmp_path):
    db = _league(tmp_path)
    assert referee("league", "new", "Late", "--game", "kleos", db=db)[0] == 0
    assert referee("league", "add", "Late", "kleos-3", db=db)[0] == 0
    assert referee("league", "add", "Late", "kleos-1", db=db)[0] == 0  # it ended before kleos-3
    rows = referee("--json", "ratings", "--league", "Late", db=db)[1]["rows"]
    model = openskill.PlackettLuce()
    [[ann], [bob], [cy]] = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 2])
    [[cy], [bob]] = model.rate([[cy], [bob]], ranks=[1, 2])
    by = {(r["game"], r["player"]): r for r in rows}
    assert (by["kleos", "Cy"]["mu"], by["kleos", "Bob"]["mu"], by["kleos", "Ann"]["mu"]) == (
        round(cy.mu, 3), round(bob.mu, 3), round(ann.mu, 3))


def test_the_action_that_ends_a_game_never_rates_and_the_next_ratings_catch_up(tmp_path, monkeypatch):
    """Rating waits for the reader: a game ends without the ratings library, and `ratings` then
    gives what rating every game in order gives (and keeps it: the next read rates nothing)."""
    db = str(tmp_path / "k.db")
    monkeypatch.setattr(results, "_model", lambda: pytest.fail("the action that ends a game rated it"))
    _kreus_defeat(db)
    store = Store(db)
    assert store.db.execute("SELECT count(*) FROM results").fetchone()[0] == 1
    assert store.db.execute("SELECT count(*) FROM rating_steps").fetchone()[0] == 0  # not rated yet
    store.close()
    monkeypatch.undo()
    code, first, _err = referee("--json", "ratings", db=db)
    assert code == 0 and first["sessions"] == 1
    model = openskill.PlackettLuce()
    team, game = model.rate([[model.rating() for _ in range(4)], [model.rating()]], ranks=[2, 1])  # the game won
    by = {(r["game"], r["player"]): r for r in first["rows"]}
    for name in ("Ann", "Bob", "Cy", "Dee"):
        assert (by["kreus", name]["mu"], by["kreus", name]["sigma"]) == (round(team[0].mu, 3), round(team[0].sigma, 3))
    assert {o["game"]: o["mu"] for o in first["opponents"]}["kreus"] == round(game[0].mu, 3)
    store = Store(db)
    assert {r[0] for r in store.db.execute("SELECT scope FROM rating_steps")} == {"kreus", "all"}  # kept now
    store.close()
    monkeypatch.setattr(results, "rate", lambda *a: pytest.fail("rated again instead of read"))
    assert referee("--json", "ratings", db=db)[1] == first


def test_ratings_on_a_store_that_cannot_be_written_rate_its_rows_and_write_nothing(tmp_path):
    from referee.after import ratings

    db = _league(tmp_path)  # every game ended, none rated yet
    reader = Store(db, readonly=True)
    try:
        found = ratings.compute(reader, None, None, None)  # nothing to open for writing
        _assert_rated(found.rows(), found.opponents())
        assert found.sessions == 5
        assert reader.db.execute("SELECT count(*) FROM rating_steps").fetchone()[0] == 0
    finally:
        reader.close()
    code, kept, _err = referee("--json", "ratings", db=db)  # the command opens it for writing: kept
    assert code == 0 and kept["rows"] == found.rows() and kept["sessions"] == 5


def test_a_row_checked_once_is_checked_again_when_its_session_changes(store_target):
    """A reader that found a row and its session sound may remember it (a club's server does, by
    the rows' versions); an edit of the session since is still seen at the next read."""
    db, sid = _kreus_defeat(store_target)
    for _ in range(2):
        assert referee("--json", "stats", db=db)[1].get("left_out") is None
    _edit(db, "UPDATE sessions SET summary = replace(summary, '\"defeat\"', '\"success\"') WHERE status = 'over'")
    code, kept, _err = referee("--json", "stats", db=db)
    assert code == 0 and kept["rows"] == [] and [o["id"] for o in kept["left_out"]] == [sid]
    code, table, _err = referee("--json", "league", "standings", "Moon", db=db)
    assert table["finished"] == 0 and [o["id"] for o in table["left_out"]] == [sid]


def test_a_log_cut_after_its_row_was_read_is_named_at_the_next_read(store_target):
    """The last action row deleted by hand after readers found the game sound (a club's server
    remembers the rows it checked): the next read names the session, in its own check's words."""
    db, sid = _kreus_defeat(store_target)
    for _ in range(2):
        assert referee("--json", "stats", db=db)[1].get("left_out") is None
    _edit(db, f"DELETE FROM actions WHERE session_id = '{sid}' AND idx = (SELECT max(idx) FROM actions WHERE"
              f" session_id = '{sid}')")
    code, kept, _err = referee("--json", "stats", db=db)
    assert code == 0 and kept["rows"] == [] and [o["id"] for o in kept["left_out"]] == [sid]
    assert "the last 1 were removed" in kept["left_out"][0]["problem"]
    code, table, _err = referee("--json", "league", "standings", "Moon", db=db)
    assert table["finished"] == 0 and [o["id"] for o in table["left_out"]] == [sid]


def test_verify_all_names_an_aggregate_deleted_by_hand_and_reseal_makes_it_again(store_target):
    """A seal shows an edited aggregate, never a deleted one: `verify --all` compares the tallies
    the result rows call for with those the store holds."""
    db, _sid = _kreus_defeat(store_target)
    assert referee("verify", "--all", db=db)[0] == 0
    _edit(db, "DELETE FROM tallies WHERE kind = 'stats' AND player = 'p:dee'")
    code, out, err = referee("verify", "--all", db=db)
    assert code == 3 and "stats tally kreus/dee" in out + err and "is missing" in out + err
    code, out, err = referee("verify", "--all", "--reseal", db=db)
    assert "the aggregates (stats, standings, ratings) made again from the result rows" in out + err
    assert referee("verify", "--all", db=db)[0] == 0
    assert {r["player"] for r in referee("--json", "stats", db=db)[1]["rows"]} == {"Ann", "Bob", "Cy", "Dee"}


def test_an_sqlite_store_finds_sessions_sealed_without_the_key_by_an_index_not_a_pass(tmp_path):
    """Each opening looks for sessions sealed without the key: with 100,000 sessions a pass over
    them cost about 90 ms an action; the partial index answers it."""
    from referee.record.store import KEYLESS

    db = _league(tmp_path)
    raw = sqlite3.connect(db)
    try:
        plan = " ".join(str(r[-1]) for r in raw.execute("EXPLAIN QUERY PLAN " + KEYLESS).fetchall())
    finally:
        raw.close()
    assert "USING INDEX sessions_keyless" in plan
