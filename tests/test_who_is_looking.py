"""Who is looking: nothing a viewer may not see comes out of any output path (issue 34).

Two properties, over random playouts of every registered game (those declaring `secrets`, such
as Crôa! with hands dealt by the referee, Elysion, Liar's Dice, Poker Dice; the others have none
but the seed):

- *Two worlds* (the output paths): right after an action that drew something a viewer may not
  see, a second store is made from the one before the action and the action taken again there
  with those draws drawn otherwise (the same generator, another source of chance, so they stay
  legal). When both worlds agree on what the viewer may see (`Engine.view` and the action's
  events as the viewer reads them), every output path must print the same for that viewer in
  both: status text and JSON, log, log -v, log --json, every export format, report HTML and
  Markdown, hint text and JSON, completion words, the serve page and its event. Whatever a path
  printed of the secret would differ between the worlds: no list of secret words to get wrong.
- *The probe* (refusals): for sampled states and every typist (each seat, and the table), a
  second state that agrees on what the typist may see (the secrets hidden from them pooled and
  dealt again, another seed for what is not drawn yet) must refuse every listed, re-addressed
  or re-worded action with the same message and rule, in a dry run and for real.
"""

from __future__ import annotations

import functools
import json
import random
import re
import shutil
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from referee.model import registry, view
from referee.model.chance import Chance, NotYetRolled
from referee.model.errors import RefereeError
from referee.record.session import unseen_refusal
from referee.testing import playout_choices

# -- the worlds ---------------------------------------------------------------------------------

def _declares_secrets(game: str) -> bool:
    return registry.engine(game).hidden is not None


# the games that declare what is hidden (their `HiddenInfo` group), read from the registry: a new
# game with secrets joins every test below by being registered
SECRET_GAMES = [g for g in registry.names() if _declares_secrets(g)]


def _options(game: str, rng: random.Random) -> dict:
    options = registry.engine(game).playout_options(rng)
    if game == "croa":  # the referee deals the hands (`--digital --cards`, dealt)
        options = {**options, "digital": True, "cards": True}
        options.pop("deal", None)
        options["deal"] = True
    return options


def _viewers(engine: Any, state: Any) -> list[str | None]:
    return [None, *engine.seats(state)]


class _Otherwise:
    """Draws hidden from `viewer` drawn by the same generator from another source of chance."""

    def __init__(self, viewer: str | None) -> None:
        self.viewer = viewer
        self.changed = 0

    def __enter__(self) -> _Otherwise:
        self.draw = Chance.draw
        outer = self

        def draw(chance: Chance, label: str, generate: Any, typed: Any = None, check: Any = None,
                 what: str = "draw a result", to: str | None = None) -> Any:
            if to is None or view.may_see(to, outer.viewer) or typed is not None or chance.replaying:
                return outer.draw(chance, label, generate, typed, check, what, to)
            value = outer.draw(chance, label, generate, typed, check, what, to)
            other = generate(random.Random(f"otherwise/{label}/{len(chance.results)}"))
            chance.results[-1]["value"] = other
            outer.changed += other != value
            return other

        Chance.draw = draw  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        Chance.draw = self.draw  # type: ignore[method-assign]


def _copy_store(src: Path, dst: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{src}{suffix}").exists():
            shutil.copy(f"{src}{suffix}", f"{dst}{suffix}")


# -- the output paths ---------------------------------------------------------------------------

HEX = re.compile(r"[0-9a-f]{12,}")
TIME = re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?)?|\d\d:\d\d(:\d\d)?|\d{10}\.\d+|\b\d{10}\b")


def _cli(args: list[str]) -> str:
    from referee.cli.root import cli
    from referee.cli.run import invoke

    runner = CliRunner()
    with runner.isolation() as (out, err, *_):
        code = invoke(cli, args)
        printed = out.getvalue().decode() + err.getvalue().decode()
    return f"[{code}] {printed}"


def outputs(db: Path, sid: str, game: str, viewer: str | None, tmp: Path) -> dict[str, str]:
    """Every output path's text for `viewer` (None: the table's screen)."""
    base = ["--db", str(db), "--session", sid, *(["--as", viewer] if viewer is not None else [])]
    out = {
        "status": _cli([*base, game, "status"]),
        "status --json": _cli([*base, "--json", game, "status"]),
        "log": _cli([*base, "log", sid]),
        "log -v": _cli([*base, "log", "-v", sid]),
        "log --json": _cli([*base, "--json", "log", sid]),
        "hint": _cli([*base, game, "hint"]),
        "hint --json": _cli([*base, "--json", game, "hint"]),
    }
    for fmt in ("json", "jsonl", "csv", "md", "summary"):
        out[f"export {fmt}"] = _cli([*base, "export", sid, "--format", fmt, "-o", "-"])
    for kind in ("html", "md"):
        target = tmp / f"report-{viewer}.{kind}"
        _cli([*base, "report", sid, "-o", str(target), "--force"])
        out[f"report {kind}"] = target.read_text(encoding="utf-8") if target.exists() else "(none)"
    out.update(_completion(db, sid, viewer))
    out.update(_serve(db, sid, viewer))
    return out


def _completion(db: Path, sid: str, viewer: str | None) -> dict[str, str]:
    """The words a Tab offers for every field of every verb open now, as `viewer` (a seat's
    completion: the Live of a seat's own shell)."""
    from referee.cli.complete import Live, field_keys, words
    from referee.cli.root import cli
    from referee.record import session
    from referee.record.store import Store

    store = Store(db)
    try:
        loaded = session.load(store, sid)
        live = Live.of(loaded.seen_by(viewer), store)
        group = cli.get_command(click.Context(cli), loaded.game)
        said = []
        for verb in loaded.engine.open_verbs(loaded.state):
            cmd = group.get_command(click.Context(group), verb.name)
            for _param, key in field_keys(loaded.engine, verb.name, cmd):
                said.append(f"{verb.name} {key}: {words(live, verb.name, {}, key)}")
    finally:
        store.close()
    return {"completion": "\n".join(said)}


def _serve(db: Path, sid: str, viewer: str | None) -> dict[str, str]:
    """The serve page's table (and the event that pushes it: the same fragment) as `viewer`'s."""
    from referee.cli.web import page
    from referee.record import session
    from referee.record.store import Store

    store = Store(db)
    try:
        title, fragment = page.table_fragment(session.load(store, sid).seen_by(viewer))
    finally:
        store.close()
    return {"serve page": fragment, "serve event": json.dumps({"title": title, "html": fragment})}


def _normal(text: str) -> str:
    return TIME.sub("T", HEX.sub("H", text))


# -- the two worlds -----------------------------------------------------------------------------

def _two_worlds(game: str, seed: int, tmp_path: Path, checkpoints: int = 2, steps: int = 60) -> list[str]:
    """Play at random; after each action that drew for some seat (up to `checkpoints` of them),
    compare every output path of the two worlds for each viewer they agree for. Returns the
    differences found ("path (viewer): first differing line")."""
    from referee.record import session
    from referee.record.store import Store

    rng = random.Random(seed)
    engine = registry.engine(game)
    db = tmp_path / "a.db"
    store = Store(db)
    loaded, _ = session.create(store, game, _options(game, rng))  # a secret seed
    sid = str(loaded.id)
    found: list[str] = []
    done = 0
    for step in range(steps):
        state = session.load(store, sid).state
        choices = playout_choices(engine, state)
        if not choices or done >= checkpoints:
            break
        action = rng.choice(choices)
        store.close()
        before = tmp_path / f"before-{step}.db"
        _copy_store(db, before)
        store = Store(db)
        after, _events = session.act(store, sid, action)
        rec = after.records[-1]
        if not any("to" in r for r in rec["results"]):
            before.unlink()
            continue
        done += 1
        store.close()
        for viewer in _viewers(engine, after.state):
            if not view.hides(rec["results"], viewer):
                continue
            other = tmp_path / f"b-{step}-{viewer}.db"
            _copy_store(before, other)
            ostore = Store(other)
            with _Otherwise(viewer) as otherwise:
                oloaded, _ = session.act(ostore, sid, action)
            ostore.close()
            if not otherwise.changed:
                continue
            orec = oloaded.records[-1]
            if (engine.view(after.state, viewer) != engine.view(oloaded.state, viewer)
                    or view.events(rec["events"], viewer) != view.events(orec["events"], viewer)):
                continue  # the draw showed at once (a lone Blessing kept): the worlds differ for this viewer
            mine = outputs(db, sid, game, viewer, tmp_path)
            theirs = outputs(other, sid, game, viewer, tmp_path)
            for path, text in mine.items():
                a, b = _normal(text), _normal(theirs[path])
                if a != b:
                    line = next((x for x, y in zip(a.splitlines(), b.splitlines(), strict=False) if x != y), a[-80:])
                    found.append(f"{path} ({viewer or 'the table'}) after {action}: {line[:160]}")
        store = Store(db)
    store.close()
    return found


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("game", SECRET_GAMES)
def test_no_output_path_tells_a_viewer_what_only_another_seat_may_see(game, seed, tmp_path):
    found = _two_worlds(game, seed, tmp_path)
    assert not found, "\n".join(found)


def _secrets(engine: Any, state: Any) -> list:
    return engine.hidden.secrets(state) if engine.hidden is not None else []


def test_every_registered_game_is_played_by_the_two_worlds_or_has_no_secret(tmp_path):
    """A game joins the property by being registered: one whose playout holds a secret or draws
    for one seat must declare `hidden` (the two worlds compare what each viewer may see, so an
    undeclared secret would pass them unseen), and one that declares them holds one early on."""
    for game in registry.names():
        engine = registry.engine(game)
        rng = random.Random(3)
        chance = Chance("who", 0)
        state = engine.start(_options(game, rng), chance)
        private = bool(_secrets(engine, state))
        for_one = any("to" in r for r in chance.results)
        for ply in range(1, 40):
            choices = engine.playout_choices(state)
            if not choices or (private and for_one):
                break
            chance = Chance("who", ply)
            state, _ = engine.apply(state, rng.choice(choices), chance)
            private = private or bool(_secrets(engine, state))
            for_one = for_one or any("to" in r for r in chance.results)
        assert private == (game in SECRET_GAMES), game
        assert not for_one or private, f"{game} draws for one seat and declares no secret"


# -- the views, as declared ---------------------------------------------------------------------

@pytest.mark.parametrize("game", SECRET_GAMES)
def test_status_json_is_the_viewers_view_and_a_running_games_json_export_keeps_private_draws_out(game, tmp_path):
    """`status --json` of each viewer is exactly `Engine.view(state, viewer)`; the record read
    by `log --json` and exported as JSON shows each private draw's value to its seat alone,
    while the game runs (a secret seed: the JSON export keeps them out as it keeps the seed)."""
    from referee.record import session
    from referee.record.store import Store

    rng = random.Random(5)
    engine = registry.engine(game)
    db = tmp_path / "a.db"
    store = Store(db)
    loaded, _ = session.create(store, game, _options(game, rng))
    sid = str(loaded.id)
    for _ in range(12):
        choices = playout_choices(engine, session.load(store, sid).state)
        if not choices:
            break
        session.act(store, sid, rng.choice(choices))
    loaded = session.load(store, sid)
    rows = store.actions(sid)
    store.close()
    assert not engine.is_over(loaded.state)
    assert view.private(rows), "the playout drew nothing for one seat"
    for viewer in _viewers(engine, loaded.state):
        base = ["--db", str(db), "--session", sid, *(["--as", viewer] if viewer is not None else []), "--json"]
        status = json.loads(_cli([*base, game, "status"]).split(" ", 1)[1])
        expected = engine.view(loaded.state, viewer)
        assert {k: v for k, v in status["state"].items() if k != "summary"} == expected
        logged = json.loads(_cli([*base, "log", sid]).split(" ", 1)[1])["result"]["log"]
        exported = json.loads(_cli([*base, "export", sid, "-o", "-"]).split(" ", 1)[1])["actions"]
        for raw, shown, out in zip(rows, logged, exported, strict=True):
            for r, s, o in zip(raw["results"], shown["results"], out["results"], strict=True):
                hidden = not view.may_see(r.get("to"), viewer)
                assert (s["value"] == r["value"]) != hidden, (viewer, r, s)
                assert (o["value"] == r["value"]) != hidden, (viewer, r, o)
                assert "?" in json.dumps(s["value"]) or not hidden
            for e, s in zip([e for e in raw["events"] if view.may_see(e.get("to"), viewer) or e.get("others")],
                            shown["events"], strict=True):
                said = view.told(e)  # its words in the reader's language
                assert s["text"] == (said["text"] if view.may_see(e.get("to"), viewer) else said["others"])


@pytest.mark.parametrize("game", SECRET_GAMES)
def test_push_refuses_a_running_game_whose_record_holds_a_private_draw(game, tmp_path):
    from referee.record import session
    from referee.record.push import push_one
    from referee.record.store import Store

    src, dst = Store(tmp_path / "table.db"), Store(tmp_path / "club.db")
    rng = random.Random(7)
    engine = registry.engine(game)
    loaded, _ = session.create(src, game, _options(game, rng))
    sid = str(loaded.id)
    while not view.private(src.actions(sid)):
        session.act(src, sid, rng.choice(playout_choices(engine, session.load(src, sid).state)))
    out = push_one(src, dst, sid)
    assert out["status"] == "refused" and "once the game is over" in out["problem"]
    assert not dst.sessions(include_over=True)
    src.close()
    dst.close()


# -- the probe: refusals read the same whatever the typist may not see ---------------------------

def _leaves(value: Any) -> list[Any]:
    """The things a secret holds: a list's items (a list of lists, each list's), a dict of counts
    as its keys repeated."""
    if isinstance(value, dict):
        return [k for k, n in value.items() for _ in range(n if isinstance(n, int) else 1)]
    if isinstance(value, list):
        return [x for v in value for x in (_leaves(v) if isinstance(v, list | dict) else [v])]
    return [value]


def _dealt_again(value: Any, pool: list[Any]) -> Any:
    if isinstance(value, dict):
        out: dict = {}
        for _ in range(sum(n for n in value.values() if isinstance(n, int))):
            k = pool.pop()
            out[k] = out.get(k, 0) + 1
        return out
    if isinstance(value, list):
        return [_dealt_again(v, pool) if isinstance(v, list | dict) else pool.pop() for v in value]
    return pool.pop()


def other_world(engine: Any, state: Any, typist: str | None, rng: random.Random) -> Any:
    """A state that agrees with `state` on what `typist` may see: every secret hidden from them
    pooled, shuffled and dealt again in the same shapes (another hand, another cup)."""
    data = engine.copy(engine.to_json(state))
    hidden = [s for s in _secrets(engine, state) if not view.may_see(s.seat, typist)]
    pool = [x for s in hidden for x in _leaves(view.at(data, s.path))]
    rng.shuffle(pool)
    if game_of(engine) == "liars":  # a cup is any dice: roll them again
        pool = [rng.choice("123456") for _ in pool]
    for s in hidden:
        node = view.at(data, s.path[:-1])
        node[s.path[-1]] = _dealt_again(node[s.path[-1]], pool)
    other = engine.from_json(data)
    if game_of(engine) == "liars":
        for cup in other["cups"].values():
            cup.sort()
    return other


def game_of(engine: Any) -> str:
    return engine.name


def _outcome(engine: Any, state: Any, action: dict, seed: str, ply: int, dry: bool) -> tuple:
    chance = Chance(seed, ply, dry=dry)
    try:
        work = engine.copy(state)
        engine.apply(work, engine.normalize(work, action), chance)
    except NotYetRolled:
        return ("stops at a draw",)
    except RefereeError as exc:
        if chance.drawn:  # refused after a live draw: worded as the session words it for the table
            exc = unseen_refusal(engine, exc, used_up=True)
        return ("refused", exc.kind, exc.message, exc.rule)
    return ("done",)


def _tries(engine: Any, state: Any, rng: random.Random) -> list[dict]:
    """The actions the probe types: each listed one, the same for every other player, and with
    each field given other words the game knows (its vocabulary, a sample)."""
    listed = engine.legal_actions(state)
    seats = list(engine.seats(state))
    lists = [sorted({str(w) for w in words}) for words in engine.lexicon.vocabulary(state).values() if words]
    vocab = sorted({w for words in lists for w in words})

    def domain(verb: Any, field: str) -> list[str]:
        """The words a field takes: the vocabulary lists its listed values come from (a field
        never listed, `--bounce`: those of the verb's other fields)."""
        seen = {str(a.get(field)) for a in listed if a.get("verb") == verb.name and a.get(field) is not None}
        if not seen:
            seen = {str(v) for a in listed if a.get("verb") == verb.name for k, v in a.items() if k != "verb"}
        return sorted({w for words in lists if seen & set(words) for w in words}) or vocab

    out: list[dict] = []
    for action in rng.sample(listed, min(len(listed), 12)):
        out.append(action)
        verb = engine.verbs.get(action.get("verb"))
        if verb is None:
            continue
        if verb.actor:
            out += [{**action, verb.actor: p} for p in seats if p != action.get(verb.actor)]
        for f in verb.fields:
            if f.name == verb.actor or f.kind in ("flag", "int", "json", "file", "path"):
                continue
            words = domain(verb, f.name)
            tried = rng.sample(words, min(len(words), 4)) + rng.sample(vocab, min(len(vocab), 2))
            out += [{**action, f.name: [w] if f.multiple else w} for w in tried]
    return out


PROBE_CASES: list[tuple[str, str, str]] = [  # (game, a rule the refusal names, the leak): strict xfails
]
KNOWN = {(game, rule): pytest.mark.xfail(strict=True, reason=why) for game, rule, why in PROBE_CASES}


def _probe(game: str, seed: int, states: int = 8) -> list[tuple[str, str]]:
    """(rules, what differed) for each refusal that reads otherwise in a world that agrees with
    the typist's view. `croa-digital`: Crôa! with tiles the referee turns, no cards."""
    rng = random.Random(seed)
    engine = registry.engine(game.split("-")[0])
    options = ({**engine.playout_options(rng), "digital": True, "cards": False} if game == "croa-digital"
               else _options(game, rng))
    options.pop("deal", None) if game == "croa-digital" else None
    state = engine.start(options, Chance("probe", 0))
    found: list[tuple[str, str]] = []
    looked = 0
    for ply in range(1, 200):
        choices = engine.playout_choices(state)
        if not choices or looked >= states:
            break
        if rng.random() < 0.3:
            looked += 1
            for typist in _viewers(engine, state):
                other = other_world(engine, state, typist, rng)
                for action in _tries(engine, state, rng):
                    for dry in (True, False):
                        a = _outcome(engine, state, action, "one world", ply, dry)
                        b = _outcome(engine, other, action, "another world", ply, dry)
                        if a[0] == "refused" and b[0] == "refused" and a[2:] != b[2:]:
                            found.append((f"{a[3]} / {b[3]}", f"{typist or 'the table'} typed {action} "
                                                             f"(dry run: {dry}): {a[2]!r} / {b[2]!r}"))
        state, _ = engine.apply(state, rng.choice(choices), Chance("probe", ply))
    return found


def _probe_params() -> list[Any]:
    out = []
    for game in [*registry.names(), "croa-digital"]:
        out.append(pytest.param(game, None, id=f"{game}-other rules"))
    out += [pytest.param(game, rule, id=f"{game}-{rule}", marks=KNOWN[(game, rule)]) for game, rule, _ in PROBE_CASES]
    return out


@functools.cache
def _probed(game: str) -> tuple[tuple[str, str], ...]:
    """The probe's findings for a game, once (each known leak's test reads them too)."""
    return tuple(f for seed in (1, 2, 3) for f in _probe(game, seed))


@pytest.mark.parametrize(("game", "rule"), _probe_params())
def test_a_refusal_reads_the_same_whatever_the_typist_may_not_see(game, rule):
    found = list(_probed(game))
    known = [r for g, r, _ in PROBE_CASES if g == game]
    if rule is None:  # a difference either world's refusal names a known leak's rule in is that leak's
        found = [f for f in found if not any(k in f[0] for k in known)]
    else:
        found = [f for f in found if rule in f[0]]
    assert not found, "\n".join(f"[{r}] {what}" for r, what in found[:10])
