"""Leagues: a named set of one game's sessions, and its standings table.

Points per finished session: `win` to a sole winner (in Kreus, to every player of a team
that wins: one team, one outcome), `shared` to each of several winners, `loss` to everyone
else. Unfinished sessions count nothing until they end. Players are matched without regard
to case (as `stats` does). Rows are ordered by points, then outright wins, then the game's
own number (its tie-break key, summed over the league's games), then name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.model.errors import InputError, StorageError
from referee.model.i18n import _
from referee.record import results, session

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


def standings(store: RecordStore, name: str) -> dict:
    """`{"league", "game", "points", "sessions", "finished", "rows": [...]}`; each row:
    player, points, plays, wins (outright), shared, losses and the game's tie-break key.

    Read from the league's aggregates, kept as its games end (`referee.record.results`), once
    every result row of the league holds its seal; else counted from the rows that hold. A game
    whose row fails, whose session changed since, or a finished session without a row that fails
    its check, is left out and named."""

    league = get(store, name)
    problem = store.league_problem(league["name"])
    if problem:  # points or members edited by hand: no table is drawn from them
        raise StorageError(_("{problem} (see `referee verify --all`)").format(problem=problem))
    game, points = league["game"], league["points"]
    key = TIE_BREAK.get(game, "score")
    members = set(league["sessions"])
    read = results.read(store, game, league=league["name"], rows=False)
    left_out = [{"id": sid, "problem": why} for sid, why in read.left_out if sid in members]
    kept = results.tallies(store, "league", league["name"]) if read.clean and results.fresh_leagues(store) else None
    if kept is not None:
        finished = results.rows_in(store, results.LEAGUE + league["name"])
    else:
        if not read.rows:
            read = results.read(store, game, league=league["name"])
        kept = {}
        for row in read.rows:
            for p in row.body["players"]:
                results.league_add(kept.setdefault((league["name"], f"p:{p['name'].casefold()}"), {}), row.body, p)
        finished = len(read.rows)
    rows = []
    for t in kept.values():
        wins, shared, losses = t.get("wins", 0), t.get("shared", 0), t.get("losses", 0)
        rows.append({"player": t["name"], "points": wins * points["win"] + shared * points["shared"]
                     + losses * points["loss"], "plays": t.get("plays", 0), "wins": wins, "shared": shared,
                     "losses": losses, key: t.get("own", 0)})
    ordered = sorted(rows, key=lambda r: (-r["points"], -r["wins"], -r[key], r["player"].casefold()))
    return {"league": league["name"], "game": game, "points": points, "tie_break": key,
            "sessions": league["sessions"], "finished": finished, "rows": ordered, "left_out": left_out}
