"""Steps in words, for `rules explain`: one sentence per step, nested steps as nested lists.

Expressions are said in words (phrasing.py); with detail=True each is followed by its text in code.
"""
from __future__ import annotations

import re

from ..engine.placement import mentions_any
from .phrasing import Lexicon, noun_for, words
from .phrasing_words import _join, _plural


class Say:
    """Says expressions in words for one ruleset; `detail` adds each expression as written."""

    def __init__(self, lex: Lexicon | None = None, detail: bool = False, above=(), params=None):
        self.lex, self.detail = lex or Lexicon(), detail
        self.above = frozenset(above)      # procedures whose sections come before the text being said
        self.params = params or {}         # procedure name -> its parameters' names

    def __call__(self, expr) -> str:
        text = words(expr, self.lex)
        if self.detail and isinstance(expr, str) and not expr.strip().isidentifier():
            text += f" ({code(expr)})"
        return text

    def bind(self, name, noun) -> "Say":
        return Say(self.lex.binding(str(name), noun), self.detail, self.above, self.params)

    def after(self, procedures) -> "Say":
        """The same, for text placed after the sections of these procedures."""
        return Say(self.lex, self.detail, procedures, self.params)


def _call(value, say) -> str:
    """`call: score_hand`, or `call: pay(declarer, 10)` with each parameter named."""
    from ..engine.calls import call_arguments, called_name
    from ..expr.errors import ExprError
    name = called_name(value)
    where = "above" if name in say.above else "below"
    params = say.params.get(name) or ()
    try:
        args = call_arguments(value)
    except ExprError:                   # a call validate refuses: said as written
        args = None
    if not args or len(args) != len(params):
        return f"Do **{name}** ({where})."
    text = str(value)
    pairs = [(p, text[a.meta.start_pos:a.meta.end_pos]) for p, a in zip(params, args)]
    # a value passed on under its own name, a parameter of the procedure calling: 'the same *p*'; a name
    # the place of the call gives a meaning (a move's option, `as: p`, said 'the player') is said as it is
    passed = {p for p, arg in pairs if arg.strip() == p and say(arg) == f"*{p}*"}
    given = [f"*{p}* being {say(arg)}" for p, arg in pairs if p not in passed]
    same = [f"*{p}*" for p, _ in pairs if p in passed]
    if same:                          # 'with the same *p* and *c*', not 'with *p* being *p* and *c* being *c*'
        given.append("the same " + _join(same))
    return f"Do **{name}** ({where}), with " + _join(given) + "."


def code(value) -> str:
    """An expression or value as inline Markdown code."""
    if value is None:
        return "`none`"
    if isinstance(value, bool):
        return f"`{'true' if value else 'false'}`"
    if isinstance(value, list):
        return "`[" + ", ".join(str(v) for v in value) + "]`"
    text = " ".join(str(value).split())
    return f"`{text}`" if "`" not in text else f"``{text}``"


def describe_steps(steps, depth: int = 0, say: Say | None = None, pad: str | None = None) -> list[str]:
    """The steps as a numbered Markdown list, nested steps under their step.  A nested line is indented
    by the width of its item's number ('10. ' is four characters wide): Markdown reads a line indented
    less as outside the item, so the steps under item 10 would become items 11, 12..."""
    say = say or Say()
    if not isinstance(steps, list):
        return []
    pad = "   " * depth if pad is None else pad
    out = []
    for i, step in enumerate(steps, 1):
        if isinstance(step, str):
            step = {step: None}
        if not isinstance(step, dict) or not step:
            continue
        kind = next(iter(step))
        first, nested = _sentence(kind, step[kind], step, say)
        marker = f"{i}. "
        out.append(f"{pad}{marker}{first}")
        inside = pad + " " * len(marker)
        for entry in nested:
            label, sub = entry[:2]
            inner = entry[2] if len(entry) > 2 else say
            if label:
                out.append(f"{inside}{label}")
            if sub is not None:
                out += describe_steps(sub, depth + 1, inner, inside) or [f"{inside}1. Nothing happens."]
    return out


def _zones(value):
    """'*hand*', '*hand* and *won*', '*hand*, *trick* and *won*'."""
    items = [f"*{z}*" for z in (value if isinstance(value, list) else [value])]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _sentence(kind, v, step, say):
    """(the step in one sentence, [(label, nested steps or None[, say for them])])."""
    fn = _KINDS.get(kind)
    if fn is not None:
        try:
            return fn(v, step, say)
        except (AttributeError, TypeError, KeyError):
            pass
    return _generic(kind, v)


def _generic(kind, v):
    if not isinstance(v, dict):
        return f"**{kind}**: {code(v)}.", []
    nested = [(f"{k}:", sub) for k, sub in v.items() if _is_steps(sub)]
    settings = ", ".join(f"{k} {code(x)}" for k, x in v.items() if not _is_steps(x))
    return f"**{kind}**" + (f" ({settings})" if settings else "") + ".", nested


def _is_steps(value):
    return isinstance(value, list) and bool(value) and all(isinstance(x, dict) and len(x) >= 1 for x in value)


def _deal(v, step, say):
    count = v.get("count", "all")
    said = say(count)
    if " if " in said and not said.startswith("("):       # "Deal 7 if X, otherwise 5 cards" reads badly
        said = f"({said})"
    if isinstance(count, str) and count.isidentifier() and said.startswith("the *"):
        said = said[4:]          # an option: "Deal *hand_size* cards", not "Deal the *hand_size* cards"
    if count == "all" or isinstance(count, int) or said.startswith(("*", "(")) or said.isdigit():
        each = "all the cards" if count == "all" else "1 card" if count == 1 else f"{said} cards"
    else:                        # a value worked out: "as many cards as the number of the hand"
        each = f"as many cards as {said}"
    packet = v.get("packet", 1)
    # one card each needs no "one at a time"
    how = ("" if count == 1 else "one at a time") if packet == 1 else f"in packets of {say(packet)}"
    start = v.get("start", "left_of(dealer)")
    who = f" to {say(v['players'])}" if "players" in v else ""
    src, dest = _zone(v["from"], say), _zone(v["to"], say)
    if not (str(v["to"]).isidentifier() and say.lex.zones.get(str(v["to"])) == "player"):
        # into one zone (hand[current], a pile): no turn of the players, no packets
        return f"Deal {each} from {src} into {dest}.", []
    alone = _one_player(v.get("players"))
    if alone is not None:
        # players: [p]: one player's zone, nobody to go round ("to each ... to the player" read wrongly)
        owner = say(f"{dest.strip('*')}[{alone}]") if str(v["to"]).isidentifier() else dest
        return f"Deal {each} from {src} into {owner}.", []
    how = f", {how}" if how else ""
    text = f"Deal {each} from {src} to {dest}{who}{how}"
    one_zone = "players" not in v and say.lex.zones.get(str(v["to"]), "") is None      # e.g. a widow
    if count != "all" and not one_zone:
        text = (f"Deal {each} to each of {_removeprefix(say(v['players']), 'the list ')} from {src} into "
                f"{dest}{how}" if who else
                f"Deal {each} to each from {src} into {dest}{how}")
    if one_zone and "start" not in v:
        return text + ".", []           # into one zone: nobody to start with
    return text + f", starting with {say(start)}" + (" and going right" if v.get("direction") == -1 else "") + ".", []


def _removeprefix(text, prefix):
    return text[len(prefix):] if text.startswith(prefix) else text


def _one_player(players):
    """The expression of the one player a deal's `players: "[p]"` names, else None."""
    if not isinstance(players, str):
        return None
    try:
        from ..expr.parser import parse
        node = parse(players)
    except Exception:           # text that does not parse is said as written
        return None
    text = players.strip()
    if getattr(node, "data", None) == "list_" and len(node.children) == 1 and text.startswith("[") \
            and text.endswith("]") and "," not in text:
        return text[1:-1].strip()
    return None


def _zone(value, say):
    return f"*{value}*" if str(value).isidentifier() else say(value)


def _value(x, say):
    """A value to set or add, bracketed when it is a choice: "Add (40 if ..., otherwise 20) to ..."
    (unbracketed, the words after the choice read as part of its last case)."""
    text = say(x)
    try:
        from ..expr.parser import parse
        tree = parse(x) if isinstance(x, str) else None
        kind = tree.data if tree is not None else None
    except Exception:           # text that does not parse is said as written
        tree = kind = None
    if kind in ("compare", "and_op", "or_op", "not_op"):
        return f"whether {text}"        # 'Set *folded* to whether the *chips* is 0', not 'to the *chips* is 0'
    if kind == "call" and not text.startswith(("the ", "its ", "(")):
        from .phrasing_calls import FUNCTIONS
        if str(tree.children[0]) not in FUNCTIONS:
            # a definition's test said as a statement: 'to whether player 0 can play', 'whether c is trump'
            return f"whether {text}"
    return f"({text})" if kind == "ifelse" else text


def _set(v, step, say):
    return "Set " + "; ".join(f"{say(k)} to {_value(x, say)}{_ties(x)}" for k, x in v.items()) + ".", []


def _ties(x) -> str:
    """argmax/argmin give every item with the best key: said so where a value is set to them."""
    return " (all of them on a tie)" if isinstance(x, str) and x.strip().startswith(("argmax(", "argmin(")) else ""


def _add(v, step, say):
    if all(_negated(x) is None for x in v.values()):
        return "Add " + "; ".join(f"{_value(x, say)} to {say(k)}" for k, x in v.items()) + ".", []
    parts = []
    for k, x in v.items():
        taken = _negated(x)
        if taken is not None:       # add: {chips: -stake}: "Subtract the *stake* from ...", not "Add minus the ..."
            parts.append(f"subtract {_value(taken, say)} from {say(k)}")
        else:
            parts.append(f"add {_value(x, say)} to {say(k)}")
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + ".", []


def _negated(x):
    """The text of X when an added value is written -X (a name, a number or a bracketed value), else None."""
    if isinstance(x, (int, float)) and not isinstance(x, bool) and x < 0:
        return -x
    if not isinstance(x, str) or not x.strip().startswith("-"):
        return None
    try:
        from ..expr.parser import parse
        node = parse(x)
    except Exception:           # text that does not parse is said as written
        return None
    first = node
    # -bid * 2 is (minus bid) times 2, the same as minus (bid times 2): "Subtract *bid* times 2"
    while getattr(first, "data", None) == "binop" and str(first.children[1]) in ("*", "/"):
        first = first.children[0]
    if getattr(first, "data", None) != "neg":
        return None
    inner = x.strip()[1:].strip()
    return int(inner) if inner.isdigit() else inner


def _if(v, step, say):
    nested = [("Then:", step.get("then") or [])]
    if "else" in step:
        nested.append(("Otherwise:", step.get("else") or []))
    return f"If {say(v)}:", nested


def _for_each(v, step, say):
    name = v.get("as", "item")
    noun = _noun(v["in"], name, "as" in v, say)
    inner = say.bind(name, noun)
    every = str(v["in"]).strip() in ("players", "suits", "ranks", "teams") or str(v["in"]).strip() in say.lex.objects
    said = "" if every else say(v["in"])
    shown = f" ({code(name)})" if say.detail else ""
    if said.startswith(f"the {noun} with the "):    # argmax: every player with the highest ..., not one
        said = f"the {_plural(noun)} with the " + said[len(f"the {noun} with the "):]
    # a loop inside a loop over the same kind of item (each player, then each player again): 'the
    # player' would name both; they become the first and the second player (the third ...)
    outer = [n for n, x in say.lex.nouns.items() if n != str(name) and _ordinal_base(x) == noun]
    if outer and len(outer) < len(ORDINALS):
        inner = say
        for i, n in enumerate(outer):
            inner = inner.bind(n, f"{ORDINALS[i]} {noun}")
        inner = inner.bind(name, f"{ORDINALS[len(outer)]} {noun}")
        called = f"the {ORDINALS[len(outer)]} {noun} below"
        shown = f" ({code(name)}, {called})" if say.detail else f" ({called})"
    if said.startswith(f"the {_plural(noun)} "):     # 'For each of the players in turn order, ...'
        return f"For each of {said}{shown}:", [("", v.get("do") or [], inner)]
    what = f" of {said}" if said else ""
    return f"For each {noun}{what}{shown}:", [("", v.get("do") or [], inner)]


ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth"]


def _ordinal_base(noun: str) -> str:
    """'second player' -> 'player' (a noun a nested loop numbered)."""
    first, _, rest = noun.partition(" ")
    return rest if first in ORDINALS and rest else noun


def _noun(collection, name, named, say):
    """What one item is called: from the collection (player, card, ...), else the name given with `as`."""
    noun = noun_for(collection, say.lex)
    return str(name).replace("_", " ") if noun == "item" or (noun == "number" and named) else noun


def _repeat(v, step, say):
    if "times" in v:
        head = f"Repeat {say(v['times'])} times:"
    elif "until" in v:
        head = f"Repeat until {say(v['until'])}:"
    elif v.get("while", True) is True or str(v.get("while")).strip() == "true":
        head = "Repeat until a step ends the hand or the game:"     # not "Repeat while yes:"
    else:
        head = f"Repeat while {say(v.get('while', True))}:"
    return head, [("", v.get("do") or [])]


def _tricks(v, step, say):
    card = say.bind("card", "card")
    follow = v.get("follow", "suit")
    rule = {"suit": "players must follow the suit led if they can", "any": "any card may be played"}.get(
        follow, f"a card may be played when {card(follow)}")
    stop = _stopping(v["count"], say) if "count" in v else None
    count = say(v["count"]) if "count" in v and stop is None else None
    if count is not None and " if " in count and not count.startswith("("):
        count = f"({count})"            # ", 3 if X, otherwise 10 of them" reads as 10 of them otherwise
    lead = say(v.get('lead', 'left_of(dealer)'))
    # "x if c, otherwise y leads the first trick" reads as if y alone led: say it as the trick's
    lead = (f"The first trick is led by {lead}, and each trick's winner leads the next;" if " if " in lead
            else _capital(f"{lead} leads the first trick and each trick's winner leads the next;"))
    bits = [f"Play tricks from *{v['hand']}* onto *{v['trick']}*"
            + (stop if stop is not None else f", {count} of them" if count is not None
               # with players sitting tricks out, their hands are not emptied: the block stops with the
               # leader's
               else " until the leader has no card left" if "players" in v
               else " until the hands are empty") + ".",
            lead,
            f"{rule}."]
    if "card_suit" in v:
        said = card(v["card_suit"])
        said = said if said.startswith("the ") else f"the suit {said}"
        bits.append(f"A card counts as {said}, in following and in winning the trick.")
    if "decided_by" in v:
        bits.append(f"Each card is chosen, from the hand of the player whose turn it is, by {say(v['decided_by'])}.")
    if v.get("direction") == -1:
        bits.append("Play goes round to the right.")
    if "players" in v:
        bits.append(_capital(f"only {say(v['players'])} take part in each trick (worked out as it starts); "
                             "a leader who does not take part passes the lead to the next player who does."))
    if "may_pass" in v:
        bits.append(f"At their turn a player may pass instead of playing when {say(v['may_pass'])}, and then takes "
                    "no part in that trick (a leader who passes hands the lead to the next player); a player who "
                    "may pass but has no card to play passes.")
    if "winner" in v:
        bits.append(f"The trick goes to {say(v['winner'])}.")
    else:
        trumps = f"the highest trump ({say(v['trumps'])}) wins, otherwise " if "trumps" in v else ""
        order = str(v.get("order"))
        ranked = (f"**{order}**" if re.fullmatch(r"\s*[A-Za-z_]\w*\s*", order)
                  else f"{card(order)} (the higher, the stronger)")
        bits.append(f"In each trick {trumps}the highest card of the suit led wins, ranked by {ranked}.")
    if "collect" in v:
        bits.append(f"The winner puts the trick into {say(v['collect'])}.")
    nested = [(f"{label}:", v[key]) for key, label in (("before_trick", "Before each trick"),
                                                     ("after_play", "After each card is played (*card_played*), before the next player is asked"),
                                                     ("after_plays", "When all have played, before the winner is decided"),
                                                     ("after_trick", "After each trick")) if key in v]
    return " ".join(bits), nested


def _stopping(count, say):
    """A trick count that is a stop condition, in words, or None.  `trick_number if C else N` plays N
    tricks but ends the block after the trick once C holds (the count is worked out before each trick,
    and trick_number tricks are then all there is to play); `N if C else trick_number` ends it once C
    fails.  Said as a number of tricks, it read "(the trick number if C, otherwise N) of them"."""
    from lark import Tree

    from ..expr.parser import parse
    text = str(count)
    try:
        tree = parse(text)
    except Exception:          # noqa: BLE001 - the loader reports a bad expression; said as written here
        return None
    if not (isinstance(tree, Tree) and tree.data == "ifelse"):
        return None

    def is_number(node):
        return isinstance(node, Tree) and node.data == "name" and str(node.children[0]) == "trick_number"

    def source(node):
        meta = node.meta
        return text[meta.start_pos:meta.end_pos] if not getattr(meta, "empty", True) else None

    first, cond, other = tree.children
    if source(first) is None or source(cond) is None or source(other) is None:
        return None
    if is_number(first) and not is_number(other):
        limit, when = other, say(source(cond))
    elif is_number(other) and _one_more(first, is_number):
        # `trick_number + 1 if C else trick_number`: one more trick while C holds, with no fixed number
        return f", one after another as long as {say(source(cond))} (checked before each trick)"
    elif is_number(other) and not is_number(first):
        inner = cond.children[0] if isinstance(cond, Tree) and cond.data == "not_op" else None
        limit, when = first, (say(source(inner)) if inner is not None and source(inner) is not None
                              else f"it is no longer so that {say(source(cond))}")
    else:
        return None
    return f", at most {say(source(limit))} of them: play stops after any trick once {when}"


def _one_more(node, is_number) -> bool:
    """`trick_number + 1` (or `1 + trick_number`)."""
    from lark import Tree
    if not (isinstance(node, Tree) and node.data == "binop" and len(node.children) == 3):
        return False
    a, op, b = node.children
    one = [x for x in (a, b) if isinstance(x, Tree) and x.data == "number" and str(x.children[0]) == "1"]
    return str(op) == "+" and bool(one) and (is_number(a) or is_number(b))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _seat(say, value):
    """A player written as a seat number (a patience's `player: 0`) reads 'seat 0', not '0'."""
    return f"seat {value}" if str(value).strip().isdigit() else say(value)


def _turns(v, step, say):
    first, nxt = str(v.get("first", "")).strip(), str(v.get("next", "")).strip()
    if first.isdigit() and first == nxt:        # one seat plays every turn (a patience)
        head = f"Seat {first} plays turn after turn"
        head += f", until {say(v['until'])}:" if "until" in v else ":"
        return head, [("", v.get("do") or [])]
    if first and first == nxt:
        # next: attacker, a variable the turn changes: not 'starting with the attacker, then the attacker'
        head = f"Players take turns, each turn played by whoever is {_seat(say, first)} when it begins"
    else:
        head = (f"Players take turns, starting with {_seat(say, v.get('first', 'left_of(dealer)'))}, then "
                f"{_seat(say, v.get('next', 'left_of(current)')).replace('the current player', 'the last to play')}")
    # without 'until' the turns go on until a step ends the hand or the game (an end_game in a procedure)
    head += f", until {say(v['until'])}:" if "until" in v else ", until a step ends the hand or the game:"
    return head, [("", v.get("do") or [])]


def _choose(v, step, say):
    one = len(v.get("moves") or {}) == 1
    head = f"{_capital(_seat(say, v['player']))} {'makes this move' if one else 'chooses one of these moves'}:"
    nested = []
    for name, move in (v.get("moves") or {}).items():
        move = move or {}
        bits = [f"**{name}**"]
        inner = say
        if "options" in move:
            bound = move.get("as", "option")
            # a one-letter name (as: n) is no noun: 'a number chosen', not 'a n chosen'
            noun = _noun(move["options"], bound, "as" in move and len(str(bound)) > 1, say)
            if len(noun) < 2:     # a one-letter name of an item (as: x): 'an option chosen', not 'a x chosen'
                noun = "option"
            inner = say.bind(bound, noun)
            article = "" if noun.endswith("s") else "an " if noun[:1] in "aeiou" else "a "
            bits.append(f"with {article}{noun} chosen from {say(move['options'])}")
        if "legal" in move:
            # after the options a comma: 'a player chosen from the players who are not X, allowed when ...'
            # (without it the condition reads as part of the options' description)
            bits.append(f"{'' if len(bits) == 1 else ', '}allowed when {inner(move['legal'])}")
        if move.get("description"):
            bits.append(f"({move['description']})")
        if move.get("do"):
            nested.append((_joined_bits(bits) + ":", move["do"], inner))
        else:
            nested.append((_joined_bits(bits) + ": nothing else happens.", None))
    return head, nested


def _joined_bits(bits):
    return " ".join(bits).replace(" , allowed when", ", allowed when")


def _condition_given(v):
    """Whether a step's `when:` says something: left out, or written as true, it always holds."""
    w = v.get("when", True)
    return not (w is True or (isinstance(w, str) and w.strip() == "true"))


def _end_game(v, step, say):
    when = f" if {say(v['when'])}" if _condition_given(v) else ""
    # a list of winners written out, as in the end section: an empty list is nobody
    won = say(v["winners"]).replace("an empty list", "nobody") if "winners" in v else None
    who = "" if won is None else "; nobody wins" if won == "nobody" else f"; it is won by {won}"
    return f"The game ends at once{when}{who}.", []


def _end_hand(v, step, say):
    when = f" if {say(v['when'])}" if _condition_given(v) else ""
    return f"The hand ends at once{when}: its steps left are skipped.", []


def _seat_said(who, say):
    """A player: a seat written as a number is 'player 0', not '0'."""
    text = say(who)
    return f"player {text}" if text.isdigit() else text


def _cards_said(cards, say):
    """The cards a step moves or shows: a list written out names its cards, "Show the 12 of that suit and
    the 11 of that suit", not "Show the list the 12 of that suit and ..."; a choice is bracketed, "Show
    (X if ..., otherwise Y) to everyone" (unbracketed, 'to everyone' reads as part of its last case)."""
    text = _removeprefix(say(cards), "the list ")
    try:
        from ..expr.parser import parse
        kind = getattr(parse(cards), "data", None) if isinstance(cards, str) else None
    except Exception:           # text that does not parse is said as written
        kind = None
    return f"({text})" if kind == "ifelse" and not text.startswith("(") else text


def _outside_brackets(text: str) -> str:
    """The text without its bracketed parts: '(a, b)' is one item, not a clause."""
    out, depth = [], 0
    for ch in text:
        depth += ch == "("
        if depth == 0:
            out.append(ch)
        depth -= ch == ")" and depth > 0
    return "".join(out)


def _move(v, step, say):
    src = f" from {say(v['from'])}" if "from" in v else ""
    where = " at the bottom" if v.get("position") == "bottom" else ""
    if v.get("position") not in (None, "top", "bottom"):       # under a number of the zone's cards
        where = f", under as many of its cards as {say(v['position'])}"
        if mentions_any(v["position"], say.lex.private):
            where += "; the other players do not see where"
    # a card moved in full view stays known to those who knew it
    kept = "; whoever saw the cards where they were still knows them there" if v.get("keep_seen") is True else ""
    if "from" in v and str(v["cards"]).strip() == str(v["from"]).strip():
        # move: {cards: hole, from: hole, to: house}: "Move every card of *hole* to ...", not "Move *hole* from *hole*"
        return f"Move every card of {say(v['from'])} to {say(v['to'])}{where}{kept}.", []
    if "from" in v and where and str(v["from"]).strip() == str(v["to"]).strip():
        # a card moved within its own zone: 'Put the last card of *stock* at the bottom of *stock*', or
        # 'Put it back in *stock*, under as many of its cards as 3' (not 'at the bottom' for a number)
        if v.get("position") == "bottom":
            return f"Put {say(v['cards'])} at the bottom of {say(v['to'])}{kept}.", []
        return f"Put {say(v['cards'])} back in {say(v['to'])}{where}{kept}.", []
    cards = _cards_said(v["cards"], say)
    if src and ", " in _outside_brackets(cards):
        # 'the last cards of stock, as many as N, from stock to ...'; also when the clause ends in a
        # bracket: '..., as many as ... (from 0), from the *source*'s *up* to ...'
        cards += ","
    return f"Move {cards}{src} to {say(v['to'])}{where}{kept}.", []


def _lay_melds(v, step, say):
    return f"Lay {say(v['melds'])} from {say(v['from'])} on {say(v['to'])}, each meld as a group.", []


def _change_meld(v, step, say):
    freed = f"; a wild card it frees goes to {say(v['freed'])}" if "freed" in v else ""
    return f"Change a meld on {say(v['to'])} by {say(v['change'])}, with cards from {say(v['from'])}{freed}.", []


def _zone_said(v, say):
    """A zone named by a shuffle or cut: *stock*, or one part of a zone in words (hand[option]: 'the
    player's *hand*', not '*hand[option]*')."""
    text = str(v).strip()
    return f"*{text}*" if text.isidentifier() else say(text)


def _fail(v, step, say):
    return f"Stop with the error \"{v.get('message', 'a rule check failed')}\" if {say(v['when'])}.", []


_KINDS = {
    "shuffle": lambda v, s, say: (f"Shuffle {_zone_said(v, say)}.", []),
    "cut": lambda v, s, say: (f"Cut {_zone_said(v, say)}.", []),
    "deal": _deal,
    "move": _move,
    "gather": lambda v, s, say: (f"Gather every card from {_zones(v['from'])} into {_zone_said(v['to'], say)}.",
                                 []),
    "reveal": lambda v, s, say: ((f"Show {_cards_said(v['cards'], say)} to {_seat_said(v['to'], say)} alone." if "to" in v else
                                  f"Show {_cards_said(v['cards'], say)} to everyone.") if isinstance(v, dict) else
                                 f"Show {_cards_said(v, say)} to everyone.", []),
    "set": _set,
    "add": _add,
    "reset": lambda v, s, say: (f"Give {_join_names(v)} their starting values again.", []),
    "if": _if,
    "for_each": _for_each,
    "repeat": _repeat,
    "call": lambda v, s, say: (_call(v, say), []),
    "end_game": _end_game,
    "end_hand": _end_hand,
    "record": lambda v, s, say: ("Record " + "; ".join(f"{k} = {say(x)}" for k, x in v.items()) + ".", []),
    "log": lambda v, s, say: (f"Write {say(v)} in the game log.", []),
    "fail": _fail,
    "lay_melds": _lay_melds,
    "change_meld": _change_meld,
    "tricks": _tricks,
    "turns": _turns,
    "choose": _choose,
    "select": lambda v, s, say: _select(v, say),
}


def _select(v, say):
    """`select:` (it was phrased by a function of two arguments where three are given: every select
    fell back to its settings in code)."""
    one = re.fullmatch(r"\[\s*([^,\[\]]+?)\s*\]", str(v.get("players", "")).strip())
    if one:                     # players: "[mover]": one player picks, not 'Each of the mover'
        said = say(one.group(1))
        who = said[0].upper() + said[1:]
    else:
        who = f"Each of {say(v['players'])}" if "players" in v else "Every player"
        if ", " in who:          # 'Each of the players in turn order, starting with X, picks ...'
            who += ","
    say = say.bind(v.get("as", "player"), "player")       # the player picking, in count and legal
    if "options" in v or "set" in v:                       # a value, kept apart until all have picked
        legal = f", one for which {say.bind('option', 'value')(v['legal'])}" if "legal" in v else ""
        if v.get("set") in say.lex.private:
            shown = "only the player who picks sees it"
        else:
            shown = ("the pick is shown to everyone once made" if one else
                     "the picks are shown together once every player has picked, and nobody sees another's before")
        return f"{who} picks a value of *{v.get('set')}* in secret from {say(v.get('options'))}{legal}; {shown}.", []
    count = v.get("count", 1)
    how_many = ""
    if isinstance(count, str) and not count.strip().isdigit():
        count, how_many = "cards", f" (how many: {say(count)})"
    else:
        count = "one card" if int(count) == 1 else f"{int(count)} cards"
    legal = f", each a card for which {say(v['legal'])}" if "legal" in v else ""
    if one:                     # one picker: nobody else to wait for
        return (f"{who} picks {count} from their *{v.get('from')}* in secret{how_many}{legal}, into their own "
                f"*{v.get('to')}*, unseen by the others.", [])
    return (f"{who} picks {count} from their *{v.get('from')}* in secret{how_many}{legal}; the picks wait in "
            f"their own *{v.get('to')}*, unseen by the others, until every player has picked.", [])


def _join_names(v):
    items = v if isinstance(v, list) else [v]
    return ", ".join(f"*{x}*" for x in items)
