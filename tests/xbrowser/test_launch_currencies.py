"""Launch settings in Chromium, Firefox ESR and WebKitGTK (dist/ from nginx): the currency
cases of docs/page-contract.md "Launch settings".

Expected values: each amount written by that browser's own Intl.NumberFormat in the language's
locale from a decimal string worked out here in Python from the minor units and the currency's
ISO 4217 minor digits (JPY 0, BHD 3); the round's win and bet from CPython's
`play_round(with_bets(load_model(), levels), bet, Random(seed))` (the ?seed=N contract); each
paytable amount from engine/data/model.json read here as plain JSON: the symbol's pay for that
count (in line bets) times the line bet, the bet over the number of paylines.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from decimal import Decimal

import pytest
from drivers import Driver, boot
from languages import LANGUAGES
from nginx import Nginx

from engine import load_model, play_round
from engine.launch import with_bets

Step = Callable[[str], AbstractContextManager[None]]
MODEL_JSON = Path(__file__).resolve().parents[2] / "engine" / "data" / "model.json"
LOCALES = {code: lang.locale for code, lang in LANGUAGES.items()}  # static/js/lang/languages.js


def intl(drv: Driver, minor: int, digits: int, currency: str, locale: str) -> str:
    amount = str(Decimal(minor).scaleb(-digits))
    return str(drv.eval(f"new Intl.NumberFormat('{locale}', {{style: 'currency', currency: '{currency}'}}).format('{amount}')"))


@pytest.mark.parametrize("currency, digits, levels, lang", [
    ("JPY", 0, [10, 100, 1000], "en"),
    ("BHD", 3, [100, 500, 1000], "de"),
])
def test_amounts_in_the_launch_currency(drv: Driver, server: Nginx, step: Step, currency: str, digits: int,
                                        levels: list[int], lang: str) -> None:
    bet, seed = levels[1], 11
    locale = LOCALES[lang]
    with step(f"boot in {currency}, lang={lang}"):
        boot(drv, server.game + f"?currency={currency}&bets={','.join(map(str, levels))}&bet={bet}"
                                f"&lang={lang}&seed={seed}&speed=fast")
        assert drv.eval("game.state().settings.currency") == currency
    with step("the bet levels"):
        shown = drv.eval("[...document.querySelectorAll('#bet option')].map(o => [Number(o.value), o.textContent])")
        assert shown == [[b, intl(drv, b, digits, currency, locale)] for b in levels]
    with step("a round, its win and the balance"):
        rnd = drv.eval("game.spin()")
        want = play_round(with_bets(load_model(), levels), bet, random.Random(seed)).to_dict()
        assert (rnd["bet"], rnd["total_win"]) == (want["bet"], want["total_win"])
        for sel in ("#win", "#balance"):
            minor = int(drv.eval(f"document.querySelector('{sel}').dataset.minor"))
            assert drv.eval(f"document.querySelector('{sel}').textContent") == intl(drv, minor, digits, currency, locale), sel
    with step("the paytable at that bet"):
        drv.eval("document.getElementById('info-button').click()")
        drv.wait("document.querySelectorAll('.pay-amount').length > 0")
        pays = drv.eval("[...document.querySelectorAll('.pay-amount')].map(p => [p.dataset.symbol, Number(p.dataset.count), p.textContent])")
        raw = json.loads(MODEL_JSON.read_text(encoding="utf-8"))
        line_bet = bet // len(raw["paylines"])
        want_pays = sorted([s, int(c), intl(drv, pay * line_bet, digits, currency, locale)]
                           for s, counts in raw["paytable"].items() if s != raw["wild"] for c, pay in counts.items() if pay)
        assert sorted(pays) == want_pays
        drv.eval("document.getElementById('info-close').click()")
    with step("the round in the history"):
        drv.eval("document.getElementById('history-button').click()")
        drv.wait("document.querySelectorAll('.history-bet').length > 0")
        row = drv.eval("[document.querySelector('.history-bet').textContent, document.querySelector('.history-win').textContent]")
        assert row == [intl(drv, want["bet"], digits, currency, locale), intl(drv, want["total_win"], digits, currency, locale)]
