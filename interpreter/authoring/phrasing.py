"""Expressions in words, for `rules explain`: `any(players, p => score[p] >= target)` becomes
"some player's *score* is at least *target*".

The translation is a walk over the expression's syntax tree (the parser the compiler uses): every
construct (comparison, arithmetic, index, attribute, ...) has a phrasing here, and every built-in
function a small one in FUNCTIONS (phrasing_calls.py; the small helpers both use are in phrasing_words.py).
A function of one name (`p => ...`) given to a built-in is phrased with its name standing for "the player",
"the card", ... as the collection it runs over suggests, so
`argmax(players, p => score[p])` reads "the player with the highest *score*".  What has no phrasing
(a function added later, say) falls back to its name and arguments in words, never to an error.
Nothing here knows a game: names come from the ruleset (state, zones, options, orders, point tables).
"""
from __future__ import annotations

import re

from dataclasses import dataclass, field, replace

from lark import Token, Tree

from ..expr.parser import parse
from .phrasing_calls import FUNCTIONS, _every_best, _quantified, same_key_words
from .phrasing_words import _LABELLED, NOUNS, PREPOSITIONS, _is_zone, _join, _literal, _mentions_it

COMPARE = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
           ">=": "is at least", "in": "is in", "not in": "is not in"}
ARITHMETIC = {"+": "plus", "-": "minus", "*": "times", "/": "divided by", "//": "divided by",
              "%": "modulo"}
BUILTIN_NAMES = {"players": "the players", "player_count": "the number of players",
                 "hand_number": "the number of the hand", "pack_size": "the number of cards in the pack",
                 "suits": "the suits", "ranks": "the ranks", "teams": "the teams", "dealer": "the dealer",
                 "winner": "the winner",
                 "current": "the current player", "turn_number": "the number of the turn",
                 "card": "the card", "option": "the chosen option", "round": "the round",
                 # the local names of a tricks: block
                 "led_suit": "the suit led", "leader": "the leader", "trick_number": "the number of the trick",
                 "trick_players": "the players who have played to the trick",
                 "taking_part": "the players taking part in the trick", "card_played": "the card just played"}
ATTRIBUTES = {"suit": "suit", "rank": "rank", "is_joker": "being a joker"}


def _is_choice(node) -> bool:
    """An `x if c else y` (bracketed in words where it is part of something larger)."""
    return isinstance(node, Tree) and node.data == "ifelse"


# expressions made of parts joined by an operator: never spoken as an owner ("X's")
_COMPOUND = ("binop", "neg", "compare", "ifelse", "or_op", "and_op", "not_op")


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


@dataclass
class Lexicon:
    """The names a ruleset declares, so that words can say what each is."""
    state: dict = field(default_factory=dict)       # name -> per (None, 'player', ...)
    zones: dict = field(default_factory=dict)       # name -> per
    options: set = field(default_factory=set)
    orders: set = field(default_factory=set)
    points: set = field(default_factory=set)
    nouns: dict = field(default_factory=dict)       # a bound local name -> noun ('player', 'card', ...)
    flags: set = field(default_factory=set)         # state and options that are true or false
    objects: dict = field(default_factory=dict)     # an object collection -> what one entry is called
    suits: set = field(default_factory=set)         # the pack's suits (7/coins is a card, not a division)
    named: dict = field(default_factory=dict)       # a definition without parameters -> what its items are
    tests: set = field(default_factory=set)         # definitions that are true or false (rain(p), wager(c))
    private: set = field(default_factory=set)       # state only its player sees, and definitions reading it

    @classmethod
    def of(cls, data: dict) -> "Lexicon":
        def per(section):
            return {k: (v.get("per") if isinstance(v, dict) else None) for k, v in (data.get(section) or {}).items()}
        flags = {k for k, v in (data.get("state") or {}).items() if isinstance(v, dict) and v.get("type") == "boolean"}
        flags |= {k for k, v in (data.get("options") or {}).items()
                  if isinstance(v, dict) and isinstance(v.get("default"), bool)}
        objects = {k: _singular(k) for k in (data.get("objects") or {})}
        pack = data.get("pack") if isinstance(data.get("pack"), dict) else {}
        suits = {str(x) for x in pack.get("suits") or [] if isinstance(x, (str, int))}
        from ..engine.placement import private_names
        private = private_names(data)
        lex = cls(per("state"), per("zones"), set(data.get("options") or {}), set(data.get("orders") or {}),
                  set(data.get("points") or {}), flags=flags, objects=objects, suits=suits, private=private)
        # what a definition's items are: `live: filter(players, ...)` holds players (definitions may use
        # each other: a second pass sees the nouns the first found)
        defined = data.get("define") if isinstance(data.get("define"), dict) else {}
        for _ in range(2):
            for key, spec in defined.items():
                value = spec.get("value") if isinstance(spec, dict) else spec
                # a definition with parameters, trumps_of(p): its calls hold what its value holds
                key = key.split("(")[0].strip() if isinstance(key, str) else key
                if not isinstance(key, str) or not key.isidentifier() or not isinstance(value, str):
                    continue
                try:
                    noun = _Speaker(lex).noun_of(parse(value))
                except Exception:           # text that does not parse is said as written
                    continue
                if noun != "item":
                    lex.named[key] = noun
        for _ in range(2):                  # a test may be made of other tests
            for key, spec in defined.items():
                value = spec.get("value") if isinstance(spec, dict) else spec
                if not isinstance(key, str) or not isinstance(value, str):
                    continue
                try:
                    if _is_test(parse(value), lex.tests | lex.flags):
                        lex.tests.add(key.split("(")[0].strip())
                except Exception:           # text that does not parse is said as written
                    continue
        return lex

    def binding(self, name: str, noun: str) -> "Lexicon":
        return replace(self, nouns={**self.nouns, name: noun})

    def labels(self, names, noun) -> "Lexicon":
        """The names called by their name: 'player q', 'player p' (see _Speaker.bind)."""
        nouns = dict(self.nouns)
        for n in names:
            nouns[n] = f"{noun} {n}"
        return replace(self, nouns=nouns)


def _same_level(node, op) -> bool:
    """Whether `node`, the left side of `op`, is a sum (for + and -) or a product (for *) that reads
    without brackets before it: (a + b) - c is a plus b minus c, (a * b) * c is a times b times c."""
    if not (isinstance(node, Tree) and node.data == "binop") or _joined_text(node):
        return False
    inner = str(node.children[1])
    if op in ("+", "-"):
        return inner in ("+", "-")
    return op == "*" and inner == "*"


_TESTS = {"any", "all", "contains", "same_key", "is_meld", "extends_table"}


def _is_test(node, tests) -> bool:
    """Whether an expression is surely true or false: a comparison, logic, a built-in test, a flag or
    another test (`tests`: names known to be true or false)."""
    if not isinstance(node, Tree):
        return False
    if node.data in ("compare", "and_op", "or_op", "not_op", "true", "false"):
        return True
    if node.data == "ifelse":
        return _is_test(node.children[0], tests) and _is_test(node.children[2], tests)
    if node.data == "call":
        return str(node.children[0]) in _TESTS or str(node.children[0]) in tests
    if node.data == "name":
        return str(node.children[0]) in tests
    return False


def words(text, lex: Lexicon | None = None) -> str:
    """The expression (text, or a plain number/true/false/none) in words; the text itself if it
    does not parse."""
    lex = lex or Lexicon()
    if isinstance(text, bool):
        return "yes" if text else "no"
    if text is None:
        return "nothing"
    if isinstance(text, (int, float)):
        return str(text)
    try:
        return _Speaker(lex).say(parse(str(text)))
    except Exception:           # text that does not parse, or a construct without words: as written
        return f"`{text}`"


class _Speaker:
    def __init__(self, lex: Lexicon, subject: str | None = None):
        self.lex = lex
        self.subject = subject          # a bound name spoken of as the sentence's subject ("whose ...")

    def say(self, node) -> str:
        if isinstance(node, Token):
            return str(node)
        handler = getattr(self, f"_{node.data}", None)
        return handler(node) if handler else " ".join(self.say(c) for c in node.children)

    # -- values ------------------------------------------------------------------------
    def _number(self, n):
        return str(n.children[0])

    def _string(self, n):
        return "“" + str(n.children[0])[1:-1] + "”"

    def _card(self, n):
        return str(n.children[0])

    _suit_symbol = _card

    def _true(self, n):
        return "yes"

    def _false(self, n):
        return "no"

    def _none(self, n):
        return "nothing"

    def _name(self, n):
        name = str(n.children[0])
        if name == self.subject:
            return "it"
        if name in self.lex.nouns:
            # a local name of a letter or two with no better noun (for_each over a definition, as: p) is said
            # as itself: "*p*'s *chips*", not "the p's *chips*"
            noun = self.lex.nouns[name]
            return f"*{name}*" if noun == name and len(name) <= 2 else f"the {noun}"
        if name in self.lex.zones:
            return f"*{name}*"
        if name in self.lex.state or name in self.lex.options:
            kept = self.lex.state.get(name)
            return f"*{name}*" if name in self.lex.flags or kept else f"the *{name}*"
        return BUILTIN_NAMES.get(name, f"*{name}*")

    def _list_(self, n):
        # an item that is a choice keeps its brackets: "the list 10 if x, otherwise 0, 0 and 0" reads as
        # 10 if x, otherwise the rest
        items = [f"({self.say(c)})" if len(n.children) > 1 and _is_choice(c) else self._inner(c)
                 for c in n.children if c is not None]
        if len(items) == 1:
            return items[0]
        return "the list " + _join(items) if items else "an empty list"

    def _inner(self, c):
        """An item of a list; a list written out inside it reads in brackets, "the list [“set”, “run”] and
        [“run”, “”]", not "the list the list “set” and “run” and the list ..." (where do the lists end?)."""
        if isinstance(c, Tree) and c.data == "list_" and len([x for x in c.children if x is not None]) > 1:
            return "[" + ", ".join(self.say(x) for x in c.children if x is not None) + "]"
        return self.say(c)

    def _tuple_(self, n):
        return "(" + ", ".join(self.say(c) for c in n.children if c is not None) + ")"

    # -- structure -----------------------------------------------------------------------
    def _index(self, n):
        target, key = n.children
        owner = self.possessor(key)
        base = self.say(target)
        name = str(target.children[0]) if isinstance(target, Tree) and target.data == "name" else None
        kept = self.lex.state.get(name) or self.lex.zones.get(name)
        if kept:                        # an entry kept per player, suit, ...: score[p], hand[dealer]
            if kept in ("player", "team") and _literal(key) is not None:
                return f"{kept} {_literal(key)}'s {base}"     # hand[0]: "player 0's hand", not "0's hand"
            if owner is None and isinstance(key, Tree) and key.data in _COMPOUND:
                return f"the {base} of ({self.say(key)})"    # score[1 - t]: not "1 minus t's score"
            return f"{owner} {base}".strip() if owner is not None else f"the {base} of {self.say(key)}"
        noun = self.noun_of(target)
        if isinstance(key, Tree) and key.data == "call" and str(key.children[0]) == "position" \
                and key.children[1] is not None and len(key.children[1].children) == 2:
            # trick_players[position(trick, c)]: the item in the same place in one list as c in another
            items, item = key.children[1].children
            if name == "trick_players":   # the trick's cards and its players go together, play by play
                return f"the player who played {self.operand(item)}"
            return f"the {noun} of {base} in the place {self.operand(item)} has in {self.say(items)}"
        if _is_name(key, self.subject):
            # filter(range(0, n), i => high(trick[i]) == best): 'the numbers for which ... the card at that
            # position of *trick*', not 'the card at position it of *trick*'
            return f"the {noun} at that position of {base}"
        place = _literal(key)
        if isinstance(place, int) and not isinstance(place, bool) and 0 <= place < len(_ORDINALS):
            return f"the {_ORDINALS[place]} {noun} of {base}"     # calls[0]: 'the first item of the calls'
        where = self.operand(key)
        if ("," in where or " of " in where) and not where.startswith("("):
            where = f"({where})"        # 'at position (the smaller of a and b) of xs', not 'a and b of xs'
        if where.startswith("the "):
            # xs[bid]: 'the item at the position given by the *bid* in xs', not 'at position the *bid* of xs'
            return f"the {noun} at the position given by {where} in {base} (counting from 0)"
        return f"the {noun} at position {where} of {base} (counting from 0)"

    def possessor(self, node):
        """'the player's', "the dealer's", '' (for the subject): the owner of an entry kept per player."""
        if _is_name(node, self.subject):
            return "its"
        if isinstance(node, Tree) and node.data in _COMPOUND:
            return None                 # "1 minus t's score" would read as 1 minus the score
        spoken = self.say(node)
        if spoken.startswith("`") or len(spoken.split()) > 3:
            return None
        bare = spoken.rstrip("*")         # *makers*: "*makers*'", as makers'
        # a plural name takes a bare apostrophe (*makers*'); a one-letter name (*s*, a suit) or a word in
        # -ss is no plural: *s*'s
        word = bare.lstrip("*").split()[-1] if bare.strip("*") else bare
        plural = word.endswith("s") and not word.endswith(("'s", "ss")) and len(word) > 1
        return spoken + ("'" if plural else "'s")

    def _attr(self, n):
        target, name = n.children
        name = str(name)
        mine = _is_name(target, self.subject)
        if name == "is_joker":          # a test, said as one: 'it is a joker', 'the last card of X is a joker'
            return f"{'it' if mine else self.say(target)} is a joker"
        if mine:
            return f"its {ATTRIBUTES.get(name, name.replace('_', ' '))}"
        return f"the {ATTRIBUTES.get(name, name.replace('_', ' '))} of {self.say(target)}"

    def _lambda_(self, n):
        name, body = n.children
        return f"{self.say(body)} (for each {name})"

    def _ifelse(self, n):
        a, cond, b = n.children
        # a choice (or a sum) inside the first value or the condition keeps its brackets: "(x if c,
        # otherwise y) if d, otherwise z" unbracketed reads as x if c, otherwise (y if d, otherwise z);
        # a choice after "otherwise" reads right as it is (a chain of cases)
        first, test = (f"({self.say(c)})" if _is_choice(c) or (isinstance(c, Tree) and c.data == "binop")
                       else self.say(c) for c in (a, cond))
        if isinstance(a, Tree) and a.data in ("or_op", "and_op") and not first.startswith("("):
            # "(x or y) if c, otherwise z": unbracketed, "x or y if c" reads as x or (y if c)
            first = f"({first})"
        if first.startswith(("for some ", "for every ", "for no ", "the sum, over ")) or " joined in one list" in first:
            # "for every card of X, Y is 0 if c, otherwise ..." reads as if the condition were said of
            # each card: the first value is bracketed whole
            first = f"({first})"
        return f"{first} if {test}, otherwise {self.say(b)}"

    def _same_left(self, n):
        """c == Q♠ or c == J♦: the comparisons of one value with ==, else None."""
        children = _or_leaves(n)
        same = [c for c in children if isinstance(c, Tree) and c.data == "compare" and len(c.children) == 3
                and _op(c.children[1]) == "==" and not (isinstance(c.children[2], Tree) and c.children[2].data == "none")]
        if len(same) == len(children) and all(c.children[0] == same[0].children[0] for c in same):
            return same
        return None

    def _or_op(self, n):
        # c == Q♠ or c == J♦: 'the card is Q♠ or J♦'
        children = _or_leaves(n)
        same = self._same_left(n)
        if same:
            return f"{self.say(same[0].children[0])} is {_join_or([self.say(c.children[2]) for c in same])}"
        # "a or (b and c)": unbracketed, "a or b and c" is read as (a or b) and c just as well
        return " or ".join(_bracket_quantifier(self._part(c, ("ifelse", "and_op"), " and "), i, children)
                           for i, c in enumerate(children))

    def _and_op(self, n):
        # "a and (b or c)": unbracketed it reads as (a and b) or c
        parts = _chain(n, "and_op")
        return " and ".join(_bracket_quantifier(self._part(c, ("or_op", "ifelse"), " or "), i, parts)
                            for i, c in enumerate(parts))

    def _part(self, node, bracketed, joiner):
        """An operand of `and`/`or`, bracketed when it is the other kind, or when its words join parts
        by the other word outside brackets (some team's x or the team's y, from any(teams, t => x or y))."""
        text = self.say(node)
        if isinstance(node, Tree) and node.data in bracketed or _outside_brackets(text, joiner):
            return f"({text})"
        return text

    def _who(self, target):
        """The subject of a statement about a card: 'it' for the name being spoken about."""
        if _is_name(target, self.subject):
            return "it"
        return self.say(target)

    def _not_op(self, n):
        inner = n.children[0]
        if isinstance(inner, Tree) and inner.data == "attr" and str(inner.children[1]) == "is_joker":
            return f"{self._who(inner.children[0])} is not a joker"
        if isinstance(inner, Tree) and inner.data == "compare" and len(inner.children) == 3:
            a, op, b = inner.children
            return f"{self.say(a)} {COMPARE[_op(op)].replace('is', 'is not', 1)} {self.say(b)}".replace(
                "is not not", "is")
        if isinstance(inner, Tree) and inner.data in ("index", "name"):
            return f"not {self.say(inner)}"
        if _is_call(inner, "same_key") and len(inner.children[1].children) == 2:
            return same_key_words(self, list(inner.children[1].children), negated=True)
        if isinstance(inner, Tree) and inner.data == "call" and str(inner.children[0]) in self.lex.tests \
                and inner.children[1] is not None and len(inner.children[1].children) == 1 \
                and _participle(str(inner.children[0]).replace("_", " ")):
            # not protected(c): "c is not protected"
            return f"{self.operand(inner.children[1].children[0])} is not {str(inner.children[0])}"
        if _is_call(inner, "any") and len(inner.children[1].children) == 2:
            # not any(xs, x => c): 'for no card in X, c' (or 'no player may speak'), not 'not (for some ...)'
            return NO_ITEM(self, list(inner.children[1].children))
        return f"not ({self.say(inner)})"

    def _compare(self, n):
        parts = n.children
        out = []
        for i in range(1, len(parts), 2):
            left, op, right = parts[i - 1], _op(parts[i]), parts[i + 1]
            if op in ("==", "!=") and isinstance(right, Tree) and right.data == "none":
                if isinstance(left, Tree) and left.data == "name" and str(left.children[0]) == "led_suit" \
                        and "led_suit" not in self.lex.nouns:
                    # the leader's turn (or a card without a suit led): not 'the suit led does not exist'
                    out.append("no suit has been led" if op == "==" else "a suit has been led")
                    continue
                said = self.say(left)
                if isinstance(left, Tree) and left.data == "name" and said.startswith("the *") \
                        and self.lex.state.get(str(left.children[0]), "none") is None:
                    # a value of the game that may be unset: 'there is no *caller*', not 'the caller does
                    # not exist'
                    noun = said[len('the '):]
                    some = "an" if noun.lstrip("*")[:1].lower() in "aeiou" else "a"     # an *advance*
                    out.append(f"there is {'no' if op == '==' else some} {noun}")
                    continue
                out.append(f"{said} {'does not exist' if op == '==' else 'exists'}")
                continue
            said = self.say(left)
            tests = self.lex.tests | self.lex.flags
            if op in ("==", "!=") and _is_test(left, tests) and _is_test(right, tests) \
                    and not any(isinstance(x, Tree) and x.data in ("true", "false") for x in (left, right)):
                # red(c) != red(d): "whether red holds for c differs from whether red holds for d", not
                # "red holds for c is not red holds for d"
                same = "is the same as" if op == "==" else "differs from"
                out.append(f"whether {said} {same} whether {self.say(right)}")
                continue
            if op in ("in", "not in") and isinstance(right, Tree) and right.data == "list_" and len(right.children) > 1:
                # c in [Q♠, J♦]: 'the card is Q♠ or J♦' (not 'is in the list Q♠ and J♦')
                items = [self.say(c) for c in right.children if c is not None]
                if op == "in":
                    out.append(f"{said} is {_join_or(items)}")
                elif len(items) == 2:
                    out.append(f"{said} is neither {items[0]} nor {items[1]}")
                else:
                    out.append(f"{said} is none of {_join(items)}")
                continue
            if op in ("in", "not in") and isinstance(right, Tree) and right.data == "call" \
                    and str(right.children[0]) in ("argmax", "argmin"):
                # p in argmax(...): 'is (not) among the players with the highest ...', not 'is in the player with'
                best = _every_best(self, right, self.say(right))
                out.append(f"{said} {'is' if op == 'in' else 'is not'} among {best}")
                continue
            if " for which " in said or " whose " in said or _is_choice(left):
                said = f"({said})"      # "the number of players for which X is at most 1": the count is
            other = f"({self.say(right)})" if _is_choice(right) else self.say(right)       # at most 1, not X
            verb = COMPARE[op]
            if _plural_subject(said):                 # 'the *points* of X are at least 66'
                verb = "are" + verb[2:]
            out.append(f"{said} {verb} {other}")
        return " and ".join(out)

    def _binop(self, n):
        a, op, b = n.children
        pieces = _joined_text(n)
        if pieces:          # 'claims ' + count(claim) + ' of rank ' + r: text joined, as the compiler takes it
            said = [self._string(p) if _is_text(p) else self.operand(p) for p in pieces]
            return "the text " + said[0] + " followed by " + _join(said[1:])
        if str(op) == "/" and self._suit_card(a, b):       # 7/coins: the card, as the engine prints it
            return f"{a.children[0]}/{b.children[0]}"
        chain = _plus_chain(n) if str(op) == "+" else ()
        if any(_is_list(x) or _is_zone(self, x) or self._names_a_list(x) for x in chain):
            # lists joined, not numbers added: 'X together with Y' (not 'X plus minus 1' for X + [-1]);
            # joining lists does not depend on the grouping, so a chain reads without brackets
            return " together with ".join(self.operand(x) for x in chain)
        if _same_level(a, str(op)):
            # a chain read from left to right, as it is worked out: "a plus b minus c", not "((a plus b)
            # minus c)"; only the other side of a minus or a product keeps brackets
            left = self.say(a)
        else:
            left = self.term(a)
        if not left.startswith("(") and (left.startswith("the sum, over ") or
                                         any(w in left for w in (" for which ", " whose "))):
            # "the sum, over P, of X plus Y" would read as the sum of X plus Y, and "the total of the
            # cards for which p counts it minus 3" as a condition on 'it minus 3': bracket the left side
            left = f"({left})"
        said = f"{left} {ARITHMETIC.get(str(op), str(op))} {self.term(b)}"
        return said + " (rounded down)" if str(op) == "//" else said   # 'a divided by b (rounded down)'

    def _names_a_list(self, node) -> bool:
        """A definition (a name, or a call of one with parameters) whose items have a noun: it gives a
        list, so `+` joins it (`captures(c) + adds(c)`), it does not add numbers."""
        if isinstance(node, Tree) and node.data in ("name", "call"):
            name = str(node.children[0])
            return name in self.lex.named and name not in self.lex.nouns
        return False

    def _suit_card(self, a, b) -> bool:
        """A rank, a slash and a suit's name (the compiler reads it as that card, expr/attributes.py)."""
        lex = self.lex
        if not (isinstance(b, Tree) and b.data == "name" and str(b.children[0]) in lex.suits
                and str(b.children[0]) not in lex.nouns):
            return False
        if isinstance(a, Tree) and a.data == "number":
            return True
        name = str(a.children[0]) if isinstance(a, Tree) and a.data == "name" else None
        return name is not None and name not in lex.nouns and name not in lex.state and name not in lex.options

    def operand(self, node):
        text = self.say(node)
        return f"({text})" if isinstance(node, Tree) and node.data in ("binop", "ifelse", "compare") else text

    def term(self, node):
        """An operand of arithmetic: as operand(), and a call of a definition, point table or order with
        arguments is bracketed whole: "(the double of (x minus y)) times 100", not "the double of (x
        minus y) times 100", which reads as the double of a product."""
        text = self.operand(node)
        if not (isinstance(node, Tree) and node.data == "call") or text.startswith("("):
            return text
        name, args = str(node.children[0]), node.children[1].children if len(node.children) > 1 and \
            node.children[1] is not None else []
        if (name not in FUNCTIONS and args) or (name in ("max", "min") and len(args) > 2) or (
                name in ("max", "min") and len(args) == 2 and text.startswith(("the larger of", "the smaller of"))):
            # a definition's call, or the larger of several values ("the larger of a, b and c"): bracketed
            # whole, else "the larger of a and b times 2" reads as the larger of a and the product
            return f"({text})"
        return text

    def _neg(self, n):
        return f"minus {self.operand(n.children[0])}"

    def _call(self, n):
        name = str(n.children[0])
        args = list(n.children[1].children) if len(n.children) > 1 and n.children[1] is not None else []
        fn = FUNCTIONS.get(name)
        if fn is not None:
            try:
                said = fn(self, args)
            except (IndexError, ValueError):
                pass
            else:
                return _its(said) if args and _is_name(args[0], self.subject) else said
        # an argument worked out by arithmetic, a choice or a comparison keeps its brackets: "the double
        # of (x plus y)", not "the double of x plus y", which reads as (the double of x) plus y
        spoken = [self.operand(a) for a in args]
        mine = len(args) == 1 and _is_name(args[0], self.subject)    # 'its place in the order', not 'the place of it'
        if name in self.lex.points:
            return f"its *{name}* points" if mine else f"the *{name}* points of {_join(spoken)}"
        if name in self.lex.orders:
            return f"its place in the order *{name}*" if mine else f"the place of {_join(spoken)} in the order *{name}*"
        named = name.replace("_", " ")
        verb = named.split()[0]
        if verb in ("has",) + MODALS and _literal(args[0]) is not None:
            # can_play(0): a seat written as a number is the subject: "player 0 can play", not "0 can play"
            spoken[0] = f"player {spoken[0]}"
        if name in self.lex.tests and len(spoken) == 1 and _participle(named):
            # a test named by a past participle is said of its item: protected(c) reads "c is protected"
            return f"{spoken[0]} is {named}"
        if (verb in ONE_WORD_VERBS or _one_verb(verb)) and verb not in ("has", "does") and name in self.lex.tests \
                and spoken and len(named.split()) > 1:
            # a test named by a verb and its object is said of its first argument: beats_led(c) reads
            # "c beats led", not "beats led holds for c"
            rest = spoken[1:]
            return f"{spoken[0]} {named}" + (f" ({', '.join(rest)})" if rest else "")
        if verb in ("is", "has") + MODALS and len(spoken) == 1 and len(named.split()) > 1:
            # a test named as a statement about its one argument: is_trump(c) reads "c is trump",
            # may_speak(p) "p may speak"
            return f"{spoken[0]} {named}"
        if verb in ("is", "has") + MODALS and len(spoken) > 1 and len(named.split()) > 1:
            # about its first argument, the others after: has_pair_at(h, q) reads "h has pair at q",
            # has_run(h, k) "h has run (k)"
            rest = ", ".join(spoken[1:])
            ends = named.split()[-1] in ("in", "with", "of", "to", "for", "from", "by", "at", "on", "than")
            # an operand already in brackets; may_bid(p, k) "p may bid k": a modal's verb takes the rest as its object
            bare = len(spoken) == 2 and (ends or rest.startswith("(") or (verb in MODALS and len(named.split()) == 2))
            return f"{spoken[0]} {named} {rest}" if bare else f"{spoken[0]} {named} ({rest})"
        if name in self.lex.tests and _one_verb(named) and spoken and (spoken != ["it"] or len(args) == 1):
            # a test named by one verb is said of its first argument: holds(p, r) reads "p holds r",
            # not "holds holds for (p, r)"; holds(it) reads "it holds", which a clause about the item
            # turns into "who holds" (see clause)
            rest = spoken[1:]
            return f"{spoken[0]} {named}" + (f" {rest[0]}" if len(rest) == 1 else f" ({', '.join(rest)})" if rest
                                              else "")
        if named in PREPOSITIONS and spoken and name not in self.lex.tests:
            # a definition named by a preposition alone: below(c) reads "what is below c", not "the below of c"
            # and with two values, the first is what it is said of: without(h, c) reads "h without c"
            return f"what is {named} {spoken[0]}" if len(spoken) == 1 else \
                f"{spoken[0]} {named} {spoken[1]}" if len(spoken) == 2 else f"what is {named} ({', '.join(spoken)})"
        if spoken == ["it"] and named.endswith(" of") and name not in self.lex.tests:
            return f"its {named[:-3]}"      # end_of(it): "its end", not "the end of it"
        if spoken == ["it"] and joiner_free(named) and not (name in self.lex.tests and _has_verb(named)):
            # "the card with the highest strength of it" -> "its strength"; a test reads as what the item
            # is ("who are alive"), but one whose name has a verb is no property of it: not "who whose
            # holds", but "holds holds for it"
            return f"its {named}"
        if name in self.lex.tests and spoken:
            # a definition that is true or false: "7 if rain holds for p", not "7 if the rain of p"
            return f"{named} holds for {spoken[0] if len(spoken) == 1 else '(' + ', '.join(spoken) + ')'}"
        joiner = " " if named.split()[-1] in PREPOSITIONS else " of "
        if named.split()[0] in ("suit", "rank", "name") and len(named.split()) <= 2:
            # suit_of(c) = trumps if ... else c.suit: 'the *suit of* the card', which 'the suit of the card'
            # (c.suit) would not tell apart
            named = f"*{named}*"
        if len(spoken) > 1:      # r(h, 0) - r(h, 4): "the r of (h, 0) minus ...", not "the r of h and 0 minus ..."
            return f"the {named}{joiner}({', '.join(spoken)})"
        return f"the {named}{joiner}{_join(spoken)}" if spoken else f"the {named}"

    # -- functions of one name -----------------------------------------------------------
    def noun_of(self, collection, fn=None) -> str:
        """What one item of the collection is called: player, suit, card, ...; an item of a list of
        unknown kind that `fn` (x => ...) gives to a meld function (meld_kind(x)) is a meld."""
        noun = self._noun_of(collection)
        if noun == "item" and fn is not None and _given_to_meld_functions(fn):
            return "meld"
        return noun

    def _noun_of(self, collection) -> str:
        if isinstance(collection, Tree):
            if collection.data == "name":
                name = str(collection.children[0])
                if name in NOUNS:
                    return NOUNS[name]
                if name in ("trick_players", "taking_part"):     # the built-in lists of a trick's players
                    return "player"
                if name in self.lex.zones:
                    return "card"
                if name in self.lex.objects:
                    return self.lex.objects[name]
                if name in self.lex.named and name not in self.lex.nouns:
                    return self.lex.named[name]
            if collection.data == "index" and isinstance(collection.children[0], Tree):
                return self.noun_of(collection.children[0])
            if collection.data == "binop" and str(collection.children[1]) == "+":
                # lists joined, melded(p) + hand[p]: what the sides hold (not 'item' for a side unknown)
                nouns = {self.noun_of(collection.children[0]), self.noun_of(collection.children[2])}
                nouns.discard("item")
                if len(nouns) == 1:
                    return nouns.pop()
            if collection.data == "call" and str(collection.children[0]) == "sum" and \
                    isinstance(collection.children[1], Tree) and len(collection.children[1].children) == 2:
                fn = collection.children[1].children[1]      # sum(xs, x => meld_cards(x)): lists joined
                if isinstance(fn, Tree) and fn.data == "lambda_":
                    from .phrasing_calls import _gives_list
                    if _gives_list(fn.children[1]) or _is_zone(self, fn.children[1]):
                        return self.noun_of(fn.children[1])
            if collection.data == "ifelse":      # a choice between two lists of the same things
                nouns = {self.noun_of(collection.children[0]), self.noun_of(collection.children[2])}
                nouns.discard("item")
                if len(nouns) == 1:
                    return nouns.pop()
            if collection.data == "binop" and str(collection.children[1]) == "+":
                # lists joined hold what their parts hold: groups(...) + adds(c) holds sets
                nouns = {self.noun_of(x) for x in _plus_chain(collection)}
                nouns.discard("item")
                if len(nouns) == 1:
                    return nouns.pop()
            if collection.data == "call":
                inner = str(collection.children[0])
                if inner in ("filter", "sort", "unique", "argmax", "argmin", "reverse") and \
                        collection.children[1] is not None:
                    return self.noun_of(collection.children[1].children[0])
                if inner in ("teammates", "team_members", "seat_order"):
                    return "player"
                if inner == "partners":
                    return "card"
                if inner in self.lex.named:        # a definition with parameters: trumps_of(p)
                    return self.lex.named[inner]
                if inner in ("melds_in", "melds_with", "table_melds"):
                    return "meld"
                if inner == "meld_plays":
                    return "play"
                if inner in ("groups", "sequences", "combined"):
                    return "set"             # one item is a set of cards: 'the sets of 2 cards from ...'
                if inner == "range":
                    return "number"
                if inner in ("of_suit", "of_rank", "meld_cards", "wilds_in"):
                    return "card"
                if inner == "cyclic_run" and collection.children[1] is not None:
                    return self.noun_of(collection.children[1].children[0])     # items of the sequence
        return "item"

    def about(self, fn_node, noun):
        """The body of `name => body` spoken about its item: `score[p]` -> '*score*' with p the subject."""
        if not (isinstance(fn_node, Tree) and fn_node.data == "lambda_"):
            return self.say(fn_node)
        name, body = fn_node.children
        return _Speaker(self.bind(fn_node, noun), subject=str(name)).say(body)

    def relative(self, fn_node, noun, plural=True) -> str:
        """`p => not out[p] and score[p] < target` as a relative clause about the item:
        'are not *out* and whose *score* is less than the *target*' (after 'who' or 'that')."""
        if not (isinstance(fn_node, Tree) and fn_node.data == "lambda_"):
            return f"for which {self.say(fn_node)}"
        name, body = fn_node.children
        inner = _Speaker(self.bind(fn_node, noun), subject=str(name))
        clause = inner.clause(body, "are" if plural else "is")
        if noun == "player":
            # a player's own zone or value is theirs: 'the players for which ... of their *bid*', not 'its'
            for kept in (self.lex.zones, self.lex.state):
                for thing, per in kept.items():
                    if per == "player":
                        clause = clause.replace(f"its *{thing}*", f"their *{thing}*")
        return clause

    def clause(self, node, be="are") -> str:
        if isinstance(node, Tree) and node.data == "or_op" and not self._same_left(node):
            # c => is_trump(c) or c.suit == led: 'that are trump or whose suit is ...'
            parts = [self.clause(c, be) for c in _or_leaves(node)]
            if not any(p.startswith("for which") or _outside_brackets(p, " and ") for p in parts):
                return " or ".join(parts)
            return f"for which {self.say(node)}"
        if isinstance(node, Tree) and node.data == "and_op":
            # a chain a and b and c is one list of conditions (it parses as (a and b) and c): not "for
            # which a and b and for which c"
            leaves = _and_leaves(node)
            parts = [self.clause(c, be) for c in leaves]
            # an 'or' of clauses keeps its brackets: 'whose suit is hearts and (whose rank is A or whose suit
            # is spades)', not a sentence that reads as (hearts and A) or spades
            parts = [f"({p})" if isinstance(c, Tree) and c.data == "or_op" and not self._same_left(c)
                     and not p.startswith("for which") and _outside_brackets(p, " or ") else p
                     for c, p in zip(leaves, parts)]
            if any(p.startswith("for which") for p in parts) and not all(p.startswith("for which") for p in parts):
                # not "for which X of it and is not Y", nor "for which it is not Y and X": the item's own
                # clauses first, then the conditions ('who are not the *dealer* and for which X');
                # an 'or' inside keeps its brackets
                own = [p for p in parts if not p.startswith("for which")]
                ors = any(isinstance(c, Tree) and c.data == "or_op" for c, p in zip(leaves, parts)
                          if not p.startswith("for which"))      # 'who are out or are passed and ...' is unclear
                said = [f"({self.say(c)})" if isinstance(c, Tree) and c.data == "or_op" else self.say(c)
                        for c, p in zip(leaves, parts) if ors or p.startswith("for which")]
                if ors:
                    return "for which " + " and ".join(said)
                return " and ".join(own) + " and for which " + " and ".join(said)
            return " and ".join(parts)
        negated = isinstance(node, Tree) and node.data == "not_op"
        if self.subject is not None and not _reads(node, self.subject):
            # a condition that says nothing of the item (a flag of the game, another player's value) is no
            # property of it: 'for which ... and the player's *third*', never 'are the player's *third*'
            return f"for which {self.say(node)}"
        if _is_call(node.children[0] if negated else node, "same_key"):
            return f"for which {self.say(node)}"       # 'its cards (do not) all have the same ...'
        text = self.say(node.children[0] if negated else node)
        if negated and isinstance(node.children[0], Tree) and node.children[0].data in ("and_op", "or_op"):
            return f"for which not ({text})"       # 'not a and b' would read as '(not a) and b'
        words = text.split(" ", 2)
        said = _verb_clause(text, be == "are", negated)
        if said is not None:
            return said
        if len(words) == 3 and words[0] == "it" and words[1] in MODALS and not _mentions_it(words[2]):
            # a test named for what its item may do: 'who may speak', 'who cannot play'; not must_pass(p)
            # is 'need not pass', never 'must not pass'
            return f"{NOT_MODAL.get(words[1], words[1] + ' not')} {words[2]}" if negated else f"{words[1]} {words[2]}"
        called = node.children[0] if negated else node
        if len(words) == 3 and words[0] == "it" and _one_verb(words[1]) and words[1] not in ("has", "does") \
                and not _mentions_it(words[2]) and isinstance(called, Tree) and called.data == "call" \
                and str(called.children[0]) in self.lex.tests:
            # a test named by a verb and its object: fits_contract(w) 'that fit contract' (the ways), 'that
            # fits contract' (one); negated, 'that do not fit contract'
            verb = _plain_verb(words[1]) if be == "are" or negated else words[1]
            return f"{'do' if be == 'are' else 'does'} not {verb} {words[2]}" if negated else f"{verb} {words[2]}"
        if text.startswith("it is "):
            said = "jokers" if text == "it is a joker" and be == "are" else text[6:]
            return (f"{be} not " if negated else f"{be} ") + said
        of_it = re.match(r"the ([\w*]+(?: [\w*]+)?) of it (.*)$", text)
        if of_it and not _mentions_it(of_it.group(1)) and not _mentions_it(of_it.group(2)) \
                and " of " not in of_it.group(1) and _has_verb(of_it.group(2)):
            # count_of(p) <= x, a definition said 'the count of it': 'whose count is at most x'
            text = f"its {of_it.group(1)} {of_it.group(2)}"
        if text.startswith("its ") and not _mentions_it(text[4:]):
            text = text[4:]
            if not _has_verb(text):
                return (f"{be} not " if negated else f"{be} ") + text
            return f"whose {text}" if not negated else f"for which not its {text}"
        if _mentions_it(text) or negated and _has_verb(text) or text.startswith("the ") and _has_verb(text):
            # 'whose the number of ... is 3' is no English: 'for which the number of ... is 3'
            return f"for which {'not ' if negated else ''}{text}"
        if not _has_verb(text):
            return (f"{be} not " if negated else f"{be} ") + text
        # a statement that does not start with the item's own (its ...): 'whose the number of ...'
        # would not read, so it is a condition on the item
        return f"for which {text}"

    def bind(self, fn_node, noun) -> Lexicon:
        """The lexicon inside `name => body`: the name is 'the player'; but where the body speaks of
        another player as well (q => score[q] > score[p]), or holds an x => ... over players that
        speaks of this one, each is called by its name: 'player q', 'player p'."""
        name, body = str(fn_node.children[0]), fn_node.children[1]
        lex = self.lex.binding(name, noun)
        if noun not in _LABELLED and noun not in self.lex.objects.values():
            return lex
        others = [n for n, x in self.lex.nouns.items()
                  if n != name and (x == noun or x.startswith(noun + " ")) and _reads(body, n)]
        if others or self._inner_same(body, name, noun):
            # the local name `card` of a follow rule stays 'the card'; a name already labelled stays so
            lex = lex.labels([n for n in others + [name] if n != noun and lex.nouns[n] == noun], noun)
        elif name != noun and any(n != name and x == noun for n, x in self.lex.nouns.items()):
            # another item of this kind is in play (a sum over players inside a step for each player):
            # 'the player' would mean either, so this one is called by its name
            lex = lex.labels([name], noun)
        return lex

    def labelled(self, fn_node, noun):
        """What the item of `name => ...` is called: the noun, or 'player q' beside another player."""
        if not (isinstance(fn_node, Tree) and fn_node.data == "lambda_"):
            return noun
        return self.bind(fn_node, noun).nouns[str(fn_node.children[0])]

    def _inner_same(self, body, name, noun) -> bool:
        """Whether the body holds another `x => ...` over items of the same kind that reads `name`."""
        if not isinstance(body, Tree):
            return False
        for node in body.iter_subtrees():
            if node.data == "call" and len(node.children) > 1 and isinstance(node.children[1], Tree):
                args = node.children[1].children
                if len(args) > 1 and isinstance(args[1], Tree) and args[1].data == "lambda_" \
                        and str(args[1].children[0]) != name and self.noun_of(args[0]) == noun \
                        and _reads(args[1].children[1], name):
                    return True
        return False

    def each(self, fn_node, noun):
        """The body with its name read as 'the player' (for sentences about one item at a time)."""
        if not (isinstance(fn_node, Tree) and fn_node.data == "lambda_"):
            return self.say(fn_node)
        name, body = fn_node.children
        lex = self.bind(fn_node, noun)
        subject = self.subject
        if subject is not None and lex.nouns.get(subject, "").startswith(noun + " "):
            # the item spoken about is called by its name beside another of its kind (filter(xs, p =>
            # all(players, q => q == p or ...))): 'the player q is the player p', not 'the player q is it'
            subject = None
        return _Speaker(lex, subject=subject).say(body)


def _reads(node, name) -> bool:
    """Whether the expression reads the name."""
    if isinstance(node, Token):
        return False
    return any(t.data == "name" and str(t.children[0]) == name for t in node.iter_subtrees())


def _is_text(node) -> bool:
    return isinstance(node, Tree) and node.data == "string"


def _joined_text(node) -> list:
    """The pieces of a chain of '+' that joins text (quoted text on one side, or text joined on the left),
    as the compiler reads it; [] for arithmetic. `1 + 2 + 'x'` is [1 + 2, 'x']: the sum comes first."""
    if not (isinstance(node, Tree) and node.data == "binop" and str(node.children[1]) == "+"):
        return []
    left, _, right = node.children
    joined = _joined_text(left)
    if joined:
        return joined + [right]
    return [left, right] if _is_text(left) or _is_text(right) else []


_LISTS = {"map", "filter", "sort", "reverse", "unique", "range", "argmax", "argmin", "seat_order", "suits_in",
          "of_suit", "of_rank", "teammates", "team_members", "smallest", "groups", "sequences", "combined"}


def _plus_chain(node) -> list:
    """The operands of a chain of `+` (a + b + c parses as (a + b) + c), in order."""
    if isinstance(node, Tree) and node.data == "binop" and str(node.children[1]) == "+":
        return _plus_chain(node.children[0]) + _plus_chain(node.children[2])
    return [node]


def _is_list(node) -> bool:
    """Whether the expression surely gives a list: a list written out, or a built-in that gives one."""
    if not isinstance(node, Tree):
        return False
    if node.data == "list_":
        return True
    if node.data == "ifelse":            # a choice between lists: ([x] if c else []) + ys
        return _is_list(node.children[0]) or _is_list(node.children[2])
    if node.data == "call" and str(node.children[0]) in ("first", "last"):
        return node.children[1] is not None and len(node.children[1].children) == 2     # first(xs, n): a list
    return node.data == "call" and str(node.children[0]) in _LISTS


def joiner_free(named: str) -> bool:
    """A definition's name that reads as a noun after 'its' (not one ending in a preposition)."""
    return named.split()[-1] not in PREPOSITIONS


def _chain(node, kind):
    """The operands of a chain of one operator (`a or b or c` parses as (a or b) or c), in order."""
    out = []
    for c in node.children:
        out.extend(_chain(c, kind) if isinstance(c, Tree) and c.data == kind else [c])
    return out


def _bracket_quantifier(text, i, parts):
    """'for some card in X, Y' before another operand is bracketed: unbracketed, 'for some card in X,
    Y or Z' reads as if the Z were said of the card too."""
    if i < len(parts) - 1 and text.startswith(("for some ", "for every ")) or text.startswith("for no "):
        # 'x or (for no card in X, Y)': a negation keeps its brackets, as 'not (...)' had them
        return f"({text})"
    return text


def _singular(name: str) -> str:
    name = name.replace("_", " ")
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name


def _is_call(node, name) -> bool:
    """The node is a call of the built-in `name` with its arguments."""
    return (isinstance(node, Tree) and node.data == "call" and str(node.children[0]) == name
            and len(node.children) > 1 and node.children[1] is not None)


NO_ITEM = _quantified("no")

# verbs that start a test's name as a statement about its item (may_speak(p): 'p may speak')
MODALS = ("can", "may", "must", "should", "will", "could", "might", "would", "shall")
# the negation of each where 'not' after it would change the meaning
NOT_MODAL = {"can": "cannot", "must": "need not", "should": "need not", "shall": "need not", "might": "cannot"}


_PLURAL = r"\*[a-z_]*[a-z](?<![su])s\*"
_PLURAL_HEAD = re.compile(rf"^the {_PLURAL}(?: of |$)|'s {_PLURAL}$")


def _plural_subject(text: str) -> bool:
    """Whether a value said as 'the *NAME*', 'the *NAME* of X' or "X's *NAME*" is named by a plural noun
    (points, tricks; not bonus, status, class)."""
    return _PLURAL_HEAD.search(text) is not None and not text.startswith("the number")


ONE_WORD_VERBS = ("holds", "has", "contains", "beats", "owns", "wins", "matches", "follows", "covers")
_THIRD_PERSON = re.compile(r"^[a-z]+[^sui']s$")


def _one_verb(named: str) -> bool:
    """Whether a true-or-false definition's name is one verb in the third person (holds, fits, trumps):
    such a test is said of its first argument.  A test's name is not a plural noun, so one lowercase word
    ending in s reads as a verb (not 'bonus', 'class' or 'is')."""
    return named in ONE_WORD_VERBS or _THIRD_PERSON.match(named) is not None


def _given_to_meld_functions(fn) -> bool:
    """Whether `x => body` passes x itself to meld_kind, meld_points or wilds_in (x is a meld)."""
    if not (isinstance(fn, Tree) and fn.data == "lambda_"):
        return False
    name, body = str(fn.children[0]), fn.children[1]
    for node in body.iter_subtrees():
        if node.data == "call" and str(node.children[0]) in ("meld_kind", "meld_points", "wilds_in") \
                and node.children[1] is not None:
            arg = node.children[1].children[0]
            if isinstance(arg, Tree) and arg.data == "name" and str(arg.children[0]) == name:
                return True
    return False


def _plain_verb(verb: str) -> str:
    """A verb in the third person without its s: fits -> fit, matches -> match, holds -> hold."""
    if re.search(r"(ch|sh|x|ss|zz)es$", verb):
        return verb[:-2]
    return verb[:-1]


def _verb_clause(text: str, plural: bool, negated: bool = False) -> str | None:
    """'it holds', a test named by one verb said of the item, as a clause after 'who' or 'that':
    'hold' ('the players who hold'), 'holds' ('the next player who holds'), 'do not hold'; None for
    other statements."""
    words = text.split(" ")
    if len(words) != 2 or words[0] != "it" or not _one_verb(words[1]):
        return None
    verb = words[1]
    base = "have" if verb == "has" else verb[:-2] if verb.endswith(("ches", "shes", "sses", "xes", "zes")) \
        else verb[:-1]
    if negated:
        return f"{'do' if plural else 'does'} not {base}"
    return base if plural else verb


def _participle(named: str) -> bool:
    """Whether a true-or-false definition's name is one participle, past (protected, revealed, blocked) or
    present (holding, playing, leading): such a test says what its item is ("p is holding", not "holding
    holds for p" nor "its holding")."""
    return (re.fullmatch(r"[a-z]{3,}ed", named) is not None and named not in ("need", "seed", "speed", "bed")
            or re.fullmatch(r"[a-z]{3,}ing", named) is not None and named not in ("string", "thing", "spring"))


def _has_verb(text: str) -> bool:
    return any(f" {v}" in f" {text} " for v in ("is ", "are ", "holds ", "exists", "does ", "has "))


def _and_leaves(node) -> list:
    """The operands of a chain of `and` (a and b and c may parse as (a and b) and c)."""
    out = []
    for c in node.children:
        out.extend(_and_leaves(c) if isinstance(c, Tree) and c.data == "and_op" else [c])
    return out


def _or_leaves(node) -> list:
    """The operands of a chain of `or` (a or b or c may parse as (a or b) or c)."""
    out = []
    for c in node.children:
        out.extend(_or_leaves(c) if isinstance(c, Tree) and c.data == "or_op" else [c])
    return out


def _join_or(items) -> str:
    items = list(items)
    return ", ".join(items[:-1]) + " or " + items[-1] if len(items) > 1 else "".join(items)


def _op(token) -> str:
    return " ".join(str(token).split())


def _outside_brackets(text: str, word: str) -> bool:
    """Whether `word` (' or ') occurs in `text` outside any brackets."""
    depth = 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif depth == 0 and text.startswith(word, i):
            return True
    return False


def noun_for(text, lex: Lexicon | None = None) -> str:
    """What one item of the collection written as `text` is called ('player', 'card', 'suit', 'item')."""
    try:
        return _Speaker(lex or Lexicon()).noun_of(parse(str(text)))
    except Exception:
        return "item"


def _is_name(node, name) -> bool:
    return name is not None and isinstance(node, Tree) and node.data == "name" and str(node.children[0]) == name


_OF_IT = re.compile(r"^the ((?:(?! of )[^,])+?) of it(?=$| in | \()")


def _its(said: str) -> str:
    """'the kind (run or set) of it' -> 'its kind (run or set)', 'the position of it in X' -> 'its position
    in X': a built-in function's phrase about the item being spoken of (not 'the first of the cards of
    it', whose 'of' belongs to a longer phrase)."""
    def one(m):
        what = m.group(1)
        if what in _NOT_OWNED:
            return m.group(0)                   # 'the first of it' is its first item, not 'its first'
        if what.startswith("player to the "):
            return f"the player to its {what[14:]}"
        return f"its {what}"
    return _OF_IT.sub(one, said, count=1)


_NOT_OWNED = {"first", "last", "larger", "smaller", "highest", "lowest", "total", "sum", "number", "rest"}
