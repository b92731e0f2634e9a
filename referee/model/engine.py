"""The shape every game engine has (after OpenSpiel and boardgame.io).

A game declares its verbs (`referee.model.verbs`); this base class enforces the flow for
every game at once: an unknown verb, an action after the end, an action out of turn,
anything but an answer while a decision is pending, player names and the player
count are refused here, with the rule named, before a game's handler runs.

An engine is pure: no Click, no I/O, no clock. A session is a list of actions;
the first one is always `{"verb": "new", ...options}` and is handled by `setup`.
Every later action goes through `apply`. State is JSON-ready data (dicts, lists,
str, int, bool, None) or anything `to_json`/`from_json` turn into that.

Contract:
- `apply(state, action, chance)` may mutate `state` in place and returns
  `(state, events)`. Callers that need the previous state pass a copy
  (`engine.copy(state)`), so a refused action leaves nothing behind.
- A refusal raises `IllegalAction(message, rule)` (a rule of the game) or
  `InputError(message)` (malformed input: a bad square, an unknown card).
- Randomness only through `chance` (see `referee.model.chance`).
- `summary(state)` returns the common summary (the `--json` object's `summary`, README.md).
- `legal_actions(state)` lists actions a random playout may take; it is empty
  exactly when the game is over.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from referee.model import plain, view
from referee.model.chance import Chance
from referee.model.errors import IllegalAction, InputError
from referee.model.i18n import N_, _, elide
from referee.model.verbs import Action, Command, Event, Pending, Verb, public

if TYPE_CHECKING:
    import random

    from referee.model.view import Secret


def event(text: str, **data: Any) -> Event:
    """A line to show the table, with optional data (e.g. `table=...`) for --json. An event
    meant for one seat says so, `to=SEAT`, with `others=TEXT` the words everybody else reads
    (none: they read nothing); see `referee.model.view`."""
    return {"text": text, **data}


def summary(
    game: str,
    players: list[dict],
    current: str | None,
    phase: str,
    turn: int,
    pending: list[dict] | None = None,
    over: bool = False,
    winners: list[str] | None = None,
    outcome: str | None = None,
    note: str | None = None,
) -> dict:
    """The common `summary` block every game's state carries (`--json`'s `summary`); `note`, only when a
    game has one, is what the table owes before the game goes on (Kleos' Isles waiting)."""
    out = {
        "game": game,
        "players": players,
        "current": current,
        "phase": phase,
        "turn": turn,
        "pending": pending or [],
        "over": over,
        "winners": winners or [],
        "outcome": outcome,
    }
    if note:
        out["note"] = note
    return out


RULES = {
    "over": N_("End of the game"),
    "turn": N_("Turn order: only the player whose turn it is acts"),
    "pending": N_("Pending decisions: only the answer is accepted until it is made"),
    "phase": N_("Phases: each verb belongs to its phase"),
    "players": N_("Players"),
    # a refusal after the referee drew in the action (referee.record.session.unseen_refusal)
    "drawn": N_("Fair play: a refusal never tells a draw, and the draw is used up"),
}


class Engine:
    """Base class of every game.

    A game declares `verbs` (see `referee.model.verbs`) and implements `setup`, `seats`,
    `current`, `phase`, `is_over`, `summarize`, `render`, `playout_options`; the flow
    (`apply`), the summary's pending list, `legal_actions` and the words completion
    offers come from here. `rules` may rename the rule each core refusal cites."""

    name = "game"
    title = "Game"
    rules_version = "1"
    min_players = 2
    max_players = 2
    turn_word = "turn"  # what the summary's `turn` counts, in the game's words ("day")
    verbs: ClassVar[Mapping[str, Verb]] = {}
    # the rest of its command line: `new`, views and calculators (referee.cli.generate)
    commands: ClassVar[tuple[Command, ...]] = ()
    cli_help: ClassVar[str] = ""  # the help of `referee GAME` (default: the title)
    verb_words: ClassVar[Mapping[str, str]] = {}  # a verb in the table's words -> its name
    # the card library the table keeps in the store across sessions (its kind, e.g. "minion"):
    # `status` and `hint` then say which cards the next step still needs (`missing_cards`)
    library_kind: ClassVar[str | None] = None
    # `new --like ID` (a rematch) leaves out these options: what was dealt, tossed or drawn
    # for that one game, and, when --player is typed, what belonged to the earlier players
    rematch_fresh: ClassVar[tuple[str, ...]] = ()
    rematch_with_players: ClassVar[tuple[str, ...]] = ()
    rules: ClassVar[dict[str, str]] = {}
    series_word = "score"  # what `series` charts, in the game's words ("glory", "frogs")
    # whether `legal_actions` is proven exact (tests/test_legal_exact.py): every action
    # accepted now is listed, or covered by a free entry, and every listed one is accepted;
    # a hint of a game not proven exact says it may be incomplete
    legal_exact: ClassVar[bool] = False

    # -- what a game implements ------------------------------------------------------
    def setup(self, options: dict, chance: Chance) -> Any:
        raise NotImplementedError

    def seats(self, state: Any) -> dict[str, str]:
        """The players in seat order: the value an action names a player by -> the name shown.
        Default: the names in `state["players"]` (strings, or dicts with a "name")."""
        names = [p if isinstance(p, str) else p["name"] for p in state["players"]]
        return {n: n for n in names}

    def current(self, state: Any) -> str | None:
        """Whose turn it is (a key of `seats`), or None when no one's."""
        raise NotImplementedError

    def phase(self, state: Any) -> str:
        """The phase now, in the game's words."""
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        raise NotImplementedError

    def summarize(self, state: Any) -> dict:
        """The game's part of the summary: `players` (name, score, ...), `turn`,
        `winners`, `outcome`; the core adds the rest (`--json`'s `summary`)."""
        raise NotImplementedError

    def render(self, state: Any) -> str:
        """The table as text: board, scores, whose turn, pending decisions."""
        raise NotImplementedError

    def render_compact(self, state: Any) -> str:
        """The table for a small screen (80x24): the board, whose turn, what is pending. The
        CLI draws it when the full render is taller than the terminal (default: the full one)."""
        return self.render(state)

    def playout_options(self, rng: random.Random) -> dict:
        """Options of a `new` action for a random consistency playout."""
        raise NotImplementedError

    # -- the flow, once for every game ---------------------------------------------------
    def rule(self, key: str) -> str:
        return self.rules.get(key) or RULES[key]

    def start(self, options: dict, chance: Chance) -> Any:
        """The `new` action: the player count is checked here, then the game sets up."""
        players = options.get("players")
        if isinstance(players, list | tuple):
            n = len(players)
            if not self.min_players <= n <= self.max_players:
                raise IllegalAction(
                    f"{self.title} is for {self.min_players}-{self.max_players} players; "
                    f"{n} given", f"{self.rule('players')}: {self.min_players} to {self.max_players}")
        return self.setup(options, chance)

    def verb(self, name: Any) -> Verb:
        if name not in self.verbs:
            raise InputError(f"unknown {self.title} verb '{name}' (verbs: {', '.join(self.verbs)})")
        return self.verbs[name]

    def pending(self, state: Any) -> list[Pending]:
        """The decisions the game waits for: the state's one `pending` list."""
        return list(state.get("pending") or [])

    def apply(self, state: Any, action: Action, chance: Chance) -> tuple[Any, list[Event]]:
        """Refuse what the flow does not allow (rule named), else run the verb's handler."""
        verb = self.verb(action.get("verb"))
        action = self.resolve(state, verb, action)
        self.check_flow(state, verb, action)
        # the turn player's verb with no actor field: there must be a turn player. Checked after
        # the handler, whose refusal words it in the game's terms (Kleos: "it is now Deployment");
        # one it let through is refused here (the caller drops the changed state)
        unturned = (verb.who == "current" and verb.actor is None and self.current(state) is None
                    and not (verb.by_table and action.get(verb.by_table)))
        phase = self.phase(state)
        events = verb.handler(state, action, chance)
        if unturned:
            raise self.refusal(state, verb, action, "phase",
                               _("`{verb}` is the turn player's; it is no one's turn in the {phase} "
                                 "phase").format(verb=verb.name, phase=phase))
        return state, events

    def check_flow(self, state: Any, verb: Verb, action: Action) -> None:
        if self.is_over(state):
            raise self.refusal(state, verb, action, "over",
                               _("the game is over; start a new session or undo"))
        waiting = self.pending(state)
        actor = action.get(verb.actor) if verb.actor else None
        seats = self.seats(state)
        if waiting:
            matching = [p for p in waiting if p["decision"] in verb.answers]
            if not matching:
                p = waiting[0]
                raise self.refusal(state, verb, action, "pending",
                                   _("{player} must first answer the {decision} ({choices})").format(
                                       player=p["player"], decision=_(p["decision"]),
                                       choices=", ".join(p["choices"])))
            deciders = list(dict.fromkeys(p["player"] for p in matching))
            if isinstance(actor, str) and seats.get(actor, actor) not in deciders:
                raise self.refusal(state, verb, action, "pending",
                                   _("{players} must answer the {decision}, not {actor}").format(
                                       players=_(" or ").join(deciders),
                                       decision=_(matching[0]["decision"]),
                                       actor=seats.get(actor, actor)))
            return
        if not verb.usable_when_free:
            raise self.refusal(state, verb, action, "pending",
                               _("no decision is waiting: `{verb}` answers {decisions}").format(
                                   verb=verb.name,
                                   decisions=_(" or ").join(_(a) for a in verb.answers)))
        if verb.phases and self.phase(state) not in verb.phases:
            raise self.refusal(state, verb, action, "phase",
                               _("`{verb}` belongs to the {phases} phase; this is the {phase} "
                                 "phase").format(verb=verb.name,
                                                 phases=_(" or ").join(verb.phases),
                                                 phase=self.phase(state)))
        if verb.who == "current" and isinstance(actor, str):
            now = self.current(state)
            if actor != now:
                if now:
                    said = _("it is {player}'s turn, not {actor}'s").format(
                        player=seats.get(now, now), actor=seats.get(actor, actor))
                else:
                    said = _("it is no one's turn, not {actor}'s").format(actor=seats.get(actor, actor))
                raise self.refusal(state, verb, action, "turn", said)

    def refusal(self, state: Any, verb: Verb, action: Action, key: str,
                message: str) -> IllegalAction:
        """The refusal the flow raises (`key`: over, pending, phase, turn). A game may word it
        in its own terms (what the table waits for now); the decision stays the core's."""
        return IllegalAction(elide(message), self.rule(key))

    # -- player names ----------------------------------------------------------------------
    def player_words(self, state: Any) -> dict[str, str]:
        """Every word that names a player (any case) -> the value actions carry."""
        return player_words(self.seats(state))

    def resolve_player(self, state: Any, text: Any) -> str:
        """A player named as typed: any case; a unique prefix is enough."""
        return resolve_player(self.seats(state), text, self.player_words(state))

    def resolve(self, state: Any, verb: Verb, action: Action) -> Action:
        """The action with every player field in the form the log keeps; a required actor
        left out is the only player who may act (the log still names them)."""
        out = dict(action)
        if verb.actor and out.get(verb.actor) is None:
            field = verb.field(verb.actor)
            implied = self.implied_actor(state, verb) if field and field.required else None
            if implied is not None:
                out[verb.actor] = implied
        for f in verb.fields:
            value = out.get(f.name)
            if f.kind != "player" or value is None or value is False:
                continue
            if isinstance(value, list):
                out[f.name] = [self.resolve_player(state, v) for v in value]
            else:
                out[f.name] = self.resolve_player(state, value)
        return out

    def implied_actor(self, state: Any, verb: Verb) -> str | None:
        """Who alone may take `verb` now (None: it is not known): the player whose turn it is,
        or the one player a decision it answers waits for."""
        if self.is_over(state):
            return None
        waiting = [p for p in self.pending(state) if p["decision"] in verb.answers]
        if verb.who == "pending":
            deciders = list(dict.fromkeys(p["player"] for p in waiting))
            return deciders[0] if len(deciders) == 1 else None
        if verb.who == "current" and not self.pending(state):
            return self.current(state)
        return None

    def normalize(self, state: Any, action: Action) -> Action:
        """The action as the log should record it (player names as seated, ...).

        Called on the live state inside the write transaction, before `apply`; it
        must not change `state`."""
        if self.verbs and action.get("verb") in self.verbs:
            return self.resolve(state, self.verbs[action["verb"]], action)
        return action

    # -- what may come next ------------------------------------------------------------------
    def open_verbs(self, state: Any) -> list[Verb]:
        """The verbs the flow lets through now (before any field is looked at)."""
        if self.is_over(state):
            return []
        waiting = {p["decision"] for p in self.pending(state)}
        if waiting:
            return [v for v in self.verbs.values() if waiting & set(v.answers)]
        phase = self.phase(state)
        return [v for v in self.verbs.values()
                if v.usable_when_free and (not v.phases or phase in v.phases)]

    def legal_actions(self, state: Any) -> list[Action]:
        """Every legal action now, without random results (they are rolled or typed when
        it is played); empty exactly when the game is over. What people see (hints,
        completion): a random playout draws from it through `playout_action`."""
        out: list[Action] = []
        for verb in self.open_verbs(state):
            out.extend(self._listed(state, verb))
        return out

    def results_typed(self, state: Any) -> bool:
        """Whether the table may type a random result now (a die it rolled, a tile it turned
        over); False when the referee alone draws them (hints then do not offer the option)."""
        return True

    def shown_actions(self, state: Any, actions: list[Action], seat: str | None = None) -> list[Action]:
        """The legal `actions` as `seat` may see them (None: the table's shared screen; hints,
        completion): what only one player may know (a card in a hand the referee dealt) is left
        out, such an action shown by its placeholder, once. Default: a field declared `private`
        shows its value to the action's actor alone (`referee.model.view.shown_actions`)."""
        return view.shown_actions(self, state, actions, seat)

    def legal_for(self, state: Any, verb: str) -> list[Action]:
        """The legal actions of one verb now (`legal_actions` less the other verbs' entries,
        in the same order), listing only that verb: what completion of one verb asks."""
        declared = self.verbs.get(verb)
        if declared is None or verb not in {v.name for v in self.open_verbs(state)}:
            return []
        return self._listed(state, declared)

    @staticmethod
    def _listed(state: Any, verb: Verb) -> list[Action]:
        if verb.options is None:
            return []
        return [{"verb": verb.name, **{k: v for k, v in a.items() if k != "verb"}}
                for a in verb.options(state)]

    def playout_choices(self, state: Any) -> list[Action]:
        """What a random playout draws from now (repeats weigh): each open verb's `sample`,
        else its legal actions, as `playout_action` fills them in, less those it leaves out."""
        out: list[Action] = []
        for verb in self.open_verbs(state):
            pick = verb.sample or verb.options
            if pick is None:
                continue
            for a in pick(state):
                filled = self.playout_action(state, {"verb": verb.name,
                                                     **{k: v for k, v in a.items() if k != "verb"}})
                if filled is not None:
                    out.append(filled)
        return out

    def hint_note(self, state: Any, action: Action, ply: int) -> str | None:
        """A note a hint shows beside a listed action (the odds of an attack); never a roll."""
        return None

    def hint_fold(self, state: Any) -> dict[str, str]:
        """Words a hint's text may show by a placeholder (a card name -> `CARD`) when its
        choices would not fit a screen (hidden hands: every unseen card is a choice); `hint
        --json` keeps every choice whole. Default: none (the text lists every choice)."""
        return {}

    def with_library(self, state: Any, library: dict[str, dict]) -> Any:
        """Fold table knowledge kept outside the log (a card library) into a copy of the
        state, used only to list what is legal (hints, completion). Default: the state."""
        return state

    def missing_cards(self, state: Any) -> list[str]:
        """What the table must type before the next step, when the cards `state` knows (the
        library folded in by `with_library`) cannot make it. Default: nothing."""
        return []

    def playout_action(self, state: Any, action: Action) -> Action | None:
        """A listed action as a random playout takes it: a placeholder the table fills in
        (a card named at the table) given a sample value, or None to leave the action out
        of the playout. Only random playouts call it. Default: the action as listed."""
        return action

    def words(self, state: Any, verb: str, given: Mapping[str, Any], field: str) -> list[str]:
        """The words that can be legal for `field` of `verb`, given the fields typed so far
        (as typed: a unique prefix such as `b:2` is read as the log would keep it). A field
        declared `open` (a free value: a card's printed name, a reason) lists none."""
        declared = self.verbs.get(verb)
        spec = declared.field(field) if declared is not None else None
        if spec is not None and spec.open:
            return []
        # a free value typed so far (an attached card's name) narrows nothing: the legal
        # actions hold its placeholder
        given = {k: v for k, v in given.items() if v not in (None, (), [])
                 and not (declared is not None and (f := declared.field(k)) is not None and f.open)}
        try:  # what is typed so far, in the form the legal actions carry
            given = {k: v for k, v in self.normalize(state, {"verb": verb, **given}).items()
                     if k in given}
        except Exception:  # not readable yet (a prefix still ambiguous, a field missing): as typed
            pass
        seen: dict[str, None] = {}
        for action in self.legal_for(state, verb):
            if field not in action:
                continue
            if all(_same(action.get(k), v) for k, v in given.items()):
                for value in action[field] if isinstance(action[field], list) else [action[field]]:
                    seen.setdefault(str(value), None)
        return list(seen)

    # -- summary -----------------------------------------------------------------------------
    def summary(self, state: Any) -> dict:
        """The common summary (`--json`'s `summary`); its pending list is the state's one list."""
        part = self.summarize(state)
        now = self.current(state)
        over = self.is_over(state)
        return summary(self.name, part["players"],
                       None if over or now is None else self.seats(state).get(now, now),
                       self.phase(state), part["turn"], public(self.pending(state)), over,
                       part.get("winners"), part.get("outcome"), part.get("note"))

    # -- optional ----------------------------------------------------------------------------
    def to_json(self, state: Any) -> dict:
        return state

    # -- who is looking (referee.model.view) ---------------------------------------------------
    def secrets(self, state: Any) -> list[Secret]:
        """What is hidden in `state` and from whom: the parts one seat holds (a dealt hand, a
        cup of dice) or nobody sees yet (an undrawn pile), each with what the others see in its
        place (`referee.model.view.Secret`). Paths are into `to_json(state)`. Asked only while
        the game runs: after it everything may be shown. Default: nothing is hidden."""
        return []

    def view(self, state: Any, seat: str | None = None) -> dict:
        """The JSON-ready state as `seat` (a key of `seats`) may see it; None: the table's view,
        what everybody sees. Every screen, `--json`, export and page shows this, never the
        state itself."""
        return view.state(self, state, seat)

    def masked(self, state: Any, seat: str | None = None) -> Any:
        """The state as `seat` may see it, as a state (`from_json(view(...))`): what the core
        renders, summarizes and draws for that viewer, so `render`, `summarize` and
        `board_html` never see a secret. A game's mask must be a state they can read."""
        if not self.secrets(state) or self.is_over(state):
            return state
        return self.from_json(self.view(state, seat))

    def from_json(self, data: dict) -> Any:
        return data

    def copy(self, state: Any) -> Any:
        """A deep copy of `state` (plain data is copied in C: `referee.model.plain`)."""
        return plain.copy(state)

    def board_marks(self, state: Any) -> dict[str, str]:
        """Letters that stand for a player on the drawn board (Crôa!'s frogs: `R`/`r` for Ann's
        colony) -> that player's name, so a terminal draws them in the player's colour.
        Default: none."""
        return {}

    def board_html(self, state: Any) -> str:
        """The board as HTML for the live web view (`referee serve`): only what the table sees,
        as `render` shows it. Default: the text board with its tables as HTML tables, the rest
        as paragraphs (`referee.model.textboards`); a game may draw it (Crôa!'s pond in SVG)."""
        from referee.model.textboards import text_board_html

        return text_board_html(self.render(state), self.spoken)

    def board_html_after(self, state: Any, last: Action | None) -> str:
        """The board as `board_html` draws it, the squares of the last action `last` marked where
        the game draws them (Crôa!: where the frog came from and went). Default: `board_html`."""
        return self.board_html(state)

    def scores_now(self, state: Any) -> tuple[str, dict[str, int]] | None:
        """For a game scored only at its end (Elysion's look back): (what the numbers are, each
        player's number as it would stand now), a score line for the page; None: the summary's
        scores say it (default)."""
        return None

    def spoken(self, text: str) -> str:
        """One of the game's texts (an event, a line of the board, a status) as a page says it
        to players who type nothing: without the terminal's syntax (`referee.model.spoken`);
        a game may also name its things as players do (Cerebria: a card by its name, not its
        slug). The terminal keeps the text as it is."""
        from referee.model.spoken import for_players

        return for_players(text)

    def seat_html(self, seen: dict, seat: str, actions: list[Action]) -> str:
        """What `seat` alone holds (a dealt hand, a private draw) as HTML for its own page
        (`referee serve --seats`), drawn only from `seen` (`view(state, seat)`) and the seat's
        legal actions now; the actions of the verbs in `seat_verbs` are shown here, not in the
        page's list of what the seat may do. Default: "" (the page then lists what the seat's
        view holds beyond the table's, generically)."""
        return ""

    seat_verbs: ClassVar[tuple[str, ...]] = ()  # verbs `seat_html` shows the seat's actions of

    def vocabulary(self, state: Any) -> dict[str, list[str]]:
        """Words the interactive shell completes: players, pieces, locations..."""
        return {}

    def check_invariants(self, state: Any) -> None:
        """Assert the game's invariants (tests call it after every action)."""

    def said(self, words: list[str]) -> list[str]:
        """A command's words (its verb first) as the table's language says them, each still
        accepted as typed (a hint's text, a pending choice shown); the default: as they are."""
        return words

    def said_choice(self, decision: str, choice: str) -> str:
        """A pending decision's choice as the table's language says it (see `said`)."""
        return choice

    def keep_seen(self, state: Any, things: list[dict]) -> list[Event]:
        """Undone draws the table saw: put each where the rules would have it, face up, in
        `state` (changed in place). `things` are the referee's results of the undone actions
        (`label`, `value`); returns one event per thing kept, with the thing under `seen`
        (none: nothing stays, the default). Called by undo (`session.SEEN`)."""
        return []

    def describe(self, action: Action) -> str:
        """One line for the log: the action as the table would say it."""
        if action.get("verb") == "seen" and isinstance(action.get("things"), list):
            return "seen before an undo: " + ", ".join(
                f"{t.get('label')} {t.get('value')}" for t in action["things"] if isinstance(t, dict))
        verb = self.verbs.get(action.get("verb", ""))
        if verb is not None and verb.log is not None:
            return verb.log(action)

        def short(value: Any) -> str:
            text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
            return text if len(text) <= 40 else text[:37] + "..."

        fields = " ".join(
            f"{k}={short(v)}" for k, v in action.items() if k != "verb" and v not in (None, False, [], {})
        )
        return f"{action.get('verb', '?')} {fields}".strip()

    # -- after the game (stats, reports, exports) ----------------------------------
    def result_details(self, state: Any) -> dict:
        """What decided a finished game beyond the summary (a tie-breaker, a winning condition).

        JSON data; cached with the summary under `details` once the game is over, so
        `referee stats` never replays. Default: nothing more."""
        return {}

    def series(self, state: Any) -> dict[str, float | None]:
        """The numbers a report charts after each action, by label. Default: each player's
        score; a game without one (Kreus, Crôa!) charts what shows how it is going."""
        return {p["name"]: p.get("score") for p in self.summary(state)["players"]}

    def final_steps(self, state: Any) -> dict[str, list[float]]:
        """Running totals of a scoring done step by step at the end (Elysion's look back),
        by player; a report charts them instead of `series`. Default: none."""
        return {}


def _same(have: Any, typed: Any) -> bool:
    """Whether a legal action's field agrees with what was typed (any case)."""
    if isinstance(typed, list | tuple):
        return all(_same(have, t) for t in typed)
    if isinstance(have, list):
        return any(_same(h, typed) for h in have)
    return str(have).casefold() == str(typed).casefold()


def player_words(seats: dict[str, str]) -> dict[str, str]:
    """Every word that names a player (any case) -> the value actions carry, from the seats
    (the value actions carry -> the name shown)."""
    words: dict[str, str] = {}
    for key, name in seats.items():
        words[key.casefold()] = key
        words[name.casefold()] = key
    return words


def resolve_player(seats: dict[str, str], text: Any, words: dict[str, str] | None = None) -> str:
    """A player named as typed, among SEATS: any case; a unique prefix is enough. WORDS: every
    word naming a player (default: from the seats). A game's own rules use it for a player named
    inside a word (`Bob:2`) without reaching for its engine."""
    words = player_words(seats) if words is None else words
    typed = str(text).strip().casefold()
    if typed in words:
        return words[typed]
    found = sorted({v for w, v in words.items() if typed and w.startswith(typed)})
    names = ", ".join(seats.values())
    if len(found) == 1:
        return found[0]
    if found:
        raise InputError(f"'{text}' could be {' or '.join(seats[f] for f in found)}: "
                         f"type more of the name")
    raise InputError(f"no player '{str(text)[:40]}' at this table (players: {names})")
