"""Steps in words, for `rules explain`: one sentence per step, nested steps as nested lists."""
from __future__ import annotations


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


def describe_steps(steps, depth: int = 0) -> list[str]:
    if not isinstance(steps, list):
        return []
    pad = "   " * depth
    out = []
    for i, step in enumerate(steps, 1):
        if isinstance(step, str):
            step = {step: None}
        if not isinstance(step, dict) or not step:
            continue
        kind = next(iter(step))
        first, nested = _sentence(kind, step[kind], step)
        out.append(f"{pad}{i}. {first}")
        for label, sub in nested:
            if label:
                out.append(f"{pad}   {label}")
            out += describe_steps(sub, depth + 1) or [f"{pad}   1. nothing"]
    return out


def _zones(value):
    items = value if isinstance(value, list) else [value]
    return ", ".join(f"*{z}*" for z in items)


def _sentence(kind, v, step):
    """(the step in one sentence, [(label, nested steps)])."""
    fn = _KINDS.get(kind)
    if fn is not None:
        try:
            return fn(v, step)
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


def _deal(v, step):
    count = v.get("count", "all")
    each = "all the cards" if count == "all" else f"{code(count)} cards"
    packet = v.get("packet", 1)
    how = "one at a time" if packet == 1 else f"in packets of {code(packet)}"
    start = v.get("start", "left_of(dealer)")
    who = f" to {code(v['players'])}" if "players" in v else ""
    text = f"Deal {each} from *{v['from']}* to *{v['to']}*{who}, {how}"
    if count != "all":
        text = f"Deal {each} to each from *{v['from']}* into *{v['to']}*{who}, {how}"
    return text + f", starting with {code(start)}" + (" and going right" if v.get("direction") == -1 else "") + ".", []


def _assign(word, joiner):
    def fn(v, step):
        parts = [f"{code(k)} {joiner} {code(x)}" for k, x in v.items()]
        return f"{word} " + "; ".join(parts) + ".", []
    return fn


def _add(v, step):
    return "Add " + "; ".join(f"{code(x)} to {code(k)}" for k, x in v.items()) + ".", []


def _if(v, step):
    nested = [("Then:", step.get("then") or [])]
    if "else" in step:
        nested.append(("Otherwise:", step.get("else") or []))
    return f"If {code(v)}:", nested


def _for_each(v, step):
    return f"For each {code(v.get('as', 'item'))} in {code(v['in'])}:", [("", v.get("do") or [])]


def _repeat(v, step):
    if "times" in v:
        head = f"Repeat {code(v['times'])} times:"
    elif "until" in v:
        head = f"Repeat until {code(v['until'])}:"
    else:
        head = f"Repeat while {code(v.get('while', True))}:"
    return head, [("", v.get("do") or [])]


def _tricks(v, step):
    follow = v.get("follow", "suit")
    rule = {"suit": "players must follow the suit led if they can", "any": "any card may be played"}.get(
        follow, f"a card may be played when {code(follow)}")
    bits = [f"Play tricks from *{v['hand']}* onto *{v['trick']}*"
            + (f", {code(v['count'])} of them" if "count" in v else " until the hands are empty") + ".",
            f"{code(v.get('lead', 'left_of(dealer)'))} leads the first trick and each trick's winner leads the next;",
            f"{rule}."]
    if "players" in v:
        bits.append(f"Only {code(v['players'])} take part in each trick (worked out as it starts).")
    if "winner" in v:
        bits.append(f"The trick goes to {code(v['winner'])}.")
    else:
        trumps = f"the highest trump ({code(v['trumps'])}) wins, otherwise " if "trumps" in v else ""
        bits.append(f"In each trick {trumps}the highest card of the suit led wins, ranked by **{v.get('order')}**.")
    if "collect" in v:
        bits.append(f"The winner puts the trick into *{v['collect']}*.")
    nested = [(f"{label}:", v[key]) for key, label in (("before_trick", "Before each trick"),
                                                     ("after_plays", "When all have played, before the winner is decided"),
                                                     ("after_trick", "After each trick")) if key in v]
    return " ".join(bits), nested


def _turns(v, step):
    head = (f"Players take turns, starting with {code(v.get('first', 'left_of(dealer)'))}, then "
            f"{code(v.get('next', 'left_of(current)'))}")
    head += f", until {code(v['until'])}:" if "until" in v else ":"
    return head, [("", v.get("do") or [])]


def _choose(v, step):
    head = f"{code(v['player'])} chooses one of these moves:"
    nested = []
    for name, move in (v.get("moves") or {}).items():
        move = move or {}
        bits = [f"**{name}**"]
        if "options" in move:
            bits.append(f"with {code(move.get('as', 'option'))} one of {code(move['options'])}")
        if "legal" in move:
            bits.append(f"allowed when {code(move['legal'])}")
        if move.get("description"):
            bits.append(f"({move['description']})")
        nested.append(((" ".join(bits)) + ":", move.get("do") or [{"log": "nothing more"}]))
    return head, nested


def _end_game(v, step):
    when = f" if {code(v['when'])}" if "when" in v else ""
    who = f"; the winners are {code(v['winners'])}" if "winners" in v else ""
    return f"The game ends at once{when}{who}.", []


def _move(v, step):
    src = f" from *{v['from']}*" if "from" in v else ""
    where = " at the bottom" if v.get("position") == "bottom" else ""
    return f"Move {code(v['cards'])}{src} to *{v['to']}*{where}.", []


def _fail(v, step):
    return f"Stop with the error \"{v.get('message', 'a rule check failed')}\" if {code(v['when'])}.", []


_KINDS = {
    "shuffle": lambda v, s: (f"Shuffle *{v}*.", []),
    "cut": lambda v, s: (f"Cut *{v}*.", []),
    "deal": _deal,
    "move": _move,
    "gather": lambda v, s: (f"Gather every card from {_zones(v['from'])} into *{v['to']}*.", []),
    "reveal": lambda v, s: (f"Show {code(v)} to everyone.", []),
    "set": _assign("Set", "to"),
    "add": _add,
    "reset": lambda v, s: (f"Give {code(v)} their starting values again.", []),
    "if": _if,
    "for_each": _for_each,
    "repeat": _repeat,
    "call": lambda v, s: (f"Do **{v}** (below).", []),
    "end_game": _end_game,
    "record": lambda v, s: ("Record " + "; ".join(f"{k} = {code(x)}" for k, x in v.items()) + ".", []),
    "log": lambda v, s: (f"Write {code(v)} in the game log.", []),
    "fail": _fail,
    "tricks": _tricks,
    "turns": _turns,
    "choose": _choose,
    "select": lambda v, s: (f"{'Players ' + code(v['players']) if 'players' in v else 'Every player'} picks "
                            f"{code(v.get('count', 1))} card(s) from their *{v.get('from')}* in secret; the picks "
                            f"wait in their own *{v.get('to')}*, unseen by the others, until every player has "
                            "picked.", []),
}
