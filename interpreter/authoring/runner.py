"""Run scenario files: load each file and its ruleset once, play every scenario, collect the results."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..ruleset.loader import load_ruleset
from .scenarios import load_scenarios, ruleset_path, run_scenario


@dataclass
class Outcome:
    file: str
    name: str
    diagnostics: list = field(default_factory=list)

    @property
    def passed(self):
        return not self.diagnostics


def run_file(path, only: str | None = None) -> tuple[list, list]:
    """(outcomes, problems with the file or its ruleset)."""
    sfile = load_scenarios(path)
    if sfile.problems:
        return [], sfile.problems
    given = sfile.data.get("options") or {}
    places = {str(k): (sfile.smap, ("options", k), "in the scenario file") for k in given}
    loaded = load_ruleset(ruleset_path(sfile), {str(k): v for k, v in given.items()}, option_places=places)
    if not loaded.ok:
        return [], loaded.errors or loaded.diagnostics
    cache = {}
    outcomes = []
    for sc in sfile.scenarios:
        if only and only.lower() not in sc.name.lower():
            continue
        rules = loaded.rules
        options = sc.spec.get("options")
        own = sc.spec.get("ruleset")
        if options or own is not None:
            key = (own, tuple(sorted((str(k), str(v)) for k, v in (options or {}).items())))
            if key not in cache:
                merged = dict(given, **(options or {}))
                # the scenario's own options, where it gives them; the file's, where it does
                where = dict(places, **{str(k): (sfile.smap, tuple(sc.path) + ("options", k), "in the scenario")
                                        for k in options or {}})
                cache[key] = load_ruleset(ruleset_path(sfile, own), {str(k): v for k, v in merged.items()},
                                          option_places=where)
            if not cache[key].ok:
                outcomes.append(Outcome(sfile.path, sc.name, cache[key].errors or cache[key].diagnostics))
                continue
            rules = cache[key].rules
        outcomes.append(Outcome(sfile.path, sc.name, run_scenario(sc, rules)))
    return outcomes, []
