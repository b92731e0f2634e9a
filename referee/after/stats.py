"""Results across sessions, per player and game, from the summaries the store caches.

Only finished sessions count, and nothing is replayed: each finished session's cached
summary (with its `details`, see `Results.details`) says who played, who won,
the scores and what decided it. A shared victory is a win for each sharer (and is
counted again as a shared win); in Kreus the whole team wins or loses together.
"""

from __future__ import annotations

import csv
import datetime as _dt
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass, field

from referee.model import registry
from referee.record.integrity import full_problem
from referee.record.protocol import RecordStore

KREUS_WIN = ("may-sustain-life", "success", "perfection")


@dataclass
class Tally:
    """One player's results at one game."""

    player: str
    game: str
    plays: int = 0
    wins: int = 0
    shared_wins: int = 0
    score_sum: float = 0
    scored: int = 0
    best: int | float | None = None
    last: float = 0
    tie_break_wins: int = 0
    conditions: dict[str, int] = field(default_factory=dict)
    outcomes: dict[str, int] = field(default_factory=dict)

    def add(self, summary: dict, name: str, score: float | None, updated: float) -> None:
        """One finished session in which this player (spelt `name` there) took part."""
        winners = summary.get("winners") or []
        details = summary.get("details") or {}
        self.plays += 1
        self.last = max(updated, self.last)
        if score is not None:
            self.scored += 1
            self.score_sum += score
            self.best = score if self.best is None else max(self.best, score)
        if self.game == "kreus":  # one team: every player shares the outcome tier
            tier = summary.get("outcome") or "unknown"
            self.outcomes[tier] = self.outcomes.get(tier, 0) + 1
            if tier in KREUS_WIN or (tier == "unknown" and name in winners):
                self.wins += 1
            return
        if name not in winners:
            return
        self.wins += 1
        if len(winners) > 1:
            self.shared_wins += 1
        if self.game in ("kleos", "elysion") and details.get("tie_break"):
            self.tie_break_wins += 1
        if self.game == "cerebria":
            cond = summary.get("outcome") or details.get("condition") or "supply-spent"
            self.conditions[cond] = self.conditions.get(cond, 0) + 1

    def row(self) -> dict:
        """The fixed keys (every game's), then what fits the game."""
        out: dict = {
            "player": self.player, "game": self.game, "plays": self.plays, "wins": self.wins,
            "win_rate": round(self.wins / self.plays, 4) if self.plays else 0.0,
            "average_score": round(self.score_sum / self.scored, 2) if self.scored else None,
            "best_score": self.best,
            "last_played": _dt.datetime.fromtimestamp(self.last).isoformat(timespec="seconds"),
        }
        if self.game == "kreus":
            out["outcomes"] = dict(sorted(self.outcomes.items()))
            return out
        out["shared_wins"] = self.shared_wins
        if self.game in ("kleos", "elysion"):
            out["tie_break_wins"] = self.tie_break_wins
        if self.game == "cerebria":
            out["single_minded_wins"] = self.conditions.get("single-minded", 0)
            out["balanced_wins"] = self.conditions.get("balanced", 0)
        return out


def _score(player: dict) -> int | float | None:
    score = player.get("score")
    return score if isinstance(score, (int, float)) and not isinstance(score, bool) else None


def compute(store: RecordStore, game: str | None = None, player: str | None = None,
            since: float | None = None, left_out: list[tuple[str, str]] | None = None) -> list[dict]:
    """One row per player and game over the finished sessions (updated on or after `since`).

    Names match case-insensitively ('ann' and 'Ann' are one player, shown as last typed).
    A session whose row fails its seal (its summary or status edited outside the referee, its
    log cut) is not counted: it goes to `left_out` as (id, what is wrong)."""
    tallies: dict[tuple[str, str], Tally] = {}
    wanted = player.casefold() if player else None
    for _sid, g, updated, summary in finished(store, game, since, left_out):
        for p in summary.get("players", []):
            name = str(p.get("name"))
            key = (g, name.casefold())
            if wanted is not None and key[1] != wanted:
                continue
            tally = tallies.get(key)
            if tally is None:
                tally = tallies[key] = Tally(name, g)
            elif updated >= tally.last:
                tally.player = name
            tally.add(summary, name, _score(p), updated)
    rows = [t.row() for t in tallies.values()]
    order = {g: i for i, g in enumerate(registry.names())}  # games in the registry's order
    rows.sort(key=lambda r: (order.get(r["game"], len(order)), -r["wins"], -r["win_rate"], -r["plays"],
                             r["player"].casefold()))
    return rows


def finished(store: RecordStore, game: str | None, since: float | None,
              left_out: list[tuple[str, str]] | None) -> Iterator[tuple[str, str, float, dict]]:
    """(id, game, updated, summary) of each finished session that counts: its row holds its
    seal and its game was checked in full (its checked mark, or a full check now); the others
    go to `left_out` as (id, what is wrong). What `stats`, ratings and reports count."""

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
    wanted = player.casefold() if player else None
    out = []
    for sid, g, updated, summary in finished(store, game, since, left_out):
        players = [p for p in summary.get("players", []) if isinstance(p, dict)]
        names = [str(p.get("name")) for p in players]
        if wanted is not None and wanted not in (n.casefold() for n in names):
            continue
        meta = store.session(sid)
        _link, live = store.done_end(sid)
        scores = {str(p.get("name")): _score(p) for p in players}
        out.append({
            "date": _dt.datetime.fromtimestamp(meta["created"]).isoformat(timespec="minutes"),
            "game": g, "session": sid, "players": names,
            "scores": scores if any(v is not None for v in scores.values()) else None,
            "winners": [str(w) for w in summary.get("winners") or []],
            "turns": summary.get("turn"), "actions": max(live - 1, 0),
            "minutes": round(max(updated - meta["created"], 0) / 60),
        })
    out.sort(key=lambda r: (r["date"], r["session"]))
    return out


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
