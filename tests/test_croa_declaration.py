"""The Crôa! declaration agrees with its Click commands, its options are accepted as they stand,
and the summary's pending list is the state's one list."""

from __future__ import annotations

import random

import click
import pytest
from croa_table import Pond
from test_croa_cards import hand, table

from referee.games.croa import ENGINE
from referee.testing import Table
from referee.verbs import public


def _commands() -> dict[str, click.Command]:
    from referee.cli.croa import group

    return dict(group.commands)


def _dry_run(command: click.Command) -> bool:
    return any("--dry-run" in getattr(p, "opts", ()) for p in command.params)


@pytest.mark.parametrize("verb", list(ENGINE.verbs))
def test_each_declared_verb_is_a_command_with_the_same_fields(verb):
    command = _commands().get(verb)
    assert command is not None, f"`{verb}` is declared but is no command of `referee croa`"
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    options = [p for p in command.params if isinstance(p, click.Option)]
    positional = [f for f in ENGINE.verbs[verb].fields if f.positional]
    assert len(arguments) == len(positional), (verb, [a.name for a in arguments])
    for argument, field in zip(arguments, positional, strict=True):
        shown = (argument.metavar or "").strip("[]").upper()
        assert argument.name == field.name or shown in (
            (field.metavar or "").strip("[]").upper(), field.name.upper()), (verb, field.name)
    for field in ENGINE.verbs[verb].fields:
        if field.option:
            assert any(field.option in o.opts for o in options), (verb, field.option)
            option = next(o for o in options if field.option in o.opts)
            assert option.multiple == field.multiple, (verb, field.option)
            assert option.is_flag == (field.kind == "flag"), (verb, field.option)


def test_every_action_command_of_the_group_is_declared():
    acting = {name for name, command in _commands().items() if _dry_run(command)}
    assert acting - {"new"} == set(ENGINE.verbs)


# -- the pending list --------------------------------------------------------------------------

def _same_pending(t: Table) -> list[dict]:
    state = t.state
    assert ENGINE.summary(state)["pending"] == public(state["pending"])
    assert t.summary["pending"] == public(state["pending"])
    return t.summary["pending"]


def test_summary_pending_is_the_states_list_at_every_kind_of_decision():
    bounce = Pond()
    bounce.move("a1", "b2", tile="lilypad")
    assert [p["decision"] for p in _same_pending(bounce)] == ["bounce"]
    mosquito = Pond()
    mosquito.move("a2", "a3", tile="mosquito")
    assert [p["decision"] for p in _same_pending(mosquito)] == ["mosquito"]
    log = Pond()
    log.tile("b2", "log")
    log.place("Bob", "b2")
    log.place("Ann", "b2")
    log.move("b1", "b2")
    assert [p["decision"] for p in _same_pending(log)] == ["log-removal"]


def test_summary_pending_lists_each_answer_of_a_card_window_and_a_thunderclap():
    # three real hands: Bob and Cy may each hold a Doesn't work!, one entry each
    t = Pond(("Ann:red", "Bob:blue", "Cy:green"), cards=True)
    t.do("card", card="mating_season", male="male1")
    assert [(p["player"], p["decision"]) for p in _same_pending(t)] == [
        ("Bob", "doesnt-work"), ("Cy", "doesnt-work")]
    # a bounce with a thunderclap in Bob's dealt hand: Ann bounces, or Bob keeps her there;
    # his thunderclap opens a window (Ann holds a Doesn't work!), the bounce waits under it
    d = table()
    hand(d, "Ann", "doesnt_work", "twins", "the_force")
    hand(d, "Bob", "thunderclap", "mega_jump", "mega_jump")
    d.move("a1", "b2", tile="lilypad")
    assert [(p["player"], p["decision"]) for p in _same_pending(d)] == [
        ("Ann", "bounce"), ("Bob", "thunderclap")]
    d.do("card", card="thunderclap", player="Bob")
    assert [(p["player"], p["decision"]) for p in _same_pending(d)] == [("Ann", "doesnt-work")]
    d.do("card", card="doesnt_work", player="Ann")  # cancelled: the bounce waits again
    assert [(p["player"], p["decision"]) for p in _same_pending(d)] == [("Ann", "bounce")]
    d.do("bounce", to="c3:reeds")
    assert _same_pending(d) == [] and d.current == "Bob"


# -- options: every legal action listed is accepted as it stands --------------------------------

@pytest.mark.parametrize("seed", range(2))
def test_every_listed_action_is_accepted_with_dry_run(seed):
    rng = random.Random(seed)
    options = ENGINE.playout_options(rng)
    if seed % 2:  # physical tiles and real hands too: the typed tile is part of the action
        options.update(digital=False, cards=True)
    t = Table("croa", options=options, seed=f"options-{seed}")
    checked = 0
    for step in range(40):
        legal = ENGINE.legal_actions(t.state)
        if not legal:
            break
        if step % 15 == 0 or t.state["pending"]:
            for action in rng.sample(legal, min(6, len(legal))):
                t.act(action, dry_run=True)
                checked += 1
        t.act(rng.choice(legal))
    assert checked
