"""The docs' lists of the front end's files match the files on disk.

docs/frontend.md "Which file does what" has a table per folder of static/js/ (a row per file,
its path in the first column), and docs/contributing.md's layout lists each folder's files; the
README names each folder ("How a round flows"). A file added, moved or removed without its row fails here, and so
does a row of a file that is gone.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "static" / "js"


def on_disk() -> set[str]:
    return {p.relative_to(JS).as_posix() for p in JS.rglob("*.js")}


def folders() -> set[str]:
    return {p.name for p in JS.iterdir() if p.is_dir()}


def test_frontend_md_has_a_row_for_every_file() -> None:
    text = (ROOT / 'docs' / 'frontend.md').read_text(encoding="utf-8")
    section = text.split("## Which file does what\n", 1)[1]
    section = re.split(r"^## ", section, flags=re.MULTILINE)[0]
    rows = re.findall(r"^\| `([a-z]+/[a-z0-9-]+\.js)` \|", section, re.MULTILINE)
    assert len(rows) == len(set(rows)), "a file has two rows"
    assert set(rows) == on_disk()
    named = set(re.findall(r"^\| `([a-z]+)/` \|", section, re.MULTILINE))
    assert named == folders()


def test_contributing_md_lists_every_file_by_folder() -> None:
    text = (ROOT / 'docs' / 'contributing.md').read_text(encoding="utf-8")
    block = re.search(r"^static/js/ .*\n((?: {15}.*\n)+)", text, re.MULTILINE)
    assert block
    listed, folder = [], None
    for word in block.group(1).split():
        if word.endswith("/"):
            folder = word
        else:
            listed.append(f"{folder}{word}")
    assert len(listed) == len(set(listed))
    assert set(listed) == on_disk()


def test_the_readme_names_every_folder() -> None:
    text = " ".join((ROOT / 'README.md').read_text(encoding="utf-8").split())
    sentence = text.split("The modules of `static/js/` sit in folders", 1)[1].split(". ", 1)[0]
    assert set(re.findall(r"`([a-z]+)/`", sentence)) == folders()
