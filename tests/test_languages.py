"""The languages are one list (static/js/lang/languages.js): every shipped code has its tables, no
table is left over, and no other file of the page keeps a list of its own.

Expected values, from the files themselves: the tables on disk (static/i18n/CODE.json,
CODE-social.json, par/par-CODE.json, par/par-CODE-social.json, as i18n.js loads them), the line format of
languages.js (tests/languages.py reads one `code: Object.freeze({...})` a line: a line written
otherwise would be missed, so the count of `Object.freeze({ dir` must match), and the BCP 47
shape of a locale (language-REGION).
"""

from __future__ import annotations

import re
from pathlib import Path

from languages import CODES, FALLBACK, LANGUAGES, SOURCE, TABLE_NAMES

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "static" / "i18n"


def test_every_line_of_the_list_is_read() -> None:
    text = SOURCE.read_text(encoding="utf-8")
    assert text.count("Object.freeze({ dir") == len(LANGUAGES) >= 3
    assert FALLBACK == CODES[0] == "en"  # English is every table's fallback (i18n.js fetches en.json first)
    for lang in LANGUAGES.values():
        # a BCP 47 tag: a language, then a region (pt-BR) or a script (zh-Hans) where the market needs one
        assert re.fullmatch(r"[a-z]{2,3}(-[A-Z]{2}|-[A-Z][a-z]{3})?", lang.code) and lang.dir in ("ltr", "rtl")
        assert re.fullmatch(r"[a-z]{2,3}-[A-Z]{2}", lang.locale)
        assert lang.locale.split("-")[0] == lang.code.split("-")[0]


def test_every_language_has_its_tables_and_no_table_is_left_over() -> None:
    for folder, prefix in ((I18N, ""), (I18N / "par", "par-")):  # par-de.json: no two files share a name
        on_disk = {p.stem.removeprefix(prefix) for p in folder.glob("*.json")}
        assert on_disk == set(TABLE_NAMES), folder


def test_no_other_module_keeps_a_list_of_the_languages() -> None:
    # a second list (e.g. launch.js's LANGUAGES beside i18n.js's, before) let ?lang= fall back
    # to English silently when only one of them had the new code
    codes = "|".join(CODES)
    pattern = re.compile(
        rf"""\b(?:{codes})\s*:\s*(?:Object\.freeze\()?\{{?\s*(?:dir\s*:|locale\s*:|["'](?:ltr|rtl)["'])"""  # a code's direction or locale
        rf"""|\[\s*["'](?:{codes})["']\s*,\s*["'](?:{codes})["']""")  # an array of codes
    found = []
    for path in sorted((ROOT / "static").rglob("*.js")):
        if "vendor" in path.parts or path == SOURCE or path.parent.name in ("i18n", "par") and "i18n" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        found += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in pattern.finditer(text)]
    assert found == []


def test_the_page_contract_lists_exactly_the_shipped_codes() -> None:
    # integrators read the codes in docs/page-contract.md's settings table: it must not go stale
    row = next(line for line in (ROOT / 'docs' / 'page-contract.md').read_text(encoding="utf-8").splitlines()
               if line.startswith("| `lang` |"))
    # the codes written before "(one table each)"; the fallback examples after it are not a list
    listed = re.findall(r"`([a-z]{2,3}(?:-[A-Z][A-Za-z]+)?)`", row.split("|")[2].split("(one table each)")[0])
    assert listed == list(CODES), row
