"""Dice, shuffles and coin tosses as recorded chance results.

Every random draw an engine needs goes through a `Chance`. Live, it either takes
the result typed at the table (validated) or rolls from a generator derived from
the session's secret, a draw counter that never goes back (the stored row the
action takes) and the draw's label (see `referee.model.secret`), so undoing and
re-entering an action draws fresh results. A public `--seed` and sessions made
before keep the older rule: the seed, the action's place in the log and the label.
Each result is recorded with its source, and, when not the whole table may see it, with its
audience (`to`: the seat it was drawn for, or `""` for nobody until it is revealed; see
`referee.model.view`); on replay the recorded values are handed back and nothing is rolled again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from referee.model import secret
from referee.model.errors import InputError, StorageError

if TYPE_CHECKING:
    import random

REFEREE = "referee"  # rolled by the referee
TABLE = "table"  # typed at the table


class NotYetRolled(Exception):
    """Raised by a dry-run `Chance` at the first result the referee would have to roll.

    A dry run checks an action only up to there: rolling would reveal a result
    before it is played (docs/rulings/README.md: hidden things stay hidden). `session.act`
    catches it; engines never see it (they do not catch broad exceptions).
    """

    def __init__(self, label: str, what: str, results: list[dict], text: str | None = None) -> None:
        super().__init__(f"{what} for {label}")
        self.label = label
        self.what = what
        self.results = results  # the typed results before it
        self.text = text  # the whole sentence, when the stop is not a roll (`Chance.unseen`)


class Chance:
    """Source of random results for one action (live or replayed)."""

    def __init__(self, seed: str, ply: int, recorded: list[dict] | None = None, dry: bool = False,
                 counter: int | None = None) -> None:
        self.seed = str(seed)
        self.ply = ply
        self.counter = counter  # the draw counter (a strong secret's rule), when known
        self.recorded = recorded
        self.dry = dry  # a dry run: stop at the first result the referee would roll
        self.results: list[dict] = []
        self.drawn = 0  # results the referee drew live in this action (what a refusal then must not tell)

    @property
    def replaying(self) -> bool:
        return self.recorded is not None

    def _epoch(self) -> secret.Epoch:
        return secret.epoch_at(self.seed, self.counter)

    def rng(self, label: str) -> random.Random:
        """A generator derived from the secret and (counter, label, draw number), or for a
        legacy or public seed from (seed, ply, label, draw number): reproducible."""
        import random  # loaded by the first draw: many actions roll nothing

        epoch = self._epoch()
        if epoch.strong and self.counter is not None:
            return random.Random(secret.draw_key(epoch, self.counter, label, len(self.results)))
        return random.Random(f"{epoch.text}/{self.ply}/{label}/{len(self.results)}")

    def draw(
        self,
        label: str,
        generate: Callable[[random.Random], Any],
        typed: Any = None,
        check: Callable[[Any], Any] | None = None,
        what: str = "draw a result",
        to: str | None = None,
    ) -> Any:
        """Return one result: recorded (replay), typed (checked) or generated.

        `check(value)` validates a typed or recorded value and returns it in its
        normal form; it raises `InputError` with a clear message when it is not.
        `to`: who may see it (None: the table; a seat; `view.NOBODY`), recorded with it.
        """
        value = self._draw(label, generate, typed, check, what)
        if to is not None:
            self.results[-1]["to"] = to
        return value

    def _draw(self, label: str, generate: Callable[[random.Random], Any], typed: Any,
              check: Callable[[Any], Any] | None, what: str) -> Any:
        if self.recorded is not None:
            i = len(self.results)
            if i >= len(self.recorded):
                raise StorageError(
                    f"the log has no recorded result for draw {i + 1} ('{label}') of this action"
                )
            entry = self.recorded[i]
            if entry.get("label") != label:
                raise StorageError(
                    f"the log's draw {i + 1} is '{entry.get('label')}', the rules expected '{label}'"
                )
            value = entry.get("value")
            if check is not None:
                value = check(value)
            self.results.append({"label": label, "value": value, "source": entry.get("source", REFEREE)})
            return value
        if typed is not None:
            value = check(typed) if check is not None else typed
            source = TABLE
        elif self.dry:
            raise NotYetRolled(label, what, list(self.results))
        else:
            value = generate(self.rng(label))
            self.drawn += 1
            if self.counter is not None and self._epoch().strong:  # drawn at this counter, for verify
                self.results.append({"label": label, "value": value, "source": REFEREE, "at": self.counter})
                return value
            source = REFEREE
        self.results.append({"label": label, "value": value, "source": source})
        return value

    def unseen(self, label: str, what: str, text: str) -> None:
        """A dry run stops here: what follows depends on something the table may not see (a hand
        the referee dealt), so a dry run, which anyone may type, checks only up to it (`what` the
        referee would do for `label`; `text` says so in full). Live and on replay, nothing happens."""
        if self.dry and self.recorded is None:
            raise NotYetRolled(label, what, list(self.results), text)

    def finish(self) -> None:
        """On replay, every recorded result must have been used."""
        if self.recorded is not None and len(self.results) != len(self.recorded):
            raise StorageError(
                f"the log records {len(self.recorded)} random results for this action, "
                f"the rules used {len(self.results)}"
            )

    # -- common kinds of draw -------------------------------------------------

    def dice(
        self,
        label: str,
        count: int,
        faces: Sequence[str],
        typed: Sequence[str] | str | None = None,
        aliases: dict[str, str] | None = None,
        to: str | None = None,
    ) -> list[str]:
        """Roll `count` dice whose sides are `faces` (repeats give weight)."""
        return self.draw(label, lambda r: [r.choice(faces) for _ in range(count)], typed,
                         dice_check(label, count, faces, aliases),
                         what=f"roll {count} {'die' if count == 1 else 'dice'}", to=to)

    def shuffle(self, label: str, items: Sequence[Any], typed: Sequence[Any] | None = None,
                to: str | None = None) -> list:
        """A shuffled copy of `items`; a typed order must be a permutation of them."""
        pool = list(items)

        def check(value: Any) -> list:
            if not isinstance(value, list) or sorted(map(repr, value)) != sorted(map(repr, pool)):
                raise InputError(f"{label}: the order must use exactly the {len(pool)} items")
            return list(value)

        def gen(r: random.Random) -> list:
            out = list(pool)
            r.shuffle(out)
            return out

        return self.draw(label, gen, typed, check, what=f"shuffle {len(pool)} items", to=to)

    def choice(self, label: str, items: Sequence[Any], typed: Any = None, to: str | None = None) -> Any:
        """One of `items`, uniformly, or the typed one if it is among them."""
        pool = list(items)
        if not pool:
            raise StorageError(f"{label}: nothing to choose from")

        def check(value: Any) -> Any:
            if value not in pool:
                raise InputError(f"{label}: '{value}' is not one of {', '.join(map(str, pool))}")
            return value

        return self.draw(label, lambda r: r.choice(pool), typed, check, what=f"draw one of {len(pool)}",
                         to=to)


def dice_check(label: str, count: int, faces: Sequence[str],
               aliases: dict[str, str] | None = None) -> Callable[[Any], list[str]]:
    """The check of `count` typed dice whose sides are `faces`: their normal form, or an
    `InputError` saying what is wrong. A game may call it on typed dice before it rolls
    others, so a mistyped later roll is refused before anything is drawn."""
    valid = set(faces)
    aliases = aliases or {}

    def check(value: Any) -> list[str]:
        if isinstance(value, str):
            value = list(value.strip())
        if not isinstance(value, list):
            raise InputError(f"{label}: expected {count} dice faces")
        out = [aliases.get(str(v), str(v)) for v in value]
        if len(out) != count:
            raise InputError(f"{label}: {count} dice are rolled here, {len(out)} were typed")
        bad = sorted({v for v in out if v not in valid})
        if bad:
            raise InputError(
                f"{label}: no die face '{bad[0]}' (faces: {', '.join(sorted(valid | set(aliases)))})"
            )
        return out

    return check
