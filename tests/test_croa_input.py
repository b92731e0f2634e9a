"""Whatever the table types, Crôa! answers with a result or a clear refusal, never a crash."""

from __future__ import annotations

from croa_table import Pond
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games.croa import ENGINE
from referee.model.chance import Chance
from referee.model.errors import RefereeError

WORDS = st.one_of(
    st.sampled_from(["a1", "a2", "a3", "b2", "h8", "b2:queen", "a1:servant", "b1:c2", "b1:c2:mud",
                     "lilypad", "pike", "male7", "red", "Bob", "b2:blue", "", ":", "a2:x:y:z",
                     "mega_jump", "thunderclap", "doesnt_work"]),
    st.text(max_size=8),
    st.integers(-3, 99),
    st.none(),
    st.lists(st.text(max_size=4), max_size=2),
)
ACTIONS = st.fixed_dictionaries(
    {"verb": st.sampled_from(["move", "bounce", "mosquito", "pass", "remove", "card", "jump"])},
    optional=dict.fromkeys(("from", "to", "tile", "bounce", "mosquito", "remove", "which", "card", "player", "male"), WORDS),
)


def _tables() -> list[Pond]:
    plain = Pond()
    bounce = Pond()
    bounce.move("a1", "b2", tile="lily_pad")
    mosquito = Pond(digital=True)
    mosquito.tile("a3", "mosquito")
    mosquito.move("a2", "a3")
    log = Pond()
    log.tile("b2", "log")
    log.place("Bob", "b2")
    log.place("Ann", "b2")
    log.move("b1", "b2")
    cards = Pond(cards=True, digital=True)
    return [plain, bounce, mosquito, log, cards]


TABLES = _tables()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(TABLES) - 1), ACTIONS)
def test_any_typed_action_gives_a_result_or_a_referee_error(which, action):
    table = TABLES[which]
    try:
        state, _ = ENGINE.apply(ENGINE.copy(table.state), action, Chance("fuzz", 9))
    except RefereeError as exc:
        assert exc.message
        return
    ENGINE.check_invariants(state)
    ENGINE.render(state)
