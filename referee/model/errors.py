"""The errors a user can meet, one base class, each with its exit code (README.md, "Exit codes")."""

from __future__ import annotations

from typing import TypeVar


class RefereeError(Exception):
    """Base of every error the CLI turns into a message instead of a traceback."""

    exit_code = 3
    kind = "storage"
    # A refusal raised after the referee drew in the action (set by `session.run`): that draw is
    # used up, and the message must not tell it. `blind`: the game worded it without the draw
    # (else the session words it for the game; see `referee.record.session.unseen_refusal`).
    drew = False
    blind = False

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule

    def to_json(self) -> dict:
        return {"kind": self.kind, "message": self.message, "rule": self.rule}


E = TypeVar("E", bound=RefereeError)


def blind(exc: E) -> E:
    """`exc`, marked as worded without any draw made before it (see `RefereeError.blind`)."""
    exc.blind = True
    return exc


class InputError(RefereeError):
    """Malformed input: a dice string with a bad face, an unknown card, a bad square name."""

    exit_code = 2
    kind = "usage"


class IllegalAction(RefereeError):
    """Well-formed but refused by a rule. `rule` names the rule it breaks."""

    exit_code = 1
    kind = "illegal"


class StorageError(RefereeError):
    """The store or a session: missing, locked, corrupt, foreign, or a log that does not replay."""

    exit_code = 3
    kind = "storage"


class EngineDefect(StorageError):
    """A defect in a game's rules code met while applying an action: never the user's mistake.

    Reported one way everywhere (exit 3), naming the game and the action's number."""

    def __init__(self, game: str, index: int, exc: BaseException) -> None:
        super().__init__(f"internal error in the {game} rules at action {index} "
                         f"({type(exc).__name__}: {exc}); please report it")
