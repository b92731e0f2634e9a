"""`referee play`: an interactive prompt-toolkit shell over the same commands.

Each line is a command of the game's group (`move ares:1 port`) or a session
command (`undo`, `log`, `show`, `export ...`); a unique prefix of a command is enough
(`mo` for `move`). Completion offers the words that can be legal there now (the same
answer bash completion and `hint` give, from `referee.cli.complete`), fuzzy matched,
each with a short description; the bottom toolbar shows whose turn it is and any
pending decision. Another terminal's writes are noticed (SQLite's data_version) before
each prompt and every half second, and toolbar, completion and prompt follow them.
Nothing here knows a game's rules: it asks the engine.
"""

from __future__ import annotations

import io
import shlex
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from referee.record.stores import default_path

if TYPE_CHECKING:  # prompt_toolkit loads only for a prompt, not for a script on stdin
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.document import Document
    from prompt_toolkit.history import History

import shutil
import sys
from difflib import get_close_matches

from click.shell_completion import _resolve_context, _resolve_incomplete

from referee.cli import output as out
from referee.cli.ansi import STYLES
from referee.cli.complete import Live, command_words, heads
from referee.cli.context import Referee
from referee.cli.corrections import live_lines
from referee.cli.live import store_version
from referee.cli.names import SESSION_COMMANDS
from referee.cli.output import status_line
from referee.cli.root import GAME_HELP, cli
from referee.cli.run import invoke
from referee.model import registry, tables
from referee.model.errors import RefereeError
from referee.model.i18n import N_, _, click_speaks, fold, number, or_list, typeset
from referee.model.tables import text_width
from referee.record import session


class _Held(io.StringIO):
    """Standard output kept aside, seen as the terminal it stands for (colours as they would be)."""

    def __init__(self, real: Any) -> None:
        super().__init__()
        self.real = real

    def isatty(self) -> bool:
        try:
            return bool(self.real.isatty())
        except Exception:
            return False

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.real, "encoding", None) or "utf-8"


def _rows(text: str) -> int:
    """The screen rows `text` takes at the terminal's width (a long line wraps)."""
    cols = max(1, out.width() or 80)
    return sum(max(1, -(-text_width(STYLES.sub("", line)) // cols)) for line in text.rstrip("\n").split("\n")) \
        if text.strip() else 0


def games() -> list[str]:
    return registry.names()


# every session command of `referee` except the two that make no sense inside the shell
CORRECTIONS = ("amend", "insert", "strike")
ROOT_COMMANDS = tuple(name for name in SESSION_COMMANDS if name not in ("play", "completion"))
SHELL_WORDS = ("help", "quit", "exit", "use", "set")
MAX_LINE = 4096  # characters in one command line (the prompt or a script)
SHELL_HELP = (
    ("use GAME|ID", N_("Play another game (its current session) or a session by its id.")),
    ("set board on|off", N_("Draw the board again after each action (also `play --board`).")),
    ("help [COMMAND]", N_("This list, or the help of one command (`help move`, `help undo`).")),
    ("quit", N_("Leave the shell (also `exit` or Ctrl-D).")),
)


class Shell:
    """One interactive session at the table."""

    def __init__(self, referee: Referee, game: str | None = None, session_id: str | None = None,
                 input: Any = None, output: Any = None, history: History | None = None,
                 board: bool = False) -> None:
        self.referee = referee
        self.board = board  # draw the board after each action
        self._version: tuple[int, Any] | None = None  # the store's data_version last seen
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
            from prompt_toolkit import PromptSession
            from prompt_toolkit.application.current import get_app
            from prompt_toolkit.filters import Condition

            input, output, history = self._io
            # the menu's rows are kept under the prompt only once something is typed (or Tab
            # pressed): an empty prompt leaves the answer above it whole on the screen
            typing = Condition(lambda: bool(get_app().current_buffer.text))
            self._prompt = PromptSession(
                completer=self.completer(),
                history=history or self._file_history(), input=input,
                output=output, bottom_toolbar=self.toolbar, complete_while_typing=typing,
                refresh_interval=0.5,  # the toolbar asks the store whether another terminal wrote
            )
        return self._prompt

    def completer(self) -> Completer:
        """The legal words, matched fuzzily against what is typed (ShellCompleter)."""
        return completer_class()(self)

    def _file_history(self) -> History:
        from prompt_toolkit.history import FileHistory, InMemoryHistory

        try:
            store = self.referee.store()
            if getattr(store, "url", None):  # a club's server: the history stays on this machine
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
        self.summary, self.vocab, self.session_id = None, {}, None
        self.referee.live = None
        self.turn_word = "turn"
        try:
            store = self.referee.store()
            self._version = (id(store), store_version(store))
            sid = session.resolve(store, self.game, self.pinned)
            loaded = session.load(store, sid)
        except Exception:
            return
        self.referee.live = Live.of(loaded, store)
        self.session_id = sid
        self.game = loaded.game
        self.summary = loaded.summary
        self.turn_word = loaded.engine.turn_word
        try:
            # the words of the state as the table sees it (Blessings drawn for one player are theirs)
            self.vocab = {k: [str(w) for w in v] for k, v in loaded.engine.lexicon.vocabulary(loaded.shown_state).items()}
        except Exception:
            self.vocab = {}

    def follow(self) -> bool:
        """Refresh when another terminal wrote to the store since the last look (SQLite's
        `data_version` on this connection changes only for other connections' commits)."""
        try:
            store = self.referee._store or self.referee.store()
            seen = (id(store), store_version(store))
        except Exception:  # a store that went away: the toolbar keeps what it had
            return False
        if seen == self._version:
            return False
        self.refresh()
        return True

    def toolbar(self) -> str:
        self.follow()
        if self.game is None:
            return " " + _("no game yet: type `kleos new ...` (or another game), `sessions`, `help`") + " "
        if self.summary is None:
            return " " + _("{game}: no open session; start one with `new ...`").format(game=self.game) + " "
        text = f" {self.session_id} · {status_line(self.summary, self.turn_word)} "
        # the whole line, wrapped between words (a long list of choices is never cut off)
        return tables.wrap_paragraph(text, max(20, shutil.get_terminal_size((80, 24)).columns - 1), "   ")

    def prompt_text(self) -> str:
        return f"{self.game or 'referee'}> "

    def expand(self, words: list[str]) -> list[str]:
        """A unique prefix of a command stands for it (`mo` -> `move`, `und` -> `undo`)."""
        if not words:
            return words
        head = words[0]
        names = self.commands()
        if head in names or head.startswith("-"):
            return words
        found = [n for n in names if n.startswith(head)]
        if not found:  # a verb in the table's words (`déplacer`, `reb`), accents optional
            aliases: dict[str, str] = getattr(self.group(), "aliases", {})
            exact = aliases.get(fold(head))  # `carte`, though `cartes` begins with it
            found = [exact] if exact else sorted({v for k, v in aliases.items()
                                                  if k.startswith(fold(head))})
        return [found[0], *words[1:]] if len(found) == 1 else words

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
            raise click.UsageError(_("which game? Start the line with one of: {games}, or `use GAME`").format(
                games=", ".join(games())))
        group = self.group()
        if group is not None and head not in group.list_commands(click.Context(group)) and not head.startswith("-"):
            raise click.UsageError(self._unknown(head))
        return [self.game, *words]

    def group(self, game: str | None = None) -> click.Group | None:
        """The Click group of a game (the shell's own game by default)."""
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
        starting = [c for c in self.commands() if c.startswith(word)]
        if len(starting) > 1:
            return _("'{word}' could be {names}: type more of it. Type 'help' for the list.").format(
                word=word, names=or_list([", ".join(starting[:-1]), starting[-1]]))
        close = get_close_matches(word, self.commands(), n=3)
        hint = " " + _("Did you mean {names}?").format(names=or_list([repr(c) for c in close])) if close else ""
        return _("no command '{word}' here.{hint} Type 'help' for the list.").format(word=word, hint=hint)

    # -- help ----------------------------------------------------------------------
    def help(self, topic: list[str]) -> int:
        """`help`: every command of the shell; `help VERB`, `help card add`, `help undo`, `help GAME`."""
        if not topic:
            click.echo(self.overview())
            return 0
        head = topic[0]
        if head in SHELL_WORDS:
            usage, text = next((u, t) for u, t in SHELL_HELP if u.split()[0] == ("quit" if head == "exit" else head))
            click.echo(f"{_('Usage:')} {usage}\n\n  {_(text)}")
            return 0
        cmd: click.Command | None = None
        path = [head]
        group = self.group()
        verb = self.expand([head])[0] if group is not None and head not in games() else head
        if head in games():
            cmd = self.group(head)
        elif group is not None and verb in group.list_commands(click.Context(group)):
            cmd = group.get_command(click.Context(group), verb)  # `help déplacer`: move's help
        elif head in ROOT_COMMANDS:
            cmd = cli.get_command(click.Context(cli), head)
        if cmd is None:
            out.echo(out.fit(f"{_('error')}{_(':')} {self._unknown(head)}"), err=True, ref=self.referee)
            return 2
        for word in topic[1:]:  # `help card add`
            if not isinstance(cmd, click.Group) or word not in cmd.list_commands(click.Context(cmd)):
                break
            sub = cmd.get_command(click.Context(cmd), word)
            if sub is None:
                break
            cmd = sub
            path.append(word)
        click_speaks()  # Click's own words (`Usage:`, `Options`) in the table's language
        ctx = click.Context(cmd, info_name=" ".join(path), **cmd.context_settings)
        click.echo(cmd.get_help(ctx))
        return 0

    def overview(self) -> str:
        """What `help` prints: the game's verbs, the session commands, the shell's own words."""
        formatter = click.HelpFormatter(width=min(out.width() or 80, 100))
        formatter.write_text(_("Type a command as you would after `referee` (the game's name may be left "
                               "out). `help COMMAND` shows one command; Tab completes."))
        group = self.group()
        if group is not None:
            gctx = click.Context(group)
            said = getattr(group, "said_name", lambda name: name)  # in the table's words
            rows = [(said(name), typeset(cmd.get_short_help_str(limit=60))) for name in group.list_commands(gctx)
                    if (cmd := group.get_command(gctx, name)) is not None and not cmd.hidden]
            rows.sort(key=lambda row: fold(row[0]))
            with formatter.section(_("{game} verbs ({session})").format(game=self.game, session=self.session_id)
                                   if self.session_id else _("{game} verbs").format(game=self.game)):
                formatter.write_dl(rows)
        with formatter.section(_("Session commands")):
            formatter.write_dl([(name, _(SESSION_COMMANDS[name][1])) for name in ROOT_COMMANDS])
        with formatter.section(_("Shell")):
            formatter.write_dl([(usage, _(text)) for usage, text in SHELL_HELP])
        with formatter.section(_("Games (start a line with one, or `use` it)")):
            formatter.write_dl([(g, _(GAME_HELP.get(g, ""))) for g in games()])
        return formatter.getvalue().rstrip("\n")

    def _with_session(self, rest: list[str]) -> list[str]:
        if rest and not rest[0].startswith("-"):
            return rest
        return [self.session_id or "", *rest]

    def execute(self, line: str) -> int | None:
        """Run one line; returns its exit code, or None to leave the shell."""
        line = line.strip()
        if not line or line.startswith("#"):
            return 0
        if len(line) > MAX_LINE:  # refused before it is split: splitting a huge line takes minutes
            out.echo(f"{_('error')}{_(':')} " + _("the line is {length} characters long, over the limit of {limit} for one"
                                          " command; nothing was run").format(
                length=number(len(line)), limit=number(MAX_LINE)), err=True, ref=self.referee)
            return 2
        try:
            words = shlex.split(line)
        except ValueError as exc:
            out.echo(f"{_('error')}{_(':')} " + _("{problem} (check your quotes)").format(problem=_(str(exc))),
                     err=True, ref=self.referee)
            return 2
        if len(words) > 1 and words[0] == "referee":  # a command pasted from the docs or a message
            words = words[1:]
        words = self.expand(words)
        if words[0] in ("quit", "exit"):
            return None
        if words[0] == "set":
            return self._set(words[1:])
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
            out.echo(out.fit(f"{_('error')}{_(':')} {exc.format_message()}"), err=True, ref=self.referee)
            return 2
        self.referee.as_json = False
        self.referee.session_id = self.pinned
        self.referee.shell_game = self.game
        if len(args) > 1 and args[1] == "new":
            self.pinned = None
            self.referee.session_id = None
        if not (self.board and self._acted(args)):
            code = invoke(cli, args, prog_name="referee", obj=self.referee)
            self.last_code = code
            self.refresh()
            return code
        # the board on: the action's answer is held, the board drawn, then the answer under it,
        # next to the prompt (at 80x24 what just happened never scrolls away above the board)
        held, real = _Held(sys.stdout), sys.stdout
        sys.stdout = held
        try:
            code = invoke(cli, args, prog_name="referee", obj=self.referee)
        finally:
            sys.stdout = real
        self.last_code = code
        self.refresh()
        answer = held.getvalue()
        if code == 0:
            self.referee.rows_after = _rows(answer)
            try:
                invoke(cli, [self.game or "", "status"], prog_name="referee", obj=self.referee)
            finally:
                self.referee.rows_after = 0
        real.write(answer)
        real.flush()
        return code

    def _acted(self, args: list[str]) -> bool:
        """Whether the line was a game action that was recorded (not a view, not a dry run)."""
        if "--dry-run" in args or len(args) < 2 or args[0] not in games() or args[1] == "new":
            return False
        group = self.group(args[0])
        cmd = group.get_command(click.Context(group), args[1]) if group is not None else None
        return cmd is not None and any(p.name == "dry_run" for p in cmd.params)

    def _set(self, rest: list[str]) -> int:
        """`set board on|off`: draw the board after each action, or not."""
        if len(rest) != 2 or rest[0] != "board" or rest[1] not in ("on", "off"):
            out.echo(f"{_('error')}{_(':')} " + _("usage: set board on|off"), err=True, ref=self.referee)
            return 2
        self.board = rest[1] == "on"
        click.echo(_("The board is drawn after each action.") if self.board else _("The board is drawn on `show`."))
        return 0

    def _use(self, target: str) -> int:
        """`use GAME` or `use SESSION-ID`: switch what the shell acts on."""
        if target in games():
            self.game, self.pinned = target, None
        else:
            try:
                meta = self.referee.store().session(target)
            except RefereeError as exc:
                out.echo(out.fit(f"{_('error')}{_(':')} {out.shell_syntax(exc.message, self.game)}"), err=True,
                         ref=self.referee)
                return 3
            self.game, self.pinned = meta["game"], target
        self.refresh()
        click.echo(_("Now playing {what}.").format(what=self.session_id or self.game))
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
            click.echo(f"{self.prompt_text()}{line if len(line) <= MAX_LINE else line[:80] + ' ...'}")
            code = self.execute(line)
            if code is None:
                break
            self.script_codes.append((line, code))
            worst = max(worst, code)
            if code and bail:
                return code
        return worst if bail else 0

    def run(self) -> int:
        click.echo(out.fit(_("referee shell: type a command (`help` lists them, Tab completes, `quit` leaves).")))
        if self.summary:
            click.echo(f"{self.session_id}: {status_line(self.summary, self.turn_word)}")
        while True:
            self.follow()
            try:
                line = self.prompt.prompt(self.prompt_text)
            except KeyboardInterrupt:
                continue
            except EOFError:
                break
            if self.execute(line) is None:
                break
        return 0


class ShellWords:
    """The shell's completer (`ShellCompleter`, a prompt_toolkit Completer made on first use).

    The first word: commands, with their short help. After it: Click's own parsing of the
    line decides which argument or option value is being typed, and its completion (the legal
    words now, `referee.cli.complete`) answers. The candidates are
    matched fuzzily against what is typed (`fuzzy`)."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    def first_words(self, now: bool = True) -> list[tuple[str, str]]:
        """The words that start a line: the game's commands (with `now`, its verbs legal now and
        its views; else all of them: a correction's command is checked where it goes), the
        session commands, the shell's own, the games."""
        shell = self.shell
        group = shell.group()
        verbs: list[tuple[str, str]] = []
        if group is not None:
            gctx = click.Context(group)
            for name in group.list_commands(gctx):
                cmd = group.get_command(gctx, name)
                if cmd is not None and not cmd.hidden:
                    verbs.append((name, cmd.get_short_help_str(limit=40)))
            # the verbs legal now, then the views and tools (as bash, zsh and fish offer them)
            live = getattr(shell.referee, "live", None)
            if now:
                verbs = command_words(live if live is not None and live.game == shell.game else None,
                                      registry.engine(shell.game or "").verbs, verbs)
        rest = [(n, _(SESSION_COMMANDS[n][1])) for n in ROOT_COMMANDS]
        rest += [(u.split()[0], _(t)) for u, t in SHELL_HELP] + [("exit", _("Leave the shell."))]
        rest += [(g, _(GAME_HELP.get(g, ""))) for g in games()]
        return [*verbs, *rest]

    def after(self, before: list[str], current: str) -> list[tuple[str, str]]:
        """(word, description) for the word being typed after `before`."""
        shell = self.shell
        head = before[0]
        if head == "use":
            return [(g, _("a game")) for g in games()] + (
                [(shell.session_id, _("this session"))] if shell.session_id else [])
        if head == "help":
            return [(w, "") for w in shell.commands()]
        if head == "set":
            return [("board", _("draw the board after each action"))] if len(before) == 1 else [
                ("on", ""), ("off", "")]
        if head in CORRECTIONS and "--" not in before:  # `amend N`: the live action numbers
            if len(before) == 1:
                try:
                    return [(str(n), str(text)) for n, text in live_lines(shell.referee, shell.session_id)]
                except Exception:  # completion never breaks the prompt
                    return []
            return [("--", _("then the command")), ("--reason", ""), ("--dry-run", ""), ("--cut", "")]
        if head in ROOT_COMMANDS and "--" in before:  # `COMMAND N -- WORDS`: a game's command
            rest = before[before.index("--") + 1:]
            if rest:
                return self.after(rest, current)
            group = shell.group()
            verbs = set(group.list_commands(click.Context(group))) if group is not None else set()
            return [(w, h) for w, h in self.first_words(now=False) if w in verbs]
        try:
            args = shell.args_for(before)
        except click.UsageError:
            return []
        return click_words(shell.referee, args, current)

    def get_completions(self, document: Document, complete_event: Any) -> Iterable[Completion]:
        text = document.text_before_cursor
        if len(text) > MAX_LINE:
            return
        try:
            words = shlex.split(text)
        except ValueError:
            words = text.split()
        current = "" if not text or text[-1].isspace() else (words[-1] if words else "")
        before = self.shell.expand(words if current == "" else words[:-1])
        try:
            found = self.first_words() if not before else self.after(before, current)
        except Exception:  # completion must never break the prompt
            found = []
        found = heads(found, current) or found
        ranked = []
        for word, meta in _unique(found):
            rank = fuzzy(word, current.lstrip("'\""))
            if rank is not None:
                ranked.append((rank, word, meta))
        ranked.sort(key=lambda r: r[0])  # stable: prefix matches first, in the order offered
        start = last_word_start(text)
        from prompt_toolkit.completion import Completion

        for _rank, word, meta in ranked:  # a name with spaces goes in quoted, so it stays one word
            yield Completion(shlex.quote(word), start_position=start - len(text), display=word,
                             display_meta=meta or None)


_COMPLETER: type | None = None


def completer_class() -> Any:
    """`ShellCompleter`: ShellWords as a prompt_toolkit Completer (imported only now)."""
    global _COMPLETER
    if _COMPLETER is None:
        from prompt_toolkit.completion import Completer

        _COMPLETER = type("ShellCompleter", (ShellWords, Completer), {"__module__": __name__})
    return _COMPLETER


def __getattr__(name: str) -> Any:
    if name == "ShellCompleter":
        return completer_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def last_word_start(text: str) -> int:
    """Where the word being typed begins in `text` (its opening quote included); len(text) after
    a space outside quotes."""
    start, quote, in_word = len(text), None, False
    for i, char in enumerate(text):
        if quote:
            quote = None if char == quote else quote
            continue
        if char.isspace():
            in_word = False
            continue
        if not in_word:
            start, in_word = i, True
        if char in "'\"":
            quote = char
    return start if in_word or quote else len(text)


def _unique(found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    seen: dict[str, str] = {}
    for word, meta in found:
        seen.setdefault(word, meta)
    return list(seen.items())


def fuzzy(word: str, typed: str) -> int | None:
    """0 when `word` starts with `typed` (any case), 1 when `typed`'s letters appear in it in
    order (`rc` finds `recruit`, `a1` finds `ares:1`), None when they do not."""
    w, t = word.casefold(), typed.casefold()
    if w.startswith(t):
        return 0
    pos = -1
    for ch in t:
        pos = w.find(ch, pos + 1)
        if pos < 0:
            return None
    return 1


def click_words(referee: Referee, args: list[str], current: str) -> list[tuple[str, str]]:
    """What Click's completion offers after `referee ARGS` (the same as bash completion), all
    of it: an option is offered when the word typed starts with `-`."""
    ctx = _resolve_context(cli, {"obj": referee}, "referee", list(args))
    incomplete = current if current.startswith("-") else ""
    obj, incomplete = _resolve_incomplete(ctx, list(args), incomplete)
    items = obj.shell_complete(ctx, incomplete)
    return [(str(i.value), i.help or "") for i in items if i.type == "plain"]
