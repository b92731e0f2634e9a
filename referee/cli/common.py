"""What every game's Click group shares: the group itself, `new`, action verbs, `status`, calculators.

A game's CLI module only turns arguments into an action dict (or `new` options)
and hands it here; the engine checks it, the session layer stores it, and this
module prints it.

    group = game_group("kleos")

    @action_command(group, "move")
    @click.argument("minion")
    @click.argument("to")
    def move(minion, to):
        return {"verb": "move", "minion": minion, "to": to}
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import click

from referee.cli import context, output


def json_option(fn: Callable) -> Callable:
    """`--json` on a leaf command too (same as the global option)."""

    def _set(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
        if value:
            context.get().as_json = True

    return click.option("--json", "as_json", is_flag=True, expose_value=False, callback=_set,
                        is_eager=True, help="Print one JSON object instead of tables.")(fn)


def dry_run_option(fn: Callable) -> Callable:
    return click.option("--dry-run", is_flag=True, help="Check it and show the outcome; record nothing.")(fn)


def game_group(game: str, help: str | None = None) -> click.Group:
    """A game's group, with `status` already in it."""
    from referee.cli import GAME_HELP
    from referee.cli.lazy import SuggestingGroup

    group = SuggestingGroup(game, help=help or GAME_HELP.get(game),
                            context_settings={"help_option_names": ["-h", "--help"]})

    @group.command("status")
    @json_option
    def status() -> None:
        """Draw the table: board, scores, whose turn, pending decisions."""
        show_session(game, None)

    return group


# -- sessions ----------------------------------------------------------------------

def load_current(game: str | None, sid: str | None = None) -> tuple[str, Any]:
    """The session a view command means (named, --session, or the current one), rebuilt."""
    from referee import session

    ref = context.get()
    store = ref.store()
    sid = session.resolve(store, game, sid or ref.session_id)
    return sid, session.load(store, sid)


def show_session(game: str | None, sid: str | None) -> None:
    ref = context.get()
    sid, loaded = load_current(game, sid)
    ref.store().touch(sid)
    if ref.as_json:
        output.emit_json(output.envelope({"id": sid, "game": loaded.game}, sid, loaded.state_json()))
        return
    click.echo(f"{loaded.engine.title} · session {sid}" + (f" ({loaded.meta.get('name')})" if loaded.meta.get("name") else ""))
    recorded = loaded.meta.get("rules_version")
    if recorded and recorded != loaded.engine.rules_version:
        click.echo(f"note: recorded under {loaded.game} rules version {recorded}; "
                   f"this referee applies version {loaded.engine.rules_version}", err=True)
    click.echo(loaded.engine.render(loaded.state))
    output.echo_status(loaded.summary, loaded.engine.turn_word)


def start(game: str, options: dict, seed: Any = None, name: str = "", dry_run: bool = False) -> None:
    """Create a session from `new` options and print its first table."""
    from referee import session

    ref = context.get()
    store = ref.store()
    loaded, events = session.create(store, game, options, seed=None if seed is None else str(seed),
                                    name=name, dry_run=dry_run)
    if ref.as_json:
        result = {"action": loaded.records[0]["action"], "events": events,
                  "results": loaded.records[0]["results"], "dry_run": dry_run, "seed": loaded.seed}
        output.emit_json(output.envelope(result, loaded.id, loaded.state_json()))
        return
    if dry_run:
        click.echo("(dry run: nothing recorded)")
    else:
        click.echo(f"Session {loaded.id} started (seed {loaded.seed}); it is now the current {game} session.")
    click.echo(loaded.engine.render(loaded.state))
    output.echo_status(loaded.summary, loaded.engine.turn_word)


def new_options(fn: Callable) -> Callable:
    """--seed, --name, --dry-run and --json for a game's `new`."""
    fn = click.option("--seed", default=None, metavar="N", help="Seed for every roll and shuffle (random if omitted).")(fn)
    fn = click.option("--name", default="", help="A name for the session (shown in `referee sessions`).")(fn)
    fn = dry_run_option(fn)
    return json_option(fn)


def run_action(game: str, action: dict, dry_run: bool = False,
               prepare: Callable[[Any, dict], dict] | None = None) -> None:
    """Apply one action to the current session of `game` and print what happened."""
    from referee import session

    ref = context.get()
    store = ref.store()
    sid = session.resolve(store, game, ref.session_id)
    if prepare is not None:
        action = prepare(store, action)
    action = {k: v for k, v in action.items() if v is not None}
    loaded, events = session.act(store, sid, action, dry_run=dry_run)
    action, results = loaded.records[-1]["action"], loaded.records[-1]["results"]
    if ref.as_json:
        result = {"action": action, "events": events, "results": results, "dry_run": dry_run}
        output.emit_json(output.envelope(result, sid, loaded.state_json()))
        return
    if dry_run:
        click.echo("(dry run: nothing recorded)")
    names = output.player_names(loaded.summary)
    text = output.events_text(events)
    if text:
        output.echo(text, players=names)
    output.echo_status(loaded.summary, loaded.engine.turn_word)


def action_command(group: click.Group, name: str | None = None,
                   prepare: Callable[[Any, dict], dict] | None = None, **kwargs: Any) -> Callable:
    """Turn a function returning an action dict into a verb with --dry-run and --json."""

    def deco(fn: Callable[..., dict]) -> click.Command:
        @functools.wraps(fn)
        def cmd(dry_run: bool, **kw: Any) -> None:
            run_action(group.name, fn(**kw), dry_run=dry_run, prepare=prepare)

        cmd.__click_params__ = list(getattr(fn, "__click_params__", []))  # type: ignore[attr-defined]
        return group.command(name, **kwargs)(json_option(dry_run_option(cmd)))

    return deco


def emit_calculation(result: dict, text: str) -> None:
    """A quick calculator's answer: text for people, the fixed JSON keys for scripts."""
    if context.get().as_json:
        output.emit_json(output.envelope(result))
    else:
        click.echo(text)


def calculator(group: click.Group, name: str, **kwargs: Any) -> Callable:
    """A calculator command (no session), with --json."""

    def deco(fn: Callable) -> click.Command:
        return group.command(name, **kwargs)(json_option(fn))

    return deco
