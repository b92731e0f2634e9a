"""Fewer keystrokes, no silent slips (issue 12): `ready` for everyone, several reveals in one
command, `next` saying what it ended, unique prefixes for player and card names."""

from __future__ import annotations

from referee.testing import Table

PLAYERS = "--player Ann --player Bob --player Cy --player Dee --first Ann"
TURN_1 = ["atmosphere", "comet", "air", "fire"]  # examples/kreus.txt, turn 1


def _table(players: str = PLAYERS, seed: str = "1") -> Table:
    t = Table("kreus", players, seed=seed)
    words = players.split()
    names = [words[i + 1] for i, w in enumerate(words) if w == "--player"]
    for who in names[:-1]:
        t.ok(f"tokens {who} 1")
    return t


def _last(t: Table) -> dict:
    return t.store.actions(t.sid)[-1]["action"]


def test_ready_alone_places_a_card_for_everyone_still_to_place():
    with _table() as t:
        t.ok("ready Bob")
        out = t.ok("ready")
        assert "Face down: Ann, Cy, Dee." in out.text and "Everyone has placed" in out.text
        assert _last(t)["player"] == ["Ann", "Cy", "Dee"]  # the log names them, seat order
        assert t.state["face_down"] == {"Ann": 1, "Bob": 1, "Cy": 1, "Dee": 1}
        assert t.state["hand"] == {"Ann": 9, "Bob": 9, "Cy": 9, "Dee": 9}
        t.refused("ready", rule="Divination: one card face down each", message="already put a card")


def test_ready_all_means_everyone_unless_a_name_begins_with_all():
    with _table() as t:
        t.ok("ready all")
        assert t.state["round"]["placed"] == ["Ann", "Bob", "Cy", "Dee"]
    with _table("--player Allan --player Bob --player Cy") as t:
        t.refused("ready all", code=2, message="'all' could be everyone or Allan")
        t.ok("ready alla")
        assert t.state["round"]["placed"] == ["Allan"]
        t.ok("ready")
        assert t.state["round"]["placed"] == ["Allan", "Bob", "Cy"]


def test_ready_names_several_players_and_one_refusal_places_none():
    with _table() as t:
        t.ok("ready Cy")
        t.refused("ready Ann Cy", rule="Divination: one card face down each", message="Cy has already")
        assert t.state["round"]["placed"] == ["Cy"] and t.state["hand"]["Ann"] == 10
        t.refused("ready Ann ann", rule="Divination: one card face down each", message="named twice")
        t.ok("ready an d")  # unique prefixes
        assert t.state["round"]["placed"] == ["Cy", "Ann", "Dee"]


def test_several_reveals_in_one_command_play_as_if_typed_one_by_one():
    with _table() as one_by_one, _table() as together:
        one_by_one.ok("ready")
        together.ok("ready")
        for who, card in zip(("Ann", "Bob", "Cy", "Dee"), TURN_1, strict=True):
            one_by_one.ok(f"reveal {who} {card}")
        out = together.ok("reveal Ann atmosphere Bob comet Cy air Dee fire")
        assert together.state == one_by_one.state
        assert together.log_length() == one_by_one.log_length() - 3
        # each reveal is told, in order, then the turn passes
        text = out.text
        assert text.index("Ann reveals Atmosphere") < text.index("Bob reveals Comet") \
            < text.index("Cy reveals Air") < text.index("Dee reveals Fire") \
            < text.index("passes the First Player card")
        assert _last(together)["then"] == ["Bob", "comet", "Cy", "air", "Dee", "fire"]


def test_a_refused_reveal_refuses_the_whole_command():
    with _table() as t:
        t.ok("ready")
        # Cy reveals after Bob, not Dee: nothing of the command is recorded
        t.refused("reveal Ann atmosphere Bob comet Dee fire", rule="Creation: reveal in order",
                  message="Cy reveals next")
        assert t.state["phase"] == "divination" and t.state["in_play"] == {}
        t.refused("reveal Ann atmosphere Bob", code=2, message="a NAME and a CARD")
        t.refused("reveal Ann atmosphere Bob dragon", code=2, message="unknown card 'dragon'")
        assert t.state["face_down"] == {"Ann": 1, "Bob": 1, "Cy": 1, "Dee": 1}


def test_options_belong_to_a_card_revealed_on_its_own():
    """An option with several reveals could land on the wrong card: refused, not guessed."""
    with _table() as t:
        t.ok("ready")
        t.refused("reveal Ann atmosphere Bob comet --no-token", code=2,
                  message="--no-token belongs to one card")
        t.refused("reveal Ann air Bob fire --on comet", code=2, message="--on belongs")
        out = t.ok("reveal Ann atmosphere --no-token")
        assert "Ann leaves the Energy token in the Reserve." in out.text


def test_a_reveal_that_needs_a_choice_refuses_the_command_it_is_in():
    """Turn 3 of the example: Bob's Fire fits Wind or Rainbow, so the four reveals typed
    together are refused whole; the first three go together and Fire on its own."""
    with _table() as t:
        t.ok("ready")
        t.ok("reveal Ann atmosphere Bob comet Cy air Dee fire")
        t.ok("ready")
        t.ok("reveal Bob water Cy earth Dee wind Ann rainbow")
        t.ok("ready")
        t.refused("reveal Cy air Dee thunderbolts Ann air Bob fire", code=2,
                  message="more than one card; choose")
        assert t.state["phase"] == "divination" and t.log_length() == 9
        t.ok("reveal Cy air Dee thunderbolts Ann air")
        t.ok("reveal Bob fire --on wi")  # a unique prefix of Wind
        assert t.state["in_play"]["wind"]["complete"]


def test_a_reveal_after_the_game_ends_or_while_the_storm_waits_is_refused_whole():
    with _table() as t:
        t.ok("ready")
        # Thunderbolts on the first turn lose the game: Bob's reveal can no longer follow
        t.refused("reveal Ann thunderbolts Bob comet", rule="End of the game",
                  message="the game ended before Bob's reveal")
        assert not t.state["over"]
        t.ok("reveal Ann fire Bob fire Cy fire Dee fire")
        t.ok("ready")
        # nothing in play: Bob takes the Storm back and owes a discard before Cy reveals
        t.refused("reveal Bob storm Cy fire", rule="Pending decisions",
                  message="Bob to discard a Nature or Element card (Storm of Uranus) comes "
                          "before Cy's reveal")
        t.ok("reveal Bob storm --discard water")
        t.ok("reveal Cy air Dee air Ann air")


def test_next_says_which_phase_of_whom_it_ended():
    with _table() as t:
        t.ok("ready Ann Bob Cy")
        t.refused("next", rule="Divination", message="still to put a card face down: Dee")
        t.ok("ready Dee")
        out = t.ok("next")
        assert out.text.startswith("Turn 1: the table's Divination phase ends (every card is "
                                   "face down). Turn 1 · Creation: reveal in this order: "
                                   "Ann, Bob, Cy, Dee.")


def test_player_and_card_names_by_unique_prefix():
    with Table("kreus", PLAYERS, seed="1") as t:
        t.ok("tokens a 1")
        t.refused("tokens an 1", rule="Setup: tokens are taken in seat order", message="Bob's turn")
        t.ok("tokens bo 2")
        t.ok("tokens c 0")
        assert t.state["tokens"] == {"Ann": 1, "Bob": 2, "Cy": 0, "Dee": 4}
        t.ok("ready")
        t.refused("reveal a fi", code=2, message="'fi' fits two cards: fire, fish")
        t.refused("reveal a at Bob zz", code=2, message="unknown card 'zz'")
        t.ok("reveal a atm b com")
        assert _last(t)["card"] == "atmosphere" and _last(t)["then"] == ["Bob", "comet"]
        t.ok("reveal c ai d fir")
        assert t.state["in_play"]["atmosphere"]["elements"][0]["card"] == "air"
        assert t.state["in_play"]["comet"]["elements"][0]["card"] == "fire"
