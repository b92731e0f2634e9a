"""`referee play`: an interactive prompt-toolkit shell over the same commands.

Each line is a command of the game's group (`move ares:1 port`) or a session
command (`undo`, `log`, `show`, `export ...`). Completion offers the verbs, the
options of the verb being typed and the words of the live session (players,
pieces, locations, cards); the bottom toolbar shows whose turn it is and any
pending decision. Nothing here knows a game's rules: it asks the engine.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import click
from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, History, InMemoryHistory

from referee.cli import SESSION_COMMANDS
from referee.cli import output as out
from referee.cli.context import Referee
from referee.cli.output import status_line
from referee.errors import RefereeError


def games() -> list[str]:
    from referee import registry

    return registry.names()


GAMES = ("kleos", "kreus", "cerebria", "croa", "elysion")
# every session command of `referee` except the two that make no sense inside the shell
CORRECTIONS = ("amend", "insert", "strike")
ROOT_COMMANDS = tuple(name for name in SESSION_COMMANDS if name not in ("play", "completion"))
SHELL_WORDS = ("help", "quit", "exit", "use")
SHELL_HELP = (
    ("use GAME|ID", "Play another game (its current session) or a session by its id."),
    ("help [COMMAND]", "This list, or the help of one command (`help move`, `help undo`)."),
    ("quit", "Leave the shell (also `exit` or Ctrl-D)."),
)


class Shell:
    """One interactive session at the table."""

    def __init__(self, referee: Referee, game: str | None = None, session_id: str | None = None,
                 input: Any = None, output: Any = None, history: History | None = None) -> None:
        self.referee = referee
        self.game = game
        self.pinned = session_id
        self.summary: dict | None = None
        self.vocab: dict[str, list[str]] = {}
        self.session_id: str | None = None
        self.last_code = 0
        self.script_codes: list[tuple[str, int]] = []
        self._io = (input, output, history)
        self._prompt: PromptSession | None = None
        referee.in_shell = True  # messages in the shell's syntax
        self.refresh()

    @property
    def prompt(self) -> PromptSession:
        """The prompt-toolkit session, made on first interactive use."""
        if self._prompt is None:
            input, output, history = self._io
            self._prompt = PromptSession(
                completer=ShellCompleter(self), history=history or self._file_history(), input=input,
                output=output, bottom_toolbar=self.toolbar, complete_while_typing=True,
            )
        return self._prompt

    def _file_history(self) -> History:
        try:
            store = self.referee.store()
            if getattr(store, "url", None):  # a club's server: the history stays on this machine
                from referee.store import default_path

                path = default_path().with_suffix(".history")
                path.parent.mkdir(parents=True, exist_ok=True)
            else:
                path = Path(store.path).with_suffix(".history")
            path.touch(exist_ok=True)
            return FileHistory(str(path))
        except OSError:  # no writable place: keep history for this run only
            return InMemoryHistory()

    # -- the live session ---------------------------------------------------------
    def refresh(self) -> None:
        """Reload the current session's summary and vocabulary (for toolbar and completion)."""
        from referee import session

        self.summary, self.vocab, self.session_id = None, {}, None
        self.turn_word = "turn"
        try:
            store = self.referee.store()
            sid = session.resolve(store, self.game, self.pinned)
            loaded = session.load(store, sid)
        except Exception:
            return
        self.session_id = sid
        self.game = loaded.game
        self.summary = loaded.summary
        self.turn_word = loaded.engine.turn_word
        try:
            self.vocab = {k: [str(w) for w in v] for k, v in loaded.engine.vocabulary(loaded.state).items()}
        except Exception:
            self.vocab = {}

    def toolbar(self) -> str:
        if self.game is None:
            return " no game yet: type `kleos new ...` (or another game), `sessions`, `help` "
        if self.summary is None:
            return f" {self.game}: no open session; start one with `new ...` "
        return f" {self.session_id} · {status_line(self.summary, self.turn_word)} "

    def prompt_text(self) -> str:
        return f"{self.game or 'referee'}> "

    # -- commands ------------------------------------------------------------------
    def args_for(self, words: list[str]) -> list[str]:
        """Turn a shell line's words into `referee` arguments."""
        head = words[0]
        if head in games():
            self.game = head
            return words
        if head in ROOT_COMMANDS:
            if head in ("show", "log", "undo", "redo", "export") and self.session_id and not self.pinned:
                return [*words[:1], *self._with_session(words[1:])]
            if head in CORRECTIONS and self.session_id and not self.pinned:  # the shell's session
                return ["--session", self.session_id, *words]
            return words
        if self.game is None:
            raise click.UsageError(f"which game? Start the line with one of: {', '.join(GAMES)}, or `use GAME`")
        group = self.group()
        if group is not None and head not in group.list_commands(click.Context(group)) and not head.startswith("-"):
            raise click.UsageError(self._unknown(head))
        return [self.game, *words]

    def group(self, game: str | None = None) -> click.Group | None:
        """The Click group of a game (the shell's own game by default)."""
        from referee.cli import cli

        game = game or self.game
        if game is None:
            return None
        return cli.get_command(click.Context(cli), game)  # type: ignore[return-value]

    def commands(self) -> list[str]:
        """Every word that can start a line here."""
        group = self.group()
        verbs = group.list_commands(click.Context(group)) if group is not None else []
        return sorted({*verbs, *ROOT_COMMANDS, *SHELL_WORDS, *games()})

    def _unknown(self, word: str) -> str:
        from difflib import get_close_matches

        close = get_close_matches(word, self.commands(), n=3)
        hint = f" Did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
        return f"no command '{word}' here.{hint} Type 'help' for the list."

    # -- help ----------------------------------------------------------------------
    def help(self, topic: list[str]) -> int:
        """`help`: every command of the shell; `help VERB`, `help card add`, `help undo`, `help GAME`."""
        from referee.cli import cli

        if not topic:
            click.echo(self.overview())
            return 0
        head = topic[0]
        if head in SHELL_WORDS:
            usage, text = next((u, t) for u, t in SHELL_HELP if u.split()[0] == ("quit" if head == "exit" else head))
            click.echo(f"Usage: {usage}\n\n  {text}")
            return 0
        cmd: click.Command | None = None
        path = [head]
        group = self.group()
        if head in games():
            cmd = self.group(head)
        elif group is not None and head in group.list_commands(click.Context(group)):
            cmd = group.get_command(click.Context(group), head)
        elif head in ROOT_COMMANDS:
            cmd = cli.get_command(click.Context(cli), head)
        if cmd is None:
            out.echo(f"error: {self._unknown(head)}", err=True, ref=self.referee)
            return 2
        for word in topic[1:]:  # `help card add`
            if not isinstance(cmd, click.Group) or word not in cmd.list_commands(click.Context(cmd)):
                break
            sub = cmd.get_command(click.Context(cmd), word)
            if sub is None:
                break
            cmd = sub
            path.append(word)
        ctx = click.Context(cmd, info_name=" ".join(path), **cmd.context_settings)
        click.echo(cmd.get_help(ctx))
        return 0

    def overview(self) -> str:
        """What `help` prints: the game's verbs, the session commands, the shell's own words."""
        from referee.cli import GAME_HELP

        formatter = click.HelpFormatter(width=min(out.width() or 80, 100))
        formatter.write_text("Type a command as you would after `referee` (the game's name may be left "
                             "out). `help COMMAND` shows one command; Tab completes.")
        group = self.group()
        if group is not None:
            gctx = click.Context(group)
            rows = [(name, cmd.get_short_help_str(limit=60)) for name in group.list_commands(gctx)
                    if (cmd := group.get_command(gctx, name)) is not None and not cmd.hidden]
            with formatter.section(f"{self.game} verbs" + (f" ({self.session_id})" if self.session_id else "")):
                formatter.write_dl(rows)
        with formatter.section("Session commands"):
            formatter.write_dl([(name, SESSION_COMMANDS[name][1]) for name in ROOT_COMMANDS])
        with formatter.section("Shell"):
            formatter.write_dl(list(SHELL_HELP))
        with formatter.section("Games (start a line with one, or `use` it)"):
            formatter.write_dl([(g, GAME_HELP[g]) for g in GAMES])
        return formatter.getvalue().rstrip("\n")

    def _with_session(self, rest: list[str]) -> list[str]:
        if rest and not rest[0].startswith("-"):
            return rest
        return [self.session_id or "", *rest]

    def execute(self, line: str) -> int | None:
        """Run one line; returns its exit code, or None to leave the shell."""
        from referee.cli import cli
        from referee.cli.run import invoke

        line = line.strip()
        if not line or line.startswith("#"):
            return 0
        try:
            words = shlex.split(line)
        except ValueError as exc:
            out.echo(f"error: {exc} (check your quotes)", err=True, ref=self.referee)
            return 2
        if words[0] in ("quit", "exit"):
            return None
        if words[0] == "use" and len(words) == 2:
            return self._use(words[1])
        if words[0] == "help":  # `help`, `help VERB`, `help card add`, `help GAME`, `help undo`
            self.last_code = self.help(words[1:])
            return self.last_code
        if "--help" in words or "-h" in words[1:2]:  # `move --help`: the shell's help for it
            self.last_code = self.help(list(words[: words.index("--help" if "--help" in words else "-h")]))
            return self.last_code
        try:
            args = self.args_for(words)
        except click.UsageError as exc:
            out.echo(f"error: {exc.format_message()}", err=True, ref=self.referee)
            return 2
        self.referee.as_json = False
        self.referee.session_id = self.pinned
        self.referee.shell_game = self.game
        if len(args) > 1 and args[1] == "new":
            self.pinned = None
            self.referee.session_id = None
        code = invoke(cli, args, prog_name="referee", obj=self.referee)
        self.last_code = code
        self.refresh()
        return code

    def _use(self, target: str) -> int:
        """`use GAME` or `use SESSION-ID`: switch what the shell acts on."""
        if target in games():
            self.game, self.pinned = target, None
        else:
            try:
                meta = self.referee.store().session(target)
            except RefereeError as exc:
                out.echo(f"error: {out.shell_syntax(exc.message, self.game)}", err=True, ref=self.referee)
                return 3
            self.game, self.pinned = meta["game"], target
        self.refresh()
        click.echo(f"Now playing {self.session_id or self.game}.")
        return 0

    def run_script(self, lines: Iterable[str], bail: bool = False) -> int:
        """Batch mode (stdin is not a terminal): echo and run each line like the prompt would."""
        worst = 0
        self.script_codes = []  # each line run, with its exit code
        for line in lines:
            line = line.rstrip("\n")
            if not line.strip():
                continue
            if line.lstrip().startswith("#"):
                click.echo(line)  # the script's own commentary
                continue
            click.echo(f"{self.prompt_text()}{line}")
            code = self.execute(line)
            if code is None:
                break
            self.script_codes.append((line, code))
            worst = max(worst, code)
            if code and bail:
                return code
        return worst if bail else 0

    def run(self) -> int:
        click.echo("referee shell: type a command (`help` lists them, Tab completes, `quit` leaves).")
        if self.summary:
            click.echo(f"{self.session_id}: {status_line(self.summary, self.turn_word)}")
        while True:
            try:
                line = self.prompt.prompt(self.prompt_text)
            except KeyboardInterrupt:
                continue
            except EOFError:
                break
            if self.execute(line) is None:
                break
        return 0


# argument names whose words the games file under another name
PARAM_ALIASES = {
    "to": ("locations", "squares"),
    "src": ("frogs", "squares"),
    "source": ("frogs", "squares"),
    "target": ("targets", "minions"),
    "other": ("players",),
    "name": ("players",),
    "pos": ("positions",),
    "tile": ("tiles",),
    "god": ("gods",),
}


def _param_being_typed(cmd: click.Command, rest: list[str]) -> click.Parameter | None:
    """The option whose value comes next, or the positional argument the next word fills."""
    by_opt = {o: p for p in cmd.params if isinstance(p, click.Option) for o in p.opts}
    if rest and rest[-1] in by_opt and not by_opt[rest[-1]].is_flag and not by_opt[rest[-1]].count:
        return by_opt[rest[-1]]
    positionals = [p for p in cmd.params if isinstance(p, click.Argument)]
    filled, skip = 0, False
    for word in rest:
        if skip:
            skip = False
        elif word in by_opt:
            skip = not (by_opt[word].is_flag or by_opt[word].count)
        elif not word.startswith("--"):
            filled += 1
    for p in positionals:
        if p.nargs == -1:
            return p
        if filled < p.nargs:
            return p
        filled -= p.nargs
    return None


class ShellCompleter(Completer):
    """Verbs first; then the verb's options, choices and the session's words."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    def _group(self) -> click.Group | None:
        from referee.cli import cli

        if self.shell.game is None:
            return None
        ctx = click.Context(cli)
        return cli.get_command(ctx, self.shell.game)  # type: ignore[return-value]

    def verbs(self) -> list[str]:
        group = self._group()
        names = list(group.list_commands(click.Context(group))) if group is not None else []
        return sorted({*names, *ROOT_COMMANDS, *SHELL_WORDS, *GAMES})

    def _command(self, words: list[str]) -> tuple[click.Command | None, list[str]]:
        """The leaf command the line names, and the words typed after it."""
        from referee.cli import cli

        group = self._group()
        rest = words[1:]
        head = words[0]
        if head in games():
            group = cli.get_command(click.Context(cli), head)  # type: ignore[assignment]
            if len(words) < 2:
                return group, []
            head, rest = words[1], words[2:]
        cmd: click.Command | None = None
        if group is not None and head in group.list_commands(click.Context(group)):
            cmd = group.get_command(click.Context(group), head)
        elif head in ROOT_COMMANDS:
            cmd = cli.get_command(click.Context(cli), head)
        while isinstance(cmd, click.Group) and rest and rest[0] in cmd.list_commands(click.Context(cmd)):
            cmd, rest = cmd.get_command(click.Context(cmd), rest[0]), rest[1:]
        return cmd, rest

    def words_after(self, words: list[str]) -> list[str]:
        """What may come next: the words of the parameter being typed when the session
        names them (an argument `minion` takes the `minions`), else every word it knows."""
        if words[0] == "use":
            return [*games(), *([self.shell.session_id] if self.shell.session_id else [])]
        if words[0] in CORRECTIONS:
            return self.correction_words(words)
        cmd, rest = self._command(words)
        everything = [w for values in self.shell.vocab.values() for w in values]
        if cmd is None:
            return everything
        options = [o for p in cmd.params if isinstance(p, click.Option) for o in p.opts if o.startswith("--")]
        if isinstance(cmd, click.Group):
            return [*cmd.list_commands(click.Context(cmd)), *options]
        param = _param_being_typed(cmd, rest)
        if param is not None:
            if isinstance(param.type, click.Choice):
                known = list(map(str, param.type.choices))
            else:  # the metavar says what it wants (`--to MINION`), else the name
                names = [(param.metavar or "").lower().strip("[].:"), param.name or ""]
                known = next((w for w in map(self.vocabulary_for, names) if w), [])
            if isinstance(param, click.Option):  # an option's value: nothing else fits here
                return known or everything
            if known:
                return [*known, *options]
        return [*everything, *options]

    def correction_words(self, words: list[str]) -> list[str]:
        """`amend N -- WORDS`: the live action numbers (latest first), then after `--` the
        game's own verbs and their words, as at the start of a line."""
        if "--" in words:
            after = words[words.index("--") + 1:]
            group = self._group()
            if not after:
                return list(group.list_commands(click.Context(group))) if group is not None else []
            return self.words_after(after)
        if len(words) == 1:
            from referee.cli.corrections import live_lines

            try:
                return [str(n) for n, _ in live_lines(self.shell.referee, self.shell.session_id)]
            except Exception:  # completion never breaks the prompt
                return []
        return ["--", "--reason", "--dry-run", "--cut"]

    def vocabulary_for(self, name: str) -> list[str]:
        """The session's words for a parameter, by its name (singular or plural) or an alias."""
        vocab = self.shell.vocab
        if not name:
            return []
        for key in (name, name + "s", name + "es", name[:-1] + "ies" if name.endswith("y") else name,
                    *PARAM_ALIASES.get(name, ())):
            if vocab.get(key):
                return list(vocab[key])
        return []

    def get_completions(self, document: Document, complete_event: Any) -> Iterable[Completion]:
        text = document.text_before_cursor
        try:
            words = shlex.split(text)
        except ValueError:
            words = text.split()
        current = "" if not text or text[-1].isspace() else (words[-1] if words else "")
        before = words if current == "" else words[:-1]
        candidates = self.verbs() if not before else self.words_after(before)
        seen: set[str] = set()
        for word in candidates:
            if word in seen:
                continue
            seen.add(word)
            if word.lower().startswith(current.lower()):
                yield Completion(word, start_position=-len(current))
