"""The engine's exceptions: one class per kind of fault, all under :class:`EngineError`.

Every refusal the engine makes raises one of these, with a message that names the fault (the
value and where it is), a stable ``code`` (the class's, or the raise site's where one class
covers several reasons a player may see) and ``params``, the values the message interpolates.
The page shows the player the text its language tables have for ``why.<code>`` (static/i18n/)
filled with ``params``, or, without one, the English message; ``money`` names the params that
are amounts in minor units, which the page writes with its currency formatter. :class:`EngineError` is a :class:`ValueError`, so a caller that catches
ValueError keeps catching them; one that catches EngineError catches every refusal of the
engine and nothing else (not a bug of its own, such as a TypeError).

>>> import random
>>> err = BetError("bet 7 is not a listed level", code="bet.notLevel", params={"bet": 7}, money=("bet",))
>>> err.to_dict()
{'code': 'bet.notLevel', 'params': {'bet': 7}, 'money': ['bet'], 'message': 'bet 7 is not a listed level'}
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

    code = "engine"

    def __init__(self, message: str, *, code: str | None = None, params: dict[str, object] | None = None,
                 money: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params: dict[str, object] = dict(params or {})
        self.money = tuple(money)

    def to_dict(self) -> dict[str, object]:
        """``{"code", "params", "money", "message"}``, JSON-safe (a param JSON cannot carry is
        given as its repr)."""
        return {"code": self.code, "params": {k: _plain(v) for k, v in self.params.items()},
                "money": list(self.money), "message": str(self)}


def _plain(value: object) -> object:
    """``value`` when JSON carries it as it is, else its repr."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if value == value and value not in (float("inf"), float("-inf")) else repr(value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return repr(value)


class BetError(EngineError):
    """A bet that is not a whole number of minor units, or not one of the model's levels."""

    code = "bet"


class BuyError(EngineError):
    """A buy flag that is not ``True`` or ``False``."""

    code = "buy"


class GridError(EngineError):
    """A grid the reels cannot show: not 5 reels of 3 symbol names, a symbol the model does not
    have, a book on reel 1 or 5, or two books on one reel."""

    code = "grid"


class FreeSpinError(EngineError):
    """A free spin's special symbol or multipliers that the rules cannot give: an unknown
    special symbol, multipliers without one, a book reel without a multiplier, a multiplier
    outside 1..5 or on a reel that shows no book."""

    code = "freeSpin"


class SavedRoundError(EngineError):
    """A saved round that does not read back or does not verify: malformed JSON or fields, or
    stops, symbols, wins or totals that playing its draws again does not give (corrupt or
    tampered)."""

    code = "savedRound"


class ReplayError(EngineError):
    """A recorded round asks for draws the rules do not make, or makes fewer; or an outcome
    (a stop, a special symbol, a multiplier) that no draw gives."""

    code = "replay"


class ReplayLinkError(SavedRoundError):
    """A replay text, link or exported round that does not give a genuine round; ``reason``
    says which check refused it: ``format``, ``truncated``, ``checksum``, ``trailing``,
    ``version``, ``model``, ``bet``, ``draws`` or ``export``; its code is ``replayLink.<reason>``."""

    def __init__(self, reason: str, message: str, params: dict[str, object] | None = None) -> None:
        super().__init__(message, code=f"replayLink.{reason}", params=params)
        self.reason = reason


class ModelError(EngineError):
    """A model file that is missing, malformed, or breaks a rule of the game."""

    code = "model"


class SimulationError(EngineError):
    """A simulation asked for with fewer than one round or worker, or read before any round."""

    code = "simulation"


__all__ = ["BetError", "BuyError", "EngineError", "FreeSpinError", "GridError", "ModelError",
           "ReplayError", "SavedRoundError", "SimulationError"]
