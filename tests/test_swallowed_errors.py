"""No error of the front end is swallowed without a word of why.

Every `catch` of the game's JavaScript (static/js/, static/boot/, sw.js; not the runtime of
static/vendor/ nor the generated static/precache.js) either does something with the error (its
body throws, or names the caught error: reports it, passes it on, keeps it), or says why it may
be dropped in a comment inside the block, on the `catch` line or on the line just above it. So
does a promise's `.catch(() => ...)` whose handler takes no error. A reason is words (three at
least), not a shrug: `/* ignore */`, `// optional`, `/* noop */` are none.

    } catch { /* storage may be full or blocked (Safari's private mode): the game plays on unsaved */ }
    } catch (err) { console.warn("the music could not start", err); }

The scan reads the source as text: strings, template literals and regular expressions are
blanked first, so a `catch` or a brace inside one is not read as code.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "static"

# a word a comment may hold that gives no reason on its own
SHRUGS = {"ignore", "ignored", "ignoring", "noop", "no-op", "nothing", "empty", "swallow", "swallowed",
          "optional", "ok", "fine", "best", "effort", "todo", "intentional", "intentionally", "expected", "busy"}
# a `/` after one of these (or at the start) opens a regular expression, not a division
REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {""}
REGEX_WORDS = {"return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield", "await"}


def sources() -> list[Path]:
    """The game's own JavaScript: the page's modules, the boot's, the service worker."""
    found = [p for p in STATIC.rglob("*") if p.suffix in (".js", ".mjs") and p.is_file()]
    skipped = (STATIC / "vendor", STATIC / "precache.js")
    return sorted([p for p in found if not any(p == s or s in p.parents for s in skipped)] + [ROOT / "sw.js"])


def blanked(text: str) -> tuple[str, list[tuple[int, int]]]:
    """`text` with the inside of every string, regular expression and comment, and the literal
    parts of every template literal (not its `${...}` code), turned to spaces (newlines kept, so
    offsets and lines stay); and the comments' (start, end) offsets."""
    out = list(text)
    comments: list[tuple[int, int]] = []
    n = len(text)
    word = re.compile(r"[\w$]+")

    def blank(a: int, b: int) -> None:
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    def string_end(i: int, quote: str) -> int:
        i += 1
        while i < n and text[i] != quote:
            i += 2 if text[i] == "\\" else 1
        return i + 1

    def template_end(i: int) -> int:
        """From the opening backquote at `i` to past its closing one; the code of each `${...}`
        is read as code."""
        i += 1
        literal = i
        while i < n and text[i] != "`":
            if text[i] == "\\":
                i += 2
            elif text.startswith("${", i):
                blank(literal, i)
                i = code_end(i + 2, inside=True) + 1
                literal = i
            else:
                i += 1
        blank(literal, i)
        return i + 1

    def code_end(i: int, inside: bool = False) -> int:
        """Reads code from `i`: to the end, or (inside a template's `${`) to its closing `}`."""
        depth = 0
        last = ""  # the last token of code, to tell a regular expression from a division
        while i < n:
            c = text[i]
            if text.startswith("//", i):
                j = text.find("\n", i)
                j = n if j < 0 else j
                comments.append((i, j))
                blank(i, j)
                i = j
            elif text.startswith("/*", i):
                j = text.index("*/", i + 2) + 2
                comments.append((i, j))
                blank(i, j)
                i = j
            elif c in "\"'":
                j = string_end(i, c)
                blank(i + 1, j - 1)
                i, last = j, "s"
            elif c == "`":
                i, last = template_end(i), "s"
            elif c == "/" and (last in REGEX_AFTER or last in REGEX_WORDS):
                j, in_class = i + 1, False
                while j < n and (in_class or text[j] != "/") and text[j] != "\n":
                    if text[j] == "\\":
                        j += 1
                    elif text[j] == "[":
                        in_class = True
                    elif text[j] == "]":
                        in_class = False
                    j += 1
                blank(i + 1, j)
                i, last = j + 1, "s"
            elif c.isspace():
                i += 1
            elif c.isalnum() or c in "_$":
                m = word.match(text, i)
                assert m is not None
                last, i = m.group(0), m.end()
            else:
                if inside and c == "}" and depth == 0:
                    return i
                depth += {"{": 1, "}": -1}.get(c, 0)
                last, i = c, i + 1
        return i

    code_end(0)
    return "".join(out), comments


def closing(code: str, at: int) -> int:
    """The offset of the `}` that closes the `{` at `at` (in blanked code)."""
    depth = 0
    for k in range(at, len(code)):
        depth += {"{": 1, "}": -1}.get(code[k], 0)
        if depth == 0:
            return k
    raise ValueError(f"no closing brace for offset {at}")


def is_reason(comment: str) -> bool:
    """A comment that says why: three words at least, not all of them shrugs."""
    words = re.findall(r"[A-Za-z][\w'-]*", comment)
    return len(words) >= 3 and not all(w.lower() in SHRUGS for w in words)


CATCH = re.compile(r"\bcatch\s*(?:\(\s*([\w$]+)\s*\))?\s*\{")
# a promise's .catch with an arrow function: `() =>`, `(err) =>`, `err =>` (a function passed by
# name, `.catch(reject)`, hands the error on)
CATCH_CALL = re.compile(r"\.catch\(\s*(?:\(\s*([\w$]*)\s*\)|([\w$]+))\s*=>")


def swallowed(text: str) -> list[tuple[int, str]]:
    """(line, the line's text) of every catch in `text` that drops its error without a reason."""
    code, comments = blanked(text)
    starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line_of(at: int) -> int:
        lo, hi = 0, len(starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            lo, hi = (mid, hi) if starts[mid] <= at else (lo, mid - 1)
        return lo + 1

    lines = code.split("\n")

    def said(a: int, b: int, line: int) -> bool:
        """A reason among the comments inside [a, b), on line `line`, or ending on the line above
        it when that line holds no code (a comment there on a statement is that statement's)."""
        above = line - 1 if line >= 2 and not lines[line - 2].strip() else line
        return any(is_reason(text[s:e]) for s, e in comments
                   if a <= s < b or line_of(s) == line or line_of(e) in (line, above))

    found = []
    for m in CATCH.finditer(code):
        if code[:m.start()].rstrip().endswith("."):
            continue  # a promise's .catch(...) call: below
        body_end = closing(code, m.end() - 1)
        body = code[m.end():body_end]
        name = m.group(1)
        uses = bool(re.search(r"\bthrow\b", body)) or (name is not None and re.search(rf"(?<![\w$.]){re.escape(name)}\b", body))
        line = line_of(m.start())
        if not uses and not said(m.start(), body_end + 1, line):
            found.append((line, text.splitlines()[line - 1].strip()))
    for m in CATCH_CALL.finditer(code):
        line = line_of(m.start())
        # the handler: to the `)` that closes `.catch(`
        depth, k = 0, m.start() + len(".catch")
        for k in range(k, len(code)):
            depth += {"(": 1, ")": -1}.get(code[k], 0)
            if depth == 0:
                break
        handler = code[m.end():k]
        name = m.group(1) or m.group(2)
        uses = bool(re.search(r"\bthrow\b", handler)) or (bool(name) and re.search(rf"(?<![\w$.]){re.escape(name)}\b", handler))
        if not uses and not said(m.start(), k + 1, line):
            found.append((line, text.splitlines()[line - 1].strip()))
    return found


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_swallowed_error_says_why(path: Path) -> None:
    found = swallowed(path.read_text(encoding="utf-8"))
    assert found == [], f"{path.relative_to(ROOT)}: a catch that drops its error without a reason " \
        "(say why in a comment on its line or the line above, or report the error): " \
        + "; ".join(f"line {n}: {t}" for n, t in found)


def test_the_scan_finds_the_sources() -> None:
    names = {p.name for p in sources()}
    assert {"errors.js", "store.js", "sound.js", "engine-worker.mjs", "pyodide.mjs", "sw.js"} <= names
    assert not any("vendor" in p.parts for p in sources())


BAD = [
    "try { f(); } catch { /* ignore */ }",
    "try { f(); } catch {}",
    "try {\n    f();\n} catch (err) {\n    return null;\n}",
    "try { f(); } catch { // optional\n}",
    "try { f(); } catch (e) { g(\"e\"); }",  # the name in a string is no use of the error
    "p.catch(() => {});",
    "p.catch((_e) => null);",
    "p.catch((err) => { done = true; });",
    "try {\n    f(); // calls f\n} catch { }",
    "const s = `catch { }`; try { f(); } catch { /* noop */ }",
    "const r = /[/]catch {/; try { f(); } catch { }",
]
GOOD = [
    "try { f(); } catch { /* storage is blocked: the game plays on without saving */ }",
    "// a closed parent cannot be told: the game goes on\ntry { f(); } catch { }",
    "try { f(); } catch (err) { console.warn(\"f failed\", err); }",
    "try { f(); } catch (err) { if (!(err instanceof X)) throw err; }",
    "try { f(); } catch { throw new Refused(\"no\"); }",
    "try { f(); } catch { return null; } // not a URL: no Home link",
    "p.catch(() => {}); // reported by start(), which awaits it",
    "p.catch((err) => console.warn(err));",
    "p.catch(reject);",
    "const s = \"try { f(); } catch { /* ignore */ }\";",
    "const t = `${a ? \"}\" : b} catch { }`;",
    "p.catch((err) => say(`failed: ${err.message}`));",
]


@pytest.mark.parametrize("source", BAD)
def test_the_scan_refuses_a_catch_without_a_reason(source: str) -> None:
    assert len(swallowed(source)) == 1, source


@pytest.mark.parametrize("source", GOOD)
def test_the_scan_accepts_a_reason_or_a_use(source: str) -> None:
    assert swallowed(source) == [], source
