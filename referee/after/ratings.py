"""Ratings: a skill estimate per player, per game and over all games, from every finished session.

The maths is openskill's Plackett-Luce model (a Bayesian rating for free-for-all games of any
number of players, with shared places and teams). Each player's rating is a belief: `mu` (the
estimate) and `sigma` (how unsure it is). What is shown as *the* rating is openskill's ordinal,
`mu - 3 * sigma`: a cautious figure (the player is very likely at least this strong), which
starts at 0 and rises as games are counted.

Sessions are taken in the order they ended (their last change, then their id). The finishing
order of each comes from its own result, read from the summary the store keeps: the winners
first (one place, shared when the victory is shared), then by the game's own number (a player
still in the pond before an eliminated one, then the score), players equal on all of that
sharing a place (`referee.after.standings.standings`, the same order every report shows).

Kreus is played by one team against the game. It is rated as a team against a virtual opponent,
*the game*, whose rating is learned from every team's result like a player's: a team that wins
places first and the game second, a team that loses the other way round. The game's rating is
thus its difficulty as the club meets it (the referee knows no difficulty setting for Kreus:
the first-game variant and the expansions change the cards, not a level), and it is shown
apart from the players'.

A session whose row fails its check (its summary or status edited outside the referee, its log
cut) is left out and named, as `stats` does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from referee.after.standings import standings as finishing_rows
from referee.model.errors import InputError
from referee.model.i18n import _

if TYPE_CHECKING:
    from collections.abc import Callable

    from referee.record.protocol import RecordStore

ALL = "all"  # the game key of the overall rating
COOPERATIVE = ("kreus",)  # one team against the game
GAME_PLAYER = "the game"  # the virtual opponent's name (its key can never be a player's: see _key)
INSTALL = "pip install 'referee[ratings]'"
SHOWN = "ordinal = mu - 3 * sigma"
MODEL = "openskill PlackettLuce (mu 25, sigma 25/3)"


def _model() -> Any:
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise InputError(_("ratings need the openskill library, which is not installed: {command}").format(
            command=INSTALL)) from None
    return PlackettLuce()


def finishing_order(summary: dict) -> list[tuple[str, int]]:
    """(name, place) of every player in finishing order; equal players share a place (1 is first)."""
    return [(str(r["name"]), int(r["place"])) for r in finishing_rows(summary)]


@dataclass
class Track:
    """One player's (or the game's) rating in one game, or over all games (`game` = 'all')."""

    player: str
    game: str
    mu: float
    sigma: float
    games: int = 0
    change: float = 0.0
    last: float = 0.0
    virtual: bool = False
    history: list[dict] = field(default_factory=list)
    scope: str = ""  # the kept scope it was read from (a league's: `league:NAME`)

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def row(self) -> dict:
        return {"player": self.player, "game": self.game, "rating": round(self.ordinal, 2),
                "mu": round(self.mu, 3), "sigma": round(self.sigma, 3), "games": self.games,
                "change": round(self.change, 2), "last_played": _iso(self.last)}


def _iso(ts: float) -> str:
    import datetime as _dt

    return _dt.datetime.fromtimestamp(ts).isoformat(timespec="seconds") if ts else ""


@dataclass
class Ratings:
    """Everything `ratings` shows: the rows, the games' own ratings, what was left out and why."""

    tracks: dict[tuple[str, str], Track] = field(default_factory=dict)
    left_out: list[dict] = field(default_factory=list)
    sessions: int = 0
    store: Any = None  # the store the kept ratings were read from (a chart's points: their steps)

    def rows(self, player: str | None = None, game: str | None = None) -> list[dict]:
        wanted = player.casefold() if player else None
        out = [t for t in self.tracks.values() if not t.virtual
               and (wanted is None or t.player.casefold() == wanted) and (game is None or t.game in (game, ALL))]
        out.sort(key=lambda t: (t.game != ALL, t.game, -t.ordinal, t.player.casefold()))
        return [t.row() for t in out]

    def opponents(self, game: str | None = None) -> list[dict]:
        return [t.row() for t in self.tracks.values() if t.virtual and (game is None or t.game in (game, ALL))]

    def track(self, player: str, game: str) -> Track | None:
        """A player's rating at `game`, with its history (read from the kept steps when kept)."""
        found = self.tracks.get((game, player.casefold()))
        if found is not None and not found.history and self.store is not None:
            _history(self, found)
        return found


def _key(name: str, virtual: bool) -> str:
    return ("\0" if virtual else "") + name.casefold()  # the game never meets a player of its name


def compute(store: RecordStore, game: str | None = None, league: str | None = None,
            since: float | None = None, writable: Callable[[], RecordStore] | None = None) -> Ratings:
    """Ratings over the finished games (of `game`, of the league `league`, ended on or after
    `since`), each game counted once per game and once overall, in the order they ended.

    Without `since`, read from the ratings kept as games ended (`referee.record.results`): per
    game, overall (every game, whichever `game` is asked), per league; a scope with games not
    rated yet (games end without rating them: the action stays light) is caught up first and
    written, through `writable` (the store opened for writing) when `store` is only read; a store
    that cannot be written has them rated here from its rows. With `since` (a season's ratings,
    from scratch), or when a result row fails its check, the rows that hold are rated again here,
    in order."""
    from referee.record import results

    model = _model()
    out = Ratings()
    members: set[str] | None = None
    if league is not None:
        from referee.after import league as leagues

        found = leagues.get(store, league)
        game = game or found["game"]
        members = set(found["sessions"])
    if since is None and writable is not None and getattr(store, "readonly", False) and _behind(store, game, league):
        store = writable()
    read = results.read(store, game, since, None, league, rows=since is not None)
    out.left_out += [{"id": sid, "problem": problem} for sid, problem in read.left_out
                     if members is None or sid in members]
    if since is None and read.clean and _kept(store, out, game, league):
        return out
    out.tracks.clear()
    out.sessions = 0
    rows = read.rows if (since is not None or not read.clean) else results.read(store, game, None, None, league).rows
    states: dict[tuple[str, str], dict] = {}
    for row in rows:
        out.sessions += 1
        for scope in (row.body["game"], ALL):
            _replay(model, out, states, scope, row)
    return out


def _scopes(store: RecordStore, game: str | None, league: str | None) -> list[str]:
    """The kept scopes a question reads, each game's before the overall one (as they are rated)."""
    from referee.record import results

    if league is not None:
        return [results.LEAGUE + league]
    if game is not None:
        return [game, ALL]
    return sorted({*results.rating_scopes(store), ALL}, key=lambda s: (s == ALL, s))


def _behind(store: RecordStore, game: str | None, league: str | None) -> bool:
    """Whether a scope the question reads has games not rated yet (two counts each)."""
    from referee.record import results

    return any(results.behind(store, scope) for scope in _scopes(store, game, league))


def _kept(store: RecordStore, out: Ratings, game: str | None, league: str | None) -> bool:
    """Fill `out` from the kept ratings; False when they cannot stand for the rows (one fails its
    seal, or a scope has games not rated and the store cannot be written to catch up)."""
    from referee.record import results

    scopes = _scopes(store, game, league)
    if league is not None and not results.fresh_leagues(store):
        return False
    behind = [scope for scope in scopes if results.behind(store, scope)]
    out.sessions = results.rows_in(store, scopes[0] if league is not None else game or ALL)
    if behind:
        if getattr(store, "readonly", False):
            return False
        with store.write():
            for scope in behind:
                results.catch_up(store, scope)
    kept = results.tallies_of(store, ("rating",), scopes)  # every scope's checked at once
    if kept is None:
        return False
    by_scope: dict[str, list[dict]] = {}
    for (scope, _player), data in kept["rating"].items():
        by_scope.setdefault(scope, []).append(data)
    for scope in scopes:
        shown = [game or "", ALL] if league is not None else [scope]
        for data in by_scope.get(scope, []):
            for as_game in shown:
                virtual = bool(data.get("virtual"))
                track = Track(str(data["name"]), as_game, float(data["mu"]), float(data["sigma"]),
                              games=int(data["games"]), change=float(data["change"]), last=float(data["last"]),
                              virtual=virtual)
                track.scope = scope
                out.tracks[(as_game, _key(track.player, virtual))] = track
    out.store = store
    return True


def _replay(model: Any, out: Ratings, states: dict[tuple[str, str], dict], scope: str, row: Any) -> None:
    from referee.record import results

    keys = [k for team in results._rating_keys(row) for k, _n, _v in team]
    after = results.rate(model, {k: states.get((scope, k)) for k in keys}, row)
    if after is None:
        return
    for k, state in after.items():
        states[(scope, k)] = state
        virtual = bool(state["virtual"])
        track = out.tracks.get((scope, _key(state["name"], virtual)))
        if track is None:
            track = out.tracks[(scope, _key(state["name"], virtual))] = Track(state["name"], scope, 0.0, 0.0,
                                                                            virtual=virtual)
        track.player, track.mu, track.sigma = state["name"], state["mu"], state["sigma"]
        track.games, track.change, track.last = state["games"], state["change"], state["last"]
        track.history.append({"id": row.sid, "at": row.body["finished"], "rating": round(track.ordinal, 3)})


def chart_series(ratings: Ratings, players: list[str], game: str) -> dict[str, list[tuple[str, float]]]:
    """Each player's rating at `game` after each of their sessions: {name: [(session id, rating)]}."""
    out: dict[str, list[tuple[str, float]]] = {}
    for name in players:
        track = ratings.track(name, game)
        if track is not None:
            out[track.player] = [(h["id"], h["rating"]) for h in track.history]
    return out


def _history(ratings: Ratings, track: Track) -> None:
    """A kept rating's points, one per rated game of its scope that it played (its steps)."""
    from referee.record import results

    key = ("g:" if track.virtual else "p:") + (track.player.split(" (")[-1].rstrip(")") if track.virtual
                                               else track.player.casefold())
    steps = results.steps(ratings.store, track.scope or track.game)
    for sid, finished, after in steps or ():
        state = after.get(key)
        if state is not None:
            track.history.append({"id": sid, "at": finished / 1000,
                                  "rating": round(state["mu"] - 3 * state["sigma"], 3)})
