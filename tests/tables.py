"""The language tables (static/i18n/*.json, i18next JSON v4, flat), read as files, for every suite.

    from tables import TABLES, PLACEHOLDER, fill, read
    TABLES["de"]["hud.balance"] == "Guthaben"       # the game's table with its PAR page part
    fill(TABLES["en"]["boot.failed"], file="x.js")  # {{name}} filled as i18n.js t() fills it

A table's name is a language code (de) or its social overlay (de-social); TABLES holds each with
its PAR page section (static/i18n/par/par-NAME.json) merged in, as par.html merges them; read()
gives one file alone. Plural forms are keys of their own (hud.roundsLeft_few), as in the files.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from languages import TABLE_NAMES

I18N = Path(__file__).resolve().parents[1] / "static" / "i18n"
PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
SECTIONS = ("", "par")  # the game's tables, then the PAR page's (static/i18n/par/par-NAME.json)


def path(name: str, section: str = "") -> Path:
    return I18N / f"{name}.json" if not section else I18N / section / f"{section}-{name}.json"


def read(name: str, section: str = "") -> dict[str, str]:
    """One table file: key -> text."""
    table = json.loads(path(name, section).read_text(encoding="utf-8"))
    if not isinstance(table, dict):
        raise ValueError(f"{path(name, section)} is not an object of key -> text")
    return table


def fill(text: str, **values: object) -> str:
    """A table's text with its {{placeholders}} filled, as i18n.js t() fills them (a name not
    given stays as it is)."""
    return PLACEHOLDER.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), text)


TABLES: dict[str, dict[str, str]] = {name: {k: v for s in SECTIONS for k, v in read(name, s).items()} for name in TABLE_NAMES}
