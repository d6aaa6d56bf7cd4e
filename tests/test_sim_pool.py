"""The simulator's process pool (interpreter/sim/pool.py): results in job order, errors from
workers reach the parent with the worker's traceback, and leaving the pool stops workers at once."""
import os
import time

import pytest

from interpreter.sim.pool import Pool, WorkerLost

_STATE = {}


def _init(offset):
    _STATE["offset"] = offset


def _init_fails(offset):
    raise ValueError("no rules here")


class _TwoArgs(Exception):
    def __init__(self, a, b):          # pickles, but cannot be rebuilt from its args alone
        super().__init__(f"{a}/{b}")


def _work(job):
    delay, value = job
    time.sleep(delay)
    if value == "boom":
        raise KeyError("boom")
    if value == "die":
        os._exit(3)
    if value == "two args":
        raise _TwoArgs(1, 2)
    if value == "unpicklable":
        return lambda: None
    if value == "big":
        return b"x" * 1_000_000         # more than a pipe holds
    return (value + _STATE["offset"], os.getpid())


def test_results_come_back_in_job_order_from_every_worker():
    # uneven delays make later jobs finish first; the order of results must not change
    jobs = [((0.02 if i % 3 == 0 else 0.0), i) for i in range(40)]
    with Pool(_work, 2, _init, (100,), ahead=2) as pool:
        out = list(pool.map(jobs))
    assert [v for v, _ in out] == [i + 100 for i in range(40)]
    assert len({pid for _, pid in out}) == 2
    assert all(not p.is_alive() for p in pool.procs)


def test_a_lazy_job_source_is_read_only_as_far_as_needed():
    taken = []

    def jobs():
        for i in range(1000):
            taken.append(i)
            yield (0.0, i)

    with Pool(_work, 2, _init, (0,), ahead=3) as pool:
        for n, _ in zip(range(5), pool.map(jobs())):
            pass
    assert len(taken) <= 5 + 2 * 3 + 1


def test_an_error_in_a_worker_is_raised_in_the_parent_with_its_traceback():
    with pytest.raises(KeyError) as info:
        with Pool(_work, 2, _init, (0,)) as pool:
            list(pool.map([(0.0, 1), (0.0, "boom"), (0.0, 2)]))
    notes = "\n".join(getattr(info.value, "__notes__", []))
    assert "in a worker process" in notes and "_work" in notes


def test_a_failing_start_up_is_raised_with_the_first_job():
    with pytest.raises(ValueError, match="no rules here"):
        with Pool(_work, 2, _init_fails, (0,)) as pool:
            list(pool.map([(0.0, 1)]))


def test_a_worker_that_dies_is_reported_not_waited_for():
    started = time.perf_counter()
    with pytest.raises(WorkerLost, match="exit code 3;"):
        with Pool(_work, 2, _init, (0,)) as pool:
            list(pool.map([(0.0, 1), (0.0, "die"), (0.0, 2), (0.0, 3)]))
    assert time.perf_counter() - started < 20


def test_leaving_on_an_interrupt_stops_busy_workers_at_once():
    started = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        with Pool(_work, 2, _init, (0,)) as pool:
            for value, _ in pool.map([(0.0, 0)] + [(60.0, i) for i in range(1, 10)]):
                raise KeyboardInterrupt
    assert time.perf_counter() - started < 20
    assert all(not p.is_alive() for p in pool.procs)


@pytest.mark.parametrize("games,workers", [(1, 2), (7, 2), (100, 2), (10_000, 2), (10_000, 8), (999, 1)])
def test_a_runs_batches_cover_every_game_once_in_order_and_shrink_towards_the_end(games, workers):
    from interpreter.sim.runner import batches
    out = list(batches(games, 5, 4, ["random"], workers=workers))
    assert [b.start for b in out] == [sum(x.count for x in out[:i]) for i in range(len(out))]
    assert sum(b.count for b in out) == games and all(1 <= b.count <= 200 for b in out)
    counts = [b.count for b in out]
    assert counts == sorted(counts, reverse=True) or counts[:-1] == sorted(counts[:-1], reverse=True)
    if games >= 10_000:
        assert counts[0] == 200 and counts[-2] <= 25     # the workers finish close together
    assert all(b.seed == 5 and b.players == 4 for b in out)


_SPAWNED_RUN = """
import multiprocessing, sys
from interpreter.resources import bundled_rulesets
from interpreter.ruleset.loader import load_ruleset
from interpreter.sim.runner import run
if __name__ == "__main__":
    multiprocessing.set_start_method(sys.argv[1])
    path = str(bundled_rulesets()["escalative"])
    rules = load_ruleset(path).rules
    runs = []
    for workers in (1, 2):
        records = []
        run(rules, 40, seed=4, workers=workers, path=path, on_record=records.append)
        runs.append(records)
    print(runs[0] == runs[1], len(runs[1]))
"""


@pytest.mark.parametrize("method", ["spawn", "forkserver"])
def test_workers_that_are_not_forks_load_the_rules_and_play_the_same_games(tmp_path, method):
    """Python 3.14 starts workers with forkserver on Linux (spawn elsewhere): they load the ruleset
    from its file instead of taking the parent's copy, and play the same games."""
    assert _script_output(tmp_path, _SPAWNED_RUN, method) == ["True", "40"]


def _script_output(tmp_path, source, method):
    """The words a script (a run under a start method of its own) prints; it must succeed."""
    import subprocess
    import sys
    from tests.helpers import ROOT
    script = tmp_path / "script.py"
    script.write_text(source, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, str(script), method], capture_output=True, text=True, env=env,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_an_error_comes_in_its_place_after_the_results_before_it():
    got = []
    with pytest.raises(KeyError):
        with Pool(_work, 2, _init, (0,)) as pool:
            for value, _ in pool.map([(0.5, 1), (0.0, "boom"), (0.0, 3)]):   # the error arrives first
                got.append(value)
    assert got == [1]


def test_an_exception_that_cannot_be_rebuilt_comes_back_as_its_name_and_message():
    with pytest.raises(RuntimeError, match="_TwoArgs: 1/2"):
        with Pool(_work, 2, _init, (0,)) as pool:
            list(pool.map([(0.0, "two args")]))


def test_a_result_that_cannot_be_sent_is_an_error_not_a_lost_worker():
    with pytest.raises(RuntimeError, match="could not be sent back") as info:
        with Pool(_work, 2, _init, (0,)) as pool:
            list(pool.map([(0.0, "unpicklable")]))
    assert not isinstance(info.value, WorkerLost)


def test_leaving_early_with_large_results_still_queued_is_quick():
    started = time.perf_counter()
    with Pool(_work, 2, _init, (0,), ahead=3) as pool:
        for _ in pool.map([(0.0, "big")] * 20):
            break
    assert time.perf_counter() - started < 4          # not each worker's 5 s wait to join
    assert all(not p.is_alive() for p in pool.procs)


def test_a_worker_found_dead_when_sending_is_a_lost_worker():
    import signal
    with pytest.raises(WorkerLost, match="killed by signal 9"):
        with Pool(_work, 2, _init, (0,), ahead=1) as pool:
            for i, _ in enumerate(pool.map((0.0, k) for k in range(100))):
                if i == 0:
                    for proc in pool.procs:
                        os.kill(proc.pid, signal.SIGKILL)
                        proc.join()


_CTRL_C_AT_START = """
import multiprocessing, os, signal, sys
from interpreter.resources import bundled_rulesets
from interpreter.ruleset.loader import load_ruleset
from interpreter.sim import pool, runner
if __name__ == "__main__":
    multiprocessing.set_start_method(sys.argv[1])
    enter = pool.Pool.__enter__

    def enter_then_ctrl_c(self):      # Ctrl-C reaches everyone while the workers are still starting
        out = enter(self)
        for pid in [p.pid for p in self.procs] + [os.getpid()]:
            os.kill(pid, signal.SIGINT)
        return out
    pool.Pool.__enter__ = enter_then_ctrl_c
    path = str(bundled_rulesets()["escalative"])
    summary = runner.run(load_ruleset(path).rules, 400, workers=2, path=path)
    print(summary["interrupted"], summary["games"] < 400)
"""


@pytest.mark.parametrize("method", ["spawn", "fork"])
def test_ctrl_c_while_workers_start_is_an_interruption(tmp_path, method):
    """Workers ignore Ctrl-C from their first instruction (inherited from the parent while it starts
    them): the run stops as interrupted, not with a worker lost to the signal."""
    assert _script_output(tmp_path, _CTRL_C_AT_START, method) == ["True", "True"]
