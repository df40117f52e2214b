"""Command line: ``python -m engine --help``."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from .evaluate import evaluate
from .grid import parse_grid
from .errors import EngineError, ModelError, ReplayLinkError
from .model import Model, load_model
from .replaylink import model_fingerprint, parse_replay, round_from_export
from .round import Round, play_round
from .spin import SpinKind


def _multiplier(text: str) -> tuple[int, int]:
    """``REEL=M`` as ``(reel, multiplier)``; argparse reports anything else as a usage error."""
    reel, _, m = text.partition("=")
    try:
        return int(reel), int(m)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not REEL=M (two integers)") from None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Book of Christmas Eve's rules engine.")
    parser.add_argument("--model", help="a model file (default: the shipped engine/data/model.json)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("round", help="decide one round and print its JSON form")
    p.add_argument("--bet", type=int, help="total bet in minor units (default: the model's default bet)")
    p.add_argument("--seed", type=int, required=True, help="seed of random.Random")
    p.add_argument("--buy", action="store_true", help="buy the feature")

    p = sub.add_parser("evaluate", help="score a grid given in its text form, e.g. 'SANTA A K|BOOK Q J|...'")
    p.add_argument("grid")
    p.add_argument("--special", help="the SES: score as a free spin")
    p.add_argument("--multiplier", action="append", default=[], metavar="REEL=M", type=_multiplier,
                   help="a book reel's multiplier in a free spin (0-based reel), repeatable")

    p = sub.add_parser("check", help="check a model file and print a summary")

    p = sub.add_parser("par", help="the exact PAR sheet of the model (no sampling)")
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = sub.add_parser("simulate", help="Monte Carlo through play_round, to cross-check the PAR sheet")
    p.add_argument("--rounds", type=int, required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--buy", action="store_true", help="simulate bought features")
    p.add_argument("--workers", type=int, default=1, help="processes (the result does not depend on it)")
    p.add_argument("--bet", type=int, help="total bet in minor units (default: the model's default)")
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = sub.add_parser("verify", help="replay a round from its link, text or exported file; "
                                      "exit 0 when genuine, 1 otherwise")
    p.add_argument("source", metavar="LINK_OR_FILE",
                   help="a replay link (...?replay=...), a bare replay text, or an exported round's JSON file")

    p = sub.add_parser("scenarios", help="the catalogue of scenario rounds (what engine/data/scenarios.json holds)")
    p.add_argument("--json", action="store_true", help="print one JSON object (the default)")

    args = parser.parse_args(argv)
    try:
        model = load_model(args.model)
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

            sheet = par_sheet(model)
            if args.json:
                json.dump(sheet_json(sheet), sys.stdout, indent=1)
            else:
                sys.stdout.write(render_sheet(sheet))
        elif args.command == "simulate":
            from .simulate import progress_bar, simulate

            result = simulate(model, args.rounds, args.seed, buy=args.buy, workers=args.workers,
                              bet=args.bet,
                              progress=progress_bar if args.rounds >= 200_000 else None)
            if args.json:
                json.dump(result, sys.stdout, indent=1)
            else:
                for key, value in result.items():
                    print(f"{key:22} {value}")
        else:
            print(f"{model.name}: {len(model.symbols)} symbols, strips "
                  f"{[len(s) for s in model.base_strips]} / {[len(s) for s in model.free_strips]}, "
                  f"{len(model.bets)} bets; OK")
        print()
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def verify(model: Model, source: str) -> int:
    """``python -m engine verify``: the round of a link, text or exported file replayed on
    this interpreter; its figures on stdout and 0, or the reason on stderr and 1."""
    try:
        path = Path(source)
        if source.endswith(".json") or path.is_file():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except OSError as exc:
                raise ReplayLinkError("export", f"{source}: cannot be read ({exc.strerror})") from None
            except ValueError as exc:  # not UTF-8, or not JSON
                raise ReplayLinkError("export", f"{source}: is not a JSON file ({exc})") from None
            rnd = round_from_export(data, model)
        else:
            rnd = Round.from_text(parse_replay(source), model)
    except EngineError as exc:
        print(f"not genuine: {exc}", file=sys.stderr)
        return 1
    played = sum(1 for s in rnd.spins if s.kind is SpinKind.FREE)
    what = "a bought feature" if rnd.buy else "a base spin"
    if rnd.special is not None:
        what += f", special {rnd.special}, {played} of {rnd.free_spins} free spins"
    print(f"genuine: {what}, ended {rnd.end.value}, model {model_fingerprint(model)}")
    for name, minor in (("bet", rnd.bet), ("cost", rnd.cost), ("win", rnd.total_win)):
        print(f"{name:5}{money(minor):>12}  ({minor} minor units)")
    return 0


def money(minor: int) -> str:
    """An amount in minor units written in major units with 2 decimals: ``12345`` is ``123.45``."""
    return f"{minor // 100:,}.{minor % 100:02d}"


if __name__ == "__main__":
    sys.exit(main())
