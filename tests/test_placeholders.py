"""The amounts index.html writes before the engine answers come from the model: the buy dialog's
price and bet (`#buy-dialog-price`, `#buy-dialog-bet`) are the model's default bet and its buy
price at that bet (engine/data/model.json: `buy_price` x `default_bet`, minor units), written as
the page writes euros ("€85.00"). A price changed in the model with the page's placeholder left
behind fails here, in `make check`, without a browser. The page corrects the text once it
formats its own amounts, so the value is checked against the model, not against the page."""

from __future__ import annotations

import re
from pathlib import Path

from engine import load_model

ROOT = Path(__file__).resolve().parents[1]
MODEL = load_model()


def euros(minor: int) -> str:
    """The page's euro amount for `minor` cents, worked by hand: € then the grouped units, 2 decimals."""
    return f"€{minor // 100:,}.{minor % 100:02d}"


def placeholder(element_id: str) -> str:
    html = (ROOT / "index.html").read_text()
    found = re.search(rf'id="{element_id}"[^>]*>([^<]*)<', html)
    assert found, f"index.html has no element with id {element_id!r}"
    return found.group(1)


def test_euros_is_the_pages_format() -> None:
    assert euros(8500) == "€85.00" and euros(100) == "€1.00" and euros(123456) == "€1,234.56"


def test_the_buy_dialogs_bet_is_the_models_default_bet() -> None:
    want = euros(MODEL.default_bet)
    assert placeholder("buy-dialog-bet") == want, \
        f'index.html #buy-dialog-bet says {placeholder("buy-dialog-bet")!r}; the model\'s default bet is {want}: edit index.html'


def test_the_buy_dialogs_price_is_the_models_price() -> None:
    want = euros(MODEL.buy_price * MODEL.default_bet)
    assert placeholder("buy-dialog-price") == want, \
        f'index.html #buy-dialog-price says {placeholder("buy-dialog-price")!r}; the model\'s buy price at the default bet is {want}: edit index.html'
