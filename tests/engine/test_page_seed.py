"""The page's ``?seed=N`` (main.py ``seed_from_query``) is read by the one parser of launch numbers
(engine/launch.py ``whole_number``) that the CLI's ``--seed`` uses: issue 47 found the page taking
``١٢``, ``1_000`` and ``-5`` (Python's ``int()`` does), which the CLI refuses, and seeds past 2^53-1,
which the page shows and saves as another number than the engine plays."""

from __future__ import annotations

import importlib.util
from urllib.parse import quote

import pytest

from book_models import ROOT
from engine.__main__ import main as cli
from engine.launch import LaunchNumberError

_spec = importlib.util.spec_from_file_location("page_main", ROOT / "main.py")
assert _spec is not None and _spec.loader is not None
page_main = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(page_main)


@pytest.mark.parametrize("query, seed", [
    ("", None), ("?lang=de", None), ("?seed=0", 0), ("?seed=12&lang=de", 12),
    ("?seed=9007199254740991", 2**53 - 1),  # Number.MAX_SAFE_INTEGER: the largest a save holds exactly
])
def test_a_seed_in_digits_within_range_is_taken(query: str, seed: int | None) -> None:
    assert page_main.seed_from_query(query) == seed


@pytest.mark.parametrize("raw, words", [
    ("\u0661\u0662", "is not a whole number in the digits 0-9"),  # Arabic-Indic 12: int() takes it
    ("1_000", "is not a whole number in the digits 0-9"),        # int() takes it
    (" 5", "is not a whole number in the digits 0-9"),           # int() takes it
    ("+5", "is not a whole number in the digits 0-9"),
    ("", "is not a whole number in the digits 0-9"),
    ("-5", "-5 must be at least 0"),                             # random.Random(-5) is Random(5)
    ("9007199254740993", "must be at most 9007199254740991"),    # 2^53+1: JavaScript shows ...992
])
def test_the_page_refuses_what_the_cli_refuses(raw: str, words: str, capsys) -> None:
    with pytest.raises(LaunchNumberError, match=words.replace("+", r"\+")):
        page_main.seed_from_query("?seed=" + quote(raw))
    if raw != "9007199254740993":  # the CLI's seeds go to 2^64-1; below 2^53 both refuse alike
        assert cli(["round", "--seed", raw]) == 2
        assert words in capsys.readouterr().err


def test_a_seed_given_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="given 2 times"):
        page_main.seed_from_query("?seed=1&seed=2")
