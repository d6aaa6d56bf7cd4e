"""A small process pool for runs of games: jobs go out to worker processes, results come back in
job order, and leaving the pool on an error or Ctrl-C stops the workers at once.

Why not concurrent.futures: its pool keeps a manager thread that reads the workers' results.  A
worker stopped while it writes a result leaves half a message in the pipe; the manager thread
then waits for the rest for ever, and the process hangs at exit, after the summary is printed.
Here nothing reads from a worker once the pool is being left, and there are no threads.

Each worker has its own pipe.  A job is small (a batch's description), and each worker has at
most `ahead` jobs queued in its pipe, so sending never blocks on a busy worker.  Workers ignore
Ctrl-C from the moment they start (the parent ignores it while it starts them, and a started
process inherits that), so the parent alone decides what an interruption does.
"""
from __future__ import annotations

import multiprocessing
import pickle
import signal
import traceback
from collections import deque
from multiprocessing.connection import wait


class WorkerLost(RuntimeError):
    """A worker process ended without sending its result (killed, or out of memory)."""


def _serve(conn, work, init, initargs):
    signal.signal(signal.SIGINT, signal.SIG_IGN)          # the parent handles Ctrl-C
    failed = None
    try:
        init(*initargs)
    except BaseException as err:                           # reported with the first job
        failed = _packed(err)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        if failed is not None:
            conn.send(failed)
            continue
        try:
            reply = ("ok", work(job))
        except BaseException as err:
            reply = _packed(err)
        try:
            conn.send(reply)          # pickled whole before anything is written: a failure sends nothing
        except (pickle.PicklingError, TypeError, AttributeError, ValueError, RecursionError) as err:
            conn.send(_packed(RuntimeError(f"a worker's result could not be sent back: {err}")))


def _packed(err):
    """An error reply: the exception if it comes back from pickling as itself, else a RuntimeError
    with its type and message; and the worker's traceback as text."""
    text = "".join(traceback.format_exception(err))
    try:
        back = pickle.loads(pickle.dumps(err))
        if type(back) is type(err) and str(back) == str(err):
            return ("error", err, text)
    except Exception:   # noqa: BLE001 - any failure to pickle or rebuild: sent as a RuntimeError
        pass
    return ("error", RuntimeError(f"{type(err).__name__}: {err}"), text)


class Pool:
    """`with Pool(work, workers, init, initargs) as pool: for result in pool.map(jobs): ...`

    `work(job)` runs in a worker after `init(*initargs)`; both must be module-level functions.
    Results come back in the order of `jobs`, an error in its place among them; at most
    `workers * ahead` jobs are out at once."""

    def __init__(self, work, workers: int, init, initargs=(), ahead: int = 3):
        self.work, self.init, self.initargs = work, init, tuple(initargs)
        self.size, self.ahead = max(1, workers), max(1, ahead)
        self.procs, self.conns = [], []
        self.queued = [deque() for _ in range(self.size)]   # job numbers sent to each worker, oldest first

    def __enter__(self):
        ctx = multiprocessing.get_context()
        try:
            old = signal.signal(signal.SIGINT, signal.SIG_IGN)   # inherited by the processes started now
        except ValueError:                                       # not the main thread
            old = None
        try:
            for _ in range(self.size):
                parent, child = ctx.Pipe(duplex=True)
                self.conns.append(parent)
                proc = ctx.Process(target=_serve, args=(child, self.work, self.init, self.initargs), daemon=True)
                proc.start()
                child.close()
                self.procs.append(proc)
        except BaseException:
            self._stop()
            raise
        finally:
            if old is not None:
                signal.signal(signal.SIGINT, old)
        return self

    def map(self, jobs):
        jobs = iter(jobs)
        queued = self.queued
        results, sent, given = {}, 0, 0
        more = True
        while True:
            while more and sent - given < self.size * self.ahead:
                job = next(jobs, _END)
                if job is _END:
                    more = False
                    break
                w = min(range(self.size), key=lambda i: len(queued[i]))
                try:
                    self.conns[w].send(job)
                except OSError:                  # the worker is gone (a broken pipe)
                    raise self._lost(w) from None
                queued[w].append(sent)
                sent += 1
            if given == sent and not more:
                return
            while given not in results:
                busy = [self.conns[i] for i in range(self.size) if queued[i]]
                for conn in wait(busy):
                    w = self.conns.index(conn)
                    results[queued[w].popleft()] = self._receive(w)
            kind, value = results.pop(given)
            given += 1
            if kind == "error":                 # in its place: the results before it were taken
                raise value
            yield value

    def _receive(self, w):
        try:
            reply = self.conns[w].recv()
        except (EOFError, OSError):
            raise self._lost(w) from None
        except Exception as err:   # noqa: BLE001 - a reply that cannot be rebuilt here
            return "error", RuntimeError(f"a worker's reply could not be read: {type(err).__name__}: {err}")
        if reply[0] == "ok":
            return reply
        _, err, text = reply
        err.add_note("in a worker process:\n" + text.rstrip())
        return "error", err

    def _lost(self, w):
        self.procs[w].join(1)
        code = self.procs[w].exitcode
        why = f"killed by signal {-code}" if code is not None and code < 0 else f"exit code {code}"
        return WorkerLost(f"worker process {w + 1} of {self.size} stopped unexpectedly ({why}; the system "
                          "may have run short of memory): the run stopped there")

    def __exit__(self, kind, value, tb):
        if kind is None and not any(self.queued):
            for conn in self.conns:
                try:
                    conn.send(None)
                except OSError:
                    pass
            for proc in self.procs:
                proc.join(5)
        self._stop()          # on an error, or with jobs still out: the workers are stopped at once
        return False

    def _stop(self):
        for proc in self.procs:
            if proc.is_alive():
                proc.terminate()
        for proc in self.procs:
            proc.join(5)
            if proc.is_alive():
                proc.kill()
                proc.join()
        for conn in self.conns:
            conn.close()


_END = object()
