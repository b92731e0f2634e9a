"""Club play: push sessions to another store, leagues and their standings, the club's roles."""

from __future__ import annotations

import click

from referee.after import league, seating
from referee.cli import context, output
from referee.cli.common import json_option
from referee.cli.lazy import SuggestingGroup
from referee.cli.root import GAME_NAMES
from referee.model.errors import InputError
from referee.model.i18n import NC_, _, ngettext, pgettext
from referee.record import push, session
from referee.record.store_pg import PgStore
from referee.record.stores import is_url, open_store


@click.command("push")
@click.argument("session_id", required=False, metavar="[ID]")
@click.option("--all", "everything", is_flag=True, help="Every session, unfinished ones too (default: the finished ones).")
@click.option("--to", "to", required=True, metavar="URL",
              help="The store to send to: a postgresql:// URL (the club's server) or an SQLite path.")
@json_option
@click.pass_context
def push_cmd(ctx: click.Context, session_id: str | None, everything: bool, to: str) -> None:
    """Send sessions to another store, usually the club's server.

    Each session is verified whole first (its chain and every roll). One the
    other store holds already is reported "already there" and not copied again;
    one the club holds with a different history is refused with the first
    action that differs (exit 3). A session is known at the club by its origin
    (its seed commitment and its first record; a public seed's, when it was
    created too), so two tables' `kleos-1` stay two sessions: the second gets
    the next free id there.
    """
    ref = context.get()
    if session_id and everything:
        raise InputError(_("give a session ID or --all, not both"))
    src = ref.store()
    ids = [session.resolve(src, None, session_id)] if session_id else push.candidates(src, everything)
    dst = open_store(to, timeout=ref.timeout)
    try:
        reports = push.push(src, dst, ids)
    finally:
        dst.close()
    refused = [r for r in reports if r["status"] == "refused"]
    if ref.as_json:
        payload = output.envelope({"pushed": reports, "to": str(dst.path)}, session_id)
        payload["ok"] = not refused
        output.emit_json(payload)
    else:
        if not reports:
            click.echo(_("Nothing to push: no finished sessions.") if everything
                       else _("Nothing to push: no finished sessions (--all sends every one)."))
        for r in reports:
            if r["status"] == "refused":
                continue
            where = _(" as {id}").format(id=r["as"]) if r["as"] != r["id"] else ""
            stored = ngettext("{n} stored action", "{n} stored actions", r["actions"]).format(n=r["actions"])
            click.echo(_("{id}: {status}{where} ({stored}, head {head})").format(
                id=r["id"], status=pgettext("push", r["status"]), where=where, stored=stored, head=r["head"]))
        for r in refused:
            at = _(" at action {number}").format(number=r["first_bad"]) if r["first_bad"] is not None else ""
            click.echo(_("error: {id} refused{at}: {problem}").format(id=r["id"], at=at, problem=r["problem"]),
                       err=True)
    if refused:
        ctx.exit(3)


@click.group("league", cls=SuggestingGroup)
def league_group() -> None:
    """Leagues: one game's sessions and a standings table (points, wins, the game's tie-break)."""


@league_group.command("new")
@click.argument("name")
@click.option("--game", type=click.Choice(GAME_NAMES), required=True, help="The game the league plays.")
@click.option("--points", metavar="win=N,shared=N,loss=N", default=None,
              help="Points per result (default win=3,shared=1,loss=0).")
@json_option
def league_new_cmd(name: str, game: str, points: str | None) -> None:
    """Start a league for one game."""
    ref = context.get()
    made = league.new(ref.store(), name.strip(), game, league.parse_points(points))
    if ref.as_json:
        output.emit_json(output.envelope({"league": made["name"], "game": game, "points": made["points"]}))
    else:
        click.echo(_("League '{name}' ({game}) started; points: {points}. Add games with `referee league add "
                     "{name} ID...` or `referee {game} new --league {name} ...`.").format(
                         name=made["name"], game=game, points=_points(made["points"])))


@league_group.command("add")
@click.argument("name")
@click.argument("session_ids", nargs=-1, required=True, metavar="ID...")
@json_option
def league_add_cmd(name: str, session_ids: tuple[str, ...]) -> None:
    """Put sessions in a league (finished ones count in its standings)."""
    ref = context.get()
    added, there = league.add(ref.store(), name, list(session_ids))
    if ref.as_json:
        output.emit_json(output.envelope({"league": name, "added": added, "already": there}))
        return
    if added:
        click.echo(_("Added to '{name}': {ids}.").format(name=name, ids=", ".join(added)))
    if there:
        click.echo(_("Already in '{name}': {ids}.").format(name=name, ids=", ".join(there)))


@league_group.command("standings")
@click.argument("name")
@json_option
def league_standings_cmd(name: str) -> None:
    """The league's table: points, plays, wins, shared wins, losses and the game's tie-break."""
    ref = context.get()
    table = league.standings(ref.reader(), name)
    if ref.as_json:
        keys = ("league", "game", "points", "tie_break", "finished", "rows", *(("left_out",) if table["left_out"]
                                                                                 else ()))
        output.emit_json(output.envelope({k: table[k] for k in keys}))
        return
    for bad in table["left_out"]:
        click.echo(_("note: session {id} is not counted: it fails its check ({problem}); `referee verify {id}` "
                     "says more").format(id=bad["id"], problem=bad["problem"]), err=True)
    key = table["tie_break"]
    finished = ngettext("{n} finished game of {total}", "{n} finished games of {total}", table["finished"])
    click.echo(_("League '{name}' ({game}): {finished}; points {points}; ties broken by wins, then {key}").format(
        name=table["league"], game=table["game"], points=_points(table["points"]), key=pgettext("series", key),
        finished=finished.format(n=table["finished"], total=len(table["sessions"]))))
    if not table["rows"]:
        click.echo(_("No finished games yet."))
        return
    rows = [[i + 1, r["player"], r["points"], r["plays"], r["wins"], r["shared"], r["losses"], r[key]]
            for i, r in enumerate(table["rows"])]
    head = ["#", *(pgettext("standings", w) for w in STANDINGS), pgettext("series", key)]
    output.page(output.table(head, rows), players=[r["player"] for r in table["rows"]])


STANDINGS = (NC_("standings", "player"), NC_("standings", "points"), NC_("standings", "plays"),
             NC_("standings", "wins"), NC_("standings", "shared"), NC_("standings", "losses"))
POINTS = (NC_("points", "win"), NC_("points", "shared"), NC_("points", "loss"))
PUSHED = (NC_("push", "sent"), NC_("push", "updated"), NC_("push", "already there"))


def _points(points: dict) -> str:
    """`win 3, shared 1, loss 0` in the table's language."""
    return ", ".join(f"{pgettext('points', k)} {v}" for k, v in points.items())


@click.group("club", cls=SuggestingGroup)
def club_group() -> None:
    """The club's server: roles for the tables and the organiser (PostgreSQL)."""


@club_group.command("init")
@click.option("--tables", "tables", required=True, metavar="N|NAME,NAME...",
              help="How many tables (roles table1..tableN) or their role names.")
@click.option("--organiser", default="organiser", show_default=True, metavar="NAME",
              help="The organiser's role: reads everything, manages leagues.")
@click.option("--hide-leagues", is_flag=True, help="Table roles may not read the leagues.")
@json_option
def club_init_cmd(tables: str, organiser: str, hide_leagues: bool) -> None:
    """Create the roles of a club's server, with row-level security.

    Each table's role may add sessions and change only its own; the organiser's
    role reads and changes everything and manages the leagues. Run it once, as
    the store's owner, on the --db URL of the club's server; run it again to add
    tables. Roles are made without passwords: set them on the server (see
    docs/club.md) and give each laptop its URL or ~/.pgpass line.
    """
    ref = context.get()
    if tables.strip().isdigit():
        count = int(tables)
        if not 1 <= count <= 200:
            raise InputError(_("--tables takes 1 to 200, or names"))
        names = [f"table{i}" for i in range(1, count + 1)]
    else:
        names = [t.strip() for t in tables.split(",") if t.strip()]
    if not is_url(ref.db):  # refused before any file is made
        raise InputError(_("club init sets up a PostgreSQL server: give --db postgresql://... (an SQLite store "
                           "has one user, so no roles)"))
    store = ref.store()
    assert isinstance(store, PgStore)  # is_url above
    done = store.club_init(names, organiser.strip(), hide_leagues)
    if ref.as_json:
        output.emit_json(output.envelope(done))
        return
    click.echo(_("Club roles on {path}: organiser '{organiser}', tables {tables} (group {group})").format(
        path=store.path, organiser=done["organiser"], tables=", ".join(done["tables"]), group=done["group"])
        + (_("; leagues hidden from tables") if hide_leagues else "") + ".")
    if done["created"]:
        click.echo(_("New roles (no password yet): {roles}; set one on the server with ALTER ROLE ... PASSWORD "
                     "(psql: \\password NAME), see docs/club.md.").format(roles=", ".join(done["created"])))


@club_group.command("seat")
@click.option("--player", "players", multiple=True, metavar="NAME", help="A player to seat (repeat for each).")
@click.option("--game", type=click.Choice(GAME_NAMES), default=None,
              help="The game the tables play (its table sizes); a league's game by default.")
@click.option("--league", metavar="NAME", default=None,
              help="The league the round belongs to: the draw is kept with it, later rounds go Swiss style.")
@click.option("--tables", type=int, default=None, metavar="N", help="How many tables (default: the fewest that seat everyone).")
@click.option("--by", type=click.Choice(["random", "standings", "rating"]), default=None,
              help="How players are matched: at random (a league's first round, and outside a league), by the "
                   "league's standings (its later rounds) or by rating.")
@click.option("--verify", "verify_id", metavar="ID", default=None,
              help="Re-run a stored draw from its inputs and revealed secret, and compare the tables.")
@json_option
@click.pass_context
def club_seat_cmd(ctx: click.Context, players: tuple[str, ...], game: str | None, league: str | None,
                  tables: int | None, by: str | None, verify_id: str | None) -> None:
    """Draw who sits at which table, in a way nobody can rig.

    The referee makes a secret, prints its commitment, draws, then prints the
    secret: anyone can re-run the draw (--verify ID) and get the same tables.
    Tables take the sizes the game allows, as even as possible. In a league the
    first round is at random; later rounds go Swiss style (by standings, or
    --by rating): like with like, and nobody meets a player they met already in
    the league when such a seating exists. Every draw is kept with the league.
    """
    ref = context.get()
    if verify_id:
        if players or league or tables or by or game:
            raise InputError(_("--verify ID re-runs a stored draw: give it alone"))
        verify_seating(ctx, verify_id)
        return
    if len(players) < 2:
        raise InputError(_("name the players to seat: --player A --player B ..."))
    row = seating.seat(ref.store(), list(players), game, league, tables, by)
    if ref.as_json:
        output.emit_json(output.envelope({k: row[k] for k in ("id", "league", "round", "game", "commitment", "seed",
                                                              "tables", "repeats", "exact")} | {
            "by": row["inputs"]["by"], "sizes": row["inputs"]["sizes"]}))
        return
    click.echo(_("Seating draw {id}{league}, round {round}, {by}; commitment {c}").format(
        id=row["id"], league=_(" of '{name}'").format(name=row["league"]) if row["league"] else "",
        round=row["round"], by=pgettext("seat", BY_WORDS[row["inputs"]["by"]]), c=row["commitment"]))
    _tables(row["tables"])
    if row["repeats"]:
        click.echo(ngettext("{n} pair meets again: no seating avoids it", "{n} pairs meet again: no seating avoids "
                            "more", row["repeats"]).format(n=row["repeats"])
                   + ("" if row["exact"] else _(" (the best found in the search's limit)")) + ".")
    click.echo(_("Secret {seed}: check with `referee club seat --verify {id}`.").format(seed=row["seed"], id=row["id"]))


def verify_seating(ctx: click.Context, verify_id: str) -> None:
    """Re-run a stored seating draw and say whether it gives the stored tables (exit 3 if not):
    `club seat --verify ID`, and `verify seat-N`."""
    ref = context.get()
    checked = seating.verify(ref.reader(), verify_id)
    if ref.as_json:
        payload = output.envelope({k: checked[k] for k in ("id", "league", "round", "game", "commitment", "seed",
                                                            "tables", "ok", "problems")})
        payload["ok"] = checked["ok"]
        output.emit_json(payload)
    elif checked["ok"]:
        click.echo(_("{id}: the draw re-runs to the same tables from its revealed secret (commitment {c}).").format(
            id=checked["id"], c=checked["commitment"]))
        _tables(checked["tables"])
    else:
        for problem in checked["problems"]:
            click.echo(_("error: {id}: {problem}").format(id=checked["id"], problem=problem), err=True)
    if not checked["ok"]:
        ctx.exit(3)


BY_WORDS = {"random": NC_("seat", "at random"), "standings": NC_("seat", "Swiss style by standings"),
            "rating": NC_("seat", "Swiss style by rating")}


def _tables(tables: list[list[str]]) -> None:
    for i, table in enumerate(tables, 1):
        click.echo(_("Table {n}: {players}").format(n=i, players=", ".join(table)))
