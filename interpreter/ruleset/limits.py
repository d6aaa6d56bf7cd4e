"""Limits on the size of a ruleset, checked before anything is built (docs/errors.md lists every limit).

Numbers and lists written in the YAML, the pack and the players: going past a limit is a located
error with the rule id `limit`, so that no input can make the tool run out of memory or time.
The other limits live next to what they guard: YAML nesting and file size in yamlsource.py,
`extends` chains in extends.py, expressions in expr/parser.py, procedure calls in checks.py.
"""
from __future__ import annotations

# Limits on sizes, checked before anything is built (docs/errors.md lists them).
MAX_NUMBER = 10**15          # any number written in the YAML
MAX_COPIES = 16              # pack: copies (of the whole pack)
MAX_JOKERS = 100             # pack: jokers
MAX_PACK = 5_000             # cards in the pack
MAX_PLAYERS = 64             # players: count
MAX_LIST = 10_000            # items in one YAML list


def size_checks(data, smap) -> list:
    diags = []
    todo = [((), data)]
    while todo:
        path, node = todo.pop()
        if isinstance(node, bool):
            continue
        if isinstance(node, (int, float)) and abs(node) > MAX_NUMBER:
            diags.append(smap.diagnostic(path, "this number is too large: numbers may be at most 10^15 either way",
                                         "limit", length=smap.span_length(path)))
        elif isinstance(node, dict):
            todo.extend((path + (k,), v) for k, v in node.items())
        elif isinstance(node, list):
            if len(node) > MAX_LIST:
                diags.append(smap.diagnostic(path, f"this list has {len(node)} items, more than the limit of "
                                             f"{MAX_LIST}", "limit"))
                continue
            todo.extend((path + (i,), v) for i, v in enumerate(node))
    if diags:
        return diags
    pack = data.get("pack") if isinstance(data.get("pack"), dict) else {}
    copies, jokers = pack.get("copies", 1), pack.get("jokers", 0)
    if isinstance(jokers, dict) and all(isinstance(v, int) for v in jokers.values()):
        jokers = sum(jokers.values())          # kinds of joker, each with how many
    if isinstance(copies, int) and copies > MAX_COPIES:
        diags.append(smap.diagnostic(("pack", "copies"), f"at most {MAX_COPIES} copies of a pack", "limit"))
    # one card may have many copies (sixty Coppers of a deck-building game): what guards memory is the
    # size of the whole pack, counted below
    copies_of = pack.get("copies_of") if isinstance(pack.get("copies_of"), dict) else {}
    counts_of = {str(k): n for k, n in copies_of.items() if isinstance(n, int) and not isinstance(n, bool)}
    for key, n in counts_of.items():
        if n > MAX_PACK:
            diags.append(smap.diagnostic(("pack", "copies_of", key), f"at most {MAX_PACK} copies of a card", "limit"))
    if isinstance(jokers, int) and jokers > MAX_JOKERS:
        diags.append(smap.diagnostic(("pack", "jokers"), f"at most {MAX_JOKERS} jokers", "limit"))
    ranks, suits = pack.get("ranks") or [], pack.get("suits") or [1, 2, 3, 4]
    if not diags and isinstance(ranks, list) and isinstance(suits, list) and isinstance(copies, int) \
            and isinstance(jokers, int):
        # each rank in every suit with its own number of copies; a card named alone adds at most its own
        size = sum(len(suits) * counts_of.get(str(r), copies) for r in ranks) + jokers
        size += sum(n for k, n in counts_of.items() if k not in {str(r) for r in ranks})
        if size > MAX_PACK:
            diags.append(smap.diagnostic(("pack",), f"the pack would hold {size} cards, more than the limit of "
                                         f"{MAX_PACK}", "limit", key=True))
    players = data.get("players") if isinstance(data.get("players"), dict) else {}
    counts = players.get("count")
    for i, n in enumerate(counts if isinstance(counts, list) else [counts]):
        if isinstance(n, int) and n > MAX_PLAYERS:
            where = ("players", "count", i) if isinstance(counts, list) else ("players", "count")
            diags.append(smap.diagnostic(where, f"at most {MAX_PLAYERS} players", "limit"))
    return diags
