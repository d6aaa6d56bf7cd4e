"""The compiled form of a ruleset: everything the engine needs, prepared once."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass
class ZoneInfo:
    name: str
    index: int
    per: str | None          # None (one shared zone), 'player', 'suit' or an object collection
    visibility: str          # 'public', 'owner', 'others' or 'hidden'
    description: str = ""

    def seen_by(self, key, player) -> bool:
        """Whether `player` sees the cards of this zone's part `key` (a seat for a zone kept per player,
        else a suit, an entry or None): 'owner' is seen by the seat it is kept for alone, 'others' by
        every seat but that one (a card held to the forehead); only a zone kept per player has an owner."""
        vis = self.visibility
        if vis == "public":
            return True
        if vis == "hidden" or self.per != "player":
            return False
        return (key == player) == (vis == "owner")


@dataclass
class VarInfo:
    name: str
    index: int
    per: str | None
    scope: str               # 'game' (kept across hands) or 'hand' (reset at the start of each hand)
    type: str
    initial: Callable        # fn(state, env) -> initial value of one element
    bind: str = "key"        # local name of the player/suit/entry while computing `initial`
    description: str = ""
    fixed: tuple = ()        # (value, copy?) when `initial` is one constant (see build._fixed_initial)
    visibility: str = "public"   # 'owner': a value kept per player that only its player sees


@dataclass
class Metric:
    name: str
    each: str                # 'hand' or 'game'
    value: Callable
    description: str = ""


@dataclass
class Rules:
    name: str
    source: str
    universe: Any
    player_counts: list
    default_players: int
    pack_specs: dict                        # player count -> PackSpec
    pack_zone: str
    zones: dict = field(default_factory=dict)
    zone_list: list = field(default_factory=list)
    vars: dict = field(default_factory=dict)
    var_list: list = field(default_factory=list)
    hand_vars: list = field(default_factory=list)  # the variables reset at the start of every hand
    private_vars: list = field(default_factory=list)  # the values kept per player only their player sees
    options: dict = field(default_factory=dict)
    objects: dict = field(default_factory=dict)   # collection -> list of entry names
    teams: dict = field(default_factory=dict)     # player count -> list of lists of seats
    program: Any = None
    metrics: list = field(default_factory=list)
    end_when: Callable | None = None
    winners: Callable | None = None
    final_score: Callable | None = None
    team_score: Callable | None = None          # end: team_score, with t the team number
    next_dealer: Callable | None = None
    next_dealer_where: str = "dealer"           # the place of dealer: next, for its runtime error
    max_hands_where: str = "end"                # the place of end: max_hands (else after_hand), for its error
    winners_where: str = "end"                  # the place of end: winners, for its runtime error
    first_dealer: int = 0
    max_hands: int = 1000
    max_turns: int = 100000
    high_better: bool | None = None             # end: better (higher: true, lower: false); none: read per game
    bot_eval: Callable | None = None
    bot_sides: Callable | None = None     # bots: sides, the side of player p in a position
    bot_hints: dict = field(default_factory=dict)   # bots: prefer (move order) and rank (move -> fn)
    description: str = ""
    data: dict = field(default_factory=dict)     # the merged YAML, for explain/resolve
    # an order by cases: name -> ([(condition fn(s, env), the case's order name)], the otherwise name)
    order_cases: dict = field(default_factory=dict)

    def team_list(self, n: int) -> list:
        """The teams at `n` players, as lists of seats (players.teams); without teams, one per seat."""
        teams = self.teams.get(n)
        return [list(t) for t in teams] if teams else [[p] for p in range(n)]

    def team_of_seat(self, n: int) -> list:
        """The team number of every seat at `n` players (the seat itself without teams)."""
        out = list(range(n))
        for i, team in enumerate(self.teams.get(n) or ()):
            for p in team:
                out[p] = i
        return out

    def deck(self, n: int) -> list:
        return self.pack_specs[n].build(self.universe)
