"""An Elysion session on `referee.testing.Table`, driven by actions as the log keeps them.

    g = Journey(styx=True)                  # Ann, Bob, Cy; the first row 40-43 as dealt
    g("reveal", realms={"Ann": "5", "Bob": "10", "Cy": "20"})
    assert "it is Ann's turn" in g.refusal("take", rule="Take order", player="Bob", realm="41")

Every action goes through the session layer (stored, replayed, invariants checked);
a refusal must name its rule and record nothing.
"""

from __future__ import annotations

from typing import Any

from referee.model.errors import IllegalAction, RefereeError
from referee.testing import Table


class Journey(Table):
    def __init__(self, seed: str = "r", **options: Any) -> None:
        opts = {"players": ["Ann", "Bob", "Cy"], "row": ["40", "41", "42", "43"], **options}
        super().__init__("elysion", options=opts, seed=seed)
        self.events: list[dict[str, Any]] = []
        self._state: Any = None

    def __call__(self, verb: str, **fields: Any) -> list[dict[str, Any]]:
        self._state = None
        self.events = self.act({"verb": verb, **fields})
        return self.events

    def refusal(self, verb: str, error: type[RefereeError] = IllegalAction, rule: str | None = None,
                **fields: Any) -> str:
        """The action is refused (by `rule`, unless `error` says otherwise): its message."""
        assert rule or error is not IllegalAction, "a refusal by a rule names it: refusal(..., rule=...)"
        exc = self.refuse({"verb": verb, **fields}, rule=rule, kind=error)
        if error is IllegalAction:
            assert exc.rule, "every refusal names its rule"
        return exc.message

    @property
    def state(self) -> Any:
        if self._state is None:
            self._state = self.loaded.state
        return self._state

    @property
    def text(self) -> str:
        return " ".join(e["text"] for e in self.events)

    @property
    def results(self) -> list[dict[str, Any]]:
        """The random results the last action recorded (drawn by the referee or typed)."""
        return self.loaded.records[-1]["results"]

    def first_legal(self) -> list[dict[str, Any]]:
        """Take the first legal action listed (the verbs' options), as the playouts would."""
        return self(**self.engine.playout_choices(self.state)[0])
