"""The catalog's scoring language: a tiny, safe expression grammar (tokenizer + recursive descent).

A card's scoring rule, an offering-free condition (a constellation's need, a
Shade's goal) are written in this language and evaluated against what is in
sight. There is no `eval`: text becomes a tree of tuples, the tree is walked.

    expr    := or
    or      := and ("or" and)*
    and     := not ("and" not)*
    not     := "not" not | compare
    compare := sum (("<" | "<=" | ">" | ">=" | "==" | "!=") sum)?
    sum     := product (("+" | "-") product)*
    product := unary (("*" | "per") unary)*
    unary   := "-" unary | atom
    atom    := INT | NAME | NAME "(" expr ("," expr)* ")" | "(" expr ")"

Names count what is in sight (icons, factions, cards); functions are
`sets(a, b, ...)` (complete sets of those counts), `min`, `max`, and
`if(condition, then[, else])`. Comparisons and `and`/`or`/`not` give 1 or 0.
`3 per lotus` reads as `3 * lotus`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

MAX_LENGTH = 400
MAX_DEPTH = 40
FUNCTIONS = {"sets": (2, 10), "min": (1, 10), "max": (1, 10), "if": (2, 3)}
KEYWORDS = {"and", "or", "not", "per"}
# compiled by `re` when a rule is first parsed (the shipped sample comes parsed: not on an action)
_TOKEN = r"\s*(?:(?P<int>\d+)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<op><=|>=|==|!=|[-+*(),<>]))"

# ("num", n) | ("name", s) | ("call", f, [args]) | ("bin", op, a, b) | ("not", a) | ("neg", a)
Node = tuple


class ExprError(Exception):
    """A scoring rule that does not parse: the message and the 1-based column."""

    def __init__(self, message: str, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.column = column

    def __str__(self) -> str:
        return f"{self.message} (column {self.column})"


def tokenize(text: str) -> list[tuple[str, Any, int]]:
    """Split a rule into (kind, value, column) tokens; kind is int, name, op or end."""
    if len(text) > MAX_LENGTH:
        raise ExprError(f"a rule is at most {MAX_LENGTH} characters", MAX_LENGTH)
    tokens: list[tuple[str, Any, int]] = []
    token = re.compile(_TOKEN)
    pos = 0
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            break
        m = token.match(text, pos)
        if m is None or m.end() == pos:
            raise ExprError(f"unexpected character {text[pos]!r}", pos + 1)
        col = m.start(m.lastgroup) + 1 if m.lastgroup else pos + 1
        if m.group("int") is not None:
            if len(m.group("int")) > 6:
                raise ExprError("numbers are at most 6 digits", col)
            tokens.append(("int", int(m.group("int")), col))
        elif m.group("name") is not None:
            tokens.append(("name", m.group("name").lower(), col))
        else:
            tokens.append(("op", m.group("op"), col))
        pos = m.end()
    tokens.append(("end", None, len(text) + 1))
    return tokens


class _Parser:
    def __init__(self, text: str, names: Iterable[str]) -> None:
        self.tokens = tokenize(text)
        self.i = 0
        self.names = set(names)
        self.depth = 0

    def peek(self) -> tuple[str, Any, int]:
        return self.tokens[self.i]

    def take(self) -> tuple[str, Any, int]:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def expect(self, op: str) -> None:
        kind, value, col = self.take()
        if kind != "op" or value != op:
            raise ExprError(f"expected '{op}', found {_show(kind, value)}", col)

    def nested(self, col: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ExprError("the rule is nested too deeply", col)

    def parse(self) -> Node:
        if self.peek()[0] == "end":
            raise ExprError("the rule is empty", 1)
        node = self.or_()
        kind, value, col = self.peek()
        if kind != "end":
            raise ExprError(f"unexpected {_show(kind, value)} after a complete rule", col)
        return node

    def or_(self) -> Node:
        node = self.and_()
        while self.peek()[:2] == ("name", "or"):
            self.take()
            node = ("bin", "or", node, self.and_())
        return node

    def and_(self) -> Node:
        node = self.not_()
        while self.peek()[:2] == ("name", "and"):
            self.take()
            node = ("bin", "and", node, self.not_())
        return node

    def not_(self) -> Node:
        kind, value, col = self.peek()
        if (kind, value) == ("name", "not"):
            self.take()
            self.nested(col)
            node = ("not", self.not_())
            self.depth -= 1
            return node
        return self.compare()

    def compare(self) -> Node:
        node = self.sum_()
        kind, value, _ = self.peek()
        if kind == "op" and value in ("<", "<=", ">", ">=", "==", "!="):
            self.take()
            node = ("bin", value, node, self.sum_())
            k2, v2, c2 = self.peek()
            if k2 == "op" and v2 in ("<", "<=", ">", ">=", "==", "!="):
                raise ExprError("comparisons do not chain; join them with 'and'", c2)
        return node

    def sum_(self) -> Node:
        node = self.product()
        while self.peek()[0] == "op" and self.peek()[1] in ("+", "-"):
            op = self.take()[1]
            node = ("bin", op, node, self.product())
        return node

    def product(self) -> Node:
        node = self.unary()
        while self.peek()[:2] in (("op", "*"), ("name", "per")):
            self.take()
            node = ("bin", "*", node, self.unary())
        return node

    def unary(self) -> Node:
        kind, value, col = self.peek()
        if (kind, value) == ("op", "-"):
            self.take()
            self.nested(col)
            node = ("neg", self.unary())
            self.depth -= 1
            return node
        return self.atom()

    def atom(self) -> Node:
        kind, value, col = self.take()
        if kind == "int":
            return ("num", value)
        if kind == "op" and value == "(":
            self.nested(col)
            node = self.or_()
            self.depth -= 1
            self.expect(")")
            return node
        if kind == "name" and value not in KEYWORDS:
            if self.peek()[:2] == ("op", "("):
                return self.call(value, col)
            if value in FUNCTIONS:
                raise ExprError(f"'{value}' is a function: write {value}(...)", col)
            if value not in self.names:
                raise ExprError(_unknown(value, self.names), col)
            return ("name", value)
        if kind == "end":
            raise ExprError("the rule ends too early", col)
        raise ExprError(f"unexpected {_show(kind, value)}", col)

    def call(self, fname: str, col: int) -> Node:
        if fname not in FUNCTIONS:
            raise ExprError(f"unknown function '{fname}' (functions: {', '.join(FUNCTIONS)})", col)
        self.take()  # "("
        self.nested(col)
        args = [self.or_()]
        while self.peek()[:2] == ("op", ","):
            self.take()
            args.append(self.or_())
        self.depth -= 1
        self.expect(")")
        low, high = FUNCTIONS[fname]
        if not low <= len(args) <= high:
            raise ExprError(f"{fname}() takes {low} to {high} arguments, not {len(args)}", col)
        if fname == "sets" and any(a[0] != "name" for a in args):
            raise ExprError(
                "sets() takes names of icons or factions, e.g. sets(lotus, amphora)", col
            )
        return ("call", fname, args)


def _show(kind: str, value: Any) -> str:
    return "the end of the rule" if kind == "end" else f"'{value}'"


def _unknown(name: str, names: set[str]) -> str:
    import difflib  # only for a name the rules do not know

    close = difflib.get_close_matches(name, sorted(names), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return f"unknown name '{name}'{hint}"


def parse(text: str, names: Iterable[str]) -> Node:
    """Parse a rule; `names` are the counts it may use. Raises ExprError."""
    if not isinstance(text, str):
        raise ExprError("a rule is text (in quotes)", 1)
    return _Parser(text, names).parse()


def names_used(node: Node) -> list[str]:
    """The counts a rule reads, in first-use order (shown as 'what mattered')."""
    out: list[str] = []

    def walk(n: Node) -> None:
        if n[0] == "name" and n[1] not in out:
            out.append(n[1])
        elif n[0] == "call":
            for a in n[2]:
                walk(a)
        elif n[0] == "bin":
            walk(n[2])
            walk(n[3])
        elif n[0] in ("not", "neg"):
            walk(n[1])

    walk(node)
    return out


def evaluate(node: Node, env: Mapping[str, int]) -> int:
    """The rule's value with these counts in sight (integers only)."""
    tag = node[0]
    if tag == "num":
        return node[1]
    if tag == "name":
        return env.get(node[1], 0)
    if tag == "neg":
        return -evaluate(node[1], env)
    if tag == "not":
        return 0 if evaluate(node[1], env) else 1
    if tag == "call":
        fname, args = node[1], node[2]
        if fname == "if":
            if evaluate(args[0], env):
                return evaluate(args[1], env)
            return evaluate(args[2], env) if len(args) == 3 else 0
        values = [evaluate(a, env) for a in args]
        return max(values) if fname == "max" else min(values)  # sets() is the min of counts
    op, a, b = node[1], node[2], node[3]
    if op == "and":
        return 1 if evaluate(a, env) and evaluate(b, env) else 0
    if op == "or":
        return 1 if evaluate(a, env) or evaluate(b, env) else 0
    x, y = evaluate(a, env), evaluate(b, env)
    if op == "+":
        return x + y
    if op == "-":
        return x - y
    if op == "*":
        return x * y
    return int({"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y, "==": x == y, "!=": x != y}[op])
