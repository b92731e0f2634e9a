"""What may be typed next, from the core's question (`Engine.legal_actions`, `Engine.words`).

One place answers for bash/zsh/fish (Click's `shell_complete` callbacks, set on every game
verb's arguments and option values by `action_command`), for the shell's completer and for
`hint`. Nothing here knows a game's rules:

- a verb's Click parameters are paired with the action's fields: the declaration's positional
  fields in order with the command's arguments, an option by its flag (`--dice`); a game
  without a declaration by the parameter's name;
- the fields already typed (Click's parsing of the partial line) narrow `Engine.words` for
  the field being typed; the words are those of the legal actions now, pending choices first;
- a game's card library (Kleos) is folded into the state the legal actions are listed from
  (`CardLibrary.with_library`, once per session view), so its cards are offered where the rules
  take them.

The answer for one field (`complete_field`) reads the declaration's fields only, never Click:
the Click callbacks turn their context into fields, and the express lane for a Tab
(`referee.cli.express_tab`) reads the words itself; both get the same answer from it. This
module imports Click only inside the functions that take Click's objects.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from referee.cli.context import Referee
from referee.cli.library import library
from referee.model import registry, view
from referee.model.chance import Chance
from referee.model.engine import _same
from referee.model.verbs import without_free_options

if TYPE_CHECKING:
    import click
    from click.shell_completion import CompletionItem

    from referee.record.protocol import RecordStore

HELP_WIDTH = 44  # a description is cut to this many characters, unless COLUMNS gives more room


class Live:
    """A session as completion and hints see it: the engine and the state now. (A plain class:
    a Tab loads no `dataclasses`, which with `inspect` would cost it about 16 ms.)"""

    def __init__(self, game: str, sid: str | None, engine: Any, state: Any, seed: str = "", ply: int = 0,
                 store: RecordStore | None = None) -> None:
        self.game = game
        self.sid = sid
        self.engine = engine
        self.state = state
        self.seed = seed
        self.ply = ply
        self.store = store
        self.viewer: str | None = None  # who is looking (a seat, `--as`; None: the table)
        self._listing: Any = None

    def __repr__(self) -> str:
        return f"Live(game={self.game!r}, sid={self.sid!r}, ply={self.ply!r})"

    @classmethod
    def of(cls, loaded: Any, store: RecordStore | None = None) -> Live:
        live = cls(loaded.game, loaded.id, loaded.engine, loaded.state, loaded.seed,
                   len(loaded.records), store)
        live.viewer = getattr(loaded, "viewer", None)
        return live

    def listing(self) -> Any:
        """The state legal actions are listed from: table knowledge kept outside the log
        (the game's card library) folded into a copy (`CardLibrary.with_library`), loaded once."""
        if self._listing is None:
            cards = self.engine.cards
            self._listing = (self.state if cards is None
                             else cards.with_library(self.state, library(self.store, self.game)))
        return self._listing


# -- parameters <-> fields --------------------------------------------------------------------

def _skipped(param: click.Parameter) -> bool:
    return param.name in ("dry_run", "as_json") or param.expose_value is False


def field_keys(engine: Any, verb: str, cmd: click.Command) -> list[tuple[click.Parameter, str]]:
    """The verb command's parameters, each with the action key it fills (declared fields by
    position and flag; otherwise by the parameter's name)."""
    import click

    declared = getattr(engine, "verbs", {}).get(verb)
    params = [p for p in cmd.params if not _skipped(p)]
    out: list[tuple[click.Parameter, str]] = []
    if declared is not None and declared.fields:
        positional = [f for f in declared.fields if f.positional]
        arguments = [p for p in params if isinstance(p, click.Argument)]
        out += [(p, f.name) for p, f in zip(arguments, positional, strict=False)]
        for f in declared.fields:
            if f.option:
                found = next((p for p in params if isinstance(p, click.Option) and f.option in p.opts), None)
                if found is not None:
                    out.append((found, f.name))
        return out
    return [(p, (p.name or "").rstrip("_")) for p in params]


def _typed(ctx: click.Context, param: click.Parameter) -> bool:
    from click.core import ParameterSource

    source = ctx.get_parameter_source(param.name or "")
    return source in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)


def typed_params(ctx: click.Context, pairs: list[tuple[click.Parameter, str]]) -> dict[str, Any]:
    """Field -> its value as Click parsed it, for each parameter typed on the partial line."""
    return {key: ctx.params.get(param.name or "") for param, key in pairs if _typed(ctx, param)}


def given_fields(live: Live, verb: str, typed: Mapping[str, Any], skip: str | None = None) -> dict:
    """The fields typed so far on the partial line (field -> value as parsed), as an action
    would carry them."""
    declared = getattr(live.engine, "verbs", {}).get(verb)
    given: dict[str, Any] = {}
    for key, value in typed.items():
        if key == skip:
            continue
        if value in (None, (), [], False):
            continue
        field = declared.field(key) if declared is not None else None
        if field is not None and field.kind == "player":
            value = _player(live, value)
        given[key] = list(value) if isinstance(value, tuple) else value
    return given


def _player(live: Live, value: Any) -> Any:
    try:
        if isinstance(value, list | tuple):
            return [live.engine.resolve_player(live.state, v) for v in value]
        return live.engine.resolve_player(live.state, value)
    except Exception:  # not a player yet: compared as typed
        return value


# -- the words --------------------------------------------------------------------------------

def pending_choices(live: Live) -> dict[str, str]:
    """Every pending choice -> who decides what (the description a pending word gets)."""
    out: dict[str, str] = {}
    try:
        waiting = view.summary(live.engine, live.state, live.viewer)["pending"]
    except Exception:
        return out
    for p in waiting:
        for choice in p.get("choices", []):
            out.setdefault(str(choice), f"{p['player']}: {p['decision']}")
    return out


def _matches(action: Mapping[str, Any], given: Mapping[str, Any]) -> bool:
    return all(_same(action.get(k), v) for k, v in given.items() if v not in (None, (), []))


def words(live: Live, verb: str, given: Mapping[str, Any], key: str,
          cmd: click.Command | None = None, all_word: bool = False) -> list[tuple[str, str]]:
    """(word, description) legal for field `key` of `verb` now, pending choices first; `all`
    first too when an argument takes it (`all_word`, or a `|all` metavar of `cmd`)."""
    engine, state = live.engine, live.listing()
    try:
        declared = engine.verbs.get(verb)
        actor = given.get(declared.actor) if declared is not None and declared.actor else None
        if declared is not None and actor is None and declared.actor:
            actor = engine.implied_actor(state, declared)
        # a private field's values are its actor's (the Blessings drawn for them): none offered to others
        found = [] if view.private_field(engine, verb, key, actor, live.viewer) else [
            str(w) for w in engine.words(state, verb, dict(given), key)]
        # described as the viewer's screen may show them (a dealt hand's card is not told apart)
        legal = engine.legal_for(state, verb)
        if engine.hidden is not None:
            legal = engine.hidden.shown_actions(state, legal, live.viewer)
    except Exception:  # completion never breaks the prompt
        return []
    declared = getattr(engine, "verbs", {}).get(verb)
    field = declared.field(key) if declared is not None else None
    if not found and field is not None and field.open and field.kind == "int":
        # a number typed freely (`tokens Ann N`), refused with its rule when out of range: the
        # legal ones are offered all the same (0..7)
        found = list(dict.fromkeys(str(a[key]) for a in legal if isinstance(a.get(key), int)
                                   and _matches(a, {k: v for k, v in _given_as_listed(engine, state, verb, given).items()
                                                    if k != key})))
    typed = given.get(key)
    if isinstance(typed, list):  # a multiple field: what is typed already is not offered again
        found = [w for w in found if w not in map(str, typed)]
    choices = pending_choices(live)
    # the first legal action giving each word (any case), in one pass over the list
    first: dict[str, dict] = {}
    others = {k: v for k, v in given.items() if k != key}
    for a in legal:
        values = a.get(key)
        if _matches(a, others):
            for value in values if isinstance(values, list) else [values]:
                first.setdefault(str(value).casefold(), a)
    # a random result typed at the table (a tile turned, a die): described as what it is, not
    # by the first action it happens to be listed with (another frog's move)
    said = _short(str(field.help).split("(")[0].split(":")[0].rstrip(" .")) if field is not None and field.result \
        else None
    out: list[tuple[str, str]] = []
    for word in found:
        if word in choices:
            out.append((word, choices[word]))
            continue
        if said is not None:
            out.append((word, said))
            continue
        action = first.get(word.casefold())
        text = _short(engine.describe(without_results(engine, _bare(engine, action)))) \
            if action is not None else ""
        out.append((word, text))
    out.sort(key=lambda pair: pair[0] not in choices)  # stable: pending choices first
    if out and "all" not in found and (all_word or (cmd is not None and takes_all(arguments_of(cmd)))):
        out.insert(0, ("all", "everyone still asked at once"))  # `pass all`
    return out


def legal_verbs(live: Live | None) -> list[str]:
    """The verbs that may be used now, in the order the rules list their actions (none without
    a session)."""
    if live is None:
        return []
    try:
        actions = live.engine.legal_actions(live.listing())
    except Exception:  # completion never breaks the prompt
        return []
    seen: dict[str, None] = {}
    for a in actions:
        seen.setdefault(str(a.get("verb")), None)
    return list(seen)


def command_words(live: Live | None, verbs: Iterable[str],
                  commands: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """What Tab offers for a game's command word, from its `commands` (name, help): the verbs
    legal now first (`legal_verbs`), then every command that is no action verb (status, hint,
    rules, the game's views and tools, new), which may always be used. An action verb the rules
    forbid now (`verbs`: the game's declared verbs) is not offered: typed whole, it is refused
    with the rule named."""
    listed = dict(commands)
    declared = set(verbs)
    legal = [v for v in legal_verbs(live) if v in listed]
    return [(v, listed[v]) for v in legal] + [(n, h) for n, h in listed.items() if n not in declared]


def _given_as_listed(engine: Any, state: Any, verb: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The fields typed so far in the form the legal actions carry them (a player's prefix read
    as the seat), as `Engine.words` reads them."""
    try:
        return {k: v for k, v in engine.normalize(state, {"verb": verb, **given}).items() if k in given}
    except Exception:  # not readable yet: as typed
        return dict(given)


def takes_all(arguments: Iterable[tuple[str, str]]) -> bool:
    """Whether an argument (field, metavar) takes `all` (`[PLAYER|all]`)."""
    return any("|all" in metavar for _key, metavar in arguments)


def arguments_of(cmd: click.Command, pairs: Iterable[tuple[click.Parameter, str]] | None = None) -> list[tuple[str, str]]:
    """The command's arguments as (field, metavar), in order (the field: from `pairs`, else the
    parameter's name)."""
    import click

    keys = {id(p): k for p, k in pairs or ()}
    return [(keys.get(id(p), p.name or ""), str(p.metavar or "")) for p in cmd.params if isinstance(p, click.Argument)]


def _bare(engine: Any, action: dict) -> dict:
    """A listed action without the options the table may add (`--by GOD`): described plainly."""
    return without_free_options(engine, action)


def without_results(engine: Any, action: dict) -> dict:
    """The action less its typed random results (the tile turned there): what a description
    or a text hint shows, so no made-up result reads like a fact."""
    declared = getattr(engine, "verbs", {}).get(action.get("verb"))
    if declared is None:
        return action
    return {k: v for k, v in action.items() if not ((f := declared.field(k)) is not None and f.result)}


def _short(text: str) -> str:
    """A description cut to the room there is: COLUMNS less room for the word itself."""
    text = " ".join(str(text).split())
    cols = os.environ.get("COLUMNS", "")
    room = max(HELP_WIDTH, int(cols) - 36) if cols.isdigit() else HELP_WIDTH
    return text if len(text) <= room else text[: room - 3] + "..."


# -- where the session comes from ---------------------------------------------------------------

def live_for(ctx: click.Context, game: str) -> Live | None:
    """The session of `game` the line acts on: the shell's own (kept fresh), else the store's."""
    root = ctx.find_root()
    ref = root.obj
    live = getattr(ref, "live", None)
    if isinstance(live, Live) and live.game == game:
        return live
    # `--session`/`--db` after the game or the verb: their callbacks set the line's Referee while
    # Click reads it; they win over the root's options (the environment's values are its default)
    ref = ctx.find_object(Referee)
    db = ref.db if ref is not None and ref.db != os.environ.get("REFEREE_DB") else None
    sid = ref.session_id if ref is not None and ref.session_id != os.environ.get("REFEREE_SESSION") else None
    return stored_live(db or root.params.get("db"), sid or root.params.get("session_id"), game)


def stored_live(db: str | None, sid: str | None, game: str) -> Live | None:
    """The session of `game` in store `db` (`--db`, else REFEREE_DB): `sid` (`--session`, else
    REFEREE_SESSION), else the game's current one; None when there is none to read."""
    db = db or os.environ.get("REFEREE_DB")
    sid = sid or os.environ.get("REFEREE_SESSION")
    from referee.record.store import Store  # the store and the session: not for `GAME --help`

    try:
        store: RecordStore = Store(db, readonly=True)
        if sid:  # as `session.resolve` does, without loading the session layer for a Tab
            meta = store.session(sid)
            if meta["game"] != game or meta["status"] == "deleted":
                return None
        else:
            sid = store.current_session(game)
        return cached_live(store, game, sid)
    except Exception:  # no store or no session: nothing to offer
        return None


def cached_live(store: Any, game: str, sid: str) -> Live:
    """The session now for a completion process (bash: a whole process per Tab): loaded from its
    snapshot (`referee.record.snapshot`), checked as every load checks it; the store is opened
    for reading, so a Tab never writes (a stale snapshot is replayed in memory only)."""
    from referee.record import session

    return Live.of(session.load(store, sid), store)


def _game_and_verb(ctx: click.Context) -> tuple[str | None, str]:
    """The game and the verb's own name (a verb typed in the table's words, `déplacer`, is `move`)."""
    parent = ctx.parent
    return (parent.info_name if parent is not None else None), ctx.command.name or ctx.info_name or ""


def complete_verb_param(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """`shell_complete` of a game verb's argument or option value: the legal words now
    (`complete_field`, from what Click parsed of the partial line)."""
    import click
    from click.shell_completion import CompletionItem

    game, verb = _game_and_verb(ctx)
    if game is None:
        return []
    choices = tuple(map(str, param.type.choices)) if isinstance(param.type, click.Choice) else None
    live = live_for(ctx, game)
    if live is None:
        found = choice_words(choices, incomplete)
    else:
        pairs = field_keys(live.engine, verb, ctx.command)
        key = {id(p): k for p, k in pairs}.get(id(param))
        multiple = (isinstance(param, click.Argument) and param.nargs == -1) or getattr(param, "multiple", False)
        found = complete_field(live, verb, key, typed_params(ctx, pairs), incomplete,
                               arguments=arguments_of(ctx.command, pairs), multiple=multiple, choices=choices)
    return [CompletionItem(w, help=h) for w, h in found]


def complete_field(live: Live, verb: str, key: str | None, typed: Mapping[str, Any], incomplete: str, *,
                   arguments: list[tuple[str, str]], multiple: bool,
                   choices: tuple[str, ...] | None) -> list[tuple[str, str | None]]:
    """What a Tab offers for field `key` of `verb` (None: a parameter no field fills), as
    (word, help): the legal words now, narrowed by the fields `typed` (field -> value as parsed,
    `key`'s own values too when it repeats); `arguments`: the command's arguments in order as
    (field, metavar); `multiple`: `key` takes several values; `choices`: its type's fixed words."""
    if key is None:
        return choice_words(choices, incomplete)
    forms = _answer_forms(live, verb, key, arguments, incomplete)
    if forms:  # `mosquito b1-`: the pending choices in the very form the status line lists them
        return forms
    pair = _next_pair(live, verb, key, typed, incomplete)
    if pair is not None:  # `reveal Ann atmosphere `: the next reveal's player, then their cards
        return pair
    given = given_fields(live, verb, typed, skip=key)
    if multiple:
        value = typed.get(key)
        if value:
            given[key] = list(value)
    all_word = takes_all(arguments)
    short = _left_out_actor(live, verb, arguments)
    if short is not None:  # the player to act may be left out: offer the short form too
        keys, implied = short
        first = keys[0]
        if key == first:
            found = words(live, verb, given, key, all_word=all_word)
            if len(keys) > 1:
                found += words(live, verb, {**given, key: implied}, keys[1], all_word=all_word)
            return _items(found, incomplete)
        if key in keys and first in typed and not _is_player(live, typed.get(first)):
            at = min(keys.index(key) + 1, len(keys) - 1)  # each word fills the next field
            key, given = keys[at], {first: implied}
            for i in range(1, at):  # Click bound field i's word to the argument before it
                value, k = typed.get(keys[i - 1]), keys[i]
                if value not in (None, (), []):
                    given[k] = list(value) if isinstance(value, tuple) else value
    found = words(live, verb, given, key, all_word=all_word)
    if not found:  # a value the rules leave open (a reason, a kind): the type's words, if any
        return choice_words(choices, incomplete) if _open_now(live, verb) else []
    return _items(name_heads(found, incomplete) or found, incomplete)


def name_heads(found: list[tuple[str, str]], typed: str) -> list[tuple[str, str]] | None:
    """Many `NAME=VALUE` words (Elysion's `reveal Ann=12 Bob=20`): `NAME=` first, one for each
    name, its values once it is typed. None when that does not fit."""
    if "=" in typed or len(found) < 8 or not all("=" in w[1:] for w, _ in found):
        return None
    by: dict[str, int] = {}
    for w, _ in found:
        head = w.partition("=")[0]
        by[head] = by.get(head, 0) + 1
    if len(by) == len(found):
        return None
    return [(f"{h}=", f"then one of {n}") for h, n in by.items()]


def _next_pair(live: Live, verb: str, key: str, typed: Mapping[str, Any],
               incomplete: str) -> list[tuple[str, str | None]] | None:
    """Words of a verb's further pairs (`then`: `reveal Ann atm Bob comet ...`, each pair the
    verb's first two arguments again): the state after the pairs typed so far (each applied as
    if typed alone, on a copy), and the next pair's player, or that player's legal cards. None
    when `key` is no such field, [] when the pairs typed so far are not taken."""
    declared = getattr(live.engine, "verbs", {}).get(verb)
    field = declared.field(key) if declared is not None else None
    positional = [f for f in declared.fields if f.positional] if declared is not None else []
    if field is None or key != "then" or not field.multiple or len(positional) < 3 or positional[2] is not field:
        return None
    first, second = positional[0].name, positional[1].name
    done = [str(w) for w in typed.get(key) or ()]
    engine = live.engine
    try:
        state = engine.copy(live.listing())
        pairs = [(typed.get(first), typed.get(second)), *zip(done[0::2], done[1::2], strict=False)]
        for who, what in pairs:
            state, _events = engine.apply(state, {"verb": verb, first: who, second: what},
                                          Chance(live.seed, live.ply, dry=True))
        after = Live(live.game, live.sid, engine, state, live.seed, live.ply, live.store)
        after._listing = state
        if len(done) % 2 == 0:
            return _items(words(after, verb, {}, first), incomplete)
        return _items(words(after, verb, {first: _player(after, done[-1])}, second), incomplete)
    except Exception:  # a pair refused (or not yet whole): nothing to offer after it
        return []


def _answer_forms(live: Live, verb: str, key: str, arguments: list[tuple[str, str]],
                  incomplete: str) -> list[tuple[str, str | None]]:
    """The choices of a pending decision `verb` answers, as the status line lists them
    (`b1-c2`: a move in one word), when its first argument is being typed in that form (`b1-`)."""
    declared = getattr(live.engine, "verbs", {}).get(verb)
    if declared is None or "-" not in incomplete[1:] or not arguments or arguments[0][0] != key:
        return []
    try:
        waiting = live.engine.summary(live.state)["pending"]
    except Exception:  # completion never breaks the prompt
        return []
    low = incomplete.casefold()
    out: dict[str, str | None] = {}
    for p in waiting:
        if p.get("decision") not in declared.answers:
            continue
        for choice in map(str, p.get("choices", [])):
            if "-" in choice[1:] and choice.casefold().startswith(low):
                out.setdefault(choice, f"{p['player']}: {p['decision']}")
    return list(out.items())


def _items(found: list[tuple[str, str]], incomplete: str) -> list[tuple[str, str | None]]:
    low = incomplete.casefold().lstrip("'\"")
    quote = os.environ.get("_REFEREE_COMPLETE") == "bash_complete"  # bash inserts words as they are
    return [(shlex.quote(w) if quote else w, h) for w, h in found if w.casefold().startswith(low)]


def _left_out_actor(live: Live, verb: str, arguments: list[tuple[str, str]]) -> tuple[list[str], str] | None:
    """The fields of the verb's arguments, and the player to act, when the command lets that
    player be left out (`[PLAYER]`) and only they may act now (Cerebria's `impulse 2`)."""
    declared = getattr(live.engine, "verbs", {}).get(verb)
    if declared is None or not declared.actor:
        return None
    if not arguments or arguments[0][0] != declared.actor or not arguments[0][1].startswith("["):
        return None
    try:
        implied = live.engine.implied_actor(live.listing(), declared)
    except Exception:  # completion never breaks the prompt
        return None
    return ([k for k, _m in arguments], str(implied)) if implied is not None else None


def _is_player(live: Live, value: Any) -> bool:
    try:
        live.engine.resolve_player(live.listing(), value)
    except Exception:
        return False
    return True


def _open_now(live: Live, verb: str) -> bool:
    """Whether `verb` may be used now at all (its value words may then come from its type)."""
    try:
        return bool(live.engine.legal_for(live.listing(), verb))
    except Exception:
        return False


def choice_words(choices: tuple[str, ...] | None, incomplete: str) -> list[tuple[str, str | None]]:
    """A fixed list's words beginning with `incomplete`, any case, as Click's case-blind Choice
    offers them (each in lower case), when the rules list nothing."""
    if choices is None:
        return []
    folded = [c.casefold() for c in choices]
    low = incomplete.lower()
    return [(c, None) for c in folded if c.lower().startswith(low)]


def complete_player_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """`new --player`: the names of earlier players in the store, most recent first."""
    from click.shell_completion import CompletionItem

    from referee.record.store import Store

    root = ctx.find_root()
    ref = root.obj
    store = getattr(ref, "_store", None)
    try:
        if store is None:
            store = Store(root.params.get("db") or os.environ.get("REFEREE_DB"), readonly=True)
        names = earlier_players(store.sessions(include_over=True))
    except Exception:
        return []
    low = incomplete.casefold()
    return [CompletionItem(n, help="an earlier player") for n in names if n.casefold().startswith(low)]


def session_rows(db: str | None, game: str | None = None) -> list[dict]:
    """The sessions of store `db` (else REFEREE_DB) a Tab may offer, open ones first, then the
    finished, each most recently used first (none when the store cannot be read)."""
    from referee.record.store import Store

    try:
        store: Any = Store(db or os.environ.get("REFEREE_DB"), readonly=True)
    except Exception:
        return []
    try:
        rows = store.sessions(game, include_over=True)
    except Exception:
        return []
    finally:
        store.close()
    rows = sorted(rows, key=lambda r: -float(r.get("used") or r.get("updated") or 0))
    return sorted(rows, key=lambda r: r.get("status") != "open")


def session_words(rows: Iterable[dict], incomplete: str, games: Iterable[str] = ()) -> list[tuple[str, str]]:
    """(word, description) for a session id (its game, players, whose turn) or a game's name,
    the sessions first; those beginning with `incomplete`, any case."""
    low = incomplete.casefold()
    out: list[tuple[str, str]] = []
    for row in rows:
        summary = row.get("summary") or {}
        players = ", ".join(str(p.get("name")) for p in summary.get("players", []) if isinstance(p, dict))
        state = "over" if summary.get("over") or row.get("status") != "open" else \
            f"{summary.get('current')} to play" if summary.get("current") else ""
        said = " · ".join(x for x in (str(row.get("game") or ""), row.get("name") or "", players, state) if x)
        out.append((str(row["id"]), said))
    out += [(g, "a game: its current session") for g in games]
    return [(w, h) for w, h in out if w.casefold().startswith(low)]


def complete_session_id(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """A session id (`show ID`, `--session ID`, `new --like ID`): the store's sessions (a game's
    own under its group), and a game's name where the command takes one (`play GAME|ID`)."""
    from click.shell_completion import CompletionItem

    root = ctx.find_root()
    ref = ctx.find_object(Referee)
    db = (ref.db if ref is not None and ref.db != os.environ.get("REFEREE_DB") else None) or root.params.get("db")
    names = registry.names()
    game = None
    at: click.Context | None = ctx
    while at is not None:  # under a game's group: that game's sessions
        if at.parent is not None and at.parent.parent is None and at.info_name in names:
            game = at.info_name
            break
        at = at.parent
    games = names if "GAME" in str(param.metavar or "") else []
    found = session_words(session_rows(db, game), incomplete, games)
    return [CompletionItem(w, help=h or None) for w, h in found]


def earlier_players(rows: Iterable[dict]) -> list[str]:
    seen: dict[str, None] = {}
    for row in rows:
        for p in row.get("summary", {}).get("players", []) or []:
            name = p.get("name") if isinstance(p, dict) else p
            if isinstance(name, str) and name:
                seen.setdefault(name, None)
    return list(seen)


def attach(params: Iterable[click.Parameter]) -> None:
    """Give every argument and option value of a verb the legal-words completion."""
    for p in params:
        if _skipped(p) or (isinstance(p, click.Option) and (p.is_flag or p.count)):
            continue
        if getattr(p, "_custom_shell_complete", None) is None:
            p._custom_shell_complete = complete_verb_param


def heads(found: list[tuple[str, str]], typed: str) -> list[tuple[str, str]] | None:
    """Many `SQ:WHAT` words with the same choices after each SQ (a square and the tile turned
    there): `SQ:` first, the WHAT once the square is typed. None when that does not fit."""
    if ":" in typed or len(found) < 8 or not all(":" in w for w, _ in found):
        return None
    by: dict[str, list[str]] = {}
    for w, _ in found:
        head, _, rest = w.partition(":")
        by.setdefault(head, []).append(rest)
    ends = list(by.values())
    if len(by) == len(found) or any(e != ends[0] for e in ends):
        return None
    then = " ".join(ends[0])
    return [(f"{h}:", _short(f"then {then}")) for h in by]
