"""One test harness for every game (after OpenSpiel's RandomSimTest): a `Table`.

A `Table` plays a session in a throwaway store through the real code: typed commands
go through the Click commands exactly as a player types them (`ok("move a2 a3")`),
actions as the log keeps them through the session layer (`act({...})`), with real
chance (seeded). After every accepted action the game's invariants are checked on the
state rebuilt from the store; after every refusal, nothing may have been recorded.

    t = Table("croa", "--player Ann:red --player Bob:blue --digital", seed="7")
    t.ok("move a2 a3")
    t.refused("move h8 g8", rule="Moves")      # exit 1, the rule named, nothing stored
    assert t.summary["current"] == "Bob"
"""

from __future__ import annotations

import json
import random
import shlex
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.model.errors import RefereeError

EXIT_MEANING = {0: "done", 1: "refused by a rule", 2: "usage error", 3: "session or storage error"}


@dataclass
class Outcome:
    """What one typed command did: its exit code and the `--json` envelope it printed."""

    code: int
    envelope: dict[str, Any]
    output: str

    @property
    def error(self) -> dict[str, Any]:
        return self.envelope.get("error") or {}

    @property
    def result(self) -> dict[str, Any]:
        return self.envelope.get("result") or {}

    @property
    def text(self) -> str:
        """The events printed, one line each (what the table reads)."""
        return "\n".join(e.get("text", "") for e in self.result.get("events", []))


class Table:
    """A session of one game in a private store, played through the real session code."""

    def __init__(self, game: str, new: str | list[str] | None = None, *, seed: str | None = "1",
                 options: dict[str, Any] | None = None, path: str | Path | None = None) -> None:
        self.game = game
        self._tmp = None if path else tempfile.mkdtemp(prefix="referee-table-")
        self.path = Path(path) if path else Path(self._tmp or ".") / "table.db"
        self.sid: str | None = None
        if options is not None:
            from referee.record import session

            loaded, _ = session.create(self.store, game, options, seed=seed)
            self.sid = loaded.id
        elif new is not None:
            words = shlex.split(new) if isinstance(new, str) else list(new)
            out = self.run(["new", *words, *(["--seed", seed] if seed is not None else [])])
            assert out.code == 0, f"new refused: {out.error or out.output}"
            self.sid = out.envelope["session"]
        self.check()

    # -- the store -------------------------------------------------------------------------
    _store: Any = None

    @property
    def store(self) -> Any:
        if self._store is None:
            from referee.record.store import Store

            self._store = Store(self.path)
        return self._store

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None
        if self._tmp:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None

    def __enter__(self) -> Table:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- typed commands -----------------------------------------------------------------------
    def run(self, command: str | list[str], *, game: bool = True) -> Outcome:
        """Run what a player types after `referee GAME` (or after `referee`, game=False)."""
        from click.testing import CliRunner

        from referee.cli import cli
        from referee.cli.run import invoke

        words = shlex.split(command) if isinstance(command, str) else list(command)
        args = ["--db", str(self.path), "--json"]
        if self.sid:
            args += ["--session", self.sid]
        args += [self.game, *words] if game else words
        runner = CliRunner()
        with runner.isolation() as (out, _err, *_):
            code = invoke(cli, args)
            printed = out.getvalue().decode()
        try:
            envelope = json.loads(printed.strip().splitlines()[-1]) if printed.strip() else {}
        except json.JSONDecodeError:
            envelope = {}
        return Outcome(code, envelope, printed)

    def ok(self, command: str | list[str]) -> Outcome:
        """The command is accepted (exit 0); the invariants hold after it."""
        out = self.run(command)
        assert out.code == 0, (f"`{command}` was not accepted: exit {out.code} "
                               f"({EXIT_MEANING.get(out.code)}): {out.error or out.output}")
        self.check()
        return out

    def refused(self, command: str | list[str], rule: str | None = None, *, code: int = 1,
                message: str | None = None) -> Outcome:
        """The command is refused with exit `code` (1: a rule; 2: usage), naming `rule`
        (a part of it) and saying `message` (a part of it); nothing was recorded."""
        before = self.log_length()
        out = self.run(command)
        assert out.code == code, (f"`{command}`: expected exit {code} ({EXIT_MEANING.get(code)}), "
                                  f"got {out.code}: {out.error or out.output}")
        if rule is not None:
            assert rule.casefold() in (out.error.get("rule") or "").casefold(), out.error
        if code == 1:
            self.listed_rule(out.error.get("rule") or "")
        if message is not None:
            assert message.casefold() in (out.error.get("message") or "").casefold(), out.error
        assert self.log_length() == before, "a refused command changed the log"
        return out

    # -- actions as the log keeps them ------------------------------------------------------------
    def act(self, action: dict[str, Any], *, dry_run: bool = False) -> list[dict[str, Any]]:
        """Apply one action through the session layer; returns its events."""
        from referee.record import session

        assert self.sid, "no session yet"
        _, events = session.act(self.store, self.sid, action, dry_run=dry_run)
        self.check()
        return events

    def refuse(self, action: dict[str, Any], rule: str | None = None,
               kind: type[RefereeError] | None = None) -> RefereeError:
        """The action is refused (by a rule unless `kind` says otherwise); nothing recorded."""
        from referee.model.errors import IllegalAction
        from referee.record import session

        assert self.sid, "no session yet"
        before = self.log_length()
        try:
            session.act(self.store, self.sid, action)
        except RefereeError as exc:
            assert isinstance(exc, kind or IllegalAction), f"{type(exc).__name__}: {exc.message}"
            if rule is not None:
                assert rule.casefold() in (exc.rule or "").casefold(), (exc.rule, exc.message)
            if isinstance(exc, IllegalAction):
                self.listed_rule(exc.rule or "")
            assert self.log_length() == before, "a refused action changed the log"
            return exc
        raise AssertionError(f"{action} was accepted")

    def listed_rule(self, rule: str) -> None:
        """A rule a refusal names is one `referee GAME rules` lists (so the table can look it up)."""
        from referee.model import rulebook

        assert rule, "a refusal by a rule names it"
        assert rulebook.known(self.engine, rule), (
            f"the rule {rule!r} is not listed by `referee {self.game} rules`")

    # -- reading ---------------------------------------------------------------------------------
    @property
    def loaded(self) -> Any:
        from referee.record import session

        assert self.sid, "no session yet"
        return session.load(self.store, self.sid)

    @property
    def state(self) -> Any:
        return self.loaded.state

    @property
    def summary(self) -> dict[str, Any]:
        return self.loaded.summary

    @property
    def engine(self) -> Any:
        from referee.model import registry

        return registry.engine(self.game)

    def log_length(self) -> int:
        return len(self.store.actions(self.sid)) if self.sid else 0

    def check(self) -> None:
        """The game's invariants on the state rebuilt from the store."""
        if self.sid:
            loaded = self.loaded
            loaded.engine.check_invariants(loaded.state)

    def library(self) -> dict[str, dict]:
        """The game's card library in this table's store (empty for a game without one)."""
        from referee.cli.complete import library

        return library(self.store, self.game)

    def dry_run_listed(self, limit: int | None = None, rng: random.Random | None = None) -> int:
        """Every distinct action `legal_actions` lists now (the card library folded in, as
        hints list them; the first `limit`, or `limit` drawn with `rng`) is accepted as it
        stands by a dry run; returns how many were checked. A placeholder the table fills in
        (an attached card's name) gets the playout's sample value (an action it has none for
        is not checked); a verb whose command copies
        a library card's stats into the action is typed as a player types it."""
        seen: dict[str, dict[str, Any]] = {}
        state = self.state
        for action in self.engine.legal_actions(self.engine.with_library(state, self.library())):
            seen.setdefault(json.dumps(action, sort_keys=True), action)
        listed = list(seen.values())
        if limit is not None:
            listed = rng.sample(listed, min(limit, len(listed))) if rng else listed[:limit]
        from referee.cli.hint import free_fields

        checked = 0
        for action in listed:
            filled = self.engine.playout_action(state, action)
            if filled is None:
                if free_fields(self.engine, action):  # no sample fits this one here
                    continue
                filled = action
            checked += 1
            words = self._typed_with_prepare(filled)
            if words is None:
                self.act(filled, dry_run=True)
                continue
            before = self.log_length()
            out = self.run([*words, "--dry-run"])
            assert out.code == 0, f"`{shlex.join(words)}` (listed) was refused: {out.error or out.output}"
            assert self.log_length() == before
        return checked

    def _typed_with_prepare(self, action: dict[str, Any]) -> list[str] | None:
        """The words that type `action` when its command copies card stats from the library
        (`prepare`), else None (the action is then acted as it stands)."""
        import click

        from referee.cli import cli
        from referee.cli.hint import command_words

        ctx = click.Context(cli)
        group = cli.get_command(ctx, self.game)
        command = group.get_command(ctx, action["verb"]) if isinstance(group, click.Group) else None
        if command is None or getattr(command, "referee_prepare", None) is None:
            return None
        words = command_words(self.engine, action["verb"], command, action)
        assert words is not None, f"{action} cannot be typed"
        return words

    # -- random play ---------------------------------------------------------------------------------
    def playout(self, steps: int, rng: random.Random) -> int:
        """Take up to `steps` random legal actions (the engine's `legal_actions`, placeholders
        filled by `playout_action`); returns how many were taken. Every one must be accepted."""
        taken = 0
        for _ in range(steps):
            legal = playout_choices(self.engine, self.state)
            if not legal:
                break
            self.act(rng.choice(legal))
            taken += 1
        return taken


def playout_choices(engine: Any, state: Any) -> list[dict[str, Any]]:
    """What a random playout may take now (`Engine.playout_choices`: a weighted sample of the
    legal actions, placeholders given sample values). Empty exactly when nothing is listed."""
    chosen = engine.playout_choices(state)
    assert chosen or not engine.legal_actions(state), "the playout leaves out every listed action"
    return chosen


# -- the declaration against the command line ------------------------------------------------------
def declaration_problems(game: str) -> list[str]:
    """How a game's declared verbs and its Click commands differ (empty: they match).

    Each declared verb is a command of `referee GAME`; its positional fields are the
    command's arguments in order (same name, or the field's metavar), with the same
    multiplicity and need; each option field is an option of that spelling, a flag
    exactly when the field is one; and every command that takes `--dry-run` (but `new`)
    is a declared verb."""
    import click

    from referee.cli import cli
    from referee.model import registry

    engine = registry.engine(game)
    ctx = click.Context(cli)
    group = cli.get_command(ctx, game)
    assert isinstance(group, click.Group), game
    problems: list[str] = []
    for name, verb in engine.verbs.items():
        command = group.get_command(ctx, name)
        if command is None:
            problems.append(f"{name}: declared, but not a command of referee {game}")
            continue
        arguments = [p for p in command.params if isinstance(p, click.Argument)]
        options = [p for p in command.params if isinstance(p, click.Option)]
        positional = [f for f in verb.fields if f.positional]
        if [a.name for a in arguments] != [
                next((a.name for a in arguments if a.name == f.name or
                      (f.metavar and (a.metavar or "").lower() == f.metavar.lower())), f"<{f.name}>")
                for f in positional]:
            problems.append(f"{name}: arguments {[a.name for a in arguments]} "
                            f"!= fields {[f.name for f in positional]}")
            continue
        for field, argument in zip(positional, arguments, strict=True):
            if (argument.nargs == -1) != field.multiple:
                problems.append(f"{name} {field.name}: multiple in one, not the other")
        for field in verb.fields:
            if field.positional:
                continue
            option = next((o for o in options if field.option in o.opts), None)
            if option is None:
                problems.append(f"{name}: no option {field.option} for field {field.name}")
            elif option.is_flag != (field.kind == "flag"):
                problems.append(f"{name} {field.option}: a flag in one, not the other")
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is None or name == "new" or isinstance(command, click.Group):
            continue
        if any(isinstance(p, click.Option) and "--dry-run" in p.opts for p in command.params) \
                and name not in engine.verbs:
            problems.append(f"{name}: an action command (it takes --dry-run) that is not declared")
    return problems
