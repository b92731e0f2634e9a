"""Who is looking: what each seat may see, declared once by the game, shown through one door.

A game declares what is hidden and from whom (docs/engine.md, "Hidden information"):
- `Engine.hidden.secrets(state)` (the game's `HiddenInfo`) lists the parts of the state that one
  seat holds (a dealt hand, a cup of dice) or that nobody sees yet (an undrawn pile), each a
  `Secret` with what the others see in its place;
- a draw names who may see it: `chance.draw(..., to=SEAT)` (or `to=NOBODY`); the result is
  recorded with its audience (`"to"`), and a draw without one is the table's;
- an event may carry its audience: `event(text, to=SEAT, others=TEXT)`, where `others` is the
  same news as everybody else may read it ("Ann draws 2 cards");
- an event kept as data (`msg`) is said in the reader's language as it leaves (`told`).

Everything shown to people goes through the functions here with the viewer: a seat (a key of
`Engine.seats`) or `TABLE` (None: what everybody sees, the shared screen). The record keeps
everything; once the game is over everything may be shown. Light on purpose: this module is
on the path of every action and imports nothing beyond the standard library's core and the
language (`referee.model.i18n`, already loaded by every engine).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from referee.model.i18n import _, pgettext, sentence, tell

TABLE = None  # the viewer who is everybody: the shared screen
NOBODY = ""  # the audience of a draw nobody sees until it is revealed (an undrawn pile)
HIDDEN = "?"  # what stands for one thing a viewer may not see


class Secret:
    """One hidden part of a game's state (in its `to_json` form).

    `path`: the keys and indexes leading to it (`("colonies", 0, "hand")`); `seat`: the seat
    that holds it (a key of `Engine.seats`), or `NOBODY`; `mask`: what every other viewer sees
    in its place (`["?", "?", "?"]`: how many, not which); `label`: how its holder's screen
    names it ("hand", "cup")."""

    __slots__ = ("label", "mask", "path", "seat")

    def __init__(self, path: Sequence[str | int], seat: str, mask: Any, label: str = "") -> None:
        self.path = tuple(path)
        self.seat = seat
        self.mask = mask
        self.label = label or str(self.path[-1])

    def __repr__(self) -> str:
        return f"Secret({self.path!r}, {self.seat!r}, {self.mask!r}, {self.label!r})"


def hidden_list(items: Sequence[Any]) -> list[str]:
    """A list as others see it: as many `?` as it has things."""
    return [HIDDEN] * len(items)


def may_see(audience: str | None, viewer: str | None) -> bool:
    """Whether `viewer` may see what is meant for `audience` (None: the table, "": nobody)."""
    return audience is None or (viewer is not None and audience != NOBODY and audience == viewer)


def at(data: Any, path: Sequence[str | int]) -> Any:
    """The value at `path` in `data` (KeyError/IndexError when it is not there)."""
    for key in path:
        data = data[key]
    return data


def masked(data: Any, secrets: Iterable[Secret], viewer: str | None) -> Any:
    """`data` (JSON-ready) with every secret `viewer` may not see replaced by its mask. The
    containers on a secret's path are copied; `data` itself is left as it was."""
    hide = [s for s in secrets if not may_see(s.seat, viewer)]
    if not hide:
        return data
    out = _shallow(data)
    for s in hide:
        node = out
        for key in s.path[:-1]:
            child = _shallow(node[key])
            node[key] = child
            node = child
        node[s.path[-1]] = s.mask
    return out


def _shallow(value: Any) -> Any:
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, list):
        return list(value)
    return value


def state(engine: Any, game_state: Any, viewer: str | None = TABLE) -> dict:
    """The state as `viewer` may see it (`Engine.view`): its JSON less what is hidden from them."""
    data = engine.to_json(game_state)
    if engine.hidden is None or engine.is_over(game_state):
        return data
    return masked(data, engine.hidden.secrets(game_state), viewer)


def held(engine: Any, game_state: Any, viewer: str | None) -> list[tuple[str, Any]]:
    """What `viewer` holds that the table does not see: (label, value) of each of their secrets."""
    if viewer is None or engine.hidden is None or engine.is_over(game_state):
        return []
    data = engine.to_json(game_state)
    return [(s.label, at(data, s.path)) for s in engine.hidden.secrets(game_state) if s.seat == viewer]


# -- the record: events, draws and actions ---------------------------------------------------

def told(ev: Mapping[str, Any]) -> dict:
    """An event with its `text` in the reader's language, said now from what happened (its `msg`,
    `referee.model.i18n.tell`), and its `others` words too; an event the log keeps as text only
    (another game's, or written before events were kept as data) as it was written."""
    others = ev.get("others")
    if "msg" not in ev and not isinstance(others, Mapping):
        return dict(ev)
    out = {"text": sentence(tell(ev["msg"]))} if "msg" in ev else {}
    out.update((k, v) for k, v in ev.items() if k != "text" or "msg" not in ev)
    if isinstance(others, Mapping):
        out["others"] = sentence(tell(others))
    return out


def text(ev: Mapping[str, Any]) -> str:
    """An event's words in the reader's language (see `told`)."""
    return str(told(ev).get("text") or "")


def event(ev: Mapping[str, Any], viewer: str | None, over: bool = False) -> dict | None:
    """An event as `viewer` may read it, in the reader's language (`told`): as told (the table's,
    or theirs), or its `others` words (its data left out), or None when there are none."""
    audience = ev.get("to")
    if over or audience is None or may_see(audience, viewer):
        return told(ev)
    said = ev.get("others")
    if isinstance(said, Mapping):
        return told({"msg": said})
    return {"text": said} if said else None


def events(evs: Iterable[Mapping[str, Any]], viewer: str | None, over: bool = False) -> list[dict]:
    out = []
    for ev in evs:
        shown = event(ev, viewer, over)
        if shown is not None:
            out.append(shown)
    return out


def hides(results: Iterable[Mapping[str, Any]] | None, viewer: str | None, over: bool = False) -> bool:
    """Whether some of these draws are hidden from `viewer`."""
    return not over and any(not may_see(r.get("to"), viewer) for r in results or () if isinstance(r, Mapping))


def results(res: Iterable[Any] | None, viewer: str | None, over: bool = False) -> list:
    """Draws as `viewer` may see them: a hidden one keeps its label, source and audience; its
    value is `?` (or as many `?` as it drew)."""
    out: list = []
    for r in res or ():
        if not isinstance(r, Mapping) or over or may_see(r.get("to"), viewer):
            out.append(r)
            continue
        value = r.get("value")
        out.append({"label": r.get("label"), "value": hidden_list(value) if isinstance(value, list) else HIDDEN,
                    "source": r.get("source"), "to": r.get("to")})
    return out


def action(engine: Any, act: Mapping[str, Any], res: Iterable[Any] | None, viewer: str | None,
           over: bool = False) -> dict:
    """An action as `viewer` may read it: when one of its draws is hidden from them, the
    results typed at the table (fields declared `result=True`) are left out."""
    out = dict(act)
    if not hides(res, viewer, over):
        return out
    verb = getattr(engine, "verbs", {}).get(out.get("verb"))
    for f in getattr(verb, "fields", ()):
        if f.result:
            out.pop(f.name, None)
    return out


def record(engine: Any, rec: Mapping[str, Any], viewer: str | None, over: bool = False) -> dict:
    """A record of the log (`action`, `results`, `events`...) as `viewer` may read it, its events
    in the reader's language."""
    res = rec.get("results")
    out = dict(rec)
    if not over and (hides(res, viewer) or any(isinstance(e, Mapping) and "to" in e for e in rec.get("events") or ())):
        out["action"] = action(engine, rec.get("action") or {}, res, viewer)
        out["results"] = results(res, viewer)
        if "events" in rec:
            out["events"] = events(rec.get("events") or (), viewer)
        return out
    if rec.get("events"):
        out["events"] = [told(e) if isinstance(e, Mapping) else e for e in rec["events"]]
    return out


def private(rows: Iterable[Mapping[str, Any]]) -> bool:
    """Whether a record holds something not for the whole table (a draw or an event with an
    audience): what must not leave for another store while the game runs."""
    for r in rows:
        if any(isinstance(x, Mapping) and "to" in x for x in (r.get("results") or ())):
            return True
        if any(isinstance(x, Mapping) and "to" in x for x in (r.get("events") or ())):
            return True
    return False


def held_text(engine: Any, game_state: Any, viewer: str | None) -> str:
    """The lines a seat's screen adds to the table's: what that seat alone holds (its hand,
    its cup, the Blessings it drew), each named by its `Secret.label`."""
    if viewer is None:
        return ""

    name = engine.seats(game_state).get(viewer, viewer)
    lines = []
    for label, value in held(engine, game_state, viewer):  # the label in the table's language (`main`)
        lines.append(sentence(_("{name}'s {label} (for {name} alone): {held}").format(
            name=name, label=pgettext("secret", label), held=_said(value))))
    return "\n".join(lines)


def _said(value: Any) -> str:
    if isinstance(value, Mapping):
        return ", ".join(f"{k} x{n}" if n != 1 else str(k) for k, n in value.items() if n) or "none"
    if isinstance(value, list | tuple):
        return ", ".join(_said(v) for v in value) or "none"
    return str(value)


def summary(engine: Any, game_state: Any, viewer: str | None = TABLE) -> dict:
    """The common summary as `viewer` may see it."""
    return engine.summary(engine.masked(game_state, viewer))


def shown_actions(engine: Any, game_state: Any, actions: list[dict], viewer: str | None) -> list[dict]:
    """Listed actions as `viewer` may see them: the value of a field declared `private` is the
    actor's alone (while the game runs); others see the field's placeholder, each such action once."""
    verbs = getattr(engine, "verbs", {})
    if not any(f.private for v in verbs.values() for f in v.fields) or engine.is_over(game_state):
        return actions
    out: list[dict] = []
    for a in actions:
        verb = verbs.get(a.get("verb"))
        shown = a
        actor = (a.get(verb.actor) or engine.implied_actor(game_state, verb)) if verb is not None and verb.actor else None
        if verb is not None and not (viewer is not None and actor == viewer):
            private = [f for f in verb.fields if f.private and a.get(f.name) is not None]
            if private:
                shown = {**a, **{f.name: f.placeholder for f in private}}
        if shown not in out:
            out.append(shown)
    return out


def private_field(engine: Any, verb: str, field: str, actor: Any, viewer: str | None) -> bool:
    """Whether the values of `field` of `verb` are hidden from `viewer` (completion offers none)."""
    declared = getattr(engine, "verbs", {}).get(verb)
    spec = declared.field(field) if declared is not None else None
    return bool(spec is not None and spec.private and (viewer is None or actor != viewer))
