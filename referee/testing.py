"""One test harness for every game (after OpenSpiel's RandomSimTest): a `Table`.

A `Table` plays a session of one game: typed commands are parsed by the real Click
commands exactly as a player types them (`ok("move a2 a3")`), actions as the log keeps them
are taken as they stand (`act({...})`), with real chance (seeded). After every accepted
action the game's invariants are checked; after every refusal, nothing may have changed.

It plays at engine speed: the session is held in memory (the `new` action and the log, as
the session layer would record them) and every action goes through the session's one step,
`referee.record.session._apply` (the engine's `apply`, chance seeded as the store seeds it),
with no store and no replay. The first time a test needs the store (a command that is not an
action: `status`, `log`, `undo`; `t.sid`, `t.store`, `t.path`; a verb that reads the card
library), the session is written to a private store, action by action, and the table goes
on through the real CLI and session code from there. `Table(..., store=True)` plays through
the store from the start (for the record itself, the CLI and the shell); so does every table
when REFEREE_TABLE=store is set (the rules tests through the store, as the CLI plays them).

    t = Table("croa", "--player Ann:red --player Bob:blue --digital", seed="7")
    t.ok("move a2 a3")
    t.refused("move h8 g8", rule="Moves")      # exit 1, the rule named, nothing changed
    assert t.summary["current"] == "Bob"
"""

from __future__ import annotations

import json
import os
import random
import shlex
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from click.testing import CliRunner

from referee.cli import output
from referee.cli.context import Referee
from referee.cli.hint import command_words, free_fields
from referee.cli.library import library
from referee.cli.root import cli
from referee.cli.run import invoke
from referee.model import registry, rulebook
from referee.model.errors import IllegalAction, RefereeError
from referee.record import session
from referee.record.store import Store

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
        from referee.model.view import text

        return "\n".join(text(e) for e in self.result.get("events", []))


class _NoStore:
    """The store a command parsed in memory is handed: it has none (an action verb only hands
    its action back to `Referee.capture`; anything more would need the store)."""

    readonly = False

    def lost(self) -> bool:
        return False

    def close(self) -> None:
        pass

    def __getattr__(self, name: str) -> Any:
        raise _NeedsStore(name)


class _NeedsStore(Exception):
    """A command parsed in memory reached for the store: it is run through the store instead."""


class Table:
    """A session of one game, played at engine speed (in memory) or through a private store."""

    def __init__(self, game: str, new: str | list[str] | None = None, *, seed: str | None = "1",
                 options: dict[str, Any] | None = None, path: str | Path | None = None,
                 store: bool | None = None) -> None:
        if store is None:  # REFEREE_TABLE=store plays every table through the store (as before)
            store = os.environ.get("REFEREE_TABLE") == "store"
        self.game = game
        self._tmp: str | None = None
        self._path = Path(path) if path else None
        self._sid: str | None = None
        self._memory: Any = None  # the session held in memory (a `session.Loaded`), at engine speed
        in_memory = not store and path is None and seed is not None
        if options is not None:
            if in_memory:
                self._memory, _ = session.create(None, game, options, seed=seed, dry_run=True)  # type: ignore[arg-type]
            else:
                loaded, _ = session.create(self.store, game, options, seed=seed)
                self._sid = loaded.id
        elif new is not None:
            words = shlex.split(new) if isinstance(new, str) else list(new)
            words = [*words, *(["--seed", seed] if seed is not None else [])]
            if not (in_memory and self._new_in_memory(words)):
                out = self.run(["new", *words])
                assert out.code == 0, f"new refused: {out.error or out.output}"
                self._sid = out.envelope["session"]
        self.check()

    @property
    def in_memory(self) -> bool:
        """The session is still held in memory (no store yet)."""
        return self._memory is not None

    # -- the store -------------------------------------------------------------------------
    _store: Any = None

    @property
    def path(self) -> Path:
        """The store's file (the session is written to it first, when held in memory)."""
        self._to_store()
        return self._store_path()

    def _store_path(self) -> Path:
        if self._path is None:
            self._tmp = tempfile.mkdtemp(prefix="referee-table-")
            self._path = Path(self._tmp) / "table.db"
        return self._path

    @property
    def sid(self) -> str | None:
        self._to_store()
        return self._sid

    @sid.setter
    def sid(self, value: str | None) -> None:
        self._to_store()
        self._sid = value

    @property
    def store(self) -> Any:
        self._to_store()
        return self._open_store()

    def _open_store(self) -> Any:
        if self._store is None:
            self._store = Store(self._store_path())
        return self._store

    def _to_store(self) -> None:
        """Write the session held in memory to the store, action by action through the session
        layer (each one checked again there, chance seeded as before: the same results), and
        play on through the store."""
        if self._memory is None:
            return
        memory, self._memory = self._memory, None
        store = self._open_store()
        options = {k: v for k, v in memory.records[0]["action"].items() if k != "verb"}
        loaded, _ = session.create(store, self.game, options, seed=memory.seed,
                                   name=memory.meta.get("name", ""))
        sid = self._sid = str(loaded.id)
        for record in memory.records[1:]:
            _, events = session.act(store, sid, record["action"])
            assert events == record["events"], (
                f"{record['action']} did not do the same through the store: {events} != {record['events']}")

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
        words = shlex.split(command) if isinstance(command, str) else list(command)
        if game and self._memory is not None:
            played = self._run_in_memory(words)
            if played is not None:
                return played
        self._to_store()
        args = ["--db", str(self._store_path()), "--json"]
        if self._sid:
            args += ["--session", self._sid]
        args += [self.game, *words] if game else words
        runner = CliRunner()
        with runner.isolation() as (out, _err, *_):
            code = invoke(cli, args)
            printed = out.getvalue().decode()
        return Outcome(code, _last_json(printed), printed)

    def _parse(self, words: list[str]) -> tuple[int, str, dict[str, Any] | None]:
        """Run the typed words through the real Click commands without a store: (exit code,
        what was printed, the action an action verb handed back, or None)."""
        ref = Referee()
        ref._store = _NoStore()
        ref.capture = []
        with CliRunner().isolation() as (out, _err, *_):
            code = invoke(cli, ["--json", self.game, *words], obj=ref)
            printed = out.getvalue().decode()
        return code, printed, (ref.capture[0] if code == 0 and ref.capture else None)

    def _verb_in_memory(self, words: list[str]) -> bool:
        """The words type one of the game's action verbs this table can play in memory (no
        option that names a store or another session, no card library to read)."""
        if not words or words[0].startswith("-") or {"--session", "--db", "--help", "-h"} & set(words):
            return False
        ctx = click.Context(cli)
        group = cli.get_command(ctx, self.game)
        command = group.get_command(ctx, words[0]) if isinstance(group, click.Group) else None
        return (command is not None and command.name != "new"
                and any(p.name == "dry_run" for p in command.params)
                and getattr(command, "referee_prepare", None) is None)

    def _run_in_memory(self, words: list[str]) -> Outcome | None:
        """A typed action verb, parsed by its Click command and applied in memory; None when
        the words need the store."""
        if not self._verb_in_memory(words):
            return None
        code, printed, action = self._parse(words)
        if code != 0 or action is None:
            if "_NeedsStore" in printed:
                return None
            return Outcome(code, _last_json(printed), printed)
        return self._outcome(action, dry_run="--dry-run" in words)

    def _new_in_memory(self, words: list[str]) -> bool:
        """`new` as typed, its options read by the real command (a dry run, no store)."""
        if {"--like", "--league", "--session", "--db"} & {w.split("=")[0] for w in words}:
            return False
        code, printed, _ = self._parse(["new", *words, "--dry-run"])
        if "_NeedsStore" in printed:
            return False
        envelope = _last_json(printed)
        assert code == 0, f"new refused: {envelope.get('error') or printed}"
        action = dict(envelope["result"]["action"])
        action.pop("verb")
        seed = words[words.index("--seed") + 1] if "--seed" in words else None
        if seed is None:
            return False
        name = words[words.index("--name") + 1] if "--name" in words else ""
        self._memory, _ = session.create(None, self.game, action, seed=seed, name=name,  # type: ignore[arg-type]
                                         dry_run=True)
        return True

    def _outcome(self, action: dict[str, Any], dry_run: bool) -> Outcome:
        """Apply an action in memory as `run_action` would through the store; its envelope."""
        try:
            loaded, events = self._apply(action, dry_run=dry_run)
        except RefereeError as exc:
            envelope: dict[str, Any] = {"ok": False, "error": {"kind": exc.kind, "message": exc.message,
                                                               "rule": exc.rule}}
            return Outcome(exc.exit_code, envelope, json.dumps(envelope))
        from referee.model.view import told

        record = loaded.records[-1]
        result = {"action": record["action"], "events": [told(e) for e in events], "results": record["results"],
                  "dry_run": dry_run}
        if loaded.would_roll:
            result["would_roll"] = loaded.would_roll
        envelope = output.envelope(result, None, loaded.state_json())
        return Outcome(0, envelope, json.dumps(envelope))

    def _apply(self, action: dict[str, Any], dry_run: bool = False) -> tuple[Any, list[dict[str, Any]]]:
        """One action through the session's own step, on the session held in memory; kept
        unless refused or a dry run. The draw counter is the row the store would give it."""
        json.dumps(action)
        memory = self._memory
        work = memory.replace(records=list(memory.records))
        loaded, events = session._apply(work, action, dry=dry_run, counter=len(memory.records))
        if not dry_run:
            self._memory = loaded
        return loaded, events

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
        (its start; required for a refusal by a rule) and saying `message` (a part of it);
        nothing was recorded."""
        before = self.log_length()
        out = self.run(command)
        assert out.code == code, (f"`{command}`: expected exit {code} ({EXIT_MEANING.get(code)}), "
                                  f"got {out.code}: {out.error or out.output}")
        if rule is not None:
            assert names(out.error.get("rule"), rule), out.error
        if code == 1:
            assert rule is not None, f"`{command}` was refused by {out.error.get('rule')!r}: name it (rule=...)"
            self.listed_rule(out.error.get("rule") or "")
        if message is not None:
            assert message.casefold() in (out.error.get("message") or "").casefold(), out.error
        assert self.log_length() == before, "a refused command changed the log"
        return out

    # -- actions as the log keeps them ------------------------------------------------------------
    def act(self, action: dict[str, Any], *, dry_run: bool = False) -> list[dict[str, Any]]:
        """Apply one action (through the session layer); returns its events."""
        if self._memory is not None:
            _, events = self._apply(action, dry_run=dry_run)
            self.check()
            return events
        assert self._sid, "no session yet"
        _, events = session.act(self.store, self._sid, action, dry_run=dry_run)
        self.check()
        return events

    def refuse(self, action: dict[str, Any], rule: str | None = None,
               kind: type[RefereeError] | None = None) -> RefereeError:
        """The action is refused by `rule` (its start; required unless `kind` names another
        error than `IllegalAction`); nothing recorded."""
        before = self.log_length()
        try:
            if self._memory is not None:
                self._apply(action)
            else:
                assert self._sid, "no session yet"
                session.act(self.store, self._sid, action)
        except RefereeError as exc:
            assert isinstance(exc, kind or IllegalAction), f"{type(exc).__name__}: {exc.message}"
            if rule is not None:
                assert names(exc.rule, rule), (exc.rule, exc.message)
            if isinstance(exc, IllegalAction):
                assert rule is not None, f"{action} was refused by {exc.rule!r}: name it (rule=...)"
                self.listed_rule(exc.rule or "")
            assert self.log_length() == before, "a refused action changed the log"
            return exc
        raise AssertionError(f"{action} was accepted")

    def listed_rule(self, rule: str) -> None:
        """A rule a refusal names is one `referee GAME rules` lists (so the table can look it up)."""
        assert rule, "a refusal by a rule names it"
        assert known_rule(self.engine, rule), (
            f"the rule {rule!r} is not listed by `referee {self.game} rules`")

    # -- reading ---------------------------------------------------------------------------------
    @property
    def loaded(self) -> Any:
        """The session as it stands (held in memory: a copy, safe to change)."""
        if self._memory is not None:
            memory = self._memory
            return memory.replace(records=list(memory.records), state=memory.engine.copy(memory.state))
        assert self._sid, "no session yet"
        return session.load(self.store, self._sid)

    @property
    def state(self) -> Any:
        return self.loaded.state

    @property
    def summary(self) -> dict[str, Any]:
        if self._memory is not None:
            return self._memory.engine.summary(self._memory.state)
        return self.loaded.summary

    @property
    def engine(self) -> Any:
        return registry.engine(self.game)

    def log_length(self) -> int:
        if self._memory is not None:
            return len(self._memory.records)
        return len(self.store.actions(self._sid)) if self._sid else 0

    def check(self) -> None:
        """The game's invariants on the state (rebuilt from the store, when stored)."""
        if self._memory is not None:
            self._memory.engine.check_invariants(self._memory.state)
        elif self._sid:
            loaded = self.loaded
            loaded.engine.check_invariants(loaded.state)

    def library(self) -> dict[str, dict]:
        """The game's card library in this table's store (empty for a game without one, and
        while the session is held in memory: no card was added)."""
        if self._memory is not None:
            return {}
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
        cards = self.engine.cards
        listing = state if cards is None else cards.with_library(state, self.library())
        for action in self.engine.legal_actions(listing):
            seen.setdefault(json.dumps(action, sort_keys=True), action)
        listed = list(seen.values())
        if limit is not None:
            listed = rng.sample(listed, min(limit, len(listed))) if rng else listed[:limit]
        checked = 0
        for action in listed:
            filled = self.engine.hints.playout_action(state, action)
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


def names(given: str | None, rule: str) -> bool:
    """A refusal's rule is `rule`, or begins with it (its topic, `Setup`, names every rule
    filed under it; any case). Not any part of it: a rule worded otherwise is not the same."""
    return (given or "").casefold().startswith(rule.casefold())


@contextmanager
def refused_by(rule: str, match: str | None = None) -> Iterator[Any]:
    """`pytest.raises(IllegalAction, match=...)` that also asserts the rule named (its start):

        with refused_by("Moves", match="one square"):
            engine.apply(state, action, chance)
    """
    import pytest

    with pytest.raises(IllegalAction, match=match) as info:
        yield info
    assert names(info.value.rule, rule), (info.value.rule, info.value.message)


_BOOKS: dict[tuple[str, type], dict[str, list[str]]] = {}


def known_rule(engine: Any, rule: str) -> bool:
    """`rulebook.known`, the game's rulebook read once per test process (it is harvested from
    the game's source, which does not change while the tests run)."""
    key = (getattr(engine, "name", ""), type(engine))
    if key not in _BOOKS:
        _BOOKS[key] = rulebook.rules_of(engine)
    book, topic = _BOOKS[key], rulebook.topic(rule)
    return rule in book.get(topic, []) or topic in book


def _last_json(printed: str) -> dict[str, Any]:
    """The `--json` envelope: the last line printed ({} when there is none)."""
    try:
        return json.loads(printed.strip().splitlines()[-1]) if printed.strip() else {}
    except json.JSONDecodeError:
        return {}


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
