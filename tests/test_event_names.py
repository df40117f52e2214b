"""The names of the front end's emitter events say what they are (core/emitter.js).

An event is either something asked for, which its listener may refuse ("spinAsked",
"betAsked", "startAsked"), or something that has happened, which its listener can only follow
("roundEnded", "betChanged", "credited", "lost", "stepShown", "checkDue"). The rule is read off
the source: every name a module emits (`emit("...")`, `emitAndWait("...")`, or a template
`${...}Asked`) must end in one of SUFFIXES or be one of the irregular past participles below.
A bare noun or verb ("bet", "spin", "change", "stale") fails, as the old names did.
"""

import re
from pathlib import Path

JS = Path(__file__).resolve().parents[1] / "static" / "js"

SUFFIXES = ("Asked", "ed", "Shown", "Due")  # asked for; happened (regular), shown, fallen due
IRREGULAR = {"lost"}  # happened, irregular
EMIT = re.compile(r"""\bemit(?:AndWait)?\(\s*(?:"(\w+)"|`\$\{[^`]*\}(\w+)`)""")


def emitted() -> dict[str, list[str]]:
    names: dict[str, list[str]] = {}
    for path in sorted(JS.rglob("*.js")):
        for m in EMIT.finditer(path.read_text(encoding="utf-8")):
            names.setdefault(m.group(1) or m.group(2), []).append(str(path.relative_to(JS)))
    return names


def says_what_it_is(name: str) -> bool:
    return name in IRREGULAR or name.endswith(SUFFIXES)


def test_the_rule_tells_the_old_names_from_the_new() -> None:
    # the names these events had before they were renamed, each neither asked nor happened
    assert not any(says_what_it_is(n) for n in ["bet", "spin", "roundEnd", "stale", "check", "change", "progress", "start", "step"])
    assert all(says_what_it_is(n) for n in ["betAsked", "roundEnded", "lost", "stepShown", "checkDue"])


def test_every_emitted_event_is_asked_for_or_has_happened() -> None:
    names = emitted()
    # the emitters of the page: HUD, controller, sequencer, saved game, tabs, session clock, autoplay (5 files at least)
    assert len({f for files in names.values() for f in files}) >= 8, names
    assert {n: files for n, files in names.items() if not says_what_it_is(n)} == {}
