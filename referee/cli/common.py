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
from collections.abc import Callable, Iterator, MutableMapping
from typing import TYPE_CHECKING, Any

import click
from click.core import ParameterSource

from referee.cli import context, output
from referee.cli.acting import choose, echo_head, run_action, seen_board, show_session  # noqa: F401  (the verbs' and views' work)
from referee.cli.context import load_current  # noqa: F401  (views load the session with it)
from referee.cli.lazy import SuggestingGroup, localize
from referee.cli.root import GAME_HELP
from referee.model import registry, view
from referee.model.errors import InputError, StorageError
from referee.model.i18n import _, fold, language, or_list, typeset

if TYPE_CHECKING:
    from referee.record.protocol import RecordStore


def full_option(fn: Callable) -> Callable:
    return click.option("--full", is_flag=True,
                        help="The whole table, even when taller than the terminal "
                             "(a shorter terminal gets a compact view).")(fn)


def json_option(fn: Callable) -> Callable:
    """`--json` on a leaf command too (same as the global option)."""

    def _set(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
        if value:
            context.get().as_json = True

    return click.option("--json", "as_json", is_flag=True, expose_value=False, callback=_set,
                        is_eager=True, help="Print one JSON object instead of tables.")(fn)


def dry_run_option(fn: Callable) -> Callable:
    return click.option("--dry-run", is_flag=True, help="Check it and show the outcome; record nothing.")(fn)


LIKE = "referee.like"  # ctx.meta key: the session `new --like ID` copies
LEAGUE = "referee.after.league"  # ctx.meta key: the league `new --league NAME` puts the session in


class _FilledByLike(click.Option):
    """A required option of `new` that `--like ID` fills from the earlier session."""

    def process_value(self, ctx: click.Context, value: Any) -> Any:
        try:
            return super().process_value(ctx, value)
        except click.MissingParameter:
            if ctx.meta.get(LIKE):
                return () if self.multiple else None
            raise

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        record = super().get_help_record(ctx)
        if record is None:
            return None
        return record[0], record[1].replace("[required]", "[required unless --like]")


def _set_session(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    if value:
        context.get().session_id = value


def _set_db(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    if value is not None:
        ref = context.get()
        ref.close()
        ref.db = value


def _set_json(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value:
        context.get().as_json = True


def placement_params() -> list[click.Parameter]:
    """`--session`, `--db` and `--json`, accepted after the game and the verb as well as before
    (`referee kleos move --session kleos-2 ...`): the same meaning as the root's options."""
    return [
        click.Option(["--session", "place_session"], metavar="ID", expose_value=False, is_eager=True,
                     callback=_set_session, help="Which session (as the root's --session)."),
        click.Option(["--db", "place_db"], metavar="PATH|URL", expose_value=False, is_eager=True,
                     callback=_set_db, help="The session store (as the root's --db)."),
        click.Option(["--json", "as_json"], is_flag=True, expose_value=False, is_eager=True,
                     callback=_set_json, help="Print one JSON object instead of tables."),
    ]


def add_placement(cmd: click.Command) -> None:
    """Give a command (and, for a group, each command in it) the placement options it lacks."""
    have = {opt for p in cmd.params for opt in getattr(p, "opts", [])}
    cmd.params.extend(p for p in placement_params() if not set(p.opts) & have)
    if isinstance(cmd, click.Group):
        for sub in cmd.commands.values():
            add_placement(sub)


class LaterCommands(MutableMapping[str, click.Command]):
    """A group's commands, each built the first time it is asked for: `referee kleos glory`
    builds `glory` alone, while the group's help and listings still see every name.
    `made(name, cmd)` is called on each command as it is built (or put in)."""

    def __init__(self, made: Callable[[str, click.Command], click.Command]) -> None:
        self._made = made
        self._built: dict[str, click.Command] = {}
        self._later: dict[str, Callable[[], click.Command]] = {}
        self._names: dict[str, None] = {}  # every name, in the order they came

    def later(self, name: str, build: Callable[[], click.Command]) -> None:
        self._built.pop(name, None)
        self._later[name] = build
        self._names[name] = None

    def __getitem__(self, name: str) -> click.Command:
        if name not in self._built:
            build = self._later[name]  # KeyError: no such command
            self._built[name] = self._made(name, build())
            del self._later[name]
        return self._built[name]

    def __setitem__(self, name: str, cmd: click.Command) -> None:
        self._later.pop(name, None)
        self._built[name] = self._made(name, cmd)
        self._names[name] = None

    def __delitem__(self, name: str) -> None:
        if name not in self._names:
            raise KeyError(name)
        self._built.pop(name, None)
        self._later.pop(name, None)
        del self._names[name]

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._names))

    def __len__(self) -> int:
        return len(self._names)


class GameGroup(SuggestingGroup):
    """A game's group: its `new` may leave out what `--like ID` copies; every command in it takes
    the placement options (--session, --db, --json) after the verb too. Its commands may be
    given as builders (`add_later`), built only when used."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = LaterCommands(self._made)
        self.params.extend(placement_params())
        self.aliases: dict[str, str] = {}  # a verb in the table's words (accents optional) -> its name

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and self.aliases:
            name = self.aliases.get(fold(name), name)
        return super().get_command(ctx, name)  # localized there

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        for cmd in self.commands.values():  # the command list's short help, in the table's words
            localize(cmd)
        super().format_help(ctx, formatter)

    def said_name(self, name: str) -> str:
        """A command's name as the table's language types it (`move`; French `déplacer`)."""
        if language() == "en" or not self.aliases:
            return name
        try:
            return str(registry.engine(str(self.name)).said([name])[0])
        except StorageError:  # not a registered game: as it is
            return name

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list, each command by its name in the table's language (French:
        `déplacer`, which the group takes as `move`), in that language's order."""
        rows = [(self.said_name(name), cmd) for name in self.list_commands(ctx)
                if (cmd := self.get_command(ctx, name)) is not None and not cmd.hidden]
        if not rows:
            return
        limit = formatter.width - 6 - max(len(name) for name, _cmd in rows)
        with formatter.section(_("Commands")):
            formatter.write_dl(sorted(((name, typeset(cmd.get_short_help_str(limit))) for name, cmd in rows),
                                      key=lambda row: fold(row[0])))

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list:
        """A Tab after the game: the verbs legal now, then the views and tools
        (`referee.cli.complete.command_words`); an option's name as Click offers it."""
        items = super().shell_complete(ctx, incomplete)
        names = set(self.list_commands(ctx))
        commands = [(i.value, i.help or "") for i in items if i.value in names]
        if not commands:
            return items
        from click.shell_completion import CompletionItem

        from referee.cli.complete import command_words, live_for

        verbs = registry.engine(self.name or "").verbs
        found = command_words(live_for(ctx, self.name or ""), verbs, commands)
        return [CompletionItem(n, help=h or None) for n, h in found] + [i for i in items if i.value not in names]

    def add_later(self, name: str, build: Callable[[], click.Command]) -> None:
        """Command `name`, built by `build()` the first time it is used."""
        assert isinstance(self.commands, LaterCommands)
        self.commands.later(name, build)

    @staticmethod
    def _made(name: str, cmd: click.Command) -> click.Command:
        add_placement(cmd)
        if name == "new":
            from referee.cli.complete import complete_player_names

            for param in cmd.params:
                if type(param) is click.Option and param.required:
                    param.__class__ = _FilledByLike
                if param.name == "players" and getattr(param, "_custom_shell_complete", None) is None:
                    param._custom_shell_complete = complete_player_names
        return cmd


def game_group(game: str, help: str | None = None) -> click.Group:
    """A game's group, with `status` already in it."""
    group = GameGroup(game, help=help or GAME_HELP.get(game), context_settings={"help_option_names": ["-h", "--help"]})

    @group.command("status")
    @full_option
    @json_option
    def status(full: bool) -> None:
        """Draw the table: board, scores, whose turn, pending decisions.

        On a terminal too short for the whole table, a compact view (--full: all of it)."""
        show_session(game, None, full=full)

    @group.command("rules")
    @click.argument("topic", required=False)
    @json_option
    def rules(topic: str | None) -> None:
        """Each rule the referee checks, by the name its refusals give (TOPIC: one of them; the
        start of its name is enough). After a refusal, `rules NAME` explains the rule it named."""
        show_rules(game, topic)

    @group.command("hint")
    @click.option("--player", metavar="NAME", help="Only what this player may do.")
    @click.option("--limit", type=click.IntRange(0), default=0, show_default=True,
                  help="List at most this many actions (0: all); a cut list says so.")
    @json_option
    def hint(player: str | None, limit: int) -> None:
        """The legal next actions, grouped, with who may take them; each as you would type it."""
        from referee.cli.hint import show_hint  # only here: an action never loads the hints

        show_hint(game, group, player, limit)

    return group


def show_rules(game: str, topic: str | None) -> None:
    from referee.model import registry, rulebook

    engine = registry.engine(game)
    book = rulebook.rules_of(engine) if not topic else rulebook.lookup(engine, topic)
    if topic and not book:  # a topic in the table's words (`rules vase`)
        want = fold(topic.strip())
        book = {t: r for t, r in rulebook.rules_of(engine).items() if fold(_said(t, r)[0]).startswith(want)}
    if not book:
        close = rulebook.close_topics(engine, topic or "")
        hint = " " + _("Did you mean {names}?").format(names=or_list([repr(c) for c in close])) if close else ""
        raise click.UsageError(_("no {game} rule is called '{topic}'.{hint} (`referee {name} rules` lists them)")
                               .format(game=engine.title, topic=topic, hint=hint, name=game))
    if context.get().as_json:
        output.emit_json(output.envelope({"game": game, "rules": book}))
        return
    lines = [] if topic else [output.fit(_("The rules the {game} referee checks, by the name a refusal gives "
                                           "(`referee {name} rules TOPIC` for one):").format(
                                               game=engine.title, name=game), indent=""), ""]
    said: dict[str, list[str]] = {}
    for name, rules in book.items():  # in the table's language (the rule names a refusal gives)
        title, texts = _said(name, rules)
        said.setdefault(title, []).extend(t for t in texts if t not in said.get(title, []))
    for name, rules in said.items():
        lines.append(name)
        for rule in rules:
            rest = rule.split(":", 1)[1].strip() if ":" in rule else ""
            lines.append(output.fit(f"  - {rest or rule}", indent="    "))
    output.page("\n".join(lines))


def _said(name: str, rules: list[str]) -> tuple[str, list[str]]:
    """A topic and its rules as the table's language words them: `Mud (vase)` -> `La Vase`."""
    title, texts = _(name), []
    for rule in rules:
        head, sep, rest = _(rule).partition(":")
        if sep and rest.strip():
            title = head.strip()
        texts.append(f"{head.strip()}: {rest.strip()}" if sep else _(rule))
    return title, texts


# -- sessions ----------------------------------------------------------------------

def start(game: str, options: dict, seed: Any = None, name: str = "", dry_run: bool = False) -> None:
    """Create a session from `new` options and print its first table."""
    from referee.record import session

    ref = context.get()
    store = ref.store()
    like = click.get_current_context().meta.get(LIKE)
    if like:
        options = like_options(store, game, like, options)
    league_name = click.get_current_context().meta.get(LEAGUE)
    if league_name:  # checked before anything is written
        from referee.after import league

        found = league.get(store, league_name)
        if found["game"] != game:
            raise InputError(f"the league '{league_name}' holds {found['game']} games, not {game}")
    loaded, events = session.create(store, game, options, seed=None if seed is None else str(seed),
                                    name=name, dry_run=dry_run)
    if league_name and not dry_run and loaded.id:
        league.add(store, league_name, [loaded.id])
    looking = context.seen(loaded).viewer  # the hands dealt at `new` are their players' alone
    if ref.as_json:
        result = {"action": loaded.records[0]["action"], "events": view.events(events, looking),
                  "results": view.results(loaded.records[0]["results"], looking),
                  "dry_run": dry_run, "seed": session.seed_shown(loaded.meta),
                  "commitment": loaded.meta["commitment"]}
        output.emit_json(output.envelope(result, loaded.id, loaded.state_json()))
        return
    if dry_run:
        said = "(dry run: nothing recorded)"
    else:
        shown = session.seed_shown(loaded.meta)
        sealed = (_("seed {seed}").format(seed=shown) if shown is not None
                  else _("seed kept secret until the game is over; commitment {commitment}").format(
                      commitment=loaded.meta["commitment"]))
        said = (_("Session {id} started ({seed})").format(id=loaded.id, seed=sealed)
                + (_(", set up like {like}").format(like=like) if like else "")
                + _("; it is now the current {game} session.").format(game=game))
    # the line saying which session started comes last, under the table and its status line,
    # so that on a screen of 24 rows it is the one still in sight (the table gives way to its
    # compact view when the whole would scroll it away)
    said = output.fit(said, indent="")
    status = output.status_text(loaded.summary, loaded.engine.turn_word)
    board = output.fit_block(output.shown(seen_board(loaded, loaded.engine.render(loaded.shown_state))))
    if output.on_screen() and output.too_tall("\n".join([board, status, said])):
        compact = output.fit_block(output.shown(seen_board(loaded, loaded.engine.render_compact(loaded.shown_state))))
        board = "\n".join([f"{loaded.engine.title} · compact view (`referee {game} status --full`: all of it)",
                            compact])
    players = output.player_names(loaded.summary)
    output.echo(board, players=players, marks=loaded.engine.board_marks(loaded.shown_state))
    output.echo(status, players=players)
    click.echo(said)


def like_options(store: RecordStore, game: str, like: str, given: dict) -> dict:
    """The `new` options of session `like`, overridden by every option typed now.

    Options typed on the command line (or set in the environment) win; a dict option
    typed now (Kleos' --temple, --champion) is merged key by key. Not copied: what was
    dealt or tossed for that game (the engine's `rematch_fresh`), and, when --player is
    typed, what belonged to the earlier players (`rematch_with_players`)."""
    from referee.record import session

    sid = session.resolve(store, game, like)
    earlier = {k: v for k, v in store.actions(sid)[0]["action"].items() if k != "verb"}
    ctx = click.get_current_context()
    typed = {p.name.removesuffix("_file") for p in ctx.command.params if p.name
             and ctx.get_parameter_source(p.name) in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)}
    engine = registry.engine(game)
    drop = set(engine.rematch_fresh)
    if "players" in typed:
        drop |= set(engine.rematch_with_players)
    options = {k: v for k, v in earlier.items() if k not in drop}
    for key, value in given.items():
        if key in typed:
            before = options.get(key)
            options[key] = {**before, **value} if isinstance(value, dict) and isinstance(before, dict) else value
        elif key not in options:
            options[key] = value
    return options


def _remember_like(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    if value:
        ctx.meta[LIKE] = value


def new_options(fn: Callable) -> Callable:
    """--like, --seed, --name, --dry-run and --json for a game's `new`."""
    fn = click.option("--like", metavar="ID", default=None, is_eager=True, expose_value=False,
                      callback=_remember_like,
                      help="Same players, seats, gods or colours and options as session ID (a rematch); "
                           "any option typed here overrides. Dealt cards and tosses are not copied.")(fn)
    fn = click.option("--seed", default=None, metavar="N", help="Seed for every roll and shuffle (random if omitted).")(fn)
    fn = click.option("--name", default="", help="A name for the session (shown in `referee sessions`).")(fn)
    fn = click.option("--league", metavar="NAME", default=None, expose_value=False,
                      callback=lambda ctx, _p, v: ctx.meta.__setitem__(LEAGUE, v),
                      help="Put the new session in this league (see `referee league`).")(fn)
    fn = dry_run_option(fn)
    return json_option(fn)


def action_command(group: click.Group, name: str | None = None,
                   prepare: Callable[[Any, dict], dict] | None = None, **kwargs: Any) -> Callable:
    """Turn a function returning an action dict into a verb with --dry-run and --json."""

    def deco(fn: Callable[..., dict]) -> click.Command:
        @functools.wraps(fn)
        def cmd(dry_run: bool, **kw: Any) -> None:
            run_action(str(group.name), fn(**kw), dry_run=dry_run, prepare=prepare)

        from referee.cli.complete import attach

        cmd.__click_params__ = list(getattr(fn, "__click_params__", []))  # type: ignore[attr-defined]
        attach(cmd.__click_params__)  # type: ignore[attr-defined]
        command = group.command(name, **kwargs)(json_option(dry_run_option(cmd)))
        command.referee_prepare = prepare  # type: ignore[attr-defined]  # completion's card trials
        command.referee_action = fn  # type: ignore[attr-defined]  # hint checks its commands with it
        return command

    return deco


def emit_calculation(result: dict, text: str) -> None:
    """A quick calculator's answer: text for people, the fixed JSON keys for scripts."""
    if context.get().as_json:
        output.emit_json(output.envelope(result))
    else:
        click.echo(output.fit_block(text))


class PrefixChoice(click.Choice):
    """A word from a fixed list, any case; a unique beginning is enough (`re` for red), as the
    game verbs take them. The full word is passed on."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        found = choose(value, self.choices)  # the express lane reads them with the same function
        if found is not None:
            return found
        text = str(value).strip().casefold()
        several = [str(w) for w in self.choices if text and str(w).casefold().startswith(text)]
        if len(several) > 1:
            self.fail(f"'{value}' could be {' or '.join(several)}: type more of it", param, ctx)
        return super().convert(value, param, ctx)


def calculator(group: click.Group, name: str, **kwargs: Any) -> Callable:
    """A calculator command (no session), with --json."""

    def deco(fn: Callable) -> click.Command:
        return group.command(name, **kwargs)(json_option(fn))

    return deco
