"""After the game: `stats` across finished sessions and a session's `report`."""

from __future__ import annotations

import datetime as _dt
from typing import TYPE_CHECKING, Any

import click

from referee.cli import context, output
from referee.cli.common import json_option
from referee.cli.root import GAME_NAMES
from referee.model.errors import StorageError
from referee.model.i18n import _, day, decimal, ngettext, percent

if TYPE_CHECKING:
    from collections.abc import Callable


@click.command("stats")
@click.option("--game", type=click.Choice(GAME_NAMES), help="Only this game.")
@click.option("--player", metavar="NAME", help="Only this player (any case).")
@click.option("--since", type=click.DateTime(formats=["%Y-%m-%d"]), metavar="DATE",
              help="Only games last played on or after this day (YYYY-MM-DD).")
@click.option("--csv", "as_csv", is_flag=True,
              help="One row per finished game instead (date, game, session, players, scores, winner, turns, "
                   "actions, minutes), as score-keeping apps import it.")
@json_option
def stats_cmd(game: str | None, player: str | None, since: _dt.datetime | None, as_csv: bool) -> None:
    """Plays, wins, win rate, average and best score per player and game; each player's
    totals; how long the games last.

    Counts finished sessions only, from the sealed result each game left as it
    ended (nothing is replayed). A shared victory is a win for each sharer; in Kreus the whole team
    wins (any winning tier) or loses. Crôa! and Kreus keep no score."""
    from referee.after import stats

    ref = context.get()
    store = ref.reader()
    left_out: list[tuple[str, str]] = []
    after = since.timestamp() if since else None
    if as_csv:
        click.echo(stats.games_csv(stats.games(store, game, player, after, left_out)), nl=False)
        _left_out(left_out)
        return
    seen = stats.overview(store, game, player, after, left_out, with_games=ref.as_json)
    rows = seen["rows"]
    if ref.as_json:
        payload = output.envelope({"rows": rows, "totals": stats.totals(rows), "lengths": seen["lengths"],
                                   "games": seen["games"]})
        if left_out:
            payload["result"]["left_out"] = [{"id": sid, "problem": why} for sid, why in left_out]
        output.emit_json(payload)
        return
    _left_out(left_out)
    if not rows:
        click.echo(_("No finished games match.") if game or player or since else _("No finished games yet."))
        return
    by_game = output.table(
        [_(h) for h in ("player", "game", "plays", "wins", "win rate", "average", "best", "last played", "notes")],
        [[r["player"], r["game"], r["plays"], r["wins"], percent(r["win_rate"], 0),
          "-" if r["average_score"] is None else decimal(f"{r['average_score']:g}"),
          "-" if r["best_score"] is None else r["best_score"], day(r["last_played"].replace("T", " ")[:16]),
          stats.notes(r)] for r in rows],
    )
    totals = output.table([_(h) for h in ("player", "games", "wins", "win rate")],
                          [[t["player"], t["games"], t["wins"], percent(t["win_rate"], 0)]
                           for t in stats.totals(rows)])

    def _n(value: float | None) -> str:
        return "-" if value is None else decimal(f"{value:g}")

    lengths = output.table(
        [_(h) for h in ("game", "games", "turns", "actions", "minutes", "shortest", "longest")],
        [[r["game"], r["games"], _n(r["average_turns"]), _n(r["average_actions"]), _n(r["average_minutes"]),
          r["shortest_minutes"], r["longest_minutes"]] for r in seen["lengths"]],
    )
    names = sorted({str(r["player"]) for r in rows})
    output.page("\n\n".join([by_game, _("Each player, every game:") + "\n" + totals,
                              _("How long the games last (on average; minutes from `new` to the last action):")
                              + "\n" + lengths]), players=names)


def _left_out(left_out: list[tuple[str, str]]) -> None:
    for sid, why in left_out:
        click.echo(f"note: session {sid} is not counted: it fails its check ({why}); `referee verify {sid}`"
                   " says more", err=True)


@click.command("report")
@click.argument("session_id", required=False, metavar="[ID]")
@click.option("-o", "--output", "out", required=True, type=click.Path(dir_okay=False),
              metavar="FILE.html|FILE.md", help="The report: one self-contained HTML file, or Markdown "
              "with the chart beside it as FILE.svg.")
@click.option("--force", is_flag=True, help="Overwrite existing files.")
@json_option
def report_cmd(session_id: str | None, out: str, force: bool) -> None:
    """A session's report: standings, a chart of the score, the final board, the log."""
    from referee.after import report
    from referee.record import session

    ref = context.get()
    store = ref.reader()  # the store is only read: a read-only store or folder works
    sid = session.resolve(store, None, session_id or ref.session_id)
    written = report.write(store, sid, out, force=force, viewer=context.viewer_in(store, sid))
    if ref.as_json:
        output.emit_json(output.envelope({"written": [str(p) for p in written]}, sid))
    else:
        click.echo(_("Wrote {files}.").format(files=f" {_('and')} ".join(str(p) for p in written)))


def _writer(ref: Any) -> Callable[[], Any]:
    """The store opened for writing, for a reader that has games to rate first (the ratings are
    kept); the reader again when the store cannot be written (a read-only file or mount)."""

    def opened() -> Any:
        try:
            return ref.store()
        except StorageError:
            return ref.reader()

    return opened


@click.command("ratings")
@click.option("--game", type=click.Choice(GAME_NAMES), help="Only this game's ratings (and the overall one).")
@click.option("--league", metavar="NAME", help="Only the sessions of this league.")
@click.option("--player", metavar="NAME", help="Only this player (any case).")
@click.option("--since", type=click.DateTime(formats=["%Y-%m-%d"]), metavar="DATE",
              help="Only games that ended on or after this day (YYYY-MM-DD): a season's ratings.")
@json_option
def ratings_cmd(game: str | None, league: str | None, player: str | None, since: _dt.datetime | None) -> None:
    """A rating per player, per game and over all games (openskill).

    Every finished session counts once, in the order they ended, each player
    placed as the game's result says (winners first; a shared victory is a
    shared place). The rating shown is mu - 3 sigma (cautious: it starts at 0
    and grows with games); sigma is its uncertainty; "change" is what the
    player's last game did to it. Kreus is rated as one team against the game,
    whose own rating (its difficulty) is shown apart. Needs the openskill
    library: pip install 'referee[ratings]'."""
    from referee.after import ratings

    ref = context.get()
    found = ratings.compute(ref.reader(), game, league, since.timestamp() if since else None, _writer(ref))
    rows = found.rows(player, game)
    opponents = found.opponents(game)
    if ref.as_json:
        payload = output.envelope({"model": ratings.MODEL, "shown": ratings.SHOWN, "sessions": found.sessions,
                                   "rows": rows, "opponents": opponents})
        if found.left_out:
            payload["result"]["left_out"] = found.left_out
        output.emit_json(payload)
        return

    for bad in found.left_out:
        click.echo(_("note: session {id} is not counted: it fails its check ({problem}); `referee verify {id}` "
                     "says more").format(id=bad["id"], problem=bad["problem"]), err=True)
    if not rows:
        click.echo(_("No finished games match.") if game or player or since or league else _("No finished games yet."))
        return
    click.echo(ngettext("Ratings over {n} finished session ({model}); rating = mu - 3 sigma.",
                        "Ratings over {n} finished sessions ({model}); rating = mu - 3 sigma.", found.sessions).format(
        n=found.sessions, model="openskill"))
    click.echo(output.table(
        [_(h) for h in ("player", "game", "rating", "sigma", "games", "change", "last played")],
        [[r["player"], _("all games") if r["game"] == ratings.ALL else r["game"], f"{r['rating']:.2f}",
          f"{r['sigma']:.2f}", r["games"], f"{r['change']:+.2f}", r["last_played"].replace("T", " ")[:16]]
         for r in rows]))
    for o in opponents:
        if o["game"] != ratings.ALL:
            click.echo(ngettext("{game}, the game itself (the team's opponent): rating {rating:.2f}, sigma "
                                "{sigma:.2f}, {n} game",
                                "{game}, the game itself (the team's opponent): rating {rating:.2f}, sigma "
                                "{sigma:.2f}, {n} games", o["games"]).format(
                game=o["game"], rating=o["rating"], sigma=o["sigma"], n=o["games"]))
