"""Session commands: sessions, show, log, undo, redo, export, import, completion."""

from __future__ import annotations

import datetime as _dt
import sys

import click

from referee.cli import GAME_NAMES, context, output
from referee.cli.common import json_option


def _when(ts: float) -> str:
    return _dt.datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M")


def _sid(sid: str | None, game: str | None = None) -> str:
    from referee import session

    ref = context.get()
    return session.resolve(ref.store(), game, sid or ref.session_id)


@click.command("sessions")
@click.option("--game", type=click.Choice(GAME_NAMES), help="Only this game.")
@click.option("--all", "show_all", is_flag=True, help="Finished games too.")
@json_option
def sessions_cmd(game: str | None, show_all: bool) -> None:
    """List sessions (id, game, name, players, turn, status, updated), most recent first."""
    ref = context.get()
    rows = ref.store().sessions(game, include_over=show_all)
    if ref.as_json:
        result = [{"id": r["id"], "game": r["game"], "name": r["name"],
                   "players": [p.get("name") for p in r["summary"].get("players", [])],
                   "turn": r["summary"].get("turn"), "status": r["status"], "updated": r["updated"]} for r in rows]
        output.emit_json(output.envelope({"sessions": result}))
        return
    if not rows:
        click.echo("No sessions" + ("" if show_all else " open (try --all)") + ".")
        return
    output.page(output.table(
        ["id", "game", "name", "players", "turn", "status", "updated"],
        [[r["id"], r["game"], r["name"], ", ".join(output.player_names(r["summary"])),
          r["summary"].get("turn", ""), r["status"], _when(r["updated"])] for r in rows],
    ), players=[n for r in rows for n in output.player_names(r["summary"])])


@click.command("show")
@click.argument("session_id", required=False, metavar="[ID]")
@json_option
def show_cmd(session_id: str | None) -> None:
    """The state of a session, drawn as tables and board."""
    from referee.cli.common import show_session

    show_session(None, _sid(session_id))


@click.command("log")
@click.argument("session_id", required=False, metavar="[ID]")
@click.option("--all", "show_all", is_flag=True, help="Undone actions too.")
@click.option("-n", "last", type=click.IntRange(1), metavar="N", help="Only the last N entries.")
@json_option
def log_cmd(session_id: str | None, show_all: bool, last: int | None) -> None:
    """Numbered actions with their results (dice and draws, with who rolled them).

    On a terminal, a log taller than the screen opens in the pager."""
    from referee import registry
    from referee.export import results_text

    ref = context.get()
    store = ref.store()
    sid = _sid(session_id)
    meta = store.session(sid)
    engine = registry.engine(meta["game"])
    records = store.actions(sid, ("done", "undone", "dropped") if show_all else ("done",))
    played = sum(1 for r in records if r["action"].get("verb") != "new")
    if last is not None:
        records = records[-last:]
    if ref.as_json:
        out = [{"index": r["idx"], "status": r["status"], "action": r["action"], "results": r["results"],
                "events": r["events"], "rules": r["rules"]} for r in records]
        output.emit_json(output.envelope({"log": out}, sid))
        return
    rows = []
    for r in records:
        mark = "" if r["status"] == "done" else f" ({r['status']})"
        rows.append([r["idx"], engine.describe(r["action"]) + mark, results_text(r["results"], short=True),
                     "\n".join(e.get("text", "") for e in r["events"])])
    shown = f" (the last {len(records)})" if last is not None else ""
    head = f"Session {sid} ({meta['game']}): `new` and {played} action(s){shown}"
    output.page(head + "\n" + output.table(["#", "action", "dice/draws", "what happened"], rows),
                players=output.player_names(meta["summary"]))


def _after_move(sid: str, loaded, verb: str) -> None:
    ref = context.get()
    if ref.as_json:
        output.emit_json(output.envelope({verb: True, "actions": len(loaded.records) - 1}, sid, loaded.state_json()))
        return
    last = loaded.records[-1]["action"]
    click.echo(f"{verb.capitalize()} done. Last action now: #{len(loaded.records) - 1} {loaded.engine.describe(last)}")
    output.echo_status(loaded.summary, loaded.engine.turn_word)


@click.command("undo")
@click.argument("session_id", required=False, metavar="[ID]")
@click.option("--steps", default=1, show_default=True, type=click.IntRange(1), help="How many actions.")
@json_option
def undo_cmd(session_id: str | None, steps: int) -> None:
    """Take back the last action(s). They stay in history: `redo` puts them back."""
    from referee import session

    sid = _sid(session_id)
    _after_move(sid, session.undo(context.get().store(), sid, steps), "undo")


@click.command("redo")
@click.argument("session_id", required=False, metavar="[ID]")
@click.option("--steps", default=1, show_default=True, type=click.IntRange(1), help="How many actions.")
@json_option
def redo_cmd(session_id: str | None, steps: int) -> None:
    """Put back the most recently undone action(s)."""
    from referee import session

    sid = _sid(session_id)
    _after_move(sid, session.redo(context.get().store(), sid, steps), "redo")


@click.command("export")
@click.argument("session_id", required=False, metavar="[ID]")
@click.option("--format", "fmt", type=click.Choice(["json", "jsonl", "csv", "md"]), default="json", show_default=True)
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False), help="Write to this file (atomically).")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@json_option
def export_cmd(session_id: str | None, fmt: str, out: str | None, force: bool) -> None:
    """Write a session's record. JSON round-trips through `referee import`."""
    from referee import export

    ref = context.get()
    sid = _sid(session_id)
    text = export.render(ref.store(), sid, fmt)
    if out:
        path = export.write_atomic(out, text, force=force)
        if ref.as_json:
            output.emit_json(output.envelope({"written": str(path), "format": fmt}, sid))
        else:
            click.echo(f"Wrote {path} ({fmt}).")
    elif ref.as_json and fmt != "json":
        output.emit_json(output.envelope({"format": fmt, "text": text}, sid))
    else:
        click.echo(text, nl=False)


@click.command("import")
@click.argument("file", type=click.File("r", encoding="utf-8", errors="replace"))
@json_option
def import_cmd(file) -> None:
    """Rebuild a session from a JSON (or JSONL) export, re-checking every action."""
    from referee import export

    ref = context.get()
    data = export.parse(file.read())
    loaded, notes = export.import_session(ref.store(), data)
    if ref.as_json:
        output.emit_json(output.envelope({"imported": loaded.id, "actions": len(loaded.records) - 1, "notes": notes},
                                         loaded.id, loaded.state_json()))
        return
    for n in notes:
        click.echo(f"note: {n}", err=True)
    click.echo(f"Imported as session {loaded.id}: {len(loaded.records) - 1} action(s) re-checked and replayed.")
    output.echo_status(loaded.summary, loaded.engine.turn_word)


@click.command("completion")
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def completion_cmd(shell: str) -> None:
    """Print the completion script; e.g. `eval "$(referee completion bash)"`."""
    from click.shell_completion import get_completion_class

    from referee.cli import cli

    comp_cls = get_completion_class(shell)
    comp = comp_cls(cli, {}, "referee", "_REFEREE_COMPLETE")
    click.echo(comp.source())
    sys.stdout.flush()
