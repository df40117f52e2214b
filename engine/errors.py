"""The engine's exceptions: one class per kind of fault, all under :class:`EngineError`.

Every refusal the engine makes raises one of these, with a message that names the fault (the
value and where it is). :class:`EngineError` is a :class:`ValueError`, so a caller that catches
ValueError keeps catching them; one that catches EngineError catches every refusal of the
engine and nothing else (not a bug of its own, such as a TypeError).

>>> import random
>>> from engine import load_model, play_round
>>> try:
...     play_round(load_model(), 15, random.Random(1))
... except BetError as exc:
...     print(type(exc).__name__, isinstance(exc, ValueError))
BetError True
"""

from __future__ import annotations


class EngineError(ValueError):
    """A refusal of the engine: the input breaks a rule of the game, or of its data formats."""


class BetError(EngineError):
    """A bet that is not a whole number of minor units, or not one of the model's levels."""


class BuyError(EngineError):
    """A buy flag that is not ``True`` or ``False``."""


class GridError(EngineError):
    """A grid the reels cannot show: not 5 reels of 3 symbol names, a symbol the model does not
    have, a book on reel 1 or 5, or two books on one reel."""


class FreeSpinError(EngineError):
    """A free spin's special symbol or multipliers that the rules cannot give: an unknown
    special symbol, multipliers without one, a book reel without a multiplier, a multiplier
    outside 1..5 or on a reel that shows no book."""


class SavedRoundError(EngineError):
    """A saved round that does not read back or does not verify: malformed JSON or fields, or
    stops, symbols, wins or totals that playing its draws again does not give (corrupt or
    tampered)."""


class ReplayError(EngineError):
    """A recorded round asks for draws the rules do not make, or makes fewer; or an outcome
    (a stop, a special symbol, a multiplier) that no draw gives."""


class ReplayLinkError(SavedRoundError):
    """A replay text, link or exported round that does not give a genuine round; ``reason``
    says which check refused it: ``format``, ``truncated``, ``checksum``, ``trailing``,
    ``version``, ``model``, ``bet``, ``draws`` or ``export``."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class ModelError(EngineError):
    """A model file that is missing, malformed, or breaks a rule of the game."""


class SimulationError(EngineError):
    """A simulation asked for with fewer than one round or worker, or read before any round."""


__all__ = ["BetError", "BuyError", "EngineError", "FreeSpinError", "GridError", "ModelError",
           "ReplayError", "SavedRoundError", "SimulationError"]
