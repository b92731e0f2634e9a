"""A league's night at a glance, for the standings page (`referee serve --league NAME`): its
standings, its ratings, the current round's tables and what each table is playing now.

A table of the round is matched to the league's session that seats exactly its players and was
started after the draw (the latest such one); until there is one, the table waits.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from referee.after import league, ratings
from referee.model.errors import InputError
from referee.record import seatings

if TYPE_CHECKING:
    from referee.record.protocol import RecordStore


def _summary(meta: dict) -> dict:
    value = meta.get("summary")
    if isinstance(value, dict):
        return value
    try:
        return json.loads(value or "{}")
    except ValueError:
        return {}


def gather(store: RecordStore, name: str) -> dict:
    """`{"league", "game", "standings": {...}, "ratings": [rows] or None, "round": {...} or None}`;
    the round: its draw (id, number, commitment) and each table: players and the session (id,
    over, turn, current, winners, players with scores) or None."""
    table = league.standings(store, name)
    try:
        rated = ratings.compute(store, table["game"], name)
        rating_rows: list[dict] | None = [r for r in rated.rows(None, table["game"]) if r["game"] == table["game"]]
    except InputError:  # openskill is not installed: no ratings on the page
        rating_rows = None
    draws = seatings.of_league(store, name)
    current = None
    if draws:
        last = draws[-1]
        started = [(sid, store.session(sid)) for sid in table["sessions"]]
        tables = []
        for players in last["tables"]:
            wanted = sorted(p.casefold() for p in players)
            found = None
            for sid, meta in started:
                summary = _summary(meta)
                names = sorted(str(p.get("name")).casefold() for p in summary.get("players", []))
                if meta["status"] != "deleted" and names == wanted and meta["created"] >= last["created"] and (
                        found is None or meta["created"] >= found[1]["created"]):
                    found = (sid, meta, summary)
            tables.append({"players": players, "session": None if found is None else {
                "id": found[0], "over": bool(found[2].get("over")), "turn": found[2].get("turn"),
                "current": found[2].get("current"), "phase": found[2].get("phase"), "winners": found[2].get("winners") or [],
                "players": [{"name": p.get("name"), "score": p.get("score")} for p in found[2].get("players", [])]}})
        current = {"id": last["id"], "round": last["round"], "commitment": last["commitment"], "tables": tables}
    return {"league": table["league"], "game": table["game"], "standings": table, "ratings": rating_rows,
            "round": current}
