"""Whether a game's legal list is exact: accepted <=> listed, at states of random playouts.

At each state visited, candidate actions are built from every open verb: every listed action,
single-field mutations of listed actions (each field given values from its domain: values seen
in any listed action, the engine's vocabulary words, player names, the field's choices, numbers
around those seen, plus values just outside: an unknown word, a number one past a bound) and
random combinations of those values. A candidate is "accepted" when the engine applies it to a
copy of the state without refusal as a dry run (stopping at the first result the referee would
roll counts as accepted); results typed by the table are left out, as hints leave them out.
A listed entry with a free field (its placeholder word) stands for every value of that field
within its bounds, and an optional free field (an option) for its absence too: an action is
covered when, spelled as the log keeps it, it matches such an entry but for those fields.
A free field's candidates add values at its bounds and just outside (`FREE_SAMPLES`, and
whole numbers around each edge of an int field's bounds); a listed entry with free fields is
itself tried with its optional ones left out and each required one a sample within bounds.
An accepted action is an alias (another spelling) of a listed one when it ends in the same
state as that one, or as a free entry given the same free values.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from referee.model import registry
from referee.model.chance import NotYetRolled
from referee.model.errors import RefereeError
from referee.record import session
from referee.testing import playout_choices

UNKNOWN = "zzz"
# fields that answer what a random result brings (a lily pad's bounce after the tile turned, the
# Blessing kept among those drawn): typed ahead with the result, left out like the result
AFTER_RESULT = {"croa": {"bounce", "mosquito", "remove"}, "elysion": {"keep"}}
# text values tried for a free field, by placeholder: some within its bounds, some just outside
FREE_SAMPLES: dict[str, list[Any]] = {
    "CARD": ["Shield of Practice", "x" * 60, "x" * 61, " ", "Curse of Strife"],
    "MODS": ["def=+1", "atk=-1,swift", "swift", "tac=20", "tac=21", "atk", "foo=1", "atk=x"],
    "DELTA": ["+2", "-1", "0", "30", "-30", "31", "-31", "two", 3],
    "TEXT": ["Spear of Ares", "x" * 80, "x" * 81, " "],
    "GOD": ["Ann", "a", "nobody"],
    "FAVOR": [True, False, "yes"],
    "GODLY": [True, False, "yes"],
    "SLAUGHTER": [True, False],
}


@dataclass
class Report:
    game: str
    states: int = 0
    candidates: int = 0
    missing: list[tuple[dict, dict]] = field(default_factory=list)  # accepted, not listed
    extra: list[tuple[dict, dict]] = field(default_factory=list)  # listed, refused

    @property
    def mismatches(self) -> int:
        return len(self.missing) + len(self.extra)

    def line(self) -> str:
        return (f"{self.game}: {self.states} states, {self.candidates} candidates, "
                f"{self.mismatches} mismatches ({len(self.missing)} accepted but not listed, "
                f"{len(self.extra)} listed but refused)")


def accepted(engine: Any, state: Any, action: dict, seed: str, ply: int) -> bool:
    """The engine applies `action` to a copy of `state` as a dry run without refusal."""
    try:
        session.run(engine, engine.copy(state), engine.normalize(state, action), seed, ply, dry=True)
    except NotYetRolled as stop:
        if stop.text is None:  # stopped at a roll: accepted so far
            return True
        # stopped before a hand the referee dealt (a dry run never looks): the oracle plays it out
        return outcome(engine, state, action, seed, ply) is not None
    except RefereeError:
        return False
    except Exception:  # a malformed candidate the engine chokes on: not accepted
        return False
    return True


def outcome(engine: Any, state: Any, action: dict, seed: str, ply: int) -> str | None:
    """The state after `action` (rolled from the seed, so an alias of an action, another
    spelling of the same choice, ends in the same state), or None when refused."""
    try:
        after, _, _ = session.run(engine, engine.copy(state), engine.normalize(state, action), seed, ply)
    except Exception:
        return None
    return json.dumps(engine.to_json(after), sort_keys=True, default=str)


def _kept_key(engine: Any, state: Any, action: dict) -> str | None:
    """The key of the action as the log keeps it (the core fills an implied player in)."""
    try:
        return key(engine, engine.normalize(state, action))
    except Exception:
        return None


def _plain(value: Any) -> Any:
    if isinstance(value, str):
        return value.casefold()
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k).casefold(): _plain(v) for k, v in value.items()}
    return value


def key(engine: Any, action: dict) -> str:
    """The action without results and empty fields, in a canonical form."""
    verb = engine.verbs.get(action.get("verb"))
    results = {f.name for f in verb.fields if f.result} if verb is not None else set()
    if action.get("verb") != "keep":
        results |= AFTER_RESULT.get(engine.name, set())
    multiple = {f.name for f in verb.fields if f.multiple} if verb is not None else set()
    kept = {k: _plain([v] if k in multiple and not isinstance(v, list | tuple) else v)
            for k, v in action.items() if k not in results and v not in (None, False, [], (), {}, "")}
    return json.dumps(kept, sort_keys=True, default=str)


def _free_words(engine: Any, action: dict) -> set[str]:
    verb = engine.verbs.get(action.get("verb"))
    if verb is None:
        return set()
    return {f.name for f in verb.fields if f.open and action.get(f.name) == (f.metavar or f.name.upper())}


def _absent(value: Any) -> bool:
    return value in (None, False, [], (), {}, "")


def _int_edges(spec: Any, state: Any) -> list[int]:
    """Whole numbers at each edge of an int field's bounds, and one past it."""
    if spec.bounds is None:
        return []
    span = range(-102, 103)
    inside = [spec.within(state, n) for n in span]
    return sorted({n + d for i, n in enumerate(span[1:], 1) if inside[i] != inside[i - 1]
                   for d in (-2, -1, 0, 1)})


def fill(engine: Any, state: Any, action: dict) -> dict | None:
    """A listed entry with free fields as the table might type it: optional free fields left
    out, each required one the first sample within its bounds (None: no sample fits)."""
    verb = engine.verbs[action["verb"]]
    out = dict(action)
    for name in _free_words(engine, action):
        spec = verb.field(name)
        if not spec.required:
            del out[name]
            continue
        fits = [v for v in FREE_SAMPLES.get(spec.placeholder, []) if spec.within(state, v)]
        if not fits:
            return None
        out[name] = fits[0]
    return out


class Listing:
    """The listed actions of one state, with the free entries matching a field's every value."""

    def __init__(self, engine: Any, state: Any, actions: list[dict]) -> None:
        self.engine = engine
        self.state = state
        self.actions = list({key(engine, a): a for a in actions}.values())
        self.keys = {key(engine, a) for a in self.actions}
        self.free: list[tuple[str, set[str], str, dict]] = []
        for a in self.actions:
            names = _free_words(engine, a)
            if names:
                self.free.append((a["verb"], names,
                                  key(engine, {k: v for k, v in a.items() if k not in names}), a))

    def covers(self, action: dict) -> bool:
        if key(self.engine, action) in self.keys:
            return True
        try:  # as the log keeps it (a player's name as their god, `ann:c` as ann:champion)
            kept = self.engine.normalize(self.state, action)
        except Exception:
            kept = action
        return any(rest in (key(self.engine, {k: v for k, v in a.items() if k not in names})
                            for a in (action, kept))
                   for _, names, rest, _ in self.within(action))

    def within(self, action: dict) -> list[tuple[str, set[str], str, dict]]:
        """The free entries of the action's verb whose free fields hold its values in bounds
        (an optional one may be left out)."""
        entries = [entry for entry in self.free if entry[0] == action["verb"]]
        if not entries:
            return []
        verb = self.engine.verbs[action["verb"]]
        fits: dict[str, bool] = {}  # by free field: the same for every entry naming it

        def holds(name: str) -> bool:
            if name not in fits:
                spec = verb.field(name)
                fits[name] = ((not spec.required and _absent(action.get(name)))
                              or spec.within(self.state, action.get(name)))
            return fits[name]

        return [entry for entry in entries if all(holds(n) for n in entry[1])]

    def filled(self, action: dict) -> list[dict]:
        """The free entries it is within, given its free values: what an alias of the rest of
        one (another spelling of a player, say) must end like."""
        return [{**entry, **{n: action.get(n) for n in names}}
                for _, names, _, entry in self.within(action)]


def _flat(values: Any) -> Iterator[Any]:
    if isinstance(values, dict):
        for v in values.values():
            yield from _flat(v)
    elif isinstance(values, list | tuple):
        for v in values:
            yield from _flat(v)
    elif values is not None:
        yield values


def domains(engine: Any, state: Any, listed: list[dict], verb: Any) -> dict[str, list[Any]]:
    """Each field's candidate values at this state."""
    vocab = [w.strip('"') for w in _flat(engine.lexicon.vocabulary(state)) if isinstance(w, str)]
    players = list(engine.seats(state))
    out: dict[str, list[Any]] = {}
    for f in verb.fields:
        if f.result or (f.name in AFTER_RESULT.get(engine.name, set()) and verb.name != "keep"):
            continue
        seen: list[Any] = []
        for a in listed:
            v = a.get(f.name)
            if v is None:
                continue
            seen += list(v) if isinstance(v, list) and f.multiple else [v]
        free = [f.placeholder] if f.open and f.placeholder in seen else []
        if f.kind == "flag":
            values: list[Any] = [True, False]
        elif f.kind == "int":
            ints = [v for v in seen if isinstance(v, int)] or [0]
            lo, hi = min(ints), max(ints)
            values = list(range(min(lo, 0) - 1, max(hi, 3) + 2))
            values += _int_edges(f, state) if free else []
        else:
            values = [*seen, *f.choices, *(players if f.kind == "player" else []),
                      *[w for w in vocab if not isinstance(seen[0] if seen else "", dict)], UNKNOWN]
        for word in free:  # a free field: samples at and just outside its bounds
            values += [*FREE_SAMPLES.get(word, []), *(_int_edges(f, state) if f.kind != "int" else [])]
        out[f.name] = list(dict.fromkeys(json.dumps(v, sort_keys=True) for v in values))
    return {k: [json.loads(v) for v in vs] for k, vs in out.items()}


def candidates(engine: Any, state: Any, listed: list[dict], rng: random.Random,
               per_verb: int = 60) -> list[dict]:
    out: dict[str, dict] = {}
    for verb in engine.open_verbs(state):
        mine = [a for a in listed if a["verb"] == verb.name]
        dom = domains(engine, state, mine, verb)
        bases = rng.sample(mine, min(8, len(mine))) if mine else [{"verb": verb.name}]
        found: list[dict] = []
        for base in bases:  # single-field mutations
            for name, values in dom.items():
                if isinstance(base.get(name), dict):  # NAME=VALUE pairs: one value changed
                    inner = [*list(dict.fromkeys(str(x) for d in values if isinstance(d, dict)
                                                 for x in d.values()))[:40], UNKNOWN]
                    for k in list(base[name])[:6]:
                        for x in rng.sample(inner, min(4, len(inner))):
                            found.append({**base, name: {**base[name], k: x}})
                for v in rng.sample(values, min(6, len(values))):
                    spec = verb.field(name)
                    if spec is not None and spec.multiple and not isinstance(v, list):
                        v = [v]
                    found.append({**base, name: v})
                found.append({k: x for k, x in base.items() if k != name})  # left out
        for _ in range(per_verb // 3):  # random combinations
            a: dict[str, Any] = {"verb": verb.name}
            for name, values in dom.items():
                if values and rng.random() < 0.8:
                    spec = verb.field(name)
                    v = rng.choice(values)
                    a[name] = [v] if spec is not None and spec.multiple and not isinstance(v, list) else v
            found.append(a)
        for a in rng.sample(found, min(per_verb, len(found))):
            out.setdefault(key(engine, a), a)
    return list(out.values())


def check_state(engine: Any, state: Any, seed: str, ply: int, rng: random.Random,
                report: Report, listed_sample: int = 40) -> None:
    listed = engine.legal_actions(state)
    listing = Listing(engine, state, listed)
    report.states += 1
    for a in rng.sample(listing.actions, min(listed_sample, len(listing.actions))):
        filled = (fill(engine, state, a) or engine.hints.playout_action(state, a)) if _free_words(engine, a) else a
        if filled is None:
            continue
        report.candidates += 1
        if not accepted(engine, state, filled, seed, ply):
            report.extra.append((a, engine.summary(state)))
    ends: dict[str, set[str | None]] = {}  # the states the listed actions of a verb lead to

    def listed_end(action: dict) -> bool:
        verb = action["verb"]
        if verb not in ends:
            ends[verb] = {outcome(engine, state, a, seed, ply) for a in listing.actions
                          if a["verb"] == verb and not _free_words(engine, a)}
        end = outcome(engine, state, action, seed, ply)
        return end is not None and (end in ends[verb] or any(
            end == outcome(engine, state, a, seed, ply) for a in listing.filled(action)))

    for c in candidates(engine, state, listing.actions, rng):
        if key(engine, c) in listing.keys or _kept_key(engine, state, c) in listing.keys:
            continue  # listed (or, as the log keeps it, a listed one: a player left implied): checked above
        report.candidates += 1
        if listing.covers(c):  # within a free entry's bounds: it must be accepted
            if not accepted(engine, state, c, seed, ply):
                report.extra.append((c, engine.summary(state)))
            continue
        if accepted(engine, state, c, seed, ply) and not listed_end(c):
            report.missing.append((c, engine.summary(state)))


def explore(game: str, seeds: int = 4, states_per_seed: int = 9, max_steps: int = 400) -> Report:
    """Random playouts of `game` (several seeds, so several player counts), checked at states
    spread over each playout."""
    engine = registry.engine(game)
    report = Report(game)
    for seed in range(seeds):
        rng = random.Random(seed)
        options = engine.playout_options(rng)
        sseed = f"exact-{seed}"
        state, _, _ = session.run(engine, None, {"verb": "new", **options}, sseed, 0)
        plies = [state]
        for _ in range(max_steps):
            legal = playout_choices(engine, state)
            if not legal:
                break
            state, _, _ = session.run(engine, engine.copy(state), rng.choice(legal), sseed, len(plies))
            plies.append(state)
        picks = sorted(set(rng.sample(range(len(plies)), min(states_per_seed, len(plies)))) | {0})
        for ply in picks:
            if not engine.is_over(plies[ply]):
                check_state(engine, plies[ply], sseed, ply + 1, rng, report)
    return report
