"""Session commands: sessions, show, log, undo, redo, export, import, verify, completion."""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
import sys
from collections.abc import Iterator
from typing import Any

import click

from referee.cli import context, output
from referee.cli.common import full_option, json_option
from referee.cli.root import GAME_NAMES
from referee.model.i18n import _


def _when(ts: float) -> str:
    return _dt.datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M")


def _sid(sid: str | None, game: str | None = None, view: bool = False) -> str:
    from referee.record import session

    ref = context.get()
    return session.resolve(ref.reader() if view else ref.store(), game, sid or ref.session_id)


@click.group("sessions", invoke_without_command=True)
@click.option("--game", type=click.Choice(GAME_NAMES), help="Only this game.")
@click.option("--all", "show_all", is_flag=True, help="Finished games too.")
@click.option("--player", metavar="NAME", help="Only sessions this player (any case) is in.")
@click.option("--deleted", is_flag=True, help="Only deleted sessions (restorable until `sessions purge`).")
@json_option
@click.pass_context
def sessions_cmd(ctx: click.Context, game: str | None, show_all: bool, player: str | None, deleted: bool) -> None:
    """List sessions (id, game, name, players, turn, status, updated), most recent first.

    With a subcommand: rename, delete (recoverable), restore, purge."""
    if ctx.invoked_subcommand is not None:
        return
    ref = context.get()
    store = ref.reader()
    rows = store.session_list(game, include_over=show_all, deleted=deleted)
    for r in rows:  # a row that fails its seal is not believed: its status and turn are not shown as true
        if not r["damaged"]:
            problem = store.seal_problem(r["id"])
            if problem:
                from referee.model.i18n import _

                r.update(status="damaged", damaged=_("its record fails its check: {problem}").format(problem=problem))

    def players(r: dict) -> list:
        found = r["summary"].get("players", [])
        return [p.get("name") if isinstance(p, dict) else p for p in found] if isinstance(found, list) else []

    if player:
        wanted = player.casefold()
        rows = [r for r in rows if any(str(p).casefold() == wanted for p in players(r))]
    if ref.as_json:
        result = [{"id": r["id"], "game": r["game"], "name": r["name"], "players": players(r),
                   "turn": r["summary"].get("turn"), "status": r["status"], "updated": r["updated"],
                   **({"damaged": r["damaged"]} if r["damaged"] else {})} for r in rows]
        output.emit_json(output.envelope({"sessions": result}))
        return
    if not rows:
        from referee.model.i18n import _

        none = (_("No deleted sessions") if deleted else _("No sessions") if show_all
                else _("No sessions open (try --all)"))
        click.echo(none + (" " + _("with {player}").format(player=player) if player else "") + ".")
        return
    from referee.model.i18n import _, day

    named = any(r["name"] for r in rows)  # no session named: no empty column (80 columns keep the date whole)
    output.page(output.table(
        [_(h) for h in ("id", "game", "name", "players", "turn", "status", "updated") if named or h != "name"],
        [[r["id"], r["game"], *([r["name"]] if named else []), ", ".join(str(p) for p in players(r)),
          r["summary"].get("turn", ""), _(r["status"]), day(_when(r["updated"]))] for r in rows],
    ), players=[str(n) for r in rows for n in players(r)])
    for r in rows:
        if r["damaged"]:
            click.echo(_("note: session {id} is damaged ({why}); `referee export` the others, or restore the store "
                         "from a backup").format(id=r["id"], why=r["damaged"]), err=True)


@sessions_cmd.command("rename")
@click.argument("session_id", metavar="ID")
@click.argument("name")
@json_option
def rename_cmd(session_id: str, name: str) -> None:
    """Give a session a new name (shown in `referee sessions`)."""
    from referee.model.text import check_name
    from referee.record import session

    check_name(name.strip(), "the session name")
    ref = context.get()
    store = ref.store()
    sid = session.resolve(store, None, session_id)
    with store.write():
        store.rename(sid, name.strip())
    if ref.as_json:
        output.emit_json(output.envelope({"renamed": sid, "name": name.strip()}, sid))
    else:
        from referee.model.i18n import _

        click.echo(_("Session {id} is now named '{name}'.").format(id=sid, name=name.strip()))


@sessions_cmd.command("delete")
@click.argument("session_id", metavar="ID")
@click.option("--yes", is_flag=True, help="Do not ask.")
@json_option
def delete_cmd(session_id: str, yes: bool) -> None:
    """Delete a session: hidden everywhere, restorable until `sessions purge`."""
    from referee.record import session

    ref = context.get()
    store = ref.store()
    sid = session.resolve(store, None, session_id)
    meta = store.session(sid)
    players = ", ".join(str(p.get("name")) for p in meta["summary"].get("players", []))
    from referee.model.i18n import _

    if not yes and not click.confirm(_("Delete {id} ({game}: {players})?").format(
            id=sid, game=meta["game"], players=players), default=False, err=True):
        click.echo(_("Nothing deleted: {id} stays.").format(id=sid), err=True)
        return
    with store.write():
        store.mark_deleted(sid, True)
    if ref.as_json:
        output.emit_json(output.envelope({"deleted": sid}, sid))
    else:
        click.echo(_("Deleted {id}; `referee sessions restore {id}` brings it back until `referee sessions purge`.")
                   .format(id=sid))


@sessions_cmd.command("restore")
@click.argument("session_id", metavar="ID")
@json_option
def restore_cmd(session_id: str) -> None:
    """Bring back a deleted session."""
    from referee.model.errors import StorageError

    ref = context.get()
    store = ref.store()
    meta = store.session(session_id)
    if meta["status"] != "deleted":
        from referee.model.i18n import _

        raise StorageError(_("session '{id}' is not deleted").format(id=session_id))
    with store.write():
        store.mark_deleted(session_id, False)
    if ref.as_json:
        output.emit_json(output.envelope({"restored": session_id}, session_id))
    else:
        from referee.model.i18n import _

        click.echo(_("Restored {id}.").format(id=session_id))


@sessions_cmd.command("purge")
@click.option("--yes", is_flag=True, help="Do not ask.")
@json_option
def purge_cmd(yes: bool) -> None:
    """Remove deleted sessions for good (they cannot be restored after)."""
    ref = context.get()
    store = ref.store()
    doomed = store.purgeable()
    from referee.model.i18n import _, ngettext

    if doomed and not yes and not click.confirm(
            ngettext("Remove {n} deleted session for good ({ids})?", "Remove {n} deleted sessions for good ({ids})?",
                     len(doomed)).format(n=len(doomed), ids=", ".join(doomed)), default=False, err=True):
        click.echo(_("Nothing purged."), err=True)
        return
    with store.write():
        purged = store.purge()
    if ref.as_json:
        output.emit_json(output.envelope({"purged": purged}))
    else:
        click.echo(ngettext("Purged {n} deleted session", "Purged {n} deleted sessions", len(purged)).format(
            n=len(purged)) + (f"{_(':')} {', '.join(purged)}." if purged else "."))


@click.command("show")
@click.argument("session_id", required=False, metavar="[ID]")
@click.option("--watch", is_flag=True,
              help="Draw it again on every change (a second screen or a TV); Ctrl-C leaves.")
@full_option
@json_option
def show_cmd(session_id: str | None, watch: bool, full: bool) -> None:
    """The state of a session, drawn as tables and board.

    On a terminal too short for the whole table, a compact view (--full: all of it)."""
    from referee.cli.common import show_session

    if watch:
        _watch(session_id, full)
        return
    show_session(None, _sid(session_id, view=True), full=full)


WATCH_EVERY = 0.3  # seconds between two looks at the store


def _watch(session_id: str | None, full: bool = False) -> None:
    """Redraw the session whenever the store changes (SQLite's data_version, polled) or the
    terminal is resized, until Ctrl-C (exit 0, at once) or the game's end, drawn as a final
    screen with the scores. It stays on the session it started with, whatever else is played."""
    import signal
    import time

    from referee.cli.common import show_session
    from referee.cli.live import store_version
    from referee.model.errors import RefereeError

    ref = context.get()
    store = ref.reader()
    sid = _sid(session_id, view=True)  # no session at all: refused now (exit 3), not watched
    from referee.cli.current import shown

    shown(ref, store, sid)  # once: the redraws leave the current session to the table's commands
    resized = [False]

    def on_resize(_signum: int, _frame: object) -> None:
        resized[0] = True

    winch = getattr(signal, "SIGWINCH", None)
    before = signal.signal(winch, on_resize) if winch is not None else None
    seen: object = None
    try:
        while True:
            version = store_version(store)
            if version != seen or resized[0]:
                if resized[0]:  # the terminal's own size now: COLUMNS and LINES (fish exports them) told the old one
                    os.environ.pop("COLUMNS", None)
                    os.environ.pop("LINES", None)
                seen, resized[0] = version, False
                if not ref.as_json:
                    click.clear()
                over = False
                try:
                    over = bool(show_session(None, sid, full=full, pager=False, mark=False).summary.get("over"))
                except RefereeError as exc:  # deleted meanwhile: say so and keep watching
                    click.echo(f"{sid}: {exc.message}")
                if over:
                    if not ref.as_json:
                        click.echo(_("(session {id} is over: the final scores are above; the watch ends)").format(id=sid))
                    return
                if not ref.as_json:
                    click.echo(output.fit(_("(watching {id}: redrawn on every change; Ctrl-C leaves)").format(id=sid),
                                          indent=" "))
                sys.stdout.flush()
            time.sleep(WATCH_EVERY)
    except KeyboardInterrupt:
        click.echo("")
    finally:
        if winch is not None and before is not None:
            signal.signal(winch, before)


@click.command("log")
@click.argument("session_id", required=False, metavar="[ID]")
@click.option("--all", "show_all", is_flag=True,
              help="Undone and dropped actions too, and the entries a correction replaced or struck.")
@click.option("-n", "last", type=click.IntRange(1), metavar="N", help="Only the last N entries.")
@click.option("--details", "-v", "details", is_flag=True,
              help="What happened after each action too, and every cell whole (wrapped).")
@json_option
def log_cmd(session_id: str | None, show_all: bool, last: int | None, details: bool) -> None:
    """Numbered actions with their results (dice and draws, with who rolled them).

    One line an action, cut short (…) to fit the terminal; `--details` adds what
    happened and wraps instead of cutting. On a terminal, a log taller than the
    screen opens in the pager."""
    from referee.after.export import results_text
    from referee.model import registry

    ref = context.get()
    store = ref.reader()
    sid = _sid(session_id, view=True)
    meta = store.session(sid)
    engine = registry.engine(meta["game"])
    from referee.cli import current

    current.shown(ref, store, sid)
    from referee.record.corrections import numbering
    from referee.record.session import check_record
    from referee.record.store import ALL_STATUSES

    everything = store.actions(sid, ALL_STATUSES)
    check_record(store, sid, everything)  # the log shown is the chained one, or none
    numbers = numbering(everything)
    from referee.model import view

    # who took each action is worked out from the log as recorded (a hand dealt by the referee
    # masked replays nothing) and is public: the names only, keyed to the records shown
    known = _players(engine, meta["seed"], [r for r in everything if r["status"] == "done"])
    # what leaves the record goes through the one door: the table's view (or --as NAME's)
    looking, over = context.viewer_in(store, sid), context.finished(meta)
    seen = [view.record(engine, r, looking, over) for r in everything]
    who = {id(shown): known[id(r)] for r, shown in zip(everything, seen, strict=True) if id(r) in known}
    everything = seen
    records = [(r, num, mark) for r, (num, mark) in zip(everything, numbers, strict=True)
               if show_all or r["status"] == "done"]
    played = sum(1 for r, _, _ in records if r["status"] == "done" and r["action"].get("verb") != "new")
    if last is not None:
        records = records[-last:]
    who.update({id(r): _named_player(engine, r["action"]) or "" for r, num, _ in records if id(r) not in who})
    if ref.as_json:
        out = [{"number": num, "index": r["idx"], "status": r["status"], "mark": mark or None,
                "player": who.get(id(r)) or None, "action": r["action"], "results": r["results"], "events": r["events"], "rules": r["rules"],
                **({"reason": r["reason"], "changed": r["changed"]} if r.get("changed") is not None else {})}
               for r, num, mark in records]
        output.emit_json(output.envelope({"log": out}, sid))
        return
    from referee.model.i18n import _, ngettext

    rows = []
    for r, num, mark in records:
        status = "" if r["status"] == "done" else f" ({_(r['status'])}" + (
            f"{_(':')} {r['reason']}" if r.get("reason") and r["status"] in ("replaced", "struck") else "") + ")"
        label = str(num) if r["status"] == "done" else f"[{r['idx']}]"
        if mark:
            label += f" {_(mark)}"
        rows.append([label, who.get(id(r), ""), engine.describe(r["action"]) + status,
                     results_text(r["results"], short=True), "\n".join(e.get("text", "") for e in r["events"])])
    shown = _(" (the last {n})").format(n=len(records)) if last is not None else ""
    head = ngettext("Session {id} ({game}): `new` and {n} action{shown}",
                    "Session {id} ({game}): `new` and {n} actions{shown}", played).format(
        id=sid, game=meta["game"], n=played, shown=shown)
    headers = ["#", _("player"), _("action"), _("dice/draws"), _("what happened")]
    if not details:
        headers, rows = headers[:4], _one_line([row[:4] for row in rows], headers[:4], output.width())
    output.page(head + "\n" + output.table(headers, rows), players=output.player_names(meta["summary"]))


def _named_player(engine: Any, action: dict) -> str | None:
    """The player an action names as its actor (as seated), or None when it names none."""
    verb = engine.verbs.get(action.get("verb")) if engine.verbs else None
    value = action.get(verb.actor) if verb is not None and verb.actor else action.get("player")
    return None if not isinstance(value, str) or not value else value


def _players(engine: Any, seed: str, live: list[dict]) -> dict[int, str]:
    """Who took each live action (keyed by the record's id()): the actor it names, else the
    one player who alone could take it where it stood (the turn's player, or the one a decision
    waited for), worked out by replaying the log; "" for the table's own actions and `new`."""
    from referee.model.errors import RefereeError
    from referee.record.session import steps

    out: dict[int, str] = {id(r): _named_player(engine, r["action"]) or "" for r in live}
    try:
        for n, (_r, state) in enumerate(steps(engine, seed, live[:-1])):  # the state each next one met
            action = live[n + 1]["action"]
            verb = engine.verbs.get(action.get("verb")) if engine.verbs else None
            named = _named_player(engine, action)
            if named is None and verb is not None:
                named = engine.implied_actor(state, verb) or (None if engine.is_over(state) else engine.current(state))
            if named:
                out[id(live[n + 1])] = engine.seats(state).get(named, named)
    except RefereeError:  # a log that no longer replays: the actors it names, no more
        pass
    return out


RESULTS_ROOM = 24  # columns the dice/draws keep in a one-line log before the action gives way


def _one_line(rows: list[list[str]], headers: list[str], width: int | None) -> list[list[str]]:
    """Each row kept to one line of `width` columns: the widest cells give way first and are
    cut short with "…" (no width: a pipe, lines stay whole)."""
    from referee.model import tables

    rows = [[" ".join(str(c).split()) for c in row] for row in rows]
    if not width or not rows:
        return rows
    natural = [max(tables.text_width(h) + tables.HEADER_PAD, *(tables.text_width(r[i]) for r in rows))
               for i, h in enumerate(headers)]
    room = width - tables.GAP * (len(headers) - 1)
    # the number stays whole; the results give way first (down to RESULTS_ROOM), then the
    # widest column, none below its header
    headed = [tables.text_width(h) + tables.HEADER_PAD for h in headers]
    widths = tables.fit_widths(natural, [natural[0], *natural[1:-1], min(natural[-1], RESULTS_ROOM)],
                               room)
    widths = tables.fit_widths(widths, [natural[0], *headed[1:]], room)
    return [[_cut(c, w) for c, w in zip(row, widths, strict=True)] for row in rows]


def _cut(text: str, width: int) -> str:
    """TEXT in at most WIDTH columns, its end replaced by "…" when cut."""
    from referee.model import tables

    if tables.text_width(text) <= width:
        return text
    kept = ""
    for ch in text:
        if tables.text_width(kept + ch) > width - 1:
            break
        kept += ch
    return kept.rstrip() + "…"


def _after_move(sid: str, loaded, verb: str, moved: list[tuple[int, dict]]) -> None:
    """What undo or redo did, naming the session and each action it took back or put back
    (`moved`: their numbers in the log and their records)."""
    from referee.model import view

    ref = context.get()
    context.seen(loaded)
    over = loaded.engine.is_over(loaded.state)

    def told(record: dict) -> dict:  # an action as the viewer may read it
        return view.action(loaded.engine, record["action"], record.get("results"), loaded.viewer, over)

    if ref.as_json:
        extra = {"new_commitment": loaded.reopened} if loaded.reopened else {}
        if loaded.kept:
            extra["seen"] = [view.told(e) for e in loaded.kept]
        done = [{"number": n, "action": told(r)} for n, r in moved]
        output.emit_json(output.envelope({verb: True, "actions": len(loaded.records) - 1,
                                          "took_back" if verb == "undo" else "put_back": done, **extra}, sid,
                                         loaded.state_json()))
        return
    from referee.cli.current import label
    from referee.model.i18n import _

    what = ", ".join(f"#{n} {loaded.engine.describe(told(r))}" for n, r in moved)
    said = (_("Undo in {session}: took back {actions}.") if verb == "undo"
            else _("Redo in {session}: put back {actions}.")).format(session=label(loaded.meta), actions=what)
    last = told(loaded.records[-1])
    click.echo(output.fit(said + " " + _("Last action now: #{n} {action}").format(  # wrapped between words
        n=len(loaded.records) - 1, action=loaded.engine.describe(last))))
    for kept in loaded.kept:
        click.echo(view.text(kept))
    if loaded.kept:
        click.echo(_("What was undone cannot be redone (the table saw what it drew): type it again."))
    if loaded.reopened:
        click.echo(_("The finished game is open again and its seed was revealed: later draws use a new secret, "
                     "commitment {commitment}").format(commitment=loaded.reopened))
    output.echo_status(loaded.summary, loaded.engine.turn_word)


@contextlib.contextmanager
def _named(store: Any, sid: str) -> Iterator[None]:
    """A refusal of undo or redo names the session it is about (`croa-1 (Crôa!, Ann vs Bob): nothing
    to undo ...`)."""
    from referee.model.errors import IllegalAction

    try:
        yield
    except IllegalAction as exc:
        from referee.cli.current import label

        exc.message = f"{label(store.session(sid))}: {exc.message}"
        exc.args = (exc.message,)
        raise


def _played(rows: list[dict]) -> list[tuple[int, dict]]:
    """The live actions the table typed, with their numbers in the log (`seen` records left out)."""
    from referee.record.session import SEEN

    return [(n, r) for n, r in enumerate(rows) if n and r["action"].get("verb") != SEEN]


@click.command("undo")
@click.argument("session_id", required=False, metavar="[ID]")
@click.option("--steps", default=1, show_default=True, type=click.IntRange(1), help="How many actions.")
@json_option
def undo_cmd(session_id: str | None, steps: int) -> None:
    """Take back the last action (--steps N: the last N). They stay in history: `redo` puts them back.

    Without ID, the current session: the one last shown or acted on. After `amend`,
    `insert` or `strike`, undo takes back the last action of the corrected history;
    the correction itself stands (correct again to change it)."""
    from referee.cli.current import target
    from referee.record import session

    ref = context.get()
    store = ref.store()
    sid = target(store, session_id or ref.session_id)
    taken = _played(store.actions(sid))[-steps:]
    with _named(store, sid):
        loaded = session.undo(store, sid, steps)
    _after_move(sid, loaded, "undo", taken)


@click.command("redo")
@click.argument("session_id", required=False, metavar="[ID]")
@click.option("--steps", default=1, show_default=True, type=click.IntRange(1), help="How many actions.")
@json_option
def redo_cmd(session_id: str | None, steps: int) -> None:
    """Put back the most recently undone action (--steps N: the last N undone).

    Without ID, the current session: the one last shown or acted on."""
    from referee.cli.current import target
    from referee.record import session

    ref = context.get()
    store = ref.store()
    sid = target(store, session_id or ref.session_id)
    with _named(store, sid):
        loaded = session.redo(store, sid, steps)
    _after_move(sid, loaded, "redo", _played(list(loaded.records))[-steps:])


@click.command("export")
@click.argument("session_id", required=False, metavar="[ID]")
@click.option("--format", "fmt", type=click.Choice(["json", "jsonl", "csv", "md", "summary"]), default="json",
              show_default=True, help="csv: one row per action for spreadsheets; summary: a few lines for a chat.")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write to this file (atomically, readable by you only); - for standard output.")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@click.option("--reveal-seed", is_flag=True,
              help="Include the seed (once the game is over; refused while a secret game runs).")
@json_option
def export_cmd(session_id: str | None, fmt: str, out: str | None, force: bool, reveal_seed: bool) -> None:
    """Write a session's record. JSON round-trips through `referee import`.

    While a game started without --seed runs, its export carries the seed's
    commitment only, and `import` refuses it (its rolls cannot be re-checked);
    --reveal-seed is refused then (the seed is revealed when the game is over).
    """
    from referee.after import export

    ref = context.get()
    sid = _sid(session_id, view=True)
    if reveal_seed:
        from referee.record.session import check_reveal

        check_reveal(ref.reader().session(sid))
    text = export.render(ref.reader(), sid, fmt, reveal_seed=reveal_seed,
                         viewer=context.viewer_in(ref.reader(), sid))
    if out in ("/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"):
        out = "-"  # written through to standard output, never a file put in the link's place
    if out and out != "-":
        path = export.write_atomic(out, text, force=force)
        if ref.as_json:
            output.emit_json(output.envelope({"written": str(path), "format": fmt}, sid))
        else:
            from referee.model.i18n import _

            click.echo(_("Wrote {path} ({format}).").format(path=path, format=fmt))
    elif ref.as_json and fmt != "json":
        output.emit_json(output.envelope({"format": fmt, "text": text}, sid))
    else:
        click.echo(text if fmt in ("json", "jsonl") else output.shown(text), nl=False)


@click.command("import")
@click.argument("file", type=click.File("rb"))
@click.option("--unverified", is_flag=True,
              help="Keep an export that cannot prove itself (no chain links or final block) as an unverified "
                   "copy; every action is still re-checked.")
@click.option("--copy", "as_copy", is_flag=True, help="Store a second copy of a game the store holds already.")
@json_option
def import_cmd(file, unverified: bool, as_copy: bool) -> None:
    """Rebuild a session from a JSON (or JSONL) export, re-checking every action.

    The file must prove itself: every action's chain link, its final block, its length and
    head. A game the store holds already (the same record) is refused unless --copy."""
    from referee.after import export

    ref = context.get()
    data = export.parse(_utf8_text(file.read(export.MAX_FILE_CHARS + 1), getattr(file, 'name', '-')))
    _refuse_lone_surrogates(data, getattr(file, 'name', '-'))
    loaded, notes = export.import_session(ref.store(), data, unverified=unverified, copy=as_copy)
    from referee.cli.current import shown

    shown(ref, ref.store(), str(loaded.id))  # the imported game is the current one
    if ref.as_json:
        output.emit_json(output.envelope({"imported": loaded.id, "actions": len(loaded.records) - 1, "notes": notes},
                                         loaded.id, loaded.state_json()))
        return
    from referee.model.i18n import _, ngettext

    for n in notes:
        click.echo(f"{_('note')}: {n}", err=True)
    count = len(loaded.records) - 1
    click.echo(ngettext("Imported as session {id}: {n} action re-checked and replayed.",
                        "Imported as session {id}: {n} actions re-checked and replayed.", count).format(
        id=loaded.id, n=count))
    output.echo_status(loaded.summary, loaded.engine.turn_word)


def _utf8_text(raw: bytes, name: str) -> str:
    """Imported text must be UTF-8, as typed arguments must be (exit 2 otherwise)."""
    from referee.model.errors import InputError

    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(_("{name} is not valid UTF-8 text (byte {byte}); save it as UTF-8 and import it "
                           "again").format(name=name, byte=exc.start)) from None


def _refuse_lone_surrogates(data: object, name: str) -> None:
    """A JSON escape such as \\udcff decodes to half a character that no file or terminal can
    hold: refused at the boundary, never stored."""
    import json

    from referee.model.errors import InputError

    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(_("{name} holds text that is not valid Unicode (a lone surrogate escape such as "
                           "\\udcff); fix that text and import it again").format(name=name)) from None


@click.command("verify")
@click.argument("session_id", required=False, metavar="[ID]")
@click.option("--all", "check_all", is_flag=True,
              help="Every session in the store (finished ones too), its leagues and its seating draws.")
@click.option("--head", "head", metavar="HASH",
              help="The head written down when the game ended (16 hex digits): the record must end there.")
@click.option("--reseal", is_flag=True,
              help="Seal again with this referee's key a session sealed with another key (a lost key "
                   "file, a store from another machine), after checking it whole from its log.")
@json_option
@click.pass_context
def verify_cmd(ctx: click.Context, session_id: str | None, check_all: bool, head: str | None,
               reseal: bool) -> None:
    """Check that a session's record is intact.

    Checks the chain of links over its stored actions, the seed against the
    commitment printed at `new`, re-rolls every result the referee rolled from
    the seed and re-reads every typed result from the action that carries it.
    Exit 3 names the session and the first action that fails. With --head,
    the record must also end at that head (the one printed when the game ended).
    """
    import re

    from referee.model.errors import InputError
    from referee.model.i18n import ngettext
    from referee.record.integrity import head_problem, verify_session
    from referee.record.store import ALL_STATUSES

    if head is not None and not re.fullmatch(r"[0-9a-fA-F]{16,64}", head):
        raise InputError(_("--head takes the 16 hex digits printed at the end of a game, not {given}").format(
            given=repr(head[:40])))
    if head is not None and check_all:
        raise InputError(_("--head checks one session: give its ID, not --all"))
    ref = context.get()
    if session_id and re.fullmatch(r"seat-\d+", session_id) and not check_all and head is None:
        # a seating draw (`club seat`): re-run from its secret
        from referee.cli.club import verify_seating

        verify_seating(ctx, session_id)
        return
    store = ref.store() if reseal else ref.reader()  # a view: a read-only store or folder is verified too
    damage = store.storage_check()  # SQLite's full check of the file, first
    ids = [r["id"] for r in store.sessions(include_over=True)] if check_all else [_sid(session_id, view=not reseal)]
    refused: dict[str, dict] = {}
    if reseal:
        from referee.record.integrity import reseal_session

        for report in (reseal_session(store, sid) for sid in ids):
            if report["resealed"]:
                click.echo(_("{id}: checked whole from its log and sealed again with this referee's key").format(
                    id=report["id"]), err=ref.as_json)
            elif not report["ok"]:
                refused[report["id"]] = {k: v for k, v in report.items() if k != "resealed"}
        if check_all:
            from referee.record.integrity import reseal_leagues

            for name in reseal_leagues(store):
                click.echo(_("league {name}: sealed again with this referee's key").format(name=name),
                           err=ref.as_json)
        from referee.record.results import mend

        # a result row sealed with a lost key (or changed), and the aggregates: made again from the
        # checked sessions (one session's reseal too: the season's aggregates hold its game)
        remade, again = mend(store)
        for sid in remade:
            click.echo(_("{id}: its result row made again from its checked session").format(id=sid),
                       err=ref.as_json)
        if again:
            click.echo(_("the aggregates (stats, standings, ratings) made again from the result rows"),
                       err=ref.as_json)
    reports = [refused.get(sid) or verify_session(store, sid) for sid in ids]
    from referee.record import results

    for r in reports:  # a finished game's result row, against its seal and its session
        problem = results.row_problem(store, r["id"]) if r["ok"] and not r.get("withheld") else None
        if problem:
            r.update(ok=False, problem=problem)
    if check_all:  # the leagues' seals, one game stored twice, the aggregates kept from the result rows
        from referee.record.integrity import store_problems

        reports += store_problems(store, reports)
        reports += [{"id": what, "ok": False, "actions": 0, "head": None, "first_bad": None, "problem": problem}
                    for what, problem in results.problems(store)]
    if damage:
        for r in reports:
            if r["ok"]:  # the rows it read are sound; some may not have been read at all
                r.update(ok=False, problem=_("the store's file is damaged, so rows may be missing from what was "
                                             "read (SQLite's check: {found})").format(found="; ".join(damage[:3])))
    draws = _seating_draws(store) if check_all else []
    if head is not None and reports[0]["ok"]:
        problem = head_problem(store.actions(ids[0], ALL_STATUSES), head)
        if problem:
            reports[0].update(ok=False, problem=problem)
    bad = [r for r in reports if not r["ok"]]
    if ref.as_json:
        payload = output.envelope({"sessions": reports, **({"seatings": draws} if check_all else {})},
                                  None if check_all else ids[0])
        payload["ok"] = not bad and all(d["ok"] for d in draws)
        output.emit_json(payload)
    else:
        for r in reports:
            if r["ok"] and r.get("withheld"):
                click.echo(ngettext("{id}: chain intact ({n} stored action); rolls not checked: its seed is withheld"
                                    " from this role until the game is over",
                                    "{id}: chain intact ({n} stored actions); rolls not checked: its seed is"
                                    " withheld from this role until the game is over", r["actions"]).format(
                    id=r["id"], n=r["actions"]))
            elif r["ok"]:
                click.echo(ngettext("{id}: intact ({n} stored action checked; head {head})",
                                    "{id}: intact ({n} stored actions checked; head {head})", r["actions"]).format(
                    id=r["id"], n=r["actions"], head=r["head"])
                           + (_("; an unverified copy: imported from a file that could not prove itself, so only"
                                " its actions were re-checked") if r.get("unverified") else ""))
                if r.get("note"):
                    click.echo(f"{_('note')}: {r['id']}: {r['note']}")
        if not reports:
            click.echo(_("No sessions to check."))
        for d in draws:
            if d["ok"]:
                click.echo(_("{id}: the seating draw re-runs to the same tables from its revealed secret").format(
                    id=d["id"]))
        for r in bad:
            where = " " + _("at action {n}").format(n=r["first_bad"]) if r["first_bad"] is not None else ""
            click.echo(f"{_('error')}{_(':')} " + _("session {id} fails its check{where}: {problem}").format(
                id=r["id"], where=where, problem=r["problem"]), err=True)
        for d in draws:
            for problem in d["problems"]:
                click.echo(_("error: {id}: {problem}").format(id=d["id"], problem=problem), err=True)
    if bad or not all(d["ok"] for d in draws):
        ctx.exit(3)


def _seating_draws(store: Any) -> list[dict]:
    """Every seating draw of the store (`club seat`), re-run from its revealed secret."""
    from referee.after import seating
    from referee.record import seatings

    return [{k: v for k, v in seating.verify(store, sid).items() if k in ("id", "ok", "problems", "league", "round")}
            for sid in seatings.ids(store)]


@click.command("completion")
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def completion_cmd(shell: str) -> None:
    """Print the completion script; e.g. `eval "$(referee completion bash)"`."""
    from click.shell_completion import get_completion_class

    from referee.cli.root import cli
    from referee.cli.shells import register

    register()

    comp_cls = get_completion_class(shell)
    if comp_cls is None:  # pragma: no cover - the Choice allows only the shells Click knows
        raise click.BadParameter(f"no completion for {shell}")
    comp = comp_cls(cli, {}, "referee", "_REFEREE_COMPLETE")
    click.echo(comp.source())
    sys.stdout.flush()
