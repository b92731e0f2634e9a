"""Random results: typed ones are checked, rolled ones are reproducible, replays never re-roll."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.model.chance import REFEREE, TABLE, Chance
from referee.model.errors import InputError, StorageError

KLEOS_FACES = ["-", "-", "-", "s", "s", "g"]


def test_typed_dice_are_taken_and_marked_as_typed_at_the_table():
    c = Chance("1", 3)
    assert c.dice("attack", 5, KLEOS_FACES, typed="ssg-b", aliases={"b": "-"}) == ["s", "s", "g", "-", "-"]
    assert c.results[0]["source"] == TABLE


def test_typed_dice_with_the_wrong_count_are_refused():
    with pytest.raises(InputError, match="5 dice are rolled here, 4 were typed"):
        Chance("1", 3).dice("attack", 5, KLEOS_FACES, typed="ssg-")


def test_typed_dice_with_an_unknown_face_are_refused():
    with pytest.raises(InputError, match="no die face 'x'"):
        Chance("1", 3).dice("attack", 3, KLEOS_FACES, typed="sxs")


def test_rolled_dice_are_reproducible_from_seed_and_position():
    a = Chance("42", 7).dice("attack", 10, KLEOS_FACES)
    b = Chance("42", 7).dice("attack", 10, KLEOS_FACES)
    c = Chance("42", 8).dice("attack", 10, KLEOS_FACES)
    assert a == b
    assert a != c  # another place in the log rolls afresh (10 dice: a clash is ~1e-6)


def test_replay_hands_back_recorded_values_without_rolling():
    live = Chance("9", 2)
    first = live.dice("attack", 4, KLEOS_FACES)
    replay = Chance("other-seed", 99, recorded=live.results)
    assert replay.dice("attack", 4, KLEOS_FACES) == first
    assert replay.results[0]["source"] == REFEREE
    replay.finish()


def test_replay_refuses_a_log_whose_draws_do_not_match():
    live = Chance("9", 2)
    live.dice("attack", 4, KLEOS_FACES)
    with pytest.raises(StorageError, match="expected 'defense'"):
        Chance("9", 2, recorded=live.results).dice("defense", 4, KLEOS_FACES)
    with pytest.raises(StorageError, match="no recorded result"):
        Chance("9", 2, recorded=[]).dice("attack", 4, KLEOS_FACES)
    unused = Chance("9", 2, recorded=live.results)
    with pytest.raises(StorageError, match="records 1 random results"):
        unused.finish()


def test_replay_validates_recorded_values_too():
    with pytest.raises(InputError):
        Chance("9", 2, recorded=[{"label": "attack", "value": ["s", "z"]}]).dice("attack", 2, KLEOS_FACES)


def test_shuffle_is_a_permutation_and_a_typed_order_must_be_one():
    c = Chance("5", 0)
    out = c.shuffle("deck", list(range(10)))
    assert sorted(out) == list(range(10))
    with pytest.raises(InputError):
        Chance("5", 0).shuffle("deck", [1, 2, 3], typed=[1, 2, 2])


@given(st.text(max_size=12))
def test_any_typed_dice_string_gives_faces_or_a_clear_error(text):
    try:
        faces = Chance("1", 1).dice("attack", 3, KLEOS_FACES, typed=text, aliases={"b": "-"})
    except InputError as exc:
        assert "attack" in exc.message
    else:
        assert len(faces) == 3 and set(faces) <= {"s", "g", "-"}
