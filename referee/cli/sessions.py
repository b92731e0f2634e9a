"""Session commands: sessions, show, log, undo, redo, export, import, verify, completion."""

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
    click.echo(output.table(
        ["id", "game", "name", "players", "turn", "status", "updated"],
        [[r["id"], r["game"], r["name"], ", ".join(str(p.get("name")) for p in r["summary"].get("players", [])),
          r["summary"].get("turn", ""), r["status"], _when(r["updated"])] for r in rows],
    ))


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
@json_option
def log_cmd(session_id: str | None, show_all: bool) -> None:
    """Numbered actions with their results (dice and draws, with who rolled them)."""
    from referee import registry
    from referee.export import results_text

    ref = context.get()
    store = ref.store()
    sid = _sid(session_id)
    meta = store.session(sid)
    engine = registry.engine(meta["game"])
    records = store.actions(sid, ("done", "undone", "dropped") if show_all else ("done",))
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
    played = sum(1 for r in records if r["action"].get("verb") != "new")
    click.echo(f"Session {sid} ({meta['game']}): `new` and {played} action(s)")
    click.echo(output.table(["#", "action", "dice/draws", "what happened"], rows, widths=[None, 38, 30, 60]))


def _after_move(sid: str, loaded, verb: str) -> None:
    ref = context.get()
    if ref.as_json:
        output.emit_json(output.envelope({verb: True, "actions": len(loaded.records) - 1}, sid, loaded.state_json()))
        return
    last = loaded.records[-1]["action"]
    click.echo(f"{verb.capitalize()} done. Last action now: #{len(loaded.records) - 1} {loaded.engine.describe(last)}")
    click.echo(output.status_line(loaded.summary, loaded.engine.turn_word))


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
@click.option("--reveal-seed", is_flag=True,
              help="Include a secret seed while the game runs (to move it; anyone reading the file can foresee every roll).")
@json_option
def export_cmd(session_id: str | None, fmt: str, out: str | None, force: bool, reveal_seed: bool) -> None:
    """Write a session's record. JSON round-trips through `referee import`.

    While a game started without --seed runs, its export carries the seed's
    commitment only, and `import` refuses it (its rolls cannot be re-checked);
    --reveal-seed includes the seed.
    """
    from referee import export

    ref = context.get()
    sid = _sid(session_id)
    text = export.render(ref.store(), sid, fmt, reveal_seed=reveal_seed)
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
    text = file.read(export.MAX_FILE_CHARS + 1)
    data = export.parse(text)
    loaded, notes = export.import_session(ref.store(), data)
    if ref.as_json:
        output.emit_json(output.envelope({"imported": loaded.id, "actions": len(loaded.records) - 1, "notes": notes},
                                         loaded.id, loaded.state_json()))
        return
    for n in notes:
        click.echo(f"note: {n}", err=True)
    click.echo(f"Imported as session {loaded.id}: {len(loaded.records) - 1} action(s) re-checked and replayed.")
    click.echo(output.status_line(loaded.summary, loaded.engine.turn_word))


@click.command("verify")
@click.argument("session_id", required=False, metavar="[ID]")
@click.option("--all", "check_all", is_flag=True, help="Every session in the store (finished ones too).")
@json_option
@click.pass_context
def verify_cmd(ctx: click.Context, session_id: str | None, check_all: bool) -> None:
    """Check that a session's record is intact.

    Checks the chain of links over its stored actions, the seed against the
    commitment printed at `new`, re-rolls every result the referee rolled from
    the seed and re-reads every typed result from the action that carries it.
    Exit 3 names the session and the first action that fails.
    """
    from referee.integrity import verify_session

    ref = context.get()
    store = ref.store()
    if check_all:
        ids = [r["id"] for r in store.sessions(include_over=True)]
    else:
        ids = [_sid(session_id)]
    reports = [verify_session(store, sid) for sid in ids]
    bad = [r for r in reports if not r["ok"]]
    if ref.as_json:
        payload = output.envelope({"sessions": reports}, None if check_all else ids[0])
        payload["ok"] = not bad
        output.emit_json(payload)
    else:
        for r in reports:
            if r["ok"]:
                click.echo(f"{r['id']}: intact ({r['actions']} stored action(s) checked)")
        if not reports:
            click.echo("No sessions to check.")
        for r in bad:
            where = f" at action {r['first_bad']}" if r["first_bad"] is not None else ""
            click.echo(f"error: session {r['id']} fails its check{where}: {r['problem']}", err=True)
    if bad:
        ctx.exit(3)


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
