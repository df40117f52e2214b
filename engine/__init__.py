"""Book of Christmas Eve's rules engine: a pure standard-library package that decides rounds
exactly as the rules say. It runs the same on CPython and in Pyodide.

>>> import random
>>> from engine import load_model, evaluate, play_round
>>> model = load_model()
>>> evaluate(model, [["Q", "Q", "Q"]] * 5).total == 10 * model.pay("Q", 5)
True
>>> play_round(model, model.default_bet, random.Random(1)).bet == model.default_bet
True
"""

from .errors import (BetError, BuyError, EngineError, FreeSpinError, GridError, ModelError, ReplayError,
                     ReplayLinkError, SavedRoundError, SimulationError)
from .evaluate import Evaluation, ExpandingWin, LineWin, evaluate
from .events import EVENT_TYPES, Event
from .grid import Grid, format_grid, parse_grid
from .model import Model, load_model
from .offer import Offer, offer
from .replaylink import round_from_text, round_text
from .rng import secure_rng
from .round import Round, RoundEnd, check_bet, play_round
from .spin import Spin, SpinKind

__all__ = [
    "EVENT_TYPES", "BetError", "BuyError", "EngineError", "Evaluation", "Event", "ExpandingWin",
    "FreeSpinError", "Grid", "GridError", "LineWin", "Model", "ModelError", "Offer", "ReplayError",
    "ReplayLinkError", "Round", "RoundEnd", "SavedRoundError", "SimulationError", "Spin", "SpinKind",
    "check_bet",
    "evaluate", "format_grid", "load_model", "offer", "parse_grid", "play_round", "round_from_text",
    "round_text", "secure_rng",
]
