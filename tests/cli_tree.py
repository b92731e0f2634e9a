"""Every shipped command of the Click tree, by its path (used by the docs and fuzz tests)."""

from __future__ import annotations

from collections.abc import Iterator

import click

from referee.cli import GAME_NAMES, SESSION_COMMANDS, cli


def leaves(group: click.Command = cli, path: tuple[str, ...] = (), parent: click.Context | None = None,
           names: list[str] | None = None) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    """(path, command) for every leaf command, groups walked recursively."""
    ctx = click.Context(group, info_name=path[-1] if path else "referee", parent=parent)
    for name in names if names is not None else group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if cmd is None:
            continue
        if isinstance(cmd, click.Group):
            yield from leaves(cmd, (*path, name), ctx)
        else:
            yield (*path, name), cmd


def shipped() -> dict[tuple[str, ...], click.Command]:
    return dict(leaves(names=[*GAME_NAMES, *SESSION_COMMANDS]))
