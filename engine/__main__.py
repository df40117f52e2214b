"""Command line: ``python -m engine --help``."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from .evaluate import evaluate
from .grid import parse_grid
from .errors import EngineError
from .model import load_model
from .round import play_round


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

    args = parser.parse_args(argv)
    try:
        model = load_model(args.model)
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


if __name__ == "__main__":
    sys.exit(main())
