"""A seating draw nobody can rig (issue 38 item 2): tables of the sizes a game allows, the draw
re-run from its revealed secret, Swiss rounds that avoid repeat opponents (worked out by hand,
and against every partition of small fields)."""

from __future__ import annotations

import itertools
import json
import random

from click.testing import CliRunner

from referee.after import seating
from referee.cli import cli
from referee.model import secret
from referee.record.store import Store

T0 = 1_700_000_000.0


def referee(*args: str, db: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["--db", db, *args])
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def _players(*names: str) -> list[str]:
    return [a for n in names for a in ("--player", n)]


def test_table_sizes_are_as_even_as_the_game_allows():
    # Kleos seats 2 to 5 (its engine): 11 players need 3 tables, 4 + 4 + 3
    assert seating.sizes(11, 2, 5) == [4, 4, 3]
    assert seating.sizes(10, 2, 5) == [5, 5]
    assert seating.sizes(10, 2, 5, tables=4) == [3, 3, 2, 2]
    for bad in ((7, 3, 6, 3), (2, 3, 6, None), (20, 2, 4, 3)):
        try:
            seating.sizes(*bad)
        except Exception as exc:  # InputError: exit 2 at the command line
            assert "cannot sit at" in str(exc)
        else:
            raise AssertionError(bad)


def test_a_draw_re_run_from_its_revealed_secret_gives_the_same_tables(tmp_path):
    db = str(tmp_path / "s.db")
    code, out, _ = referee("--json", "club", "seat", "--game", "kleos", *_players("Ann", "Bob", "Cy", "Dee", "Eve",
                                                                                  "Fay", "Gus"), db=db)
    assert code == 0, out
    row = json.loads(out)["result"]
    assert row["sizes"] == [4, 3] and row["by"] == "random" and row["round"] == 1
    assert secret.commit_one(row["seed"]) == row["commitment"]
    assert sorted(p for t in row["tables"] for p in t) == ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
    store = Store(db)
    from referee.record import seatings

    stored = seatings.read(store, row["id"])
    assert stored is not None
    again = seating.draw(stored["inputs"], row["seed"])
    assert again["tables"] == row["tables"]
    # another secret gives another draw (so the secret, not the order typed, decides): of 20 secrets,
    # not all give these tables
    others = {json.dumps(seating.draw(stored["inputs"], secret.new_secret())["tables"]) for _ in range(20)}
    assert len(others) > 1
    store.close()
    code, out, _ = referee("club", "seat", "--verify", row["id"], db=db)
    assert code == 0 and "re-runs to the same tables" in out
    code, out, _ = referee("verify", row["id"], db=db)  # `verify` knows a draw's id too
    assert code == 0 and "re-runs to the same tables" in out
    code, out, _ = referee("verify", "--all", db=db)
    assert code == 0 and f"{row['id']}: the seating draw re-runs to the same tables" in out


def test_the_commitment_is_printed_before_the_tables_and_the_secret_after(tmp_path):
    db = str(tmp_path / "s.db")
    code, out, _ = referee("club", "seat", "--game", "kreus", *_players("Ann", "Bob", "Cy"), db=db)
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("Seating draw seat-1, round 1, at random; commitment hmac-sha256:")
    assert lines[1].startswith("Table 1: ") and lines[-1].startswith("Secret ")


def test_a_draw_whose_tables_or_secret_were_changed_fails_its_verify(tmp_path):
    db = str(tmp_path / "s.db")
    referee("club", "seat", "--game", "kleos", *_players("Ann", "Bob", "Cy", "Dee"), "--tables", "2", db=db)
    store = Store(db)
    tables = json.loads(store.db.execute("SELECT tables FROM seatings").fetchone()[0])
    swapped = [[tables[1][0], tables[0][1]], [tables[0][0], tables[1][1]]]
    store.db.execute("UPDATE seatings SET tables = ?", (json.dumps(swapped),))
    store.db.commit()
    store.close()
    code, _, err = referee("club", "seat", "--verify", "seat-1", db=db)
    assert code == 3 and "the tables stored are not the ones its inputs and secret give" in err
    assert "digest does not match" in err
    assert referee("verify", "seat-1", db=db)[0] == 3
    code, _, err = referee("verify", "--all", db=db)  # the whole store's check counts the draws too
    assert code == 3 and "seat-1: the tables stored are not the ones its inputs and secret give" in err
    code, out, _ = referee("--json", "verify", "--all", db=db)
    assert code == 3 and json.loads(out)["ok"] is False
    code, _, err = referee("club", "seat", "--verify", "seat-7", db=db)
    assert code == 3 and "no seating draw 'seat-7'" in err


def test_refusals_name_what_is_wrong_and_write_nothing(tmp_path):
    db = str(tmp_path / "s.db")
    assert referee("club", "seat", "--game", "kreus", *_players("Ann", "Bob"), db=db)[0] == 2  # Kreus seats 3-6
    assert referee("club", "seat", *_players("Ann", "Bob"), db=db)[0] == 2  # no game
    code, _, err = referee("club", "seat", "--game", "kleos", *_players("Ann", "ann"), db=db)
    assert code == 2 and "named twice" in err
    assert referee("club", "seat", "--game", "kleos", "--by", "standings", *_players("A", "B"), db=db)[0] == 2
    assert referee("club", "seat", "--league", "Nope", *_players("A", "B"), db=db)[0] == 3
    store = Store(db)
    assert store.db.execute("SELECT name FROM sqlite_master WHERE name = 'seatings'").fetchone() is None or \
        store.db.execute("SELECT COUNT(*) FROM seatings").fetchone()[0] == 0
    store.close()


# -- Swiss rounds -------------------------------------------------------------------------------

def test_swiss_keeps_like_with_like_when_nobody_met():
    tables, repeats, exact = seating.swiss(list("ABCDEFGH"), [4, 4], [])
    assert tables == [list("ABCD"), list("EFGH")] and repeats == 0 and exact


def test_swiss_avoids_repeat_opponents_where_a_seating_exists():
    # ranked A..F, two tables of 3; A met B and C. A's table takes two of D, E, F and B, C sit
    # at the other with the one left. Spread (gap between best and worst rank, squared, summed):
    # A D E + B C F = 4² + 4² = 32; A D F + B C E = 5² + 3² = 34; A E F + B C D = 5² + 2² = 29.
    tables, repeats, exact = seating.swiss(list("ABCDEF"), [3, 3], [["A", "B"], ["A", "C"]])
    assert (tables, repeats, exact) == ([["A", "E", "F"], ["B", "C", "D"]], 0, True)


def test_swiss_meets_again_as_little_as_it_can_when_no_seating_avoids_it():
    # A met B, C and D: at a table of two A meets one of them whatever. A B + C D (gaps 1 and 1)
    # beats A C + B D (2 and 2) and A D + B C (3 and 1).
    tables, repeats, exact = seating.swiss(list("ABCD"), [2, 2], [["A", "B"], ["A", "C"], ["A", "D"]])
    assert (tables, repeats, exact) == ([["A", "B"], ["C", "D"]], 1, True)


def _partitions(items: list[int], sizes: list[int]):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for size in set(sizes):
        left = list(sizes)
        left.remove(size)
        for mates in itertools.combinations(rest, size - 1):
            for more in _partitions([i for i in rest if i not in mates], left):
                yield [[first, *mates], *more]


def test_swiss_finds_the_best_of_every_partition_of_small_fields():
    rng = random.Random(38)
    for _ in range(60):
        n = rng.randint(4, 9)
        sizes = seating.sizes(n, 2, 4)
        names = [f"P{i}" for i in range(n)]
        met = [list(p) for p in itertools.combinations(names, 2) if rng.random() < 0.4]
        pairs = {frozenset(p) for p in map(tuple, met)}
        best = min((sum(frozenset((names[a], names[b])) in pairs for t in part for a, b in itertools.combinations(t, 2)),
                     sum((max(t) - min(t)) ** 2 for t in part)) for part in _partitions(list(range(n)), sizes))
        tables, repeats, exact = seating.swiss(names, sizes, met)
        got = (seating.repeats_of(tables, met), sum((names.index(t[-1]) - names.index(t[0])) ** 2 for t in tables))
        assert exact and repeats == got[0] and got == best, (n, sizes, met)


def _finished(store: Store, sid: str, players: list[tuple[str, int]], winners: list[str], when: float) -> None:
    summary = {"game": "kleos", "players": [{"name": n, "score": s} for n, s in players], "current": None,
               "phase": "over", "turn": 5, "pending": [], "over": True, "winners": winners, "details": {}}
    store.db.execute(
        "INSERT INTO sessions (id, game, name, seed, rules_version, status, summary, created, updated, used)"
        " VALUES (?, 'kleos', '', '1', '1', 'over', ?, ?, ?, ?)", (sid, json.dumps(summary), when, when, when))
    store.reseal(sid, checked=True)  # as the check at a game's end marks it (its log is not the point here)


def test_a_leagues_second_round_goes_by_standings_and_avoids_the_first_rounds_tables(tmp_path):
    db = str(tmp_path / "l.db")
    referee("league", "new", "Night", "--game", "kleos", db=db)
    nine = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")
    code, out, _ = referee("--json", "club", "seat", "--league", "Night", "--tables", "3", *_players(*nine), db=db)
    first = json.loads(out)["result"]
    assert code == 0 and first["by"] == "random" and first["round"] == 1 and first["sizes"] == [3, 3, 3]
    # the three tables played: the first seated won with 10 glory, the second had 9, the third 8
    store = Store(db)
    for i, table in enumerate(first["tables"]):
        _finished(store, f"kleos-{i + 1}", [(p, 10 - j) for j, p in enumerate(table)], [table[0]], T0 + i)
    store.db.commit()
    store.close()
    assert referee("league", "add", "Night", "kleos-1", "kleos-2", "kleos-3", db=db)[0] == 0
    code, out, _ = referee("--json", "club", "seat", "--league", "Night", "--tables", "3", *_players(*nine), db=db)
    second = json.loads(out)["result"]
    assert code == 0 and second["by"] == "standings" and second["round"] == 2 and second["repeats"] == 0
    # by hand: the standings rank the three winners (3 points), then the three on 9 glory, then those
    # on 8; each rank's three sat at three different tables, so like with like meets nobody again
    by_place = [sorted(t[j] for t in first["tables"]) for j in range(3)]
    assert [sorted(t) for t in second["tables"]] == by_place
    assert referee("club", "seat", "--verify", second["id"], db=db)[0] == 0


def test_a_swiss_round_of_two_tables_after_two_tables_meets_again_as_little_as_it_can(tmp_path):
    db = str(tmp_path / "l.db")
    referee("league", "new", "Night", "--game", "kleos", db=db)
    eight = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
    first = json.loads(referee("--json", "club", "seat", "--league", "Night", "--tables", "2", *_players(*eight),
                               db=db)[1])["result"]
    code, out, _ = referee("club", "seat", "--league", "Night", "--tables", "2", *_players(*eight), db=db)
    assert code == 0 and "4 pairs meet again: no seating avoids more." in out
    second = json.loads(referee("--json", "club", "seat", "--verify", "seat-2", db=db)[1])["result"]
    # two tables of four from two tables of four: at best two of each old table at each new one,
    # one old pair per old table per new table, 4 in all
    old = [set(t) for t in first["tables"]]
    assert all([len(set(t) & o) for o in old] == [2, 2] for t in second["tables"])


def test_a_leagues_draws_are_kept_and_re_run_on_both_stores(store_target):
    assert referee("league", "new", "Cup", "--game", "kreus", db=store_target)[0] == 0
    six = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
    ids = []
    for _round in range(2):
        code, out, _ = referee("--json", "club", "seat", "--league", "Cup", "--tables", "2", *_players(*six),
                               db=store_target)
        assert code == 0, out
        ids.append(json.loads(out)["result"])
    assert [(r["id"], r["round"], r["by"]) for r in ids] == [("seat-1", 1, "random"), ("seat-2", 2, "standings")]
    # two tables of three after two tables of three: every new table holds two of one old table
    # (three players from two tables), so one old pair per new table meets again, 2 in all
    assert ids[1]["repeats"] == 2
    for row in ids:
        code, out, _ = referee("--json", "club", "seat", "--verify", row["id"], db=store_target)
        assert code == 0 and json.loads(out)["result"]["tables"] == row["tables"]


def test_past_its_search_limit_swiss_keeps_the_best_found_and_says_so(monkeypatch):
    monkeypatch.setattr(seating, "SEARCH_LIMIT", 50)
    names = [f"P{i}" for i in range(12)]
    met = [[names[i], names[i + 1]] for i in range(11)]  # each met the next-ranked: consecutive tables clash
    tables, repeats, exact = seating.swiss(names, [4, 4, 4], met)
    assert not exact and sorted(p for t in tables for p in t) == sorted(names)
    assert [len(t) for t in tables] == [4, 4, 4] and repeats == seating.repeats_of(tables, met) == 0
    monkeypatch.setattr(seating, "SEARCH_LIMIT", 10**9)
    assert seating.swiss(names, [4, 4, 4], met)[1:] == (0, True)
