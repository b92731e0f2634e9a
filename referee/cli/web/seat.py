"""A seat's own page (`referee serve --seats`): the table as everyone sees it, and above it what
that seat alone may see, asked of the engine, never drawn here per game:

- what the seat holds: `HiddenInfo.seat_html`, drawn by the game from the seat's view and the seat's
  legal actions (Crôa!: the dealt hand, each card playable now marked); a game that draws none
  gets, generically, what the seat's view holds beyond the table's;
- the decisions waiting for that seat, with their choices as the seat's view holds them (Elysion:
  the Blessings just drawn, one to keep);
- the seat's hint: its legal actions now, as `hint` words them, its own cards by name (those of
  the verbs the game's drawing shows, `HiddenInfo.seat_verbs`, left to it).
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from referee.cli.complete import Live
from referee.cli.hint import actor, hints, text
from referee.cli.web import page
from referee.model.i18n import _
from referee.model.spoken import words as engine_words

ALONE = re.compile(r"^(.* (\S+)): \2$")  # `Bob may pass: pass` (nothing to choose) reads `Bob may pass`


def seat_fragment(loaded: Any, seat: str, group: Any, store: Any = None) -> tuple[str, str]:
    """(title, fragment) of `seat`'s page: the table, with that seat's own part under its status."""
    engine, state = loaded.engine, loaded.state
    name = engine.seats(state)[seat]
    title, fragment = page.table_fragment(loaded, mine=seat_part(loaded, seat, group, store))
    return f"{name} · {title}", fragment


def seat_part(loaded: Any, seat: str, group: Any, store: Any = None) -> str:
    """What `seat` alone may see now: its holdings, the decisions waiting for it, its actions."""
    engine, state = loaded.engine, loaded.state
    name = engine.seats(state)[seat]
    seen = engine.view(state, seat)
    live = Live.of(loaded, store)
    summary = engine.summary(state)
    actions = [a for a in engine.legal_actions(live.listing()) if actor(engine, state, summary, a) == name]
    hidden = engine.hidden  # the game's hidden information: what the seat holds, drawn by it
    drawn = hidden.seat_html(seen, seat, actions) if hidden is not None else ""
    held = drawn or _beyond(seen, engine.view(state, None))
    parts = [f'<section class="mine"><h2>{escape(_("Only for {name}").format(name=name))}</h2>',
             f'<p class="note">{escape(_("This page is yours alone: keep its link to yourself."))}</p>']
    for p in _waiting(seen, name):
        said = _("Waiting for you: {decision}").format(decision=_(str(p.get("decision"))))
        parts.append(f'<p class="wait"><b>{escape(said)}</b></p>')  # the answers: in the list below
    if held:
        parts.append(held)
    if not summary.get("over"):
        # the decisions are said above, the actions of the verbs the game drew itself too; the
        # notes on typing a result (`add --tile ...`) are the terminal's
        leave = hidden.seat_verbs if hidden is not None else ()
        result = {**hints(live, group, name, own=True, leave=leave), "pending": [], "notes": {}}
        result["actions"] = _unnamed(result["actions"], name)
        if result["actions"]:
            parts.append(f"<h3>{escape(_('What you may do now'))}</h3>" + _hint_html(text(result, 60)))
        elif not actions:
            parts.append(f'<p class="note">{escape(_("Nothing for you to do now."))}</p>')
    parts.append("</section>")
    return "".join(parts)


def _waiting(seen: dict, name: str) -> list[dict]:
    """The decisions waiting for `name`, from the seat's view (its summary's, else its own list)."""
    listed = (seen.get("summary") or {}).get("pending") if isinstance(seen.get("summary"), dict) else None
    if listed is None:
        listed = seen.get("pending")
    return [p for p in listed or [] if isinstance(p, dict) and p.get("player") == name]


def _hint_html(said: str) -> str:
    """The hint's lines for a player's eyes: a group's head bold, its rows under it; the lines
    about typing (a placeholder's help, `hint --json`) left out, options without their dashes,
    words without a shell's quotes."""
    lines = []
    for line in said.splitlines():
        if "`" in line or not line.strip():
            continue
        shown = escape(ALONE.sub(r"\1", engine_words(line.strip())))
        if line.startswith(" "):
            lines.append(f'<p class="sub">{shown}</p>')
        else:
            lines.append(f"<p><b>{shown}</b></p>")
    return f'<div class="hint">{"".join(lines)}</div>'


def _unnamed(entries: list[dict], name: str) -> list[dict]:
    """The hint's entries without naming the player whose page it is (`pass Bob`, `--player
    Bob`: on Bob's page, `pass`), each said once."""
    out, seen = [], set()
    for entry in entries:
        words = list(entry.get("shown") or entry["words"])
        kept = [w for i, w in enumerate(words) if w.casefold() != name.casefold()
                and not (w.startswith("--") and i + 1 < len(words) and words[i + 1].casefold() == name.casefold())]
        if tuple(kept) not in seen:
            seen.add(tuple(kept))
            out.append({**entry, "words": kept, "shown": kept})
    return out


def _beyond(seen: Any, table: Any, path: tuple[str, ...] = ()) -> str:
    """What the seat's view holds that the table's does not, each as where it lies and its value
    (for a game that draws nothing of its own)."""
    found: list[tuple[str, Any]] = []

    def walk(mine: Any, theirs: Any, at: tuple[str, ...]) -> None:
        if mine == theirs:
            return
        if isinstance(mine, dict) and isinstance(theirs, dict):
            for key, value in mine.items():
                walk(value, theirs.get(key), (*at, str(key)))
            return
        if isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs) \
                and any(isinstance(v, dict | list) for v in mine):
            for i, (value, other) in enumerate(zip(mine, theirs, strict=True)):
                walk(value, other, (*at, str(i + 1)))
            return
        found.append((" › ".join(at), mine))

    walk(seen, table, path)
    if not found:
        return ""
    rows = "".join(f"<tr><th>{escape(where)}</th><td>{escape(_shown(value))}</td></tr>" for where, value in found)
    return f'<table class="mine">{rows}</table>'


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_shown(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_shown(v)}" for k, v in value.items())
    return str(value)
