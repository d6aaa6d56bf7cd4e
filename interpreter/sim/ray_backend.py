"""Run the batches of a simulation as Ray tasks (`--backend ray`, `pip install '.[ray]'`).

The batches are exactly those of the local runner and their records are taken
in game order, so the results equal `--workers 1` at the same seed.  The
ruleset travels as its resolved YAML (everything it extends merged in), so the
machines of a cluster need no copy of the files.  `address` is that of a
running Ray cluster (`ray start --head` prints it); without one Ray starts a
local instance.
"""
from __future__ import annotations

from collections import deque

_RULES = {}


def _rules_for(text: str, options: dict):
    """Load the ruleset once per Ray worker process."""
    key = (text, tuple(sorted(options.items())))
    if key not in _RULES:
        import os
        import tempfile
        from ..ruleset.loader import load_ruleset
        fd, path = tempfile.mkstemp(suffix=".yaml", prefix="ruleset-")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        try:
            loaded = load_ruleset(path, options)
        finally:
            os.unlink(path)
        if not loaded.ok:
            raise RuntimeError("the ruleset did not load on a Ray worker: "
                               + "; ".join(d.message for d in loaded.errors))
        _RULES[key] = loaded.rules
    return _RULES[key]


def _ray_batch(text, options, batch):
    from .runner import play_batch
    return play_batch(_rules_for(text, options), batch)


def run_batches(jobs, data, options, address, take, in_flight: int | None = None) -> None:
    try:
        import ray
    except ImportError:
        raise RuntimeError("the Ray backend needs Ray: pip install 'card-rules[ray]' (or pip install ray)") from None
    import yaml
    if not ray.is_initialized():
        ray.init(address=address or None, ignore_reinit_error=True, log_to_driver=False,
                 include_dashboard=False, configure_logging=False)
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    task = ray.remote(_ray_batch)
    text_ref = ray.put(text)
    limit = in_flight or max(4, int(ray.cluster_resources().get("CPU", 2)) * 3)
    pending = deque()
    try:
        for job in jobs:
            pending.append(task.remote(text_ref, options, job))
            if len(pending) >= limit:
                take(ray.get(pending.popleft()))
        while pending:
            take(ray.get(pending.popleft()))
    except KeyboardInterrupt:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
