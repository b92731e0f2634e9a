"""Cerebria's declaration against its Click commands, and the summary's pending list."""

from __future__ import annotations

import click
import pytest
from cerebria_table import Layout, do

from referee import registry
from referee.cli.cerebria import group
from referee.verbs import public

ENGINE = registry.engine("cerebria")


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
        else:
            assert field.option in opts, f"{verb.name}: no option {field.option}"
            assert opts[field.option].multiple == field.multiple, (verb.name, field.option)
    # and nothing the command takes is undeclared
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


def test_summary_pending_is_the_states_one_list_at_a_counter_act_and_a_deprive():
    p = Layout()
    p.place("Ann", "mild-bliss-red-deprive")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="deprive", args=[1]))
    # the counter-act window: its head, Bob, then Cy
    assert t.state["pending"][0]["decision"] == "counter-act"
    assert ENGINE.summary(t.state)["pending"] == public(t.state["pending"])
    assert t.summary["pending"] == [{"player": "Bob", "decision": "counter-act",
                                     "choices": ["pass", "cancel --discard <red card>"]}]
    t.act(do("pass", player="Bob"))
    assert t.summary["pending"][0]["player"] == "Cy"
    assert ENGINE.summary(t.state)["pending"] == public(t.state["pending"])
    t.act(do("pass", player="Cy"))
    # Deprive's second discard is owed: the one pending entry, Ann's
    assert ENGINE.summary(t.state)["pending"] == public(t.state["pending"])
    assert t.summary["pending"] == [{"player": "Ann", "decision": "deprive",
                                     "choices": ["deprive Ann 1", "deprive Ann 2",
                                                 "deprive Ann 3"]}]
    t.act(do("deprive", player="Ann", slot=2))
    assert t.state["pending"] == [] and t.summary["pending"] == []
