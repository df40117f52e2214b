"""The command line refuses every hostile file and argument with one line and exit 1 or 2, in
bounded time, never with a traceback (issue 31; docs/engine.md "Command line").

The expected refusals come from the rules the reader states (engine/jsonfile.py's docstring and
constants: 1 MiB for a model, 64 KiB for an exported round, 64 levels, 100 digits) and from the
argument limits of engine/__main__.py (LIMITS, TEXT_LIMITS), both written out in docs/engine.md.
Most cases run in-process through ``main([...])`` (fast); a few run a real interpreter
(``sys.executable -m engine``) to show that nothing else reaches its stderr. The fuzz tests
(hypothesis) feed random bytes and mutated valid files; the profile of tests/engine/conftest.py
decides how many examples (a quarter of the profile's, so that `make test` stays quick).
"""

from __future__ import annotations

import errno
import io
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import tracemalloc
from contextlib import redirect_stderr, redirect_stdout
from datetime import timedelta
from pathlib import Path

import pytest
import reason_codes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from book_models import ROOT, SHIPPED, TEST_MODEL_PATH
from engine import load_model, play_round
from engine.__main__ import LIMITS, TEXT_LIMITS, _parser, main
from engine.errors import EngineError, ModelError, SavedRoundError
from engine.jsonfile import EXPORT_LIMIT, MAX_DEPTH, MAX_INT_DIGITS, MODEL_LIMIT, read_json
from engine.replaylink import export_round, round_text

SECONDS = 5.0
"""A bound on one refusal's time: the reader reads at most 1 MiB (about 0.25 s at worst on
this machine, measured); a refusal of an argument does no work at all."""
TEST_MODEL_BYTES = TEST_MODEL_PATH.read_bytes()
ROUND = play_round(SHIPPED, 200, random.Random(8), buy=True)  # a bought feature: spins of both kinds
GRID = "A K Q|BOOK GIFT AXE|J BOOK GIFT|AXE GIFT BOOK|K Q J"  # test_cli.py's grid
COMMANDS = {
    "round": ["round", "--seed", "1"],
    "evaluate": ["evaluate", GRID],
    "check": ["check"],
    "par": ["par"],
    "simulate": ["simulate", "--rounds", "1", "--seed", "1"],
    "verify": ["verify", round_text(ROUND)],
    "scenarios": ["scenarios"],
}
"""Every command, with arguments that would make it work on a good model."""

DIRECTORY, MISSING, FIFO = "<directory>", "<missing>", "<fifo>"
CASES = [
    # (id, content, code, the words of the refusal): the code and words are the reader's rule
    # for that content (engine/jsonfile.py's docstring), not copied from a run
    ("deep-lists", b"[" * 100_000, "file.tooDeep", "nests 100000 levels deep, over 64"),
    ("deep-objects", b'{"a":' * 100_000, "file.tooDeep", "nests 100000 levels deep, over 64"),
    ("over-the-limit", b" " * MODEL_LIMIT + b"{}", "file.tooLarge", None),
    ("not-utf8", b'{"name": "\xff"}', "file.notUtf8", "is not UTF-8 text (byte 10: b'\\xff')"),
    ("utf16", '{"a": 1}'.encode("utf-16"), "file.notUtf8", "is not UTF-8 text (byte 0"),
    ("bom", b"\xef\xbb\xbf" + TEST_MODEL_BYTES, "file.byteOrderMark", "begins with a byte order mark"),
    ("nan", b'{"max_win": NaN}', "file.notFinite", "has NaN, which JSON does not allow"),
    ("infinity", b"[Infinity]", "file.notFinite", "has Infinity, which JSON does not allow"),
    ("minus-infinity", b"[-Infinity]", "file.notFinite", "has -Infinity, which JSON does not allow"),
    ("1e999", b"[1e999]", "file.notFinite", "has the number 1e999, too large for a float"),
    ("duplicate-key", b'{"a": {"b": 1, "b": 2}}', "file.duplicateKey", "has the key 'b' twice in one object"),
    ("10000-digits", b"[" + b"9" * 10_000 + b"]", "file.bigInteger", "has an integer of 10000 digits, over 100"),
    ("trailing-garbage", b"{} x", "file.notJson", "is not JSON (Extra data"),
    ("not-json", b"not json", "file.notJson", "is not JSON (Expecting value"),
    ("unterminated-string", b'["abc', "file.notJson", "is not JSON (a string does not end)"),
    ("empty", b"", "file.notJson", "is empty"),
    ("blank", b" \n\t ", "file.notJson", "is empty"),
    ("unpaired-surrogate", b'["\\ud800"]', "file.notUtf8", "(an unpaired surrogate): '\\ud800'"),
    ("directory", DIRECTORY, "file.unreadable", "cannot be read (a directory)"),
    ("missing", MISSING, "file.unreadable", f"cannot be read ({os.strerror(errno.ENOENT)})"),
    ("dev-zero", "/dev/zero", "file.unreadable", "cannot be read (not a regular file)"),
    ("fifo", FIFO, "file.unreadable", "cannot be read (not a regular file)"),
]
IDS = [c[0] for c in CASES]


def cli(*args: str) -> tuple[int, str, str, float]:
    """``main(args)`` in-process: exit code, stdout, stderr and seconds taken."""
    out, err = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue(), time.perf_counter() - started


def one_line(err: str) -> str:
    """The one non-empty line ``err`` is (it fails otherwise)."""
    assert "Traceback" not in err, err
    assert err.endswith("\n") and err.count("\n") == 1 and err.strip(), repr(err)
    return err.rstrip("\n")


def hostile(tmp_path: Path, content: bytes | str) -> str:
    """The path of a file (or directory, or FIFO) holding ``content``."""
    if content == DIRECTORY:
        (tmp_path / "dir.json").mkdir(exist_ok=True)
        return str(tmp_path / "dir.json")
    if content == MISSING:
        return str(tmp_path / "absent.json")
    if content == FIFO:
        path = tmp_path / "fifo.json"
        if not path.exists():
            os.mkfifo(path)  # no writer: an open that waited for one would never return
        return str(path)
    if isinstance(content, str):
        return content
    path = tmp_path / "hostile.json"
    path.write_bytes(content)
    return str(path)


def expected(content: bytes | str, code: str, words: str | None, limit: int) -> tuple[str, str]:
    """The code and words of the refusal under ``limit``: a file over it is refused for its
    size before anything else is read (the reader's first check)."""
    if isinstance(content, bytes) and len(content) > limit:
        return "file.tooLarge", f"is larger than {limit:,} bytes"
    assert words is not None
    return code, words


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("name, content, code, words", CASES, ids=IDS)
def test_every_command_refuses_a_hostile_model_in_one_line(tmp_path, command, name, content, code, words) -> None:
    path = hostile(tmp_path, content)
    _, words = expected(content, code, words, MODEL_LIMIT)
    status, out, err, seconds = cli("--model", path, *COMMANDS[command])
    # docs/engine.md "Command line": a model that cannot be loaded exits 2, for every command
    assert (status, out) == (2, "")
    line = one_line(err)
    assert line.startswith(f"error: model file {path}: ") and words in line, line
    assert seconds < SECONDS


@pytest.mark.parametrize("name, content, code, words", CASES, ids=IDS)
def test_verify_refuses_a_hostile_exported_round_with_exit_1(tmp_path, name, content, code, words) -> None:
    path = hostile(tmp_path, content)
    _, words = expected(content, code, words, EXPORT_LIMIT)
    status, out, err, seconds = cli("verify", path)
    # docs/engine.md "Command line": verify's refusal of its round is exit 1, "not genuine: why"
    assert (status, out) == (1, "")
    line = one_line(err)
    assert line.startswith(f"not genuine: exported round {path}: ") and words in line, line
    assert seconds < SECONDS


@pytest.mark.parametrize("name, content, code, words", CASES, ids=IDS)
def test_each_refusal_has_its_code_on_the_callers_class(tmp_path, name, content, code, words) -> None:
    path = hostile(tmp_path, content)
    want, _ = expected(content, code, words, MODEL_LIMIT)
    with pytest.raises(ModelError) as model_error:  # load_model(path) refuses as a ModelError
        load_model(path)
    assert model_error.value.code == want
    want, _ = expected(content, code, words, EXPORT_LIMIT)
    with pytest.raises(SavedRoundError) as export_error:
        read_json(path, what="exported round", limit=EXPORT_LIMIT, error=SavedRoundError)
    exc = export_error.value
    assert exc.code == want
    # as tests/engine/test_error_codes.py asks of every refusal: each param is in the message
    assert exc.params["file"] == f"exported round {path}"
    assert all(str(v) in str(exc) for v in exc.params.values()), (exc.params, str(exc))


def test_the_cases_give_every_code_the_reader_has() -> None:
    # the reader's codes, found by tests/reason_codes.py's scan of its raises
    assert {code for *_, code, _ in CASES} | {"file.tooLarge"} == reason_codes.file_codes()
    assert reason_codes.file_codes() <= {c for _, _, codes in reason_codes.raise_sites() for c in codes}


def test_the_page_does_not_import_the_reader() -> None:
    # engine/jsonfile.py's claim: the page's boot imports no more. What a game imports (main.py's
    # load_model() and a round through engine.page), in a fresh interpreter.
    code = ("import sys, random, engine, engine.page as page; m = engine.load_model(); "
            "page.play(m, random.Random(1), m.default_bet, False); print('engine.jsonfile' in sys.modules)")
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert p.stdout.strip() == "False", p.stderr


def _write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_nesting_at_the_limit_is_read_and_one_level_more_refused(tmp_path) -> None:
    def depth(value: object) -> int:  # a second method: the value's own depth
        return 1 + max(map(depth, value.values() if isinstance(value, dict) else value), default=0) \
            if isinstance(value, (dict, list)) else 0

    for n in (MAX_DEPTH, MAX_DEPTH + 1):
        lists = _write(tmp_path / "lists.json", "[" * n + "]" * n)
        objects = _write(tmp_path / "objects.json", '{"a":' * n + "0" + "}" * n)
        if n == MAX_DEPTH:
            assert depth(read_json(lists)) == depth(read_json(objects)) == MAX_DEPTH
        else:
            for path in (lists, objects):
                with pytest.raises(EngineError, match=f"nests {n} levels deep, over {MAX_DEPTH}"):
                    read_json(path)


def test_brackets_inside_strings_do_not_count(tmp_path) -> None:
    # 100 brackets in a string, with an escaped quote before them: depth 1, read as json reads it
    text = json.dumps(["\\\"" + "[" * 100 + "{" * 100])
    assert read_json(_write(tmp_path / "s.json", text)) == json.loads(text)


@pytest.mark.parametrize("limit", [MODEL_LIMIT, EXPORT_LIMIT])
def test_a_file_of_the_limit_is_read_and_one_byte_more_refused(tmp_path, limit) -> None:
    path = tmp_path / "sized.json"
    path.write_bytes(b" " * (limit - 2) + b"{}")  # exactly limit bytes of valid JSON
    assert read_json(path, limit=limit) == {}
    path.write_bytes(b" " * (limit - 1) + b"{}")
    with pytest.raises(EngineError, match=f"is larger than {limit:,} bytes") as raised:
        read_json(path, limit=limit)
    assert raised.value.code == "file.tooLarge"


def test_integers_up_to_the_digit_limit_and_finite_floats_are_read(tmp_path) -> None:
    at = "9" * MAX_INT_DIGITS
    assert read_json(_write(tmp_path / "i.json", f"[{at}, -{at}, 1e308]")) == [int(at), -int(at), 1e308]
    with pytest.raises(EngineError, match=f"integer of {MAX_INT_DIGITS + 1} digits"):
        read_json(_write(tmp_path / "i.json", f"[{at}9]"))
    with pytest.raises(EngineError, match="1e309, too large for a float"):  # float max is 1.797e308
        read_json(_write(tmp_path / "f.json", "[1e309]"))


def test_a_largest_file_is_read_in_bounded_memory(tmp_path) -> None:
    # The costliest 1 MiB the reader accepts: empty objects, each a dict of its own. Expected
    # peak from CPython's own sizes: a dict and a list slot per object, plus the text as bytes
    # and str; the bound is twice that.
    n = (MODEL_LIMIT - 2) // 3
    path = tmp_path / "objects.json"
    path.write_text("[" + ",".join(["{}"] * n) + "]", encoding="utf-8")
    bound = 2 * (n * (sys.getsizeof({}) + 8) + 3 * MODEL_LIMIT)
    tracemalloc.start()
    try:
        value = read_json(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(value) == n and peak < bound, (peak, bound)


def test_a_recursion_error_while_decoding_is_a_refusal(tmp_path) -> None:
    # An interpreter whose recursion limit is below the reader's depth: json's decoder meets
    # Python's RecursionError, which the reader gives as file.tooDeep (no other exception).
    path = _write(tmp_path / "deep.json", "[" * (MAX_DEPTH - 4) + "]" * (MAX_DEPTH - 4))
    here = len(__import__("inspect").stack())
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(here + 30)
    try:
        with pytest.raises(ModelError) as raised:
            load_model(path)
    finally:
        sys.setrecursionlimit(old)
    assert raised.value.code == "file.tooDeep" and "recursion limit" in str(raised.value)


# The arguments: (argv, exit code, what stderr's line says). 0 means the command ran; the
# limits are LIMITS and TEXT_LIMITS (docs/engine.md "Command line").
SEED_MAX = LIMITS["seed"][1]
BET_MAX = LIMITS["bet"][1]
ROUNDS_MAX = LIMITS["rounds"][1]
WORKERS_MAX = LIMITS["workers"][1]
USAGE = "error: argument"
ARGUMENTS = [
    (["round", "--seed", "0"], 0, None),
    (["round", "--seed", str(SEED_MAX)], 0, None),
    (["round", "--seed", str(SEED_MAX + 1)], 2, f"seed {SEED_MAX + 1} must be at most {SEED_MAX}"),
    (["round", "--seed", "-1"], 2, "seed -1 must be at least 0"),
    (["round", "--seed", "9" * 10_000], 2, "seed of 10000 digits is not between 0 and"),
    (["round", "--seed", "1", "--bet", "0"], 2, "bet 0 must be at least 1"),
    # at the limit the argument passes and the model refuses the level (no such bet)
    (["round", "--seed", "1", "--bet", str(BET_MAX)], 2, f"error: bet {BET_MAX} is not a listed level"),
    (["round", "--seed", "1", "--bet", str(BET_MAX + 1)], 2, f"bet {BET_MAX + 1} must be at most {BET_MAX}"),
    (["simulate", "--rounds", "0", "--seed", "1"], 2, "rounds 0 must be at least 1"),
    (["simulate", "--rounds", str(ROUNDS_MAX + 1), "--seed", "1"], 2, f"must be at most {ROUNDS_MAX}"),
    # one round is one chunk, played in this process whatever the workers
    (["simulate", "--rounds", "1", "--seed", "1", "--workers", str(WORKERS_MAX)], 0, None),
    (["simulate", "--rounds", "1", "--seed", "1", "--workers", "0"], 2, "workers 0 must be at least 1"),
    (["simulate", "--rounds", "1", "--seed", "1", "--workers", str(WORKERS_MAX + 1)], 2,
     f"workers {WORKERS_MAX + 1} must be at most {WORKERS_MAX}"),
    *[(["round", "--seed", text], 2, f"{text!r} is not a whole number in the digits 0-9")
      for text in ("1_000", " 5", "+5", "1e3", "0x10", "\u0663", "")],  # int() takes the first, third, sixth
    (["evaluate", "A" * TEXT_LIMITS["grid"]], 2, "error: grid"),  # the engine's GridError
    (["evaluate", "A" * (TEXT_LIMITS["grid"] + 1)], 2, f"grid is {TEXT_LIMITS['grid'] + 1} characters long"),
    (["evaluate", GRID, "--special", "S" * TEXT_LIMITS["--special"]], 2, "error: special symbol"),
    (["evaluate", GRID, "--special", "S" * (TEXT_LIMITS["--special"] + 1)], 2, "--special is 101 characters"),
    (["evaluate", GRID, "--special", "A", "--multiplier", "1=" + "9" * 10], 2, "is not REEL=M"),
    (["verify", "0" * TEXT_LIMITS["LINK_OR_FILE"]], 1, "not genuine: "),
    (["verify", "0" * (TEXT_LIMITS["LINK_OR_FILE"] + 1)], 2, "LINK_OR_FILE is 65537 characters long, over 65536"),
    (["--model", "m" * TEXT_LIMITS["--model"], "check"], 2, f"cannot be read ({os.strerror(errno.ENAMETOOLONG)})"),
    (["--model", "m" * (TEXT_LIMITS["--model"] + 1), "check"], 2, "--model is 4097 characters long, over 4096"),
    (["nope"], 2, "invalid choice: 'nope'"),
    ([], 2, "the following arguments are required: COMMAND"),
    (["round"], 2, "the following arguments are required: --seed"),
    (["round", "--seed", "1", "--bogus", "a\nb\x1b[31m"], 2, "unrecognized arguments: --bogus a\\nb\\x1b[31m"),
]


@pytest.mark.parametrize("argv, status, words", ARGUMENTS, ids=[" ".join(a)[:50] for a, _, _ in ARGUMENTS])
def test_each_argument_is_bounded_and_refused_in_one_line(argv, status, words) -> None:
    got, out, err, seconds = cli(*argv)
    assert got == status, (got, err)
    if status == 0:
        assert err == ""
        if argv[0] == "round":  # a second method: the same round played here
            seed = int(argv[2])
            assert json.loads(out) == play_round(SHIPPED, SHIPPED.default_bet, random.Random(seed)).to_dict()
    else:
        line = one_line(err)
        assert words in line, line
        if USAGE in line:  # argparse's refusals: before any work, so nothing on stdout
            assert line.startswith("python -m engine") and out == ""
    assert seconds < SECONDS


def test_the_greatest_rounds_and_workers_are_accepted() -> None:
    # 10^9 rounds would take hours, so only the parser is asked: at the limit it takes them
    args = _parser().parse_args(["simulate", "--rounds", str(ROUNDS_MAX), "--seed", str(SEED_MAX),
                                 "--workers", str(WORKERS_MAX)])
    assert (args.rounds, args.seed, args.workers) == (ROUNDS_MAX, SEED_MAX, WORKERS_MAX)


def test_check_writes_a_models_name_without_its_control_characters(tmp_path) -> None:
    data = json.loads(TEST_MODEL_BYTES)
    data["name"] = "evil\x1b[2J\nname"  # a terminal escape and a line break
    status, out, err, _ = cli("--model", _write(tmp_path / "m.json", json.dumps(data)), "check")
    assert status == 0, err
    assert out.splitlines()[0].startswith("evil\\x1b[2J\\nname: 9 symbols")


# A real interpreter: nothing but the one line reaches stderr.

def run(*args: str, **kwargs) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, **kwargs)


def test_a_real_interpreter_prints_one_line_and_no_traceback(tmp_path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_bytes(b"[" * 100_000)  # the file: a RecursionError before
    deep_export = tmp_path / "deep_export.json"
    deep_export.write_bytes(b'{"a":' * 10_000)  # 50,000 bytes: under the export limit, too deep
    cases = [
        (("--model", str(deep), "check"), 2, f"error: model file {deep}: nests 100000 levels deep, over 64"),
        (("verify", str(deep)), 1, f"not genuine: exported round {deep}: is larger than 65,536 bytes"),
        (("verify", str(deep_export)), 1, "nests 10000 levels deep, over 64"),
        (("--model", "/dev/zero", "round", "--seed", "1"), 2, "cannot be read (not a regular file)"),
        (("simulate", "--rounds", str(ROUNDS_MAX + 1), "--seed", "1"), 2, "must be at most"),
        (("round", "--seed", "9" * 5000), 2, "seed of 5000 digits"),
    ]
    for args, status, words in cases:
        p = run(*args)
        assert (p.returncode, p.stdout) == (status, ""), (args, p.stderr)
        assert words in one_line(p.stderr), (args, p.stderr)


def test_a_closed_pipe_ends_quietly() -> None:
    # `python -m engine round ... | head -c 0`: a pipe whose reader is gone before the first
    # write (closed here before the start, so no timing is involved): exit 141 (128 + SIGPIPE,
    # what the shell reports for a program the pipe's signal ended), nothing on stderr
    read, write = os.pipe()
    os.close(read)
    try:
        p = subprocess.run([sys.executable, "-m", "engine", "round", "--seed", "1"], cwd=ROOT,
                           stdout=write, stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write)
    assert (p.returncode, p.stderr) == (141, "")


def test_a_full_disk_is_one_line() -> None:
    with open("/dev/full", "w") as full:  # Linux's device whose every write fails with ENOSPC
        p = subprocess.run([sys.executable, "-m", "engine", "round", "--seed", "1"], cwd=ROOT,
                           stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert p.returncode == 2
    assert one_line(p.stderr) == f"python -m engine: error: {os.strerror(errno.ENOSPC)}"


def test_ctrl_c_during_a_simulation_with_workers_is_one_line_and_exit_130() -> None:
    # The terminal sends Ctrl-C's SIGINT to the whole process group, workers included. The
    # progress bar's first write says the workers are running (no fixed wait).
    p = subprocess.Popen([sys.executable, "-m", "engine", "simulate", "--rounds", str(10**8), "--seed", "1",
                          "--workers", "2"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True)
    try:
        first = os.read(p.stderr.fileno(), 1)  # type: ignore[union-attr]
        os.killpg(p.pid, signal.SIGINT)
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
    text = (first + err).decode()
    assert (p.returncode, out) == (130, b"")
    assert "Traceback" not in text and text.endswith("\npython -m engine: interrupted\n"), text
    # what comes before is the progress bar, redrawn on one line
    assert all(part.startswith("[") for part in text.split("\n")[0].split("\r") if part), text


# Fuzz: random bytes and mutated valid files.

FUZZ = settings(deadline=timedelta(seconds=SECONDS), max_examples=max(10, settings().max_examples // 4),
                suppress_health_check=[HealthCheck.too_slow])
TOKENS = [b"NaN", b"Infinity", b"1e999", b"9" * 200, b'"a": 1, ', b"[" * 70, b"{", b"}", b"]", b",",
          b"\xef\xbb\xbf", b"\xff", b"\\ud800", b'"', b"\x00", b"null", b"-", b"0"]


@st.composite
def mutated(draw: st.DrawFn, original: bytes) -> bytes:
    """``original`` with one to three edits: a byte replaced, bytes inserted, a run deleted,
    a hostile token put in, a number replaced by one, or the file cut short."""
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["replace", "insert", "delete", "token", "number", "cut"]))
        if kind == "replace" and at < len(data):
            data[at] = draw(st.integers(0, 255))
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif kind == "delete":
            del data[at:at + draw(st.integers(1, 16))]
        elif kind == "token":
            data[at:at] = draw(st.sampled_from(TOKENS))
        elif kind == "number":
            numbers = [m.span() for m in re.finditer(rb"-?[0-9]+", bytes(data))]
            if numbers:
                start, end = draw(st.sampled_from(numbers))
                data[start:end] = draw(st.sampled_from([b"0", b"-1", b"1e999", b"NaN", b"9" * 101, b"2.5",
                                                        str(draw(st.integers(-10**6, 10**6))).encode()]))
        elif kind == "cut":
            del data[at:]
    return bytes(data)


def strict(raw: bytes) -> object:
    """The value ``raw`` holds by the reader's rules, decided a second way (ValueError if it
    breaks one): json with hooks, its depth measured on the value, its size and BOM by hand."""
    if len(raw) > MODEL_LIMIT or raw.startswith(b"\xef\xbb\xbf"):
        raise ValueError("size or BOM")

    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        if len({k for k, _ in items}) != len(items):
            raise ValueError("duplicate")
        return dict(items)

    def integer(text: str) -> int:
        if len(text.lstrip("-")) > MAX_INT_DIGITS:
            raise ValueError("digits")
        return int(text)

    def real(text: str) -> float:
        if abs(float(text)) == float("inf"):
            raise ValueError("inf")
        return float(text)

    def reject(name: str) -> object:
        raise ValueError(name)

    try:
        value = json.loads(raw.decode("utf-8"), object_pairs_hook=pairs, parse_int=integer,
                           parse_float=real, parse_constant=reject)
    except RecursionError:
        raise ValueError("deep") from None
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth + 1 > MAX_DEPTH:
                raise ValueError("deep")
            stack.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
            stack.extend((k, depth + 1) for k in (item if isinstance(item, dict) else ()))
        elif isinstance(item, str):
            item.encode("utf-8")  # UnicodeEncodeError (a ValueError) for a surrogate
    return value


@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@FUZZ
@given(raw=st.one_of(st.binary(max_size=2048), mutated(TEST_MODEL_BYTES)))
def test_fuzz_check_a_model_file(fuzz_dir, raw: bytes) -> None:
    path = fuzz_dir / "model.json"
    path.write_bytes(raw)
    status, out, err, _ = cli("--model", str(path), "check")
    try:  # the second method's verdict: strict JSON by the rules above, then the model's rules
        load_model(strict(raw))  # type: ignore[arg-type]
        valid = True
    except ValueError:
        valid = False
    if valid:
        assert (status, err) == (0, "") and out.rstrip().endswith("bets; OK")
    else:
        assert (status, out) == (2, "")
        assert one_line(err).startswith("error: ")  # a file refusal names the file, a rule its field


EXPORT = json.dumps(export_round(ROUND), indent=1).encode()


@pytest.fixture(scope="module")
def genuine_stdout(fuzz_dir) -> str:
    path = fuzz_dir / "genuine.json"
    path.write_bytes(EXPORT)
    status, out, err, _ = cli("verify", str(path))
    assert status == 0, err
    return out


@FUZZ
@given(raw=st.one_of(st.binary(max_size=1024), mutated(EXPORT)))
def test_fuzz_verify_an_exported_round(fuzz_dir, genuine_stdout, raw: bytes) -> None:
    path = fuzz_dir / "export.json"
    path.write_bytes(raw)
    status, out, err, _ = cli("verify", str(path))
    if status == 0:
        # still genuine: the round text (CRC-32 checked) is unchanged, so the same round as
        # the untouched export gives, and the file strict JSON by the second method
        assert out == genuine_stdout and err == ""
        strict(raw)
    else:
        assert (status, out) == (1, "")
        assert one_line(err).startswith("not genuine: ")


ARGV_TOKENS = st.sampled_from(["round", "evaluate", "check", "verify", "--seed", "--bet", "--buy", "--model",
                               "--special", "--multiplier", "--json", "1", "-1", "0", "100", "1=2", GRID,
                               round_text(ROUND), "/dev/zero", ".", "--", "-", "-h"])


@FUZZ
@given(argv=st.lists(st.one_of(ARGV_TOKENS, st.text(max_size=12)), max_size=8))
def test_fuzz_arguments(argv: list[str]) -> None:
    # help (-h, -hx, --h, --he, ...) is several lines on stdout and exit 0: left out
    argv = [a for a in argv if not (a.startswith("-h") or (len(a) >= 3 and "--help".startswith(a)))]
    try:
        status, out, err, _ = cli(*argv)
    except SystemExit as exit_:  # argparse's own exits are help and version only: none left
        raise AssertionError(f"exit {exit_.code} for {argv}") from None
    assert status in (0, 1, 2)
    if status:
        one_line(err)
    else:
        assert err == ""


# The last resorts of main: each a real condition, not a stand-in.

def test_a_strip_stop_that_is_a_list_is_refused_not_a_type_error(tmp_path) -> None:
    # found by probing mutated models: `name not in known` raised TypeError (unhashable list)
    data = json.loads(TEST_MODEL_BYTES)
    data["reels"]["base"][0][0] = []
    status, out, err, _ = cli("--model", _write(tmp_path / "m.json", json.dumps(data)), "check")
    assert (status, out) == (2, "")
    assert one_line(err) == "error: reels.base[0][0]: unknown symbol []"


@pytest.mark.parametrize("count", [1001, 10**15, 10**30])
@pytest.mark.parametrize("command", [["check"], ["par"], ["round", "--seed", "1", "--buy"],
                                     ["simulate", "--rounds", "10", "--seed", "1", "--buy"], ["scenarios"]])
def test_a_model_asking_for_endless_free_spins_is_refused_at_once(tmp_path, command: list[str], count: int) -> None:
    # Valid by every other rule, a model of 10^15 free spins made par (and a bought round)
    # run for ever; engine/model.py MAX_FREE_SPINS (1000, model.schema.json's maximum) refuses
    # it, with the model check's one line, before any command starts its work.
    data = json.loads(TEST_MODEL_BYTES)
    data["free_spins"]["count"] = count
    status, out, err, seconds = cli("--model", _write(tmp_path / "m.json", json.dumps(data)), *command)
    assert (status, out) == (2, "")
    assert one_line(err) == f"error: free_spins.count: {count} is above 1000"
    assert seconds < SECONDS


@pytest.mark.parametrize("command", [["check"], ["par"], ["scenarios"]])
def test_a_model_of_strips_too_long_to_compute_is_refused_at_once(tmp_path, command: list[str]) -> None:
    # 8,000 stops a strip (0.5 MB of JSON, inside the reader's 1 MiB): par and scenarios ran
    # 40 s and out of memory (measured, engine/model.py MAX_STOPS); refused by the model check.
    data = json.loads(TEST_MODEL_BYTES)
    data["reels"]["base"][0] = (data["reels"]["base"][0] * 8000)[:8000]
    status, out, err, seconds = cli("--model", _write(tmp_path / "m.json", json.dumps(data)), *command)
    assert (status, out) == (2, "")
    assert one_line(err) == "error: reels.base[0]: has 8000 stops; a strip has at most 500"
    assert seconds < SECONDS


def test_an_overflow_in_the_maths_is_one_line(monkeypatch) -> None:
    # No model the rules accept is known to overflow now (10^30 free spins did, in the max-win
    # odds of engine/par then, before MAX_FREE_SPINS): the guard in main is shown with the error
    # raised where the PAR sheet is computed, and must give its one line and exit 2.
    import engine.par

    def overflow(model: object, workers: int = 1) -> None:
        raise OverflowError("int too large to convert to float")

    monkeypatch.setattr(engine.par, "par_sheet", overflow)
    status, out, err, _ = cli("par")
    assert (status, out) == (2, "")
    assert one_line(err) == "python -m engine: error: a number of the input is too large to compute with (OverflowError)"


def test_a_recursion_error_anywhere_is_one_line() -> None:
    # An interpreter with little stack left: from 10 frames above this one (fewer do not reach
    # main's guard) to plenty, `round` either plays (the same round as here) or ends in the
    # guard's one line; the lowest limits do reach the guard.
    want = play_round(SHIPPED, SHIPPED.default_bet, random.Random(1)).to_dict()
    here = len(__import__("inspect").stack())
    old = sys.getrecursionlimit()
    guarded = 0
    for extra in range(10, 100, 5):
        out, err = io.StringIO(), io.StringIO()
        sys.setrecursionlimit(here + extra)
        try:
            with redirect_stdout(out), redirect_stderr(err):
                status = main(["round", "--seed", "1"])
        finally:
            sys.setrecursionlimit(old)
        if status == 0:
            assert json.loads(out.getvalue()) == want
        else:
            assert status == 2 and one_line(err.getvalue()) == (
                "python -m engine: error: nested too deeply for the recursion limit (RecursionError)")
            guarded += 1
    assert 0 < guarded < 18
