"""Expressions in words, for `rules explain`: `any(players, p => score[p] >= target)` becomes
"some player's *score* is at least *target*".

The translation is a walk over the expression's syntax tree (the parser the compiler uses): every
construct (comparison, arithmetic, index, attribute, ...) has a phrasing here, and every built-in
function a small one in FUNCTIONS.  A function of one name (`p => ...`) given to a built-in is phrased
with its name standing for "the player", "the card", ... as the collection it runs over suggests, so
`argmax(players, p => score[p])` reads "the player with the highest *score*".  What has no phrasing
(a function added later, say) falls back to its name and arguments in words, never to an error.
Nothing here knows a game: names come from the ruleset (state, zones, options, orders, point tables).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token, Tree

from ..expr.parser import parse

COMPARE = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
           ">=": "is at least", "in": "is in", "not in": "is not in"}
ARITHMETIC = {"+": "plus", "-": "minus", "*": "times", "/": "divided by", "//": "divided by (rounded down)",
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
                 "taking_part": "the players taking part in the trick"}
ATTRIBUTES = {"suit": "suit", "rank": "rank", "is_joker": "being a joker"}
_LABELLED = ("player", "card", "team", "suit", "rank", "item", "number")    # nouns told apart by name when two are in play
NOUNS = {"players": "player", "suits": "suit", "ranks": "rank", "teams": "team"}   # what one item of a collection is


def _is_choice(node) -> bool:
    """An `x if c else y` (bracketed in words where it is part of something larger)."""
    return isinstance(node, Tree) and node.data == "ifelse"


# expressions made of parts joined by an operator: never spoken as an owner ("X's")
_COMPOUND = ("binop", "neg", "compare", "ifelse", "or_op", "and_op", "not_op")


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
        lex = cls(per("state"), per("zones"), set(data.get("options") or {}), set(data.get("orders") or {}),
                  set(data.get("points") or {}), flags=flags, objects=objects, suits=suits)
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
        return Lexicon(self.state, self.zones, self.options, self.orders, self.points, {**self.nouns, name: noun},
                       self.flags, self.objects, self.suits, self.named, self.tests)

    def labels(self, names, noun) -> "Lexicon":
        """The names called by their name: 'player q', 'player p' (see _Speaker.bind)."""
        nouns = dict(self.nouns)
        for n in names:
            nouns[n] = f"{noun} {n}"
        return Lexicon(self.state, self.zones, self.options, self.orders, self.points, nouns,
                       self.flags, self.objects, self.suits, self.named, self.tests)


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
        items = [f"({self.say(c)})" if len(n.children) > 1 and _is_choice(c) else self.say(c)
                 for c in n.children if c is not None]
        if len(items) == 1:
            return items[0]
        return "the list " + _join(items) if items else "an empty list"

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
        where = self.operand(key)
        if ("," in where or " of " in where) and not where.startswith("("):
            where = f"({where})"        # 'at position (the smaller of a and b) of xs', not 'a and b of xs'
        return f"the {noun} at position {where} of {base} (counting from 0)"

    def possessor(self, node):
        """'the player's', "the dealer's", '' (for the subject): the owner of an entry kept per player."""
        if isinstance(node, Tree) and node.data == "name" and str(node.children[0]) == self.subject:
            return "its"
        if isinstance(node, Tree) and node.data in _COMPOUND:
            return None                 # "1 minus t's score" would read as 1 minus the score
        spoken = self.say(node)
        if spoken.startswith("`") or len(spoken.split()) > 3:
            return None
        bare = spoken.rstrip("*")         # *makers*: "*makers*'", as makers'
        return spoken + ("'" if bare.endswith("s") and not bare.endswith("'s") else "'s")

    def _attr(self, n):
        target, name = n.children
        name = str(name)
        mine = isinstance(target, Tree) and target.data == "name" and str(target.children[0]) == self.subject
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
        if first.startswith(("for some ", "for every ", "the sum, over ")):
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
        if isinstance(target, Tree) and target.data == "name" and str(target.children[0]) == self.subject:
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
                out.append(f"{self.say(left)} {'does not exist' if op == '==' else 'exists'}")
                continue
            said = self.say(left)
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
            if " for which " in said or " whose " in said or _is_choice(left):
                said = f"({said})"      # "the number of players for which X is at most 1": the count is
            other = f"({self.say(right)})" if _is_choice(right) else self.say(right)       # at most 1, not X
            out.append(f"{said} {COMPARE[op]} {other}")
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
        if any(_is_list(x) or _is_zone(self, x) for x in chain):
            # lists joined, not numbers added: 'X together with Y' (not 'X plus minus 1' for X + [-1]);
            # joining lists does not depend on the grouping, so a chain reads without brackets
            return " together with ".join(self.operand(x) for x in chain)
        if _same_level(a, str(op)):
            # a chain read from left to right, as it is worked out: "a plus b minus c", not "((a plus b)
            # minus c)"; only the other side of a minus or a product keeps brackets
            left = self.say(a)
        else:
            left = self.term(a)
        if left.startswith("the sum, over ") and not left.startswith("("):
            # "the sum, over P, of X plus Y" would read as the sum of X plus Y: bracket the sum
            left = f"({left})"
        return f"{left} {ARITHMETIC.get(str(op), str(op))} {self.term(b)}"

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
                return fn(self, args)
            except (IndexError, ValueError):
                pass
        # an argument worked out by arithmetic, a choice or a comparison keeps its brackets: "the double
        # of (x plus y)", not "the double of x plus y", which reads as (the double of x) plus y
        spoken = [self.operand(a) for a in args]
        if name in self.lex.points:
            return f"the *{name}* points of {_join(spoken)}"
        if name in self.lex.orders:
            return f"the place of {_join(spoken)} in the order *{name}*"
        named = name.replace("_", " ")
        verb = named.split()[0]
        if verb in ("is", "has", "can") and len(spoken) == 1 and len(named.split()) > 1:
            # a test named as a statement about its one argument: is_trump(c) reads "c is trump"
            return f"{spoken[0]} {named}"
        if verb in ("is", "has", "can") and len(spoken) > 1 and len(named.split()) > 1:
            # about its first argument, the others after: has_pair_at(h, q) reads "h has pair at q",
            # has_run(h, k) "h has run (k)"
            rest = ", ".join(spoken[1:])
            ends = named.split()[-1] in ("in", "with", "of", "to", "for", "from", "by", "at", "on", "than")
            bare = len(spoken) == 2 and (ends or rest.startswith("("))     # an operand already in brackets
            return f"{spoken[0]} {named} {rest}" if bare else f"{spoken[0]} {named} ({rest})"
        if spoken == ["it"] and joiner_free(named):
            return f"its {named}"            # "the card with the highest strength of it" -> "its strength"
        if name in self.lex.tests and spoken:
            # a definition that is true or false: "7 if rain holds for p", not "7 if the rain of p"
            return f"{named} holds for {spoken[0] if len(spoken) == 1 else '(' + ', '.join(spoken) + ')'}"
        joiner = " " if named.split()[-1] in ("in", "with", "of", "to", "for", "from", "by") else " of "
        if len(spoken) > 1:      # r(h, 0) - r(h, 4): "the r of (h, 0) minus ...", not "the r of h and 0 minus ..."
            return f"the {named}{joiner}({', '.join(spoken)})"
        return f"the {named}{joiner}{_join(spoken)}" if spoken else f"the {named}"

    # -- functions of one name -----------------------------------------------------------
    def noun_of(self, collection) -> str:
        """What one item of the collection is called: player, suit, card, ..."""
        if isinstance(collection, Tree):
            if collection.data == "name":
                name = str(collection.children[0])
                if name in NOUNS:
                    return NOUNS[name]
                if name in self.lex.zones:
                    return "card"
                if name in self.lex.objects:
                    return self.lex.objects[name]
                if name in self.lex.named and name not in self.lex.nouns:
                    return self.lex.named[name]
            if collection.data == "index" and isinstance(collection.children[0], Tree):
                return self.noun_of(collection.children[0])
            if collection.data == "ifelse":      # a choice between two lists of the same things
                nouns = {self.noun_of(collection.children[0]), self.noun_of(collection.children[2])}
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
        return inner.clause(body, "are" if plural else "is")

    def clause(self, node, be="are") -> str:
        if isinstance(node, Tree) and node.data == "or_op" and not self._same_left(node):
            # c => is_trump(c) or c.suit == led: 'that are trump or whose suit is ...'
            parts = [self.clause(c, be) for c in _or_leaves(node)]
            if not any(p.startswith("for which") or _outside_brackets(p, " and ") for p in parts):
                return " or ".join(parts)
            return f"for which {self.say(node)}"
        if isinstance(node, Tree) and node.data == "and_op":
            parts = [self.clause(c, be) for c in node.children]
            if any(p.startswith("for which") for p in parts) and not all(p.startswith("for which") for p in parts):
                # not "for which X of it and is not Y"; an 'or' inside keeps its brackets
                said = [f"({self.say(c)})" if isinstance(c, Tree) and c.data == "or_op" else self.say(c)
                        for c in node.children]
                return "for which " + " and ".join(said)
            return " and ".join(parts)
        negated = isinstance(node, Tree) and node.data == "not_op"
        text = self.say(node.children[0] if negated else node)
        if negated and isinstance(node.children[0], Tree) and node.children[0].data in ("and_op", "or_op"):
            return f"for which not ({text})"       # 'not a and b' would read as '(not a) and b'
        if text.startswith("it is "):
            said = "jokers" if text == "it is a joker" and be == "are" else text[6:]
            return (f"{be} not " if negated else f"{be} ") + said
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
        if noun not in _LABELLED:
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
        return _Speaker(self.bind(fn_node, noun), subject=self.subject).say(body)


def _indexes_by(node, name) -> bool:
    """Whether the expression takes an item of a list at the position `name` (xs[name])."""
    if isinstance(node, Token):
        return False
    return any(t.data == "index" and isinstance(t.children[1], Tree) and t.children[1].data == "name"
               and str(t.children[1].children[0]) == name for t in node.iter_subtrees())


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
    if node.data == "call" and str(node.children[0]) in ("first", "last"):
        return node.children[1] is not None and len(node.children[1].children) == 2     # first(xs, n): a list
    return node.data == "call" and str(node.children[0]) in _LISTS


def joiner_free(named: str) -> bool:
    """A definition's name that reads as a noun after 'its' (not one ending in a preposition)."""
    return named.split()[-1] not in ("in", "with", "of", "to", "for", "from", "by")


def _chain(node, kind):
    """The operands of a chain of one operator (`a or b or c` parses as (a or b) or c), in order."""
    out = []
    for c in node.children:
        out.extend(_chain(c, kind) if isinstance(c, Tree) and c.data == kind else [c])
    return out


def _bracket_quantifier(text, i, parts):
    """'for some card in X, Y' before another operand is bracketed: unbracketed, 'for some card in X,
    Y or Z' reads as if the Z were said of the card too."""
    if i < len(parts) - 1 and text.startswith(("for some ", "for every ")):
        return f"({text})"
    return text


def _mentions_it(text: str) -> bool:
    return any(w in ("it", "its") for w in text.replace(",", " ").replace(")", " ").replace("(", " ").split())


def _singular(name: str) -> str:
    name = name.replace("_", " ")
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name


def _has_verb(text: str) -> bool:
    return any(f" {v}" in f" {text} " for v in ("is ", "are ", "holds ", "exists", "does ", "has "))


def _a(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


SUIT_SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}


def _card(sp, rank_node, suit_node) -> str:
    """card(rank, suit): the card's name when both are written out (card("Q", spades) is Q♠, as the
    engine prints it); 'the Q of the suit' for a rank written out; else 'the card of rank R and suit S',
    where an item of a loop over ranks or suits reads 'that rank' / 'that suit' (not 'rank rank')."""
    rank, suit = sp.say(rank_node), sp.say(suit_node)
    literal_rank = isinstance(rank_node, Tree) and rank_node.data in ("string", "number")
    rank_word = str(rank_node.children[0]).strip("'\"") if literal_rank else None
    suit_name = (str(suit_node.children[0]) if isinstance(suit_node, Tree) and suit_node.data in ("name", "suit_symbol")
                 else None)
    if suit_name is not None and suit_name in sp.lex.nouns:
        suit_name = None
    if rank_word is not None and suit_name is not None and (suit_name in sp.lex.suits or suit_name in SUIT_SYMBOLS
                                                            or suit_name in SUIT_SYMBOLS.values()):
        symbol = SUIT_SYMBOLS.get(suit_name, suit_name)
        return f"{rank_word}{symbol}" if symbol in SUIT_SYMBOLS.values() else f"{rank_word}/{suit_name}"

    if suit_name is not None and suit_name in sp.lex.suits:
        suit = suit_name                        # a suit of the pack by name: 'spades', not '*spades*'

    def part(said, kind):
        if said == f"the {kind}":
            return f"that {kind}"             # the item of a loop over ranks (suits)
        bare = _bare(said)
        return f"{kind} {bare}" if len(bare.split()) == 1 else None
    if rank_word is not None:
        suit_words = part(suit, "suit")
        return f"the {rank_word} of {suit_words[5:] if suit_words and suit_words.startswith('suit ') else suit_words or suit}"
    r, s = part(rank, "rank"), part(suit, "suit")
    if r is None or s is None:
        return f"the card whose rank is {rank} and whose suit is {suit}"
    return f"the card of {r} and {s}"


def _key_words(sp, key, noun) -> str:
    """A key given to groups() or same_key(): 'place in the order *plain*', '*value* points' or what
    a function `c => ...` says of one card ('rank' for c => c.rank)."""
    if isinstance(key, Tree) and key.data == "name":
        name = str(key.children[0])
        if name in sp.lex.orders:
            return f"place in the order *{name}*"
        if name in sp.lex.points:
            return f"*{name}* points"
    said = sp.each(key, noun)
    if said.startswith("the ") and said.endswith(f" of the {noun}") and " " not in said[4:-len(f" of the {noun}")]:
        return said[4:-len(f" of the {noun}")]         # c => c.rank: 'rank'
    return _bare(said)


def _groups(sp, a) -> str:
    """groups(cards, key, min, max): 'the sets of 1 to 4 cards from X with the same rank'."""
    def bound(node):
        # 'the sets of 1 to (the smaller of 5 and the number of cards in stock) cards', not '... of 1
        # to the smaller of 5 and the number of cards in stock cards'
        said = sp.say(node)
        return f"({said})" if " " in said and not said.startswith("(") else said
    low = bound(a[2]) if len(a) > 2 else "1"
    high = bound(a[3]) if len(a) > 3 else None
    size = (f"{low} to {high}" if high is not None and high != low else low if high is not None
            else f"{low} or more")
    said = f"the sets of {size} {'card' if size == '1' else 'cards'} from {sp.say(a[0])}"
    if _ignores_its_item(a[1]):          # c => 0: every set of the cards, not 'with the same 0'
        return said
    return f"{said} with the same {_key_words(sp, a[1], 'card')}"


def _sequences(sp, a) -> str:
    """sequences(cards, key, min, max, width, wild): 'the runs of 5 or more consecutive places in the order
    *seq* from X, one card of each, a card that is ... standing for a missing card'."""
    low = sp.say(a[2])
    high = sp.say(a[3]) if len(a) > 3 and not _is_none(a[3]) else None
    size = f"{low} or more" if len(a) > 3 and high is None or len(a) == 3 else \
        low if high == low else f"{low} to {high}"
    width = _literal(a[4]) if len(a) > 4 else 1
    each = "one card of each" if width == 1 else \
        f"{sp.say(a[4])} cards of each" if width is None else f"{width} cards of each"
    key = _key_words(sp, a[1], "card")
    values = f"places {key[6:]}" if key.startswith("place in ") else f"values of {key}" if key.startswith("*") \
        else f"values of the {key}"
    said = f"the runs of {size} consecutive {values} from {sp.say(a[0])} ({each}"
    if len(a) > 5:
        said += f"; a card that {sp.relative(a[5], 'card', False)} may stand for any one missing card"
    return said + ")"


def _is_none(node) -> bool:
    return isinstance(node, Tree) and node.data == "none"


def _combined(sp, a) -> str:
    """combined(a, b, ...): 'the ways to put together one of A and one of B, no card twice'."""
    return "the sets made of one of " + " and one of ".join(sp.say(x) for x in a) + " (no card twice)"


def _ignores_its_item(fn) -> bool:
    """A function `x => ...` whose body never reads x (the same value for every item)."""
    if not (isinstance(fn, Tree) and fn.data == "lambda_"):
        return False
    name, body = fn.children
    if not isinstance(body, Tree):
        return str(body) != str(name)
    return not any(str(tok) == str(name) for tok in body.scan_values(lambda v: isinstance(v, Token)))


def _cyclic_next(sp, a) -> str:
    steps = a[2] if len(a) > 2 else None
    where = f"in {sp.say(a[0])} (going round)"
    if steps is None:
        return f"the item after {sp.say(a[1])} {where}"
    return f"the item {sp.say(steps)} place(s) after {sp.say(a[1])} {where}"


def _bare(text: str) -> str:
    return text[4:] if text.startswith("the ") else text


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


def _join(items) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _plural(noun: str) -> str:
    head, _, label = noun.partition(" ")
    if label and head in _LABELLED:               # 'player q' -> 'players q'
        return f"{_plural(head)} {label}"
    return noun + ("es" if noun.endswith("s") else "s")


def _quantified(word):
    """any/all: 'some player's *score* is ...' when the sentence starts with the item, else 'for some ...'."""
    def phrase(sp, args):
        noun = sp.noun_of(args[0])
        body = sp.each(args[1], noun)
        noun = sp.labelled(args[1], noun)
        where = "" if _is_all(args[0], sp) else f" {'in' if _is_zone(sp, args[0]) else 'of'} {sp.say(args[0])}"
        if body.startswith(f"the {noun}'s ") and not where:
            return f"{word} {noun}'s " + body[len(f"the {noun}'s "):]
        return f"for {word} {noun}{where}, {body}"
    return phrase


def _filter(sp, args):
    noun = sp.noun_of(args[0])
    who = "who" if noun == "player" else "that"
    where = "" if _is_all(args[0], sp) else f" {'in' if _is_zone(sp, args[0]) else 'of'} {sp.say(args[0])}"
    clause = sp.relative(args[1], noun)
    direct = clause.startswith(("for which", "whose"))
    said = f"the {_plural(sp.labelled(args[1], noun))}{where}"
    if where.startswith(f" of the {_plural(noun)} "):        # 'the melds of the melds in *table*'
        said = where[len(" of "):]
    relative = clause if direct else who + " " + clause
    order = f"the {_plural(noun)} in turn order"
    if said.startswith(order) and ", starting with " in said:
        # filter(seat_order(x), ...): "the players who are in *takers*, in turn order starting with x", not
        # "the players in turn order, starting with x who are in *takers*" (the clause read as about x)
        return f"the {_plural(noun)} {relative}, {said[len('the ' + _plural(noun) + ' '):].replace(', starting', ' starting', 1)}"
    return f"{said} {relative}"


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


def _is_all(node, sp=None) -> bool:
    """All the players, suits, ranks, or all the entries of an object collection."""
    if not (isinstance(node, Tree) and node.data == "name"):
        return False
    name = str(node.children[0])
    return name in NOUNS or (sp is not None and name in sp.lex.objects)


def _best(word):
    def phrase(sp, args):
        noun = sp.noun_of(args[0])
        among = "" if _is_all(args[0], sp) else f" among {sp.say(args[0])}"
        value = sp.about(args[1], noun)
        value = value[4:] if value.startswith(("the ", "its ")) else value
        if value.endswith(" of it") and not _mentions_it(value[:-6]):
            value = value[:-6]           # c => strength(c): "the highest strength", not "strength of it"
        if noun == "player":             # "the player with the highest value of their hand", not "its hand"
            value = value.replace(" its ", " their ")
        return f"the {sp.labelled(args[1], noun)} with the {word} {value}{among}"
    return phrase


def _count(sp, args):
    if len(args) == 1:
        node = args[0]
        if isinstance(node, Tree) and node.data == "call" and str(node.children[0]) == "unique" and \
                node.children[1] is not None and len(node.children[1].children) == 1:
            # count(unique(x)): "the number of different values among x", not "the number of x, each counted once"
            return f"the number of different values among {sp.say(node.children[1].children[0])}"
        inner = sp.say(args[0])
        inner = _every_best(sp, args[0], inner)     # 'the number of the teams with the highest ...'
        holds_cards = _is_zone(sp, args[0]) or (isinstance(args[0], Tree) and args[0].data == "name"
                                                 and sp.lex.nouns.get(str(args[0].children[0])) == "set")
        # count(away), away a set of cards (a move's option from groups): 'the number of cards in the set'
        return f"the number of cards in {inner}" if holds_cards else f"the number of {inner}"
    noun = sp.noun_of(args[0])
    where = "" if _is_all(args[0], sp) else f" {'in' if _is_zone(sp, args[0]) else 'of'} {sp.say(args[0])}"
    clause = sp.relative(args[1], noun)
    if where.startswith(f" of the {_plural(noun)} "):        # 'the number of the sets of 2 cards from ...'
        return f"the number of{where[len(' of'):]} for which {sp.each(args[1], noun)}"
    noun = sp.labelled(args[1], noun)
    if clause.startswith("are "):
        # count(hand, c => c in [Q♠, J♦]): 'the number of cards in X that are Q♠ or J♦'
        return f"the number of {_plural(noun)}{where} {'who' if noun == 'player' else 'that'} {clause}"
    return f"the number of {_plural(noun)}{where} for which {sp.each(args[1], noun.split(' ')[0])}"


def _every_best(sp, node, said: str) -> str:
    """argmax/argmin give every item with the best key, in order: where their words are counted or
    taken from, 'the card with the highest ...' becomes 'the cards with the highest ...'."""
    if isinstance(node, Tree) and node.data == "call" and str(node.children[0]) in ("argmax", "argmin"):
        noun = sp.noun_of(node.children[1].children[0])
        if said.startswith(f"the {noun} with "):
            return f"the {_plural(noun)} with " + said[len(f"the {noun} with "):]
    return said


def _is_zone(sp, node) -> bool:
    if isinstance(node, Tree) and node.data == "index":
        node = node.children[0]
    return isinstance(node, Tree) and node.data == "name" and str(node.children[0]) in sp.lex.zones


def _of_items(sp, collection, fn, each=True):
    """A value computed per item: 'the *points* points of each card in *stock*' (each) or 'of the cards
    in ...' (all together), or None when the value does not read that way."""
    noun = sp.noun_of(collection)
    body = sp.about(fn, noun)
    said, plural = sp.say(collection), _plural(noun)
    if _is_all(collection, sp):
        tail = f" of each {noun}" if each else f" of the {plural}"
    elif said.startswith(f"the {plural} "):      # 'the players who are not *out*': not '... of the players of ...'
        tail = f" of each of {said}" if each else f" of {said}"
    else:
        where = f" {'in' if _is_zone(sp, collection) else 'of'} {said}"
        tail = f" of each {noun}{where}" if each else f" of the {plural}{where}"
    if body == "it":
        return said
    if body.startswith("its ") and not _mentions_it(body[4:]):
        return f"the {body[4:]}{tail}"
    if body.endswith(" of it") and not _mentions_it(body[:-6]):
        return body[:-6] + tail
    return None


def _sum(sp, args):
    if len(args) == 1:
        return f"the total of {sp.say(args[0])}"
    key = args[1]
    if isinstance(key, Tree) and key.data == "name" and str(key.children[0]) in sp.lex.points:
        return f"the total of the *{key.children[0]}* points of {sp.say(args[0])}"
    per = _of_items(sp, args[0], args[1], each=False)
    if per is not None:
        return f"the total of {per}"
    noun = sp.noun_of(args[0])
    said, plural = sp.say(args[0]), _plural(noun)
    over = (f"all the {plural}" if _is_all(args[0], sp) else said if said.startswith(f"the {plural} ") else
            f"the {plural} {'in' if _is_zone(sp, args[0]) else 'of'} {said}")
    # "the sum, over all the players, of the total of ...": not "the total of the total of ..., for each player"
    name = _position_name(sp, args[0], args[1])
    if name is not None:
        return f"the sum, over each *{name}* of {said}, of {_said_with_name(sp, args[1], name)}"
    return f"the sum, over {over}, of {sp.each(args[1], noun)}"


def _position_name(sp, collection, fn):
    """For `j => ... xs[j] ...` over numbers (map(range(0, n - 1), j => ...)): the name j, when the body
    takes items at that position; the body then says 'the item at position *j* of xs', not 'at position
    the number of xs', which reads as a count.  None otherwise."""
    if sp.noun_of(collection) != "number" or not (isinstance(fn, Tree) and fn.data == "lambda_"):
        return None
    name = str(fn.children[0])
    return name if len(name) <= 2 and _indexes_by(fn.children[1], name) else None


def _said_with_name(sp, fn, name):
    return _Speaker(sp.lex.binding(name, name), subject=sp.subject).say(fn.children[1])


def _map(sp, args):
    noun = sp.noun_of(args[0])
    fn = args[1]
    if isinstance(fn, Tree) and fn.data == "lambda_" and _one_item_list_of(fn.children[1], str(fn.children[0])):
        # map(cards, c => [c]): each card becomes a list of its own (a one-item list reads as its item)
        return f"{sp.say(args[0])}, each {noun} in a list of its own"
    name = _position_name(sp, args[0], fn)
    if name is not None:
        return f"{_said_with_name(sp, fn, name)}, for each *{name}* of {sp.say(args[0])}"
    per = _of_items(sp, args[0], fn)
    if per is not None:
        return per
    where = "" if _is_all(args[0], sp) else f" {'in' if _is_zone(sp, args[0]) else 'of'} {sp.say(args[0])}"
    body = sp.each(fn, noun)
    return sp.say(args[0]) if body == f"the {noun}" else f"{body}, for each {noun}{where}"


def _one_item_list_of(node, name) -> bool:
    """Whether the expression is `[name]`, a list of the one item `name`."""
    if not (isinstance(node, Tree) and node.data == "list_"):
        return False
    items = [c for c in node.children if c is not None]
    return len(items) == 1 and isinstance(items[0], Tree) and items[0].data == "name" \
        and str(items[0].children[0]) == name


def _reverse(sp, args):
    node = args[0]
    if isinstance(node, Tree) and node.data == "call" and str(node.children[0]) == "sort":
        # reverse(sort(...)): "highest first", not "lowest first in the opposite order"
        said = _sort(sp, node.children[1].children if node.children[1] is not None else [])
        if said.endswith(", lowest first"):
            return said[:-len(", lowest first")] + ", highest first"
        if said.endswith(", from lowest to highest"):
            return said[:-len(", from lowest to highest")] + ", from highest to lowest"
    return f"{sp.say(node)} in the opposite order"


def _sort(sp, args):
    if len(args) == 1:
        return f"{sp.say(args[0])}, from lowest to highest"
    return f"{sp.say(args[0])} in order of {sp.about(args[1], sp.noun_of(args[0]))}, lowest first"


def _extreme(word, most):
    def phrase(sp, args):
        if len(args) == 1:
            return f"the {most} of {sp.operand(args[0])}"
        if len(args) == 2 and isinstance(args[1], Tree) and args[1].data == "lambda_":
            noun = sp.noun_of(args[0])
            value = sp.about(args[1], noun)
            value = value[4:] if value.startswith(("the ", "its ")) else value
            among = "" if _is_all(args[0], sp) else f" among {sp.say(args[0])}"
            return f"the {noun} with the {'highest' if word == 'larger' else 'lowest'} {value}{among}"
        if len(args) == 2 and isinstance(args[1], Tree) and args[1].data == "name" and \
                str(args[1].children[0]) in (sp.lex.orders | sp.lex.points):
            noun = sp.noun_of(args[0])
            among = "" if _is_all(args[0], sp) else f" among {sp.say(args[0])}"
            return f"the {noun} {'highest' if word == 'larger' else 'lowest'} in *{args[1].children[0]}*{among}"
        # several values: one worked out by arithmetic keeps its brackets ("the larger of (a minus 1), 0
        # and c"; unbracketed "a minus 1, 0 and c" reads as a minus the larger of the rest)
        return f"the {word} of {_join(sp.operand(a) for a in args)}"
    return phrase


def _bracketed(sp, node):
    said = sp.say(node)
    if isinstance(node, Tree) and node.data in ("binop", "ifelse", "and_op", "or_op") and \
            not (said.startswith("(") and said.endswith(")")):
        return f"({said})"
    return said


def _end(word):
    def phrase(sp, args):
        zone = _is_zone(sp, args[0])
        if len(args) > 1:        # first(items, n): that many from the start (or the end)
            count, noun = _bare(sp.say(args[1])), "cards" if zone else "items"
            if _literal(args[1]) == 1:
                return f"the {word} {noun[:-1]} of {sp.say(args[0])}"      # 'the last card', not 'the last 1 cards'
            if _literal(args[1]) is not None or count.startswith("*") and count.count("*") == 2 and " " not in count:
                return f"the {word} {count} {noun} of {sp.say(args[0])}"       # 'the last 3 cards', 'the last *k* cards'
            # 'the last cards of the stock, as many as the larger of ...', not 'the last the larger of ... cards'
            return f"the {word} {noun} of {sp.say(args[0])}, as many as {sp.say(args[1])}"
        if zone:
            return f"the {word} card of {sp.say(args[0])}"
        # first(argmax(trick, ...)) is the first of the cards with the highest ..., not "the first of
        # the card with the highest ..."
        return f"the {word} of {_every_best(sp, args[0], sp.say(args[0]))}"
    return phrase


def _literal(node):
    """The whole number a node is written as (`2`, `-1`), else None."""
    try:
        return int(_text_of(node))
    except (TypeError, ValueError):
        return None


def _text_of(node):
    if isinstance(node, Token):
        return str(node)
    if isinstance(node, Tree) and node.data == "neg" and len(node.children) == 1:
        inner = _text_of(node.children[0])
        return None if inner is None else "-" + inner
    if isinstance(node, Tree) and len(node.children) == 1:
        return _text_of(node.children[0])
    return None


def _seats(sp, args, way, other):
    """left_of(p), left_of(p, 2), left_of(p, -1), left_of(p, direction): the steps are part of the
    rule (a direction kept in a variable turns play round), so they are said too."""
    of = sp.say(args[0])
    if len(args) < 2:
        return f"the player to the {way} of {of}"
    n = _literal(args[1])
    if n is not None:
        side = way if n >= 0 else other
        n = abs(n)
        return f"the player to the {side} of {of}" if n == 1 else \
            f"{of}" if n == 0 else f"the player {n} seats to the {side} of {of}"
    return f"the player {_bare(sp.operand(args[1]))} seat(s) to the {way} of {of} (to the {other} when negative)"


def _going(sp, direction):
    """The direction of next_player: left by default, right for -1, or as a value says."""
    if direction is None:
        return ""
    n = _literal(direction)
    if n is not None:
        return "" if n >= 0 else " on the right"
    return f" (going left if {sp.say(direction)} is 1, right if it is -1)"


FUNCTIONS = {
    "any": _quantified("some"),
    "all": _quantified("every"),
    "filter": _filter,
    "argmax": _best("highest"),
    "argmin": _best("lowest"),
    "count": _count,
    "sum": _sum,
    "total": _sum,
    "max": _extreme("larger", "largest"),
    "min": _extreme("smaller", "smallest"),
    "first": _end("first"),
    "last": _end("last"),
    "map": _map,
    "sort": _sort,
    "reverse": lambda sp, a: _reverse(sp, a)
                             + (" (from the top down)" if _is_zone(sp, a[0]) else ""),
    "range": lambda sp, a: f"the numbers from {sp.say(a[0])} to {sp.say(a[1])}" + (
        f" in steps of {sp.say(a[2])}" if len(a) > 2 else ""),
    "next_player": lambda sp, a: (f"the next player{_going(sp, a[2] if len(a) > 2 else None)} after {sp.say(a[0])} "
                                  f"who {sp.relative(a[1], 'player', False)}").replace("who for which", "for which"),
    "abs": lambda sp, a: f"the size of {sp.operand(a[0])} (without its sign)",
    "seat_order": lambda sp, a: (f"the players in turn order{_going(sp, a[1] if len(a) > 1 else None)}, "
                                 f"starting with {sp.say(a[0])}"),
    "left_of": lambda sp, a: _seats(sp, a, "left", "right"),
    "right_of": lambda sp, a: _seats(sp, a, "right", "left"),
    "owner": lambda sp, a: _owner(sp, a),
    "card": lambda sp, a: _card(sp, a[0], a[1]),
    "cyclic_next": lambda sp, a: _cyclic_next(sp, a),
    "cyclic_distance": lambda sp, a: (f"how many places {sp.say(a[2])} comes after {sp.say(a[1])} in "
                                      f"{sp.say(a[0])} (going round)"),
    "cyclic_passes": lambda sp, a: (f"going round {sp.say(a[0])} from {sp.say(a[1])} to {sp.say(a[2])} reaches "
                                    f"or passes {sp.say(a[3])}"),
    "smallest": lambda sp, a: f"the {_bare(sp.say(a[1]))} smallest of {sp.say(a[0])}",
    "unique": lambda sp, a: f"{sp.say(a[0])}, each counted once",
    "suits_in": lambda sp, a: f"the suits among {sp.say(a[0])}",
    "team_of": lambda sp, a: f"the team of {sp.say(a[0])}",
    "same_key": lambda sp, a: f"{sp.say(a[0])} all have the same {_key_words(sp, a[1], 'card')}",
    "groups": _groups,
    "sequences": _sequences,
    "combined": _combined,
    "cyclic_run": lambda sp, a: (f"the items that follow {sp.say(a[1])} in {sp.say(a[0])} without a gap (going "
                                 f"round), as far as they are among {sp.say(a[2])}"),
    "contains": lambda sp, a: f"{sp.say(a[0])} holds {sp.say(a[1])}",
    "position": lambda sp, a: f"the position of {sp.operand(a[1])} in {sp.say(a[0])} (from 0)",
    "teammates": lambda sp, a: f"{sp.say(a[0])} and their partners",
    "team_members": lambda sp, a: (f"the players of {sp.say(a[0])}" if sp.say(a[0]).startswith("the ")
                                   else f"the players of team {sp.say(a[0])}"),
    # melds
    "partners": lambda sp, a: f"the cards of {sp.say(a[1])} that would make a meld with {sp.say(a[0])} "
                              "and one wild card",
    "melds_in": lambda sp, a: f"the melds that can be made from {sp.say(a[0])}",
    "melds_with": lambda sp, a: f"the melds of {sp.say(a[0])} with some of {sp.say(a[1])}",
    "meld_plays": lambda sp, a: f"the ways to lay melds from {sp.say(a[0])} worth {sp.say(a[1])} or more",
    "meld_cards": lambda sp, a: f"the cards of {sp.say(a[0])}",
    "meld_points": lambda sp, a: f"the value of {sp.say(a[0])}",
    "meld_kind": lambda sp, a: f"the kind (run or set) of {sp.say(a[0])}",
    "is_meld": lambda sp, a: f"{sp.say(a[0])} make a meld",
    "extends_table": lambda sp, a: f"{sp.say(a[0])} can be added to a meld in {sp.say(a[1])}",
    "table_additions": lambda sp, a: f"the ways to add one of {sp.say(a[0])} to a meld in {sp.say(a[1])}",
    "table_melds": lambda sp, a: f"the melds in {sp.say(a[0])}",
    "wild_swaps": lambda sp, a: f"the ways to put one of {sp.say(a[0])} in the place of a wild card of a meld "
                                f"in {sp.say(a[1])}",
    "wilds_in": lambda sp, a: f"the number of wild cards in {sp.say(a[0])}",
    "of_suit": lambda sp, a: f"the cards of {sp.say(a[0])} in {sp.say(a[1])}",
    "of_rank": lambda sp, a: f"the cards of {sp.say(a[0])} of rank {sp.say(a[1])}",
}


def noun_for(text, lex: Lexicon | None = None) -> str:
    """What one item of the collection written as `text` is called ('player', 'card', 'suit', 'item')."""
    try:
        return _Speaker(lex or Lexicon()).noun_of(parse(str(text)))
    except Exception:
        return "item"


def _owner(sp, a):
    """owner(zone, card): the player whose ... holds it; for a zone kept per suit or per object, the suit
    or the entry (the column whose *up* holds the option)."""
    node = a[0]
    name = str(node.children[0]) if isinstance(node, Tree) and node.data == "name" else None
    per = sp.lex.zones.get(name) if name else "player"
    who = ("player" if per in (None, "player") else "suit" if per == "suit"
           else sp.lex.objects.get(per, "entry"))
    return f"the {who} whose {sp.say(a[0])} holds {sp.say(a[1])}"
