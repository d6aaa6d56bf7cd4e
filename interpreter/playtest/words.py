"""Moves in words: a card typed as on the table (`J♠`, `JS`, `js`, `10h`, `Th`), a legal move described,
and a player's typed answer matched to one legal move, or refused with the reason."""
from __future__ import annotations

import re
from collections import Counter

from ..authoring.expectations import describe_action

_SPLIT = re.compile(r"[\s,\[\]]+")
# a move told apart from its twins by where its card lies, as told_apart writes it:
# 'shift (5♠, c7) (5♠ from up[c6])', 'take A♥ (A♥ at row[3])'
_APART = re.compile(r"^(?P<text>.*\S) \((?P<card>[^()]+?) (?P<how>from|at) (?P<where>[^()\s]+)\)$")


class Refused(ValueError):
    """A move that cannot be made; the message says why, in words."""


def parse_card(universe, text):
    """The id of the card named by `text` (any case, suit as symbol or letter), or None."""
    text = str(text).strip()
    if not text:
        return None
    for candidate in (text, text.upper(), text[:-1].upper() + text[-1:]):
        cid = universe.parse_card(candidate)
        if cid is not None:
            return cid
    return None


def canonical(universe, text) -> str:
    """A typed move in the form descriptions use: card tokens as their names, everything lower case."""
    tokens = []
    for token in _SPLIT.split(str(text).strip()):
        if not token:
            continue
        core = token.strip("()")                  # a card inside a pair's brackets: '(5s, c7)'
        start = token.index(core) if core else 0
        card, eq, stands = core.partition("=")
        cid = parse_card(universe, card)
        shown = universe.names[cid] if cid is not None else _suit_named(universe, card) or card.lower()
        if eq:
            sid = parse_card(universe, stands)
            shown += "=" + (universe.names[sid] if sid is not None else stands.lower())
        tokens.append(token[:start] + shown + token[start + len(core):])
    return " ".join(tokens)


def _suit_named(universe, token):
    """The pack's suit a symbol stands for (`suit ♥` for the move shown as `suit hearts`), else None."""
    from ..cards.pack import STANDARD_SUITS
    return next((suit for suit in universe.suits if STANDARD_SUITS.get(suit) == token), None)


def describe(s, action) -> str:
    return describe_action(s, action)


def told_apart(s, actions) -> list:
    """The moves' texts; where two different moves read alike (identical copies of a card of a double
    pack lying in different places, each movable), each such text says where its card lies, as the game
    log writes places: 'shift (5♠, c7) (5♠ from up[c6])'; two copies in one place say their position in
    it, as the rules count it: 'take A♥ (A♥ at row[3])'."""
    texts = [describe(s, a) for a in actions]
    if len(set(texts)) == len(texts):
        return texts
    u = s.rules.universe

    def said(k, with_position):
        cards = action_cards(actions[k][1])
        if not cards or not 0 <= cards[0] < u.size:
            return texts[k]
        where, i = _where(s, cards[0])
        if where is None:
            return texts[k]
        return f"{texts[k]} ({u.names[cards[0]]} at {where}[{i}])" if with_position else \
            f"{texts[k]} ({u.names[cards[0]]} from {where})"
    twice = {t for t, n in Counter(texts).items() if n > 1}
    out = [said(k, False) if t in twice else t for k, t in enumerate(texts)]
    again = {t for t, n in Counter(out).items() if n > 1}
    return [said(k, True) if t in again else t for k, t in enumerate(out)]


def _where(s, cid):
    """(the zone part holding card `cid`, as the game log writes it: 'up[c6]', the card's position in
    it), or (None, None)."""
    from ..engine.state import zone_parts
    for info in s.rules.zone_list:
        for key, part in zone_parts(s, info):
            flat = _flat(part)
            if cid in flat:
                return (info.name if key is None else f"{info.name}[{key}]"), flat.index(cid)
    return None, None


def _place(s, action):
    """The zone part holding the first card the move names (None for a move naming no card)."""
    cards = action_cards(action[1])
    return _where(s, cards[0])[0] if cards else None


def action_cards(value) -> list:
    """The card ids in a move's value (a card, a list of cards, a meld, a change to a meld)."""
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, int):
        return [value]
    cards = getattr(value, "cards", None)
    if cards is not None:
        return list(cards)
    added = getattr(value, "added", None)
    if added is not None:
        return list(added)
    if isinstance(value, (list, tuple)):
        out = []
        for v in value:
            out += action_cards(v)
        return out
    return []


def is_card_move(s, action) -> bool:
    """A move whose value names cards (so a number in it is a card id, not a count)."""
    text = describe(s, action)
    return any(s.rules.universe.names[c] in text for c in action_cards(action[1]) if 0 <= c < s.rules.universe.size)


def match(s, actions, typed: str) -> int:
    """The index of the legal move `typed` names: its key (1, 2, ...), its words, or a card."""
    typed = str(typed).strip()
    if not typed:
        raise Refused("type a move: its number, a card such as J♠ (or js), or its words")
    if typed.isdigit():
        k = int(typed)
        if 1 <= k <= len(actions):
            return k - 1
        raise Refused(f"there is no move {k}: the moves are numbered 1 to {len(actions)}")
    u = s.rules.universe
    wanted = canonical(u, typed)
    said = [describe(s, a) for a in actions]
    texts = [canonical(u, t) for t in said]
    exact = [i for i, t in enumerate(texts) if t.lower() == wanted.lower()]
    if len({said[i] for i in exact}) > 1:          # groups told apart only by their brackets
        exact = [i for i in exact if _grouped(u, said[i]) == _grouped(u, typed)] or exact
    if exact and len({said[i] for i in exact}) == 1 and len({_place(s, actions[i]) for i in exact}) == 1:
        return exact[0]                  # several copies of a card in one place (a hand): the same move
    if exact:
        apart = told_apart(s, actions)
        shown = ", ".join(apart[i] for i in exact[:12])
        raise Refused(f"'{typed}' fits several moves; type the number of one: {shown}")
    placed = _by_place(s, actions, texts, typed)
    if placed is not None:
        return placed
    cid = parse_card(u, typed)
    if cid is not None:
        return _by_card(s, actions, cid)
    found = _by_cards(s, actions, typed)
    if found is not None:
        return found
    word = wanted.split()[0].lower() if wanted else ""
    named = [i for i, a in enumerate(actions) if str(a[0]).lower() == word]
    if len(named) == 1 and len(wanted.split()) == 1:
        return named[0]
    if named:
        shown = ", ".join(describe(s, actions[i]) for i in named[:12])
        raise Refused(f"'{typed}' fits no legal move exactly; moves of that kind: {shown}")
    if len(typed.split()) == 1 and not named:
        hint = u.card_hint(typed)          # a card misspelt: K/cup, 1/coins, kb in a pack of batons
        if hint.startswith("did you mean"):
            raise Refused(f"'{typed}' is not a card of this pack ({hint}); legal: " + _short_list(s, actions))
    raise Refused(f"'{typed}' is not a legal move now; legal: " + _short_list(s, actions))


def _grouped(universe, text) -> str:
    """canonical(), keeping the brackets that group cards ('[A♣ A♣] [A♦ A♥]' is not '[A♣ A♣ A♦ A♥]')."""
    return " ".join(canonical(universe, part) if part not in "[]" else part
                    for part in re.split(r"(\[|\])", str(text)) if part.strip()).lower()


def _by_place(s, actions, texts, typed):
    """A move typed as the list shows it when its card has twins elsewhere ('shift (5♠, c7) (5♠ from
    up[c6])', 'take A♥ (A♥ at row[3])'): the move of those words whose card lies there; None if the
    text is not of that shape or no such move fits.  `texts`: the moves' canonical() texts."""
    m = _APART.match(typed)
    if m is None:
        return None
    u = s.rules.universe
    where, position = m["where"], None
    if m["how"] == "at":
        k = where.rfind("[")
        if k <= 0 or not where.endswith("]") or not where[k + 1:-1].isdigit():
            return None
        where, position = where[:k], int(where[k + 1:-1])
    base, card = canonical(u, m["text"]).lower(), canonical(u, m["card"]).lower()
    for i, action in enumerate(actions):
        cards = action_cards(action[1])
        if not cards or texts[i].lower() != base:
            continue
        if canonical(u, u.names[cards[0]]).lower() != card:
            continue
        place, at = _where(s, cards[0])
        if place == where and (position is None or at == position):
            return i
    return None


def _by_card(s, actions, cid) -> int:
    u = s.rules.universe
    name = u.names[cid]
    single = [i for i, a in enumerate(actions) if [u.names[c] for c in action_cards(a[1])] == [name]
              and is_card_move(s, a)]
    plays = [i for i in single if actions[i][0] == "play"]
    for group in (plays, single):
        if len(group) == 1:
            return group[0]
        if group and len({describe(s, actions[i]) for i in group}) == 1:
            return group[0]
    if single:
        shown = ", ".join(describe(s, actions[i]) for i in single[:12])
        raise Refused(f"{name} can be used in several ways; type the whole move or its number: {shown}")
    raise Refused(_why_not(s, actions, name))


def _by_cards(s, actions, typed):
    """A move of several cards typed by its cards in any order, with or without its name first
    ('discard 4♠ 4♦' or '4♠ 4♦' for the move shown as 'discard 4♦ 4♠'); None if no such move fits."""
    u = s.rules.universe
    tokens = [t for t in _SPLIT.split(typed.strip()) if t]
    names = {str(a[0]).lower() for a in actions}
    move = tokens[0].lower() if tokens and parse_card(u, tokens[0]) is None and tokens[0].lower() in names else None
    rest = tokens[1:] if move is not None else tokens
    ids = [parse_card(u, t) for t in rest]
    if len(ids) < 2 or None in ids:
        return None
    want = sorted(u.names[c] for c in ids)
    fits = [i for i, a in enumerate(actions) if (move is None or str(a[0]).lower() == move) and is_card_move(s, a)
            and sorted(u.names[c] for c in action_cards(a[1])) == want
            and "=" not in describe(s, a)]           # a meld whose wild cards stand for something: say which
    if not fits:
        return None
    if len({describe(s, actions[i]) for i in fits}) == 1 and len({_place(s, actions[i]) for i in fits}) == 1:
        return fits[0]
    apart = told_apart(s, actions)
    raise Refused(f"'{typed}' fits several moves; type the number of one: " + ", ".join(apart[i] for i in fits[:12]))


def _why_not(s, actions, name) -> str:
    """Why a card cannot be played now, in words the table would use."""
    u = s.rules.universe
    player = s.pending.player if s.pending is not None else None
    held = _held_names(s, player)
    card_moves = [a for a in actions if is_card_move(s, a)]
    if name not in held:
        reason = f"you do not hold {name}"
    elif not card_moves:
        reason = f"{name} cannot be played now: this decision is not a card play"
    else:
        reason = f"{name} is not a legal play now"
        suits = {u.suit_of[c] for a in card_moves for c in action_cards(a[1])}
        cid = u.parse_card(name)
        if len(suits) == 1 and cid is not None and u.suit_of[cid] not in suits:
            suit = next(iter(suits))
            reason += f": every legal play is a {u.suit_symbol(suit) if suit else suit} card"
    return reason + "; legal: " + _short_list(s, actions)


def _held_names(s, player) -> set:
    if player is None:
        return set()
    names = s.rules.universe.names
    out = set()
    for info in s.rules.zone_list:
        if info.per == "player" and info.visibility == "owner":
            out.update(names[c] for c in _flat(s.z[info.index][player]))
    return out


def _flat(cards):
    out = []
    for c in cards:
        out += c if isinstance(c, list) else [c]
    return out


def _short_list(s, actions, most=15) -> str:
    shown = ", ".join(describe(s, a) for a in actions[:most])
    return shown + (f", ... ({len(actions) - most} more)" if len(actions) > most else "")
