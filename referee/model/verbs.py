"""Games as declarations (after boardgame.io's moves): each verb is one row of a table.

A game lists its verbs: the fields an action carries (with the help the CLI shows),
who may use the verb, which phases or pending decisions it answers, the handler that
applies it, the legal actions of that verb now, and its log line. `referee.model.engine.Engine`
reads the table and does the rest once for every game: unknown verbs, the end of the
game, turn order, pending decisions, player names and the player count.

    VERBS = declare(
        Verb("move", moves.move, help="Move one frog one square.",
             fields=(Field("from", "the frog's square"), Field("to", "the square it goes to"),
                     Field("tile", "the tile turned there", option="--tile", result=True)),
             options=legal.moves, log=lambda a: f"move {a['from']} -> {a['to']}"),
        Verb("bounce", moves.bounce, who="pending", answers=("bounce",), ...),
    )
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal, NotRequired, TypedDict

from referee.model import plain
from referee.model.chance import Chance, NotYetRolled
from referee.model.errors import RefereeError
from referee.model.frozen import Frozen

Action = dict[str, Any]  # {"verb": str, ...JSON fields}: what the CLI builds and the log keeps
Event = dict[str, Any]  # {"msg": i18n.msg(...)} or {"text": str}, optional "table": {...}, ...data
Handler = Callable[[Any, Action, Any], list[Event]]  # (state, action, chance) -> events
Who = Literal["current", "pending", "anyone", "table"]

WHO_HELP = {
    "current": "the player whose turn it is",
    "pending": "the player a pending decision waits for",
    "anyone": "any player, in or out of turn",
    "table": "the table (no one player)",
}


class Pending(TypedDict):
    """A decision the game waits for: who decides, what, and the answers allowed.

    The state keeps these in one list, `state["pending"]`; every entry of it can be
    answered now, and only answers are accepted while it is not empty. `data` is the
    game's own (the frog that bounces, the queue of opportunity attacks); the summary
    shows the entries without it."""

    player: str
    decision: str
    choices: list[str]
    data: NotRequired[dict[str, Any]]


def pending(player: str, decision: str, choices: Iterable[str], **data: Any) -> Pending:
    """A pending entry; `data` keeps whatever the game needs to resolve the answer."""
    entry: Pending = {"player": player, "decision": decision, "choices": list(choices)}
    if data:
        entry["data"] = data
    return entry


def public(entries: Iterable[Pending]) -> list[dict[str, Any]]:
    """The pending list as the summary shows it (`--json`): player, decision, choices."""
    return [{"player": p["player"], "decision": p["decision"], "choices": list(p["choices"])}
            for p in entries]


class Field(Frozen):
    """One field of an action, as the table types it.

    `name` is the action's key. A positional field is an argument of the Click command
    (`metavar` names it in help); one with `option` is that option (`--dice`). `kind`
    says what is typed: "player" fields are resolved by the core (any case, a unique
    prefix is enough); "flag" is an on/off option (`default` True: `--x/--no-x`, always
    carried); "int" a whole number (a bad one is a usage error naming the field; `limits`, the
    lowest and highest taken); "json" a JSON file whose content the command carries (the
    option names the file); "file" a text file a command reads (handed in as `FileText`: its
    path and text); "path" a file a command writes (its name; the Answer's `write` says what
    goes in it); "list" comma-separated words (`4,18,40`), carried as a list; "text" anything.
    `choices` on a text field is its whole domain (any case, a unique beginning).
    `aliases` are more spellings of the option (`-t`).
    `result` marks a random result typed at the table (dice, a tile, a drawn card): a
    hint never offers one. `open` marks a free value (a number of glory, a reason)
    that completion cannot list: a listed action holding its placeholder word (metavar,
    else NAME in capitals) stands for every value within `bounds`, a predicate on the
    state and the value as the action carries it (None: any value). `private` marks a field
    whose listed values are the actor's secret (a Blessing among those drawn for them): a hint
    or completion shows them to that seat alone, others its placeholder (`referee.model.view`)."""

    name: str
    help: str = ""
    kind: str = "text"
    option: str | None = None
    required: bool = True
    multiple: bool = False
    choices: tuple[str, ...] = ()
    result: bool = False
    open: bool = False
    metavar: str | None = None
    bounds: Callable[[Any, Any], bool] | None = None
    default: Any = None
    aliases: tuple[str, ...] = ()
    limits: tuple[int, int] | None = None
    private: bool = False

    @property
    def placeholder(self) -> str:
        return self.metavar or self.name.upper()

    def within(self, state: Any, value: Any) -> bool:
        """Whether a free field's value is within its bounds now."""
        return value not in (None, "") and (self.bounds is None or self.bounds(state, value))

    @property
    def positional(self) -> bool:
        return self.option is None


class Verb(Frozen):
    """One verb of a game: everything the core needs to let it through or refuse it.

    - `who`: who may use it (see WHO_HELP). With `actor`, the field naming the acting
      player, the core checks that player; without it the actor is implied (the player
      whose turn it is, or the one the decision waits for). `by_table`: a flag field that,
      set, makes the action the table's rather than the turn player's (a card's effect), so
      it needs no turn player.
    - `answers`: the pending decisions it answers. `free` says whether it may also be
      used when nothing is pending (default: only when it answers nothing).
    - `phases`: the phases it belongs to (empty: any phase).
    - `options(state)`: the legal actions of this verb now, without random results
      (completion and hints ask it, and random playouts unless `sample` is given). None:
      the verb is never offered.
    - `sample(state)`: what a random playout draws from for this verb, when it differs from
      the whole list (a few token counts, reveals that build repeated as weights).
    - `log(action)`: the log line; None: the generic one.
    - `typed(action)`: the action as the words typed give it, before the core sees it (a
      `FROM-TO` word split in two); raises InputError for words that make no action.
    - `library`: the card library kind (in the store) whose cards' stats the command copies
      into the action with `prepare(library, known, action)` (`known`: the session's cards),
      so the log replays without the library.
    - `shows(state)`: what the verb leaves in the state, as an Answer: its data join the
      verb's --json result; once the game is over, the verb typed with no field shows it
      (with its recorded result for --json) instead of being refused (Elysion's look back).
    `help` is the command's help: its first line the short help, then the details.
    """

    name: str
    handler: Handler
    help: str = ""
    fields: tuple[Field, ...] = ()
    who: Who = "current"
    actor: str | None = None
    by_table: str | None = None
    answers: tuple[str, ...] = ()
    free: bool | None = None
    phases: tuple[str, ...] = ()
    options: Callable[[Any], Iterable[Action]] | None = None
    sample: Callable[[Any], Iterable[Action]] | None = None
    log: Callable[[Action], str] | None = None
    typed: Callable[[Action], Action] | None = None
    prepare: Callable[[Mapping[str, Any], Mapping[str, Any], Action], Action] | None = None
    shows: Callable[[Any], Answer] | None = None

    @property
    def usable_when_free(self) -> bool:
        return (not self.answers) if self.free is None else self.free

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)


class Table(Frozen):
    """Rows under headers, as a view shows them (the CLI fits them to the terminal)."""

    headers: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]


class Prose(Frozen):
    """A paragraph, wrapped to the terminal."""

    text: str


class Verbatim(Frozen):
    """Text printed exactly as it is (a file's content), never wrapped."""

    text: str


class FileText(Frozen):
    """A text file a command reads, as the CLI hands it in: its name and its content."""

    path: str
    text: str


class WriteFile(Frozen):
    """A file a command writes (the CLI writes it before showing the answer; never over an
    existing file unless `force`)."""

    path: str
    text: str
    force: bool = False


class Answer(Frozen):
    """What a view or a calculator gives back: `data` for --json, `parts` for people (a
    str is a drawn block, kept line by line; a callable draws one for a width, None for a
    pipe; Prose a paragraph; Table a table; Verbatim as it is); `write`: a file to write."""

    data: dict[str, Any]
    parts: tuple[str | Prose | Table | Verbatim | Callable[[int | None], str], ...] = ()
    write: WriteFile | None = None


class Command(Frozen):
    """A command of a game that is not an action, declared beside the verbs.

    - kind "new": `run(**fields)` returns the options of a new session (the CLI adds
      --seed, --name, --like, --league, --dry-run);
    - kind "status": draws the table (as `status`);
    - kind "view": `run(engine, state, **fields)` returns an Answer about the current
      session (`state=True`: its JSON carries the state too; `log=True`: the CLI hands in
      `steps`, each live record of the log with the state after it, replayed: a view of
      the story of the game, which the state does not keep);
    - kind "tool": `run(**fields)` returns an Answer; no session needed;
    - kind "group": a group of commands (`card ...`, `catalog ...`): the commands whose
      `group` names it.
    `library`: the card library kind `run` reads (and may change): the CLI hands it in as
    `library=`, a small interface the record layer gives (referee.record.library).
    """

    name: str
    kind: Literal["new", "status", "view", "tool", "group"]
    help: str
    run: Callable[..., Any] | None = None
    fields: tuple[Field, ...] = ()
    state: bool = False
    library: str | None = None
    group: str | None = None
    log: bool = False


def one_or_many(name: str) -> Callable[[Action], Action]:
    """A `typed` hook: a repeated field typed once is carried as that one word (several as a
    list, none as None), as the log has always kept it."""

    def typed(action: Action) -> Action:
        value = action.get(name)
        if isinstance(value, list) and len(value) == 1:
            return {**action, name: value[0]}
        return action

    return typed


def actor_left_out(name: str) -> Callable[[Action], Action]:
    """A `typed` hook for `VERB [PLAYER] X`: one word is X, and the player is left to the core
    (the one who alone may act; the log names them)."""

    def typed(action: Action) -> Action:
        if action.get(name) is None:
            return {**action, "player": None, name: action.get("player")}
        return action

    return typed


def dry_accepted(handler: Handler, state: Any, verb: str, actions: Iterable[Action]) -> list[Action]:
    """The actions `handler` applies to a copy of `state` without refusal, as a dry run (the
    first result the referee would roll counts as accepted): how a game lists forms whose
    acceptance hangs on several rules at once (a power's arguments, a merge) exactly."""
    out = []
    for a in actions:
        try:
            handler(plain.copy(state), {**a, "verb": verb}, Chance("listing", 0, dry=True))
        except NotYetRolled:
            pass
        except RefereeError:
            continue
        out.append(a)
    return out


def who_problem(verb: Verb) -> str | None:
    """What makes a verb's `who` uncheckable (None: the core can enforce it).

    - "pending": the player is the one a decision waits for, so the verb answers one;
    - "table": no one player acts, so no field names an actor;
    - "anyone": any one player acts, so a field names them (else it is the table's verb);
    - "current": the turn player; the core checks the actor named, or that someone's turn it is."""
    if verb.who == "pending" and not verb.answers:
        return "who='pending' but it answers no decision"
    if verb.who == "table" and verb.actor is not None:
        return f"who='table' but it names an actor ('{verb.actor}')"
    if verb.who == "anyone" and verb.actor is None:
        return "who='anyone' but no actor field names the player"
    return None


def declare(*verbs: Verb) -> Mapping[str, Verb]:
    """The verbs of a game by name, in the order declared (names must be unique)."""
    table: dict[str, Verb] = {}
    for verb in verbs:
        if verb.name in table:
            raise ValueError(f"verb '{verb.name}' declared twice")
        if verb.actor is not None and verb.field(verb.actor) is None:
            raise ValueError(f"verb '{verb.name}': actor field '{verb.actor}' is not declared")
        problem = who_problem(verb)
        if problem:
            raise ValueError(f"verb '{verb.name}': {problem}")
        table[verb.name] = verb
    return table


def free_options(engine: Any, action: Action) -> list[Field]:
    """The optional free fields of a listed action (options the table may add or leave out,
    e.g. a card's bonus dice): the entry stands for each value within bounds, and none."""
    declared = getattr(engine, "verbs", {}).get(action.get("verb"))
    if declared is None:
        return []
    return [f for f in declared.fields if f.open and not f.required and f.option
            and action.get(f.name) == f.placeholder]


def without_free_options(engine: Any, action: Action) -> Action:
    """`action` as typed without its optional free fields (their placeholders left out)."""
    names = {f.name for f in free_options(engine, action)}
    return {k: v for k, v in action.items() if k not in names} if names else action
