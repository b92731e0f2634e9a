"""The Elysion declaration against the Click commands, the pending list, and the options.

Every declared verb is a command of `referee elysion`, field by field; every command with
`--dry-run` (but `new`) is declared; the summary's pending list is the state's one list
(the Blessing to keep, the Shade); and every action the verbs' options list is accepted
as it stands.
"""

from __future__ import annotations

import random

import click
import pytest
from elysion_table import Journey

from referee.games.elysion import ENGINE
from referee.testing import Table
from referee.verbs import public


def _group() -> click.Group:
    from referee.cli.elysion import group

    return group


@pytest.mark.parametrize("name", list(ENGINE.verbs))
def test_each_declared_verb_is_a_command_with_its_fields(name):
    verb = ENGINE.verbs[name]
    command = _group().commands.get(name)
    assert command is not None, f"`{name}` is declared but not a command of referee elysion"
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    options = [p for p in command.params if isinstance(p, click.Option)]
    positional = [f for f in verb.fields if f.positional]
    assert len(arguments) == len(positional), [a.name for a in arguments]
    for field, argument in zip(positional, arguments, strict=True):
        assert argument.name == field.name or (
            field.metavar is not None and argument.metavar == field.metavar), (field, argument)
        assert (argument.nargs == -1) == field.multiple, field.name
        assert argument.required == field.required, field.name
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


def test_the_summary_pending_list_is_the_states_list_at_a_keep_and_a_shade():
    """Day 2 of a Styx journey: Ann (12 > 2, realm 2's coin) draws 2 Blessings and keeps one;
    on day 3 her earth 2, 12, 17 meet Stone Giant's goal and she decides on the Shade."""
    g = Journey(styx=True, hand=8, shades=["Stone Giant", "Ferryman", "Old Sailor"])
    assert g.state["pending"] == [] and g.summary["pending"] == []
    g("reveal", realms={"Ann": "2", "Bob": "7", "Cy": "8"})
    for p, r in (("Ann", "40"), ("Bob", "41"), ("Cy", "42")):
        g("take", player=p, realm=r)
    g("next", row=["50", "51", "52", "53"])
    g("reveal", realms={"Ann": "12", "Bob": "13", "Cy": "9"})
    g("take", player="Cy", realm="50", drawn=["Trident"])
    g("take", player="Ann", realm="51", drawn=["Aegis", "Nectar"])
    state = g.state
    assert [(p["player"], p["decision"]) for p in state["pending"]] == [("Ann", "keep-blessing")]
    assert ENGINE.summary(state)["pending"] == public(state["pending"])
    assert g.summary["pending"] == [
        {"player": "Ann", "decision": "keep-blessing", "choices": ["Aegis", "Nectar"]}]
    assert g.summary["phase"] == "keep" and g.summary["current"] == "Ann"
    g("keep", player="Ann", blessing="Aegis")
    assert g.state["pending"] == []
    g("take", player="Bob", realm="52", drawn=["Olive Branch"])
    g("next", row=["54", "55", "56", "60"])
    g("reveal", realms={"Ann": "17", "Bob": "19", "Cy": "3"})
    g("take", player="Cy", realm="54")
    g("take", player="Ann", realm="55", drawn=["Ambrosia", "Caduceus"], keep="Ambrosia")
    state = g.state
    assert ENGINE.summary(state)["pending"] == public(state["pending"]) == [
        {"player": "Ann", "decision": "take-shade", "choices": ["Stone Giant", "pass"]}]
    g("pass", player="Ann")
    assert g.state["pending"] == [] and g.summary["current"] == "Bob"


def _distinct(actions: list[dict]) -> list[dict]:
    seen: dict[str, dict] = {}
    for a in actions:
        seen.setdefault(repr(sorted(a.items())), a)
    return list(seen.values())


@pytest.mark.parametrize("seed", [2, 5, 11])
def test_every_listed_action_is_accepted_as_it_stands(seed):
    """Over seeded random playouts (add-ons at random), at a few points every action
    `legal_actions` lists passes a dry run through the session layer."""
    rng = random.Random(seed)
    options = ENGINE.playout_options(rng)
    checked = 0
    with Table("elysion", options=options, seed=f"options-{seed}") as t:
        for _ in range(4):
            t.playout(rng.randint(3, 12), rng)
            legal = _distinct(t.engine.legal_actions(t.state))
            if not legal:
                break
            for action in legal[:20]:
                t.act(action, dry_run=True)
                checked += 1
    assert checked > 5
