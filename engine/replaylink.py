"""A round's compact text form, replay links, and the exported record of one round.

The text form carries only what decides a round: the model it was played with, the bet,
whether the feature was bought, and its draws (:meth:`engine.round.Round.draws`), plus a
checksum. Reading it back plays the draws again through :func:`engine.round.play_round`, so
the rules exist once and a text names exactly one round::

    1.<model>.<bet>.<mode>.<draw>-<draw>-...-<draw>.<check>

- ``1``: the version of the form;
- ``model``: 8 lowercase hex digits, the start of the SHA-256 of the model's canonical JSON
  (:func:`model_fingerprint`), so a text is refused by any other model;
- ``bet``: the total bet in minor units, decimal, followed by the launch's currency in lower case
  when it is not the model's own (``100jpy``; ``100`` is euros): the text names the money its
  amounts are in, so a link cannot be shown in another currency by editing its address;
- ``mode``: ``s`` for a base spin, ``b`` for a bought feature;
- each ``draw``: one ``randrange`` result of the round, in the order the rules draw them, in
  base 36 (``0-9a-z``);
- ``check``: 8 lowercase hex digits, the CRC-32 of everything before the last ``.``. A CRC-32
  catches every change of one character (and every burst of up to 32 bits). It is not a
  signature: it tells a damaged or hand-edited text from an intact one; that the round is the
  rules' is shown by replaying it.

Only ``0-9``, ``a-z``, ``.`` and ``-`` appear, which no URL encoder escapes, so the text is a
query value as it stands. Every field is canonical (no leading zeros, no upper case), and a
text is accepted only when it is exactly the text of the round it gives.

>>> import random
>>> from engine import load_model, play_round
>>> model = load_model()
>>> rnd = play_round(model, 100, random.Random(2024))
>>> round_from_text(round_text(rnd), model) == rnd
True
>>> link = replay_link("https://example.org/game/?embed=1&replay=old#info", rnd)
>>> link.startswith("https://example.org/game/?embed=1&replay=1.") and link.endswith("#info")
True
>>> parse_replay(link) == round_text(rnd)
True

This module sits above :mod:`engine.round` and imports it; the round knows nothing of its
text form, so the two never import each other (``tests/engine/test_import_direction.py``).
"""

from __future__ import annotations

import hashlib
import json
import re
import zlib
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl, unquote_plus, urlsplit

from .errors import EngineError, ReplayError, ReplayLinkError, SavedRoundError
from .launch import with_bets
from .model import Model
from .rng import Replay
from .round import Round, play_round
from .spin import SpinKind

VERSION = "1"
"""The version of the text form (its first field)."""
FIELDS = 6
"""How many ``.``-separated fields a text has."""
CHECK_DIGITS = 8
"""Hex digits of the checksum (CRC-32)."""
PARAM = "replay"
"""The query parameter of a replay link."""
EXPORT_FORMAT = "book-of-christmas-eve/round"
"""The ``format`` of an exported round (:func:`export_round`)."""
EXPORT_VERSION = 1
MAX_DRAW_DIGITS = 13
"""The most base-36 digits a draw may have: 36**13 > 2**64, past any range a rule draws from
(a strip's length, a weight's total). A longer draw is refused before it is read as a number,
which for a few thousand digits costs time and for more than Python's limit raises."""
DEFAULT_CURRENCY = "EUR"
"""The currency a text without one is in: the game's own, the model's bets are euro cents."""
_BET = re.compile(r"([0-9]+)([a-z]{3})?")
_CURRENCY = re.compile(r"[A-Z]{3}")
_MODES = {False: "s", True: "b"}
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_ALPHABET = frozenset(_DIGITS + ".-")


def model_fingerprint(model: Model) -> str:
    """8 hex digits naming ``model`` by its maths: the start of the SHA-256 of its canonical
    JSON (:meth:`Model.to_json`, keys sorted, no spaces) without its bet levels. Two models that
    pay alike share it; any change to a pay, strip, weight, cap or price changes it. The levels
    (which an operator may set at launch, :mod:`engine.launch`) are left out: a round played
    at any bet that is a whole number of line bets replays the same under any of them."""
    maths = {k: v for k, v in model.to_json().items() if k not in ("bets", "default_bet")}
    canon = json.dumps(maths, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canon.encode("ascii")).hexdigest()[:CHECK_DIGITS]


def _base36(n: int) -> str:
    if n < 0:
        raise SavedRoundError(f"draw {n} is negative")
    out = ""
    while True:
        n, d = divmod(n, 36)
        out = _DIGITS[d] + out
        if not n:
            return out


def _check(body: str) -> str:
    return f"{zlib.crc32(body.encode('ascii')):08x}"


def round_text(rnd: Round, currency: str = DEFAULT_CURRENCY) -> str:
    """The text form of ``rnd`` played in ``currency`` (see the module docstring). A round the
    rules do not give (a tampered saved round read by ``Round.from_dict``) has none: its draws
    would give another round, so :meth:`Round.verify`'s SavedRoundError is raised instead."""
    rnd.verify(rnd.model)
    return _text_of(rnd, currency)


def _text_of(rnd: Round, currency: str = DEFAULT_CURRENCY) -> str:
    """The text of a round known to be the rules' (verified, or just played): its draws written
    out, with no replay to check them."""
    if not isinstance(currency, str) or not _CURRENCY.fullmatch(currency):
        raise ReplayLinkError("format", f"a currency is three capital letters, not {currency!r}")
    model = rnd.model
    draws = "-".join(_base36(d) for d in rnd.draws(model))
    money = "" if currency == DEFAULT_CURRENCY else currency.lower()
    body = f"{VERSION}.{model_fingerprint(model)}.{rnd.bet}{money}.{_MODES[rnd.buy]}.{draws}"
    return f"{body}.{_check(body)}"


def round_from_text(text: object, model: Model) -> Round:
    """The round a text form gives with ``model``, its draws played once through
    ``play_round``; :class:`ReplayLinkError` naming the check that refused it.

    The round is then written back (without a second replay: it was just played, so it is the
    rules') and must give ``text`` exactly. That also holds everything :meth:`Round.verify`
    would check: the text's draws are then the round's own draws, and they were the ones played."""
    if not isinstance(text, str):
        raise ReplayLinkError("format", f"a replay text is a string, not {type(text).__name__}")
    bad = sorted(set(text) - _ALPHABET)
    if bad:
        raise ReplayLinkError("format", f"replay text has characters outside 0-9, a-z, '.' and '-': "
                                        f"{''.join(bad)!r}")
    parts = text.split(".")
    if len(parts) < FIELDS or len(parts[FIELDS - 1]) < CHECK_DIGITS:
        raise ReplayLinkError("truncated", f"replay text is cut short: it ends before its "
                                           f"{CHECK_DIGITS}-digit checksum")
    body = ".".join(parts[:FIELDS - 1])
    check = parts[FIELDS - 1][:CHECK_DIGITS]
    if check != _check(body):
        raise ReplayLinkError("checksum", "replay text has been altered or damaged: its checksum "
                                          f"{check!r} does not match its content")
    rest = text[len(body) + 1 + CHECK_DIGITS:]
    if rest:
        raise ReplayLinkError("trailing", f"replay text goes on after its checksum: {rest[:20]!r}",
                              {"rest": rest[:20]})
    version, fingerprint, bet_text, mode, draws_text = parts[:FIELDS - 1]
    if version != VERSION:
        raise ReplayLinkError("version", f"replay text version {version!r} is not {VERSION!r}",
                              {"version": version, "expected": VERSION})
    mine = model_fingerprint(model)
    if fingerprint != mine:
        raise ReplayLinkError("model", f"replay text was made with another model ({fingerprint}); "
                                       f"this model is {mine}", {"fingerprint": fingerprint, "mine": mine})
    if mode not in _MODES.values():
        raise ReplayLinkError("format", f"replay text mode {mode!r} is not 's' (a spin) or 'b' (a buy)")
    buy = mode == _MODES[True]
    bet_match = _BET.fullmatch(bet_text)
    if bet_match is None:
        raise ReplayLinkError("format", f"replay text bet {bet_text[:20]!r} is not a number with an optional currency")
    bet_text, currency = bet_match[1], (bet_match[2] or DEFAULT_CURRENCY.lower()).upper()
    draw_texts = draws_text.split("-")
    longest = max(len(d) for d in draw_texts)
    if longest > MAX_DRAW_DIGITS:
        raise ReplayLinkError("format", f"replay text has a draw of {longest} digits; "
                                        f"none is longer than {MAX_DRAW_DIGITS}")
    try:
        bet = int(bet_text, 10)
        draws = [int(d, 36) for d in draw_texts]
    except ValueError:
        raise ReplayLinkError("format", f"replay text bet {bet_text!r} or draws are not numbers") from None
    replay = Replay(draws)
    try:
        # the link's bet under this launch's levels or not: the levels are the operator's
        # (engine.launch), the round is the rules'
        rnd = play_round(model if bet in model.bets else with_bets(model, [bet], bet), bet, replay, buy)
    except ReplayError as exc:
        raise ReplayLinkError("draws", f"replay text draws do not fit the model: {exc}") from None
    except EngineError as exc:
        raise ReplayLinkError("bet", f"replay text bet is refused: {exc}", {"bet": bet}) from None
    if replay.left:
        raise ReplayLinkError("draws", f"replay text draws do not fit the model: {replay.left} "
                                       f"left over when the round ends")
    if _text_of(rnd, currency) != text:
        raise ReplayLinkError("format", "replay text is not written the one way its round is "
                                        "(leading zeros, or a draw other than its band's first)")
    return rnd


def text_currency(text: str) -> str:
    """The currency a replay text accepted by :func:`round_from_text` names (``EUR`` when it
    names none)."""
    bet_text = text.split(".")[2]
    match = _BET.fullmatch(bet_text)
    return (match[2] if match and match[2] else DEFAULT_CURRENCY.lower()).upper()


def replay_link(page_url: str, rnd: Round) -> str:
    """``page_url`` with ``?replay=<text>`` for ``rnd``: its scheme, host, path, fragment and
    other query parameters kept as they are, any ``replay`` parameter it had dropped. The text
    names the page's ``currency`` (its one ``currency`` parameter, else the game's own)."""
    base, hash_, fragment = page_url.partition("#")
    path, _, query = base.partition("?")
    kept = [p for p in query.split("&") if p and unquote_plus(p.partition("=")[0]) != PARAM]
    currencies = [v for k, v in parse_qsl(query, keep_blank_values=True) if k == "currency"]
    currency = currencies[0] if len(currencies) == 1 else DEFAULT_CURRENCY
    kept.append(f"{PARAM}={round_text(rnd, currency)}")
    return f"{path}?{'&'.join(kept)}{hash_}{fragment}"


def parse_replay(link_or_text: object) -> str:
    """The replay text of a link (its one ``replay`` parameter) or of a bare text (itself,
    without surrounding spaces). Only the text's form is read here; :func:`round_from_text`
    checks it."""
    if not isinstance(link_or_text, str):
        raise ReplayLinkError("format", f"a replay link is a string, not {type(link_or_text).__name__}")
    s = link_or_text.strip()
    if "?" not in s and "=" not in s and "/" not in s:
        return s
    query = urlsplit(s).query if "?" in s or "/" in s else s  # a link, or its query alone
    values = [v for k, v in parse_qsl(query, keep_blank_values=True) if k == PARAM]
    if len(values) != 1:
        raise ReplayLinkError("format", f"a replay link has one '{PARAM}' parameter; "
                                        f"this one has {len(values)}")
    return values[0]


def export_round(rnd: Round, currency: str = DEFAULT_CURRENCY) -> dict[str, Any]:
    """What a history Export button saves for one round: its text form (which alone decides
    it, and names its currency) and, for a reader, the figures it gives, amounts in minor units."""
    return _record(rnd, round_text(rnd, currency))


def _record(rnd: Round, text: str) -> dict[str, Any]:
    """The export record of ``rnd`` whose text form is ``text`` (already checked, so that
    reading an export back replays its round once)."""
    model = rnd.model
    tier = model.big_win(rnd.total_win, rnd.bet, rnd.cost)
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "round": text,
        "model": model_fingerprint(model),
        "bet": rnd.bet,
        "buy": rnd.buy,
        "cost": rnd.cost,
        "win": rnd.total_win,
        "end": rnd.end.value,
        "special": rnd.special,
        "free_spins": rnd.free_spins,
        "free_spins_played": sum(1 for s in rnd.spins if s.kind is SpinKind.FREE),
        "big_win": None if tier is None else tier.name,
    }


def round_from_export(data: object, model: Model) -> Round:
    """The round an exported record (:func:`export_round`, parsed JSON) gives, replayed from its
    text form; its stated figures must be the replayed round's."""
    if not isinstance(data, Mapping):
        raise ReplayLinkError("export", f"an exported round is a JSON object, not {type(data).__name__}")
    if data.get("format") != EXPORT_FORMAT or data.get("version") != EXPORT_VERSION:
        raise ReplayLinkError("export", f"not an exported round: format {data.get('format')!r} "
                                        f"version {data.get('version')!r}")
    text = data.get("round")
    rnd = round_from_text(text, model)
    assert isinstance(text, str)  # round_from_text refuses anything else
    again = _record(rnd, text)
    for key, value in data.items():
        if key in again and again[key] != value:
            raise ReplayLinkError("export", f"the exported {key} {value!r} is not the round's "
                                            f"{again[key]!r}")
    return rnd
