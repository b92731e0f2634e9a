"""The Kreus declaration against the Click commands, the pending list, and the options.

Every declared verb is a command of `referee kreus`, field by field; every command with
`--dry-run` (but `new`) is declared; the summary's pending list is the state's one list;
and every action the verbs' options list is accepted as it stands.
"""

from __future__ import annotations

import random

import click
import pytest

from referee.games.kreus import ENGINE
from referee.testing import Table
from referee.verbs import public

PLAYERS = "--player Ann --player Bob --player Cy --player Dee --first Ann"


def _group() -> click.Group:
    from referee.cli.kreus import group

    return group


@pytest.mark.parametrize("name", list(ENGINE.verbs))
def test_each_declared_verb_is_a_command_with_its_fields(name):
    verb = ENGINE.verbs[name]
    command = _group().commands.get(name)
    assert command is not None, f"`{name}` is declared but not a command of referee kreus"
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    options = [p for p in command.params if isinstance(p, click.Option)]
    positional = [f for f in verb.fields if f.positional]
    assert len(arguments) == len(positional), [a.name for a in arguments]
    for field, argument in zip(positional, arguments, strict=True):
        assert argument.name == field.name or (
            field.metavar is not None and argument.metavar == field.metavar), (field, argument)
        assert (argument.nargs == -1) == field.multiple, field.name
        assert argument.required == (field.required and not field.multiple), field.name
    for field in (f for f in verb.fields if not f.positional):
        option = next((o for o in options if field.option in o.opts), None)
        assert option is not None, f"{name}: no option {field.option}"
        assert option.is_flag == (field.kind == "flag"), field.name
        assert option.multiple == field.multiple, field.name
    declared = {f.option for f in verb.fields if f.option}
    extra = [o.opts[0] for o in options
             if not set(o.opts) & declared and o.name not in ("dry_run", "as_json")]
    assert extra == [], f"{name}: options not declared: {extra}"


def test_every_command_with_dry_run_but_new_is_declared():
    with_dry_run = [name for name, command in _group().commands.items()
                    if any("--dry-run" in getattr(p, "opts", ()) for p in command.params)]
    assert "new" in with_dry_run
    assert sorted(n for n in with_dry_run if n != "new") == sorted(ENGINE.verbs)


def test_the_summary_pending_list_is_the_states_list_at_the_storm():
    """Turn 2: Bob reveals the Storm with nothing in play to blow away; he takes it back and
    owes a discard. The summary shows exactly the state's pending entry."""
    with Table("kreus", PLAYERS, seed="1") as t:
        for who in ("Ann", "Bob", "Cy"):
            t.ok(f"tokens {who} 1")
        t.ok("ready")
        t.ok("reveal Ann fire Bob fire Cy fire Dee fire")  # nothing in play: all lost
        assert t.summary["pending"] == []
        t.ok("ready")
        t.ok("reveal Bob storm")
        state = t.state
        assert [(p["player"], p["decision"]) for p in state["pending"]] == [
            ("Bob", "storm-discard")]
        assert t.engine.summary(state)["pending"] == public(state["pending"])
        assert t.summary["pending"][0]["choices"][-1] == "none"
        assert "fire" in t.summary["pending"][0]["choices"]
        assert t.summary["current"] == "Bob"
        t.refused("reveal Cy water", rule="Storm of Uranus' discard comes first")
        t.refused("discard Cy water", message="Bob must answer")
        t.ok("discard Bob water")
        assert t.state["pending"] == [] and t.summary["pending"] == []


def _distinct(actions: list[dict]) -> list[dict]:
    seen: dict[str, dict] = {}
    for a in actions:
        seen.setdefault(repr(sorted(a.items())), a)
    return list(seen.values())


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_every_listed_action_is_accepted_as_it_stands(seed):
    """Over seeded random playouts (Incarnation and Altered included), at a few points every
    action `legal_actions` lists passes a dry run through the session layer."""
    rng = random.Random(seed)
    options = ENGINE.playout_options(rng)
    checked = 0
    with Table("kreus", options=options, seed=f"options-{seed}") as t:
        for _ in range(4):
            t.playout(rng.randint(4, 18), rng)
            legal = _distinct(t.engine.legal_actions(t.state))
            if not legal:
                break
            for action in legal[:30]:
                t.act(action, dry_run=True)
                checked += 1
    assert checked > 10
