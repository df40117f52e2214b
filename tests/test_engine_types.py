"""types/engine.d.ts is what tools/engine_types.py writes from engine/events.py now: an engine
event renamed or a field changed fails here (make check) until the file is written anew, and
then the page's type check (make typecheck-js) fails wherever the page used the old name.

Expected value: the tool's own output, and a second reading of events.py: each TypedDict's
`type` literal is in the file as an interface field, with its class name."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from engine import events

ROOT = Path(__file__).resolve().parents[1]
TYPES = ROOT / "types" / "engine.d.ts"


def test_the_types_file_is_current() -> None:
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "engine_types.py"), "--check"],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr


def test_every_event_type_is_an_interface_of_its_own() -> None:
    text = TYPES.read_text(encoding="utf-8")
    found = dict(re.findall(r"export interface (\w+) \{\n    readonly type: \"(\w+)\";", text))
    assert found == {cls.__name__: name for cls, name in zip(events.EVENT_CLASSES, events.EVENT_TYPES)}
    assert len(found) == 12
