"""pytest fixtures for the Book of Christmas Eve page (README.md); the plugin is .plugin."""

from .game import EmbeddedGame, Game, GameError
from .rounds import expected_round
from .screenshots import compare_png

__all__ = ["EmbeddedGame", "Game", "GameError", "compare_png", "expected_round"]
