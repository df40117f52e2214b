"""The shipped languages, read from the one list (static/js/lang/languages.js), for every test suite.

    from languages import LANGUAGES, CODES, TABLE_NAMES
    LANGUAGES["ar"] == Language(code="ar", dir="rtl", locale="ar-AE")

Read as text (one `code: Object.freeze({ dir: "...", locale: "..." })` a line, as the file is
written), so tests need no JavaScript runtime; test_languages.py checks that every shipped code
has its tables and that no table is left over.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

SOURCE = Path(__file__).resolve().parents[1] / "static" / "js" / "lang" / "languages.js"
LINE = re.compile(r'^\s+"?([\w-]+)"?: Object\.freeze\(\{ dir: "(ltr|rtl)", locale: "([\w-]+)" \}\),$', re.M)


class Language(NamedTuple):
    code: str
    dir: str
    locale: str


def read(text: str) -> dict[str, Language]:
    found = {code: Language(code, d, locale) for code, d, locale in LINE.findall(text)}
    if not found:
        raise ValueError(f"no language line found in {SOURCE}")
    return found


LANGUAGES = read(SOURCE.read_text(encoding="utf-8"))
CODES = tuple(LANGUAGES)  # in the file's order: the fallback (English) first
FALLBACK = re.search(r'FALLBACK = "(\w+)"', SOURCE.read_text(encoding="utf-8")).group(1)  # type: ignore[union-attr]
TRANSLATED = tuple(c for c in CODES if c != FALLBACK)  # the languages translated from English
TABLE_NAMES = CODES + tuple(f"{c}-social" for c in CODES)  # every table of static/i18n/
