"""An action run on the session and printed, and a session's table drawn: the work behind a
game's verbs and `status`, shared by the Click tree (`referee.cli.generate`) and the express
lane (`referee.cli.express`), and importing no Click (styles and printing: `referee.cli.ansi`).

    run_action("kleos", {"verb": "glory", "god": "ares", "delta": "+1"})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.cli import context, output
from referee.cli.ansi import echo
from referee.cli.datafile import read_json, read_text
from referee.cli.library import library
from referee.model import view
from referee.model.i18n import _
from referee.model.verbs import Answer, Field, FileText, Prose, Table, Verb, Verbatim

# -- the words typed -> the action ---------------------------------------------------------------

def choose(value: str, choices: tuple[str, ...] | list[str]) -> str | None:
    """The word of `choices` that `value` names: the same word in any case, else the only one
    it begins (`re` for red); None when it names none or several."""
    text = str(value).strip().casefold()
    words = [str(c) for c in choices]
    exact = [w for w in words if w.casefold() == text]
    found = exact or [w for w in words if text and w.casefold().startswith(text)]
    return found[0] if len(found) == 1 else None


def param_name(field: Field) -> str:
    """The Click parameter's name: the field's (a file option's gets `_file`, as `--like` reads it)."""
    return f"{field.name}_file" if field.kind == "json" else field.name


def values(fields: tuple[Field, ...], params: Mapping[str, Any]) -> dict[str, Any]:
    """The fields' values from Click's parsed parameters: a repeated field as a list (None
    when none was typed), a flag left off as None (unless it is on by default), a file read."""
    out: dict[str, Any] = {}
    for field in fields:
        value = params.get(param_name(field))
        if field.multiple:
            value = list(value or ()) or None
        elif field.kind == "flag" and "/" not in (field.option or ""):
            value = (True if value else None) if field.default is None else bool(value)
        elif field.kind == "file" and value is not None:
            value = FileText(value, read_text(value))
        elif field.kind == "json" and value is not None:
            value = read_json(value, field.option or field.name)
            if value is None:  # `null` would silently mean the shipped data
                import click

                raise click.BadParameter("the file holds nothing (null)", param_hint=field.option)
        elif field.kind == "list" and value is not None:
            value = [v.strip() for v in value.split(",") if v.strip()]
        out[field.name] = value
    return out



def prepared(game: str, verb: Verb) -> Callable[[Any, dict], dict]:
    """Copy what the action names from the card library (and the session's own cards)."""
    assert verb.prepare is not None
    fill = verb.prepare

    def prepare(store: Any, action: dict) -> dict:
        def known() -> Mapping[str, Any]:
            from referee.record import session

            sid = session.resolve(store, game, context.get().session_id)
            return session.load(store, sid).state["cards"]

        return fill(library(store, game), Lazy(known), action)

    return prepare


class Lazy(Mapping[str, Any]):
    """The session's cards, loaded only when asked for (the library usually answers)."""

    def __init__(self, load: Callable[[], Mapping[str, Any]]) -> None:
        self._load = load
        self._got: Mapping[str, Any] | None = None

    def _data(self) -> Mapping[str, Any]:
        if self._got is None:
            self._got = self._load()
        return self._got

    def __getitem__(self, key: str) -> Any:
        return self._data()[key]

    def __iter__(self) -> Any:
        return iter(self._data())

    def __len__(self) -> int:
        return len(self._data())


def shown_extra(verb: Verb) -> Callable[[Any], dict]:
    """What the verb's --json result adds (`Verb.shows`): the answer's data and the head."""
    assert verb.shows is not None
    shows = verb.shows

    def extra(loaded: Any) -> dict:
        return {**shows(loaded.state).data, "head": loaded.head}

    return extra



def again(game: str, verb: Verb, dry_run: bool) -> bool:
    """After the game, a verb that `shows` what it left, typed with no field, shows it again
    (for --json with the result it recorded) instead of being refused. False: not over."""
    assert verb.shows is not None
    from referee.record import session

    ref = context.get()
    store = ref.store()  # the store the action writes to, opened once
    if store.session(session.resolve(store, game, ref.session_id)).get("status") != "over":
        return False  # the session's row says so: not loaded twice (the action loads it)
    sid, loaded = context.load_current(game)
    done = next((r for r in reversed(loaded.records) if r["action"].get("verb") == verb.name), None)
    if not loaded.engine.is_over(loaded.state) or done is None:
        return False
    answer = verb.shows(loaded.state)  # after the game: everything may be shown
    if ref.as_json:
        result = {"action": done["action"], "events": done.get("events", []),
                  "results": done.get("results", []), "dry_run": dry_run, **answer.data,
                  "head": loaded.head}
        output.emit_json(output.envelope(result, sid, loaded.state_json()))
    else:
        show_parts(answer)
    return True


def show_parts(answer: Answer) -> None:
    """An answer's parts, for people."""
    for part in answer.parts:
        if isinstance(part, Prose):
            echo(output.fit(part.text, indent=""))
        elif isinstance(part, Verbatim):
            echo(part.text, nl=False)
        elif isinstance(part, Table):
            echo(output.table(list(part.headers), [list(r) for r in part.rows]))
        elif callable(part):  # drawn to the terminal's width (None: a pipe)
            echo(output.fit_block(part(output.width())))
        else:
            echo(output.fit_block(part))


# -- the session ---------------------------------------------------------------------------------

def run_action(game: str, action: dict, dry_run: bool = False,
               prepare: Callable[[Any, dict], dict] | None = None,
               extra: Callable[[Any], dict] | None = None) -> None:
    """Apply one action to the current session of `game` and print what happened.

    `extra(loaded)`: keys a verb adds to its JSON result (the session after the action)."""
    from referee.record import session

    ref = context.get()
    store = ref.store()
    if ref.capture is not None:  # `amend`/`insert` parse their WORDS here: the action, not applied
        if prepare is not None:
            action = prepare(store, action)
        ref.capture.append({k: v for k, v in action.items() if v is not None})
        return
    sid = session.resolve(store, game, ref.session_id)
    if not ref.session_id:
        session.refuse_if_over(store, game, sid)
    if prepare is not None:
        action = prepare(store, action)
    action = {k: v for k, v in action.items() if v is not None}
    loaded, events = session.act(store, sid, action, dry_run=dry_run)
    shown = context.seen(loaded).viewer  # who is looking: what leaves goes through `view`
    over = loaded.engine.is_over(loaded.state)
    action = view.action(loaded.engine, loaded.records[-1]["action"], loaded.records[-1]["results"], shown, over)
    results = view.results(loaded.records[-1]["results"], shown, over)
    events = view.events(events, shown, over)
    if ref.as_json:
        result = {"action": action, "events": events, "results": results, "dry_run": dry_run}
        if not dry_run:
            result["head"] = loaded.head
        if loaded.would_roll:
            result["would_roll"] = loaded.would_roll
        if extra is not None:
            result.update(extra(loaded))
        output.emit_json(output.envelope(result, sid, loaded.state_json()))
        return
    if dry_run:
        echo(_("(dry run: nothing recorded)"))
    names = output.player_names(loaded.summary)
    text = output.events_text(events)
    if text:
        output.echo(text, players=names)
    output.echo_status(loaded.summary, loaded.engine.turn_word,
                       session=sid if store.open_count() > 1 else None)
    if loaded.summary.get("over") and not dry_run:
        echo_head(loaded.head)


def echo_head(head: str) -> None:
    """At the end of a game: the head of its record, to write down or share (see docs/integrity.md)."""
    echo(output.fit(_("Head of the record: {head} (keep it: `referee verify --head {head}` checks that the record"
                      " still ends there)").format(head=head), indent=""))


def show_session(game: str | None, sid: str | None, full: bool = False, pager: bool = True, mark: bool = True) -> Any:
    """Print a session's table (or its --json envelope); returns the session as loaded.

    On a terminal, a table taller than the screen gives way to the game's compact view (unless
    `full`), and what is still too tall goes through the pager (unless `pager` is False: a
    watched screen). Scripts and pipes always get the full table."""
    ref = context.get()
    sid, loaded = context.load_current(game, sid, mark)  # a view: it becomes the current session
    if ref.as_json:
        from referee.record.session import seed_shown

        output.emit_json(output.envelope({"id": sid, "game": loaded.game, "seed": seed_shown(loaded.meta),
                                          "commitment": loaded.meta.get("commitment") or "", "head": loaded.head},
                                         sid, loaded.state_json()))
        return loaded
    word = _("session")
    title = output.shown(f"{loaded.engine.title} · {word} {sid}"
                         + (f" ({loaded.meta.get('name')})" if loaded.meta.get("name") else ""))
    recorded = loaded.meta.get("rules_version")
    if recorded and recorded != loaded.engine.rules_version:
        echo(_("note: recorded under {game} rules version {recorded}; this referee applies version {version}")
                   .format(game=loaded.game, recorded=recorded, version=loaded.engine.rules_version), err=True)
    status = output.status_text(loaded.summary, loaded.engine.turn_word)
    state = loaded.shown_state  # the state as the viewer may see it (the table's, or --as NAME's)
    board = output.fit_block(output.shown(seen_board(loaded, loaded.engine.render(state))))
    players = output.player_names(loaded.summary)
    marks = loaded.engine.board_marks(state)
    if not output.on_screen():  # a script or a pipe: the full table, as always
        output.echo(title, players=players)
        output.echo(board, players=players, marks=marks)
        output.echo_status(loaded.summary, loaded.engine.turn_word)
        return loaded
    after = getattr(ref, "rows_after", 0) > 0  # the shell prints the action's lines, status line last, below
    text = "\n".join([title, board] + ([] if after else [status]))
    if not full and output.too_tall(text):
        compact = output.fit_block(output.shown(seen_board(loaded, loaded.engine.render_compact(state))))
        text = "\n".join([f"{title} · compact view (--full: all of it)", compact] + ([] if after else [status]))
    if pager:
        output.page(text, players=players, marks=marks)
    else:
        output.echo(text, players=players, marks=marks)
    return loaded


def seen_board(loaded: Any, board: str) -> str:
    """The board, and below it what the viewer alone holds (`--as NAME`: their hand, their cup)."""
    held = view.held_text(loaded.engine, loaded.state, loaded.viewer)
    return f"{board}\n{held}" if held else board


def missing_cards(game: str) -> None:
    """After `status` or `hint` in text: what to type when the next step needs cards the
    referee does not know (the engine's `missing_cards`, the card library folded in)."""
    if context.get().as_json:
        return
    import textwrap

    _, loaded = context.load_current(game)
    listing = loaded.engine.with_library(loaded.state, library(context.get().reader(), game))
    width = output.width()  # None: to a pipe or file, lines stay whole
    for line in loaded.engine.missing_cards(listing):
        echo(textwrap.fill(line, max(40, width), break_long_words=False,
                           break_on_hyphens=False) if width else line)
