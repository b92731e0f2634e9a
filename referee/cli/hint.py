"""`referee GAME hint`: the legal next actions, grouped, each a command accepted as typed.

The actions come from the core's question (`Engine.legal_actions`); each is turned back
into the words a player types after `referee GAME`, generically, from the verb's Click
parameters (arguments in order, options as `--opt value`, flags). Nothing random is ever
shown: legal actions carry no dice, tiles or cards still to come, and a game's note on an
action (`Hints.note`: the Kleos odds of an attack) is worked out, never rolled.
"""

from __future__ import annotations

import json
import shlex
import textwrap
from typing import Any

import click

from referee.cli import context, output
from referee.cli.complete import Live, field_keys, without_results
from referee.model import view
from referee.model.chance import NotYetRolled
from referee.model.i18n import _, and_list, elide, ngettext, or_list
from referee.model.verbs import free_options, without_free_options
from referee.record import session

LIMIT = 0  # actions listed before the list is cut (`truncated: true`); 0: never cut


# -- an action as typed -------------------------------------------------------------------------

_PLAIN_IN_DOUBLE_QUOTES = set('"$`\\!')  # characters double quotes do not keep as they are


def shell_word(word: str) -> str:
    """A word as pasted into a shell, quoted readably: `"Oracle's Smoke"`, not
    `'Oracle'"'"'s Smoke'`, and `"Lyre of Orpheus"` as a table types it; single quotes only
    where double quotes would not keep the word as it is."""
    quoted = shlex.quote(word)
    if quoted == word or _PLAIN_IN_DOUBLE_QUOTES & set(word):
        return quoted
    return f'"{word}"'


def shell_join(words: list[str]) -> str:
    return " ".join(shell_word(w) for w in words)


def _opt(param: click.Option) -> str:
    longs = [o for o in param.opts if o.startswith("--")]
    return longs[0] if longs else param.opts[0]


def command_words(engine: Any, verb: str, cmd: click.Command, action: dict) -> list[str] | None:
    """The words after `referee GAME` that make `action`, checked by building the action back
    from them with the command itself; None if its fields cannot be typed."""
    words = _words(engine, verb, cmd, action)
    if words is None:
        return None
    if free_fields(engine, action):  # a placeholder stands for a value: nothing to build yet
        return words
    return words if _builds(cmd, words, action) else None


def _words(engine: Any, verb: str, cmd: click.Command, action: dict) -> list[str] | None:
    action = without_free_options(engine, action)  # named in `free`, not in the command
    pairs = field_keys(engine, verb, cmd)
    known = {k for _name, k in pairs}
    unknown = [k for k, v in action.items() if k != "verb" and v not in (None, [], ()) and k not in known]
    if unknown:  # a game without a declaration naming a field unlike its argument (one of each)
        free = [(p, k) for p, k in pairs if isinstance(p, click.Argument) and k not in action]
        if len(unknown) != 1 or len(free) != 1:
            return None
        pairs = [(p, unknown[0] if (p, k) == free[0] else k) for p, k in pairs]
    words = [verb]
    missing = False
    for param, key in pairs:
        value = action.get(key)
        if isinstance(param, click.Argument):
            if value in (None, [], ()):
                missing = True
                if param.required:
                    return None
                continue
            if missing:  # an optional argument left out before this one
                return None
            if isinstance(value, dict):  # NAME=VALUE words (`reveal Ann=5 Bob=3`)
                value = [f"{k}={v}" for k, v in value.items()]
            words += [str(v) for v in value] if isinstance(value, list | tuple) else [str(value)]
            continue
        assert isinstance(param, click.Option)
        if value is None:
            continue
        if param.is_flag:
            default = param.default if isinstance(param.default, bool) else False  # Click's UNSET
            if bool(value) == default:
                continue
            if value:
                words.append(_opt(param))
            elif param.secondary_opts:
                words.append(param.secondary_opts[0])
            continue
        for v in value if isinstance(value, list | tuple) else [value]:
            words += [_opt(param), str(v)]
    return words


_BUILT: dict[tuple[Any, ...], bool] = {}  # what `_builds` found, for a process asking again (`serve`'s seats)


def _builds(cmd: click.Command, words: list[str], action: dict) -> bool:
    """Whether the command, given `words`, builds an action holding every field of `action`;
    each answer kept (the same command, words and action give the same one), so a process
    that lists hints again after each action (a seat's page on `serve`) parses only the new."""

    build = getattr(cmd, "referee_action", None)
    if build is None:
        return True
    key = (build, tuple(words), json.dumps(action, sort_keys=True, default=str))
    if key not in _BUILT:
        if len(_BUILT) >= 20_000:
            _BUILT.clear()
        _BUILT[key] = _parsed(cmd, build, words, action)
    return _BUILT[key]


def _parsed(cmd: click.Command, build: Any, words: list[str], action: dict) -> bool:

    try:
        ctx = cmd.make_context(words[0], list(words[1:]))
        built = build(**{k: v for k, v in ctx.params.items() if k != "dry_run"})
    except Exception:  # words the command does not take
        return False

    def plain(value: Any) -> str:  # numbers typed are read as text by some commands
        if isinstance(value, list | tuple):
            return json.dumps([plain(v) for v in value])
        if isinstance(value, dict):
            return json.dumps({str(k): plain(v) for k, v in value.items()}, sort_keys=True)
        return str(value).casefold()

    return all(plain(built.get(k)) == plain(v) for k, v in action.items() if v is not None)


# -- who may take it ------------------------------------------------------------------------------

def actor(engine: Any, state: Any, summary: dict, action: dict) -> str | None:
    """The player who would take `action`: its actor field, the player a decision waits
    for, else the player whose turn it is (None: the table as a whole)."""
    seats = engine.seats(state)
    declared = getattr(engine, "verbs", {}).get(action["verb"])
    if declared is not None and declared.actor and isinstance(action.get(declared.actor), str):
        value = action[declared.actor]
        if value in seats or value in seats.values():
            return seats.get(value, value)
    waiting = summary.get("pending") or []
    if waiting:
        if declared is not None and declared.answers:
            waiting = [p for p in waiting if p["decision"] in declared.answers] or waiting
        players = list(dict.fromkeys(p["player"] for p in waiting))
        for value in action.values():
            if isinstance(value, str) and seats.get(value, value) in players and len(players) > 1:
                return seats.get(value, value)
        return players[0]
    if declared is not None and declared.who == "table":
        return None
    for value in action.values():  # an action naming its player (a god, a colony)
        if isinstance(value, str) and value in seats and declared is not None and declared.actor:
            return seats[value]
    return summary.get("current")


def everyone(engine: Any, summary: dict, action: dict) -> list[str] | None:
    """The players an action speaks for at once (`pass all`: a player field holding one of its
    own words, not a name), each one a decision it answers waits for; None: one player's."""
    declared = getattr(engine, "verbs", {}).get(action.get("verb"))
    if declared is None:
        return None
    if not any(f.kind == "player" and f.choices and action.get(f.name) in f.choices
               for f in declared.fields):
        return None
    waiting = [p for p in summary.get("pending") or [] if p["decision"] in declared.answers]
    return list(dict.fromkeys(p["player"] for p in waiting)) or None


# -- the hint --------------------------------------------------------------------------------------

def hints(live: Live, group: click.Group, player: str | None = None, limit: int = LIMIT,
          own: bool = False, leave: tuple[str, ...] = ()) -> dict:
    """{"pending", "actions": [{"player", "command", ...}], "truncated"} for the session now;
    `own`: as `player`'s own screen lists them (their dealt cards by name, `HiddenInfo.shown_actions`
    not applied), for that player's eyes alone; `leave`: verbs left out.

    Entries carry `words` and, for Kleos attacks, `odds` besides the contract's keys; the
    JSON output keeps only the contract's."""

    engine, state = live.engine, live.listing()  # the card library folded in (Kleos)
    summary = view.summary(engine, state, live.viewer)  # as the viewer may see it
    ctx = click.Context(group)
    out: list[dict] = []
    seen: set[str] = set()
    truncated = False
    legal = engine.legal_actions(state)
    first: dict[Any, dict] = {}  # each verb's first legal action, as listed (before hiding any)
    for action in legal:
        first.setdefault(action.get("verb"), action)
    seer = player if own and player is not None else live.viewer  # a seat's own page: its own cards by name
    commands: dict[Any, click.Command | None] = {}  # each verb's command, looked up once
    hidden = engine.hidden
    for action in hidden.shown_actions(state, legal, seer) if hidden is not None else legal:
        verb = action.get("verb")
        if verb not in commands:
            commands[verb] = group.get_command(ctx, verb) if isinstance(verb, str) and verb not in leave else None
        cmd = commands[verb]
        if cmd is None:
            continue
        players = everyone(engine, summary, action)
        who = None if players else actor(engine, state, summary, action)
        if player is not None and who != player and player not in (players or ()):
            continue  # before its words are built (the costly part)
        words = command_words(engine, verb, cmd, action)
        if words is None:
            continue
        command = shell_join(words)
        if command in seen:
            continue
        if limit and len(out) >= limit:
            truncated = True
            break
        seen.add(command)
        shown = command_words(engine, verb, cmd, without_results(engine, action)) or words
        entry: dict[str, Any] = {"player": who, "command": command, "words": words, "action": action,
                                 "shown": engine.lexicon.said(shown)}  # in the table's words
        if players:
            entry["players"] = players
        if _player_typed_first(engine.verbs.get(verb) if engine.verbs else None):
            entry["player_first"] = True
        free = free_fields(engine, action)
        if free:
            entry["free"] = free
        odds = live.engine.hints.note(live.state, without_free_options(engine, action), live.ply)
        if odds:
            entry["odds"] = odds
        out.append(entry)
    rolled: dict[str, str] = {}
    fields: dict[str, dict[str, str]] = {}  # every free field of a verb's entries
    for a in out:
        verb = a["words"][0]
        if not rolled.get(verb):
            rolled[verb] = _result_note(live, verb, first.get(a["action"].get("verb"), a["action"]))
        fields.setdefault(verb, {}).update(a.get("free") or {})
    notes = {verb: "; ".join(n for n in (rolled[verb], _free_note({"free": fields[verb]})) if n)
             for verb in rolled}
    for a in out:
        del a["action"]
    said = [{**p, "choices": [engine.lexicon.said_choice(p["decision"], str(c)) for c in p["choices"]]}
            for p in summary["pending"]]  # the choices in the table's words, for people
    return {"pending": summary["pending"], "actions": out, "truncated": truncated, "notes": notes,
            "complete": bool(getattr(engine, "legal_exact", False)), "said": said,
            "fold": engine.hints.fold(live.state)}


def free_fields(engine: Any, action: dict) -> dict[str, str]:
    """The placeholders in a listed action, each with what the table types in its place: a
    free (`open`) field whose value is the field's own placeholder word (its metavar, else
    its name in capitals), e.g. the name of a card attached at the table. Never invented.
    An optional one is left out of the command and named as the option the table may add
    (`--bonus BONUS`, `--godly`)."""
    declared = getattr(engine, "verbs", {}).get(action.get("verb"))
    if declared is None:
        return {}
    optional = {f.name for f in free_options(engine, action)}
    out = {}
    for f in declared.fields:
        if f.name in optional:
            out[f.option if f.kind == "flag" else f"{f.option} {f.placeholder}"] = _(f.help)
        elif (f.open or f.private) and action.get(f.name) == f.placeholder:
            out[f.placeholder] = _(f.help)  # in the table's language
    return out


def _free_note(entry: dict) -> str:
    free = entry.get("free") or {}
    colon = _(":")  # French sets a space before it
    needed = "; ".join(f"{w}{colon} {text}" for w, text in free.items() if not w.startswith("-"))
    added = ", ".join(f"{w} ({text})" for w, text in free.items() if w.startswith("-"))
    return "; ".join(n for n in (needed, added and _("may add {options}").format(options=added)) if n)


def _result_note(live: Live, verb: str, action: dict) -> str:
    """How to type what the table drew or rolled, for a verb whose action needs such a result
    (a verb that only answers a decision, like keeping a Blessing already drawn, gets none)."""
    declared = getattr(live.engine, "verbs", {}).get(verb)
    if declared is None:
        return ""
    options = [f"{f.option} {f.metavar or f.name.upper()}" for f in declared.fields if f.result and f.option]
    if not options or not live.engine.hints.results_typed(live.state) or not _needs_result(live, action):
        return ""
    # else the referee does
    return _("add {options} for what the table drew or rolled").format(options=or_list(options))


def _needs_result(live: Live, action: dict) -> bool:
    """Whether `action` asks for a random result now: tried without its typed results like a
    dry run on a copy (it stops at the first result the referee would roll, or is refused
    when the table must type it; nothing is rolled, nothing is written)."""

    engine = live.engine
    bare = without_results(engine, without_free_options(engine, action))  # as typed, no result
    try:
        session.run(engine, engine.copy(live.state), engine.normalize(live.state, bare), live.seed,
                    live.ply, dry=True)
    except NotYetRolled:
        return True
    except Exception:  # refused without its result (a tile the table must type): it needs one
        return True
    return False


def public(result: dict) -> dict:
    """The hint as `--json` gives it: pending, actions (player, command; `free` for an entry
    with a placeholder the table fills in: placeholder -> what it stands for), truncated;
    `"complete": false` when the game's list is not proven exact (the referee may accept
    actions it does not list)."""
    return {"pending": result["pending"],
            "actions": [{"player": a["player"], "command": a["command"],
                         **({"players": a["players"]} if a.get("players") else {}),
                         **({"free": a["free"]} if a.get("free") else {})}
                        for a in result["actions"]],
            "truncated": result["truncated"],
            **({} if result.get("complete", True) else {"complete": False})}


def text(result: dict, width: int = 80) -> str:
    """Grouped for reading: `Ann may move: a2 -> a3 b3; b1 -> b2`."""
    lines: list[str] = []
    for p in result.get("said") or result["pending"]:
        lines.append(elide(_("Waiting for {player}: {decision} ({choices})").format(
            player=p["player"], decision=_(str(p["decision"])), choices=", ".join(map(str, p["choices"])))))
    groups: dict[tuple[Any, str], list[dict]] = {}
    shown: set[tuple[Any, str]] = set()
    for a in result["actions"]:
        who = tuple(a["players"]) if a.get("players") else a["player"]  # `pass all`: all of them
        key = (who, shell_join(a.get("shown") or a["words"]))
        if key in shown and not a.get("odds"):
            continue
        shown.add(key)
        groups.setdefault((who, a["words"][0]), []).append(a)
    groups = dict(sorted(_split_flagged(_together(groups)).items(), key=_players_first))
    drawn = [_group_lines(result, who, verb, items, width) for (who, verb), items in groups.items()]
    fold = result.get("fold") or {}
    folded = fold and len(lines) + sum(len(g) for g in drawn) > SCREEN
    if folded:  # too long for a screen: the big groups' card words shown by a placeholder
        drawn = [_group_lines(result, who, verb, items, width, fold) if len(g) > 2 else g
                 for ((who, verb), items), g in zip(groups.items(), drawn, strict=True)]
    for g in drawn:
        lines += g
    if folded:  # (only a game that folds says it, in its own words: Cerebria, in English)
        words = ", ".join(sorted(set(fold.values())))
        lines += _wrap(f"({words}: each one that fits there; Tab completes them.)", width)
    if not result["actions"]:
        lines.append(_("Nothing may be done now by that player.") if result.get("player")
                     else _("Nothing may be done now."))
    if result["truncated"]:
        lines.append(_("... and more (the first {n} are listed; `hint --limit 0` lists them all)").format(
            n=len(result["actions"])))
    if not result.get("complete", True):
        lines.append(_("(Not every legal action is listed: the referee may accept others.)"))
    named = next((items[0] for (who, _verb), items in groups.items() if _names_its_player(who, items)), None)
    if named is not None:  # `Ann may take: 24 26` is typed `take Ann 24`: said once, with a whole example
        lines += _wrap(_("(The player's name follows the verb: `{example}`.)").format(
            example=shell_join(named.get("shown") or named["words"])), width)
    lines.append(_("(`hint --json` lists each as a whole command.)"))
    return "\n".join(lines)


def _names_its_player(who: Any, items: list[dict]) -> bool:
    """Whether each of a player's choices of a verb is typed with that player's name first (the
    hint shows them without it: `Ann may discard: air ...`, typed `discard Ann air`), a name
    the verb cannot do without (Cerebria's `impulse 1` may leave it out)."""
    rests = [(a.get("shown") or a["words"])[1:] for a in items]
    return bool(who) and not isinstance(who, tuple) and all(a.get("player_first") for a in items) and all(
        r and r[0].casefold() == str(who).casefold() for r in rests) and any(len(r) > 1 for r in rests)


def _player_typed_first(spec: Any) -> bool:
    """Whether a verb's first argument is a player that must be typed (not `[PLAYER]`)."""
    first = next((f for f in spec.fields if f.option is None), None) if spec is not None else None
    return first is not None and first.kind == "player" and first.required and not (first.metavar or "").startswith("[")


def _together(groups: dict[tuple[Any, str], list[dict]]) -> dict[tuple[Any, str], list[dict]]:
    """One player's entries of a verb that several take at once (`pass all`) join that group:
    `Bob and Cy may pass: all Bob Cy`, not `Bob may pass: pass Bob` beside it."""
    out: dict[tuple[Any, str], list[dict]] = {}
    for (who, verb), items in groups.items():
        joint = next((k for k in groups if isinstance(k[0], tuple) and k[1] == verb
                      and who in k[0]), None)
        out.setdefault(joint or (who, verb), []).extend(items)
    return out


SCREEN = 22  # a hint longer than this (80x24, less the prompt) folds its big groups


def _group_lines(result: dict, who: Any, verb: str, items: list[dict], width: int,
                 fold: dict[str, str] | None = None) -> list[str]:
    """One player's choices of one verb: `Ann may invoke: ...`, and its note. With `fold`
    (word -> placeholder), each choice is shown by its shape (`CARD [--merge CARD]`)."""
    lines: list[str] = []
    colon = _(":")  # French sets a space before it
    said = (items[0].get("shown") or items[0]["words"])[0] + verb[len(verb.split()[0]):]  # the table's words
    many = list(who) if isinstance(who, tuple) else [who or _("The table")]  # `pass all`: all of them
    head = ngettext("{who} may {verb}", "{who} may {verb}", len(many)).format(who=and_list(many), verb=said)
    rests = [(a.get("shown") or a["words"])[1:] for a in items]
    if who and all(r and r[0].casefold() == str(who).casefold() for r in rests):
        rests = [r[1:] for r in rests]  # `Ann may discard: air ...`, not `Ann may discard: Ann -> ...`
    note = result.get("notes", {}).get(verb.split()[0], "")
    items, rests, flagged = _fold_flags(items, rests)
    note = "; ".join(n for n in (flagged, note) if n)
    if all(not r for r in rests):  # nothing to choose: the whole command, as typed
        lines += _wrap(f"{head}{colon} {shell_join(items[0].get('shown') or items[0]['words'])}", width)
        lines += _wrap(f"  {note}", width) if note else []
        return lines
    if fold:
        return lines + _laid_out(f"{head}{colon}", _shapes(items, rests, fold), False, note, width)
    by: dict[str, list[str]] = {}
    for a, rest in zip(items, rests, strict=True):
        tail = shell_join(rest[1:]) + (f" ({a['odds']})" if a.get("odds") else "")
        by.setdefault(shell_word(rest[0]) if rest else "", []).append(tail.strip())
    rows = [first if not any(tails) else f"{first} {tails[0]}" if tails[0].startswith("(")
            else f"{first} {_alternatives(first, tails)}" if first.startswith("-") and len(tails) > 1
            and all(" " not in t for t in tails)  # `--to Bob|Cy|Dee`
            else f"{first} -> {_tails(tails)}" for first, tails in _same_tails(by).items()]
    return lines + _laid_out(f"{head}{colon}", rows, all(not any(t) for t in by.values()), note, width)


def _laid_out(head: str, rows: list[str], one_line: bool, note: str, width: int) -> list[str]:
    """`head` and its choices: on one line when there is one (or `one_line`: they are short
    words), else one a line under it; then the note."""
    if len(rows) == 1 or one_line:
        lines = _wrap(f"{head} {_tails(rows) if len(rows) > 1 else rows[0]}", width)
    else:
        lines = [head]
        for row in rows:
            lines += _wrap(f"  {row}", width)
    return lines + (_wrap(f"  {note}", width) if note else [])


FEW = 4  # in a folded hint, an option's values beyond this are counted


def _shapes(items: list[dict], rests: list[list[str]], fold: dict[str, str]) -> list[str]:
    """The choices by their shape: each word `fold` names shown by its placeholder (`CARD`),
    the options each may carry in brackets with their values (`[--discard 1|2]`, `[--merge
    CARD]`), choices of one shape as one line; shapes that differ only by their last word
    are one line too (`2 drain Ann:3|Cy:1 1`). A note on a choice (odds) follows it."""
    shaped: dict[tuple[str, ...], dict[str, list[str]]] = {}
    notes: dict[tuple[str, ...], str] = {}
    for a, rest in zip(items, rests, strict=True):
        plain: list[str] = []
        options: dict[str, list[str]] = {}
        i = 0
        while i < len(rest):
            word = rest[i]
            if word.startswith("--"):
                value = rest[i + 1] if i + 1 < len(rest) and not rest[i + 1].startswith("--") else ""
                options.setdefault(word, []).append(value)
                i += 2 if value else 1
                continue
            plain.append(fold.get(word, shell_word(word)))
            i += 1
        key = tuple(plain)
        known = shaped.setdefault(key, {})
        for option, values in options.items():
            known.setdefault(option, [])
            known[option] += [v for v in values if v not in known[option]]
        if a.get("odds"):
            notes[key] = str(a["odds"])

    def optional(option: str, values: list[str]) -> str:
        shown = list(dict.fromkeys(fold.get(v, shell_word(v)) if v else "" for v in values))
        if shown == [""]:
            return f"[{option}]"
        if len(shown) > FEW:
            return f"[{option} {option.lstrip('-').upper()} ({len(values)})]"
        return f"[{option} {'|'.join(v for v in shown if v)}]"

    lines: dict[tuple[str, str], list[str]] = {}
    for key, options in shaped.items():
        tail = " ".join(optional(o, v) for o, v in options.items())
        note = f" ({notes[key]})" if key in notes else ""
        lines.setdefault((" ".join(key[:-1]), tail + note), []).append(key[-1] if key else "")
    out = []
    for (head, tail), lasts in lines.items():
        last = "|".join(dict.fromkeys(lasts)) if len(lasts) <= MANY else f"({len(lasts)} choices)"
        out.append(" ".join(w for w in (head, last, tail) if w))
    return out


def _players_first(group: tuple[tuple[Any, str], list[dict]]) -> tuple[bool, bool]:
    """The order groups are read in: a player's own choices first, then what a player's card
    lets them do (`move --effect`), the table's card effects last (`kill`, `glory`: what the
    table types when a card says so)."""
    (who, verb), _items = group
    return who is None, " --" in verb


def _split_flagged(groups: dict[tuple[Any, str], list[dict]]) -> dict[tuple[Any, str], list[dict]]:
    """Entries of a verb ending with an on/off flag that most of them need (a move by a card's
    effect, `move ... --effect`) are a group of their own, the flag in its head: `Ann may move
    --effect: ...`, when fewer than half of them are another entry with the flag added, or more
    than `FEW` are but not all (else those are folded into a note by `_fold_flags`, `each also
    with --no-token`, where a list of twenty pairs after `with --effect too:` would not read)."""
    out: dict[tuple[Any, str], list[dict]] = {}
    for (who, verb), items in groups.items():
        shown = [tuple(a.get("shown") or a["words"]) for a in items]
        bases = set(shown)
        flagged: dict[str, list[int]] = {}
        for i, words in enumerate(shown):
            if len(words) > 2 and words[-1].startswith("--") and not words[-2].startswith("--"):
                flagged.setdefault(words[-1], []).append(i)
        doubled = {flag: sum(shown[i][:-1] in bases for i in which) for flag, which in flagged.items()}
        split = {flag: which for flag, which in flagged.items()
                 if 2 * doubled[flag] < len(which) or FEW < doubled[flag] < len(which)}
        moved = {i for which in split.values() for i in which}
        kept = [a for i, a in enumerate(items) if i not in moved]
        if kept:
            out[(who, verb)] = kept
        for flag, which in split.items():
            out[(who, f"{verb} {flag}")] = [{**items[i], "shown": list(shown[i][:-1])} for i in which]
    return out


def _same_tails(by: dict[str, list[str]]) -> dict[str, list[str]]:
    """Rows whose choices are the same, as one: `ares:1 ares:2 -> --reason TEXT`."""
    merged: dict[tuple[str, ...], list[str]] = {}
    for first, tails in by.items():
        merged.setdefault(tuple(tails), []).append(first)
    if len(merged) == len(by) or any(f.startswith("-") or not any(t) for f, t in by.items()):
        return by
    return {" ".join(firsts): list(tails) for tails, firsts in merged.items()}


def _fold_flags(items: list[dict], rests: list[list[str]]) -> tuple[list[dict], list[list[str]], str]:
    """Entries that differ from another only by a last on/off flag (`--no-token`) are folded
    into a note, so a list of choices is not shown twice: `each also with --no-token`."""
    bases = {tuple(r) for r in rests}
    variants: dict[str, list[tuple[str, ...]]] = {}
    kept_items, kept = [], []
    for a, r in zip(items, rests, strict=True):
        if len(r) > 1 and r[-1].startswith("--") and tuple(r[:-1]) in bases:
            variants.setdefault(r[-1], []).append(tuple(r[:-1]))
            continue
        kept_items.append(a)
        kept.append(r)
    notes = []
    for flag, which in variants.items():
        if len(which) == len(kept):
            notes.append(_("each also with {flag}").format(flag=flag))
        else:
            notes.append(_("with {flag} too:").format(flag=flag) + " "
                         + ", ".join(shell_join(list(w)) for w in which))
    return kept_items, kept, "; ".join(notes)


def _tails(tails: list[str]) -> str:
    """`a3 b3` when every tail is one word, else `port, port h1`; `a4 b4 (:lilypad|mud)` when
    every word is SQ:WHAT with the same choices after each square. The command alone, when it
    is one of the choices, is said first: `(as is), port, port h1`."""
    if "" in tails and len(tails) > 1:
        rest = [t for t in tails if t]
        return f"{_('(as is)')}, {_tails(rest)}"
    if all(" " not in t for t in tails):
        return _collapsed(tails) or " ".join(tails)
    return ", ".join(_last_words(tails))


def _last_words(tails: list[str]) -> list[str]:
    """Choices that differ only by their last word, as one: `STAT --against ares:1|ares:2`."""
    by: dict[str, list[str]] = {}
    for t in tails:
        head, _, last = _split_last(t)
        if not head or last.startswith(("-", "(")) or "(" in head:
            by.setdefault(t, [])
            continue
        by.setdefault(head, []).append(last)
    rows = [head if not lasts else f"{head} {lasts[0]}" if len(lasts) == 1
            else f"{head} {_alternatives(head, lasts)}" for head, lasts in by.items()]
    return _first_words(rows)


def _first_words(rows: list[str]) -> list[str]:
    """Choices whose first words differ before the same options, as one: `attack|defense
    --against ares:1|ares:2` (only where what follows the first word is an option)."""
    by: dict[tuple[str, str], list[str]] = {}
    for row in rows:
        first, _, rest = row.partition(" ")
        shared = rest.startswith("--") and not first.startswith(("-", "(", '"', "'"))
        by.setdefault(("options", rest) if shared else ("row", row), []).append(first)
    return [f"{'|'.join(firsts)} {text}" if kind == "options" else text
            for (kind, text), firsts in by.items()]


def _split_last(tail: str) -> tuple[str, str, str]:
    """`head`, " ", `last word` of a tail as typed: a quoted word ("Hermes' Sandals") is one
    word (a tail with a note in brackets, which is no shell text, is split at its last space)."""
    try:
        words = shlex.split(tail)
    except ValueError:
        return tail.rpartition(" ")
    if len(words) < 2 or "(" in tail:
        return tail.rpartition(" ")
    return shell_join(words[:-1]), " ", shell_word(words[-1])


MANY = 8  # more choices than this for one option are counted, not spelled out, in the text


def _alternatives(head: str, values: list[str]) -> str:
    """`a|b|c`; past MANY choices for an option, its placeholder and how many there are
    (`--card CARD (73 choices: Tab completes them)`), so a line stays readable at 80 columns;
    `hint --json` and Tab still give every one."""
    option = head.rsplit(" ", 1)[-1]
    if len(values) <= MANY or not option.startswith("--"):
        return "|".join(values)
    return f"{option.lstrip('-').upper()} " + _("({n} choices: Tab completes them)").format(n=len(values))


def _collapsed(words: list[str]) -> str | None:
    if len(words) < 4 or not all(":" in w for w in words):
        return None
    by: dict[str, list[str]] = {}
    for w in words:
        head, _sep, rest = w.partition(":")
        by.setdefault(head, []).append(rest)
    ends = list(by.values())
    if len(by) == len(words) or any(e != ends[0] for e in ends):
        return None
    return f"{' '.join(by)} " + _("(each as {ends})").format(ends="|".join(":" + e for e in ends[0]))


def _wrap(line: str, width: int) -> list[str]:
    return textwrap.wrap(line, width=max(40, width), subsequent_indent="      ",
                         break_long_words=False, break_on_hyphens=False) or [line]


def show_hint(game: str, group: click.Group, player: str | None, limit: int) -> None:
    """`referee GAME hint`: text for people, the contract's JSON for scripts."""

    ref = context.get()
    sid, loaded = context.load_current(game)
    live = Live.of(loaded, ref.reader())
    name = None
    if player is not None:
        key = loaded.engine.resolve_player(loaded.state, player)
        name = loaded.engine.seats(loaded.state).get(key, key)
    result = hints(live, group, name, limit)
    if ref.as_json:
        output.emit_json(output.envelope(public(result), sid))
        return
    result["player"] = name
    # paged when taller than the screen (on a terminal only): the first choices stay in sight
    output.page(text(result, output.width() or 80), players=output.player_names(loaded.summary))
