"""Ratings (issue 38 item 1): a small league worked out by hand. The finishing order of each
session is derived by hand from its result; the expected numbers come from openskill's own
API, called here on those hand-derived orders (not through `referee.after.ratings`)."""

from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.record.store import Store

openskill = pytest.importorskip("openskill.models", reason="openskill (the `ratings` extra) is not installed")

T0 = 1_700_000_000.0
CHANGES: dict = {}  # (id of a book, name): the change of the last game rated there


def _insert(store: Store, sid: str, summary: dict, when: float, checked: bool = True) -> None:
    store.db.execute(
        "INSERT INTO sessions (id, game, name, seed, rules_version, status, summary, created, updated, used)"
        " VALUES (?, ?, '', '1', '1', 'over', ?, ?, ?, ?)",
        (sid, summary["game"], json.dumps(summary), when, when, when))
    store.reseal(sid, checked=checked)  # as the check at a game's end marks it (its log is not the point here)


def _over(game: str, players: list[tuple[str, object]], winners: list[str], **more) -> dict:
    rows = [{"name": n, "score": s} for n, s in players]
    for row in rows:
        if game == "croa":
            row["alive"] = row["name"] in winners
    return {"game": game, "players": rows, "current": None, "phase": "over", "turn": 3, "pending": [],
            "over": True, "winners": winners, "outcome": more.pop("outcome", None), "details": more}


def _league(tmp_path) -> str:
    """Kleos: (1) Ann 20 wins, Bob and Cy 16 each; (2) Ann and Bob share the victory on 18, Cy 10;
    (3) Bob and Cy 16 each, Cy wins on the first tie-breaker; (4) a session edited after it was
    sealed. Kreus: (1) Ann, Bob, Cy win (success); (2) Ann, Bob, Dee lose (defeat).
    Crôa!: Ann's colony alone in the pond, Bob's and Cy's eliminated."""
    db = tmp_path / "r.db"
    store = Store(db)
    _insert(store, "kleos-1", _over("kleos", [("Ann", 20), ("Bob", 16), ("Cy", 16)], ["Ann"]), T0 + 1)
    _insert(store, "kleos-2", _over("kleos", [("Ann", 18), ("Bob", 18), ("Cy", 10)], ["Ann", "Bob"]), T0 + 2)
    _insert(store, "kleos-3", _over("kleos", [("Bob", 16), ("Cy", 16)], ["Cy"], tie_break=1), T0 + 3)
    # finished before its game's end was checked in full and its result sealed (an older store's), then edited
    _insert(store, "kleos-4", _over("kleos", [("Dee", 30), ("Ann", 1)], ["Dee"]), T0 + 4, checked=False)
    store.db.execute("UPDATE sessions SET summary = replace(summary, '30', '31') WHERE id = 'kleos-4'")
    team = [("Ann", None), ("Bob", None), ("Cy", None)]
    _insert(store, "kreus-1", _over("kreus", team, ["Ann", "Bob", "Cy"], outcome="success"), T0 + 5)
    _insert(store, "kreus-2", _over("kreus", [("Ann", None), ("Bob", None), ("Dee", None)], [], outcome="defeat"),
            T0 + 6)
    _insert(store, "croa-1", _over("croa", [("Ann", None), ("Bob", None), ("Cy", None)], ["Ann"]), T0 + 7)
    store.db.commit()
    store.close()
    return str(db)


def referee(*args: str, db: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["--db", db, *args])
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def test_finishing_order_winners_first_a_shared_victory_and_equal_scores_share_a_place():
    from referee.after.ratings import finishing_order

    # by hand: Ann won; Bob and Cy tied on 16 share second
    assert finishing_order(_over("kleos", [("Ann", 20), ("Bob", 16), ("Cy", 16)], ["Ann"])) == [
        ("Ann", 1), ("Bob", 2), ("Cy", 2)]
    # a shared victory is a shared first place; Cy third (two players ahead)
    assert finishing_order(_over("kleos", [("Cy", 10), ("Ann", 18), ("Bob", 18)], ["Ann", "Bob"])) == [
        ("Ann", 1), ("Bob", 1), ("Cy", 3)]
    # equal glory, the tie-breaker's winner first
    assert finishing_order(_over("kleos", [("Bob", 16), ("Cy", 16)], ["Cy"], tie_break=1)) == [("Cy", 1), ("Bob", 2)]
    # Crôa!: the colony left in the pond first, the eliminated ones share the next place
    assert finishing_order(_over("croa", [("Bob", None), ("Ann", None), ("Cy", None)], ["Ann"])) == [
        ("Ann", 1), ("Bob", 2), ("Cy", 2)]


def _expected() -> tuple[dict, dict, dict]:
    """openskill by hand on the orders above: per game, overall, and the Kreus game's rating."""
    model = openskill.PlackettLuce()
    kleos: dict = {}
    overall: dict = {}
    kreus: dict = {}
    changes = CHANGES

    def rate(book: dict, names: list[list[str]], ranks: list[int]) -> None:
        teams = [[book.setdefault(n, model.rating()) for n in team] for team in names]
        new = model.rate(teams, ranks=ranks)
        for team, rated in zip(names, new, strict=True):
            for n, r in zip(team, rated, strict=True):
                old = book[n].mu - 3 * book[n].sigma
                book[n] = model.rating(mu=r.mu, sigma=r.sigma)
                changes[id(book), n] = r.mu - 3 * r.sigma - old

    for book in (kleos, overall):
        rate(book, [["Ann"], ["Bob"], ["Cy"]], [1, 2, 2])  # kleos-1
        rate(book, [["Ann"], ["Bob"], ["Cy"]], [1, 1, 3])  # kleos-2
        rate(book, [["Cy"], ["Bob"]], [1, 2])  # kleos-3; kleos-4 left out
    for book in (kreus, overall):
        rate(book, [["Ann", "Bob", "Cy"], ["GAME"]], [1, 2])  # kreus-1: the team beats the game
        rate(book, [["Ann", "Bob", "Dee"], ["GAME"]], [2, 1])  # kreus-2: the game wins
    croa: dict = {}
    for book in (croa, overall):
        rate(book, [["Ann"], ["Bob"], ["Cy"]], [1, 2, 2])
    return kleos, overall, kreus


def test_ratings_of_a_small_league_with_a_shared_victory_a_kreus_team_and_a_failed_check(tmp_path):
    db = _league(tmp_path)
    code, out, _err = referee("--json", "ratings", db=db)
    assert code == 0, out
    result = json.loads(out)["result"]
    assert result["left_out"] == [{"id": "kleos-4", "problem": result["left_out"][0]["problem"]}]
    assert result["sessions"] == 6 and result["shown"] == "ordinal = mu - 3 * sigma"
    rows = {(r["game"], r["player"]): r for r in result["rows"]}
    kleos, overall, kreus = _expected()
    for game, book in (("kleos", kleos), ("all", overall), ("kreus", kreus)):
        for name, r in book.items():
            if name == "GAME":
                continue
            row = rows[game, name]
            assert row["mu"] == round(r.mu, 3) and row["sigma"] == round(r.sigma, 3), (game, name)
            assert row["rating"] == round(r.mu - 3 * r.sigma, 2)
    # games counted: Ann played kleos-1, kleos-2 (kleos-4 left out), two Kreus, one Crôa!
    assert (rows["kleos", "Ann"]["games"], rows["all", "Ann"]["games"], rows["all", "Dee"]["games"]) == (2, 5, 1)
    assert ("kleos", "Dee") not in rows  # Dee's only Kleos game failed its check
    game = {o["game"]: o for o in result["opponents"]}["kreus"]
    assert game["player"] == "the game (kreus)" and game["games"] == 2
    assert game["mu"] == round(kreus["GAME"].mu, 3)
    # the change from the last game: Bob lost kleos-3 to Cy, Cy won it
    assert rows["kleos", "Bob"]["change"] < 0 < rows["kleos", "Cy"]["change"]
    assert rows["kleos", "Bob"]["change"] == round(CHANGES[id(kleos), "Bob"], 2)
    assert rows["all", "Ann"]["change"] == round(CHANGES[id(overall), "Ann"], 2)  # her last: the Crôa! win


def test_ratings_text_names_the_left_out_session_and_the_games_own_rating(tmp_path):
    db = _league(tmp_path)
    code, out, err = referee("ratings", "--game", "kreus", db=db)
    assert code == 0
    assert "rating = mu - 3 sigma" in out and "kreus, the game itself" in out
    assert "Dee" in out and "kleos" not in out.split("\n", 1)[1].replace("(kleos", "")
    code, out, err = referee("ratings", "--player", "ann", db=db)
    assert code == 0 and "Bob" not in out and "all games" in out
    assert "session kleos-4 is not counted: it fails its check" in err


def test_ratings_of_one_league_only_count_its_sessions(tmp_path):
    db = _league(tmp_path)
    assert referee("league", "new", "Cup", "--game", "kleos", db=db)[0] == 0
    assert referee("league", "add", "Cup", "kleos-3", db=db)[0] == 0
    _code, out, _ = referee("--json", "ratings", "--league", "Cup", db=db)
    rows = json.loads(out)["result"]["rows"]
    model = openskill.PlackettLuce()
    [[cy], [bob]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    by = {(r["game"], r["player"]): r for r in rows}
    assert by["kleos", "Cy"]["mu"] == round(cy.mu, 3) and by["kleos", "Bob"]["mu"] == round(bob.mu, 3)
    assert by["kleos", "Cy"]["games"] == 1 and ("kleos", "Ann") not in by
    assert referee("ratings", "--league", "Nope", db=db)[0] == 3


def test_ratings_without_openskill_say_how_to_install_it(tmp_path, monkeypatch):
    db = _league(tmp_path)
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    code, _out, err = referee("ratings", db=db)
    assert code == 2 and "pip install 'referee[ratings]'" in err


def test_a_finished_sessions_report_charts_its_players_ratings_up_to_it(tmp_path):
    from referee.after import report
    from referee.record.stores import open_store

    db = _league(tmp_path)
    store = open_store(db)
    try:
        chart = report.rating_chart(store, store.session("kleos-2")["summary"], "kleos", "kleos-2", "Kleos")
        assert report.rating_chart(store, store.session("kleos-4")["summary"], "kleos", "kleos-4",
                                   "Kleos") is None  # left out: it fails its check
    finally:
        store.close()
    assert chart is not None and chart.labels == ["kleos-1", "kleos-2"]  # not kleos-3, which ended later
    model = openskill.PlackettLuce()
    [[ann1], [bob1], [cy1]] = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 2])
    [[ann2], [bob2], [cy2]] = model.rate([[ann1], [bob1], [cy1]], ranks=[1, 1, 3])
    assert chart.series == {name: [round(a.mu - 3 * a.sigma, 3), round(b.mu - 3 * b.sigma, 3)]
                            for name, a, b in (("Ann", ann1, ann2), ("Bob", bob1, bob2), ("Cy", cy1, cy2))}
    svg = report.chart_svg(chart, "chart-ratings")
    assert 'id="chart-ratings"' in svg and ">Ann<" in svg


def test_a_leagues_standings_from_its_kept_tallies_are_the_ones_counted_from_its_rows(tmp_path, monkeypatch):
    from referee.record import results

    db = _league(tmp_path)
    assert referee("league", "new", "Cup", "--game", "kleos", db=db)[0] == 0
    assert referee("league", "add", "Cup", "kleos-1", "kleos-2", "kleos-3", "kleos-4", db=db)[0] == 0
    kept = json.loads(referee("--json", "league", "standings", "Cup", db=db)[1])["result"]
    monkeypatch.setattr(results, "tallies", lambda *a, **k: None)  # as when a tally fails its seal
    counted = json.loads(referee("--json", "league", "standings", "Cup", db=db)[1])["result"]
    assert counted == kept and [b["id"] for b in counted["left_out"]] == ["kleos-4"]
    # by hand: Ann won kleos-1 (3) and shared kleos-2 (1); Bob shared kleos-2 (1); Cy won kleos-3 (3)
    assert [(r["player"], r["points"]) for r in counted["rows"]] == [("Ann", 4), ("Cy", 3), ("Bob", 1)]
