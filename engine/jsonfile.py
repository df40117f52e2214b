"""One strict, bounded reader for the JSON files the engine is asked to read by name.

:func:`read_json` is how ``python -m engine`` reads every file it is given (``--model``, the
exported round of ``verify``) and how :func:`engine.load_model` reads a path. It refuses, with a
one-line message naming the file and why, each of: a path that cannot be opened or is not a
regular file (a directory, a FIFO, ``/dev/zero``: the open never blocks, nothing is read from
them), more bytes than its limit (it reads at most ``limit + 1``), bytes that are not UTF-8,
a byte order mark, nesting deeper than :data:`MAX_DEPTH` (counted before :mod:`json` recurses),
``NaN``/``Infinity`` or a number too large for a float, an integer of more than
:data:`MAX_INT_DIGITS` digits, a key twice in one object, a string with an unpaired surrogate,
and anything that is not one JSON value (empty, trailing data). Each refusal is the caller's
``error`` class (a :class:`ModelError` for a model, a :class:`SavedRoundError` for an exported
round) with a code ``file.<reason>``.

The page does not import this module: it hands the engine parsed values, and its
``load_model()`` reads the shipped model as before, so its boot fetches no more bytes.

>>> import tempfile, os
>>> with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
...     _ = f.write('{"a": 1, "a": 2}')
>>> try:
...     read_json(f.name, what="test file")
... except EngineError as exc:
...     print(exc.code, "|", str(exc).split(": ", 1)[1])
file.duplicateKey | has the key 'a' twice in one object
>>> os.unlink(f.name)
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

from .errors import EngineError

MAX_DEPTH = 64
"""Deepest nesting of arrays and objects read. The model is 4 deep (``reels.base[i][j]``), an
exported round 1 and the scenario catalogue 3; 64 leaves room for any format to grow while
staying far below the depth at which :mod:`json`'s decoder overflows Python's stack (about
1,000)."""
MAX_INT_DIGITS = 100
"""Most digits an integer literal may have. Every integer the engine reads (pays, weights, bets
and wins in minor units) is below 10^18; Python refuses more than 4,300 digits and converts
long ones in time that grows faster than their length."""
MODEL_LIMIT = 1 << 20
"""Largest model file read, in bytes (1 MiB). The shipped model is 8 KB; a model with strips
a hundred times as long still fits, and the costliest 1 MiB (objects, each a dict) takes about
0.25 s and 30 MB here (measured; tests/engine/test_cli_hostile.py bounds the memory)."""
EXPORT_LIMIT = 1 << 16
"""Largest exported round read, in bytes (64 KiB). An export of the shipped rules is under
1 KB (the longest of 20,000 bought features, written with indent=1, was 381 bytes); one of a
model with a thousand free spins is about 12 KB."""

_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_BRACKETS = re.compile(r"[\[\]{}]")
_SHOWN = 60


def shown(text: object, limit: int = 200) -> str:
    """``text`` as one printable line of at most ``limit`` characters: control characters,
    line breaks and unpaired surrogates written as escapes (``\\n``, ``\\x1b``, ``\\udc80``),
    the middle of a longer text elided."""
    out = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in str(text))
    if len(out) > limit:
        half = (limit - 3) // 2
        out = f"{out[:half]}...{out[len(out) - half:]}"
    return out


def _refused(error: type[EngineError], file: str, why: str, *, code: str,
             params: dict[str, object] | None = None) -> EngineError:
    """``error`` with the message ``<file>: <why>``, ``code`` and ``file`` among its params."""
    return error(f"{file}: {why}", code=code, params={"file": file, **(params or {})})


def _depth(text: str) -> int | None:
    """How deep arrays and objects nest in ``text``, its strings skipped: a linear scan that
    never recurses; None when a string does not end (no JSON text has a quote left over)."""
    rest = _STRINGS.sub("", text)
    if '"' in rest:
        return None
    deepest = depth = 0
    for bracket in _BRACKETS.findall(rest):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _unpaired_surrogate(value: object) -> str | None:
    """The first string (key or value) in ``value`` that UTF-8 cannot hold, or None; a walk
    with a stack of its own (the nesting is bounded already)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return item
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None


def _read_bytes(path: Path, file: str, limit: int, error: type[EngineError]) -> bytes:
    """At most ``limit`` bytes of a regular file, else ``error``."""
    try:
        # O_NONBLOCK: opening a FIFO without a writer would otherwise wait forever
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise _refused(error, file, f"cannot be read ({exc.strerror})", code="file.unreadable",
                       params={"reason": exc.strerror}) from None
    except ValueError:  # a NUL in the path
        raise _refused(error, file, "cannot be read (a path has no NUL character)", code="file.unreadable",
                       params={"reason": "NUL"}) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "a directory" if stat.S_ISDIR(mode) else "not a regular file"
            raise _refused(error, file, f"cannot be read ({kind})", code="file.unreadable",
                           params={"reason": kind})
        chunks: list[bytes] = []
        got = 0
        while got <= limit:  # a file that grows while it is read stops at limit + 1 bytes too
            chunk = os.read(fd, limit + 1 - got)
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    except OSError as exc:
        raise _refused(error, file, f"cannot be read ({exc.strerror})", code="file.unreadable",
                       params={"reason": exc.strerror}) from None
    finally:
        os.close(fd)
    if got > limit:
        raise _refused(error, file, f"is larger than {limit:,} bytes", code="file.tooLarge",
                       params={"limit": f"{limit:,}"})
    return b"".join(chunks)


def read_json(path: str | Path, *, what: str = "file", limit: int = MODEL_LIMIT,
              error: type[EngineError] = EngineError) -> Any:
    """The one JSON value of the file at ``path``, read strictly within the bounds above;
    ``error`` (an :class:`EngineError` class built as ``error(message, code=, params=)``)
    naming ``what`` and the path otherwise."""
    file = f"{what} {shown(path)}"
    raw = _read_bytes(Path(path), file, limit, error)
    if raw.startswith(b"\xef\xbb\xbf"):
        # refused, not skipped: the page's engine reads its model with json.loads, which refuses
        # a BOM, so a check that passed one would pass a file the page cannot boot with
        raise _refused(error, file, "begins with a byte order mark; save it as UTF-8 without one",
                       code="file.byteOrderMark")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _refused(error, file, f"is not UTF-8 text (byte {exc.start}: {raw[exc.start:exc.start + 1]!r})",
                       code="file.notUtf8", params={"at": exc.start}) from None
    depth = _depth(text)
    if depth is None:
        raise _refused(error, file, "is not JSON (a string does not end)", code="file.notJson")
    if depth > MAX_DEPTH:
        raise _refused(error, file, f"nests {depth} levels deep, over {MAX_DEPTH}", code="file.tooDeep",
                       params={"depth": depth, "limit": MAX_DEPTH})

    # the decoder's hooks: each refuses what strict JSON of the engine's files never holds
    def constant(name: str) -> Any:
        raise _refused(error, file, f"has {name}, which JSON does not allow", code="file.notFinite",
                       params={"value": name})

    def real(literal: str) -> float:
        number = float(literal)
        if not math.isfinite(number):
            raise _refused(error, file, f"has the number {literal[:_SHOWN]}, too large for a float",
                           code="file.notFinite", params={"value": literal[:_SHOWN]})
        return number

    def integer(literal: str) -> int:
        digits = len(literal.lstrip("-"))
        if digits > MAX_INT_DIGITS:
            raise _refused(error, file, f"has an integer of {digits} digits, over {MAX_INT_DIGITS}",
                           code="file.bigInteger", params={"digits": digits, "limit": MAX_INT_DIGITS})
        return int(literal)

    def mapping(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result = dict(pairs)
        if len(result) != len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    raise _refused(error, file, f"has the key {shown(repr(key), _SHOWN)} twice in one object",
                                   code="file.duplicateKey", params={"key": shown(repr(key), _SHOWN)})
                seen.add(key)
        return result

    try:
        value = json.loads(text, parse_constant=constant, parse_float=real, parse_int=integer,
                           object_pairs_hook=mapping)
    except json.JSONDecodeError as exc:
        if not text.strip():
            raise _refused(error, file, "is empty", code="file.notJson") from None
        raise _refused(error, file, f"is not JSON ({exc})", code="file.notJson") from None
    except RecursionError:  # only where the interpreter's recursion limit is set below MAX_DEPTH
        raise _refused(error, file, "nests too deeply for this interpreter (its recursion limit)",
                       code="file.tooDeep") from None
    bad = _unpaired_surrogate(value)
    if bad is not None:
        raise _refused(error, file, f"has a string UTF-8 cannot hold (an unpaired surrogate): "
                                    f"{shown(repr(bad), _SHOWN)}", code="file.notUtf8")
    return value


__all__ = ["EXPORT_LIMIT", "MAX_DEPTH", "MAX_INT_DIGITS", "MODEL_LIMIT", "read_json", "shown"]
