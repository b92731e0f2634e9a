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

    def rows(self, player: str | None = None, game: str | None = None) -> list[dict]:
        wanted = player.casefold() if player else None
        out = [t for t in self.tracks.values() if not t.virtual
               and (wanted is None or t.player.casefold() == wanted) and (game is None or t.game in (game, ALL))]
        out.sort(key=lambda t: (t.game != ALL, t.game, -t.ordinal, t.player.casefold()))
        return [t.row() for t in out]

    def opponents(self, game: str | None = None) -> list[dict]:
        return [t.row() for t in self.tracks.values() if t.virtual and (game is None or t.game in (game, ALL))]

    def track(self, player: str, game: str) -> Track | None:
        return self.tracks.get((game, player.casefold()))


def _key(name: str, virtual: bool) -> str:
    return ("\0" if virtual else "") + name.casefold()  # the game never meets a player of its name


def compute(store: RecordStore, game: str | None = None, league: str | None = None,
            since: float | None = None) -> Ratings:
    """Ratings over the finished sessions (of `game`, of the league `league`, ended on or after
    `since`), each session counted once per game and once overall, in the order they ended."""
    model = _model()
    out = Ratings()
    only: set[str] | None = None
    if league is not None:
        from referee.after import league as leagues

        found = leagues.get(store, league)
        game = game or found["game"]
        only = set(found["sessions"])
    from referee.after.stats import finished

    left_out: list[tuple[str, str]] = []
    rows = sorted(finished(store, game, since, left_out), key=lambda r: (r[2], r[0]))
    out.left_out += [{"id": sid, "problem": problem} for sid, problem in left_out
                     if only is None or sid in only]
    for sid, g, updated, summary in rows:
        if only is not None and sid not in only:
            continue
        if not summary.get("over") or len(summary.get("players") or []) < 1:
            continue
        out.sessions += 1
        for scope in (g, ALL):
            _rate(model, out, scope, g, sid, updated, summary)
    return out


def _get(model: Any, out: Ratings, scope: str, name: str, virtual: bool = False) -> Track:
    key = (scope, _key(name, virtual))
    track = out.tracks.get(key)
    if track is None:
        track = out.tracks[key] = Track(name, scope, model.mu, model.sigma, virtual=virtual)
    elif not virtual:
        track.player = name  # shown as last typed
    return track


def _rate(model: Any, out: Ratings, scope: str, game: str, sid: str, when: float, summary: dict) -> None:
    if game in COOPERATIVE:
        team = [_get(model, out, scope, str(p.get("name"))) for p in summary["players"]]
        opponent = _get(model, out, scope, f"{GAME_PLAYER} ({game})", virtual=True)
        won = bool(summary.get("winners"))
        teams: list[list[Track]] = [team, [opponent]]
        ranks = [1, 2] if won else [2, 1]
    else:
        order = finishing_order(summary)
        teams = [[_get(model, out, scope, name)] for name, _place in order]
        ranks = [place for _name, place in order]
    if len(teams) < 2:
        return
    new = model.rate([[model.rating(mu=t.mu, sigma=t.sigma) for t in team] for team in teams], ranks=ranks)
    for team, rated in zip(teams, new, strict=True):
        for track, r in zip(team, rated, strict=True):
            before = track.ordinal
            track.mu, track.sigma = r.mu, r.sigma
            track.games += 1
            track.change = track.ordinal - before
            track.last = max(track.last, when)
            track.history.append({"id": sid, "at": when, "rating": round(track.ordinal, 3)})


def chart_series(ratings: Ratings, players: list[str], game: str) -> dict[str, list[tuple[str, float]]]:
    """Each player's rating at `game` after each of their sessions: {name: [(session id, rating)]}."""
    out: dict[str, list[tuple[str, float]]] = {}
    for name in players:
        track = ratings.track(name, game)
        if track is not None:
            out[track.player] = [(h["id"], h["rating"]) for h in track.history]
    return out
