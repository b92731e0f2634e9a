"""Results across sessions, per player and game, from the summaries the store caches.

Only finished sessions count, and nothing is replayed: each finished session's cached
summary (with its `details`, see `Engine.result_details`) says who played, who won,
the scores and what decided it. A shared victory is a win for each sharer (and is
counted again as a shared win); in Kreus the whole team wins or loses together.
"""

from __future__ import annotations

import datetime as _dt
import json
from dataclasses import dataclass, field

from referee.model import registry
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
        """The fixed keys of cli.md, then what fits the game."""
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
    broken = store.seal_problems(game)
    from referee.record.integrity import full_problem

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
        if not summary.get("over"):
            continue
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
