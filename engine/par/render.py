"""The PAR sheet in each of its formats: :func:`sheet_json` (``python -m engine par --json``,
static/par.json) and :func:`render_sheet` (text for people)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from .sheet import ParSheet


def sheet_json(sheet: ParSheet) -> dict[str, Any]:
    """The sheet as JSON-safe data, keys in the order of :class:`ParSheet`'s fields."""
    out = asdict(sheet)
    out["cap"] = {"exact": False, "note": CAP_NOTE, **out["cap"]}
    return out


CAP_NOTE = ("The RTPs after the cap and the max win's odds lie between proven bounds far narrower "
            "than the digits shown; each figure is their midpoint")
"""``cap.note`` of the JSON form (the PAR page shows its translation when it is this text)."""


def _pct(x: float) -> str:
    return f"{100 * x:.4f}%"


def _one_in(n: float | None, what: str) -> str:
    return "never" if n is None else f"1 in {round(n):,} {what}"


def _odds_bounds(pair: tuple[float, float | None] | None) -> str:
    if pair is None:
        return "never"
    low, high = pair
    return f"{low:,.3f} .. {'?' if high is None else f'{high:,.3f}'}"


def render_sheet(sheet: ParSheet) -> str:
    """The PAR sheet as text for people."""
    cap = sheet.cap
    out = [
        f"PAR sheet: {sheet.name} (exact; no sampling)",
        "",
        f"  RTP                     {_pct(sheet.rtp)}   (exact {sheet.rtp_exact})",
        f"    base game lines       {_pct(sheet.base_rtp)}",
        f"    free spins            {_pct(sheet.free_spins_rtp)}",
        f"  RTP after the cap       {_pct(sheet.rtp_capped)}   (the cap takes {_pct(cap.rtp_loss)})",
        f"  bought feature RTP      {_pct(sheet.buy_rtp)} at {sheet.buy_price}x bet;"
        f" after the cap {_pct(sheet.buy_rtp_capped)}",
        f"  hit frequency           {_pct(sheet.hit_frequency)} of base spins win",
        f"  free spins              1 in {sheet.free_spins_every:.2f} base spins"
        f" ({sheet.free_spins} spins, feature worth {sheet.feature_value:.3f}x bet)",
        f"  volatility (SD/round)   {sheet.volatility:.3f}x bet; bought feature {sheet.buy_volatility:.3f}x",
        f"  max win                 {sheet.max_win:,}x bet; largest uncapped round "
        f"{sheet.largest_round:,.1f}x ({'reachable' if sheet.cap_reachable else 'NOT reachable'})",
        f"  max win reached         {_one_in(sheet.max_win_odds.base, 'base rounds')};"
        f" {_one_in(sheet.max_win_odds.buy, 'bought features')}",
        "",
        f"  The cap's figures lie between proven bounds (step {cap.step} line bet"
        f"{'' if cap.step == 1 else 's'}, {cap.precision}-digit fixed point):",
        f"    RTP after the cap     {cap.rtp_capped[0]:.12%} .. {cap.rtp_capped[1]:.12%}",
        f"    bought feature        {cap.buy_rtp_capped[0]:.12%} .. {cap.buy_rtp_capped[1]:.12%}",
        f"    1 in N base rounds    {_odds_bounds(cap.max_win_odds_base)}",
        f"    1 in N bought         {_odds_bounds(cap.max_win_odds_buy)}",
        "",
        "  Feature by special expanding symbol:",
        "    symbol     chance    feature value   SD        best free spin",
    ]
    for symbol, f in sheet.specials.items():
        out.append(f"    {symbol:9}  {f.probability:7.4f}   {f.feature_value:10.3f}x   "
                   f"{f.feature_sd:8.2f}x   {f.free_spin_max:,.1f}x")
    out += ["", "  Share of the RTP by symbol:"]
    for symbol, share in sheet.symbol_rtp.items():
        out.append(f"    {symbol:9}  {_pct(share)}")
    out += ["", "  Base spin wins (in total bets):"]
    for band, p in sheet.base_win_bands.items():
        out.append(f"    {band:8}  {_pct(p)}")
    out.append("")
    return "\n".join(out) + "\n"
