"""README.md and docs/ stay true: the maths figures are the generated ones, and every
cross-reference (a relative link, an anchor, a `README "Section"` in code, tests or docs)
points to something that exists."""

import json
import re
from functools import cache
from pathlib import Path

import pytest
from tools_support import tool

ROOT = Path(__file__).resolve().parents[1]
updated = tool("readme_figures").updated

# Markdown files whose links are checked.
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "engine" / "data" / "MODEL.md"]
# Where a `README "Section"`-style reference may be written.
SOURCES = [
    *DOCS,
    ROOT / "main.py", ROOT / "index.html", ROOT / "par.html", ROOT / "Makefile", ROOT / "sw.js",
    *(p for d in ("static", "engine", "tests", "tools") for p in sorted((ROOT / d).rglob("*"))
      if p.suffix in {".py", ".js", ".mjs", ".html", ".md", ".template", ".toml"}
      and "vendor" not in p.relative_to(ROOT).parts),
]
# `README "X"`, `README's "X"`, `README ("X")`, `docs/boot.md, "X"`, `[boot.md](boot.md), "X"`
# (the quoted name may follow on the next comment line; in Python strings its quotes are \")
SECTION_REF = re.compile(
    r"\b(README(?:\.md)?|(?:docs/)?[\w-]+\.md)(?:\]\([^)\s]*\))?(?:'s)?[ \t,(]*"
    r"(?:\n[ \t]*(?:#|//)?[ \t]*)?\\?\"([^\"\n\\]{2,80})\\?\"")
# a docs file named anywhere, with its anchor if any: docs/boot.md, docs/frontend.md#smooth-frames
DOC_MENTION = re.compile(r"\bdocs/([\w-]+\.md)(?:#([\w-]+))?")
LINK = re.compile(r"(?<!!)\[[^\]\n]*\]\(([^)\s]+)\)|!\[[^\]\n]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)


def test_readme_figures_are_generated_from_par_json() -> None:
    # The expected block is rendered from static/par.json by the same tool `make par` runs;
    # a README edited by hand, or a par.json regenerated without the README, fails here.
    readme = (ROOT / "README.md").read_text()
    par = json.loads((ROOT / "static" / "par.json").read_text())
    assert updated(readme, par) == readme, "README figures are stale: run `make par`"


def test_readme_is_a_front_door() -> None:
    assert len((ROOT / "README.md").read_text().splitlines()) <= 250


def test_readme_gives_an_embed_snippet_for_each_size_integrators_use() -> None:
    # the sizes of marketing embeds (16:9 desktop, 16:9 small, a thumbnail, two phones) and the
    # header with which the game's host names who may frame it
    readme = (ROOT / "README.md").read_text()
    for w, h in ((1200, 675), (800, 450), (400, 225), (375, 667), (320, 568)):
        assert re.search(rf'<iframe src="[^"]*\?embed=1[^"]*" width="{w}" height="{h}"', readme), (w, h)
    assert "Content-Security-Policy: frame-ancestors" in readme


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


@cache
def headings(path: Path) -> tuple[str, ...]:
    text = FENCE.sub("", path.read_text())
    return tuple(m.group(1).strip() for m in re.finditer(r"^#{1,6} (.+)$", text, re.M))


@cache
def anchors(path: Path) -> frozenset[str]:
    seen: dict[str, int] = {}
    out = set()
    for h in headings(path):
        s = slug(h)
        n = seen.get(s, 0)
        seen[s] = n + 1
        out.add(s if n == 0 else f"{s}-{n}")
    return frozenset(out)


def names_a_heading(path: Path, name: str) -> bool:
    # "Free spins" names "Free spins (`engine/features.py`)"; "Events" names "Events, one by one"
    return any(h == name or h.startswith((name + " ", name + ",", name + ":")) for h in headings(path))


def target(ref: str, source: Path) -> Path | None:
    if ref.startswith("README"):
        return ROOT / "README.md"
    for base in (ROOT, source.parent, ROOT / "docs"):
        if (base / ref).is_file():
            return base / ref
    return None


def matches(pattern: re.Pattern[str]) -> list[tuple[str, re.Match[str]]]:
    """Every match of `pattern` in SOURCES but this file, with the file it is in."""
    return [(str(path.relative_to(ROOT)), m) for path in SOURCES
            if path.is_file() and path.resolve() != Path(__file__).resolve()
            for m in pattern.finditer(path.read_text(errors="replace"))]


def section_refs() -> list[tuple[str, str, str]]:
    return [(where, m.group(1), m.group(2)) for where, m in matches(SECTION_REF)]


def links() -> list[tuple[str, str]]:
    out = []
    for path in DOCS:
        text = FENCE.sub("", path.read_text())
        for m in LINK.finditer(text):
            url = m.group(1) or m.group(2)
            if not re.match(r"[a-z][a-z0-9+.-]*:", url):  # relative: no scheme (http:, mailto:)
                out.append((str(path.relative_to(ROOT)), url))
    return out


def doc_mentions() -> list[tuple[str, str, str]]:
    return sorted({(where, m.group(1), m.group(2) or "") for where, m in matches(DOC_MENTION)})


def test_the_checks_find_references() -> None:
    # guards the patterns themselves: a regex that matches nothing would pass everything below
    assert any(f == "README" for _, f, _ in section_refs())
    assert any("#" in url for _, url in links())


@pytest.mark.parametrize(("source", "file", "name"), section_refs())
def test_section_reference_resolves(source: str, file: str, name: str) -> None:
    path = target(file, ROOT / source)
    assert path is not None, f'{source}: {file} "{name}": no such file'
    assert names_a_heading(path, name), \
        f'{source}: {file} "{name}": {path.relative_to(ROOT)} has no such heading; it has {headings(path)}'


@pytest.mark.parametrize(("source", "url"), links())
def test_relative_link_resolves(source: str, url: str) -> None:
    doc = ROOT / source
    ref, _, anchor = url.partition("#")
    path = (doc.parent / ref).resolve() if ref else doc
    assert path.exists(), f"{source}: link {url}: {ref} does not exist"
    if anchor:
        assert path.suffix == ".md", f"{source}: link {url}: an anchor into a file that is not markdown"
        assert anchor in anchors(path), \
            f"{source}: link {url}: {path.relative_to(ROOT)} has no heading #{anchor}; it has {sorted(anchors(path))}"


@pytest.mark.parametrize(("source", "name", "anchor"), doc_mentions())
def test_docs_file_named_exists(source: str, name: str, anchor: str) -> None:
    path = ROOT / "docs" / name
    assert path.is_file(), f"{source}: docs/{name} does not exist"
    assert not anchor or anchor in anchors(path), f"{source}: docs/{name} has no heading #{anchor}"
