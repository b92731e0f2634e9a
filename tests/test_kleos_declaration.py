"""Kleos's declaration against its Click commands, the summary's pending list, and the
legal actions the verbs' `options` list (each accepted as it stands)."""

from __future__ import annotations

import random

import click
import pytest
from kleos_table import action_phase, do, new_game, place

from referee import registry
from referee.cli.kleos import group
from referee.testing import Table
from referee.verbs import public

ENGINE = registry.engine("kleos")


def _params(command: click.Command) -> tuple[dict[str, click.Argument], dict[str, click.Option]]:
    args = {p.name: p for p in command.params if isinstance(p, click.Argument) and p.name}
    opts = {o: p for p in command.params if isinstance(p, click.Option) for o in p.opts}
    return args, opts


@pytest.mark.parametrize("verb", list(ENGINE.verbs.values()), ids=lambda v: v.name)
def test_each_declared_verb_is_a_command_with_the_same_fields(verb):
    command = group.commands.get(verb.name)
    assert command is not None, f"`{verb.name}` is declared but not a command"
    args, opts = _params(command)
    for field in verb.fields:
        if field.positional:
            arg = args.get(field.name) or next(
                (a for a in args.values() if field.metavar and a.metavar == field.metavar), None)
            assert arg is not None, f"{verb.name}: no argument for the field '{field.name}'"
            assert (arg.nargs == -1) == field.multiple, (verb.name, field.name)
            assert arg.required == (field.required and not field.multiple) or field.multiple
        else:
            assert field.option in opts, f"{verb.name}: no option {field.option}"
            assert opts[field.option].multiple == field.multiple, (verb.name, field.option)
            assert opts[field.option].is_flag == (field.kind == "flag"), (verb.name, field.option)
    declared = {f.name for f in verb.fields if f.positional}
    assert set(args) <= declared, (verb.name, set(args) - declared)
    options = {f.option for f in verb.fields if not f.positional}
    extra = {o for o in opts if o.startswith("--")} - options - {"--dry-run", "--json", "--help"}
    assert not extra, (verb.name, extra)


def test_every_command_with_dry_run_is_declared():
    for name, command in group.commands.items():
        _, opts = _params(command)
        if "--dry-run" in opts and name != "new":
            assert name in ENGINE.verbs, f"`{name}` acts but is not declared"


def test_summary_pending_is_the_states_one_list_at_an_opportunity_attack_and_a_choice():
    g = new_game(gods=("ares", "athena", "hermes"),
                 temples={"athena": "h1", "ares": "h3", "hermes": "h5"},
                 deploy={"ares": ["Hoplite Warrior", "Centaur", "Cyclops", "Hoplite Warrior"],
                         "athena": ["Hoplite Warrior"], "hermes": ["Hoplite Warrior"]})
    action_phase(g)  # Bob's (Athena's) Action Phase, then Cy's, then Ann's (Ares')
    g.act(do("next"))
    g.act(do("next"))
    for ref in ("ares:1", "athena:1", "hermes:1"):
        place(g, ref, "arena")
    g.act(do("move", minion="ares:1", to="market"))
    state = g.state
    assert ENGINE.summary(state)["pending"] == public(state["pending"])
    assert g.summary["pending"] == [{"player": "Bob", "decision": "opportunity-attack",
                                     "choices": ["athena:1", "pass"]}]
    g.act(do("pass"))  # Cy is asked next: still one entry, the head of the queue
    state = g.state
    assert ENGINE.summary(state)["pending"] == public(state["pending"])
    assert g.summary["pending"] == [{"player": "Cy", "decision": "opportunity-attack",
                                     "choices": ["hermes:1", "pass"]}]
    g.act(do("pass"))
    place(g, "ares:2", "isle1")
    g.act(do("recruit", minion="ares:2", dice="s-"))  # Myrina: a fifth minion
    state = g.state
    assert ENGINE.summary(state)["pending"] == public(state["pending"])
    assert g.summary["pending"] == [{"player": "Ann", "decision": "make-room",
                                     "choices": ["1", "2", "3", "4", "new"]}]
    g.act(do("replace", slot="new"))
    assert g.state["pending"] == [] and g.summary["pending"] == []


@pytest.mark.parametrize("seed", [1, 2])
def test_every_legal_action_listed_is_accepted_as_it_stands(seed):
    """Over a seeded random playout, at every eighth step, each action `legal_actions` lists
    is accepted (--dry-run: nothing recorded); the referee rolls the dice it leaves out."""
    rng = random.Random(seed)
    with Table("kleos", options=ENGINE.playout_options(rng), seed=str(seed)) as t:
        state = t.state
        for step in range(100):
            legal = ENGINE.legal_actions(state)
            if not legal:
                break
            if step % 8 == 0:
                for action in legal[:40]:
                    t.act(action, dry_run=True)
            t.act(rng.choice(legal))
            state = t.state
