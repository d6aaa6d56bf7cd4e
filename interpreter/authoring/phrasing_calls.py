"""How each built-in function is said, for `rules explain`: FUNCTIONS maps a function's name to a small
phrasing `(speaker, arguments) -> words` (`argmax(players, p => score[p])`: "the player with the highest
*score*").  Each is given the speaker of phrasing.py and says its arguments through it; a phrasing that needs
a new speaker makes one of the speaker's own class, so this module does not import phrasing.py.
"""
from __future__ import annotations

import re

from lark import Token, Tree

from .phrasing_words import NOUNS, _is_zone, _join, _literal, _mentions_it, _plural


def _indexes_by(node, name) -> bool:
    """Whether the expression takes an item of a list at the position `name` (xs[name])."""
    if isinstance(node, Token):
        return False
    return any(t.data == "index" and isinstance(t.children[1], Tree) and t.children[1].data == "name"
               and str(t.children[1].children[0]) == name for t in node.iter_subtrees())


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


def same_key_words(sp, a, negated=False) -> str:
    """same_key(cards, key): 'its cards all have the same rank' (said of a set: not 'it all have'); with
    negated, 'do not all have' (not 'not it all have')."""
    cards = sp.say(a[0])
    cards = "its cards" if cards == "it" else f"the cards in {cards}" if _is_zone(sp, a[0]) else cards
    return (f"{cards} {'do not all have' if negated else 'all have'} "
            f"the same {_key_words(sp, a[1], 'card')}")


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


def _a_card_of(sp, x) -> str:
    """The one card a meld change takes from the cards x: 'a card of the current player's *hand*'; from a
    list of one card written out ([c]), that card: 'the card', not 'a card of the card'."""
    if isinstance(x, Tree) and x.data == "list_" and len(x.children) == 1 and x.children[0] is not None:
        return sp.say(x.children[0])
    return "a card of " + sp.say(x)


def _combined(sp, a) -> str:
    """combined(a, b, ...): 'the ways to put together one of A and one of B, no card twice'; a list of
    one set written out ([g]) is that set: 'made of the set and one of B', not 'one of the set'."""
    def part(x):
        if isinstance(x, Tree) and x.data == "list_" and len(x.children) == 1 and x.children[0] is not None:
            return sp.say(x.children[0])
        return "one of " + sp.say(x)
    return "the sets made of " + " and ".join(part(x) for x in a) + " (no card twice)"


def _ignores_its_item(fn) -> bool:
    """A function `x => ...` whose body never reads x (the same value for every item)."""
    if not (isinstance(fn, Tree) and fn.data == "lambda_"):
        return False
    name, body = fn.children
    if not isinstance(body, Tree):
        return str(body) != str(name)
    return not any(str(tok) == str(name) for tok in body.scan_values(lambda v: isinstance(v, Token)))


def _difference(sp, node) -> str:
    """abs(a - b) as "the difference between a and b" ("" for anything else)."""
    if isinstance(node, Tree) and node.data == "binop" and str(node.children[1]) == "-":
        return f"the difference between {sp.term(node.children[0])} and {sp.term(node.children[2])}"
    return ""


def _cyclic_next(sp, a) -> str:
    steps = a[2] if len(a) > 2 else None
    where = f"in {sp.say(a[0])} (going round)"
    if steps is None:
        return f"the item after {sp.say(a[1])} {where}"
    # a step count written as a number (-1: going back): 'the item before', not 'minus 1 place(s) after'
    back = isinstance(steps, Tree) and steps.data == "neg"
    number = _whole_number(steps.children[0] if back else steps)
    if number == 1:
        return f"the item {'before' if back else 'after'} {sp.say(a[1])} {where}"
    if number is not None:
        return f"the item {number} places {'before' if back else 'after'} {sp.say(a[1])} {where}"
    return f"the item {sp.say(steps)} place(s) after {sp.say(a[1])} {where}"


def _whole_number(node):
    """The whole number a literal node is (none for anything else)."""
    if isinstance(node, Tree) and node.data == "number" and node.children:
        node = node.children[0]
    if isinstance(node, Token) and str(node).isdigit():
        return int(str(node))
    return None


def _bare(text: str) -> str:
    return text[4:] if text.startswith("the ") else text


def _of_rank(sp, args) -> str:
    """'the cards of X of rank “A”'; with the item spoken of ('the rank', 'it'): 'the cards of X of that
    rank' (not 'of rank the rank')."""
    rank = sp.say(args[1])
    if rank in ("it", "the rank", "the item"):
        return f"the cards of {sp.say(args[0])} of that rank"
    return f"the cards of {sp.say(args[0])} of rank {rank}"


def _quantified(word):
    """any/all: 'some player's *score* is ...' when the sentence starts with the item, else 'for some ...'."""
    def phrase(sp, args):
        name = _position_name(sp, args[0], args[1])
        if name is not None:          # 'for every *j* of the numbers ..., the card at position *j* ...'
            return f"for {word} *{name}* of {sp.say(args[0])}, {_said_with_name(sp, args[1], name)}"
        noun = sp.noun_of(args[0], args[1] if len(args) > 1 else None)
        body = sp.each(args[1], noun)
        noun = sp.labelled(args[1], noun)
        where = "" if _is_all(args[0], sp) else f" {'in' if _is_zone(sp, args[0]) else 'of'} {sp.say(args[0])}"
        if body.startswith(f"the {noun}'s ") and not where:
            return f"{word} {noun}'s " + body[len(f"the {noun}'s "):]
        rest = body[len(f"the {noun} "):]
        if word == "no" and body.startswith(f"the {noun} ") and not where and _has_verb_after(body, noun) \
                and " and " not in rest and " or " not in rest:
            # not any(players, p => may_speak(p)): 'no player may speak' (a plain statement only: 'no player
            # is holding and not the player's passed' would read as 'no player is holding', and more)
            return f"no {noun} " + rest
        if body.startswith(f"the {noun} is ") and " and " not in rest and " or " not in rest \
                and not re.search(rf"\b{re.escape(noun)}\b", rest):
            # all(xs, c => c in ys): 'every card of xs is in ys', not 'for every card of xs, the card is in ys'
            # (only a plain statement about the item: with 'or' the scope of 'every' would be unclear)
            return f"{word} {noun}{where} {rest}"
        return f"for {word} {noun}{where}, {body}"
    return phrase


def _has_verb_after(body: str, noun: str) -> bool:
    """'the player may speak', 'the player is in X': the item is the subject of the whole sentence (not
    'the player to the left of X is ...', whose subject is another player)."""
    rest = body[len(f"the {noun} "):]
    return re.match(r"(?:is|are|has|holds|may|can|must|should|will|does)\b", rest) is not None


def _filter(sp, args):
    noun = sp.noun_of(args[0], args[1] if len(args) > 1 else None)
    who = "who" if noun == "player" else "that"
    where = "" if _is_all(args[0], sp) else f" {'in' if _is_zone(sp, args[0]) else 'of'} {sp.say(args[0])}"
    clause = sp.relative(args[1], noun)
    direct = clause.startswith(("for which", "whose"))
    said = f"the {_plural(sp.labelled(args[1], noun))}{where}"
    if where.startswith(f" of the {_plural(noun)} ") or where.startswith(" of the ways to lay melds "):
        # 'the melds of the melds in *table*', 'the plays of the ways to lay melds ...': the items once
        said = where[len(" of "):]
    elif where.startswith(f" of all the {_plural(noun)} "):
        # lists joined (sum(players, p => hand[p])): 'the cards in the *hand* of the players', not 'the
        # cards of all the cards in ...'
        said = where[len(" of all "):]
    relative = clause if direct else who + " " + clause
    if isinstance(args[0], Tree) and args[0].data == "call" and str(args[0].children[0]) == "cyclic_run":
        # a run ends in a clause of its own ('..., as far as they are among X'): the condition said after it
        # would read as about X; say it first, the run after 'taken from'
        return f"the {_plural(sp.labelled(args[1], noun))} {relative}, taken from {sp.say(args[0])}"
    order = f"the {_plural(noun)} in turn order"
    if said.startswith(order) and ", starting with " in said:
        # filter(seat_order(x), ...): "the players who are in *takers*, in turn order starting with x", not
        # "the players in turn order, starting with x who are in *takers*" (the clause read as about x)
        return f"the {_plural(noun)} {relative}, {said[len('the ' + _plural(noun) + ' '):].replace(', starting', ' starting', 1)}"
    return f"{said} {relative}"


def _is_all(node, sp=None) -> bool:
    """All the players, suits, ranks, or all the entries of an object collection."""
    if not (isinstance(node, Tree) and node.data == "name"):
        return False
    name = str(node.children[0])
    return name in NOUNS or (sp is not None and name in sp.lex.objects)


def _best(word):
    def phrase(sp, args):
        noun = sp.noun_of(args[0], args[1] if len(args) > 1 else None)
        among = "" if _is_all(args[0], sp) else f" among {sp.say(args[0])}"
        single = f" among the {noun} with the "
        if among.startswith(single):     # argmax(argmax(...)): among the players tied on the first key
            among = f" among the {_plural(noun)} with the " + among[len(single):]
        kept = _team_value(sp, args[1]) if noun == "player" else None
        if kept is not None:
            # argmax(players, p => points[team_of(p)]): 'the players of the team with the highest *points*',
            # not 'the player with the highest team's *points*' (partners always tie)
            return f"the players of the team with the {word} {kept}{among}"
        value = sp.about(args[1], noun)
        value = value[4:] if value.startswith(("the ", "its ")) else value
        if value.endswith(" of it") and not _mentions_it(value[:-6]):
            value = value[:-6]           # c => strength(c): "the highest strength", not "strength of it"
        if noun == "player":             # "the player with the highest value of their hand", not "its hand"
            value = re.sub(r"\bits\b", "their", value)     # '(3 times (its a minus ...' too
        return f"the {sp.labelled(args[1], noun)} with the {word} {value}{among}"
    return phrase


def _names(node, name) -> bool:
    return isinstance(node, Tree) and node.data == "name" and str(node.children[0]) == name


def _team_value(sp, fn):
    """For p => v[team_of(p)], v a value kept per team: the value's name as said ('*points*'); else None."""
    if not (isinstance(fn, Tree) and fn.data == "lambda_"):
        return None
    name, body = str(fn.children[0]), fn.children[1]
    if not (isinstance(body, Tree) and body.data == "index"):
        return None
    target, key = body.children
    if not (isinstance(target, Tree) and target.data == "name" and sp.lex.state.get(str(target.children[0])) == "team"):
        return None
    if not (isinstance(key, Tree) and key.data == "call" and str(key.children[0]) == "team_of"
            and key.children[1] is not None and len(key.children[1].children) == 1
            and _names(key.children[1].children[0], name)):
        return None
    return sp.say(target)


def _count(sp, args):
    if len(args) == 1:
        node = args[0]
        if isinstance(node, Tree) and node.data == "call" and str(node.children[0]) == "unique" and \
                node.children[1] is not None and len(node.children[1].children) == 1:
            # count(unique(x)): "the number of different values among x", not "the number of x, each counted once"
            return f"the number of different values among {sp.say(node.children[1].children[0])}"
        inner = sp.say(args[0])
        inner = _every_best(sp, args[0], inner)     # 'the number of the teams with the highest ...'
        named = str(node.children[0]) if isinstance(node, Tree) and node.data in ("name", "call") else None
        # count(away), away a set of cards (a move's option from groups): 'the number of cards in the set';
        # count(colour_of(p, c)), a definition giving cards: 'the number of cards in the colour of ...'
        holds_cards = _is_zone(sp, node) or named is not None and (
            (node.data == "name" and sp.lex.nouns.get(named) == "set") or sp.lex.named.get(named) == "card")
        if holds_cards:
            return f"the number of cards in {inner}"
        if isinstance(node, Tree) and node.data == "index" and inner.startswith("the item "):
            # count(tokens[i]), an item of a list of lists: 'the number of items in the item at ...', not
            # 'the number of the item at ...', which reads as the item itself
            return f"the number of items in {inner}"
        held = sp.lex.named.get(named) if named is not None and node.data == "name" else None
        if held in ("player", "suit", "meld", "play", "set", "rank") and not inner.startswith("the "):
            # count(tonk_on_deal), a definition giving players: 'the number of players in *tonk_on_deal*'
            return f"the number of {_plural(held)} in {inner}"
        return f"the number of {inner}"
    noun = sp.noun_of(args[0], args[1] if len(args) > 1 else None)
    where = "" if _is_all(args[0], sp) else f" {'in' if _is_zone(sp, args[0]) else 'of'} {sp.say(args[0])}"
    clause = sp.relative(args[1], noun)
    if where.startswith(f" of the {_plural(noun)} "):        # 'the number of the sets of 2 cards from ...'
        return f"the number of{where[len(' of'):]} for which {sp.each(args[1], noun)}"
    noun = sp.labelled(args[1], noun)
    if clause.startswith("are ") or _is_verb_clause(clause):
        # count(hand, c => c in [Q♠, J♦]): 'the number of cards in X that are Q♠ or J♦'
        return f"the number of {_plural(noun)}{where} {'who' if noun == 'player' else 'that'} {clause}"
    return f"the number of {_plural(noun)}{where} for which {sp.each(args[1], noun.split(' ')[0])}"


def _is_verb_clause(clause: str) -> bool:
    """Whether a clause about the items is a test named by one verb ('hold', 'do not hold')."""
    from .phrasing import _one_verb
    words = clause.split(" ")
    return (len(words) == 1 and (_one_verb(words[0] + "s") or words[0] == "have")) or (
        len(words) == 3 and words[:2] == ["do", "not"])


def _every_best(sp, node, said: str) -> str:
    """argmax/argmin give every item with the best key, in order: where their words are counted or
    taken from, 'the card with the highest ...' becomes 'the cards with the highest ...'."""
    if isinstance(node, Tree) and node.data == "call" and str(node.children[0]) in ("argmax", "argmin"):
        noun = sp.noun_of(node.children[1].children[0])
        if said.startswith(f"the {noun} with "):
            return f"the {_plural(noun)} with " + said[len(f"the {noun} with "):]
        label = re.match(rf"the {re.escape(noun)} (\w+) with ", said)      # labelled: 'the player r with'
        if label:
            return f"the {_plural(noun)} {label.group(1)} with " + said[label.end():]
    return said


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
    body = args[1].children[1] if isinstance(args[1], Tree) and args[1].data == "lambda_" else None
    if per is not None and body is not None and _is_zone(sp, body):
        return f"all the cards in {per}"          # sum(players, p => hand[p]): lists joined, not a total
    if per is not None and _gives_list(body):
        # sum(table_melds(t), m => meld_cards(m)): the lists joined, 'all the cards of the melds in t'
        return f"all {per}" if per.startswith("the ") else f"{per}, joined in one list"
    if per is not None:
        return f"the total of {per}"
    noun = sp.noun_of(args[0], args[1] if len(args) > 1 else None)
    said, plural = sp.say(args[0]), _plural(noun)
    over = (f"all the {_plural(sp.labelled(args[1], noun))}" if _is_all(args[0], sp) else said if said.startswith(f"the {plural} ") else
            f"the {plural} {'in' if _is_zone(sp, args[0]) else 'of'} {said}")
    # a position over numbers keeps its name: 'the card at position *i* of ...', not 'given by the number'
    name = _position_name(sp, args[0], args[1])
    if _gives_list(body):
        # sum(piles, k => map(...)): lists joined, not a sum; "the sum, over the piles, of (the card, the
        # pile), for each of the cards ..." read as arithmetic
        each = _said_with_name(sp, args[1], name) if name is not None else sp.each(args[1], noun)
        over = f"each *{name}* of {said}" if name is not None else over
        if each.startswith("the items of "):          # lists of lists joined: not 'the items of the items of'
            return f"{each}, taken over {over} and joined in one list"
        return f"the items of {each}, taken over {over} and joined in one list"
    # "the sum, over all the players, of the total of ...": not "the total of the total of ..., for each player"
    if name is not None:
        return f"the sum, over each *{name}* of {said}, of {_said_with_name(sp, args[1], name)}"
    return f"the sum, over {over}, of {sp.each(args[1], noun)}"


def _literal_zero(node) -> bool:
    return isinstance(node, Token) and str(node) == "0" or (
        isinstance(node, Tree) and node.data == "number" and str(node.children[0]) == "0")


def _gives_list(body) -> bool:
    """A body that is a list written out or a map() or filter() of a list: what sum() then joins."""
    if not isinstance(body, Tree):
        return False
    if body.data == "list_":
        return True
    if body.data == "call" and str(body.children[0]) == "sum" and len(body.children) > 1:
        # a sum of lists joined is itself a list: sum(columns, a => sum(range(...), n => map(...)))
        args = body.children[1].children if isinstance(body.children[1], Tree) else []
        fn = args[1] if len(args) == 2 else None
        return isinstance(fn, Tree) and fn.data == "lambda_" and _gives_list(fn.children[-1])
    if body.data == "call" and str(body.children[0]) in ("first", "last"):       # first(xs, n): a list
        return isinstance(body.children[1], Tree) and len(body.children[1].children) == 2
    return body.data == "call" and str(body.children[0]) in _LIST_CALLS


# built-ins whose value is always a list (of cards, melds, players, numbers...)
_LIST_CALLS = frozenset(("map", "filter", "meld_cards", "of_rank", "of_suit", "sort", "reverse", "unique",
                         "suits_in", "table_melds", "melds_in", "range", "smallest", "seat_order", "teammates",
                         "team_members", "cyclic_run", "argmax", "argmin", "groups", "sequences", "combined",
                         "meld_plays", "table_additions", "wild_swaps", "partners", "melds_with"))


def _position_name(sp, collection, fn):
    """For `j => ... xs[j] ...` over numbers (map(range(0, n - 1), j => ...)): the name j, when the body
    takes items at that position; the body then says 'the item at position *j* of xs', not 'at position
    the number of xs', which reads as a count.  None otherwise."""
    if sp.noun_of(collection) != "number" or not (isinstance(fn, Tree) and fn.data == "lambda_"):
        return None
    name = str(fn.children[0])
    return name if len(name) <= 2 and _indexes_by(fn.children[1], name) else None


def _said_with_name(sp, fn, name):
    return sp.__class__(sp.lex.binding(name, name), subject=sp.subject).say(fn.children[1])


def _map(sp, args):
    noun = sp.noun_of(args[0], args[1] if len(args) > 1 else None)
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
    named = sp.labelled(fn, noun)
    if where.startswith(f" of the {_plural(named)} "):
        # beside another column the items are named: 'for each of the columns b that ...', not 'for
        # each column of the columns b that ...'
        return f"{body}, for each{where}"
    return sp.say(args[0]) if body == f"the {noun}" else f"{body}, for each {named}{where}"


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
    noun = sp.noun_of(args[0], args[1] if len(args) > 1 else None)
    value = sp.about(args[1], noun)
    if noun == "player":        # "the players in order of their score", not "its score"
        value = re.sub(r"\bits\b", "their", value)
    return f"{sp.say(args[0])} in order of {value}, lowest first"


def _extreme(word, most):
    def phrase(sp, args):
        if len(args) == 1:
            return f"the {most} of {sp.operand(args[0])}"
        if len(args) == 2 and isinstance(args[1], Tree) and args[1].data == "lambda_":
            noun = sp.noun_of(args[0], args[1] if len(args) > 1 else None)
            value = sp.about(args[1], noun)
            value = value[4:] if value.startswith(("the ", "its ")) else value
            if noun == "player":    # as argmax says it: "the player with the highest value of their hand"
                value = re.sub(r"\bits\b", "their", value)
            among = "" if _is_all(args[0], sp) else f" among {sp.say(args[0])}"
            return f"the {noun} with the {'highest' if word == 'larger' else 'lowest'} {value}{among}"
        if len(args) == 2 and isinstance(args[1], Tree) and args[1].data == "name" and \
                str(args[1].children[0]) in (sp.lex.orders | sp.lex.points):
            noun = sp.noun_of(args[0], args[1] if len(args) > 1 else None)
            among = "" if _is_all(args[0], sp) else f" among {sp.say(args[0])}"
            return f"the {noun} {'highest' if word == 'larger' else 'lowest'} in *{args[1].children[0]}*{among}"
        # several values: one worked out by arithmetic keeps its brackets ("the larger of (a minus 1), 0
        # and c"; unbracketed "a minus 1, 0 and c" reads as a minus the larger of the rest)
        return f"the {word} of {_join(sp.operand(a) for a in args)}"
    return phrase


def _end(end):
    def phrase(sp, args):
        zone = _is_zone(sp, args[0])
        word = end
        if zone and end == "last" and isinstance(args[0], Tree) and args[0].data == "name":
            # a zone lists its cards from the bottom up: last(stock) is the top card of the stock, which
            # 'the last card of *stock*' leaves open (the bottom one, to many readers); a zone kept per
            # player (hand[p]) keeps 'the last card', the one that came in last
            word = "top"
        if len(args) > 1:        # first(items, n): that many from the start (or the end)
            count, noun = _bare(sp.say(args[1])), "cards" if zone else "items"
            said = sp.say(args[0])
            kind = _plural(sp.noun_of(args[0]))
            if not zone and kind != "items" and said.startswith(f"the {kind} "):
                # 'the first 2 cards in X that are ...', not 'the first 2 items of the cards in X that are ...'
                noun, said = kind, said[len(f"the {kind} "):]
                if _literal(args[1]) == 1:
                    return f"the {word} of the {kind} {said}"
            else:
                said = f"of {said}"
                if _definition(sp, args[0]) and kind != "items":
                    noun = kind          # pile(r), a definition giving cards: 'the first cards of the pile of r'
            if _literal(args[1]) == 1:
                return f"the {word} {noun[:-1]} {said}"      # 'the last card', not 'the last 1 cards'
            if _literal(args[1]) is not None or count.startswith("*") and count.count("*") == 2 and " " not in count:
                return f"the {word} {count} {noun} {said}"       # 'the last 3 cards', 'the last *k* cards'
            # 'the last cards of the stock, as many as the larger of ...', not 'the last the larger of ... cards'
            return f"the {word} {noun} {said}, as many as {sp.say(args[1])}"
        if zone:
            return f"the {word} card of {sp.say(args[0])}"
        if _definition(sp, args[0]) and sp.noun_of(args[0]) != "item":
            # pile(r), a definition giving cards: 'the first card of the pile of r', not 'the first of ...'
            return f"the {word} {sp.noun_of(args[0])} of {sp.say(args[0])}"
        # first(argmax(trick, ...)) is the first of the cards with the highest ..., not "the first of
        # the card with the highest ..."
        return f"the {word} of {_every_best(sp, args[0], sp.say(args[0]))}"
    return phrase


def _definition(sp, node) -> bool:
    """Whether the node is a use of a definition of the ruleset: `pile(r)`, `best`."""
    if isinstance(node, Tree) and node.data == "call":
        return str(node.children[0]) in sp.lex.named
    return isinstance(node, Tree) and node.data == "name" and str(node.children[0]) in sp.lex.named


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


def _who(clause):
    """A relative clause after a player: 'who is ...', but 'whose chips ...' and 'for which ...' stand alone."""
    return clause if clause.startswith(("whose ", "for which ")) else f"who {clause}"


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
                                  + _who(sp.relative(a[1], 'player', False))),
    "abs": lambda sp, a: _difference(sp, a[0]) or f"the size of {sp.operand(a[0])} (without its sign)",
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
    "team_of": lambda sp, a: _team_of(sp.say(a[0])),
    "same_key": lambda sp, a: same_key_words(sp, a),
    "groups": _groups,
    "sequences": _sequences,
    "combined": _combined,
    "cyclic_run": lambda sp, a: (f"the {_plural(sp.noun_of(a[0]))} that follow {sp.say(a[1])} in {sp.say(a[0])} "
                                 f"without a gap (going round), as far as they are among {sp.say(a[2])}"),
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
    "meld_plays": lambda sp, a: f"the ways to lay melds from {sp.say(a[0])}" + (
        "" if _literal_zero(a[1]) else f" worth {sp.say(a[1])} or more"),
    "meld_cards": lambda sp, a: f"the cards of {sp.say(a[0])}",
    "meld_points": lambda sp, a: f"the value of {sp.say(a[0])}",
    "meld_kind": lambda sp, a: f"the kind (run or set) of {sp.say(a[0])}",
    "is_meld": lambda sp, a: f"{sp.say(a[0])} make a meld",
    "extends_table": lambda sp, a: f"{sp.say(a[0])} can be added to a meld in {sp.say(a[1])}",
    "table_additions": lambda sp, a: f"the ways to add {_a_card_of(sp, a[0])} to a meld in {sp.say(a[1])}",
    "table_melds": lambda sp, a: f"the melds in {sp.say(a[0])}",
    "wild_swaps": lambda sp, a: f"the ways to put {_a_card_of(sp, a[0])} in the place of a wild card of a meld "
                                f"in {sp.say(a[1])}",
    "wilds_in": lambda sp, a: f"the number of wild cards in {sp.say(a[0])}",
    "of_suit": lambda sp, a: f"the cards of {sp.say(a[0])} in {sp.say(a[1])}",
    "of_rank": lambda sp, a: _of_rank(sp, a),
}


def _team_of(who: str) -> str:
    """team_of(p): 'the team of *p*'; of the item a clause speaks about, 'its team' (not 'the team of it')."""
    return "its team" if who == "it" else f"the team of {who}"


def _owner(sp, a):
    """owner(zone, card): the player whose ... holds it; for a zone kept per suit or per object, the suit
    or the entry (the column whose *up* holds the option)."""
    node = a[0]
    name = str(node.children[0]) if isinstance(node, Tree) and node.data == "name" else None
    per = sp.lex.zones.get(name) if name else "player"
    who = ("player" if per in (None, "player") else "suit" if per == "suit"
           else sp.lex.objects.get(per, "entry"))
    return f"the {who} whose {sp.say(a[0])} holds {sp.say(a[1])}"
