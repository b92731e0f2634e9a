"""Results across sessions, per player and game, from each finished game's sealed result row.

Only finished games count, and nothing is replayed: each one's result row (written as it ended,
from its checked summary and its `details`, see `Results.details`; `referee.record.results`) says who played, who won,
the scores and what decided it; the aggregates kept as games end answer without a filter. A shared victory is a win for each sharer (and is
counted again as a shared win); in Kreus the whole team wins or loses together.
"""

from __future__ import annotations

import csv
import datetime as _dt
import io
import json
from collections.abc import Iterator
from typing import Any

from referee.model import registry
from referee.record import results
from referee.record.integrity import full_problem
from referee.record.protocol import RecordStore

KREUS_WIN = ("may-sustain-life", "success", "perfection")


def _row(game: str, t: dict) -> dict:
    """A player's tally at one game (`referee.record.results.stats_add`) as `stats` prints it: the
    fixed keys (every game's), then what fits the game."""
    plays, wins, scored = t.get("plays", 0), t.get("wins", 0), t.get("scored", 0)
    out: dict = {
        "player": t.get("name", ""), "game": game, "plays": plays, "wins": wins,
        "win_rate": round(wins / plays, 4) if plays else 0.0,
        "average_score": round(t.get("score_sum", 0) / scored, 2) if scored else None,
        "best_score": t.get("best"),
        "last_played": _dt.datetime.fromtimestamp(t.get("last", 0)).isoformat(timespec="seconds"),
    }
    if game == "kreus":
        out["outcomes"] = dict(sorted(t.get("outcomes", {}).items()))
        return out
    out["shared_wins"] = t.get("shared_wins", 0)
    if game in ("kleos", "elysion"):
        out["tie_break_wins"] = t.get("tie_break_wins", 0)
    if game == "cerebria":
        conditions = t.get("conditions", {})
        out["single_minded_wins"] = conditions.get("single-minded", 0)
        out["balanced_wins"] = conditions.get("balanced", 0)
    return out


def _sorted(rows: list[dict]) -> list[dict]:
    order = {g: i for i, g in enumerate(registry.names())}  # games in the registry's order
    rows.sort(key=lambda r: (order.get(r["game"], len(order)), -r["wins"], -r["win_rate"], -r["plays"],
                             r["player"].casefold()))
    return rows


def compute(store: RecordStore, game: str | None = None, player: str | None = None,
            since: float | None = None, left_out: list[tuple[str, str]] | None = None) -> list[dict]:
    """One row per player and game over the finished games (finished on or after `since`).

    Read from each game's sealed result row (`referee.record.results`): without `since`, from the
    aggregates kept as games ended (a player's own, with `player`); with it, from the rows it
    selects. Names
    match case-insensitively ('ann' and 'Ann' are one player, shown as last typed). A game whose
    result row fails its seal, or whose session changed outside the referee since, or a finished
    session without a row that fails its check, is not counted: it goes to `left_out` as (id,
    what is wrong)."""
    return overview(store, game, player, since, left_out)["rows"]


def overview(store: RecordStore, game: str | None = None, player: str | None = None,
             since: float | None = None, left_out: list[tuple[str, str]] | None = None,
             with_games: bool = False) -> dict:
    """`{"rows", "lengths"}` (and `"games"` with `with_games`): `compute`'s rows and `lengths`,
    the rows checked once for both."""

    read = results.read(store, game, since, player, rows=since is not None or with_games)
    if left_out is not None:
        left_out.extend(read.left_out)
    out: dict = {}
    both = results.tallies_of(store, ("stats", "length"), None if game is None else [game]) \
        if read.clean and since is None else None
    kept, lengths = (None, None) if both is None else (both["stats"], both["length"])
    if kept is not None and player is not None:  # one player's tallies, their games' lengths kept in them
        kept = {k: t for k, t in kept.items() if k[1] == f"p:{player.casefold()}"}
        lengths = {(g, ""): t.get("length", {}) for (g, _k), t in kept.items()}
    if kept is None or lengths is None:
        if not read.rows and not (since is not None or with_games):  # only checked so far: now read
            read = results.read(store, game, since, player)
        wanted = f"p:{player.casefold()}" if player else None
        made: dict[tuple[str, str], dict] = {}
        lengths = {}
        for row in read.rows:
            g = row.body["game"]
            results.length_add(lengths.setdefault((g, ""), {}), row.body)
            for p in row.body["players"]:
                key = f"p:{p['name'].casefold()}"
                if wanted is None or key == wanted:
                    results.stats_add(made.setdefault((g, key), {}), row.body, p)
        kept = made
    out["rows"] = _sorted([_row(g, t) for (g, _k), t in kept.items()])
    out["lengths"] = _lengths(lengths)
    if with_games:
        out["games"] = [_game(row) for row in sorted(read.rows, key=lambda r: (r.body["started"], r.sid))]
    return out


def _lengths(found: dict[tuple[str, str], dict]) -> list[dict]:
    order = {g: i for i, g in enumerate(registry.names())}
    out = []
    for (g, _k), t in sorted(found.items(), key=lambda kv: order.get(kv[0][0], len(order))):
        n = t.get("games", 0)
        if not n:
            continue
        out.append({"game": g, "games": n,
                    "average_turns": round(t["turns_sum"] / t["turns_n"], 1) if t.get("turns_n") else None,
                    "average_actions": round(t.get("actions_sum", 0) / n, 1),
                    "average_minutes": round(t.get("minutes_sum", 0) / n, 1),
                    "shortest_minutes": t.get("shortest"), "longest_minutes": t.get("longest")})
    return out


def _game(row: Any) -> dict:
    body = row.body
    scores = {p["name"]: p["score"] for p in body["players"]}
    return {"date": _dt.datetime.fromtimestamp(body["started"]).isoformat(timespec="minutes"),
            "game": body["game"], "session": row.sid, "players": [p["name"] for p in body["players"]],
            "scores": scores if any(v is not None for v in scores.values()) else None,
            "winners": list(body["winners"]), "turns": body["turns"], "actions": body["actions"],
            "minutes": body["minutes"]}


def finished(store: RecordStore, game: str | None, since: float | None,
             left_out: list[tuple[str, str]] | None) -> Iterator[tuple[str, str, float, dict]]:
    """(id, game, updated, summary) of each finished session that counts: its row holds its
    seal and its game was checked in full (its checked mark, or a full check now); the others
    go to `left_out` as (id, what is wrong). The way every session was read before the result
    rows (`referee.record.results`): what a reader of the summaries themselves uses."""

    broken = store.seal_problems(game)
    for sid in store.unmarked(game):  # finished without the full check at its end: checked in full now
        if sid not in broken:
            problem = full_problem(store, sid)
            if problem:
                broken[sid] = problem
    for sid, g, updated, text in store.finished(game, since):
        problem = broken.get(sid)
        if problem is None:
            try:
                summary = json.loads(text)
            except ValueError:
                problem = "its summary cannot be read"
        if problem is not None:
            if left_out is not None:
                left_out.append((sid, problem))
            continue
        if summary.get("over"):
            yield sid, g, updated, summary


def totals(rows: list[dict]) -> list[dict]:
    """Per player, over every game of `rows` (the rows of `compute`): games, wins, win rate
    (wins per game played), most wins first. A name in any case is one player, shown as in
    their latest game."""
    found: dict[str, dict] = {}
    for r in sorted(rows, key=lambda r: r["last_played"]):
        t = found.setdefault(r["player"].casefold(), {"player": r["player"], "games": 0, "wins": 0})
        t["player"] = r["player"]
        t["games"] += r["plays"]
        t["wins"] += r["wins"]
    out = [{**t, "win_rate": round(t["wins"] / t["games"], 4) if t["games"] else 0.0} for t in found.values()]
    out.sort(key=lambda t: (-t["wins"], -t["win_rate"], -t["games"], t["player"].casefold()))
    return out


def games(store: RecordStore, game: str | None = None, player: str | None = None,
          since: float | None = None, left_out: list[tuple[str, str]] | None = None) -> list[dict]:
    """One row per finished game, oldest first: when it started (`date`, local time), the game,
    the session, the players in seat order, their scores (None for a game that keeps none), the
    winners, and its length: turns, actions typed, minutes from `new` to the last action."""
    return overview(store, game, player, since, left_out, with_games=True)["games"]


def lengths(rows: list[dict]) -> list[dict]:
    """Per game, over the rows of `games`: how many games, and their length on average and at
    the extremes (turns, actions, minutes), in the registry's order."""
    by: dict[str, list[dict]] = {}
    for r in rows:
        by.setdefault(r["game"], []).append(r)
    order = {g: i for i, g in enumerate(registry.names())}
    out = []
    for g in sorted(by, key=lambda g: order.get(g, len(order))):
        rs = by[g]
        turns = [r["turns"] for r in rs if isinstance(r["turns"], int)]
        out.append({"game": g, "games": len(rs),
                    "average_turns": round(sum(turns) / len(turns), 1) if turns else None,
                    "average_actions": round(sum(r["actions"] for r in rs) / len(rs), 1),
                    "average_minutes": round(sum(r["minutes"] for r in rs) / len(rs), 1),
                    "shortest_minutes": min(r["minutes"] for r in rs),
                    "longest_minutes": max(r["minutes"] for r in rs)})
    return out


CSV_HEADER = ("date", "game", "session", "players", "scores", "winner", "turns", "actions", "minutes")


def games_csv(rows: list[dict]) -> str:
    """The rows of `games` as CSV, one row per game, the kind score-keeping apps import: names
    and scores joined with `; ` inside their cell (`Ann 16; Bob 16`), the game by its title."""

    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for r in rows:
        scores = "; ".join(f"{n} {'' if v is None else f'{v:g}'}".strip() for n, v in r["scores"].items()) \
            if r["scores"] else ""
        writer.writerow([r["date"].replace("T", " "), _title(r["game"]), r["session"], "; ".join(r["players"]),
                         scores, "; ".join(r["winners"]), "" if r["turns"] is None else r["turns"],
                         r["actions"], r["minutes"]])
    return buf.getvalue()


def _title(game: str) -> str:
    try:
        return str(registry.engine(game).title)
    except Exception:  # a game this referee does not know: its name as stored
        return game


def notes(row: dict) -> str:
    """The game's own numbers of a stats row, in words."""
    parts = []
    if row.get("shared_wins"):
        parts.append(f"{row['shared_wins']} shared")
    if row.get("tie_break_wins"):
        parts.append(f"{row['tie_break_wins']} by tie-breaker")
    if "single_minded_wins" in row and row["wins"]:
        parts.append(f"{row['single_minded_wins']} single-minded, {row['balanced_wins']} balanced")
    if row.get("outcomes"):
        parts.append(", ".join(f"{k} {v}" for k, v in row["outcomes"].items()))
    return "; ".join(parts)
