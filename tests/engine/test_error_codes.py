"""Every refusal of the engine has a stable code the page can word in the player's language.

- Each EngineError class has a code of its own; every ``raise`` of one in engine/ resolves to a
  code (a static scan, tests/reason_codes.py), and en.json has ``why.<code>`` for exactly the
  codes the engine and the page give (no code without a text, no text without a code).
- The params of a refusal are the values its English message interpolates: each one, as the
  message writes it, is in the message; every {{placeholder}} of its en.json text is one of them.
- page.py carries ``{error, code, params, money}``; ``money`` names params that are amounts.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

import pytest
import reason_codes

from engine import errors, load_model, page, play_round
from engine.launch import check_stake, with_bets
from engine.replaylink import _check, round_from_text

MODEL = load_model()
LOSS = json.loads((reason_codes.ENGINE / "data" / "scenarios.json").read_text())["loss"]["replay"]
EN = reason_codes.table_keys("en")
# the why.* texts of the English table (a text in plural forms by its base key: its _other form)
EN_TEXT = {reason_codes.PLURAL.sub("", k): v for k, v in json.loads((reason_codes.ROOT / "static" / "i18n" / "en.json")
                                                                    .read_text(encoding="utf-8")).items()
           if k.startswith("why.") and not k.endswith(("_one", "_zero", "_two", "_few", "_many"))}


def test_each_error_class_has_a_code_of_its_own() -> None:
    codes = {name: cls.code for name, cls in reason_codes.CLASSES.items() if cls is not errors.ReplayLinkError}
    assert len(codes) == len(set(codes.values())) == 9, codes
    assert all(isinstance(c, str) and re.fullmatch(r"[a-z][A-Za-z]*", c) for c in codes.values())
    assert errors.ReplayLinkError("checksum", "x").code == "replayLink.checksum"


def test_every_raise_in_the_engine_resolves_to_a_code() -> None:
    sites = reason_codes.raise_sites()
    assert len(sites) > 100  # the scan finds the raises (model.py alone has dozens)
    assert [s for s in sites if not s[2]] == []


def test_the_english_table_words_exactly_the_codes_given() -> None:
    codes = reason_codes.engine_codes() | reason_codes.page_codes()
    worded = {k.removeprefix("why.") for k in EN if k.startswith("why.")}
    assert sorted(codes - worded) == [], "codes without an English text"
    assert sorted(worded - codes) == [], "texts for codes nothing gives"
    assert {k.removeprefix("scenario.") for k in EN if k.startswith("scenario.")} >= set(reason_codes.scenario_names())


def _text(name: str) -> str:
    """A replay text with a valid checksum around the body ``name``."""
    return f"{name}.{_check(name)}"


CASES: list[tuple[str, Callable[[], object]]] = [
    ("bet.notWhole", lambda: play_round(MODEL, 100.7, random.Random(1))),  # type: ignore[arg-type]
    ("bet.notLevel", lambda: play_round(MODEL, 70, random.Random(1))),
    ("buy.notBool", lambda: play_round(MODEL, 100, random.Random(1), buy="yes")),  # type: ignore[arg-type]
    ("launch.betsNotList", lambda: with_bets(MODEL, "10,20")),
    ("launch.levelCount", lambda: with_bets(MODEL, [])),
    ("launch.levelNotMultiple", lambda: with_bets(MODEL, [10, 25])),
    ("launch.levelsAscend", lambda: with_bets(MODEL, [20, 10])),
    ("launch.defaultNotLevel", lambda: with_bets(MODEL, [10, 20], 30)),
    ("stake.aboveLimit", lambda: check_stake(200, 100)),
    ("stake.buyAboveLimit", lambda: check_stake(10_000, 100, buy=True)),
    ("replayLink.truncated", lambda: round_from_text(LOSS[:12], MODEL)),
    ("replayLink.checksum", lambda: round_from_text(LOSS.replace(".100.", ".200."), MODEL)),
    ("replayLink.trailing", lambda: round_from_text(LOSS + "0", MODEL)),
    ("replayLink.format", lambda: round_from_text(LOSS.upper(), MODEL)),
    ("replayLink.version", lambda: round_from_text(_text("2" + LOSS[1:LOSS.rindex(".")]), MODEL)),
    ("replayLink.model", lambda: round_from_text(_text("1.0badf00d" + LOSS[10:LOSS.rindex(".")]), MODEL)),
    ("replayLink.bet", lambda: round_from_text(_text(LOSS[:LOSS.rindex(".")].replace(".100.", ".15.")), MODEL)),
    ("replayLink.draws", lambda: round_from_text(_text(LOSS[:LOSS.rindex(".")] + "-5"), MODEL)),
]


def _written(value: object) -> list[str]:
    """The ways a message may write a param: str, repr, and a list's items."""
    return [str(value), repr(value)]


@pytest.mark.parametrize("code, make", CASES, ids=[c for c, _ in CASES])
def test_a_refusal_carries_its_code_and_the_params_its_message_names(code: str, make: Callable[[], object]) -> None:
    with pytest.raises(errors.EngineError) as raised:
        make()
    exc = raised.value
    assert exc.code == code
    message = str(exc)
    for name, value in exc.params.items():
        assert any(w in message for w in _written(value)), (name, value, message)
    assert set(exc.money) <= set(exc.params)
    assert set(re.findall(r"\{\{(\w+)\}\}", EN_TEXT[f"why.{code}"])) <= set(exc.params)
    got = exc.to_dict()
    assert got["message"] == message and json.loads(json.dumps(got)) == got


def test_page_answers_code_params_and_money_beside_the_english_message() -> None:
    levels = list(MODEL.bets)  # the shipped model's levels
    answer = page.play(MODEL, random.Random(1), 70, False)
    assert answer == {"error": f"bet 70 is not a listed level; the levels are {levels}",
                      "code": "bet.notLevel", "params": {"bet": 70, "levels": levels}, "money": ["bet", "levels"]}
    refused = page.configure(MODEL, [100], None, 0)
    assert isinstance(refused, dict) and refused["code"] == "amount.belowMin"  # a limit of 0: below 1
    assert refused["params"] == {"key": "maxBet", "value": 0, "min": 1} and "maxBet=0" in refused["error"]
    assert refused["money"] == ["min"]
    unknown = page.scenario_info("nope")
    assert unknown["code"] == "scenario.unknown" and unknown["params"]["name"] == "'nope'"
    assert all(n in unknown["error"] for n in unknown["params"].values())
    link = page.open_replay(MODEL, LOSS[:12])
    assert (link["code"], link["money"]) == ("replayLink.truncated", [])
    saved = page.check_saved(MODEL, "{", 100, 100)
    assert saved["code"] == "savedRound" and saved["error"].startswith("SavedRoundError: ")
