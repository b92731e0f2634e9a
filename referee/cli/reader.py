"""The one reader of the words of a game's command, built from its declaration (`referee.model.verbs`).

    reading = read(verb, ["ann", "+1", "--reason", "a feast"])
    reading.params  # {"player": "ann", "delta": "+1", "reason": "a feast"}: as the command takes them

Whoever runs a verb reads its words here: the express lane (`referee.cli.express`, no Click
loaded), a Tab on its words (`referee.cli.express_tab`), and the verb's Click command
(`referee.cli.common.ReadCommand`), which keeps its parameters for `--help`, the man pages and
the completion of option names, and hands the words it is given to `read`. `status` is read the
same way (`status_fields`), the root's options by `read_root` and a game's options before its
command by `read_group`, for the Click tree and the lane alike. A kind of field is taught here once.

What a verb's words may hold: its arguments in order (a repeated one takes what the others
leave; the words after `--` are all arguments), its options (`--opt value`, `--opt=value`, a
short spelling `-tVALUE`, a flag and its `--no-` form, a repeated option each time it is typed),
`--dry-run`, the placement options (`--session ID`, `--db PATH`, `--json`) and `-h`/`--help`.
A word that is not one of these is refused (`Misread`, a usage error, exit 2), except a negative
number where a verb takes a free value (`glory ann -1`). An option's value is the next word,
unless that word is one of the command's own option names (`--reason --json`): then the value
is missing (`--db --json` is refused by the store's own check, which names it). A Tab's line
(`partial`) is read leniently: an option it does not know is passed over, a value it cannot turn
is kept as typed, and the option typed last without its value is the one being completed.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from referee.model.i18n import _, ngettext

if TYPE_CHECKING:
    from referee.model.verbs import Field, Verb

HELP = ("-h", "--help")


class Misread(Exception):
    """Words the verb does not take (a usage error, exit 2): `kind` says what is wrong --
    "option" (no such option: `option`, `possibilities`), "value" (an option without its value,
    or a flag given one: `option`), "invalid" (a value its field refuses: `field`), "missing" (a
    required `field` left out), "extra" (words left over) -- and `message` says it."""

    def __init__(self, kind: str, message: str, *, field: Field | None = None, option: str | None = None,
                 possibilities: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.kind, self.message, self.field, self.option = kind, message, field, option
        self.possibilities = possibilities


class Reading:
    """A verb's words as read: `params` (parameter name -> value, as the command's callback takes
    them: a repeated field as a tuple, a field left out as its default), `typed` (the parameters
    given on the line), `dry_run`, the placement options (`session`, `store_path`: `--db`, `as_json`), `help`
    (`-h`/`--help` typed); on a Tab's line, `pending` (the option typed last without its value:
    its field, or None for a placement option, named in `pending_option`)."""

    def __init__(self) -> None:
        self.params: dict[str, Any] = {}
        self.typed: set[str] = set()
        self.dry_run = False
        self.session: str | None = None
        self.store_path: str | None = None
        self.as_json = False
        self.help = False
        self.pending: Field | None = None
        self.pending_option: str | None = None


def choose(value: str, choices: tuple[str, ...] | list[str]) -> str | None:
    """The word of `choices` that `value` names: the same word in any case, else the only one
    it begins (`re` for red); None when it names none or several."""
    text = str(value).strip().casefold()
    words = [str(c) for c in choices]
    exact = [w for w in words if w.casefold() == text]
    found = exact or [w for w in words if text and w.casefold().startswith(text)]
    return found[0] if len(found) == 1 else None


def param_name(field: Field) -> str:
    """The parameter's name: the field's (a JSON file option's gets `_file`, as `--like` reads it)."""
    return f"{field.name}_file" if field.kind == "json" else field.name


def spellings(fields: tuple[Field, ...]) -> dict[str, tuple[Field, bool | None]]:
    """Each option spelling of the fields -> (its field, the value a flag spelled so sets; None
    for an option that takes a value): `--deal/--no-deal`, a flag on by default's `--no-x`, aliases."""
    options: dict[str, tuple[Field, bool | None]] = {}
    for field in fields:
        if field.positional:
            continue
        assert field.option is not None
        if field.kind == "flag":
            on, _, off = flag_spelling(field).partition("/")
            options[on] = (field, True)
            if off:
                options[off] = (field, False)
        else:
            for name in (field.option, *field.aliases):
                options[name] = (field, None)
    return options


def flag_spelling(field: Field) -> str:
    """How the verb's Click command declares a flag (its `--x/--no-x` when on by default)."""
    assert field.option is not None
    if field.default is True and "/" not in field.option:
        return f"{field.option}/--no-{field.option.removeprefix('--')}"
    return field.option


PLACEMENT = {"--session": None, "--db": None, "--json": True}  # None: takes a value
OWN = {"--dry-run": True}


def _split(word: str, options: dict[str, Any]) -> tuple[str, str | None]:
    """An option word as (its name, the value typed in it or None): `--opt=value`, `-tVALUE`."""
    if word.startswith("--"):
        name, eq, value = word.partition("=")
        return name, (value if eq else None)
    short = word[:2]
    if len(word) > 2 and options.get(short, (None, True))[1] is None:
        return short, word[2:]
    return word, None


def _say(message: str, **values: Any) -> str:

    return _(message).format(**values)


def convert(field: Field, value: str, typed_later: bool = False) -> Any:
    """A word as its field takes it (Misread "invalid" when it refuses it): a whole number within
    its limits, a choice by a unique beginning in any case, a file that is not a folder."""
    if typed_later:  # reshaped by the verb's own hook, which checks it
        return value
    if field.kind == "int":
        try:
            number = int(value)
        except ValueError:
            raise Misread("invalid", _say("{value!r} is not a valid {number_type}.", value=value,
                                          number_type="integer"), field=field) from None
        if field.limits is not None:
            low, high = field.limits
            if (low is not None and number < low) or (high is not None and number > high):
                span = f"{low}<=x<={high}" if low is not None and high is not None else \
                    (f"x>={low}" if low is not None else f"x<={high}")
                raise Misread("invalid", _say("{value} is not in the range {range}.", value=number, range=span),
                              field=field)
        return number
    if field.choices and field.kind == "text":
        return choice(field.choices, value, field)
    if field.kind in ("path", "file") and os.path.isdir(value):
        raise Misread("invalid", _say("{name} {filename!r} is a directory.", name=_say("file").title(),
                                      filename=value),
                      field=field)
    return value


def choice(choices: tuple[str, ...] | list[str], value: str, field: Field | None = None) -> str:
    """The word of `choices` that `value` names (the same word in any case, else the only one it
    begins), or Misread naming them (a Click command's `PrefixChoice` too)."""

    found = choose(value, choices)
    if found is not None:
        return found
    text = str(value).strip().casefold()
    several = [str(w) for w in choices if text and str(w).casefold().startswith(text)]
    if len(several) > 1:
        raise Misread("invalid", f"'{value}' could be {' or '.join(several)}: type more of it", field=field)
    listed = ", ".join(map(repr, map(str, choices)))
    said = ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", len(choices))
    raise Misread("invalid", said.format(value=value, choice=listed, choices=listed), field=field)


def read(verb: Verb, words: list[str], partial: bool = False) -> Reading:
    """The verb's words as its command takes them, or Misread (see the module's help); with
    `partial`, a Tab's line, read leniently."""
    return read_fields(verb.fields, words, partial, reshaped=verb.typed is not None)


def read_fields(fields: tuple[Field, ...], words: list[str], partial: bool = False, *, reshaped: bool = False,
                dry_run: bool = True) -> Reading:
    """The words of a command taking `fields` (`reshaped`: its arguments after the first are
    read by a hook of its own; `dry_run`: it takes --dry-run), as `read` reads a verb's."""
    options = spellings(fields)
    names = {**options, **PLACEMENT, **(OWN if dry_run else {}), **dict.fromkeys(HELP, True)}
    free = any(f.positional and f.open for f in fields)
    reading = Reading()
    given: dict[str, Any] = {}
    loose: list[str] = []
    at = 0
    while at < len(words):
        word = words[at]
        at += 1
        if word == "--":
            loose.extend(words[at:])
            break
        if not word.startswith("-") or word == "-":
            loose.append(word)
            continue
        if word in HELP:
            if partial:  # a Tab never shows the help
                continue
            reading.help = True
            return reading
        name, value = _split(word, options)
        takes_value = (options[name][1] if name in options else names.get(name, True)) is None
        if name not in names:
            if free and word[1:].isdigit():
                loose.append(word)  # `glory ann -1`: a number, not an option
            elif not partial:
                from difflib import get_close_matches

                raise Misread("option", _say("No such option {name!r}.", name=name), option=name,
                              possibilities=tuple(get_close_matches(name, sorted(n for n in names if n != "-h"))))
            continue
        if not takes_value:
            if value is not None:
                if partial:
                    continue
                raise Misread("value", _say("Option {name!r} does not take a value.", name=name), option=name)
            if name == "--dry-run":
                reading.dry_run = True
            elif name == "--json":
                reading.as_json = True
            else:
                field, on = options[name]
                given[field.name] = on
            continue
        if value is None:
            if at < len(words) and (words[at] not in names or name == "--db"):  # the store says `--db --json`
                value = words[at]
                at += 1
            elif partial and at == len(words):
                reading.pending = options[name][0] if name in options else None
                reading.pending_option = name
                continue
            elif partial:
                continue
            else:
                raise _needs_value(name)
        if name == "--session":
            reading.session = value
        elif name == "--db":
            reading.store_path = value
        else:
            field = options[name][0]
            got = _lenient(field, value) if partial else convert(field, value)
            if field.multiple:
                given.setdefault(field.name, []).append(got)
            else:
                given[field.name] = got
    _bind(fields, reshaped, reading, given, loose, partial)
    return reading


def _lenient(field: Field, value: str, typed_later: bool = False) -> Any:
    """A value on a Tab's line: as its field turns it, else as typed."""
    try:
        return convert(field, value, typed_later)
    except Misread:
        return value


def _bind(fields: tuple[Field, ...], reshaped: bool, reading: Reading, given: dict[str, Any], loose: list[str],
          partial: bool) -> None:
    """The words left to the arguments, in order (a repeated one takes what the ones after it
    leave), then every field's value into `reading.params`."""
    positional = [f for f in fields if f.positional]
    open_at = [i for i, f in enumerate(positional) if f.multiple]
    if len(open_at) > 1:
        raise ValueError(f"{[f.name for f in positional]}: two repeated arguments cannot be told apart")
    bound: list[Any] = [None] * len(positional)
    if open_at:
        at = open_at[0]
        after = len(positional) - at - 1
        front = loose[:at]
        back = loose[len(front):][-after:] if after else []
        middle = loose[len(front): len(loose) - len(back)]
        bound[:len(front)] = front
        bound[at] = tuple(middle)
        bound[len(positional) - len(back):] = back
        left: list[str] = []
    else:
        bound[:len(loose)] = loose[:len(positional)]
        left = loose[len(positional):]
    reading.params["dry_run"] = reading.dry_run
    for i, field in enumerate(positional):
        later = reshaped and i > 0
        value = bound[i]
        turn = _lenient if partial else convert
        if field.multiple:
            value = tuple(turn(field, w, later) for w in value)
        elif value is not None:
            value = turn(field, value, later)
        if value not in (None, ()):
            reading.typed.add(param_name(field))
        elif field.required and not later and not partial:
            raise Misread("missing", _say("Missing argument {name}.", name=repr(field.placeholder)), field=field)
        reading.params[param_name(field)] = value
    if left and not partial:

        raise Misread("extra", ngettext("Got unexpected extra argument ({args})",
                                        "Got unexpected extra arguments ({args})", len(left)).format(
            args=" ".join(left)))
    for field in fields:
        if field.positional:
            continue
        name = param_name(field)
        if field.name in given:
            value = given[field.name]
            reading.params[name] = tuple(value) if field.multiple else value
            reading.typed.add(name)
        elif field.kind != "flag" and field.required and field.default is None and not partial:
            raise Misread("missing", _say("Missing option {name}.", name=repr(field.option)), field=field)
        else:
            reading.params[name] = tuple(field.default or ()) if field.multiple else field.default


# -- the options before a command: the root's, a game's --------------------------------------------

ROOT = {"--db": None, "--session": None, "--as": None, "--lang": None,  # None: takes a value
        "--json": True, "--color": True, "--no-color": False, "--version": True, "-h": True, "--help": True}
GROUP = {**PLACEMENT, "-h": True, "--help": True}  # a game's group: `referee kleos --session ID glory ...`
LANGUAGES = ("fr", "en")


class Leading:
    """The options before a command as read: `typed` (option -> its value, the last one typed),
    `flags` (the flags typed, in order), `asks` ("--help" or "--version" when typed), `at` (where
    the command's words begin), `pending` (a Tab's line: the option typed last without its value)."""

    def __init__(self) -> None:
        self.typed: dict[str, str] = {}
        self.flags: list[str] = []
        self.asks: str | None = None
        self.at = 0
        self.pending: str | None = None


def leading(words: list[str], table: dict[str, bool | None], partial: bool = False) -> Leading:
    """The options of `table` (name -> None: takes a value) at the start of `words`, up to the
    first word that is not one (the command) or `--`; Misread for a word not in the table (a
    Tab's line: passed over)."""
    read_ = Leading()
    at = 0
    while at < len(words) and words[at].startswith("-") and words[at] != "-":
        word = words[at]
        at += 1
        if word == "--":
            break
        name, value = _split(word, {})
        if name not in table:
            if partial:
                continue
            from difflib import get_close_matches

            raise Misread("option", _say("No such option {name!r}.", name=name), option=name,
                          possibilities=tuple(get_close_matches(name, [n for n in table if n != "-h"])))
        if table[name] is not None:
            if value is not None:
                if partial:
                    continue
                raise Misread("value", _say("Option {name!r} does not take a value.", name=name), option=name)
            if name in ("-h", "--help", "--version"):
                if not partial:
                    read_.asks = "--help" if name == "-h" else name
                    read_.at = at
                    return read_
            else:
                read_.flags.append(name)
            continue
        if value is None:
            if at < len(words) and (words[at] not in table or name == "--db"):  # the store says `--db --json`
                value = words[at]
                at += 1
            elif partial:
                read_.pending = name if at == len(words) else None
                continue
            else:
                raise _needs_value(name)
        read_.typed[name] = value
    read_.at = at
    return read_


def _needs_value(name: str) -> Misread:

    return Misread("value", ngettext("Option {name!r} requires an argument.",
                                     "Option {name!r} requires {nargs} arguments.", 1).format(name=name, nargs=1),
                   option=name)


class Root:
    """The root's options as read (`referee --db PATH --lang fr ...`): `store_path` (`--db`) and `session` (the
    environment's REFEREE_DB and REFEREE_SESSION when not typed), `as_json`, `viewer` (--as),
    `color` (None: not typed), `lang` ("fr", "en", None), `asks` ("--help" or "--version" when
    typed), `at` (where the command's words begin)."""

    def __init__(self, read_: Leading) -> None:
        typed = read_.typed
        self.asks, self.at = read_.asks, read_.at
        self.viewer = typed.get("--as")
        self.session = typed["--session"] if "--session" in typed else (os.environ.get("REFEREE_SESSION") or None)
        self.store_path = typed["--db"] if "--db" in typed else (os.environ.get("REFEREE_DB") or None)
        self.as_json = "--json" in read_.flags
        colour = [f for f in read_.flags if f in ("--color", "--no-color")]
        self.color: bool | None = (colour[-1] == "--color") if colour else None
        self.lang: str | None = typed["--lang"].lower() if "--lang" in typed else None


def read_group(words: list[str], partial: bool = False) -> Leading:
    """A game's group options before its command (`referee kleos --session ID glory ...`): the
    placement options and -h/--help (`leading`)."""
    return leading(words, GROUP, partial)


def status_fields() -> tuple[Field, ...]:
    """The fields of `status` (and a game's other name for it, Crôa!'s `pond`): --full."""
    from referee.model.verbs import Field

    return (Field("full", kind="flag", option="--full"),)


def read_root(words: list[str], partial: bool = False) -> Root:
    """The root's options at the start of `words` (`leading`), or Misread: a language other than
    fr and en, a folder for the store."""
    read_ = leading(words, ROOT, partial)
    lang = read_.typed.get("--lang")
    if lang is not None and lang.lower() not in LANGUAGES:
        if partial:
            del read_.typed["--lang"]
        else:

            listed = ", ".join(map(repr, LANGUAGES))
            said = ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 2)
            raise Misread("invalid", said.format(value=lang, choice=listed, choices=listed), option="--lang")
    root = Root(read_)
    if root.store_path and os.path.isdir(root.store_path) and not partial and root.asks is None:
        raise Misread("invalid", _say("{name} {filename!r} is a directory.", name=_say("file").title(),
                                      filename=root.store_path), option="--db")
    return root
