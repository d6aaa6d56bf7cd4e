"""Scenario files: scripted games that check what a ruleset does (docs/scenarios.md).

A scenario gives a starting position (a fixed deal, zone contents, state
values), a list of moves and the outcomes expected along the way.  Running it
returns diagnostics located in the scenario file: which step failed, what was
expected and what happened.  `rules test` and pytest both run these files.
"""
from __future__ import annotations

from ..diagnostics import n_players, players_phrase
import copy
from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import Diagnostic, RulesetError, did_you_mean
from ..engine import game as G
from ..engine import scenario as S
from ..engine.state import zone_parts
from ..ruleset.yamlsource import load_yaml_file
from .expectations import card_words, check_expectations, EXPECT_KEYS, legal_text
from . import meldvalues as MV

FILE_KEYS = ("ruleset", "players", "options", "scenarios", "description")
SCENARIO_KEYS = ("name", "description", "ruleset", "players", "options", "seed", "dealer", "deck", "deal", "zones",
                 "state", "moves", "expect")
MOVE_KEYS = ("player", "play", "move", "value", "nth", "expect")


@dataclass
class Scenario:
    name: str
    spec: dict
    path: tuple                  # where it is in the file
    file: "ScenarioFile"


@dataclass
class ScenarioFile:
    path: str
    data: dict
    smap: object
    scenarios: list = field(default_factory=list)
    problems: list = field(default_factory=list)

    def at(self, path, message, hint=None, key=False) -> Diagnostic:
        return self.smap.diagnostic(tuple(path), message, "scenario", hint, key=key,
                                    length=self.smap.span_length(tuple(path), key=key))


class Failure(Exception):
    def __init__(self, path, message, hint=None, key=False):
        super().__init__(message)
        self.path, self.message, self.hint, self.key = tuple(path), message, hint, key


def load_scenarios(path) -> ScenarioFile:
    """Read a scenario file; problems with its form are in `.problems`."""
    try:
        data, smap = load_yaml_file(path)
    except RulesetError as err:
        out = ScenarioFile(str(path), {}, None)
        out.problems = err.diagnostics
        return out
    out = ScenarioFile(str(path), data if isinstance(data, dict) else {}, smap)
    if not isinstance(data, dict) or "scenarios" not in data or "ruleset" not in data:
        out.problems.append(out.at((), "a scenario file needs 'ruleset:' (the file to test) and 'scenarios:' "
                                       "(a list)", hint="see docs/scenarios.md"))
        return out
    _unknown_keys(out, (), data, FILE_KEYS)
    items = data.get("scenarios")
    if not isinstance(items, list):
        out.problems.append(out.at(("scenarios",), "'scenarios' must be a list, one '- name: ...' per scenario"))
        return out
    for i, spec in enumerate(items):
        if not isinstance(spec, dict):
            out.problems.append(out.at(("scenarios", i), "each scenario must be a mapping with a 'name'"))
            continue
        _unknown_keys(out, ("scenarios", i), spec, SCENARIO_KEYS)
        for j, move in enumerate(spec.get("moves") or []):
            if isinstance(move, dict):
                _unknown_keys(out, ("scenarios", i, "moves", j), move, MOVE_KEYS)
                _unknown_keys(out, ("scenarios", i, "moves", j, "expect"), move.get("expect") or {}, EXPECT_KEYS)
        _unknown_keys(out, ("scenarios", i, "expect"), spec.get("expect") or {}, EXPECT_KEYS)
        out.scenarios.append(Scenario(str(spec.get("name", f"scenario {i + 1}")), spec, ("scenarios", i), out))
    return out


def _unknown_keys(out, path, mapping, allowed):
    if not isinstance(mapping, dict):
        return
    for key in mapping:
        if key not in allowed:
            hint = did_you_mean(key, allowed) or "allowed: " + ", ".join(allowed)
            if allowed is EXPECT_KEYS:
                # the names of the game's zones and variables come one level down, not beside 'state'
                hint += (f"; if '{key}' is a zone or a state variable of the game, check it under 'zones:' or "
                         f"'state:': expect: {{zones: {{{key}: [...]}}}} or expect: {{state: {{{key}: ...}}}}")
            out.problems.append(out.at(path + (key,), f"unknown key '{key}' in a scenario file", hint=hint,
                                       key=True))


def ruleset_path(sfile: ScenarioFile, ref=None) -> str:
    """The ruleset a scenario plays: its own `ruleset:` if it names one, else the file's."""
    from ..resources import find_bundled
    ref = str(ref if ref is not None else sfile.data.get("ruleset"))
    here = Path(sfile.path).parent / ref
    if here.exists():
        return str(here)
    bundled = find_bundled(ref)
    return str(bundled) if bundled is not None else str(here)


# -- running -------------------------------------------------------------------------

def run_scenario(sc: Scenario, rules) -> list[Diagnostic]:
    """Play one scenario; [] when everything went as expected."""
    try:
        _run(sc, rules)
    except Failure as f:
        return [_diag(sc, f)]
    return []


def _diag(sc, f: Failure) -> Diagnostic:
    d = sc.file.at(f.path, f"scenario '{sc.name}': {f.message}", hint=f.hint, key=f.key)
    d.severity = "error"
    return d


def setting(sc: Scenario, key, default=None):
    if key in sc.spec:
        return sc.spec[key]
    return sc.file.data.get(key, default)


def _run(sc, rules):
    spec, base = sc.spec, sc.path
    n = setting(sc, "players", rules.default_players)
    if n not in rules.player_counts:
        raise Failure(base + ("players",) if "players" in spec else ("players",),
                      f"{rules.name} is for {players_phrase(rules.player_counts)}, not {n}")
    if "dealer" in spec:
        rules = copy.copy(rules)
        rules.first_dealer = int(spec["dealer"])
    seed = spec.get("seed", 0)
    s = _start(sc, rules, n, seed)
    if "zones" in spec:
        _set_zones(sc, s, spec["zones"], base + ("zones",))
    if "state" in spec:
        _set_state(sc, s, spec["state"], base + ("state",))
    made = 0                     # moves made so far: an entry with only 'expect:' is no move
    for i, move in enumerate(spec.get("moves") or []):
        if not (isinstance(move, dict) and set(move) <= {"expect"}):
            made += 1
            _move(sc, s, move, base + ("moves", i), made)
        else:
            _move(sc, s, move, base + ("moves", i), made + 1)
    if "expect" in spec:
        check_expectations(s, spec["expect"], base + ("expect",), "at the end", Failure)


def _start(sc, rules, n, seed):
    spec, base = sc.spec, sc.path
    try:
        if "deck" in spec:
            names = [str(v) for v in spec["deck"]] if not isinstance(spec["deck"], str) else \
                _names(spec["deck"], rules)
            try:
                order = S.cards(rules, names)
            except ValueError as err:
                raise Failure(base + ("deck",), str(err), getattr(err, 'hint', None)) from None
            pack = rules.deck(n)
            missing = [rules.universe.names[c] for c in order if c not in pack]
            if missing:
                raise Failure(base + ("deck",), f"not in the pack at {n_players(n)}: {', '.join(missing)}")
            return G.new_game(rules, n, seed, log=True, deck=order + [c for c in pack if c not in set(order)])
        if "deal" in spec:
            s, zones = dealt(rules, n, seed, _deal_order(sc, rules, n, seed, spec["deal"]))
            _check_dealt(sc, s, zones, spec["deal"], base + ("deal",))
            return s
        return G.new_game(rules, n, seed, log=True)
    except G.GameError as err:
        raise Failure(base, f"the game stopped before the first move: {err}") from None


def _names(value, rules, path=None, zone=None, owner=None):
    if isinstance(value, str):
        return card_words(rules.universe, value)
    if any(isinstance(v, list) for v in value):
        # a list of groups reaches here only from 'deal:' ('zones:' takes tables of melds apart first)
        whose = f"{zone}: {{{owner}: [[...], ...]}}" if owner is not None else f"{zone}: [[...], ...]"
        raise Failure(path, "'deal' lists the cards each zone is dealt, not melds: a table of melds (one list of "
                            "cards per group) is set under the scenario's 'zones:'",
                      f"move it there, e.g. zones: {{{whose}}}")
    return [str(v) for v in value]


def _parts(sc, rules, spec, path):
    """[(zone info, owner or None, card names, path)] from a 'deal:' or 'zones:' mapping."""
    if not isinstance(spec, dict):
        raise Failure(path, "expected a mapping of zone names to cards")
    out = []
    for zone, value in spec.items():
        info = rules.zones.get(str(zone))
        if info is None:
            raise Failure(path + (zone,), f"unknown zone '{zone}'", did_you_mean(zone, rules.zones), key=True)
        if info.per is None:
            out.append((info, None, _names(value, rules, path + (zone,), zone), path + (zone,)))
            continue
        if isinstance(value, list) and info.per == "player":
            value = dict(enumerate(value))
        if not isinstance(value, dict):
            raise Failure(path + (zone,), f"zone '{zone}' is kept per {info.per}: give the cards of each, "
                                          f"e.g. {_per_example(rules, info.per)}")
        for owner, names in value.items():
            out.append((info, owner, _names(names, rules, path + (zone, owner), zone, owner), path + (zone, owner)))
    return out


def _per_example(rules, per) -> str:
    """How the cards of a zone kept per player, suit or object entry are written: '{0: [A♥, K♥], 1: [...]}',
    '{row1: [10/bull, 53/bull], row2: [...]}', with cards of the pack."""
    keys = rules.objects.get(per) or (list(rules.universe.suits) if per == "suit" else [0, 1])
    names = rules.universe.names
    cards = ", ".join(names[len(names) // 2:len(names) // 2 + 2])
    return "{" + f"{keys[0]}: [{cards}]" + (f", {keys[1]}: [...]" if len(keys) > 1 else "") + "}"


def _size_depends_on_deal(rules, n, info, owner, deals=6) -> bool:
    """Whether the number of cards of a zone (of one owner's part) at the first decision differs between
    deals: the rules sort cards out of it by what they are before anyone decides."""
    sizes = set()
    for seed in range(deals):
        try:
            _, zones = dealt(rules, n, seed)
        except Exception:
            continue
        zone = zones[info.index]
        if owner is not None:
            try:
                zone = zone[owner]
            except (IndexError, KeyError, TypeError):
                return False
        sizes.add(len(zone))
    return len(sizes) > 1


def _deal_order(sc, rules, n, seed, spec, path=None):
    """A pack order that deals the named cards to the named zones.

    The game is first dealt from the pack in its plain order; where each card
    lands tells which position of the pack feeds which zone.  The named cards
    then take those positions (the top ones of a zone listed short); the others fill the rest in
    pack order."""
    path = path or sc.path + ("deal",)
    pack = rules.deck(n)
    _, zones = dealt(rules, n, seed, list(pack), probe=True)
    position = {c: i for i, c in enumerate(pack)}
    parts = _parts(sc, rules, spec, path)
    ids, used = [], set()
    for *_, names, where in parts:             # a card named in two zones: its two copies (two packs)
        try:
            ids += S.cards(rules, names, used)
        except ValueError as err:
            raise Failure(where, str(err), getattr(err, 'hint', None)) from None
    u = rules.universe
    order = [None] * len(pack)
    k = 0
    named = {(info.index, _owner(owner, info, n, where) if owner is not None else None)
             for info, owner, _, where in parts}
    for info, owner, names, where in parts:
        wanted, k = ids[k:k + len(names)], k + len(names)
        absent = [u.names[c] for c in wanted if c not in position]
        if absent:
            raise Failure(where, f"not in the pack at {n_players(n)}: {', '.join(absent)}")
        zone = zones[info.index]
        if owner is not None:
            zone = zone[_owner(owner, info, n, where)]
        slots = [position[c] for c in zone]
        by_card = owner is not None and info.per != "player"
        if len(wanted) > len(slots) and by_card:
            # a zone kept per suit (or per entry) whose part the rules may choose by the card dealt (the
            # first foundation card goes to the foundation of its suit): the positions that fed the parts
            # of the zone no one lists serve too; where the card really goes is checked after the deal.
            # (A hand's share is fixed by the deal: per player, the parts stay apart.)
            free = sorted(position[c] for key, part in _keyed_parts(zones[info.index])
                          if (info.index, key) not in named for c in part
                          if order[position[c]] is None)
            slots = sorted(slots + free[len(free) - (len(wanted) - len(slots)):]) if free else slots
        if len(wanted) > len(slots):
            whose = f"{info.name}[{owner}]" if owner is not None else info.name
            whole = sum(len(part) for _, part in _keyed_parts(zones[info.index])) if by_card else 0
            hint = None if slots else (f"'deal' names where cards lie at the first decision; the rules leave "
                                       f"{whose} empty by then (its cards moved on before anyone decided): list "
                                       "them where they are at that point")
            if slots and _size_depends_on_deal(rules, n, info, None if owner is None else _owner(owner, info, n, where)):
                hint = (f"the number of cards {whose} holds at the first decision depends on the cards dealt (the "
                        f"rules move some out by what they are, as camels to a herd): {len(slots)} is what a deal "
                        f"of the pack in its order leaves there; set such a position with 'zones:' instead")
            elif whole:
                hint = (f"the deal puts {whole} card(s) in all the parts of {info.name} together (a part the rules "
                        "choose by the card dealt, the foundation of its suit, say, takes any of them): list no "
                        "more than that")
            raise Failure(where, f"{len(wanted)} cards are listed for {whose}, but the deal puts {len(slots)} there",
                          hint)
        # Fewer cards than the zone gets: the named ones are its top (the last listed is the top), so a
        # stock's next draws are the named cards; the unnamed ones lie under them.
        for slot, card in zip(slots[len(slots) - len(wanted):], wanted):
            order[slot] = card
    rest = iter(c for c in pack if c not in set(ids))
    return [c if c is not None else next(rest) for c in order]


def _keyed_parts(zone):
    """(owner, cards) of each part of a zone kept per player, suit or entry."""
    return list(zone.items()) if isinstance(zone, dict) else list(enumerate(zone))


class _DealWatch(list):
    """A game's event log that keeps a copy of the zones after each deal step of the first hand, and
    after each move of cards out of the pack's zone."""

    def __init__(self, s):
        super().__init__()
        self.s = s
        self.zones = None
        self.deals = 0               # deal steps run in the first hand (more than once: a redeal)

    def append(self, event):
        super().append(event)
        if self.s.hand_no != 1:
            return
        kind = event.get("event")
        self.deals += kind == "deal"
        # a deal step, or cards moved out of the pack's zone one by one (a patience laid out by moves)
        if kind == "deal" or kind == "move" and self.s.rules.pack_zone in (event.get("source") or ()):
            self.zones = copy.deepcopy(self.s.z)


def dealt(rules, n, seed, deck=None, probe=False):
    """A logged game (from the stacked pack `deck`, if given), run to its first decision, and its zones
    after the deal: those at the first decision, or for a game that ends before any decision (a game
    with no decisions at all), those after the first hand's last deal step.  With `probe` (the deal in
    pack order that tells which position of the pack feeds which zone), a game that stops with an
    error after its deal, before any decision, gives the zones after the deal: the stop belongs to that
    order of the pack, not to the scenario's."""
    s = G.prepare_game(rules, n, seed, log=True, deck=deck)
    watch = s.events = _DealWatch(s)
    try:
        G.start(s)
    except G.GameError:
        if not probe or watch.zones is None:
            raise
        return s, watch.zones
    return s, (watch.zones if s.over and watch.zones is not None else s.z)


def _check_dealt(sc, s, zones, spec, path):
    """Every card named in `deal:` is where it was asked for.  The pack order is worked out from a
    probe deal, which holds only while the rules deal by position: a card the rules take out by name
    before or during the deal (a card laid out face up before dealing, say) shifts the positions
    after it."""
    rules = s.rules
    u = rules.universe
    used = set()
    for info, owner, names, where in _parts(sc, rules, spec, path):
        whose = f"{info.name}[{owner}]" if owner is not None else info.name
        zone = zones[info.index]
        held = list(zone[_owner(owner, info, s.n, where)] if owner is not None else zone)
        for name, cid in zip(names, S.cards(rules, names, used)):
            # identical cards (two packs) are told apart by face: any copy of the card will do
            same = [c for c in held if u.face[c] == u.face[cid] and u.is_joker[c] == u.is_joker[cid]]
            if same:
                held.remove(same[0])
                continue
            copies = [c for c in range(u.size) if u.face[c] == u.face[cid] and u.is_joker[c] == u.is_joker[cid]]
            place = next((p for p in (_place_of(rules, zones, c) for c in copies) if p != whose),
                         _place_of(rules, zones, cid))
            probe, _ = dealt(rules, s.n, s.seed, rules.deck(s.n), probe=True)
            if s.events.deals > probe.events.deals:
                # the deal asked for made the rules deal again (a field dealt again when it holds all
                # four cards of a rank, say): the next deal, from the gathered cards, put them elsewhere
                raise Failure(where, f"{name} is listed for {whose}, but the game put it in {place}: the "
                                     f"rules dealt again before the first decision ({s.events.deals} deal steps, "
                                     f"where the pack in its own order took {probe.events.deals}): the deal "
                                     f"listed here was gathered and dealt once more",
                              "a stacked deal gives the first deal only: to test a position after a redeal, "
                              "list a deal the rules keep, or set the zones with 'zones:'")
            raise Failure(where, f"{name} is listed for {whose}, but the game put it in {place}: "
                                 f"the rules take some cards by name before the first decision (a starting "
                                 f"card, say), and that shifts the positions a stacked deal relies on",
                          "list the cards the rules take by name in 'deal:' too, where the rules put them, "
                          "or set the zones with 'zones:'")


def _place_in(s, cid):
    """'hand[2]', 'stock', 'pile[north]': the zone that holds a card now."""
    return _place_of(s.rules, s.z, cid)


def _place_of(rules, zones, cid):
    """'hand[2]', 'stock', 'pile[north]': the zone of `zones` (a game's zones) that holds a card."""
    for info in rules.zone_list:
        zone = zones[info.index]
        if info.per is None:
            parts = [(None, zone)]
        else:
            parts = zone.items() if isinstance(zone, dict) else enumerate(zone)
        for key, part in parts:
            cards = [c for group in part for c in group] if part and isinstance(part[0], list) else part
            if cid in cards:
                return info.name if key is None else f"{info.name}[{key}]"
    return "no zone"


def _owner(owner, info, n, where):
    if info.per == "player":
        if not isinstance(owner, int) or not 0 <= owner < n:
            raise Failure(where, f"'{owner}' is not a seat: seats are 0 to {n - 1}", key=True)
    return owner


def _is_groups(value):
    """A zone written as groups of cards (melds on a table): a list whose items are lists."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, list) for v in value)


def _set_zones(sc, s, spec, path):
    rules = s.rules
    pack_zone = s.z[rules.zones[rules.pack_zone].index]
    groups = {}
    if isinstance(spec, dict):
        # Zones written as groups (melds on a table) are laid last, from copies left in the pack's zone.
        groups = {k: v for k, v in spec.items()
                  if rules.zones.get(str(k)) is not None and rules.zones[str(k)].per is None and _is_groups(v)}
        # a table kept per player (or suit...): {seat: groups} or one list of groups per seat
        for k, v in spec.items():
            info = rules.zones.get(str(k))
            seats = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
            seats = list(seats)
            if info is not None and info.per is not None and any(_is_groups(g) for _, g in seats):
                groups[k] = seats
        spec = {k: v for k, v in spec.items() if k not in groups}
    listed = set()                            # the cards the scenario puts in other zones
    pack_listed = None                        # (its cards, where) when the pack's zone itself is listed
    for info, owner, names, where in _parts(sc, rules, spec, path):
        zone = s.z[info.index]
        part = zone[_owner(owner, info, s.n, where)] if owner is not None else zone
        try:
            ids = S.cards(rules, names, set(listed))   # a card named in two zones: its two copies
        except ValueError as err:
            raise Failure(where, str(err), getattr(err, 'hint', None)) from None
        ids = _nearest_copies(s, rules, ids, part, pack_zone, listed)
        listed.update(ids)
        if info.name == rules.pack_zone and owner is None:
            pack_listed = (set(ids), where)
        for c in ids:
            S._remove_everywhere(s, c)
        displaced = [c for c in part if c not in ids]
        part[:] = ids
        # cards pushed out go under the pack's zone: a stock's top named in `deal:` stays the next draw
        pack_zone[:0] = displaced
    for zone, value in groups.items():
        info = rules.zones[str(zone)]
        if info.per is None:
            MV.lay_groups(s, s.z[info.index], value, Failure, path + (zone,), listed, _place_in)
            continue
        for owner, seat_groups in value:
            where = path + (zone, owner)
            part = s.z[info.index][_owner(owner, info, s.n, where)]
            MV.lay_groups(s, part, seat_groups or [], Failure, where, listed, _place_in)
    if pack_listed is not None:
        # The pack's zone, listed, must hold exactly its cards too: the cards nobody lists (pushed out
        # of the zones listed, or left from the deal) would otherwise stay there, or come back to it.
        extra = [c for c in pack_zone if c not in pack_listed[0]]
        if extra:
            shown = ", ".join(S.names(s, extra[:6])) + (", ..." if len(extra) > 6 else "")
            raise Failure(pack_listed[1], f"'{rules.pack_zone}' is listed, so it holds only the cards given, "
                          f"but {len(extra)} card(s) no zone lists would be left in it ({shown})",
                          hint="every card must lie somewhere: list those cards in another zone (say, "
                               "one for the cards out of play), or leave the pack's zone out of 'zones:'")
    S.refresh(s)


def _nearest_copies(s, rules, ids, part, pack_zone, taken) -> list:
    """The cards to put in a zone for the names read as `ids`: of identical copies (two packs), one that
    already lies there, else one from the pack's zone (from its bottom: a top named in `deal:` stays),
    else one from another zone, so a zone the scenario does not list keeps its cards where it can."""
    u = rules.universe
    chosen = []
    for cid in ids:
        copies = [c for c in range(u.size) if u.face[c] == u.face[cid] and u.is_joker[c] == u.is_joker[cid]
                  and c not in taken and c not in chosen]
        here = [c for c in copies if c in part]
        stock = [c for c in pack_zone if c in copies]
        chosen.append(here[0] if here else stock[0] if stock else copies[0] if copies else cid)
    return chosen


def _set_state(sc, s, spec, path):
    from .expectations import to_internal
    if not isinstance(spec, dict):
        raise Failure(path, "expected a mapping of state variables to values")
    for name, value in spec.items():
        info = s.rules.vars.get(str(name))
        if info is None:
            raise Failure(path + (name,), f"unknown state variable '{name}'", did_you_mean(name, s.rules.vars),
                          key=True)
        current = s.v[info.index]
        if info.per and isinstance(value, dict):
            for key, item in value.items():
                current[key] = to_internal(s, info.type, item, path + (name, key), Failure)
        elif info.per == "player" and isinstance(value, list):
            if len(value) != s.n:
                raise Failure(path + (name,), f"'{name}' has one value per player: give {s.n} values")
            s.v[info.index] = [to_internal(s, info.type, v, path + (name, i), Failure) for i, v in enumerate(value)]
        else:
            s.v[info.index] = to_internal(s, info.type, value, path + (name,), Failure)
    S.refresh(s)


def _move(sc, s, move, path, number):
    if isinstance(move, dict) and set(move) <= {"expect"}:
        when = f"after move {number - 1}" if number > 1 else "before the first move"
        check_expectations(s, move["expect"], path + ("expect",), when, Failure)
        return
    if isinstance(move, (str, int)):
        tokens = card_words(s.rules.universe, move)
        for k, token in enumerate(tokens):
            _apply(s, path, number if len(tokens) == 1 else f"{number} (card {k + 1} of {len(tokens)})", None,
                   ("play", token), card=True)
        return
    if not isinstance(move, dict):
        raise Failure(path, "a move is a card to play, or a mapping such as {player: 1, play: J♥} "
                            "or {move: bid, value: 3}")
    player = move.get("player")
    nth = move.get("nth", 1)
    if nth.__class__ is not int or nth < 1:
        raise Failure(path + ("nth",), f"'nth' is {nth!r}: give 1 for the first of the legal moves that fit, "
                      "2 for the second, ... (identical copies of a card lying in different places)")
    if "play" in move:
        tokens = ([str(v) for v in move["play"]] if not isinstance(move["play"], str) else
                  _names(move["play"], s.rules))
        if len(tokens) > 1 and not s.over and S.matching_actions(s, "play", tokens):
            # {play: [3♠, 4♦, 5♣]} where a move called play offers that set of cards: one move of the set,
            # not the three cards one after the other
            _apply(s, path, number, player, ("play", tokens), nth, card=True)
        else:
            for token in tokens:
                _apply(s, path, number, player, ("play", token), nth, card=True)
    elif "move" in move:
        _apply(s, path, number, player, (str(move["move"]), move.get("value")), nth)
    elif "expect" not in move:
        raise Failure(path, "this move says neither 'play' nor 'move'")
    if "expect" in move:
        check_expectations(s, move["expect"], path + ("expect",), f"after move {number}", Failure)


class _LegalText:
    """The legal moves as text, worked out only when a message shows them."""

    def __init__(self, s, actions):
        self.s, self.actions = s, actions

    def __str__(self):
        return legal_text(self.s, self.actions)

    __format__ = lambda self, spec: format(str(self), spec)


def _example_value(s, action):
    """An option's value as a scenario writes it: the legal move's words without the move's name."""
    words = S.describe(s, action)
    return words[len(str(action[0])):].strip() if words.startswith(str(action[0])) else words


def _shown_value(value):
    if isinstance(value, list):
        return " ".join(f"[{_shown_value(v)}]" if isinstance(v, list) else str(v) for v in value)
    return value


def _apply(s, path, number, player, action, nth=1, card=False):
    """Make one move of a scenario.  `card`: the move was written as a card to play (`- J♥`, `{play: J♥}`);
    `{move: play, value: 3}` is a move named play like any other (its options may be places, not cards)."""
    card = card or (action[0] == "play" and not s.over and S.card_option(s, "play"))
    shown = action[1] if card else \
        f"{action[0]} {_shown_value(action[1])}" if action[1] is not None else action[0]
    if s.over:
        raise Failure(path, f"move {number} ({shown}): the game is already over")
    who = G.current_player(s)
    if player is not None and player != who:
        raise Failure(path, f"move {number} ({shown}): expected player {player} to move, but it is player {who}'s "
                            "turn")
    # {move: play} without a value is a move of that name taking no card (a `choose:` move 'play', as
    # in play or fold), not a card to play
    if card and action[1] is not None and not isinstance(action[1], list) \
            and s.rules.universe.parse_card(str(action[1])) is None:
        named = sorted({str(a[0]) for a in G.legal_actions(s)})
        if str(action[1]) in named:
            # a move name written alone (`- pass`), as a card would be
            raise Failure(path, f"move {number}: '{action[1]}' is not a card of {s.rules.name}, but a move "
                                "the player may make", f"write a named move as {{move: {action[1]}}}")
        raise Failure(path, f"move {number}: '{action[1]}' is not a card of {s.rules.name}",
                      s.rules.universe.card_hint(action[1]))
    actions = G.legal_actions(s)
    legal = _LegalText(s, actions)
    if card and action[1] is not None and not any(a[0] == "play" for a in actions):
        # a card written alone where no move is called play (a pick of `select:`, a discard): the one
        # move of another name that offers this card
        offering = sorted({str(a[0]) for a in actions if a[0] != "play" and S.card_option(s, a[0])
                           and S.matching_actions(s, a[0], str(action[1]), [a])})
        if len(offering) > 1:
            raise Failure(path, f"move {number}: {shown} is offered by several moves ({', '.join(offering)})",
                          f"say which: {{move: {offering[0]}, value: {shown}}}")
        if offering:
            action = (offering[0], action[1])
    if not card and isinstance(action[1], (list, str)) and str(action[1]).strip().lower() != "none" and \
            any(a[0] == action[0] and MV.is_structured(a[1]) for a in actions):
        # a meld move: the value names its cards (see meldvalues.py)
        try:
            chosen, why = MV.pick(s, actions, *action)
        except ValueError as err:
            raise Failure(path, f"move {number}: {err}") from None
        if chosen is None:
            raise Failure(path, f"move {number}: {shown} is not legal for player {who}: {why}", f"legal: {legal}")
    else:
        try:
            chosen = S.find_action(s, *action, nth=nth)
        except AssertionError:
            fits = len(S.matching_actions(s, *action)) if nth > 1 else 0
            if fits:
                raise Failure(path, f"move {number}: {shown} fits {fits} legal move(s), not {nth} (nth: {nth})",
                              f"legal: {legal}") from None
            names = sorted({str(a[0]) for a in actions})
            if not card and str(action[0]) not in names:     # {move: bidd}: no move of that name
                hint = did_you_mean(str(action[0]), names)
                raise Failure(path, f"move {number}: no legal move of player {who} is called '{action[0]}'",
                              (f"{hint} " if hint else "") + f"legal: {legal}") from None
            same = [a for a in actions if a[0] == action[0]]
            if not card and action[1] is None and len(same) > 1:
                # {move: bid} where bid takes a value: the move is legal, its value is missing
                raise Failure(path, f"move {number}: '{action[0]}' has {len(same)} legal options: say which "
                                    "with 'value:'",
                              f"e.g. {{move: {action[0]}, value: {_example_value(s, same[0])}}}; legal: {legal}") \
                    from None
            raise Failure(path, f"move {number}: {shown} is not legal for player {who}", f"legal: {legal}") from None
    try:
        G.apply(s, chosen)
    except G.GameError as err:
        raise Failure(path, f"move {number} ({shown}): the game stopped: {err}") from None
