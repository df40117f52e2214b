"""The maths model: one JSON file read, checked and frozen.

Every number of the game's maths (pays, lines, strips, weights, bets, caps) lives in
``engine/data/model.json``; code holds rules only. :func:`load_model` checks every rule of
the schema (``engine/data/model.schema.json``, which documents the format; the engine does not
read it at run time) and the rules a schema cannot say, and raises :class:`ModelError` naming
the field and the value at fault.

>>> model = load_model()
>>> model.wild, len(model.symbols), len(model.paylines)
('BOOK', 9, 10)
>>> model.pay("SANTA", 5) > model.pay("SANTA", 4) > 0
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .errors import ModelError
from .grid import REELS, ROWS, Symbol

MODEL_PATH = Path(__file__).with_name("data") / "model.json"
MAX_STOPS = 500
"""The most stops a strip may have (model.schema.json's maxItems of a strip). The exact PAR
sheet's memory grows with the cube of the strip length: measured, 500 stops took 1 GB and 3 s,
1,000 stops 8 GB and 30 s, 8,000 stops (a file of 0.5 MB) ran out of memory. The shipped strips
have 37 to 105 stops."""
MAX_FREE_SPINS = 1000
"""The most free spins a model may award (model.schema.json's maximum of free_spins.count). A
round, the PAR sheet and the simulator all take time in proportion to it; a model file asking
for 10^15 would make every command run for ever, so it is refused like any other bad value."""
"""The shipped model."""
WILD = "BOOK"
"""The scatter-and-wild symbol's name; the schema fixes it."""
PAYING_SYMBOLS = 9
"""How many paying symbols a model has."""
LINES = 10
"""How many fixed paylines a model has."""
MULTIPLIERS = (1, 2, 3, 4, 5)
"""The multipliers a book reel can reveal in free spins."""
MIN_BOOK_GAP = 3
"""Books on one strip stand at least this many stops apart, so a reel shows one at most."""
BOOK_REELS = (1, 2, 3)
"""The reels (0-based) whose strips may hold books: reels 2, 3 and 4 of the rules."""


@dataclass(frozen=True, slots=True)
class BigWin:
    """A big-win celebration tier: a round winning ``at`` total bets or more is shown as ``name``."""

    name: str
    """What the page shows, e.g. ``"BIG WIN"``."""
    level: int
    """1 for the lowest tier, rising: how grand the celebration is."""
    at: int
    """The threshold, in total bets."""


@dataclass(frozen=True)
class Model:
    """A checked maths model. Build it with :func:`load_model`."""

    name: str
    """The game's name."""
    wild: Symbol
    """The wild-and-scatter symbol, ``"BOOK"``."""
    symbols: tuple[Symbol, ...]
    """The nine paying symbols, in the model's paytable order (highest first)."""
    paytable: Mapping[Symbol, tuple[int, int, int, int, int, int]]
    """``paytable[symbol][count]``: the pay for ``count`` (0..5) in line bets; 0 where none."""
    paylines: tuple[tuple[int, int, int, int, int], ...]
    """Each line's row on reels 0..4."""
    base_strips: tuple[tuple[Symbol, ...], ...]
    """The five base-game strips."""
    free_strips: tuple[tuple[Symbol, ...], ...]
    """The five free-spins strips."""
    free_spins: int
    """Free spins a feature awards."""
    multiplier_weights: tuple[tuple[int, int], ...]
    """``(multiplier, weight)`` for each multiplier a book reel may reveal, weight > 0."""
    special_weights: tuple[tuple[Symbol, int], ...]
    """``(symbol, weight)`` for each symbol the SES draw may pick, weight > 0, paytable order."""
    max_win: int
    """Cap on a round's win, in total bets."""
    buy_price: int
    """Price of the bought feature, in total bets."""
    bets: tuple[int, ...]
    """Allowed total bets in minor units, ascending."""
    default_bet: int
    """The bet a new player starts on."""
    big_wins: tuple[BigWin, ...]
    """The big-win tiers, lowest first (levels and thresholds both rise)."""
    anticipation_books: int
    """In a base spin, a reel that can show a book spins slow once this many books show to its left."""

    def pay(self, symbol: Symbol, count: int) -> int:
        """The pay of ``count`` of ``symbol`` on a line, in line bets (0 if none)."""
        return self.paytable[symbol][count]

    def min_count(self, symbol: Symbol) -> int:
        """The fewest of ``symbol`` that pay on a line (2 or 3 in the shipped model)."""
        return next(c for c in range(1, REELS + 1) if self.paytable[symbol][c] > 0)

    def line_bet(self, bet: int) -> int:
        """The line bet, in minor units, of a total bet."""
        return bet // len(self.paylines)

    def big_win(self, win: int, bet: int, cost: int | None = None) -> BigWin | None:
        """The highest big-win tier ``win`` reaches at ``bet`` (both minor units), or None; and
        None for a round that does not win more than its ``cost`` (a bought feature paying 20.50
        on a price of 85.00 is a loss, not a big win), when the cost is given."""
        if cost is not None and win <= cost:
            return None
        reached = [tier for tier in self.big_wins if win >= tier.at * bet]
        return reached[-1] if reached else None

    def to_json(self) -> dict[str, Any]:
        """The model in the file's JSON form (what :func:`load_model` reads)."""
        return {
            "name": self.name,
            "wild": self.wild,
            "paytable": {
                s: {str(c): p for c, p in enumerate(pays) if c >= 2 and (c >= 3 or p)}
                for s, pays in self.paytable.items()
            },
            "paylines": [list(line) for line in self.paylines],
            "reels": {
                "base": [list(s) for s in self.base_strips],
                "free_spins": [list(s) for s in self.free_strips],
            },
            "free_spins": {
                "count": self.free_spins,
                "multiplier_weights": {str(m): w for m, w in self.multiplier_weights},
                "special_weights": dict(self.special_weights),
            },
            "max_win": self.max_win,
            "buy_price": self.buy_price,
            "bets": list(self.bets),
            "default_bet": self.default_bet,
            "big_wins": [{"name": b.name, "level": b.level, "at": b.at} for b in self.big_wins],
            "anticipation_books": self.anticipation_books,
        }


def model_digest(model: Model) -> str:
    """The SHA-256 of the model's content (its checked fields as canonical JSON), in hex.

    static/par.json carries it (``model_sha256``): a file check compares it with the shipped
    model's in a millisecond, where recomputing the sheet takes seconds. Reformatting
    model.json or reordering its keys does not change it; changing any number does.
    """
    text = json.dumps(asdict(model), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_model(source: str | Path | Mapping[str, Any] | None = None) -> Model:
    """Read and check a model: the shipped one, a JSON file's path, or an already parsed dict.
    A path is read by :func:`engine.jsonfile.read_json` (bounded and strict: a refusal is a
    ModelError with a ``file.<reason>`` code).

    >>> load_model({"name": "x"})
    Traceback (most recent call last):
    ...
    engine.errors.ModelError: model: missing field 'wild'
    """
    if source is None:
        # the shipped file, as the page's boot reads it (engine.jsonfile is not among the
        # modules a game imports, so the boot fetches no more)
        try:
            data = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
        except OSError as exc:
            raise ModelError(f"model file {MODEL_PATH}: cannot be read ({exc.strerror})") from exc
        except json.JSONDecodeError as exc:
            raise ModelError(f"model file {MODEL_PATH}: not JSON ({exc})") from exc
    elif isinstance(source, (str, Path)):
        # a file named by a caller (the command line's --model): strictly, within bounds
        from .jsonfile import MODEL_LIMIT, read_json

        data = read_json(source, what="model file", limit=MODEL_LIMIT, error=ModelError)
    else:
        data = source
    return _check(data)


def _fail(where: str, message: str) -> ModelError:
    return ModelError(f"{where}: {message}")


def _int(value: object, where: str, minimum: int | None = None, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, f"{value!r} is not an integer")
    if minimum is not None and value < minimum:
        raise _fail(where, f"{value} is below {minimum}")
    if maximum is not None and value > maximum:
        raise _fail(where, f"{value} is above {maximum}")
    return value


def _obj(value: object, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(where, f"{value!r} is not an object")
    return value


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(where, f"{value!r} is not a list")
    return value


def _check(data: object) -> Model:
    top = _obj(data, "model")
    for key in ("name", "wild", "paytable", "paylines", "reels", "free_spins",
                "max_win", "buy_price", "bets", "default_bet", "big_wins", "anticipation_books"):
        if key not in top:
            raise _fail("model", f"missing field {key!r}")
    if not isinstance(top["name"], str):
        raise _fail("name", f"{top['name']!r} is not a string")
    if top["wild"] != WILD:
        raise _fail("wild", f"{top['wild']!r} must be {WILD!r}")

    paytable = _check_paytable(top["paytable"])
    symbols = tuple(paytable)
    paylines = _check_paylines(top["paylines"])
    reels = _obj(top["reels"], "reels")
    for key in reels:
        if key not in ("base", "free_spins"):
            raise _fail("reels", f"unknown reel set {key!r}")
    base = _check_strips(reels.get("base"), "reels.base", symbols)
    free = _check_strips(reels.get("free_spins"), "reels.free_spins", symbols)

    fs = _obj(top["free_spins"], "free_spins")
    for key in ("count", "multiplier_weights", "special_weights"):
        if key not in fs:
            raise _fail("free_spins", f"missing field {key!r}")
    count = _int(fs["count"], "free_spins.count", 1, MAX_FREE_SPINS)
    multipliers = _check_weights(
        fs["multiplier_weights"], "free_spins.multiplier_weights",
        {str(m): m for m in MULTIPLIERS}, uniform_if_empty=False)
    specials = _check_weights(
        fs["special_weights"], "free_spins.special_weights",
        {s: s for s in symbols}, uniform_if_empty=True)

    max_win = _int(top["max_win"], "max_win", 1)
    buy_price = _int(top["buy_price"], "buy_price", 1)
    bets = _check_bets(top["bets"])
    default_bet = _int(top["default_bet"], "default_bet")
    if default_bet not in bets:
        raise _fail("default_bet", f"{default_bet} is not among the bets {list(bets)}")
    big_wins = _check_big_wins(top["big_wins"])
    anticipation = _int(top["anticipation_books"], "anticipation_books", 1)

    return Model(
        name=top["name"], wild=WILD, symbols=symbols, paytable=paytable, paylines=paylines,
        base_strips=base, free_strips=free, free_spins=count,
        multiplier_weights=tuple((m, w) for m, w in sorted(multipliers)),
        special_weights=tuple(sorted(specials, key=lambda sw: symbols.index(sw[0]))),
        max_win=max_win, buy_price=buy_price, bets=bets, default_bet=default_bet,
        big_wins=big_wins, anticipation_books=anticipation,
    )


def _check_paytable(value: object) -> dict[Symbol, tuple[int, int, int, int, int, int]]:
    table = _obj(value, "paytable")
    if len(table) != PAYING_SYMBOLS:
        raise _fail("paytable", f"has {len(table)} symbols; a model has {PAYING_SYMBOLS}")
    result: dict[Symbol, tuple[int, int, int, int, int, int]] = {}
    for symbol, pays in table.items():
        where = f"paytable.{symbol}"
        if symbol == WILD:
            raise _fail(where, f"{WILD} has no line pay")
        pays = _obj(pays, where)
        for key in pays:
            if key not in ("2", "3", "4", "5"):
                raise _fail(where, f"count {key!r} is not one of 2, 3, 4, 5")
        for key in ("3", "4", "5"):
            if key not in pays:
                raise _fail(where, f"missing the pay for {key}")
        row = [0, 0] + [_int(pays.get(str(c), 0), f"{where}.{c}", 0) for c in (2, 3, 4, 5)]
        for c in (3, 4, 5):
            if row[c] < row[c - 1]:
                raise _fail(where, f"pays fall as the count rises: {c - 1} pays {row[c - 1]}, "
                                   f"{c} pays {row[c]}")
        if row[5] == 0:
            raise _fail(where, "pays nothing even for 5")
        result[symbol] = (row[0], row[1], row[2], row[3], row[4], row[5])
    return result


def _check_paylines(value: object) -> tuple[tuple[int, int, int, int, int], ...]:
    lines = _list(value, "paylines")
    if len(lines) != LINES:
        raise _fail("paylines", f"has {len(lines)} lines; a model has {LINES}")
    result: list[tuple[int, ...]] = []
    for i, line in enumerate(lines):
        where = f"paylines[{i}]"
        line = _list(line, where)
        if len(line) != REELS:
            raise _fail(where, f"{line} has {len(line)} rows; a line has one per reel")
        rows = tuple(_int(r, where) for r in line)
        if any(not 0 <= r < ROWS for r in rows):
            raise _fail(where, f"{list(rows)} has a row outside 0..2")
        if rows in result:
            raise _fail(where, f"{list(rows)} repeats paylines[{result.index(rows)}]")
        result.append(rows)
    return tuple((r[0], r[1], r[2], r[3], r[4]) for r in result)


def _check_strips(value: object, where: str, symbols: tuple[Symbol, ...]) -> tuple[tuple[Symbol, ...], ...]:
    strips = _list(value, where)
    if len(strips) != REELS:
        raise _fail(where, f"has {len(strips)} strips; a reel set has {REELS}")
    known = set(symbols) | {WILD}
    result = []
    for reel, strip in enumerate(strips):
        at = f"{where}[{reel}]"
        strip = _list(strip, at)
        if len(strip) < ROWS:
            raise _fail(at, f"has {len(strip)} stops; a strip has at least {ROWS}")
        if len(strip) > MAX_STOPS:
            raise _fail(at, f"has {len(strip)} stops; a strip has at most {MAX_STOPS}")
        for stop, name in enumerate(strip):
            if not isinstance(name, str) or name not in known:  # a list or object is no name either
                raise _fail(f"{at}[{stop}]", f"unknown symbol {name!r}")
        books = [stop for stop, name in enumerate(strip) if name == WILD]
        if books and reel not in BOOK_REELS:
            raise _fail(f"{at}[{books[0]}]", f"{WILD} on reel {reel + 1}; books land on reels 2, 3 and 4 only")
        n = len(strip)
        for i, a in enumerate(books[:-1] if len(books) == 1 else books):
            b = books[i + 1] if i + 1 < len(books) else books[0] + n
            if b - a < MIN_BOOK_GAP:
                raise _fail(f"{at}[{a}]", f"books at stops {a} and {b % n} are {b - a} apart; "
                                           f"they must be at least {MIN_BOOK_GAP} apart")
        result.append(tuple(strip))
    return tuple(result)


def _check_weights(value: object, where: str, keys: Mapping[str, Any],
                   uniform_if_empty: bool) -> list[tuple[Any, int]]:
    table = _obj(value, where)
    if not table and uniform_if_empty:
        return [(k, 1) for k in keys.values()]
    result: list[tuple[Any, int]] = []
    for key, weight in table.items():
        if key not in keys:
            raise _fail(f"{where}.{key}", f"unknown key {key!r}; expected one of {list(keys)}")
        if _int(weight, f"{where}.{key}", 0):
            result.append((keys[key], weight))
    if not result:
        raise _fail(where, "every weight is zero; at least one must be positive")
    return result


def _check_bets(value: object) -> tuple[int, ...]:
    bets = _list(value, "bets")
    if not bets:
        raise _fail("bets", "is empty")
    result: list[int] = []
    for i, bet in enumerate(bets):
        bet = _int(bet, f"bets[{i}]", 10)
        if bet % LINES:
            raise _fail(f"bets[{i}]", f"{bet} is not a multiple of {LINES} (the line bet must be whole)")
        if result and bet <= result[-1]:
            raise _fail(f"bets[{i}]", f"{bet} does not rise above {result[-1]}; bets ascend")
        result.append(bet)
    return tuple(result)


def _check_big_wins(value: object) -> tuple[BigWin, ...]:
    result: list[BigWin] = []
    for i, raw in enumerate(_list(value, "big_wins")):
        where = f"big_wins[{i}]"
        tier = _obj(raw, where)
        for key in tier:
            if key not in ("name", "level", "at"):
                raise _fail(where, f"unknown field {key!r}")
        name = tier.get("name")
        if not isinstance(name, str) or not name:
            raise _fail(f"{where}.name", f"{name!r} is not a non-empty string")
        big = BigWin(name, _int(tier.get("level"), f"{where}.level", 1), _int(tier.get("at"), f"{where}.at", 1))
        if result and (big.level <= result[-1].level or big.at <= result[-1].at):
            raise _fail(where, f"level {big.level} at {big.at} does not rise above level "
                               f"{result[-1].level} at {result[-1].at}; tiers go lowest first")
        result.append(big)
    return tuple(result)
