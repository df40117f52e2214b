"""Command line: ``python -m engine --help``.

Every argument is checked before any work starts (:data:`LIMITS`; an integer is ASCII digits
with an optional ``-``), every file is read by :func:`engine.jsonfile.read_json`, and every
refusal is one line on stderr. Exit codes: 0 done; 1 ``verify``: the round is not genuine
(or its file cannot be read); 2 a usage error, a refused argument, model or input, or out
of memory, a RecursionError or an OverflowError (a last resort: not a bug's other errors); 130
interrupted (Ctrl-C); 141 stdout closed early (``| head``: quietly, as a program the pipe's
signal ended).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import FrameType

from .errors import EngineError, SavedRoundError
from .evaluate import evaluate
from .grid import parse_grid
from .jsonfile import EXPORT_LIMIT, read_json, shown
from .launch import SEED_RANGE, LaunchNumberError, whole_number
from .model import MODEL_PATH, Model, load_model
from .replaylink import (DEFAULT_CURRENCY, model_fingerprint, parse_replay, round_from_export, round_from_text,
                         text_currency)
from .round import play_round
from .spin import SpinKind

PROG = "python -m engine"
LIMITS = {
    "rounds": (1, 10**9),  # 10^9 rounds of simulate take hours on every core there is
    "seed": SEED_RANGE,  # a 64-bit seed, as the page's ?seed= (engine/launch.py)
    "bet": (1, 10**12),  # minor units: the model's levels decide; this only bounds the text
    "workers": (1, 64),  # forked processes: more than a machine's cores only compete
}
"""Each integer argument's least and greatest value."""
TEXT_LIMITS = {
    "--model": 4096,  # PATH_MAX on Linux
    "grid": 1000,  # 15 symbol names and separators: the shipped model's longest is 90 characters
    "--special": 100,  # one symbol name
    "LINK_OR_FILE": 1 << 16,  # a replay text is about 120 characters, a link a URL around it
}
"""Each text argument's greatest length, in characters."""
INTERRUPTED = 130
BROKEN_PIPE = 141


class UsageError(Exception):
    """An argument argparse or a limit refused: one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    """argparse with its usage errors as one line (no usage block), raised, not exited, so that
    :func:`main` returns 2 in-process too."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: error: {message} (see {self.prog} --help)")


def _integer(name: str) -> Callable[[str], int]:
    """argparse's type for the integer argument ``name``, within :data:`LIMITS`."""
    low, high = LIMITS[name]

    def parse(text: str) -> int:
        try:
            return whole_number(text, name, low, high)
        except LaunchNumberError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parse


def _text(name: str) -> Callable[[str], str]:
    """argparse's type for the text argument ``name``, at most :data:`TEXT_LIMITS` long."""
    limit = TEXT_LIMITS[name]

    def parse(text: str) -> str:
        if len(text) > limit:
            raise argparse.ArgumentTypeError(f"{name} is {len(text)} characters long, over {limit}")
        return text

    return parse


def _multiplier(text: str) -> tuple[int, int]:
    """``REEL=M`` as ``(reel, multiplier)``; argparse reports anything else as a usage error
    (the engine refuses a reel or multiplier the rules do not have)."""
    m = re.fullmatch(r"(-?[0-9]{1,9})=(-?[0-9]{1,9})", text)
    if m is None:
        raise argparse.ArgumentTypeError(f"{shown(repr(text), 60)} is not REEL=M (two integers)")
    return int(m[1]), int(m[2])


def _parser() -> _Parser:
    parser = _Parser(prog=PROG, description="Book of Christmas Eve's rules engine.")
    parser.add_argument("--model", type=_text("--model"),
                        help="a model file (default: the shipped engine/data/model.json)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("round", help="decide one round and print its JSON form")
    p.add_argument("--bet", type=_integer("bet"), help="total bet in minor units (default: the model's default bet)")
    p.add_argument("--seed", type=_integer("seed"), required=True, help="seed of random.Random")
    p.add_argument("--buy", action="store_true", help="buy the feature")

    p = sub.add_parser("evaluate", help="score a grid given in its text form, e.g. 'SANTA A K|BOOK Q J|...'")
    p.add_argument("grid", type=_text("grid"))
    p.add_argument("--special", type=_text("--special"), help="the SES: score as a free spin")
    p.add_argument("--multiplier", action="append", default=[], metavar="REEL=M", type=_multiplier,
                   help="a book reel's multiplier in a free spin (0-based reel), repeatable")

    p = sub.add_parser("check", help="check a model file and print a summary")

    p = sub.add_parser("par", help="the exact PAR sheet of the model (no sampling)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--workers", type=_integer("workers"), default=1,
                   help="processes for the max-win cap's figures (the sheet does not depend on it)")

    p = sub.add_parser("simulate", help="Monte Carlo through play_round, to cross-check the PAR sheet")
    p.add_argument("--rounds", type=_integer("rounds"), required=True)
    p.add_argument("--seed", type=_integer("seed"), required=True)
    p.add_argument("--buy", action="store_true", help="simulate bought features")
    p.add_argument("--workers", type=_integer("workers"), default=1,
                   help="processes (the result does not depend on it)")
    p.add_argument("--bet", type=_integer("bet"), help="total bet in minor units (default: the model's default)")
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = sub.add_parser("verify", help="replay a round from its link, text or exported file; "
                                      "exit 0 when genuine, 1 otherwise")
    p.add_argument("source", metavar="LINK_OR_FILE", type=_text("LINK_OR_FILE"),
                   help="a replay link (...?replay=...), a bare replay text, or an exported round's JSON file")

    p = sub.add_parser("scenarios", help="the catalogue of scenario rounds (what engine/data/scenarios.json holds)")
    p.add_argument("--json", action="store_true", help="print one JSON object (the default)")
    return parser


def _say(line: str) -> None:
    """One line on stderr (a closed stderr is let be)."""
    try:
        print(shown(line, 1000), file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def _say_plain(line: str) -> None:
    """A line known to be printable, in as few calls as can be (no stack or memory to spare)."""
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _quiet_stdout() -> None:
    """Point stdout's descriptor at /dev/null, so that the interpreter's last flush of what
    is buffered finds no closed pipe (a test's captured stdout has no descriptor: nothing)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


@contextmanager
def _interrupt_here_only() -> Iterator[None]:
    """Ctrl-C, which the terminal sends to every process of the group, interrupts this process
    only: forked simulation workers inherit a handler that lets it pass (they would each print
    a traceback), and end when the interrupted pool is terminated."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    parent = os.getpid()

    def interrupt(signum: int, frame: FrameType | None) -> None:
        if os.getpid() == parent:
            raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, interrupt)
    try:
        yield
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; its exit code (see the module's docstring)."""
    progress = _Progress()
    try:
        code = _run(argv, progress)
        sys.stdout.flush()  # a closed pipe is met here, not in the interpreter's last flush
        return code
    except UsageError as exc:
        _say(str(exc))
        return 2
    except KeyboardInterrupt:
        progress.end_line()
        _say(f"{PROG}: interrupted")
        return INTERRUPTED
    except BrokenPipeError:
        _quiet_stdout()
        return BROKEN_PIPE
    except MemoryError:
        progress.end_line()
        _say_plain(f"{PROG}: error: out of memory")
        return 2
    except RecursionError:
        progress.end_line()
        _say_plain(f"{PROG}: error: nested too deeply for the recursion limit (RecursionError)")
        return 2
    except OverflowError:  # a model's number beyond what the maths can hold (the PAR sheet's bytes)
        progress.end_line()
        _say(f"{PROG}: error: a number of the input is too large to compute with (OverflowError)")
        return 2
    except UnicodeEncodeError as exc:
        _say(f"{PROG}: error: the output cannot be written in {exc.encoding}")
        return 2
    except OSError as exc:  # the machine's, not the input's: a full disk, no more processes
        progress.end_line()
        where = f" ({exc.filename})" if exc.filename else ""
        _say(f"{PROG}: error: {exc.strerror or exc}{where}")
        return 2


class _Progress:
    """simulate's progress bar on stderr, which knows whether it left a line open."""

    def __init__(self) -> None:
        self.open = False

    def __call__(self, done: int, total: int) -> None:
        from .simulate import progress_bar

        self.open = True  # before it draws: Ctrl-C may come while it does
        progress_bar(done, total)
        self.open = done < total

    def end_line(self) -> None:
        if self.open:
            self.open = False
            try:
                sys.stderr.write("\n")
            except (OSError, ValueError):
                pass


def _run(argv: Sequence[str] | None, progress: _Progress) -> int:
    args = _parser().parse_args(argv)
    try:
        # the shipped model too is read by the strict reader here (load_model() would not)
        model = load_model(args.model if args.model is not None else MODEL_PATH)
        if args.command == "verify":
            return verify(model, args.source)
        if args.command == "round":
            bet = args.bet if args.bet is not None else model.default_bet
            rnd = play_round(model, bet, random.Random(args.seed), buy=args.buy)
            json.dump(rnd.to_dict(), sys.stdout, indent=1)
        elif args.command == "evaluate":
            mults = dict(args.multiplier)
            ev = evaluate(model, parse_grid(args.grid), special=args.special, multipliers=mults or None)
            json.dump({
                "total": ev.total, "books": ev.books, "triggers_free_spins": ev.triggers_free_spins,
                "expanding_win": ev.expanding_win,
                "line_wins": [{"line": w.line, "symbol": w.symbol, "count": w.count,
                               "multiplier": w.multiplier, "win": w.win} for w in ev.line_wins],
            }, sys.stdout, indent=1)
        elif args.command == "scenarios":
            from .scenarios import catalogue_json

            sys.stdout.write(catalogue_json(model))
            return 0
        elif args.command == "par":
            from .par import par_sheet, render_sheet, sheet_json

            sheet = par_sheet(model, workers=args.workers)
            if args.json:
                json.dump(sheet_json(sheet), sys.stdout, indent=1)
            else:
                # symbol names are the model's: no control character of theirs reaches a terminal
                sys.stdout.write("\n".join(shown(line, sys.maxsize) for line in render_sheet(sheet).split("\n")))
        elif args.command == "simulate":
            from .simulate import simulate

            with _interrupt_here_only():
                result = simulate(model, args.rounds, args.seed, buy=args.buy, workers=args.workers,
                                  bet=args.bet, progress=progress if args.rounds >= 200_000 else None)
            if args.json:
                json.dump(result, sys.stdout, indent=1)
            else:
                for key, value in result.items():
                    print(f"{key:22} {value}")
        else:
            print(f"{shown(model.name)}: {len(model.symbols)} symbols, strips "
                  f"{[len(s) for s in model.base_strips]} / {[len(s) for s in model.free_strips]}, "
                  f"{len(model.bets)} bets; OK")
        print()
    except EngineError as exc:
        _say(f"error: {exc}")
        return 2
    return 0


def verify(model: Model, source: str) -> int:
    """``python -m engine verify``: the round of a link, text or exported file replayed on
    this interpreter; its figures on stdout and 0, or the reason on stderr and 1."""
    try:
        # a path to anything (a directory or a device too, which the reader refuses), or a link
        if source.endswith(".json") or os.path.exists(source):
            data = read_json(source, what="exported round", limit=EXPORT_LIMIT, error=SavedRoundError)
            rnd = round_from_export(data, model)
            text = str(data["round"])
        else:
            text = parse_replay(source)
            rnd = round_from_text(text, model)
    except EngineError as exc:
        _say(f"not genuine: {exc}")
        return 1
    played = sum(1 for s in rnd.spins if s.kind is SpinKind.FREE)
    what = "a bought feature" if rnd.buy else "a base spin"
    if rnd.special is not None:
        what += f", special {rnd.special}, {played} of {rnd.free_spins} free spins"
    print(f"genuine: {what}, ended {rnd.end.value}, model {model_fingerprint(model)}")
    currency = text_currency(text)
    for name, minor in (("bet", rnd.bet), ("cost", rnd.cost), ("win", rnd.total_win)):
        if currency == DEFAULT_CURRENCY:
            print(f"{name:5}{money(minor):>12}  ({minor} minor units)")
        else:  # another currency's minor digits are the page's to know (JPY 0, BHD 3)
            print(f"{name:5}{minor:>12}  (minor units of {currency})")
    return 0


def money(minor: int) -> str:
    """An amount in minor units written in major units with 2 decimals: ``12345`` is ``123.45``."""
    return f"{minor // 100:,}.{minor % 100:02d}"


if __name__ == "__main__":
    sys.exit(main())
