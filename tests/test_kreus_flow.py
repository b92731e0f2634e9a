"""Turn flow (4): face-down cards, reveals in order, the First Player card passed left, empty
hands; and what `status`, `tree`, `paths` and the shell's vocabulary show."""

from __future__ import annotations

from kreus_table import (
    PERFECT_ROUTE,
    ROUTE,
    Layout,
    perfect_layout,
    planet_layout,
    planet_table,
    seated,
    text,
    turn,
)

from referee.games.kreus import ENGINE, board, render


def test_each_player_puts_one_card_face_down():
    t = seated()
    t.act({"verb": "ready", "player": "Bob"})
    assert t.state["hand"]["Bob"] == 9 and t.state["face_down"]["Bob"] == 1
    err = t.refuse({"verb": "ready", "player": "Bob"}, rule="Divination: one card face down each")
    assert "one card face down" in (err.rule or "")


def test_creation_waits_for_every_face_down_card():
    t = seated()
    t.act({"verb": "ready", "player": "Ann"})
    err = t.refuse({"verb": "next"}, rule="Divination: the phase ends once every player has placed a card")
    assert "Bob, Cy, Dee" in err.message


def test_first_player_card_passes_left_each_turn():
    t = seated(first="Dee")
    turn(t, ["fire"] * 4)
    assert t.state["players"][t.state["first"]] == "Ann" and t.state["turn"] == 2
    turn(t, ["fire", "air", "air", "air"])
    state = t.state
    assert state["players"][state["first"]] == "Bob"
    assert state["round"]["order"] == []


def test_a_player_with_no_card_waits_in_silence():
    t = Layout().hands({"Cy": 0}).table()  # Cy's 10 cards discarded, as if in earlier turns
    t.act({"verb": "ready"})
    assert t.state["face_down"]["Cy"] == 0
    t.act({"verb": "next"})
    assert t.state["round"]["order"] == ["Ann", "Bob", "Dee"]


def _every_aggression_card_spent(hands: int) -> Layout:
    """3 players at turn 4 (Ann First Player again), every Aggression card seen and the hands
    down to `hands` cards each, the rest discarded as if in earlier turns."""
    p = Layout(3, tokens=[0, 0]).turn(4)
    return p.discard("thunderbolts", "thunderbolts", "thunderbolts", "storm",
                     "hekatonkheires").hands(hands)


def test_the_game_ends_when_every_hand_is_empty():
    t = _every_aggression_card_spent(0).table()
    t.act({"verb": "next"})
    state = t.state
    assert state["over"] and state["outcome"] == "critical-defeat"
    assert ENGINE.legal_actions(state) == []


def test_the_game_ends_when_the_planet_is_complete_mid_turn():
    t = planet_layout().table()  # ROUTE's turn 7
    turn(t, ["fire", "air", "earth"])
    assert not t.state["over"]
    turn(t, ["water"])
    state = t.state
    assert state["over"] and state["end_reason"] == "planet"
    assert ENGINE.summary(state)["pending"] == [] and ENGINE.legal_actions(state) == []


def test_summary_is_the_common_block():
    s = seated(first="Bob").summary
    assert s["game"] == "kreus" and s["phase"] == "divination" and s["current"] == "Bob"
    # tokens from Bob: 1, 1, 1; Ann, last, takes the rest: 7 - 3 = 4
    assert s["players"][0] == {"name": "Ann", "score": None, "energy": 4, "hand": 10,
                               "face_down": 0}
    over = perfect_layout().table()
    turn(over, PERFECT_ROUTE[7])
    over = over.summary
    assert over["over"] and over["outcome"] == "perfection"
    assert over["winners"] == ["Ann", "Bob", "Cy", "Dee"]
    lost = planet_layout().table()
    turn(lost, ROUTE[6])
    lost = lost.summary  # 5 Aggression cards still held: defeat
    assert lost["over"] and lost["outcome"] == "defeat" and lost["winners"] == []


def test_status_shows_reserve_tokens_hands_face_down_and_turn():
    t = seated(first="Bob")
    t.act({"verb": "ready", "player": "Bob"})
    out = ENGINE.render(t.state)
    assert "Turn 1 · Divination phase  (FIRST TURN: no Aggression card!)" in out
    assert "Energy Reserve: 0 of 7" in out
    assert "Bob  [First Player]" in out and "to place" in out
    assert "Next: face-down cards from Cy, Dee, Ann" in out


def test_status_shows_who_revealed_and_who_reveals_next():
    # Creation of turn 1, Ann first: Ann's Comet is in play, Bob's card comes next
    t = seated()
    turn(t, ["comet"])
    rows = {line.split()[1]: line for line in ENGINE.render(t.state).splitlines()
            if line[:1].isdigit()}
    assert rows["Ann"].endswith("revealed")
    assert rows["Bob"].endswith("1 card, reveals next")
    assert rows["Cy"].endswith("1 card")


def test_status_marks_the_last_turn():
    t = _every_aggression_card_spent(1).table()
    turn(t, [])
    assert "LAST TURN" in ENGINE.render(t.state)


def test_tree_shows_each_cards_state():
    t = seated()
    turn(t, ["atmosphere", "air", "water", "comet"])
    turn(t, ["fire", "air", "air", "air"])  # Fire on Comet; nothing needs Air any more
    t.act({"verb": "discard", "player": "Ann", "card": "fish"})
    out = render.render_tree(t.state, width=None)  # one line per card
    lines = {line.split()[2]: line for line in out.splitlines()[2:]}
    assert "COMPLETE" in lines["Atmosphere"]
    assert "needs Earth" in lines["Comet"]
    assert "DISCARDED" in lines["Fish"]
    assert "playable now" in lines["Wind"] and "locked" in lines["River"]


def test_paths_list_open_routes_cheapest_first_with_elements_needed():
    state = planet_table(turns=3).state  # Atmosphere, Comet, Wind, Rainbow complete
    routes = [r for r in board.open_routes(state) if not r["blocked"]]
    # Bird + Fish: Bird 3 + Fish 3 + River 2 + Planet 4 = 12 elements still needed
    assert routes[0]["route"] == "Bird + Fish" and routes[0]["total"] == 12
    assert routes[0]["to_play"] == ["river", "bird", "fish", "planet"]
    out = render.render_paths(state, width=None)  # one line per route
    assert out.splitlines()[2].startswith("Bird + Fish")
    assert "Unseen Element cards: Fire 3, Air 4, Earth 5, Water 4" in out


def test_paths_close_when_a_nature_card_is_used_as_an_element():
    t = seated()
    turn(t, ["atmosphere", "water", "fire", "fire"])
    turn(t, [("bird", {"as": "air"})])
    state = t.state
    routes = board.open_routes(state)
    assert all(r["blocked"] == ["bird"] for r in routes if "bird" in r["cards"])
    assert "Bird as-element" in render.render_paths(state, width=None)


def test_vocabulary_offers_players_cards_and_targets():
    t = seated()
    turn(t, ["atmosphere", "air", "fire", "fire"])
    words = ENGINE.lexicon.vocabulary(t.state)
    assert words["players"] == ["Ann", "Bob", "Cy", "Dee"]
    assert "hekatonkheires" in words["cards"] and "aether" not in words["cards"]
    assert "atmosphere:air" in words["targets"] and "reveal" in words["verbs"]


def test_describe_reads_like_the_table():
    line = ENGINE.describe({"verb": "reveal", "player": "Ann", "card": "aether", "as": "water",
                            "on": "atmosphere", "no_token": False})
    assert line == "reveal Ann aether --as water --on atmosphere"


def test_route_script_uses_each_player_once_a_turn():
    t = seated(4, tokens=[2, 2, 2])
    events = turn(t, ROUTE[0])
    assert "Atmosphere is complete!" in text(events)
    assert all(t.state["hand"][p] == 9 for p in t.state["players"])


def test_unknown_verb_is_an_input_error():
    from referee.model.errors import InputError

    seated().refuse({"verb": "fly"}, kind=InputError)
    seated().refuse({"verb": "reveal", "player": "Zed", "card": "fire"}, kind=InputError)
    seated().act({"verb": "ready", "player": "ann"})  # names in any case


def test_paths_warn_when_a_route_needs_more_than_the_unseen_elements():
    t = seated(4, tokens=[2, 2, 2])
    for who in ("Ann", "Bob", "Cy"):
        t.act({"verb": "discard", "player": who, "card": "fire"})
    state = t.state
    # 3 Fire left unseen; Bird + Fish needs Comet 1 + Wind 1 + Rainbow 1 + Bird 1 + Fish 1 +
    # Planet 1 = 6 Fire: 3 beyond the unseen cards
    route = next(r for r in board.open_routes(state) if r["route"] == "Bird + Fish")
    assert route["elements"]["fire"] == 6 and route["beyond_unseen"] == {"fire": 3}
    assert "3 Fire" in render.render_paths(state, width=None).splitlines()[2]


def test_describe_new_reads_like_the_command():
    line = ENGINE.describe({"verb": "new", "players": ["Ann", "Bob", "Cy"], "first": "Bob",
                            "first_game": True, "cards": {"nature": []}})
    assert line == "new --player Ann --player Bob --player Cy --first Bob --first-game " \
                   "--cards (replacement data)"


def test_status_shows_the_unseen_element_cards():
    # ROUTE's turn 1: Air and Water on Atmosphere -> 4-player deck, 6 of each element
    out = ENGINE.render(planet_table(turns=1).state)
    assert "Unseen Element cards: Fire 6, Air 5, Earth 6, Water 5" in out
    assert "Unseen Aggression cards: 5 (one still unseen when the Planet completes" in out
