"""Leagues: a named set of one game's sessions, and its standings table.

Points per finished session: `win` to a sole winner (in Kreus, to every player of a team
that wins: one team, one outcome), `shared` to each of several winners, `loss` to everyone
else. Unfinished sessions count nothing until they end. Players are matched without regard
to case (as `stats` does). Rows are ordered by points, then outright wins, then the game's
own number (its tie-break key, summed over the league's games), then name.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from referee.model.errors import InputError, StorageError
from referee.model.i18n import _
from referee.record import session
from referee.record.integrity import full_problem

if TYPE_CHECKING:
    from referee.record.protocol import RecordStore

DEFAULT_POINTS = {"win": 3, "shared": 1, "loss": 0}
# The game's own number a league breaks ties with, summed over a player's finished games.
TIE_BREAK = {"kleos": "glory", "elysion": "glory", "cerebria": "fragments", "croa": "frogs", "kreus": "energy"}


def parse_points(text: str | None) -> dict:
    """`win=3,shared=1,loss=0` (any of the three; the others keep their default)."""
    points: dict[str, int | float] = dict(DEFAULT_POINTS)
    if not text:
        return points
    for part in text.split(","):
        key, sep, value = part.strip().partition("=")
        key = key.strip().lower()
        if not sep or key not in points:
            raise InputError(_("--points takes win=N,shared=N,loss=N; '{part}' is not one of those").format(
                part=part.strip()))
        try:
            number = float(value)
        except ValueError:
            raise InputError(_("--points: '{value}' is not a number (in '{part}')").format(
                value=value.strip(), part=part.strip())) from None
        if number != number or number in (float("inf"), float("-inf")):
            raise InputError(_("--points: '{value}' is not a number (in '{part}')").format(
                value=value.strip(), part=part.strip()))
        points[key] = int(number) if number.is_integer() else number
    return points


def get(store: RecordStore, name: str) -> dict:
    league = store.league(name)
    if league is None:
        known = store.leagues()
        hint = (_(" (leagues here: {names})").format(names=", ".join(known)) if known
                else _(" (start one with `referee league new NAME --game GAME`)"))
        raise StorageError(_("no league '{name}' in {path}").format(name=name, path=store.path) + hint)
    return league


def new(store: RecordStore, name: str, game: str, points: dict) -> dict:
    if not name.strip():
        raise InputError(_("a league needs a name"))
    with store.write():
        if store.league(name) is not None:
            raise StorageError(_("a league named '{name}' exists already in {path}").format(name=name, path=store.path))
        store.league_new(name, game, points)
    return get(store, name)


def add(store: RecordStore, name: str, ids: list[str]) -> tuple[list[str], list[str]]:
    """Put sessions in a league (all or none); returns (added, already in it)."""

    added: list[str] = []
    there: list[str] = []
    with store.write():
        league = get(store, name)
        for sid in ids:
            sid = session.resolve(store, None, sid)
            game = store.session(sid)["game"]
            if game != league["game"]:
                raise InputError(_("session '{sid}' is a {game} game; the league '{name}' holds {held} games").format(
                    sid=sid, game=game, name=name, held=league["game"]))
            (added if store.league_add(name, sid) else there).append(sid)
    return added, there


def _own_number(game: str, summary: dict, player: dict) -> float:
    if game == "croa":
        frogs = (summary.get("details") or {}).get("frogs") or {}
        value = frogs.get(player.get("name"), 0)
    elif game == "kreus":
        value = player.get("energy", 0)
    else:
        value = player.get("score", 0)
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0


BULK = 100  # a league of more sessions is read in two queries for all its game's sessions, not two each


def _finished(store: RecordStore, sids: list[str], game: str) -> list[tuple[str, str | None, dict | None]]:
    """(id, what breaks its seal or None, its summary when it is finished) of each session."""
    out: list[tuple[str, str | None, dict | None]] = []
    if len(sids) > BULK:  # a club's season: one pass over the game's sessions (a server's round trips add up)
        broken = store.seal_problems(game)
        done = {sid: text for sid, _g, _updated, text in store.finished(game)}
        for sid in sids:
            text = done.get(sid)
            out.append((sid, broken.get(sid), None if text is None else _summary(text)))
        return out
    for sid in sids:
        problem = store.seal_problem(sid)
        if problem:
            out.append((sid, problem, None))
            continue
        meta = store.session(sid)
        out.append((sid, None, _summary(meta["summary"]) if meta["status"] == "over" else None))
    return out


def _summary(value: str | dict) -> dict:
    if isinstance(value, dict):
        return value
    try:
        found = json.loads(value)
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def standings(store: RecordStore, name: str) -> dict:
    """`{"league", "game", "points", "sessions", "finished", "rows": [...]}`; each row:
    player, points, plays, wins (outright), shared, losses and the game's tie-break key."""

    league = get(store, name)
    problem = store.league_problem(league["name"])
    if problem:  # points or members edited by hand: no table is drawn from them
        raise StorageError(_("{problem} (see `referee verify --all`)").format(problem=problem))
    game, points = league["game"], league["points"]
    key = TIE_BREAK.get(game, "score")
    rows: dict[str, dict] = {}
    finished = 0
    left_out = []
    for sid, problem, summary in _finished(store, league["sessions"], game):
        if problem:  # an edited row is never believed: not counted, and said
            left_out.append({"id": sid, "problem": problem})
            continue
        if summary is None or not summary.get("over"):
            continue
        problem = full_problem(store, sid)  # counted only once checked in full (its checked mark)
        if problem:
            left_out.append({"id": sid, "problem": problem})
            continue
        finished += 1
        winners = summary.get("winners") or []
        for p in summary.get("players", []):
            pname = str(p.get("name"))
            row = rows.get(pname.casefold())
            if row is None:
                row = rows[pname.casefold()] = {"player": pname, "points": 0, "plays": 0, "wins": 0, "shared": 0,
                                                "losses": 0, key: 0}
            row["plays"] += 1
            row[key] += _own_number(game, summary, p)
            if p.get("name") in winners and (len(winners) == 1 or game == "kreus"):
                row["wins"] += 1
                row["points"] += points["win"]
            elif p.get("name") in winners:
                row["shared"] += 1
                row["points"] += points["shared"]
            else:
                row["losses"] += 1
                row["points"] += points["loss"]
    ordered = sorted(rows.values(), key=lambda r: (-r["points"], -r["wins"], -r[key], r["player"].casefold()))
    return {"league": league["name"], "game": game, "points": points, "tie_break": key,
            "sessions": league["sessions"], "finished": finished, "rows": ordered, "left_out": left_out}
