"""Prose that cannot go stale: every number of the rules or the maths written in README, docs/,
engine/data/MODEL.md and index.html is the model's (engine/data/model.json) or the PAR sheet's
(static/par.json, which `make par` writes from the model).

Two kinds of check, so that changing a number of the model fails here wherever it is written:
- phrases the docs use for a number of the rules ("10 free spins", "ten lines", "20,168x", "BIG
  WIN from 15x", "85x", "1x to 5x"), found by pattern in every file: each occurrence must say the
  model's value;
- MODEL.md's explanation of the figures: each sentence holding a figure is listed here with where
  its value comes from (the strips' lengths and books, the multiplier weights, PAR's average
  feature and Santa's spread), and must be found, saying that value.
Expected values are computed here from the two files, never written in this test.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MODEL = json.loads((ROOT / "engine" / "data" / "model.json").read_text(encoding="utf-8"))
PAR = json.loads((ROOT / "static" / "par.json").read_text(encoding="utf-8"))
FILES = [ROOT / 'README.md', *sorted((ROOT / "docs").glob("*.md")), ROOT / "engine" / "data" / "MODEL.md",
         ROOT / "index.html"]
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
         "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20}


def number(text: str) -> int:
    return WORDS[text.lower()] if text.lower() in WORDS else int(text.replace(",", ""))


def grouped(n: int) -> str:
    return f"{n:,}"


NUM = r"(\d[\d,]*|" + "|".join(WORDS) + r")"
COUNT = MODEL["free_spins"]["count"]
LINES = len(MODEL["paylines"])
MULTIPLIERS = sorted(int(k) for k in MODEL["free_spins"]["multiplier_weights"])

# (what, pattern with one number group, the model's value)
PHRASES = [
    ("free spins awarded", re.compile(rf"\b{NUM} free spins\b", re.I), COUNT),
    ("free spins awarded", re.compile(r"free spins \((\d+)\)"), COUNT),  # "the model's count free spins (10)"
    ("free spins awarded", re.compile(r">(\d+)</strong> free spins"), COUNT),  # index.html's buy dialog
    ("free spins awarded", re.compile(r'id="fs-count"[^>]*>\d+/(\d+)<'), COUNT),  # index.html's feature bar
    ("paylines", re.compile(rf"\b{NUM} (?:fixed )?(?:pay)?lines\b", re.I), LINES),
    ("paylines", re.compile(rf"\bon all {NUM} lines\b", re.I), LINES),
    # the cap: a multiple of the bet in thousands, but for the largest uncapped round (PAR's)
    ("the cap", re.compile(r"(?<!uncapped round )(?<![\d,])(\d{1,3}(?:,\d{3})+)x\b"), MODEL["max_win"]),
    ("the largest uncapped round", re.compile(r"uncapped round (\d{1,3}(?:,\d{3})+)x\b"), round(PAR["largest_round"])),
    ("the buy price", re.compile(r"\b[Bb]uy price\**:? \**(\d+)x"), MODEL["buy_price"]),
    ("the lowest multiplier", re.compile(r"\b(\d)x(?: to |-)\dx\b"), MULTIPLIERS[0]),
    ("the highest multiplier", re.compile(r"\b\dx(?: to |-)(\d)x\b"), MULTIPLIERS[-1]),
]
for tier in MODEL["big_wins"]:
    PHRASES.append((tier["name"], re.compile(rf"\b{tier['name']} from\s+(\d+)x"), tier["at"]))


def occurrences() -> list[tuple[str, str, int, int]]:
    """Every (file, what, written, model's value) the phrases find."""
    out = []
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        for what, pattern, want in PHRASES:
            for m in pattern.finditer(text):
                out.append((path.name, what, number(m.group(1)), want))
    return out


def test_the_phrases_are_found() -> None:
    found = {what for _, what, _, _ in occurrences()}
    assert found >= {"free spins awarded", "paylines", "the cap", "the buy price", "the lowest multiplier",
                     *(t["name"] for t in MODEL["big_wins"])}, found


@pytest.mark.parametrize("file, what, written, want", occurrences())
def test_a_number_of_the_rules_is_the_models(file: str, what: str, written: int, want: int) -> None:
    assert written == want, f"{file} says {written} for {what}; the model says {want}"


def model_md_figures() -> list[tuple[str, str]]:
    """MODEL.md's sentences with a figure, as the text they must contain (from the files)."""
    base = [len(s) for s in MODEL["reels"]["base"]]
    free = [len(s) for s in MODEL["reels"]["free_spins"]]
    books = [s.count(MODEL["wild"]) for s in MODEL["reels"]["base"]]
    free_books = [s.count(MODEL["wild"]) for s in MODEL["reels"]["free_spins"]]
    weights = MODEL["free_spins"]["multiplier_weights"]
    mean = Fraction(sum(int(k) * w for k, w in weights.items()), sum(weights.values()))
    middle = base[1]
    rows = 3  # the window: a book shows on a reel when it is at one of the 3 visible stops
    seen = rows * books[1]  # books are at least 3 stops apart (tools/strips.py): never two in view
    every = Fraction(middle, seen) ** 3
    santa = MODEL["paytable"]["SANTA"]
    return [
        ("base strips", f"({base[0]} stops on reels 1 and 5, {middle} on reels 2-4): {books[1]} books on each middle strip"),
        ("a book on a middle reel", f"with chance {seen}/{middle}"),
        ("free spins every", f"({middle}/{seen})^3 = {float(every):.1f} base spins"),
        ("free spins every, as PAR says", f"= {PAR['free_spins_every']:.1f} base spins"),
        ("free-spins strips", f"({free[0]} and {free[1]} stops)"),
        ("free-spins books", f"({free_books[1]} per middle strip)"),
        ("multiplier weights", "weights " + "/".join(str(weights[str(m)]) for m in MULTIPLIERS)),
        ("multiplier range and mean", f"{MULTIPLIERS[0]}x-{MULTIPLIERS[-1]}x, mean {float(mean):.2f}x"),
        ("average feature", f"average feature at {PAR['feature_value']:.1f}x the bet"),
        ("Santa's spread", f"(SD {PAR['specials']['SANTA']['feature_sd']:.0f}x)"),
        ("Santa's pays", "Santa pays " + "/".join(grouped(santa[k]) for k in sorted(santa, key=int)) + " line bets"),
        ("bought feature RTP", f"capped RTP ({PAR['buy_rtp_capped'] * 100:.1f}%)"),
        ("base game share", f"line\n  wins at {PAR['base_rtp'] * 100:.2f}%"),
        ("hit frequency", f"with {PAR['hit_frequency'] * 100:.1f}% of spins winning"),
        ("anticipation", f"(`anticipation_books`: {MODEL['anticipation_books']})"),
    ]


@pytest.mark.parametrize("what, text", model_md_figures())
def test_model_md_says_the_figures_of_the_files(what: str, text: str) -> None:
    model_md = (ROOT / 'engine' / 'data' / 'MODEL.md').read_text(encoding="utf-8")
    assert text and text in model_md, f"MODEL.md: {what} should read {text!r} (from model.json / par.json)"
