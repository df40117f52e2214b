"""The free-spins feature: the special expanding symbol draw and one free spin.

A free spin stops the five free-spins strips (one ``randrange`` over every stop combination,
read as the five stops by :func:`engine.rng.decode`),
then draws one multiplier for each reel that shows a book, left to right (one weighted draw
each). Book reels expand into wild reels; :func:`engine.evaluate.score` does the rest.
"""

from __future__ import annotations

from .evaluate import score, wild_reels
from .grid import Symbol
from .model import Model
from .rng import Rng, decode, draw_weighted
from .spin import Spin, SpinKind
from .tables import tables_for


def draw_special(model: Model, rng: Rng) -> Symbol:
    """Draw the feature's special expanding symbol with the model's weights (one draw)."""
    return model.symbols[draw_weighted(rng, tables_for(model).specials)]


def free_spin(model: Model, rng: Rng, special: Symbol) -> Spin:
    """Play one free spin with ``special`` as the SES."""
    t = tables_for(model)
    reels = t.free
    stops = decode(rng.randrange(t.free_combos), t.free_lengths)
    views = [reel[stop] for reel, stop in zip(reels, stops)]
    multipliers = tuple((reel, draw_weighted(rng, t.multipliers)) for reel, view in enumerate(views) if view.book)
    grid = (views[0].column, views[1].column, views[2].column, views[3].column, views[4].column)
    ev = score(model, views, t.symbol_id[special], wild_reels(multipliers))
    return Spin(SpinKind.FREE, stops, grid, special, multipliers, ev)
